package prove

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
	"github.com/nimlab/nimlab/witness"
)

// smallBox is the largest pile of the box of at most 20,000 positions on
// which a set is compared with the engine's table before anything is
// learned for it (0 when even piles up to 1 are too many).
func smallBox(n int) int {
	h := 0
	for math.Pow(float64(h+2), float64(n)) <= 20_000 {
		h++
	}
	return h
}

// learnBudget bounds the time spent learning candidate moves.
const learnBudget = 1500 * time.Millisecond

// prepareLearnedMoves is candidateMovesRoute's prepare step: the
// encoding with the candidate moves learned (learnMoves), and
// Result.Learned.
func prepareLearnedMoves(ctx context.Context, enc *encoding, _ *route, opts Options, r *Result) (*encoding, *outcome, error) {
	var err error
	if enc, r.Learned, err = learnMoves(ctx, enc.g, enc.e, enc, opts); err != nil {
		return nil, nil, err
	}
	return enc, nil, nil
}

// learnMoves learns candidate winning moves for (II) from g's own move
// generator on a box (package witness) when none were given and (II) would
// otherwise be asked over every option with a quantifier. It returns the
// encoding to use (with the moves when they were learned and can be
// written in the proof's arithmetic) and what was learned (nil when
// nothing was tried).
//
// Soundness: the moves only narrow the search of (II). The
// candidateMovesRoute query asks of every position outside S whether one of
// them is a legal option in S; where it fails, (II) is asked over every
// option as before. A move learned wrongly costs time, never a false proof.
func learnMoves(ctx context.Context, g *game.Game, e *check.Expr, enc *encoding, opts Options) (*encoding, *witness.Learned, error) {
	// The moves learned are moves into S for (II); (G2) of a
	// Sprague–Grundy proof needs moves that name the value v.
	if opts.NoLearn || len(enc.moveExprs) > 0 || enc.grundy || finiteOptionsRoute.needs(enc) == nil || digitsStepIIRoute.needs(enc) == nil {
		return enc, nil, nil
	}
	// A set that is not the P-positions on a small box will be refuted:
	// nothing to learn for it (the refutation comes from the queries). A
	// region theorem's set is compared inside the region only.
	if h := smallBox(g.Piles()); h > 0 {
		wrong, err := wrongOnBox(ctx, g, e, enc, h, opts.Gate)
		if err != nil {
			return nil, nil, err
		}
		if wrong {
			return enc, &witness.Learned{Max: h, Reason: fmt.Sprintf("the set is not the set of P-positions with piles up to %d", h)}, nil
		}
	}
	wo := witness.Options{Budget: learnBudget, Linear: len(digitOperators(e.Tree())) == 0}
	// (II) is asked of one position per symmetry class, and in a region
	// theorem of the region's positions: the moves need serve only those.
	var inRegion func(game.Position) bool
	if enc.where != nil {
		inRegion = enc.where.Evaluator()
	}
	if enc.isCanonical != nil || inRegion != nil {
		wo.Positions = func(p game.Position) bool {
			return (enc.isCanonical == nil || enc.isCanonical(p)) && (inRegion == nil || inRegion(p))
		}
	}
	learned, err := witness.Learn(ctx, g, e.Evaluator(), wo)
	switch {
	case ctx.Err() != nil:
		return nil, nil, ctx.Err()
	case err != nil:
		return enc, &witness.Learned{Reason: err.Error()}, nil
	case !learned.Complete() || len(learned.Moves) == 0:
		return enc, learned, nil
	}
	withMoves, err := newClaimEncoding(g, e, learned.Moves, false, enc.where)
	if errors.Is(err, errCandidateMove) {
		learned.Reason = "the moves learned cannot be written in the proof's arithmetic: " + err.Error()
		return enc, learned, nil
	}
	if err != nil {
		return nil, nil, err
	}
	if withMoves.a.width != enc.a.width {
		learned.Reason = fmt.Sprintf("the moves learned would need bit-vectors of %d bits, the set %d", withMoves.a.width, enc.a.width)
		return enc, learned, nil
	}
	// The same arithmetic and the same restriction of p as the queries
	// were checked for.
	withMoves.arithmetic, withMoves.canonical, withMoves.isCanonical, withMoves.sorted = enc.arithmetic, enc.canonical, enc.isCanonical, enc.sorted
	return withMoves, learned, nil
}

// wrongOnBox reports whether e accepts a position of the box of piles up
// to h (in the region, for a region theorem) that the engine's table does
// not have as a P-position, or the other way round; false when the box
// cannot be solved within learnBudget, or gate refuses it.
func wrongOnBox(ctx context.Context, g *game.Game, e *check.Expr, enc *encoding, h int, gate solve.Gate) (bool, error) {
	bctx, cancel := context.WithTimeout(ctx, learnBudget)
	defer cancel()
	box := table.Uniform(g.Piles(), h)
	t, err := solve.Gated(bctx, gate, g, box, solve.Options{})
	if err != nil {
		return false, ctx.Err()
	}
	inS, inR := e.Evaluator(), enc.regionEvaluator()
	p := make(game.Position, g.Piles())
	for idx := range box.Positions() {
		if idx%4096 == 0 && ctx.Err() != nil {
			return false, ctx.Err()
		}
		box.Position(idx, p)
		if inR(p) && inS(p) != t.IsP(p) {
			return true, nil
		}
	}
	return false, nil
}
