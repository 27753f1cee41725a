package check

import (
	"errors"
	"fmt"
	"strings"

	"github.com/nimlab/nimlab/game"
)

// The functions of the language beyond arithmetic, as (*Expr).call builds
// them from their compiled arguments.

// folds are the functions of the language that fold their arguments.
var folds = map[string]func(a, b int) int{
	"xor": func(a, b int) int { return a ^ b },
	"min": func(a, b int) int { return min(a, b) },
	"max": func(a, b int) int { return max(a, b) },
}

// absValue is abs(x), flagging the overflow of -MinInt.
func (e *Expr) absValue(x value) value {
	ov := e.ov
	return func(p game.Position) int {
		v := x(p)
		if v < 0 {
			var o bool
			if v, o = neg(v); o {
				*ov = true
			}
		}
		return v
	}
}

// colmodValue is colmod(m, xs...): 1 when the columns of xs are divisible by
// m (ColumnsDivisible).
func colmodValue(m value, xs []value) value {
	return func(p game.Position) int {
		return b2i(ColumnsDivisible(m(p), func(yield func(int) bool) {
			for _, x := range xs {
				if !yield(x(p)) {
					return
				}
			}
		}))
	}
}

// slowMovesValue is slowmoves(k, xs...), flagging a count too large to be
// exact.
func (e *Expr) slowMovesValue(k value, xs []value) value {
	piles := make([]int, len(xs))
	ov := e.ov
	return func(p game.Position) int {
		for i, x := range xs {
			piles[i] = x(p)
		}
		moves, exact := slowMoves(k(p), piles)
		if !exact {
			*ov = true
		}
		return moves
	}
}

// symValue is sym(x): 1 when x holds at some symmetry of the game's complex
// applied to the position. It cannot nest, nor stand beside CompileWith's
// vars.
func (e *Expr) symValue(x value, inSym bool) (value, error) {
	if inSym {
		return nil, errors.New("sym() inside sym() is not supported")
	}
	if len(e.vars) > 0 {
		return nil, fmt.Errorf("sym() is not supported beside %s: a symmetry permutes the piles only", strings.Join(e.vars, ", "))
	}
	perms, err := e.symPerms()
	if err != nil {
		return nil, err
	}
	q := make(game.Position, e.n)
	return func(p game.Position) int {
		for _, perm := range perms {
			for i, j := range perm {
				q[i] = p[j]
			}
			if x(q) != 0 {
				return 1
			}
		}
		return 0
	}, nil
}
