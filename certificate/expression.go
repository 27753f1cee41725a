package certificate

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/expr-lang/expr/ast"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/complex"
)

// term is a Coq term of the translation of an expression: a Prop (a
// condition) or a Z (a value).
type term struct {
	// s is the Coq text, with the expression's lets as Coq's let.
	s string
	// inline is the Coq text with the lets inlined (as Coq reads s after
	// cbv zeta), and src the same term in check's language: the text of a
	// proof's case split and what evaluates it on a box.
	inline, src string
	// tree, for a Prop, is its shape: what a proof script walks (cases.go).
	tree *prop
	// prop: a Prop, else a Z.
	prop bool
	// nonNeg: a Z that is at least 0 at every valid position (piles, sums
	// and minima of such terms, ...), so that Z.div and Z.modulo, which
	// round down, compute what Go's / and % do.
	nonNeg bool
	// constant, when isConst, is the Z's value.
	isConst  bool
	constant int64
	// extreme, when not empty, is "min" or "max": the Z is that of args
	// (comparisons with it are written without it: compare).
	extreme string
	args    []term
}

// prop is the shape of a condition as Coq reads it once its lets are
// inlined: conjunctions and disjunctions of atoms, where an atom is any
// condition a proof hands to lia whole (a comparison, a negation, an iff).
// An n-ary node is written (x1 op x2 op ... op xn), which Coq nests to the
// right.
type prop struct {
	// op is atomOp, andOp or orOp.
	op   byte
	args []*prop
	// coq and src are an atom's text in Coq (lets inlined) and in check's
	// language.
	coq, src string
}

// key returns a text that two props share when they are the same
// condition up to the order and grouping of their conjunctions and
// disjunctions (the atoms' Coq texts, nested connectives flattened, each
// connective's arguments sorted).
func (p *prop) key() string {
	if p.op == atomOp {
		return p.coq
	}
	var keys []string
	var flatten func(q *prop)
	flatten = func(q *prop) {
		if q.op == p.op {
			for _, a := range q.args {
				flatten(a)
			}
			return
		}
		keys = append(keys, q.key())
	}
	flatten(p)
	slices.Sort(keys)
	return string(p.op) + "(" + strings.Join(keys, "\x00") + ")"
}

// The kinds of prop.
const (
	atomOp byte = 'a'
	andOp  byte = '&'
	orOp   byte = '|'
)

// atom returns the term of a condition lia reads whole.
func atom(s, inline, src string) term {
	return term{s: s, inline: inline, src: src, prop: true, tree: &prop{op: atomOp, coq: inline, src: src}}
}

// truth returns True or False.
func truth(b bool) term {
	if b {
		return atom("True", "True", "true")
	}
	return atom("False", "False", "false")
}

// connect joins conditions by a connective, andOp or orOp, as one n-ary
// node: (x1 /\ x2 /\ ... /\ xn); a single condition is itself.
func connect(op byte, parts []term) term {
	if len(parts) == 1 {
		return parts[0]
	}
	coqOp, srcOp := " /\\ ", " && "
	if op == orOp {
		coqOp, srcOp = " \\/ ", " || "
	}
	t := term{prop: true, tree: &prop{op: op}}
	var s, inline, src []string
	for _, x := range parts {
		s, inline, src = append(s, x.s), append(inline, x.inline), append(src, x.src)
		t.tree.args = append(t.tree.args, x.tree)
	}
	t.s = "(" + strings.Join(s, coqOp) + ")"
	t.inline = "(" + strings.Join(inline, coqOp) + ")"
	t.src = "(" + strings.Join(src, srcOp) + ")"
	return t
}

// negation returns ~ x, an atom.
func negation(x term) term {
	return atom("(~ "+x.s+")", "(~ "+x.inline+")", "!"+x.src)
}

// zTerm returns a Z term whose three texts are the same but for the
// piles'.
func zTerm(s, inline, src string, nonNeg bool) term {
	return term{s: s, inline: inline, src: src, nonNeg: nonNeg}
}

