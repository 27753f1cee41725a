package discover_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/discover"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/table"
	"github.com/nimlab/nimlab/theory"
	"pgregory.net/rapid"
)

// TestRediscoversTheorems runs Discover on games whose P-positions a theorem
// of the papers characterizes, from tables of modest height, and compares
// the expression found with the theorem's own membership test on a box
// larger than the one Discover verified on.
func TestRediscoversTheorems(t *testing.T) {
	for _, tt := range []struct {
		spec    string
		max     int
		theorem string
	}{
		{"nim:3", 7, "nim"},
		{"cn:4,2", 6, "cn42"},
		{"cn:5,2", 6, "cn52"},
		{"cn:5,3", 6, "cn53"},
		{"cn:6,3", 5, "cn63"},
		{"cn:6,4", 5, "cn64"},
		{"cn:5,4", 5, "cn-n-1"},
		{"moore:4,2", 7, "moore"},
		{"moore:5,3", 5, "moore"},
		{"graph:1-2,2-3,1-3,3-4,4-1", 7, "binary-matroid"},
		{"binmat:1100,0110,0011,1001,1111", 5, "binary-matroid"},
		{"path:4,2", 7, "path-n-n-1"},
		{"path:6,3", 5, "path-n-n-1"},
		{"complex:1-2,1-3,2-3,3-4", 7, "figure6"},
		{"octa:2", 6, "octa"},
		{"cn:7,4", 5, "cn74"},    // regions by the minimum and whether it is 0
		{"cn:8,6", 4, "cn86"},    // regions by the zeros, e = min(x, a1 + a2)
		{"slow:2,1", 8, "mrule"}, // a parity
		{"slow:3,2", 8, "mrule"}, // invariants of the reduced position
		{"slow:4,3", 8, "mrule"},
		{"slow:5,4", 8, "mrule"},
	} {
		t.Run(tt.spec, func(t *testing.T) {
			ctx := context.Background()
			g, err := game.Parse(tt.spec)
			if err != nil {
				t.Fatal(err)
			}
			r, err := discover.Discover(ctx, g, discover.Options{Max: tt.max})
			if err != nil {
				t.Fatal(err)
			}
			if !r.Exact || r.VerifiedMax <= tt.max {
				t.Fatalf("%s: %q not exact up to %d (%s)", tt.spec, r.Expr, r.VerifiedMax, r.Method)
			}
			if c, ok := repeatedConjunct(r.Expr); ok {
				t.Errorf("%s: %q repeats %q", tt.spec, r.Expr, c)
			}
			th, rule, ok := theory.Find(ctx, g)
			if !ok || th.Name != tt.theorem {
				t.Fatalf("%s: theorem %v, want %s", tt.spec, th, tt.theorem)
			}
			e, err := check.Compile(r.Expr, g.Piles(), func() (*complex.Group, error) { return g.Symmetries(ctx) })
			if err != nil {
				t.Fatal(err)
			}
			accept := e.Evaluator()
			// Above the box learned on: past the one verified when small.
			box := table.Uniform(g.Piles(), r.VerifiedMax+2)
			for h := r.VerifiedMax + 1; box.Positions() > 1_000_000 && h >= r.VerifiedMax; h-- {
				box = table.Uniform(g.Piles(), h)
			}
			p := make(game.Position, g.Piles())
			for idx := range box.Positions() {
				box.Position(idx, p)
				isP, _, err := theory.Apply(th, rule, g, p)
				if err != nil {
					t.Fatal(err)
				}
				if accept(p) != isP {
					t.Fatalf("%s: %q says %v at %v, theorem %s says P = %v", tt.spec, r.Expr, accept(p), p, th.Name, isP)
				}
			}
		})
	}
}

// conjuncts splits an expression of Discover into its parts (joined by
// "||", each in sym() or parentheses or bare) and each part into its
// conjuncts.
func conjuncts(expr string) [][]string {
	var parts [][]string
	for _, part := range strings.Split(expr, " || ") {
		part = strings.TrimPrefix(part, "sym(")
		part = strings.TrimPrefix(part, "(")
		if strings.Count(part, "(") < strings.Count(part, ")") {
			part = strings.TrimSuffix(part, ")")
		}
		parts = append(parts, strings.Split(part, " && "))
	}
	return parts
}

