package complex

import (
	"context"
	"fmt"
	"testing"
)

func TestSymmetryOrders(t *testing.T) {
	tests := []struct {
		name  string
		build func() (*Complex, error)
		order string
	}{
		{"CN(6,3) dihedral", func() (*Complex, error) { return Cycle(6, 3) }, "12"},
		{"CN(8,6) dihedral", func() (*Complex, error) { return Cycle(8, 6) }, "16"},
		{"CN(5,4) all permutations", func() (*Complex, error) { return Cycle(5, 4) }, "120"},
		{"path 5,2 reversal", func() (*Complex, error) { return Path(5, 2) }, "2"},
		{"Nim on 4 piles", func() (*Complex, error) { return Nim(4) }, "24"},
		{"Moore 5,2", func() (*Complex, error) { return Moore(5, 2) }, "120"},
		{"triangle with a pendant edge", func() (*Complex, error) {
			return Graphic([]Edge{{0, 1}, {1, 2}, {0, 2}, {2, 3}})
		}, "6"},
		{"square 1-2,2-3,3-4,4-1", func() (*Complex, error) {
			return New(4, []Set{SetOf(0, 1), SetOf(1, 2), SetOf(2, 3), SetOf(3, 0)})
		}, "8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := tt.build()
			if err != nil {
				t.Fatal(err)
			}
			g, err := c.Symmetries(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if got := g.Order().String(); got != tt.order {
				t.Errorf("order %s, want %s", got, tt.order)
			}
		})
	}
}

func TestFacetsAreMaximal(t *testing.T) {
	c, err := New(4, []Set{SetOf(0, 1), SetOf(0), SetOf(0, 1, 2), SetOf(3), SetOf(2, 3), SetOf(0, 1)})
	if err != nil {
		t.Fatal(err)
	}
	if got := c.String(); got != "1-2-3,3-4" {
		t.Errorf("facets %s, want 1-2-3,3-4", got)
	}
	if !c.IsFace(SetOf(0, 2)) || c.IsFace(SetOf(0, 3)) {
		t.Error("IsFace disagrees with the facets")
	}
	// 7 non-empty subsets of 1-2-3 and 3 of 3-4, sharing {3}.
	if faces, err := c.Faces(); err != nil || len(faces) != 9 {
		t.Errorf("faces %v, %v; want 9", faces, err)
	}
}

func TestNewRejectsUncoveredVertex(t *testing.T) {
	if _, err := New(3, []Set{SetOf(0, 1)}); err == nil {
		t.Error("a complex missing vertex 3 was accepted")
	}
}

func TestGraphicFacetsAreSpanningForests(t *testing.T) {
	// K4 has 16 spanning trees (Cayley: 4^(4-2)).
	var edges []Edge
	for u := range 4 {
		for v := u + 1; v < 4; v++ {
			edges = append(edges, Edge{u, v})
		}
	}
	c, err := Graphic(edges)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(c.Facets()); got != 16 {
		t.Errorf("K4: %d spanning trees, want 16", got)
	}
	if _, err := Graphic([]Edge{{0, 0}}); err == nil {
		t.Error("a loop was accepted")
	}
}

func TestCanonicalIsInOrbitAndMinimal(t *testing.T) {
	c, _ := Cycle(6, 3)
	g, _ := c.Symmetries(context.Background())
	p := []int{3, 1, 4, 1, 5, 9}
	q := g.Canonical(p)
	if !g.IsCanonical(q) {
		t.Fatalf("Canonical(%v) = %v is not canonical", p, q)
	}
	if g.IsCanonical(p) {
		t.Fatalf("%v claimed canonical though %v is smaller", p, q)
	}
	if fmt.Sprint(q) != "[1 3 9 5 1 4]" {
		t.Errorf("Canonical(%v) = %v, want [1 3 9 5 1 4] (read backwards from the first 1)", p, q)
	}
}

func ExampleCycle() {
	c, _ := Cycle(6, 3)
	g, _ := c.Symmetries(context.Background())
	fmt.Println(c, "with", g.Order(), "symmetries")
	// Output: 1-2-3,2-3-4,3-4-5,1-2-6,1-5-6,4-5-6 with 12 symmetries
}

func TestCircuitsOfExamples(t *testing.T) {
	tests := []struct {
		facets   []Set
		n        int
		circuits string
		pointed  bool
	}{
		// Ehrenborg–Steingrímsson 1996, Example 3.3: circuits {1,3,5}, {1,4}, {2,5}, all pointed.
		{[]Set{SetOf(0, 1, 2), SetOf(1, 2, 3), SetOf(2, 3, 4), SetOf(0, 4)}, 5, "[1-4 2-5 1-3-5]", true},
		// Example 3.4: circuits {1,2,4,5} and {1,3,5}, pointed by 2 and 3.
		{[]Set{SetOf(0, 1, 2, 3), SetOf(1, 2, 3, 4), SetOf(0, 1, 4), SetOf(0, 3, 4)}, 5, "[1-3-5 1-2-4-5]", true},
		// Nim on 3 piles: every pair is a circuit, and no circuit has a point.
		{[]Set{SetOf(0), SetOf(1), SetOf(2)}, 3, "[1-2 1-3 2-3]", false},
	}
	for _, tt := range tests {
		c, err := New(tt.n, tt.facets)
		if err != nil {
			t.Fatal(err)
		}
		circuits, err := c.Circuits(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprint(circuits); got != tt.circuits {
			t.Errorf("%v: circuits %s, want %s", c, got, tt.circuits)
		}
		if _, pointed := Points(circuits); pointed != tt.pointed {
			t.Errorf("%v: pointed %v, want %v", c, pointed, tt.pointed)
		}
	}
}
