package solve

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"sync"

	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/internal/parallel"
	"github.com/nimlab/nimlab/table"
)

// Report is what nimlab computes about one position.
type Report struct {
	Position game.Position
	// Outcome is "P" (the previous player wins) or "N" (the next player wins).
	Outcome string
	// Grundy is the Grundy value (in misère play the misère Grundy value),
	// or -1 when it is not known (a saved table without Grundy values).
	Grundy int
	// Remoteness is Smith's remoteness (see Remoteness), or -1 when it was
	// not computed.
	Remoteness int
	// WinningMoves lists the options that are P-positions, in index order
	// (pile 1 fastest); empty at a P-position.
	WinningMoves []game.Position
	// BestMove, when remoteness was computed and p is not terminal, is an
	// option of remoteness Remoteness-1: at an N-position a fastest win, at
	// a P-position a move that resists longest. The first in index order.
	BestMove game.Position
}

// AnalysisBox returns the box Analyze solves for p: the positions below p, or
// for a symmetric game the sorted positions up to the largest pile of p when
// there are fewer of them.
func AnalysisBox(g *game.Game, p game.Position) table.Box {
	box := table.BoxOf(p)
	if u := table.Uniform(len(p), slices.Max(p)); u.Check() == nil && stateCount(g, u) < box.Positions() {
		return u
	}
	return box
}

// Analyze computes the outcome, Grundy value, winning moves and, with
// opts.Remoteness, the remoteness and best move of p by solving the box
// AnalysisBox(g, p) (solve.Table picks the engine).
func Analyze(ctx context.Context, g *game.Game, p game.Position, opts Options) (*Report, error) {
	if err := checkMoveSets(g); err != nil {
		return nil, err
	}
	box := AnalysisBox(g, p)
	opts.Grundy = true
	t, err := Table(ctx, g, box, opts)
	if err != nil {
		return nil, err
	}
	return ReportFrom(g, t, p)
}

// ReportFrom reads what t knows about p: the outcome and the winning moves,
// and the Grundy value and remoteness (with a best move) when t holds them.
// t must be a table of g whose box holds p (so it holds every option of p):
// held in memory or read from its file (table.File), where the options are
// looked up in the order of the table, so each block is read once.
func ReportFrom(g *game.Game, t table.Lookup, p game.Position) (*Report, error) {
	if err := t.CheckGame(g); err != nil {
		return nil, err
	}
	if err := t.CheckPosition(p); err != nil {
		return nil, err
	}
	if err := checkMoveSets(g); err != nil {
		return nil, err
	}
	grundy, remoteness := t.Holds()
	r := &Report{Position: p, Grundy: -1, Outcome: "N", Remoteness: -1}
	if grundy {
		v, err := t.LookupGrundy(p)
		if err != nil {
			return nil, err
		}
		r.Grundy = int(v)
	}
	isP, err := t.LookupP(p)
	if err != nil {
		return nil, err
	}
	if isP {
		r.Outcome = "P"
	}
	if r.Outcome == "P" && !remoteness {
		return r, nil // no winning move, and no best move to look for
	}
	// Every option lies in the box of p; the order of its indices there is
	// the table's (the last pile most significant).
	type option struct {
		index int64
		q     game.Position
	}
	var options []option
	below := table.BoxOf(p)
	for q := range g.Options(p) {
		options = append(options, option{below.Index(q), slices.Clone(q)})
	}
	slices.SortFunc(options, func(a, b option) int { return cmp.Compare(a.index, b.index) })
	if remoteness {
		if r.Remoteness, err = t.LookupRemoteness(p); err != nil {
			return nil, err
		}
	}
	for _, o := range options {
		q := o.q
		if r.Outcome == "N" {
			if isP, err = t.LookupP(q); err != nil {
				return nil, err
			}
			if isP {
				r.WinningMoves = append(r.WinningMoves, q)
			}
		}
		if remoteness && r.BestMove == nil {
			rq, err := t.LookupRemoteness(q)
			if err != nil {
				return nil, err
			}
			if rq == r.Remoteness-1 {
				r.BestMove = q
			}
		}
	}
	return r, nil
}

