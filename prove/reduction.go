package prove

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/prove/proof"
)

// Reduction by invariances (reductionRoute): condition (II) decided for
// every position from (II) in regions of empty piles, for a set S that a
// translation keeps. This is how the 2026 results on Circular and Necklace
// Nim are built (Kadam–Dufour–Heubach 2026's invariant vectors): reduce a
// position by as many copies of a 0/1 vector v as it holds, and describe
// the reduced positions, each of which has an empty pile.
//
// For a 0/1 vector v, write m(x) for the least pile of x on the support of
// v, and red(x) = x - m(x)·v: red(x) has an empty pile on the support.

// reductionRoute decides (II) in a region W of empty piles (every position,
// at first) by a 0/1 vector v with no pile of W in its support, from (II)
// in each region W ∪ {i}, i in the support, decided the same way or proved
// as a region theorem.
//
// Soundness. What is proved of a region W is (II) with the move's target
// in W: every position of W outside S has a move to a position of S ∩ W.
// Let x be a position of W outside S, m = m(x) and y = red(x). By (a),
// S(y) = S(x): y is outside S, in W (it is below x), and in W ∪ {i} for
// the i of the support where x is least. By what is proved of that region
// (by induction on the empty piles: at most n), y has a move to some y' in
// S ∩ (W ∪ {i}); for a region proved as a region theorem, no move leaves
// it (its closure, asked of the solver), so its (II) gives that. By (b)
// the same tokens taken from x are a move, to x' = y' + m·v. x' is in W (v
// is 0 on W, and y' is in W), and since y'_i = 0 with i in the support,
// m(x') = m and red(x') = y': by (a) S(x') = S(y'), so x' is in S ∩ W. No
// step needs moves to shrink piles.
// The symmetries, when used, are those the solver proved to keep S and the
// move relation: they map the positions of one region outside S with a
// move into S to those of its image, so (II) in a region gives it in each
// image (symmetryRoute's argument).
//
// Preconditions, as code: normal play and a claim of P-positions with no
// region (needs: in misère play the reduced position may be terminal, and
// its (II) is another condition); linear arithmetic with no nim-sum (the
// queries below are written in it); and, asked of the solver, for the
// vector v: (a) S(x) = S(red(x)) for every x in W (identityQuery), and (b)
// a move from p to q gives one from p + k·v to q + k·v for every k >= 0
// (translationQuery), each unsat. Each region's (II) is a region theorem
// proved by Prove, whose every condition, closure, engine check and
// refutation is that of any region theorem. The vectors come from
// Options.ReductionHints and from evaluating S on sample positions:
// hints, never premises; (a) and (b)
// are what the argument rests on. (I) of the whole claim is its own query,
// asked as usual.
var reductionRoute = route{name: routeNameReduction, needs: func(enc *encoding) error {
	switch {
	case enc.g.Misere:
		return errors.New("normal play only: in misère play a reduced position may be terminal")
	case enc.grundy:
		return errors.New("a claim of P-positions only")
	case enc.where != nil:
		return errors.New("a claim about every position only")
	case enc.a.bv() || enc.a.nimSums != nil:
		return errors.New("linear integer arithmetic only")
	case enc.n > maxReductionPiles:
		return fmt.Errorf("at most %d piles", maxReductionPiles)
	}
	return nil
}, decide: decideByReduction, askFirst: func(opts Options) bool { return opts.Reduce }}

// maxReductionPiles bounds the piles of a reduction: every 0/1 vector is
// a candidate.
const maxReductionPiles = 12

// maxReductionRegions bounds the region theorems a reduction proves.
const maxReductionRegions = 64

