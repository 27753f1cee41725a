package discover

import (
	"slices"
	"testing"

	"github.com/nimlab/nimlab/complex"
	"pgregory.net/rapid"
)

// TestRelationsFound runs each relation finder on positions built to hold a
// known set of relations and checks what it writes.
func TestRelationsFound(t *testing.T) {
	names := pileNames(4)
	var mins, parities, ordered [][]int
	for x := range 6 {
		for y := range 6 {
			// d = min(a, b + c) with b = y, c = 1: both sides the smaller somewhere.
			mins = append(mins, []int{x, y, 1, min(x, y+1)})
			// a + b odd, c even, d anything.
			parities = append(parities, []int{x, x + 1 + 2*y, 2 * (x + y), x * y})
			// a <= d <= b, strictly somewhere; c = 3 always.
			ordered = append(ordered, []int{min(x, y), max(x, y) + 1, 3, x})
		}
	}
	for _, tt := range []struct {
		name string
		got  []relation
		want []string
	}{
		{"min-form", minForms(mins, 4), []string{"d == min(a, b + c)"}},
		{"parities", parityRelations(parities, 4), []string{"(a + b) % 2 == 1", "c % 2 == 0"}},
		{"orders", orders(ordered, 4), []string{"a <= b", "a <= d", "d <= b"}},
	} {
		var got []string
		for _, r := range tt.got {
			got = append(got, r.expr(names))
		}
		slices.Sort(got)
		for _, w := range tt.want {
			if !slices.Contains(got, w) {
				t.Errorf("%s: %v does not hold %q", tt.name, got, w)
			}
		}
		// Every relation found holds on the positions it came from.
		for _, r := range tt.got {
			for _, p := range map[string][][]int{"min-form": mins, "parities": parities, "orders": ordered}[tt.name] {
				if !r.holds(p) {
					t.Errorf("%s: %s fails at %v", tt.name, r.expr(names), p)
				}
			}
		}
	}
	// A relation that an equality covers, or one side of a min-form alone,
	// is not reported.
	flat := [][]int{{1, 1, 2, 0}, {2, 2, 3, 0}, {0, 0, 1, 0}}
	for _, r := range append(orders(flat, 4), minForms(flat, 4)...) {
		if r.expr(names) == "a <= b" || r.expr(names) == "b <= a" {
			t.Errorf("orders reported %s where a == b", r.expr(names))
		}
	}
}

// TestRegionsByOrder checks the keys of regions by the order of the piles:
// ranks with ties, their images under a symmetry, the condition written,
// and which equalities the condition implies.
func TestRegionsByOrder(t *testing.T) {
	names := pileNames(3)
	key := pileOrder.key([]int{3, 1, 3}) // ranks a:1, b:0, c:1
	if got := ranks(key, 3); !slices.Equal(got, []int{1, 0, 1}) {
		t.Fatalf("ranks of (3,1,3): %v", got)
	}
	if got := pileOrder.cond(key, names); got != "b < a && a == c" {
		t.Errorf("condition %q", got)
	}
	// The position permuted by (1,0,2) is (1,3,3): ranks 0, 1, 1.
	if got := ranks(pileOrder.image(key, []int{1, 0, 2}), 3); !slices.Equal(got, []int{0, 1, 1}) {
		t.Errorf("image ranks %v", got)
	}
	if got := pileOrder.key([]int{1, 3, 3}); got != pileOrder.image(key, []int{1, 0, 2}) {
		t.Errorf("the key of the permuted position %x, the image of the key %x", got, pileOrder.image(key, []int{1, 0, 2}))
	}
	eqs, les := pileOrder.facts(key, 3)
	for _, tt := range []struct {
		l    Linear
		want bool
	}{
		{Linear{Coef: []int64{1, 0, -1}}, true},  // a == c, tied
		{Linear{Coef: []int64{1, -1, 0}}, false}, // a == b, not tied
		{Linear{Coef: []int64{1, 0, -1}, RHS: 2}, false},
	} {
		d := reduce(description{linear: []Linear{tt.l}}, 3, eqs, les)
		if got := len(d.linear) == 0; got != tt.want {
			t.Errorf("the condition implies %s: %v", tt.l.expr(names), got)
		}
	}
}

// TestPermuteKey: for the kinds keyed by sets of piles, the key of a
// position's image is its key with the bits permuted.
func TestPermuteKey(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 12).Draw(t, "n")
		p := rapid.SliceOfN(rapid.IntRange(0, 3), n, n).Draw(t, "p")
		perm := complex.Perm(rapid.Permutation(slices.Collect(func(yield func(int) bool) {
			for i := range n {
				if !yield(i) {
					return
				}
			}
		})).Draw(t, "perm"))
		q := make([]int, n)
		for i, j := range perm {
			q[i] = p[j]
		}
		for _, k := range []regionKind{zeros, minima, maxima, minimaSign} {
			if !k.bitKeyed() {
				t.Fatalf("%v is not bitKeyed", k)
			}
			if got, want := permuteKey(k.key(p), perm), k.key(q); got != want {
				t.Fatalf("%v: permuteKey(key(%v), %v) = %x, key(%v) = %x", k, p, perm, got, q, want)
			}
		}
	})
}
