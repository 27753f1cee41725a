package theory

import (
	"slices"

	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
)

type simplexOracle struct{}

func (simplexOracle) IsP(p game.Position) bool { return game.IsZero(p) }

// WinningMove takes every token (Theorem 2.1(2)'s proof).
func (simplexOracle) WinningMove(p game.Position) game.Position {
	if game.IsZero(p) {
		return nil
	}
	return make(game.Position, len(p))
}

type nimOracle struct{}

func (nimOracle) IsP(p game.Position) bool { return nimSum(p) == 0 }

func nimSum(p game.Position) int {
	x := 0
	for _, v := range p {
		x ^= v
	}
	return x
}

// WinningMove reduces a pile whose highest bit is the highest bit of the
// nim-sum x to its xor with x (Bouton).
func (nimOracle) WinningMove(p game.Position) game.Position {
	x := nimSum(p)
	if x == 0 {
		return nil
	}
	for i, v := range p {
		if v^x < v {
			q := slices.Clone(p)
			q[i] = v ^ x
			return q
		}
	}
	return nil // unreachable: some pile has x's highest bit
}

type allEqualOracle struct{}

func (allEqualOracle) IsP(p game.Position) bool { return slices.Min(p) == slices.Max(p) }

// WinningMove lowers every pile to the smallest (Theorem 2.1(3)'s proof): the
// smallest pile is untouched, so at most n-1 piles change.
func (allEqualOracle) WinningMove(p game.Position) game.Position {
	m := slices.Min(p)
	if m == slices.Max(p) {
		return nil
	}
	q := make(game.Position, len(p))
	for i := range q {
		q[i] = m
	}
	return q
}

type cn63Oracle struct{}

// IsP compares the pair sums as differences (a-d == e-b), which never leave
// int for piles in 0..2^63-1.
func (cn63Oracle) IsP(p game.Position) bool {
	return p[0]-p[3] == p[4]-p[1] && p[1]-p[4] == p[5]-p[2]
}

// WinningMove plays on three consecutive stacks i, i+1, i+2. With the other
// three fixed, the P-positions reachable are p_{i+1} = t, p_i = R1 - t,
// p_{i+2} = R2 - t with R1 = p_{i+3}+p_{i+4}, R2 = p_{i+4}+p_{i+5} (the third
// pair condition then holds by Remark 3.3), so the move exists exactly when
// an interval of t is non-empty. Theorem 3.2 guarantees some window has one.
// R1 and R2 may exceed 2^63-1, so they are wide; t = min(p_{i+1}, R1, R2)
// is the top of the interval, and it is non-empty when R1-t <= p_i and
// R2-t <= p_{i+2}, which then fit in int.
func (r cn63Oracle) WinningMove(p game.Position) game.Position {
	if r.IsP(p) {
		return nil
	}
	at := func(j int) int { return p[j%6] }
	for i := range 6 {
		r1, r2 := sumOf(at(i+3), at(i+4)), sumOf(at(i+4), at(i+5))
		t := min(at(i+1), r1.sat(), r2.sat())
		left, right := r1.sub(wideOf(t)), r2.sub(wideOf(t))
		if left.cmp(wideOf(at(i))) > 0 || right.cmp(wideOf(at(i+2))) > 0 {
			continue
		}
		q := slices.Clone(p)
		q[i], q[(i+1)%6], q[(i+2)%6] = left.sat(), t, right.sat()
		return q
	}
	return nil // unreachable by Theorem 3.2
}

// pointedOracle is Theorem 3.2 of Ehrenborg–Steingrímsson 1996.
type pointedOracle struct {
	circuits []complex.Set
	points   []int
}

// IsP: in a combination of circuits the coefficient of circuit C is the
// pile on its point, so p is one exactly when those coefficients rebuild p.
// The partial sums never pass p (a larger one means "not P"), so they fit.
func (r *pointedOracle) IsP(p game.Position) bool {
	sum := make(game.Position, len(p))
	for i, c := range r.circuits {
		a := p[r.points[i]]
		for _, v := range c.Vertices() {
			if a > p[v]-sum[v] {
				return false
			}
			sum[v] += a
		}
	}
	return slices.Equal(sum, p)
}

// WinningMove follows the proof: raise each circuit's coefficient as far as
// the position allows, one circuit after the other; afterwards every circuit
// has a vertex where the combination m equals p, so the piles where m < p
// contain no circuit and form a face, and p -> m is a move.
func (r *pointedOracle) WinningMove(p game.Position) game.Position {
	m := make(game.Position, len(p))
	for _, c := range r.circuits {
		room := -1
		for _, v := range c.Vertices() {
			if d := p[v] - m[v]; room < 0 || d < room {
				room = d
			}
		}
		for _, v := range c.Vertices() {
			m[v] += room
		}
	}
	if slices.Equal(m, p) {
		return nil
	}
	return m
}
