package prove

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/prove/proof"
)

// nn63 is the description discover gives of Necklace Nim NN(6,3) by
// reduction by invariances (docs/findings.md): the claim the route is for.
const nn63 = `(let mn1 = min(a, b, d, f); let ra1 = a - mn1; let rb1 = b - mn1; let rd1 = d - mn1; let rf1 = f - mn1; ` +
	`(ra1 == 0 && (ra1 == 0 && rd1 == 0 && rb1 + c == e + rf1 && ra1 == min(c, e))) || ` +
	`(rb1 == 0 && (rb1 == 0 && ra1 == rd1 + e && c == rf1)) || ` +
	`(rd1 == 0 && ((rf1 >= max(e, rd1, c, rb1, ra1) && rd1 == 0 && rf1 + e == c + rb1 + ra1 && ra1 == min(e, c)) || ` +
	`(e >= max(rf1, rd1, c, rb1, ra1) && rd1 == 0 && rf1 + e == c + rb1 + ra1 && c == min(rf1, ra1)) || ` +
	`(rb1 >= max(rf1, e, rd1, c, ra1) && rd1 == 0 && rf1 + e == 2*c + rb1 && c == ra1))) || ` +
	`(rf1 == 0 && (rf1 == 0 && c == 0 && e + rd1 == rb1 + ra1 && rf1 == min(rd1, rb1))))`

// TestReductionDecidesII: with Options.Reduce, (II) is decided by the
// reduction, region by region, and the engine agrees with the proof; a
// false claim of the same shape is refuted with a counterexample the
// engine confirms, found in a region.
func TestReductionDecidesII(t *testing.T) {
	s := solver(t)
	for _, tc := range []struct {
		spec, src string
		cond      proof.Cond
		want      Answer
		// alone decides (II) before (I) is asked: the route's own
		// counterexample, not (I)'s query's.
		alone bool
	}{
		{"cn:4,2", "a == c && b == d", proof.II, Unsat, false},
		{"necklace:6,3", nn63, proof.II, Unsat, false},
		// Every pile equal: (1,0,1,0) has no move into S.
		{"cn:4,2", "let mn = min(a, b, c, d); a - mn == 0 && b - mn == 0 && c - mn == 0 && d - mn == 0", proof.II, Sat, false},
		// (0,0,1,0) and (0,0,0,0) are both in S: a region's (I) fails,
		// and so does the claim's.
		{"cn:4,2", "(a == c && b == d) || (b == 0 && d == 0 && c == a + 1)", proof.I, Sat, true},
	} {
		t.Run(tc.spec+" "+tc.src[:min(len(tc.src), 20)], func(t *testing.T) {
			g, e := compile(t, tc.spec, tc.src)
			r, err := Prove(context.Background(), g, e, Options{Solver: s, Timeout: 20 * time.Second, Reduce: true, decideFirst: tc.alone})
			if err != nil {
				t.Fatal(err)
			}
			var c *Condition
			for i := range r.Conditions {
				if r.Conditions[i].Via == routeNameReduction {
					c = &r.Conditions[i]
				}
			}
			if c == nil || c.Name != tc.cond || c.Result != tc.want {
				t.Fatalf("by the reduction: %+v, want (%s) %s (result %s: %s)", c, tc.cond, tc.want, r.Result, r.Reason)
			}
			if len(r.Reduction) == 0 || r.Reduction[0].Where != "" {
				t.Errorf("the map of regions: %+v, want the whole game first", r.Reduction)
			}
			switch tc.want {
			case Unsat:
				if r.Result != Proved || r.Engine == nil {
					t.Errorf("result %s (%s), engine %v; want proved and checked", r.Result, r.Reason, r.Engine)
				}
				if r.Reduction[0].Vector == "" || r.Reduction[0].Result != Proved {
					t.Errorf("the whole game: %+v, want reduced by a vector and proved", r.Reduction[0])
				}
			case Sat:
				ce := r.Counterexample
				if r.Result != Refuted || ce == nil || ce.Checked != "engine" {
					t.Fatalf("result %s, counterexample %+v; want refuted, confirmed by the engine", r.Result, ce)
				}
				if ce.Condition != tc.cond || e.Evaluator()(ce.Position) != (tc.cond == proof.I) {
					t.Errorf("counterexample %+v, want one of (%s)", ce, tc.cond)
				}
			}
		})
	}
}

