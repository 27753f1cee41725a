package commands

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// TestPlayStep: a step makes your legal move and the computer's reply,
// refuses an illegal one (typed: Refused, nothing played), undoes, gives
// the advice asked for, and names the winner as game.Terminal decides.
func TestPlayStep(t *testing.T) {
	ctx := context.Background()
	env := Env{Cache: NewCache(1 << 26)}
	r, err := Play(ctx, env, PlayRequest{Game: "nim:3", History: []string{"1,2,3"}, Move: "1 -= 1", Hints: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Moves) != 2 || r.Moves[0].Player != You || r.Moves[1].Player != Computer || len(r.History) != 3 || r.ToMove != You || r.Hint == nil || r.Refused != "" {
		t.Fatalf("a legal move: %+v", r)
	}
	history := func(r *PlayResult) []string {
		var h []string
		for _, p := range r.History {
			h = append(h, p.String())
		}
		return h
	}
	bad, err := Play(ctx, env, PlayRequest{Game: "nim:3", History: history(r), Move: "1,2,3"})
	if err != nil {
		t.Fatal(err)
	}
	if bad.Refused == "" || len(bad.Moves) != 0 || !slices.Equal(bad.Position, r.Position) {
		t.Errorf("an illegal move: %+v", bad)
	}
	undone, err := Play(ctx, env, PlayRequest{Game: "nim:3", History: history(r), Undo: true})
	if err != nil {
		t.Fatal(err)
	}
	if !undone.Undone || len(undone.History) != 1 || undone.ToMove != You {
		t.Errorf("undo: %+v", undone)
	}
	if _, err := Play(ctx, env, PlayRequest{Game: "nim:3", History: []string{"1,2,3", "1,2,4"}}); err == nil {
		t.Error("a history with an illegal move was played on")
	}
	// Misère: whoever takes the last token loses. You take it here.
	for _, tt := range []struct {
		spec   string
		winner Player
	}{{"nim:3/misere", Computer}, {"nim:3", You}} {
		r, err := Play(ctx, env, PlayRequest{Game: tt.spec, History: []string{"0,0,1"}, Move: "0,0,0"})
		if err != nil {
			t.Fatal(err)
		}
		if r.Winner != tt.winner || r.ToMove != "" {
			t.Errorf("%s: you took the last token: winner %q, want %q", tt.spec, r.Winner, tt.winner)
		}
	}
	// The computer first: it moves, and you are to move.
	c, err := Play(ctx, Env{}, PlayRequest{Game: "nim:3", History: []string{"1,2,4"}, First: Computer})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Moves) != 1 || c.Moves[0].Player != Computer || c.ToMove != You {
		t.Errorf("the computer first: %+v", c)
	}
}

func TestShellQuote(t *testing.T) {
	for s, want := range map[string]string{"": "''", "cn:6,3": "cn:6,3", "a b": "'a b'", "it's": `'it'\''s'`} {
		if got := ShellQuote(s); got != want {
			t.Errorf("ShellQuote(%q) = %s, want %s", s, got, want)
		}
	}
}

// TestPlayWritesText: the results of play and advise write text, as the
// terminal shows a step, not JSON (WriteJSON is the JSON writer).
func TestPlayWritesText(t *testing.T) {
	ctx := context.Background()
	env := Env{Cache: NewCache(1 << 26)}
	text := func(r Result) string {
		t.Helper()
		var b strings.Builder
		if err := r.WriteText(&b); err != nil {
			t.Fatal(err)
		}
		if json.Valid([]byte(b.String())) {
			t.Fatalf("WriteText wrote JSON: %s", b.String())
		}
		return b.String()
	}
	start, err := Play(ctx, env, PlayRequest{Game: "nim:3", History: []string{"1,2,4"}, First: Computer, Hints: true})
	if err != nil {
		t.Fatal(err)
	}
	got := text(start)
	for _, want := range []string{"Nim on 3 piles, computer to move first\n", "\ncomputer: 1,2,4 -> 1,2,3 (", "hint: a P-position"} {
		if !strings.Contains(got, want) {
			t.Errorf("the start: no %q in\n%s", want, got)
		}
	}
	moved, err := Play(ctx, env, PlayRequest{Game: "nim:3", History: []string{"1,2,4", "1,2,3"}, First: Computer, Move: "0,2,3"})
	if err != nil {
		t.Fatal(err)
	}
	if got := text(moved); !strings.HasPrefix(got, "\nyou: 1,2,3 -> 0,2,3\n") || !strings.Contains(got, "\ncomputer: 0,2,3 -> ") {
		t.Errorf("a move and the reply:\n%s", got)
	}
	bad, err := Play(ctx, env, PlayRequest{Game: "nim:3", History: []string{"1,2,3"}, Move: "1,2,4"})
	if err != nil {
		t.Fatal(err)
	}
	if got := text(bad); got != "illegal: "+bad.Refused+"\n" {
		t.Errorf("an illegal move: %q", got)
	}
	over, err := Play(ctx, env, PlayRequest{Game: "nim:3", History: []string{"0,0,1"}, Move: "0,0,0"})
	if err != nil {
		t.Fatal(err)
	}
	if got := text(over); !strings.HasSuffix(got, "the game is over: you win\n") {
		t.Errorf("the last move:\n%s", got)
	}
	advice, err := Advise(ctx, env, AdviseRequest{Game: "nim:3", Position: "1,2,4", Check: "1,2,3"})
	if err != nil {
		t.Fatal(err)
	}
	got = text(advice)
	for _, want := range []string{"nim:3 at 1,2,4\n", "hint: an N-position — winning moves: 1,2,3\n", "the computer's move: 1,2,3", "the move asked about: legal\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("the advice: no %q in\n%s", want, got)
		}
	}
}
