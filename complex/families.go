package complex

import "fmt"

// MaxFacets bounds the number of facets a construction may produce, so that a
// typo such as moore:60,30 fails at once instead of exhausting memory.
const MaxFacets = 1 << 20

// Cycle returns the cycle complex C_{n,k} of Circular Nim CN(n,k): its facets are
// the n arcs of k consecutive vertices around a circle
// (Dufour–Heubach 2013, Section 5). For k >= n it is the simplex.
func Cycle(n, k int) (*Complex, error) {
	if err := checkNK(n, k); err != nil {
		return nil, err
	}
	if k >= n {
		return simplex(n)
	}
	sets := make([]Set, n)
	for i := range n {
		for j := range k {
			sets[i] |= 1 << uint((i+j)%n)
		}
	}
	return New(n, sets)
}

// Path returns the complex of PathNim on n stacks in a row: its facets are the
// n-k+1 runs of k consecutive vertices. Ehrenborg–Steingrímsson's path complex
// P_{m,k} (Ehrenborg–Steingrímsson 1996, Section 8) is Path(m+k-1, k).
func Path(n, k int) (*Complex, error) {
	if err := checkNK(n, k); err != nil {
		return nil, err
	}
	if k >= n {
		return simplex(n)
	}
	sets := make([]Set, n-k+1)
	for i := range sets {
		for j := range k {
			sets[i] |= 1 << uint(i+j)
		}
	}
	return New(n, sets)
}

// Moore returns the complex of Moore's Nim on n piles where a move takes from at
// most k piles: its facets are all k-subsets (Ehrenborg–Steingrímsson 1996,
// Prop 4.7). Moore(n, 1) is classic Nim.
func Moore(n, k int) (*Complex, error) {
	if err := checkNK(n, k); err != nil {
		return nil, err
	}
	if k >= n {
		return simplex(n)
	}
	if c := Binomial(n, k); c > MaxFacets {
		return nil, fmt.Errorf("with %d piles and moves on at most %d, Moore's Nim has %d facets; at most %d are supported", n, k, c, MaxFacets)
	}
	var sets []Set
	for s := range KSubsets(n, k) {
		sets = append(sets, s)
	}
	return New(n, sets)
}

// Nim returns the complex of classic Nim on n piles: n isolated vertices.
func Nim(n int) (*Complex, error) { return Moore(n, 1) }

func simplex(n int) (*Complex, error) {
	if n < 1 || n > MaxVertices {
		return nil, fmt.Errorf("a complex needs 1 to %d vertices, not %d", MaxVertices, n)
	}
	return New(n, []Set{^Set(0) >> uint(MaxVertices-n)})
}

func checkNK(n, k int) error {
	if n < 1 || n > MaxVertices {
		return fmt.Errorf("the number of piles N must be between 1 and %d, not %d", MaxVertices, n)
	}
	if k < 1 {
		return fmt.Errorf("the size of a move K must be at least 1, not %d", k)
	}
	return nil
}

// Edge is an edge of a multigraph between two vertices (0-based).
type Edge struct{ U, V int }

// MaxGraphEdges bounds the number of edges of a graphic matroid complex: its
// facets are found among the subsets of edges of the rank's size.
const MaxGraphEdges = 24

// Graphic returns the independence complex of the graphic matroid of a
// multigraph: one vertex per edge, and a set of edges is a face when it forms a
// forest (Ehrenborg–Steingrímsson 1996, Section 5). Its facets are the
// spanning forests. Loops are rejected, because a loop is in no forest and
// its pile could never be played. The graphic matroid is the binary matroid
// of the edges' incidence vectors (GraphColumns).
func Graphic(edges []Edge) (*Complex, error) {
	m := len(edges)
	if m < 1 || m > MaxGraphEdges {
		return nil, fmt.Errorf("a graph needs 1 to %d edges, not %d", MaxGraphEdges, m)
	}
	for i, e := range edges {
		if e.U == e.V {
			return nil, fmt.Errorf("edge %d (%d-%d) is a loop; a loop is in no forest, so its pile could never be played", i+1, e.U+1, e.V+1)
		}
	}
	return Binary(GraphColumns(edges))
}

// GraphColumns returns the incidence vector over GF(2) of each edge: bit u
// and bit v for the edge u-v, with the graph's vertices numbered in order of
// appearance (Ehrenborg–Steingrímsson 1996, Section 5: phi(v) = x + y).
func GraphColumns(edges []Edge) []uint64 {
	ids := map[int]int{}
	cols := make([]uint64, len(edges))
	for i, e := range edges {
		for _, x := range []int{e.U, e.V} {
			if _, ok := ids[x]; !ok {
				ids[x] = len(ids)
			}
			cols[i] ^= 1 << uint(ids[x])
		}
	}
	return cols
}

// KSubsets yields the k-subsets of {0..n-1} in increasing order of mask
// (Gosper's hack).
func KSubsets(n, k int) func(yield func(Set) bool) {
	return func(yield func(Set) bool) {
		if k < 0 || k > n {
			return
		}
		if k == 0 {
			yield(0)
			return
		}
		for s := uint64(1)<<uint(k) - 1; n == 64 || s < uint64(1)<<uint(n); {
			if !yield(Set(s)) {
				return
			}
			c := s & -s
			r := s + c
			if r == 0 { // the last k-subset of 64 vertices
				return
			}
			s = (((r ^ s) >> 2) / c) | r
		}
	}
}
