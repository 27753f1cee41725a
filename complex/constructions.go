package complex

import "fmt"

// The operations of Ehrenborg–Steingrímsson 1996, Sections 6 and 7, which
// build new complexes whose games are understood from the old ones. Vertices
// keep their order; new vertices come last, except that B_x and P_x put y
// where x was.

// Join returns the join a * b (Section 6): a's vertices, then b's; its faces
// are the unions of a face of a and a face of b.
func Join(a, b *Complex) (*Complex, error) {
	if a.n+b.n > MaxVertices {
		return nil, fmt.Errorf("the join has %d vertices, more than %d", a.n+b.n, MaxVertices)
	}
	if len(a.facets)*len(b.facets) > MaxFacets {
		return nil, fmt.Errorf("the join has more than %d facets", MaxFacets)
	}
	var sets []Set
	for _, f := range a.facets {
		for _, g := range b.facets {
			sets = append(sets, f|g<<uint(a.n))
		}
	}
	return New(a.n+b.n, sets)
}

// Cone returns a * v, a joined with one new vertex (Corollary 6.2).
func Cone(a *Complex) (*Complex, error) {
	point, _ := simplex(1)
	return Join(a, point)
}

// Suspension returns a * T with T two isolated new vertices (Corollary 6.3).
func Suspension(a *Complex) (*Complex, error) {
	pair, _ := Nim(2)
	return Join(a, pair)
}

// Hyperoctahedron returns the boundary complex O_n of the n-dimensional cross
// polytope, O_1 * O_1 * ... (Corollary 6.4), on 2n vertices: vertices 2i and
// 2i+1 (1-based 2i+1 and 2i+2) are antipodal.
func Hyperoctahedron(n int) (*Complex, error) {
	if n < 1 || 2*n > MaxVertices {
		return nil, fmt.Errorf("the hyperoctahedron O_n needs 1 <= n <= %d, not %d", MaxVertices/2, n)
	}
	o, _ := Nim(2)
	for range n - 1 {
		var err error
		if o, err = Suspension(o); err != nil {
			return nil, err
		}
	}
	return o, nil
}

// IsHyperoctahedron reports whether c is Hyperoctahedron(n) for some n: 2n
// vertices whose facets are the 2^n sets holding exactly one of the vertices
// 2i and 2i+1 for every i. It looks at the facets without building O_n.
func IsHyperoctahedron(c *Complex) bool {
	n := c.N() / 2
	if c.N()%2 != 0 || n >= 30 || len(c.Facets()) != 1<<uint(n) {
		return false
	}
	const low = 0x5555555555555555 // vertices 0, 2, 4, ...
	for _, f := range c.Facets() {
		// One vertex of each pair: the pairs' two bits xor to 1, everywhere.
		if f.Len() != n || (uint64(f)^uint64(f)>>1)&low&uint64(All(c.N())) != low&uint64(All(c.N())) {
			return false
		}
	}
	return true // 2^n distinct facets of that form are all of them
}

// splitVertex is the common shape of B_x and P_x: vertex x becomes y (same
// place) and z (a new last vertex). A face F of a with x not in F stays and,
// for P_x, also gains y or z; a face F + x becomes F + y + z.
func splitVertex(a *Complex, x int, addOne bool) (*Complex, error) {
	if x < 0 || x >= a.n {
		return nil, fmt.Errorf("vertex %d is not in the complex (1..%d)", x+1, a.n)
	}
	if a.n+1 > MaxVertices {
		return nil, fmt.Errorf("the complex would have more than %d vertices", MaxVertices)
	}
	y, z := Set(1)<<uint(x), Set(1)<<uint(a.n)
	var sets []Set
	for _, f := range a.facets {
		switch {
		case f&y != 0:
			sets = append(sets, f|z) // F + x -> F + y + z
		case addOne:
			sets = append(sets, f|y, f|z)
		default:
			sets = append(sets, f)
		}
	}
	return New(a.n+1, sets)
}

// BX returns B_x^{y,z}(a) (Definition 6.6, in the form stated before
// Corollary 6.10): the faces are the faces F of a without x, and F + y + z
// for each face F + x of a. Vertex x becomes y; z is added last.
func BX(a *Complex, x int) (*Complex, error) { return splitVertex(a, x, false) }

// PX returns P_x^{y,z}(a) (Definition 6.8): for each face F of a without x,
// F + y and F + z are faces, and for each face F + x of a, F + y + z is one.
// Vertex x becomes y; z is added last.
func PX(a *Complex, x int) (*Complex, error) { return splitVertex(a, x, true) }

// CZ returns C^z(a) (Definition 7.3): the set of all old vertices is a face,
// and F + z is a face for every face F of a; z is added last.
func CZ(a *Complex) (*Complex, error) {
	if a.n+1 > MaxVertices {
		return nil, fmt.Errorf("the complex would have more than %d vertices", MaxVertices)
	}
	z := Set(1) << uint(a.n)
	sets := []Set{z - 1}
	for _, f := range a.facets {
		sets = append(sets, f|z)
	}
	return New(a.n+1, sets)
}
