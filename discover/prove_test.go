package discover_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/discover"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/prove"
	"github.com/nimlab/nimlab/prove/proof"
	"github.com/nimlab/nimlab/prove/provetest"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
)

// TestProve: with Options.Prove, a description exact on its box is proved,
// refuted (exact on a small box, not beyond it) or left unknown, and one that
// is not exact is not proved at all.
func TestProve(t *testing.T) {
	solver := provetest.Z3(t)
	for _, tt := range []struct {
		spec           string
		max, verifyMax int
		want           proof.Result // proof.Unsettled for no proof
	}{
		{"cn:6,3", 5, 0, prove.Proved},
		{"cn:4,2", 3, 0, prove.Proved},
		// Learned and verified on piles 0..1: exact there, not beyond.
		{"cn:5,3", 1, 1, prove.Refuted},
		{"cn:5,2", 1, 1, prove.Refuted},
		// On piles 0..2, a key of the zeros with few P-positions is
		// described again on its widened region: the right description.
		{"cn:5,2", 2, 2, prove.Proved},
		// xor on four piles: proved with the moves prove learns.
		{"cn:4,1", 2, 0, prove.Proved},
		// CN(6,4): (II) does not finish in a second.
		{"cn:6,4", 5, 0, prove.Undecided},
		// Not exact up to 4: nothing to prove.
		{"path:5,2", 2, 0, proof.Unsettled},
		// Misère play, from the normal-play description (misere.go).
		{"cn:4,2/misere", 3, 0, prove.Proved},
		// Bouton's misère Nim: its endings' moves are learned from the small box.
		{"nim:3/misere", 5, 0, prove.Proved},
	} {
		g, err := game.Parse(tt.spec)
		if err != nil {
			t.Fatal(err)
		}
		r, err := discover.Discover(context.Background(), g, discover.Options{Max: tt.max, VerifyMax: tt.verifyMax,
			Prove: &prove.Options{Solver: solver, Timeout: timeout(tt.want)}})
		if err != nil {
			t.Fatalf("%s: %v", tt.spec, err)
		}
		if tt.want == proof.Unsettled {
			if r.Exact || r.Proof != nil {
				t.Errorf("%s --max %d: exact %v, proof %+v; want neither", tt.spec, tt.max, r.Exact, r.Proof)
			}
			continue
		}
		if !r.Exact || r.Proof == nil || r.Proof.Result != tt.want {
			t.Errorf("%s --max %d: exact %v, proof %+v; want %s", tt.spec, tt.max, r.Exact, r.Proof, tt.want)
			continue
		}
		if r.Proof.Expression != r.Expr || r.Proof.Game != g.Spec {
			t.Errorf("%s: proved %q of %s, found %q", tt.spec, r.Proof.Expression, r.Proof.Game, r.Expr)
		}
		switch tt.want {
		case prove.Undecided:
			if r.Proof.Reason == "" || r.Proof.Counterexample != nil {
				t.Errorf("%s: unknown with reason %q and counterexample %v", tt.spec, r.Proof.Reason, r.Proof.Counterexample)
			}
		case prove.Refuted:
			// The counterexample is confirmed by the engine, and lies
			// outside the box the description is exact on.
			ce := r.Proof.Counterexample
			if ce == nil || ce.Checked != "engine" || slices.Max(ce.Position) <= r.VerifiedMax {
				t.Fatalf("%s: counterexample %+v, exact up to %d", tt.spec, ce, r.VerifiedMax)
			}
			e, err := check.Compile(r.Expr, g.Piles(), func() (*complex.Group, error) { return g.Symmetries(context.Background()) })
			if err != nil {
				t.Fatal(err)
			}
			inS := e.Evaluator()
			switch ce.Condition {
			case proof.I:
				if !inS(ce.Position) || !inS(ce.Move) || g.CheckMove(ce.Position, ce.Move) != nil {
					t.Errorf("%s: (I) fails at %v -> %v? not so", tt.spec, ce.Position, ce.Move)
				}
			case proof.II:
				if inS(ce.Position) {
					t.Errorf("%s: (II) fails at %v, which the expression accepts", tt.spec, ce.Position)
				}
				for o := range g.Options(ce.Position) {
					if inS(o) {
						t.Errorf("%s: (II) fails at %v, which has the option %v in S", tt.spec, ce.Position, o)
					}
				}
			default:
				t.Errorf("%s: a counterexample to (%s) in normal play", tt.spec, ce.Condition)
			}
		}
	}
}

