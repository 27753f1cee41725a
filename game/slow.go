package game

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/literature"
)

// slowSource cites the slow games. The copy of the paper nimlab was checked
// against lost its formulas; docs/references.md says what is known for sure.
var slowSource = literature.Of(literature.GurvichMartynovMaximchukVyalyi2023, "Section 1.1")

// MaxEdges bounds the move sets listed one by one (slow:N,K, slowset and
// compounds).
const MaxEdges = 1 << 20

// slowGame returns the slow game on n piles whose move sets are the sets of
// the given sizes.
func slowGame(n int, sizes []int, title string) (*Game, error) {
	var edges []complex.Set
	for _, k := range sizes {
		if k < 1 || k > n {
			return nil, fmt.Errorf("a move plays 1 to %d piles, not %d", n, k)
		}
		if c := complex.Binomial(n, k); c > MaxEdges || uint64(len(edges))+c > MaxEdges {
			return nil, fmt.Errorf("more than %d move sets", MaxEdges)
		}
		for s := range complex.KSubsets(n, k) {
			edges = append(edges, s)
		}
	}
	return onSets(Slow{}, n, edges, title)
}

// sizeSet reads a set of sizes such as "{2,4}".
func sizeSet(text string) ([]int, error) {
	inner, open := strings.CutPrefix(text, "{")
	inner, closed := strings.CutSuffix(inner, "}")
	if !open || !closed || inner == "" {
		return nil, fmt.Errorf("expected a set of sizes such as {2,4}, got %q", text)
	}
	var out []int
	for _, f := range strings.Split(inner, ",") {
		v, err := strconv.Atoi(f)
		if err != nil {
			return nil, fmt.Errorf("%q in %s is not a whole number", f, text)
		}
		out = append(out, v)
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

func init() {
	register(Family{
		Name: "slow", Syntax: "slow:N,K", Example: "slow:3,2",
		Help:   "Exact Slow K-Nim NIM(N,K): choose exactly K non-empty piles of N, remove one token from each",
		Source: slowSource,
		Build: func(args string) (*Game, error) {
			v, err := ints(args, "N", "K")
			if err != nil {
				return nil, err
			}
			return slowGame(v[0], []int{v[1]}, fmt.Sprintf("Exact Slow %d-Nim NIM(%d,%d)", v[1], v[0], v[1]))
		},
	})
	register(Family{
		Name: "slowle", Syntax: "slowle:N,K", Example: "slowle:4,2",
		Help:   "Slow K-Nim: choose 1 to K non-empty piles of N, remove one token from each",
		Source: slowSource,
		Build: func(args string) (*Game, error) {
			v, err := ints(args, "N", "K")
			if err != nil {
				return nil, err
			}
			sizes := make([]int, v[1])
			for i := range sizes {
				sizes[i] = i + 1
			}
			return slowGame(v[0], sizes, fmt.Sprintf("Slow %d-Nim on %s", v[1], plural(v[0], "pile")))
		},
	})
	register(Family{
		Name: "slowset", Syntax: "slowset:N,{A1,A2,...}", Example: "slowset:5,{2,4}",
		Help:   "choose a number a from the set A, then a non-empty piles of N, remove one token from each",
		Source: slowSource,
		Build: func(args string) (*Game, error) {
			nText, setText, _ := strings.Cut(args, ",")
			v, err := ints(nText, "N")
			if err != nil {
				return nil, err
			}
			sizes, err := sizeSet(setText)
			if err != nil {
				return nil, err
			}
			return slowGame(v[0], sizes, fmt.Sprintf("Slow Nim on %s, moves on %v piles", plural(v[0], "pile"), sizes))
		},
	})
	register(Family{
		Name: "slow", Syntax: "slow(GAME)", Example: "slow(cn:6,3)", Combinator: true,
		Help:   "the slow rule on GAME's move sets (the faces of its complex): remove exactly one token from each pile of one",
		Source: slowSource,
		Build: func(args string) (*Game, error) {
			parts, _, err := parseParts(args, 1, false)
			if err != nil {
				return nil, err
			}
			a := parts[0]
			g := newGame(Slow{}, a.Complex, a.sets)
			g.Title, g.Construction = "slow rule on "+a.Title, &Construction{Op: "slow", Parts: parts}
			return g, nil
		},
	})
}
