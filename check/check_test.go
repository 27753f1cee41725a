package check

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
)

func compare(t *testing.T, spec string, h int, src string) *Report {
	t.Helper()
	g, err := game.Parse(spec)
	if err != nil {
		t.Fatal(err)
	}
	e, err := Compile(src, g.Piles(), func() (*complex.Group, error) { return g.Symmetries(context.Background()) })
	if err != nil {
		t.Fatal(err)
	}
	tab, err := solve.Table(context.Background(), g, table.Uniform(g.Piles(), h), solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := Compare(context.Background(), g, tab, e.Evaluator, 5)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestCompareCorrectCharacterizations(t *testing.T) {
	tests := []struct{ spec, expr string }{
		{"nim:3", "a ^ b ^ c == 0"},
		{"nim:3", "xor(a, b, c) == 0"},
		{"nim:2", "p1 == p2"},
		{"cn:6,3", "a+b == d+e && b+c == e+f"},         // Dufour–Heubach 2013, Theorem 3.2
		{"cn:6,3", "sym(a+b == d+e && b+c == e+f)"},    // the same set: it is symmetric
		{"cn:5,4", "min(a,b,c,d,e) == max(a,b,c,d,e)"}, // Dufour–Heubach 2013, Theorem 2.1(3)
		{"nim:3/misere", "max(a,b,c) <= 1 ? (a+b+c) % 2 == 1 : xor(a,b,c) == 0"},
		{"moore:4,2", "colmod(3, a, b, c, d)"}, // Ehrenborg–Steingrímsson 1996, Proposition 4.7
		{"nim:3", "colmod(2, a, b, c)"},
		// In the integers a + (2^63-1) > 0 always holds; modulo 2^64 it
		// failed at 40 positions (issue 30).
		{"slow:1,1", "(a % 2 == 0) == (a + 9223372036854775807 > 0)"},
	}
	for _, tt := range tests {
		r := compare(t, tt.spec, 5, tt.expr)
		if !r.Agrees() || r.Violations1 != 0 || r.Violations2 != 0 {
			t.Errorf("%s %q: %+v", tt.spec, tt.expr, r)
		}
	}
}

func TestCompareReportsWhy(t *testing.T) {
	// Half of Theorem 3.2: the set is too large, so moves stay inside it.
	r := compare(t, "cn:6,3", 4, "a+b == d+e")
	if r.Agrees() || r.AcceptedNotP == 0 || r.PNotAccepted != 0 || r.Violations1 == 0 {
		t.Fatalf("report %+v", r)
	}
	ex := r.Examples[KindAcceptedNotP]
	if len(ex) != 5 || sum(ex[0]) > sum(ex[4]) {
		t.Errorf("examples %v are not the 5 smallest first", ex)
	}
	if got := ex[0].String(); got != "0,0,1,0,0,0" {
		t.Errorf("smallest N-position accepted: %s, want 0,0,1,0,0,0", got)
	}
}

// TestViolationsMatchEnumeration checks conditions (I) and (II) against
// options enumerated one by one.
func TestViolationsMatchEnumeration(t *testing.T) {
	for _, tt := range []struct{ spec, expr string }{
		{"cn:5,2", "(a + 2*b + 3*c + d*e) % 4 == 0"},
		{"path:4,2", "a == c && b == d"},
		{"graph:1-2,2-3,1-3", "a + b == c"},
		{"nim:2", "a % 3 == b % 3"},
		{"slow:3,2", "a % 2 == 0 && b % 2 == 0"},
		{"slow(cn:4,2)", "a == c"},
		{"nim:2 & slow:2,2", "a == b || c > d"},
		{"slow:3,2/misere", "a + b + c == 1"},
	} {
		g, _ := game.Parse(tt.spec)
		r := compare(t, tt.spec, 4, tt.expr)
		e, _ := Compile(tt.expr, g.Piles(), nil)
		in := e.Evaluator()
		box := table.Uniform(g.Piles(), 4)
		var v1, v2 int64
		p := make(game.Position, g.Piles())
		for idx := range box.Positions() {
			box.Position(idx, p)
			// In misère play a terminal position counts as having a move into S.
			has := g.Misere && g.IsTerminal(p)
			for q := range g.Options(p) {
				if in(q) {
					has = true
					break
				}
			}
			if in(p) && has {
				v1++
			}
			if !in(p) && !has {
				v2++
			}
		}
		if r.Violations1 != v1 || r.Violations2 != v2 {
			t.Errorf("%s %q: violations (%d, %d), enumeration (%d, %d)", tt.spec, tt.expr, r.Violations1, r.Violations2, v1, v2)
		}
	}
}

// TestXorBesideArithmetic: ^ next to arithmetic in one group is refused,
// since Go and the parser order them differently; parentheses, a sign on
// its right operand, and comparisons or commas between them are not.
func TestXorBesideArithmetic(t *testing.T) {
	for _, tt := range []struct {
		expr    string
		refused bool
	}{
		{"2 * a ^ b == 0", true},
		{"a + b ^ c == 0", true},
		{"a ^ b - 1 == 0", true},
		{"-a ^ b == 0", true},
		{"a ^ b ** 2 == 0", true},
		{"a ^ -b ^ c == 0", true},
		{"min(a, b + c ^ a) == 0", true},
		{"(2 * a) ^ b == 0", false},
		{"2 * (a ^ b) == 0", false},
		{"a ^ b == c + 1", false},
		{"a ^ -1 == b", false},
		{"xor(a + b, c ^ a) == 0", false},
		{"let mm = a + b; mm ^ c == 0", false},
		{"a == 1 ? b ^ c : b + c", false},
		{"min(a, b) ^ min(b, c) ^ a == 0", false},
	} {
		_, err := Compile(tt.expr, 3, nil)
		if got := errors.Is(err, ErrXorBesideArithmetic); got != tt.refused {
			t.Errorf("Compile(%q): %v; refused for ^ beside arithmetic: %v, want %v", tt.expr, err, got, tt.refused)
		}
		if !tt.refused && err != nil {
			t.Errorf("Compile(%q): %v", tt.expr, err)
		}
	}
}

func TestCompileErrors(t *testing.T) {
	for _, tt := range []struct{ expr, mention string }{
		{"a + ", "expression"},
		{"a + z", "unknown name \"z\""},
		{"p7 == 0", "unknown name"},
		{"foo(a)", "unknown function"},
		{"abs(a, b)", "takes one"},
		{"sym(sym(a == 0))", "inside sym"},
		{`a == "x"`, "unsupported"},
		{"let x = 1; x", "two or more letters"},
		{"let p2 = 1; p2", "names a pile"},
		{"(let mm = a; mm) + mm", "unknown name \"mm\""},
		{"slowmoves(2)", "takes a number of piles k"},
		{"slowmoves(0, a, b) == 0", "of at least 1"},
		{"slowmoves(-1, a, b) == 0", "of at least 1"},
		{"slowmoves(0.0, a, b) == 0", "not an integer"},
		{"a == 1.5", "not an integer"},
		{"x == y", "unknown name \"x\""},
		{"a+b = c", "write == to compare"},
		{"let mm = a; mm = b", "write == to compare"},
		{"a == b & b == c", `a single & at column 8: write &&, or "and"`},
		{"a == b | b == c", `write ||, or "or"`},
		{"a == b == c", "two comparisons chained at column 8"},
		{"a < b <= c && c > 0", "two comparisons chained"},
	} {
		_, err := Compile(tt.expr, 3, nil)
		if err == nil || !strings.Contains(err.Error(), tt.mention) || strings.Contains(err.Error(), "\n") {
			t.Errorf("Compile(%q): %v, want one line mentioning %q", tt.expr, err, tt.mention)
		}
	}
}

// TestLet: a let is computed once per evaluation, read in its body, shadows
// an outer let of the same name, and is recomputed under each symmetry sym()
// tries.
func TestLet(t *testing.T) {
	g, _ := game.Parse("cn:3,2")
	grp, _ := g.Symmetries(context.Background())
	for _, tt := range []struct {
		src  string
		p    game.Position
		want bool
	}{
		{"let sum = a + b; sum == c", game.Position{1, 2, 3}, true},
		{"let sum = a + b; sum == c", game.Position{1, 2, 4}, false},
		{"let xx = a; (let xx = b; xx == 2) && xx == 1", game.Position{1, 2, 0}, true},
		{"let xx = a; (let xx = b; xx == 2) && xx == 2", game.Position{1, 2, 0}, false},
		{"sym(let first = a; first == 5)", game.Position{0, 0, 5}, true},
		{"sym(let first = a; first == 6)", game.Position{0, 0, 5}, false},
	} {
		e, err := Compile(tt.src, 3, func() (*complex.Group, error) { return grp, nil })
		if err != nil {
			t.Fatal(err)
		}
		if got := e.Evaluator()(tt.p); got != tt.want {
			t.Errorf("%s at %v: %v, want %v", tt.src, tt.p, got, tt.want)
		}
	}
}

// TestLetEvaluatorsConcurrently builds evaluators of an expression with lets
// from several goroutines at once, as Compare does: each has its own slots.
func TestLetEvaluatorsConcurrently(t *testing.T) {
	e, err := Compile("let moves = slowmoves(2, a, b, c); let total = min(a, moves) + min(b, moves) + min(c, moves); total == 2 * moves", 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			holds := e.Evaluator()
			for x := range 200 {
				// (x, x, 5x): the third pile is cut to 2x, the total is 4x = 2·moves.
				// (x, x, x): 3x tokens, floor(3x/2) moves.
				if !holds(game.Position{x, x, 5 * x}) || holds(game.Position{x, x, x}) != (x%2 == 0) {
					t.Errorf("wrong at x = %d", x)
					return
				}
			}
		}()
	}
	wg.Wait()
}

// longestSlowPlay is the most moves a play of NIM(n,k) lasts from p, by
// enumerating every play.
func longestSlowPlay(k int, p []int, memo map[string]int) int {
	key := fmt.Sprint(p)
	if v, ok := memo[key]; ok {
		return v
	}
	best := 0
	for s := range complex.KSubsets(len(p), k) {
		q := slices.Clone(p)
		ok := true
		for i := range q {
			if s.Has(i) {
				if q[i] == 0 {
					ok = false
				}
				q[i]--
			}
		}
		if ok {
			best = max(best, 1+longestSlowPlay(k, q, memo))
		}
	}
	memo[key] = best
	return best
}

// TestSlowMoves compares SlowMoves with the longest play found by
// enumeration on every position of small boxes, and checks it at the top of
// int, where the sums leave 64 bits.
func TestSlowMoves(t *testing.T) {
	for n := 1; n <= 4; n++ {
		for k := 1; k <= n; k++ {
			memo := map[string]int{}
			box := table.Uniform(n, 5)
			p := make(game.Position, n)
			for idx := range box.Positions() {
				box.Position(idx, p)
				if got, want := SlowMoves(k, p), longestSlowPlay(k, p, memo); got != want {
					t.Fatalf("SlowMoves(%d, %v) = %d, longest play %d", k, p, got, want)
				}
			}
		}
	}
	top := math.MaxInt
	for _, tt := range []struct {
		k     int
		piles []int
		want  int
	}{
		{1, []int{top, top}, top},         // the true count 2^64-2 does not fit: saturates
		{2, []int{top, top, top}, top},    // floor(3·top/2) > top: saturates
		{2, []int{top, top}, top},         // both piles every move
		{2, []int{top, 1}, 1},             // the small pile ends it
		{3, []int{top, top, top, 3}, top}, // top+1: saturates
		{3, []int{top, top, 5, 5}, 10},
		{0, []int{1, 2}, 0},
		{2, []int{-4, 7, 7}, 7},
	} {
		if got := SlowMoves(tt.k, tt.piles); got != tt.want {
			t.Errorf("SlowMoves(%d, %v) = %d, want %d", tt.k, tt.piles, got, tt.want)
		}
	}
}

func ExampleCompile() {
	e, err := Compile("a ^ b ^ c == 0", 3, nil)
	if err != nil {
		panic(err)
	}
	holds := e.Evaluator()
	fmt.Println(holds(game.Position{1, 2, 3}), holds(game.Position{1, 2, 4}))
	// Output: true false
}

func TestProperties(t *testing.T) {
	props := func(spec string, h int) map[string]Property {
		g, _ := game.Parse(spec)
		tab, err := solve.Table(context.Background(), g, table.Uniform(g.Piles(), h), solve.Options{})
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]Property{}
		list, err := Properties(context.Background(), tab)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range list {
			out[p.Name] = p
		}
		return out
	}
	// CN(6,3)'s P-positions are a lattice cone (Theorem 3.2): every property holds.
	for name, p := range props("cn:6,3", 6) {
		if !p.Holds || p.Checked == 0 {
			t.Errorf("cn:6,3 %s: %+v", name, p)
		}
	}
	// Nim: doubling keeps the xor 0, but (1,1,0) + (1,0,1) = (2,1,1) is N;
	// (1,1,1) is N, so the conditional properties test nothing.
	nim := props("nim:3", 7)
	if nim["addition"].Holds || !nim["doubling"].Holds || nim["plus-ones"].Checked != 0 {
		t.Errorf("nim:3: %+v", nim)
	}
	// Nim on 4 piles: (1,1,1,1) is P, but for instance (1,2,3,0) + (1,1,1,1) =
	// (2,3,4,1) has xor 6.
	nim4 := props("nim:4", 5)
	if nim4["plus-ones"].Holds {
		t.Errorf("nim:4 plus-ones: %+v", nim4["plus-ones"])
	}
	if ce := nim4["plus-ones"].Counterexample; len(ce) != 2 || !isPlusOne(ce[0], ce[1]) {
		t.Errorf("nim:4 plus-ones counterexample %v", ce)
	}
}

