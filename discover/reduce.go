package discover

import (
	"math/big"
	"math/bits"
	"slices"
)

// edge is the order p[lo] <= p[hi]; a side equal to n (the number of
// piles) stands for the constant 0.
type edge struct{ lo, hi int }

// facts returns what the condition of the region of key set says, as
// equalities and orders among the n piles (minima: the piles holding the
// minimum equal and at most the others; zeros: those piles 0; order: the
// ties equal and each rank at most the next; whole: nothing). A strict
// order is written as the order it implies.
func (k regionKind) facts(set uint64, n int) ([]Linear, []edge) {
	var eqs []Linear
	var les []edge
	eq := func(i, j int) { // p_i == p_j, or p_i == 0 for j == n
		l := Linear{Coef: make([]int64, n)}
		l.Coef[i] = 1
		if j < n {
			l.Coef[j] = -1
		}
		eqs = append(eqs, l)
	}
	switch k {
	case zeros:
		for i := range n {
			if set>>i&1 == 1 {
				eq(i, n)
			}
		}
	case minima, maxima, minimaSign:
		first := bits.TrailingZeros64(set)
		for i := range n {
			switch {
			case i == first:
			case set>>i&1 == 1:
				eq(first, i)
			case k == maxima:
				les = append(les, edge{i, first})
			default:
				les = append(les, edge{first, i})
			}
		}
		if k == minimaSign && set&positiveMin == 0 {
			eq(first, n)
		}
	case pileOrder:
		rank := ranks(set, n)
		piles := make([]int, n)
		for i := range piles {
			piles[i] = i
		}
		slices.SortStableFunc(piles, func(a, b int) int { return rank[a] - rank[b] })
		for i := 1; i < n; i++ {
			if rank[piles[i-1]] == rank[piles[i]] {
				eq(piles[i-1], piles[i])
			} else {
				les = append(les, edge{piles[i-1], piles[i]})
			}
		}
	}
	return eqs, les
}

// span is a subspace of the affine relations c·p = r over the rationals,
// rows (c, r) in reduced row echelon form.
type span struct {
	n      int
	basis  [][]*big.Rat
	pivots []int
}

func (s *span) row(l Linear) []*big.Rat {
	row := make([]*big.Rat, s.n+1)
	for i, c := range l.Coef {
		row[i] = big.NewRat(c, 1)
	}
	row[s.n] = big.NewRat(l.RHS, 1)
	return row
}

// add adds l and reports whether it was outside the span.
func (s *span) add(l Linear) bool {
	before := len(s.basis)
	s.basis, s.pivots = insertRow(s.basis, s.pivots, s.row(l))
	return len(s.basis) > before
}

// holds reports whether l is in the span.
func (s *span) holds(l Linear) bool {
	v := s.row(l)
	var t big.Rat
	for r, b := range s.basis {
		f := new(big.Rat).Set(v[s.pivots[r]])
		if f.Sign() == 0 {
			continue
		}
		for j := range v {
			v[j] = new(big.Rat).Sub(v[j], t.Mul(f, b[j]))
		}
	}
	return !slices.ContainsFunc(v, func(x *big.Rat) bool { return x.Sign() != 0 })
}

// classes returns, for each pile, the smallest pile the span makes it equal
// to, or -1 for a pile the span makes 0.
func (s *span) classes() []int {
	class := make([]int, s.n)
	var reps []int
	for i := range s.n {
		l := Linear{Coef: make([]int64, s.n)}
		l.Coef[i] = 1
		if s.holds(l) {
			class[i] = -1
			continue
		}
		class[i] = i
		for _, r := range reps {
			l.Coef[r] = -1
			equal := s.holds(l)
			l.Coef[r] = 0
			if equal {
				class[i] = r
				break
			}
		}
		if class[i] == i {
			reps = append(reps, i)
		}
	}
	return class
}

// gf2 is a set of vectors over GF(2) in echelon form by highest bit.
type gf2 []uint64

// reduce returns v minus the vectors of the set it can take away: 0 when v
// is in their span.
func (g gf2) reduce(v uint64) uint64 {
	for _, r := range g {
		if v^r < v {
			v ^= r
		}
	}
	return v
}

// add adds v and reports whether it was outside the span.
func (g *gf2) add(v uint64) bool {
	if v = g.reduce(v); v == 0 {
		return false
	}
	*g = append(*g, v)
	slices.SortFunc(*g, func(a, b uint64) int { return bits.Len64(b) - bits.Len64(a) })
	return true
}

