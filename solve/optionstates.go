package solve

import (
	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/table"
)

// optionStates lists the states of the options of the position p of state s.
type optionStates interface {
	options(p game.Position, s int64, out []int64) []int64
}

// enumerated builds every option and looks up its state.
type enumerated struct {
	g *game.Game
	t *table.Table
}

func (e *enumerated) options(p game.Position, _ int64, out []int64) []int64 {
	for q := range e.g.Options(p) {
		out = append(out, e.t.State(q))
	}
	return out
}

// boxEqual: on a box, under a rule that takes the same amount t from every
// pile of a move set S — the slow rule (t = 1), fixed and fixedall (t = a),
// Wythoff's (any t) — the option of playing S has index idx - t * stride(S),
// with stride(S) the sum over i in S of stride_i.
type boxEqual struct {
	sets   []complex.Set
	piles  [][]int
	offset []int64
	a      int // the amount taken from each pile; 0: any amount
}

// newBoxEqual returns the generator for a game taking a tokens (0: any
// number) from each pile of a move set, whose move sets are listable.
func newBoxEqual(g *game.Game, box table.Box, a int) *boxEqual {
	stride := box.Strides()
	sets, _ := g.MoveSets() // checked by Values
	b := &boxEqual{sets: sets, a: a}
	for _, e := range b.sets {
		var off int64
		for _, v := range e.Vertices() {
			off += stride[v]
		}
		b.offset = append(b.offset, off)
		b.piles = append(b.piles, e.Vertices())
	}
	return b
}

// equalAmount reports whether g takes the same amount from every pile of a
// move set, and which (0: any): the slow rule, or a rule with the capability.
func equalAmount(g *game.Game) (int, bool) {
	if r, ok := g.Rule().(game.EqualAmountRule); ok {
		return r.EqualAmount(), true
	}
	return 0, false
}

// isSlow reports whether g follows the slow rule: exactly one token from
// every pile of a move set (game.EqualAmountRule with 1).
func isSlow(g *game.Game) bool {
	a, ok := equalAmount(g)
	return ok && a == 1
}

func (b *boxEqual) options(p game.Position, s int64, out []int64) []int64 {
	if b.a > 0 {
		var enough complex.Set // the piles holding at least a tokens
		for i, v := range p {
			if v >= b.a {
				enough |= 1 << uint(i)
			}
		}
		for k, e := range b.sets {
			if e&^enough == 0 {
				out = append(out, s-int64(b.a)*b.offset[k])
			}
		}
		return out
	}
	for k, piles := range b.piles {
		top := p[piles[0]]
		for _, v := range piles[1:] {
			top = min(top, p[v])
		}
		for t := 1; t <= top; t++ {
			out = append(out, s-int64(t)*b.offset[k])
		}
	}
	return out
}

// sortedSlow: under the slow rule of a symmetric game, a move on j piles of
// the sorted position x takes c_r piles from each run r of equal non-zero
// piles, sum c_r = j; taking the first c_r piles of each run keeps the
// position sorted, and the option's rank is x's rank minus the rank drops of
// those piles.
type sortedSlow struct {
	sorting *table.Sorting
	sizes   []int
	// For the current position, run r of equal non-zero piles has the
	// prefix sums of its rank drops at drops[bounds[r]:bounds[r+1]]: entry c
	// is the rank lost by taking the first c piles of the run.
	drops  []int64
	bounds []int
	// skips is laid out like drops: entry c is minus the rank kept by
	// leaving the last c piles of the run unreduced, when every other
	// non-empty pile is reduced.
	skips []int64
	// capacity[r] is the number of piles in runs r, r+1, ...
	capacity []int
}

func newSortedSlow(g *game.Game, s *table.Sorting) *sortedSlow {
	return &sortedSlow{sorting: s, sizes: g.MoveSizes()}
}

func (o *sortedSlow) options(x game.Position, s int64, out []int64) []int64 {
	o.drops, o.skips, o.bounds = o.drops[:0], o.skips[:0], o.bounds[:0]
	nonEmpty := 0
	var total int64 // the rank lost by reducing every non-empty pile
	for i := 0; i < len(x); {
		j := i
		for j < len(x) && x[j] == x[i] {
			j++
		}
		if x[i] > 0 {
			nonEmpty += j - i
			start := len(o.drops)
			o.bounds = append(o.bounds, start)
			sum := int64(0)
			o.drops = append(o.drops, sum)
			for k := i; k < j; k++ {
				sum += o.sorting.Drop(k, x[k])
				o.drops = append(o.drops, sum)
			}
			total += sum
			for c := range j - i + 1 {
				o.skips = append(o.skips, o.drops[start+(j-i)-c]-sum)
			}
		}
		i = j
	}
	o.bounds = append(o.bounds, len(o.drops))
	o.capacity = o.capacity[:0]
	for r := range len(o.bounds) {
		o.capacity = append(o.capacity, len(o.drops)-o.bounds[r]-(len(o.bounds)-1-r))
	}
	for _, size := range o.sizes {
		switch {
		case size > nonEmpty:
		case size <= nonEmpty-size:
			out = o.spread(o.drops, 0, size, s, out)
		default: // fewer piles to skip than to take
			out = o.spread(o.skips, 0, nonEmpty-size, s-total, out)
		}
	}
	return out
}

// spread chooses left piles from runs r, r+1, ... in every way; choosing c
// piles of run r subtracts lost[bounds[r]+c] from the rank s.
func (o *sortedSlow) spread(lost []int64, r, left int, s int64, out []int64) []int64 {
	if left == 0 {
		return append(out, s)
	}
	if o.capacity[r] < left {
		return out
	}
	d := lost[o.bounds[r]:o.bounds[r+1]]
	for c := range min(left, len(d)-1) + 1 {
		out = o.spread(lost, r+1, left-c, s-d[c], out)
	}
	return out
}
