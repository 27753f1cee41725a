package prove

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"math/big"
	"slices"
	"strings"

	"github.com/expr-lang/expr/ast"

	"github.com/nimlab/nimlab/check"
)

// UnencodableError says which part of an expression has no meaning in the
// arithmetic a proof uses, e.g. "a * b" (not linear).
type UnencodableError struct {
	// Operator is the operator or function, e.g. "*" or "xor".
	Operator string
	// Where is the part of the expression it appears in.
	Where string
	// Why says what would be needed.
	Why string
	// Err, when not nil, is what the part lacks as a sentinel that
	// errors.Is finds (errNeedsBits: an operator on binary digits); Why is
	// then its words.
	Err error
}

func (e *UnencodableError) Error() string {
	return fmt.Sprintf("%s in %q cannot be encoded: %s", e.Operator, e.Where, e.Why)
}

// Unwrap is Err.
func (e *UnencodableError) Unwrap() error { return e.Err }

// needsBits is the UnencodableError of an operator on binary digits in
// linear integer arithmetic.
func needsBits(operator, where string) *UnencodableError {
	return &UnencodableError{Operator: operator, Where: where, Why: errNeedsBits.Error(), Err: errNeedsBits}
}

// translator turns the syntax tree of a check expression into an SMT-LIB
// term over integer variables (Int, or bit-vectors wide enough never to
// overflow), with the meaning check's evaluator gives it on unbounded
// integers.
type translator struct {
	expr *check.Expr
	a    arith
	// widest records the largest bound of any term.
	widest *big.Int
	// pile names the variable of each pile.
	pile func(i int) string
	// zero, when not nil, says which piles are written as the constant 0
	// (Claim.zeros): the translation is then S with those piles
	// substituted, folded where constants meet.
	zero func(i int) bool
	// names maps the names bound by let to their SMT variables.
	names map[string]term
	// fresh numbers the let variables the translation introduces.
	fresh *int
	// slowAt, when not nil, names the constant that stands for
	// slowmoves(k, ...) of n distinct piles ("" for none): the route of
	// sorted options (slowoptions.go) proved it equal to slowmoves of
	// every pile of the game, when n is their number.
	slowAt func(k, n int) string
	// sorted is true when the position translated is sorted, pile(0) <=
	// pile(1) <= ...: the queries of the route of sorted options assert
	// it beside S. sym(B) is then B itself where B says the piles are
	// sorted (sortedSym).
	sorted bool
}

// translateExpr returns the SMT-LIB formula that holds at the position whose
// piles are the variables pile(0), pile(1), ... exactly when e accepts it,
// and the largest absolute value any of its integer terms takes when the
// piles are below 2^63 (in bit-vector arithmetic, every term must fit).
func translateExpr(e *check.Expr, pile func(i int) string, a arith) (string, *big.Int, error) {
	return translate(e, pile, nil, a, translator.asBool)
}

// translateValue returns the SMT-LIB integer term of e's value (Bools read
// as 1 and 0), with the largest absolute value of any of its terms.
func translateValue(e *check.Expr, pile func(i int) string, a arith) (string, *big.Int, error) {
	return translate(e, pile, nil, a, translator.asInt)
}

// translate translates e at the piles pile(i), the piles where zero holds
// (when zero is not nil) written as the constant 0, read by as.
func translate(e *check.Expr, pile func(i int) string, zero func(i int) bool, a arith, as func(translator, term) term) (string, *big.Int, error) {
	return translateWith(e, pile, zero, a, as, nil, false)
}

// translateWith is translate with translator.slowAt and translator.sorted.
func translateWith(e *check.Expr, pile func(i int) string, zero func(i int) bool, a arith, as func(translator, term) term, slowAt func(k, n int) string, sorted bool) (string, *big.Int, error) {
	fresh := 0
	tr := translator{expr: e, a: a, widest: new(big.Int), pile: pile, zero: zero, names: map[string]term{}, fresh: &fresh, slowAt: slowAt, sorted: sorted}
	t, err := tr.term(e.Tree())
	if err != nil {
		return "", nil, err
	}
	return as(tr, t).s, tr.widest, nil
}

// seen records t's bound in the widest one.
func (tr translator) seen(t term) term {
	if !t.boolean && t.bound != nil && t.bound.Cmp(tr.widest) > 0 {
		tr.widest.Set(t.bound)
	}
	return t
}

