package atlas

import (
	"context"
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/nimlab/nimlab/complex"
)

// MaxComplexVertices bounds Complexes: 6 vertices give 16,143 complexes,
// found among 7.8 million labelled ones in a few seconds; 7 would give 490
// million.
const MaxComplexVertices = 6

// Complexes lists every simplicial complex on exactly v vertices (each vertex
// a face) up to isomorphism, as specs complex:FACETS, in a fixed order.
//
// A complex on v <= 6 vertices is its set of faces, a bit mask over the 2^v
// subsets of the vertices (bit S for the subset S). The walk visits every
// labelled complex once, deciding the subsets by size: a subset may be a
// face only when every subset one smaller is. Of each isomorphism class it
// keeps the complex whose mask is the least among its images under the
// permutations of the vertices; an image is read off eight byte tables per
// permutation, and most complexes meet a smaller image within a few
// permutations.
func Complexes(ctx context.Context, v int) ([]string, error) {
	masks, err := complexMasks(ctx, v)
	if err != nil {
		return nil, err
	}
	specs := make([]string, len(masks))
	for i, faces := range masks {
		specs[i] = complexSpec(facetsOf(faces, v))
	}
	return specs, nil
}

// complexMasks returns the face masks of Complexes.
func complexMasks(ctx context.Context, v int) ([]uint64, error) {
	if v < 1 || v > MaxComplexVertices {
		return nil, fmt.Errorf("complexes on %d vertices: 1 to %d are listed (7 would be 490 million)", v, MaxComplexVertices)
	}
	images := faceImages(v)
	var larger []complex.Set // the subsets of two or more vertices, by size
	for s := complex.Set(0); s < 1<<v; s++ {
		if bits.OnesCount64(uint64(s)) >= 2 {
			larger = append(larger, s)
		}
	}
	slices.SortStableFunc(larger, func(a, b complex.Set) int {
		return bits.OnesCount64(uint64(a)) - bits.OnesCount64(uint64(b))
	})
	var masks []uint64
	var walked int
	var walk func(i int, faces uint64) error
	walk = func(i int, faces uint64) error {
		if i == len(larger) {
			if walked++; walked&(1<<16-1) == 0 && ctx.Err() != nil {
				return ctx.Err()
			}
			if leastImage(faces, images) {
				masks = append(masks, faces)
			}
			return nil
		}
		if err := walk(i+1, faces); err != nil {
			return err
		}
		s := larger[i]
		for r := uint64(s); r != 0; r &= r - 1 {
			if faces>>(uint64(s)&^(r&-r))&1 == 0 {
				return nil // a subset one smaller is not a face
			}
		}
		return walk(i+1, faces|1<<uint64(s))
	}
	singletons := uint64(1) // the empty face
	for i := range v {
		singletons |= 1 << (1 << i)
	}
	if err := walk(0, singletons); err != nil {
		return nil, err
	}
	return masks, nil
}

// faceImages returns, for each permutation of v vertices but the identity,
// eight tables mapping a byte of a face mask to the mask of its faces'
// images.
func faceImages(v int) [][8][256]uint64 {
	perms := complex.Permutations(v)
	var out [][8][256]uint64
	for _, perm := range perms {
		if slices.IsSorted(perm) {
			continue // the identity
		}
		var t [8][256]uint64
		for b := range 8 {
			for x := range 256 {
				for j := range 8 {
					if s := complex.Set(8*b + j); x>>j&1 == 1 && s < 1<<v {
						t[b][x] |= 1 << uint64(perm.Image(s))
					}
				}
			}
		}
		out = append(out, t)
	}
	return out
}

// imageOf returns the mask of the images of the faces under one table set.
func imageOf(faces uint64, t *[8][256]uint64) uint64 {
	var image uint64
	for b := range 8 {
		image |= t[b][faces>>(8*b)&0xff]
	}
	return image
}

// leastImage reports whether no permutation maps faces to a smaller mask.
func leastImage(faces uint64, images [][8][256]uint64) bool {
	for i := range images {
		if imageOf(faces, &images[i]) < faces {
			return false
		}
	}
	return true
}

// facetsOf lists the faces of the mask that lie in no larger face.
func facetsOf(faces uint64, v int) []complex.Set {
	var facets []complex.Set
	for s := complex.Set(1); s < 1<<v; s++ {
		if faces>>uint64(s)&1 == 0 {
			continue
		}
		maximal := true
		for i := range v {
			if t := s | 1<<i; t != s && faces>>uint64(t)&1 == 1 {
				maximal = false
				break
			}
		}
		if maximal {
			facets = append(facets, s)
		}
	}
	return facets
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