// repeatedConjunct returns a conjunct that a part of expr holds twice.
func repeatedConjunct(expr string) (string, bool) {
	for _, part := range conjuncts(expr) {
		seen := map[string]bool{}
		for _, c := range part {
			if seen[c] {
				return c, true
			}
			seen[c] = true
		}
	}
	return "", false
}

// TestNoRedundantConjuncts: the descriptions of CN(6,2) (not exact) and
// CN(6,4) (exact) repeat no conjunct and leave out those their others imply:
// colmod(3, ...) beside colmod(6, ...), the xor relations of two piles that
// repeat the equalities, the parities and orders that those and the region's
// condition give, and the "b == 0" of a region whose piles all equal a == 0.
func TestNoRedundantConjuncts(t *testing.T) {
	for _, tt := range []struct {
		spec    string
		max     int
		exact   bool
		absent  []string // substrings of conjuncts that must be gone
		regions []string // parts written in full
	}{
		{"cn:6,2", 4, false, []string{"colmod(3,", "% 2 ==", "c <= a", "f <= e"}, []string{
			"a == b && a == c && a == d && a == e && a == f",
			"a == b && a == d && a == e && a > max(c, f) && c == f",
		}},
		// The region of a single minimum, widened to "a <= min(...)",
		// covers the other two (widen.go).
		{"cn:6,4", 5, true, []string{"b == 0", "c == 0", "f == 0"}, []string{
			"a <= min(b, c, d, e, f) && a + b == d + e && a + f == c + d && xor(a, c, e) == 0",
		}},
		// Six regions by the zeros; the last, widened to "a == 0",
		// covers the others: Dufour–Heubach–Vo 2021's statement.
		{"cn:8,6", 4, true, nil, []string{
			"a == 0 && b == c + d && b == f + g && b == h && e == min(b, c + g)",
		}},
	} {
		t.Run(tt.spec, func(t *testing.T) {
			g, err := game.Parse(tt.spec)
			if err != nil {
				t.Fatal(err)
			}
			r, err := discover.Discover(context.Background(), g, discover.Options{Max: tt.max})
			if err != nil {
				t.Fatal(err)
			}
			if r.Exact != tt.exact {
				t.Errorf("exact %v, want %v: %s", r.Exact, tt.exact, r.Expr)
			}
			if c, ok := repeatedConjunct(r.Expr); ok {
				t.Errorf("%q repeats %q", r.Expr, c)
			}
			var parts []string
			for _, part := range conjuncts(r.Expr) {
				parts = append(parts, strings.Join(part, " && "))
				for _, c := range part {
					for _, a := range tt.absent {
						if strings.Contains(c, a) {
							t.Errorf("%q holds %q", r.Expr, c)
						}
					}
				}
			}
			for _, want := range tt.regions {
				if !slices.Contains(parts, want) {
					t.Errorf("%q has no part %q", r.Expr, want)
				}
			}
		})
	}
}

// TestNeverClaimsMore: where no description fits, Discover says so, with
// counterexamples from the verification box, and the counts add up.
func TestNeverClaimsMore(t *testing.T) {
	// NIM(5,2). NIM(4,2), this test's game before, is now described by a
	// reduction by its invariance (1,1,1,1).
	g, err := game.Parse("slow:5,2")
	if err != nil {
		t.Fatal(err)
	}
	r, err := discover.Discover(context.Background(), g, discover.Options{Max: 6})
	if err != nil {
		t.Fatal(err)
	}
	if r.Exact || len(r.Counterexamples) == 0 || r.Covered > r.PPositions {
		t.Fatalf("slow:5,2: %+v", r)
	}
	if r.Verification.Agrees() {
		t.Fatal("the verification agrees, but Exact is false")
	}
	if r.LearnedExact || r.VerifiedMax != r.Max {
		t.Errorf("slow:5,2: exact on the learning box %v, verified on %d (learned on %d); want not, on the learning box", r.LearnedExact, r.VerifiedMax, r.Max)
	}
}

