package check

import (
	"container/heap"
	"context"
	"fmt"
	"runtime"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
	"golang.org/x/sync/errgroup"
)

// Report is the outcome of comparing a characterization S with a table.
// Counts are over every position of the table's box, or, when the
// comparison is restricted to a region (CompareIn), over the positions of
// the box in the region.
type Report struct {
	// Positions counts every position of the box, in the region or not.
	Positions int64 `json:"positions"`
	// Accepted counts the positions in S.
	Accepted int64 `json:"accepted"`
	// PNotAccepted counts the P-positions outside S; AcceptedNotP the
	// N-positions in S.
	PNotAccepted int64 `json:"p_not_accepted"`
	AcceptedNotP int64 `json:"accepted_not_p"`
	// Violations1 counts the positions of S with an option in S (condition
	// (I)); Violations2 the positions outside S with no option in S
	// (condition (II)). In normal play the terminal position must be in S
	// (condition (III)): outside S it counts under (II). In misère play it
	// must be outside S: inside it counts under (I).
	Violations1 int64 `json:"violations_1"`
	Violations2 int64 `json:"violations_2"`
	// Examples lists, for each kind above, the positions with the smallest
	// total of piles (ties in index order).
	Examples map[string][]game.Position `json:"examples"`
	// Region, when the comparison is restricted to a region R, counts its
	// positions; the other counts are then of R's positions only, and S is
	// read as S ∩ R: (I) counts the positions of S ∩ R with an option in
	// S ∩ R, (II) the positions of R outside S with none.
	Region *RegionCounts `json:"region,omitempty"`
}

// RegionCounts describes the region a comparison was restricted to.
type RegionCounts struct {
	// Positions counts the positions of the box in the region.
	Positions int64 `json:"positions"`
	// Leaving counts the positions of the region with an option outside it
	// (within the box): when it is 0, no move of the box leaves the region,
	// and S ∩ R agreeing with the P-positions of R is what a region theorem
	// claims there. Examples[KindLeavesRegion] lists some.
	Leaving int64 `json:"leaving"`
}

// Agrees reports whether S is exactly the set of P-positions of the table.
func (r *Report) Agrees() bool { return r.PNotAccepted == 0 && r.AcceptedNotP == 0 }

// Example kinds, the keys of Report.Examples.
const (
	KindPNotAccepted = "p_not_accepted"
	KindAcceptedNotP = "accepted_not_p"
	KindViolation1   = "violations_1"
	KindViolation2   = "violations_2"
	// KindLeavesRegion lists positions of a region with a move out of it
	// (CompareIn).
	KindLeavesRegion = "leaves_region"
)

// Compare evaluates the characterization on every position of t's box — a
// fresh evaluator from newAccept per goroutine — and compares it with t. The
// violations of conditions (I) and (II) come from solve.HasOptionIn, so they
// are found without enumerating options and need no table at all.
func Compare(ctx context.Context, g *game.Game, t *table.Table, newAccept func() func(game.Position) bool, examples int) (*Report, error) {
	return CompareIn(ctx, g, t, newAccept, nil, examples)
}

// CompareIn is Compare restricted to the region R that newRegion's
// evaluators accept (nil: every position): only the positions of R are
// compared, S is read as S ∩ R, and the report's Region counts R's
// positions and those with a move out of R. A region no move leaves is what
// prove's region theorems need; CompareIn reports, and does not require, it.
func CompareIn(ctx context.Context, g *game.Game, t *table.Table, newAccept, newRegion func() func(game.Position) bool, examples int) (*Report, error) {
	box := t.Box
	width := int64(box[0] + 1)
	w := int64(box[0]/64 + 1)
	lines := box.Lines()
	set := make([]uint64, lines*w)
	var region, outside []uint64
	if newRegion != nil {
		region, outside = make([]uint64, lines*w), make([]uint64, lines*w)
	}

	workers := runtime.GOMAXPROCS(0)
	parts := make([]*partial, workers)
	eg, ectx := errgroup.WithContext(ctx)
	for k := range workers {
		parts[k] = newPartial(examples)
		eg.Go(func() error {
			accept, part := newAccept(), parts[k]
			var inR func(game.Position) bool
			if newRegion != nil {
				inR = newRegion()
			}
			p := make(game.Position, len(box))
			for l := int64(k); l < lines; l += int64(workers) {
				// Every worker looks at the context every few lines (l
				// steps by workers: l%N == 0 would leave the others
				// blind), often enough for expressions that take long to
				// evaluate (a sym() of a long description).
				if (l/int64(workers))%16 == 0 && ectx.Err() != nil {
					return ectx.Err()
				}
				box.Position(l*width, p)
				for x := range width {
					p[0] = int(x)
					if inR != nil {
						if !inR(p) {
							outside[l*w+x/64] |= 1 << uint(x%64)
							continue
						}
						region[l*w+x/64] |= 1 << uint(x%64)
						part.inRegion++
					}
					in := accept(p)
					if in {
						set[l*w+x/64] |= 1 << uint(x%64)
						part.accepted++
					}
					switch isP := t.IsP(p); {
					case isP && !in:
						part.add(KindPNotAccepted, p, l*width+x)
					case !isP && in:
						part.add(KindAcceptedNotP, p, l*width+x)
					}
				}
			}
			return nil
		})
	}
	if err := eg.Wait(); err != nil {
		return nil, fmt.Errorf("evaluating the characterization: %w", err)
	}
	has, err := solve.HasOptionIn(ctx, g, box, set, solve.Options{})
	if err != nil {
		return nil, err
	}
	var leaves []uint64
	if region != nil {
		if leaves, err = solve.HasOptionIn(ctx, g, box, outside, solve.Options{}); err != nil {
			return nil, err
		}
	}
	markTerminalN(g, box, has)
	p := make(game.Position, len(box))
	total := newPartial(examples)
	for _, part := range parts {
		total.merge(part)
	}
	// collect adds the positions of the bits set in word k of line l.
	collect := func(kind string, l, k int64, bits uint64) {
		for x := k * 64; x < min(width, (k+1)*64); x++ {
			if bits>>uint(x%64)&1 == 1 {
				box.Position(l*width+x, p)
				total.add(kind, p, l*width+x)
			}
		}
	}
	for l := range lines {
		for k := range w {
			in, opt, reg := set[l*w+k], has[l*w+k], ^uint64(0)
			if region != nil {
				reg = region[l*w+k]
				collect(KindLeavesRegion, l, k, reg&leaves[l*w+k])
			}
			collect(KindViolation1, l, k, in&opt)
			collect(KindViolation2, l, k, reg&^in&^opt)
		}
	}
	return total.report(box.Positions(), region != nil), nil
}

