// Package witness learns candidate winning moves for a proof: formulas that
// give, for every position outside a set S of positions, a legal move into
// S. Condition (II) of a proof (package prove) asked with such candidates
// as the only options is quantifier-free, and the solver answers it where
// the query over every option gets no answer (Nim on four piles and more).
//
// The moves are learned on a box: every position outside S with piles up
// to the box's height has its moves into S listed by the game's own move
// generator; each pile of such a move is matched against a grammar of terms
// (another pile, the nim-sum of the others, sums and differences, min and
// max; see terms), and a greedy cover picks the formulas, simplest first,
// that give a winning move at the most positions. Nothing learned is
// trusted: the candidates only narrow the solver's search, and the proof
// asks of every position whether a candidate is a legal move into S.
package witness

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/table"
)

// Options bound the learning.
type Options struct {
	// MaxBox bounds the box: the largest height whose box has at most
	// this many positions (1,000,000 when 0).
	MaxBox int64
	// MaxOpen bounds the positions outside S learned from: when the box
	// has more, an even random sample of them (20,000 when 0).
	MaxOpen int
	// MaxMoves bounds the candidates learned (24 when 0, at most 64):
	// many more are the sign of formulas that fit the box by chance.
	MaxMoves int
	// Budget bounds the time spent (5 s when 0).
	Budget time.Duration
	// Positions, when not nil, says which positions outside S need a move
	// (a proof restricted to one position per symmetry class asks (II) of
	// those only).
	Positions func(p game.Position) bool
	// Linear leaves out the terms with a nim-sum: a proof in linear
	// arithmetic cannot write them.
	Linear bool
}

// Learned is what the learning found.
type Learned struct {
	// Moves are the candidate winning moves, each a position whose piles
	// are expressions in the piles of the position moved from (the form of
	// prove.Options.Moves).
	Moves [][]string `json:"moves"`
	// Max is the height of the box learned on: every pile 0..Max.
	Max int `json:"max"`
	// Positions is the number of positions outside S in the box that have
	// a move (of those Options.Positions accepts), or of the sample of
	// them when Sampled, and Covered how many of them a candidate serves:
	// all of them when the learning succeeded.
	Positions int  `json:"positions"`
	Covered   int  `json:"covered"`
	Sampled   bool `json:"sampled,omitempty"`
	// Restricted is true when only the positions Options.Positions
	// accepts were learned from.
	Restricted bool `json:"restricted,omitempty"`
	// Seconds is the time spent.
	Seconds float64 `json:"seconds"`
	// Reason says why the candidates do not cover the box, when they do
	// not; OutOfTime is true when that is the end of Options.Budget, so
	// that more time may cover it.
	Reason    string `json:"reason,omitempty"`
	OutOfTime bool   `json:"out_of_time,omitempty"`
}

// Complete reports whether the candidates give a move into S at every
// position of the box outside S.
func (l *Learned) Complete() bool { return l.Reason == "" && l.Covered == l.Positions }

// Bounds of the search for one position's formulas: winning options looked
// at, matching terms kept per pile, and formulas tried.
const (
	maxOptionsTried = 24
	maxTermsPerPile = 4
	maxTemplates    = 768
	sampleSize      = 96
)

