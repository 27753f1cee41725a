package repro

import (
	"context"
	"errors"
	"testing"

	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/solve/gatetest"
)

// TestClaimsSolveThroughTheGate: a claim's tables go through the gate its
// context carries (solve.WithGate), and one it refuses stops the claim with
// the refusal.
func TestClaimsSolveThroughTheGate(t *testing.T) {
	for _, id := range []string{"gurvich-martynov-maximchuk-vyalyi-2023/example-112-113", "dufour-heubach-2013/section6-cn7k-zero"} {
		c := claimByID(t, id)
		var count gatetest.Counter
		if _, err := c.Check(solve.WithGate(context.Background(), &count)); err != nil || count.Calls() == 0 {
			t.Errorf("%s: %v after %d plans through the gate, want at least 1", id, err, count.Calls())
		}
		var refuse gatetest.Refuse
		if _, err := c.Check(solve.WithGate(context.Background(), &refuse)); !errors.Is(err, solve.ErrTooLarge) || refuse.Calls() == 0 {
			t.Errorf("%s with a gate that refuses: %v after %d plans, want the refusal, solve.ErrTooLarge", id, err, refuse.Calls())
		}
	}
}

func claimByID(t *testing.T, id string) Claim {
	t.Helper()
	for _, c := range Claims() {
		if c.ID == id {
			return c
		}
	}
	t.Fatalf("no claim %s", id)
	return Claim{}
}
