package theory_test

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/prove/proof"
	"github.com/nimlab/nimlab/table"
	"github.com/nimlab/nimlab/theory"
)

// TestExpressionsAreTheTheorems compares each theorem's expression with its
// own test at every position of its examples' boxes (capped so that each
// box stays small), and at random positions near 2^31, 2^62 and 2^63-1.
func TestExpressionsAreTheTheorems(t *testing.T) {
	ctx := context.Background()
	withExpression := 0
	for _, th := range theory.Theorems() {
		for _, ex := range th.Examples {
			g, err := game.Parse(ex.Spec)
			if err != nil {
				t.Fatal(err)
			}
			src, ok := th.Expression(ctx, g)
			if !ok {
				continue
			}
			withExpression++
			rule, _ := th.For(ctx, g)
			e, err := check.Compile(src, g.Piles(), func() (*complex.Group, error) { return g.Symmetries(ctx) })
			if err != nil {
				t.Fatalf("%s on %s: %v", th.Name, ex.Spec, err)
			}
			in := e.Evaluator()
			h := ex.Max
			for h > 1 && pow(h+1, g.Piles()) > 400_000 {
				h--
			}
			p := make(game.Position, g.Piles())
			accepted := 0
			for {
				if in(p) != rule.IsP(p) {
					t.Fatalf("%s on %s at %v: the expression says %v, the theorem %v", th.Name, ex.Spec, p, in(p), rule.IsP(p))
				}
				if in(p) {
					accepted++
				}
				i := 0
				for ; i < len(p) && p[i] == h; i++ {
					p[i] = 0
				}
				if i == len(p) {
					break
				}
				p[i]++
			}
			if accepted == 0 {
				t.Errorf("%s on %s: only %d P-positions up to %d", th.Name, ex.Spec, accepted, h)
			}
			// And near the top of int, where a wrapping evaluator and the
			// proof about the integers would part.
			rng := rand.New(rand.NewPCG(uint64(len(src)), uint64(g.Piles())))
			bases := []int{0, 1 << 31, 1 << 62, math.MaxInt}
			for range 2000 {
				for i := range p {
					p[i] = max(0, bases[rng.IntN(len(bases))]-rng.IntN(16))
				}
				if rng.IntN(2) == 0 { // equal piles make P-positions likely
					for i := range p {
						p[i] = p[0]
					}
				}
				if in(p) != rule.IsP(p) {
					t.Fatalf("%s on %s at %v: the expression says %v, the theorem %v", th.Name, ex.Spec, p, in(p), rule.IsP(p))
				}
			}
		}
	}
	if withExpression < 20 {
		t.Errorf("only %d examples have an expression", withExpression)
	}
}

func pow(b, e int) int {
	r := 1
	for range e {
		r *= b
	}
	return r
}

