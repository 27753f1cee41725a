package solve

import (
	"context"
	"fmt"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/table"
)

// Fast fills a table without enumerating options (DESIGN.md, "The fast
// engine"). For a facet F and a position p let Z_F(p) say that some P-position
// q <= p agrees with p off F. Then p is an N-position exactly when, for some
// facet F, Z_F(p - e_i) holds for some i in F with p_i > 0, and
//
//	Z_F(p) = P(p) or Z_F(p - e_i) for some i in F with p_i > 0.
//
// A line (pile 0 = 0..Box[0], the other piles fixed) is one machine word per 64
// positions, so the recurrence along pile 0 is a prefix-OR: x | -x. At most one
// position per line is a P-position (a single pile can always be reduced), and
// it is the first position of the line not known to be an N-position.
//
// Lines are grouped in sub-slabs by the two slowest piles (d, c); a sub-slab
// needs only (d-1, c) and (d, c-1), so the sub-slabs of one anti-diagonal
// d + c = s run in parallel. Z is kept for two slabs (c-1 and c, by parity of
// c), so the working memory is about two slabs of lines, whatever the box.
//
// Grundy values come from the same sweep run once per value v (level sets): the
// positions of value v are those not valued below v with no option of value v,
// again at most one per line.
func Fast(ctx context.Context, g *game.Game, box table.Box, opts Options) (*table.Table, error) {
	if err := checkBox(g, box); err != nil {
		return nil, err
	}
	s := newSweep(g, box, opts)
	t := table.New(g.Spec, box, opts.Grundy)
	s.pline = t.PLine
	total := box.Positions()
	if !opts.Grundy {
		err := s.run(ctx, func(done int64) { opts.progress(done*int64(box[0]+1), total) })
		if err != nil {
			return nil, fmt.Errorf("solving %s: %w", g.Spec, err)
		}
		return t, nil
	}
	// Level sets: run the sweep for v = 0, 1, ... until every position has a value.
	s.excluded = make([]uint64, int64(len(t.PLine))*int64(s.words))
	s.grundy = t.Grundy
	var valued int64
	for v := uint32(0); valued < total; v++ {
		s.level = v
		if err := s.run(ctx, nil); err != nil {
			return nil, fmt.Errorf("solving %s (Grundy value %d): %w", g.Spec, v, err)
		}
		valued += s.found.Load()
		s.found.Store(0)
		opts.progress(valued, total)
	}
	return t, nil
}

// sweep holds what one pass of the box recurrence needs.
type sweep struct {
	h       []int // the box, padded with zeros to at least 3 piles
	n       int   // len(h)
	words   int   // machine words per line
	misere  bool
	facets  int
	has0    []bool  // facet contains pile 0
	hasD    []bool  // facet contains pile n-2
	hasC    []bool  // facet contains pile n-1
	inner   [][]int // piles 1..n-3 of each facet
	stride  []int   // line-index stride of piles 1..n-3 (stride[1] = 1)
	perSub  int     // lines per sub-slab
	workers int

	buf [2][][]uint64 // Z words of sub-slab (d, c) in buf[c%2][d]: [line][facet][word]

	pline    []uint16 // output: pile-0 value of the line's P-position, set at level 0
	excluded []uint64 // Grundy only: positions valued below level, [line][word]
	grundy   []uint32 // Grundy only: output values
	level    uint32
	found    atomic.Int64 // positions given value level in this pass
}

func newSweep(g *game.Game, box table.Box, opts Options) *sweep {
	h := append([]int(nil), box...)
	for len(h) < 3 {
		h = append(h, 0)
	}
	n := len(h)
	s := &sweep{h: h, n: n, words: (h[0] + 64) / 64, misere: g.Misere, workers: opts.Workers}
	if s.workers <= 0 {
		s.workers = runtime.GOMAXPROCS(0)
	}
	s.stride = make([]int, n)
	s.perSub = 1
	for i := 1; i <= n-3; i++ {
		s.stride[i] = s.perSub
		s.perSub *= h[i] + 1
	}
	for _, f := range g.Complex.Facets() {
		s.has0 = append(s.has0, f.Has(0))
		s.hasD = append(s.hasD, f.Has(n-2))
		s.hasC = append(s.hasC, f.Has(n-1))
		var in []int
		for i := 1; i <= n-3; i++ {
			if f.Has(i) {
				in = append(in, i)
			}
		}
		s.inner = append(s.inner, in)
	}
	s.facets = len(s.has0)
	return s
}

// workBytes estimates the working memory of the sweep beyond the table.
func (s *sweep) workBytes() int64 {
	return 2 * int64(s.h[s.n-2]+1) * int64(s.perSub) * int64(s.facets) * int64(s.words) * 8
}

// run makes one pass over the box; report, if not nil, gets the number of
// lines done after each anti-diagonal.
func (s *sweep) run(ctx context.Context, report func(lines int64)) error {
	hd, hc := s.h[s.n-2], s.h[s.n-1]
	if s.buf[0] == nil {
		for parity := range s.buf {
			s.buf[parity] = make([][]uint64, hd+1)
			for d := range s.buf[parity] {
				s.buf[parity][d] = make([]uint64, s.perSub*s.facets*s.words)
			}
		}
	}
	var done int64
	for diag := 0; diag <= hd+hc; diag++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		lo, hi := max(0, diag-hc), min(hd, diag)
		var next atomic.Int64
		next.Store(int64(lo))
		var wg sync.WaitGroup
		for range min(s.workers, hi-lo+1) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				sc := newScratch(s)
				for d := int(next.Add(1) - 1); d <= hi; d = int(next.Add(1) - 1) {
					s.subSlab(d, diag-d, sc)
				}
			}()
		}
		wg.Wait()
		done += int64(hi-lo+1) * int64(s.perSub)
		if report != nil {
			report(done)
		}
	}
	return nil
}