// TestReductionVectorIsAsked: a vector that keeps S on every sample
// position but not beyond (S fails from a = 100 on) is refused by the
// solver's query (a), and a false claim is never proved through it.
func TestReductionVectorIsAsked(t *testing.T) {
	s := solver(t)
	g, e := compile(t, "cn:4,2", "a == c && b == d && a < 100")
	enc, err := newEncoding(g, e, nil)
	if err != nil {
		t.Fatal(err)
	}
	rd := &reducer{enc: enc, eval: e.Evaluator(), translation: map[string]bool{}}
	rd.rand = newReducerRand(enc.n)
	vectors := rd.vectors(context.Background(), nil)
	if len(vectors) == 0 {
		t.Fatal("no vector keeps S on the samples; the test needs one that does")
	}
	opts := Options{Solver: s, Timeout: 20 * time.Second}
	rd.opts = opts
	asked := 0
	for _, v := range vectors {
		if v[0] == 0 {
			continue // a is not reduced: S is kept
		}
		asked++
		ok, err := rd.reducesBy(context.Background(), nil, v)
		if err != nil {
			t.Fatal(err)
		}
		if ok {
			t.Errorf("%s: query (a) answered unsat, though S(100,0,100,0) != S(0,0,0,0)", vectorString(v))
		}
	}
	if asked == 0 {
		t.Fatalf("no vector reducing pile a among %v; the test needs one", vectors)
	}
	opts.Reduce = true
	r, err := Prove(context.Background(), g, e, opts)
	if err != nil {
		t.Fatal(err)
	}
	if r.Result == Proved {
		t.Fatalf("a false claim proved: %+v", r)
	}
	if ce := r.Counterexample; r.Result == Refuted && (ce == nil || ce.Checked != "engine") {
		t.Errorf("refuted with %+v, want a counterexample the engine confirms", ce)
	}
}

// TestReductionNeeds: the route's preconditions refuse what its argument
// does not cover, one claim just outside each.
func TestReductionNeeds(t *testing.T) {
	for _, tc := range []struct {
		spec, src, where string
		grundy           bool
		want             string // "" when the route applies
	}{
		{"cn:4,2", "a == c && b == d", "", false, ""},
		{"cn:4,2/misere", "a == c && b == d", "", false, "normal play"},
		{"cn:4,2", "a == c && b == d", "a == 0", false, "every position"},
		{"exact:3,3", "min(a, b, c)", "", true, "P-positions"},
		{"nim:3", "a ^ b ^ c == 0", "", false, "linear"},
	} {
		g, e := compile(t, tc.spec, tc.src)
		var where *check.Expr
		if tc.where != "" {
			_, where = compile(t, tc.spec, tc.where)
		}
		enc, err := newClaimEncoding(g, e, nil, tc.grundy, where)
		if err != nil {
			t.Fatal(err)
		}
		err = reductionRoute.needs(enc)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s %s: %v, want the route", tc.spec, tc.src, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s %s: %v, want %q", tc.spec, tc.src, err, tc.want)
		}
	}
}

// TestReductionWritesAndConfirms: with --smt-out the reduction's queries
// and its region theorems' are written, each a file the solver answers
// unsat alone; with --confirm the second solver is asked them too.
func TestReductionWritesAndConfirms(t *testing.T) {
	s := solver(t)
	second, err := FindSolver(context.Background(), "cvc5")
	if err != nil {
		t.Skip("cvc5 is not installed")
	}
	dir := t.TempDir()
	g, e := compile(t, "cn:4,2", "a == c && b == d")
	r, err := Prove(context.Background(), g, e, Options{Solver: s, Confirm: second, Timeout: 20 * time.Second, Reduce: true, SMTOut: dir})
	if err != nil {
		t.Fatal(err)
	}
	if r.Result != Proved || r.Confirmation == nil || r.Confirmation.Result != Confirmed {
		t.Fatalf("result %s, confirmation %+v; want proved and confirmed", r.Result, r.Confirmation)
	}
	files, err := filepath.Glob(filepath.Join(dir, "cn_4_2-reduction", "*.smt2"))
	if err != nil || len(files) < 2 {
		t.Fatalf("the reduction's files: %v (%v)", files, err)
	}
	regions, _ := filepath.Glob(filepath.Join(dir, "cn_4_2-reduction", "region-*", "*.smt2"))
	if len(regions) == 0 {
		t.Error("no region theorem's files")
	}
	for _, f := range append(files, regions...) {
		script, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if reply, err := s.Check(context.Background(), strings.TrimSuffix(string(script), "(check-sat)\n"), nil, 20*time.Second); err != nil || reply.Answer != Unsat {
			t.Errorf("%s: %s (%v), want unsat", f, reply.Answer, err)
		}
	}
}

