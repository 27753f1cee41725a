package solve

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"runtime"
	"slices"
	"sync/atomic"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/table"
)

// MaxConeOffsets bounds the offsets the cone engine reads per line (the
// compositions of exactly(A; a) and total(A; a) grow fast with a); past it
// solve.Table enumerates options instead.
const MaxConeOffsets = 4096

// conesSolve is the cone engine (EngineCones): it fills the table of box for
// a game whose rule describes its options as shifted cones (game.ReachRule),
// shape being the cones on box: the rule variations fixed, fixedall, atleast,
// total, exactly and wythoff, NIM_H and Exact k-Nim, the slow rule and their
// compounds. Like Fast it never enumerates options, and it works on whole
// lines of positions along pile 0, one bit per position.
//
// For a move set S with steps R_S and offsets D_S let Z_S(p) say that some
// P-position q = p - r, r a sum of steps, exists. Then
//
//	Z_S(p) = P(p) or Z_S(p - r) for some r in R_S with r <= p,
//	p is an N-position  <=>  Z_S(p - d) for some S and some d in D_S, d <= p.
//
// A step or offset that also lowers other piles reads another line, already
// solved, shifted by its amount on pile 0. Unlike take games a line may hold
// many P-positions; the reads of the line itself (an offset on pile 0 alone)
// are settled by iterating to the fixed point, which is reached after at
// most one pass per smallest such amount along the line.
//
// The lines are grouped in sub-slabs by the two slowest piles (d, c) as in
// Fast, and the sub-slabs of one anti-diagonal run in parallel. Z is kept for
// R slabs, R one more than the largest d + c distance of a read, so the
// working memory is R slabs of lines whatever the height of the last pile.
//
// Grundy values come from level sets, as in Fast. A plan runs it
// (Plan.Table), which reads the shape once.
func conesSolve(ctx context.Context, g *game.Game, box table.Box, shape *coneShape, opts Options) (*table.Table, error) {
	if opts.Grundy {
		if err := checkGrundyBound(g, box); err != nil {
			return nil, err
		}
	}
	return byWord(box[0], conesWith[uint8], conesWith[uint16], conesWith[uint32], conesWith[uint64])(ctx, g, box, shape, opts)
}

func conesWith[W word](ctx context.Context, g *game.Game, box table.Box, shape *coneShape, opts Options) (*table.Table, error) {
	s := newConeSweep[W](shape, opts)
	t, err := table.NewStates(g.Spec, box, false, opts.Grundy, false)
	if err != nil {
		return nil, err
	}
	s.t = t
	total := box.Positions()
	if !opts.Grundy {
		if err := s.run(ctx, func(lines int64) { opts.progress(lines*s.width, total) }); err != nil {
			return nil, fmt.Errorf("solving %s: %w", g.Spec, err)
		}
		return t, nil
	}
	s.excluded = make([]W, box.Lines()*int64(s.words))
	err = levelSets(total, 1, opts, func(v uint32) (int64, error) {
		s.level = v
		err := s.run(ctx, nil)
		return s.found.Swap(0), err
	})
	if err != nil {
		return nil, fmt.Errorf("solving %s: %w", g.Spec, err)
	}
	return t, nil
}

// coneRead is a read of the Z lanes of one move set on another line: the
// line whose piles 1.. are lower by the read's amounts, shifted by d0 along
// pile 0.
type coneRead struct {
	d0     int
	need   []pileAmount // piles 1..n-3 and their amounts: the line must hold at least as much
	mask   uint64       // the piles of need, as bits
	ones   bool         // every amount of need is 1: the read fits when the piles of mask are not empty
	dd, dc int          // the amounts on piles n-2 and n-1
	back   int          // lines back within a sub-slab
}

type pileAmount struct{ pile, amount int }

// coneSet is one move set's cone: its steps and offsets as reads.
type coneSet struct {
	prefix bool // e_0 is a step: Z is closed upwards along the line
	// reads holds the other steps, then the offsets that lower some pile
	// other than pile 0: reads[:steps] and reads[steps:].
	reads []coneRead
	steps int
	self  []int // offsets on pile 0 alone: their amounts
}

