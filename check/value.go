package check

import (
	"fmt"
	"regexp"
	"strconv"

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

// PileName names pile i (0-based) as the language does: a..z, then p27,
// p28, ... (p1..p26 name the first 26 piles too).
func PileName(i int) string {
	if i < 26 {
		return string(rune('a' + i))
	}
	return "p" + strconv.Itoa(i+1)
}

// identifier matches a name of the language: a pile's, a let's or a
// function's.
var identifier = regexp.MustCompile(`\b[A-Za-z_][A-Za-z0-9_]*\b`)

// MoveImage returns the move m (pile i of the target is the expression
// m[i] in the piles of the position moved from) under the symmetry perm,
// which maps a position p to q with q[i] = p[perm[i]]: the image moves p as
// m moves perm(p), taken back by perm's inverse. Pile i of the image is
// pile inv[i] of m with every pile j read as pile perm[j]. Names that are no
// pile of the game (lets, functions) are kept; a let must not shadow a
// pile's name.
func MoveImage(m []string, perm []int) []string {
	inv := make([]int, len(perm))
	for i, j := range perm {
		inv[j] = i
	}
	out := make([]string, len(m))
	for i := range m {
		out[i] = identifier.ReplaceAllStringFunc(m[inv[i]], func(name string) string {
			if j := pileIndex(name); j >= 0 && j < len(perm) {
				return PileName(perm[j])
			}
			return name
		})
	}
	return out
}

// pileIndex is the pile (0-based) a name of the language stands for, the
// inverse of PileName that also reads p1..p26 for a..z; -1 when the name is
// no pile's.
func pileIndex(name string) int {
	switch {
	case len(name) == 1 && name[0] >= 'a' && name[0] <= 'z':
		return int(name[0] - 'a')
	case len(name) > 1 && name[0] == 'p':
		if k, err := strconv.Atoi(name[1:]); err == nil && k >= 1 {
			return k - 1
		}
	}
	return -1
}
