package prove

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/witness"
)

// learnBudget bounds the time spent learning candidate moves.
const learnBudget = 1500 * time.Millisecond

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
	if opts.NoLearn || len(opts.Moves) > 0 || finiteOptionsRoute.needs(enc) == nil || digitsStepIIRoute.needs(enc) == nil {
		return enc, nil, nil
	}
	wo := witness.Options{Budget: learnBudget, Linear: len(digitOperators(e.Tree())) == 0}
	if enc.isCanonical != nil {
		// (II) is asked of one position per symmetry class: the moves
		// need serve only those.
		wo.Positions = func(p game.Position) bool { return enc.isCanonical(p) }
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
	withMoves, err := newEncoding(g, e, learned.Moves)
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
	withMoves.arithmetic, withMoves.canonical, withMoves.isCanonical = enc.arithmetic, enc.canonical, enc.isCanonical
	return withMoves, learned, nil
}
