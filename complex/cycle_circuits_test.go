package complex

import (
	"fmt"
	"slices"
	"testing"
)

// TestCycleCircuitTheorems compares the circuits found from the facets with
// the distance conditions of Theorem 5.7 and the sizes of Theorem 5.8
// (papers/000_451cee323facfbde.txt) for every CN(n,k) with n <= 12.
func TestCycleCircuitTheorems(t *testing.T) {
	for n := 3; n <= 12; n++ {
		for k := 2; k < n; k++ {
			c, err := Cycle(n, k)
			if err != nil {
				t.Fatal(err)
			}
			circuits := c.Circuits()
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

// table2 is Table 2 of papers/000_451cee323facfbde.txt as printed: the
// possible circuit sizes of CN(n,k) for k = 2..n-1 (up to 10), n = 3..10 and 15.
var table2 = map[int][]string{
	3:  {"3"},
	4:  {"2", "4"},
	5:  {"2", "3", "5"},
	6:  {"2", "2 3", "3 4", "6"},
	7:  {"2", "2", "3", "4", "7"},
	8:  {"2", "2", "2 3", "3 4", "4 5", "8"},
	9:  {"2", "2", "2 3", "3", "3 4", "5 6", "9"},
	10: {"2", "2", "2", "2 3", "3 4", "4 5", "5 6", "10"},
	15: {"2", "2", "2", "2", "2 3", "2 3", "3", "3 4", "3 4 5"},
}

// TestTable2 compares Table 2 as printed with the sizes of the circuits
// nimlab finds from the facets, entry by entry.
func TestTable2(t *testing.T) {
	for n, row := range table2 {
		for i, printed := range row {
			k := i + 2
			c, _ := Cycle(n, k)
			var got []int
			for _, ci := range c.Circuits() {
				if !slices.Contains(got, ci.Len()) {
					got = append(got, ci.Len())
				}
			}
			slices.Sort(got)
			if fmt.Sprint(got) != "["+printed+"]" {
				t.Errorf("CN(%d,%d): Table 2 prints {%s}, the circuits have sizes %v", n, k, printed, got)
			}
		}
	}
}