// ReductionStep is one region of a proof of (II) by reduction by
// invariances: reduced by a vector, or proved as a region theorem.
type ReductionStep struct {
	// Where is the region, its empty piles ("" for every position).
	Where string `json:"where"`
	// Vector is the 0/1 vector the region's positions are reduced by, as
	// "(1,0,1)"; empty when the region's theorem was proved instead.
	Vector string `json:"vector,omitempty"`
	// Regions are, for a reduction, the regions it leads to (their Where).
	Regions []string `json:"regions,omitempty"`
	// SameAs is, for a region not asked itself, the region it is the image
	// of under a symmetry proved to keep S and the moves.
	SameAs string `json:"same_as,omitempty"`
	// Equivalent names, for a region theorem proved through another claim
	// about the region (equivalence.go: discover's description of it),
	// that claim.
	Equivalent string `json:"equivalent,omitempty"`
	// Result is the region's: proved, refuted or unknown.
	Result proof.Result `json:"result"`
	// Reason says why it is unknown.
	Reason  string  `json:"reason,omitempty"`
	Seconds float64 `json:"seconds"`
}

// reducer decides (II) by reduction, region by region.
type reducer struct {
	enc  *encoding
	opts Options
	// sub are the options of the region theorems.
	sub Options
	// group, when not nil, is a group of symmetries the solver proved to
	// keep S and the move relation.
	group *complex.Group
	// proved holds the regions (their canonical empty piles) whose (II)
	// holds, by where they were decided.
	proved map[string]string
	// translation caches query (b) by vector.
	translation map[string]bool
	steps       []ReductionStep
	regions     int
	// confirmation is the second solver's answers (Options.Confirm) to
	// queries (a) and (b), the region theorems confirming their own.
	confirmation *Confirmation
	ce           *Counterexample
	eval         func(game.Position) bool
	rand         *rand.Rand
}

// decideByReduction decides (II) by reduction by invariances. It returns
// the condition decided (unsat when (II) holds), or nil with the steps
// taken when it did not decide it; a counterexample of a region theorem
// is one of the claim.
func decideByReduction(ctx context.Context, enc *encoding, rt *route, opts Options, r *Result) (*Condition, error) {
	if err := rt.needs(enc); err != nil || opts.noReduction {
		if err != nil && opts.Reduce {
			r.ReductionSkipped = err.Error() // asked for, and not taken: say why
		}
		return nil, nil
	}
	start := time.Now()
	sub := opts
	sub.noReduction, sub.SMTOut = true, ""
	rd := &reducer{enc: enc, opts: opts, sub: sub, proved: map[string]string{}, translation: map[string]bool{},
		eval: enc.e.Evaluator(), rand: newReducerRand(enc.n)}
	if opts.Confirm != nil {
		rd.confirmation = &Confirmation{Solver: opts.Confirm.Name, Version: opts.Confirm.Version, Result: string(Unsat)}
	}
	if opts.SMTOut != "" {
		rd.sub.SMTOut = filepath.Join(opts.SMTOut, fileStem(enc.g.Spec)+"-reduction")
	}
	if !opts.NoSymmetry {
		var err error
		if rd.group, err = enc.provedSymmetries(ctx, opts); err != nil {
			return nil, err
		}
	}
	// Every region may ask its queries to their timeouts: the whole
	// reduction is bounded too.
	rctx, cancel := context.WithTimeout(ctx, reductionBudget*opts.Timeout)
	defer cancel()
	ok, err := rd.region(rctx, nil)
	r.Reduction = rd.steps
	if err != nil && ctx.Err() == nil && rctx.Err() != nil {
		err = nil // out of its budget: not decided
	}
	if rd.confirmation != nil && rd.confirmation.Result == string(Sat) {
		return nil, err // the solvers disagree on a query: not decided
	}
	if err != nil || !ok {
		if rd.ce != nil {
			// A region's counterexample is the claim's, for its condition.
			r.Counterexample = rd.ce
			return &Condition{Name: rd.ce.Condition, Result: Sat, Via: rt.name, Seconds: time.Since(start).Seconds()}, err
		}
		return nil, err
	}
	c := &Condition{Name: proof.II, Result: Unsat, Via: rt.name, Routes: []string{rt.name}, Seconds: time.Since(start).Seconds()}
	if opts.Confirm != nil {
		c.Confirmation = rd.confirmation
	}
	return c, nil
}

