package solve

import (
	"context"
	"fmt"
	"math"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/table"
)

// Remoteness of take games by a min/max box recurrence.
//
// The options of p on a facet F are the positions q <= p, q != p, that agree
// with p off F. Smith's rule (see Remoteness) needs, over the options, the
// least even remoteness and the largest remoteness. Both are monotone over
// the box of F below p, so for each facet
//
//	MinEven_F(p) = min(R(p) if even, MinEven_F(p - e_i) for i in F, p_i > 0)
//	Max_F(p)     = max(R(p),         Max_F(p - e_i)     for i in F, p_i > 0)
//
// and the options of p contribute exactly MinEven_F(p - e_i) and
// Max_F(p - e_i) over i in F with p_i > 0. One pass in index order gives
// every remoteness, hence every outcome (P iff even), at the cost of a few
// comparisons per facet and pile, without listing options.
//
// The first design sketched remoteness as level sets of HasOptionIn, one or two
// sweeps per remoteness value (docs/performance.md, "Remoteness and Grundy
// values at the speed of outcomes"). Remoteness reaches the total of the piles
// (about 90 passes for CN(6,3) with piles up to 15, 120 up to 20), while this
// recurrence is one pass of about sum |F| comparisons per position, on the
// same anti-diagonal sub-slabs as the fast engine (positionGrid).

// noEven marks a MinEven with no even remoteness below.
const noEven = math.MaxUint16

// remotenessPair is (MinEven_F, Max_F + 1) of one position and facet; the
// second field is 0 when the box of F below the position is empty.
type remotenessPair struct{ minEven, maxPlus1 uint16 }

// fastRemoteness fills t.Remoteness and t.PLine for a take game.
func fastRemoteness(ctx context.Context, g *game.Game, box table.Box, t *table.Table, opts Options) error {
	if err := checkRemotenessBound(g, box); err != nil {
		return err
	}
	if err := checkGrid(g, box, 4); err != nil {
		return err
	}
	_, _, terminalR := g.Terminal()
	terminal := uint16(terminalR)
	pg := newPositionGrid(g, box)
	nf, width := len(pg.facets), pg.width
	t.Remoteness = make([]uint16, box.Positions())
	buf := make([]remotenessPair, pg.entries())
	line := func(agg []remotenessPair, line, at int, sources [][]int) {
		rem := t.Remoteness[line*width : (line+1)*width]
		pline := uint16(table.NoP)
		for x := range width {
			here := at + x*nf
			// Gather, per facet, the pairs one token below in its piles.
			var minEven, maxPlus1 uint16 = noEven, 0
			for f, back := range sources {
				a := remotenessPair{minEven: noEven}
				if x > 0 && pg.facets[f].has0 {
					a = buf[here-nf+f]
				}
				for _, b := range back {
					e := buf[here-b+f]
					a.minEven = min(a.minEven, e.minEven)
					a.maxPlus1 = max(a.maxPlus1, e.maxPlus1)
				}
				agg[f] = a
				minEven = min(minEven, a.minEven)
				maxPlus1 = max(maxPlus1, a.maxPlus1)
			}
			r := terminal // no option: the box below is empty in every facet
			switch {
			case minEven != noEven:
				r = minEven + 1
			case maxPlus1 > 0:
				r = maxPlus1 // the largest remoteness of an option, plus one
			}
			rem[x] = r
			own := remotenessPair{minEven: noEven, maxPlus1: r + 1}
			if r%2 == 0 {
				own.minEven = r
				pline = uint16(x)
			}
			for f, a := range agg {
				buf[here+f] = remotenessPair{minEven: min(a.minEven, own.minEven), maxPlus1: max(a.maxPlus1, own.maxPlus1)}
			}
		}
		t.PLine[line] = pline
	}
	total := box.Positions()
	err := runPositionGrid(ctx, pg, opts.Workers, func() []remotenessPair { return make([]remotenessPair, nf) }, line,
		func(done int64) { opts.progress(done, total) })
	if err != nil {
		return fmt.Errorf("remoteness of %s: %w", g.Spec, err)
	}
	return nil
}

// checkGrundyBound refuses boxes whose Grundy values may not fit a table
// (table.MaxGrundy): a Grundy value is at most the length of the longest
// play, so at most the total of the piles, plus one in misère play.
func checkGrundyBound(g *game.Game, box table.Box) error {
	total := 0
	for _, h := range box {
		total += h
	}
	if total >= table.MaxGrundy {
		return fmt.Errorf("%s on %v: %w: Grundy values may exceed %d", g.Spec, box, ErrTooLarge, table.MaxGrundy)
	}
	return nil
}

// checkRemotenessBound refuses boxes whose remoteness may not fit a table:
// every move takes a token, so remoteness is at most the total of the
// piles, plus one in misère play.
func checkRemotenessBound(g *game.Game, box table.Box) error {
	total := 0
	for _, h := range box {
		total += h
	}
	if total >= MaxRemoteness {
		return fmt.Errorf("%s on %v: %w: remoteness may exceed %d", g.Spec, box, ErrTooLarge, MaxRemoteness)
	}
	return nil
}