func (tr translator) newName(prefix string) string {
	*tr.fresh++
	return fmt.Sprintf("%s_%d", prefix, *tr.fresh)
}

// bind gives t a name for body, so that a term used several times is written
// once: (let ((name t)) body(name)).
func (tr translator) bind(t term, body func(v term) term) term {
	if t.isConst || !strings.ContainsAny(t.s, " ") || tr.a.nimSums != nil {
		return body(t)
	}
	name := tr.newName("t")
	v := term{s: name, boolean: t.boolean, bound: t.bound, nonNeg: t.nonNeg}
	out := body(v)
	out.s = "(let ((" + name + " " + t.s + ")) " + out.s + ")"
	return out
}

// maxNimSumText bounds the text of a term written for the nim-sum route,
// which writes every let out in full (the lemmas must see each xor's
// arguments): "let x2 = x1 + x1; ..." doubles the text at each let, and
// the query's lemmas copy it many times over: 18 such lets took 1.4 GB,
// 17 630 MB, 16 290 MB, 15 (the most under the bound) 210 MB. Past the
// bound the route does not apply (errTooLong).
const maxNimSumText = 1 << 18

// errTooLong is wrapped by the UnencodableError of a term past
// maxNimSumText.
var errTooLong = errors.New("too long with its lets written out")

func (tr translator) term(node ast.Node) (term, error) {
	t, err := tr.node(node)
	if err == nil && tr.a.nimSums != nil && len(t.s) > maxNimSumText {
		return term{}, &UnencodableError{Operator: "let", Where: excerpt(tr.expr.String()), Err: errTooLong,
			Why: fmt.Sprintf("written out for the nim-sum lemmas, with every let in full, it passes %d characters", maxNimSumText)}
	}
	return tr.seen(t), err
}

// excerpt is s, or its first 200 characters and "..." when longer.
func excerpt(s string) string {
	if len(s) <= 200 {
		return s
	}
	return s[:200] + "..."
}

func (tr translator) node(node ast.Node) (term, error) {
	switch n := node.(type) {
	case *ast.IntegerNode:
		return tr.constTerm(n.Value), nil
	case *ast.BoolNode:
		return constBool(n.Value), nil
	case *ast.IdentifierNode:
		if t, ok := tr.names[n.Value]; ok {
			return t, nil
		}
		i, err := tr.expr.PileIndex(n.Value)
		if err != nil {
			return term{}, err
		}
		if tr.zero != nil && tr.zero(i) {
			return tr.constTerm(0), nil
		}
		return nonNegative(intTerm(tr.pile(i), maxPile)), nil
	case *ast.UnaryNode:
		x, err := tr.term(n.Node)
		if err != nil {
			return term{}, err
		}
		switch n.Operator {
		case "-":
			x = tr.asInt(x)
			if x.isConst && x.c != math.MinInt {
				return tr.constTerm(-x.c), nil
			}
			return intTerm(tr.a.neg(x.s), x.bound), nil
		case "+":
			return x, nil
		case "!", "not":
			x = tr.asBool(x)
			if x.isConst {
				return constBool(x.c == 0), nil
			}
			return boolTerm("(not " + x.s + ")"), nil
		}
	case *ast.BinaryNode:
		return tr.binary(n)
	case *ast.ConditionalNode:
		c, err1 := tr.term(n.Cond)
		x, err2 := tr.term(n.Exp1)
		y, err3 := tr.term(n.Exp2)
		if err := cmp.Or(err1, err2, err3); err != nil { // the first: one line
			return term{}, err
		}
		c = tr.asBool(c)
		if c.isConst {
			if c.c != 0 {
				return x, nil
			}
			return y, nil
		}
		if x.boolean && y.boolean {
			return boolTerm("(ite " + c.s + " " + x.s + " " + y.s + ")"), nil
		}
		x, y = tr.asInt(x), tr.asInt(y)
		out := intTerm("(ite "+c.s+" "+x.s+" "+y.s+")", maxBound(x, y))
		out.nonNeg = allNonNeg(x, y)
		return out, nil
	case *ast.VariableDeclaratorNode:
		v, err := tr.term(n.Value)
		if err != nil {
			return term{}, err
		}
		name := tr.newName("v")
		inner := tr
		inner.names = make(map[string]term, len(tr.names)+1)
		for k, t := range tr.names {
			inner.names[k] = t
		}
		inner.names[n.Name] = term{s: name, boolean: v.boolean, bound: v.bound, nonNeg: v.nonNeg}
		if v.isConst || tr.a.nimSums != nil {
			inner.names[n.Name] = v
		}
		body, err := inner.term(n.Expr)
		if err != nil {
			return term{}, err
		}
		if v.isConst || tr.a.nimSums != nil {
			return body, nil
		}
		body.s = "(let ((" + name + " " + v.s + ")) " + body.s + ")"
		return body, nil
	case *ast.BuiltinNode:
		return tr.call(n.Name, n.Arguments, node)
	case *ast.CallNode:
		if id, ok := n.Callee.(*ast.IdentifierNode); ok {
			return tr.call(id.Value, n.Arguments, node)
		}
	}
	return term{}, &UnencodableError{Operator: node.String(), Where: node.String(), Why: "it is not part of check's language"}
}

