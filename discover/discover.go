// Package discover proposes a characterization of the P-positions of a game
// from its table, verifies it on a larger box, and writes it as an
// expression of check's language (check.Compile), as Dufour–Heubach 2013, Ehrenborg–Steingrímsson 1996
// and Dufour–Heubach–Vo 2021 state theirs: linear relations among the piles (a+b = d+e),
// parities and xor relations on sets of piles, column sums modulo m (Moore's
// Nim), inequalities between piles, min-forms (e = min(x, a1+a2) of CN(8,6)),
// for Exact Slow k-Nim a table over invariants of the reduced position, and,
// when no single description holds, regions (where the zeros sit, where the
// minimum or the maximum sits, the order of the piles) taken up to the
// game's symmetries, each with its own relations, joined by sym().
//
// Every relation is found exactly: integer linear relations by row
// reduction over the rationals (the kernel of the rows (p, 1)), xor and
// parity relations by linear algebra over GF(2). A conjunct that the
// region's condition and the others imply is left out (reduce): a relation
// the equalities already span, colmod(3, ...) beside colmod(6, ...), a
// parity or an order the equalities give. A candidate is kept only
// when it accepts exactly the P-positions of the box it was learned on; the
// result is then checked, as the expression printed, on a larger box with
// conditions (I) and (II), and it never claims more than that check showed.
// When Options.Prove asks, a description exact on that box is then proved
// for every position, or refuted, with package prove.
package discover

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/internal/parallel"
	"github.com/nimlab/nimlab/prove"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
)

// Options says how far Discover learns and verifies.
type Options struct {
	// Max is the height of the box the relations are learned on.
	Max int
	// VerifyMax is the height of the box the result is checked on; 0 picks
	// one above Max (at most 4e6 positions, at least Max+1) for a
	// description exact on the box of Max, and that box itself for one
	// that is not.
	VerifyMax int
	// Examples is the number of counterexamples kept of each kind (0: 5).
	Examples int
	// Workers for the solves (0: every core).
	Workers int
	// Gate runs every table Discover and Grundy solve (the learning and
	// the verification boxes), and those of the proof (Prove.Gate, when
	// that is nil); nil: solve.GateOr's default. A table it refuses fails
	// the search with its error (solve.ErrTooLarge for one too large).
	Gate solve.Gate
	// Prove, when not nil, asks for a proof for every position
	// (prove.Prove, with these options) of a description exact on the
	// verification box: Result.Proof.
	Prove *prove.Options
	// Where, when not nil, is a region: the P-positions inside it are
	// described, learned and verified on the positions of the boxes where
	// it holds, and a proof is a region theorem (prove.Options.Where).
	Where *check.Expr
}

