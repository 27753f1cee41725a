package theory

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"sync"

	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
)

// A NimBasis is a collection of vertex sets satisfying Conditions (A), (B) and
// (C) of Ehrenborg–Steingrímsson 1996, Definition 4.1. By Theorem 4.4 the
// zero positions are then those whose binary digits, read one place value
// at a time, mark sets of the basis.
type NimBasis interface {
	// Has reports whether s belongs to the basis.
	Has(s complex.Set) bool
	// Complete answers Condition (C) for the face f and the set s: a member T
	// of the basis with T - f inside s such that f + (s - f - T) is a face.
	// (With K = T ∩ f and G = f + (s - f - T) these are the faces K ⊆ f ⊆ G
	// of the condition, and T = (s - G) ∪ K.)
	Complete(f, s complex.Set) complex.Set
}

// MaxBasisSearch is the largest number of piles for which FindNimBasis
// searches a Nim-basis: the search looks at every pair of a face and a set.
const MaxBasisSearch = 12

// ErrTooManyPiles is returned for complexes beyond MaxBasisSearch: the
// question was not answered, which is not the same as "no Nim-basis".
var ErrTooManyPiles = errors.New("too many piles")

// listedBasis is a Nim-basis given by its members.
type listedBasis struct {
	c       *complex.Complex
	members []complex.Set
	has     map[complex.Set]bool
}

func newListedBasis(c *complex.Complex, members []complex.Set) *listedBasis {
	b := &listedBasis{c: c, members: slices.Clone(members), has: map[complex.Set]bool{}}
	slices.Sort(b.members)
	b.members = slices.Compact(b.members)
	for _, m := range b.members {
		b.has[m] = true
	}
	return b
}

func (b *listedBasis) Has(s complex.Set) bool { return b.has[s] }

func (b *listedBasis) Complete(f, s complex.Set) complex.Set {
	t, _ := b.complete(f, s)
	return t
}

// complete finds the member Condition (C) asks for, or reports that there
// is none (the empty set may itself be the answer, so it cannot mark that).
func (b *listedBasis) complete(f, s complex.Set) (complex.Set, bool) {
	for _, t := range b.members {
		if (t&^f)&^s == 0 && b.isFace(f|(s&^f&^t)) {
			return t, true
		}
	}
	return 0, false
}

func (b *listedBasis) isFace(s complex.Set) bool { return s == 0 || b.c.IsFace(s) }

// BasisViolation says why a collection is not a Nim-basis.
type BasisViolation struct {
	// Condition is "A", "B" or "C".
	Condition string
	// Face, Set and Member are the witnesses: for (B) Member = Face ∪ Set
	// with Face a non-empty face and Member, Set in the collection; for (C)
	// no member completes Face and Set.
	Face, Set, Member complex.Set
}

func (v *BasisViolation) Error() string {
	switch v.Condition {
	case "A":
		return "Condition (A) fails: the empty set is not in the collection"
	case "B":
		return fmt.Sprintf("Condition (B) fails: %s = %s ∪ %s with the face %s non-empty and both %s and %s in the collection",
			setText(v.Member), setText(v.Face), setText(v.Set), setText(v.Face), setText(v.Member), setText(v.Set))
	default:
		return fmt.Sprintf("Condition (C) fails for the face F = %s and the set S = %s: no faces K ⊆ F ⊆ G with G-F ⊆ S and (S-G) ∪ K in the collection",
			setText(v.Face), setText(v.Set))
	}
}

func setText(s complex.Set) string {
	if s == 0 {
		return "{}"
	}
	return "{" + s.String() + "}"
}

