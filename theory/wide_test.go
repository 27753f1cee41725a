package theory

import (
	"math"
	"math/big"
	"testing"

	"pgregory.net/rapid"
)

// TestWideAgainstBig checks wide sums, differences, comparisons and sat
// against math/big near the top and bottom of int.
func TestWideAgainstBig(t *testing.T) {
	edge := rapid.OneOf(rapid.IntRange(math.MaxInt-3, math.MaxInt), rapid.IntRange(math.MinInt, math.MinInt+3), rapid.IntRange(-3, 3), rapid.Int())
	rapid.Check(t, func(t *rapid.T) {
		xs := rapid.SliceOfN(edge, 1, 5).Draw(t, "xs")
		ys := rapid.SliceOfN(edge, 1, 5).Draw(t, "ys")
		bx, by := new(big.Int), new(big.Int)
		for _, x := range xs {
			bx.Add(bx, big.NewInt(int64(x)))
		}
		for _, y := range ys {
			by.Add(by, big.NewInt(int64(y)))
		}
		a, b := sumOf(xs...), sumOf(ys...)
		if got, want := a.cmp(b), bx.Cmp(by); got != want {
			t.Fatalf("cmp(%v, %v) = %d, want %d", xs, ys, got, want)
		}
		diff := new(big.Int).Sub(bx, by)
		want := diff
		if diff.Cmp(big.NewInt(math.MaxInt)) > 0 {
			want = big.NewInt(math.MaxInt)
		}
		if diff.Cmp(big.NewInt(math.MinInt)) < 0 {
			want = big.NewInt(math.MinInt)
		}
		if got := a.sub(b).sat(); int64(got) != want.Int64() {
			t.Fatalf("sat(%v - %v) = %d, want %v", xs, ys, got, want)
		}
	})
}

func TestSatAdd(t *testing.T) {
	tests := []struct{ a, b, want int }{
		{1, 2, 3},
		{math.MaxInt, 0, math.MaxInt},
		{math.MaxInt, 1, math.MaxInt},
		{math.MaxInt - 1, 1, math.MaxInt},
		{math.MaxInt / 2, math.MaxInt/2 + 2, math.MaxInt},
	}
	for _, tt := range tests {
		if got := satAdd(tt.a, tt.b); got != tt.want {
			t.Errorf("satAdd(%d, %d) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}
