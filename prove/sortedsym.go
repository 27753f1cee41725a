package prove

import (
	"slices"

	"github.com/expr-lang/expr/ast"
	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/complex"
)

// sortedSym reports whether b's conjuncts at the top (through && and
// parentheses) include x0 <= x1, x1 <= x2, ..., up to the last pile, each
// written with pile names (x0 <= x1 or x1 >= x0), none a name a let binds.
func sortedSym(e *check.Expr, b ast.Node, bound map[string]term) bool {
	n := e.Piles()
	if n < 2 {
		return false
	}
	chain := make([]bool, n-1)
	pile := func(x ast.Node) int {
		id, ok := x.(*ast.IdentifierNode)
		if !ok {
			return -1
		}
		if _, isLet := bound[id.Value]; isLet {
			return -1
		}
		i, err := e.PileIndex(id.Value)
		if err != nil {
			return -1
		}
		return i
	}
	var walk func(x ast.Node)
	walk = func(x ast.Node) {
		bin, ok := x.(*ast.BinaryNode)
		if !ok {
			return
		}
		switch bin.Operator {
		case "&&", "and":
			walk(bin.Left)
			walk(bin.Right)
		case "<=", ">=":
			lo, hi := pile(bin.Left), pile(bin.Right)
			if bin.Operator == ">=" {
				lo, hi = hi, lo
			}
			if lo >= 0 && lo < n-1 && hi == lo+1 {
				chain[lo] = true
			}
		}
	}
	walk(b)
	return !slices.Contains(chain, false)
}

// isIdentity reports whether perm maps every pile to itself.
func isIdentity(perm complex.Perm) bool {
	for i, j := range perm {
		if i != j {
			return false
		}
	}
	return true
}
