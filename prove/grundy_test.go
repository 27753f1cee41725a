package prove

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/prove/proof"
)

// TestGrundyRoutePreconditions: the Sprague–Grundy conditions are taken in
// normal play on games whose moves lower the total; the induction on binary
// digits is never a Sprague–Grundy proof's.
func TestGrundyRoutePreconditions(t *testing.T) {
	tests := []struct {
		spec, expr string
		ok         bool
	}{
		{"nim:3", "a ^ b ^ c", true},
		{"slow:3,2", "slowmoves(2, a, b, c) % 2", true},
		{"exact:3,2", "slowmoves(2, a, b, c)", true},
		{"fixed(cn:4,2; 2)", "a + b + c + d", true},
		{"nim:2 + slow:2,1", "a ^ ((b + c) % 2)", true},
		{"nim:2/misere", "a ^ b", false},
		{"slow:2,1/misere", "(a + b) % 2", false},
	}
	for _, tt := range tests {
		g, e := compile(t, tt.spec, tt.expr)
		enc, err := newClaimEncoding(g, e, nil, true, nil)
		if err != nil {
			t.Fatalf("%s: %v", tt.spec, err)
		}
		if err := grundyRoute.needs(enc); (err == nil) != tt.ok {
			t.Errorf("%s, %s: needs = %v, want ok %v", tt.spec, tt.expr, err, tt.ok)
		}
	}
	g, e := compile(t, "moore:3,2", "colmod(3, a, b, c)")
	enc, err := newClaimEncoding(g, e, nil, true, nil)
	if err != nil {
		t.Fatal(err)
	}
	if digitsStepIRoute.needs(enc) == nil || digitsStepIIRoute.needs(enc) == nil {
		t.Error("the induction on binary digits is taken for a Sprague–Grundy value")
	}
	if got := digitsStepIIRoute.rewrite(enc, &digitsStepIIRoute, digitsStepIRoute.rewrite(enc, &digitsStepIRoute, enc.conditions())); slices.ContainsFunc(got, func(q query) bool { return q.via != nil && q.via.name == viaDigits }) {
		t.Error("the digit steps changed a query of a Sprague–Grundy proof")
	}
}

// TestCheckClaimWithEngine: Grundy values and region theorems are compared
// with the engine's table, a region on its own positions only.
func TestCheckClaimWithEngine(t *testing.T) {
	tests := []struct {
		spec, expr, where string
		grundy            bool
		want              game.Position // nil: confirmed
		value, engine     int
	}{
		{"nim:2", "a ^ b", "", true, nil, 0, 0},
		{"exact:3,2", "slowmoves(2, a, b, c)", "", true, nil, 0, 0},
		{"nim:2", "a + b", "", true, game.Position{1, 1}, 2, 0},
		{"nim:2", "a ^ b ^ (a == 2 && b == 0 ? 1 : 0)", "", true, game.Position{2, 0}, 3, 2},
		// Right in the region, wrong outside it.
		{"cn:6,2", "b + c == e + f", "a == 0 && d == 0", false, nil, 0, 0},
		// a Boolean read as a value: 1 at the terminal position
		{"cn:6,2", "(b ^ c) == (e ^ f)", "a == 0 && d == 0", true, game.Position{0, 0, 0, 0, 0, 0}, 1, 0},
		{"cn:6,2", "b + c == e + f && b != 1", "a == 0 && d == 0", false, game.Position{0, 1, 0, 0, 1, 0}, 0, 0},
		{"cn:6,2", "(b + c) ^ (e + f)", "a == 0 && d == 0", true, nil, 0, 0},
	}
	for _, tt := range tests {
		g, e := compile(t, tt.spec, tt.expr)
		c := &Claim{g: g, e: e, grundy: tt.grundy}
		if tt.where != "" {
			_, c.where = compile(t, tt.spec, tt.where)
		}
		got, err := checkClaimWithEngine(context.Background(), c, nil)
		var d *DisagreementError
		switch {
		case tt.want == nil && err != nil:
			t.Errorf("%s, %s where %q: %v", tt.spec, tt.expr, tt.where, err)
		case tt.want == nil && (got.Positions < 100 || got.Grundy != tt.grundy || got.Where != tt.where):
			t.Errorf("%s, %s: checked only %+v", tt.spec, tt.expr, got)
		case tt.want != nil && !errors.As(err, &d):
			t.Errorf("%s, %s: %v, want a disagreement at %v", tt.spec, tt.expr, err, tt.want)
		case tt.want != nil && !slices.Equal(d.Position, tt.want):
			t.Errorf("%s, %s: disagreement at %v, want %v", tt.spec, tt.expr, d.Position, tt.want)
		case tt.want != nil && tt.grundy && (d.Value != tt.value || d.EngineValue != tt.engine || !strings.Contains(err.Error(), "Grundy value")):
			t.Errorf("%s, %s: %v", tt.spec, tt.expr, err)
		}
		if tt.where != "" && err == nil && !strings.Contains(got.String(), "with "+tt.where) {
			t.Errorf("%s: %s does not name the region", tt.spec, got)
		}
	}
}

