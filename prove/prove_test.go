package prove

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/prove/proof"
)

// solver returns z3, or skips the test when it is not installed (CI installs
// it, and NIMLAB_PROVE_TESTS=1 makes its absence a failure).
func solver(t *testing.T) *Solver {
	t.Helper()
	s, err := FindSolver(context.Background(), "z3")
	if errors.Is(err, ErrNoSolver) {
		if os.Getenv("NIMLAB_PROVE_TESTS") == "1" {
			t.Fatal("NIMLAB_PROVE_TESTS=1 but z3 is missing: apt-get install z3")
		}
		t.Skip("z3 is not installed (apt-get install z3); NIMLAB_PROVE_TESTS=1 makes this a failure")
	}
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func compile(t *testing.T, spec, src string) (*game.Game, *check.Expr) {
	t.Helper()
	g, err := game.Parse(spec)
	if err != nil {
		t.Fatal(err)
	}
	e, err := check.Compile(src, g.Piles(), func() (*complex.Group, error) { return g.Symmetries(context.Background()) })
	if err != nil {
		t.Fatal(err)
	}
	return g, e
}

// evaluator runs z3 on ground terms: after defs, each term is simplified to
// its value (true, false or a numeral).
func evaluate(t *testing.T, s *Solver, defs string, terms []string) []string {
	t.Helper()
	var in strings.Builder
	in.WriteString(defs)
	for _, term := range terms {
		fmt.Fprintf(&in, "(simplify %s)\n", term)
	}
	return run(t, s, in.String(), len(terms))
}

// run gives z3 the script and returns the lines it answers, which must be
// want.
func run(t *testing.T, s *Solver, script string, want int) []string {
	t.Helper()
	cmd := exec.Command(s.Path, "-in", "-smt2")
	cmd.Stdin = strings.NewReader(script)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("z3: %v\n%s", err, out)
	}
	var got []string
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if line := strings.TrimSpace(sc.Text()); line != "" {
			got = append(got, line)
		}
	}
	if len(got) != want {
		t.Fatalf("z3 answered %d lines, not %d: %q", len(got), want, got[:min(len(got), 5)])
	}
	return got
}

// box lists every position with piles 0..h.
func box(n, h int) []game.Position {
	var out []game.Position
	p := make(game.Position, n)
	for {
		out = append(out, slices.Clone(p))
		i := 0
		for ; i < n && p[i] == h; i++ {
			p[i] = 0
		}
		if i == n {
			return out
		}
		p[i]++
	}
}

func args(p game.Position) string {
	var parts []string
	for _, v := range p {
		parts = append(parts, numeral(v))
	}
	return strings.Join(parts, " ")
}

func params(n int, prefix string) string {
	var parts []string
	for i := range n {
		parts = append(parts, fmt.Sprintf("(%s%d Int)", prefix, i))
	}
	return strings.Join(parts, " ")
}

// TestMoveRelationIsTheGames compares the encoded move relation with
// game.CheckMove on every pair of positions of a box, for games of every
// kind of move.
func TestMoveRelationIsTheGames(t *testing.T) {
	s := solver(t)
	specs := []struct {
		spec string
		h    int
	}{
		{"nim:2", 3}, {"cn:4,2", 2}, {"cn:5,3", 1}, {"path:3,2", 2}, {"moore:3,2", 2},
		{"complex:1-2,2-3", 2}, {"graph:1-2,2-3,1-3", 2}, {"octa:2", 1},
		{"slow:3,2", 2}, {"slowle:3,2", 2}, {"slowset:3,{1,3}", 2}, {"slow(cn:4,2)", 2},
		{"hyper:1-2,2-3", 2}, {"exact:3,2", 2},
		{"fixed(cn:4,2; 2)", 3}, {"fixedall(cn:4,2; 1)", 2}, {"atleast(cn:4,2; 2)", 3},
		{"total(path:3,2; 3)", 3}, {"exactly(path:3,2; 2)", 2},
		{"wythoff(cn:4,2)", 2}, {"nim:1 + slow:2,1", 2}, {"nim:2 & slow:2,2", 2}, {"cn:3,2/misere", 2},
	}
	for _, tt := range specs {
		t.Run(tt.spec, func(t *testing.T) {
			g, e := compile(t, tt.spec, "a == a")
			enc, err := newEncoding(g, e, nil)
			if err != nil {
				t.Fatal(err)
			}
			n := g.Piles()
			defs := fmt.Sprintf("(define-fun move (%s %s) Bool %s)\n", params(n, "p"), params(n, "q"), enc.move(pileVar("p"), pileVar("q")))
			positions := box(n, tt.h)
			var terms []string
			var want []bool
			for _, p := range positions {
				for _, q := range positions {
					terms = append(terms, "(move "+args(p)+" "+args(q)+")")
					want = append(want, g.IsMove(p, q))
				}
			}
			got := evaluate(t, s, defs, terms)
			moves := 0
			for i := range terms {
				if (got[i] == "true") != want[i] || got[i] != "true" && got[i] != "false" {
					t.Fatalf("%s: z3 says %s, the game says %v", terms[i], got[i], want[i])
				}
				moves += b2i(want[i])
			}
			if moves == 0 {
				t.Fatal("no moves in the box: the test compares nothing")
			}
		})
	}
}

