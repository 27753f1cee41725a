package solve

import (
	"context"
	"runtime"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/table"
)

// positionGrid lays out the position-by-position box recurrences of take
// games (remoteness, and Grundy values as sets of values): for a facet F
// and a position p, an entry summarizes the positions q <= p that agree with
// p off F, and it follows from the entries of p - e_i, i in F.
//
// Entries are kept, one per position and facet, for two slabs of sub-slabs,
// as the fast engine keeps Z (see sweep): sub-slab (d, c) of piles n-2 and
// n-1 lies at ((c%2)*(h[n-2]+1) + d) * subLen entries, its lines one after
// the other, each line's positions one after the other, each position's
// facets one after the other.
type positionGrid struct {
	h      []int // the box, padded with zeros to at least 3 piles
	n      int
	width  int // positions per line: h[0]+1
	facets []gridFacet
	perSub int // lines per sub-slab
	subLen int // entries per sub-slab
	slab   int // entries per slab
}

// gridFacet is one facet: whether it holds pile 0, and for each of its
// piles >= 1 how many entries back the position one token below lies, by
// parity of the slowest pile.
type gridFacet struct {
	has0  bool
	piles []int
	back  [2][]int
}

func newPositionGrid(g *game.Game, box table.Box) *positionGrid {
	h := padded(box, 3)
	n := len(h)
	facets := g.Complex.Facets()
	pg := &positionGrid{h: h, n: n, width: h[0] + 1, perSub: 1}
	stride := make([]int, n) // entries back along pile i, within a slab
	for i := 1; i <= n-3; i++ {
		stride[i] = pg.perSub * pg.width * len(facets)
		pg.perSub *= h[i] + 1
	}
	pg.subLen = pg.perSub * pg.width * len(facets)
	stride[n-2] = pg.subLen
	pg.slab = (h[n-2] + 1) * pg.subLen
	for _, f := range facets {
		gf := gridFacet{has0: f.Has(0)}
		for _, v := range f.Vertices() {
			if v == 0 {
				continue
			}
			gf.piles = append(gf.piles, v)
			for parity := range 2 {
				b := stride[v]
				if v == n-1 { // (d, c-1) is one slab later for c even, earlier for c odd
					b = pg.slab
					if parity == 0 {
						b = -pg.slab
					}
				}
				gf.back[parity] = append(gf.back[parity], b)
			}
		}
		pg.facets = append(pg.facets, gf)
	}
	return pg
}

// entries is the number of entries kept: two slabs.
func (pg *positionGrid) entries() int { return 2 * pg.slab }

// gridEntries is the number of entries a positionGrid of g on box keeps,
// without building it; it saturates at math.MaxInt64 (games with many
// facets on large boxes).
func gridEntries(g *game.Game, box table.Box) int64 {
	slab := box.Positions()
	if len(box) >= 3 {
		slab /= int64(box[len(box)-1]) + 1
	}
	return saturatingMul(2*slab, int64(len(g.Complex.Facets())))
}

// checkGrid refuses a positionGrid of entries of entryBytes each that
// exceeds maxWorkingBytes.
func checkGrid(g *game.Game, box table.Box, entryBytes int64) error {
	return checkWorking(g, box, saturatingMul(gridEntries(g, box), entryBytes))
}

// gridScratch is one worker's state while walking sub-slabs.
type gridScratch[S any] struct {
	user    S
	q       []int   // piles 1..n-3 of the current line
	sources [][]int // per facet: entries back to the positions one token below in its non-zero piles >= 1
}

// gridLine is what a recurrence does on one line: at is the entry of the
// line's first position and facet 0; sources[f] lists how far back, from a
// position's entry for facet f, lie that facet's entries one token below in
// the piles >= 1 of f that are not 0 on this line.
type gridLine[S any] func(sc S, line, at int, sources [][]int)

// runPositionGrid walks every line of the box in an order where the lines
// one token below come first, the sub-slabs of an anti-diagonal in parallel
// (antiDiagonals), and reports the positions done.
func runPositionGrid[S any](ctx context.Context, pg *positionGrid, workers int, newScratch func() S, line gridLine[S], report func(positions int64)) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	n := pg.n
	hd, hc := pg.h[n-2], pg.h[n-1]
	return antiDiagonals(ctx, hd, hc, workers, pg.perSub,
		func() *gridScratch[S] {
			return &gridScratch[S]{user: newScratch(), q: make([]int, n), sources: make([][]int, len(pg.facets))}
		},
		func(d, c int, sc *gridScratch[S]) {
			parity := c % 2
			at := (parity*(hd+1) + d) * pg.subLen
			var nonzero uint64 // bit i: pile i >= 1 of the line is not 0
			if d > 0 {
				nonzero |= 1 << uint(n-2)
			}
			if c > 0 {
				nonzero |= 1 << uint(n-1)
			}
			base := pg.perSub * (d + (hd+1)*c)
			clear(sc.q)
			changed := true
			for j := range pg.perSub {
				if changed {
					for f, gf := range pg.facets {
						sc.sources[f] = sc.sources[f][:0]
						for k, pile := range gf.piles {
							if nonzero>>uint(pile)&1 != 0 {
								sc.sources[f] = append(sc.sources[f], gf.back[parity][k])
							}
						}
					}
				}
				line(sc.user, base+j, at, sc.sources)
				at += pg.width * len(pg.facets)
				before := nonzero
				nonzero = nextLine(sc.q, pg.h, n-3, nonzero)
				changed = nonzero != before
			}
		},
		func(subSlabs int64) { report(subSlabs * int64(pg.perSub*pg.width)) })
}
