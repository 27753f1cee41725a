package prove_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/discover"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/prove"
	"github.com/nimlab/nimlab/prove/proof"
	"github.com/nimlab/nimlab/prove/provetest"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
)

// The prover fuzzer's claims besides a set of P-positions (see
// fuzz_test.go): Sprague–Grundy formulas (prove.Options.Grundy) and region
// theorems (prove.Options.Where), generated for a game and judged by the
// engine alone.
//
// Generators: discover.Grundy's formula on a small box, with its candidate
// moves, and mutants of it (a constant shifted, + for ^, one added, one added
// only where a pile is empty, a comparison flipped, ...); regions "x == 0"
// (closed: piles only shrink) with discover's description of the
// P-positions inside (discover.Options.Where), its mutants, the description
// or'ed with "x > 0" (the same set inside the region: a true region theorem
// when the description is one), the same or'ed form and mutants offered the
// description as the same set (the equivalence route in a region), and a
// Grundy formula of the region; and
// regions some move may leave ("x > 0", "x <= y"), which must be refused
// with a move the engine confirms, or proved only where they are closed.
//
// The oracle: proved means the region is closed on the box (every option of
// a position of it in it), and the claim agrees with the engine's table (its
// Grundy values for a formula) at every position of the box in the region;
// refuted means a counterexample in the region that the move generator
// confirms for its condition ((G0) a negative value, (G1) an option of the
// same value, (G2) a value below its own that no option has; (I), (II) and
// (III) as before), with the claim and the table parting somewhere in the
// region below it; a refused region comes with a move out of it that the
// engine confirms.

// resultRefused is a region theorem refused: some move leaves the region.
const resultRefused = "refused"

// claim is a candidate with what it claims.
type claim struct {
	candidate
	grundy bool
	where  string
	moves  [][]string
	// sameAs are statements of the set about the same region, offered to
	// the equivalence route (prove --same-as '[where] EXPR').
	sameAs []string
}

// claimBudget bounds the claims of a game.
type claimBudget struct {
	// mutants of each base formula or description.
	mutants int
	// discoverTimeout bounds each discover run.
	discoverTimeout time.Duration
}

var (
	corpusClaimBudget = claimBudget{mutants: 1, discoverTimeout: 5 * time.Second}
	fuzzClaimBudget   = claimBudget{mutants: 3, discoverTimeout: 10 * time.Second}
)

// claimCorpusGames are the games of TestProverClaimsCorpus: Nim, exact
// k-Nim, a slow game, CN, Moore, and misère (regions only).
// (exact:3,2 and path:4,2 would add 10 s of unknown (G2) to CI.)
var claimCorpusGames = []string{"nim:2", "exact:3,3", "slow:3,1", "cn:4,2", "moore:3,2", "cn:4,2/misere"}

// claimSeeds are claims that must never be proved: each is false.
var claimSeeds = map[string][]claim{
	"nim:2": {
		{candidate: candidate{src: "a + b", origin: "seed"}, grundy: true},
		// The nim-sum except at (0,1): wrong only where a pile is empty.
		{candidate: candidate{src: "a ^ b ^ (a == 0 && b == 1 ? 2 : 0)", origin: "seed"}, grundy: true,
			moves: [][]string{{"b ^ v", "b"}, {"a", "a ^ v"}}},
		// Some move leaves it.
		{candidate: candidate{src: "a == b", origin: "seed"}, where: "a > 0"},
	},
	"exact:3,3": {
		{candidate: candidate{src: "min(a, b, c) + (a == 0 && b == 1 ? 1 : 0)", origin: "seed"}, grundy: true},
	},
	"cn:4,2": {
		// Right where b > 0, wrong at (0,0,1,1).
		{candidate: candidate{src: "c == d || b == 0", origin: "seed"}, where: "a == 0"},
	},
}

