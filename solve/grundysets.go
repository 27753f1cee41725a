package solve

import (
	"context"
	"fmt"

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
// the total of the piles (plus one in misère play), so the values to cover
// are known before the first pass.
//
// The values come in windows of 64, 32 or 16 (grundySetBits), one pass of
// the fast engine's sweep each (sweep, lineSets, windowLine), the sets
// holding only the values of the window: a position not valued in an
// earlier window has every smaller value among its options, so its value is
// the window's first plus the mex of its options' values in the window,
// unless they fill it. A facet's lanes of a line are the sets of its
// positions, one lane each, several lanes a word, the lanes of a facet
// starting on a word. A facet containing pile 0 keeps, rather than V_F,
// the sets R_F(p) = {g(p)} ∪ R_F(p - e_i) for i in F other than pile 0,
// whose unions along the line, over pile-0 values 0..p_0, are V_F: unions
// commute, so one prefix union of the facets' merged sets settles the line,
// where V_F would take one per facet. The lines one token below are
// gathered facet by facet, word by word, straight into the line's own
// lanes, and the line's values are then added to the words that hold any.
// The sets of the facets containing the last pile are kept for one slab,
// overwritten in place, those of the other facets for a few sub-slabs of
// two slabs: the sub-slabs of neighbouring slabs run together (slabWaves),
// so that a pass keeps every core busy. The working memory is one slab of
// one lane per position and facet containing the last pile, and a few
// sub-slabs of the others: for CN(6,3) with piles up to 20 (values up to
// 116), 117 MB in windows of 64, 61 MB in windows of 32 and 33 MB in
// windows of 16, beside the table's byte a position (86 MB;
// table.GrundyValues).
//
// A window's pass skips the sub-slabs and lines whose totals lie below the
// window (their sets hold none of its values), and settles no position on
// a line valued in earlier windows: for CN(6,3) with piles up to 20 the
// passes walk 5.0 times the lines of one pass in windows of 16 (not 8), 2.7
// in windows of 32 (not 4), 1.7 in windows of 64 (not 2).
//
// This is the level sets of fastWith done for a window of values a pass:
// the level-set sweep costs one pass per value (8 values per pass), about
// levels * lines * facets word operations, while this costs about
// positions * sum |F| lane operations per window. It is used when its
// working memory fits in maxSetBytes, or in 2 bytes per position.

// maxSetBytes bounds the memory of the set recurrence beyond the table.
const maxSetBytes = 1 << 30

// grundySetBytes is the working memory of the set recurrence in sets of
// setBits bits.
func grundySetBytes(g *game.Game, box table.Box, setBits int) int64 {
	return sweepMemory(g, box, 1, setBits/8)
}

// grundySetBits is the width of the windows of values Fast uses on box
// (the option's when a test sets it): the widest of 64, 32 and 16 bits
// whose sets take at most one byte a position of the box, or 64 MiB; else
// 16. A narrower window halves the sets but needs about twice the passes
// (see grundySetsWith). With the table's one or two bytes a position, the
// peak stays within 2 to 3 bytes a position.
func grundySetBits(g *game.Game, box table.Box, opts Options) int {
	if opts.setBits != 0 {
		return opts.setBits
	}
	budget := max(64<<20, box.Positions())
	for _, setBits := range []int{64, 32} {
		if grundySetBytes(g, box, setBits) <= budget {
			return setBits
		}
	}
	return 16
}

// useGrundySets reports whether Fast computes Grundy values by sets.
func useGrundySets(g *game.Game, box table.Box, opts Options) bool {
	return !opts.levelSets && grundySetBytes(g, box, grundySetBits(g, box, opts)) <= max(maxSetBytes, 2*box.Positions())
}

// fastGrundySets fills t.Grundy and t.PLine for a take game, in sets of the
// width grundySetBits picks.
func fastGrundySets(ctx context.Context, g *game.Game, box table.Box, t *table.Table, opts Options) error {
	switch grundySetBits(g, box, opts) {
	case 16:
		return grundySetsWith[uint16](ctx, g, box, t, opts)
	case 32:
		return grundySetsWith[uint32](ctx, g, box, t, opts)
	default:
		return grundySetsWith[uint64](ctx, g, box, t, opts)
	}
}

// grundySetsWith runs the windows of values of width bits(W), one pass of
// the sweep each, until every position has its value.
func grundySetsWith[W word](ctx context.Context, g *game.Game, box table.Box, t *table.Table, opts Options) error {
	s, err := newSweep[W](g, box, opts, 1, true)
	if err != nil {
		return err
	}
	s.pline, s.grundy = t.PLine, t.Grundy
	total := box.Positions()
	// The windows an upper bound of the values needs; the passes stop as
	// soon as every position is valued.
	width := wordBits[W]()
	passes := 0
	for _, h := range box {
		passes += h
	}
	passes = (passes+1)/width + 1
	var valued int64
	for pass := 0; valued < total; pass++ {
		s.setLo = pass * width
		// Skipped lines keep empty sets from the start of the pass.
		clear(s.slab)
		clear(s.window)
		err = s.run(ctx, func(lines int64) {
			opts.progress((int64(pass)*box.Lines()+lines)*int64(box[0]+1)/int64(passes), total)
		}, nil)
		if err != nil {
			return fmt.Errorf("solving %s for Grundy values (values %d..%d): %w", g.Spec, s.setLo, s.setLo+width-1, err)
		}
		valued += s.found.Swap(0)
		if pass+1 >= passes && valued < total {
			return fmt.Errorf("solving %s for Grundy values: %d of %d positions valued after %d windows of %d values", g.Spec, valued, total, pass+1, width)
		}
	}
	return nil
}
