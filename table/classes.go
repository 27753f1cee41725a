package table

import (
	"context"
	"fmt"
	"math/bits"
	"runtime"
	"sync/atomic"

	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/internal/parallel"
)

// chunkOf is the number of box indices a worker takes at a time when
// walking the P-positions: a multiple of 64 lines, near 2^20 positions.
func (t *Table) chunkOf() int64 {
	unit := 64 * int64(t.Box[0]+1)
	return unit * max(1, (1<<20)/unit)
}

// CountClasses returns the number of symmetry classes of P-positions under the
// group, which must be listed (complex.Group.Listed), on every core. The box
// must be invariant under it (a uniform box always is). It returns ctx's
// error when ctx is done.
func (t *Table) CountClasses(ctx context.Context, g *complex.Group) (int64, error) {
	var n int64
	if t.Sorted && g.Full() {
		for _, w := range t.P {
			n += int64(bits.OnesCount64(w))
		}
		return n, nil
	}
	if !t.Sorted && !g.Full() {
		if n, ok, err := t.classesByBurnside(ctx, g.Elements()); ok || err != nil {
			return n, err
		}
	}
	var count atomic.Int64
	err := parallel.Chunks(ctx, t.Box.Positions(), t.chunkOf(), 0, func(from, to int64) error {
		var part int64
		t.pPositionsIn(ctx, from, to, func(p game.Position) bool {
			if g.IsCanonical(p) {
				part++
			}
			return true
		})
		count.Add(part)
		return nil
	})
	return count.Load(), err
}

// ClassRepresentatives yields the P-positions of t in index order, only
// the canonical one of each symmetry class (complex.Group.IsCanonical) when
// group is not nil. Up to workers goroutines (one per core when workers <=
// 0) test chunks of the box ahead of the caller, at most a few chunks
// ahead. The yielded slice is reused. It stops early when ctx is done
// (callers check ctx.Err() afterwards).
func (t *Table) ClassRepresentatives(ctx context.Context, group *complex.Group, workers int) func(yield func(game.Position) bool) {
	return func(yield func(game.Position) bool) {
		if group == nil {
			t.PPositions(ctx)(yield)
			return
		}
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		if workers <= 0 {
			workers = runtime.GOMAXPROCS(0)
		}
		n, size := t.Box.Positions(), t.chunkOf()
		// Each chunk's canonical positions, flattened, arrive on its own
		// channel; the channels queue in order.
		pending := make(chan chan []int, workers)
		go func() {
			defer close(pending)
			for from := int64(0); from < n; from += size {
				c := make(chan []int, 1)
				select {
				case pending <- c:
				case <-ctx.Done():
					return
				}
				go func() {
					var flat []int
					t.pPositionsIn(ctx, from, min(n, from+size), func(p game.Position) bool {
						if group.IsCanonical(p) {
							flat = append(flat, p...)
						}
						return true
					})
					c <- flat
				}()
			}
		}()
		piles := len(t.Box)
		for c := range pending {
			flat := <-c
			for i := 0; i < len(flat); i += piles {
				if !yield(flat[i : i+piles]) {
					return
				}
			}
		}
	}
}

// classesByBurnside counts the classes by Burnside's lemma: their number is
// the mean, over the symmetries, of the number of P-positions a symmetry
// fixes. The positions fixed by a permutation are constant on its cycles, so
// a symmetry with c cycles is checked on (h+1)^c positions, and the identity
// by counting bits; the symmetries are checked on every core. It reports
// false, without counting, when that is more work than testing every
// P-position against every symmetry.
func (t *Table) classesByBurnside(ctx context.Context, perms []complex.Perm) (int64, bool, error) {
	pCount := t.CountP()
	stride := t.Box.Strides()
	type cycleSet struct {
		top    []int   // the height of each cycle's piles
		stride []int64 // the index step of adding one token to each pile of the cycle
	}
	var sets []cycleSet
	work := float64(0)
	identities := 0
	for _, perm := range perms {
		var cs cycleSet
		seen := make([]bool, len(perm))
		size := 1.0
		for v := range perm {
			if seen[v] {
				continue
			}
			var st int64
			for u := v; !seen[u]; u = perm[u] {
				seen[u] = true
				st += stride[u]
			}
			cs.top = append(cs.top, t.Box[v])
			cs.stride = append(cs.stride, st)
			size *= float64(t.Box[v] + 1)
		}
		if len(cs.top) == len(perm) {
			identities++
			continue
		}
		work += size
		sets = append(sets, cs)
	}
	if work > float64(pCount)*float64(len(perms)) {
		return 0, false, nil
	}
	var fixed atomic.Int64
	fixed.Store(pCount * int64(identities))
	err := parallel.Chunks(ctx, int64(len(sets)), 1, 0, func(k, _ int64) error {
		cs := sets[k]
		value := make([]int, len(cs.top))
		var idx, part int64
		for steps := int64(0); ; steps++ {
			if steps%(1<<16) == 0 && ctx.Err() != nil {
				return ctx.Err()
			}
			if t.isPIndex(idx) {
				part++
			}
			c := 0
			for ; c < len(value); c++ {
				if value[c] < cs.top[c] {
					value[c]++
					idx += cs.stride[c]
					break
				}
				idx -= int64(value[c]) * cs.stride[c]
				value[c] = 0
			}
			if c == len(value) {
				break
			}
		}
		fixed.Add(part)
		return nil
	})
	if err != nil {
		return 0, true, err
	}
	total := fixed.Load()
	if total%int64(len(perms)) != 0 {
		return 0, true, fmt.Errorf("burnside: %d fixed P-positions over %d symmetries: the box is not invariant under the group", total, len(perms))
	}
	return total / int64(len(perms)), true, nil
}
