package atlas

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/nimlab/nimlab/complex"
)

// MaxComplexVertices bounds Complexes: past 5 vertices the antichains are
// too many (7.8 million on 6) to canonicalize one by one.
const MaxComplexVertices = 5

// Complexes lists every simplicial complex on exactly v vertices (each vertex
// in some facet) up to isomorphism, as specs complex:FACETS, in a fixed
// order. A complex is its facets, an antichain of subsets covering the
// vertices; two are isomorphic when a permutation of the vertices maps the
// facets of one onto the other's, so each class is kept once, by the least
// sorted list of facet masks over all permutations.
func Complexes(v int) ([]string, error) {
	if v < 1 || v > MaxComplexVertices {
		return nil, fmt.Errorf("complexes on %d vertices: 1 to %d are listed (6 would be 7.8 million antichains)", v, MaxComplexVertices)
	}
	perms := complex.Permutations(v)
	all := complex.Set(1)<<uint(v) - 1
	seen := map[string]bool{}
	var specs []string
	var facets []complex.Set
	var walk func(next complex.Set)
	walk = func(next complex.Set) {
		if next > all {
			var union complex.Set
			for _, f := range facets {
				union |= f
			}
			if union != all {
				return
			}
			key := canonicalFacets(facets, perms)
			if !seen[key] {
				seen[key] = true
				specs = append(specs, complexSpec(facets))
			}
			return
		}
		walk(next + 1)
		for _, f := range facets {
			if f&next == f || f&next == next { // comparable: not an antichain
				return
			}
		}
		facets = append(facets, next)
		walk(next + 1)
		facets = facets[:len(facets)-1]
	}
	walk(1)
	return specs, nil
}

// canonicalFacets is the least sorted list of the facets' images over the
// permutations, as a string.
func canonicalFacets(facets []complex.Set, perms []complex.Perm) string {
	var best []complex.Set
	image := make([]complex.Set, len(facets))
	for _, perm := range perms {
		for k, f := range facets {
			image[k] = perm.Image(f)
		}
		slices.Sort(image)
		if best == nil || slices.Compare(image, best) < 0 {
			best = slices.Clone(image)
		}
	}
	return fmt.Sprint(best)
}

// complexSpec writes the facets as a spec: complex:1-2-3,2-4 (vertices from
// 1), larger facets first.
func complexSpec(facets []complex.Set) string {
	sorted := slices.Clone(facets)
	slices.SortFunc(sorted, func(a, b complex.Set) int {
		if d := bits.OnesCount64(uint64(b)) - bits.OnesCount64(uint64(a)); d != 0 {
			return d
		}
		return int(a) - int(b)
	})
	var parts []string
	for _, f := range sorted {
		var vs []string
		for _, v := range f.Vertices() {
			vs = append(vs, fmt.Sprint(v+1))
		}
		parts = append(parts, strings.Join(vs, "-"))
	}
	return "complex:" + strings.Join(parts, ",")
}