// RemotenessCost estimates the work of a remoteness table for p, on
// AnalysisBox: the cheaper of the two ways remotenessCosts gives.
func RemotenessCost(g *game.Game, p game.Position) float64 {
	recurrence, lookups := remotenessCosts(g, AnalysisBox(g, p))
	return min(recurrence, lookups)
}

// remotenessCosts estimates the work of a remoteness table of box in two
// ways: by the min/max recurrence of the line engine (fastRemoteness, take
// games only, +Inf otherwise), the positions times the sum of the facet
// sizes; and by looking up every option (Values), the states times the
// options of the box's top position, as the rule counts them
// (game.Game.OptionCount). Take games list many options: the product of the
// piles of each face.
func remotenessCosts(g *game.Game, box table.Box) (recurrence, lookups float64) {
	recurrence = math.Inf(1)
	if g.TakeOnFaces() {
		sizes := 0
		for _, f := range g.Complex.Facets() {
			sizes += f.Len()
		}
		recurrence = float64(box.Positions()) * float64(max(sizes, 1))
	}
	options := g.OptionCount(game.Position(box)) // +Inf: too many move sets, or a rule that cannot count
	return recurrence, float64(stateCount(g, box)) * max(options, 1)
}

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
	// Every value lies below the largest one: size the counts once.
	var grundyLen, remotenessLen int
	if t.Grundy != nil {
		grundyLen = int(slices.Max(t.Grundy)) + 1
	}
	if t.Remoteness != nil {
		remotenessLen = int(slices.Max(t.Remoteness)) + 1
	}
	s.GrundyCounts = make([]int64, grundyLen)
	s.RemotenessCounts = make([]int64, remotenessLen)
	orbits := newOrbitTable(len(t.Box))
	var mu sync.Mutex
	err := parallel.Chunks(ctx, t.States(), 1<<22, 0, func(from, to int64) error {
		grundy, remoteness := make([]int64, grundyLen), make([]int64, remotenessLen)
		var p int64
		if t.Sorted {
			// The sorted positions in rank order (table.Sorting.Next), with
			// the mask of equal neighbours kept up to date.
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
					grundy[t.Grundy[i]] += w
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
		} else {
			if t.Grundy != nil {
				for _, v := range t.Grundy[from:to] {
					grundy[v]++
				}
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
	if len(s.GrundyCounts) == 0 {
		s.GrundyCounts = nil
	}
	if len(s.RemotenessCounts) == 0 {
		s.RemotenessCounts = nil
	}
	return nil
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

// of is table.Orbit(x) for the sorted x.
func (o orbitTable) of(x []int) int64 { return o.by(x, equalNeighbours(x)) }

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

// CheckMemory returns an error wrapping ErrTooLarge when a solve needs more
// than available bytes.
func CheckMemory(g *game.Game, box table.Box, opts Options, reference bool, available int64) error {
	return checkNeed(g, box, MemoryNeeded(g, box, opts, reference), available)
}

// CheckStreamMemory is CheckMemory for StreamTable (StreamMemory, and the
// table when it is kept).
func CheckStreamMemory(g *game.Game, box table.Box, keep bool, available int64) error {
	need := StreamMemory(g, box)
	if keep {
		need = saturatingAdd(need, 2*box.Lines())
	}
	return checkNeed(g, box, need, available)
}

func checkNeed(g *game.Game, box table.Box, need, available int64) error {
	if need > available {
		return fmt.Errorf("%w: solving %s on %v needs about %s, but only %s is available (use --force to try anyway)",
			ErrTooLarge, g.Spec, box, Bytes(need), Bytes(available))
	}
	return nil
}

// Bytes writes a byte count for people, e.g. "1.5 GB".
func Bytes(n int64) string {
	const unit = 1000
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %cB", float64(n)/float64(div), "kMGTPE"[exp])
}
