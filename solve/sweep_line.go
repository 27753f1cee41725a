package solve

import "math/bits"

// Settling one line of the sweep: the levels of its pile-0 values from the
// lines below it, for one facet, for wide values and for given ones.

// record stores the position of value level found at pile-0 value x of line.
func (s *sweep[W]) record(line, x int, level uint32, sc *scratch[W]) {
	if level == 0 {
		s.pline[line-s.plineBase] = uint16(x)
	}
	if s.grundy != nil {
		s.grundy.Set(int64(line)*int64(s.h[0]+1)+int64(x), level)
		b := wordBits[W]()
		s.excluded[line*s.words+x/b] |= 1 << uint(x%b)
		sc.found++
	}
}

// terminal reports whether the position at pile-0 value 0 of line is the
// terminal position of misère play at value level: an N-position, of
// misère Grundy value 1, not 0.
func (s *sweep[W]) terminal(line int, level uint32) bool {
	return s.misere && level == 0 && line == 0
}

// line1 finishes a line that fits in one word, for the values
// level..level+levels-1 in turn: the scratch's lanes hold, per value and
// facet, the OR of Z over the lines one token below; oc and ol receive the
// line's Z, carried and local parts.
//
// Since prefix-OR distributes over OR, the options on the line itself, over
// all facets containing pile 0, are the prefix-OR of their union, shifted.
func (s *sweep[W]) line1(oc, ol []W, line int, sc *scratch[W]) {
	cf, lf, c0, l0 := s.carried, s.local, s.carriedNot0, s.localWith0
	cu, lu := sc.lanes[:s.carriedWords*s.perWord], sc.lanes[s.carriedWords*s.perWord:]
	for v := range s.levels {
		uc, ul := cu[v*cf:(v+1)*cf], lu[v*lf:(v+1)*lf]
		outC, outL := oc[v*cf:(v+1)*cf], ol[v*lf:(v+1)*lf]
		var near, known W // near: Z of the facets containing pile 0
		for _, z := range uc[c0:] {
			near |= z
		}
		for _, z := range ul[:l0] {
			near |= z
		}
		for _, z := range uc[:c0] {
			known |= z
		}
		for _, z := range ul[l0:] {
			known |= z
		}
		known |= near | (near|-near)<<1
		if s.excluded != nil {
			known |= s.excluded[line]
		}
		level := s.level + uint32(v)
		if s.terminal(line, level) {
			known |= 1
		}
		var p W
		// ^known == 0 gives 64, beyond any line held in one word.
		if x := bits.TrailingZeros64(uint64(^known)); x <= s.h[0] {
			p = 1 << uint(x)
			s.record(line, x, level, sc)
		}
		for f, z := range uc[:c0] {
			outC[f] = z | p
		}
		for f := c0; f < cf; f++ {
			z := uc[f] | p
			outC[f] = z | -z
		}
		for f, z := range ul[:l0] {
			z |= p
			outL[f] = z | -z
		}
		for f := l0; f < lf; f++ {
			outL[f] = ul[f] | p
		}
	}
}

// outLanes returns the output lanes from block lane at on: in the carried
// part oc or the local part ol.
func (s *sweep[W]) outLanes(oc, ol []W, at int) []W {
	if c := s.carriedWords * s.perWord; at >= c {
		return ol[at-c:]
	}
	return oc[at:]
}

// lineWide is line1 for lines longer than a word, for the value level+v:
// every facet's Z is a run of s.words words, least significant first.
func (s *sweep[W]) lineWide(oc, ol []W, line, v int, sc *scratch[W]) {
	w := s.words
	known, shifted := sc.m, sc.sh
	clear(known)
	clear(shifted)
	for _, f := range s.facetLanes[v] {
		u := sc.lanes[f.at : f.at+w]
		or(known, u)
		if f.with0 {
			copy(sc.nw, u)
			prefixOR(sc.nw)
			shiftLeft1(sc.nw)
			or(shifted, sc.nw)
		}
	}
	or(known, shifted)
	level := s.level + uint32(v)
	if s.terminal(line, level) {
		known[0] |= 1
	}
	if s.excluded != nil {
		or(known, s.excluded[line*w:])
	}
	p := sc.nw
	clear(p)
	x := -1
	b := wordBits[W]()
	for k, wd := range known {
		if ^wd != 0 {
			x = k*b + bits.TrailingZeros64(uint64(^wd))
			break
		}
	}
	if x >= 0 && x <= s.h[0] {
		p[x/b] = 1 << uint(x%b)
		s.record(line, x, level, sc)
	}
	for _, f := range s.facetLanes[v] {
		z := s.outLanes(oc, ol, f.at)[:w]
		copy(z, sc.lanes[f.at:f.at+w])
		or(z, p)
		if f.with0 {
			prefixOR(z)
		}
	}
}

// lineGiven is the sweep step of HasOptionIn: the line's members of S are
// given rather than found, and several may lie on one line.
func (s *sweep[W]) lineGiven(oc, ol []W, line int, sc *scratch[W]) {
	w := s.words
	known, in := sc.m, sc.sh
	clear(known)
	for k := range in {
		in[k] = W(s.given[line*w+k]) // one word of W holds the line when W is narrower than 64 bits
	}
	for _, f := range s.facetLanes[0] {
		u := sc.lanes[f.at : f.at+w]
		or(known, u)
		if f.with0 {
			// Options on the line itself: any position below one with Z.
			copy(sc.nw, u)
			or(sc.nw, in)
			prefixOR(sc.nw)
			shiftLeft1(sc.nw)
			or(known, sc.nw)
		}
	}
	for k, wd := range known {
		s.hasOption[line*w+k] = uint64(wd)
	}
	for _, f := range s.facetLanes[0] {
		z := s.outLanes(oc, ol, f.at)[:w]
		copy(z, sc.lanes[f.at:f.at+w])
		or(z, in)
		if f.with0 {
			prefixOR(z)
		}
	}
}

// lineTotal is the total of piles 1..last of q.
func lineTotal(q []int, last int) int {
	t := 0
	for _, v := range q[1 : last+1] {
		t += v
	}
	return t
}
