package discover_test

import (
	"context"
	"errors"
	"testing"

	"github.com/nimlab/nimlab/discover"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/solve/gatetest"
)

// TestDiscoverSolvesThroughTheGate: the learning and the verification
// boxes of Discover and Grundy go through Options.Gate, and a gate's
// refusal is their error, typed (solve.ErrTooLarge).
func TestDiscoverSolvesThroughTheGate(t *testing.T) {
	ctx := context.Background()
	g, err := game.Parse("nim:3")
	if err != nil {
		t.Fatal(err)
	}
	var count gatetest.Counter
	if _, err := discover.Discover(ctx, g, discover.Options{Max: 4, Gate: &count}); err != nil {
		t.Fatal(err)
	}
	if _, err := discover.Grundy(ctx, g, discover.Options{Max: 4, Gate: &count}); err != nil {
		t.Fatal(err)
	}
	if count.Calls() != 4 {
		t.Errorf("the gate ran %d plans (%v), want 4: the learning and verification boxes of each", count.Calls(), count.Boxes())
	}
	for _, run := range []func(*gatetest.Refuse) error{
		func(r *gatetest.Refuse) error {
			_, err := discover.Discover(ctx, g, discover.Options{Max: 4, Gate: r})
			return err
		},
		func(r *gatetest.Refuse) error {
			_, err := discover.Grundy(ctx, g, discover.Options{Max: 4, Gate: r})
			return err
		},
	} {
		var refuse gatetest.Refuse
		if err := run(&refuse); !errors.Is(err, solve.ErrTooLarge) || refuse.Calls() != 1 {
			t.Errorf("with a gate that refuses: %v after %d plans, want solve.ErrTooLarge after 1", err, refuse.Calls())
		}
	}
}
