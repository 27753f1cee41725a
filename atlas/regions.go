package atlas

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/discover"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/prove"
	"github.com/nimlab/nimlab/prove/proof"
	"github.com/nimlab/nimlab/solve"
)

// Region theorems (Options.Regions): for a game with no description proved,
// the positions with a given pile empty form a region no move leaves (a
// move never adds a token), where the game plays as a smaller one (Circular
// Nim with an empty stack as PathNim or Necklace Nim). discover describes
// the P-positions inside each such region, one pile per orbit of the
// game's symmetries, and prove proves the description there: a region
// theorem, a partial result about those positions only.

// emptyPileRegions are the piles i of the regions "pile i is empty", one
// per orbit of the piles under g's symmetries (every pile when they are not
// known).
func emptyPileRegions(ctx context.Context, g *game.Game) []int {
	n := g.Piles()
	orbit := make([]int, n) // the least pile of each pile's orbit
	for i := range orbit {
		orbit[i] = i
	}
	if group, err := g.Symmetries(ctx); err == nil {
		var perms []complex.Perm
		switch {
		case group.Full():
			perms = []complex.Perm{nil}
		case group.Listed():
			perms = group.Elements()
		}
		for _, perm := range perms {
			for i := range orbit {
				j := 0 // every pile is in the orbit of pile 0 for the full group
				if perm != nil {
					j = perm[i]
				}
				orbit[i] = min(orbit[i], orbit[j], j)
			}
		}
	}
	var regions []int
	for i, o := range orbit {
		if o == i {
			regions = append(regions, i)
		}
	}
	return regions
}

// regionTheorems proves, for each region emptyPileRegions gives, the
// description discover finds inside it (learned on the largest of heights),
// and returns the proved ones as "REGION: EXPRESSION".
func regionTheorems(ctx context.Context, g *game.Game, heights []int, opts Options) ([]string, error) {
	if opts.Prove == nil || len(heights) == 0 {
		return nil, nil
	}
	var out []string
	for _, pile := range emptyPileRegions(ctx, g) {
		region := check.PileName(pile) + " == 0"
		where, err := check.Compile(region, g.Piles(), nil)
		if err != nil {
			return nil, fmt.Errorf("region %q: %w", region, err)
		}
		popts := *opts.Prove
		if popts.SMTOut != "" {
			// Beside the game's own files, not over them.
			popts.SMTOut = filepath.Join(popts.SMTOut, "empty-"+check.PileName(pile))
		}
		d, err := discover.Discover(ctx, g, discover.Options{Max: slices.Max(heights), Workers: opts.Workers, Prove: &popts, Where: where, Gate: opts.Gate})
		switch {
		case errors.Is(err, solve.ErrTooLarge):
			return out, nil
		case err != nil:
			return nil, fmt.Errorf("region %q: %w", region, err)
		}
		if d.Exact && d.Proof != nil && d.Proof.Result == prove.Proved {
			theorem := region + ": " + d.Expr
			if d.Proof.Scope.Bound == proof.MaxPile {
				theorem += " (piles up to 2^63-1)"
			}
			out = append(out, theorem)
		}
	}
	return out, nil
}
