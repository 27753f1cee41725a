package prove

import (
	"context"
	"testing"
	"time"

	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/prove/proof"
)

// TestRoutePreconditions takes each route with a game and an expression
// inside its preconditions and with some just outside them: slow moves,
// the rule variations, sums and compounds, misère play, hypergraphs that
// are not complexes.
func TestRoutePreconditions(t *testing.T) {
	tests := []struct {
		route      route
		spec, expr string
		moves      [][]string
		want       bool
	}{
		// Induction on digits, (I): moves that lower the piles of a face.
		{digitsStepIRoute, "moore:3,2", "colmod(3, a, b, c)", nil, true},
		{digitsStepIRoute, "slow(nim:2)", "colmod(2, a, b)", nil, true},
		{digitsStepIRoute, "moore:3,2/misere", "colmod(3, a, b, c)", nil, false},
		{digitsStepIRoute, "moore:3,2", "colmod(3, a, b)", nil, false},
		{digitsStepIRoute, "moore:3,2", "colmod(3, a, b, c) && a < 5", nil, false},
		{digitsStepIRoute, "moore:3,2", "colmod(3, a, b, b)", nil, false},
		{digitsStepIRoute, "moore:3,2", "colmod(1, a, b, c)", nil, false},
		{digitsStepIRoute, "slow:3,2", "colmod(2, a, b, c)", nil, false},
		{digitsStepIRoute, "hyper:1-2-3,2-3", "colmod(2, a, b, c)", nil, false},
		// (II): Moore's move, simplicial Nim only.
		{digitsStepIIRoute, "moore:3,2", "colmod(3, a, b, c)", nil, true},
		{digitsStepIIRoute, "nim:3", "colmod(2, a, b, c)", nil, true},
		{digitsStepIIRoute, "cn:4,2 + nim:1", "colmod(2, a, b, c, d, e)", nil, true},
		{digitsStepIIRoute, "slow(nim:2)", "colmod(2, a, b)", nil, false},
		{digitsStepIIRoute, "slow(nim:3)", "colmod(2, a, b, c)", nil, false},
		{digitsStepIIRoute, "slow(nim:2) + nim:1", "colmod(2, a, b, c)", nil, false},
		{digitsStepIIRoute, "slow(moore:3,2)", "colmod(3, a, b, c)", nil, false},
		{digitsStepIIRoute, "slowle:3,2", "colmod(3, a, b, c)", nil, false},
		{digitsStepIIRoute, "fixed(moore:3,2; 1)", "colmod(3, a, b, c)", nil, false},
		{digitsStepIIRoute, "atleast(moore:3,2; 1)", "colmod(3, a, b, c)", nil, false},
		{digitsStepIIRoute, "total(moore:3,2; 2)", "colmod(3, a, b, c)", nil, false},
		{digitsStepIIRoute, "wythoff(nim:3)", "colmod(2, a, b, c)", nil, false},
		{digitsStepIIRoute, "exact:3,2", "colmod(3, a, b, c)", nil, false},
		{digitsStepIIRoute, "hyper:1-2,2-3", "colmod(2, a, b, c)", nil, false},
		{digitsStepIIRoute, "nim:1 & nim:2", "colmod(2, a, b, c)", nil, false},
		{digitsStepIIRoute, "moore:3,2/misere", "colmod(3, a, b, c)", nil, false},
		// The nim-sum uninterpreted: xor and ^ only.
		{nimSumRoute, "nim:3", "a ^ b ^ c == 0", nil, true},
		{nimSumRoute, "slow:3,2", "xor(a, b, c) == 0", nil, true},
		{nimSumRoute, "moore:3,2", "colmod(3, a, b, c)", nil, false},
		{nimSumRoute, "nim:3", "colmod(2, a, b, c) || a ^ b == c", nil, false},
		{nimSumRoute, "nim:3", "a + b == c", nil, false},
		// Linear integer arithmetic: no operator on digits of the piles.
		{linearRoute, "cn:6,3", "a + b == d + e && b + c == e + f", nil, true},
		{linearRoute, "fixed(cn:5,2; 2)", "a % 4 == 0", nil, true},
		{linearRoute, "nim:2", "a == b && 5 ^ 3 == 6", nil, true},
		{linearRoute, "nim:2", "a ^ b == 0", nil, false},
		{linearRoute, "nim:2", "a * 2 ** 3 == b * 8", nil, true},             // a constant power folds
		{linearRoute, "nim:2", "a + 9223372036854775807 * 2 > b", nil, true}, // past 64 bits, as a term

		// Bit-vectors: terms wide enough.
		{bitVectorRoute, "nim:3", "a ^ b ^ c == 0", nil, true},
		{bitVectorRoute, "nim:2", "a == b", nil, false},
		// Finitely many options: fixed amounts only.
		{finiteOptionsRoute, "slow:3,2", "a + b + c == 0", nil, true},
		{finiteOptionsRoute, "fixed(cn:5,2; 2)", "a == 0", nil, true},
		{finiteOptionsRoute, "slow(nim:2)", "a == 0", nil, false},
		{finiteOptionsRoute, "slowle:3,2", "a == 0", nil, true},
		{finiteOptionsRoute, "hyper:1-2-3,2-3", "a == 0", nil, false},
		{finiteOptionsRoute, "exactly(cn:5,2; 3)", "a == 0", nil, false},
		{finiteOptionsRoute, "nim:2", "a == b", nil, false},
		{finiteOptionsRoute, "slow:2,1 + nim:1", "a == 0", nil, false},
		// Candidate moves: only when given.
		{candidateMovesRoute, "nim:2", "a == b", [][]string{{"b", "b"}, {"a", "a"}}, true},
		{candidateMovesRoute, "nim:2", "a == b", nil, false},
		// Symmetry breaking and the case split: linear, two piles or more.
		{symmetryRoute, "cn:5,2", "a == b", nil, true},
		{symmetryRoute, "nim:1", "a == 0", nil, false},
		{symmetryRoute, "nim:3", "a ^ b ^ c == 0", nil, false},
		{caseSplitRoute, "cn:5,2", "a == b", nil, true},
		{caseSplitRoute, "nim:3", "a ^ b ^ c == 0", nil, false},
		// Sorted options: a slow game, slowmoves of every pile, one k.
		{slowOptionsRoute, "slow:3,2", "slowmoves(2, a, b, c) % 2 == 0", nil, true},
		{slowOptionsRoute, "slowset:4,{3,4}", "slowmoves(3, d, c, b, a) % 2 == 0 && a <= b", nil, true},
		{slowOptionsRoute, "slow:3,2", "slowmoves(2, a, b) % 2 == 0", nil, false},
		{slowOptionsRoute, "slow:3,2", "slowmoves(2, a, a, b) % 2 == 0", nil, false},
		{slowOptionsRoute, "slow:3,2", "slowmoves(2, a, b, c) == slowmoves(1, a, b, c)", nil, false},
		{slowOptionsRoute, "slow:3,2", "a + b + c == 0", nil, false},
		{slowOptionsRoute, "slow:3,2/misere", "slowmoves(2, a, b, c) % 2 == 0", nil, false},
		{slowOptionsRoute, "exact:3,2", "slowmoves(2, a, b, c) % 2 == 0", nil, false},
		{slowOptionsRoute, "fixed(cn:3,2; 2)", "slowmoves(2, a, b, c) % 2 == 0", nil, false},
		{slowOptionsRoute, "slow(nim:3)", "slowmoves(2, a, b, c) % 2 == 0", nil, false},
		{slowOptionsRoute, "nim:3", "slowmoves(2, a, b, c) % 2 == 0", nil, false},
		// Equivalence: any claim of P-positions about every position (what
		// it rests on is asked of each Equivalent: TestEquivalentUsable).
		{equivalenceRoute, "cn:6,4", "xor(a, c, e) == 0 && a + b == d + e", nil, true},
	}
	for _, tt := range tests {
		g, e := compile(t, tt.spec, tt.expr)
		enc, err := newEncoding(g, e, tt.moves)
		if err != nil {
			t.Fatalf("%s, %s: %v", tt.spec, tt.expr, err)
		}
		err = tt.route.needs(enc)
		if got := err == nil; got != tt.want {
			t.Errorf("%s on %s with %q: preconditions hold = %v, want %v (%v)", tt.route.name, tt.spec, tt.expr, got, tt.want, err)
		}
	}
}

