package complex

import (
	"context"
	"errors"
	"math/big"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// randomComplex draws a complex on 1..7 vertices from random sets.
func randomComplex(t *rapid.T) *Complex {
	n := rapid.IntRange(1, 7).Draw(t, "n")
	sets := rapid.SliceOfN(rapid.Uint64Range(1, uint64(All(n))), 1, 8).Draw(t, "sets")
	var facets []Set
	var covered Set
	for _, s := range sets {
		facets = append(facets, Set(s))
		covered |= Set(s)
	}
	for _, v := range (All(n) &^ covered).Vertices() {
		facets = append(facets, SetOf(v))
	}
	c, err := New(n, facets)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestSearchesAgainstBruteForce compares the faces, the circuits (MMCS) and
// the automorphism group (stabilizer chain) with an enumeration of every
// subset and every permutation, on random complexes.
func TestSearchesAgainstBruteForce(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := randomComplex(t)
		n := c.N()
		var faces, circuits []Set
		for s := Set(1); s <= All(n); s++ {
			if c.IsFace(s) {
				faces = append(faces, s)
				continue
			}
			minimal := true
			for _, v := range s.Vertices() {
				minimal = minimal && c.IsFace(s&^SetOf(v))
			}
			if minimal {
				circuits = append(circuits, s)
			}
		}
		gotFaces, err := c.Faces()
		if err != nil || !slices.Equal(gotFaces, faces) {
			t.Fatalf("%v: faces %v, %v; want %v", c, gotFaces, err, faces)
		}
		gotCircuits, err := c.Circuits(context.Background())
		slices.Sort(gotCircuits)
		if err != nil || !slices.Equal(gotCircuits, circuits) {
			t.Fatalf("%v: circuits %v, %v; want %v", c, gotCircuits, err, circuits)
		}
		var automorphisms []Perm
		facets := map[Set]bool{}
		for _, f := range c.Facets() {
			facets[f] = true
		}
		for _, p := range Permutations(n) {
			ok := true
			for _, f := range c.Facets() {
				ok = ok && facets[p.Image(f)]
			}
			if ok {
				automorphisms = append(automorphisms, p)
			}
		}
		g, err := c.Symmetries(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if g.Order().Cmp(big.NewInt(int64(len(automorphisms)))) != 0 {
			t.Fatalf("%v: order %v, want %d", c, g.Order(), len(automorphisms))
		}
		if !g.Full() && !slices.EqualFunc(g.Elements(), automorphisms, slices.Equal) {
			t.Fatalf("%v: elements %v, want %v", c, g.Elements(), automorphisms)
		}
	})
}

// TestBudgets checks that what cannot be listed fails at once with
// ErrTooLarge, and that the group order is exact where the elements are too
// many to list.
func TestBudgets(t *testing.T) {
	cycle, _ := Cycle(40, 30)
	if _, err := cycle.Faces(); !errors.Is(err, ErrTooLarge) {
		t.Errorf("faces of CN(40,30): %v, want ErrTooLarge", err)
	}
	octa, _ := Hyperoctahedron(15)
	if _, err := octa.Circuits(context.Background()); !errors.Is(err, ErrTooLarge) {
		t.Errorf("circuits of O_15: %v, want ErrTooLarge", err)
	}
	g, err := octa.Symmetries(context.Background())
	want := new(big.Int).Lsh(new(big.Int).MulRange(1, 15), 15) // 2^15 15!
	if err != nil || g.Order().Cmp(want) != 0 || g.Listed() {
		t.Errorf("symmetries of O_15: %v, %v; want order %v, not listed", g.Order(), err, want)
	}
}

// TestSearchesStopWhenCancelled checks that the searches return ctx's error.
func TestSearchesStopWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	octa, _ := Hyperoctahedron(15)
	if _, err := octa.Circuits(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("Circuits: %v, want context.Canceled", err)
	}
	path, _ := Path(30, 7)
	if _, err := path.Symmetries(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("Symmetries: %v, want context.Canceled", err)
	}
}

func TestIsHyperoctahedron(t *testing.T) {
	for n := 1; n <= 6; n++ {
		o, _ := Hyperoctahedron(n)
		if !IsHyperoctahedron(o) {
			t.Errorf("O_%d not recognized", n)
		}
	}
	for _, c := range []func() (*Complex, error){
		func() (*Complex, error) { return Cycle(4, 2) }, // the square is O_2 with another labelling
		func() (*Complex, error) { return Nim(4) },
		func() (*Complex, error) { return Moore(6, 3) },
	} {
		if x, _ := c(); IsHyperoctahedron(x) {
			t.Errorf("%v taken for a hyperoctahedron", x)
		}
	}
}