// reduce returns d without the conjuncts that the condition of its region
// (equalities eqs and orders les among n piles) and its other conjuncts
// imply.
//
// A description is printed as the conjunction of its region's condition,
// its linear relations and its other relations, and each of them is found
// on its own: the linear relations are a basis of all those that hold on
// the region, so they repeat the equalities the condition already states
// (a region "a == 0 && c == 0" with a == 0 among its relations), a xor
// relation of two piles is an equality the linear relations hold, a parity
// follows from an equality, colmod(3, ...) from colmod(6, ...), an order from
// the condition's. reduce drops each conjunct that the ones kept imply, by
// sound rules only (a conjunct is dropped only when the rest, with the
// condition, is equivalent to the whole):
//
//   - a linear relation in the rational span of the condition's equalities
//     and the relations kept before it (integer positions satisfying the
//     rows of a span satisfy every rational combination of them);
//   - colmod(m, ...) when another colmod(m', ...) kept has m | m' (a column
//     sum divisible by m' is divisible by m), or when every class of piles
//     the equalities make equal, the piles equal to 0 aside, has a multiple
//     of m piles (each column counts whole classes);
//   - a xor relation whose piles, each replaced by its class and those equal
//     to 0 left out, are the GF(2) sum of those of the xor relations kept
//     before it and of colmod(m, all piles) kept with m even (each column
//     sum even: the xor of all piles is 0);
//   - a parity that is the GF(2) sum of the equalities taken mod 2 (the
//     condition's, the linear relations kept, and those of the classes),
//     the xor relations kept (a xor 0 has an even sum), colmod(m, all) with
//     m even, and the parities kept before it;
//   - an order p_i <= p_j that a chain of the others, the condition's orders
//     and the equalities gives (every pile is at least 0), or that an
//     equality gives with them (ordersBy: "a + c == f + g" and a <= g give
//     f <= c);
//   - a min-form equal to one kept before it.
//
// Each kind of relation implies only the kinds after it in that list, so
// one pass, each kind in turn, leaves no conjunct the others imply by these
// rules.
func reduce(d description, n int, eqs []Linear, les []edge) description {
	sp := &span{n: n}
	for _, l := range eqs {
		sp.add(l)
	}
	var out description
	for _, l := range d.linear {
		if sp.add(l) {
			out.linear = append(out.linear, l)
		}
	}
	if len(d.extra) == 0 {
		return out
	}
	r := &reduction{d: d, n: n, eqs: eqs, les: les, linear: out.linear,
		class: sp.classes(), all: uint64(1)<<n - 1, dropped: make([]bool, len(d.extra))}
	r.colmods()
	r.xors()
	r.parities()
	r.orders()
	r.minForms()
	for i, x := range d.extra {
		if !r.dropped[i] {
			out.extra = append(out.extra, x)
		}
	}
	return out
}

// reduction is reduce's pass over the conjuncts of d.extra other than the
// linear relations, one kind after the other (see reduce).
type reduction struct {
	d      description
	n      int
	eqs    []Linear // the condition's equalities
	les    []edge   // the condition's orders
	linear []Linear // the linear relations of d kept

	class       []int  // each pile's class of equal piles, -1 for those equal to 0 (span.classes)
	all         uint64 // the set of all piles
	dropped     []bool // the conjuncts of d.extra dropped so far
	evenColumns bool   // a colmod(m, all piles) kept with m even
}

// colmods drops the implied colmod(m, ...): the multiples kept, and what the
// classes give.
func (r *reduction) colmods() {
	classSizes := map[int]int{}
	for _, c := range r.class {
		if c >= 0 {
			classSizes[c]++
		}
	}
	for i, x := range r.d.extra {
		m, ok := x.(columnModulus)
		if !ok {
			continue
		}
		implied := true
		for _, size := range classSizes {
			implied = implied && size%int(m) == 0
		}
		for j, s := range r.d.extra {
			if m2, ok := s.(columnModulus); ok && j != i && !r.dropped[j] && int(m2)%int(m) == 0 {
				implied = true
			}
		}
		r.dropped[i] = implied
		r.evenColumns = r.evenColumns || !implied && m%2 == 0
	}
}

// byClass is the set of the classes of a set of piles, over GF(2), the
// piles equal to 0 left out.
func (r *reduction) byClass(set uint64) uint64 {
	var v uint64
	for s := set; s != 0; s &= s - 1 {
		if c := r.class[bits.TrailingZeros64(s)]; c >= 0 {
			v ^= 1 << c
		}
	}
	return v
}

// xors drops the xor relations implied over the classes.
func (r *reduction) xors() {
	var xors gf2
	if r.evenColumns {
		xors.add(r.byClass(r.all))
	}
	for i, x := range r.d.extra {
		if x, ok := x.(xorSet); ok {
			r.dropped[i] = !xors.add(r.byClass(uint64(x)))
		}
	}
}

// parities drops the implied parities: rows (set, constant) with the
// constant at bit n.
func (r *reduction) parities() {
	n := r.n
	var pars gf2
	for _, l := range append(slices.Clone(r.eqs), r.linear...) {
		v := uint64(l.RHS&1) << n
		for i, c := range l.Coef {
			v |= uint64(c&1) << i
		}
		pars.add(v)
	}
	for i, c := range r.class {
		switch {
		case c < 0:
			pars.add(1 << i)
		case c != i:
			pars.add(1<<i | 1<<c)
		}
	}
	if r.evenColumns {
		pars.add(r.all)
	}
	for i, x := range r.d.extra {
		if x, ok := x.(xorSet); ok && !r.dropped[i] {
			pars.add(uint64(x))
		}
	}
	for i, x := range r.d.extra {
		if p, ok := x.(parity); ok {
			v := p.set
			if p.odd {
				v |= 1 << n
			}
			r.dropped[i] = !pars.add(v)
		}
	}
}

