package game

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"

	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/literature"
)

// Games published after the four papers nimlab is built from: hypergraph Nim
// and Exact k-Nim (Boros et al. 2015, 2017, 2018), Necklace Nim
// (Kadam–Heubach–Dufour 2026) and Extended Circular Nim (Suetsugu 2025).
//
// The steps of Extended Circular Nim are any of 1..M-1 here; the paper takes
// s <= M/2 (s and M-s give the same game).

var (
	nimHSource     = literature.Of("boros-et-al-2017", "hypergraph NIM_H", "boros-et-al-2018", "")
	exactSource    = literature.Of("boros-et-al-2015", "")
	necklaceSource = literature.Of("kadam-heubach-dufour-2026", "NecklaceNim NN(n,k), as its abstract defines it")
	ecnSource      = literature.Of("suetsugu-2025", "the definition as its abstract states it")
)

// hyperGame is NIM_H on the hyperedges: choose an edge whose piles are all
// non-empty and reduce every pile of it by at least one.
func hyperGame(n int, edges []complex.Set, title string) (*Game, error) {
	edges = slices.Clone(edges)
	slices.Sort(edges)
	edges = slices.Compact(edges)
	return onSets(Take{}, n, edges, title)
}

// ecnPattern reads ecn:M,{S},K.
var ecnPattern = regexp.MustCompile(`^(\d+),(\{[\d,]*\}),(\d+)$`)

func init() {
	register(Family{
		Name: "hyper", Syntax: "hyper:E1,E2,... (hyperedges as 1-based vertices joined by '-')", Example: "hyper:1-2-3,2-4",
		Help:   "NIM_H: choose a hyperedge (the list is not closed under subsets) and reduce every pile of it by at least one",
		Source: nimHSource,
		Build: func(args string) (*Game, error) {
			n, edges, err := vertexSets(args, "hyperedge")
			if err != nil {
				return nil, err
			}
			return hyperGame(n, edges, fmt.Sprintf("hypergraph Nim on %s", plural(len(edges), "edge")))
		},
	})
	register(Family{
		Name: "exact", Syntax: "exact:N,K", Example: "exact:4,2",
		Help:   "Exact K-Nim: reduce exactly K of the N piles, each by at least one",
		Source: exactSource,
		Build: func(args string) (*Game, error) {
			v, err := ints(args, "N", "K")
			if err != nil {
				return nil, err
			}
			n, k := v[0], v[1]
			if n < 1 || n > complex.MaxVertices || k < 1 || k > n {
				return nil, fmt.Errorf("exact:N,K needs 1 <= K <= N <= %d", complex.MaxVertices)
			}
			if c := complex.Binomial(n, k); c > MaxEdges {
				return nil, fmt.Errorf("exact:%d,%d has %d move sets; at most %d are supported", n, k, c, MaxEdges)
			}
			var edges []complex.Set
			for s := range complex.KSubsets(n, k) {
				edges = append(edges, s)
			}
			return hyperGame(n, edges, fmt.Sprintf("Exact %d-Nim on %s", k, plural(n, "pile")))
		},
	})
	register(Family{
		Name: "necklace", Syntax: "necklace:N,K", Example: "necklace:6,3",
		Help:   "Necklace Nim NN(N,K): PathNim on N stacks in a row (K consecutive), plus moves on the two end stacks together",
		Source: necklaceSource,
		Build: func(args string) (*Game, error) {
			v, err := ints(args, "N", "K")
			if err != nil {
				return nil, err
			}
			if err := consecutive("necklace", v[0], v[1]); err != nil {
				return nil, err
			}
			path, err := complex.Path(v[0], v[1])
			if err != nil {
				return nil, err
			}
			facets := append(slices.Clone(path.Facets()), complex.SetOf(0, v[0]-1))
			c, err := complex.New(v[0], facets)
			return onComplex(Take{}, c, err, fmt.Sprintf("Necklace Nim NN(%d,%d)", v[0], v[1]))
		},
	})
	register(Family{
		Name: "ecn", Syntax: "ecn:M,{S},K", Example: "ecn:8,{1,3},3",
		Help:   "Extended Circular Nim: M stacks in a circle; for a step s in S and a start i, take from the stacks i, i+s, ..., i+(j-1)s (mod M), j <= K",
		Source: ecnSource,
		Build: func(args string) (*Game, error) {
			m := ecnPattern.FindStringSubmatch(args)
			if m == nil {
				return nil, fmt.Errorf("expected M,{S},K such as 8,{1,3},3, got %q", args)
			}
			n, _ := strconv.Atoi(m[1])
			k, _ := strconv.Atoi(m[3])
			steps, err := sizeSet(m[2])
			if err != nil {
				return nil, err
			}
			if n < 1 || n > complex.MaxVertices || k < 1 {
				return nil, fmt.Errorf("ecn needs 1 <= M <= %d stacks and K >= 1", complex.MaxVertices)
			}
			var facets []complex.Set
			for _, s := range steps {
				if s < 1 || s >= n && n > 1 {
					return nil, fmt.Errorf("the step %d is not in 1..%d", s, n-1)
				}
				for i := range n {
					var f complex.Set
					for t := range min(k, n) {
						f |= complex.SetOf((i + t*s) % n)
					}
					facets = append(facets, f)
				}
			}
			c, err := complex.New(n, facets)
			return onComplex(Take{}, c, err, fmt.Sprintf("Extended Circular Nim on %s, steps %v, at most %d", plural(n, "stack"), steps, k))
		},
	})
}

// Hyperedges returns the move sets of g when g lists them and is hypergraph
// NIM_H on them — a move chooses a move set and lowers every pile of it by
// at least one, by any amounts (EachAtLeastRule with 1) — as hyper:,
// exact:, atleast(A; 1) and the conjunctive compounds of take games are. It
// reports false for every other game (the games on every face of a complex
// included, though they are NIM_H on their faces: see TakeOnFaces).
func (g *Game) Hyperedges() ([]complex.Set, bool) {
	r, ok := g.Rule().(EachAtLeastRule)
	if !ok || r.EachAtLeast() != 1 || g.OnFaces() {
		return nil, false
	}
	return g.sets, true
}