// coneShape is what the cone engine reads of a game on a box, whatever
// the word of its lines: the move sets' cones as reads, and the layout of
// the sweep. A plan computes it once (Plan.coneShape).
type coneShape struct {
	h      []int // the box, padded with zeros to at least 3 piles
	n      int
	width  int64 // positions per line
	sets   []coneSet
	ring   int // slabs of pile n-1 kept in buf
	perSub int // lines per sub-slab
	// terminalLevel is the Grundy value of a terminal position.
	terminalLevel uint32
}

// coneSweep is one pass of the cone engine in lines of words W.
type coneSweep[W word] struct {
	*coneShape
	words   int // words W per line
	lanes   int // words W per line in buf: one run of words per set
	workers int
	buf     []W

	t        *table.Table
	level    uint32
	excluded []W // Grundy only: positions valued below level, [line][word]
	found    atomic.Int64

	given     []uint64 // HasOptionIn only: the set S, [line][64-bit word]
	hasOption []uint64 // HasOptionIn only: output, same layout
}

// newConeSweep prepares a pass of the cone engine over the box of shape.
func newConeSweep[W word](shape *coneShape, opts Options) *coneSweep[W] {
	s := &coneSweep[W]{coneShape: shape, words: shape.h[0]/wordBits[W]() + 1, workers: opts.Workers}
	if s.workers <= 0 {
		s.workers = runtime.GOMAXPROCS(0)
	}
	s.lanes = len(s.sets) * s.words
	return s
}

// coneShapeOf reads the cones of g's rule on box (game.ReachRule), or fails
// when the rule has none there, or has steps the engine does not support.
func coneShapeOf(g *game.Game, box table.Box) (*coneShape, error) {
	if g.TakeOnFaces() {
		return nil, fmt.Errorf("%s is a take game: the fast engine solves it", g.Spec)
	}
	reaches, ok := g.Reaches(box, MaxConeOffsets)
	if !ok {
		return nil, fmt.Errorf("the rule of %s has no shifted cones of at most %d offsets on %v", g.Spec, MaxConeOffsets, box)
	}
	h := padded(box, 3)
	n := len(h)
	_, terminalGrundy, _ := g.Terminal()
	s := &coneShape{h: h, n: n, width: int64(h[0] + 1), terminalLevel: uint32(terminalGrundy)}
	stride := make([]int, n)
	s.perSub = 1
	for i := 1; i <= n-3; i++ {
		stride[i] = s.perSub
		s.perSub *= h[i] + 1
	}
	// read turns v into a read, or reports false when v never fits in the
	// box, or lowers no pile other than pile 0.
	read := func(v game.Position) (coneRead, bool) {
		r := coneRead{d0: v[0]}
		other := false
		for i := 1; i < len(v); i++ {
			if v[i] > h[i] {
				return r, false
			}
			other = other || v[i] > 0
			switch {
			case v[i] == 0:
			case i == n-2:
				r.dd = v[i]
			case i == n-1:
				r.dc = v[i]
			default:
				r.need = append(r.need, pileAmount{i, v[i]})
				r.mask |= 1 << uint(i)
				r.back += v[i] * stride[i]
			}
		}
		r.ones = !slices.ContainsFunc(r.need, func(na pileAmount) bool { return na.amount != 1 })
		return r, other && v[0] <= h[0]
	}
	reach := 0 // the largest dd + dc of a read
	for _, rc := range reaches {
		var set coneSet
		for _, v := range rc.Steps {
			if r, ok := read(v); ok {
				set.reads = append(set.reads, r)
				set.steps++
				reach = max(reach, r.dd+r.dc)
			} else if game.IsZero(v[1:]) {
				if v[0] != 1 {
					return nil, fmt.Errorf("%s: a step of %d tokens along pile 1 alone is not supported by the cone engine", g.Spec, v[0])
				}
				set.prefix = true
			}
		}
		for _, v := range rc.Offsets {
			if r, ok := read(v); ok {
				set.reads = append(set.reads, r)
				reach = max(reach, r.dd+r.dc)
			} else if game.IsZero(v[1:]) {
				if v[0] == 0 {
					return nil, fmt.Errorf("%s: an offset that takes nothing", g.Spec)
				}
				if v[0] <= h[0] {
					set.self = append(set.self, v[0])
				}
			}
		}
		s.sets = append(s.sets, set)
	}
	s.ring = min(reach+1, h[n-1]+1)
	return s, nil
}

// slot is where sub-slab (d, c) starts in buf.
func (s *coneSweep[W]) slot(d, c int) int {
	return ((c%s.ring)*(s.h[s.n-2]+1) + d) * s.perSub * s.lanes
}

