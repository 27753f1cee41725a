package prove

import (
	"context"
	"errors"
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
	learned, err := witness.Learn(ctx, g, e.Evaluator(), witness.Options{Budget: learnBudget, Linear: len(digitOperators(e.Tree())) == 0})
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
	return withMoves, learned, nil
}
