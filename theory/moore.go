package theory

import (
	"math/bits"
	"slices"

	"github.com/nimlab/nimlab/game"
)

// mooreOracle is Moore's Nim where a move takes from 1..k piles.
type mooreOracle struct{ k int }

func (r mooreOracle) IsP(p game.Position) bool {
	for b := range 63 {
		count := 0
		for _, v := range p {
			count += v >> uint(b) & 1
		}
		if count%(r.k+1) != 0 {
			return false
		}
	}
	return true
}

// WinningMove goes down the binary digits keeping a set of chosen piles,
// the ones the move reduces: a chosen pile has already lost a 1 at a higher
// digit, so its lower digits are free. At each digit, with u unchosen piles
// having a 1 there (r = u mod (k+1)) and F chosen piles, either F >= k+1-r and
// k+1-r of the chosen piles get a 1 (none if r = 0), or r more piles with a 1
// are chosen and get a 0, keeping at most F+r <= k piles chosen. Every chosen
// pile drops at the digit where it is chosen, so the result is a move.
func (r mooreOracle) WinningMove(p game.Position) game.Position {
	if r.IsP(p) {
		return nil
	}
	q := slices.Clone(p)
	chosen := make([]bool, len(p))
	free := 0
	top := 0
	for _, v := range p {
		top = max(top, bits.Len(uint(v)))
	}
	for b := top - 1; b >= 0; b-- {
		bit := 1 << uint(b)
		u := 0
		for i, v := range p {
			if !chosen[i] && v&bit != 0 {
				u++
			}
		}
		rem := u % (r.k + 1)
		// Clear digit b of the free piles first; set it where needed.
		for i := range q {
			if chosen[i] {
				q[i] &^= bit
			}
		}
		switch {
		case rem == 0:
		case free >= r.k+1-rem:
			set := r.k + 1 - rem
			for i := range q {
				if chosen[i] && set > 0 {
					q[i] |= bit
					set--
				}
			}
		default:
			pick := rem
			for i, v := range p {
				if pick > 0 && !chosen[i] && v&bit != 0 {
					chosen[i] = true
					q[i] &^= bit
					q[i] &^= bit - 1 // lower digits are set as the walk goes on
					free++
					pick--
				}
			}
		}
	}
	return q
}
