package solve

import (
	"context"
	"fmt"
	"math/bits"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/table"
)

// Grundy values of take games by a box recurrence on sets of values.
//
// For a facet F and a position p let V_F(p) be the set of Grundy values of
// the positions q <= p that agree with p off F. Then
//
//	V_F(p) = {g(p)} ∪ V_F(p - e_i) for i in F, p_i > 0
//
// and g(p) is the mex of the union, over the facets F and i in F with
// p_i > 0, of V_F(p - e_i). The sets are bit sets; a Grundy value is at most
// the total of the piles (plus one in misère play), so their width is known
// before the pass.
//
// This is the level sets of fastWith done for every value in one pass: the
// level-set sweep costs one pass per value (8 values per pass), about
// levels * lines * facets word operations, while this costs about
// positions * sum |F| * (words per set). For CN(6,3) with piles up to 20,
// 117 values, lines of 21 positions in 32-bit words and sets of 2 words, that
// is about 8x fewer word operations, but 16 bytes per position and facet
// instead of one bit per value: it is used when its two slabs fit in
// maxSetBytes, or in the 4 bytes per position the Grundy table itself needs.

// maxSetBytes bounds the memory of the set recurrence beyond the table.
const maxSetBytes = 1 << 30

// grundySetWords is the number of 64-bit words of the value sets on box.
func grundySetWords(box table.Box) int {
	total := 0
	for _, h := range box {
		total += h
	}
	return (total+1)/64 + 1
}

// grundySetBytes is the memory of the set recurrence's two slabs.
func grundySetBytes(g *game.Game, box table.Box) int64 {
	return saturatingMul(gridEntries(g, box), int64(grundySetWords(box))*8)
}

// useGrundySets reports whether Fast computes Grundy values by sets.
func useGrundySets(g *game.Game, box table.Box, opts Options) bool {
	return !opts.levelSets && grundySetBytes(g, box) <= max(maxSetBytes, 4*box.Positions())
}

// fastGrundySets fills t.Grundy and t.PLine for a take game.
func fastGrundySets(ctx context.Context, g *game.Game, box table.Box, t *table.Table, opts Options) error {
	_, terminalGrundy, _ := g.Terminal()
	if err := checkGrid(g, box, int64(grundySetWords(box))*8); err != nil {
		return err
	}
	words := grundySetWords(box)
	pg := newPositionGrid(g, box)
	nf := len(pg.facets)
	total := box.Positions()
	progress := func(done int64) { opts.progress(done, total) }
	var err error
	if words <= 2 {
		err = runPositionGrid(ctx, pg, opts.Workers, func() []valuePair { return make([]valuePair, nf) },
			grundyPairsLine(pg, t, make([]valuePair, pg.entries()), terminalGrundy), progress)
	} else {
		err = runPositionGrid(ctx, pg, opts.Workers, func() []uint64 { return make([]uint64, (nf+1)*words) },
			grundySetsLine(pg, t, make([]uint64, pg.entries()*words), words, terminalGrundy), progress)
	}
	if err != nil {
		return fmt.Errorf("solving %s for Grundy values: %w", g.Spec, err)
	}
	return nil
}

// valuePair is a set of values below 128.
type valuePair [2]uint64

// grundyPairsLine is the recurrence on one line, for values below 128.
func grundyPairsLine(pg *positionGrid, t *table.Table, buf []valuePair, terminalGrundy int) gridLine[[]valuePair] {
	nf, width := len(pg.facets), pg.width
	return func(agg []valuePair, line, at int, sources [][]int) {
		grundy := t.Grundy[line*width : (line+1)*width]
		pline := uint16(table.NoP)
		for x := range width {
			here := at + x*nf
			var union valuePair
			hasOption := false
			for f, back := range sources {
				var a valuePair
				if x > 0 && pg.facets[f].has0 {
					a = buf[here-nf+f]
					hasOption = true
				}
				for _, b := range back {
					e := &buf[here-b+f]
					a[0] |= e[0]
					a[1] |= e[1]
					hasOption = true
				}
				agg[f] = a
				union[0] |= a[0]
				union[1] |= a[1]
			}
			v := terminalGrundy
			if hasOption {
				v = bits.TrailingZeros64(^union[0])
				if v == 64 {
					v += bits.TrailingZeros64(^union[1])
				}
			}
			grundy[x] = uint16(v)
			if v == 0 {
				pline = uint16(x)
			}
			for f, a := range agg {
				a[v/64] |= 1 << uint(v%64)
				buf[here+f] = a
			}
		}
		t.PLine[line] = pline
	}
}

// grundySetsLine is the recurrence on one line, for sets of words words;
// the scratch holds the facets' sets and their union.
func grundySetsLine(pg *positionGrid, t *table.Table, buf []uint64, words, terminalGrundy int) gridLine[[]uint64] {
	nf, width := len(pg.facets), pg.width
	return func(scratch []uint64, line, at int, sources [][]int) {
		grundy := t.Grundy[line*width : (line+1)*width]
		pline := uint16(table.NoP)
		for x := range width {
			here := (at + x*nf) * words
			union := scratch[nf*words:]
			clear(union)
			hasOption := false
			for f, back := range sources {
				agg := scratch[f*words : (f+1)*words]
				if x > 0 && pg.facets[f].has0 {
					copy(agg, buf[here-nf*words+f*words:])
					hasOption = true
				} else {
					clear(agg)
				}
				for _, b := range back {
					or(agg, buf[here-b*words+f*words:])
					hasOption = true
				}
				or(union, agg)
			}
			v := terminalGrundy
			if hasOption {
				v = 0
				for k, w := range union {
					if ^w != 0 {
						v = k*64 + bits.TrailingZeros64(^w)
						break
					}
				}
			}
			grundy[x] = uint16(v)
			if v == 0 {
				pline = uint16(x)
			}
			for f := range nf {
				out := buf[here+f*words : here+(f+1)*words]
				copy(out, scratch[f*words:])
				out[v/64] |= 1 << uint(v%64)
			}
		}
		t.PLine[line] = pline
	}
}
