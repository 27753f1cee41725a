package atlas

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/prove"
	"github.com/nimlab/nimlab/prove/provetest"
)

// TestEmptyPileRegions: one region per orbit of the piles under the game's
// symmetries.
func TestEmptyPileRegions(t *testing.T) {
	for _, tt := range []struct {
		spec string
		want []int
	}{
		{"cn:6,3", []int{0}},         // rotations: one orbit
		{"nim:3", []int{0}},          // every permutation
		{"path:5,2", []int{0, 1, 2}}, // reversal
	} {
		g, err := game.Parse(tt.spec)
		if err != nil {
			t.Fatal(err)
		}
		if got := emptyPileRegions(context.Background(), g); !slices.Equal(got, tt.want) {
			t.Errorf("%s: %v, want %v", tt.spec, got, tt.want)
		}
	}
}

// TestRegionTheorems: CN(7,5), which has no description, has one proved
// where a stack is empty; the theorem is stated with its region.
func TestRegionTheorems(t *testing.T) {
	s := provetest.Z3(t)
	g, err := game.Parse("cn:7,5")
	if err != nil {
		t.Fatal(err)
	}
	got, err := regionTheorems(context.Background(), g, []int{4}, Options{Workers: 1, Prove: &prove.Options{Solver: s}})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || !strings.HasPrefix(got[0], "a == 0: ") {
		t.Fatalf("%q", got)
	}
}