// markTerminalN marks, in has, the terminal positions that are N-positions
// (misère play): each counts as if it had a move into S, so it breaks (I)
// when in S and does not break (II) when outside. Under the take rule the
// only terminal position is (0,...,0).
func markTerminalN(g *game.Game, box table.Box, has []uint64) {
	if terminalP, _, _ := g.Terminal(); terminalP {
		return
	}
	width, w := int64(box[0]+1), int64(box[0]/64+1)
	p := make(game.Position, len(box))
	for idx := range box.Positions() {
		box.Position(idx, p)
		if g.IsTerminal(p) {
			l, x := idx/width, idx%width
			has[l*w+x/64] |= 1 << uint(x%64)
		}
		if g.TakeOnFaces() {
			break
		}
	}
}

// report is the Report of the merged counts of a box of positions
// positions, restricted to a region when inRegion.
func (pt *partial) report(positions int64, inRegion bool) *Report {
	r := &Report{Positions: positions, Accepted: pt.accepted, Examples: map[string][]game.Position{}}
	if inRegion {
		r.Region = &RegionCounts{Positions: pt.inRegion, Leaving: pt.count[KindLeavesRegion]}
	}
	r.PNotAccepted, r.AcceptedNotP = pt.count[KindPNotAccepted], pt.count[KindAcceptedNotP]
	r.Violations1, r.Violations2 = pt.count[KindViolation1], pt.count[KindViolation2]
	for kind, h := range pt.best {
		r.Examples[kind] = h.sorted()
	}
	return r
}

// partial is one worker's counts and smallest examples.
type partial struct {
	accepted int64
	inRegion int64
	count    map[string]int64
	best     map[string]*examples
	keep     int
}

func newPartial(keep int) *partial {
	return &partial{count: map[string]int64{}, best: map[string]*examples{}, keep: keep}
}

func (pt *partial) add(kind string, p game.Position, idx int64) {
	pt.count[kind]++
	h := pt.best[kind]
	if h == nil {
		h = &examples{}
		pt.best[kind] = h
	}
	h.offer(example{total: sum(p), idx: idx, p: p}, pt.keep)
}

func (pt *partial) merge(o *partial) {
	pt.accepted += o.accepted
	pt.inRegion += o.inRegion
	for k, v := range o.count {
		pt.count[k] += v
	}
	for k, h := range o.best {
		for _, e := range *h {
			mine := pt.best[k]
			if mine == nil {
				mine = &examples{}
				pt.best[k] = mine
			}
			mine.offer(e, pt.keep)
		}
	}
}

func sum(p game.Position) int {
	s := 0
	for _, v := range p {
		s += v
	}
	return s
}

type example struct {
	total int
	idx   int64
	p     game.Position
}

func (a example) less(b example) bool {
	return a.total < b.total || a.total == b.total && a.idx < b.idx
}

// examples is a max-heap of the smallest examples seen.
type examples []example

func (h examples) Len() int           { return len(h) }
func (h examples) Less(i, j int) bool { return h[j].less(h[i]) }
func (h examples) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *examples) Push(x any)        { *h = append(*h, x.(example)) }
func (h *examples) Pop() any {
	old := *h
	e := old[len(old)-1]
	*h = old[:len(old)-1]
	return e
}

// offer keeps e if it is among the keep smallest; it copies e's position.
func (h *examples) offer(e example, keep int) {
	if keep <= 0 {
		return
	}
	if len(*h) == keep {
		if !e.less((*h)[0]) {
			return
		}
		heap.Pop(h)
	}
	e.p = append(game.Position(nil), e.p...)
	heap.Push(h, e)
}

// sorted returns the positions, smallest first.
func (h *examples) sorted() []game.Position {
	c := append(examples(nil), *h...)
	out := make([]game.Position, len(c))
	for i := len(c) - 1; i >= 0; i-- {
		out[i] = heap.Pop(&c).(example).p
	}
	return out
}
