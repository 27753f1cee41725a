package solve

import (
	"context"
	"runtime"
	"slices"
	"sync/atomic"
	"unsafe"

	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/table"
)

// sweep holds what one pass of the box recurrence of Fast needs.
//
// Lanes. The Z words of one line, one lane of type W per facet and line
// word, are packed into a block of uint64s. Reading the lines one token
// below is then done pile by pile rather than facet by facet: for pile i,
// the block of the line below in pile i is ORed in under a mask that keeps
// the lanes of the facets containing i. That is one masked OR per uint64 of
// the block and pile, instead of one load per facet and pile: for CN(8,6)
// with piles up to 11, 14 instead of 42.
//
// For Grundy values by level sets a pass finds the level sets of several
// values at once: the block holds the lanes of every facet for each of the
// values level..level+levels-1, so the loads of a line and the walk over
// the box are shared, and the values are settled one after the other.
//
// Order and memory. The lines are walked slab by slab of the slowest pile
// c = pile n-1, so the outcomes of a slab are final when it ends and can be
// written out (Plan.Stream). Within a slab the lines are grouped in
// sub-slabs by the next two piles (e, d) = (pile n-3, pile n-2); a sub-slab
// reads only the sub-slabs (e-1, d) and (e, d-1) and itself one slab
// earlier, so the sub-slabs of one anti-diagonal e + d run in parallel.
//
// A block has two parts. The carried part holds the lanes of the facets
// that contain pile n-1: they are read one slab later at the same line, so
// one slab of them is kept, and each line is overwritten in place once it
// has been read. The local part holds the lanes of the other facets, which
// are read only within the slab, by the sub-slabs (e+1, d) and (e, d+1):
// they are kept for the sub-slabs of two values of d (by parity), and for
// two slabs (by parity) when the sub-slabs of neighbouring slabs run
// together (slabParts, slabWaves: sets of values, not streamed). The
// working memory is one slab of carried parts and 2(h[n-3]+1) sub-slabs of
// local parts: for CN(8,4) with piles up to 15, 134 MB and 17 MB, where two
// slabs of whole blocks took 537 MB.
type sweep[W word] struct {
	h       []int // the box, padded with zeros to at least 4 piles
	n       int   // len(h)
	words   int   // words W per line of positions
	perWord int   // lanes W per uint64
	misere  bool
	levels  int // values per pass: 1 for outcomes, grundyLevels for Grundy values
	workers int

	// Per value, the carried part lists the carried facets without pile 0,
	// then those with pile 0, and the local part the local facets with
	// pile 0, then those without: the facets with pile 0 are contiguous.
	// Lane (v*carried + f)*words + k of the carried part is word k of its
	// facet f for value level+v, and likewise in the local part.
	carried, local           int // facets in each part
	carriedNot0, localWith0  int
	carriedWords, localWords int // uint64s per line of each part
	// facetLanes lists, per value, where each facet's lanes begin in a
	// block (the local part after the carried part) and whether the facet
	// contains pile 0.
	facetLanes [][]facetLane
	perSub     int // lines per sub-slab
	subTotal   int // the total of piles 1..n-4 at the top of the box
	slabLines  int
	// below[d%2] lists, for each pile i >= 1 and part with a facet
	// containing i, where the line one token below in pile i lies.
	below [2][]belowLine

	slab        []uint64 // carried parts: line j of the slab at j*carriedWords
	window      []uint64 // local parts: sub-slab (e, d) of slab c at (((c%slabParts)*2 + d%2)*(h[n-3]+1) + e)*perSub*localWords
	slabLanes   []W
	windowLanes []W
	// slabParts is the number of slabs whose local parts are kept: 1 when
	// the slabs run one after the other, 2 when the sub-slabs of two
	// neighbouring slabs run together (slabWaves, Grundy values by sets).
	slabParts int

	pline       []uint16 // output: pile-0 value of the line's P-position, at line - plineBase
	plineBase   int
	plineBySlab bool                // pline holds one slab, set to NoP before each
	excluded    []W                 // Grundy only: positions valued below level, [line][word]
	grundy      *table.GrundyValues // Grundy only: output values
	level       uint32              // the first value of the pass
	found       atomic.Int64        // positions valued in this pass

	given     []uint64 // HasOptionIn only: the set S, [line][64-bit word]
	hasOption []uint64 // HasOptionIn only: output, same layout

	// Grundy values by sets only (lineSets): a facet's lanes of a line are
	// the value sets of its positions, one lane W each, for the values
	// setLo .. setLo+bits(W)-1; the positions valued in an earlier window
	// hold their values, the others unvalued. A sub-slab or line whose
	// positions all have totals below setLo-1 holds no value of the window
	// (a Grundy value is at most the total, plus one in misère play): it is
	// skipped, its sets left empty.
	sets           bool
	setFacets      []setFacet
	hasNear        bool // some facet contains pile 0
	terminalGrundy int
	setLo          int
}

