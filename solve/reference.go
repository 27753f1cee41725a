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
// options, enumerated one by one. It is the ground truth the fast engines are
// tested against, and is kept simple on purpose.
//
// In misère play the terminal position gets value 1 (the player to move there
// has won), and every other position the mex of its options, so the
// P-positions are again the positions of value 0.
func Reference(ctx context.Context, g *game.Game, box table.Box, opts Options) (*table.Table, error) {
	if err := checkBox(g, box); err != nil {
		return nil, err
	}
	values := make([]uint32, box.Positions())
	t := table.New(g.Spec, box, opts.Grundy)
	p := make(game.Position, len(box))
	var seen []bool
	width := int64(box[0] + 1)
	for idx := range int64(len(values)) {
		if idx%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("reference solve of %s: %w", g.Spec, err)
			}
			opts.progress(idx, int64(len(values)))
		}
		box.Position(idx, p)
		if game.IsTerminal(p) {
			if g.Misere {
				values[idx] = 1
			}
		} else {
			clear(seen)
			for q := range g.Options(p) {
				v := values[box.Index(q)]
				for int(v) >= len(seen) {
					seen = append(seen, false)
				}
				seen[v] = true
			}
			mex := 0
			for mex < len(seen) && seen[mex] {
				mex++
			}
			values[idx] = uint32(mex)
		}
		if values[idx] == 0 {
			t.PLine[idx/width] = uint16(idx % width)
		}
	}
	opts.progress(int64(len(values)), int64(len(values)))
	if opts.Grundy {
		t.Grundy = values
	}
	return t, nil
}
