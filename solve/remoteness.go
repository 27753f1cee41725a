package solve

import (
	"context"
	"fmt"
	"math"
	"runtime"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/table"
)

// Remoteness of take games by a min/max box recurrence.
//
// The options of p on a facet F are the positions q <= p, q != p, that agree
// with p off F. Smith's rule (see Remoteness) needs, over the options, the
// least even remoteness and the largest remoteness. Both are monotone over
// the box of F below p, so for each facet
//
//	MinEven_F(p) = min(R(p) if even, MinEven_F(p - e_i) for i in F, p_i > 0)
//	Max_F(p)     = max(R(p),         Max_F(p - e_i)     for i in F, p_i > 0)
//
// and the options of p contribute exactly MinEven_F(p - e_i) and
// Max_F(p - e_i) over i in F with p_i > 0. One pass in index order gives
// every remoteness, hence every outcome (P iff even), at the cost of a few
// comparisons per facet and pile, without listing options.
//
// DESIGN.md sketches remoteness as level sets of HasOptionIn, one or two
// sweeps per remoteness value. Remoteness reaches the total of the piles
// (about 90 passes for CN(6,3) with piles up to 15, 120 up to 20), while this
// recurrence is one pass of about sum |F| comparisons per position, and it
// runs on the same anti-diagonal sub-slabs as the line engine.

// noEven marks a MinEven with no even remoteness below.
const noEven = math.MaxUint16

// remotenessPair is (MinEven_F, Max_F + 1) of one position and facet; the
// second field is 0 when the box of F below the position is empty.
type remotenessPair struct{ minEven, maxPlus1 uint16 }

// remotenessSweep holds one pass of the recurrence.
type remotenessSweep struct {
	h      []int // the box, padded with zeros to at least 3 piles
	n      int
	width  int // positions per line: h[0]+1
	perSub int // lines per sub-slab
	subLen int // pairs per sub-slab
	slab   int // pairs per slab
	// facets lists, per facet, whether it holds pile 0 and the piles >= 1
	// it holds, with where their pair lies back from the current one.
	facets   []remotenessFacet
	buf      []remotenessPair // two slabs of sub-slabs, as in sweep
	terminal uint16
	out      *table.Table
}

type remotenessFacet struct {
	has0  bool
	piles []uint   // piles >= 1 of the facet
	back  [2][]int // by parity of the slowest pile: pairs back, per pile
}

// fastRemoteness fills t.Remoteness and t.PLine for a take game.
func fastRemoteness(ctx context.Context, g *game.Game, box table.Box, t *table.Table, opts Options) error {
	if err := checkRemotenessBound(g, box); err != nil {
		return err
	}
	h := append([]int(nil), box...)
	for len(h) < 3 {
		h = append(h, 0)
	}
	n := len(h)
	_, _, terminalR := g.Terminal()
	facets := g.Complex.Facets()
	s := &remotenessSweep{h: h, n: n, width: h[0] + 1, terminal: uint16(terminalR), out: t}
	stride := make([]int, n) // pairs back along pile i, within a slab
	s.perSub = 1
	for i := 1; i <= n-3; i++ {
		stride[i] = s.perSub * s.width * len(facets)
		s.perSub *= h[i] + 1
	}
	s.subLen = s.perSub * s.width * len(facets)
	stride[n-2] = s.subLen
	s.slab = (h[n-2] + 1) * s.subLen
	for _, f := range facets {
		rf := remotenessFacet{has0: f.Has(0)}
		for _, v := range f.Vertices() {
			if v == 0 {
				continue
			}
			rf.piles = append(rf.piles, uint(v))
			for parity := range 2 {
				b := stride[v]
				if v == n-1 { // (d, c-1) is one slab later for c even, earlier for c odd
					b = s.slab
					if parity == 0 {
						b = -s.slab
					}
				}
				rf.back[parity] = append(rf.back[parity], b)
			}
		}
		s.facets = append(s.facets, rf)
	}
	t.Remoteness = make([]uint16, box.Positions())
	s.buf = make([]remotenessPair, 2*s.slab)
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	total := box.Positions()
	err := antiDiagonals(ctx, h[n-2], h[n-1], workers, func() *remotenessScratch { return newRemotenessScratch(s) }, s.subSlab,
		func(subSlabs int64) { opts.progress(subSlabs*int64(s.perSub*s.width), total) })
	if err != nil {
		return fmt.Errorf("remoteness of %s: %w", g.Spec, err)
	}
	return nil
}

