package solve

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/internal/parallel"
	"github.com/nimlab/nimlab/table"
)

// Summary counts what a table holds. Counts are over every position of the
// box, also for sorted tables (each sorted state stands for its orbit).
type Summary struct {
	Positions int64 `json:"positions"`
	// States is the number of states stored: Positions, or the number of
	// sorted positions of a sorted table.
	States     int64 `json:"states"`
	PPositions int64 `json:"p_positions"`
	// PClasses counts the symmetry classes of P-positions, or is -1 when
	// the symmetry group is too large to list or not known.
	PClasses int64 `json:"p_classes"`
	// Symmetries is the order of the symmetry group, as a decimal string, or
	// empty when it was not computed; SymmetriesNote then says why.
	Symmetries     string `json:"symmetries,omitempty"`
	SymmetriesNote string `json:"symmetries_note,omitempty"`
	// GrundyCounts[v] is the number of positions of Grundy value v, when
	// Grundy values were computed.
	GrundyCounts []int64 `json:"grundy_counts,omitempty"`
	// RemotenessCounts[r] is the number of positions of remoteness r (P when
	// r is even, N when odd), when remoteness was computed.
	RemotenessCounts []int64 `json:"remoteness_counts,omitempty"`
}

// Summarize counts the P-positions of t, their symmetry classes under the
// symmetries of g, the Grundy values and the remoteness, on every core. When the symmetry
// group is not computed (too large, or not known for the game) PClasses is
// -1 and SymmetriesNote says why; when ctx is done it returns ctx's error.
//
// The states are walked once: the P-positions of a sorted table (each
// weighted by its orbit) are counted in the same pass as the Grundy values
// and the remoteness.
func Summarize(ctx context.Context, g *game.Game, t *table.Table) (*Summary, error) {
	s := &Summary{Positions: t.Box.Positions(), States: t.States(), PClasses: -1}
	if err := countStates(ctx, t, s); err != nil {
		return nil, err
	}
	grp, err := g.Symmetries(ctx)
	switch {
	case ctx.Err() != nil:
		return nil, ctx.Err()
	case err != nil:
		s.SymmetriesNote = "not computed (" + err.Error() + ")"
	case !grp.Listed():
		s.Symmetries = grp.Order().String()
		s.SymmetriesNote = fmt.Sprintf("not computed (%v: the group has more than %d elements to list)", complex.ErrTooLarge, complex.MaxListedSymmetries)
	default:
		s.Symmetries = grp.Order().String()
		if uniform(t.Box) {
			if s.PClasses, err = t.CountClasses(ctx, grp); err != nil {
				return nil, err
			}
		}
	}
	return s, nil
}

// countStates fills the P-positions, Grundy and remoteness counts of s from
// t, in one pass over the states in chunks on every core; a sorted state
// counts every order of its piles.
func countStates(ctx context.Context, t *table.Table, s *Summary) error {
	if !t.Sorted && t.Grundy == nil && t.Remoteness == nil {
		s.PPositions = t.CountP() // lines or bits: no walk over the states
		return nil
	}
	grundyLen, remotenessLen := countLengths(t)
	s.GrundyCounts = make([]int64, grundyLen)
	s.RemotenessCounts = make([]int64, remotenessLen)
	orbits := newOrbitTable(len(t.Box))
	var mu sync.Mutex
	err := parallel.Chunks(ctx, t.States(), 1<<20, 0, func(from, to int64) error {
		grundy, remoteness := make([]int64, grundyLen), make([]int64, remotenessLen)
		var p int64
		if t.Sorted {
			p = countSorted(t, orbits, from, to, grundy, remoteness)
		} else {
			if t.Grundy != nil {
				t.Grundy.Count(from, to, grundy)
			}
			if t.Remoteness != nil {
				for _, r := range t.Remoteness[from:to] {
					remoteness[r]++
				}
			}
		}
		mu.Lock()
		defer mu.Unlock()
		s.PPositions += p
		for v, c := range grundy {
			s.GrundyCounts[v] += c
		}
		for r, c := range remoteness {
			s.RemotenessCounts[r] += c
		}
		return nil
	})
	if err != nil {
		return err
	}
	if !t.Sorted {
		s.PPositions = t.CountP()
	}
	trimCounts(t, s)
	return nil
}

