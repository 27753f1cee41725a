package solve

import (
	"context"
	"fmt"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/nimlab/nimlab/complex"
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
// c), so the working memory is two slabs of lines, whatever the box.
//
// Grundy values come from a recurrence on sets of values, one pass over the
// positions (fastGrundySets); when those sets would not fit in memory, from
// the same sweep run for 8 values at a time (level sets): the positions of
// value v are those not valued below v with no option of value v, again at
// most one per line. Remoteness comes from a min/max recurrence over the
// positions (fastRemoteness), one pass.
func Fast(ctx context.Context, g *game.Game, box table.Box, opts Options) (*table.Table, error) {
	if err := checkBox(g, box); err != nil {
		return nil, err
	}
	if !g.IsTake() {
		return nil, fmt.Errorf("%s is not a take game: the line engine does not apply (use solve.Table)", g.Spec)
	}
	switch {
	case box[0] < 8:
		return fastWith[uint8](ctx, g, box, opts)
	case box[0] < 16:
		return fastWith[uint16](ctx, g, box, opts)
	case box[0] < 32:
		return fastWith[uint32](ctx, g, box, opts)
	}
	return fastWith[uint64](ctx, g, box, opts)
}

// MemoryNeeded estimates the bytes a solve of box allocates with the engine
// solve.Table picks (EngineFor), or with the reference engine: the table
// and, for the line and cone engines, the working memory of the sweep (two
// or R slabs of Z words, plus the positions already valued when computing
// Grundy values). For Values it is the table.
func MemoryNeeded(g *game.Game, box table.Box, opts Options, reference bool) int64 {
	positions, lines := box.Positions(), box.Lines()
	if reference {
		return 2*lines + 6*positions + positions/8
	}
	switch EngineFor(g, box, opts) {
	case EngineCones:
		return conesMemory(g, box, opts)
	case EngineValues: // one bit, Grundy and remoteness per state
		states := stateCount(g, box)
		need := states/8 + 8
		if opts.Grundy {
			need += 4 * states
		}
		if opts.Remoteness {
			need += 2 * states
		}
		return need
	}
	need := 2 * lines    // PLine
	if opts.Remoteness { // the table, and two slabs of pairs (4 bytes) per facet
		need = saturatingAdd(need, 2*positions, saturatingMul(4, gridEntries(g, box)))
	}
	switch {
	case opts.Grundy && useGrundySets(g, box, opts):
		return saturatingAdd(need, 4*positions, grundySetBytes(g, box))
	case opts.Grundy:
		need += 4 * positions // then the level sets' sweep, below
	case opts.Remoteness:
		return need
	}
	bytes := int64(1)
	for bytes < 8 && int64(box[0]) >= 8*bytes {
		bytes *= 2
	}
	lineBytes := (int64(box[0])/(8*bytes) + 1) * bytes
	slowest := int64(1)
	if len(box) >= 3 {
		slowest = int64(box[len(box)-1]) + 1
	}
	blockBytes := (int64(len(g.Complex.Facets()))*lineBytes + 7) / 8 * 8
	need += 2 * lines / slowest * blockBytes
	if opts.Grundy {
		need += lines * lineBytes
	}
	return need
}

// word is a machine word holding up to its bit size positions of a line. The
// narrowest word that holds a line is used: it cuts the memory traffic of the
// sweep, which is what bounds its speed.
type word interface {
	~uint8 | ~uint16 | ~uint32 | ~uint64
}

// wordBits is the number of bits of W.
func wordBits[W word]() int { return int(unsafe.Sizeof(W(0))) * 8 }

func fastWith[W word](ctx context.Context, g *game.Game, box table.Box, opts Options) (*table.Table, error) {
	t := table.New(g.Spec, box, opts.Grundy)
	if opts.Remoteness {
		if err := fastRemoteness(ctx, g, box, t, opts); err != nil {
			return nil, err
		}
		if !opts.Grundy {
			return t, nil
		}
	}
	if opts.Grundy && useGrundySets(g, box, opts) {
		if err := fastGrundySets(ctx, g, box, t, opts); err != nil {
			return nil, err
		}
		return t, nil
	}
	levels := 1
	if opts.Grundy {
		levels = grundyLevels
	}
	s, err := newSweep[W](g, box, opts, levels)
	if err != nil {
		return nil, err
	}
	s.pline = t.PLine
	total := box.Positions()
	if !opts.Grundy {
		err = s.run(ctx, func(done int64) { opts.progress(done*int64(box[0]+1), total) })
		if err != nil {
			return nil, fmt.Errorf("solving %s: %w", g.Spec, err)
		}
		return t, nil
	}
	// Level sets: run the sweep for v = 0, K, 2K, ... until every position
	// has a value, each pass finding the values v..v+K-1.
	s.excluded = make([]W, int64(len(t.PLine))*int64(s.words))
	s.grundy = t.Grundy
	err = levelSets(total, s.levels, opts, func(v uint32) (int64, error) {
		s.level = v
		err := s.run(ctx, nil)
		return s.found.Swap(0), err
	})
	if err != nil {
		return nil, fmt.Errorf("solving %s: %w", g.Spec, err)
	}
	return t, nil
}

// levelSets computes Grundy values as level sets: pass(v) gives the values
// v..v+levels-1 in turn, value u to the positions not valued below u with no
// option of value u, and returns how many it valued; the passes run for
// v = 0, levels, 2*levels, ... until all total positions have a value.
func levelSets(total int64, levels int, opts Options, pass func(v uint32) (int64, error)) error {
	var valued int64
	for v := uint32(0); valued < total; v += uint32(levels) {
		found, err := pass(v)
		if err != nil {
			return fmt.Errorf("at Grundy value %d: %w", v, err)
		}
		valued += found
		opts.progress(valued, total)
	}
	return nil
}

// sweep holds what one pass of the box recurrence needs.
//
// The Z words of one line, one lane of type W per facet and line word, are
// packed into a block of uint64s. Reading the lines one token below is then
// done pile by pile rather than facet by facet: for pile i, the whole block of
// the line below in pile i is ORed in under a mask that keeps the lanes of the
// facets containing i. That is one masked OR per uint64 of the block and pile,
// instead of one load per facet and pile: for CN(8,6) with piles up to 11, 14
// instead of 42.
//
// For Grundy values a pass finds the level sets of several values at once:
// the block holds the lanes of every facet for each of the values
// level..level+levels-1, so the loads of a line and the walk over the box
// are shared, and the values are settled one after the other on each line.
type sweep[W word] struct {
	h       []int // the box, padded with zeros to at least 3 piles
	n       int   // len(h)
	words   int   // words W per line of positions
	misere  bool
	facets  int
	with0   int // facets 0..with0-1 contain pile 0, the others do not
	levels  int // values per pass: 1 for outcomes, grundyLevels for Grundy values
	lanes   int // lanes W per block: levels * facets * words, rounded up to fill the block
	block   int // uint64s per block
	perSub  int // lines per sub-slab
	subLen  int // uint64s of Z per sub-slab: perSub * block
	workers int
	// below[c%2] lists, for each pile i >= 1 in some facet, where the block of
	// the line one token below in pile i lies and which lanes to take from it.
	below [2][]belowLine

	// buf holds Z of sub-slab (d, c) at ((c%2)*(h[n-2]+1) + d) * subLen;
	// lane (v*facets + f)*words + k of a block is word k of facet f for
	// value level+v.
	buf      []uint64
	bufLanes []W // buf seen as lanes

	pline    []uint16     // output: pile-0 value of the line's P-position, set at level 0
	excluded []W          // Grundy only: positions valued below level, [line][word]
	grundy   []uint32     // Grundy only: output values
	level    uint32       // the first value of the pass
	found    atomic.Int64 // positions valued in this pass

	given     []uint64 // HasOptionIn only: the set S, [line][64-bit word]
	hasOption []uint64 // HasOptionIn only: output, same layout
}

// belowLine is the line one token below the current one in pile `pile`: its
// block lies `back` uint64s before the current line's, and mask keeps the
// lanes of the facets that contain the pile.
type belowLine struct {
	back int
	pile uint
	mask []uint64
}

// grundyLevels is the number of values a pass of the line engine finds when
// computing Grundy values.
const grundyLevels = 8

// newSweep prepares passes over box that find the level sets of levels
// values each. It fails with ErrTooLarge when the two slabs of Z would
// exceed maxWorkingBytes.
func newSweep[W word](g *game.Game, box table.Box, opts Options, levels int) (*sweep[W], error) {
	h := append([]int(nil), box...)
	for len(h) < 3 {
		h = append(h, 0)
	}
	n := len(h)
	terminalP, _, _ := g.Terminal()
	s := &sweep[W]{h: h, n: n, words: h[0]/wordBits[W]() + 1, misere: !terminalP, workers: opts.Workers, levels: levels}
	if s.workers <= 0 {
		s.workers = runtime.GOMAXPROCS(0)
	}
	// Facets containing pile 0 first.
	var facets []complex.Set
	for _, f := range g.Complex.Facets() {
		if f.Has(0) {
			facets = append(facets, f)
		}
	}
	s.with0 = len(facets)
	for _, f := range g.Complex.Facets() {
		if !f.Has(0) {
			facets = append(facets, f)
		}
	}
	s.facets = len(facets)
	perBlock := 8 / int(unsafe.Sizeof(W(0)))
	s.block = (s.levels*s.facets*s.words + perBlock - 1) / perBlock
	s.lanes = s.block * perBlock
	perSub := int64(1)
	for i := 1; i <= n-3; i++ {
		perSub *= int64(h[i]) + 1 // at most the box's positions
	}
	zBytes := saturatingMul(saturatingMul(perSub, int64(s.block)), 2*(int64(h[n-2])+1)*8)
	if err := checkWorking(g, box, zBytes); err != nil {
		return nil, err
	}
	back := make([]int, n) // distance back in buf along pile i
	s.perSub = 1
	for i := 1; i <= n-3; i++ {
		back[i] = s.perSub * s.block
		s.perSub *= h[i] + 1
	}
	s.subLen = s.perSub * s.block
	back[n-2] = s.subLen
	slab := (h[n-2] + 1) * s.subLen
	for i := 1; i < n; i++ {
		mask := make([]uint64, s.block)
		maskLanes := unsafe.Slice((*W)(unsafe.Pointer(&mask[0])), s.lanes)
		for v := range s.levels {
			for f, set := range facets {
				if set.Has(i) {
					for k := range s.words {
						maskLanes[(v*s.facets+f)*s.words+k] = ^W(0)
					}
				}
			}
		}
		if !slices.ContainsFunc(mask, func(m uint64) bool { return m != 0 }) {
			continue
		}
		for parity := range 2 {
			b := back[i]
			if i == n-1 { // (d, c-1) is one slab later for c even, earlier for c odd
				b = slab
				if parity == 0 {
					b = -slab
				}
			}
			s.below[parity] = append(s.below[parity], belowLine{back: b, pile: uint(i), mask: mask})
		}
	}
	return s, nil
}

// run makes one pass over the box; report, if not nil, gets the number of
// lines done after each anti-diagonal.
func (s *sweep[W]) run(ctx context.Context, report func(lines int64)) error {
	hd, hc := s.h[s.n-2], s.h[s.n-1]
	if s.buf == nil {
		s.buf = make([]uint64, 2*(hd+1)*s.subLen)
		s.bufLanes = unsafe.Slice((*W)(unsafe.Pointer(&s.buf[0])), len(s.buf)*8/int(unsafe.Sizeof(W(0))))
	}
	return antiDiagonals(ctx, hd, hc, s.workers, func() *scratch[W] { return newScratch(s) }, s.subSlab,
		func(subSlabs int64) {
			if report != nil {
				report(subSlabs * int64(s.perSub))
			}
		})
}

// antiDiagonals calls cell(d, c, scratch) for every sub-slab (d, c) with
// 0 <= d <= hd and 0 <= c <= hc, one anti-diagonal d + c = 0, 1, ... after
// the other, the sub-slabs of a diagonal in parallel on up to workers
// goroutines, each with its own scratch. A sub-slab may read the sub-slabs of
// earlier diagonals. After each diagonal report gets the number of sub-slabs
// done; ctx is checked before each.
func antiDiagonals[S any](ctx context.Context, hd, hc, workers int, newScratch func() S, cell func(d, c int, sc S), report func(subSlabs int64)) error {
	var done int64
	for diag := 0; diag <= hd+hc; diag++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		lo, hi := max(0, diag-hc), min(hd, diag)
		var next atomic.Int64
		next.Store(int64(lo))
		var wg sync.WaitGroup
		for range min(workers, hi-lo+1) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				sc := newScratch()
				for d := int(next.Add(1) - 1); d <= hi; d = int(next.Add(1) - 1) {
					cell(d, diag-d, sc)
				}
			}()
		}
		wg.Wait()
		done += int64(hi - lo + 1)
		report(done)
	}
	return nil
}