// translator writes an expression of check's language as a Coq term with
// the meaning check's evaluator gives it (exact integers, Go's / and %),
// or says why it cannot.
type translator struct {
	expr *check.Expr
	// piles are the terms of the piles of the position it is read at.
	piles []term
	// names are the values a let in scope binds.
	names map[string]term
}

// asProp translates e as a condition (S) at the position whose piles are
// piles.
func asProp(e *check.Expr, piles []term) (term, error) {
	t, err := translator{expr: e, piles: piles, names: map[string]term{}}.node(e.Tree())
	if err != nil {
		return term{}, err
	}
	if !t.prop {
		return term{}, uncertifiable(ReasonBoolean, "the expression is a number, not a condition")
	}
	return t, nil
}

// asValue translates e as a value (a pile of a candidate move).
func asValue(e *check.Expr, piles []term) (term, error) {
	t, err := translator{expr: e, piles: piles, names: map[string]term{}}.node(e.Tree())
	if err != nil {
		return term{}, err
	}
	if t.prop {
		return term{}, uncertifiable(ReasonBoolean, "a condition used as a number")
	}
	return t, nil
}

func constTerm(c int64) term {
	s := strconv.FormatInt(c, 10)
	if c < 0 {
		s = "(" + s + ")"
	}
	return term{s: s, inline: s, src: s, isConst: true, constant: c, nonNeg: c >= 0}
}

// maxInlineText bounds the text of a term with its lets inlined (inline
// and src): "let x2 = x1 + x1; ..." doubles it at each let. The case
// split's conditions, compiled again from that text, have a tighter bound
// (maxConditionText).
const maxInlineText = 1 << 20

// node translates a node, refusing a term whose lets, inlined, pass
// maxInlineText.
func (tr translator) node(node ast.Node) (term, error) {
	t, err := tr.build(node)
	if err == nil && max(len(t.inline), len(t.src)) > maxInlineText {
		return term{}, uncertifiable(ReasonTooLarge, fmt.Sprintf("with its lets written out, a term of the claim passes %d characters", maxInlineText))
	}
	return t, err
}

func (tr translator) build(node ast.Node) (term, error) {
	switch n := node.(type) {
	case *ast.IntegerNode:
		return constTerm(int64(n.Value)), nil
	case *ast.BoolNode:
		return truth(n.Value), nil
	case *ast.IdentifierNode:
		if t, ok := tr.names[n.Value]; ok {
			return t, nil
		}
		i, err := tr.expr.PileIndex(n.Value)
		if err != nil {
			return term{}, err
		}
		t := tr.piles[i]
		t.nonNeg = true
		return t, nil
	case *ast.UnaryNode:
		return tr.unary(n)
	case *ast.BinaryNode:
		return tr.binary(n)
	case *ast.ConditionalNode:
		return tr.conditional(n)
	case *ast.VariableDeclaratorNode:
		return tr.let(n)
	case *ast.BuiltinNode, *ast.CallNode:
		if name, args, ok := called(n); ok {
			return tr.call(name, args)
		}
	}
	return term{}, uncertifiable(ReasonUnsupported, node.String()+" is not part of check's language")
}

// called returns the function a call node names and its arguments, or
// false when node is no call of a named function.
func called(node ast.Node) (string, []ast.Node, bool) {
	switch n := node.(type) {
	case *ast.BuiltinNode:
		return n.Name, n.Arguments, true
	case *ast.CallNode:
		if id, ok := n.Callee.(*ast.IdentifierNode); ok {
			return id.Value, n.Arguments, true
		}
	}
	return "", nil, false
}

// value requires t to be a Z: check reads a condition used as a number as
// 1 or 0, which the certificates do not write.
func value(t term, where string) (term, error) {
	if t.prop {
		return term{}, uncertifiable(ReasonBoolean, "a condition used as a number in "+where)
	}
	return t, nil
}

// condition requires t to be a Prop: a number used as a condition is
// "not 0", which the certificates do not write.
func condition(t term, where string) (term, error) {
	if !t.prop {
		return term{}, uncertifiable(ReasonBoolean, "a number used as a condition in "+where)
	}
	return t, nil
}

