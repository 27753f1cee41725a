package check

import (
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

// SymmetryPerms returns the permutations sym() ranges over, as the evaluator
// tries them: q[i] = p[perm[i]].
func (e *Expr) SymmetryPerms() ([]complex.Perm, error) { return e.symPerms() }
