package explore

import (
	"context"
	"fmt"
	"slices"
	"testing"
)

func TestSurvey(t *testing.T) {
	rows, err := Survey(context.Background(), 4, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := (3 + 4) * len(variations); len(rows) != want {
		t.Fatalf("%d rows, want %d", len(rows), want)
	}
	bySpec := map[string]Row{}
	for _, r := range rows {
		bySpec[r.Spec] = r
	}
	// On CN(n,1) every face is one pile, so atleast(.;1) and wythoff are Nim.
	if got := bySpec["cn:4,1"].SameAs; !slices.Contains(got, "atleast(cn:4,1;1)") || !slices.Contains(got, "wythoff(cn:4,1)") {
		t.Errorf("cn:4,1 is the same as %v", got)
	}
	// Taking exactly 2 tokens in total changes at most 2 piles: on three
	// piles the triple face adds no move.
	if !slices.Contains(bySpec["exactly(cn:3,2;2)"].SameAs, "exactly(cn:3,3;2)") {
		t.Errorf("exactly(cn:3,2;2) is the same as %v", bySpec["exactly(cn:3,2;2)"].SameAs)
	}
	// The relation is symmetric, and never relates games of different boxes.
	for _, r := range rows {
		for _, s := range r.SameAs {
			if !slices.Contains(bySpec[s].SameAs, r.Spec) || bySpec[s].N != r.N {
				t.Errorf("%s ~ %s is not symmetric or mixes boxes", r.Spec, s)
			}
		}
	}
	// Nim's P-positions are closed under doubling (xor is linear).
	if !slices.Contains(bySpec["cn:4,1"].Properties, "doubling") {
		t.Errorf("Nim: properties %v", bySpec["cn:4,1"].Properties)
	}
}

func ExampleSurvey() {
	rows, _ := Survey(context.Background(), 3, 2, nil)
	fmt.Println(rows[0].Spec, rows[0].PPositions, rows[0].SameAs)
	// Output: cn:3,1 7 [atleast(cn:3,1;1) wythoff(cn:3,1)]
}
