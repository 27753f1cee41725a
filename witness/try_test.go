package witness

import (
	"context"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/nimlab/nimlab/game"
)

func TestTry(t *testing.T) {
	spec, src := os.Getenv("G"), os.Getenv("S")
	if spec == "" {
		t.Skip()
	}
	g, _ := game.Parse(spec)
	e := compile(t, g, src)
	grp, _ := g.Symmetries(context.Background())
	canon := func(p game.Position) bool {
		if grp.Full() {
			return slices.IsSorted(p)
		}
		return slices.Equal(grp.Canonical(p), p)
	}
	l, err := Learn(context.Background(), g, e.Evaluator(), Options{Budget: 60 * time.Second, Positions: canon, MaxMoves: 64, Linear: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d moves, %+v", len(l.Moves), l.Reason)
	t.Logf("max %d positions %d covered %d %.2f s", l.Max, l.Positions, l.Covered, l.Seconds)
	for _, m := range l.Moves {
		t.Log(m)
	}
}