// TestProveGrundyAndRegions proves and refutes Sprague–Grundy formulas and
// region theorems, each in a second or less.
func TestProveGrundyAndRegions(t *testing.T) {
	s := solver(t)
	nim3 := [][]string{{"xor(b, c) ^ v", "b", "c"}, {"a", "xor(a, c) ^ v", "c"}, {"a", "b", "xor(a, b) ^ v"}}
	exact32 := [][]string{{"min(a - 1, v)", "v - min(a - 1, v)", "c"}, {"a", "v - a", "v"}, {"a", "b - 1", "2*v + 1 - a - b"}}
	tests := []struct {
		spec, expr, where string
		grundy            bool
		moves             [][]string
		want              proof.Result
		condition         string // of the counterexample (one of those separated by |)
	}{
		{"nim:3", "a ^ b ^ c", "", true, nim3, Proved, ""},
		// exact 2-Nim on 3 piles: the longest play of exact slow 2-Nim,
		// with moves that assume sorted piles (symmetry breaking).
		{"exact:3,2", "slowmoves(2, a, b, c)", "", true, exact32, Proved, ""},
		{"exact:4,4", "min(a, b, c, d)", "", true, nil, Proved, ""},
		{"slow:3,1", "(a + b + c) % 2", "", true, nil, Proved, ""},
		{"nim:2", "a - b", "", true, nil, Refuted, "G0"},
		{"nim:2", "a", "", true, nil, Refuted, "G1"},
		// wrong at (0,1,c) only: (G1) at (1,2,1) -> (0,1,0) or (G2) at (0,1,1)
		{"exact:3,3", "min(a, b, c) + (a == 0 && b == 1 ? 1 : 0)", "", true, nil, Refuted, "G1|G2"},
		{"nim:2/misere", "a ^ b", "", true, nil, Undecided, ""},
		// CN(7,5) with an empty stack.
		{"cn:7,5", "b == c + d && b == e + f && b == g && min(c, f) == 0", "a == 0", false, nil, Proved, ""},
		{"cn:7,5", "b == c + d && b == e + f && b == g", "a == 0", false, nil, Refuted, "I"},
		{"cn:4,2", "xor(b, d)", "a == 0 && c == 0", true, [][]string{{"a", "d ^ v", "c", "d"}, {"a", "b", "c", "b ^ v"}}, Proved, ""},
	}
	for _, tt := range tests {
		g, e := compile(t, tt.spec, tt.expr)
		opts := Options{Solver: s, Timeout: 10 * time.Second, Grundy: tt.grundy, Moves: tt.moves}
		if tt.where != "" {
			_, opts.Where = compile(t, tt.spec, tt.where)
		}
		r, err := Prove(context.Background(), g, e, opts)
		if err != nil {
			t.Fatalf("%s, %s: %v", tt.spec, tt.expr, err)
		}
		if r.Result != tt.want {
			t.Errorf("%s, %s where %q: %s (%s), want %s", tt.spec, tt.expr, tt.where, r.Result, r.Reason, tt.want)
			continue
		}
		switch {
		case tt.want == Refuted && (!slices.Contains(strings.Split(tt.condition, "|"), r.Counterexample.Condition.String()) || r.Counterexample.Checked != "engine"):
			t.Errorf("%s, %s: counterexample %+v, want one to (%s) checked by the engine", tt.spec, tt.expr, r.Counterexample, tt.condition)
		case tt.want == Proved && (r.Engine == nil || r.Engine.Positions == 0 || r.Engine.Grundy != tt.grundy):
			t.Errorf("%s, %s: engine check %+v", tt.spec, tt.expr, r.Engine)
		case tt.want == Proved && tt.where != "" && (r.Closure == nil || r.Closure.Result != Unsat || !strings.HasPrefix(r.Scope.String(), "every position with "+tt.where)):
			t.Errorf("%s, %s: closure %+v, scope %q", tt.spec, tt.expr, r.Closure, r.Scope)
		case tt.want == Proved && tt.moves != nil && !slices.ContainsFunc(r.Conditions, func(c Condition) bool { return c.Name == proof.G2 && c.Via == viaMoves }):
			t.Errorf("%s, %s: (G2) not by the candidate moves: %+v", tt.spec, tt.expr, r.Conditions)
		}
	}
}

