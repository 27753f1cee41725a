package check

import (
	"fmt"
	"maps"
	"strings"

	"github.com/expr-lang/expr/ast"
	"github.com/nimlab/nimlab/complex"
)

// Tree returns the expression's syntax tree, for translators that give it
// another meaning than evaluation (prove encodes it for an SMT solver). The
// caller must not modify it.
func (e *Expr) Tree() ast.Node { return e.tree }

// PileIndex returns the 0-based pile a name denotes (a, b, ... or p1, p2,
// ...), as the evaluator reads it.
func (e *Expr) PileIndex(name string) (int, error) { return e.pile(name) }

// Piles returns the number of piles the expression was compiled for.
func (e *Expr) Piles() int { return e.n }

// ColumnModulus returns m and the piles in the order of the arguments when
// the expression is colmod(m, x_1, ..., x_n) with m >= 2 and the x's the n
// piles of the game, each once: Moore's Nim's S, which prove decides by
// induction on binary digits and a certificate proves with Moore.v.
func (e *Expr) ColumnModulus(n int) (m int, piles []int, ok bool) {
	call, ok := e.tree.(*ast.CallNode)
	if !ok || len(call.Arguments) != n+1 {
		return 0, nil, false
	}
	if name, ok := call.Callee.(*ast.IdentifierNode); !ok || name.Value != "colmod" {
		return 0, nil, false
	}
	mod, ok := call.Arguments[0].(*ast.IntegerNode)
	if !ok || mod.Value < 2 {
		return 0, nil, false
	}
	seen := make([]bool, n)
	for _, arg := range call.Arguments[1:] {
		id, ok := arg.(*ast.IdentifierNode)
		if !ok {
			return 0, nil, false
		}
		i, err := e.pile(id.Value)
		if err != nil || i < 0 || i >= n || seen[i] {
			return 0, nil, false
		}
		seen[i] = true
		piles = append(piles, i)
	}
	return mod.Value, piles, true
}

// SymmetryPerms returns the permutations sym() ranges over, as the evaluator
// tries them: q[i] = p[perm[i]].
func (e *Expr) SymmetryPerms() ([]complex.Perm, error) { return e.symPerms() }

// IsCondition reports whether the expression is a condition: a truth value
// at every position, as a comparison, true or false, colmod(), or
// connectives (&&, ||, !), sym(), choices (c ? x : y) and lets made of
// conditions are. A number such as a + 1 or a ^ b is not, though the
// evaluator accepts a position where it is not 0, nor is a connective of
// numbers (!a, a && b, sym(a ^ b)): given for a set of positions, each is
// most likely a slip (a ^ b for a ^ b == 0), which the front ends refuse.
func (e *Expr) IsCondition() bool { return isCondition(e.tree, nil) }

// isCondition is IsCondition of a node, conditions naming the let names
// bound to truth values.
func isCondition(node ast.Node, conditions map[string]bool) bool {
	switch n := node.(type) {
	case *ast.BoolNode:
		return true
	case *ast.IdentifierNode:
		return conditions[n.Value]
	case *ast.UnaryNode:
		return (n.Operator == "!" || n.Operator == "not") && isCondition(n.Node, conditions)
	case *ast.BinaryNode:
		switch n.Operator {
		case "==", "!=", "<", "<=", ">", ">=":
			return true
		case "&&", "and", "||", "or":
			return isCondition(n.Left, conditions) && isCondition(n.Right, conditions)
		}
	case *ast.ConditionalNode:
		return isCondition(n.Cond, conditions) && isCondition(n.Exp1, conditions) && isCondition(n.Exp2, conditions)
	case *ast.VariableDeclaratorNode:
		inner := maps.Clone(conditions)
		if inner == nil {
			inner = map[string]bool{}
		}
		inner[n.Name] = isCondition(n.Value, conditions)
		return isCondition(n.Expr, inner)
	case *ast.BuiltinNode:
		return callIsCondition(n.Name, n.Arguments, conditions)
	case *ast.CallNode:
		id, ok := n.Callee.(*ast.IdentifierNode)
		return ok && callIsCondition(id.Value, n.Arguments, conditions)
	}
	return false
}

// callIsCondition is isCondition of a call: colmod() is one; sym(e) when e
// is.
func callIsCondition(name string, args []ast.Node, conditions map[string]bool) bool {
	switch name {
	case "colmod":
		return true
	case "sym":
		return len(args) == 1 && isCondition(args[0], conditions)
	}
	return false
}

// notACondition is the error of CompileCondition for src, of syntax tree
// node, which is not a condition: what it is, and how to make it one.
func notACondition(src string, node ast.Node) error {
	src = strings.TrimSpace(src)
	what, hint := "is a number, not a condition", "compare it, e.g. "+src+" == 0"
	switch node.(type) {
	case *ast.IntegerNode:
		hint = "write true (every position) or false (none), or compare it"
	case *ast.ConditionalNode:
		hint = "compare it, e.g. (" + src + ") == 0"
	case *ast.VariableDeclaratorNode:
		hint = "compare the value after the last ';', e.g. let x = a + b; x == 0"
	default:
		if !isNumber(node) {
			what = "reads a number as a condition"
			hint = "compare each number in it, e.g. a ^ b == 0 rather than a ^ b, !(a == 0) rather than !a"
		}
	}
	return fmt.Errorf("expression %q %s: %s", src, what, hint)
}

// isNumber reports whether node is a number at its top: not a connective
// (&&, ||, !) nor sym(), whose parts are then the numbers to compare.
func isNumber(node ast.Node) bool {
	switch n := node.(type) {
	case *ast.UnaryNode:
		return n.Operator != "!" && n.Operator != "not"
	case *ast.BinaryNode:
		switch n.Operator {
		case "&&", "and", "||", "or":
			return false
		}
	case *ast.BuiltinNode:
		return n.Name != "sym"
	case *ast.CallNode:
		id, ok := n.Callee.(*ast.IdentifierNode)
		return !ok || id.Value != "sym"
	}
	return true
}

// CompileCondition is Compile for a condition (IsCondition): the set of
// positions of a claim, or a region. A number is refused, with the
// comparison it most likely meant.
func CompileCondition(src string, n int, symmetries func() (*complex.Group, error)) (*Expr, error) {
	e, err := Compile(src, n, symmetries)
	if err != nil {
		return nil, err
	}
	if !e.IsCondition() {
		return nil, notACondition(src, e.tree)
	}
	return e, nil
}

// Conjuncts parses src and returns the conjuncts of its top-level && (src
// itself when it is not a conjunction), each in the parser's normal form,
// so that conjuncts written alike compare equal as strings. The forms are
// for comparing only: they are not always valid source (a ^ b's
// parentheses are dropped).
func Conjuncts(src string) ([]string, error) {
	tree, err := parse(src)
	if err != nil {
		return nil, err
	}
	var out []string
	var walk func(ast.Node)
	walk = func(node ast.Node) {
		if b, ok := node.(*ast.BinaryNode); ok && (b.Operator == "&&" || b.Operator == "and") {
			walk(b.Left)
			walk(b.Right)
			return
		}
		out = append(out, node.String())
	}
	walk(tree.Node)
	return out, nil
}