// run makes one pass over the box; report, if not nil, gets the number of
// lines done after each anti-diagonal.
func (s *coneSweep[W]) run(ctx context.Context, report func(lines int64)) error {
	hd, hc := s.h[s.n-2], s.h[s.n-1]
	if s.buf == nil {
		s.buf = make([]W, s.ring*(hd+1)*s.perSub*s.lanes)
	}
	return antiDiagonals(ctx, hd, hc, s.workers, s.perSub, s.newScratch, s.subSlab, func(subSlabs int64) {
		if report != nil {
			report(subSlabs * int64(s.perSub))
		}
	})
}

// coneScratch is one worker's temporary storage.
type coneScratch[W word] struct {
	q                    []int   // the current line's piles
	nonEmpty             uint64  // the piles 1..n-3 of the line that are not empty, as bits
	u                    []W     // per set: Z of the lines one step below, shifted
	known, cand, p, next []W     // one line each
	z                    []W     // one line: a set's Z, for selfReads
	valid                []W     // the bits 0..h[0] of a line
	selfSets             []int   // the sets with reads on the line itself
	from                 [][]int // per set and read: where it reads line 0 of the sub-slab in buf, or noRead
}

func (s *coneSweep[W]) newScratch() *coneScratch[W] {
	w := s.words
	sc := &coneScratch[W]{q: make([]int, s.n), u: make([]W, s.lanes)}
	for _, b := range []*[]W{&sc.known, &sc.cand, &sc.p, &sc.next, &sc.valid, &sc.z} {
		*b = make([]W, w)
	}
	for x := 0; x <= s.h[0]; x++ {
		sc.valid[x/wordBits[W]()] |= 1 << uint(x%wordBits[W]())
	}
	for k, set := range s.sets {
		if len(set.self) > 0 {
			sc.selfSets = append(sc.selfSets, k)
		}
		sc.from = append(sc.from, make([]int, len(set.reads)))
	}
	return sc
}

// noRead marks a read that does not fit in a sub-slab.
const noRead = math.MinInt

// fits reports whether the read r fits under the current line: whether the
// line holds at least r's amounts on piles 1..n-3 (piles n-2 and n-1 are
// checked once per sub-slab).
func (sc *coneScratch[W]) fits(r *coneRead) bool {
	if r.ones {
		return sc.nonEmpty&r.mask == r.mask
	}
	for _, na := range r.need {
		if sc.q[na.pile] < na.amount {
			return false
		}
	}
	return true
}

// subSlab solves the lines with pile n-2 = d and pile n-1 = c.
func (s *coneSweep[W]) subSlab(d, c int, sc *coneScratch[W]) {
	w := s.words
	q := sc.q
	clear(q)
	sc.nonEmpty = 0
	q[s.n-2], q[s.n-1] = d, c
	at := s.slot(d, c)
	base := s.perSub * (d + (s.h[s.n-2]+1)*c)
	// Where each read of line 0 of the sub-slab would start in buf (less
	// than 0 when the read comes from a later line of the sub-slab), or
	// noRead when it reads below 0 on pile n-2 or n-1.
	for k := range s.sets {
		set := &s.sets[k]
		for i, r := range set.reads {
			sc.from[k][i] = noRead
			if r.dd <= d && r.dc <= c {
				sc.from[k][i] = s.slot(d-r.dd, c-r.dc) - r.back*s.lanes + k*w
			}
		}
	}
	for j := range s.perSub {
		if w == 1 {
			s.line1(at+j*s.lanes, base+j, j, sc)
		} else {
			s.lineWide(at+j*s.lanes, base+j, j, sc)
		}
		sc.nonEmpty = nextLine(q, s.h, s.n-3, sc.nonEmpty)
	}
}