// Learn learns candidate winning moves of g into the set inS accepts.
// inS is called from one goroutine only. A position outside S with no move
// into S ends the learning with a Reason: S is then not the set of
// P-positions, and the proof will say so.
func Learn(ctx context.Context, g *game.Game, inS func(game.Position) bool, opts Options) (*Learned, error) {
	start := time.Now()
	if opts.MaxBox <= 0 {
		opts.MaxBox = 1_000_000
	}
	if opts.MaxOpen <= 0 {
		opts.MaxOpen = 20_000
	}
	if opts.MaxMoves <= 0 {
		opts.MaxMoves = 24
	}
	opts.MaxMoves = min(opts.MaxMoves, 64) // prune keeps a bit per move
	if opts.Budget <= 0 {
		opts.Budget = 5 * time.Second
	}
	if _, err := g.MoveSets(); err != nil {
		return nil, fmt.Errorf("witness: %w", err)
	}
	n := g.Piles()
	h := 1
	for math.Pow(float64(h+2), float64(n)) <= float64(opts.MaxBox) {
		h++
	}
	out := &Learned{Max: h}
	var chosen []template
	var l *learner
	done := func(reason string) (*Learned, error) {
		out.Reason, out.Seconds = reason, time.Since(start).Seconds()
		if reason != "" {
			for _, t := range chosen {
				out.Moves = append(out.Moves, l.text(t))
			}
		}
		return out, nil
	}
	if math.Pow(float64(h+1), float64(n)) > float64(opts.MaxBox) {
		return done(fmt.Sprintf("%s has too many piles for a box of %d positions", g.Spec, opts.MaxBox))
	}
	// S on the box, each position once when first asked: every option of
	// a position of the box is in it.
	box := table.Uniform(n, h)
	l = &learner{g: g, n: n, box: box, member: inS, inS: make([]int8, box.Positions())}
	for i := range n {
		l.terms = append(l.terms, terms(n, i, !opts.Linear))
	}
	deadline := start.Add(opts.Budget)
	sampled, err := l.collect(ctx, opts, deadline)
	switch {
	case errors.Is(err, errOutOfTime):
		out.OutOfTime = true
		return done(fmt.Sprintf("out of time (%s) listing the positions of the box", opts.Budget))
	case err != nil:
		return nil, err
	}
	out.Sampled, out.Restricted = sampled, opts.Positions != nil
	if len(l.open) == 0 {
		return done("no position of the box outside the set has a move")
	}
	out.Positions = len(l.open)
	all := slices.Clone(l.open)
	for len(l.open) > 0 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if len(chosen) == opts.MaxMoves {
			return done(fmt.Sprintf("%d candidates cover %d of the %d positions", len(chosen), out.Covered, out.Positions))
		}
		if time.Now().After(deadline) {
			out.OutOfTime = true
			return done(fmt.Sprintf("out of time (%s): %d candidates cover %d of the %d positions", opts.Budget, len(chosen), out.Covered, out.Positions))
		}
		first := l.open[0]
		best, covered, err := l.next(ctx)
		switch {
		case err != nil:
			return nil, err
		case covered < 0:
			return done(fmt.Sprintf("%s, outside the set, has no move into it", first))
		case best == nil:
			return done(fmt.Sprintf("no formula of the grammar gives a move of %s into the set", first))
		}
		chosen = append(chosen, best)
		out.Covered += covered
	}
	for _, t := range l.prune(chosen, all) {
		out.Moves = append(out.Moves, l.text(t))
	}
	return done("")
}

// collect lists the positions outside S that have a move (of those
// opts.Positions accepts; an even random sample when there are more than
// opts.MaxOpen) in l.open, most generic first (the most distinct piles, then
// the largest total): there the fewest terms agree by chance, so the
// formulas learned first are the general ones. It reports whether it
// sampled.
func (l *learner) collect(ctx context.Context, opts Options, deadline time.Time) (bool, error) {
	// A fixed seed: the same candidates every run. A sample keeps every
	// position of the small box (the endings, where misère play and the
	// empty piles make their exceptions, which a random sample of a large
	// box seldom meets) and draws the others at random.
	rng := rand.New(rand.NewPCG(1, 2))
	small := 1
	for math.Pow(float64(small+2), float64(l.n)) <= float64(opts.MaxOpen)/4 {
		small++
	}
	indices, sampled, err := l.sample(ctx, opts, deadline, small, rng)
	if err != nil {
		return false, err
	}
	p := make(game.Position, l.n)
	var backing []int // the positions kept share it, a few allocations in all
	for k, idx := range indices {
		if k%1024 == 0 {
			if err := stop(ctx, deadline); err != nil {
				return false, err
			}
		}
		if sampled && len(l.open) == opts.MaxOpen {
			break // a sample is in random order, the small ones first
		}
		l.box.Position(idx, p)
		if !l.in(p) && !l.g.IsTerminal(p) {
			if len(backing) < l.n {
				backing = make([]int, 1024*l.n)
			}
			q := backing[:l.n:l.n]
			backing = backing[l.n:]
			copy(q, p)
			l.open = append(l.open, q)
		}
	}
	if len(l.open) > opts.MaxOpen {
		smallFirst(l.open, func(q game.Position) bool { return slices.Max(q) <= small }, rng)
		l.open, sampled = l.open[:opts.MaxOpen], true
	}
	slices.SortStableFunc(l.open, func(x, y game.Position) int {
		if d := distinct(y) - distinct(x); d != 0 {
			return d
		}
		return sum(y) - sum(x)
	})
	return sampled, nil
}

