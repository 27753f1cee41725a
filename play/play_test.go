package play

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
)

// TestPerfectPlay lets the computer play both sides from random starts: a
// game between two perfect players lasts exactly the remoteness of the start
// (Smith), and the first player wins exactly at an N-position (in misère
// play too, where remoteness counts the win at a terminal position as a move).
func TestPerfectPlay(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(3, 4))
	for _, spec := range []string{"cn:5,2", "nim:3", "slow:4,3", "path:4,2", "nim:3/misere", "cn:4,2 & slow:2,1"} {
		g, _ := game.Parse(spec)
		for range 12 {
			start := make(game.Position, g.Piles())
			for i := range start {
				start[i] = rng.IntN(6)
			}
			ref, err := solve.Reference(ctx, g, table.BoxOf(start), solve.Options{Remoteness: true})
			if err != nil {
				t.Fatal(err)
			}
			want := ref.RemotenessOf(start)
			opp, err := NewOpponent(ctx, g, start, nil)
			if err != nil {
				t.Fatal(err)
			}
			m := NewMatch(g, start, Computer)
			for !m.Over() {
				a, err := opp.Advise(ctx, m.Position())
				if err != nil {
					t.Fatal(err)
				}
				if err := m.Play(a.Move); err != nil {
					t.Fatalf("%s %v: the computer's move %v: %v", spec, m.Position(), a.Move, err)
				}
			}
			moves := len(m.History) - 1
			if g.Misere {
				moves++ // the terminal position's player has one more "move": the win
			}
			firstWins := m.Winner() == m.First
			if moves != want {
				t.Errorf("%s from %v: %d moves, first player wins %v; remoteness %d", spec, start, moves, firstWins, want)
			}
			if firstWins != (want%2 == 1) || firstWins == ref.IsP(start) {
				t.Errorf("%s from %v: first player wins %v, but the remoteness is %d", spec, start, firstWins, want)
			}
		}
	}
}

// TestHugePilesByTheorem plays a few turns of CN(6,3) with piles of 10^15 and
// of slow:3,2 near 2^62, where no table can be solved.
func TestHugePilesByTheorem(t *testing.T) {
	ctx := context.Background()
	for _, tt := range []struct{ spec, start string }{
		{"cn:6,3", "1000000000000000,3,5,8,13,21"},
		{"slow:3,2", "4611686018427387904,4611686018427387903,17"},
	} {
		g, _ := game.Parse(tt.spec)
		start, _ := g.ParsePosition(tt.start)
		opp, err := NewOpponent(ctx, g, start, nil)
		if err != nil {
			t.Fatal(err)
		}
		m := NewMatch(g, start, Computer)
		for range 6 {
			a, err := opp.Advise(ctx, m.Position())
			if err != nil {
				t.Fatal(err)
			}
			if a.Outcome == "N" && len(a.WinningMoves) == 0 {
				t.Errorf("%s %v: N without a winning move", tt.spec, m.Position())
			}
			if err := m.Play(a.Move); err != nil {
				t.Fatalf("%s %v: %v", tt.spec, m.Position(), err)
			}
		}
	}
	if _, err := NewOpponent(ctx, mustParse("cn:6,2"), game.Position{1 << 40, 1, 1, 1, 1, 1}, nil); err == nil {
		t.Error("a huge start of a game no theorem covers was accepted")
	}
}

func mustParse(spec string) *game.Game {
	g, err := game.Parse(spec)
	if err != nil {
		panic(err)
	}
	return g
}

func TestMatch(t *testing.T) {
	g := mustParse("nim:2")
	m := NewMatch(g, game.Position{1, 1}, You)
	if err := m.Play(game.Position{1, 3}); err == nil {
		t.Error("a pile grew")
	}
	m.Play(game.Position{0, 1})
	if m.ToMove() != Computer || m.Undo() {
		t.Error("one move cannot be undone as a pair")
	}
	m.Play(game.Position{0, 0})
	if !m.Over() || m.Winner() != Computer {
		t.Errorf("normal play: the last mover (computer) wins, got %s", m.Winner())
	}
	if !m.Undo() || m.ToMove() != You || len(m.History) != 1 {
		t.Error("undo should bring back the start with you to move")
	}
	mis := NewMatch(mustParse("nim:2/misere"), game.Position{0, 1}, You)
	mis.Play(game.Position{0, 0})
	if mis.Winner() != Computer {
		t.Errorf("misère: the last mover (you) loses, got winner %s", mis.Winner())
	}
}

func ExampleOpponent_Advise() {
	ctx := context.Background()
	g, _ := game.Parse("nim:3")
	start := game.Position{1, 2, 4}
	opp, _ := NewOpponent(ctx, g, start, nil)
	a, _ := opp.Advise(ctx, start)
	fmt.Println(a.Outcome, a.Remoteness, a.Move)
	// Output: N 7 1,2,3
}

func TestParseMove(t *testing.T) {
	g, err := game.Parse("nim:3")
	if err != nil {
		t.Fatal(err)
	}
	p := game.Position{1, 2, 3}
	for text, want := range map[string]game.Position{"0,2,3": {0, 2, 3}, " 3 -= 2 ": {1, 2, 1}, "1-=1; 2 -= 1": {0, 1, 3}} {
		q, err := ParseMove(g, p, text)
		if err != nil || !slices.Equal(q, want) {
			t.Errorf("ParseMove(%q) = %v, %v; want %v", text, q, err, want)
		}
	}
	for _, text := range []string{"4 -= 1", "2 - 1", "x"} {
		if _, err := ParseMove(g, p, text); err == nil {
			t.Errorf("ParseMove(%q) took it", text)
		}
	}
}

// TestParseMoveSaysWhatIsWrong: an amount larger than its pile, a pile
// that does not exist, and text that is no move are each named as such.
func TestParseMoveSaysWhatIsWrong(t *testing.T) {
	g, err := game.Parse("cn:6,3")
	if err != nil {
		t.Fatal(err)
	}
	p := game.Position{1, 2, 3, 1, 2, 3}
	for _, tt := range []struct{ line, want string }{
		{"1 -= 99999999999999999999", "pile 1 holds only 1"},
		{"3 -= 4", "pile 3 holds only 3"},
		{"7 -= 1", "piles 1..6"},
		{"foo", "is not a move"},
		{"1 += 1", "is not a move"},
		{"1,2", "has 2 piles"},
	} {
		if _, err := ParseMove(g, p, tt.line); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseMove(%q) = %v, want an error saying %q", tt.line, err, tt.want)
		}
	}
	if q, err := ParseMove(g, p, "3 -= 3, 1 -= 1"); err != nil || q.String() != "0,2,0,1,2,3" {
		t.Errorf("ParseMove of two edits = %v, %v", q, err)
	}
}
