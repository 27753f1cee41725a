// Package theory holds the closed-form results of the papers as oracles: for a
// game a theorem covers, a membership test for the P-positions that runs in
// time polynomial in the number of piles for any pile sizes, and a winning
// move built the way the theorem's proof builds it.
//
// Theorems are matched to games by the structure they are played on (the
// complex and its labelling), not by the spec's name: Theorem 2.1(1) of the
// Circular Nim paper (Dufour–Heubach 2013) covers nim:5, cn:5,1, path:5,1 and moore:5,1 alike. They
// hold for normal play only.
package theory

import (
	"context"
	"slices"

	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/literature"
)

// Oracle decides the P-positions of one game.
type Oracle interface {
	// IsP reports whether p is a P-position.
	IsP(p game.Position) bool
	// WinningMove returns an option of p that is a P-position, or nil when p
	// is a P-position.
	WinningMove(p game.Position) game.Position
}

// Theorem is a closed-form characterization of the P-positions of a family of
// games.
type Theorem struct {
	// Name is a short identifier, e.g. "cn63".
	Name string
	// Statement says the result in one line.
	Statement string
	// Source cites the papers stating the theorem and where (its String is
	// e.g. "Dufour–Heubach 2013, Theorem 3.2").
	Source literature.Citations
	// Examples are games the theorem covers, each with a height up to which
	// the tests and `nimlab repro` compare it with the engines' tables.
	Examples []Example
	// bind returns the oracle for g, or false when the theorem does not cover g.
	bind func(ctx context.Context, g *game.Game) (Oracle, bool)
	// slow is true for the theorems about slow games, hyper
	// for those about hypergraph NIM_H (game.Game.Hyperedges); the others
	// are about take games.
	slow, hyper bool
}

// Example is a game a theorem covers and a height for comparing it with a
// table.
type Example struct {
	Spec string
	Max  int
}

// For returns the theorem's oracle for g, or false when it does not cover g
// (misère games are never covered). Deciding whether a theorem covers a game
// may search (circuits, a Nim-basis); when ctx is done it returns false, and
// callers that must tell check ctx.Err().
func (t *Theorem) For(ctx context.Context, g *game.Game) (Oracle, bool) {
	switch {
	case g.Misere:
		return nil, false
	case t.hyper:
		if _, ok := g.Hyperedges(); !ok {
			return nil, false
		}
	case g.TakeOnFaces() == t.slow:
		return nil, false
	}
	return t.bind(ctx, g)
}

// Theorems lists every theorem, the most specific first.
func Theorems() []*Theorem { return theorems }

// Find returns the first theorem covering g and its oracle (see For for ctx).
func Find(ctx context.Context, g *game.Game) (*Theorem, Oracle, bool) {
	for _, t := range theorems {
		if r, ok := t.For(ctx, g); ok {
			return t, r, true
		}
	}
	return nil, nil, false
}

// ByName returns the theorem with the given name.
func ByName(name string) (*Theorem, bool) {
	for _, t := range theorems {
		if t.Name == name {
			return t, true
		}
	}
	return nil, false
}

// theorems lists every theorem, the most specific first: Find takes the first
// that covers a game, so the general pointed-circuit and Nim-basis theorems
// come last. It is set in init because the construction theorems call Find.
var theorems []*Theorem

func init() { theorems = theoremList() }

