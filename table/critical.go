package table

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/internal/parallel"
)

// Critical returns, for every remoteness r that occurs in t, the positions of
// remoteness r that are minimal among them (Gurvich–Martynov–Maximchuk–Vyalyi 2023
// calls them R-critical): no other position y <= x has remoteness r. For a
// sorted table the order is "sorted piles componentwise <=" and the positions
// are sorted; otherwise it is the componentwise order. Entry r of the result
// lists them in state order; it is empty when r does not occur.
//
// Every position below one in the box is in the box, so the positions found
// are minimal among all positions, not only those of the box; minimal
// positions outside the box are not found.
//
// It keeps, for each state x, the set D(x) of the remoteness values of the
// states y <= x, as bits. D is a prefix-OR over the box, so it is computed
// one pile at a time: after the pass along pile i, D(x) covers the states
// that differ from x in the piles done so far, each smaller. For sorted
// positions the passes run from the last pile to the first, which keeps
// every intermediate position sorted (lower pile 0 first, then pile 1, ...,
// and each stays between its neighbours). The states below x are then those
// below its lower neighbours (one pile one token smaller; for sorted
// positions, the first pile of a run of equal piles), so x is critical when
// its own value is in no lower neighbour's D. Every pass runs on every core:
// along a pile other than the last, the states of one value of the last
// pile form a contiguous range that reads nothing outside it; along the last
// pile, the ranges of one value read only the previous one.
func Critical(ctx context.Context, t *Table) ([][]game.Position, error) {
	if t.Remoteness == nil {
		return nil, fmt.Errorf("critical positions need a remoteness table")
	}
	n := len(t.Box)
	words := int64(slices.Max(t.Remoteness))/64 + 1
	d := make([]uint64, t.States()*words) // D: bit r of state s: remoteness r occurs at or below s
	for s, r := range t.Remoteness {
		d[int64(s)*words+int64(r/64)] |= 1 << (r % 64)
	}
	w := t.stateWalk()
	// or sets D(s) |= D(q).
	or := func(s, q int64) {
		for k := range words {
			d[s*words+k] |= d[q*words+k]
		}
	}
	top := t.Box[n-1]
	for i := n - 1; i >= 0; i-- {
		if i == n-1 {
			for m := 1; m <= top; m++ {
				from, to := w.lastPile(m)
				err := w.chunks(ctx, from, to, func(s int64, x game.Position) {
					if q, ok := w.lower(s, x, i); ok {
						or(s, q)
					}
				})
				if err != nil {
					return nil, err
				}
			}
			continue
		}
		// One range per value of the last pile, the largest first.
		err := parallel.Chunks(ctx, int64(top+1), 1, 0, func(k, _ int64) error {
			from, to := w.lastPile(top - int(k))
			for s, x := range t.StatesIn(from, to) {
				if q, ok := w.lower(s, x, i); ok {
					or(s, q)
				}
			}
			return ctx.Err()
		})
		if err != nil {
			return nil, err
		}
	}
	// The critical positions, found chunk by chunk and put in state order.
	type found struct {
		r int
		p game.Position
	}
	var mu sync.Mutex
	byChunk := map[int64][]found{}
	err := parallel.Chunks(ctx, t.States(), criticalChunk, 0, func(from, to int64) error {
		var list []found
		below := make([]uint64, words)
		for s, x := range t.StatesIn(from, to) {
			clear(below)
			for i := range n {
				if q, ok := w.lower(s, x, i); ok {
					for k := range words {
						below[k] |= d[q*words+k]
					}
				}
			}
			if r := t.Remoteness[s]; below[r/64]>>(r%64)&1 == 0 {
				list = append(list, found{int(r), slices.Clone(x)})
			}
		}
		mu.Lock()
		byChunk[from] = list
		mu.Unlock()
		return ctx.Err()
	})
	if err != nil {
		return nil, err
	}
	var out [][]game.Position
	for from := int64(0); from < t.States(); from += criticalChunk {
		for _, f := range byChunk[from] {
			for f.r >= len(out) {
				out = append(out, nil)
			}
			out[f.r] = append(out[f.r], f.p)
		}
	}
	return out, nil
}

// criticalChunk is the number of states a worker of Critical takes at a
// time (a variable for the tests).
var criticalChunk int64 = 1 << 16

// stateWalk walks the states of a table in order, with their positions.
type stateWalk struct {
	t      *Table
	stride []int64
}

func (t *Table) stateWalk() *stateWalk { return &stateWalk{t: t, stride: t.Box.Strides()} }

// lastPile returns the range of states whose last pile holds m tokens.
func (w *stateWalk) lastPile(m int) (from, to int64) {
	n := len(w.t.Box)
	if w.t.Sorted {
		s := w.t.Sorting()
		return s.Term(n-1, m), s.Term(n-1, m+1)
	}
	return int64(m) * w.stride[n-1], int64(m+1) * w.stride[n-1]
}

// lower returns the state one token below s (position x) in pile i, and
// false when there is none (pile i is empty, or for a sorted table, pile i
// is not the first of its value).
func (w *stateWalk) lower(s int64, x game.Position, i int) (int64, bool) {
	switch {
	case x[i] == 0:
		return 0, false
	case !w.t.Sorted:
		return s - w.stride[i], true
	case i == 0 || x[i-1] < x[i]:
		return s - w.t.Sorting().Drop(i, x[i]), true
	}
	return 0, false
}

// chunks calls f for the states from..to-1, in chunks of criticalChunk on
// every core; f must not depend on the order of states within the range.
func (w *stateWalk) chunks(ctx context.Context, from, to int64, f func(s int64, x game.Position)) error {
	return parallel.Chunks(ctx, to-from, criticalChunk, 0, func(a, b int64) error {
		for s, x := range w.t.StatesIn(from+a, from+b) {
			f(s, x)
		}
		return ctx.Err()
	})
}
