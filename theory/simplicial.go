package theory

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
)

// joinOracle is Theorem 6.1 of Ehrenborg–Steingrímsson 1996: on a join the
// zero positions are those zero on every factor, and a winning move plays a
// winning move on every factor that is not zero (their union is a face).
type joinOracle struct {
	rules []Oracle
	sizes []int
}

// bindJoin covers join, cone (a factor that is one vertex, Corollary 6.2)
// and susp (a factor of two isolated vertices, Corollary 6.3) when every
// factor is covered.
func bindJoin(ctx context.Context, g *game.Game) (Oracle, bool) {
	c := g.Construction
	if c == nil {
		return nil, false
	}
	var r joinOracle
	for _, p := range c.Parts {
		rule, ok := ruleOf(ctx, p)
		if !ok {
			return nil, false
		}
		r.rules, r.sizes = append(r.rules, rule), append(r.sizes, p.Piles())
	}
	switch c.Op {
	case "join":
	case "cone":
		r.rules, r.sizes = append(r.rules, simplexOracle{}), append(r.sizes, 1)
	case "susp":
		r.rules, r.sizes = append(r.rules, nimOracle{}), append(r.sizes, 2)
	default:
		return nil, false
	}
	return r, true
}

// ruleOf finds the rule of a part of a construction.
func ruleOf(ctx context.Context, g *game.Game) (Oracle, bool) {
	_, r, ok := Find(ctx, g)
	return r, ok
}

// limit is the first limit of a factor that p passes.
func (r joinOracle) limit(p game.Position) error {
	off := 0
	for i, rule := range r.rules {
		if err := limitOf(rule, p[off:off+r.sizes[i]]); err != nil {
			return err
		}
		off += r.sizes[i]
	}
	return nil
}

func (r joinOracle) IsP(p game.Position) bool {
	off := 0
	for i, rule := range r.rules {
		if !rule.IsP(p[off : off+r.sizes[i]]) {
			return false
		}
		off += r.sizes[i]
	}
	return true
}

func (r joinOracle) WinningMove(p game.Position) game.Position {
	m := slices.Clone(p)
	off, moved := 0, false
	for i, rule := range r.rules {
		if q := rule.WinningMove(p[off : off+r.sizes[i]]); q != nil {
			copy(m[off:], q)
			moved = true
		}
		off += r.sizes[i]
	}
	if !moved {
		return nil
	}
	return m
}

// splitOracle covers B_x (Lemma 6.7) and P_x (Proposition 6.9): pile x of the
// part became y (same place) and z (last).
type splitOracle struct {
	part Oracle
	x    int
	p    bool // P_x rather than B_x
}

func bindSplit(ctx context.Context, g *game.Game) (Oracle, bool) {
	c := g.Construction
	if c == nil || c.Op != "bx" && c.Op != "px" {
		return nil, false
	}
	part, ok := ruleOf(ctx, c.Parts[0])
	return splitOracle{part: part, x: c.Vertex, p: c.Op == "px"}, ok
}

// old is the position on the part: for B_x, p_x = n_y + n_z; for P_x,
// p_x = min(n_y, n_z) (equal at a zero position).
func (r splitOracle) old(n game.Position) game.Position {
	q := slices.Clone(n[:len(n)-1])
	y, z := n[r.x], n[len(n)-1]
	if r.p {
		q[r.x] = min(y, z)
	} else {
		q[r.x] = y + z
	}
	return q
}

// limit refuses a B_x position whose piles y and z add up to more than
// 2^63-1: the position on the part would need a larger pile. Positions of
// the part are checked against its own limit.
func (r splitOracle) limit(n game.Position) error {
	if !r.p && n[r.x] > math.MaxInt-n[len(n)-1] {
		return fmt.Errorf("on B_x piles %d and %d hold %d and %d tokens, together more than %d, the largest pile the part's theorem can take",
			r.x+1, len(n), n[r.x], n[len(n)-1], math.MaxInt)
	}
	return limitOf(r.part, r.old(n))
}

func (r splitOracle) IsP(n game.Position) bool {
	if r.p && n[r.x] != n[len(n)-1] {
		return false
	}
	return r.part.IsP(r.old(n))
}

// WinningMove maps a winning move on the part back, as the proofs do: on
// B_x the target pile x is shared out between y and z (y first); on P_x both
// get it, and when the part is already at a zero position y and z are only
// evened out.
func (r splitOracle) WinningMove(n game.Position) game.Position {
	if r.IsP(n) {
		return nil
	}
	p := r.old(n)
	q := r.part.WinningMove(p)
	if q == nil { // only for P_x with n_y != n_z
		q = p
	}
	m := append(slices.Clone(q), 0)
	if r.p {
		m[r.x], m[len(m)-1] = q[r.x], q[r.x]
	} else {
		y := min(n[r.x], q[r.x])
		m[r.x], m[len(m)-1] = y, q[r.x]-y
	}
	return m
}

