package prove

import (
	"context"
	"testing"

	"github.com/nimlab/nimlab/solve/gatetest"
)

// TestEngineCheckSolvesThroughTheGate: the engine's check and learning
// solve through Options.Gate; a refused table is a box not checked, said in
// the check's reason, never a disagreement.
func TestEngineCheckSolvesThroughTheGate(t *testing.T) {
	ctx := context.Background()
	g, e := compile(t, "nim:3", "a ^ b ^ c == 0")
	var count gatetest.Counter
	c, err := checkClaimWithEngine(ctx, &Claim{g: g, e: e}, &count)
	if err != nil || c.Max == 0 || count.Calls() == 0 {
		t.Fatalf("engine check: %+v, %v after %d plans", c, err, count.Calls())
	}
	var refuse gatetest.Refuse
	c, err = checkClaimWithEngine(ctx, &Claim{g: g, e: e}, &refuse)
	if err != nil || c.Max != 0 || c.Reason == "" || refuse.Calls() != 1 {
		t.Errorf("engine check with a gate that refuses: %+v, %v after %d plans; want no box and a reason", c, err, refuse.Calls())
	}
	enc, err := newEncoding(g, e, nil)
	if err != nil {
		t.Fatal(err)
	}
	count = gatetest.Counter{}
	if wrong, err := wrongOnBox(ctx, g, e, enc, 3, &count); err != nil || wrong || count.Calls() != 1 {
		t.Errorf("learning's box: wrong %v, %v after %d plans; want the gate's one table", wrong, err, count.Calls())
	}
}
