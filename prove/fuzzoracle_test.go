package prove_test

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/prove"
	"github.com/nimlab/nimlab/prove/proof"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
	"github.com/nimlab/nimlab/theory"
)

// The oracle of the prover fuzzer (see fuzz_test.go): it runs prove.Prove
// on one game and one expression and judges the answer by nimlab's own
// engines, which share no code with the encoding.

// candidate is an expression to prove for a game.
type candidate struct {
	src string
	// origin says where it comes from: "theorem:NAME", "discover",
	// "mutant:OP", "overflow", "small", "asym", "colmod", "seed", "random".
	origin string
	// theorem, when set, proves with the theorem's candidate winning moves
	// (prove.Options.Moves): nimlab prove SPEC --theorem NAME.
	theorem string
	// reduce asks (II) by reduction by invariances first
	// (prove.Options.Reduce): nimlab prove ... --reduce.
	reduce bool
	// hints are vectors for the reduction to try first
	// (prove.Options.ReductionHints): right, wrong or malformed alike.
	hints [][]int
	// equivalents offers, as nimlab prove --expr and discover --prove do,
	// the statements of the theorems covering the game, with their
	// winning moves, and the expression itself with those moves
	// (prove.Options.Equivalents): the route must never prove what the
	// engine contradicts, whichever of them is false.
	equivalents bool
}

// The results of a pair besides prove's own (proved, refuted, unknown).
const (
	resultCompileError = "compile error"
	resultError        = "error"
	resultPanic        = "panic"
	// resultCancelled is a pair stopped by the end of the run: not counted.
	resultCancelled = "cancelled"
)

// outcome is what one pair gave, and what is wrong with it.
type outcome struct {
	Game       string   `json:"game"`
	Expression string   `json:"expression"`
	Origin     string   `json:"origin"`
	Kinds      []string `json:"kinds"`
	Result     string   `json:"result"`
	Proof      string   `json:"proof,omitempty"`
	Reason     string   `json:"reason,omitempty"`
	// Routes are those a proof took (prove.Result.Routes).
	Routes  []string `json:"routes,omitempty"`
	Seconds float64  `json:"seconds"`
	// ProveSeconds is Prove's own time (Seconds adds the oracle's).
	ProveSeconds float64 `json:"prove_seconds"`
	// Violation says what the oracle found wrong ("" when nothing).
	Violation string `json:"violation,omitempty"`
	// Repro is the command that shows it.
	Repro string `json:"repro"`
}

// oracle runs pairs with one solver and one time limit per query.
type oracle struct {
	solver *prove.Solver
	// timeout bounds each query (prove.Options.Timeout).
	timeout time.Duration
	// pairTimeout bounds a whole Prove: past it the prover hangs, which
	// is a violation.
	pairTimeout time.Duration
}

// Sizes of the oracle's boxes.
const (
	// boxPositions bounds the box every game is solved on.
	boxPositions = 40_000
	// maxBoxHeight bounds its height (for one or two piles).
	maxBoxHeight = 200
	// counterexampleBoxPositions bounds the box of a counterexample outside
	// the game's box that is solved to confirm it.
	counterexampleBoxPositions = 200_000
	// maxOptions bounds the options of a counterexample to (II) that are
	// listed to confirm it.
	maxOptions = 1 << 20
	// farSamples bounds the positions with huge piles that proved
	// expressions are compared at.
	farSamples = 20_000
)

// boxHeight is the height of the box a game on n piles is solved on.
func boxHeight(n int) int {
	h := 3
	for h < maxBoxHeight && math.Pow(float64(h+2), float64(n)) <= boxPositions {
		h++
	}
	return h
}

// gameCase is a game, solved on its box.
type gameCase struct {
	spec  string // as written
	g     *game.Game
	kinds []string
	h     int
	tab   *table.Table
}

func (gc *gameCase) symmetries(ctx context.Context) func() (*complex.Group, error) {
	return func() (*complex.Group, error) { return gc.g.Symmetries(ctx) }
}

// prepare parses and solves a game.
func prepare(ctx context.Context, spec string) (*gameCase, error) {
	g, err := game.Parse(spec)
	if err != nil {
		return nil, err
	}
	n := g.Piles()
	h := boxHeight(n)
	tab, err := solve.Table(ctx, g, table.Uniform(n, h), solve.Options{Workers: 1})
	if err != nil {
		return nil, fmt.Errorf("solve %s on 0..%d: %w", g.Spec, h, err)
	}
	return &gameCase{spec: spec, g: g, kinds: kindsOf(g.Spec), h: h, tab: tab}, nil
}

