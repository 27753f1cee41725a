package solve

import (
	"context"
	"fmt"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/table"
)

// MaxLengthPositions bounds the boxes Lengths works on (4 bytes each).
const MaxLengthPositions = 1 << 28

// Lengths returns, for every position of the table's box in index order, the
// length of the zero position there (Ehrenborg–Steingrímsson 1996,
// Definition 7.1): 0 at the origin and otherwise 1 + the largest length of
// a zero position strictly below it (componentwise <=, not equal); -1 at
// N-positions. It is the number of moves the second player needs to win
// when the first player keeps the game as long as possible.
//
// One pass in index order keeps, for each position, the largest length of a
// zero position at or below it: that is the maximum over its lower
// neighbours n - e_i, and the position's own length when it is zero.
func Lengths(ctx context.Context, t *table.Table) ([]int32, error) {
	box := t.Box
	total := box.Positions()
	if total > MaxLengthPositions {
		return nil, fmt.Errorf("lengths of %d positions: at most %d are supported", total, MaxLengthPositions)
	}
	stride := box.Strides()
	below := make([]int32, total) // largest length of a zero position <= n, or -1
	length := make([]int32, total)
	p := make(game.Position, len(box))
	for idx := range total {
		if idx%(1<<20) == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		box.Position(idx, p)
		best := int32(-1)
		for i, v := range p {
			if v > 0 {
				best = max(best, below[idx-stride[i]])
			}
		}
		length[idx] = -1
		if t.IsP(p) {
			length[idx] = best + 1 // the origin gets 0
			best = length[idx]
		}
		below[idx] = best
	}
	return length, nil
}
