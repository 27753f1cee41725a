package theory

import (
	"slices"

	"github.com/nimlab/nimlab/game"
)

// cn64In: (a,b,c,d,e,f) with a+b = d+e, b+c = e+f, and the triangle (a,c,e)
// holds a smallest stack and has nim-sum 0 (Theorem 3.5, read up to rotation
// as its proof does: the minimum lies in the digital triangle).
func cn64In(q game.Position) bool {
	return q[0]-q[3] == q[4]-q[1] && q[1]-q[4] == q[5]-q[2] &&
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
	return q[0] == 0 && q[7] == x && x-q[2] == q[3] && x-q[6] == q[5] && q[4] == min(x, satAdd(q[2], q[6]))
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
//
// build checks that its target is a legal move, and the target has the form
// of a P-position by construction, so a candidate whose parameters left int
// (sums of piles near 2^63) can only fail, never give a wrong move; the
// parameters are computed exactly (wide, or saturated under a min with a
// pile) wherever a feasible candidate needs them.
func cn86Move(q game.Position) game.Position {
	build := func(x, a1, a2 int) game.Position {
		if a1 < 0 || a2 < 0 || a1 > x || a2 > x {
			return nil
		}
		t := game.Position{0, x, a1, x - a1, min(x, satAdd(a1, a2)), x - a2, a2, x}
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
		func() game.Position { x := q[1]; return build(x, low1(x), low2(x)) },            // (0,1) fixed
		func() game.Position { x := q[1]; return build(x, q[2], low2(x)) },               // (1,2) fixed
		func() game.Position { x := satAdd(q[2], q[3]); return build(x, q[2], low2(x)) }, // (2,3) fixed
		func() game.Position { // (3,4) fixed, e = x <= a1+a2
			x := q[4]
			return build(x, x-q[3], max(low2(x), q[3]))
		},
		func() game.Position { // (3,4) fixed, e = a1+a2 = q4 <= x
			b1, e := q[3], q[4]
			be := sumOf(b1, e)
			lo := max(b1, be.sub(wideOf(q[6])).sat(), be.add(wideOf(1)).half().sat(), e)
			hi := min(q[1], q[7], satAdd(q[2], b1), be.sat(), be.add(wideOf(q[5])).half().sat())
			if lo > hi {
				return nil
			}
			return build(lo, lo-b1, be.sub(wideOf(lo)).sat())
		},
	}
	for _, c := range candidates {
		if t := c(); t != nil && !slices.Equal(t, q) {
			return t
		}
	}
	return nil
}

// cn74In: q = (a,b,c,d,e,f,g) with a = min(q) in one of the sets of
// Dufour–Heubach–Vo 2021, Theorem 2.1:
// S1: a = b = 0, c = g > 0, d+e+f = c; S2: all equal;
// S3: a = b, c = g, d = f, a+c = d+e, 0 < a < e;
// S4: a = f, b+c = d+e = g+a, a < min(b,e), a < max(c,d).
func cn74In(q game.Position) bool {
	a, b, c, d, e, f, g := q[0], q[1], q[2], q[3], q[4], q[5], q[6]
	if a != slices.Min(q) {
		return false
	}
	return a == 0 && b == 0 && c == g && c > 0 && sumsEqual([]int{d, e, f}, []int{c}) || // S1
		a == slices.Max(q) || // S2
		a == b && c == g && d == f && a-d == e-c && 0 < a && a < e || // S3
		a == f && b-d == e-c && d-g == a-e && a < min(b, e) && a < max(c, d) // S4
}

// cn74Move finds a move to a P-position of the form the view q is read in.
// A move in CN(7,4) leaves three consecutive stacks unchanged. Each set S_i
// is mapped to itself by a reflection (S1, S3: stacks 0 <-> 1; S4: 0 <-> 5),
// so four placements of the fixed stacks per set suffice; each fixes all but
// at most two parameters, which the bounds p' <= p confine to intervals (in
// S4 with stacks 5, 6, 0 fixed, two independent ones), and the candidate
// takes the end of each interval that keeps the remaining conditions easiest
// to meet. Every candidate is checked (legal, in S) before it is returned.
//
// The paper's proof (Lemmas 2.7-2.11) builds the move by a longer case split
// over zeros and maxima; this search reaches the same targets. A candidate
// whose arithmetic leaves int (piles near 2^63) is caught by fits, which
// checks every candidate exactly; the parameters of a feasible candidate are
// differences of piles and fit in int.
func cn74Move(q game.Position) game.Position {
	fits := func(t game.Position) bool {
		fixed := 0
		for i := range t {
			if t[i] < 0 || t[i] > q[i] {
				return false
			}
		}
		for i := range 7 + 2 {
			if t[i%7] == q[i%7] {
				fixed++
				if fixed == 3 {
					return !slices.Equal(t, q) && cn74In(t)
				}
			} else {
				fixed = 0
			}
		}
		return false
	}
	a, b, c, d, e, f, g := q[0], q[1], q[2], q[3], q[4], q[5], q[6]
	s1 := func(c, d, e int) game.Position { return game.Position{0, 0, c, d, e, c - d - e, c} }
	s3 := func(a, c, d int) game.Position { return game.Position{a, a, c, d, a + c - d, d, c} }
	s4 := func(a, b, d, sum int) game.Position { return game.Position{a, b, sum - b, d, sum - d, a, sum - a} }
	candidates := []func() game.Position{
		// S2: three consecutive stacks equal to the minimum stay.
		func() game.Position { return game.Position{a, a, a, a, a, a, a} },
		// S1 with stacks {0,1,2}, {1,2,3}, {2,3,4}, {3,4,5} fixed.
		func() game.Position { d := min(d, c); return s1(c, d, min(e, c-d)) },
		func() game.Position { return s1(c, d, min(e, c-d)) },
		func() game.Position { return s1(c, d, e) },
		func() game.Position { return s1(d+e+f, d, e) },
		// S3 with stacks {0,1,2}, {1,2,3}, {2,3,4}, {3,4,5} fixed.
		func() game.Position { return s3(a, c, max(a, a+c-e)) },
		func() game.Position { return s3(b, c, d) },
		func() game.Position { return s3(d+e-c, c, d) },
		func() game.Position { return s3(max(1, d+e-min(c, g)), d+e-max(1, d+e-min(c, g)), d) },
		// S4 with stacks {0,1,2}, {1,2,3}, {4,5,6}, {5,6,0} fixed.
		func() game.Position {
			sum, lo := b+c, a
			if c <= a {
				lo = a + 1
			}
			return s4(a, b, max(lo, sum-e), sum)
		},
		func() game.Position { sum := b + c; return s4(max(0, sum-g), b, d, sum) },
		func() game.Position {
			sum := f + g
			return s4(f, max(f+1, sum-c), sum-e, sum)
		},
		func() game.Position {
			sum := f + g
			return s4(f, max(f+1, sum-c), min(d, sum-f-1), sum)
		},
	}
	for _, build := range candidates {
		if t := build(); fits(t) {
			return t
		}
	}
	return nil
}