// repro writes the command line that shows an outcome.
func repro(spec string, c candidate, timeout time.Duration) string {
	if c.theorem != "" {
		return fmt.Sprintf("nimlab prove '%s' --theorem %s --timeout %s", spec, c.theorem, timeout)
	}
	flag := ""
	if c.reduce {
		flag = " --reduce"
	}
	return fmt.Sprintf("nimlab prove '%s' --expr '%s' --timeout %s%s", spec, c.src, timeout, flag)
}

// proved is an expression proved for a game, for the comparisons at huge
// piles.
type proved struct {
	out  *outcome
	eval func(game.Position) bool
}

// runGame runs every candidate on the game and then compares the proved
// ones at huge piles. It returns one outcome per candidate.
func (o *oracle) runGame(ctx context.Context, gc *gameCase, cands []candidate, r *rand.Rand) []*outcome {
	var outs []*outcome
	var ok []proved
	for _, c := range cands {
		if ctx.Err() != nil {
			break
		}
		out, eval := o.runPair(ctx, gc, c)
		outs = append(outs, out)
		if out.Result == prove.Proved.String() && out.Violation == "" {
			ok = append(ok, proved{out, eval})
		}
	}
	if ctx.Err() == nil {
		o.compareFar(ctx, gc, ok, r)
	}
	return outs
}

// runPair proves one expression and judges the result. It returns the
// expression's evaluator when it compiled.
func (o *oracle) runPair(ctx context.Context, gc *gameCase, c candidate) (out *outcome, eval func(game.Position) bool) {
	g := gc.g
	out = &outcome{Game: g.Spec, Expression: c.src, Origin: c.origin, Kinds: gc.kinds, Repro: repro(g.Spec, c, o.timeout)}
	defer settle(out, time.Now())
	e, err := check.Compile(c.src, g.Piles(), gc.symmetries(ctx))
	if err != nil {
		out.Result, out.Reason = resultCompileError, err.Error()
		return out, nil
	}
	opts := prove.Options{Solver: o.solver, Timeout: o.timeout, Reduce: c.reduce, ReductionHints: c.hints}
	if c.theorem != "" {
		th, ok := theory.ByName(c.theorem)
		if !ok {
			panic("fuzz: no theorem " + c.theorem)
		}
		opts.Moves = th.WinningMoves(ctx, g)
	}
	if c.equivalents {
		opts.Equivalents = equivalentsOf(ctx, g, c.src)
	}
	pctx, cancel := context.WithTimeout(ctx, o.pairTimeout)
	defer cancel()
	r, err := prove.Prove(pctx, g, e, opts)
	switch {
	case err != nil && ctx.Err() != nil:
		out.Result = resultCancelled
		return out, nil
	case err != nil && pctx.Err() != nil:
		out.Result, out.Reason = resultError, err.Error()
		out.Violation = fmt.Sprintf("Prove did not return within %s, though each query is bounded by %s: %v", o.pairTimeout, o.timeout, err)
		return out, nil
	case err != nil:
		out.Result, out.Reason = resultError, err.Error()
		out.Violation = "Prove returned an error (not a clean unknown): " + err.Error()
		return out, nil
	}
	out.Result, out.Proof, out.Reason, out.Routes = r.Result.String(), r.Proof.String(), r.Reason, r.Routes
	out.ProveSeconds = math.Round(r.Seconds*100) / 100
	eval = e.Evaluator()
	switch r.Result {
	case prove.Proved:
		for _, cond := range r.Conditions {
			if cond.Result != prove.Unsat {
				out.Violation = fmt.Sprintf("proved, but condition (%s) answered %s", cond.Name, cond.Result)
				return out, eval
			}
		}
		if r.Counterexample != nil {
			out.Violation = "proved, with a counterexample"
			return out, eval
		}
		out.Violation = o.checkProved(gc, eval)
	case prove.Refuted:
		out.Violation = o.checkRefuted(ctx, gc, e, r.Counterexample)
	case prove.Undecided:
		if r.Reason == "" {
			out.Violation = "unknown, with no reason"
		}
	default:
		out.Violation = fmt.Sprintf("result %q is none of proved, refuted, unknown", r.Result)
	}
	return out, eval
}

// eachInBox calls f on every position of the box (the same slice, changed
// in place), until f returns false.
func eachInBox(box []int, f func(p game.Position) bool) {
	p := make(game.Position, len(box))
	for {
		if !f(p) {
			return
		}
		i := 0
		for ; i < len(box) && p[i] == box[i]; i++ {
			p[i] = 0
		}
		if i == len(box) {
			return
		}
		p[i]++
	}
}

