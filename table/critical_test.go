package table

import (
	"context"
	"testing"

	"github.com/nimlab/nimlab/game"
)

// TestCriticalByDefinition compares Critical with the definition, on a made-up
// remoteness table of three piles (sorted and unsorted).
func TestCriticalByDefinition(t *testing.T) {
	value := func(p game.Position) uint16 { return uint16((p[0]*3 + p[1]*p[2] + p[0]*p[1]*p[2]) % 5) }
	for _, sorted := range []bool{false, true} {
		box := Uniform(3, 5)
		tab, err := NewStates("test", box, sorted, false, true)
		if err != nil {
			t.Fatal(err)
		}
		// A symmetric value for the sorted table.
		f := value
		if sorted {
			f = func(p game.Position) uint16 {
				return uint16((p[0] + p[1] + p[2] + p[0]*p[1]*p[2]) % 5)
			}
		}
		p := make(game.Position, 3)
		for idx := range box.Positions() {
			box.Position(idx, p)
			tab.Remoteness[tab.State(p)] = f(p)
		}
		crit, err := Critical(context.Background(), tab)
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]bool{}
		for r, ps := range crit {
			for _, x := range ps {
				if int(f(x)) != r {
					t.Fatalf("%v listed under %d, has %d", x, r, f(x))
				}
				got[x.String()] = true
			}
		}
		y := make(game.Position, 3)
		for idx := range box.Positions() {
			box.Position(idx, p)
			if sorted && !(p[0] <= p[1] && p[1] <= p[2]) {
				continue
			}
			minimal := true
			for j := range BoxOf(p).Positions() {
				BoxOf(p).Position(j, y)
				if y.String() != p.String() && f(y) == f(p) {
					minimal = false
				}
			}
			if minimal != got[p.String()] {
				t.Fatalf("sorted=%v %v: minimal %v, listed %v", sorted, p, minimal, got[p.String()])
			}
		}
	}
}
