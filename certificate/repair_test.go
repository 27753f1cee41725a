package certificate

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/table"
)

// TestRepairProvesEverySample: a split learned on the smallest box fails
// at positions of a larger one; mended (repair), it proves (II) at every
// sample, old and new, and where it held it keeps its cases.
func TestRepairProvesEverySample(t *testing.T) {
	keep := func(n int) [][]string { // every pile made the one kept
		var moves [][]string
		for i := range n {
			m := make([]string, n)
			for j := range m {
				m[j] = string(rune('a' + i))
			}
			moves = append(moves, m)
		}
		return moves
	}
	for _, tt := range []struct {
		spec, expr string
		moves      [][]string
		// mends: the split of the box 0..1 fails beyond it, so the test
		// reaches repair's cuts (a parity's split holds as learned).
		mends bool
	}{
		{"cn:8,7", "a == b && a == c && a == d && a == e && a == f && a == g && a == h", keep(8), true},
		{"cn:5,4", "a == b && a == c && a == d && a == e", keep(5), true},
		{"cn:4,2", "a == c && b == d", [][]string{{"c", "d", "c", "d"}, {"a", "b", "a", "b"}, {"a", "d", "a", "d"}, {"c", "b", "c", "b"}}, true},
		{"slowset:3,{1,3}", "(a + b + c) % 2 == 0", [][]string{{"a - 1", "b", "c"}, {"a", "b - 1", "c"}, {"a", "b", "c - 1"}}, false},
	} {
		g := parse(t, tt.spec)
		w, err := newWriter(Claim{Game: g, Set: compile(t, g, tt.expr), Moves: tt.moves})
		if err != nil {
			t.Fatal(err)
		}
		s, err := w.splitter()
		if err != nil {
			t.Fatal(err)
		}
		box := table.Uniform(s.n, 1)
		for idx := range box.Positions() {
			p := make(game.Position, s.n)
			box.Position(idx, p)
			s.samples = append(s.samples, p)
		}
		ctx := context.Background()
		root, err := s.learnRound(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		failed := 0
		for range 2000 {
			p := tieRich(rng, s.n, 12)
			if !s.provedAt(root, p) {
				failed++
			}
			s.samples = append(s.samples, p)
		}
		if (failed > 0) != tt.mends {
			t.Fatalf("%s: %d of 2000 new samples failed on the split of the box 0..1; the test expects failures: %v", tt.spec, failed, tt.mends)
		}
		// Mending again where nothing fails changes nothing; so the
		// count of cases after the first mending is the tree's.
		if root, err = s.learnRound(ctx, root); err != nil {
			t.Fatal(err)
		}
		mended := countCases(root)
		for _, p := range s.samples {
			if !s.provedAt(root, p) {
				t.Errorf("%s: the mended split fails at %v", tt.spec, p)
				break
			}
		}
		if root, err = s.learnRound(ctx, root); err != nil {
			t.Fatal(err)
		}
		if got := countCases(root); got != mended {
			t.Errorf("%s: mending a split that holds at every sample changed its cases from %d to %d", tt.spec, mended, got)
		}
		t.Logf("%s: %d of 2000 new samples failed on the split of the box 0..1; mended, %d cases", tt.spec, failed, mended)
	}
}

// TestConditionITactic: (I) is proved by cases_prune where S and the move
// relation are linear atoms only, by cases_lia where lia would split
// minima or remainders inside a failing call.
func TestConditionITactic(t *testing.T) {
	for _, tt := range []struct {
		spec, expr string
		moves      [][]string
		want       string
	}{
		{"cn:4,2", "a == c && b == d", [][]string{{"c", "d", "c", "d"}, {"a", "b", "a", "b"}}, "cases_prune"},
		{"slowset:3,{1,3}", "(a + b + c) % 2 == 0", [][]string{{"a - 1", "b", "c"}}, "cases_lia"},
		// a minimum in an equation is written as its cases: no Z.min
		{"exact:3,3", "min(a, b, c) == 0", [][]string{{"a - min(a, b, c)", "b - min(a, b, c)", "c - min(a, b, c)"}}, "cases_prune"},
		{"nim:2", "min(a, b) % 2 == 0 && a == b", [][]string{{"a", "a"}, {"b", "b"}}, "cases_lia"},
	} {
		g := parse(t, tt.spec)
		w, err := newWriter(Claim{Game: g, Set: compile(t, g, tt.expr), Moves: tt.moves})
		if err != nil {
			t.Fatal(err)
		}
		if w.casesI() != tt.want {
			t.Errorf("%s %s: (I) by %s, want %s", tt.spec, tt.expr, w.casesI(), tt.want)
		}
	}
}
