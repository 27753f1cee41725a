// The prover fuzzer: a proof from nimlab prove is only worth citing if it is
// never wrong, so these tests run prove.Prove on many pairs of a game and an
// expression and judge every answer with nimlab's own engines, which share
// no code with the SMT encoding.
//
// Games (fuzzgen_test.go): small games (1 to 5 piles) of every kind of move:
// simplicial Nim (nim, complex, graph, binmat, octa and the constructions
// join, cone, susp, bx, px, cz), hypergraphs that are not complexes (hyper),
// cn, path, moore, exact, the slow games (slow:N,K, slow(G), slowle,
// slowset), necklace, ecn, the rule variations (fixed, fixedall, atleast,
// total, exactly, wythoff), disjunctive sums, conjunctive compounds, and
// misère play; a fixed list and a random generator.
//
// Expressions: the formula of every theorem that covers the game (package
// theory), also proved with the theorem's candidate winning moves;
// discover's description on a small box; mutants of those (a constant
// shifted by one, a clause of && or || dropped, a comparison flipped or
// shifted, ^ for + and back, min for max, a ! dropped; a conjunct that
// overflows 64 bits in the evaluator; a threshold that only large piles
// cross; a restriction to a <= b that agrees on sorted and least-image
// positions but is not symmetric); colmod over every pile; random
// expressions; and the seeds that found false proofs.
//
// The oracle (fuzzoracle_test.go), for every pair:
//
//   - proved: the expression accepts exactly the engine's P-positions
//     (solve.Table) at every position of a box of up to 40,000 positions,
//     as check's evaluator reads it (exact: a term past 2^63-1 is computed
//     in big integers, as the proof reads it); and at positions with piles up to 2^40 it agrees
//     with the theorem's oracle covering the game, if one does, and with
//     every other expression proved for the same game;
//   - refuted: the counterexample is confirmed by the engine alone: (I) p
//     and its option q both accepted, q an option of p (game.CheckMove);
//     (II) p rejected and none of its options (listed when at most 2^20)
//     accepted, p not terminal in misère play; (III) p terminal and
//     accepted in misère play; and on the box of positions up to p the
//     engine's table and the expression part somewhere;
//   - unknown: fine, with a reason; a compile error of a mutant is counted,
//     not judged;
//   - no pair may panic, return an error, or outlast its time limit (a
//     "proved" the engine's check in Prove contradicts is an error, a
//     *prove.DisagreementError).
//
// A violation fails the test with the game, the expression, the result,
// the position, and a one-line reproduction (nimlab prove 'SPEC' --expr
// 'EXPR').
//
// Two modes:
//
//	go test ./prove -run TestProverCorpus
//
// runs the fixed corpus (fixed games, fixed seeds: deterministic; about two
// minutes on two cores; skipped with -short and, unless
// NIMLAB_PROVE_TESTS=1, without z3; run only with NIMLAB_LONG_TESTS=1, as
// .ci/run does). -run 'TestProverCorpus/slow' picks
// games by name.
//
//	go test ./prove -run TestProverFuzz -prove.fuzz=1h -timeout 2h -v \
//	    [-prove.fuzz-out summary.json] [-prove.fuzz-seed N] [-prove.fuzz-timeout 3s] \
//	    [-prove.fuzz-skip overflow,colmod]
//
// generates random games and expressions until the duration is up, two
// games at a time, logs progress every minute, and prints the counts of
// pairs by kind of game, by origin of the expression and by result, the
// slowest pairs, and every violation, grouped; -prove.fuzz-out writes that
// summary, with every pair, as JSON (the corpus writes its own there too).
// The seed (logged; from the clock when not given) makes a run repeatable
// up to the solver's timeouts; -prove.fuzz-skip leaves out expressions of
// the origins named, to look past a bug already known.
//
// TestFuzzGenerators checks the generators alone, without a solver.
//
// A panic inside Prove's own goroutines cannot be recovered here: it stops
// the test binary, with its stack.
package prove_test

import (
	"cmp"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/nimlab/nimlab/prove/provetest"
)

