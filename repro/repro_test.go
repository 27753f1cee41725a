package repro

import (
	"context"
	"testing"
)

// knownDisagreements are the claims where nimlab's computation contradicts
// the paper (see the README); every other claim must agree.
var knownDisagreements = map[string]bool{
	"dufour-heubach-2013/section6-cn7k-zero":     true, // (1,...,1) is P in CN(7,3) and CN(7,4)
	"ehrenborg-steingrimsson-1996/conjecture8.1": true, // (3,0,2,0,1,0,0) P, (4,1,3,1,2,1,1) N in C_{7,2}
}

func TestClaims(t *testing.T) {
	if testing.Short() {
		t.Skip("recomputes every claim")
	}
	seen := map[string]bool{}
	for _, c := range Claims() {
		if seen[c.ID] {
			t.Errorf("claim id %s is used twice", c.ID)
		}
		seen[c.ID] = true
		r, err := c.Check(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if r.Agrees == knownDisagreements[c.ID] {
			t.Errorf("%s: agrees = %v (computed: %s)", c.ID, r.Agrees, r.Computed)
		}
	}
	for id := range knownDisagreements {
		if !seen[id] {
			t.Errorf("known disagreement %s is no longer a claim", id)
		}
	}
}