// TestProverClaimsCorpus runs the claims of the fixed corpus games.
func TestProverClaimsCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("the claims corpus asks z3")
	}
	s := provetest.Z3(t)
	o := &oracle{solver: s, timeout: *fuzzTimeout, pairTimeout: 2 * time.Minute}
	ctx := context.Background()
	for _, spec := range claimCorpusGames {
		t.Run(spec, func(t *testing.T) {
			t.Parallel()
			gc, err := prepare(ctx, spec)
			if err != nil {
				t.Fatal(err)
			}
			r := corpusRand(spec)
			claims := append(slices.Clone(claimSeeds[spec]), claimCandidates(ctx, gc, r, corpusClaimBudget)...)
			for _, out := range o.runClaims(ctx, gc, claims) {
				t.Logf("%-8s %5.2f s %-14s %s", out.Result, out.Seconds, out.Origin, out.Repro)
				switch {
				case out.Violation != "":
					t.Errorf("%s\n  game %s, expression %s (%s): %s\n  %s", out.Violation, out.Game, out.Expression, out.Origin, out.Result, out.Repro)
				case out.Origin == "seed" && out.Result == prove.Proved.String():
					t.Errorf("the false seed %s was proved", out.Repro)
				}
			}
		})
	}
}

// TestClaimGenerators checks the claims' generators without a solver.
func TestClaimGenerators(t *testing.T) {
	ctx := context.Background()
	r := rand.New(rand.NewPCG(3, 4))
	origins := map[string]bool{}
	for _, spec := range claimCorpusGames {
		gc, err := prepare(ctx, spec)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range claimCandidates(ctx, gc, r, fuzzClaimBudget) {
			class, _, _ := strings.Cut(c.origin, ":")
			origins[class] = true
			if _, err := check.Compile(c.src, gc.g.Piles(), gc.symmetries(ctx)); err != nil && c.origin != "mutant" {
				t.Errorf("%s, %s: %v", spec, c.origin, err)
			}
			if c.grundy && gc.g.Misere {
				t.Errorf("%s: a Grundy claim in misère play", spec)
			}
		}
	}
	for _, o := range []string{"grundy", "grundy-mutant", "where", "where-mutant", "where-outside", "where-open", "where-grundy", "where-same-as", "where-mutant-same-as", "where-sorted", "where-sorted-mutant"} {
		if !origins[o] {
			t.Errorf("no claim of origin %s in the corpus games", o)
		}
	}
	for spec := range claimSeeds {
		if !slices.Contains(claimCorpusGames, spec) {
			t.Errorf("the seeds of %s would not run: it is not in claimCorpusGames", spec)
		}
	}
}

