package complex

import (
	"fmt"
	"math/big"
	"slices"
)

// Perm is a permutation of the vertices: vertex i goes to Perm[i].
type Perm []int

// Group is the automorphism group of a complex: the permutations of the vertices
// that map facets to facets. These are the symmetries of the game played on it:
// rotations and reflections for Circular Nim, reversal for PathNim, all
// permutations for Nim and Moore's Nim.
type Group struct {
	n     int
	full  bool   // every permutation; perms is then nil
	perms []Perm // every element, the identity first, when not full
}

// MaxListedSymmetries bounds the automorphisms listed one by one. Groups of all
// permutations are recognized without listing them.
const MaxListedSymmetries = 1 << 16

// Symmetries computes the automorphism group of c. It fails when the group is
// not the full symmetric group and has more than MaxListedSymmetries elements.
func (c *Complex) Symmetries() (*Group, error) {
	if c.IsFull() {
		return FullGroup(c.n), nil
	}
	facetSet := make(map[Set]bool, len(c.facets))
	for _, f := range c.facets {
		facetSet[f] = true
	}
	// A vertex can only go to a vertex in as many facets of each size.
	signature := make([]string, c.n)
	for v := range c.n {
		var sizes []int
		for _, f := range c.facets {
			if f.Has(v) {
				sizes = append(sizes, f.Len())
			}
		}
		slices.Sort(sizes)
		signature[v] = fmt.Sprint(sizes)
	}
	// completed[i] lists the facets whose largest vertex is i: they can be
	// checked as soon as vertex i has its image.
	completed := make([][]Set, c.n)
	for _, f := range c.facets {
		vs := f.Vertices()
		last := vs[len(vs)-1]
		completed[last] = append(completed[last], f)
	}
	g := &Group{n: c.n}
	perm := make(Perm, c.n)
	var used Set
	var tooMany bool
	var search func(i int)
	search = func(i int) {
		if tooMany {
			return
		}
		if i == c.n {
			if len(g.perms) == MaxListedSymmetries {
				tooMany = true
				return
			}
			g.perms = append(g.perms, slices.Clone(perm))
			return
		}
		for w := range c.n {
			if used.Has(w) || signature[w] != signature[i] {
				continue
			}
			perm[i] = w
			ok := true
			for _, f := range completed[i] {
				if !facetSet[perm.Image(f)] {
					ok = false
					break
				}
			}
			if ok {
				used |= 1 << uint(w)
				search(i + 1)
				used &^= 1 << uint(w)
			}
		}
	}
	search(0)
	if tooMany {
		return nil, fmt.Errorf("the complex has more than %d symmetries; symmetry classes are not supported for it yet", MaxListedSymmetries)
	}
	return g, nil
}

// FullGroup returns the group of all permutations of n vertices.
func FullGroup(n int) *Group { return &Group{n: n, full: true} }

// Image returns the image of the vertex set s under p.
func (p Perm) Image(s Set) Set {
	var out Set
	for _, v := range s.Vertices() {
		out |= 1 << uint(p[v])
	}
	return out
}

// Order returns the number of symmetries.
func (g *Group) Order() *big.Int {
	if g.full {
		return new(big.Int).MulRange(1, int64(g.n))
	}
	return big.NewInt(int64(len(g.perms)))
}

// Full reports whether the group holds every permutation of the vertices.
func (g *Group) Full() bool { return g.full }

// Elements returns the symmetries one by one, or nil for the full symmetric
// group, which is never listed. The caller must not modify them.
func (g *Group) Elements() []Perm { return g.perms }

// IsCanonical reports whether the position p (one pile per vertex) is the
// lexicographically smallest in its orbit: the representative of its symmetry
// class. The orbit of p is the set of positions q with q[i] = p[π(i)] for π in
// the group (the group holds every inverse, so either direction gives it).
func (g *Group) IsCanonical(p []int) bool {
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
func (g *Group) Canonical(p []int) []int {
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