// reductionBudget bounds a reduction's time, in query timeouts.
const reductionBudget = 10

// newReducerRand is the source of the sample positions: fixed, so that a
// proof takes the same steps each time it is asked.
func newReducerRand(n int) *rand.Rand { return rand.New(rand.NewPCG(uint64(n), 39)) }

// provedSymmetries is the game's group of symmetries when the solver
// proves that its generators keep S and the move relation, else nil.
func (enc *encoding) provedSymmetries(ctx context.Context, opts Options) (*complex.Group, error) {
	if enc.invariant != nil && enc.invariant.Listed() {
		return enc.invariant, nil // asked already, of the same generators
	}
	group, err := enc.g.Symmetries(ctx)
	if err != nil || !group.Listed() {
		return nil, ctx.Err()
	}
	gens := symmetryGenerators(group, enc.n)
	if len(gens) == 0 {
		return nil, nil
	}
	if ok, err := enc.invariantUnder(ctx, gens, opts); err != nil || !ok {
		return nil, err
	}
	return group, nil
}

// region decides (II) in the region whose empty piles are zeros: by a
// vector, or as a region theorem. It reports whether (II) holds there.
func (rd *reducer) region(ctx context.Context, zeros []int) (bool, error) {
	where := zerosWhere(zeros)
	key := rd.canonical(zeros)
	if from, ok := rd.proved[key]; ok {
		if from != where {
			rd.steps = append(rd.steps, ReductionStep{Where: where, SameAs: from, Result: Proved})
		}
		return true, nil
	}
	start := time.Now()
	for _, v := range rd.vectors(ctx, zeros) {
		ok, err := rd.reducesBy(ctx, zeros, v)
		if err != nil {
			return false, err
		}
		if !ok {
			continue
		}
		at := len(rd.steps)
		step := ReductionStep{Where: where, Vector: vectorString(v)}
		rd.steps = append(rd.steps, step)
		for i, vi := range v {
			if vi == 0 {
				continue
			}
			next := slices.Sorted(slices.Values(append(slices.Clone(zeros), i)))
			rd.steps[at].Regions = append(rd.steps[at].Regions, zerosWhere(next))
			if ok, err := rd.region(ctx, next); err != nil || !ok {
				rd.steps[at].Result, rd.steps[at].Seconds = Undecided, time.Since(start).Seconds()
				rd.steps[at].Reason = "the region " + zerosWhere(next) + " is not proved"
				return false, err
			}
		}
		rd.steps[at].Result, rd.steps[at].Seconds = Proved, time.Since(start).Seconds()
		rd.proved[key] = where
		return true, nil
	}
	if len(zeros) == 0 {
		return false, nil // (II) of the claim itself is its own query
	}
	return rd.theorem(ctx, zeros, key, start)
}

