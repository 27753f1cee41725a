package prove

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/expr-lang/expr/ast"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/complex"
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
}

func (e *UnencodableError) Error() string {
	return fmt.Sprintf("%s in %q cannot be encoded: %s", e.Operator, e.Where, e.Why)
}

// term is an SMT-LIB term of sort Int or Bool, with its value when it is a
// constant.
type term struct {
	s       string
	boolean bool
	isConst bool
	c       int
}

func intTerm(s string) term  { return term{s: s} }
func boolTerm(s string) term { return term{s: s, boolean: true} }

func constTerm(c int) term { return term{s: numeral(c), isConst: true, c: c} }

// numeral writes c as an SMT-LIB Int term.
func numeral(c int) string {
	if c < 0 {
		return "(- " + strconv.FormatUint(uint64(-(c+1))+1, 10) + ")"
	}
	return strconv.Itoa(c)
}

// asInt reads a Bool as 1 or 0, as check's evaluator does.
func (t term) asInt() term {
	if !t.boolean {
		return t
	}
	if t.isConst {
		return constTerm(t.c)
	}
	return intTerm("(ite " + t.s + " 1 0)")
}

// asBool reads an Int as true when it is not 0.
func (t term) asBool() term {
	if t.boolean {
		return t
	}
	if t.isConst {
		return term{s: map[bool]string{true: "true", false: "false"}[t.c != 0], boolean: true, isConst: true, c: b2i(t.c != 0)}
	}
	return boolTerm("(not (= " + t.s + " 0))")
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// translator turns the syntax tree of a check expression into an SMT-LIB
// term over Int variables, with the meaning check's evaluator gives it on
// unbounded integers.
type translator struct {
	expr *check.Expr
	// pile names the variable of each pile.
	pile func(i int) string
	// names maps the names bound by let to their SMT variables.
	names map[string]term
	// fresh numbers the let variables the translation introduces.
	fresh *int
}

// translateExpr returns the SMT-LIB formula that holds at the position whose
// piles are the variables pile(0), pile(1), ... exactly when e accepts it.
func translateExpr(e *check.Expr, pile func(i int) string) (string, error) {
	fresh := 0
	tr := translator{expr: e, pile: pile, names: map[string]term{}, fresh: &fresh}
	t, err := tr.term(e.Tree())
	if err != nil {
		return "", err
	}
	return t.asBool().s, nil
}

func (tr translator) newName(prefix string) string {
	*tr.fresh++
	return fmt.Sprintf("%s_%d", prefix, *tr.fresh)
}

// bind gives t a name for body, so that a term used several times is written
// once: (let ((name t)) body(name)).
func (tr translator) bind(t term, body func(v term) term) term {
	if t.isConst || !strings.ContainsAny(t.s, " ") {
		return body(t)
	}
	name := tr.newName("t")
	v := term{s: name, boolean: t.boolean}
	out := body(v)
	out.s = "(let ((" + name + " " + t.s + ")) " + out.s + ")"
	return out
}

func (tr translator) term(node ast.Node) (term, error) {
	switch n := node.(type) {
	case *ast.IntegerNode:
		return constTerm(n.Value), nil
	case *ast.BoolNode:
		return term{s: strconv.FormatBool(n.Value), boolean: true, isConst: true, c: b2i(n.Value)}, nil
	case *ast.IdentifierNode:
		if t, ok := tr.names[n.Value]; ok {
			return t, nil
		}
		i, err := tr.expr.PileIndex(n.Value)
		if err != nil {
			return term{}, err
		}
		return intTerm(tr.pile(i)), nil
	case *ast.UnaryNode:
		x, err := tr.term(n.Node)
		if err != nil {
			return term{}, err
		}
		switch n.Operator {
		case "-":
			x = x.asInt()
			if x.isConst {
				return constTerm(-x.c), nil
			}
			return intTerm("(- " + x.s + ")"), nil
		case "+":
			return x, nil
		case "!", "not":
			x = x.asBool()
			if x.isConst {
				return constTerm(1 - x.c).asBool(), nil
			}
			return boolTerm("(not " + x.s + ")"), nil
		}
	case *ast.BinaryNode:
		return tr.binary(n)
	case *ast.ConditionalNode:
		c, err1 := tr.term(n.Cond)
		x, err2 := tr.term(n.Exp1)
		y, err3 := tr.term(n.Exp2)
		if err := errors.Join(err1, err2, err3); err != nil {
			return term{}, err
		}
		c = c.asBool()
		if c.isConst {
			if c.c != 0 {
				return x, nil
			}
			return y, nil
		}
		if x.boolean && y.boolean {
			return boolTerm("(ite " + c.s + " " + x.s + " " + y.s + ")"), nil
		}
		return intTerm("(ite " + c.s + " " + x.asInt().s + " " + y.asInt().s + ")"), nil
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
		inner.names[n.Name] = term{s: name, boolean: v.boolean, isConst: v.isConst, c: v.c}
		if v.isConst {
			inner.names[n.Name] = v
		}
		body, err := inner.term(n.Expr)
		if err != nil {
			return term{}, err
		}
		if v.isConst {
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
	if err := errors.Join(err1, err2); err != nil {
		return term{}, err
	}
	op := n.Operator
	switch op {
	case "&&", "and", "||", "or":
		x, y = x.asBool(), y.asBool()
		and := op == "&&" || op == "and"
		if x.isConst && y.isConst {
			return constTerm(b2i(map[bool]bool{true: x.c != 0 && y.c != 0, false: x.c != 0 || y.c != 0}[and])).asBool(), nil
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
	x, y = x.asInt(), y.asInt()
	if x.isConst && y.isConst {
		if v, ok := constBinary(op, x.c, y.c); ok {
			return v, nil
		}
	}
	where := n.String()
	switch op {
	case "+":
		return intTerm("(+ " + x.s + " " + y.s + ")"), nil
	case "-":
		return intTerm("(- " + x.s + " " + y.s + ")"), nil
	case "*":
		if !x.isConst && !y.isConst {
			return term{}, &UnencodableError{Operator: "*", Where: where, Why: "a product of two values that depend on the piles is not linear (one side must be a constant)"}
		}
		return intTerm("(* " + x.s + " " + y.s + ")"), nil
	case "/", "%":
		if !y.isConst {
			return term{}, &UnencodableError{Operator: op, Where: where, Why: "division is linear only by a constant"}
		}
		if y.c == 0 {
			return constTerm(0), nil // check's evaluator: division by zero gives 0
		}
		return tr.bind(x, func(x term) term {
			q := truncDiv(x.s, y.c)
			if op == "/" {
				return intTerm(q)
			}
			return intTerm("(- " + x.s + " (* " + numeral(y.c) + " " + q + "))")
		}), nil
	case "**":
		if !y.isConst {
			return term{}, &UnencodableError{Operator: "**", Where: where, Why: "a power is linear only with a constant exponent of 0 or 1"}
		}
		switch {
		case y.c < 0:
			return constTerm(0), nil
		case y.c == 0:
			return constTerm(1), nil
		case y.c == 1:
			return x, nil
		}
		return term{}, &UnencodableError{Operator: "**", Where: where, Why: "a power of a value that depends on the piles is not linear"}
	case "^":
		return term{}, &UnencodableError{Operator: "^", Where: where, Why: "xor works on binary digits, which linear integer arithmetic cannot see (bit-vector proofs are not built yet)"}
	case "==":
		return boolTerm("(= " + x.s + " " + y.s + ")"), nil
	case "!=":
		return boolTerm("(not (= " + x.s + " " + y.s + "))"), nil
	case "<", "<=", ">", ">=":
		return boolTerm("(" + op + " " + x.s + " " + y.s + ")"), nil
	}
	return term{}, &UnencodableError{Operator: op, Where: where, Why: "it is not part of check's language"}
}

// truncDiv writes Go's x / c (rounded towards 0) for a constant c != 0 with
// SMT-LIB's div, which rounds so that the remainder is not negative.
func truncDiv(x string, c int) string {
	if c < 0 {
		return "(- " + truncDiv(x, -c) + ")"
	}
	k := numeral(c)
	return "(ite (>= " + x + " 0) (div " + x + " " + k + ") (- (div (- " + x + ") " + k + ")))"
}

// constBinary folds an operator on two constants as check's evaluator does.
func constBinary(op string, x, y int) (term, bool) {
	switch op {
	case "+":
		return constTerm(x + y), true
	case "-":
		return constTerm(x - y), true
	case "*":
		return constTerm(x * y), true
	case "/":
		if y == 0 {
			return constTerm(0), true
		}
		return constTerm(x / y), true
	case "%":
		if y == 0 {
			return constTerm(0), true
		}
		return constTerm(x % y), true
	case "^":
		return constTerm(x ^ y), true
	case "==":
		return constTerm(b2i(x == y)).asBool(), true
	case "!=":
		return constTerm(b2i(x != y)).asBool(), true
	case "<":
		return constTerm(b2i(x < y)).asBool(), true
	case "<=":
		return constTerm(b2i(x <= y)).asBool(), true
	case ">":
		return constTerm(b2i(x > y)).asBool(), true
	case ">=":
		return constTerm(b2i(x >= y)).asBool(), true
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
		ts[i] = t.asInt()
	}
	switch name {
	case "min", "max":
		if len(ts) == 0 {
			return term{}, fmt.Errorf("%s() takes one or more arguments", name)
		}
		cmp := map[string]string{"min": "<=", "max": ">="}[name]
		acc := ts[0]
		for _, t := range ts[1:] {
			acc = tr.bind(acc, func(a term) term {
				return tr.bind(t, func(b term) term {
					return intTerm("(ite (" + cmp + " " + a.s + " " + b.s + ") " + a.s + " " + b.s + ")")
				})
			})
		}
		return acc, nil
	case "abs":
		if len(ts) != 1 {
			return term{}, fmt.Errorf("abs() takes one argument, not %d", len(ts))
		}
		return tr.bind(ts[0], func(x term) term { return intTerm("(ite (< " + x.s + " 0) (- " + x.s + ") " + x.s + ")") }), nil
	case "slowmoves":
		return tr.slowMoves(ts, where)
	case "xor", "colmod":
		return term{}, &UnencodableError{Operator: name + "()", Where: where, Why: "it works on binary digits, which linear integer arithmetic cannot see (bit-vector proofs are not built yet)"}
	}
	return term{}, &UnencodableError{Operator: name + "()", Where: where, Why: "it is not part of check's language"}
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
	var parts []string
	for _, perm := range perms {
		inner := tr
		outer := tr.pile
		inner.pile = func(i int) string { return outer(perm[i]) }
		t, err := inner.term(args[0])
		if err != nil {
			return term{}, err
		}
		t = t.asBool()
		if t.isConst && t.c != 0 {
			return t, nil
		}
		if !t.isConst {
			parts = append(parts, t.s)
		}
	}
	switch len(parts) {
	case 0:
		return constTerm(0).asBool(), nil
	case 1:
		return boolTerm(parts[0]), nil
	}
	return boolTerm("(or " + strings.Join(parts, " ") + ")"), nil
}

// slowMoves encodes slowmoves(k, x...) for a constant k by its closed form:
// with the piles counted as empty when negative, the least over j < k of the
// sum of the n-j smallest piles divided by k-j (rounded down); the sum of the
// m smallest piles is the least sum over the m-subsets, so no sorting is
// needed. SlowMovesClosedForm is the same formula in Go, tested against
// check.SlowMoves.
func (tr translator) slowMoves(ts []term, where string) (term, error) {
	if len(ts) < 2 {
		return term{}, fmt.Errorf("slowmoves() takes a number of piles k and one or more piles, not %d arguments", len(ts))
	}
	if !ts[0].isConst {
		return term{}, &UnencodableError{Operator: "slowmoves()", Where: where, Why: "its k must be a constant"}
	}
	k, xs := ts[0].c, ts[1:]
	n := len(xs)
	if k < 1 {
		return constTerm(0), nil
	}
	if subsets := complex.Binomial(n, n/2) * uint64(k); n > 20 || subsets > 1<<12 {
		return term{}, &UnencodableError{Operator: "slowmoves()", Where: where, Why: fmt.Sprintf("%d piles give too many subsets to encode", n)}
	}
	// Bind the piles, clipped at 0, to names.
	names := make([]string, n)
	var lets []string
	for i, x := range xs {
		names[i] = tr.newName("s")
		lets = append(lets, "("+names[i]+" (ite (< "+x.s+" 0) 0 "+x.s+"))")
	}
	var bounds []string
	for j := 0; j < k; j++ {
		m := n - j
		if m <= 0 {
			bounds = append(bounds, "0")
			continue
		}
		var sums []string
		for s := range complex.KSubsets(n, m) {
			var parts []string
			for _, v := range s.Vertices() {
				parts = append(parts, names[v])
			}
			sums = append(sums, sumOf(parts))
		}
		least := tr.minOf(sums)
		bounds = append(bounds, "(div "+least+" "+strconv.Itoa(k-j)+")")
	}
	body := tr.minOf(bounds)
	return intTerm("(let (" + strings.Join(lets, " ") + ") " + body + ")"), nil
}

// minOf writes the least of the terms, each bound to a name once.
func (tr translator) minOf(ts []string) string {
	acc := term{s: ts[0]}
	for _, t := range ts[1:] {
		acc = tr.bind(acc, func(a term) term {
			return tr.bind(intTerm(t), func(b term) term {
				return intTerm("(ite (<= " + a.s + " " + b.s + ") " + a.s + " " + b.s + ")")
			})
		})
	}
	return acc.s
}

func sumOf(parts []string) string {
	if len(parts) == 1 {
		return parts[0]
	}
	return "(+ " + strings.Join(parts, " ") + ")"
}

// SlowMovesClosedForm is the formula the proofs encode slowmoves(k, x...)
// by: the least over j < k of floor(s_j / (k - j)), where s_j is the sum of
// the len(x) - j smallest piles (0 when there are none), negative piles
// counted as empty; 0 when k < 1. It equals check.SlowMoves where no sum
// overflows.
func SlowMovesClosedForm(k int, piles []int) int {
	if k < 1 {
		return 0
	}
	sorted := make([]int, len(piles))
	for i, x := range piles {
		sorted[i] = max(x, 0)
	}
	slices.Sort(sorted)
	best := -1
	for j := 0; j < k; j++ {
		sum := 0
		for _, x := range sorted[:max(len(sorted)-j, 0)] {
			sum += x
		}
		if v := sum / (k - j); best < 0 || v < best {
			best = v
		}
	}
	return best
}
