package solve

import (
	"context"
	"fmt"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/table"
)

// Fast is the fast engine: it fills a table without enumerating options
// (docs/how-it-works.md, "The fast engine"). For a facet F and a position p
// let Z_F(p) say that some P-position q <= p agrees with p off F. Then p is
// an N-position exactly when, for some facet F, Z_F(p - e_i) holds for some
// i in F with p_i > 0, and
//
//	Z_F(p) = P(p) or Z_F(p - e_i) for some i in F with p_i > 0.
//
// A line (pile 0 = 0..Box[0], the other piles fixed) is one machine word per 64
// positions, so the recurrence along pile 0 is a prefix-OR: x | -x. At most one
// position per line is a P-position (a single pile can always be reduced), and
// it is the first position of the line not known to be an N-position.
//
// The lines are walked slab by slab of the slowest pile, and within a slab
// in sub-slabs by the next two piles, the sub-slabs of one anti-diagonal in
// parallel (see sweep). Z is kept for one slab of the facets containing the
// slowest pile, overwritten in place, and for a few sub-slabs of the other
// facets, so the working memory is about one slab of lines, whatever the box.
//
// Grundy values come from a recurrence on sets of values, one pass of the
// same sweep with a set of values per position in place of a bit
// (fastGrundySets); when those sets would not fit in memory, from
// the same sweep run for 8 values at a time (level sets): the positions of
// value v are those not valued below v with no option of value v, again at
// most one per line. Remoteness comes from a min/max recurrence over the
// positions (fastRemoteness), one pass.
func Fast(ctx context.Context, g *game.Game, box table.Box, opts Options) (*table.Table, error) {
	if err := checkBox(g, box); err != nil {
		return nil, err
	}
	if opts.Grundy {
		if err := checkGrundyBound(g, box); err != nil {
			return nil, err
		}
	}
	return fastLines(ctx, g, box, opts, nil)
}

// fastLines runs the fast engine in the narrowest word that holds a line:
// into a table, or, with emit, handing out the outcomes slab by slab
// (Plan.Stream).
func fastLines(ctx context.Context, g *game.Game, box table.Box, opts Options, emit func(lines []uint16) error) (*table.Table, error) {
	if !g.TakeOnFaces() {
		return nil, fmt.Errorf("%s is not a take game: the fast engine does not apply (use solve.Table)", g.Spec)
	}
	return byWord(box[0], fastWith[uint8], fastWith[uint16], fastWith[uint32], fastWith[uint64])(ctx, g, box, opts, emit)
}

// fastMemory estimates the bytes Fast allocates: the table, and the
// working memory of the recurrence it runs.
func fastMemory(g *game.Game, box table.Box, opts Options) int64 {
	positions, lines := box.Positions(), box.Lines()
	need := 2 * lines    // PLine
	if opts.Remoteness { // the table, and two slabs of pairs (4 bytes) per facet
		need = saturatingAdd(need, 2*positions, saturatingMul(4, gridEntries(g, box)))
	}
	switch {
	case opts.Grundy && useGrundySets(g, box, opts):
		return saturatingAdd(need, int64(table.GrundyWidth(box))*positions, grundySetBytes(g, box, grundySetBits(g, box, opts)))
	case opts.Grundy:
		need += int64(table.GrundyWidth(box)) * positions // then the level sets' sweep, below
	case opts.Remoteness:
		return need
	}
	levels := 1
	if opts.Grundy {
		levels = grundyLevels
		need += lines * ((int64(box[0])/64 + 1) * 8) // the positions already valued
	}
	return saturatingAdd(need, sweepMemory(g, box, levels, 0))
}