// theorem proves the region theorem of the region whose empty piles are
// zeros, and reports whether it holds.
func (rd *reducer) theorem(ctx context.Context, zeros []int, key string, start time.Time) (bool, error) {
	where := zerosWhere(zeros)
	step := ReductionStep{Where: where, Result: Undecided}
	defer func() { step.Seconds = time.Since(start).Seconds(); rd.steps = append(rd.steps, step) }()
	if rd.regions++; rd.regions > maxReductionRegions {
		step.Reason = fmt.Sprintf("more than %d regions", maxReductionRegions)
		return false, nil
	}
	region, err := check.Compile(where, rd.enc.n, nil)
	if err != nil {
		return false, fmt.Errorf("the region %s: %w", where, err)
	}
	sub := rd.sub
	if sub.SMTOut != "" {
		sub.SMTOut = filepath.Join(sub.SMTOut, "region"+zerosName(zeros))
	}
	res, err := newClaim(rd.enc.g, rd.enc.e, rd.enc.moveExprs, false, region).Prove(ctx, sub)
	var open *OpenRegionError
	if errors.As(err, &open) {
		step.Reason = "a move leaves the region"
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("the region theorem of %s: %w", where, err)
	}
	step.Result, step.Reason = res.Result, res.Reason
	for _, st := range res.Equivalence {
		if st.Scope != nil {
			step.Equivalent = st.Name
		}
	}
	switch {
	case res.Result == Refuted:
		// A counterexample in the region is one of the claim: S is the
		// claim's, and the region's positions are positions.
		rd.ce = res.Counterexample
		return false, nil
	case res.Result != Proved:
		return false, nil
	case res.Confirmation != nil && res.Confirmation.Result != Confirmed:
		rd.confirmation.Result = string(Unknown)
		rd.confirmation.Reason = "the region theorem of " + where + ": " + res.Confirmation.Result
	case res.Proof.Bound() != proof.Unbounded:
		step.Result, step.Reason = Undecided, "the region theorem is proved only for piles up to 2^63-1"
		return false, nil
	}
	rd.proved[key] = where
	return true, nil
}

// reducesBy asks (a) and (b) of the vector v in the region whose empty
// piles are zeros; true when both are unsat.
func (rd *reducer) reducesBy(ctx context.Context, zeros []int, v []int) (bool, error) {
	name := vectorString(v)
	ok, seen := rd.translation[name]
	if !seen {
		var err error
		if ok, err = rd.ask(ctx, "moves-"+digits(v), rd.enc.translationQuery(v)); err != nil {
			return false, err
		}
		rd.translation[name] = ok
	}
	if !ok {
		return false, nil
	}
	return rd.ask(ctx, "keeps-"+digits(v)+zerosName(zeros), rd.enc.identityQuery(zeros, v))
}

// ask asks a quantifier-free query of linear arithmetic, written under
// Options.SMTOut as NAME.smt2 and asked of the second solver too
// (Options.Confirm): true when it is unsat. A second solver that answers
// sat stops the reduction there (the solvers disagree); one that answers
// unknown leaves the proof not confirmed.
func (rd *reducer) ask(ctx context.Context, name, script string) (bool, error) {
	if dir := rd.sub.SMTOut; dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return false, fmt.Errorf("--smt-out: %w", err)
		}
		if err := os.WriteFile(filepath.Join(dir, fileStem(name)+".smt2"), []byte("; nimlab prove: reduction by invariances, "+name+"\n; unsat means it holds for every position.\n"+script+"(check-sat)\n"), 0o644); err != nil {
			return false, fmt.Errorf("--smt-out: %w", err)
		}
	}
	reply, err := rd.opts.Solver.CheckUsing(ctx, script, nil, rd.opts.Timeout, linearTactic)
	if err != nil || reply.Answer != Unsat || rd.opts.Confirm == nil {
		return reply.Answer == Unsat, err
	}
	second, err := rd.opts.Confirm.Check(ctx, script, nil, cmp.Or(rd.opts.ConfirmTimeout, rd.opts.Timeout))
	switch {
	case err != nil:
		return false, err
	case second.Answer == Sat:
		rd.confirmation.Result, rd.confirmation.Reason = string(Sat), name+": "+rd.opts.Solver.Name+" unsat, "+rd.opts.Confirm.Name+" sat"
		return false, nil
	case second.Answer != Unsat && rd.confirmation.Result == string(Unsat):
		rd.confirmation.Result, rd.confirmation.Reason = string(Unknown), name+": "+second.Reason
	}
	return true, nil
}

