package prove

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/game"
)

// FindPosition asks the solver for a position (every pile at least 0)
// where e holds, in linear integer arithmetic: the position when the
// answer is Sat; Unsat when there is none; Unknown with the reason
// otherwise (a part of e the arithmetic cannot write is an error). The
// answer is the solver's word and proves nothing: package certificate
// uses it to find where a case split learned on a box fails, and coqc
// checks what it writes.
func FindPosition(ctx context.Context, s *Solver, e *check.Expr, n int, timeout time.Duration) (game.Position, Reply, error) {
	pile := func(i int) string { return fmt.Sprintf("x%d", i) }
	formula, _, err := translateExpr(e, pile, arith{})
	if err != nil {
		return nil, Reply{}, err
	}
	var b strings.Builder
	vars := make([]string, n)
	for i := range n {
		vars[i] = pile(i)
		fmt.Fprintf(&b, "(declare-const %s Int)\n(assert (>= %s 0))\n", vars[i], vars[i])
	}
	fmt.Fprintf(&b, "(assert %s)\n", formula)
	r, err := s.Check(ctx, b.String(), vars, timeout)
	if err != nil || r.Answer != Sat {
		return nil, r, err
	}
	p := make(game.Position, n)
	for i, v := range vars {
		x, ok := r.Values[v]
		if !ok || x < 0 || x > int64(^uint(0)>>1) {
			return nil, Reply{Answer: Unknown, Reason: fmt.Sprintf("the solver's model has no valid value for %s", v)}, nil
		}
		p[i] = int(x)
	}
	return p, r, nil
}