// TestOpenRegionRefused: a region some move leaves is refused with such a
// move, confirmed by the move generator.
func TestOpenRegionRefused(t *testing.T) {
	s := solver(t)
	for _, tt := range []struct{ spec, where string }{
		{"nim:2", "a > 0"},
		{"cn:6,2", "a <= b"},
		{"slow:3,2", "a == b"},
	} {
		g, e := compile(t, tt.spec, "true")
		_, where := compile(t, tt.spec, tt.where)
		_, err := Prove(context.Background(), g, e, Options{Solver: s, Timeout: 10 * time.Second, Where: where})
		var open *OpenRegionError
		if !errors.As(err, &open) {
			t.Errorf("%s where %s: %v, want the region refused", tt.spec, tt.where, err)
			continue
		}
		inR := where.Evaluator()
		if g.CheckMove(open.Position, open.Move) != nil || !inR(open.Position) || inR(open.Move) {
			t.Errorf("%s where %s: the move %v -> %v does not leave it", tt.spec, tt.where, open.Position, open.Move)
		}
	}
}

// TestEmptyRegionRefused: a region no position is in is refused, not
// "proved"; a region that holds positions only at large piles is not.
func TestEmptyRegionRefused(t *testing.T) {
	s := solver(t)
	for _, tt := range []struct {
		spec, where string
		empty       bool
	}{
		{"cn:6,2", "1 == 0", true},
		{"cn:6,2", "a == 0 && a > 3", true},
		{"nim:2", "a == b && a + b == 1", true},
		{"nim:2", "a == 0 && b == 0", false},
	} {
		g, e := compile(t, tt.spec, "a == b")
		_, where := compile(t, tt.spec, tt.where)
		_, err := Prove(context.Background(), g, e, Options{Solver: s, Timeout: 10 * time.Second, Where: where})
		var empty *EmptyRegionError
		if errors.As(err, &empty) != tt.empty {
			t.Errorf("%s where %s: %v; empty %v", tt.spec, tt.where, err, tt.empty)
		}
	}
}

// TestRegionScopeOfABitVectorClosure: a region whose closure is proved in
// bit-vectors (piles up to 2^63-1) gives a region theorem for those piles
// only, even when every condition is proved with the nim-sum's lemmas for
// every position: beyond 2^63-1 this region is not closed, and the claim
// is false at (2^63, 2^63+1).
func TestRegionScopeOfABitVectorClosure(t *testing.T) {
	s := solver(t)
	g, e := compile(t, "nim:2", "(a == b && a <= 9223372036854775807) || (a > 9223372036854775807 && b == a + 1)")
	_, where := compile(t, "nim:2", "xor(a, b, b) <= 9223372036854775807 || b == a + 1")
	r, err := Prove(context.Background(), g, e, Options{Solver: s, Timeout: 20 * time.Second, Where: where})
	if err != nil {
		t.Fatal(err)
	}
	if r.Result == Proved && (r.Scope.Bound != proof.MaxPile || !strings.Contains(r.Scope.String(), "2^63-1")) {
		t.Errorf("proved for %q (%s); the closure was asked in %v", r.Scope, r.Proof, r.Closure.Routes)
	}
}

// TestRegionZerosKeepTheMovesArithmetic: with a region's zeros written as
// 0, xor(a, b, c) == 0 in a == 0 && b == 0 folds to c == 0, linear; the
// candidate moves still need bit-vectors, and the arithmetic is chosen
// from the expression as written (a8ffd28 chose it from the folded one
// and refused the moves).
func TestRegionZerosKeepTheMovesArithmetic(t *testing.T) {
	s := solver(t)
	g, e := compile(t, "nim:3", "xor(a, b, c) == 0")
	_, where := compile(t, "nim:3", "a == 0 && b == 0")
	r, err := Prove(context.Background(), g, e, Options{Solver: s, Timeout: 20 * time.Second, Where: where, Moves: [][]string{{"a", "b", "xor(a, b)"}}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Result != Proved {
		t.Errorf("%s: %s", r.Result, r.Reason)
	}
}