// claimCandidates generates the Grundy formulas and region theorems of a
// game.
func claimCandidates(ctx context.Context, gc *gameCase, r *rand.Rand, budget claimBudget) []claim {
	g := gc.g
	n := g.Piles()
	names := pileNames(n)
	h := 2
	for h < 8 && pow(h+2, n) <= discoverBoxPositions {
		h++
	}
	var out []claim
	mutate := func(base claim, origin string) {
		muts := astMutants(base.src)
		if base.grundy {
			e := "(" + base.src + ")"
			muts = append(muts, candidate{src: e + " + 1"}, candidate{src: e + " + (" + names[0] + " == 0 ? 1 : 0)"})
			if n >= 2 {
				muts = append(muts, candidate{src: e + " + (" + names[0] + " == 0 && " + names[1] + " == 1 ? 1 : 0)"})
			}
		}
		// A mutant printed from the tree may lose the parentheses of a
		// let inside a conjunction: those that no longer compile are
		// left out.
		muts = slices.DeleteFunc(muts, func(m candidate) bool {
			_, err := check.Compile(m.src, n, gc.symmetries(ctx))
			return err != nil
		})
		r.Shuffle(len(muts), func(i, j int) { muts[i], muts[j] = muts[j], muts[i] })
		for _, m := range muts[:min(len(muts), budget.mutants)] {
			c := base
			c.candidate = candidate{src: m.src, origin: origin}
			out = append(out, c)
		}
	}
	learn := discover.Options{Max: h, VerifyMax: h + 1, Workers: 1}
	if !g.Misere {
		dctx, cancel := context.WithTimeout(ctx, budget.discoverTimeout)
		if res, err := discover.Grundy(dctx, g, learn); err == nil {
			base := claim{candidate: candidate{src: res.Expr, origin: "grundy"}, grundy: true, moves: res.Moves}
			if base.moves == nil {
				base.moves = nimSumMoves(res.Expr, names)
			}
			out = append(out, base)
			mutate(base, "grundy-mutant")
		}
		cancel()
	}
	if n < 2 {
		return out
	}
	x, y := names[r.IntN(n)], names[r.IntN(n)]
	where := x + " == 0"
	wexpr, err := check.Compile(where, n, nil)
	if err != nil {
		panic(err)
	}
	learn.Where = wexpr
	dctx, cancel := context.WithTimeout(ctx, budget.discoverTimeout)
	defer cancel()
	if res, err := discover.Discover(dctx, g, learn); err == nil && res.Expr != "" {
		base := claim{candidate: candidate{src: res.Expr, origin: "where"}, where: where}
		out = append(out, base)
		mutate(base, "where-mutant")
		out = append(out, claim{candidate: candidate{src: "(" + res.Expr + ") || " + x + " > 0", origin: "where-outside"}, where: where})
		// The equivalence route in a region: the same set written
		// otherwise (decided through the description), and mutants
		// offered the description (told apart, decided on their own).
		same := claim{candidate: candidate{src: "(" + res.Expr + ") || " + x + " > 0", origin: "where-same-as"}, where: where, sameAs: []string{res.Expr}}
		out = append(out, same)
		same.src = res.Expr
		mutate(same, "where-mutant-same-as")
		open := x + " > 0"
		if x != y {
			open = x + " <= " + y
		}
		out = append(out, claim{candidate: candidate{src: res.Expr, origin: "where-open"}, where: open})
	}
	if !g.Misere {
		if res, err := discover.Grundy(dctx, g, learn); err == nil {
			out = append(out, claim{candidate: candidate{src: res.Expr, origin: "where-grundy"}, grundy: true, where: where, moves: res.Moves})
		}
	}
	if base, ok := sortedRegionClaim(dctx, g, learn, names); ok {
		out = append(out, base)
		mutate(base, "where-sorted-mutant")
	}
	return out
}

// sortedRegionClaim is a region theorem of the region every permutation
// keeps, some pile empty (min(a, b, ...) == 0, closed): discover's
// description there read at sorted piles, sym(a <= b && ... && (D)), which
// the route of sorted options takes in a slow game (origin "where-sorted";
// its mutants "where-sorted-mutant"). The same set as D where every
// permutation is a symmetry of the game; another set, judged by the engine
// as any claim, where one is not.
func sortedRegionClaim(ctx context.Context, g *game.Game, learn discover.Options, names []string) (claim, bool) {
	where := "min(" + strings.Join(names, ", ") + ") == 0"
	wexpr, err := check.Compile(where, len(names), nil)
	if err != nil {
		panic(err)
	}
	learn.Where = wexpr
	res, err := discover.Discover(ctx, g, learn)
	if err != nil || res.Expr == "" {
		return claim{}, false
	}
	var chain []string
	for i := 1; i < len(names); i++ {
		chain = append(chain, names[i-1]+" <= "+names[i])
	}
	return claim{candidate: candidate{src: "sym(" + strings.Join(chain, " && ") + " && (" + res.Expr + "))", origin: "where-sorted"}, where: where}, true
}

// nimSumMoves are Nim's moves for a Grundy formula that is the nim-sum of
// the piles (none otherwise): pile i becomes the nim-sum of the others ^ v.
func nimSumMoves(src string, names []string) [][]string {
	if src != "xor("+strings.Join(names, ", ")+")" {
		return nil
	}
	var moves [][]string
	for i := range names {
		m := slices.Clone(names)
		m[i] = "xor(" + strings.Join(slices.Concat(names[:i:i], names[i+1:]), ", ") + ") ^ v"
		if len(names) == 2 {
			m[i] = names[1-i] + " ^ v"
		}
		moves = append(moves, m)
	}
	return moves
}

