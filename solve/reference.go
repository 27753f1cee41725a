package solve

import (
	"context"
	"fmt"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/table"
)

// Reference fills a table by brute force: positions are visited in index
// order, so every option (which is smaller in every pile) is already valued,
// and the Grundy value of a position is the mex of the values of all its
// options, enumerated one by one. It is the ground truth the other engines are
// tested against, and is kept simple on purpose.
//
// In misère play a terminal position gets value 1 (the player to move there
// has won), and every other position the mex of its options, so the
// P-positions are again the positions of value 0. Remoteness follows the
// function Remoteness, from the remoteness of every option.
//
// Take games get a line table (PLine); other games a table of bits over the
// whole box, never sorted.
func Reference(ctx context.Context, g *game.Game, box table.Box, opts Options) (*table.Table, error) {
	if err := checkBox(g, box); err != nil {
		return nil, err
	}
	if err := checkMoveSets(g); err != nil {
		return nil, err
	}
	if opts.Grundy {
		if err := checkGrundyBound(g, box); err != nil {
			return nil, err
		}
	}
	values := make([]uint32, box.Positions())
	remoteness := make([]uint16, box.Positions())
	t, err := table.NewContext(ctx, g.Spec, box, opts.Grundy)
	if err != nil {
		return nil, err
	}
	if !g.TakeOnFaces() {
		if t, err = table.NewStates(g.Spec, box, false, opts.Grundy, false); err != nil {
			return nil, err
		}
	}
	p := make(game.Position, len(box))
	var seen []bool
	var vs, rs []int
	width := int64(box[0] + 1)
	_, terminalGrundy, terminalRemoteness := g.Terminal()
	for idx := range int64(len(values)) {
		if idx%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("reference solve of %s: %w", g.Spec, err)
			}
			opts.progress(idx, int64(len(values)))
		}
		box.Position(idx, p)
		vs, rs = vs[:0], rs[:0]
		for q := range g.Options(p) {
			j := box.Index(q)
			vs = append(vs, int(values[j]))
			rs = append(rs, int(remoteness[j]))
		}
		v := mex(vs, &seen)
		if len(rs) == 0 {
			v = terminalGrundy
		}
		values[idx] = uint32(v)
		remoteness[idx] = uint16(Remoteness(rs, terminalRemoteness))
		switch {
		case v != 0:
		case t.PLine != nil:
			t.PLine[idx/width] = uint16(idx % width)
		default:
			t.SetP(idx)
		}
	}
	opts.progress(int64(len(values)), int64(len(values)))
	if opts.Grundy {
		for i, v := range values {
			t.Grundy.Set(int64(i), v) // at most table.GrundyBound, checked above
		}
	}
	if opts.Remoteness {
		t.Remoteness = remoteness
	}
	return t, nil
}