// identityQuery is (a): some x in the region with empty piles zeros where
// S(x) and S(red(x)) differ.
func (enc *encoding) identityQuery(zeros []int, v []int) string {
	var b strings.Builder
	enc.startQuery(&b)
	enc.declare(&b, "p")
	enc.declare(&b, "y")
	b.WriteString("(declare-const m Int)\n")
	var least []string
	for i := range enc.n {
		fmt.Fprintf(&b, "(assert %s)\n", enc.a.pileRange(fmt.Sprintf("p%d", i)))
		if slices.Contains(zeros, i) {
			fmt.Fprintf(&b, "(assert (= p%d 0))\n", i)
		}
		if v[i] == 1 {
			fmt.Fprintf(&b, "(assert (<= m p%d))\n(assert (= y%d (- p%d m)))\n", i, i, i)
			least = append(least, fmt.Sprintf("(= m p%d)", i))
		} else {
			fmt.Fprintf(&b, "(assert (= y%d p%d))\n", i, i)
		}
	}
	fmt.Fprintf(&b, "(assert (or %s))\n", strings.Join(least, " "))
	// x and red(x) both have the piles of zeros empty (v is 0 there):
	// S is read at both with those piles written as 0 (regionZeros).
	fmt.Fprintf(&b, "(assert (not (= %s %s)))\n", enc.inSWithZeros(pileVar("p"), zeros), enc.inSWithZeros(pileVar("y"), zeros))
	return enc.endQuery(&b, false)
}

// inSWithZeros is S at the piles pile(i), the piles of zeros written as
// 0: S itself at positions where those piles are empty.
func (enc *encoding) inSWithZeros(pile func(i int) string, zeros []int) string {
	if len(zeros) == 0 {
		return enc.inS(pile)
	}
	s, _, err := translate(enc.e, pile, func(i int) bool { return slices.Contains(zeros, i) }, enc.a, translator.asBool)
	if err != nil {
		panic("prove: the expression translated once and not again: " + err.Error())
	}
	return s
}

// translationQuery is (b): a move from p to q with none from p + k·v to
// q + k·v, for some k >= 0.
func (enc *encoding) translationQuery(v []int) string {
	var b strings.Builder
	enc.startQuery(&b)
	for _, prefix := range []string{"p", "q", "sp", "sq"} {
		enc.declare(&b, prefix)
	}
	b.WriteString("(declare-const k Int)\n(assert (>= k 0))\n")
	for i := range enc.n {
		fmt.Fprintf(&b, "(assert %s)\n(assert %s)\n", enc.a.pileRange(fmt.Sprintf("p%d", i)), enc.a.pileRange(fmt.Sprintf("q%d", i)))
		shift := "0"
		if v[i] == 1 {
			shift = "k"
		}
		fmt.Fprintf(&b, "(assert (= sp%d (+ p%d %s)))\n(assert (= sq%d (+ q%d %s)))\n", i, i, shift, i, i, shift)
	}
	fmt.Fprintf(&b, "(assert %s)\n(assert (not %s))\n", enc.move(pileVar("p"), pileVar("q")), enc.move(pileVar("sp"), pileVar("sq")))
	return enc.endQuery(&b, false)
}

// vectors are the 0/1 vectors, with no pile of zeros in their support,
// that keep S on sample positions of the region (S(x) = S(red(x)) and S(x)
// = S(x + v)), fewest piles first: hints, each then asked of the solver.
func (rd *reducer) vectors(ctx context.Context, zeros []int) [][]int {
	free := []int{}
	for i := range rd.enc.n {
		if !slices.Contains(zeros, i) {
			free = append(free, i)
		}
	}
	if len(free) < 2 {
		return nil
	}
	// The hints first (discover's invariances), then the vectors that keep
	// S on samples, fewest piles first.
	var out, hinted [][]int
	for _, v := range rd.opts.ReductionHints {
		if usableHint(v, rd.enc.n, zeros) && !slices.ContainsFunc(hinted, func(w []int) bool { return slices.Equal(v, w) }) {
			hinted = append(hinted, v)
		}
	}
	samples := rd.samples(free)
	for mask := 1; mask < 1<<len(free) && ctx.Err() == nil; mask++ {
		v := make([]int, rd.enc.n)
		for j, i := range free {
			if mask&(1<<j) != 0 {
				v[i] = 1
			}
		}
		if rd.keeps(v, samples) {
			out = append(out, v)
		}
	}
	slices.SortStableFunc(out, func(u, w []int) int { return sum(u) - sum(w) })
	out = slices.DeleteFunc(out, func(v []int) bool {
		return slices.ContainsFunc(hinted, func(w []int) bool { return slices.Equal(v, w) })
	})
	return append(hinted[:min(len(hinted), maxHintsTried):min(len(hinted), maxHintsTried)], out[:min(len(out), 4)]...)
}