// CheckNimBasis tests Conditions (A), (B) and (C) of Definition 4.1 for the
// collection sets on c, returning the first violation found, or nil when
// the collection is a Nim-basis. Condition (C) looks at every face and every
// set of vertices outside it, so this is for complexes of at most
// MaxBasisSearch vertices. It returns ctx's error when ctx is done.
func CheckNimBasis(ctx context.Context, c *complex.Complex, sets []complex.Set) error {
	if c.N() > MaxBasisSearch {
		return fmt.Errorf("%w: checking a Nim-basis is limited to %d piles, not %d", ErrTooManyPiles, MaxBasisSearch, c.N())
	}
	b := newListedBasis(c, sets)
	if !b.has[0] {
		return &BasisViolation{Condition: "A"}
	}
	for _, m := range b.members {
		for f := m; f != 0; f = (f - 1) & m { // non-empty subsets f of m
			if c.IsFace(f) && b.has[m&^f] {
				return &BasisViolation{Condition: "B", Member: m, Face: f, Set: m &^ f}
			}
		}
	}
	all := complex.Set(1)<<uint(c.N()) - 1
	listed, err := c.Faces()
	if err != nil {
		return err
	}
	faces := append([]complex.Set{0}, listed...)
	for _, f := range faces {
		if err := ctx.Err(); err != nil {
			return err
		}
		rest := all &^ f
		for s := rest; ; s = (s - 1) & rest { // every subset s of rest
			if _, ok := b.complete(f, s); !ok {
				return &BasisViolation{Condition: "C", Face: f, Set: s}
			}
			if s == 0 {
				break
			}
		}
	}
	return nil
}

// FindNimBasis returns the Nim-basis of c, or the reason there is none. By
// Theorem 4.4 a Nim-basis is unique and its members are the sets A whose
// indicator position e(A) is a zero position, so the search solves the game
// on piles of 0 or 1 and checks that collection.
func FindNimBasis(ctx context.Context, c *complex.Complex) ([]complex.Set, error) {
	if c.N() > MaxBasisSearch {
		return nil, fmt.Errorf("%w: the Nim-basis search is limited to %d piles, not %d", ErrTooManyPiles, MaxBasisSearch, c.N())
	}
	g, err := game.New(game.Take{}, c, nil)
	if err != nil {
		return nil, err
	}
	g.Spec = "complex"
	box := table.Uniform(c.N(), 1)
	t, err := solve.Gated(ctx, nil, g, box, solve.Options{})
	if err != nil {
		return nil, err
	}
	var members []complex.Set
	p := make(game.Position, c.N())
	for idx := range box.Positions() {
		box.Position(idx, p)
		if t.IsP(p) {
			var s complex.Set
			for v, x := range p {
				if x == 1 {
					s |= 1 << uint(v)
				}
			}
			members = append(members, s)
		}
	}
	if err := CheckNimBasis(ctx, c, members); err != nil {
		if ctx.Err() != nil {
			return nil, err
		}
		return nil, fmt.Errorf("the only candidate, the sets A with e(A) a P-position, fails: %w", err)
	}
	slices.Sort(members)
	return members, nil
}

// basisCache remembers FindNimBasis per complex, for binding the theorem,
// within basisCacheBytes (a long-running server meets many complexes): the
// least recently used are dropped first.
var basisCache struct {
	sync.Mutex
	entries []basisEntry // least recently used first
	bytes   int64
}

// basisCacheBytes bounds the memory of basisCache.
const basisCacheBytes = 16 << 20

type basisEntry struct {
	key   string
	b     *listedBasis // nil: the complex has no Nim-basis
	bytes int64
}

func cachedBasis(ctx context.Context, c *complex.Complex) *listedBasis {
	key := fmt.Sprint(c.N(), c.String())
	if b, ok := lookupBasis(key); ok {
		return b
	}
	var b *listedBasis
	if members, err := FindNimBasis(ctx, c); err == nil {
		b = newListedBasis(c, members)
	}
	if ctx.Err() == nil { // a search cut short answers nothing
		storeBasis(key, b)
	}
	return b
}

// lookupBasis returns the basis kept for key, and marks it used.
func lookupBasis(key string) (*listedBasis, bool) {
	basisCache.Lock()
	defer basisCache.Unlock()
	for i, e := range basisCache.entries {
		if e.key == key {
			basisCache.entries = append(append(basisCache.entries[:i:i], basisCache.entries[i+1:]...), e)
			return e.b, true
		}
	}
	return nil, false
}

