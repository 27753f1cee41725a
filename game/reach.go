package game

import (
	"slices"

	"github.com/nimlab/nimlab/complex"
)

// ReachRule is the capability of rules whose options on a move set S form a
// shifted cone: the options of p on S are the positions q = p - d - r >= 0
// with d one of the rule's offsets on S and r a sum of its steps on S (any
// number of each step, none included). The cone engine of package solve
// looks it up once per solve and then never enumerates an option:
//
//   - atleast(A; a), NIM_H and Exact k-Nim: the offset a·1_S, the unit steps;
//   - total(A; a): the offsets d >= 1_S of total max(a, |S|), the unit steps;
//   - fixed, fixedall and the slow rule: the offset a·1_S, no step;
//   - exactly(A; a): the offsets d >= 1_S of total a, no step;
//   - Wythoff's rule: the offset 1_S and the step 1_S.
type ReachRule interface {
	MoveRule
	// Reach returns the steps and offsets of the rule on the move set whose
	// piles are piles, as vectors over those piles (entry j for piles[j]).
	// Offsets d with d[j] > heights[j] for some j are left out: they never
	// fit under a position of a box of those heights. Reach reports false
	// when there are more than limit offsets.
	Reach(piles, heights []int, limit int) (steps, offsets [][]int, ok bool)
}

// Reach of the rules taking the same amount from every pile.
func (r equalAmounts) Reach(piles, heights []int, _ int) (steps, offsets [][]int, ok bool) {
	t := max(r.a, 1)
	if slices.Min(heights) < t {
		return stepsOf(r.a == 0, len(piles)), nil, true
	}
	return stepsOf(r.a == 0, len(piles)), [][]int{constant(len(piles), t)}, true
}

// stepsOf is the step 1_S when diagonal is true, and no step otherwise.
func stepsOf(diagonal bool, n int) [][]int {
	if !diagonal {
		return nil
	}
	return [][]int{constant(n, 1)}
}

// constant is the vector of n entries t.
func constant(n, t int) []int {
	v := make([]int, n)
	for j := range v {
		v[j] = t
	}
	return v
}

// Reach of the rules taking at least each from every pile with a total in
// lo..hi: without an upper bound, the least totals plus the unit steps; with
// one, every allowed reduction and no step.
func (r amounts) Reach(piles, heights []int, limit int) (steps, offsets [][]int, ok bool) {
	lo, hi := max(r.lo, r.each*len(piles)), r.hi
	if hi < 0 {
		hi = lo
		for j := range piles {
			v := make([]int, len(piles))
			v[j] = 1
			steps = append(steps, v)
		}
	}
	offsets, ok = compositions(len(piles), r.each, lo, hi, heights, limit)
	return steps, offsets, ok
}

// Reach of atleast(A; each): the offset each·1_S and the unit steps.
func (r atLeast) Reach(piles, heights []int, limit int) (steps, offsets [][]int, ok bool) {
	return amounts{r.name, r.each, 0, -1}.Reach(piles, heights, limit)
}

// compositions lists the vectors d of n entries with each <= d[j] <=
// heights[j] and a total in lo..hi, or reports false past limit of them.
func compositions(n, each, lo, hi int, heights []int, limit int) ([][]int, bool) {
	var out [][]int
	d := make([]int, n)
	var fill func(j, sum int) bool
	fill = func(j, sum int) bool {
		if j == n {
			if sum < lo {
				return true
			}
			if len(out) == limit {
				return false
			}
			out = append(out, slices.Clone(d))
			return true
		}
		for v := each; v <= heights[j] && sum+v+each*(n-1-j) <= hi; v++ {
			d[j] = v
			if !fill(j+1, sum+v) {
				return false
			}
		}
		return true
	}
	if !fill(0, 0) {
		return nil, false
	}
	return out, true
}

// Reach of a compound: each component's offsets side by side (every
// combination), and every component's steps.
func (c compoundRule) Reach(piles, heights []int, limit int) (steps, offsets [][]int, ok bool) {
	offsets = [][]int{make([]int, len(piles))}
	for _, g := range c.groups(piles) {
		lo, hi := g[0], g[1]
		part, ok := c.ruleOf(piles[lo]).(ReachRule)
		if !ok {
			return nil, nil, false
		}
		ps, po, ok := part.Reach(piles[lo:hi], heights[lo:hi], limit)
		if !ok || len(offsets)*len(po) > limit {
			return nil, nil, false
		}
		for _, s := range ps {
			v := make([]int, len(piles))
			copy(v[lo:hi], s)
			steps = append(steps, v)
		}
		var next [][]int
		for _, o := range offsets {
			for _, p := range po {
				v := slices.Clone(o)
				copy(v[lo:hi], p)
				next = append(next, v)
			}
		}
		offsets = next
	}
	return steps, offsets, true
}

// Reach is the shifted cone of one move set (see ReachRule), as vectors over
// all the piles of the game.
type Reach struct {
	// Set is the move set.
	Set complex.Set
	// Steps and Offsets: the options of p on Set are p - d - r >= 0 for d
	// in Offsets and r a sum of Steps.
	Steps, Offsets []Position
}

// Reaches describes the options of every move set of g as shifted cones
// (ReachRule), with the offsets that fit in box: for the rule variations, the
// literature's games on hypergraphs, the slow rule and their compounds. It
// reports false for the take games, which the fast engine (solve.Fast) solves, for
// rules without the capability, and past limit offsets in all.
func (g *Game) Reaches(box []int, limit int) ([]Reach, bool) {
	r, ok := g.Rule().(ReachRule)
	if !ok || g.TakeOnFaces() || len(box) != g.Piles() {
		return nil, false
	}
	sets, err := g.MoveSets()
	if err != nil {
		return nil, false
	}
	var out []Reach
	count := 0
	for _, set := range sets {
		piles := set.Vertices()
		heights := make([]int, len(piles))
		for j, v := range piles {
			heights[j] = box[v]
		}
		steps, offsets, ok := r.Reach(piles, heights, limit-count)
		if !ok {
			return nil, false
		}
		count += len(offsets)
		spread := func(vs [][]int) []Position {
			var out []Position
			for _, v := range vs {
				p := make(Position, len(box))
				for j, pile := range piles {
					p[pile] = v[j]
				}
				out = append(out, p)
			}
			return out
		}
		out = append(out, Reach{Set: set, Steps: spread(steps), Offsets: spread(offsets)})
	}
	return out, true
}
