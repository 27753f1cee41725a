package certificate

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/table"
	"github.com/nimlab/nimlab/witness"
)

// maxImages bounds the symmetric images of learned moves a certificate
// chooses from.
const maxImages = 4096

// maxCoverBox bounds the box the images are chosen on.
const maxCoverBox = 100_000

// symmetricMoves learns candidate winning moves for the positions that are
// the least of their symmetry class (package witness: one class at a time
// needs fewer formulas than every position at once), and returns their
// images under the game's symmetries that cover the box: the image of m
// under σ moves p as m moves σ(p), taken back by σ's inverse. Nothing is
// assumed of S: an image that is not a move into S serves no position, and
// a position no image serves is said, as for any move. The learning has
// budget; learned is what it found (nil when the game's symmetries give no
// classes to learn on).
func symmetricMoves(ctx context.Context, c Claim, budget time.Duration) (moves [][]string, learned *witness.Learned, err error) {
	g := c.Game
	group, err := g.Symmetries(ctx)
	if err != nil {
		return nil, nil, err
	}
	perms := group.Elements()
	if !group.Listed() || group.Full() || len(perms) < 2 {
		return nil, nil, nil
	}
	l, err := witness.Learn(ctx, g, c.Set.Evaluator(), witness.Options{Linear: true, MaxMoves: 64, Positions: func(p game.Position) bool { return group.IsCanonical(p) }, Budget: budget})
	if err != nil {
		return nil, nil, err
	}
	if !l.Complete() {
		return nil, l, nil
	}
	var images [][]string
	seen := map[string]bool{}
	for _, m := range l.Moves {
		for _, perm := range perms {
			im := check.MoveImage(m, perm)
			if key := fmt.Sprint(im); !seen[key] && len(images) < maxImages {
				seen[key] = true
				images = append(images, im)
			}
		}
	}
	h := 1
	for pow(h+2, g.Piles()) <= maxCoverBox {
		h++
	}
	moves, err = cover(g, c.Set, images, min(h, l.Max))
	return moves, l, err
}

// cover returns, greedily, moves that give a move into S at every position
// of the box of height h outside S, the one that serves the most first.
func cover(g *game.Game, set *check.Expr, moves [][]string, h int) ([][]string, error) {
	n := g.Piles()
	evals := make([][]func(game.Position) (int, bool), len(moves))
	for k, m := range moves {
		for _, src := range m {
			e, err := check.Compile(src, n, nil)
			if err != nil {
				return nil, fmt.Errorf("certificate: the image of a learned move: %w", err)
			}
			evals[k] = append(evals[k], e.IntEvaluator())
		}
	}
	inS := set.Evaluator()
	serves := make([][]int, len(moves)) // the positions each move serves
	var open int
	box := table.Uniform(n, h)
	p, q := make(game.Position, n), make(game.Position, n)
	for idx := range box.Positions() {
		box.Position(idx, p)
		if inS(p) {
			continue
		}
	moves:
		for k := range moves {
			for i, f := range evals[k] {
				v, ok := f(p)
				if !ok || v < 0 {
					continue moves
				}
				q[i] = v
			}
			if g.IsMove(p, q) && inS(q) {
				serves[k] = append(serves[k], open)
			}
		}
		open++
	}
	covered := make([]bool, open)
	var out [][]string
	for left := open; left > 0; {
		best, gain := -1, 0
		for k, s := range serves {
			c := 0
			for _, i := range s {
				if !covered[i] {
					c++
				}
			}
			if c > gain {
				best, gain = k, c
			}
		}
		if best < 0 {
			return nil, nil // a position no image serves
		}
		for _, i := range serves[best] {
			covered[i] = true
		}
		left -= gain
		out = append(out, slices.Clone(moves[best]))
	}
	return out, nil
}