// pathOracle: the zero positions of P_{n,n-1} (path:2n-2,n-1), stated in
// Ehrenborg–Steingrímsson 1996, Section 8: n-2 consecutive empty piles
// b..b+n-3 (2 <= b <= n) with equal sums on either side.
type pathOracle struct{ k int } // k = n-1, piles 2k

func (r pathOracle) IsP(p game.Position) bool {
	for b := 1; b < r.k+1; b++ { // 0-based start of the empty block
		if r.zeroAt(p, b) {
			return true
		}
	}
	return false
}

func (r pathOracle) zeroAt(p game.Position, b int) bool {
	return sumsEqual(p[:b], p[b+r.k-1:]) && slices.Max(append(game.Position{0}, p[b:b+r.k-1]...)) == 0
}

// WinningMove tries every block b and every window of k consecutive piles
// (a facet) to play in: the piles of the block inside the window are
// emptied, those outside must already be empty, and the side with the
// larger sum is lowered inside the window, from the block outwards, to the
// other side's sum (if the window can reach that low). This search is
// complete; the paper states the characterization without a proof.
func (r pathOracle) WinningMove(p game.Position) game.Position {
	if r.IsP(p) {
		return nil
	}
	n := len(p)
	for b := 1; b < r.k+1; b++ {
		for s := 0; s+r.k <= n; s++ {
			in := func(i int) bool { return i >= s && i < s+r.k }
			m := slices.Clone(p)
			ok := true
			for i := b; i < b+r.k-1; i++ {
				if in(i) {
					m[i] = 0
				} else if p[i] != 0 {
					ok = false
				}
			}
			if !ok {
				continue
			}
			left, right := sumOf(m[:b]...), sumOf(m[b+r.k-1:]...)
			// lower the larger side towards the smaller, nearest piles
			// first (the sums are wide: they may leave int)
			lo, hi, step := b-1, -1, -1
			excess := left.sub(right)
			if excess.cmp(wide{}) < 0 {
				lo, hi, step, excess = b+r.k-1, n, 1, right.sub(left)
			}
			for i := lo; i != hi && excess.cmp(wide{}) > 0; i += step {
				if in(i) {
					d := min(m[i], excess.sat())
					m[i] -= d
					excess = excess.sub(wideOf(d))
				}
			}
			if excess == (wide{}) && !slices.Equal(m, p) {
				return m
			}
		}
	}
	return nil
}

// figure6Oracle is the complex of Ehrenborg–Steingrímsson 1996, Figure 6,
// whose picture is lost in our copy: on x, y, z, w its zero positions are
// W = {(x,y,0,w): x+y = w} ∪ {(x,y,z,w): x = y = z+w, z >= 1}. Among all
// complexes on four labelled vertices exactly one has these zero positions
// (checked by `nimlab repro` over every complex up to height 5): the
// triangle boundary x-y, x-z, y-z with the pendant edge z-w.
type figure6Oracle struct{}

// Figure6 returns the complex of Figure 6 in the vertex order x, y, z, w (a
// fresh complex each call).
func Figure6() *complex.Complex { return newFigure6() }

// figure6 is the complex of Figure 6, shared inside the package: never
// changed.
var figure6 = newFigure6()

// newFigure6 builds the complex of Figure 6.
func newFigure6() *complex.Complex {
	c, _ := complex.New(4, []complex.Set{complex.SetOf(0, 1), complex.SetOf(0, 2), complex.SetOf(1, 2), complex.SetOf(2, 3)})
	return c
}

// InFigure6W reports whether p is in the set W the paper gives for Figure 6.
func InFigure6W(p game.Position) bool {
	x, y, z, w := p[0], p[1], p[2], p[3]
	return z == 0 && w-y == x || x == y && y-z == w && z >= 1
}

func (figure6Oracle) IsP(p game.Position) bool { return InFigure6W(p) }

// WinningMove tries each face F: piles outside F stay, piles in F may drop
// to any value, and each of the two parts of W is then an interval problem.
func (figure6Oracle) WinningMove(p game.Position) game.Position {
	if InFigure6W(p) {
		return nil
	}
	faces, _ := figure6.Faces() // 6 faces
	for _, f := range faces {
		lo := make(game.Position, 4)
		for v := range 4 {
			if !f.Has(v) {
				lo[v] = p[v]
			}
		}
		hi := p
		// x+y = w with z = 0 (sums saturated under a min with a pile, or
		// compared as differences, so that none leaves int)
		if lo[2] == 0 {
			s := min(satAdd(hi[0], hi[1]), hi[3])
			if s-lo[1] >= lo[0] && s >= lo[3] {
				x := min(hi[0], s-lo[1])
				return game.Position{x, s - x, 0, s}
			}
		}
		// x = y = z+w with z >= 1
		zlo := max(lo[2], 1)
		s := min(hi[0], hi[1], satAdd(hi[2], hi[3]))
		if zlo <= hi[2] && s >= max(lo[0], lo[1]) && s-lo[3] >= zlo {
			z := max(zlo, s-hi[3])
			return game.Position{s, s, z, s - z}
		}
	}
	return nil
}