// isPlusOne reports whether q = p + (1,...,1).
func isPlusOne(p, q game.Position) bool {
	for i := range p {
		if q[i] != p[i]+1 {
			return false
		}
	}
	return true
}

// TestConjecture81FailsOnC72 records a disagreement with
// Ehrenborg–Steingrímsson 1996, Conjecture 8.1, on a table built by the
// reference engine: (1,...,1) is a P-position of CN(7,2), so is
// (3,0,2,0,1,0,0) (Nim (3,2,1) on pairwise non-adjacent stacks), but
// (4,1,3,1,2,1,1) is an N-position. The paper's own example is reproduced.
func TestConjecture81FailsOnC72(t *testing.T) {
	g, _ := game.Parse("cn:7,2")
	tab, err := solve.Reference(context.Background(), g, table.Box{4, 3, 3, 3, 2, 2, 1}, solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		p    game.Position
		want bool
	}{{game.Position{1, 1, 1, 1, 1, 1, 1}, true}, {game.Position{3, 0, 2, 0, 1, 0, 0}, true}, {game.Position{4, 1, 3, 1, 2, 1, 1}, false},
		// The paper's example after the conjecture: its converse fails.
		{game.Position{3, 3, 2, 3, 2, 2, 1}, true}, {game.Position{2, 2, 1, 2, 1, 1, 0}, false}} {
		if tab.IsP(c.p) != c.want {
			t.Errorf("%v: P = %v, want %v", c.p, tab.IsP(c.p), c.want)
		}
	}
}
