package atlas

import (
	"context"
	"errors"
	"testing"

	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/solve/gatetest"
)

// TestSurveySolvesThroughTheGate: a row's tables (the game's, its
// Nim-basis search) go through Options.Gate, and a refused table is the
// row's error, typed.
func TestSurveySolvesThroughTheGate(t *testing.T) {
	ctx := context.Background()
	var count gatetest.Counter
	if _, err := Survey(ctx, 0, "cn:3,2", Options{Max: 4, NoDiscover: true, Gate: &count}); err != nil {
		t.Fatal(err)
	}
	if count.Calls() != 2 {
		t.Errorf("the gate ran %d plans (%v), want 2: the row's table and the Nim-basis search's", count.Calls(), count.Boxes())
	}
	var refuse gatetest.Refuse
	if _, err := Survey(ctx, 0, "cn:3,2", Options{Max: 4, NoDiscover: true, Gate: &refuse}); !errors.Is(err, solve.ErrTooLarge) {
		t.Errorf("with a gate that refuses: %v, want solve.ErrTooLarge", err)
	}
}