// TestLearnedExact: Result.LearnedExact says whether the description is
// exact on the box it was learned on. A description exact there and not on
// the larger verification box (NIM(4,3)'s band learned on piles 0..3 misses
// (5,5,5,5)) is not exact beyond the box, which is not nothing found: the
// counterexamples say where it fails.
func TestLearnedExact(t *testing.T) {
	ctx := context.Background()
	for _, tt := range []struct {
		spec, where    string
		max            int
		grundy         bool
		exact, learned bool
		verified       int
		counterexample game.Position // the first, when not exact
	}{
		{spec: "cn:6,3", max: 2, exact: true, learned: true, verified: 4},
		{spec: "slow:4,3", max: 3, learned: true, verified: 5, counterexample: game.Position{5, 5, 5, 5}},
		{spec: "nim:3", max: 1, learned: true, verified: 3, counterexample: game.Position{2, 0, 0}},
		{spec: "cn:6,2", max: 4, verified: 4}, // not exact where learned: checked there only
		{spec: "cn:7,5", where: "a == 0", max: 1, learned: true, verified: 3, counterexample: game.Position{0, 2, 1, 1, 1, 1, 2}},
		{spec: "cn:7,5", where: "a == 0", max: 2, exact: true, learned: true, verified: 4},
		{spec: "slow:3,2", max: 1, grundy: true, learned: true, verified: 3, counterexample: game.Position{0, 2, 2}},
		{spec: "cn:4,2", max: 1, grundy: true, verified: 1, counterexample: game.Position{0, 1, 0, 1}},
	} {
		name := fmt.Sprintf("%s --max %d --where %q --grundy=%v", tt.spec, tt.max, tt.where, tt.grundy)
		g, err := game.Parse(tt.spec)
		if err != nil {
			t.Fatal(err)
		}
		opts := discover.Options{Max: tt.max, Workers: 1}
		if tt.where != "" {
			if opts.Where, err = check.Compile(tt.where, g.Piles(), nil); err != nil {
				t.Fatal(err)
			}
		}
		var exact, learned bool
		var verified int
		var counterexamples []game.Position
		if tt.grundy {
			r, err := discover.Grundy(ctx, g, opts)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			exact, learned, verified, counterexamples = r.Exact, r.LearnedExact, r.VerifiedMax, r.Counterexamples
		} else {
			r, err := discover.Discover(ctx, g, opts)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			exact, learned, verified, counterexamples = r.Exact, r.LearnedExact, r.VerifiedMax, r.Counterexamples
		}
		if exact != tt.exact || learned != tt.learned || verified != tt.verified {
			t.Errorf("%s: exact %v, learned exact %v, verified to %d; want %v, %v, %d", name, exact, learned, verified, tt.exact, tt.learned, tt.verified)
		}
		if tt.counterexample != nil && (len(counterexamples) == 0 || !slices.Equal(counterexamples[0], tt.counterexample)) {
			t.Errorf("%s: counterexamples %v, want %v first", name, counterexamples, tt.counterexample)
		}
	}
}

func ExampleDiscover() {
	g, _ := game.Parse("cn:6,3")
	r, err := discover.Discover(context.Background(), g, discover.Options{Max: 5})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Expr)
	fmt.Println(r.Exact, r.VerifiedMax)
	// Output:
	// a + b == d + e && a + f == c + d
	// true 7
}

// reducedRule is the closed form read off Discover's tables for Exact Slow
// (n-1)-Nim, n = 3..7 (docs/findings.md, "A description of Exact Slow
// (n-1)-Nim"): cut every pile to the most moves a play can last; with j odd
// piles and total s mod 2(n-1), P iff j <= s <= 2n-4-j, or j = n and s = n-2.
func reducedRule(p game.Position) bool {
	n := len(p)
	moves := check.SlowMoves(n-1, p)
	odd, total := 0, 0
	for _, x := range p {
		r := min(x, moves)
		odd += r & 1
		total = (total + r%(2*(n-1))) % (2 * (n - 1))
	}
	return odd <= total && odd+total <= 2*n-4 || odd == n && total == n-2
}