// disagreement returns the first position of the box where the table and
// the expression part, with what each says, or "".
func disagreement(tab *table.Table, box []int, eval func(game.Position) bool) string {
	var found string
	eachInBox(box, func(p game.Position) bool {
		isP, accepted := tab.IsP(p), eval(p)
		if isP != accepted {
			found = fmt.Sprintf("at (%s) the engine says %s and the expression %s it", p, outcomeName(isP), acceptName(accepted))
			return false
		}
		return true
	})
	return found
}

func outcomeName(isP bool) string {
	if isP {
		return "P"
	}
	return "N"
}

func acceptName(accepted bool) string {
	if accepted {
		return "accepts"
	}
	return "rejects"
}

// checkProved compares a proved expression with the engine's table at every
// position of the game's box: there, a proof for every position must hold.
func (o *oracle) checkProved(gc *gameCase, eval func(game.Position) bool) string {
	if d := disagreement(gc.tab, gc.tab.Box, eval); d != "" {
		return fmt.Sprintf("FALSE PROOF: proved, but on the box 0..%d %s", gc.h, d)
	}
	return ""
}

// checkRefuted confirms a counterexample with the engine alone: the
// condition fails at it, and on the box of positions below it the table
// and the expression part somewhere (a failure of (I), (II) or (III) at p
// means that S is not the set of P-positions among the positions p reaches).
func (o *oracle) checkRefuted(ctx context.Context, gc *gameCase, e *check.Expr, ce *prove.Counterexample) string {
	g := gc.g
	if ce == nil {
		return "refuted, with no counterexample"
	}
	inS := e.Evaluator()
	p := ce.Position
	if len(p) != g.Piles() || slices.ContainsFunc(p, func(x int) bool { return x < 0 }) {
		return fmt.Sprintf("refuted at (%s), which is no position of %s", p, g.Spec)
	}
	if ce.Checked != "engine" && ce.Checked != "model" {
		return fmt.Sprintf("refuted at (%s), checked %q", p, ce.Checked)
	}
	bad := func(format string, args ...any) string {
		return fmt.Sprintf("FALSE COUNTEREXAMPLE to (%s) at p = (%s): ", ce.Condition, p) + fmt.Sprintf(format, args...)
	}
	switch ce.Condition {
	case proof.I:
		q := ce.Move
		if len(q) != len(p) {
			return bad("the move (%s) is no position", q)
		}
		if !inS(p) || !inS(q) {
			return bad("the expression %s p and %s the move q = (%s)", acceptName(inS(p)), acceptName(inS(q)), q)
		}
		if err := g.CheckMove(p, q); err != nil {
			return bad("q = (%s) is not an option of p: %v", q, err)
		}
	case proof.II:
		if inS(p) {
			return bad("the expression accepts p")
		}
		if g.Misere && g.IsTerminal(p) {
			return bad("p is terminal, and (II) is not asked of terminal positions in misère play")
		}
		if g.OptionCount(p) <= maxOptions {
			for q := range g.Options(p) {
				if inS(q) {
					return bad("its option (%s) is accepted", q)
				}
			}
		}
	case proof.III:
		if !g.Misere {
			return bad("(III) is asked in misère play only")
		}
		if !g.IsTerminal(p) || !inS(p) {
			return bad("terminal: %v, accepted: %v", g.IsTerminal(p), inS(p))
		}
	default:
		return fmt.Sprintf("refuted at (%s) by an unknown condition %q", p, ce.Condition)
	}
	// The table must disagree with the expression below p.
	box := table.BoxOf(p)
	switch {
	case gc.tab.Box.Contains(p):
		if disagreement(gc.tab, box, inS) == "" {
			return bad("the engine's table agrees with the expression on every position up to p")
		}
	case !boxOverflows(p) && float64(box.Positions()) <= counterexampleBoxPositions:
		tab, err := solve.Table(ctx, g, box, solve.Options{Workers: 1})
		if err != nil {
			if ctx.Err() != nil || errors.Is(err, solve.ErrTooLarge) {
				return ""
			}
			return fmt.Sprintf("solving the box of the counterexample (%s): %v", p, err)
		}
		if disagreement(tab, box, inS) == "" {
			return bad("the engine's table agrees with the expression on every position up to p")
		}
	}
	return ""
}

// boxOverflows reports whether the box of p has more than 2^62 positions
// (table.Box.Positions would overflow).
func boxOverflows(p game.Position) bool {
	size := 1.0
	for _, x := range p {
		size *= float64(x) + 1
	}
	return size > 1<<62
}

// farValues are the piles of the positions where proved expressions are
// compared: small, past the thresholds of the "small" mutants (1000,
// 10^6), and huge (2^40, far below where sums of five piles wrap).
var farValues = []int{0, 1, 2, 3, 5, 1 << 24, 1<<24 + 1, 1<<24 + 2, 1<<24 + 3, 1<<25 + 1, 3 << 24, 1 << 40, 1<<40 + 1}