// TestExpressionIsTheEvaluators compares the encoded expressions with check's
// evaluator at every position of a box. Piles are never negative where a
// query asks S (an option's S is conjoined with its legality), and the
// encoding relies on it: % and / of a term that cannot be negative are
// SMT-LIB's mod and div. Terms built from the piles still go negative
// (a - 2*b), and there the encoding must follow Go's rounding.
func TestExpressionIsTheEvaluators(t *testing.T) {
	s := solver(t)
	tests := []struct{ spec, expr string }{
		{"cn:6,3", "a+b == d+e && b+c == e+f"},
		{"cn:5,4", "min(a,b,c,d,e) == max(a,b,c,d,e)"},
		{"cn:4,2", "sym(a == c && b <= d) || !(a - b > 1)"},
		{"nim:3", "(a - 2*b) / 3 + (c - a) % 3 == -1 ? abs(a - c) : max(a, b - c) / -2 == 0"},
		{"nim:3", "let ab = a + b; let cc = c * 2; ab % 4 == cc % 4 || ab ** 1 == 3 && c ** 0 == 1"},
		{"nim:3", "(a < b) + (b < c) == 1 && (a == b) == (b == c)"},
		{"slow:4,3", "let moves = slowmoves(3, a, b, c, d); let odd = min(a, moves) % 2 + min(b, moves) % 2 + min(c, moves) % 2 + min(d, moves) % 2; let total = (min(a, moves) + min(b, moves) + min(c, moves) + min(d, moves)) % 6; odd == 0 || odd == 1 && (total == 1 || total == 3) || odd == 2 && total == 2 || odd == 4 && total == 2"},
		{"nim:3", "slowmoves(2, a - 1, b, c) == slowmoves(4, a, b, c) + slowmoves(1, a - a, b - b)"},
		{"nim:3", "a ^ b ^ c == 0"},
		{"nim:3", "xor(5, 3, 0) + (a ^ 0) == xor(b, 0) + 6 || a > c"},                                         // folded: linear
		{"nim:3", "let mm = min(a, b); let kk = mm ^ c; kk ^ (a ^ b) == xor(kk, c, 1) || (a ^ (b ^ a)) == c"}, // let, flattening, cancelling
		{"cn:6,4", "a + b == d + e && b + c == e + f && min(a, d) ^ min(b, e) ^ min(c, f) == 0"},
		{"nim:3", "(a ^ b) + (-9223372036854775807 - 1) / 2 < c - 4611686018427387904"}, // math.MinInt folded
		{"nim:3", "xor(a - 2, b, -c) < 1 && (a ^ -1) % 3 != b / -2"},
		{"nim:3", "min(a, b) % 2 + max(a - 3, c) % -3 + (a + 2 * b) / 3 + abs(a - c) % 2 + (b > c) % 2 == (a ^ c) % 3 + max(-a, -b) / 2"},
		{"nim:3", "(a < b ? a - c : b + c) % 4 == 1 || (a % 3) / 2 == c"},
		{"moore:4,2", "colmod(3, a, b, c, d)"},
		{"moore:4,2", "colmod(2, a, b - 1, c) || colmod(1, d - 1) && colmod(0, a)"},
		{"cn:6,4", "sym(a + b == d + e && b + c == e + f && a ^ c ^ e == 0 && min(a, c, e) == min(a, b, c, d, e, f))"},
		// min and max of 3 and more terms with the nim-sums uninterpreted
		// (written without names: each term compared with every other),
		// ties included.
		{"nim:4", "xor(a, b, c, d) == max(a, b, c, d) - min(b, c, d, a) || max(a, a, b, c) == xor(min(a, b, c), d) + min(c, c, a)"},
		// The reduction's shape (discover): with a pile empty, the least
		// of terms never negative is 0, x - 0 and x + 0 are x, and a
		// constant side of && or || decides it; min(a - b, 0) is not
		// folded (a - b may be negative), nor max(0, -a).
		{"nim:4", "let mn = min(a, b, d); let ra = a - mn; let rb = b - mn; (ra == 0 && (rb == c + d - mn || true && c == 0)) || max(a, 0, b + 0) == c - 0 && (false || 0 + d == min(a - b, 0) + max(0, -a) + 1)"},
	}
	for _, tt := range tests {
		for _, mode := range []string{"presburger", "bitvector", "nimsum"} {
			t.Run(mode+" "+tt.expr, func(t *testing.T) {
				g, e := compile(t, tt.spec, tt.expr)
				a := arith{}
				if mode == "nimsum" {
					a.nimSums = newNimSums()
				}
				_, widest, err := translateExpr(e, pileVar("p"), arith{width: map[string]int{"presburger": 0, "bitvector": 1}[mode], nimSums: a.nimSums})
				switch {
				case mode != "bitvector" && errors.Is(err, errNeedsBits):
					t.Skip("needs bit-vectors")
				case mode == "nimsum" && errors.Is(err, errTooLong):
					t.Skip("too long for the nim-sum route, which writes every let out")
				case err != nil:
					t.Fatal(err)
				case mode == "bitvector":
					a = arith{width: bitsFor(widest)}
				case mode == "nimsum" && len(a.nimSums.arities) == 0:
					t.Skip("no nim-sum")
				}
				compareWithEvaluator(t, s, g, e, a, false)
				// Each position's empty piles written as 0 (a region's
				// zeros, Claim.zeros) and folded: the same formula.
				compareWithEvaluator(t, s, g, e, a, true)
			})
		}
	}
}

