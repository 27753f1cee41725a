package check

import (
	"fmt"

	"github.com/nimlab/nimlab/game"
)

// IntEvaluator returns a function giving the expression's value at a
// position (booleans read as 1 and 0) in the integers, as Evaluator
// computes it: ok is false only when that value is not an int. A position
// of an expression of CompileWith holds its named values after the piles.
// Each evaluator has its own scratch space: use one per goroutine.
func (e *Expr) IntEvaluator() func(game.Position) (v int, ok bool) {
	b := *e
	b.names = nil
	ov := new(bool)
	b.ov = ov
	f, err := b.build(b.tree, false)
	if err != nil {
		panic(fmt.Sprintf("check: %q compiled but does not build: %v", e.src, err))
	}
	return func(p game.Position) (int, bool) {
		v := f(p)
		if *ov {
			*ov = false
			x := e.exact(p)
			if !x.IsInt64() || int64(int(x.Int64())) != x.Int64() {
				return 0, false
			}
			return int(x.Int64()), true
		}
		return v, true
	}
}
