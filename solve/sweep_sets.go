package solve

import (
	"math"
	"math/bits"
	"slices"
)

// The sweep with sets of values (Grundy values by sets rather than by
// levels): each facet's words of a line, gathered and settled a window at a
// time.

// activateSets lists, after activate, for each facet of facets (sets of
// values, each facet's words a run of its masks) the backs of the lines
// below in its piles that exist, 0 first.
func (sc *scratch[W]) activateSets(facets []setFacet) {
	if sc.facetBacks == nil {
		sc.facetBacks = make([][]int, len(facets))
	}
	for k, f := range facets {
		backs := sc.facetBacks[k][:0]
		from := sc.carried
		if f.local {
			from = sc.local
		}
		for _, src := range from {
			if src.mask[f.out] != 0 {
				backs = append(backs, src.back)
			}
		}
		// The line itself one slab earlier (back 0, overwritten in place)
		// comes first, so that gatherFacets reads it before writing.
		if i := slices.Index(backs, 0); i > 0 {
			backs[0], backs[i] = backs[i], backs[0]
		}
		sc.facetBacks[k] = backs
	}
}

// gatherFacets is gather for sets of values, facet by facet: each facet's
// perFacet words of the line's parts outC and outL (the line at atC in
// slab and atL in window) become the OR of its words in the lines below in
// its piles, and near and far receive the OR of the facets with pile 0 and
// of the others. One, two or three lines below, the common cases, are read
// in one loop. The carried part is overwritten in place: a word is read
// from the line one slab earlier before it is written.
func gatherFacets(outC, outL, slab, window []uint64, atC, atL int, facets []setFacet, backs [][]int, perFacet int, near, far []uint64) {
	clear(near)
	clear(far)
	for k, f := range facets {
		buf, at := slab, atC+f.out
		if f.local {
			buf, at = window, atL+f.out
		}
		a := outC
		if f.local {
			a = outL
		}
		a = a[f.out : f.out+perFacet]
		u := far[:perFacet]
		if f.with0 {
			u = near[:perFacet]
		}
		bs := backs[k]
		if len(bs) == 0 {
			clear(a)
			continue
		}
		// Every slice as long as z0, so that the loops check no bounds.
		z0 := buf[at-bs[0] : at-bs[0]+perFacet]
		a, u = a[:len(z0)], u[:len(z0)]
		switch len(bs) {
		case 1:
			for i, w := range z0 {
				a[i] = w
				u[i] |= w
			}
		case 2:
			z1 := buf[at-bs[1]:][:len(z0)]
			for i, w := range z0 {
				w |= z1[i]
				a[i] = w
				u[i] |= w
			}
		default:
			z1, z2 := buf[at-bs[1]:][:len(z0)], buf[at-bs[2]:][:len(z0)]
			for i, w := range z0 {
				w |= z1[i] | z2[i]
				a[i] = w
				u[i] |= w
			}
			if len(bs) > 3 {
				for _, b := range bs[3:] {
					or(a, buf[at-b:at-b+perFacet])
				}
				or(u, a)
			}
		}
	}
}

// lineSets is the sweep step of Grundy values by sets of values, one lane
// W a set, each facet's lanes of a line starting on a word, for the line at
// atC in the slab and atL in the window. It gathers, per facet F and
// position x of the line, the union of the sets of F over the lines one
// token below in F's piles other than pile 0, for the values of the pass's
// window (V_F for a facet without pile 0; R_F, whose prefix unions along
// the line are V_F, for one with it), and settles the line (windowLine). A
// line valued in earlier windows only passes on the sets of the lines
// below: they are gathered straight into its parts.
func (s *sweep[W]) lineSets(line, atC, atL int, sc *scratch[W]) {
	width, perFacet := s.h[0]+1, s.words/s.perWord
	outC, outL := s.slab[atC:atC+s.carriedWords], s.window[atL:atL+s.localWords]
	sc.sets.size(perFacet)
	narrow := s.grundy.Narrow()
	var wide []uint16
	settle := s.setLo == 0
	if narrow != nil {
		narrow = narrow[line*width : (line+1)*width]
		settle = settle || slices.Contains(narrow, math.MaxUint8)
	} else {
		wide = s.grundy.Wide()[line*width : (line+1)*width]
		settle = settle || slices.Contains(wide, math.MaxUint16)
	}
	if !settle {
		gatherFacets(outC, outL, s.slab, s.window, atC, atL, s.setFacets, sc.facetBacks, perFacet, sc.sets.one, sc.sets.one)
		return
	}
	gatherFacets(outC, outL, s.slab, s.window, atC, atL, s.setFacets, sc.facetBacks, perFacet, sc.sets.near, sc.sets.far)
	terminal := -1 // on the line of the terminal position, its value at pile-0 value 0
	if line == 0 {
		terminal = s.terminalGrundy
	}
	var x, found int
	if narrow != nil {
		x, found = windowLine[W](&sc.sets, s.setFacets, s.hasNear, perFacet, outC, outL, narrow, s.setLo, terminal)
	} else {
		x, found = windowLine[W](&sc.sets, s.setFacets, s.hasNear, perFacet, outC, outL, wide, s.setLo, terminal)
	}
	sc.found += int64(found)
	if x >= 0 {
		s.pline[line-s.plineBase] = uint16(x)
	}
}