// theoremList lists the theorems in the order Find tries them. It is long
// because it is a table of data, one theorem a row, not logic to split.
func theoremList() []*Theorem {
	return []*Theorem{
		{
			Name:      "simplex",
			Statement: "CN(n,n), and any game where every set of piles may be played: the only P-position is (0,...,0)",
			Source:    literature.Of(literature.DufourHeubach2013, "Theorem 2.1(2)"),
			Examples:  []Example{{"cn:4,4", 6}, {"moore:3,5", 8}, {"complex:1-2-3", 8}},
			bind: func(ctx context.Context, g *game.Game) (Oracle, bool) {
				f := g.Complex.Facets()
				return simplexOracle{}, len(f) == 1 && f[0].Len() == g.Piles()
			},
		},
		{
			Name:      "nim",
			Statement: "CN(n,1) is Nim: the P-positions are those whose piles xor to 0 (Bouton)",
			Source:    literature.Of(literature.DufourHeubach2013, "Theorem 2.1(1)", "bouton-1902", ""),
			Examples:  []Example{{"nim:4", 7}, {"cn:5,1", 5}, {"path:3,1", 12}},
			bind: func(ctx context.Context, g *game.Game) (Oracle, bool) {
				for _, f := range g.Complex.Facets() {
					if f.Len() != 1 {
						return nil, false
					}
				}
				return nimOracle{}, true
			},
		},
		{
			Name:      "cn-n-1",
			Statement: "CN(n,n-1), where any n-1 piles may be played: the P-positions are (a,a,...,a)",
			Source:    literature.Of(literature.DufourHeubach2013, "Theorem 2.1(3)"),
			Examples:  []Example{{"cn:5,4", 5}, {"moore:4,3", 6}, {"cn:3,2", 12}},
			bind: func(ctx context.Context, g *game.Game) (Oracle, bool) {
				f := g.Complex.Facets()
				return allEqualOracle{}, g.Piles() >= 2 && g.Complex.IsFull() && f[0].Len() == g.Piles()-1
			},
		},
		{
			Name:      "cn63",
			Statement: "CN(6,3): the P-positions are (a,b,c,d,e,f) with a+b = d+e and b+c = e+f",
			Source:    literature.Of(literature.DufourHeubach2013, "Theorem 3.2"),
			Examples:  []Example{{"cn:6,3", 5}},
			bind:      onCycle(6, 3, func([]complex.Perm) Oracle { return cn63Oracle{} }),
		},
		{
			Name:      "cn42",
			Statement: "CN(4,2): the P-positions are (a,b,a,b)",
			Source:    literature.Of(literature.DufourHeubach2013, "Theorem 2.2"),
			Examples:  []Example{{"cn:4,2", 9}},
			bind:      onCycle(4, 2, func([]complex.Perm) Oracle { return cn42Oracle{} }),
		},
		{
			Name:      "cn52",
			Statement: "CN(5,2): the P-positions are the rotations and reflections of (a,b,c,d,b) with a+b = c+d and a = max",
			Source:    literature.Of(literature.DufourHeubach2013, "Theorem 3.1(1)", literature.EhrenborgSteingrimsson1996, "Proposition 8.3"),
			Examples:  []Example{{"cn:5,2", 7}},
			bind:      onCycle(5, 2, func(sym []complex.Perm) Oracle { return dihedralOracle{perms: sym, in: cn52In, move: cn52Move} }),
		},
		{
			Name:      "cn53",
			Statement: "CN(5,3): the P-positions are the rotations and reflections of (0,b,c,d,b) with b = c+d",
			Source:    literature.Of(literature.DufourHeubach2013, "Theorem 3.1(2)", literature.EhrenborgSteingrimsson1996, "Proposition 8.4"),
			Examples:  []Example{{"cn:5,3", 7}},
			bind:      onCycle(5, 3, func(sym []complex.Perm) Oracle { return dihedralOracle{perms: sym, in: cn53In, move: cn53Move} }),
		},
		{
			Name:      "cn64",
			Statement: "CN(6,4): the P-positions are the rotations of (a,b,c,d,e,f) with a+b = d+e, b+c = e+f, a xor c xor e = 0 and a = min",
			Source:    literature.Of(literature.DufourHeubach2013, "Theorem 3.5"),
			Examples:  []Example{{"cn:6,4", 9}},
			bind:      onCycle(6, 4, func(sym []complex.Perm) Oracle { return dihedralOracle{perms: sym, in: cn64In, move: cn64Move} }),
		},
		{
			Name:      "cn86",
			Statement: "CN(8,6): the P-positions are the rotations and reflections of (0,x,a1,b1,e,b2,a2,x) with a1+b1 = a2+b2 = x and e = min(x, a1+a2)",
			Source:    literature.Of(literature.DufourHeubach2013, "Theorem 4.1"),
			Examples:  []Example{{"cn:8,6", 5}},
			bind:      onCycle(8, 6, func(sym []complex.Perm) Oracle { return dihedralOracle{perms: sym, in: cn86In, move: cn86Move} }),
		},
		{
			Name:      "cn74",
			Statement: "CN(7,4): the P-positions are the rotations and reflections of the sets S1, S2, S3, S4 (a = min)",
			Source:    literature.Of(literature.DufourHeubachVo2021, "Theorem 2.1"),
			Examples:  []Example{{"cn:7,4", 6}},
			bind:      onCycle(7, 4, func(sym []complex.Perm) Oracle { return dihedralOracle{perms: sym, in: cn74In, move: cn74Move} }),
		},
		{
			Name:      "moore",
			Statement: "Moore's Nim (take from at most k piles): P iff, at every binary digit, the number of piles with a 1 there is divisible by k+1",
			Source:    literature.Of(literature.EhrenborgSteingrimsson1996, "Proposition 4.7 (its Δ_{k+1}(V) is moore:n,k)", "moore-1910", ""),
			Examples:  []Example{{"moore:4,2", 7}, {"moore:5,2", 5}, {"moore:5,3", 5}},
			bind: func(ctx context.Context, g *game.Game) (Oracle, bool) {
				k := g.Complex.Facets()[0].Len()
				return mooreOracle{k: k}, g.Complex.IsFull() && k < g.Piles()
			},
		},
		{
			Name:      "binary-matroid",
			Statement: "on a binary matroid (binmat:, graph:) P iff, at every binary digit, the piles with a 1 there have vectors summing to 0 over GF(2)",
			Source:    literature.Of(literature.EhrenborgSteingrimsson1996, "Theorem 5.7"),
			Examples:  []Example{{"graph:1-2,2-3,1-3,3-4,1-4", 5}, {"binmat:1100,0110,0011,1001,1111", 5}},
			bind: func(ctx context.Context, g *game.Game) (Oracle, bool) {
				return nimBasisOracle{binaryBasis{g.Binary}}, g.Binary != nil
			},
		},
		{
			Name:      "join",
			Statement: "on a join (join, cone, susp) P iff the position is P on every factor; a cone's new pile is 0, a suspension's two new piles are equal",
			Source:    literature.Of(literature.EhrenborgSteingrimsson1996, "Theorem 6.1 and Corollaries 6.2, 6.3"),
			Examples:  []Example{{"join(cn:5,2; nim:2)", 5}, {"cone(cn:4,2)", 6}, {"susp(cn:5,3)", 5}},
			bind:      bindJoin,
		},
		{
			Name:      "split",
			Statement: "on B_x(A) P iff A is P with pile x = n_y + n_z; on P_x(A) P iff n_y = n_z and A is P with pile x = n_y",
			Source:    literature.Of(literature.EhrenborgSteingrimsson1996, "Lemma 6.7 and Proposition 6.9"),
			Examples:  []Example{{"bx(cn:5,2; 2)", 5}, {"px(cn:4,2; 1)", 6}, {"px(bx(cn:5,3; 1); 3)", 4}},
			bind:      bindSplit,
		},
		{
			Name:      "octa",
			Statement: "on the hyperoctahedron boundary O_n P iff antipodal piles are equal",
			Source:    literature.Of(literature.EhrenborgSteingrimsson1996, "Corollary 6.4"),
			Examples:  []Example{{"octa:3", 5}},
			bind: func(ctx context.Context, g *game.Game) (Oracle, bool) {
				n := g.Piles()
				return joinOracle{rules: slices.Repeat([]Oracle{nimOracle{}}, n/2), sizes: slices.Repeat([]int{2}, n/2)},
					complex.IsHyperoctahedron(g.Complex)
			},
		},
		{
			Name:      "path-n-n-1",
			Statement: "on P_{n,n-1} (path:2n-2,n-1; n = 3 is P_{3,2}) P iff n-2 consecutive piles b..b+n-3 (2 <= b <= n) are empty and the piles before and after them have equal sums",
			Source:    literature.Of(literature.EhrenborgSteingrimsson1996, "Section 8 (P_{n,n-1}; P_{3,2} before Proposition 8.3)"),
			Examples:  []Example{{"path:4,2", 12}, {"path:6,3", 7}, {"path:8,4", 4}},
			bind: func(ctx context.Context, g *game.Game) (Oracle, bool) {
				n := g.Piles()
				if n < 4 || n%2 != 0 {
					return nil, false
				}
				p, _ := complex.Path(n, n/2)
				return pathOracle{k: n / 2}, slices.Equal(p.Facets(), g.Complex.Facets())
			},
		},
		{
			Name:      "exact-all",
			Statement: "NIM_H whose one hyperedge holds every pile (Exact n-Nim): the options of p are all q < p, the Grundy value is min(p), and P iff some pile is empty",
			Source:    literature.Of("boros-et-al-2015", "the case k = n of 2k >= n; it follows from the definition"),
			Examples:  []Example{{"exact:3,3", 12}, {"exact:4,4", 8}, {"hyper:1-2-3-4-5", 5}},
			hyper:     true,
			bind: bindHyperedges(func(n int, edges []complex.Set) bool {
				return len(edges) == 1 && edges[0] == complex.All(n)
			}, minOracle{}),
		},
		{
			Name:      "exact-1",
			Statement: "NIM_H whose hyperedges are the single piles (Exact 1-Nim) is Nim: P iff the piles xor to 0 (Bouton)",
			Source:    literature.Of("boros-et-al-2015", "Exact 1-Nim is Nim", "bouton-1902", ""),
			Examples:  []Example{{"exact:3,1", 12}, {"hyper:1,2,3,4", 7}},
			hyper:     true,
			bind: bindHyperedges(func(n int, edges []complex.Set) bool {
				return len(edges) == n && !slices.ContainsFunc(edges, func(e complex.Set) bool { return e.Len() != 1 })
			}, nimOracle{}),
		},
		{
			Name:      "figure6",
			Statement: "the complex of Figure 6 (complex:1-2,1-3,2-3,3-4, piles x,y,z,w): P iff z = 0 and x+y = w, or x = y = z+w with z >= 1",
			Source:    literature.Of(literature.EhrenborgSteingrimsson1996, "Section 9, Figure 6"),
			Examples:  []Example{{"complex:1-2,1-3,2-3,3-4", 12}},
			bind: func(ctx context.Context, g *game.Game) (Oracle, bool) {
				return figure6Oracle{}, g.Piles() == 4 && slices.Equal(g.Complex.Facets(), figure6.Facets())
			},
		},
		{
			Name:      "pointed-circuits",
			Statement: "on a pointed circuit complex the P-positions are the non-negative integer combinations of the circuits' indicator vectors",
			Source:    literature.Of(literature.EhrenborgSteingrimsson1996, "Theorem 3.2"),
			Examples:  []Example{{"complex:1-2-3,2-3-4,3-4-5,1-5", 6}, {"complex:1-2-3-4,2-3-4-5,1-2-5,1-4-5", 5}, {"path:3,2", 12}},
			bind: func(ctx context.Context, g *game.Game) (Oracle, bool) {
				// Complexes with too many circuits to list (complex.MaxCircuitWork)
				// are not decided by this theorem.
				circuits, err := g.Complex.Circuits(ctx)
				if err != nil {
					return nil, false
				}
				points, pointed := complex.Points(circuits)
				return &pointedOracle{circuits: circuits, points: points}, pointed
			},
		},
		{
			Name:      "nim-basis",
			Statement: "on a Nim-regular complex (one with a Nim-basis B, searched for up to 12 piles) P iff the piles' binary digits, place by place, mark sets of B",
			Source:    literature.Of(literature.EhrenborgSteingrimsson1996, "Theorem 4.4 (Definition 4.1)"),
			Examples:  []Example{{"complex:1-2,1-3,1-4,2-3-4", 12}},
			bind: func(ctx context.Context, g *game.Game) (Oracle, bool) {
				if g.Piles() > MaxBasisSearch {
					return nil, false
				}
				b := cachedBasis(ctx, g.Complex)
				return nimBasisOracle{b}, b != nil
			},
		},
		{
			Name: "mrule",
			Statement: "Exact Slow (n-1)-Nim NIM(n,n-1): when both players follow the M-rule (all piles odd: keep a largest pile; " +
				"else keep a smallest even pile; take one token from every other pile) the play-out has R(x) moves, Smith's remoteness; P iff R(x) is even",
			Source:   literature.Of(literature.GurvichMartynovMaximchukVyalyi2023, "Sections 1.2 and 1.6 (the M-rule)"),
			Examples: []Example{{"slow:2,1", 30}, {"slow:3,2", 24}, {"slow:4,3", 14}, {"slow:5,4", 9}},
			slow:     true,
			bind: func(ctx context.Context, g *game.Game) (Oracle, bool) {
				return mRule{}, isSlowNN1(g)
			},
		},
	}
}
