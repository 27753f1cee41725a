package frontier

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
)

// Family is one family of games the frontier surveys.
type Family struct {
	// Name is what --families calls it: cn, path, necklace, slow, slowset,
	// exact or ecn.
	Name string `json:"name"`
	// Title names the family in the papers' words.
	Title string `json:"title"`
	// Games says which games of the family are surveyed.
	Games string `json:"games"`
	// MinN and MaxN bound the number of piles n; a survey may lower MaxN
	// (Options.NMax), never raise it.
	MinN int `json:"min_n"`
	MaxN int `json:"max_n"`
	// specs lists the family's games on n piles.
	specs func(n int) []string
}

// Families are the families of the frontier, in the order of its table.
var Families = []Family{
	{Name: "cn", Title: "Circular Nim CN(n,k)", Games: "3 <= n <= 10, 2 <= k < n", MinN: 3, MaxN: 10, specs: kRange("cn", 2)},
	{Name: "path", Title: "PathNim P(n,k)", Games: "3 <= n <= 10, 2 <= k < n", MinN: 3, MaxN: 10, specs: kRange("path", 2)},
	{Name: "necklace", Title: "Necklace Nim NN(n,k)", Games: "4 <= n <= 10, 2 <= k < n", MinN: 4, MaxN: 10, specs: kRange("necklace", 2)},
	{Name: "slow", Title: "Exact Slow k-Nim NIM(n,k)", Games: "3 <= n <= 6, 2 <= k < n", MinN: 3, MaxN: 6, specs: kRange("slow", 2)},
	{Name: "slowset", Title: "Slow A-Nim", Games: "3 <= n <= 6, A = {1,n} and {n-1,n} ({n-1} is NIM(n,n-1))", MinN: 3, MaxN: 6, specs: slowSets},
	{Name: "exact", Title: "Exact k-Nim", Games: "3 <= n <= 6, 2 <= k < n", MinN: 3, MaxN: 6, specs: kRange("exact", 2)},
	{Name: "ecn", Title: "Extended Circular Nim ECN(m_S,k)", Games: "4 <= m <= 8, S a set of steps 1..m/2 other than {1}, 2 <= k < m, one game of each class up to isomorphism and none that is a CN(m,k)", MinN: 4, MaxN: 8, specs: ecnSpecs},
}

// kRange lists kind:n,k for from <= k < n.
func kRange(kind string, from int) func(n int) []string {
	return func(n int) []string {
		var specs []string
		for k := from; k < n; k++ {
			specs = append(specs, fmt.Sprintf("%s:%d,%d", kind, n, k))
		}
		return specs
	}
}

// slowSets lists the slow A-Nim of Dufour–Heubach 2024 on n piles.
func slowSets(n int) []string {
	return []string{fmt.Sprintf("slowset:%d,{1,%d}", n, n), fmt.Sprintf("slowset:%d,{%d,%d}", n, n-1, n)}
}

// ecnSpecs lists every ECN(m_S,k) with S a set of steps 1..m/2 other than
// {1} and 2 <= k < m, in the order of S (as a binary number) and k: the
// first of each class of isomorphic games, and none isomorphic to a
// CN(m,k) (the family cn has those).
func ecnSpecs(m int) []string {
	var kept []*complex.Complex
	isNew := func(spec string) bool {
		c := complexOf(spec)
		if slices.ContainsFunc(kept, func(k *complex.Complex) bool { return isomorphic(c, k) }) {
			return false
		}
		kept = append(kept, c)
		return true
	}
	for k := 1; k <= m; k++ {
		isNew(fmt.Sprintf("cn:%d,%d", m, k))
	}
	var specs []string
	for mask := 2; mask < 1<<(m/2); mask++ {
		var steps []string
		for s := 1; s <= m/2; s++ {
			if mask>>(s-1)&1 == 1 {
				steps = append(steps, strconv.Itoa(s))
			}
		}
		for k := 2; k < m; k++ {
			if spec := fmt.Sprintf("ecn:%d,{%s},%d", m, strings.Join(steps, ","), k); isNew(spec) {
				specs = append(specs, spec)
			}
		}
	}
	return specs
}