// farPositions lists the positions whose piles are farValues (all of them,
// or farSamples drawn at random).
func farPositions(n int, r *rand.Rand) []game.Position {
	var out []game.Position
	if math.Pow(float64(len(farValues)), float64(n)) <= farSamples {
		box := make([]int, n)
		for i := range box {
			box[i] = len(farValues) - 1
		}
		eachInBox(box, func(idx game.Position) bool {
			p := make(game.Position, n)
			for i, k := range idx {
				p[i] = farValues[k]
			}
			out = append(out, p)
			return true
		})
		return out
	}
	for range farSamples {
		p := make(game.Position, n)
		for i := range p {
			p[i] = farValues[r.IntN(len(farValues))]
		}
		out = append(out, p)
	}
	return out
}

// farBudget bounds the time of the comparisons at huge piles of one game.
const farBudget = 5 * time.Second

// compareFar compares the proved expressions at positions with huge piles,
// which no table reaches: with the theorem that covers the game, when one
// does (its oracle decides any position), and with each other (two sets
// proved to be the P-positions of one game are one set). The first proved
// expression from a theorem or discover is the reference, or else the
// first proved.
func (o *oracle) compareFar(ctx context.Context, gc *gameCase, ok []proved, r *rand.Rand) {
	if len(ok) == 0 {
		return
	}
	g := gc.g
	deadline := time.Now().Add(farBudget)
	var th *theory.Theorem
	var rule theory.Oracle
	if !g.Misere {
		tctx, cancel := context.WithTimeout(ctx, farBudget)
		th, rule, _ = theory.Find(tctx, g)
		cancel()
	}
	ref := 0
	for i, pr := range ok {
		if strings.HasPrefix(pr.out.Origin, "theorem") || pr.out.Origin == "discover" {
			ref = i
			break
		}
	}
	for k, p := range farPositions(g.Piles(), r) {
		if k%256 == 0 && (time.Now().After(deadline) || ctx.Err() != nil) {
			return
		}
		var truth *bool
		if rule != nil {
			if isP, _, err := theory.Apply(th, rule, g, p); err == nil {
				truth = &isP
			}
		}
		want := ok[ref].eval(p)
		for i, pr := range ok {
			if pr.out.Violation != "" {
				continue
			}
			got := pr.eval(p)
			switch {
			case truth != nil && got != *truth:
				pr.out.Violation = fmt.Sprintf("FALSE PROOF: proved, but at (%s) theorem %s says %s and the expression %s it", p, th.Name, outcomeName(*truth), acceptName(got))
			case truth == nil && i != ref && got != want:
				pr.out.Violation = fmt.Sprintf("FALSE PROOF (one of two): proved, and so was %q (%s), but at (%s) this expression %s and that one %s",
					ok[ref].out.Expression, ok[ref].out.Origin, p, acceptName(got), acceptName(want))
			}
		}
	}
}

// settle, deferred by a run of a pair or a claim, records its time since
// start and turns a panic into the outcome's violation. It must be the
// deferred function itself, for recover to stop the panic.
func settle(out *outcome, start time.Time) {
	out.Seconds = math.Round(time.Since(start).Seconds()*100) / 100
	if p := recover(); p != nil {
		out.Result = resultPanic
		out.Violation = fmt.Sprintf("panic: %v\n%s", p, debug.Stack())
	}
}

// corpusRand is the random source of a corpus game: the same for the same
// spec in every run.
func corpusRand(spec string) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(spec))
	return rand.New(rand.NewPCG(corpusSeed, h.Sum64()))
}

// equivalentsOf are the claims a candidate with equivalents is offered:
// each theorem's statement about g with its winning moves, then src with
// the first of those moves.
func equivalentsOf(ctx context.Context, g *game.Game, src string) []prove.Equivalent {
	var out []prove.Equivalent
	var moves [][]string
	for _, th := range theory.Theorems() {
		expr, ok := th.Expression(ctx, g)
		if !ok {
			continue
		}
		m := th.WinningMoves(ctx, g)
		if c, err := prove.NewClaim(ctx, g, prove.Sources{Expr: expr, Moves: m}); err == nil {
			out = append(out, prove.Equivalent{Name: "theorem " + th.Name, Claim: c})
		}
		if moves == nil {
			moves = m
		}
	}
	if c, err := prove.NewClaim(ctx, g, prove.Sources{Expr: src, Moves: moves}); err == nil {
		out = append(out, prove.Equivalent{Name: "itself with the theorems' moves", Claim: c})
	}
	return out
}