func (tr translator) unary(n *ast.UnaryNode) (term, error) {
	x, err := tr.node(n.Node)
	if err != nil {
		return term{}, err
	}
	switch n.Operator {
	case "-":
		if x, err = value(x, n.String()); err != nil {
			return term{}, err
		}
		if x.isConst && x.constant != -x.constant {
			return constTerm(-x.constant), nil
		}
		return zTerm("(- "+x.s+")", "(- "+x.inline+")", "(-"+x.src+")", false), nil
	case "+":
		return value(x, n.String())
	case "!", "not":
		if x, err = condition(x, n.String()); err != nil {
			return term{}, err
		}
		return negation(x), nil
	}
	return term{}, uncertifiable(ReasonUnsupported, "the operator "+n.Operator)
}

func (tr translator) binary(n *ast.BinaryNode) (term, error) {
	x, err := tr.node(n.Left)
	if err != nil {
		return term{}, err
	}
	y, err := tr.node(n.Right)
	if err != nil {
		return term{}, err
	}
	where := n.String()
	switch n.Operator {
	case "&&", "and", "||", "or":
		if x, err = condition(x, where); err != nil {
			return term{}, err
		}
		if y, err = condition(y, where); err != nil {
			return term{}, err
		}
		op := andOp
		if n.Operator == "||" || n.Operator == "or" {
			op = orOp
		}
		return connect(op, []term{x, y}), nil
	case "==", "!=":
		if x.prop && y.prop {
			iff := atom("("+x.s+" <-> "+y.s+")", "("+x.inline+" <-> "+y.inline+")", "("+x.src+" == "+y.src+")")
			if n.Operator == "!=" {
				iff = negation(iff)
			}
			return iff, nil
		}
	case "^":
		return term{}, uncertifiable(ReasonDigits, "^ (xor) in "+where)
	}
	if x, err = value(x, where); err != nil {
		return term{}, err
	}
	if y, err = value(y, where); err != nil {
		return term{}, err
	}
	return arithmetic(n.Operator, x, y, where)
}

// comparisons are check's comparisons in Coq.
var comparisons = map[string]string{"==": "=", "!=": "<>", "<": "<", "<=": "<=", ">": ">", ">=": ">="}

// infix writes x op y for two Zs, op in Coq and in check's language.
func infix(x term, coqOp, srcOp string, y term, nonNeg bool) term {
	return zTerm("("+x.s+" "+coqOp+" "+y.s+")", "("+x.inline+" "+coqOp+" "+y.inline+")", "("+x.src+" "+srcOp+" "+y.src+")", nonNeg)
}

// arithmetic writes x op y for two Zs.
func arithmetic(op string, x, y term, where string) (term, error) {
	if _, ok := comparisons[op]; ok {
		return compare(op, x, y), nil
	}
	switch op {
	case "+":
		return infix(x, "+", "+", y, x.nonNeg && y.nonNeg), nil
	case "-":
		return infix(x, "-", "-", y, false), nil
	case "*":
		if !x.isConst && !y.isConst {
			return term{}, uncertifiable(ReasonNonlinear, "a product of two values that depend on the piles in "+where)
		}
		return infix(x, "*", "*", y, x.nonNeg && y.nonNeg), nil
	case "/", "%":
		return division(op, x, y, where)
	case "**":
		switch {
		case !y.isConst:
			return term{}, uncertifiable(ReasonNonlinear, "a power with an exponent that depends on the piles in "+where)
		case y.constant < 0:
			return constTerm(0), nil // check's evaluator: a negative exponent gives 0
		case y.constant == 0:
			return constTerm(1), nil
		case y.constant == 1:
			return x, nil
		}
		return term{}, uncertifiable(ReasonNonlinear, "a power in "+where)
	}
	return term{}, uncertifiable(ReasonUnsupported, "the operator "+op)
}

