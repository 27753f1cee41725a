package table

import (
	"context"
	"fmt"
	"slices"

	"github.com/nimlab/nimlab/game"
)

// Critical returns, for every remoteness r that occurs in t, the positions of
// remoteness r that are minimal among them (papers/002_770aced0ab8f9894.txt
// calls them R-critical): no other position y <= x has remoteness r. For a
// sorted table the order is "sorted piles componentwise <=" and the positions
// are sorted; otherwise it is the componentwise order. Entry r of the result
// lists them in state order; it is empty when r does not occur.
//
// Every position below one in the box is in the box, so the positions found
// are minimal among all positions, not only those of the box; minimal
// positions outside the box are not found.
//
// One pass in state order keeps, for each state, the set of remoteness values
// met strictly below it: the union over the lower neighbours (one pile one
// token smaller; for sorted positions, the first pile of a run of equal
// piles) of their own value and their set.
func Critical(ctx context.Context, t *Table) ([][]game.Position, error) {
	if t.Remoteness == nil {
		return nil, fmt.Errorf("critical positions need a remoteness table")
	}
	n := len(t.Box)
	words := int64(slices.Max(t.Remoteness))/64 + 1
	below := make([]uint64, t.States()*words) // bit r of state s: remoteness r occurs strictly below s
	var out [][]game.Position
	add := func(r int, p game.Position) {
		for r >= len(out) {
			out = append(out, nil)
		}
		out[r] = append(out[r], append(game.Position(nil), p...))
	}
	stride := t.Box.Strides()
	// lower calls f with the state of every lower neighbour of p (state s).
	lower := func(p game.Position, s int64, f func(int64)) {
		for i := range n {
			switch {
			case p[i] == 0:
			case !t.Sorted:
				f(s - stride[i])
			case i == 0 || p[i-1] < p[i]:
				f(s - t.Sorting().Drop(i, p[i]))
			}
		}
	}
	visit := func(p game.Position, s int64) {
		set := below[s*words : (s+1)*words]
		lower(p, s, func(q int64) {
			for k, w := range below[q*words : (q+1)*words] {
				set[k] |= w
			}
			r := t.Remoteness[q]
			set[r/64] |= 1 << (r % 64)
		})
		if r := t.Remoteness[s]; set[r/64]>>(r%64)&1 == 0 {
			add(int(r), p)
		}
	}
	if t.Sorted {
		for s, x := range t.SortedStates() {
			if s%(1<<16) == 0 && ctx.Err() != nil {
				return nil, ctx.Err()
			}
			visit(x, s)
		}
		return out, nil
	}
	p := make(game.Position, n)
	for idx := range t.Box.Positions() {
		if idx%(1<<16) == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		t.Box.Position(idx, p)
		visit(p, idx)
	}
	return out, nil
}
