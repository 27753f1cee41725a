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
// The values come in windows of 64, one pass of the line engine's sweep
// each (sweep, lineSets, windowLine), the sets holding only the values of the
// window: a position not valued in an earlier window has every smaller value
// among its options, so its value is the window's first plus the mex of its
// options' values in the window, unless they fill it. A facet's lanes of a
// line are the sets of its positions, one word each; the lines one token
// below are gathered pile by pile; the sets of the facets containing the
// last pile are kept for one slab, overwritten in place, those of the other
// facets for a few sub-slabs. The working memory is one slab of one word per
// position and facet containing the last pile: for CN(6,3) with piles up to
// 20 (two windows, values up to 116), 98 MB for 85.8 M positions, beside the
// table's 2 bytes a position (172 MB).
//
// This is the level sets of fastWith done for 64 values a pass: the
// level-set sweep costs one pass per value (8 values per pass), about
// levels * lines * facets word operations, while this costs about
// positions * sum |F| word operations per window. It is used when its
// working memory fits in maxSetBytes, or in the 2 bytes per position the
// Grundy table itself needs.

// maxSetBytes bounds the memory of the set recurrence beyond the table.
const maxSetBytes = 1 << 30

// grundySetWords is the number of windows of 64 values that hold every
// Grundy value on box.
func grundySetWords(box table.Box) int {
	total := 0
	for _, h := range box {
		total += h
	}
	return (total+1)/64 + 1
}

// grundySetBytes is the working memory of the set recurrence.
func grundySetBytes(g *game.Game, box table.Box) int64 {
	return sweepMemory(g, box, 1, 1)
}

// useGrundySets reports whether Fast computes Grundy values by sets.
func useGrundySets(g *game.Game, box table.Box, opts Options) bool {
	return !opts.levelSets && grundySetBytes(g, box) <= max(maxSetBytes, 2*box.Positions())
}

// fastGrundySets fills t.Grundy and t.PLine for a take game.
func fastGrundySets(ctx context.Context, g *game.Game, box table.Box, t *table.Table, opts Options) error {
	passes := grundySetWords(box)
	s, err := newSweep[uint64](g, box, opts, 1, 1)
	if err != nil {
		return err
	}
	s.pline, s.grundy = t.PLine, t.Grundy
	total := box.Positions()
	for pass := range passes {
		s.valueWindow = pass
		err = s.run(ctx, func(lines int64) {
			opts.progress((int64(pass)*box.Lines()+lines)*int64(box[0]+1)/int64(passes), total)
		}, nil)
		if err != nil {
			return fmt.Errorf("solving %s for Grundy values (values %d..%d): %w", g.Spec, 64*pass, 64*pass+63, err)
		}
	}
	return nil
}