// TestReductionHints: a hint is tried first, as any vector asked of the
// solver; one of the wrong length, not 0/1, or reducing an empty pile is
// left out; a hint that does not keep S is refused by query (a).
func TestReductionHints(t *testing.T) {
	g, e := compile(t, "cn:4,2", "a == c && b == d && a < 100")
	enc, err := newEncoding(g, e, nil)
	if err != nil {
		t.Fatal(err)
	}
	hints := [][]int{{1, 1, 1, 1}, {1, 1, 1}, {2, 0, 0, 0}, {0, 1, 0, 1}, {0, 0, 0, 0}}
	rd := &reducer{enc: enc, eval: e.Evaluator(), rand: newReducerRand(enc.n), translation: map[string]bool{},
		opts: Options{ReductionHints: hints}}
	got := rd.vectors(context.Background(), nil)
	if len(got) < 2 || !slices.Equal(got[0], []int{1, 1, 1, 1}) || !slices.Equal(got[1], []int{0, 1, 0, 1}) {
		t.Fatalf("vectors %v: want the two usable hints first", got)
	}
	if inA := rd.vectors(context.Background(), []int{0}); len(inA) > 0 && slices.Equal(inA[0], []int{1, 1, 1, 1}) {
		t.Errorf("in a == 0 the hint (1,1,1,1) reduces an empty pile: %v", inA)
	}
	s := solver(t)
	rd.opts.Solver, rd.opts.Timeout = s, 20*time.Second
	if ok, err := rd.reducesBy(context.Background(), nil, []int{1, 1, 1, 1}); err != nil || ok {
		t.Errorf("the hint (1,1,1,1) does not keep S (a < 100): query (a) answered %v, %v", ok, err)
	}
}

// TestDecideBeside: (I) is asked while the routes asked first (the
// equivalence with a theorem, the reduction) decide (II); a claim whose (I)
// fails is refuted, whichever fails first, with a counterexample to (I) the
// engine confirms and every equivalent saying why it did not serve, and a
// true claim is proved with (I) answered by its query and (II) by a route.
func TestDecideBeside(t *testing.T) {
	s := solver(t)
	for _, tc := range []struct {
		src  string
		want proof.Result
	}{
		{"(a == c && b == d) || (b == 0 && d == 0 && c == a + 1)", Refuted},
		{"a == c && b == d", Proved},
	} {
		g, e := compile(t, "cn:4,2", tc.src)
		// The theorem, offered as the same set written otherwise: decided
		// beside (I) too.
		_, theorem := compile(t, "cn:4,2", "a == c && b == d")
		same := Equivalent{Name: "the theorem", Claim: newClaim(g, theorem, nil, false, nil), Given: true}
		r, err := Prove(context.Background(), g, e, Options{Solver: s, Timeout: 20 * time.Second, Reduce: true, Equivalents: []Equivalent{same}})
		if err != nil {
			t.Fatal(err)
		}
		if r.Result != tc.want {
			t.Fatalf("%s: %s (%s), want %s", tc.src, r.Result, r.Reason, tc.want)
		}
		for _, st := range r.Equivalence {
			if st.Scope == nil && st.Reason == "" || st.Reason == stoppedReason && st.Same != "" && st.Same != Unsat {
				t.Errorf("%s: the equivalent %s: %+v, neither served nor says why not, or says a stopped query's answer", tc.src, st.Name, st)
			}
		}
		if tc.want == Refuted {
			if ce := r.Counterexample; ce == nil || ce.Condition != proof.I || ce.Checked != "engine" {
				t.Errorf("%s: counterexample %+v, want one of (I) the engine confirms", tc.src, ce)
			}
			continue
		}
		via := map[proof.Cond]string{}
		for _, c := range r.Conditions {
			if c.Result != Unsat {
				t.Errorf("%s: (%s) %s", tc.src, c.Name, c.Result)
			}
			via[c.Name] = c.Via
		}
		if len(via) != 2 || via[proof.II] == "" || via[proof.I] != "" {
			t.Errorf("%s: conditions %+v, want (I) by its query and (II) by a route asked first", tc.src, r.Conditions)
		}
	}
}