var (
	fuzzFor     = flag.Duration("prove.fuzz", 0, "run TestProverFuzz, the randomized prover fuzzer, for this long (e.g. 1h; 0 skips it)")
	fuzzOut     = flag.String("prove.fuzz-out", "", "write the summary of TestProverFuzz (or TestProverCorpus) as JSON to this file")
	fuzzSeed    = flag.Uint64("prove.fuzz-seed", 0, "seed of TestProverFuzz's generator (0: from the clock)")
	fuzzTimeout = flag.Duration("prove.fuzz-timeout", 2*time.Second, "time limit of each query of the prover fuzzer (prove.Options.Timeout)")
	fuzzSkip    = flag.String("prove.fuzz-skip", "", "origins of expressions TestProverFuzz does not make, comma-separated (e.g. overflow,colmod: to look past a known bug)")
)

// corpusGames are the games of the fixed corpus: every kind of move, in
// small sizes.
var corpusGames = []string{
	// simplicial Nim and its constructions
	"nim:2", "nim:3", "complex:1-2,2-3", "complex:1-2,1-3,2-3,3-4", "complex:1-2-3,3-4",
	"graph:1-2,2-3,1-3", "binmat:101,011,110", "octa:2", "join(nim:1; nim:2)", "cone(nim:2)",
	"susp(nim:2)", "bx(path:3,2; 2)", "px(path:3,2; 2)", "cz(path:3,2)",
	// hypergraphs
	"hyper:1-2-3,2-4", "hyper:1-2,1-2-3",
	// the families
	"cn:3,2", "cn:4,2", "cn:5,2", "cn:5,3", "path:3,2", "path:4,2", "moore:3,2", "moore:4,2",
	"exact:3,1", "exact:3,2", "exact:4,4", "necklace:4,2", "necklace:5,2", "ecn:5,{1,2},2", "ecn:4,{2},2",
	// slow games
	"slow:1,1", "slow:2,1", "slow:3,2", "slow:4,3", "slow(nim:2)", "slow(nim:3)", "slow(cn:4,2)", "slow(complex:1)", "slow(path:3,3)",
	"slowle:3,2", "slowset:3,{1,3}", "slowset:4,{2,4}",
	// rule variations
	"fixed(cn:4,2; 2)", "fixedall(cn:4,2; 1)", "atleast(cn:4,2; 2)", "total(cn:3,2; 3)", "exactly(cn:3,2; 3)",
	"wythoff(cn:2,2)", "wythoff(nim:3)",
	// sums and compounds
	"nim:2 + cn:3,2", "nim:1 + slow:2,1", "cn:3,2 & slow:2,1", "conj(nim:2; nim:2)", "nim:1 & slow:2,1",
	// misère
	"nim:2/misere", "nim:3/misere", "slow:2,1/misere", "cn:4,2/misere", "slow(nim:2)/misere",
	"exact:3,2/misere", "nim:1 + nim:2/misere", "nim:1 & slow:2,1/misere",
}

// corpusSeeds are the expressions known to have been proved falsely, by
// game: they must never be proved.
var corpusSeeds = map[string][]string{
	// (II) fails at (2,0): the induction on binary digits (digits.go) was
	// applied to the slow rule on a complex, which is no take game.
	"slow(nim:2)": {"colmod(2, a, b)"},
	"slow(nim:3)": {"colmod(2, a, b, c)"},
	// The same, as the random run found it: one pile, and a modulus above 2.
	"slow(complex:1)": {"colmod(2, a)"},
	"slow(path:3,3)":  {"colmod(4, a, b, c)"},
	// Proved about the integers, where the added terms are always true;
	// the evaluator wraps at 2^64 and reads them otherwise from a = 1 or 2.
	"slow:1,1": {"(a % 2 == 0) == (a + 9223372036854775807 > 0)"},
	"nim:2":    {"a == b && a * 4611686018427387904 >= 0"},
	"cn:4,2":   {"a == c && b == d && a + 9223372036854775807 > 0"},
}

// corpusBudget is how many expressions of each kind a corpus game gets.
var corpusBudget = mutantBudget{ast: 3, special: 3, random: 1, max: 7, discoverTimeout: 10 * time.Second}

// fuzzBudget is the same for the random run.
var fuzzBudget = mutantBudget{ast: 4, special: 4, random: 2, max: 16, discoverTimeout: 20 * time.Second}

// corpusSeed fixes the corpus's choices: the rng of a game is seeded from
// it and the game's spec.
const corpusSeed = 20260601