// facetLane is where a facet's lanes for one value begin in a block.
type facetLane struct {
	at    int
	with0 bool
}

// belowLine is the line one token below the current one in pile `pile`, in
// one part: its part lies `back` uint64s before the current line's in the
// part's buffer (the slab for the carried part, the window for the local
// part), and mask keeps the lanes of the facets that contain the pile.
type belowLine struct {
	local  bool
	back   int
	pile   uint
	mask   []uint64
	m0, m1 uint64 // the mask's first words, 0 past its end
	// runs lists the ranges [from, to) of mask words, when every word of
	// the mask is 0 or all ones: wide blocks read only those words.
	runs [][2]int
}

// grundyLevels is the number of values a pass of the fast engine finds when
// computing Grundy values by level sets.
const grundyLevels = 8

// sweepParts splits the facets of g for a box of n piles (padded) into the
// carried facets (those with pile n-1), those without pile 0 first, and the
// local facets, those with pile 0 first.
func sweepParts(g *game.Game, n int) (carried, local []complex.Set) {
	facets := g.Complex.Facets()
	for _, with0 := range []bool{false, true} {
		for _, f := range facets {
			if f.Has(n-1) && f.Has(0) == with0 {
				carried = append(carried, f)
			}
		}
	}
	for _, with0 := range []bool{true, false} {
		for _, f := range facets {
			if !f.Has(n-1) && f.Has(0) == with0 {
				local = append(local, f)
			}
		}
	}
	return carried, local
}

// sweepMemory is the working memory of a sweep of box finding levels values
// per pass, in the narrowest word that holds a line (as Fast picks it), or
// with setBytes > 0 of a sweep over sets of values (one set of setBytes
// bytes per position, see grundysets.go): one slab of carried parts and the
// window of local parts, for two slabs with sets of values (slabParts). It
// saturates.
func sweepMemory(g *game.Game, box table.Box, levels, setBytes int) int64 {
	bytes := wordBytes(box[0])
	h := padded(box, 4)
	n := len(h)
	words := h[0]/(8*bytes) + 1
	if setBytes > 0 { // each facet's lanes of a line start on a word
		bytes, words = setBytes, (h[0]+8/setBytes)/(8/setBytes)*(8/setBytes)
	}
	carried, local := sweepParts(g, n)
	partBytes := func(facets int) int64 {
		lanes := saturatingMul(int64(levels*facets), int64(words))
		return (lanes*int64(bytes) + 7) / 8 * 8
	}
	perSub := int64(1)
	for i := 1; i <= n-4; i++ {
		perSub = saturatingMul(perSub, int64(h[i])+1)
	}
	slabLines := saturatingMul(perSub, int64(h[n-3]+1)*int64(h[n-2]+1))
	localSubs := 2 * int64(h[n-3]+1)
	if setBytes > 0 {
		localSubs *= 2
	}
	return saturatingAdd(saturatingMul(slabLines, partBytes(len(carried))),
		saturatingMul(saturatingMul(perSub, localSubs), partBytes(len(local))))
}

// lanesOf views a slice of uint64s as lanes of W.
func lanesOf[W word](b []uint64) []W {
	if len(b) == 0 {
		return nil
	}
	return unsafe.Slice((*W)(unsafe.Pointer(&b[0])), len(b)*8/int(unsafe.Sizeof(W(0))))
}