func (tr translator) binary(n *ast.BinaryNode) (term, error) {
	x, err1 := tr.term(n.Left)
	y, err2 := tr.term(n.Right)
	if err := cmp.Or(err1, err2); err != nil { // the first: one line
		return term{}, err
	}
	op := n.Operator
	switch op {
	case "&&", "and", "||", "or":
		x, y = tr.asBool(x), tr.asBool(y)
		and := op == "&&" || op == "and"
		// A constant side decides the other's part: true && y is y,
		// false && y is false, and the same for ||.
		if x.isConst {
			x, y = y, x
		}
		if y.isConst {
			if (y.c != 0) == and {
				return x, nil
			}
			return y, nil
		}
		if and {
			return boolTerm("(and " + x.s + " " + y.s + ")"), nil
		}
		return boolTerm("(or " + x.s + " " + y.s + ")"), nil
	case "==", "!=":
		if x.boolean && y.boolean {
			eq := "(= " + x.s + " " + y.s + ")"
			if op == "!=" {
				return boolTerm("(not " + eq + ")"), nil
			}
			return boolTerm(eq), nil
		}
	}
	x, y = tr.asInt(x), tr.asInt(y)
	if x.isConst && y.isConst {
		if v, ok := tr.constBinary(op, x.c, y.c); ok {
			return v, nil
		}
	}
	where := n.String()
	switch op {
	case "+":
		switch {
		case x.isConst && x.c == 0:
			return y, nil
		case y.isConst && y.c == 0:
			return x, nil
		}
		out := intTerm(tr.a.add(x.s, y.s), sumBounds(x, y))
		out.nonNeg = allNonNeg(x, y)
		return out, nil
	case "-":
		if y.isConst && y.c == 0 {
			return x, nil
		}
		return intTerm(tr.a.sub(x.s, y.s), sumBounds(x, y)), nil
	case "*":
		if !x.isConst && !y.isConst {
			return term{}, &UnencodableError{Operator: "*", Where: where, Why: "a product of two values that depend on the piles is not linear (one side must be a constant)"}
		}
		if x.isConst {
			x, y = y, x
		}
		out := intTerm(tr.a.mul(y.s, x.s), new(big.Int).Mul(x.boundOf(), y.boundOf()))
		out.nonNeg = allNonNeg(x, y)
		return out, nil
	case "/", "%":
		return tr.division(op, x, y, where)
	case "**":
		return tr.power(x, y, where)
	case "^":
		return tr.xor([]term{x, y}, where)
	case "==":
		return boolTerm("(= " + x.s + " " + y.s + ")"), nil
	case "!=":
		return boolTerm("(not (= " + x.s + " " + y.s + "))"), nil
	case "<", "<=", ">", ">=":
		return boolTerm(tr.a.cmp(op, x.s, y.s)), nil
	}
	return term{}, &UnencodableError{Operator: op, Where: where, Why: "it is not part of check's language"}
}

