package theory

import (
	"fmt"

	"github.com/nimlab/nimlab/game"
)

// A limited rule decides only the positions within some limit: one whose
// answer would need a pile beyond 2^63-1 somewhere inside it (B_x adds two
// piles). limit says why p is beyond it, or returns nil.
type limited interface {
	limit(p game.Position) error
}

// limitOf asks r for its limit at p; rules without one decide every position.
func limitOf(r Oracle, p game.Position) error {
	if l, ok := r.(limited); ok {
		return l.limit(p)
	}
	return nil
}

// Apply decides p by the theorem's oracle and checks the answer before it is
// used: at a P-position the rule must offer no move; at an N-position its
// winning move must be a legal move of g (game.Game.IsMove) to a position the
// rule itself calls P; a remoteness rule's best move must be legal too. A
// failed check is an error that names the theorem, never a silent fallback.
// It fails with a clear error where the rule cannot represent the position
// (limited rules).
func Apply(th *Theorem, rule Oracle, g *game.Game, p game.Position) (isP bool, move game.Position, err error) {
	if err := limitOf(rule, p); err != nil {
		return false, nil, fmt.Errorf("theorem %s cannot decide %v: %w", th.Name, p, err)
	}
	isP, move = rule.IsP(p), rule.WinningMove(p)
	switch {
	case isP && move != nil:
		err = fmt.Errorf("says %v is P but offers the move to %v", p, move)
	case !isP && move == nil:
		err = fmt.Errorf("says %v is N but builds no winning move", p)
	case !isP && !g.IsMove(p, move):
		err = fmt.Errorf("built the illegal move %v -> %v", p, move)
	case !isP && !rule.IsP(move):
		err = fmt.Errorf("built the move %v -> %v to a position it does not call P", p, move)
	}
	if r, ok := rule.(RemotenessOracle); ok && err == nil {
		if best := r.BestMove(p); best != nil && !g.IsMove(p, best) {
			err = fmt.Errorf("built the illegal best move %v -> %v", p, best)
		}
	}
	if err != nil {
		return false, nil, fmt.Errorf("theorem %s (%s) %w: please report this", th.Name, th.Source, err)
	}
	return isP, move, nil
}
