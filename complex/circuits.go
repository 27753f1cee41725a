package complex

import (
	"context"
	"fmt"
	"slices"
)

// MaxCircuitWork bounds the work of Circuits, counted in complements of
// facets looked at; beyond it Circuits fails with ErrTooLarge (a few tenths
// of a second on a 2-core machine).
const MaxCircuitWork = 1 << 26

// Circuits returns the circuits of the complex: its minimal non-faces
// (Ehrenborg–Steingrímsson 1996, Section 2), in increasing order of size
// and then of mask.
//
// A set is a non-face exactly when it is in no facet, that is, when it meets
// the complement of every facet; so the circuits are the minimal transversals
// of the facets' complements. They are enumerated by the MMCS algorithm
// (Murakami–Uno 2014), which finds each minimal transversal once,
// without listing faces: an unmet complement is picked, each of its candidate
// vertices is tried, and a branch is cut as soon as a vertex of the partial
// set loses its last private complement (the set could not become minimal).
// It fails with ErrTooLarge beyond MaxCircuitWork, and when ctx is done.
func (c *Complex) Circuits(ctx context.Context) ([]Set, error) {
	all := All(c.n)
	comps := make([]Set, 0, len(c.facets))
	for _, f := range c.facets {
		comps = append(comps, all&^f)
	}
	m := &mmcs{comps: comps, ctx: ctx, err: ctx.Err()}
	m.search(0, all)
	if m.err != nil {
		return nil, m.err
	}
	slices.SortFunc(m.out, func(a, b Set) int {
		if a.Len() != b.Len() {
			return a.Len() - b.Len()
		}
		return compareSets(a, b)
	})
	return m.out, nil
}

// mmcs holds the state of the minimal transversal enumeration.
type mmcs struct {
	comps []Set
	ctx   context.Context
	work  int
	out   []Set
	err   error
}

// spend counts work and reports whether the search must stop.
func (m *mmcs) spend(w int) bool {
	if m.err != nil {
		return true
	}
	m.work += w
	if m.work > MaxCircuitWork {
		m.err = fmt.Errorf("%w: listing the circuits takes more than %d steps", ErrTooLarge, MaxCircuitWork)
	} else if m.work&(1<<16-1) < w && m.ctx.Err() != nil {
		m.err = m.ctx.Err()
	}
	return m.err != nil
}

// search extends the partial transversal s with vertices of cand.
func (m *mmcs) search(s, cand Set) {
	if m.spend(len(m.comps)) {
		return
	}
	// The unmet complement with the fewest candidates.
	best, found := Set(0), false
	for _, e := range m.comps {
		if e&s == 0 && (!found || (e&cand).Len() < (best&cand).Len()) {
			best, found = e, true
		}
	}
	if !found {
		m.out = append(m.out, s)
		return
	}
	choices := best & cand
	cand &^= choices
	for _, v := range choices.Vertices() {
		t := s | 1<<uint(v)
		if !m.spend(len(m.comps)) && m.minimal(t) {
			m.search(t, cand)
		}
		cand |= 1 << uint(v)
	}
}

// minimal reports whether every vertex of t has a private complement: one
// that t meets in that vertex only.
func (m *mmcs) minimal(t Set) bool {
	var private Set
	for _, e := range m.comps {
		if x := e & t; x != 0 && x&(x-1) == 0 {
			private |= x
		}
	}
	return private == t
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

// Points returns, for each of the circuits (in their order), a vertex that
// lies in no other circuit, and whether every circuit has one: whether the
// complex is a pointed circuit complex (Ehrenborg–Steingrímsson 1996,
// Definition 3.1). Where a circuit has no point its entry is -1.
func Points(circuits []Set) ([]int, bool) {
	var count [MaxVertices]int
	for _, ci := range circuits {
		for r := uint64(ci); r != 0; r &= r - 1 {
			count[trailing(r)]++
		}
	}
	points := make([]int, len(circuits))
	pointed := true
	for i, ci := range circuits {
		points[i] = -1
		for r := uint64(ci); r != 0; r &= r - 1 {
			if v := trailing(r); count[v] == 1 {
				points[i] = v
				break
			}
		}
		pointed = pointed && points[i] >= 0
	}
	return points, pointed
}
