package table

import (
	"math"
	"slices"
	"testing"
)

// TestGrundyValuesWidth checks that a box whose Grundy values may exceed
// MaxNarrowGrundy keeps them in two bytes and one whose values may not in
// one, and that both widths store, count and compare the same values.
func TestGrundyValuesWidth(t *testing.T) {
	for _, tc := range []struct {
		box   Box
		width int
	}{
		{Box{0}, 1},
		{Box{200, 50, 3}, 1},    // bound 254
		{Box{200, 50, 4}, 2},    // bound 255
		{Uniform(3, 84), 1},     // bound 253
		{Uniform(3, 90), 2},     // bound 271
		{Box{65000, 300}, 2},    // bound 65301: past MaxGrundy, for the engines to refuse
		{Uniform(6, 20), 1},     // CN(6,3) --max 20: bound 121
		{Uniform(2, 200), 2},    // Nim with two piles up to 200: values up to 255
		{Box{253}, 1},           // bound 254
		{Box{254}, 2},           // bound 255
		{Box{0, 0, 0, 0, 0}, 1}, // the terminal position alone
	} {
		states := min(tc.box.Positions(), 1000)
		v := NewGrundyValues(tc.box, states)
		if v.Width() != tc.width || v.Len() != states {
			t.Fatalf("box %v (bound %d): width %d, %d values; want %d, %d", tc.box, GrundyBound(tc.box), v.Width(), v.Len(), tc.width, states)
		}
		if (v.Narrow() != nil) != (tc.width == 1) || (v.Wide() != nil) != (tc.width == 2) {
			t.Fatalf("box %v: Narrow %v, Wide %v for width %d", tc.box, v.Narrow() != nil, v.Wide() != nil, tc.width)
		}
		if m := v.Max(); tc.width == 1 && m != MaxNarrowGrundy || tc.width == 2 && m != MaxGrundy {
			t.Fatalf("box %v: Max %d", tc.box, m)
		}
		want := make([]int64, v.Max()+1)
		var largest uint32
		for s := range states {
			x := uint32(s*2654435761) % (v.Max() + 1)
			v.Set(s, x)
			want[x]++
			largest = max(largest, x)
		}
		got := make([]int64, v.Max()+1)
		v.Count(0, states, got)
		if !slices.Equal(got, want) || v.Largest() != largest {
			t.Fatalf("box %v: counts or largest value (%d, want %d) differ", tc.box, v.Largest(), largest)
		}
		w := NewGrundyValues(Box{300}, states) // two bytes
		for s := range states {
			w.Set(s, v.At(s))
		}
		if d := v.FirstDifference(w); d >= 0 {
			t.Fatalf("box %v: the values differ at %d after copying them to two bytes", tc.box, d)
		}
		if states > 0 {
			w.Set(states-1, v.At(states-1)+1)
			if d := v.FirstDifference(w); d != states-1 {
				t.Fatalf("box %v: first difference %d, want %d", tc.box, d, states-1)
			}
		}
	}
}

// TestGrundyBoundAtTheTop: piles at the top of int give the largest bound,
// and two bytes, not an overflow into one.
func TestGrundyBoundAtTheTop(t *testing.T) {
	for _, box := range []Box{{math.MaxInt}, {math.MaxInt, math.MaxInt}, {1, math.MaxInt - 1}, {math.MaxInt - 1}} {
		if b := GrundyBound(box); b != math.MaxInt || GrundyWidth(box) != 2 {
			t.Errorf("box %v: bound %d, width %d; want %d, 2", box, b, GrundyWidth(box), math.MaxInt)
		}
	}
	if b := GrundyBound(Box{math.MaxInt - 2}); b != math.MaxInt-1 {
		t.Errorf("bound %d, want %d", b, math.MaxInt-1)
	}
}