// sample lists the indices of the box's positions that opts.Positions
// accepts, in the box's order when they fit 4·opts.MaxOpen. When they do
// not, it keeps every small one (piles up to small) and a
// uniform sample of the others (reservoir sampling), so that the memory
// is bounded by the sample, not the box: a server runs several of these at
// once. A sample comes shuffled, the small ones first. It reports whether
// it sampled.
func (l *learner) sample(ctx context.Context, opts Options, deadline time.Time, small int, rng *rand.Rand) ([]int64, bool, error) {
	limit := 4 * opts.MaxOpen
	// At most (small+1)^n small positions; the others share the rest.
	keep := max(limit-int(math.Pow(float64(small+1), float64(l.n))), 1)
	var smalls, others []int64
	seen := 0
	p := make(game.Position, l.n) // the box's first position
	for idx := range l.box.Positions() {
		if idx%4096 == 0 {
			if err := stop(ctx, deadline); err != nil {
				return nil, false, err
			}
		}
		if idx > 0 {
			l.box.Next(p)
		}
		if opts.Positions != nil && !opts.Positions(p) {
			continue
		}
		if slices.Max(p) <= small {
			smalls = append(smalls, idx)
			continue
		}
		seen++
		if len(others) < keep {
			others = append(others, idx)
		} else if j := rng.IntN(seen); j < keep {
			others[j] = idx
		}
	}
	if seen <= keep {
		// Every one: in the box's order.
		return slices.Sorted(slices.Values(append(smalls, others...))), false, nil
	}
	rng.Shuffle(len(smalls), func(i, j int) { smalls[i], smalls[j] = smalls[j], smalls[i] })
	rng.Shuffle(len(others), func(i, j int) { others[i], others[j] = others[j], others[i] })
	return append(smalls, others...), true, nil
}

// smallFirst shuffles xs, then moves the elements small accepts to the
// front, keeping the order of each part: a sample of its first elements
// holds every small one, and otherwise the same elements as a plain
// shuffle's.
func smallFirst[T any](xs []T, small func(T) bool, rng *rand.Rand) {
	rng.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
	// The small ones, few, are set aside; the others close up in place.
	var front []T
	k := 0
	for _, x := range xs {
		if small(x) {
			front = append(front, x)
		} else {
			xs[k] = x
			k++
		}
	}
	copy(xs[len(front):], xs[:k])
	copy(xs, front)
}

// prune drops the templates whose positions the others serve too: the
// greedy cover starts at the smallest positions, whose moves the later,
// more general templates often cover.
func (l *learner) prune(chosen []template, positions []game.Position) []template {
	serving := make([]uint64, len(positions))
	q := make(game.Position, l.n)
	for k, t := range chosen {
		for j, p := range positions {
			if l.serves(t, p, q) {
				serving[j] |= 1 << k
			}
		}
	}
	var kept []template
	for k, t := range chosen {
		needed := false
		for _, mask := range serving {
			if mask == 1<<k {
				needed = true
				break
			}
		}
		if !needed {
			for j := range serving {
				serving[j] &^= 1 << k
			}
			continue
		}
		kept = append(kept, t)
	}
	return kept
}

// A template gives each pile a term (an index into the pile's terms), or
// keeps it (-1).
type template []int

type learner struct {
	g   *game.Game
	n   int
	box table.Box
	// member is S; inS caches it at the positions of the box, by index:
	// 0 not asked yet, 1 in S, 2 not.
	member func(game.Position) bool
	inS    []int8
	terms  [][]term
	// open are the positions outside S no candidate serves yet.
	open []game.Position
}

