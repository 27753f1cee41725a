package certificate

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/expr-lang/expr/ast"

	"github.com/nimlab/nimlab/check"
)

// term is a Coq term of the translation of an expression: a Prop (a
// condition) or a Z (a value).
type term struct {
	s string
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

// translator writes an expression of check's language as a Coq term with
// the meaning check's evaluator gives it (exact integers, Go's / and %),
// or says why it cannot.
type translator struct {
	expr *check.Expr
	// pile is the Coq term of pile i.
	pile func(i int) string
	// names are the values a let in scope binds.
	names map[string]term
}

// asProp translates e as a condition (S).
func asProp(e *check.Expr, pile func(i int) string) (string, error) {
	t, err := translator{expr: e, pile: pile, names: map[string]term{}}.node(e.Tree())
	if err != nil {
		return "", err
	}
	if !t.prop {
		return "", uncertifiable(ReasonBoolean, "the expression is a number, not a condition")
	}
	return t.s, nil
}

// asValue translates e as a value (a pile of a candidate move).
func asValue(e *check.Expr, pile func(i int) string) (string, error) {
	t, err := translator{expr: e, pile: pile, names: map[string]term{}}.node(e.Tree())
	if err != nil {
		return "", err
	}
	if t.prop {
		return "", uncertifiable(ReasonBoolean, "a condition used as a number")
	}
	return t.s, nil
}

func constTerm(c int64) term {
	s := strconv.FormatInt(c, 10)
	if c < 0 {
		s = "(" + s + ")"
	}
	return term{s: s, isConst: true, constant: c, nonNeg: c >= 0}
}

func propTerm(s string) term { return term{s: s, prop: true} }

func (tr translator) node(node ast.Node) (term, error) {
	switch n := node.(type) {
	case *ast.IntegerNode:
		return constTerm(int64(n.Value)), nil
	case *ast.BoolNode:
		return propTerm(map[bool]string{true: "True", false: "False"}[n.Value]), nil
	case *ast.IdentifierNode:
		if t, ok := tr.names[n.Value]; ok {
			return t, nil
		}
		i, err := tr.expr.PileIndex(n.Value)
		if err != nil {
			return term{}, err
		}
		return term{s: tr.pile(i), nonNeg: true}, nil
	case *ast.UnaryNode:
		return tr.unary(n)
	case *ast.BinaryNode:
		return tr.binary(n)
	case *ast.ConditionalNode:
		return tr.conditional(n)
	case *ast.VariableDeclaratorNode:
		return tr.let(n)
	case *ast.BuiltinNode:
		return tr.call(n.Name, n.Arguments)
	case *ast.CallNode:
		if id, ok := n.Callee.(*ast.IdentifierNode); ok {
			return tr.call(id.Value, n.Arguments)
		}
	}
	return term{}, uncertifiable(ReasonUnsupported, node.String()+" is not part of check's language")
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
		return term{s: "(- " + x.s + ")"}, nil
	case "+":
		return value(x, n.String())
	case "!", "not":
		if x, err = condition(x, n.String()); err != nil {
			return term{}, err
		}
		return propTerm("(~ " + x.s + ")"), nil
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
		op := map[bool]string{true: " /\\ ", false: " \\/ "}[n.Operator == "&&" || n.Operator == "and"]
		return propTerm("(" + x.s + op + y.s + ")"), nil
	case "==", "!=":
		if x.prop && y.prop {
			iff := "(" + x.s + " <-> " + y.s + ")"
			if n.Operator == "!=" {
				iff = "(~ " + iff + ")"
			}
			return propTerm(iff), nil
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

// arithmetic writes x op y for two Zs.
func arithmetic(op string, x, y term, where string) (term, error) {
	if _, ok := comparisons[op]; ok {
		return compare(op, x, y), nil
	}
	switch op {
	case "+":
		return term{s: "(" + x.s + " + " + y.s + ")", nonNeg: x.nonNeg && y.nonNeg}, nil
	case "-":
		return term{s: "(" + x.s + " - " + y.s + ")"}, nil
	case "*":
		if !x.isConst && !y.isConst {
			return term{}, uncertifiable(ReasonNonlinear, "a product of two values that depend on the piles in "+where)
		}
		return term{s: "(" + x.s + " * " + y.s + ")", nonNeg: x.nonNeg && y.nonNeg}, nil
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
		return propTerm("(" + x.s + " " + comparisons[op] + " " + y.s + ")")
	}
	// x op max(us): "above" ops hold for every u, the others for some u
	// (and the other way round for min); == is both >= and "= some u".
	every := (op == ">=" || op == ">") == (y.extreme == "max")
	switch op {
	case "==":
		bound := map[string]string{"max": ">=", "min": "<="}[y.extreme]
		return propTerm("(" + compare(bound, x, y).s + " /\\ " + join(" \\/ ", x, y.args, "==") + ")")
	case "!=":
		return propTerm("(~ " + compare("==", x, y).s + ")")
	case "<", "<=", ">", ">=":
		if every {
			return propTerm(join(" /\\ ", x, y.args, op))
		}
		return propTerm(join(" \\/ ", x, y.args, op))
	}
	return propTerm("(" + x.s + " " + comparisons[op] + " " + y.s + ")")
}

// join writes x op u for each u of us, joined by the connective (an atom
// of x with itself, always true or always false, is dropped or kept as
// True or False).
func join(connective string, x term, us []term, op string) string {
	var parts []string
	for _, u := range us {
		if u.s == x.s && u.extreme == "" {
			holds, or := op == "==" || op == "<=" || op == ">=", connective == " \\/ "
			switch {
			case holds && or:
				return "True" // a disjunct always true
			case !holds && !or:
				return "False" // a conjunct always false
			}
			continue // a conjunct always true, or a disjunct always false
		}
		parts = append(parts, compare(op, x, u).s)
	}
	if len(parts) == 0 {
		return map[bool]string{true: "False", false: "True"}[connective == " \\/ "]
	}
	return "(" + strings.Join(parts, connective) + ")"
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
		return term{s: "(" + x.s + " / " + y.s + ")", nonNeg: true}, nil
	case op == "%" && y.constant != -y.constant:
		// Go's x % c and x % -c agree, and equal x mod |c| for x >= 0.
		return term{s: "(" + x.s + " mod " + constTerm(max(y.constant, -y.constant)).s + ")", nonNeg: true}, nil
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
	return propTerm("((" + c.s + " /\\ " + x.s + ") \\/ (~ " + c.s + " /\\ " + y.s + "))"), nil
}

// let writes "let name = v; body" as Coq's let, the name prefixed so that
// it names nothing else of the certificate.
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
	inner.names[n.Name] = term{s: name, prop: v.prop, nonNeg: v.nonNeg, isConst: v.isConst, constant: v.constant}
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
	case "slowmoves":
		return term{}, uncertifiable(ReasonUnsupported, "slowmoves(), whose closed form is not yet proved in Coq")
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
		acc := ts[0]
		for _, t := range ts[1:] {
			nonNeg := acc.nonNeg && t.nonNeg || name == "max" && (acc.nonNeg || t.nonNeg)
			acc = term{s: "(Z." + name + " " + acc.s + " " + t.s + ")", nonNeg: nonNeg}
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
		return acc, nil
	case name == "abs" && len(ts) == 1:
		return term{s: "(Z.abs " + ts[0].s + ")", nonNeg: true}, nil
	}
	return term{}, uncertifiable(ReasonUnsupported, fmt.Sprintf("%s with %d arguments", where, len(ts)))
}

// sym writes sym(e) as the disjunction of e over the symmetries check's
// evaluator tries: e at q with q[i] = p[perm[i]].
func (tr translator) sym(args []ast.Node) (term, error) {
	if len(args) != 1 {
		return term{}, uncertifiable(ReasonUnsupported, "sym() with other than one argument")
	}
	perms, err := tr.expr.SymmetryPerms()
	if err != nil {
		return term{}, err
	}
	parts := make([]string, 0, len(perms))
	for _, perm := range perms {
		inner := tr
		outer := tr.pile
		inner.pile = func(i int) string { return outer(perm[i]) }
		t, err := inner.node(args[0])
		if err != nil {
			return term{}, err
		}
		if t, err = condition(t, "sym()"); err != nil {
			return term{}, err
		}
		parts = append(parts, t.s)
	}
	return propTerm("(" + strings.Join(parts, "\n    \\/ ") + ")"), nil
}
