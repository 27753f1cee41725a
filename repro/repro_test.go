package repro

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/nimlab/nimlab/literature"
)

// knownDisagreements are the claims where nimlab's computation contradicts
// the paper (see docs/findings.md, "Reproducing the papers"); every other
// claim must agree.
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

// TestClaimsCite: every claim cites a reference of the registry, and a
// claim's id begins with the key of the first reference it cites (or with
// "theorem/" and the theorem's name); its JSON carries both the rendered
// citation and the structured references.
func TestClaimsCite(t *testing.T) {
	for _, c := range Claims() {
		if len(c.Source) == 0 {
			t.Errorf("%s cites nothing", c.ID)
			continue
		}
		if !strings.HasPrefix(c.ID, c.Source[0].Key+"/") && !strings.HasPrefix(c.ID, "theorem/") {
			t.Errorf("claim %s does not begin with %s/", c.ID, c.Source[0].Key)
		}
		for _, r := range c.Source {
			if _, ok := literature.Lookup(r.Key); !ok {
				t.Errorf("%s cites %q, which is not in the registry", c.ID, r.Key)
			}
		}
	}
	c := Claims()[0]
	b, err := json.Marshal(Result{Claim: c, Computed: "x", Agrees: true})
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		ID         string
		Source     string
		References []literature.Citation
		Claim      string
		Computed   string
		Agrees     bool
	}
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	if v.ID != c.ID || v.Source != c.Source.String() || len(v.References) != len(c.Source) || v.References[0].Where != c.Source[0].Where ||
		v.Claim != c.Statement || v.Computed != "x" || !v.Agrees {
		t.Errorf("JSON %s", b)
	}
}