// setFacet is where one facet's words of a line lie for the sets of
// values: in the line's carried or local part, from word out on.
type setFacet struct {
	out          int
	local, with0 bool
}

// setFacets lists the facets of lanes (levels 1) for sets of values whose
// lanes start on words of perWord lanes, the carried part being carriedWords
// words.
func setFacets(lanes []facetLane, perWord, carriedWords int) []setFacet {
	var fs []setFacet
	for _, f := range lanes {
		w := f.at / perWord
		sf := setFacet{out: w, with0: f.with0}
		if w >= carriedWords {
			sf.out, sf.local = w-carriedWords, true
		}
		fs = append(fs, sf)
	}
	return fs
}

// setsScratch is a worker's scratch for windowLine, one line of words
// each: the union of the gathered sets of the facets without pile 0 (far)
// and with it (near), and the line's values as sets (one).
type setsScratch struct {
	far, near, one []uint64
	set            []int // the words of one that are not 0
}

// size makes the scratch's lines words long.
func (sc *setsScratch) size(words int) {
	if len(sc.far) != words {
		sc.far, sc.near, sc.one = make([]uint64, words), make([]uint64, words), make([]uint64, words)
	}
}

// cell is the type of a Grundy value in a table: one byte or two
// (table.GrundyValues).
type cell interface{ uint8 | uint16 }

// windowLine settles a line for one window of values, lo..lo+bits(W)-1, in
// sets of one lane: the sets hold only the values of the window. Between
// the passes, a position whose value lies beyond the windows done holds the
// largest value of V, unvalued (a table of V holds smaller values only). A
// position valued in an earlier window adds nothing; one not valued yet has
// all the values below lo among its options, so its value is lo plus the mex
// of its options' values in the window, unless they fill it: it stays
// unvalued. terminal is the value of the terminal position when the line
// holds it (at pile-0 value 0), else -1. It returns the pile-0 value of the
// line's P-position, or -1, and the number of positions valued in the
// window.
//
// The lanes of a facet F without pile 0 hold V_F, its gathered set at x
// plus g(x). Those of a facet F with pile 0 hold R_F(x), its gathered set at
// x plus g(x), whose union over 0..x is V_F(x): prefix unions commute with
// unions, so the readers of the lines above gather R_F as they would V_F,
// and the one prefix union a line needs is taken here, on the union of the
// gathered sets of the facets with pile 0 (the scratch's near; hasNear when
// there are such facets). The options of x then hold the union of near over
// 0..x, the values of the line's positions 0..x-1 (when a facet contains
// pile 0), and the union of the other facets' gathered sets at x (far). So
// the values are settled position by position from the two unions, and
// the words of the line's values are ORed into every facet's lanes of the
// line, outC and outL, which hold its gathered sets (gatherFacets).
func windowLine[W word, V cell](sc *setsScratch, facets []setFacet, hasNear bool, words int, outC, outL []uint64, grundy []V, lo, terminal int) (pline, found int) {
	unvalued := ^V(0)
	far, near, one := sc.far[:words], sc.near[:words], sc.one[:words]
	pline = -1
	farLanes, nearLanes := lanesOf[W](far)[:len(grundy)], lanesOf[W](near)[:len(grundy)]
	clear(one)
	oneLanes := lanesOf[W](one)[:len(grundy)]
	var prefix, line W // the union of near up to x; the line's values before x
	var nearMask W     // keeps the line's values when a facet contains pile 0
	if hasNear {
		nearMask = ^W(0)
	}
	if lo == 0 {
		from := 0
		if terminal >= 0 && len(grundy) > 0 { // no option: the terminal position
			grundy[0] = V(terminal)
			bit := W(1) << uint(terminal)
			oneLanes[0] = bit
			prefix = nearLanes[0]
			line = bit & nearMask
			found++
			if terminal == 0 {
				pline = 0
			}
			from = 1
		}
		for x := from; x < len(grundy); x++ {
			prefix |= nearLanes[x]
			u := farLanes[x] | prefix | line
			if ^u == 0 { // the window is full: a later one
				grundy[x] = unvalued
				continue
			}
			v := bits.TrailingZeros64(uint64(^u))
			grundy[x] = V(v)
			bit := W(1) << uint(v)
			found++
			if v == 0 {
				pline = x
			}
			oneLanes[x] = bit
			line |= bit & nearMask
		}
	} else {
		for x, g := range grundy {
			prefix |= nearLanes[x]
			if g != unvalued { // valued in an earlier window
				continue
			}
			u := farLanes[x] | prefix | line
			if ^u == 0 { // the window is full: a later one
				continue
			}
			v := bits.TrailingZeros64(uint64(^u))
			grundy[x] = V(lo + v)
			bit := W(1) << uint(v)
			found++
			oneLanes[x] = bit
			line |= bit & nearMask
		}
	}
	// Most positions take no value in a window: only the words of one
	// that hold values are added to the facets' sets.
	if found == 0 {
		return pline, 0
	}
	set := sc.set[:0]
	for k, w := range one {
		if w != 0 {
			set = append(set, k)
		}
	}
	sc.set = set
	for _, f := range facets {
		out := outC
		if f.local {
			out = outL
		}
		out = out[f.out : f.out+words]
		for _, k := range set {
			out[k] |= one[k]
		}
	}
	return pline, found
}