// newSweep prepares passes over box that find the level sets of levels
// values each, or with sets (levels 1) the Grundy values by sets of values,
// one lane W per position. It fails with ErrTooLarge when its working memory
// would exceed maxWorkingBytes.
func newSweep[W word](g *game.Game, box table.Box, opts Options, levels int, sets bool) (*sweep[W], error) {
	setBytes := 0
	if sets {
		setBytes = wordBits[W]() / 8
	}
	if err := checkWorking(g, box, sweepMemory(g, box, levels, setBytes)); err != nil {
		return nil, err
	}
	h := padded(box, 4)
	n := len(h)
	terminalP, terminalGrundy, _ := g.Terminal()
	s := &sweep[W]{h: h, n: n, words: h[0]/wordBits[W]() + 1, perWord: 8 / int(unsafe.Sizeof(W(0))),
		misere: !terminalP, workers: opts.Workers, levels: levels, sets: sets, terminalGrundy: terminalGrundy, slabParts: 1}
	if sets { // each facet's lanes of a line start on a word
		s.words = (h[0] + s.perWord) / s.perWord * s.perWord
		s.slabParts = 2
	}
	if s.workers <= 0 {
		s.workers = runtime.GOMAXPROCS(0)
	}
	carried, local := sweepParts(g, n)
	s.layFacets(carried, local)
	stride := s.strides()
	s.findBelow(carried, local, stride)
	return s, nil
}

// layFacets lays the carried and local facets out in the lanes of a block:
// their counts, words and where each facet's lanes begin, per value.
func (s *sweep[W]) layFacets(carried, local []complex.Set) {
	s.carried, s.local = len(carried), len(local)
	for _, f := range carried {
		if !f.Has(0) {
			s.carriedNot0++
		}
	}
	for _, f := range local {
		if f.Has(0) {
			s.localWith0++
		}
	}
	s.carriedWords = (s.levels*s.carried*s.words + s.perWord - 1) / s.perWord
	s.localWords = (s.levels*s.local*s.words + s.perWord - 1) / s.perWord
	localAt := s.carriedWords * s.perWord
	for v := range s.levels {
		var lanes []facetLane
		for f, set := range carried {
			lanes = append(lanes, facetLane{(v*s.carried + f) * s.words, set.Has(0)})
		}
		for f, set := range local {
			lanes = append(lanes, facetLane{localAt + (v*s.local+f)*s.words, set.Has(0)})
		}
		s.facetLanes = append(s.facetLanes, lanes)
	}
	if s.sets {
		s.setFacets = setFacets(s.facetLanes[0], s.perWord, s.carriedWords)
		s.hasNear = slices.ContainsFunc(s.setFacets, func(f setFacet) bool { return f.with0 })
	}
}

// strides sets the sizes of sub-slabs and slabs, and returns stride:
// stride[i] is the lines between neighbours in pile i within a slab.
func (s *sweep[W]) strides() []int {
	h, n := s.h, s.n
	stride := make([]int, n)
	s.perSub = 1
	for i := 1; i <= n-4; i++ {
		stride[i] = s.perSub
		s.perSub *= h[i] + 1
	}
	for i := 1; i <= n-4; i++ {
		s.subTotal += h[i]
	}
	stride[n-3] = s.perSub
	stride[n-2] = s.perSub * (h[n-3] + 1)
	s.slabLines = stride[n-2] * (h[n-2] + 1)
	return stride
}

// findBelow lists in s.below, for each pile i >= 1 and part with a facet
// containing i, where the line one token below in pile i lies, and the mask
// of the lanes of those facets.
func (s *sweep[W]) findBelow(carried, local []complex.Set, stride []int) {
	h, n := s.h, s.n
	parts := []struct {
		local  bool
		facets []complex.Set
		words  int
	}{{false, carried, s.carriedWords}, {true, local, s.localWords}}
	for i := 1; i < n; i++ {
		for _, part := range parts {
			if part.words == 0 {
				continue
			}
			mask := make([]uint64, part.words)
			maskLanes := lanesOf[W](mask)
			for v := range s.levels {
				for f, set := range part.facets {
					if set.Has(i) {
						for k := range s.words {
							maskLanes[(v*len(part.facets)+f)*s.words+k] = ^W(0)
						}
					}
				}
			}
			if !slices.ContainsFunc(mask, func(m uint64) bool { return m != 0 }) {
				continue
			}
			for parity := range 2 {
				back := stride[i] * part.words
				switch {
				case !part.local && i == n-1: // the same line, one slab earlier: in place
					back = 0
				case part.local && i == n-2: // the other parity of d
					back = (2*parity - 1) * (h[n-3] + 1) * s.perSub * part.words
				}
				src := belowLine{local: part.local, back: back, pile: uint(i), mask: mask, m0: mask[0], runs: maskRuns(mask)}
				if len(mask) > 1 {
					src.m1 = mask[1]
				}
				s.below[parity] = append(s.below[parity], src)
			}
		}
	}
}

