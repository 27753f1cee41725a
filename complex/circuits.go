package complex

import "slices"

// Circuits returns the circuits of the complex: its minimal non-faces
// (papers/001_50f576805b6ac608.txt, Section 2), in increasing order of size
// and then of mask. Every proper subset of a circuit is a face, so every
// circuit is a face plus one vertex; the candidates are found that way.
func (c *Complex) Circuits() []Set {
	seen := make(map[Set]bool)
	var out []Set
	consider := func(s Set) {
		if seen[s] || c.IsFace(s) {
			return
		}
		seen[s] = true
		for _, v := range s.Vertices() {
			if !c.IsFace(s &^ (1 << uint(v))) {
				return
			}
		}
		out = append(out, s)
	}
	for _, f := range c.Faces() {
		for v := range c.n {
			if !f.Has(v) {
				consider(f | 1<<uint(v))
			}
		}
	}
	slices.SortFunc(out, func(a, b Set) int {
		if a.Len() != b.Len() {
			return a.Len() - b.Len()
		}
		return compareSets(a, b)
	})
	return out
}

func compareSets(a, b Set) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Points returns, for each circuit (in the order of Circuits), a vertex that
// lies in no other circuit, and whether every circuit has one: whether the
// complex is a pointed circuit complex (papers/001_50f576805b6ac608.txt,
// Definition 3.1). Where a circuit has no point its entry is -1.
func (c *Complex) Points() ([]int, bool) {
	circuits := c.Circuits()
	points := make([]int, len(circuits))
	pointed := true
	for i, ci := range circuits {
		var others Set
		for j, cj := range circuits {
			if j != i {
				others |= cj
			}
		}
		own := ci &^ others
		if own == 0 {
			points[i], pointed = -1, false
			continue
		}
		points[i] = own.Vertices()[0]
	}
	return points, pointed
}