// line1 solves line j of a sub-slab, whose Z lanes start at at in buf, when a
// line fits in one word.
func (s *coneSweep[W]) line1(at, line, j int, sc *coneScratch[W]) {
	var known W
	leastD0 := s.h[0] + 1 // the least pile-0 amount of an offset that fits: below it, no option
	for k := range s.sets {
		set := &s.sets[k]
		var u W
		from := sc.from[k]
		for i := range set.reads {
			r := &set.reads[i]
			if from[i] == noRead || !sc.fits(r) {
				continue
			}
			z := s.buf[from[i]+j*s.lanes] << uint(r.d0) // d0 <= h[0] < the bits of W
			if i < set.steps {
				u |= z
			} else {
				known |= z
				leastD0 = min(leastD0, r.d0)
			}
		}
		sc.u[k] = u
		for _, d0 := range set.self {
			leastD0 = min(leastD0, d0)
		}
	}
	if s.given != nil { // HasOptionIn: the line's members of the set are given
		p := W(s.given[line])
		known |= s.selfReads1(p, sc)
		s.hasOption[line] = uint64(known & sc.valid[0])
		s.writeZ1(at, p, sc)
		return
	}
	cand := sc.valid[0] &^ known
	if s.excluded != nil {
		cand &^= s.excluded[line]
	}
	if s.level != s.terminalLevel {
		cand &^= 1<<uint(leastD0) - 1
	}
	p := cand
	for len(sc.selfSets) > 0 { // settle the reads of the line itself: the greatest fixed point of p = cand &^ reads(p)
		next := cand &^ s.selfReads1(p, sc)
		if next == p {
			break
		}
		p = next
	}
	s.writeZ1(at, p, sc)
	sc.p[0] = p
	s.record(line, sc.p)
}

// writeZ1 stores the Z lanes of a one-word line whose members are p.
func (s *coneSweep[W]) writeZ1(at int, p W, sc *coneScratch[W]) {
	for k := range s.sets {
		z := sc.u[k] | p
		if s.sets[k].prefix {
			z |= -z
		}
		s.buf[at+k] = z
	}
}

// lineWide is line1 for lines of several words.
func (s *coneSweep[W]) lineWide(at, line, j int, sc *coneScratch[W]) {
	w := s.words
	clear(sc.known)
	clear(sc.u)
	leastD0 := s.h[0] + 1
	for k := range s.sets {
		set := &s.sets[k]
		u := sc.u[k*w : (k+1)*w]
		from := sc.from[k]
		for i := range set.reads {
			r := &set.reads[i]
			if from[i] == noRead || !sc.fits(r) {
				continue
			}
			src := s.buf[from[i]+j*s.lanes : from[i]+j*s.lanes+w]
			if i < set.steps {
				shiftOr(u, src, r.d0)
			} else {
				shiftOr(sc.known, src, r.d0)
				leastD0 = min(leastD0, r.d0)
			}
		}
		for _, d0 := range set.self {
			leastD0 = min(leastD0, d0)
		}
	}
	if s.given != nil { // HasOptionIn: the line's members of the set are given
		for k := range w {
			sc.p[k] = W(s.given[line*w+k])
		}
		s.selfReads(sc.known, sc)
		for k := range w {
			s.hasOption[line*w+k] = uint64(sc.known[k] & sc.valid[k])
		}
	} else {
		for k := range w {
			sc.cand[k] = sc.valid[k] &^ sc.known[k]
			if s.excluded != nil {
				sc.cand[k] &^= s.excluded[line*w+k]
			}
		}
		if s.level != s.terminalLevel {
			clearBelow(sc.cand, leastD0)
		}
		copy(sc.p, sc.cand)
		if len(sc.selfSets) > 0 {
			s.settleSelf(sc)
		}
	}
	out := s.buf[at : at+s.lanes]
	for k := range s.sets {
		z := out[k*w : (k+1)*w]
		copy(z, sc.u[k*w:(k+1)*w])
		or(z, sc.p)
		if s.sets[k].prefix {
			prefixOR(z)
		}
	}
	if s.given == nil {
		s.record(line, sc.p)
	}
}

// settleSelf finds the positions of value level on a line whose sets read
// the line itself: the greatest fixed point of p = cand &^ reads(p), reached
// from p = cand.
func (s *coneSweep[W]) settleSelf(sc *coneScratch[W]) {
	w := s.words
	for {
		clear(sc.next)
		s.selfReads(sc.next, sc)
		for k := range w {
			sc.next[k] = sc.cand[k] &^ sc.next[k]
		}
		same := true
		for k := range w {
			same = same && sc.next[k] == sc.p[k]
		}
		if same {
			return
		}
		sc.p, sc.next = sc.next, sc.p
	}
}

// selfReads1 is what the reads of a one-word line itself find when its
// members are p: the positions with an option among them along the line.
func (s *coneSweep[W]) selfReads1(p W, sc *coneScratch[W]) W {
	var reads W
	for _, k := range sc.selfSets {
		z := sc.u[k] | p
		if s.sets[k].prefix {
			z |= -z
		}
		for _, d0 := range s.sets[k].self {
			reads |= z << uint(d0)
		}
	}
	return reads
}

