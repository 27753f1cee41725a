package theory

import (
	"context"
	"fmt"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
)

// Verify compares the theorem with the engines' table (solve.Table) on every
// position of the example's game with piles up to ex.Max: the theorem must
// cover the game (and be the one Find picks), say P exactly where the table
// does, and offer from every N-position a legal move to a P-position of the
// table; a rule that knows remoteness must agree with the remoteness table. It
// returns the number of positions compared, or the first disagreement.
func (t *Theorem) Verify(ctx context.Context, ex Example) (int64, error) {
	g, err := game.Parse(ex.Spec)
	if err != nil {
		return 0, err
	}
	th, rule, ok := Find(ctx, g)
	if !ok || th != t {
		return 0, fmt.Errorf("%s is not decided by theorem %s (Find gives %v)", ex.Spec, t.Name, th)
	}
	box := table.Uniform(g.Piles(), ex.Max)
	remote, hasRemoteness := rule.(RemotenessOracle)
	tab, err := solve.Gated(ctx, nil, g, box, solve.Options{Remoteness: hasRemoteness})
	if err != nil {
		return 0, err
	}
	p := make(game.Position, g.Piles())
	for idx := range box.Positions() {
		if idx%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return idx, err
			}
		}
		box.Position(idx, p)
		isP := tab.IsP(p)
		if rule.IsP(p) != isP {
			return idx, fmt.Errorf("%s %v: %s says P=%v, the table says %v", ex.Spec, p, t.Name, !isP, isP)
		}
		if hasRemoteness && remote.Remoteness(p) != uint64(tab.RemotenessOf(p)) {
			return idx, fmt.Errorf("%s %v: %s says remoteness %d, the table says %d", ex.Spec, p, t.Name, remote.Remoteness(p), tab.RemotenessOf(p))
		}
		move := rule.WinningMove(p)
		switch {
		case isP && move != nil:
			return idx, fmt.Errorf("%s %v is P but %s offers the move to %v", ex.Spec, p, t.Name, move)
		case !isP && (move == nil || !g.IsMove(p, move) || !tab.IsP(move)):
			return idx, fmt.Errorf("%s %v: %s's winning move %v is not a legal move to a P-position", ex.Spec, p, t.Name, move)
		}
	}
	return box.Positions(), nil
}