// TestProverCorpus runs the fixed corpus, a subtest per game.
func TestProverCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("the prover fuzzer's corpus takes minutes")
	}
	provetest.Long(t)
	s := provetest.Z3(t)
	o := &oracle{solver: s, timeout: *fuzzTimeout, pairTimeout: 2 * time.Minute}
	sum := newSummary()
	sum.Games, sum.QueryTimeout = len(corpusGames), fuzzTimeout.String()
	start := time.Now()
	ctx := context.Background()
	t.Run("games", func(t *testing.T) {
		for _, spec := range corpusGames {
			t.Run(spec, func(t *testing.T) {
				t.Parallel()
				gc, err := prepare(ctx, spec)
				if err != nil {
					t.Fatal(err)
				}
				r := corpusRand(spec)
				var cands []candidate
				for _, src := range corpusSeeds[spec] {
					cands = append(cands, candidate{src: src, origin: "seed"})
				}
				cands = append(cands, candidates(ctx, gc, r, corpusBudget)...)
				outs := o.runGame(ctx, gc, cands, r)
				sum.add(outs...)
				for _, out := range outs {
					if out.Violation != "" {
						t.Errorf("%s\n  game %s, expression %s (%s): %s\n  %s", out.Violation, out.Game, out.Expression, out.Origin, out.Result, out.Repro)
					}
				}
			})
		}
	})
	sum.Seconds = time.Since(start).Seconds()
	t.Log(sum.String())
	sum.write(t)
}

// TestProverFuzz generates random games and expressions for -prove.fuzz.
func TestProverFuzz(t *testing.T) {
	if *fuzzFor <= 0 {
		t.Skip("the randomized prover fuzzer runs with -prove.fuzz=DURATION (e.g. -prove.fuzz=1h -timeout 2h)")
	}
	s := provetest.Z3(t)
	seed := *fuzzSeed
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	t.Logf("seed %d (-prove.fuzz-seed %d repeats this run), for %s, each query %s", seed, seed, *fuzzFor, *fuzzTimeout)
	o := &oracle{solver: s, timeout: *fuzzTimeout, pairTimeout: 2 * time.Minute}
	sum := newSummary()
	sum.Seed, sum.Duration, sum.QueryTimeout = seed, fuzzFor.String(), fuzzTimeout.String()
	start := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), *fuzzFor)
	defer cancel()

	// Progress every minute.
	done := make(chan struct{})
	var progress sync.WaitGroup
	progress.Go(func() {
		tick := time.NewTicker(time.Minute)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				t.Logf("%s: %s", time.Since(start).Round(time.Second), sum.line())
			}
		}
	})

	var group errgroup.Group
	group.SetLimit(2)
	var games atomic.Int64
	for i := uint64(0); ctx.Err() == nil; i++ {
		group.Go(func() error {
			// Each game has its own stream: game i of seed s is the same
			// whatever the others did.
			r := rand.New(rand.NewPCG(seed, i))
			spec, failures := randomGame(r)
			sum.generationFailures(failures)
			gc, err := prepare(ctx, spec)
			if err != nil {
				if ctx.Err() == nil {
					sum.add(&outcome{Game: spec, Result: resultError, Kinds: kindsOf(spec),
						Violation: "the game does not solve: " + err.Error(), Repro: fmt.Sprintf("nimlab solve '%s'", spec)})
				}
				return nil
			}
			cands := candidates(ctx, gc, r, fuzzBudget)
			cands = slices.DeleteFunc(cands, func(c candidate) bool {
				class, _, _ := strings.Cut(c.origin, ":")
				return slices.Contains(strings.Split(*fuzzSkip, ","), class)
			})
			sum.add(o.runGame(ctx, gc, cands, r)...)
			// Sprague–Grundy formulas and region theorems (fuzzclaims_test.go).
			sum.add(o.runClaims(ctx, gc, claimCandidates(ctx, gc, r, fuzzClaimBudget))...)
			games.Add(1)
			return nil
		})
	}
	_ = group.Wait()
	close(done)
	progress.Wait()
	sum.Games = int(games.Load())
	sum.Seconds = time.Since(start).Seconds()
	t.Log(sum.String())
	sum.write(t)
	for _, v := range sum.Violations {
		t.Errorf("%s\n  game %s, expression %s (%s): %s\n  %s", v.Violation, v.Game, v.Expression, v.Origin, v.Result, v.Repro)
	}
}