func fastWith[W word](ctx context.Context, g *game.Game, box table.Box, opts Options, emit func(lines []uint16) error) (*table.Table, error) {
	if emit != nil {
		return nil, fastStreamWith[W](ctx, g, box, opts, emit)
	}
	t, err := table.NewContext(ctx, g.Spec, box, opts.Grundy)
	if err != nil {
		return nil, err
	}
	if opts.Remoteness {
		if err := fastRemoteness(ctx, g, box, t, opts); err != nil {
			return nil, err
		}
		if !opts.Grundy {
			return t, nil
		}
	}
	if opts.Grundy && useGrundySets(g, box, opts) {
		if err := fastGrundySets(ctx, g, box, t, opts); err != nil {
			return nil, err
		}
		return t, nil
	}
	levels := 1
	if opts.Grundy {
		levels = grundyLevels
	}
	s, err := newSweep[W](g, box, opts, levels, false)
	if err != nil {
		return nil, err
	}
	s.pline = t.PLine
	total := box.Positions()
	if !opts.Grundy {
		err = s.run(ctx, func(done int64) { opts.progress(done*int64(box[0]+1), total) }, nil)
		if err != nil {
			return nil, fmt.Errorf("solving %s: %w", g.Spec, err)
		}
		return t, nil
	}
	// Level sets: run the sweep for v = 0, K, 2K, ... until every position
	// has a value, each pass finding the values v..v+K-1.
	s.excluded = make([]W, int64(len(t.PLine))*int64(s.words))
	s.grundy = t.Grundy
	err = levelSets(total, s.levels, opts, func(v uint32) (int64, error) {
		s.level = v
		err := s.run(ctx, nil, nil)
		return s.found.Swap(0), err
	})
	if err != nil {
		return nil, fmt.Errorf("solving %s: %w", g.Spec, err)
	}
	return t, nil
}

func hasOptionWith[W word](ctx context.Context, g *game.Game, box table.Box, set []uint64, opts Options) ([]uint64, error) {
	s, err := newSweep[W](g, box, opts, 1, false)
	if err != nil {
		return nil, err
	}
	s.given = set
	s.hasOption = make([]uint64, len(set))
	total := box.Positions()
	err = s.run(ctx, func(done int64) { opts.progress(done*int64(box[0]+1), total) }, nil)
	if err != nil {
		return nil, fmt.Errorf("options of %s into a set: %w", g.Spec, err)
	}
	// Clear the bits beyond pile 1's maximum in each line's last word.
	w, last := box[0]/64+1, uint64(1)<<uint(box[0]%64+1)-1
	if box[0]%64 == 63 {
		last = ^uint64(0)
	}
	for l := w - 1; l < len(s.hasOption); l += w {
		s.hasOption[l] &= last
	}
	return s.hasOption, nil
}

// or sets a |= b word by word over len(a) words.
func or[W word](a, b []W) {
	b = b[:len(a)]
	for k := range a {
		a[k] |= b[k]
	}
}

// prefixOR sets every bit at or above the lowest set bit of the multi-word a.
func prefixOR[W word](a []W) {
	for k, wd := range a {
		if wd != 0 {
			a[k] = wd | -wd
			for r := k + 1; r < len(a); r++ {
				a[r] = ^W(0)
			}
			return
		}
	}
}

// shiftLeft1 shifts the multi-word a by one bit towards higher positions.
func shiftLeft1[W word](a []W) {
	var carry W
	top := wordBits[W]() - 1
	for k, wd := range a {
		a[k], carry = wd<<1|carry, wd>>uint(top)
	}
}

// hasOptionEnumerated is HasOptionIn by looking up every option.
func hasOptionEnumerated(ctx context.Context, g *game.Game, box table.Box, set []uint64) ([]uint64, error) {
	if err := checkMoveSets(g); err != nil {
		return nil, err
	}
	w, width := int64(box[0]/64+1), int64(box[0]+1)
	bit := func(idx int64) (int64, uint) {
		l, x := idx/width, idx%width
		return l*w + x/64, uint(x % 64)
	}
	out := make([]uint64, len(set))
	p := make(game.Position, len(box))
	for idx := range box.Positions() {
		if idx%1024 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		box.Position(idx, p)
		for q := range g.Options(p) {
			if k, b := bit(box.Index(q)); set[k]>>b&1 == 1 {
				k, b = bit(idx)
				out[k] |= 1 << b
				break
			}
		}
	}
	return out, nil
}