// next picks the template that serves the most open positions among those
// that give the first open position one of its moves into S, removes the
// positions it serves and returns it with their number: nil and -1 when the
// first open position has no move into S, nil and 0 when no template
// gives one of its moves.
func (l *learner) next(ctx context.Context) (template, int, error) {
	p := l.open[0]
	var options []game.Position
	for q := range l.g.Options(p) {
		if l.in(q) {
			options = append(options, slices.Clone(q))
			if len(options) == maxOptionsTried {
				break
			}
		}
	}
	if len(options) == 0 {
		return nil, -1, nil
	}
	seen := map[string]bool{}
	var candidates []template
	for _, q := range options {
		for _, t := range l.templates(p, q) {
			key := fmt.Sprint(t)
			if !seen[key] {
				seen[key] = true
				candidates = append(candidates, t)
			}
		}
	}
	// Score every candidate on a sample of the open positions, then the
	// best few on all of them.
	sample := l.open[:min(len(l.open), sampleSize)]
	if len(l.open) > sampleSize {
		step := len(l.open) / sampleSize
		sample = make([]game.Position, 0, sampleSize)
		for i := 0; i < len(l.open); i += step {
			sample = append(sample, l.open[i])
		}
	}
	if len(candidates) == 0 {
		return nil, 0, nil
	}
	scores := make([]int, len(candidates))
	q := make(game.Position, l.n)
	for c, t := range candidates {
		if c%64 == 0 && ctx.Err() != nil {
			return nil, 0, ctx.Err()
		}
		for _, s := range sample {
			if l.serves(t, s, q) {
				scores[c]++
			}
		}
	}
	order := make([]int, len(candidates))
	for i := range order {
		order[i] = i
	}
	// Stable: among equal scores the simplest (listed first) wins.
	slices.SortStableFunc(order, func(x, y int) int { return scores[y] - scores[x] })
	var best template
	bestCount := -1
	for _, c := range order[:min(len(order), 8)] {
		count := 0
		for _, s := range l.open {
			if l.serves(candidates[c], s, q) {
				count++
			}
		}
		if count > bestCount {
			best, bestCount = candidates[c], count
		}
	}
	kept := l.open[:0]
	for _, s := range l.open {
		if !l.serves(best, s, q) {
			kept = append(kept, s)
		}
	}
	l.open = kept
	return best, bestCount, nil
}

// templates lists the templates that move p to q: each pile q changes gets
// one of its simplest matching terms, and the others are kept.
func (l *learner) templates(p, q game.Position) []template {
	out := []template{make(template, l.n)}
	for i := range l.n {
		if p[i] == q[i] {
			for _, t := range out {
				t[i] = -1
			}
			continue
		}
		var matches []int
		for k, t := range l.terms[i] {
			if t.eval(p) == q[i] {
				matches = append(matches, k)
				if len(matches) == maxTermsPerPile {
					break
				}
			}
		}
		if len(matches) == 0 {
			return nil
		}
		var next []template
		for _, t := range out {
			for _, k := range matches {
				if len(next) == maxTemplates {
					break
				}
				u := slices.Clone(t)
				u[i] = k
				next = append(next, u)
			}
		}
		out = next
	}
	return out
}

// serves reports whether t gives p a legal move into S (q is scratch).
func (l *learner) serves(t template, p, q game.Position) bool {
	for i, k := range t {
		if k < 0 {
			q[i] = p[i]
			continue
		}
		v := l.terms[i][k].eval(p)
		if v < 0 || v > p[i] {
			return false
		}
		q[i] = v
	}
	return l.in(q) && l.g.IsMove(p, q)
}

// in reports whether q, a position of the box, is in S.
func (l *learner) in(q game.Position) bool {
	idx := l.box.Index(q)
	if l.inS[idx] == 0 {
		l.inS[idx] = 2
		if l.member(q) {
			l.inS[idx] = 1
		}
	}
	return l.inS[idx] == 1
}

// text writes t as a candidate move: each pile's expression.
func (l *learner) text(t template) []string {
	out := make([]string, l.n)
	for i, k := range t {
		if k < 0 {
			out[i] = check.PileName(i)
			continue
		}
		out[i] = l.terms[i][k].text
	}
	return out
}

// errOutOfTime stops the listing of the positions at the budget's end.
var errOutOfTime = errors.New("out of time")

// stop returns ctx's error, or errOutOfTime past the deadline.
func stop(ctx context.Context, deadline time.Time) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if time.Now().After(deadline) {
		return errOutOfTime
	}
	return nil
}

// distinct counts the distinct piles of p.
func distinct(p game.Position) int {
	seen := map[int]bool{}
	for _, x := range p {
		seen[x] = true
	}
	return len(seen)
}

func sum(p game.Position) int {
	s := 0
	for _, x := range p {
		s += x
	}
	return s
}