// summary counts the pairs of a run.
type summary struct {
	mu           sync.Mutex
	Seed         uint64                    `json:"seed,omitempty"`
	Duration     string                    `json:"duration,omitempty"`
	QueryTimeout string                    `json:"query_timeout,omitempty"`
	Seconds      float64                   `json:"seconds,omitempty"`
	Games        int                       `json:"games"`
	Pairs        int                       `json:"pairs"`
	ByResult     map[string]int            `json:"by_result"`
	ByKind       map[string]map[string]int `json:"by_kind"`
	ByOrigin     map[string]map[string]int `json:"by_origin"`
	// ByRoute counts the proved pairs by each route their proof took.
	ByRoute map[string]int `json:"by_route"`
	// GenerationFailures counts the random specs that did not parse and
	// were drawn again.
	GenerationFailures int        `json:"generation_failures"`
	Violations         []*outcome `json:"violations"`
	// Slowest are the pairs that took longest.
	Slowest []*outcome `json:"slowest"`
	// Outcomes lists every pair (in the JSON file only).
	Outcomes []*outcome `json:"outcomes"`
}

// slowest is the number of pairs the summary keeps in Slowest.
const slowest = 10

func newSummary() *summary {
	return &summary{ByResult: map[string]int{}, ByKind: map[string]map[string]int{}, ByOrigin: map[string]map[string]int{},
		ByRoute: map[string]int{}, Violations: []*outcome{}, Slowest: []*outcome{}, Outcomes: []*outcome{}}
}