// orderEdge is the edge of conjunct i when it is an order not dropped.
func (r *reduction) orderEdge(i int) (edge, bool) {
	if o, ok := r.d.extra[i].(order); ok && !r.dropped[i] {
		return edge{o.i, o.j}, true
	}
	return edge{}, false
}

// orders drops the orders a chain through the others, the condition's and
// the equalities gives (node n is 0, at most every pile).
func (r *reduction) orders() {
	n := r.n
	var graph []edge
	for i, c := range r.class {
		graph = append(graph, edge{n, i})
		switch {
		case c < 0:
			graph = append(graph, edge{i, n})
		case c != i:
			graph = append(graph, edge{i, c}, edge{c, i})
		}
	}
	graph = append(graph, r.les...)
	rows := append(slices.Clone(r.eqs), r.linear...)
	for i := len(r.d.extra) - 1; i >= 0; i-- {
		e, ok := r.orderEdge(i)
		if !ok {
			continue
		}
		edges := slices.Clone(graph)
		for j := range r.d.extra {
			if o, ok := r.orderEdge(j); ok && j != i {
				edges = append(edges, o)
			}
		}
		reach := closure(edges, n+1)
		r.dropped[i] = reach[e.lo][e.hi] || slices.ContainsFunc(rows, func(l Linear) bool { return ordersBy(l, e, reach) })
	}
}

// minForms drops the repeated min-forms.
func (r *reduction) minForms() {
	for i, x := range r.d.extra {
		if f, ok := x.(minForm); ok {
			for j := range i {
				if g, ok := r.d.extra[j].(minForm); ok && g == f && !r.dropped[j] {
					r.dropped[i] = true
				}
			}
		}
	}
}

// closure returns which node a chain of edges leads to from which (of
// nodes 0..nodes-1; each to itself).
func closure(edges []edge, nodes int) [][]bool {
	reach := make([][]bool, nodes)
	for a := range reach {
		reach[a] = make([]bool, nodes)
		reach[a][a] = true
		stack := []int{a}
		for len(stack) > 0 {
			u := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, e := range edges {
				if e.lo == u && !reach[a][e.hi] {
					reach[a][e.hi] = true
					stack = append(stack, e.hi)
				}
			}
		}
	}
	return reach
}

// maxOrderUnits bounds the terms ordersBy matches.
const maxOrderUnits = 32

// ordersBy reports whether the equality l, with the orders of reach,
// implies the order e: l (or -l) reads t·(p_hi - p_lo) = r + sum of
// t_k·(p_k - p_k') with r >= 0 and each p_k' <= p_k by reach, as
// "a + c == f + g" with a <= g gives f <= c. The other piles' terms are
// split into units (a coefficient 2 is two), and each unit with a positive
// sign on the left must be matched to its own unit with a negative sign on
// the left that reach says is at least as large.
func ordersBy(l Linear, e edge, reach [][]bool) bool {
	for _, sign := range []int64{1, -1} {
		t := sign * l.Coef[e.hi]
		if t <= 0 || sign*l.Coef[e.lo] != -t || sign*l.RHS < 0 {
			continue
		}
		var small, large []int // the piles of the units, by sign on the left
		for k, c := range l.Coef {
			c *= sign
			switch {
			case k == e.lo || k == e.hi || c == 0:
			case c > 0 && len(small)+int(c) <= maxOrderUnits:
				small = append(small, slices.Repeat([]int{k}, int(c))...)
			case c < 0 && len(large)-int(c) <= maxOrderUnits:
				large = append(large, slices.Repeat([]int{k}, int(-c))...)
			default:
				return false
			}
		}
		if matchAll(small, large, reach) {
			return true
		}
	}
	return false
}

// matchAll reports whether each of small can be given its own of large
// that reach says is at least as large (augmenting paths).
func matchAll(small, large []int, reach [][]bool) bool {
	if len(small) > len(large) {
		return false
	}
	owner := make([]int, len(large)) // the unit of small each unit of large is given to, or -1
	for i := range owner {
		owner[i] = -1
	}
	var augment func(u int, seen []bool) bool
	augment = func(u int, seen []bool) bool {
		for v, k := range large {
			if seen[v] || !reach[small[u]][k] {
				continue
			}
			seen[v] = true
			if owner[v] < 0 || augment(owner[v], seen) {
				owner[v] = u
				return true
			}
		}
		return false
	}
	for u := range small {
		if !augment(u, make([]bool, len(large))) {
			return false
		}
	}
	return true
}
