package witness

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/table"
)

// compile compiles src for g, with g's symmetries for sym().
func compile(t *testing.T, g *game.Game, src string) *check.Expr {
	t.Helper()
	e, err := check.Compile(src, g.Piles(), func() (*complex.Group, error) { return g.Symmetries(context.Background()) })
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestLearnedMovesServeTheBox learns the moves of known characterizations
// and checks, independently of the learner (each move compiled by check and
// each option checked by game.CheckMove), that at every position of the
// box outside S one of them is a legal move into S.
func TestLearnedMovesServeTheBox(t *testing.T) {
	tests := []struct {
		game, set string
		// most is the most moves a good cover needs.
		most int
	}{
		{"nim:2", "a == b", 2},
		{"nim:3", "a ^ b ^ c == 0", 3},
		{"nim:4", "xor(a, b, c, d) == 0", 4},
		{"nim:6", "xor(a, b, c, d, e, f) == 0", 6},
		{"cn:4,2", "a == c && b == d", 8},
		// Misère CN(5,4): the endings need a pile left with one token.
		{"cn:5,4/misere", "max(a, b, c, d, e) >= 2 && a == b && a == c && a == d && a == e || a + b + c + d + e == 1", 16},
		{"nim:3", "a == 0 && b == c || b == 0 && a == c || c == 0 && a == b", 0},
	}
	for _, tt := range tests {
		t.Run(tt.game, func(t *testing.T) {
			g, err := game.Parse(tt.game)
			if err != nil {
				t.Fatal(err)
			}
			s := compile(t, g, tt.set)
			l, err := Learn(context.Background(), g, s.Evaluator(), Options{MaxBox: 20_000})
			if err != nil {
				t.Fatal(err)
			}
			if tt.most == 0 {
				if l.Complete() {
					t.Fatalf("a cover of a wrong set: %+v", l)
				}
				return
			}
			if !l.Complete() || len(l.Moves) == 0 || len(l.Moves) > tt.most {
				t.Fatalf("learned %d moves (at most %d wanted), complete %v: %+v", len(l.Moves), tt.most, l.Complete(), l)
			}
			var moves [][]func(game.Position) (int, bool)
			for _, m := range l.Moves {
				var piles []func(game.Position) (int, bool)
				for _, src := range m {
					piles = append(piles, compile(t, g, src).IntEvaluator())
				}
				moves = append(moves, piles)
			}
			values := func(piles []func(game.Position) (int, bool), p game.Position) (game.Position, bool) {
				q := make(game.Position, len(piles))
				for i, x := range piles {
					v, ok := x(p) // exact: not ok when the value is not an int
					if !ok || v < 0 {
						return nil, false
					}
					q[i] = v
				}
				return q, true
			}
			inS := s.Evaluator()
			box := table.Uniform(g.Piles(), l.Max)
			p := make(game.Position, g.Piles())
			open := 0
			for idx := range box.Positions() {
				box.Position(idx, p)
				if inS(p) || g.IsTerminal(p) {
					continue
				}
				open++
				served := false
				for _, m := range moves {
					if q, ok := values(m, p); ok && g.CheckMove(p, q) == nil && inS(q) {
						served = true
						break
					}
				}
				if !served {
					t.Fatalf("%v is outside S and no learned move serves it: %v", p, l.Moves)
				}
			}
			if open != l.Positions || l.Covered != open {
				t.Errorf("%d positions outside S with a move; learned says %d, covered %d", open, l.Positions, l.Covered)
			}
		})
	}
}

// TestLearnSaysWhenSIsWrong: a set with a position outside it and no move
// into it has no cover, and the reason names the position.
func TestLearnSaysWhenSIsWrong(t *testing.T) {
	g, err := game.Parse("nim:2")
	if err != nil {
		t.Fatal(err)
	}
	l, err := Learn(context.Background(), g, compile(t, g, "a == 0 && b == 0").Evaluator(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if l.Complete() || !strings.Contains(l.Reason, "has no move into it") {
		t.Fatalf("%+v", l)
	}
}

// TestLearnSaysOutOfTime: a learning cut by its budget says so
// (OutOfTime), and one that ends for another reason does not.
func TestLearnSaysOutOfTime(t *testing.T) {
	g, err := game.Parse("nim:5")
	if err != nil {
		t.Fatal(err)
	}
	l, err := Learn(context.Background(), g, compile(t, g, "xor(a, b, c, d, e) == 0").Evaluator(), Options{Budget: time.Nanosecond})
	if err != nil {
		t.Fatal(err)
	}
	if l.Complete() || !l.OutOfTime || !strings.Contains(l.Reason, "out of time") {
		t.Errorf("budget 1ns: %+v", l)
	}
	g2, err := game.Parse("nim:2")
	if err != nil {
		t.Fatal(err)
	}
	l, err = Learn(context.Background(), g2, compile(t, g2, "a == 0 && b == 0").Evaluator(), Options{Budget: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	if l.OutOfTime {
		t.Errorf("a set with no cover, said out of time: %+v", l)
	}
}

// TestLearnStops: a cancelled context stops the learning with its error.
func TestLearnStops(t *testing.T) {
	g, err := game.Parse("nim:5")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Learn(ctx, g, compile(t, g, "xor(a, b, c, d, e) == 0").Evaluator(), Options{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v", err)
	}
}

// TestSampleKeepsTheEndings: when the box is sampled, the learned moves
// still serve every position of small piles outside S: misère CN(4,3),
// whose endings (a pile of 2 moved to a single token) a random sample of
// piles up to 30 seldom meets.
func TestSampleKeepsTheEndings(t *testing.T) {
	g, err := game.Parse("cn:4,3/misere")
	if err != nil {
		t.Fatal(err)
	}
	s := compile(t, g, "let ones = a + 2 * b + 4 * c + 8 * d; max(a, b, c, d) >= 2 && (a == b && a == c && a == d) || max(a, b, c, d) <= 1 && (ones == 1 || ones == 2 || ones == 4 || ones == 8)")
	inS := s.Evaluator()
	l, err := Learn(context.Background(), g, inS, Options{Linear: true, MaxMoves: 64})
	if err != nil {
		t.Fatal(err)
	}
	if !l.Sampled || !l.Complete() {
		t.Fatalf("want a complete cover of a sample: %+v", l)
	}
	box := table.Uniform(g.Piles(), 3)
	p, q := make(game.Position, g.Piles()), make(game.Position, g.Piles())
	for idx := range box.Positions() {
		box.Position(idx, p)
		if inS(p) || g.IsTerminal(p) {
			continue
		}
		served := false
		for _, m := range l.Moves {
			ok := true
			for i, src := range m {
				v, good := compile(t, g, src).IntEvaluator()(p)
				ok = ok && good && v >= 0
				q[i] = v
			}
			if ok && g.IsMove(p, q) && inS(q) {
				served = true
				break
			}
		}
		if !served {
			t.Fatalf("%v, outside S, is served by none of %v", p, l.Moves)
		}
	}
}