// division writes x / y or x % y, linear only for a constant y, as check's
// evaluator computes them (division by zero gives 0).
func (tr translator) division(op string, x, y term, where string) (term, error) {
	if !y.isConst {
		return term{}, &UnencodableError{Operator: op, Where: where, Why: "division is linear only by a constant"}
	}
	if y.c == 0 {
		return tr.constTerm(0), nil // check's evaluator: division by zero gives 0
	}
	if op == "/" {
		if x.nonNeg && y.c > 0 {
			return nonNegative(intTerm(tr.a.divNonNegative(x.s, y.c), x.boundOf())), nil
		}
		return intTerm(tr.a.quo(x.s, y.c), x.boundOf()), nil
	}
	bound := absBig(y.c)
	if x.boundOf().Cmp(bound) < 0 {
		bound = x.boundOf()
	}
	if x.nonNeg && y.c != math.MinInt {
		// Go's x % c and x % -c agree, and equal x mod |c| for x >= 0.
		return tr.bind(x, func(x term) term {
			return nonNegative(intTerm(tr.a.remNonNegative(x.s, max(y.c, -y.c)), bound))
		}), nil
	}
	return tr.bind(x, func(x term) term { return intTerm(tr.a.rem(x.s, y.c), bound) }), nil
}

// power writes x ** y, linear only for a constant exponent of 0 or 1 (a
// negative one gives 0, as check's evaluator does).
func (tr translator) power(x, y term, where string) (term, error) {
	if x.isConst && y.isConst {
		return term{}, &UnencodableError{Operator: "**", Where: where, Why: "its value does not fit in 64 bits, the constants a proof can write"}
	}
	if !y.isConst {
		return term{}, &UnencodableError{Operator: "**", Where: where, Why: "a power is linear only with a constant exponent of 0 or 1"}
	}
	switch {
	case y.c < 0:
		return tr.constTerm(0), nil
	case y.c == 0:
		return tr.constTerm(1), nil
	case y.c == 1:
		return x, nil
	}
	return term{}, &UnencodableError{Operator: "**", Where: where, Why: "a power of a value that depends on the piles is not linear"}
}

// errNeedsBits marks the operators that only bit-vector arithmetic has.
var errNeedsBits = errors.New("it works on binary digits, which linear integer arithmetic cannot see")

// xor is the bitwise xor of the terms (two's complement, as Go's ^).
func (tr translator) xor(ts []term, where string) (term, error) {
	// x ^ 0 = x: constants 0 go, and with them, often, the need for
	// digits.
	ts = slices.DeleteFunc(slices.Clone(ts), func(t term) bool { return t.isConst && t.c == 0 })
	switch len(ts) {
	case 0:
		return tr.constTerm(0), nil
	case 1:
		return ts[0], nil
	}
	if !slices.ContainsFunc(ts, func(t term) bool { return !t.isConst }) {
		c := 0
		for _, t := range ts {
			c ^= t.c
		}
		return tr.constTerm(c), nil
	}
	if !tr.a.bv() && tr.a.nimSums == nil {
		return term{}, needsBits("xor", where)
	}
	// |x| < 2^k for every term gives -2^k <= xor < 2^k.
	bits := 0
	for _, t := range ts {
		bits = max(bits, t.boundOf().BitLen())
	}
	var out string
	if tr.a.nimSums != nil {
		args := make([]string, len(ts))
		for i, t := range ts {
			args[i] = t.s
		}
		out = tr.a.nimSums.apply(args, tr.a.num(0))
	} else {
		out = ts[0].s
		for _, t := range ts[1:] {
			out = "(bvxor " + out + " " + t.s + ")"
		}
	}
	bound := new(big.Int).Lsh(big.NewInt(1), uint(bits))
	if allNonNeg(ts...) {
		// 0 <= x < 2^k for every term gives 0 <= xor < 2^k: the sign bit
		// is the xor of theirs, and no higher bit is set in any.
		return nonNegative(intTerm(out, bound.Sub(bound, big.NewInt(1)))), nil
	}
	return intTerm(out, bound), nil
}

// colmod is true when, at every binary digit, the number of terms with a 1
// there is divisible by m, and no term is negative (check.ColumnsDivisible).
func (tr translator) colmod(m int, ts []term) term {
	if m < 1 {
		return constBool(false)
	}
	bits := 0
	var parts []string
	for _, t := range ts {
		bits = max(bits, t.boundOf().BitLen())
		parts = append(parts, tr.a.cmp(">=", t.s, tr.a.num(0)))
	}
	countWidth := max(bitsFor(big.NewInt(int64(len(ts)))), bitsFor(big.NewInt(int64(m))))
	for b := range bits {
		var ones []string
		for _, t := range ts {
			ones = append(ones, fmt.Sprintf("((_ zero_extend %d) ((_ extract %d %d) %s))", countWidth-1, b, b, t.s))
		}
		count := ones[0]
		for _, o := range ones[1:] {
			count = "(bvadd " + count + " " + o + ")"
		}
		parts = append(parts, fmt.Sprintf("(= (bvurem %s (_ bv%d %d)) (_ bv0 %d))", count, m, countWidth, countWidth))
	}
	return boolTerm("(and " + strings.Join(parts, " ") + ")")
}