// complexOf is the complex of spec, which the families write valid.
func complexOf(spec string) *complex.Complex {
	g, err := game.Parse(spec)
	if err != nil {
		panic(fmt.Sprintf("frontier: %s: %v", spec, err))
	}
	return g.Complex
}

// isomorphic reports whether some permutation of the vertices maps the
// facets of a onto those of b. It places the vertices one by one, keeping
// the edges (faces of two vertices) among those placed, and compares the
// facets once all are placed.
func isomorphic(a, b *complex.Complex) bool {
	n := a.N()
	fa, fb := a.Facets(), b.Facets()
	if n != b.N() || len(fa) != len(fb) || !slices.Equal(sizes(fa), sizes(fb)) {
		return false
	}
	facetsB := map[complex.Set]bool{}
	for _, f := range fb {
		facetsB[f] = true
	}
	edge := func(c *complex.Complex, u, v int) bool { return c.IsFace(complex.SetOf(u, v)) }
	perm, used := make([]int, n), make([]bool, n)
	var place func(i int) bool
	place = func(i int) bool {
		if i == n {
			for _, f := range fa {
				var s complex.Set
				for r := uint64(f); r != 0; r &= r - 1 {
					s |= 1 << perm[bits.TrailingZeros64(r)]
				}
				if !facetsB[s] {
					return false
				}
			}
			return true
		}
		for j := range n {
			if used[j] {
				continue
			}
			fits := true
			for h := 0; h < i && fits; h++ {
				fits = edge(a, h, i) == edge(b, perm[h], j)
			}
			if !fits {
				continue
			}
			perm[i], used[j] = j, true
			if place(i + 1) {
				return true
			}
			used[j] = false
		}
		return false
	}
	return place(0)
}

// sizes are the sizes of the sets, in increasing order.
func sizes(sets []complex.Set) []int {
	out := make([]int, len(sets))
	for i, s := range sets {
		out[i] = s.Len()
	}
	slices.Sort(out)
	return out
}

// Game is one game of the frontier.
type Game struct {
	// Index is the game's place in the survey (atlas.Row.Index).
	Index int `json:"index"`
	// Family is its family's Name.
	Family string `json:"family"`
	// Spec is the game as nimlab names it.
	Spec string `json:"spec"`
	// Piles is its number of piles, n (m for ECN).
	Piles int `json:"piles"`
}

// Games lists the games of the named families (all of them when names is
// empty) with at most nMax piles (each family's own bound when nMax is 0),
// in the order of Families. A name may end in ":N" to lower its family's
// bound to N piles ("ecn:7").
func Games(ctx context.Context, names []string, nMax int) ([]Game, error) {
	want := map[string]int{} // the bound of each family asked for (0: its own)
	for _, name := range names {
		name, bound, hasBound := strings.Cut(strings.TrimSpace(name), ":")
		if !slices.ContainsFunc(Families, func(f Family) bool { return f.Name == name }) {
			return nil, fmt.Errorf("no family %q: the families are %s", name, familyNames())
		}
		want[name] = 0
		if hasBound {
			n, err := strconv.Atoi(bound)
			if err != nil || n < 1 {
				return nil, fmt.Errorf("family %s:%s: want %s:N with N the most piles, N >= 1", name, bound, name)
			}
			want[name] = n
		}
	}
	var games []Game
	for _, f := range Families {
		bound, asked := want[f.Name]
		if len(want) > 0 && !asked {
			continue
		}
		top := f.MaxN
		for _, b := range []int{nMax, bound} {
			if b > 0 {
				top = min(top, b)
			}
		}
		for n := f.MinN; n <= top; n++ {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			for _, spec := range f.specs(n) {
				games = append(games, Game{Index: len(games), Family: f.Name, Spec: spec, Piles: n})
			}
		}
	}
	if len(games) == 0 {
		return nil, errors.New("no games: the bound on n is below the least n of every family asked for")
	}
	return games, nil
}

// familyNames lists the names of Families, separated by commas.
func familyNames() string {
	var names []string
	for _, f := range Families {
		names = append(names, f.Name)
	}
	return strings.Join(names, ", ")
}
