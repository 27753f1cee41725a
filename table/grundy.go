package table

import "math"

// MaxNarrowGrundy is the largest Grundy value a table stores in one byte a
// state. The byte's largest value stays free, for the engines to mark a
// state not valued yet.
const MaxNarrowGrundy = math.MaxUint8 - 1

// GrundyBound is an upper bound of the Grundy values of the positions of
// box: every move takes a token, so a value is at most the length of the
// longest play, the total of the piles, plus one in misère play. It stops
// at math.MaxInt rather than overflow.
func GrundyBound(box Box) int {
	total := 1
	for _, h := range box {
		if h > math.MaxInt-total {
			return math.MaxInt
		}
		total += h
	}
	return total
}

// GrundyWidth is the bytes a Grundy value of box takes in a table: 1 when
// GrundyBound(box) is at most MaxNarrowGrundy, else 2.
func GrundyWidth(box Box) int {
	if GrundyBound(box) <= MaxNarrowGrundy {
		return 1
	}
	return 2
}

// GrundyValues holds the Grundy value of every state of a table, in one
// byte a state when GrundyBound of the box is at most MaxNarrowGrundy, else
// in two. Exactly one of Narrow and Wide is not nil.
type GrundyValues struct {
	narrow []uint8
	wide   []uint16
}

// NewGrundyValues allocates the Grundy values of states states of box, all
// 0, in the width GrundyWidth(box).
func NewGrundyValues(box Box, states int64) *GrundyValues {
	if GrundyWidth(box) == 1 {
		return &GrundyValues{narrow: make([]uint8, states)}
	}
	return &GrundyValues{wide: make([]uint16, states)}
}

// Narrow returns the values when they take one byte a state, else nil.
func (v *GrundyValues) Narrow() []uint8 { return v.narrow }

// Wide returns the values when they take two bytes a state, else nil.
func (v *GrundyValues) Wide() []uint16 { return v.wide }

// Width is the bytes a value takes: 1 or 2.
func (v *GrundyValues) Width() int {
	if v.wide != nil {
		return 2
	}
	return 1
}

// Max is the largest value the width holds: MaxNarrowGrundy or MaxGrundy.
func (v *GrundyValues) Max() uint32 {
	if v.wide != nil {
		return MaxGrundy
	}
	return MaxNarrowGrundy
}

// Len is the number of states.
func (v *GrundyValues) Len() int64 {
	if v.wide != nil {
		return int64(len(v.wide))
	}
	return int64(len(v.narrow))
}

// At returns the value of state s.
func (v *GrundyValues) At(s int64) uint32 {
	if v.wide != nil {
		return uint32(v.wide[s])
	}
	return uint32(v.narrow[s])
}

// Set stores x, at most Max, as the value of state s.
func (v *GrundyValues) Set(s int64, x uint32) {
	if v.wide != nil {
		v.wide[s] = uint16(x)
		return
	}
	v.narrow[s] = uint8(x)
}

// Largest returns the largest value of the states, 0 when there are none.
func (v *GrundyValues) Largest() uint32 {
	m := uint32(0)
	if v.wide != nil {
		for _, x := range v.wide {
			m = max(m, uint32(x))
		}
		return m
	}
	for _, x := range v.narrow {
		m = max(m, uint32(x))
	}
	return m
}

// Count adds to counts[x] the number of states from..to-1 of value x;
// counts must be longer than the largest of them.
func (v *GrundyValues) Count(from, to int64, counts []int64) {
	if v.wide != nil {
		for _, x := range v.wide[from:to] {
			counts[x]++
		}
		return
	}
	for _, x := range v.narrow[from:to] {
		counts[x]++
	}
}

// FirstDifference returns the first state whose values differ in v and w,
// or -1 when they agree on every state both hold.
func (v *GrundyValues) FirstDifference(w *GrundyValues) int64 {
	for s := range min(v.Len(), w.Len()) {
		if v.At(s) != w.At(s) {
			return s
		}
	}
	return -1
}

// appendValue appends the value x, which must be at most Max.
func (v *GrundyValues) appendValue(x uint32) {
	if v.wide != nil {
		v.wide = append(v.wide, uint16(x))
		return
	}
	v.narrow = append(v.narrow, uint8(x))
}