// truncDiv writes Go's x / c (rounded towards 0) for a constant c != 0 with
// SMT-LIB's div, which rounds so that the remainder is not negative.
func truncDiv(x string, c int) string {
	k := absBig(c).String() // -c overflows at math.MinInt
	out := "(ite (>= " + x + " 0) (div " + x + " " + k + ") (- (div (- " + x + ") " + k + ")))"
	if c < 0 {
		return "(- " + out + ")"
	}
	return out
}

// constBinary folds an operator on two constants as check's evaluator does,
// exactly: a sum, difference, product or quotient whose value is not an int
// is not folded (false), and is written out as a term of the integers.
func (tr translator) constBinary(op string, x, y int) (term, bool) {
	constTerm := tr.constTerm
	b := func(v bool) (term, bool) { return constBool(v), true }
	exact := func(v *big.Int) (term, bool) {
		if !v.IsInt64() || v.Int64() < math.MinInt || v.Int64() > math.MaxInt {
			return term{}, false
		}
		return constTerm(int(v.Int64())), true
	}
	bx, by := big.NewInt(int64(x)), big.NewInt(int64(y))
	switch op {
	case "+":
		return exact(new(big.Int).Add(bx, by))
	case "-":
		return exact(new(big.Int).Sub(bx, by))
	case "*":
		return exact(new(big.Int).Mul(bx, by))
	case "/":
		if y == 0 {
			return constTerm(0), true
		}
		return exact(new(big.Int).Quo(bx, by))
	case "%":
		if y == 0 {
			return constTerm(0), true
		}
		return constTerm(x % y), true
	case "^":
		return constTerm(x ^ y), true
	case "**":
		switch {
		case y < 0:
			return constTerm(0), true // as check's evaluator
		case y > 64 && (x < -1 || x > 1):
			return term{}, false // past 64 bits
		}
		return exact(new(big.Int).Exp(bx, by, nil))
	case "==":
		return b(x == y)
	case "!=":
		return b(x != y)
	case "<":
		return b(x < y)
	case "<=":
		return b(x <= y)
	case ">":
		return b(x > y)
	case ">=":
		return b(x >= y)
	}
	return term{}, false
}

func (tr translator) call(name string, args []ast.Node, node ast.Node) (term, error) {
	where := node.String()
	if name == "sym" {
		return tr.sym(args, where)
	}
	ts := make([]term, len(args))
	for i, a := range args {
		t, err := tr.term(a)
		if err != nil {
			return term{}, err
		}
		ts[i] = tr.asInt(t)
	}
	switch name {
	case "min", "max":
		if len(ts) == 0 {
			return term{}, fmt.Errorf("%s() takes one or more arguments", name)
		}
		return tr.extreme(name == "min", ts), nil
	case "abs":
		if len(ts) != 1 {
			return term{}, fmt.Errorf("abs() takes one argument, not %d", len(ts))
		}
		return tr.bind(ts[0], func(x term) term {
			return nonNegative(intTerm("(ite "+tr.a.cmp("<", x.s, tr.a.num(0))+" "+tr.a.neg(x.s)+" "+x.s+")", x.bound))
		}), nil
	case "slowmoves":
		if tr.slowAt != nil && len(ts) > 1 && ts[0].isConst && tr.zero == nil && everyPileOnce(tr.expr, args[1:], len(ts)-1, tr.names) {
			if name := tr.slowAt(ts[0].c, len(ts)-1); name != "" {
				return nonNegative(intTerm(name, sumBounds(ts[1:]...))), nil
			}
		}
		return tr.slowMoves(ts, where)
	case "xor":
		if len(ts) == 0 {
			return term{}, errors.New("xor() takes one or more arguments")
		}
		return tr.xor(ts, where)
	case "colmod":
		if len(ts) < 2 {
			return term{}, fmt.Errorf("colmod() takes a modulus and one or more values, not %d arguments", len(ts))
		}
		if !tr.a.bv() {
			return term{}, needsBits("colmod()", where)
		}
		if !ts[0].isConst {
			return term{}, &UnencodableError{Operator: "colmod()", Where: where, Why: "its modulus must be a constant"}
		}
		return tr.colmod(ts[0].c, ts[1:]), nil
	}
	return term{}, &UnencodableError{Operator: name + "()", Where: where, Why: "it is not part of check's language"}
}