// scratch is one worker's temporary storage.
type scratch struct {
	q []int    // the current line's piles 1..n-3
	u []uint64 // per facet: Z below the line, [facet][word]
	// wide lines only
	m, sh, nw []uint64
}

func newScratch(s *sweep) *scratch {
	return &scratch{
		q:  make([]int, s.n),
		u:  make([]uint64, s.facets*s.words),
		m:  make([]uint64, s.words),
		sh: make([]uint64, s.words),
		nw: make([]uint64, s.words),
	}
}

// subSlab runs the recurrence on the lines with pile n-2 = d and pile n-1 = c.
func (s *sweep) subSlab(d, c int, sc *scratch) {
	cur := s.buf[c%2][d]
	var prev, below []uint64
	if c > 0 {
		prev = s.buf[(c-1)%2][d]
	}
	if d > 0 {
		below = s.buf[c%2][d-1]
	}
	base := s.perSub * (d + (s.h[s.n-2]+1)*c)
	clear(sc.q)
	for j := range s.perSub {
		line := base + j
		terminal := s.misere && s.level == 0 && line == 0
		if s.words == 1 {
			s.line1(cur, prev, below, j, line, terminal, sc)
		} else {
			s.lineWide(cur, prev, below, j, line, terminal, sc)
		}
		// Advance the odometer of piles 1..n-3.
		for i := 1; i <= s.n-3; i++ {
			if sc.q[i] < s.h[i] {
				sc.q[i]++
				break
			}
			sc.q[i] = 0
		}
	}
}

// record stores the position of value s.level found at pile-0 value x of line.
func (s *sweep) record(line, x int) {
	if s.level == 0 {
		s.pline[line] = uint16(x)
	}
	if s.grundy != nil {
		s.grundy[line*(s.h[0]+1)+x] = s.level
		s.excluded[line*s.words+x/64] |= 1 << uint(x%64)
		s.found.Add(1)
	}
}

// line1 is the recurrence for a line of at most 64 positions.
func (s *sweep) line1(cur, prev, below []uint64, j int, line int, terminal bool, sc *scratch) {
	nf := s.facets
	row := cur[j*nf : j*nf+nf]
	var known, shifted uint64 // N-positions found through facets; prefix-OR shifted by one
	for f := range nf {
		var u uint64
		if prev != nil && s.hasC[f] {
			u = prev[j*nf+f]
		}
		if below != nil && s.hasD[f] {
			u |= below[j*nf+f]
		}
		for _, i := range s.inner[f] {
			if sc.q[i] > 0 {
				u |= cur[(j-s.stride[i])*nf+f]
			}
		}
		sc.u[f] = u
		known |= u
		if s.has0[f] {
			shifted |= (u | -u) << 1
		}
	}
	known |= shifted
	if terminal {
		known |= 1
	}
	if s.excluded != nil {
		known |= s.excluded[line]
	}
	var p uint64
	if x := bits.TrailingZeros64(^known); x <= s.h[0] {
		p = 1 << uint(x)
		s.record(line, x)
	}
	for f := range nf {
		z := sc.u[f] | p
		if s.has0[f] {
			z |= -z
		}
		row[f] = z
	}
}

// lineWide is line1 for lines longer than 64 positions: every value is a run
// of s.words words, least significant first.
func (s *sweep) lineWide(cur, prev, below []uint64, j int, line int, terminal bool, sc *scratch) {
	nf, w := s.facets, s.words
	row := cur[j*nf*w : (j+1)*nf*w]
	known, shifted := sc.m, sc.sh
	clear(known)
	clear(shifted)
	for f := range nf {
		u := sc.u[f*w : (f+1)*w]
		clear(u)
		if prev != nil && s.hasC[f] {
			copy(u, prev[(j*nf+f)*w:])
		}
		if below != nil && s.hasD[f] {
			or(u, below[(j*nf+f)*w:])
		}
		for _, i := range s.inner[f] {
			if sc.q[i] > 0 {
				or(u, cur[((j-s.stride[i])*nf+f)*w:])
			}
		}
		or(known, u)
		if s.has0[f] {
			copy(sc.nw, u)
			prefixOR(sc.nw)
			shiftLeft1(sc.nw)
			or(shifted, sc.nw)
		}
	}
	or(known, shifted)
	if terminal {
		known[0] |= 1
	}
	if s.excluded != nil {
		or(known, s.excluded[line*w:])
	}
	p := sc.nw
	clear(p)
	x := -1
	for k, word := range known {
		if word != ^uint64(0) {
			x = k*64 + bits.TrailingZeros64(^word)
			break
		}
	}
	if x >= 0 && x <= s.h[0] {
		p[x/64] = 1 << uint(x%64)
		s.record(line, x)
	}
	for f := range nf {
		z := row[f*w : (f+1)*w]
		copy(z, sc.u[f*w:(f+1)*w])
		or(z, p)
		if s.has0[f] {
			prefixOR(z)
		}
	}
}

// or sets a |= b word by word over len(a) words.
func or(a, b []uint64) {
	for k := range a {
		a[k] |= b[k]
	}
}

// prefixOR sets every bit at or above the lowest set bit of the multi-word a.
func prefixOR(a []uint64) {
	for k, word := range a {
		if word != 0 {
			a[k] = word | -word
			for r := k + 1; r < len(a); r++ {
				a[r] = ^uint64(0)
			}
			return
		}
	}
}

// shiftLeft1 shifts the multi-word a by one bit towards higher positions.
func shiftLeft1(a []uint64) {
	var carry uint64
	for k, word := range a {
		a[k], carry = word<<1|carry, word>>63
	}
}
