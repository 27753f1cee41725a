package complex

import (
	"context"
	"slices"
	"testing"
)

// TestCycleCircuitTheorems compares the circuits found from the facets with
// the distance conditions of Theorem 5.7 and the sizes of Theorem 5.8
// (Dufour–Heubach 2013) for every CN(n,k) with n <= 12.
func TestCycleCircuitTheorems(t *testing.T) {
	for n := 3; n <= 12; n++ {
		for k := 2; k < n; k++ {
			c, err := Cycle(n, k)
			if err != nil {
				t.Fatal(err)
			}
			circuits, err := c.Circuits(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			var sizes []int
			for _, ci := range circuits {
				sizes = append(sizes, ci.Len())
			}
			slices.Sort(sizes)
			sizes = slices.Compact(sizes)
			if want := CycleCircuitSizes(n, k); !slices.Equal(sizes, want) {
				t.Errorf("CN(%d,%d): circuit sizes %v, Theorem 5.8 gives %v", n, k, sizes, want)
			}
			var by57 []Set
			for s := Set(1); s < Set(1)<<uint(n); s++ {
				if IsCycleCircuit(n, k, s) {
					by57 = append(by57, s)
				}
			}
			slices.SortFunc(by57, func(a, b Set) int {
				if a.Len() != b.Len() {
					return a.Len() - b.Len()
				}
				return compareSets(a, b)
			})
			if !slices.Equal(circuits, by57) {
				t.Errorf("CN(%d,%d): circuits %v, Theorem 5.7 gives %v", n, k, circuits, by57)
			}
		}
	}
}
