package check

import (
	"context"
	"fmt"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/table"
)

// StrategyReport is the outcome of checking a strategy against a remoteness
// table.
type StrategyReport struct {
	// States counts the states of the table looked at (sorted positions for
	// a sorted table); Terminal those without a move.
	States   int64 `json:"states"`
	Terminal int64 `json:"terminal"`
	// Failures counts the non-terminal positions where the strategy's move
	// is illegal or does not lower the remoteness by exactly one.
	Failures int64 `json:"failures"`
	// Examples lists the first failures in state order.
	Examples []StrategyFailure `json:"examples,omitempty"`
}

// StrategyFailure is one position where a strategy is not optimal.
type StrategyFailure struct {
	Position   game.Position `json:"position"`
	Move       game.Position `json:"move"`
	Remoteness int           `json:"remoteness"`
	// MoveRemoteness is the remoteness after the move, -1 when the move is
	// illegal or missing.
	MoveRemoteness int `json:"move_remoteness"`
}

// Optimal reports whether the strategy lowered the remoteness by exactly one
// at every non-terminal position.
func (r *StrategyReport) Optimal() bool { return r.Failures == 0 }

// Strategy checks by exhaustion that, at every non-terminal position of t, the
// move the strategy chooses is legal and lowers Smith's remoteness by exactly
// one. By the definition of remoteness that is what an optimal move does for
// either player: the winner wins as fast as possible and the loser resists as
// longest. So, by induction, following the strategy from p for both players
// takes exactly R(p) moves. The table must hold remoteness; move returns nil
// where the strategy sees no move.
func Strategy(ctx context.Context, g *game.Game, t *table.Table, move func(game.Position) game.Position, examples int) (*StrategyReport, error) {
	if t.Remoteness == nil {
		return nil, fmt.Errorf("checking a strategy needs a remoteness table of %s", g.Spec)
	}
	r := &StrategyReport{Examples: []StrategyFailure{}}
	visit := func(p game.Position) error {
		if r.States%(1<<16) == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		r.States++
		if g.IsTerminal(p) {
			r.Terminal++
			return nil
		}
		rp := t.RemotenessOf(p)
		q := move(p)
		rq := -1
		if q != nil && g.IsMove(p, q) {
			rq = t.RemotenessOf(q)
		}
		if rq != rp-1 {
			r.Failures++
			if len(r.Examples) < examples {
				r.Examples = append(r.Examples, StrategyFailure{Position: append(game.Position(nil), p...), Move: q, Remoteness: rp, MoveRemoteness: rq})
			}
		}
		return nil
	}
	if t.Sorted {
		for _, x := range t.SortedStates() {
			if err := visit(x); err != nil {
				return nil, err
			}
		}
		return r, nil
	}
	p := make(game.Position, len(t.Box))
	for idx := range t.Box.Positions() {
		t.Box.Position(idx, p)
		if err := visit(p); err != nil {
			return nil, err
		}
	}
	return r, nil
}
