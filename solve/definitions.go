package solve

import (
	"math"
)

// Remoteness is Smith's remoteness of a position from the remoteness of its
// options (Smith 1966; as docs/references.md states it for
// Gurvich–Martynov–Maximchuk–Vyalyi 2023):
// at a terminal position it is 0 in normal play; otherwise, if some option
// has even remoteness, it is 1 + the least even one (the winner wins as fast
// as possible), else 1 + the largest one (the loser resists as long as
// possible). The P-positions are the positions of even remoteness.
//
// A terminal position has the remoteness terminal its play convention gives
// (game.Game.Terminal): 0 in normal play, 1 in misère play, where the player
// to move there has won, as if one more move were left. Equivalently, misère
// remoteness is the normal-play remoteness of the game in which every terminal
// position has one extra move, to a new terminal position. Again the
// P-positions are those of even remoteness.
func Remoteness(options []int, terminal int) int {
	if len(options) == 0 {
		return terminal
	}
	minEven, maxAny := math.MaxInt, 0
	for _, r := range options {
		if r%2 == 0 {
			minEven = min(minEven, r)
		}
		maxAny = max(maxAny, r)
	}
	if minEven != math.MaxInt {
		return minEven + 1
	}
	return maxAny + 1
}

// MaxRemoteness is the largest remoteness a table stores.
const MaxRemoteness = math.MaxUint16 - 1

// mex returns the least non-negative integer not in values; seen is scratch.
func mex(values []int, seen *[]bool) int {
	s := (*seen)[:0]
	for range len(values) + 1 {
		s = append(s, false)
	}
	for _, v := range values {
		if v < len(s) {
			s[v] = true
		}
	}
	*seen = s
	m := 0
	for s[m] {
		m++
	}
	return m
}
