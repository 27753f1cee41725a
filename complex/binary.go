package complex

import (
	"fmt"
	"math/bits"
)

// MaxBinaryColumns bounds the number of columns of a binary matroid: its
// facets (bases) are found among the subsets of columns of the rank's size.
const MaxBinaryColumns = 24

// Binary returns the independence complex of the binary matroid whose
// elements are the given vectors over GF(2) (bit r of a column is its entry in
// row r): a set of columns is a face when the vectors are linearly
// independent (Ehrenborg–Steingrímsson 1996, Definition 5.1). Every column
// must be non-zero, so that each single pile can be played (the hypothesis of
// Theorem 5.7).
func Binary(columns []uint64) (*Complex, error) {
	m := len(columns)
	if m < 1 || m > MaxBinaryColumns {
		return nil, fmt.Errorf("a binary matroid needs 1 to %d columns, not %d", MaxBinaryColumns, m)
	}
	for i, c := range columns {
		if c == 0 {
			return nil, fmt.Errorf("column %d is zero; a zero vector is dependent on its own, so its pile could never be played", i+1)
		}
	}
	all := Set(1)<<uint(m) - 1
	rank := Rank(columns, all)
	var sets []Set
	for s := range KSubsets(m, rank) {
		if Rank(columns, s) == rank {
			sets = append(sets, s)
		}
		if len(sets) > MaxFacets {
			return nil, fmt.Errorf("the matroid has more than %d bases; at most that many are supported", MaxFacets)
		}
	}
	return New(m, sets)
}

// Rank returns the rank over GF(2) of the columns in s.
func Rank(columns []uint64, s Set) int {
	var basis [64]uint64 // basis[b]: a reduced vector whose highest bit is b
	rank := 0
	for _, i := range s.Vertices() {
		v := columns[i]
		for v != 0 {
			b := bits.Len64(v) - 1
			if basis[b] == 0 {
				basis[b] = v
				rank++
				break
			}
			v ^= basis[b]
		}
	}
	return rank
}

// Sum returns the sum over GF(2) of the columns in s (Phi(s) of Section 5).
func Sum(columns []uint64, s Set) uint64 {
	var x uint64
	for _, i := range s.Vertices() {
		x ^= columns[i]
	}
	return x
}