// storeBasis keeps b under key, dropping the least recently used bases
// until the cache is within basisCacheBytes.
func storeBasis(key string, b *listedBasis) {
	n := int64(len(key)) + 64
	if b != nil {
		// A member in the slice and in the map (a bucket slot and its share
		// of the map's overhead).
		n += int64(len(b.members)) * (8 + 48)
	}
	basisCache.Lock()
	defer basisCache.Unlock()
	if n > basisCacheBytes {
		return
	}
	for len(basisCache.entries) > 0 && basisCache.bytes+n > basisCacheBytes {
		basisCache.bytes -= basisCache.entries[0].bytes
		basisCache.entries = basisCache.entries[1:]
	}
	basisCache.entries = append(basisCache.entries, basisEntry{key, b, n})
	basisCache.bytes += n
}

// binaryBasis is the Nim-basis of a binary matroid whose singletons are
// independent: the sets whose vectors sum to zero, that is, the disjoint
// unions of circuits (Ehrenborg–Steingrímsson 1996, Prop 5.3, Thm 5.7).
type binaryBasis struct{ columns []uint64 }

func (b binaryBasis) Has(s complex.Set) bool { return complex.Sum(b.columns, s) == 0 }

// Complete follows Proposition 5.6 by linear algebra over GF(2): extend the
// independent face f by a set J of columns of s - f to a basis of the span
// of f + (s - f); the sum of the rest, s - f - J, is then a combination X of
// f + J. Moving the part Y = X ∩ J of J back leaves G = f + (J - Y)
// independent and T = (s - f - J) + Y + (X ∩ f) summing to zero.
func (b binaryBasis) Complete(f, s complex.Set) complex.Set {
	type row struct {
		vec  uint64
		used complex.Set // the columns whose sum vec is
	}
	var basis [64]row // by highest bit
	reduce := func(v uint64, used complex.Set) (uint64, complex.Set) {
		for v != 0 {
			h := bits.Len64(v) - 1
			if basis[h].vec == 0 {
				return v, used
			}
			v ^= basis[h].vec
			used ^= basis[h].used
		}
		return 0, used
	}
	// insert adds column v when it is independent of the rows so far.
	insert := func(v int) bool {
		r, used := reduce(b.columns[v], complex.SetOf(v))
		if r != 0 {
			basis[bits.Len64(r)-1] = row{r, used}
		}
		return r != 0
	}
	for _, v := range f.Vertices() {
		insert(v)
	}
	var j complex.Set
	for _, v := range (s &^ f).Vertices() {
		if insert(v) {
			j |= complex.SetOf(v)
		}
	}
	rest := s &^ f &^ j
	_, x := reduce(complex.Sum(b.columns, rest), 0)
	return rest | x
}

// nimBasisOracle is Theorem 4.4 for a complex with a Nim-basis.
type nimBasisOracle struct{ basis NimBasis }

// digitSet is the set of piles with a 1 in binary place i.
func digitSet(p game.Position, i int) complex.Set {
	var s complex.Set
	for v, x := range p {
		s |= complex.Set(x>>uint(i)&1) << uint(v)
	}
	return s
}

func (r nimBasisOracle) IsP(p game.Position) bool {
	for i := range 63 {
		if !r.basis.Has(digitSet(p, i)) {
			return false
		}
	}
	return true
}

// WinningMove follows the proof of Theorem 4.4(c): from the highest binary
// place down, Condition (C) with the face F_i played so far and the digit set
// A_i gives the member B_i for that place and the larger face G_i.
func (r nimBasisOracle) WinningMove(p game.Position) game.Position {
	if r.IsP(p) {
		return nil
	}
	m := make(game.Position, len(p))
	var f complex.Set
	for i := 62; i >= 0; i-- {
		a := digitSet(p, i)
		t := r.basis.Complete(f, a)
		for _, v := range t.Vertices() {
			m[v] |= 1 << uint(i)
		}
		f |= a &^ f &^ t
	}
	return m
}
