package complex

import (
	"context"
	"fmt"
	"math/big"
	"math/bits"
	"slices"
)

// Perm is a permutation of the vertices: vertex i goes to Perm[i].
type Perm []int

// Group is the automorphism group of a complex: the permutations of the vertices
// that map facets to facets. These are the symmetries of the game played on it:
// rotations and reflections for Circular Nim, reversal for PathNim, all
// permutations for Nim and Moore's Nim.
type Group struct {
	n          int
	full       bool     // every permutation; perms is then nil
	order      *big.Int // the number of elements, when not full
	generators []Perm   // automorphisms that generate the group, when not full
	perms      []Perm   // every element, the identity first, when listed
}

// MaxListedSymmetries bounds the automorphisms listed one by one. Groups of all
// permutations are recognized without listing them.
const MaxListedSymmetries = 1 << 16

// MaxSymmetrySearch bounds the nodes of the automorphism search; beyond it
// Symmetries fails with ErrTooLarge.
const MaxSymmetrySearch = 1 << 24

// Symmetries computes the automorphism group of c. It fails with ErrTooLarge
// when the search passes MaxSymmetrySearch nodes, and with ctx's error when
// ctx is done. The order of the group is exact however large it is; its
// elements are listed when there are at most MaxListedSymmetries of them (or
// the group is the full symmetric group, recognized without a search).
//
// The group is found as a stabilizer chain (as in Schreier–Sims and nauty):
// with the vertices in a fixed order v_0, v_1, ..., the orbit O_i of v_i under
// the automorphisms fixing v_0..v_{i-1} is found from the deepest level up,
// and |G| = |O_0| |O_1| ... |O_{n-1}|. At each level the automorphisms found so
// far already reach part of the orbit; only the other vertices w are tried, by
// a search for an automorphism fixing v_0..v_{i-1} with v_i -> w, which stops
// at the first one found. The found automorphisms generate the group.
//
// The search prunes with invariants an automorphism keeps: for every pair of
// vertices u, v (u = v included) the facets holding both, counted by size. A
// vertex may only go to a vertex with the same counts towards everything, and
// the pair counts towards the vertices already placed must match, so on
// cycles, paths and matroids the first images fix the rest. Each facet is
// checked as soon as its last vertex is placed.
func (c *Complex) Symmetries(ctx context.Context) (*Group, error) {
	if c.IsFull() {
		return FullGroup(c.n), nil
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	a := newAutSearch(ctx, c)
	order := big.NewInt(1)
	var gens []Perm
	for i := c.n - 1; i >= 0; i-- {
		// gens all fix a.order[:i]: they were found at levels >= i.
		orbit := orbitOf(a.order[i], gens, c.n)
		for w := range c.n {
			if orbit.Has(w) || a.signature[w] != a.signature[a.order[i]] {
				continue
			}
			sigma, err := a.find(i, w)
			if err != nil {
				return nil, err
			}
			if sigma != nil {
				gens = append(gens, sigma)
				orbit = orbitOf(a.order[i], gens, c.n)
			}
		}
		order.Mul(order, big.NewInt(int64(orbit.Len())))
	}
	g := &Group{n: c.n, order: order, generators: gens}
	if order.Cmp(big.NewInt(MaxListedSymmetries)) <= 0 {
		g.perms = closure(gens, c.n)
	}
	return g, nil
}

// autSearch holds what the automorphism search of one complex needs.
type autSearch struct {
	ctx       context.Context
	c         *Complex
	pair      [][]uint64
	signature []string
	order     []int   // the vertices in the order they are placed
	completed [][]Set // completed[i]: facets whose last vertex in order is order[i]
	facetSet  map[Set]bool
	nodes     int
}

func newAutSearch(ctx context.Context, c *Complex) *autSearch {
	n := c.n
	a := &autSearch{ctx: ctx, c: c, pair: c.pairInvariants(), signature: make([]string, n)}
	// signature[v]: v's own invariant and the sorted row of its pair
	// invariants; an automorphism maps v to a vertex of the same signature.
	for v := range n {
		row := slices.Clone(a.pair[v])
		slices.Sort(row)
		a.signature[v] = fmt.Sprint(a.pair[v][v], row)
	}
	a.order = c.searchOrder(a.pair, a.signature)
	position := make([]int, n) // position[v]: when v is placed
	for i, v := range a.order {
		position[v] = i
	}
	a.facetSet = make(map[Set]bool, len(c.facets))
	a.completed = make([][]Set, n)
	for _, f := range c.facets {
		a.facetSet[f] = true
		last := 0
		for r := uint64(f); r != 0; r &= r - 1 {
			last = max(last, position[trailing(r)])
		}
		a.completed[last] = append(a.completed[last], f)
	}
	return a
}

// find returns an automorphism fixing order[:i] with order[i] -> w, or nil
// when there is none.
func (a *autSearch) find(i, w int) (Perm, error) {
	n := a.c.n
	perm := make(Perm, n)
	var used Set
	for _, v := range a.order[:i] {
		perm[v] = v
		used |= 1 << uint(v)
	}
	var stop error
	var search func(level, w int) bool
	// search places order[level] on w and the rest after it.
	search = func(level, w int) bool {
		if a.nodes++; a.nodes > MaxSymmetrySearch {
			stop = fmt.Errorf("%w: the symmetry search passed %d steps", ErrTooLarge, MaxSymmetrySearch)
			return false
		}
		if a.nodes&(1<<12-1) == 0 && a.ctx.Err() != nil {
			stop = a.ctx.Err()
			return false
		}
		u := a.order[level]
		if used.Has(w) || a.signature[w] != a.signature[u] {
			return false
		}
		for _, x := range a.order[:level] {
			if a.pair[w][perm[x]] != a.pair[u][x] {
				return false
			}
		}
		perm[u] = w
		for _, f := range a.completed[level] {
			if !a.facetSet[perm.Image(f)] {
				return false
			}
		}
		if level == n-1 {
			return true
		}
		used |= 1 << uint(w)
		for next := range n {
			if search(level+1, next) {
				return true
			}
			if stop != nil {
				break
			}
		}
		used &^= 1 << uint(w)
		return false
	}
	found := search(i, w)
	if stop != nil {
		return nil, stop
	}
	if !found {
		return nil, nil
	}
	return perm, nil
}

// orbitOf returns the orbit of v under the group the generators generate.
func orbitOf(v int, gens []Perm, n int) Set {
	orbit := Set(1) << uint(v)
	frontier := []int{v}
	for len(frontier) > 0 {
		x := frontier[len(frontier)-1]
		frontier = frontier[:len(frontier)-1]
		for _, g := range gens {
			if y := g[x]; !orbit.Has(y) {
				orbit |= 1 << uint(y)
				frontier = append(frontier, y)
			}
		}
	}
	return orbit
}

// closure lists every element of the group the generators generate, the
// identity first and then in lexicographic order.
func closure(gens []Perm, n int) []Perm {
	identity := make(Perm, n)
	for i := range identity {
		identity[i] = i
	}
	key := func(p Perm) string { return fmt.Sprint([]int(p)) }
	seen := map[string]bool{key(identity): true}
	out := []Perm{identity}
	for k := 0; k < len(out); k++ {
		for _, g := range gens {
			q := make(Perm, n)
			for i, j := range out[k] {
				q[i] = g[j]
			}
			if kq := key(q); !seen[kq] {
				seen[kq] = true
				out = append(out, q)
			}
		}
	}
	slices.SortFunc(out, slices.Compare)
	return out
}

// pairInvariants returns, for every pair of vertices u, v, a number made from
// the sizes of the facets holding both (each size hashed, then summed), so
// that an automorphism keeps it; the diagonal is about the facets holding u.
// The facets holding a vertex are kept as a bit set over the facets, so the
// pairs cost n^2 times the facets over 64 word operations for each size.
func (c *Complex) pairInvariants() [][]uint64 {
	n := c.n
	pair := make([][]uint64, n)
	for v := range pair {
		pair[v] = make([]uint64, n)
	}
	bySize := map[int][]Set{}
	for _, f := range c.facets {
		bySize[f.Len()] = append(bySize[f.Len()], f)
	}
	for size, facets := range bySize {
		words := (len(facets) + 63) / 64
		holds := make([][]uint64, n)
		for v := range holds {
			holds[v] = make([]uint64, words)
		}
		for j, f := range facets {
			for r := uint64(f); r != 0; r &= r - 1 {
				holds[trailing(r)][j/64] |= 1 << uint(j%64)
			}
		}
		weight := uint64(size)*0x9e3779b97f4a7c15 | 1
		for u := range n {
			for v := u; v < n; v++ {
				count := 0
				for k, x := range holds[u] {
					count += bits.OnesCount64(x & holds[v][k])
				}
				pair[u][v] += uint64(count) * weight
				pair[v][u] = pair[u][v]
			}
		}
	}
	return pair
}

// searchOrder places first a vertex of the rarest signature, then always the
// vertex sharing the most facets-by-pair with those placed (ties to the
// lower vertex), so that the pair invariants prune early.
func (c *Complex) searchOrder(pair [][]uint64, signature []string) []int {
	n := c.n
	classSize := map[string]int{}
	for _, s := range signature {
		classSize[s]++
	}
	first := 0
	for v := range n {
		if classSize[signature[v]] < classSize[signature[first]] {
			first = v
		}
	}
	order := []int{first}
	var placed Set = 1 << uint(first)
	links := make([]int, n) // links[v]: placed vertices sharing a facet with v
	for len(order) < n {
		last := order[len(order)-1]
		next := -1
		for v := range n {
			if placed.Has(v) {
				continue
			}
			if pair[v][last] != 0 {
				links[v]++
			}
			if next < 0 || links[v] > links[next] {
				next = v
			}
		}
		order = append(order, next)
		placed |= 1 << uint(next)
	}
	return order
}

// FullGroup returns the group of all permutations of n vertices.
func FullGroup(n int) *Group { return &Group{n: n, full: true} }

// Image returns the image of the vertex set s under p.
func (p Perm) Image(s Set) Set {
	var out Set
	for r := uint64(s); r != 0; r &= r - 1 {
		out |= 1 << uint(p[trailing(r)])
	}
	return out
}

// Order returns the number of symmetries.
func (g *Group) Order() *big.Int {
	if g.full {
		return new(big.Int).MulRange(1, int64(g.n))
	}
	return new(big.Int).Set(g.order)
}

// Listed reports whether the elements are at hand (Elements, IsCanonical and
// Canonical need them): the group is the full symmetric group or has at most
// MaxListedSymmetries elements.
func (g *Group) Listed() bool { return g.full || g.perms != nil }

// Generators returns automorphisms that generate the group (nil for the full
// symmetric group). The caller must not modify them.
func (g *Group) Generators() []Perm { return g.generators }

// Full reports whether the group holds every permutation of the vertices.
func (g *Group) Full() bool { return g.full }

// Elements returns the symmetries one by one, or nil for the full symmetric
// group, which is never listed, and for groups of more than
// MaxListedSymmetries elements. The caller must not modify them.
func (g *Group) Elements() []Perm { return g.perms }

// IsCanonical reports whether the position p (one pile per vertex) is the
// lexicographically smallest in its orbit: the representative of its symmetry
// class. The orbit of p is the set of positions q with q[i] = p[π(i)] for π in
// the group (the group holds every inverse, so either direction gives it).
//
// The group must be Listed; IsCanonical panics otherwise.
func (g *Group) IsCanonical(p []int) bool {
	g.mustBeListed()
	if g.full {
		return slices.IsSorted(p)
	}
	for _, perm := range g.perms {
		// Compare q[i] = p[perm[i]] with p, stopping at the first difference.
		for i, j := range perm {
			if d := p[j] - p[i]; d != 0 {
				if d < 0 {
					return false
				}
				break
			}
		}
	}
	return true
}

// Canonical returns the representative of p's symmetry class (see IsCanonical).
// The group must be Listed; Canonical panics otherwise.
func (g *Group) Canonical(p []int) []int {
	g.mustBeListed()
	if g.full {
		q := slices.Clone(p)
		slices.Sort(q)
		return q
	}
	best := slices.Clone(p)
	q := make([]int, len(p))
	for _, perm := range g.perms {
		for i, j := range perm {
			q[i] = p[j]
		}
		if slices.Compare(q, best) < 0 {
			copy(best, q)
		}
	}
	return best
}

func (g *Group) mustBeListed() {
	if !g.Listed() {
		panic(fmt.Sprintf("complex: the group has %v elements, too many to list", g.order))
	}
}

// Permutations lists every permutation of n vertices (n! of them), in
// lexicographic order.
func Permutations(n int) []Perm {
	var out []Perm
	perm := make(Perm, n)
	used := make([]bool, n)
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			out = append(out, slices.Clone(perm))
			return
		}
		for v := range n {
			if !used[v] {
				used[v], perm[i] = true, v
				rec(i + 1)
				used[v] = false
			}
		}
	}
	rec(0)
	return out
}