// TestExtremeConstants: constants at the ends of int are encoded without
// overflow or unbounded work (the division by -2^63 recursed for ever; a
// huge k of slowmoves wrapped the guard on its terms).
func TestExtremeConstants(t *testing.T) {
	for _, tt := range []struct {
		expr string
		ok   bool
	}{
		{"a == b && a / (-9223372036854775807 - 1) == 0", true},
		{"a == b && a % (-9223372036854775807 - 1) == a", true},
		{"a == b && (a - 9223372036854775807) / -1 > 0", true},
		{"slowmoves(6148914691236517206, a, b) == 0 && a == b", false},
		{"slowmoves(9223372036854775807, a, b) == 0", false},
	} {
		g, e := compile(t, "nim:2", tt.expr)
		_, err := newEncoding(g, e, nil)
		if (err == nil) != tt.ok {
			t.Errorf("%s: %v", tt.expr, err)
		}
	}
}

// TestSlowGamesAreNotProvedByMooresMove: the two false proofs the digit
// induction gave, now refuted with a counterexample the engine confirms.
func TestSlowGamesAreNotProvedByMooresMove(t *testing.T) {
	s := solver(t)
	for _, tt := range []struct{ spec, expr string }{
		{"slow(nim:2)", "colmod(2, a, b)"},
		{"slow(nim:3)", "colmod(2, a, b, c)"},
		{"slow(moore:3,2)", "colmod(3, a, b, c)"},
	} {
		g, e := compile(t, tt.spec, tt.expr)
		r, err := Prove(context.Background(), g, e, Options{Solver: s, Timeout: 20 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		if r.Result != Refuted || r.Counterexample == nil || r.Counterexample.Checked != "engine" {
			t.Errorf("%s with %s: %s (%s), want refuted with an engine-checked counterexample", tt.spec, tt.expr, r.Result, r.Reason)
		}
		for _, c := range r.Conditions {
			if c.Name == proof.II && c.Via == viaDigits {
				t.Errorf("%s: (II) was decided by the digit induction", tt.spec)
			}
		}
	}
}

// TestSymmetryBreakingAsksTheMoves: a permutation that keeps S but not the
// moves is not used, nor one that does not keep S.
func TestSymmetryBreakingAsksTheMoves(t *testing.T) {
	s := solver(t)
	opts := Options{Solver: s, Timeout: 20 * time.Second}
	tests := []struct {
		spec, expr string
		perm       complex.Perm
		want       bool
	}{
		{"path:3,2", "a + b + c == 0", complex.Perm{2, 1, 0}, true},  // reversal: a symmetry
		{"path:3,2", "a + b + c == 0", complex.Perm{1, 0, 2}, false}, // S kept, the moves not
		{"path:3,2", "a == 0 && b == c", complex.Perm{2, 1, 0}, false},
		{"fixed(path:3,2; 2)", "a + b + c == 0", complex.Perm{1, 2, 0}, false},
		{"nim:3", "a + b == c", complex.Perm{1, 0, 2}, true},
		// S not kept, asked one way only (S(p) and not S(p∘perm)): the
		// other way follows, so every S not kept is caught.
		{"nim:3", "a + b == c", complex.Perm{2, 1, 0}, false},
		{"nim:3", "a <= b", complex.Perm{1, 0, 2}, false},
		{"nim:3", "b <= a", complex.Perm{1, 0, 2}, false},
		{"nim:3", "a < b || c == 5", complex.Perm{2, 0, 1}, false},
	}
	for _, tt := range tests {
		g, e := compile(t, tt.spec, tt.expr)
		enc, err := newEncoding(g, e, nil)
		if err != nil {
			t.Fatal(err)
		}
		got, err := enc.invariantUnder(context.Background(), []complex.Perm{tt.perm}, opts)
		if err != nil {
			t.Fatal(err)
		}
		if got != tt.want {
			t.Errorf("%s, %q under %v: invariant = %v, want %v", tt.spec, tt.expr, tt.perm, got, tt.want)
		}
	}
}