// compare writes x op y for a comparison op. A comparison with a minimum
// or a maximum is written as the comparisons with its arguments it
// amounts to (x >= max(u, v) is x >= u /\ x >= v; x == max(u, v) is that
// and x = u \/ x = v), dropping those of x with itself: lia then reads
// linear atoms, where Z.min and Z.max would make it split every one of
// them in two, for every case of the claim (Theorem cn52's a ==
// max(a, b, c, d, e) is a >= b /\ a >= c /\ a >= d /\ a >= e). The
// certificate's tests check that inS is still check's expression
// (TestSetIsTheEvaluators).
func compare(op string, x, y term) term {
	if x.extreme != "" && y.extreme == "" {
		x, y = y, x
		op = map[string]string{"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}[op]
	}
	if y.extreme == "" {
		c := comparisons[op]
		return atom("("+x.s+" "+c+" "+y.s+")", "("+x.inline+" "+c+" "+y.inline+")", "("+x.src+" "+op+" "+y.src+")")
	}
	// x op max(us): "above" ops hold for every u, the others for some u
	// (and the other way round for min); == is both >= and "= some u".
	every := (op == ">=" || op == ">") == (y.extreme == "max")
	switch op {
	case "==":
		bound := map[string]string{"max": ">=", "min": "<="}[y.extreme]
		return connect(andOp, []term{compare(bound, x, y), join(orOp, x, y.args, "==")})
	case "!=":
		return negation(compare("==", x, y))
	}
	if every {
		return join(andOp, x, y.args, op)
	}
	return join(orOp, x, y.args, op)
}

// join writes x op u for each u of us, joined by the connective (an atom
// of x with itself, always true or always false, is dropped or kept as
// True or False).
func join(connective byte, x term, us []term, op string) term {
	var parts []term
	for _, u := range us {
		if u.s == x.s && u.extreme == "" {
			holds, or := op == "==" || op == "<=" || op == ">=", connective == orOp
			switch {
			case holds && or:
				return truth(true) // a disjunct always true
			case !holds && !or:
				return truth(false) // a conjunct always false
			}
			continue // a conjunct always true, or a disjunct always false
		}
		parts = append(parts, compare(op, x, u))
	}
	if len(parts) == 0 {
		return truth(connective == andOp)
	}
	return connect(connective, parts)
}

// division writes x / y or x % y for a constant y and an x that is never
// negative, where Coq's Z.div and Z.modulo (rounding down) and Go's / and %
// (rounding toward 0) agree; check's evaluator gives 0 for a division by
// zero.
func division(op string, x, y term, where string) (term, error) {
	switch {
	case !y.isConst:
		return term{}, uncertifiable(ReasonNonlinear, "a division by a value that depends on the piles in "+where)
	case y.constant == 0:
		return constTerm(0), nil
	case !x.nonNeg:
		return term{}, uncertifiable(ReasonSign, "a division of a value that may be negative in "+where)
	case op == "/" && y.constant > 0:
		return infix(x, "/", "/", y, true), nil
	case op == "%" && y.constant != -y.constant:
		// Go's x % c and x % -c agree, and equal x mod |c| for x >= 0.
		return infix(x, "mod", "%", constTerm(max(y.constant, -y.constant)), true), nil
	}
	return term{}, uncertifiable(ReasonSign, "a division by a negative constant in "+where)
}

// conditional writes c ? x : y as a condition; as a number it would need
// an if on a Prop, which lia does not read.
func (tr translator) conditional(n *ast.ConditionalNode) (term, error) {
	where := n.String()
	c, err := tr.node(n.Cond)
	if err != nil {
		return term{}, err
	}
	if c, err = condition(c, where); err != nil {
		return term{}, err
	}
	x, err := tr.node(n.Exp1)
	if err != nil {
		return term{}, err
	}
	y, err := tr.node(n.Exp2)
	if err != nil {
		return term{}, err
	}
	if !x.prop || !y.prop {
		return term{}, uncertifiable(ReasonBoolean, "c ? x : y with numbers x and y in "+where)
	}
	return connect(orOp, []term{connect(andOp, []term{c, x}), connect(andOp, []term{negation(c), y})}), nil
}

// let writes "let name = v; body" as Coq's let, the name prefixed so that
// it names nothing else of the certificate (the inline texts and the tree
// hold v itself).
func (tr translator) let(n *ast.VariableDeclaratorNode) (term, error) {
	v, err := tr.node(n.Value)
	if err != nil {
		return term{}, err
	}
	name := "let_" + n.Name
	inner := tr
	inner.names = make(map[string]term, len(tr.names)+1)
	for k, t := range tr.names {
		inner.names[k] = t
	}
	bound := v
	bound.s = name
	bound.extreme, bound.args = "", nil // compare must not write v's arguments under the name
	inner.names[n.Name] = bound
	body, err := inner.node(n.Expr)
	if err != nil {
		return term{}, err
	}
	typ := "Z"
	if v.prop {
		typ = "Prop"
	}
	body.s = "(let " + name + " : " + typ + " := " + v.s + " in " + body.s + ")"
	body.isConst = false
	// The body's arguments, if it is a min or a max, may name this let:
	// outside it, compare must not write them (nor take a name bound here
	// for one bound outside, as equal text).
	body.extreme, body.args = "", nil
	return body, nil
}

func (tr translator) call(name string, args []ast.Node) (term, error) {
	where := name + "()"
	if name == "sym" {
		return tr.sym(args)
	}
	switch name {
	case "xor", "colmod":
		return term{}, uncertifiable(ReasonDigits, where)
	}
	ts := make([]term, len(args))
	for i, a := range args {
		t, err := tr.node(a)
		if err != nil {
			return term{}, err
		}
		if ts[i], err = value(t, where); err != nil {
			return term{}, err
		}
	}
	switch {
	case (name == "min" || name == "max") && len(ts) > 0:
		return extremeOf(name, ts), nil
	case name == "slowmoves":
		return slowMoves(ts, where)
	case name == "abs" && len(ts) == 1:
		return zTerm("(Z.abs "+ts[0].s+")", "(Z.abs "+ts[0].inline+")", "abs("+ts[0].src+")", true), nil
	}
	return term{}, uncertifiable(ReasonUnsupported, fmt.Sprintf("%s with %d arguments", where, len(ts)))
}

// extremeOf returns min(ts...) or max(ts...) (name), with its arguments
// (compare writes comparisons with it as comparisons with them).
func extremeOf(name string, ts []term) term {
	acc := ts[0]
	for _, t := range ts[1:] {
		nonNeg := acc.nonNeg && t.nonNeg || name == "max" && (acc.nonNeg || t.nonNeg)
		acc = zTerm("(Z."+name+" "+acc.s+" "+t.s+")", "(Z."+name+" "+acc.inline+" "+t.inline+")", name+"("+acc.src+", "+t.src+")", nonNeg)
	}
	if len(ts) > 1 {
		// Its arguments, flattened through nested ones of the same kind.
		acc.extreme = name
		for _, t := range ts {
			if t.extreme == name {
				acc.args = append(acc.args, t.args...)
			} else {
				acc.args = append(acc.args, t)
			}
		}
	}
	return acc
}

// maxSlowMovesTerms bounds the terms of slowmoves' closed form.
const maxSlowMovesTerms = 1 << 12

// slowMoves writes slowmoves(k, x...) for a constant k by the closed form
// package prove proves with (prove.SlowMovesClosedForm, tested against
// check's evaluator): the least over j < k of the least sum of n - j of the
// piles (negative ones counted as empty) divided by k - j, rounded down
// (not divided when k - j is 1); 0 when k < 1. The certificate's inS then
// states the claim with that formula, which a referee reads as written.
func slowMoves(ts []term, where string) (term, error) {
	if len(ts) < 2 || !ts[0].isConst {
		return term{}, uncertifiable(ReasonUnsupported, "slowmoves() with a k that is not a constant, in "+where)
	}
	k, xs := ts[0].constant, ts[1:]
	n := int64(len(xs))
	if k < 1 {
		return constTerm(0), nil
	}
	if n > 20 || k > maxSlowMovesTerms || k*int64(complex.Binomial(int(n), int(n/2))) > maxSlowMovesTerms {
		return term{}, uncertifiable(ReasonUnsupported, fmt.Sprintf("slowmoves() of %d piles with k = %d: too many terms", n, k))
	}
	piles := make([]term, n)
	for i, x := range xs {
		piles[i] = x
		if !x.nonNeg {
			piles[i] = extremeOf("max", []term{x, constTerm(0)})
			piles[i].extreme, piles[i].args = "", nil
		}
	}
	var bounds []term
	for j := int64(0); j < k; j++ {
		m := n - j
		if m <= 0 {
			bounds = append(bounds, constTerm(0))
			continue
		}
		var sums []term
		for set := range complex.KSubsets(int(n), int(m)) {
			var sum term
			for idx, v := range set.Vertices() {
				if idx == 0 {
					sum = piles[v]
				} else {
					sum = infix(sum, "+", "+", piles[v], true)
				}
			}
			sums = append(sums, sum)
		}
		least := extremeOf("min", sums)
		if k-j == 1 {
			// Divided by 1: the least sum itself, no division for lia
			// to name.
			bounds = append(bounds, least)
			continue
		}
		least.extreme, least.args = "", nil
		bounds = append(bounds, infix(least, "/", "/", constTerm(k-j), true))
	}
	return extremeOf("min", bounds), nil
}

// symImages returns the disjuncts sym(e) is written as, in order, and the
// permutation each is e read at: e at q with q[i] = p[perm[i]].
func (tr translator) symImages(args []ast.Node) ([]term, [][]int, error) {
	if len(args) != 1 {
		return nil, nil, uncertifiable(ReasonUnsupported, "sym() with other than one argument")
	}
	perms, err := tr.expr.SymmetryPerms()
	if err != nil {
		return nil, nil, err
	}
	// Images that are the same condition up to the order of their
	// conjunctions and disjunctions are written once: A \/ A is A. sym()
	// over every permutation of 6 piles has 720 images, of which
	// sym(a == 0 && b == 0 && c == 0) has 20 distinct. Which are the same
	// is read with the piles as unknowns of any sign, so the choice holds
	// at every position and is the same at every position written (a
	// proof's cases name the disjuncts of S by their place).
	unknowns := make([]term, len(tr.piles))
	for i := range unknowns {
		x := fmt.Sprintf("x%d", i)
		unknowns[i] = zTerm(x, x, x, false)
	}
	parts := make([]term, 0, len(perms))
	var kept [][]int
	seen := map[string]bool{}
	for _, perm := range perms {
		image := func(piles []term) (term, error) {
			inner := tr
			inner.piles = make([]term, len(piles))
			for i := range inner.piles {
				inner.piles[i] = piles[perm[i]]
			}
			t, err := inner.node(args[0])
			if err != nil {
				return term{}, err
			}
			return condition(t, "sym()")
		}
		general, err := image(unknowns)
		if err != nil {
			return nil, nil, err
		}
		key := general.tree.key()
		if seen[key] {
			continue
		}
		seen[key] = true
		t, err := image(tr.piles)
		if err != nil {
			return nil, nil, err
		}
		parts = append(parts, t)
		kept = append(kept, perm)
	}
	return parts, kept, nil
}

// sym writes sym(e) as the disjunction of e over the symmetries check's
// evaluator tries: e at q with q[i] = p[perm[i]].
func (tr translator) sym(args []ast.Node) (term, error) {
	parts, _, err := tr.symImages(args)
	if err != nil {
		return term{}, err
	}
	t := connect(orOp, parts)
	if len(parts) > 1 {
		s := make([]string, len(parts))
		for i, x := range parts {
			s[i] = x.s
		}
		t.s = "(" + strings.Join(s, "\n    \\/ ") + ")" // one symmetry per line
	}
	return t, nil
}