// Result is what Discover found.
type Result struct {
	Game string `json:"game"`
	// Max is the height learned from, VerifiedMax the height checked.
	Max         int `json:"max"`
	VerifiedMax int `json:"verified_max"`
	// Expr is the characterization in check's language (nimlab check --expr).
	Expr string `json:"expr"`
	// Exact is true when Expr accepts exactly the P-positions of the box of
	// height VerifiedMax (and so satisfies conditions (I) and (II) there).
	Exact bool `json:"exact"`
	// LearnedExact is true when Expr accepts exactly the P-positions of the
	// box of height Max it was learned on (of the region, when there is
	// one). It is true whenever Exact is; true with Exact false, the
	// description is exact on the learning box and fails beyond it, on the
	// verification box (Counterexamples say where): not exact beyond the
	// box, which is not the same as nothing found.
	LearnedExact bool `json:"learned_exact"`
	// Method says what kind of description was found.
	Method string `json:"method"`
	// Reduced is true for a description by reduction by invariances
	// (Method says so in words): prove decides its (II) by the same
	// reduction (prove.Options.Reduce).
	Reduced bool `json:"reduced,omitempty"`
	// PPositions counts the P-positions of the verification box, Covered
	// those Expr accepts, AcceptedNotP the N-positions it accepts.
	PPositions   int64 `json:"p_positions"`
	Covered      int64 `json:"covered"`
	AcceptedNotP int64 `json:"accepted_not_p"`
	// Counterexamples lists the smallest P-positions Expr misses and the
	// smallest N-positions it accepts.
	Counterexamples []game.Position `json:"counterexamples"`
	// Verification is check's report on the verification box.
	Verification *check.Report `json:"verification"`
	// Proof is the result of proving Expr for every position, when
	// Options.Prove asked for it and Expr is exact; nil otherwise.
	Proof *prove.Result `json:"proof,omitempty"`
	// Where is the region the P-positions were described in
	// (Options.Where): the counts are of its positions.
	Where string `json:"where,omitempty"`
	// Invariances are the 0/1 invariances of the P-set learned on the box
	// (0/1 vectors v with P(x) = P(x + v) there), when the description was
	// looked for by reduction; Regions are the regions of empty piles the
	// reduction described or tried (RegionNote). Hints found on a box: the
	// description is verified, and proved, as any other.
	Invariances []string     `json:"invariances,omitempty"`
	Regions     []RegionNote `json:"regions,omitempty"`
	// NextRegions are the regions worth describing next (--where), when
	// the description is not exact: those with one more empty pile than a
	// region no description fits, up to symmetry.
	NextRegions []string `json:"next_regions,omitempty"`
}

// maxLearnPositions bounds the box Discover learns on.
const maxLearnPositions = 50_000_000

// boxTooLarge is the error for a box of n piles up to h with more than
// limit positions: it says how many it has and the largest value of flag
// that fits, flag naming the box's height less below.
func boxTooLarge(doing string, n, h int, limit int64, flag string, below int) error {
	count := math.Pow(float64(h+1), float64(n))
	size := fmt.Sprintf("%.0f", count)
	if count >= 1e15 {
		size = fmt.Sprintf("%.2g", count)
	}
	fits := 0
	for math.Pow(float64(fits+2), float64(n)) <= float64(limit) {
		fits++
	}
	advice := fmt.Sprintf("%s %d is the largest that fits", flag, fits-below)
	if fits-below < 1 {
		advice = fmt.Sprintf("%d piles are too many for any box", n)
	}
	return fmt.Errorf("%w: %s on %d piles up to %d is %s positions, more than the %d allowed; %s",
		solve.ErrTooLarge, doing, n, h, size, limit, advice)
}

// maxVerifyPositions bounds the verification box Discover picks;
// maxVerifyAsked the one it accepts (the expression is evaluated at every
// position).
const (
	maxVerifyPositions = 4_000_000
	maxVerifyAsked     = 1_000_000_000
)

