package prove

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/prove/proof"
	"github.com/nimlab/nimlab/theory"
)

// theoremClaim is the claim of a recorded theorem's statement about g,
// with its winning moves, as nimlab prove --expr offers it.
func theoremClaim(t *testing.T, name string, g *game.Game) *Claim {
	t.Helper()
	th, ok := theory.ByName(name)
	if !ok {
		t.Fatalf("no theorem %s", name)
	}
	src, ok := th.Expression(context.Background(), g)
	if !ok {
		t.Fatalf("theorem %s does not cover %s", name, g.Spec)
	}
	return claimOf(t, g, src, th.WinningMoves(context.Background(), g))
}

func compileExpr(t *testing.T, g *game.Game, src string) *check.Expr {
	t.Helper()
	_, e := compile(t, g.Spec, src)
	return e
}

func claimOf(t *testing.T, g *game.Game, src string, moves [][]string) *Claim {
	t.Helper()
	c, err := NewClaim(context.Background(), g, Sources{Expr: src, Moves: moves})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestEquivalence: CN(6,4)'s description as discover prints it, whose own
// (II) the solver does not answer in minutes, is proved for every position
// through Dufour–Heubach 2013, Theorem 3.5 (recorded as cn64); a statement
// that differs, one that is false, and one whose proof is bounded do not
// serve, and the claim is then decided by its own queries.
func TestEquivalence(t *testing.T) {
	s := solver(t)
	ctx := context.Background()
	opts := Options{Solver: s, Timeout: 10 * time.Second}

	t.Run("cn64", func(t *testing.T) {
		g, e := compile(t, "cn:6,4", "sym(a <= min(b, c, d, e, f) && a + b == d + e && a + f == c + d && xor(a, c, e) == 0)")
		o := opts
		wrong := claimOf(t, g, "a + b == d + e && b + c == e + f && min(a, d) ^ min(b, e) ^ min(c, f) == 1", nil)
		o.Equivalents = []Equivalent{{Name: "wrong", Claim: wrong}, {Name: "theorem cn64", Claim: theoremClaim(t, "cn64", g)}}
		r, err := newClaim(g, e, nil, false, nil).Prove(ctx, o)
		if err != nil {
			t.Fatal(err)
		}
		if r.Result != Proved || r.Proof != ProofNimSums || r.Scope.Bound != proof.Unbounded {
			t.Fatalf("%s (%s, %s): %s, want proved for every position", r.Result, r.Proof, r.Scope, r.Reason)
		}
		if ii := conditionNamed(r, proof.II); ii == nil || ii.Via != routeNameEquivalence {
			t.Errorf("(II): %+v, want it by equivalence", ii)
		}
		if len(r.Equivalence) != 2 || r.Equivalence[0].Same != Sat || r.Equivalence[0].Scope != nil || r.Equivalence[1].Scope == nil {
			t.Errorf("steps %+v: want the wrong statement refused as another set and cn64's to serve", r.Equivalence)
		}
	})

	t.Run("moves not asked", func(t *testing.T) {
		// The claim's own candidate moves are not asked once (II) is
		// decided by equivalence, and the result says so.
		g, _ := compile(t, "nim:2", "a == b")
		o := opts
		o.Equivalents = []Equivalent{{Name: "itself", Claim: claimOf(t, g, "a == b", [][]string{{"min(a, b)", "min(a, b)"}})}}
		r, err := claimOf(t, g, "a == b", [][]string{{"b", "b"}}).Prove(ctx, o)
		if err != nil {
			t.Fatal(err)
		}
		if ii := conditionNamed(r, proof.II); ii == nil || ii.Via != routeNameEquivalence {
			t.Fatalf("(II) %+v: want it by equivalence", ii)
		}
		if len(r.RoutesSkipped) != 1 || !strings.HasPrefix(r.RoutesSkipped[0], viaMoves+": ") {
			t.Errorf("routes skipped %q, want the candidate moves'", r.RoutesSkipped)
		}
	})

	t.Run("false", func(t *testing.T) {
		// A false claim offered itself with moves: the same set, but its
		// proof fails, so it does not serve and the claim is refuted.
		src := "sym(a == c && a <= min(b, d, e) && a + b == d + e + 1)"
		g, e := compile(t, "cn:5,2", src)
		o := opts
		o.Equivalents = []Equivalent{{Name: "itself", Claim: claimOf(t, g, src, [][]string{{"a", "b", "a", "d", "e"}})}}
		o.decideFirst = true // the route's own answer, before (I) fails beside it
		r, err := newClaim(g, e, nil, false, nil).Prove(ctx, o)
		if err != nil {
			t.Fatal(err)
		}
		if r.Result != Refuted {
			t.Errorf("%s: want refuted", r.Result)
		}
		if len(r.Equivalence) != 1 || r.Equivalence[0].Same != Unsat || r.Equivalence[0].Result == Proved || r.Equivalence[0].Scope != nil {
			t.Errorf("steps %+v: want the same set, not proved", r.Equivalence)
		}
	})

	t.Run("bounded", func(t *testing.T) {
		// A linear claim cannot rest on a statement in bit-vectors.
		g, e := compile(t, "nim:2", "a == b")
		o := opts
		o.Equivalents = []Equivalent{{Name: "xor", Claim: claimOf(t, g, "xor(a, b) == 0", [][]string{{"min(a, b)", "min(a, b)"}})}}
		r, err := newClaim(g, e, nil, false, nil).Prove(ctx, o)
		if err != nil {
			t.Fatal(err)
		}
		if r.Result != Proved || r.Scope.Bound != proof.Unbounded {
			t.Errorf("%s for %s: want proved for every position by its own queries", r.Result, r.Scope)
		}
		if ii := conditionNamed(r, proof.II); ii == nil || ii.Via == routeNameEquivalence {
			t.Errorf("(II) %+v: want it by its own query", ii)
		}
		if len(r.Equivalence) != 1 || r.Equivalence[0].Scope != nil || !strings.Contains(r.Equivalence[0].Reason, "arithmetic") {
			t.Errorf("steps %+v: want it refused for its arithmetic", r.Equivalence)
		}
	})

	t.Run("region", func(t *testing.T) {
		// In the region a == 0: a statement that differs only outside it
		// serves; one that differs inside does not.
		g, e := compile(t, "nim:3", "b == c")
		where := func() *check.Expr { _, w := compile(t, "nim:3", "a == 0"); return w }
		o := opts
		o.Equivalents = []Equivalent{
			{Name: "inside", Claim: newClaim(g, compileExpr(t, g, "b == c + 1"), nil, false, where())},
			{Name: "everywhere", Claim: claimOf(t, g, "b == c", nil)},
			{Name: "outside", Claim: newClaim(g, compileExpr(t, g, "b == c || a > 0"), nil, false, where())},
		}
		r, err := newClaim(g, e, nil, false, where()).Prove(ctx, o)
		if err != nil {
			t.Fatal(err)
		}
		if ii := conditionNamed(r, proof.II); r.Result != Proved || ii == nil || ii.Via != routeNameEquivalence {
			t.Fatalf("%s, (II) %+v: want proved, (II) by equivalence", r.Result, ii)
		}
		if len(r.Equivalence) != 2 || r.Equivalence[0].Name != "inside" || r.Equivalence[0].Same != Sat || r.Equivalence[1].Scope == nil {
			t.Errorf("steps %+v: want the one about every position left out, inside refused, outside served", r.Equivalence)
		}
	})

	t.Run("wrap", func(t *testing.T) {
		// The other set's term a·2^55 wraps in S's 66 bits exactly where
		// a % 2048 >= 1024: the query must be as wide as both sets' terms
		// (the red team's false proof).
		g, e := compile(t, "nim:2", "xor(a, b) == 0 && a % 2048 < 1024")
		o := opts
		o.Equivalents = []Equivalent{{Name: "wraps", Claim: claimOf(t, g, "a == b && a * 36028797018963968 >= 0", nil)}}
		r, err := newClaim(g, e, nil, false, nil).Prove(ctx, o)
		if err != nil {
			t.Fatal(err)
		}
		if r.Result == Proved || len(r.Equivalence) != 1 || r.Equivalence[0].Same == Unsat {
			t.Errorf("%s, steps %+v: want the sets told apart and no proof", r.Result, r.Equivalence)
		}
	})

	t.Run("bit-vectors", func(t *testing.T) {
		// A claim in bit-vectors may rest on a linear statement: the
		// proof is then bounded as the claim's arithmetic is.
		g, e := compile(t, "nim:2", "xor(a, b) == 0 && a + 0 == b")
		o := opts
		o.NoLearn = true
		o.Equivalents = []Equivalent{{Name: "linear", Claim: claimOf(t, g, "a == b", [][]string{{"min(a, b)", "min(a, b)"}})}}
		r, err := newClaim(g, e, nil, false, nil).Prove(ctx, o)
		if err != nil {
			t.Fatal(err)
		}
		if r.Result != Proved {
			t.Fatalf("%s: %s", r.Result, r.Reason)
		}
		if ii := conditionNamed(r, proof.II); ii == nil || ii.Via != routeNameEquivalence {
			t.Errorf("(II) %+v: want it by equivalence", ii)
		}
	})
}

// conditionNamed is r's condition called name, or nil.
func conditionNamed(r *Result, name proof.Cond) *Condition {
	for i := range r.Conditions {
		if r.Conditions[i].Name == name {
			return &r.Conditions[i]
		}
	}
	return nil
}

// TestEquivalentUsable: only a claim of P-positions of the same game value,
// about the same positions (every one, or one region), stands for another.
func TestEquivalentUsable(t *testing.T) {
	g, e := compile(t, "cn:5,2", "a == b")
	enc, err := newEncoding(g, e, nil)
	if err != nil {
		t.Fatal(err)
	}
	other, _ := compile(t, "cn:5,2", "a == b")
	compileOn := func(src string) *check.Expr {
		x, err := check.Compile(src, 5, func() (*complex.Group, error) { return g.Symmetries(context.Background()) })
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	tests := []struct {
		name string
		d    *Claim
		want bool
	}{
		{"same game", claimOf(t, g, "b == a", nil), true},
		{"itself with moves", claimOf(t, g, "a == b", [][]string{{"a", "a", "c", "d", "e"}}), true},
		{"itself", claimOf(t, g, "a == b", nil), false},
		{"another game value", claimOf(t, other, "b == a", nil), false},
		{"a region theorem", newClaim(g, compileOn("b == a"), nil, false, compileOn("a == 0")), false},
		{"a Sprague–Grundy value", newClaim(g, compileOn("a"), nil, true, nil), false},
	}
	for _, tt := range tests {
		if err := enc.equivalentUsable(tt.d); (err == nil) != tt.want {
			t.Errorf("%s: usable = %v (%v), want %v", tt.name, err == nil, err, tt.want)
		}
	}
	// In a region: claims about the same region only.
	inRegion, err := newClaimEncoding(g, e, nil, false, compileOn("a == 0 && b == 0"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		where string
		want  bool
	}{{"a == 0 && b == 0", true}, {"a==0&&b==0", true}, {"a == 0 && b == 0 // note", true}, {"a == 0", false},
		{"b == 0 && a == 0", false}, {"", false},
		// A comment hides the rest of its line only: the red team's region.
		{"a == 0 // x\n&& b == 0 && c < 1", false}} {
		var where *check.Expr
		if tt.where != "" {
			where = compileOn(tt.where)
		}
		if err := inRegion.equivalentUsable(newClaim(g, compileOn("b == a"), nil, false, where)); (err == nil) != tt.want {
			t.Errorf("a claim about %q for one about a == 0 && b == 0: usable = %v (%v), want %v", tt.where, err == nil, err, tt.want)
		}
	}
}

// TestReductionRegion: a claim offered for one of the reduction's regions
// is recognized when its region is some piles empty and the others free,
// written as the reduction writes it; any other region is not one the
// reduction reaches.
func TestReductionRegion(t *testing.T) {
	for _, tt := range []struct {
		where string
		want  string // "" for none
	}{
		{"a == 0", "a == 0"},
		{"a == 0 && c == 0", "a == 0 && c == 0"},
		{"(a == 0) && (c == 0)", "a == 0 && c == 0"},
		{"a > 0", ""},
		{"a == 0 && b <= c", ""},
		{"c == 0 && a == 0", ""}, // not in the reduction's order: never matched
		{"a == 0 || c == 0", ""},
		{"a + c == 0", ""},
		{"min(a, b, c, d) == 0", ""},
	} {
		e, err := check.Compile(tt.where, 4, nil)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := reductionRegion(e)
		if ok != (tt.want != "") || got != tt.want {
			t.Errorf("%s: %q %v, want %q", tt.where, got, ok, tt.want)
		}
	}
}
