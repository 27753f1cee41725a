package commands

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
)

// TestSolvesBound: a table whose estimate passes the memory of Env.Solves
// is refused, typed, whichever library asks (the command's own solve,
// discover's, play's opponent falls back to the theorem); a solve waits
// for a place, and stops waiting with its context.
func TestSolvesBound(t *testing.T) {
	ctx := context.Background()
	env := Env{Solves: NewSolves(1, 4<<10)}
	src := Source{Max: 100}
	if _, err := Solve(ctx, env, SolveRequest{Game: "nim:3", Source: src}); ErrorKind(err) != KindTooLarge {
		t.Errorf("solve over the bound: %v, kind %q; want %s", err, ErrorKind(err), KindTooLarge)
	}
	if _, err := Discover(ctx, env, DiscoverRequest{Game: "nim:3", Max: 100}); ErrorKind(err) != KindTooLarge {
		t.Errorf("discover over the bound: %v, kind %q; want %s", err, ErrorKind(err), KindTooLarge)
	}
	if _, err := newOpponent(ctx, env, mustGame(t, "cn:6,2"), game.Position{30, 30, 30, 30, 30, 30}); !errors.Is(err, ErrTooLarge) {
		t.Errorf("an opponent over the bound, no theorem: %v, want ErrTooLarge", err)
	}
	if _, err := Solve(ctx, env, SolveRequest{Game: "nim:3", Source: Source{Max: 4}}); err != nil {
		t.Fatal(err)
	}
	if n := env.Solves.Ran(); n != 1 {
		t.Errorf("%d solves ran, want the one that fits", n)
	}

	// One place, taken: the next solve waits, and gives up with its context.
	g := mustGame(t, "nim:3")
	plan, err := solve.NewPlan(g, table.Uniform(3, 4), solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	leave, err := env.Solves.enter(ctx, plan)
	if err != nil {
		t.Fatal(err)
	}
	wait, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
	defer cancel()
	if _, err := env.gate(false).Table(wait, plan); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("a solve while the only place is taken: %v, want it to wait until its deadline", err)
	}
	leave()
	if _, err := env.gate(false).Table(ctx, plan); err != nil {
		t.Errorf("a solve once the place is free: %v", err)
	}
	if running, _ := env.Solves.Peak(); running != 1 {
		t.Errorf("%d solves ran at once, the bound is 1", running)
	}
}

func mustGame(t *testing.T, spec string) *game.Game {
	t.Helper()
	g, err := game.Parse(spec)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