// claimRepro writes the command that shows a claim's outcome.
func claimRepro(spec string, c claim, timeout time.Duration) string {
	flag := "--expr"
	if c.grundy {
		flag = "--grundy"
	}
	out := fmt.Sprintf("nimlab prove '%s' %s '%s'", spec, flag, c.src)
	if c.where != "" {
		out += fmt.Sprintf(" --where '%s'", c.where)
	}
	for _, m := range c.moves {
		out += fmt.Sprintf(" --move '%s'", strings.Join(m, ", "))
	}
	for _, same := range c.sameAs {
		out += fmt.Sprintf(" --same-as '[%s] %s'", c.where, same)
	}
	return out + " --timeout " + timeout.String()
}

// grundyTables solves each game's box once with Grundy values.
var grundyTables sync.Map // *gameCase -> *table.Table

func (gc *gameCase) grundyTable(ctx context.Context) (*table.Table, error) {
	if t, ok := grundyTables.Load(gc); ok {
		return t.(*table.Table), nil
	}
	t, err := solve.Table(ctx, gc.g, gc.tab.Box, solve.Options{Workers: 1, Grundy: true})
	if err != nil {
		return nil, err
	}
	grundyTables.Store(gc, t)
	return t, nil
}

// runClaims proves each claim and judges the result.
func (o *oracle) runClaims(ctx context.Context, gc *gameCase, claims []claim) []*outcome {
	var outs []*outcome
	for _, c := range claims {
		if ctx.Err() != nil {
			break
		}
		outs = append(outs, o.runClaim(ctx, gc, c))
	}
	return outs
}

