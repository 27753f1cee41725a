package theory

import (
	"context"
	"slices"

	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
)

// onCycle binds a rule to games played on the cycle complex C_{n,k} with its
// usual labelling (stacks 1..n around the circle). The rule is made from the
// complex's symmetries, which for these small n, k are exactly the rotations
// and reflections of the circle.
func onCycle(n, k int, rule func(symmetries []complex.Perm) Oracle) func(context.Context, *game.Game) (Oracle, bool) {
	c, _ := complex.Cycle(n, k)
	grp, _ := c.Symmetries(context.Background())
	r := rule(grp.Elements())
	return func(_ context.Context, g *game.Game) (Oracle, bool) {
		return r, g.Piles() == n && slices.Equal(g.Complex.Facets(), c.Facets())
	}
}

type cn42Oracle struct{}

func (cn42Oracle) IsP(p game.Position) bool { return p[0] == p[2] && p[1] == p[3] }

// WinningMove lowers the larger stack of each diagonal pair to the smaller
// (Theorem 2.2's proof); the two stacks changed are adjacent.
func (r cn42Oracle) WinningMove(p game.Position) game.Position {
	if r.IsP(p) {
		return nil
	}
	a, b := min(p[0], p[2]), min(p[1], p[3])
	return game.Position{a, b, a, b}
}

// dihedralOracle is a theorem stated up to rotations and reflections: in tells
// whether a position has the normal form, move builds a winning move from a
// position seen through a symmetry (or returns nil when that view does not
// fit the proof's case split).
type dihedralOracle struct {
	perms []complex.Perm
	in    func(q game.Position) bool
	move  func(q game.Position) game.Position
}

func (r dihedralOracle) IsP(p game.Position) bool {
	q := make(game.Position, len(p))
	for _, perm := range r.perms {
		for i, j := range perm {
			q[i] = p[j]
		}
		if r.in(q) {
			return true
		}
	}
	return false
}

// WinningMove looks at p through each symmetry until the proof's case split
// applies, builds the move there and maps it back.
func (r dihedralOracle) WinningMove(p game.Position) game.Position {
	if r.IsP(p) {
		return nil
	}
	q := make(game.Position, len(p))
	for _, perm := range r.perms {
		for i, j := range perm {
			q[i] = p[j]
		}
		if t := r.move(q); t != nil {
			out := make(game.Position, len(p))
			for i, j := range perm {
				out[j] = t[i]
			}
			return out
		}
	}
	return nil // unreachable: the proof's cases cover every N-position
}

// cn52In: q = (a,b,c,d,b) with a+b = c+d and a = max(q).
func cn52In(q game.Position) bool {
	return q[1] == q[4] && q[0]-q[2] == q[3]-q[1] && q[0] == slices.Max(q)
}

// cn52Move follows the proof of Theorem 3.1(1): subtract the minimum m from
// every stack, so that the view is (0,w,x,y,z); then
// (i) the maximum is next to the minimum: (0,w,x,y,z) with w the maximum;
// (ii) it is one stack away: (0,x+y,w,z,y) with the maximum among w, z.
func cn52Move(q game.Position) game.Position {
	m := slices.Min(q)
	if q[0] != m {
		return nil
	}
	s := make(game.Position, 5)
	for i := range q {
		s[i] = q[i] - m
	}
	var t game.Position
	switch top := slices.Max(s); {
	case s[1] == top: // case (i)
		w, y, z := s[1], s[3], s[4]
		if w-z >= y { // w >= z+y, without leaving int
			t = game.Position{0, z + y, 0, y, z}
		} else {
			t = game.Position{0, w, 0, w - z, z}
		}
	case (s[2] == top || s[3] == top) && s[1] >= s[4]: // case (ii)
		y, x, z := s[4], s[1]-s[4], s[3]
		if z >= x {
			t = game.Position{0, x + y, 0, x, y}
		} else {
			t = game.Position{0, z + y, 0, z, y}
		}
	default:
		return nil
	}
	for i := range t {
		t[i] += m
	}
	return t
}

// cn53In: q = (0,b,c,d,b) with b = c+d.
func cn53In(q game.Position) bool {
	return q[0] == 0 && q[1] == q[4] && q[1]-q[2] == q[3]
}

// cn53Move follows the proof of Theorem 3.1(2), with m the minimum and M the
// maximum: (i) (m,M,x,y,z), the table of four cases; (ii) (m,x,M,y,z).
func cn53Move(q game.Position) game.Position {
	m, top := slices.Min(q), slices.Max(q)
	if q[0] != m {
		return nil
	}
	switch {
	case q[1] == top: // case (i)
		x, y, z := q[2], q[3], q[4]
		switch {
		case y-z >= m:
			return game.Position{m, m + z, 0, m + z, z}
		case y-z >= 0:
			return game.Position{y - z, y, 0, y, z}
		case x > z-y:
			return game.Position{0, z, z - y, y, z}
		default:
			return game.Position{0, x + y, x, y, x + y}
		}
	case q[2] == top: // case (ii)
		x, z := q[1], q[4]
		if x >= z-m {
			return game.Position{m, z - m, z, 0, z}
		}
		return game.Position{m, x, x + m, 0, x + m}
	}
	return nil
}