// Discover proposes a characterization of the P-positions of g learned on
// the box of height opts.Max, and verifies it on a larger box.
func Discover(ctx context.Context, g *game.Game, opts Options) (*Result, error) {
	n := g.Piles()
	if n > 26 {
		return nil, fmt.Errorf("%s has %d piles; discover names them a..z, at most 26", g.Spec, n)
	}
	box := table.Uniform(n, opts.Max)
	if err := box.Check(); err != nil || box.Positions() > maxLearnPositions {
		return nil, boxTooLarge("learning", n, opts.Max, maxLearnPositions, "--max", 0)
	}
	vplan, err := verifyPlan(g, opts)
	if err != nil {
		return nil, err
	}
	t, err := solve.Gated(ctx, opts.Gate, g, box, solve.Options{Workers: opts.Workers})
	if err != nil {
		return nil, err
	}
	inR := func(game.Position) bool { return true }
	if opts.Where != nil {
		inR = opts.Where.Evaluator()
		if err := nonEmptyOnBox(ctx, n, opts.Where, opts.Max); err != nil {
			return nil, err
		}
		if err := closedOnBox(ctx, g, opts.Where, min(opts.Max, 2)); err != nil {
			return nil, err
		}
	}
	var ps [][]int
	for p := range t.PPositions(ctx) {
		if inR(p) {
			ps = append(ps, slices.Clone([]int(p)))
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s := &search{g: g, t: t, n: n, ps: ps, names: pileNames(n), where: opts.Where}
	if s.perms, err = symmetries(ctx, g); err != nil {
		return nil, err
	}
	if opts.Where != nil && s.perms != nil {
		s.perms, s.explicit = stabilizer(s.perms, box, opts.Where), true
		if len(s.perms) > maxExplicitImages {
			// Each region would be written out once per symmetry: too
			// long to read (or to parse). Described without them.
			s.perms, s.explicit = nil, false
		}
	}
	best, err := s.run(ctx)
	if err != nil {
		return nil, err
	}
	found, err := s.found(ctx, best, opts)
	if err != nil {
		return nil, err
	}
	if opts.VerifyMax == 0 && !found.exact {
		// A description that fails where it was learned is reported on that
		// box: a larger one would only cost more (a long expression of
		// many regions is slow to evaluate) to say the same.
		if vplan, err = solve.NewPlan(g, box, solve.Options{Workers: opts.Workers}); err != nil {
			return nil, err
		}
	}
	return s.verify(ctx, found, vplan, opts)
}

// pileNames are a, b, c, ...
func pileNames(n int) []string {
	names := make([]string, n)
	for i := range names {
		names[i] = check.PileName(i)
	}
	return names
}

// symmetries lists the game's symmetries for regions, or nil when there are
// too many to try at every position.
func symmetries(ctx context.Context, g *game.Game) ([]complex.Perm, error) {
	group, err := g.Symmetries(ctx)
	switch {
	case ctx.Err() != nil:
		return nil, ctx.Err()
	case err != nil || !group.Listed():
		return nil, nil
	case group.Full() && g.Piles() <= 7:
		return complex.Permutations(g.Piles()), nil
	case group.Full():
		return nil, nil
	}
	return group.Elements(), nil
}

// description is a conjunction of relations.
type description struct {
	linear []Linear
	extra  []relation
}

func (d *description) holds(p []int) bool {
	for _, l := range d.linear {
		if !l.holds(p) {
			return false
		}
	}
	for _, r := range d.extra {
		if !r.holds(p) {
			return false
		}
	}
	return true
}

func (d *description) terms(names []string) []string {
	var out []string
	for _, l := range d.linear {
		out = append(out, l.expr(names))
	}
	for _, r := range d.extra {
		out = append(out, r.expr(names))
	}
	return out
}

// levels is the number of levels of describe.
const levels = 4

// describe finds every relation that holds on ps, at a level: 0 linear
// relations only, 1 with column sums and parities, 2 with xor relations
// too, 3 with inequalities between piles and min-forms too.
func describe(ps [][]int, n, level int) description {
	d := description{linear: linearRelations(ps, n)}
	if level >= 1 {
		d.extra = append(d.extra, columnModuli(ps, n)...)
		d.extra = append(d.extra, parityRelations(ps, n)...)
	}
	if level >= 2 {
		d.extra = append(d.extra, xorRelations(ps, n)...)
	}
	if level >= 3 {
		d.extra = append(d.extra, orders(ps, n)...)
		d.extra = append(d.extra, minForms(ps, n)...)
	}
	return d
}

// orderBits is the width of a pile's rank in a key of pileOrder, which
// serves games of at most maxOrderPiles piles.
const (
	orderBits     = 4
	maxOrderPiles = 64 / orderBits
)

// candidate is a proposed characterization.
type candidate struct {
	kind    regionKind
	regions []region
	index   map[uint64]int  // the region of each key, but the widened ones
	wide    []int           // the widened regions (widen.go)
	slow    *slowInvariants // kind slowReduced
	perms   []complex.Perm  // the symmetries a region is taken up to (nil: none)
	level   int
	// explicit writes the symmetries as a disjunction over perms, not
	// sym() (search.explicit).
	explicit bool
}

// accepts reports whether p is in the candidate's set; q is scratch.
func (c *candidate) accepts(p, q []int) bool {
	switch c.kind {
	case slowReduced:
		return c.slow.accepts(p)
	case whole:
		return c.regions[0].desc.holds(p)
	}
	try := func(q []int) bool {
		if i, ok := c.index[c.kind.key(q)]; ok && c.regions[i].desc.holds(q) {
			return true
		}
		for _, i := range c.wide {
			if r := &c.regions[i]; c.kind.holdsWide(r.set, q) && r.desc.holds(q) {
				return true
			}
		}
		return false
	}
	if c.perms == nil {
		return try(p)
	}
	if c.kind.bitKeyed() && len(c.wide) == 0 {
		// The key of p's image under perm is p's key with its bits
		// permuted: one key computed, and an image built only where its
		// key names a region.
		key := c.kind.key(p)
		for _, perm := range c.perms {
			i, ok := c.index[permuteKey(key, perm)]
			if !ok {
				continue
			}
			for x, y := range perm {
				q[x] = p[y]
			}
			if c.regions[i].desc.holds(q) {
				return true
			}
		}
		return false
	}
	for _, perm := range c.perms {
		for i, j := range perm {
			q[i] = p[j]
		}
		if try(q) {
			return true
		}
	}
	return false
}

// expr writes the candidate in check's language.
func (c *candidate) expr(names []string) string {
	and := func(terms []string) string {
		if len(terms) == 0 {
			return "true"
		}
		return strings.Join(terms, " && ")
	}
	switch c.kind {
	case slowReduced:
		return c.slow.expr(names)
	case whole:
		return and(c.regions[0].desc.terms(names))
	}
	var parts []string
	for _, r := range c.regions {
		terms := c.regionTerms(r, names)
		part := and(terms)
		switch {
		case c.perms != nil && c.explicit:
			// accepts tries q with q[i] = p[perm[i]]: pile i of the
			// region's terms reads the pile named names[perm[i]].
			var images []string
			for _, perm := range c.perms {
				renamed := make([]string, len(names))
				for i, j := range perm {
					renamed[i] = names[j]
				}
				image := "(" + and(c.regionTerms(r, renamed)) + ")"
				if !slices.Contains(images, image) {
					images = append(images, image)
				}
			}
			part = "(" + strings.Join(images, " || ") + ")"
		case c.perms != nil:
			part = "sym(" + part + ")"
		case len(c.regions) > 1:
			part = "(" + part + ")"
		}
		parts = append(parts, part)
	}
	if len(parts) == 0 {
		return "false"
	}
	return strings.Join(parts, " || ")
}

// regionTerms are the conjuncts of region r: its condition (none for the
// widened region of no empty pile) and its relations.
func (c *candidate) regionTerms(r region, names []string) []string {
	terms := r.desc.terms(names)
	if cond := c.kind.condition(r.set, names, r.wide); cond != "" {
		terms = append([]string{cond}, terms...)
	}
	return terms
}

// search holds what the search for a candidate needs.
type search struct {
	g     *game.Game
	t     *table.Table
	n     int
	ps    [][]int
	names []string
	perms []complex.Perm
	// where is the region described (Options.Where), nil for every
	// position; explicit writes a candidate's symmetries as a disjunction
	// over perms (the symmetries that keep the region) rather than sym(),
	// which ranges over the whole group.
	where    *check.Expr
	explicit bool
	// zeros, when not 0, says that where is exactly "these piles are
	// empty" (a region of the reduction by invariances): see scope.
	zeros uint64
}

// allPermutations reports whether the regions are taken up to every
// permutation of the piles: then the regions by order are the orders of
// the sorted piles with their ties, 2^(n-1) at most.
func (s *search) allPermutations() bool {
	count := 1
	for i := 2; i <= s.n; i++ {
		count *= i
	}
	return s.n <= maxOrderPiles && len(s.perms) == count
}

// errOverLimit stops a count of mismatches that has passed its limit.
var errOverLimit = errors.New("over the limit")

// mismatches counts the positions of the learning box where the candidate
// and the table disagree. It stops once the count passes limit (limit < 0:
// never) and returns a count above limit then.
func (s *search) mismatches(ctx context.Context, c *candidate, limit int64) (int64, error) {
	return s.disagreements(ctx, func() func(game.Position) bool {
		q := make([]int, s.n)
		return func(p game.Position) bool { return c.accepts(p, q) }
	}, limit)
}

// disagreements counts the positions of the learning box, in the region,
// where accept (one made per goroutine) and the table disagree, as
// mismatches does.
func (s *search) disagreements(ctx context.Context, accepter func() func(game.Position) bool, limit int64) (int64, error) {
	var miss atomic.Int64
	box, inRegion := s.scope()
	err := parallel.Chunks(ctx, box.Positions(), 1<<14, 0, func(from, to int64) error {
		p := make(game.Position, s.n)
		accept := accepter()
		inR := func(game.Position) bool { return true }
		if inRegion != nil {
			inR = inRegion()
		}
		var m int64
		box.Position(from, p)
		for idx := from; idx < to; idx, _ = idx+1, box.Next(p) {
			if inR(p) && accept(p) != s.t.IsP(p) {
				m++
			}
			if limit >= 0 && idx&1023 == 0 && miss.Load()+m > limit {
				break
			}
		}
		if total := miss.Add(m); limit >= 0 && total > limit {
			return errOverLimit
		}
		return ctx.Err()
	})
	if errors.Is(err, errOverLimit) {
		return miss.Load(), nil
	}
	return miss.Load(), err
}

// scope returns the positions of the learning box a search compares: a box
// and a test of the region on it (nil: every position of that box). A
// region of empty piles (zeros) is the box with those piles' heights 0,
// walked as it is rather than tested position by position: in the
// reduction of NN(10,5) on piles 0..4, testing "a == 0" and the like at
// every position of the box took 92 of the 134 s of CPU its searches took.
func (s *search) scope() (table.Box, func() func(game.Position) bool) {
	box := s.t.Box
	if s.zeros != 0 {
		box = slices.Clone(box)
		for i := range box {
			if s.zeros>>i&1 == 1 {
				box[i] = 0
			}
		}
		return box, nil
	}
	if s.where != nil {
		return box, s.where.Evaluator
	}
	return box, nil
}

// run tries the candidates from the simplest and returns the first exact one
// on the learning box, or the one with the fewest disagreements.
func (s *search) run(ctx context.Context) (*candidate, error) {
	var best *candidate
	bestMiss := int64(-1)
	try := func(c *candidate) (bool, error) {
		miss, err := s.mismatches(ctx, c, bestMiss)
		if err != nil {
			return false, err
		}
		if bestMiss < 0 || miss < bestMiss { // (a count past bestMiss stopped early)
			best, bestMiss = c, miss
		}
		return miss == 0, nil
	}
	kinds := []regionKind{whole, slowReduced, zeros, minima, maxima, minimaSign, pileOrder}
	if s.perms == nil {
		kinds = kinds[:2]
	}
	for _, kind := range kinds {
		if kind == slowReduced {
			k, ok := slowMoveSize(s.g)
			if !ok {
				continue
			}
			c := &candidate{kind: kind, slow: learnSlowInvariants(k, s.ps)}
			if exact, err := try(c); err != nil || exact {
				if exact {
					// The same set, shorter when a band and a few
					// exceptions say it.
					if short, err := s.compactSlow(ctx, c); err != nil || short != nil {
						return short, err
					}
				}
				return c, err
			}
			continue
		}
		if kind == pileOrder && !s.allPermutations() {
			continue // on fewer symmetries the orders are too many to read
		}
		groups := s.regions(kind)
		if len(groups) > maxRegions {
			continue // no description that reads like a theorem
		}
		for level := range levels {
			c := &candidate{kind: kind, level: level, explicit: s.explicit}
			if kind != whole && len(s.perms) > 1 {
				c.perms = s.perms
			}
			c.index = map[uint64]int{}
			for _, set := range sortedKeys(groups) {
				eqs, les := kind.facts(set, s.n)
				d := reduce(describe(groups[set], s.n, level), s.n, eqs, les)
				c.index[set] = len(c.regions)
				c.regions = append(c.regions, region{set: set, desc: d})
			}
			exact, err := try(c)
			if err != nil {
				return nil, err
			}
			if exact {
				if c, err = s.widen(ctx, c); err != nil {
					return nil, err
				}
				return s.simplify(ctx, c)
			}
		}
	}
	if best == nil {
		return nil, errors.New("no candidate")
	}
	return best, nil
}

// regions groups the P-positions by the canonical key of kind: the key
// whose image under the symmetries is the smallest; the region of a
// canonical key holds the P-positions with exactly that key (the others are
// its images).
func (s *search) regions(kind regionKind) map[uint64][][]int {
	groups := map[uint64][][]int{}
	if kind == whole {
		groups[0] = s.ps
		return groups
	}
	canonical := map[uint64]uint64{}
	for _, p := range s.ps {
		key := kind.key(p)
		c, ok := canonical[key]
		if !ok {
			c = key
			for _, perm := range s.perms {
				c = min(c, kind.image(key, perm))
			}
			canonical[key] = c
		}
		if c == key {
			groups[key] = append(groups[key], p)
		}
	}
	return groups
}

func sortedKeys(groups map[uint64][][]int) []uint64 {
	keys := make([]uint64, 0, len(groups))
	for k := range groups {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b uint64) int {
		if d := bits.OnesCount64(b) - bits.OnesCount64(a); d != 0 {
			return d
		}
		return int(int64(a) - int64(b))
	})
	return keys
}

// simplify drops the relations besides the linear ones that an exact
// candidate does not need, one at a time from the last (min-forms first,
// then inequalities, xor relations, parities and column sums), keeping it
// exact.
func (s *search) simplify(ctx context.Context, c *candidate) (*candidate, error) {
	for r := range c.regions {
		if len(c.regions[r].desc.extra) == 0 {
			continue
		}
		// Often the region needs none of them: one pass says so.
		trial := c.clone()
		trial.regions[r].desc.extra = nil
		if exact, err := s.exact(ctx, trial); err != nil {
			return nil, err
		} else if exact {
			c = trial
			continue
		}
		for i := len(c.regions[r].desc.extra) - 1; i >= 0; i-- {
			trial := c.clone()
			d := &trial.regions[r].desc
			d.extra = slices.Delete(d.extra, i, i+1)
			if exact, err := s.exact(ctx, trial); err != nil {
				return nil, err
			} else if exact {
				c = trial
			}
		}
	}
	return c, nil
}

// exact reports whether the candidate accepts exactly the P-positions of the
// learning box.
func (s *search) exact(ctx context.Context, c *candidate) (bool, error) {
	miss, err := s.mismatches(ctx, c, 0)
	return miss == 0, err
}

func (c *candidate) clone() *candidate {
	out := *c
	out.regions = make([]region, len(c.regions))
	for i, r := range c.regions {
		out.regions[i] = region{set: r.set, wide: r.wide, desc: description{linear: r.desc.linear, extra: slices.Clone(r.desc.extra)}}
	}
	out.wide = slices.Clone(c.wide)
	return &out
}
