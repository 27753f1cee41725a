package play

import (
	"context"
	"errors"
	"testing"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/solve/gatetest"
)

// TestOpponentSolvesThroughTheGate: the opponent's table goes through its
// gate; when the gate refuses it, the computer plays from the theorem
// covering the game, and without one the refusal is the error, typed.
func TestOpponentSolvesThroughTheGate(t *testing.T) {
	ctx := context.Background()
	var count gatetest.Counter
	start := game.Position{3, 4, 5}
	if _, err := NewOpponent(ctx, mustParse("nim:3"), start, &count); err != nil || count.Calls() != 1 {
		t.Fatalf("NewOpponent: %v after %d plans, want 1", err, count.Calls())
	}
	var refuse gatetest.Refuse
	opp, err := NewOpponent(ctx, mustParse("nim:3"), start, &refuse)
	if err != nil || opp.table != nil || refuse.Calls() != 1 {
		t.Fatalf("NewOpponent with a gate that refuses, on Nim: %v, table %v, %d plans; want the theorem's play", err, opp != nil && opp.table != nil, refuse.Calls())
	}
	if a, err := opp.Advise(ctx, start); err != nil || a.Outcome != "N" || a.Move == nil {
		t.Errorf("advice by theorem: %+v, %v", a, err)
	}
	if _, err := NewOpponent(ctx, mustParse("cn:6,2"), game.Position{1, 1, 1, 1, 1, 1}, &refuse); !errors.Is(err, solve.ErrTooLarge) {
		t.Errorf("refused, and no theorem covers the game: %v, want solve.ErrTooLarge", err)
	}
}