// countLengths sizes the Grundy and remoteness counts of t: every value
// lies below the largest one. Values of one byte are counted up to the
// largest the byte holds, and the counts cut after the largest value found
// (trimCounts), which spares a walk over the table (a serial one: 40 ms for
// CN(6,3) with piles up to 20).
func countLengths(t *table.Table) (grundyLen, remotenessLen int) {
	if t.Grundy != nil {
		if t.Grundy.Width() == 1 {
			grundyLen = int(t.Grundy.Max()) + 1
		} else {
			grundyLen = int(t.Grundy.Largest()) + 1
		}
	}
	if t.Remoteness != nil {
		remotenessLen = int(slices.Max(t.Remoteness)) + 1
	}
	return grundyLen, remotenessLen
}

// countSorted counts the sorted states from..to-1 of t, each weighed by its
// orbit, into grundy and remoteness, and returns the P-positions among them.
// It walks the sorted positions in rank order (table.Sorting.Next), with the
// mask of equal neighbours kept up to date.
func countSorted(t *table.Table, orbits orbitTable, from, to int64, grundy, remoteness []int64) int64 {
	var p int64
	n, h := len(t.Box), t.Box[0]
	x := make([]int, n)
	t.Sorting().Unrank(from, x)
	mask := equalNeighbours(x)
	for i := from; i < to; i++ {
		w := orbits.by(x, mask)
		if t.IsPState(i) {
			p += w
		}
		if t.Grundy != nil {
			grundy[t.Grundy.At(i)] += w
		}
		if t.Remoteness != nil {
			remoteness[t.Remoteness[i]] += w
		}
		// The next sorted position: raise the first pile that may
		// grow, empty the piles before it.
		for k := range x {
			if k+1 < n && x[k] < x[k+1] || k+1 == n && x[k] < h {
				x[k]++
				clear(x[:k])
				mask = mask&^(1<<k-1) | (1<<k-1)>>1 // piles 0..k-1 equal (empty), pile k-1 below pile k
				if k+1 < n {
					mask &^= 1 << k
					if x[k] == x[k+1] {
						mask |= 1 << k
					}
				}
				break
			}
		}
	}
	return p
}

// trimCounts cuts the Grundy counts of s after the largest value found, and
// leaves empty counts nil.
func trimCounts(t *table.Table, s *Summary) {
	if t.Grundy != nil {
		largest := 0 // 0 when there are no states
		for v, c := range s.GrundyCounts {
			if c != 0 {
				largest = v
			}
		}
		s.GrundyCounts = s.GrundyCounts[:largest+1]
	}
	if len(s.GrundyCounts) == 0 {
		s.GrundyCounts = nil
	}
	if len(s.RemotenessCounts) == 0 {
		s.RemotenessCounts = nil
	}
}

// orbitTable gives the orbit sizes of sorted positions (table.Orbit) by
// which neighbouring piles are equal: one look-up instead of a division per
// pile, for up to maxOrbitPiles piles.
type orbitTable struct{ sizes []int64 }

// maxOrbitPiles is the most piles orbitTable tabulates (2^15 entries).
const maxOrbitPiles = 16

func newOrbitTable(n int) orbitTable {
	if n > maxOrbitPiles || n < 1 {
		return orbitTable{}
	}
	sizes := make([]int64, 1<<(n-1))
	x := make([]int, n)
	for mask := range sizes {
		for i := 1; i < n; i++ {
			x[i] = x[i-1]
			if mask>>(i-1)&1 == 0 {
				x[i]++
			}
		}
		sizes[mask] = table.Orbit(x)
	}
	return orbitTable{sizes}
}

// by is table.Orbit(x) for the sorted x whose equal neighbours are mask
// (equalNeighbours).
func (o orbitTable) by(x []int, mask int) int64 {
	if o.sizes == nil {
		return table.Orbit(x)
	}
	return o.sizes[mask]
}

// equalNeighbours has bit i-1 set when x[i] == x[i-1].
func equalNeighbours(x []int) int {
	mask := 0
	for i := 1; i < len(x); i++ {
		if x[i] == x[i-1] {
			mask |= 1 << (i - 1)
		}
	}
	return mask
}

func uniform(b table.Box) bool {
	for _, h := range b {
		if h != b[0] {
			return false
		}
	}
	return true
}
