package discover

import (
	"context"
	"slices"
)

// Widening: a description by regions names each region by its key (the
// empty piles, or the piles holding the minimum) and often describes the
// same family of positions several times, once per key. The region whose
// key is the least particular (the fewest empty piles) is tried with its
// guard dropped: "a == 0 && min(b, ..., h) > 0" becomes "a == 0", and "a <
// min(b, ..., f)" becomes "a <= min(b, ..., f)". When the candidate stays
// exact on the learning box, the regions the widened one now covers are
// dropped one at a time while it stays exact. CN(8,6)'s six regions by the
// zeros become one, Dufour–Heubach–Vo 2021's form.

// widens reports whether the kind's regions can be widened.
func (k regionKind) widens() bool {
	return k == zeros || k == minima || k == minimaSign || k == maxima
}

// holdsWide reports whether p is in the widened region of key set: the
// piles of set are empty (zeros), or equal and at most (maxima: at least)
// every other pile, with the sign of minimaSign.
func (k regionKind) holdsWide(set uint64, p []int) bool {
	first := -1
	for i, x := range p {
		if set>>i&1 == 0 {
			continue
		}
		switch {
		case k == zeros && x != 0:
			return false
		case first < 0:
			first = x
		case x != first:
			return false
		}
	}
	if k == zeros || first < 0 {
		return true
	}
	for i, x := range p {
		if set>>i&1 == 0 && (k == maxima && x > first || k != maxima && x < first) {
			return false
		}
	}
	if k == minimaSign {
		return (set&positiveMin != 0) == (first > 0)
	}
	return true
}

// reindex rebuilds the candidate's index of keys and list of widened
// regions after its regions changed.
func (c *candidate) reindex() {
	c.index, c.wide = map[uint64]int{}, nil
	for i, r := range c.regions {
		if r.wide {
			c.wide = append(c.wide, i)
			continue
		}
		c.index[r.set] = i
	}
}

// widen widens the regions of an exact candidate, the least particular
// first, and drops those a widened region covers, keeping the candidate
// exact on the learning box (see the comment at the top of the file).
func (s *search) widen(ctx context.Context, c *candidate) (*candidate, error) {
	if !c.kind.widens() || len(c.regions) < 2 {
		return c, nil
	}
	// The regions are listed most particular first (sortedKeys).
	for r := len(c.regions) - 1; r >= 0; r-- {
		if r >= len(c.regions) || c.regions[r].wide {
			continue
		}
		trial, err := s.widened(ctx, c, r)
		if err != nil {
			return nil, err
		}
		if trial == nil {
			continue
		}
		c = trial
		for d := len(c.regions) - 1; d >= 0; d-- {
			if c.regions[d].wide {
				continue
			}
			trial := c.clone()
			trial.regions = slices.Delete(trial.regions, d, d+1)
			trial.reindex()
			if exact, err := s.exact(ctx, trial); err != nil {
				return nil, err
			} else if exact {
				c = trial
			}
		}
	}
	return c, nil
}

// widened returns c with its region r widened, when that is exact on the
// learning box, or nil. The region's relations are first learned again
// from every P-position of the widened region: a key with few P-positions
// (PathNim P(10,6) on piles up to 4 has one with five empty piles and
// the five others not) is described by relations that hold at them alone,
// and so is its widening; those of the widened region are the ones that
// hold beyond the box. Else the region is widened with its relations as
// they are.
func (s *search) widened(ctx context.Context, c *candidate, r int) (*candidate, error) {
	set := c.regions[r].set
	var wide [][]int
	for _, p := range s.ps {
		if c.kind.holdsWide(set, p) {
			wide = append(wide, p)
		}
	}
	eqs, les := c.kind.facts(set, s.n)
	relearned := reduce(describe(wide, s.n, c.level), s.n, eqs, les)
	for _, d := range []*description{&relearned, nil} {
		trial := c.clone()
		trial.regions[r].wide = true
		if d != nil {
			trial.regions[r].desc = *d
		}
		trial.reindex()
		if exact, err := s.exact(ctx, trial); err != nil || exact {
			return trial, err
		}
	}
	return nil, nil
}

// compactSlow returns the exact table c of slowReduced written as a band
// of invariants (slowInvariants.compact), when that is shorter and exact on
// the learning box too; nil otherwise.
func (s *search) compactSlow(ctx context.Context, c *candidate) (*candidate, error) {
	rejected := map[[2]int]bool{}
	p := make([]int, s.n)
	box := s.t.Box
	for idx := range box.Positions() {
		if idx%4096 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		box.Position(idx, p)
		if !s.t.IsP(p) {
			rejected[c.slow.invariants(p)] = true
		}
	}
	short := &slowInvariants{k: c.slow.k, accepted: c.slow.accepted}
	short.compact(s.n, rejected)
	if short.band == nil {
		return nil, nil
	}
	trial := &candidate{kind: slowReduced, slow: short}
	if exact, err := s.exact(ctx, trial); err != nil || !exact {
		return nil, err
	}
	return trial, nil
}