// write writes the summary as JSON to -prove.fuzz-out, if given.
func (s *summary) write(t *testing.T) {
	if *fuzzOut == "" {
		return
	}
	data, err := json.MarshalIndent(s.snapshot(), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(*fuzzOut, append(data, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}

func (s *summary) generationFailures(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.GenerationFailures += n
}

func (s *summary) add(outs ...*outcome) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, o := range outs {
		if o.Result == resultCancelled {
			continue
		}
		s.Pairs++
		s.ByResult[o.Result]++
		count := func(m map[string]map[string]int, key string) {
			if m[key] == nil {
				m[key] = map[string]int{}
			}
			m[key][o.Result]++
		}
		for _, k := range o.Kinds {
			count(s.ByKind, k)
		}
		origin, _, _ := strings.Cut(o.Origin, ":")
		count(s.ByOrigin, origin)
		for _, rt := range o.Routes {
			s.ByRoute[rt]++
		}
		if o.Violation != "" {
			s.Violations = append(s.Violations, o)
		}
		s.Outcomes = append(s.Outcomes, o)
		s.Slowest = append(s.Slowest, o)
		slices.SortStableFunc(s.Slowest, func(a, b *outcome) int { return cmp.Compare(b.Seconds, a.Seconds) })
		s.Slowest = s.Slowest[:min(len(s.Slowest), slowest)]
	}
}

// snapshot copies the counts for printing.
func (s *summary) snapshot() *summary {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := &summary{Seed: s.Seed, Duration: s.Duration, QueryTimeout: s.QueryTimeout, Seconds: s.Seconds, Games: s.Games, Pairs: s.Pairs,
		ByResult: maps.Clone(s.ByResult), ByRoute: maps.Clone(s.ByRoute), ByKind: map[string]map[string]int{}, ByOrigin: map[string]map[string]int{},
		GenerationFailures: s.GenerationFailures, Violations: slices.Clone(s.Violations), Slowest: slices.Clone(s.Slowest),
		Outcomes: slices.Clone(s.Outcomes)}
	for k, v := range s.ByKind {
		c.ByKind[k] = maps.Clone(v)
	}
	for k, v := range s.ByOrigin {
		c.ByOrigin[k] = maps.Clone(v)
	}
	return c
}

var resultOrder = []string{"proved", "refuted", "unknown", resultRefused, resultCompileError, resultError, resultPanic}

func countsLine(m map[string]int) string {
	var parts []string
	total := 0
	for _, r := range resultOrder {
		if m[r] > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", r, m[r]))
		}
		total += m[r]
	}
	return fmt.Sprintf("%d (%s)", total, strings.Join(parts, ", "))
}

// line is the one-line progress report.
func (s *summary) line() string {
	c := s.snapshot()
	return fmt.Sprintf("%d pairs: %s; %d violations", c.Pairs, countsLine(c.ByResult), len(c.Violations))
}

// String is the whole report.
func (s *summary) String() string {
	c := s.snapshot()
	var b strings.Builder
	fmt.Fprintf(&b, "prover fuzzer: %d games, %d pairs: %s\n", c.Games, c.Pairs, countsLine(c.ByResult))
	b.WriteString("by kind of game:\n")
	for _, k := range allKinds {
		fmt.Fprintf(&b, "  %-15s %s\n", k, countsLine(c.ByKind[k]))
	}
	b.WriteString("by origin of the expression:\n")
	for _, k := range slices.Sorted(maps.Keys(c.ByOrigin)) {
		fmt.Fprintf(&b, "  %-15s %s\n", k, countsLine(c.ByOrigin[k]))
	}
	b.WriteString("proved pairs by route:\n")
	for _, k := range slices.Sorted(maps.Keys(c.ByRoute)) {
		fmt.Fprintf(&b, "  %-32s %d\n", k, c.ByRoute[k])
	}
	if c.GenerationFailures > 0 {
		fmt.Fprintf(&b, "random specs that did not parse (drawn again): %d\n", c.GenerationFailures)
	}
	b.WriteString("slowest pairs:\n")
	for _, o := range c.Slowest {
		fmt.Fprintf(&b, "  %5.1f s (prove %.1f s) %s: %s\n", o.Seconds, o.ProveSeconds, o.Repro, o.Result)
	}
	fmt.Fprintf(&b, "violations: %d\n", len(c.Violations))
	groups := map[string]int{}
	for _, v := range c.Violations {
		groups[violationClass(v)]++
	}
	for _, k := range slices.Sorted(maps.Keys(groups)) {
		fmt.Fprintf(&b, "  %4d %s\n", groups[k], k)
	}
	for _, v := range c.Violations {
		fmt.Fprintf(&b, "  %s\n    %s (%s, %s)\n", v.Repro, firstLine(v.Violation), v.Origin, v.Result)
	}
	return b.String()
}

// violationClass groups violations by the origin of the expression and
// what went wrong (the words before the first colon).
func violationClass(o *outcome) string {
	class, _, _ := strings.Cut(o.Origin, ":")
	what, _, _ := strings.Cut(o.Violation, ":")
	return class + ": " + what
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// randomExpr builds a random expression over the piles: one to three
// comparisons, parities, xor relations or column sums, joined by && and ||.
func randomExpr(r *rand.Rand, names []string) string {
	pile := func() string { return names[r.IntN(len(names))] }
	subset := func(min int) []string {
		for {
			var s []string
			for _, x := range names {
				if r.IntN(2) == 0 {
					s = append(s, x)
				}
			}
			if len(s) >= min {
				return s
			}
			if len(names) < min {
				return names
			}
		}
	}
	term := func() string {
		switch r.IntN(5) {
		case 0:
			return fmt.Sprint(r.IntN(4))
		case 1:
			return pile() + " + " + pile()
		case 2:
			return pile() + " - " + pile()
		case 3:
			return "2 * " + pile()
		}
		return pile()
	}
	atom := func() string {
		switch r.IntN(7) {
		case 0:
			return fmt.Sprintf("(%s) %% %d == %d", strings.Join(subset(1), " + "), 2+r.IntN(3), r.IntN(2))
		case 1:
			return fmt.Sprintf("xor(%s) == 0", strings.Join(subset(2), ", "))
		case 2:
			return fmt.Sprintf("min(%s) == 0", strings.Join(subset(1), ", "))
		case 3:
			s := strings.Join(subset(1), ", ")
			return fmt.Sprintf("min(%s) == max(%s)", s, s)
		case 4:
			return fmt.Sprintf("colmod(%d, %s)", 2+r.IntN(2), strings.Join(subset(1), ", "))
		}
		op := []string{"==", "!=", "<", "<="}[r.IntN(4)]
		return term() + " " + op + " " + term()
	}
	e := atom()
	for range r.IntN(3) {
		e = "(" + e + ") " + []string{"&&", "||"}[r.IntN(2)] + " " + atom()
	}
	return e
}
