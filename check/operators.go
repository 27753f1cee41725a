package check

import (
	"cmp"
	"fmt"

	"github.com/expr-lang/expr/ast"
	"github.com/nimlab/nimlab/game"
)

// The operators of the language, built as closures over the position: the
// arithmetic ones with their overflow flag (value), the comparisons, and
// the logical ones as loops over their chains.

// binary builds a binary operator on its compiled operands.
func (e *Expr) binary(n *ast.BinaryNode, inSym bool) (value, error) {
	if logical(n.Operator) != "" {
		return e.chain(n, inSym)
	}
	x, err1 := e.build(n.Left, inSym)
	y, err2 := e.build(n.Right, inSym)
	if err := cmp.Or(err1, err2); err != nil {
		return nil, err
	}
	ov := e.ov
	// Sums and differences of two piles, the most common terms, read the
	// piles themselves rather than through two calls.
	i, iPile := e.pileNode(n.Left)
	j, jPile := e.pileNode(n.Right)
	if iPile && jPile && (n.Operator == "+" || n.Operator == "-") {
		return e.pileSum(i, j, n.Operator == "-"), nil
	}
	if c, ok := n.Right.(*ast.IntegerNode); ok && n.Operator == "==" {
		return e.equalsConstant(n.Left, x, c.Value), nil
	}
	switch n.Operator {
	case "+":
		return func(p game.Position) int {
			v, o := add(x(p), y(p))
			if o {
				*ov = true
			}
			return v
		}, nil
	case "-":
		return func(p game.Position) int {
			v, o := sub(x(p), y(p))
			if o {
				*ov = true
			}
			return v
		}, nil
	case "*":
		return func(p game.Position) int {
			v, o := mul(x(p), y(p))
			if o {
				*ov = true
			}
			return v
		}, nil
	case "/":
		return func(p game.Position) int {
			if d := y(p); d != 0 {
				v, o := quo(x(p), d)
				if o {
					*ov = true
				}
				return v
			}
			return 0
		}, nil
	case "%":
		return func(p game.Position) int {
			if d := y(p); d != 0 {
				return x(p) % d
			}
			return 0
		}, nil
	case "^":
		return func(p game.Position) int { return x(p) ^ y(p) }, nil
	case "**":
		return func(p game.Position) int {
			v, o := power(x(p), y(p))
			if o {
				*ov = true
			}
			return v
		}, nil
	case "==":
		return func(p game.Position) int { return b2i(x(p) == y(p)) }, nil
	case "!=":
		return func(p game.Position) int { return b2i(x(p) != y(p)) }, nil
	case "<":
		return func(p game.Position) int { return b2i(x(p) < y(p)) }, nil
	case "<=":
		return func(p game.Position) int { return b2i(x(p) <= y(p)) }, nil
	case ">":
		return func(p game.Position) int { return b2i(x(p) > y(p)) }, nil
	case ">=":
		return func(p game.Position) int { return b2i(x(p) >= y(p)) }, nil
	}
	return nil, fmt.Errorf("unsupported operator %q", n.Operator)
}

// logical names the operator's kind, "&&" or "||", and "" for any other.
func logical(op string) string {
	switch op {
	case "&&", "and":
		return "&&"
	case "||", "or":
		return "||"
	}
	return ""
}

// chain builds a run of one logical operator, a && b && c, as one loop over
// its operands, left to right, stopping at the first that decides it, as
// the nested form does. Nested, a conjunction most positions fail at its
// first operand still calls down the whole chain to reach it: evaluating
// the 22,203 characters discover writes for NN(10,5) (1,069 &&) took
// 4.35 µs a position nested, 2.6 µs chained, 2.0–2.3 µs with
// equalsConstant too (AMD EPYC, load 2–3, a solver beside it).
func (e *Expr) chain(n *ast.BinaryNode, inSym bool) (value, error) {
	op := logical(n.Operator)
	var operands []ast.Node
	var collect func(ast.Node)
	collect = func(node ast.Node) {
		if b, ok := node.(*ast.BinaryNode); ok && logical(b.Operator) == op {
			collect(b.Left)
			collect(b.Right)
			return
		}
		operands = append(operands, node)
	}
	collect(n)
	fs := make([]value, len(operands))
	for i, o := range operands {
		f, err := e.build(o, inSym)
		if err != nil {
			return nil, err
		}
		fs[i] = f
	}
	if op == "&&" {
		return func(p game.Position) int {
			for _, f := range fs {
				if f(p) == 0 {
					return 0
				}
			}
			return 1
		}, nil
	}
	return func(p game.Position) int {
		for _, f := range fs {
			if f(p) != 0 {
				return 1
			}
		}
		return 0
	}, nil
}

// equalsConstant is x == v, x built from left, read without a call where
// left is a let name or a pile: the tests of empty piles (rb1 == 0) that
// discover's regions are made of.
func (e *Expr) equalsConstant(left ast.Node, x value, v int) value {
	if id, ok := left.(*ast.IdentifierNode); ok {
		if slot, ok := e.names[id.Value]; ok {
			return func(game.Position) int { return b2i(*slot == v) }
		}
		if i, ok := e.pileNode(left); ok {
			return func(p game.Position) int { return b2i(p[i] == v) }
		}
	}
	return func(p game.Position) int { return b2i(x(p) == v) }
}

// pileSum is piles i + j, or i - j with minus, read from the position
// directly.
func (e *Expr) pileSum(i, j int, minus bool) value {
	ov := e.ov
	if minus {
		return func(p game.Position) int {
			v, o := sub(p[i], p[j])
			if o {
				*ov = true
			}
			return v
		}
	}
	return func(p game.Position) int {
		v, o := add(p[i], p[j])
		if o {
			*ov = true
		}
		return v
	}
}