// checkRemotenessBound refuses boxes whose remoteness may not fit a table:
// every move takes a token, so remoteness is at most the total of the
// piles, plus one in misère play.
func checkRemotenessBound(g *game.Game, box table.Box) error {
	total := 0
	for _, h := range box {
		total += h
	}
	if total >= MaxRemoteness {
		return fmt.Errorf("%s on %v: %w: remoteness may exceed %d", g.Spec, box, ErrTooLarge, MaxRemoteness)
	}
	return nil
}

type remotenessScratch struct {
	q   []int // piles 1..n-3 of the current line
	agg []remotenessPair
}

func newRemotenessScratch(s *remotenessSweep) *remotenessScratch {
	return &remotenessScratch{q: make([]int, s.n), agg: make([]remotenessPair, len(s.facets))}
}

// subSlab runs the recurrence on the lines with pile n-2 = d and pile n-1 = c.
func (s *remotenessSweep) subSlab(d, c int, sc *remotenessScratch) {
	parity := c % 2
	at := (parity*(s.h[s.n-2]+1) + d) * s.subLen
	var nonzero uint64 // bit i: pile i >= 1 of the line is not 0
	if d > 0 {
		nonzero |= 1 << uint(s.n-2)
	}
	if c > 0 {
		nonzero |= 1 << uint(s.n-1)
	}
	base := s.perSub * (d + (s.h[s.n-2]+1)*c)
	nf := len(s.facets)
	clear(sc.q)
	for j := range s.perSub {
		line := base + j
		rem := s.out.Remoteness[line*s.width : (line+1)*s.width]
		pline := uint16(table.NoP)
		for x := range s.width {
			here := at + x*nf
			// Gather, per facet, the pairs one token below in its piles.
			var minEven, maxPlus1 uint16 = noEven, 0
			for f := range s.facets {
				rf := &s.facets[f]
				a := remotenessPair{minEven: noEven}
				if rf.has0 && x > 0 {
					a = s.buf[here-nf+f]
				}
				for k, pile := range rf.piles {
					if nonzero>>pile&1 != 0 {
						b := s.buf[here-rf.back[parity][k]+f]
						a.minEven = min(a.minEven, b.minEven)
						a.maxPlus1 = max(a.maxPlus1, b.maxPlus1)
					}
				}
				sc.agg[f] = a
				minEven = min(minEven, a.minEven)
				maxPlus1 = max(maxPlus1, a.maxPlus1)
			}
			r := s.terminal // no option: the box below is empty in every facet
			switch {
			case minEven != noEven:
				r = minEven + 1
			case maxPlus1 > 0:
				r = maxPlus1 // the largest remoteness of an option, plus one
			}
			rem[x] = r
			own := remotenessPair{minEven: noEven, maxPlus1: r + 1}
			if r%2 == 0 {
				own.minEven = r
				pline = uint16(x)
			}
			for f, a := range sc.agg {
				s.buf[here+f] = remotenessPair{minEven: min(a.minEven, own.minEven), maxPlus1: max(a.maxPlus1, own.maxPlus1)}
			}
		}
		s.out.PLine[line] = pline
		at += s.width * nf
		// Advance the odometer of piles 1..n-3.
		for i := 1; i <= s.n-3; i++ {
			if sc.q[i] < s.h[i] {
				sc.q[i]++
				nonzero |= 1 << uint(i)
				break
			}
			sc.q[i] = 0
			nonzero &^= 1 << uint(i)
		}
	}
}
