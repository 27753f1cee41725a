package prove

import (
	"context"
	"testing"
	"time"
)

// TestSmallerKeepsTheCases: the search for a smaller counterexample asks
// the query with its cases, which may hold what the script leaves open:
// here only the case says p0 is 2 (without it, p0 = 0 is a model).
func TestSmallerKeepsTheCases(t *testing.T) {
	s := solver(t)
	q := query{
		script: "(declare-const p0 Int)\n(declare-const y Int)\n(assert (>= p0 0))\n",
		vars:   []string{"p0", "y"},
		cases:  []string{"(and (= y 1) (= p0 2))", "(and (= y 2) (= p0 (+ 5 y)))"},
	}
	r, err := smaller(context.Background(), Options{Solver: s, Timeout: 10 * time.Second}, q, arith{})
	if err != nil {
		t.Fatal(err)
	}
	if r == nil || r.Values["p0"] != 2 || r.Values["y"] != 1 {
		t.Fatalf("smaller: %+v, want p0 = 2, y = 1 (the first case, within the bound 3)", r)
	}
}