// timeout is a second for the proofs that must run out of time, and
// enough for the others on a machine busy with other tests.
func timeout(want proof.Result) time.Duration {
	if want == prove.Undecided {
		return time.Second
	}
	return time.Minute
}

// TestRegionsProvedWhenNeeded: the map's region theorems are proved one by
// one when no description of every position was assembled (P(7,3)), and
// not when one was and its proof by reduction holds (NN(6,3)), whose
// regions' descriptions serve that proof as hints it proves itself; they
// are asked when that proof is left unknown (NN(6,3) with a millisecond a
// query: liftedProof), asked then: proved or unknown (a region as plain as
// a == 0 may be proved within the millisecond on a fast machine), never
// left unsettled. Where the whole is proved within the millisecond a query,
// the regions are not asked and the row says so rather than failing.
func TestRegionsProvedWhenNeeded(t *testing.T) {
	solver := provetest.Z3(t)
	for _, tt := range []struct {
		spec    string
		max     int
		timeout time.Duration
		whole   proof.Result   // the description of every position's proof
		regions []proof.Result // each described region's, one of these
	}{
		{"path:7,3", 4, time.Minute, proof.Unsettled, []proof.Result{prove.Proved}},
		{"necklace:6,3", 4, time.Minute, prove.Proved, []proof.Result{proof.Unsettled}},
		{"necklace:6,3", 4, time.Millisecond, prove.Undecided, []proof.Result{prove.Undecided, prove.Proved}},
	} {
		g, err := game.Parse(tt.spec)
		if err != nil {
			t.Fatal(err)
		}
		r, err := discover.Discover(context.Background(), g, discover.Options{Max: tt.max, VerifyMax: tt.max + 1,
			Prove: &prove.Options{Solver: solver, Timeout: tt.timeout}})
		if err != nil {
			t.Fatalf("%s: %v", tt.spec, err)
		}
		whole := proof.Unsettled
		if r.Proof != nil {
			whole = r.Proof.Result
		}
		if tt.timeout < time.Second && whole == prove.Proved {
			t.Logf("%s: proved within %v a query: the regions' proofs when it is not are not exercised", tt.spec, tt.timeout)
			continue
		}
		described := 0
		for _, n := range r.Regions {
			if n.Exact && n.Where != "" {
				described++
				if !slices.Contains(tt.regions, n.Proof) {
					t.Errorf("%s: region %s %s, want one of %v", tt.spec, n.Where, n.Proof, tt.regions)
				}
			}
		}
		if whole != tt.whole || described == 0 {
			t.Errorf("%s: whole %s, %d regions described; want %s and some", tt.spec, whole, described, tt.whole)
		}
	}
}

// TestStoppedProofKeepsTheDescription: a proof stopped by the context
// (Ctrl-C) leaves the description found, with a proof unknown that says it
// was stopped; the gate cancels the context when the proof asks for its
// engine check's table, after the learning and the verification boxes.
func TestStoppedProofKeepsTheDescription(t *testing.T) {
	solver := provetest.Z3(t)
	g, err := game.Parse("cn:6,3")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	calls := 0
	gate := solve.GateFunc(func(ctx context.Context, p *solve.Plan) (*table.Table, error) {
		if calls++; calls > 2 {
			cancel()
			return nil, ctx.Err()
		}
		return solve.Direct.Table(ctx, p)
	})
	r, err := discover.Discover(ctx, g, discover.Options{Max: 3, Gate: gate, Prove: &prove.Options{Solver: solver}})
	if err != nil {
		t.Fatalf("stopped in the proof: %v, want the description", err)
	}
	if calls != 3 || !r.Exact || r.Expr == "" || r.Proof == nil || r.Proof.Result != prove.Undecided || !strings.Contains(r.Proof.Reason, "stopped") {
		t.Errorf("after %d tables: exact %v, %q, proof %+v; want the description and an unknown proof, stopped", calls, r.Exact, r.Expr, r.Proof)
	}
}
