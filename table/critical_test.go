package table

import (
	"context"
	"slices"
	"testing"

	"github.com/nimlab/nimlab/game"
)

// TestCriticalByDefinition compares Critical with the definition, on made-up
// remoteness tables of three and four piles (sorted and unsorted, values
// below and above 64), in one chunk and in chunks of 5 states.
func TestCriticalByDefinition(t *testing.T) {
	defer func(old int64) { criticalChunk = old }(criticalChunk)
	for _, tc := range []struct {
		piles, h, mod, add int
		chunk              int64
	}{{3, 5, 5, 0, 1 << 16}, {3, 5, 5, 0, 5}, {4, 4, 7, 60, 5}, {4, 4, 3, 0, 1 << 16}} {
		criticalChunk = tc.chunk
		criticalByDefinition(t, tc.piles, tc.h, tc.mod, tc.add)
	}
}

func criticalByDefinition(t *testing.T, piles, h, mod, add int) {
	value := func(p game.Position) uint16 {
		return uint16((p[0]*3+p[1]*p[2]+p[0]*p[1]*p[2]+p[len(p)-1]*p[0])%mod + add)
	}
	for _, sorted := range []bool{false, true} {
		box := Uniform(piles, h)
		tab, err := NewStates("test", box, sorted, false, true)
		if err != nil {
			t.Fatal(err)
		}
		// A symmetric value for the sorted table.
		f := value
		if sorted {
			f = func(p game.Position) uint16 {
				sum, prod := 0, 1
				for _, x := range p {
					sum, prod = sum+x, prod*x
				}
				return uint16((sum+prod)%mod + add)
			}
		}
		p := make(game.Position, piles)
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
		y := make(game.Position, piles)
		for idx := range box.Positions() {
			box.Position(idx, p)
			if sorted && !slices.IsSorted(p) {
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
