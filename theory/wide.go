package theory

import (
	"cmp"
	"math"
	"math/bits"
)

// wide is a signed 128-bit integer (two's complement, hi:lo). Piles go up to
// 2^63-1, so a sum of piles can leave int: the theorems compare such sums as
// wide values, which hold any sum or difference of up to 2^63 piles exactly.
type wide struct {
	hi int64
	lo uint64
}

// wideOf returns x as a wide value.
func wideOf(x int) wide {
	if x < 0 {
		return wide{-1, uint64(x)}
	}
	return wide{0, uint64(x)}
}

// sumOf returns the exact sum of xs.
func sumOf(xs ...int) wide {
	var s wide
	for _, x := range xs {
		s = s.add(wideOf(x))
	}
	return s
}

func (a wide) add(b wide) wide {
	lo, carry := bits.Add64(a.lo, b.lo, 0)
	return wide{a.hi + b.hi + int64(carry), lo}
}

func (a wide) sub(b wide) wide {
	lo, borrow := bits.Sub64(a.lo, b.lo, 0)
	return wide{a.hi - b.hi - int64(borrow), lo}
}

func (a wide) cmp(b wide) int {
	if a.hi != b.hi {
		return cmp.Compare(a.hi, b.hi)
	}
	return cmp.Compare(a.lo, b.lo)
}

// half returns a/2 rounded down, for a >= 0.
func (a wide) half() wide { return wide{a.hi >> 1, a.lo>>1 | uint64(a.hi)<<63} }

// sat returns a clamped to the range of int: exact when a fits, and exact
// under min with any int that is not larger (the use it is for).
func (a wide) sat() int {
	switch {
	case a.hi > 0 || a.hi == 0 && a.lo > math.MaxInt:
		return math.MaxInt
	case a.hi < -1 || a.hi == -1 && a.lo < 1<<63:
		return math.MinInt
	}
	return int(a.lo)
}

// sumsEqual reports whether the piles xs and ys have the same sum, exactly.
func sumsEqual(xs, ys []int) bool { return sumOf(xs...) == sumOf(ys...) }

// satAdd returns a+b for non-negative a and b, or math.MaxInt when the sum
// does not fit: exact under min with an int.
func satAdd(a, b int) int {
	if a > math.MaxInt-b {
		return math.MaxInt
	}
	return a + b
}
