package theory

import (
	"slices"

	"github.com/nimlab/nimlab/game"
)

// cn64In: (a,b,c,d,e,f) with a+b = d+e, b+c = e+f, and the triangle (a,c,e)
// holds a smallest stack and has nim-sum 0 (Theorem 3.5, read up to rotation
// as its proof does: the minimum lies in the digital triangle).
func cn64In(q game.Position) bool {
	return q[0]+q[1] == q[3]+q[4] && q[1]+q[2] == q[4]+q[5] &&
		q[0]^q[2]^q[4] == 0 && min(q[0], q[2], q[4]) == slices.Min(q)
}

// cn64Move follows the proof of Theorem 3.5. Diagonally opposite stacks
// (q_i, q_{i+3}) form pairs; the view q must put the pair minima either at
// stacks 1, 3, 5 (Case 1, alternating) or at 3, 4, 5 (Case 2, consecutive).
// Lemma 3.7 (a Nim move) lowers one pair minimum, which must be stack 3 in
// Case 1 and stack 3 or 4 in Case 2 (other views cover the rest), and the
// pair maxima are then lowered so that all pairs differ by the same m.
func cn64Move(q game.Position) game.Position {
	switch {
	case q[3] <= q[0] && q[1] <= q[4] && q[5] <= q[2]: // Case 1: (A,b,C,a,B,c)
		A, b, C, a, B, c := q[0], q[1], q[2], q[3], q[4], q[5]
		ta := b ^ c // a lowered so that the triangle b, ta, c has nim-sum 0
		if ta > a {
			return nil
		}
		switch m := min(A-ta, B-b, C-c); m {
		case A - ta:
			return game.Position{A, b, c + m, ta, b + m, c}
		case B - b:
			return game.Position{ta + m, b, c + m, ta, B, c}
		default:
			return game.Position{ta + m, b, C, ta, b + m, c}
		}
	case q[3] <= q[0] && q[4] <= q[1] && q[5] <= q[2]: // Case 2: (A,B,C,a,b,c)
		A, C, a, b, c := q[0], q[2], q[3], q[4], q[5]
		x := a ^ b ^ c
		if a^x <= a {
			ta := a ^ x
			return game.Position{ta, b, c, ta, b, c}
		}
		tb := b ^ x
		if tb > b {
			return nil
		}
		switch m := min(A-a, b-tb, C-c); m {
		case b - tb:
			return game.Position{a + m, tb, c + m, a, b, c}
		case C - c:
			return game.Position{a + m, tb, C, a, tb + m, c}
		default:
			return game.Position{A, tb, c + m, a, tb + m, c}
		}
	}
	return nil
}

// cn86In: (0,x,a1,b1,e,b2,a2,x) with a1+b1 = a2+b2 = x and e = min(x, a1+a2)
// (Theorem 4.1).
func cn86In(q game.Position) bool {
	x := q[1]
	return q[0] == 0 && q[7] == x && q[2]+q[3] == x && q[6]+q[5] == x && q[4] == min(x, q[2]+q[6])
}

// cn86Move finds a move to a P-position of the form the view q is read in,
// (0,x,a1,x-a1,min(x,a1+a2),x-a2,a2,x). A move in CN(8,6) leaves two adjacent
// stacks unchanged; up to the reflection i -> -i that swaps a1 and a2, they
// are stacks (0,1), (1,2), (2,3) or (3,4) of the target. Each choice fixes x
// (or, for (3,4) with e = a1+a2 < x, leaves x in an interval given by the
// bounds p' <= p), and the remaining parameters are taken as small as the
// bounds allow, which only makes e = min(x, a1+a2) smaller. So for each view
// the search is complete: it finds a move whenever that view has one.
//
// This is not the proof's case split (Lemmas 4.4-4.10, checked there over
// 2520 orderings by a program), but the same set of targets solved directly;
// `nimlab repro` counts the proof's lemma coverage separately.
func cn86Move(q game.Position) game.Position {
	build := func(x, a1, a2 int) game.Position {
		if a1 < 0 || a2 < 0 || a1 > x || a2 > x {
			return nil
		}
		t := game.Position{0, x, a1, x - a1, min(x, a1+a2), x - a2, a2, x}
		fixedPair := false
		for i := range t {
			if t[i] > q[i] {
				return nil
			}
			fixedPair = fixedPair || (t[i] == q[i] && t[(i+1)%8] == q[(i+1)%8])
		}
		if !fixedPair {
			return nil
		}
		return t
	}
	// lowest a1 (a2) allowed by b1 = x-a1 <= q3 (b2 = x-a2 <= q5)
	low1 := func(x int) int { return max(0, x-q[3]) }
	low2 := func(x int) int { return max(0, x-q[5]) }
	candidates := []func() game.Position{
		func() game.Position { x := q[1]; return build(x, low1(x), low2(x)) },     // (0,1) fixed
		func() game.Position { x := q[1]; return build(x, q[2], low2(x)) },        // (1,2) fixed
		func() game.Position { x := q[2] + q[3]; return build(x, q[2], low2(x)) }, // (2,3) fixed
		func() game.Position { // (3,4) fixed, e = x <= a1+a2
			x := q[4]
			return build(x, x-q[3], max(low2(x), q[3]))
		},
		func() game.Position { // (3,4) fixed, e = a1+a2 = q4 <= x
			b1, e := q[3], q[4]
			lo := max(b1, b1+e-q[6], (b1+e+1)/2, e)
			hi := min(q[1], q[7], q[2]+b1, b1+e, (b1+e+q[5])/2)
			if lo > hi {
				return nil
			}
			return build(lo, lo-b1, e+b1-lo)
		},
	}
	for _, c := range candidates {
		if t := c(); t != nil && !slices.Equal(t, q) {
			return t
		}
	}
	return nil
}