// compareWithEvaluator evaluates the encoded expression at every position
// of a small box and compares it with check's evaluator; with zeroed, the
// position's empty piles are translated as the constant 0 (Claim.zeros).
func compareWithEvaluator(t *testing.T, s *Solver, g *game.Game, e *check.Expr, a arith, zeroed bool) {
	t.Helper()
	n := g.Piles()
	h := map[bool]int{true: 2, false: 4}[n > 4]
	var terms []string
	var want []bool
	eval := e.Evaluator()
	accepted := 0
	for _, p := range box(n, h) {
		var zero func(i int) bool
		if zeroed {
			zero = func(i int) bool { return p[i] == 0 }
		}
		src, _, err := translate(e, func(i int) string { return a.num(p[i]) }, zero, a, translator.asBool)
		if err != nil {
			t.Fatal(err)
		}
		// A ground formula is satisfiable exactly when it is true.
		terms = append(terms, "(push)\n(assert "+src+")\n(check-sat)\n(pop)\n")
		want = append(want, eval(p))
		accepted += b2i(eval(p))
	}
	if accepted == 0 || accepted == len(want) {
		t.Fatalf("the expression is constant on the box: the test compares nothing")
	}
	var defs strings.Builder
	if a.nimSums != nil {
		// The nim-sums as the real nim-sum: the uninterpreted encoding
		// then means what the evaluator computes.
		for k := range a.nimSums.arities {
			defs.WriteString(realNimSum(k))
		}
	}
	got := run(t, s, defs.String()+strings.Join(terms, ""), len(terms))
	for i := range terms {
		if (got[i] == "sat") != want[i] || got[i] != "sat" && got[i] != "unsat" {
			t.Fatalf("%s: z3 says %s, the evaluator says %v", terms[i], got[i], want[i])
		}
	}
}

// TestGoDivisionIsSMTs: for non-negative x and positive c, Go's / and %
// agree with SMT-LIB's div and mod; the encoding of the others is checked
// by TestExpressionIsTheEvaluators on negative values.
func TestGoDivisionIsSMTs(t *testing.T) {
	s := solver(t)
	var terms, want []string
	for x := -7; x <= 7; x++ {
		for _, c := range []int{-3, -2, 1, 2, 5} {
			terms = append(terms, truncDiv(numeral(x), c))
			want = append(want, numeral(x/c))
		}
	}
	got := evaluate(t, s, "", terms)
	for i := range terms {
		if got[i] != want[i] {
			t.Errorf("%s = %s, Go says %s", terms[i], got[i], want[i])
		}
	}
}