// maxHintsTried bounds the hints a region tries.
const maxHintsTried = 8

// usableHint reports whether the hint v is a nonzero 0/1 vector of n
// piles with no pile of zeros in its support.
func usableHint(v []int, n int, zeros []int) bool {
	if len(v) != n || sum(v) == 0 {
		return false
	}
	for i, x := range v {
		if x != 0 && x != 1 || x == 1 && slices.Contains(zeros, i) {
			return false
		}
	}
	return true
}

// samples are positions of the region to test vectors on: those S accepts
// among small piles, and random ones.
func (rd *reducer) samples(free []int) []game.Position {
	const accepted, random, height = 200, 200, 7
	var out []game.Position
	for tries := 0; tries < 20000 && len(out) < accepted; tries++ {
		p := make(game.Position, rd.enc.n)
		for _, i := range free {
			p[i] = rd.rand.IntN(height + 1)
		}
		if rd.eval(p) {
			out = append(out, p)
		}
	}
	for range random {
		p := make(game.Position, rd.enc.n)
		for _, i := range free {
			p[i] = rd.rand.IntN(2*height + 1)
		}
		out = append(out, p)
	}
	return out
}

// keeps reports whether S takes the same value at each sample x, at
// red(x) and at x + v.
func (rd *reducer) keeps(v []int, samples []game.Position) bool {
	y := make(game.Position, len(v))
	for _, x := range samples {
		in := rd.eval(x)
		m := -1
		for i, vi := range v {
			if vi == 1 && (m < 0 || x[i] < m) {
				m = x[i]
			}
		}
		for i := range x {
			y[i] = x[i] - m*v[i]
		}
		if rd.eval(y) != in {
			return false
		}
		for i := range x {
			y[i] = x[i] + v[i]
		}
		if rd.eval(y) != in {
			return false
		}
	}
	return true
}

// canonical is the key of the region whose empty piles are zeros: the
// least of its images under the proved symmetries.
func (rd *reducer) canonical(zeros []int) string {
	ind := make([]int, rd.enc.n)
	for _, i := range zeros {
		ind[i] = 1
	}
	if rd.group != nil {
		ind = rd.group.Canonical(ind)
	}
	return fmt.Sprint(ind)
}

// zerosWhere is the region whose empty piles are zeros, in nimlab's
// language ("" for every position).
func zerosWhere(zeros []int) string {
	parts := make([]string, len(zeros))
	for k, i := range zeros {
		parts[k] = check.PileName(i) + " == 0"
	}
	return strings.Join(parts, " && ")
}

// zerosName names the region whose empty piles are zeros in a file name:
// "-a-c" ("" for every position).
func zerosName(zeros []int) string {
	var b strings.Builder
	for _, i := range zeros {
		b.WriteString("-" + check.PileName(i))
	}
	return b.String()
}

// digits writes v as "101", for a file name.
func digits(v []int) string {
	return strings.NewReplacer("(", "", ")", "", ",", "").Replace(vectorString(v))
}

// vectorString writes v as "(1,0,1)".
func vectorString(v []int) string {
	parts := make([]string, len(v))
	for i, x := range v {
		parts[i] = strconv.Itoa(x)
	}
	return "(" + strings.Join(parts, ",") + ")"
}

func sum(v []int) int {
	s := 0
	for _, x := range v {
		s += x
	}
	return s
}