// runClaim proves one claim and judges the result against the engine. It
// is long because it is the oracle's one argument, every check in order on
// the same claim; the prover fuzzer's verdicts rest on it as it stands.
func (o *oracle) runClaim(ctx context.Context, gc *gameCase, c claim) (out *outcome) {
	g := gc.g
	out = &outcome{Game: g.Spec, Expression: c.src, Origin: c.origin, Kinds: gc.kinds, Repro: claimRepro(g.Spec, c, o.timeout)}
	if c.where != "" {
		out.Expression += " where " + c.where
	}
	defer settle(out, time.Now())
	e, err := check.Compile(c.src, g.Piles(), gc.symmetries(ctx))
	if err != nil {
		out.Result, out.Reason = resultCompileError, err.Error()
		return out
	}
	opts := prove.Options{Solver: o.solver, Timeout: o.timeout, Grundy: c.grundy, Moves: c.moves}
	inR := func(game.Position) bool { return true }
	if c.where != "" {
		if opts.Where, err = check.Compile(c.where, g.Piles(), gc.symmetries(ctx)); err != nil {
			panic(err)
		}
		inR = opts.Where.Evaluator()
	}
	for _, same := range c.sameAs {
		d, err := prove.NewClaim(ctx, g, prove.Sources{Expr: same, Where: c.where})
		if err != nil {
			panic(err)
		}
		opts.Equivalents = append(opts.Equivalents, prove.Equivalent{Name: "--same-as", Claim: d, Given: true})
	}
	pctx, cancel := context.WithTimeout(ctx, o.pairTimeout)
	defer cancel()
	r, err := prove.Prove(pctx, g, e, opts)
	var open *prove.OpenRegionError
	switch {
	case err != nil && ctx.Err() != nil:
		out.Result = resultCancelled
		return out
	case errors.As(err, &open):
		out.Result, out.Reason = resultRefused, err.Error()
		if g.CheckMove(open.Position, open.Move) != nil || !inR(open.Position) || inR(open.Move) {
			out.Violation = fmt.Sprintf("FALSE REFUSAL: the move (%s) -> (%s) does not leave the region", open.Position, open.Move)
		}
		return out
	case err != nil:
		out.Result, out.Reason = resultError, err.Error()
		out.Violation = "Prove returned an error (not a clean unknown): " + err.Error()
		return out
	}
	out.Result, out.Proof, out.Reason, out.Routes = r.Result.String(), r.Proof.String(), r.Reason, r.Routes
	out.ProveSeconds = math.Round(r.Seconds*100) / 100
	// value is the claim at p, as the table's: S(p) (1 or 0) or g(p); the
	// engine's truth, the outcome (1 for P) or the Grundy value.
	inS, gv := e.Evaluator(), e.IntEvaluator()
	claimAt := func(p game.Position) (int, bool) {
		if c.grundy {
			return gv(p)
		}
		return b2i(inS(p)), true
	}
	var truthTab *table.Table
	truth := func(p game.Position) int {
		if c.grundy {
			return int(truthTab.GrundyOf(p))
		}
		return b2i(truthTab.IsP(p))
	}
	truthTab = gc.tab
	if c.grundy && !g.Misere {
		if truthTab, err = gc.grundyTable(ctx); err != nil {
			out.Violation = "the Grundy table does not solve: " + err.Error()
			return out
		}
	}
	partsBelow := func(p game.Position) bool {
		found := false
		eachInBox(table.BoxOf(p), func(q game.Position) bool {
			if inR(q) {
				v, ok := claimAt(q)
				found = !ok || v != truth(q)
			}
			return !found
		})
		return found
	}
	switch r.Result {
	case prove.Proved:
		if c.grundy && g.Misere {
			out.Violation = "FALSE PROOF: a Sprague–Grundy value proved in misère play"
			return out
		}
		eachInBox(gc.tab.Box, func(p game.Position) bool {
			if !inR(p) {
				return true
			}
			if v, ok := claimAt(p); !ok || v != truth(p) {
				out.Violation = fmt.Sprintf("FALSE PROOF: proved, but at (%s) the engine says %d and the claim %d", p, truth(p), v)
				return false
			}
			if c.where != "" && g.OptionCount(p) <= maxOptions {
				for q := range g.Options(p) {
					if !inR(q) {
						out.Violation = fmt.Sprintf("FALSE PROOF: proved in a region the move (%s) -> (%s) leaves", p, q)
						return false
					}
				}
			}
			return true
		})
	case prove.Refuted:
		ce := r.Counterexample
		if ce == nil {
			out.Violation = "refuted, with no counterexample"
			return out
		}
		p := ce.Position
		bad := func(format string, args ...any) {
			out.Violation = fmt.Sprintf("FALSE COUNTEREXAMPLE to (%s) at p = (%s): ", ce.Condition, p) + fmt.Sprintf(format, args...)
		}
		if len(p) != g.Piles() || !inR(p) {
			bad("not a position of the region")
			return out
		}
		gp, okP := claimAt(p)
		switch ce.Condition {
		case proof.G0:
			if !okP || gp >= 0 {
				bad("the value is %d", gp)
			}
		case proof.G1:
			gq, okQ := claimAt(ce.Move)
			if g.CheckMove(p, ce.Move) != nil || !okP || !okQ || gp != gq {
				bad("the move (%s) has values %d and %d", ce.Move, gp, gq)
			}
		case proof.G2:
			if ce.Value == nil || *ce.Value < 0 || *ce.Value >= gp {
				bad("the value v is not below g(p) = %d", gp)
				return out
			}
			if g.OptionCount(p) <= maxOptions {
				for q := range g.Options(p) {
					if v, ok := claimAt(q); ok && v == *ce.Value {
						bad("its option (%s) has the value %d", q, v)
						return out
					}
				}
			}
		case proof.I, proof.II, proof.III:
			if c.grundy {
				bad("a condition of a set of P-positions in a Sprague–Grundy proof")
				return out
			}
			if v := o.checkRefuted(ctx, gc, e, ce); v != "" && !strings.Contains(v, "agrees with the expression on every position up to p") {
				out.Violation = v
				return out
			}
		default:
			bad("unknown condition")
			return out
		}
		if gc.tab.Box.Contains(p) && !partsBelow(p) {
			bad("the engine and the claim agree on every position of the region up to p")
		}
	case prove.Undecided:
		if r.Reason == "" {
			out.Violation = "unknown, with no reason"
		}
	default:
		out.Violation = fmt.Sprintf("result %q is none of proved, refuted, unknown", r.Result)
	}
	return out
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