// maskRuns lists the runs of all-ones words of mask, or nil when some word
// is neither 0 nor all ones.
func maskRuns(mask []uint64) [][2]int {
	var runs [][2]int
	for b := 0; b < len(mask); {
		switch mask[b] {
		case 0:
			b++
			continue
		case ^uint64(0):
		default:
			return nil
		}
		from := b
		for b < len(mask) && mask[b] == ^uint64(0) {
			b++
		}
		runs = append(runs, [2]int{from, b})
	}
	return runs
}

// run makes one pass over the box, slab by slab of the slowest pile, or,
// when the local parts of two slabs are kept and no slab need be final
// before the next starts, in waves of the sub-slabs of two neighbouring
// slabs (slabWaves). report, if not nil, gets the number of lines done
// after each anti-diagonal or wave; slabDone, if not nil, is called after
// slab c, when the outcomes of its lines are final.
func (s *sweep[W]) run(ctx context.Context, report func(lines int64), slabDone func(c int) error) error {
	he, hd, hc := s.h[s.n-3], s.h[s.n-2], s.h[s.n-1]
	if s.slab == nil && s.window == nil {
		s.slab = make([]uint64, s.slabLines*s.carriedWords)
		s.window = make([]uint64, s.slabParts*2*(he+1)*s.perSub*s.localWords)
		s.slabLanes, s.windowLanes = lanesOf[W](s.slab), lanesOf[W](s.window)
	}
	subSlabs := int64(he+1) * int64(hd+1)
	// The work of a sub-slab, in lines of outcomes: a line of sets of
	// values costs about one outcome line per position.
	cellLines := s.perSub
	if s.sets {
		cellLines *= s.h[0] + 1
	}
	newSc := func() *scratch[W] { return newScratch(s) }
	if s.slabParts == 2 && slabDone == nil && !s.plineBySlab {
		// No slab need be final before the next one starts.
		return slabWaves(ctx, he, hd, hc, s.workers, cellLines, newSc, s.subSlab, func(done int64) {
			if report != nil {
				report(done * int64(s.perSub))
			}
		})
	}
	for c := 0; c <= hc; c++ {
		if s.plineBySlab {
			s.plineBase = c * s.slabLines
			for i := range s.pline {
				s.pline[i] = table.NoP
			}
		}
		err := antiDiagonals(ctx, he, hd, s.workers, cellLines, newSc,
			func(e, d int, sc *scratch[W]) { s.subSlab(e, d, c, sc) },
			func(done int64) {
				if report != nil {
					report((int64(c)*subSlabs + done) * int64(s.perSub))
				}
			})
		if err != nil {
			return err
		}
		if slabDone != nil {
			if err := slabDone(c); err != nil {
				return err
			}
		}
	}
	return nil
}

// scratch is one worker's temporary storage.
type scratch[W word] struct {
	q     []int    // the current line's piles 1..n-4
	acc   []uint64 // Z of the lines below, gathered: one block
	lanes []W      // acc seen as lanes
	found int64    // positions valued in the current sub-slab
	// The lines below that exist for the piles in nonzero, from
	// below[parity], by part.
	parity         int
	nonzero        uint64
	carried, local []*belowLine
	// wide lines only
	m, sh, nw []W
	sets      setsScratch // Grundy values by sets only
	// Grundy values by sets only: for each facet of setFacets, the back of
	// the lines below in its piles that exist (activateSets).
	facetBacks [][]int
}

func newScratch[W word](s *sweep[W]) *scratch[W] {
	acc := make([]uint64, s.carriedWords+s.localWords)
	return &scratch[W]{
		q:      make([]int, s.n),
		acc:    acc,
		parity: -1,
		lanes:  lanesOf[W](acc),
		m:      make([]W, s.words),
		sh:     make([]W, s.words),
		nw:     make([]W, s.words),
	}
}

// activate lists the lines below in below (for d of the given parity) that
// exist when the piles in nonzero are not 0, by part.
func (sc *scratch[W]) activate(below []belowLine, parity int, nonzero uint64) {
	sc.parity, sc.nonzero = parity, nonzero
	sc.carried, sc.local = sc.carried[:0], sc.local[:0]
	for k := range below {
		src := &below[k]
		switch {
		case nonzero>>src.pile&1 == 0:
		case src.local:
			sc.local = append(sc.local, src)
		default:
			sc.carried = append(sc.carried, src)
		}
	}
}

