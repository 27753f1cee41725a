package solve

import (
	"context"
	"fmt"
	"io"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/table"
)

// FastStream solves the outcomes of the take game g on box like Fast, but
// hands the table out as it is computed instead of holding it: emit gets
// the P-lines (table.Table.PLine) of one slab of the slowest pile after the
// other, every line with the last pile = c for c = 0, 1, ..., in table
// order (a box of fewer than 4 piles is one slab). The slice is reused once
// emit returns. The memory is the sweep's (about one slab of Z words, see
// sweep) and one slab of lines, whatever the size of the table.
func FastStream(ctx context.Context, g *game.Game, box table.Box, opts Options, emit func(lines []uint16) error) error {
	if err := checkBox(g, box); err != nil {
		return err
	}
	_, err := fastLines(ctx, g, box, opts, emit)
	return err
}

func fastStreamWith[W word](ctx context.Context, g *game.Game, box table.Box, opts Options, emit func(lines []uint16) error) error {
	s, err := newSweep[W](g, box, opts, 1, false)
	if err != nil {
		return err
	}
	s.pline, s.plineBySlab = make([]uint16, s.slabLines), true
	total := box.Positions()
	err = s.run(ctx, func(done int64) { opts.progress(done*int64(box[0]+1), total) },
		func(int) error { return emit(s.pline) })
	if err != nil {
		return fmt.Errorf("solving %s: %w", g.Spec, err)
	}
	return nil
}

// StreamMemory estimates the bytes FastStream allocates for box: the
// sweep's working memory and one slab of lines.
func StreamMemory(g *game.Game, box table.Box) int64 {
	h := padded(box, 4)
	slabLines := box.Lines() / int64(h[len(h)-1]+1)
	return saturatingAdd(sweepMemory(g, box, 1, 0), 2*slabLines)
}

// StreamTable solves the outcomes of the take game g on box (FastStream)
// and writes the table to w in the table file format as it is computed
// (table.PLineWriter), so a table larger than memory can be solved. It
// returns the number of P-positions and, when keep is true, the table
// itself, held in memory as well.
func StreamTable(ctx context.Context, g *game.Game, box table.Box, opts Options, w io.Writer, keep bool) (*table.Table, int64, error) {
	pw, err := table.NewPLineWriter(w, g.Spec, box)
	if err != nil {
		return nil, 0, err
	}
	var t *table.Table
	if keep {
		t = table.New(g.Spec, box, false)
	}
	var pPositions, done int64
	err = FastStream(ctx, g, box, opts, func(lines []uint16) error {
		for _, x := range lines {
			if x != table.NoP {
				pPositions++
			}
		}
		if t != nil {
			copy(t.PLine[done:], lines)
		}
		done += int64(len(lines))
		return pw.Write(ctx, lines)
	})
	if err != nil {
		pw.Close()
		return nil, 0, err
	}
	if err := pw.Close(); err != nil {
		return nil, 0, err
	}
	return t, pPositions, nil
}
