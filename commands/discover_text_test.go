package commands

import (
	"strings"
	"testing"

	"github.com/nimlab/nimlab/discover"
	"github.com/nimlab/nimlab/game"
)

// TestDiscoverTextWhenNothingFits: a description that is not exact is
// printed only with --verbose; the text says what was found exact, the
// P-positions missed and the regions to try next.
func TestDiscoverTextWhenNothingFits(t *testing.T) {
	r := &DiscoverResult{
		Game: "cn:7,5", Max: 4, VerifiedMax: 6, Expr: strings.Repeat("a == b || ", 200) + "a == c", Method: "regions",
		PPositions: 225, Covered: 169, AcceptedNotP: 35, Counterexamples: []game.Position{{5, 3, 2, 5, 1, 4, 1}},
		Invariances: nil, Regions: []discover.RegionNote{{Where: ""}, {Where: "a == 0", Exact: true, Expr: "a == 0 && b == g"}},
		NextRegions: []string{"a == 0 && b == 0"}, missed: []game.Position{{5, 3, 2, 5, 1, 4, 1}},
	}
	for _, verbose := range []bool{false, true} {
		r.verbose = verbose
		var b strings.Builder
		if err := r.WriteText(&b); err != nil {
			t.Fatal(err)
		}
		text := b.String()
		for _, want := range []string{
			"invariances   none among the 0/1 vectors on the box",
			"a == 0: described, a == 0 && b == g",
			"try next      nimlab discover cn:7,5 --max 4 --where 'a == 0 && b == 0'",
		} {
			if !strings.Contains(text, want) {
				t.Errorf("verbose %v: no %q in\n%s", verbose, want, text)
			}
		}
		if shown := strings.Contains(text, r.Expr); shown != verbose {
			t.Errorf("verbose %v: the expression shown: %v", verbose, shown)
		}
		if missed := strings.Contains(text, "missed        the smallest P-positions it does not accept: (5,3,2,5,1,4,1)"); missed == verbose {
			t.Errorf("verbose %v: the missed P-positions line shown: %v", verbose, missed)
		}
	}
}