func TestSlowMovesClosedForm(t *testing.T) {
	for k := 0; k <= 5; k++ {
		for _, p := range box(4, 6) {
			for i := range p {
				p[i] -= 1
			}
			if got, want := SlowMovesClosedForm(k, p), check.SlowMoves(k, p); got != want {
				t.Fatalf("k = %d, piles %v: closed form %d, SlowMoves %d", k, p, got, want)
			}
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		piles := rapid.SliceOfN(rapid.IntRange(-3, 1<<40), 1, 7).Draw(t, "piles")
		k := rapid.IntRange(0, 8).Draw(t, "k")
		if got, want := SlowMovesClosedForm(k, piles), check.SlowMoves(k, piles); got != want {
			t.Fatalf("k = %d, piles %v: closed form %d, SlowMoves %d", k, piles, got, want)
		}
	})
}

func prove(t *testing.T, spec, expr string) *Result {
	t.Helper()
	g, e := compile(t, spec, expr)
	r, err := Prove(context.Background(), g, e, Options{Solver: solver(t), Timeout: 2 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestProvesAndRefutes: true characterizations are proved; each broken one
// (a clause dropped, a constant shifted, a change only where a pile is
// empty) is refuted with a counterexample the engine confirms.
func TestProvesAndRefutes(t *testing.T) {
	tests := []struct {
		spec, expr string
		want       proof.Result
	}{
		{"cn:6,3", "a+b == d+e && b+c == e+f", Proved},
		{"cn:6,3", "a+b == d+e", Refuted},                 // a clause dropped: (I) fails
		{"cn:6,3", "a+b == d+e && b+c == e+f+1", Refuted}, // a constant shifted
		{"cn:5,4", "min(a,b,c,d,e) == max(a,b,c,d,e)", Proved},
		{"cn:4,2", "a == c && b == d", Proved},
		{"cn:4,2", "a == c && b == d && a + b != 3", Refuted},
		{"nim:2", "a == b", Proved},
		{"nim:2/misere", "a == b", Refuted},
		{"nim:1/misere", "a == 1", Proved},
		{"nim:1/misere", "a == 1 || a == 0", Refuted}, // (III): the terminal position
		{"slow:2,1", "(a + b) % 2 == 0", Proved},
		{"slow:3,2", "let moves = slowmoves(2, a, b, c); let odd = min(a, moves) % 2 + min(b, moves) % 2 + min(c, moves) % 2; let total = (min(a, moves) + min(b, moves) + min(c, moves)) % 4; odd <= total && odd + total <= 2 || odd == 3 && total == 1", Proved},
		// The same set but where a pile is empty: only positions with an
		// empty pile differ, so an encoding that dropped them would prove it.
		{"slow:3,2", "let moves = slowmoves(2, a, b, c); let odd = min(a, moves) % 2 + min(b, moves) % 2 + min(c, moves) % 2; let total = (min(a, moves) + min(b, moves) + min(c, moves)) % 4; (odd <= total && odd + total <= 2 || odd == 3 && total == 1) != (a * 0 + min(a, b, c) == 0 && a + b + c == 2)", Refuted},
		{"cn:6,3", "a * b == 0", Undecided},
		{"nim:3", "a ^ b ^ c == 0", Proved}, // bit-vectors
		{"nim:3", "a ^ b ^ c == 0 || a == b + 1", Refuted},
		{"nim:3", "a ^ b ^ (c + 1) == 0", Refuted},
	}
	for _, tt := range tests {
		t.Run(tt.spec+" "+tt.expr, func(t *testing.T) {
			r := prove(t, tt.spec, tt.expr)
			if r.Result != tt.want {
				t.Fatalf("%s, want %s: %+v", r.Result, tt.want, r)
			}
			switch r.Result {
			case Refuted:
				ce := r.Counterexample
				if ce == nil || ce.Checked != "engine" {
					t.Fatalf("refuted without an engine-checked counterexample: %+v", r)
				}
			case Undecided:
				if r.Reason == "" {
					t.Fatal("unknown without a reason")
				}
			}
		})
	}
}

// TestNeverProvedWithoutASolver: a missing or failing solver gives unknown.
func TestNeverProvedWithoutASolver(t *testing.T) {
	g, e := compile(t, "cn:6,3", "a+b == d+e && b+c == e+f")
	for _, s := range []*Solver{
		{Name: "z3", Path: "/nonexistent/z3"},
		{Name: "z3", Path: "/bin/false"},
		{Name: "z3", Path: "/bin/cat"}, // echoes the script: not an answer
	} {
		r, err := Prove(context.Background(), g, e, Options{Solver: s, Timeout: 2 * time.Second, NoSymmetry: true})
		if err != nil {
			t.Fatal(err)
		}
		if r.Result != Undecided || r.Reason == "" {
			t.Errorf("%s: %s (%s)", s.Path, r.Result, r.Reason)
		}
		// Each condition is unsettled, of a kind the front ends decide on.
		if len(r.Unsettled) != len(r.Conditions) {
			t.Errorf("%s: unsettled %v, conditions %d", s.Path, r.Unsettled, len(r.Conditions))
		}
		for i, u := range r.Unsettled {
			if u.Kind != ReasonSolver || u.Condition != r.Conditions[i].Name || r.Conditions[i].ReasonKind != ReasonSolver {
				t.Errorf("%s: unsettled %v, conditions %+v", s.Path, r.Unsettled, r.Conditions)
			}
		}
	}
}

// TestBeyondIsItsOwnKind: a claim false only at piles above 2^63-1 is
// unknown with the kind beyond, not a solver's failure.
func TestBeyondIsItsOwnKind(t *testing.T) {
	g, e := compile(t, "nim:2", "a == b || a > 9223372036854775807")
	r, err := Prove(context.Background(), g, e, Options{Solver: solver(t), Timeout: 20 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if r.Result != Undecided || len(r.Unsettled) == 0 {
		t.Fatalf("%s, unsettled %v: want unknown", r.Result, r.Unsettled)
	}
	for _, u := range r.Unsettled {
		if u.Kind != ReasonBeyond {
			t.Errorf("unsettled %v, want the kind %q", r.Unsettled, ReasonBeyond)
		}
	}
}

// TestUnencodableHasNoConditions: an expression outside what can be encoded
// is unknown, names the operator, and lists no conditions (an empty list in
// JSON, not null).
func TestUnencodableHasNoConditions(t *testing.T) {
	g, e := compile(t, "cn:6,3", "a * b == 0")
	r, err := Prove(context.Background(), g, e, Options{Solver: &Solver{Name: "z3", Path: "/nonexistent/z3"}})
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	if r.Result != Undecided || !strings.Contains(r.Reason, "a * b") || !strings.Contains(string(data), `"conditions":[]`) {
		t.Errorf("%s (%s): %s", r.Result, r.Reason, data)
	}
}

// TestSMTFilesAnswerTheSame: the files --smt-out writes, run by z3 alone,
// answer as the proof did.
func TestSMTFilesAnswerTheSame(t *testing.T) {
	s := solver(t)
	dir := t.TempDir()
	nim := [][]string{{"xor(b, c)", "b", "c"}, {"a", "xor(a, c)", "c"}, {"a", "b", "xor(a, b)"}}
	for _, tt := range []struct {
		spec, expr, want string
		moves            [][]string
	}{
		{"cn:6,3", "a+b == d+e && b+c == e+f", "unsat", nil},
		{"cn:6,3", "a+b == d+e", "sat", nil},
		{"nim:3", "a ^ b ^ c == 0", "unsat", nim}, // with the nim-sum uninterpreted
	} {
		g, e := compile(t, tt.spec, tt.expr)
		r, err := Prove(context.Background(), g, e, Options{Solver: s, Timeout: time.Minute, SMTOut: dir, Moves: tt.moves})
		if err != nil {
			t.Fatal(err)
		}
		sawWant := false
		for _, c := range r.Conditions {
			if c.Result == Unknown {
				continue // stopped when the other condition failed
			}
			out, err := exec.Command(s.Path, c.File).Output()
			if err != nil && len(out) == 0 {
				t.Fatal(err)
			}
			got := strings.TrimSpace(string(out))
			if got != string(c.Result) {
				t.Errorf("%s: z3 alone says %s, the proof %s", filepath.Base(c.File), got, c.Result)
			}
			sawWant = sawWant || got == tt.want
		}
		if !sawWant {
			t.Errorf("%s %q: no file answered %s", tt.spec, tt.expr, tt.want)
		}
	}
}

// TestCancelKillsTheSolver: a query that would run long stops within a
// second of cancellation.
func TestCancelKillsTheSolver(t *testing.T) {
	s := solver(t)
	ctx, cancel := context.WithCancel(context.Background())
	// Hard for z3: (II) of CN(8,6)'s set without symmetry breaking.
	g, e := compile(t, "cn:8,6", "sym(a == 0 && b == 0 && e == min(c + d, f + g + h) && c + d == f + g + h)")
	done := make(chan error, 1)
	go func() {
		_, err := Prove(ctx, g, e, Options{Solver: s, Timeout: time.Hour, NoSymmetry: true})
		done <- err
	}()
	time.Sleep(500 * time.Millisecond)
	cancel()
	select {
	case err := <-done:
		if err != nil && !errors.Is(err, context.Canceled) {
			t.Fatalf("got %v", err)
		}
	case <-time.After(3 * time.Second):
		t.Fatal("Prove did not return within 3 s of cancellation")
	}
}

// TestCandidateMovesNeverProveAlone: candidate moves that are not legal, or
// do not lead into S, cannot make a proof; true ones prove Nim by them.
func TestCandidateMovesNeverProveAlone(t *testing.T) {
	s := solver(t)
	nim := [][]string{{"xor(b, c)", "b", "c"}, {"a", "xor(a, c)", "c"}, {"a", "b", "xor(a, b)"}}
	tests := []struct {
		expr  string
		moves [][]string
		want  proof.Result
		via   string
	}{
		{"xor(a, b, c) == 0", nim, Proved, viaNimSums},
		{"xor(a, b, c) == 0", [][]string{{"a + 1", "b", "c"}}, proof.Unsettled, ""},     // illegal: falls back
		{"xor(a, b, c) == 1", nim, Refuted, ""},                                         // wrong S
		{"xor(a, b, c) == 0", [][]string{{"xor(b, c)", "b", "c"}}, proof.Unsettled, ""}, // too few
		{"a == b && c == 0 || xor(a, b, c) == 0 && a + b + c == 0", nim, Refuted, ""},   // wrong S
	}
	for _, tt := range tests {
		g, e := compile(t, "nim:3", tt.expr)
		r, err := Prove(context.Background(), g, e, Options{Solver: s, Timeout: time.Minute, Moves: tt.moves})
		if err != nil {
			t.Fatal(err)
		}
		if tt.want != proof.Unsettled && r.Result != tt.want || tt.want == proof.Unsettled && r.Result == Proved && r.Conditions[1].Via != "" {
			t.Errorf("%q with %v: %s (%+v)", tt.expr, tt.moves, r.Result, r.Conditions)
		}
		if tt.via != "" && r.Conditions[1].Via != tt.via {
			t.Errorf("%q: (II) decided via %q", tt.expr, r.Conditions[1].Via)
		}
	}
}

// cvc5 returns the installed cvc5, or skips the test (fails it when
// NIMLAB_CVC5_TESTS=1, as in CI).
func cvc5(t *testing.T) *Solver {
	t.Helper()
	s, err := FindSolver(context.Background(), "cvc5")
	if errors.Is(err, ErrNoSolver) {
		if os.Getenv("NIMLAB_CVC5_TESTS") == "1" {
			t.Fatal("NIMLAB_CVC5_TESTS=1 but cvc5 is missing: apt-get install cvc5")
		}
		t.Skip("cvc5 is not installed (apt-get install cvc5); NIMLAB_CVC5_TESTS=1 makes this a failure")
	}
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// optionalCVC5 returns the installed cvc5, or nil when it is not
// installed (it fails the test when NIMLAB_CVC5_TESTS=1, as in CI).
func optionalCVC5(t *testing.T) *Solver {
	t.Helper()
	s, err := FindSolver(context.Background(), "cvc5")
	if errors.Is(err, ErrNoSolver) && os.Getenv("NIMLAB_CVC5_TESTS") != "1" {
		return nil
	}
	if err != nil {
		t.Fatalf("%v (NIMLAB_CVC5_TESTS=1 asks for it)", err)
	}
	return s
}

// TestCVC5: the other solver proves and refutes as z3 does, on the kinds of
// proof it is quick at. It runs where Debian's cvc5 is installed (CI
// installs it and sets NIMLAB_CVC5_TESTS=1), and skips elsewhere.
func TestCVC5(t *testing.T) {
	s := cvc5(t)
	tests := []struct {
		spec, expr string
		want       proof.Result
		proof      proof.Kind
		noLearn    bool
	}{
		{"cn:6,3", "a + b == d + e && b + c == e + f", Proved, ProofPresburger, false},
		{"cn:6,3", "a + b == d + e && b + c == e + f + 1", Refuted, proof.NoKind, false},
		// With Bouton's moves learned, in linear arithmetic with the
		// nim-sum's lemmas; without, over bit-vectors.
		{"nim:3", "xor(a, b, c) == 0", Proved, ProofNimSums, false},
		{"nim:3", "xor(a, b, c) == 0", Proved, ProofBitVector, true},
		{"moore:4,2", "colmod(3, a, b, c, d)", Proved, ProofDigits, false},
		{"moore:4,3", "colmod(3, a, b, c, d)", Refuted, proof.NoKind, false},
	}
	for _, tt := range tests {
		g, e := compile(t, tt.spec, tt.expr)
		r, err := Prove(context.Background(), g, e, Options{Solver: s, Timeout: 2 * time.Minute, NoLearn: tt.noLearn})
		if err != nil {
			t.Fatal(err)
		}
		if r.Result != tt.want || tt.proof != proof.NoKind && r.Proof != tt.proof {
			t.Errorf("%s %q: %s (%s) %s", tt.spec, tt.expr, r.Result, r.Proof, r.Reason)
		}
		if r.Result == Refuted && (r.Counterexample == nil || r.Counterexample.Checked != "engine") {
			t.Errorf("%s %q: counterexample %+v", tt.spec, tt.expr, r.Counterexample)
		}
	}
}

// TestNonNegativeDivision: % and / of a term that cannot be negative are
// written with SMT-LIB's div alone (z3 is far quicker), and of a term that
// can be negative with Go's rounding towards 0.
func TestNonNegativeDivision(t *testing.T) {
	tests := []struct {
		expr   string
		simple bool // mod/div alone, no case for a negative x
	}{
		{"min(a, b) % 2 == 1", true},
		{"(a + 2 * b) / 3 == c", true},
		{"slowmoves(2, a, b, c) % 4 == 0", true},
		{"max(a - b, c) % 3 == 0", true},
		{"(a ^ b) % 3 == 0", true},
		{"(a - b) % 2 == 0", false},
		{"min(a - b, c) / 2 == 0", false},
		{"a / -2 == 0", false},
		{"-a % 3 == 0", false},
	}
	for _, tt := range tests {
		t.Run(tt.expr, func(t *testing.T) {
			_, e := compile(t, "nim:3", tt.expr)
			a := arith{}
			if strings.Contains(tt.expr, "^") {
				a = arith{width: 66}
			}
			src, _, err := translateExpr(e, pileVar("p"), a)
			if err != nil {
				t.Fatal(err)
			}
			rounding := strings.Contains(src, "(- (div (- ") || strings.Contains(src, "bvsrem") || strings.Contains(src, "bvsdiv")
			if got := !rounding; got != tt.simple {
				t.Errorf("simple %v, want %v: %s", got, tt.simple, src)
			}
		})
	}
}

// TestWidestTerm: the largest value a term can take decides whether the
// proof's note warns about sums past 2^63-1; an xor of piles stays below
// 2^63, a sum of two piles does not.
func TestWidestTerm(t *testing.T) {
	tests := []struct {
		expr string
		over bool
	}{
		{"a ^ b ^ c == 0", false},
		{"xor(a, b, c) == 0", false},
		{"min(a, b) % 2 == c / 3", false},
		{"a + b == c", true},
		{"(a - b) ^ c == 0", true}, // a - b can be negative, and the xor too
	}
	for _, tt := range tests {
		t.Run(tt.expr, func(t *testing.T) {
			_, e := compile(t, "nim:3", tt.expr)
			_, widest, err := translateExpr(e, pileVar("p"), arith{width: 66})
			if err != nil {
				t.Fatal(err)
			}
			if over := widest.Cmp(maxPile) > 0; over != tt.over {
				t.Errorf("widest %v: over 2^63-1 %v, want %v", widest, over, tt.over)
			}
		})
	}
}

// TestSplitByCases: the quantified (II) of linear arithmetic is asked in two
// cases that cover every position (the first pile empty or not); (I),
// quantifier-free queries and bit-vector queries are asked whole. A wrong
// set is still refuted through the cases, with a counterexample the engine
// confirms.
func TestSplitByCases(t *testing.T) {
	tests := []struct {
		spec, expr string
		split      map[proof.Cond]bool
	}{
		{"cn:6,3", "a+b == d+e && b+c == e+f", map[proof.Cond]bool{proof.I: false, proof.II: true}},
		{"slow:3,2", "a % 2 == 0 && b % 2 == 0 && c % 2 == 0", map[proof.Cond]bool{proof.I: false, proof.II: false}}, // finitely many moves: no quantifier
		{"nim:3", "a ^ b ^ c == 0", map[proof.Cond]bool{proof.I: false, proof.II: false}},                            // bit-vectors
	}
	for _, tt := range tests {
		t.Run(tt.spec, func(t *testing.T) {
			g, e := compile(t, tt.spec, tt.expr)
			enc, err := newEncoding(g, e, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, q := range enc.splitByCases(&caseSplitRoute, enc.withTactics(enc.queries())) {
				if got := len(q.cases) > 0; got != tt.split[q.name] {
					t.Errorf("(%s) split %v, want %v", q.name, got, tt.split[q.name])
				}
			}
		})
	}
	s := solver(t)
	for _, wrong := range []string{"a+b == d+e && b+c == e+f && a > 0", "a+b == d+e && b+c == e+f || a == 1 && b == 0 && c == 0 && d == 0 && e == 0 && f == 0"} {
		g, e := compile(t, "cn:6,3", wrong)
		r, err := Prove(context.Background(), g, e, Options{Solver: s, Timeout: time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		if r.Result != Refuted || r.Counterexample == nil || r.Counterexample.Checked != "engine" {
			t.Errorf("%s: %s, counterexample %+v; want refuted with one the engine checked", wrong, r.Result, r.Counterexample)
		}
	}
}

// TestSaysWhichRouteGaveWay: candidate moves that never apply at a sorted
// position (lower a to b) do not settle (II) of Nim on two piles, which is
// then asked over every option and proved; the condition says the route
// gave way, and why.
func TestSaysWhichRouteGaveWay(t *testing.T) {
	s := solver(t)
	g, err := game.Parse("nim:2")
	if err != nil {
		t.Fatal(err)
	}
	e, err := check.Compile("a == b", 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Prove(context.Background(), g, e, Options{Solver: s, Timeout: 20 * time.Second, Moves: [][]string{{"b", "b"}}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Result != Proved {
		t.Fatalf("%s: %s", r.Result, r.Reason)
	}
	for _, c := range r.Conditions {
		switch {
		case c.Name == proof.II && (len(c.Abandoned) != 1 || !strings.HasPrefix(c.Abandoned[0], viaMoves+": ")):
			t.Errorf("(II) abandoned %q, want the candidate moves'", c.Abandoned)
		case c.Name != proof.II && len(c.Abandoned) > 0:
			t.Errorf("(%s) abandoned %q, want none", c.Name, c.Abandoned)
		}
	}
}

// TestCheckEither: of scripts asked at once, the first answer that is not
// unknown is taken, whichever script gave it; unknown only when every one
// is (a script the solver cannot read is unknown).
func TestCheckEither(t *testing.T) {
	s := solver(t)
	const (
		unsat   = "(declare-const x Int)\n(assert (and (> x 2) (< x 1)))\n"
		sat     = "(declare-const x Int)\n(assert (> x 2))\n"
		unknown = "(assert (nonsense\n"
	)
	for _, tt := range []struct {
		scripts []string
		want    Answer
	}{
		{[]string{unsat}, Unsat},
		{[]string{unknown, unsat}, Unsat},
		{[]string{sat, unknown}, Sat},
		{[]string{unknown, unknown}, Unknown},
	} {
		r, err := s.checkEither(context.Background(), tt.scripts, 10*time.Second)
		if err != nil || r.Answer != tt.want {
			t.Errorf("%q: %v %v, want %v", tt.scripts, r.Answer, err, tt.want)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.checkEither(ctx, []string{unknown, unsat}, 10*time.Second); err == nil {
		t.Error("cancelled: no error")
	}
}