func TestProofRecordString(t *testing.T) {
	for _, tt := range []struct {
		r    theory.ProofRecord
		want string
	}{
		{theory.ProofRecord{Game: "cn:6,3", Result: proof.Proved, Proof: proof.Presburger, Seconds: 0.3, Timeout: "1m0s"}, "cn:6,3: proved for every position (presburger arithmetic, 0.3 s)"},
		{theory.ProofRecord{Game: "slow:4,3", Result: proof.Proved, Proof: proof.Presburger, Seconds: 114, Timeout: "15m0s"}, "slow:4,3: proved for every position (presburger arithmetic, 114.0 s, with --timeout 15m)"},
		{theory.ProofRecord{Game: "nim:4", Result: proof.Proved, Proof: proof.BitVector, Seconds: 1.5, Timeout: "30s"}, "nim:4: proved for every position with piles up to 2^63-1 (bitvector arithmetic, 1.5 s, with --timeout 30s)"},
		{theory.ProofRecord{Game: "cn:6,4", Result: proof.Proved, Proof: proof.NimSums, Seconds: 0.7, Timeout: "1m0s"}, "cn:6,4: proved for every position (presburger arithmetic with the nim-sum's lemmas, 0.7 s)"},
		{theory.ProofRecord{Game: "cn:6,3", Result: proof.Proved, Proof: proof.Presburger, Seconds: 0.6, Timeout: "1m0s",
			Confirmation: &theory.ProofConfirmation{Solver: "cvc5 version 1.0.3", Result: "confirmed"},
			Certificate:  &theory.ProofCertificate{Status: "certified", Seconds: 2.9}},
			"cn:6,3: proved for every position (presburger arithmetic, 0.6 s; confirmed by cvc5 version 1.0.3; certified by Coq, coqc 2.9 s)"},
		{theory.ProofRecord{Game: "cn:7,4", Result: proof.Proved, Proof: proof.Presburger, Seconds: 23, Timeout: "1m0s",
			Certificate: &theory.ProofCertificate{Status: "not_certifiable", Reason: "no_moves"}},
			"cn:7,4: proved for every position (presburger arithmetic, 23.0 s; no Coq certificate (no_moves))"},
		{theory.ProofRecord{Game: "slow:3,2", Result: proof.Proved, Proof: proof.Presburger, Seconds: 4.2, Timeout: "1m0s",
			Confirmation: &theory.ProofConfirmation{Solver: "cvc5 version 1.0.3", Result: "not confirmed"},
			Certificate:  &theory.ProofCertificate{Status: "unfinished", Seconds: 180}},
			"slow:3,2: proved for every position (presburger arithmetic, 4.2 s; cvc5 version 1.0.3: not confirmed; Coq certificate written, coqc not done within 180 s)"},
		{theory.ProofRecord{Game: "cn:6,4", Result: proof.Undecided, Proof: proof.BitVector, Timeout: "1m0s"}, "cn:6,4: not proved: the solver gave up or ran out of time (1m0s per query)"},
	} {
		if got := tt.r.String(); got != tt.want {
			t.Errorf("%q, want %q", got, tt.want)
		}
	}
}

// TestWinningMovesCoverII: from every position outside a theorem's set, of
// a box, one of its candidate moves written as formulas (path-n-n-1's block
// moves, cn86's moves in every view) is a legal move into the
// set: the candidates cover condition (II) there.
func TestWinningMovesCoverII(t *testing.T) {
	ctx := context.Background()
	for _, tt := range []struct {
		theorem, spec string
		max           int
	}{{"path-n-n-1", "path:4,2", 6}, {"path-n-n-1", "path:6,3", 4}, {"path-n-n-1", "path:8,4", 3},
		{"cn86", "cn:8,6", 3}, {"cn74", "cn:7,4", 5}} {
		th, _ := theory.ByName(tt.theorem)
		g, err := game.Parse(tt.spec)
		if err != nil {
			t.Fatal(err)
		}
		src, _ := th.Expression(ctx, g)
		s, err := check.Compile(src, g.Piles(), func() (*complex.Group, error) { return g.Symmetries(ctx) })
		if err != nil {
			t.Fatal(err)
		}
		in := s.Evaluator()
		var moves [][]func(game.Position) (int, bool)
		for _, m := range th.CertificateMoves(ctx, g) {
			var piles []func(game.Position) (int, bool)
			for _, e := range m {
				c, err := check.Compile(e, g.Piles(), nil)
				if err != nil {
					t.Fatal(err)
				}
				piles = append(piles, c.IntEvaluator())
			}
			moves = append(moves, piles)
		}
		box := table.Uniform(g.Piles(), tt.max)
		p, q := make(game.Position, g.Piles()), make(game.Position, g.Piles())
		open := 0
		for idx := range box.Positions() {
			box.Position(idx, p)
			if in(p) {
				continue
			}
			open++
			served := false
			for _, m := range moves {
				for i, f := range m {
					q[i], _ = f(p)
				}
				if g.IsMove(p, q) && in(q) {
					served = true
					break
				}
			}
			if !served {
				t.Fatalf("%s %s: at %v, outside the set, no candidate move leads into it", tt.theorem, tt.spec, p)
			}
		}
		if open == 0 {
			t.Fatalf("%s: no position outside the set", tt.spec)
		}
	}
}