// selfReads is selfReads1 for lines of several words: it ORs into into what
// the reads of the line itself find when its members are sc.p.
func (s *coneSweep[W]) selfReads(into []W, sc *coneScratch[W]) {
	w := s.words
	for _, k := range sc.selfSets {
		copy(sc.z, sc.u[k*w:(k+1)*w])
		or(sc.z, sc.p)
		if s.sets[k].prefix {
			prefixOR(sc.z)
		}
		for _, d0 := range s.sets[k].self {
			shiftOr(into, sc.z, d0)
		}
	}
}

// record stores the positions of value level found on a line.
func (s *coneSweep[W]) record(line int, p []W) {
	start, size := int64(line)*s.width, wordBits[W]()
	for k, wd := range p {
		if wd == 0 {
			continue
		}
		if s.level == 0 {
			setBits(s.t.P, start+int64(k*size), uint64(wd))
		}
		if s.excluded != nil {
			s.excluded[line*s.words+k] |= wd
			s.found.Add(int64(bits.OnesCount64(uint64(wd))))
			for b := uint64(wd); b != 0; b &= b - 1 {
				s.t.Grundy.Set(start+int64(k*size+bits.TrailingZeros64(b)), s.level)
			}
		}
	}
}

// setBits ORs the 64 bits of wd into the bit array a at bit offset at.
// Lines of neighbouring sub-slabs may share a word, so the OR is atomic.
func setBits(a []uint64, at int64, wd uint64) {
	i, off := at/64, uint(at%64)
	atomic.OrUint64(&a[i], wd<<off)
	if off > 0 && wd>>(64-off) != 0 {
		atomic.OrUint64(&a[i+1], wd>>(64-off))
	}
}

// shifted is word i of the multi-word b << k (bits beyond b's words lost).
func shifted[W word](b []W, i, k int) W {
	size := wordBits[W]()
	ws, bs := k/size, uint(k%size)
	if i < ws {
		return 0
	}
	v := b[i-ws] << bs
	if bs > 0 && i-ws-1 >= 0 {
		v |= b[i-ws-1] >> (uint(size) - bs)
	}
	return v
}

// shiftOr sets a |= b << k over the multi-word a.
func shiftOr[W word](a, b []W, k int) {
	for i := range a {
		a[i] |= shifted(b, i, k)
	}
}

// clearBelow clears the bits 0..k-1 of the multi-word a.
func clearBelow[W word](a []W, k int) {
	size := wordBits[W]()
	for i := range a {
		switch lo := i * size; {
		case k >= lo+size:
			a[i] = 0
		case k > lo:
			a[i] &^= 1<<uint(k-lo) - 1
		}
	}
}

// conesMemory estimates the bytes conesSolve allocates on the box of shape:
// the table's bits (and Grundy values), R slabs of Z words, and the
// positions valued so far for Grundy values.
func conesMemory(box table.Box, shape *coneShape, opts Options) int64 {
	bytes := int64(wordBytes(box[0]))
	words := int64(box[0])/(8*bytes) + 1
	positions, lines := box.Positions(), box.Lines()
	lanes := int64(len(shape.sets)) * words
	need := saturatingAdd(positions/8, saturatingMul(saturatingMul(int64(shape.ring)*int64(shape.h[shape.n-2]+1), int64(shape.perSub)), lanes*bytes))
	if opts.Grundy {
		need = saturatingAdd(need, int64(table.GrundyWidth(box))*positions, saturatingMul(lines, words*bytes))
	}
	return need
}

// conesHasOption is HasOptionIn by the cone engine: the sweep of conesSolve
// with the given set in place of the P-positions it would find.
func conesHasOption[W word](ctx context.Context, g *game.Game, box table.Box, shape *coneShape, set []uint64, opts Options) ([]uint64, error) {
	s := newConeSweep[W](shape, opts)
	s.given, s.hasOption = set, make([]uint64, len(set))
	total := box.Positions()
	if err := s.run(ctx, func(lines int64) { opts.progress(lines*s.width, total) }); err != nil {
		return nil, fmt.Errorf("options of %s into a set: %w", g.Spec, err)
	}
	return s.hasOption, nil
}
