package game

import (
	"slices"
	"testing"
)

// TestFamiliesInOrder: Families lists Nim first, then the families in the
// order a reader of the papers expects (familyOrder), then the combinators
// (combinatorOrder), whatever the files that register them are called;
// every registered name is in the order, and every name of the order is
// registered, once.
func TestFamiliesInOrder(t *testing.T) {
	var gotFamilies, gotCombinators []string
	for _, f := range Families() {
		if f.Combinator {
			gotCombinators = append(gotCombinators, f.Name)
		} else {
			if len(gotCombinators) > 0 {
				t.Errorf("family %s listed after a combinator", f.Name)
			}
			gotFamilies = append(gotFamilies, f.Name)
		}
	}
	if !slices.Equal(gotFamilies, familyOrder) {
		t.Errorf("families %v, want familyOrder %v", gotFamilies, familyOrder)
	}
	if !slices.Equal(gotCombinators, combinatorOrder) {
		t.Errorf("combinators %v, want combinatorOrder %v", gotCombinators, combinatorOrder)
	}
	// The order a reader expects, not the order of the file names.
	want := []string{"nim", "cn", "ecn", "path", "necklace", "moore", "exact", "slow", "slowle", "slowset"}
	if len(gotFamilies) < len(want) || !slices.Equal(gotFamilies[:len(want)], want) {
		t.Errorf("the first families are %v, want %v", gotFamilies, want)
	}
}