// extreme writes the least (or largest) of the terms, each bound to a name
// once.
func (tr translator) extreme(least bool, ts []term) term {
	op := map[bool]string{true: "<=", false: ">="}[least]
	if slices.ContainsFunc(ts, func(t term) bool { return t.isConst && t.c == 0 }) && allNonNeg(ts...) {
		// Among terms never negative, 0 is the least, and the largest
		// is that of the others (0 when there are none).
		if least {
			return tr.constTerm(0)
		}
		if ts = slices.DeleteFunc(slices.Clone(ts), func(t term) bool { return t.isConst && t.c == 0 }); len(ts) == 0 {
			return tr.constTerm(0)
		}
	}
	if tr.a.nimSums != nil && len(ts) > 2 {
		// With the nim-sums uninterpreted no term is bound to a name
		// (bind), and the nested form would write the accumulated term
		// twice at every step: 2^n. Instead "t_0 if it is at most every
		// later term, else t_1 if it is, ..., else the last", n^2/2
		// copies. It is the least: with t_m the first term of the least
		// value, every t_i before it is larger than t_m, which comes later,
		// so its test fails, and t_m's holds.
		out := ts[len(ts)-1]
		for i := len(ts) - 2; i >= 0; i-- {
			var conds []string
			for _, u := range ts[i+1:] {
				conds = append(conds, tr.a.cmp(op, ts[i].s, u.s))
			}
			next := intTerm("(ite (and "+strings.Join(conds, " ")+") "+ts[i].s+" "+out.s+")", maxBound(ts[i], out))
			next.nonNeg = least && allNonNeg(ts[i], out) || !least && (ts[i].nonNeg || out.nonNeg)
			out = next
		}
		return out
	}
	acc := ts[0]
	for _, t := range ts[1:] {
		acc = tr.bind(acc, func(a term) term {
			return tr.bind(t, func(b term) term {
				out := intTerm("(ite "+tr.a.cmp(op, a.s, b.s)+" "+a.s+" "+b.s+")", maxBound(a, b))
				// the least of terms is never negative when all are;
				// the largest, when one is
				out.nonNeg = least && allNonNeg(a, b) || !least && (a.nonNeg || b.nonNeg)
				return out
			})
		})
	}
	return acc
}

// sym is a disjunction over the symmetries: e holds at q with q[i] =
// p[perm[i]] for some perm.
func (tr translator) sym(args []ast.Node, where string) (term, error) {
	if len(args) != 1 {
		return term{}, fmt.Errorf("sym() takes one argument, not %d", len(args))
	}
	perms, err := tr.expr.SymmetryPerms()
	if err != nil {
		return term{}, err
	}
	if tr.sorted && sortedSym(tr.expr, args[0], tr.names) && slices.ContainsFunc(perms, isIdentity) {
		// Soundness: at a sorted position x, sym(B) holds when B holds
		// at some image y of x under the group, y_i = x_perm(i). B says
		// y0 <= y1 <= ..., and a rearrangement of the sorted x that is
		// sorted is x itself, value by value: so sym(B) at x implies B
		// at x, and B at x implies sym(B) at x through the identity,
		// which the permutations tried include.
		inner := tr
		inner.sorted = false
		t, err := inner.term(args[0])
		if err != nil {
			return term{}, err
		}
		return tr.asBool(t), nil
	}
	var parts []string
	for _, perm := range perms {
		inner := tr
		inner.sorted = false // the permuted piles need not be sorted
		outer, outerZero := tr.pile, tr.zero
		inner.pile = func(i int) string { return outer(perm[i]) }
		if outerZero != nil {
			inner.zero = func(i int) bool { return outerZero(perm[i]) }
		}
		t, err := inner.term(args[0])
		if err != nil {
			return term{}, err
		}
		t = tr.asBool(t)
		if t.isConst && t.c != 0 {
			return t, nil
		}
		if !t.isConst {
			parts = append(parts, t.s)
		}
	}
	switch len(parts) {
	case 0:
		return constBool(false), nil
	case 1:
		return boolTerm(parts[0]), nil
	}
	return boolTerm("(or " + strings.Join(parts, " ") + ")"), nil
}
