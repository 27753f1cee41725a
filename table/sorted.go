package table

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/nimlab/nimlab/game"
)

// Sorting numbers the sorted positions of a uniform box — piles
// 0 <= x_0 <= x_1 <= ... <= x_{n-1} <= h — one per orbit of the permutations
// of the piles. The rank of x is sum over i of C(x_i + i, i + 1) (the
// colexicographic rank of the combination x_i + i), so a sorted position
// that is componentwise smaller has a smaller rank: visiting ranks in order
// visits every option of a game that only removes tokens before the position.
type Sorting struct {
	n, h int
	// binom[m][j] is C(m, j) for m <= h+n and j <= n.
	binom [][]int64
}

// NewSorting returns the numbering of the sorted positions of n piles of at
// most h tokens. It fails when there are more than MaxPositions of them.
func NewSorting(n, h int) (*Sorting, error) {
	if n < 1 || h < 0 {
		return nil, fmt.Errorf("no sorted positions for %d piles up to %d", n, h)
	}
	// There are at least h+1 sorted positions (and the table below has
	// h+n+1 rows): refuse before allocating.
	if h >= MaxPositions || n > MaxPositions {
		return nil, fmt.Errorf("%d piles up to %d have more than 2^50 sorted positions", n, h)
	}
	s := &Sorting{n: n, h: h, binom: make([][]int64, h+n+1)}
	for m := range s.binom {
		row := make([]int64, n+1)
		row[0] = 1
		for j := 1; j <= n && j <= m; j++ {
			a, b := s.binom[m-1][j-1], s.binom[m-1][j]
			if a > MaxPositions || b > MaxPositions {
				row[j] = MaxPositions + 1
				continue
			}
			row[j] = a + b
		}
		s.binom[m] = row
	}
	if s.Count() > MaxPositions {
		return nil, fmt.Errorf("%d piles up to %d have more than 2^50 sorted positions", n, h)
	}
	return s, nil
}

// Count is the number of sorted positions, C(h+n, n).
func (s *Sorting) Count() int64 { return s.binom[s.h+s.n][s.n] }

// Term is what pile i holding x tokens adds to the rank: C(x+i, i+1).
func (s *Sorting) Term(i, x int) int64 { return s.binom[x+i][i+1] }

// Rank returns the number of the sorted position x.
func (s *Sorting) Rank(x []int) int64 {
	var r int64
	for i, v := range x {
		r += s.binom[v+i][i+1]
	}
	return r
}

// RankOf returns the number of the orbit of p: the rank of p sorted.
func (s *Sorting) RankOf(p game.Position) int64 {
	if slices.IsSorted(p) {
		return s.Rank(p)
	}
	return s.Rank(slices.Sorted(slices.Values(p)))
}

// Unrank fills x (n entries) with the sorted position of rank r, for
// 0 <= r < Count(): the largest value of each pile, from the last, whose
// term fits in what is left of the rank.
func (s *Sorting) Unrank(r int64, x []int) {
	top := s.h
	for i := s.n - 1; i >= 0; i-- {
		v := top
		for v > 0 && s.Term(i, v) > r {
			v--
		}
		x[i], r, top = v, r-s.Term(i, v), v
	}
}

// Drop is Rank(x) - Rank(x - e_i) for a sorted x with x_i >= 1: what the
// rank loses when pile i loses one token (x - e_i is sorted when i is the
// first pile of its value).
func (s *Sorting) Drop(i, xi int) int64 { return s.binom[xi+i-1][i] }

// Next turns x into the sorted position of the next rank and reports whether
// there was one. The first sorted position is (0,...,0).
func (s *Sorting) Next(x []int) bool {
	for i := range x {
		if i+1 < len(x) && x[i] < x[i+1] || i+1 == len(x) && x[i] < s.h {
			x[i]++
			clear(x[:i])
			return true
		}
	}
	return false
}

// Orbit returns the number of positions in the orbit of the sorted x:
// n! divided by the factorial of the multiplicity of every value.
func Orbit(x []int) int64 {
	var r uint64 = 1
	run := 0
	for i := range x {
		if i > 0 && x[i] == x[i-1] {
			run++
		} else {
			run = 1
		}
		// r = r * (i+1) / run keeps r the multinomial of x[:i+1].
		hi, lo := bits.Mul64(r, uint64(i+1))
		q, _ := bits.Div64(hi, lo, uint64(run))
		r = q
	}
	return int64(r)
}