// gather sets acc to the OR of the parts of the lines in from, each at
// at - back in buf, under their masks; parts of one or two words, the
// common case, are unrolled.
func gather(acc, buf []uint64, at int, from []*belowLine) {
	switch len(acc) {
	case 0:
	case 1:
		var a0 uint64
		for _, src := range from {
			a0 |= buf[at-src.back] & src.m0
		}
		acc[0] = a0
	case 2:
		var a0, a1 uint64
		for _, src := range from {
			z := buf[at-src.back : at-src.back+2 : at-src.back+2]
			a0 |= z[0] & src.m0
			a1 |= z[1] & src.m1
		}
		acc[0], acc[1] = a0, a1
	default:
		clear(acc)
		for _, src := range from {
			z := buf[at-src.back : at-src.back+len(acc)]
			if src.runs == nil {
				for b, m := range src.mask {
					acc[b] |= z[b] & m
				}
				continue
			}
			for _, r := range src.runs {
				or(acc[r[0]:r[1]], z[r[0]:r[1]])
			}
		}
	}
}

// subSlab runs the recurrence on the lines of slab c with pile n-3 = e and
// pile n-2 = d.
func (s *sweep[W]) subSlab(e, d, c int, sc *scratch[W]) {
	n, he := s.n, s.h[s.n-3]
	below := s.below[d%2]
	sub := e + (he+1)*d // the sub-slab's place in its slab
	cw, lw, pw := s.carriedWords, s.localWords, s.perWord
	atC := sub * s.perSub * cw
	atL := ((c%s.slabParts*2+d%2)*(he+1) + e) * s.perSub * lw
	// nonzero has bit i set when pile i of the current line is not 0, so
	// that the line one token below in pile i exists.
	var nonzero uint64
	if e > 0 {
		nonzero |= 1 << uint(n-3)
	}
	if d > 0 {
		nonzero |= 1 << uint(n-2)
	}
	if c > 0 {
		nonzero |= 1 << uint(n-1)
	}
	base := sub*s.perSub + c*s.slabLines
	// skipBelow: with sets of values, the lines whose totals (pile 0 and
	// piles 1..n-4 aside) lie below it hold no value of the window.
	skipBelow := -1
	if s.sets && s.setLo > 0 {
		skipBelow = s.setLo - 1 - s.h[0] - e - d - c
		if skipBelow > s.subTotal {
			clear(s.window[atL : atL+s.perSub*lw])
			return
		}
	}
	clear(sc.q)
	total := 0 // of the current line's piles 1..n-4
	for j := range s.perSub {
		if total < skipBelow {
			clear(s.window[atL : atL+lw])
			atC += cw
			atL += lw
			nonzero = nextLine(sc.q, s.h, n-4, nonzero)
			total = lineTotal(sc.q, n-4)
			continue
		}
		// Gather Z of the lines one token below, lane by lane under the
		// masks; the carried part of this line, one slab earlier, is read
		// before it is overwritten.
		if nonzero != sc.nonzero || sc.parity != d%2 {
			sc.activate(below, d%2, nonzero)
			if s.sets {
				sc.activateSets(s.setFacets)
			}
		}
		line := base + j
		if s.sets {
			s.lineSets(line, atC, atL, sc)
			atC += cw
			atL += lw
			nonzero = nextLine(sc.q, s.h, n-4, nonzero)
			if skipBelow > 0 {
				total = lineTotal(sc.q, n-4)
			}
			continue
		}
		gather(sc.acc[:cw], s.slab, atC, sc.carried)
		gather(sc.acc[cw:], s.window, atL, sc.local)
		oc, ol := s.slabLanes[atC*pw:(atC+cw)*pw], s.windowLanes[atL*pw:(atL+lw)*pw]
		switch {
		case s.given != nil:
			s.lineGiven(oc, ol, line, sc)
		case s.words == 1:
			s.line1(oc, ol, line, sc)
		default:
			for v := range s.levels {
				s.lineWide(oc, ol, line, v, sc)
			}
		}
		atC += cw
		atL += lw
		nonzero = nextLine(sc.q, s.h, n-4, nonzero)
		if skipBelow > 0 {
			total = lineTotal(sc.q, n-4)
		}
	}
	if sc.found != 0 {
		s.found.Add(sc.found)
		sc.found = 0
	}
}
