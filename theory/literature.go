package theory

import (
	"context"
	"slices"

	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
)

// The theorems on the games published after the four papers nimlab is built
// from (see game/literature.go and docs/references.md for their sources): what their abstracts state or what
// follows from their definitions, each tested against the engines.

// minOracle is NIM_H on the one hyperedge of every pile (Exact n-Nim): every
// move lowers every pile, so the options of p are all q < p, and the Grundy
// value is min(p). P iff some pile is empty.
type minOracle struct{}

func (minOracle) IsP(p game.Position) bool { return slices.Min(p) == 0 }

// WinningMove lowers every pile by one and the least to 0.
func (minOracle) WinningMove(p game.Position) game.Position {
	if slices.Min(p) == 0 {
		return nil
	}
	q := slices.Clone(p)
	least := 0
	for i := range q {
		q[i]--
		if p[i] < p[least] {
			least = i
		}
	}
	q[least] = 0
	return q
}

// bindHyperedges binds a NIM_H game whose hyperedges satisfy match.
func bindHyperedges(match func(n int, edges []complex.Set) bool, rule Oracle) func(context.Context, *game.Game) (Oracle, bool) {
	return func(_ context.Context, g *game.Game) (Oracle, bool) {
		edges, ok := g.Hyperedges()
		return rule, ok && match(g.Piles(), edges)
	}
}
