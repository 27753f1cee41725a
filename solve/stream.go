package solve

import (
	"context"
	"fmt"
	"io"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/table"
)

// fastStreamWith is the fast engine's stream (Plan.Stream) in words W.
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

// streamMemory estimates the bytes the fast engine's stream allocates for
// box: the sweep's working memory and one slab of lines.
func streamMemory(g *game.Game, box table.Box) int64 {
	h := padded(box, 4)
	slabLines := box.Lines() / int64(h[len(h)-1]+1)
	return saturatingAdd(sweepMemory(g, box, 1, 0), 2*slabLines)
}

// streamTable is Plan.StreamTable: the plan's stream written to w as a
// table file.
func streamTable(ctx context.Context, p *Plan, w io.Writer, keep bool) (*table.Table, int64, error) {
	pw, err := table.NewPLineWriter(w, p.g.Spec, p.box)
	if err != nil {
		return nil, 0, err
	}
	var t *table.Table
	if keep {
		t = table.New(p.g.Spec, p.box, false)
	}
	var pPositions, done int64
	err = p.engine.(streamer).stream(ctx, p, func(lines []uint16) error {
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