// scratch is one worker's temporary storage.
type scratch[W word] struct {
	q     []int    // the current line's piles 1..n-3
	acc   []uint64 // Z of the lines below, gathered: one block
	lanes []W      // acc seen as lanes
	found int64    // positions valued in the current sub-slab
	// wide lines only
	m, sh, nw []W
}

func newScratch[W word](s *sweep[W]) *scratch[W] {
	acc := make([]uint64, s.block)
	return &scratch[W]{
		q:     make([]int, s.n),
		acc:   acc,
		lanes: unsafe.Slice((*W)(unsafe.Pointer(&acc[0])), s.lanes),
		m:     make([]W, s.words),
		sh:    make([]W, s.words),
		nw:    make([]W, s.words),
	}
}

// subSlab runs the recurrence on the lines with pile n-2 = d and pile n-1 = c.
func (s *sweep[W]) subSlab(d, c int, sc *scratch[W]) {
	below := s.below[c%2]
	at := ((c%2)*(s.h[s.n-2]+1) + d) * s.subLen
	// nonzero has bit i set when pile i of the current line is not 0, so
	// that the line one token below in pile i exists.
	var nonzero uint64
	if d > 0 {
		nonzero |= 1 << uint(s.n-2)
	}
	if c > 0 {
		nonzero |= 1 << uint(s.n-1)
	}
	base := s.perSub * (d + (s.h[s.n-2]+1)*c)
	clear(sc.q)
	for j := range s.perSub {
		// Gather Z of the lines one token below, lane by lane under the masks.
		acc := sc.acc
		clear(acc)
		for k := range below {
			src := &below[k]
			if nonzero>>src.pile&1 != 0 {
				from := s.buf[at-src.back : at-src.back+len(acc)]
				for b, m := range src.mask {
					acc[b] |= from[b] & m
				}
			}
		}
		line := base + j
		lanesAt := at * (len(s.bufLanes) / len(s.buf))
		switch {
		case s.given != nil:
			s.lineGiven(s.bufLanes[lanesAt:lanesAt+s.facets*s.words], line, sc)
		case s.words == 1:
			n := s.levels * s.facets
			s.line1(s.bufLanes[lanesAt:lanesAt+n], sc.lanes[:n], line, sc)
		default:
			for v := range s.levels {
				lanes := v * s.facets * s.words
				s.lineWide(s.bufLanes[lanesAt+lanes:lanesAt+lanes+s.facets*s.words], sc.lanes[lanes:lanes+s.facets*s.words], line, s.level+uint32(v), sc)
			}
		}
		at += s.block
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
	if sc.found != 0 {
		s.found.Add(sc.found)
		sc.found = 0
	}
}

// record stores the position of value level found at pile-0 value x of line.
func (s *sweep[W]) record(line, x int, level uint32, sc *scratch[W]) {
	if level == 0 {
		s.pline[line] = uint16(x)
	}
	if s.grundy != nil {
		s.grundy[line*(s.h[0]+1)+x] = level
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
// level..level+levels-1 in turn: u holds, per value and facet, the OR of Z
// over the lines one token below; out receives the line's Z.
//
// Since prefix-OR distributes over OR, the options on the line itself, over
// all facets containing pile 0, are the prefix-OR of their union, shifted.
func (s *sweep[W]) line1(out, u []W, line int, sc *scratch[W]) {
	nf, with0 := s.facets, s.with0
	for v := range s.levels {
		uv, ov := u[v*nf:(v+1)*nf], out[v*nf:(v+1)*nf]
		var near, known W // near: Z of the facets containing pile 0
		for _, uf := range uv[:with0] {
			near |= uf
		}
		for _, uf := range uv[with0:] {
			known |= uf
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
		for f, uf := range uv[:with0] {
			z := uf | p
			ov[f] = z | -z
		}
		for f := with0; f < nf; f++ {
			ov[f] = uv[f] | p
		}
	}
}

// lineWide is line1 for lines longer than a word, for the value level: every
// value is a run of s.words words, least significant first.
func (s *sweep[W]) lineWide(out, lanes []W, line int, level uint32, sc *scratch[W]) {
	w := s.words
	known, shifted := sc.m, sc.sh
	clear(known)
	clear(shifted)
	for f := range s.facets {
		u := lanes[f*w : (f+1)*w]
		or(known, u)
		if f < s.with0 {
			copy(sc.nw, u)
			prefixOR(sc.nw)
			shiftLeft1(sc.nw)
			or(shifted, sc.nw)
		}
	}
	or(known, shifted)
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
	for f := range s.facets {
		z := out[f*w : (f+1)*w]
		copy(z, lanes[f*w:(f+1)*w])
		or(z, p)
		if f < s.with0 {
			prefixOR(z)
		}
	}
}

// HasOptionIn computes, for every position of box, whether it has an option
// in the set S, without enumerating options: the same sweep as Fast with S in
// place of the P-positions it would compute. Bit x of line l (the position
// with pile 1 = x and the other piles those of line l, see table.Table) lies
// in word l*w + x/64 of set and of the result, bit x%64, with w = box[0]/64+1.
//
// With S a guessed set of P-positions, S & result are the positions breaking
// condition (I) of papers/000_451cee323facfbde.txt, Theorem 1.2 (a move from
// S into S), and positions in neither break condition (II).
//
// Rules with shifted cones (game.ReachRule) run the cone engine's sweep the
// same way; for other games (symmetric slow games aside, compounds mixing
// take and slow piles) the options of each position are looked up one by one.
func HasOptionIn(ctx context.Context, g *game.Game, box table.Box, set []uint64, opts Options) ([]uint64, error) {
	if err := checkBox(g, box); err != nil {
		return nil, err
	}
	w := int64(box[0]/64 + 1)
	if want := box.Lines() * w; int64(len(set)) != want {
		return nil, fmt.Errorf("set has %d words, want %d for box %v", len(set), want, box)
	}
	if !g.IsTake() {
		if !HasCones(g, box) {
			return hasOptionEnumerated(ctx, g, box, set)
		}
		switch {
		case box[0] < 8:
			return conesHasOption[uint8](ctx, g, box, set, opts)
		case box[0] < 16:
			return conesHasOption[uint16](ctx, g, box, set, opts)
		case box[0] < 32:
			return conesHasOption[uint32](ctx, g, box, set, opts)
		}
		return conesHasOption[uint64](ctx, g, box, set, opts)
	}
	switch {
	case box[0] < 8:
		return hasOptionWith[uint8](ctx, g, box, set, opts)
	case box[0] < 16:
		return hasOptionWith[uint16](ctx, g, box, set, opts)
	case box[0] < 32:
		return hasOptionWith[uint32](ctx, g, box, set, opts)
	}
	return hasOptionWith[uint64](ctx, g, box, set, opts)
}

func hasOptionWith[W word](ctx context.Context, g *game.Game, box table.Box, set []uint64, opts Options) ([]uint64, error) {
	s, err := newSweep[W](g, box, opts, 1)
	if err != nil {
		return nil, err
	}
	s.given = set
	s.hasOption = make([]uint64, len(set))
	total := box.Positions()
	err = s.run(ctx, func(done int64) { opts.progress(done*int64(box[0]+1), total) })
	if err != nil {
		return nil, fmt.Errorf("options of %s into a set: %w", g.Spec, err)
	}
	// Clear the bits beyond pile 1's maximum in each line's last word.
	w, last := box[0]/64+1, uint64(1)<<uint(box[0]%64+1)-1
	if box[0]%64 == 63 {
		last = ^uint64(0)
	}
	for l := w - 1; l < len(s.hasOption); l += w {
		s.hasOption[l] &= last
	}
	return s.hasOption, nil
}

// lineGiven is the sweep step of HasOptionIn: the line's members of S are
// given rather than found, and several may lie on one line.
func (s *sweep[W]) lineGiven(out []W, line int, sc *scratch[W]) {
	w := s.words
	known, in := sc.m, sc.sh
	clear(known)
	for k := range in {
		in[k] = W(s.given[line*w+k]) // one word of W holds the line when W is narrower than 64 bits
	}
	for f := range s.facets {
		u := sc.lanes[f*w : (f+1)*w]
		or(known, u)
		if f < s.with0 {
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
	for f := range s.facets {
		z := out[f*w : (f+1)*w]
		copy(z, sc.lanes[f*w:(f+1)*w])
		or(z, in)
		if f < s.with0 {
			prefixOR(z)
		}
	}
}

// or sets a |= b word by word over len(a) words.
func or[W word](a, b []W) {
	for k := range a {
		a[k] |= b[k]
	}
}

// prefixOR sets every bit at or above the lowest set bit of the multi-word a.
func prefixOR[W word](a []W) {
	for k, wd := range a {
		if wd != 0 {
			a[k] = wd | -wd
			for r := k + 1; r < len(a); r++ {
				a[r] = ^W(0)
			}
			return
		}
	}
}

// shiftLeft1 shifts the multi-word a by one bit towards higher positions.
func shiftLeft1[W word](a []W) {
	var carry W
	top := wordBits[W]() - 1
	for k, wd := range a {
		a[k], carry = wd<<1|carry, wd>>uint(top)
	}
}

// hasOptionEnumerated is HasOptionIn by looking up every option.
func hasOptionEnumerated(ctx context.Context, g *game.Game, box table.Box, set []uint64) ([]uint64, error) {
	if err := checkMoveSets(g); err != nil {
		return nil, err
	}
	w, width := int64(box[0]/64+1), int64(box[0]+1)
	bit := func(idx int64) (int64, uint) {
		l, x := idx/width, idx%width
		return l*w + x/64, uint(x % 64)
	}
	out := make([]uint64, len(set))
	p := make(game.Position, len(box))
	for idx := range box.Positions() {
		if idx%1024 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		box.Position(idx, p)
		for q := range g.Options(p) {
			if k, b := bit(box.Index(q)); set[k]>>b&1 == 1 {
				k, b = bit(idx)
				out[k] |= 1 << b
				break
			}
		}
	}
	return out, nil
}
