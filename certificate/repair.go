package certificate

import (
	"context"
	"math/rand/v2"
	"slices"

	"github.com/nimlab/nimlab/game"
)

// A split learned again from scratch each round, with the positions the
// last one failed at added to the samples, need not converge: each round
// cuts the positions anew, and the cases confirmed by the solver are lost
// with the tree (CN(8,6) on its canonical positions: 20–80 failures a
// round, for 14 rounds, without a trend). From the second round on, the
// split is mended instead: a case whose plan fails at some samples is cut
// by one of the plan's own atoms that is false at them. The plan stays on
// the side where the atom holds (which keeps every sample it held at),
// and the other side, which holds the failures, is learned afresh. The
// side the plan keeps gains one of the plan's atoms as a condition, so
// along it a case is cut at most once per atom of its plan: a plan whose
// atoms are all conditions of its case holds wherever the case does.
// Nothing here is trusted: coqc checks every case.

// repair mends the split c of the samples xs where its cases fail.
func (l learner) repair(ctx context.Context, c *caseNode, xs []int) (*caseNode, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s := l.s
	if c.cond != nil {
		yes, no := s.partition(c.cond, xs)
		var err error
		if c.yes, err = l.repair(ctx, c.yes, yes); err != nil {
			return nil, err
		}
		if c.no, err = l.repair(ctx, c.no, no); err != nil {
			return nil, err
		}
		return c, nil
	}
	inS := s.bits[s.set]
	var failing []int
	for _, i := range xs {
		if bit(inS, i) != c.inS || !s.provesSample(c.plan, i) {
			failing = append(failing, i)
		}
	}
	if len(failing) == 0 {
		return c, nil
	}
	cond := s.cut(c.plan, failing)
	if cond == nil {
		// No atom of the plan is false at the failures: learn the case
		// again from its samples.
		s.cases--
		return l.grow(ctx, xs)
	}
	yes, no := s.partition(cond, xs)
	cut := &caseNode{cond: cond}
	var err error
	if cut.yes, err = l.repair(ctx, c, yes); err != nil {
		return nil, err
	}
	if cut.no, err = l.grow(ctx, no); err != nil {
		return nil, err
	}
	return cut, nil
}

// cut returns the condition of the atom of plan pl that is false at the
// most of the samples xs, or nil if none is false at any.
func (s *splitter) cut(pl *plan, xs []int) *prop {
	var best *prop
	most := 0
	for _, a := range s.planAtoms(pl, nil) {
		cond, ok := s.conditionOf[a.src]
		if !ok {
			continue
		}
		b := s.truth(cond)
		n := 0
		for _, i := range xs {
			if !bit(b, i) {
				n++
			}
		}
		if n > most {
			best, most = cond, n
		}
	}
	return best
}

// planAtoms appends the atoms plan pl asks to hold to out.
func (s *splitter) planAtoms(pl *plan, out []*prop) []*prop {
	t := pl.node
	switch {
	case t.op == orOp:
		return s.planAtoms(pl.kids[0], out)
	case t.op == andOp && s.hasOr[t]:
		for _, k := range pl.kids {
			out = s.planAtoms(k, out)
		}
		return out
	}
	return atomsOf(t, out)
}

// atomsOf appends the atoms of shape t to out.
func atomsOf(t *prop, out []*prop) []*prop {
	if t.op == atomOp {
		return append(out, t)
	}
	for _, a := range t.args {
		out = atomsOf(a, out)
	}
	return out
}

// provesSample reports whether plan pl proves its shape at sample i.
func (s *splitter) provesSample(pl *plan, i int) bool {
	return s.follows(pl, func(t *prop) bool { return bit(s.truth(t), i) })
}

// partition splits the samples xs by whether cond holds at them.
func (s *splitter) partition(cond *prop, xs []int) (yes, no []int) {
	b := s.truth(cond)
	for _, i := range xs {
		if bit(b, i) {
			yes = append(yes, i)
		} else {
			no = append(no, i)
		}
	}
	return yes, no
}

// countCases returns the number of cases of the split c.
func countCases(c *caseNode) int {
	if c.cond == nil {
		return 1
	}
	return countCases(c.yes) + countCases(c.no)
}

// around returns positions near each of xs that keep some of the
// equations it meets (the solver's failures lie where equations hold,
// which random positions seldom meet): twice and three times it, which
// keep every homogeneous linear equation, and it with every pile of one
// value, chosen at random, one more or one less, which keep the equalities
// of piles. A case mended at one failure learns from these what holds
// around it.
func (s *splitter) around(rng *rand.Rand, xs []game.Position) []game.Position {
	var out []game.Position
	for _, x := range xs {
		for _, f := range []int{2, 3} {
			if slices.Max(x) > 1<<40 {
				break
			}
			y := make(game.Position, len(x))
			for i, v := range x {
				y[i] = f * v
			}
			out = append(out, y)
		}
		for range 2 {
			v := x[rng.IntN(len(x))]
			for _, d := range []int{-1, 1} {
				if v+d < 0 {
					continue
				}
				y := slices.Clone(x)
				for i := range y {
					if y[i] == v {
						y[i] += d
					}
				}
				out = append(out, y)
			}
		}
	}
	if s.sym != nil {
		for i, y := range out {
			out[i] = s.sym.canonicalImage(y)
		}
	}
	return out
}