// TestSlowSetNMinus1: Slow A-Nim on n piles with A = {n-1, n} is found as
// NIM(n,n-1)'s band of the reduced position without its exception (j = n,
// s = n-2: (3,3,3) of A-Nim(3,{2,3}) moves to (2,2,2), every pile even),
// exact on the verification box.
func TestSlowSetNMinus1(t *testing.T) {
	for n := 3; n <= 5; n++ {
		spec := fmt.Sprintf("slowset:%d,{%d,%d}", n, n-1, n)
		g, err := game.Parse(spec)
		if err != nil {
			t.Fatal(err)
		}
		r, err := discover.Discover(context.Background(), g, discover.Options{Max: 5})
		if err != nil {
			t.Fatal(err)
		}
		band := fmt.Sprintf("odd <= total && odd + total <= %d", 2*n-4)
		if !r.Exact || !strings.HasSuffix(r.Expr, band) || !strings.Contains(r.Expr, fmt.Sprintf("slowmoves(%d,", n-1)) {
			t.Errorf("%s: exact %v, %q; want the band %q of slowmoves(%d, ...) alone", spec, r.Exact, r.Expr, band, n-1)
		}
	}
}

// TestReducedRuleAgreesWithMRule compares that closed form with the M-rule
// (Gurvich–Martynov–Maximchuk–Vyalyi 2023: P iff the M-rule play-out has even length), which is proved,
// on random positions of 2 to 12 piles up to 10^15 tokens: far past any
// table Discover learned from.
func TestReducedRuleAgreesWithMRule(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(2, 12).Draw(t, "n")
		top := rapid.SampledFrom([]int{3, 20, 1000, 1e15}).Draw(t, "top")
		p := make(game.Position, n)
		for i := range p {
			p[i] = rapid.IntRange(0, top).Draw(t, fmt.Sprint("pile", i))
		}
		if got, want := reducedRule(p), theory.MPlayout(p)%2 == 0; got != want {
			t.Fatalf("%v: the closed form says P = %v, the M-rule %v", p, got, want)
		}
	})
}

// TestExpressionsCompile: every description discover prints, exact or not,
// widened regions included, compiles in check's language.
func TestExpressionsCompile(t *testing.T) {
	for _, tt := range []struct {
		spec string
		max  int
	}{
		{"cn:6,4", 3}, {"cn:8,6", 2}, {"cn:5,2", 3}, {"slow:4,3", 4}, {"necklace:6,3", 3}, {"path:6,2", 3},
	} {
		g, err := game.Parse(tt.spec)
		if err != nil {
			t.Fatal(err)
		}
		r, err := discover.Discover(context.Background(), g, discover.Options{Max: tt.max})
		if err != nil {
			t.Fatalf("%s: %v", tt.spec, err)
		}
		if _, err := check.Compile(r.Expr, g.Piles(), func() (*complex.Group, error) { return g.Symmetries(context.Background()) }); err != nil {
			t.Errorf("%s --max %d: %v", tt.spec, tt.max, err)
		}
	}
}

// TestSmallestFailure: of the smallest P-position missed and the smallest
// N-position accepted, the one of the smaller total, ties in the box's
// order.
func TestSmallestFailure(t *testing.T) {
	for _, tt := range []struct {
		missed, accepted []game.Position
		want             game.Position
		kind             string
	}{
		{[]game.Position{{7, 7, 7}}, nil, game.Position{7, 7, 7}, check.KindPNotAccepted},
		{[]game.Position{{3, 3, 0}}, []game.Position{{2, 0, 0}}, game.Position{2, 0, 0}, check.KindAcceptedNotP},
		{[]game.Position{{0, 0, 2}}, []game.Position{{2, 0, 0}}, game.Position{2, 0, 0}, check.KindAcceptedNotP},
		{[]game.Position{{2, 0, 0}}, []game.Position{{0, 0, 2}}, game.Position{2, 0, 0}, check.KindPNotAccepted},
		{nil, nil, nil, ""},
	} {
		rep := &check.Report{Examples: map[string][]game.Position{check.KindPNotAccepted: tt.missed, check.KindAcceptedNotP: tt.accepted}}
		if got, kind := discover.SmallestFailure(rep, 9); !slices.Equal(got, tt.want) || kind != tt.kind {
			t.Errorf("%v, %v: %v (%s), want %v (%s)", tt.missed, tt.accepted, got, kind, tt.want, tt.kind)
		}
	}
}
