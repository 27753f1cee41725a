package table

import (
	"math"
	"slices"
	"testing"

	"github.com/nimlab/nimlab/game"
)

func TestSortingRanksInOrder(t *testing.T) {
	for _, c := range []struct{ n, h int }{{1, 5}, {3, 4}, {5, 3}, {4, 0}} {
		s, err := NewSorting(c.n, c.h)
		if err != nil {
			t.Fatal(err)
		}
		x := make(game.Position, c.n)
		var orbits int64
		for r := int64(0); ; r++ {
			if !slices.IsSorted(x) || s.Rank(x) != r {
				t.Fatalf("n=%d h=%d: state %d is %v with rank %d", c.n, c.h, r, x, s.Rank(x))
			}
			for i := range x {
				if x[i] > 0 && (i == 0 || x[i-1] < x[i]) {
					y := slices.Clone(x)
					y[i]--
					if s.Rank(x)-s.Rank(y) != s.Drop(i, x[i]) {
						t.Fatalf("drop of pile %d at %v", i, x)
					}
				}
			}
			orbits += Orbit(x)
			if !s.Next(x) {
				if r+1 != s.Count() {
					t.Fatalf("n=%d h=%d: %d states, Count %d", c.n, c.h, r+1, s.Count())
				}
				break
			}
		}
		if want := Uniform(c.n, c.h).Positions(); orbits != want {
			t.Errorf("n=%d h=%d: orbits cover %d positions, want %d", c.n, c.h, orbits, want)
		}
		p := game.Position{}
		for i := range c.n {
			p = append(p, (c.h*7+i*3)%(c.h+1))
		}
		if s.RankOf(p) != s.Rank(slices.Sorted(slices.Values(p))) {
			t.Errorf("RankOf(%v)", p)
		}
	}
	// Too many states, the largest pile nimlab takes, and a number of piles
	// that would overflow the table's rows: refused, not allocated.
	for _, c := range []struct{ n, h int }{{30, 1000}, {1, math.MaxInt64}, {3, 1 << 50}, {math.MaxInt64, 1}} {
		if _, err := NewSorting(c.n, c.h); err == nil {
			t.Errorf("NewSorting(%d, %d): a sorting of more than 2^50 states was accepted", c.n, c.h)
		}
	}
}
