package prove

import (
	"context"
	"fmt"
	"strconv"
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
	p, r, _, err := findPosition(ctx, s, []*check.Expr{e}, false, n, timeout)
	return p, r, err
}

// FindPositionAmong is FindPosition for the conjunction of parts; when
// the answer is Unsat it also returns the indices of the parts the
// solver's refutation used (an unsat core, in increasing order, not
// necessarily the least), or nil when the solver gave none. Like the
// answer, the core is a hint: package certificate clears the hypotheses
// a case of its split does not need, and coqc checks what is left.
func FindPositionAmong(ctx context.Context, s *Solver, parts []*check.Expr, n int, timeout time.Duration) (game.Position, Reply, []int, error) {
	return findPosition(ctx, s, parts, true, n, timeout)
}

func findPosition(ctx context.Context, s *Solver, parts []*check.Expr, named bool, n int, timeout time.Duration) (game.Position, Reply, []int, error) {
	pile := func(i int) string { return fmt.Sprintf("x%d", i) }
	var b strings.Builder
	vars := make([]string, n)
	for i := range n {
		vars[i] = pile(i)
		fmt.Fprintf(&b, "(declare-const %s Int)\n(assert (>= %s 0))\n", vars[i], vars[i])
	}
	for k, e := range parts {
		formula, _, err := translateExpr(e, pile, arith{})
		if err != nil {
			return nil, Reply{}, nil, err
		}
		if named {
			formula = fmt.Sprintf("(! %s :named part%d)", formula, k)
		}
		fmt.Fprintf(&b, "(assert %s)\n", formula)
	}
	r, err := s.Check(ctx, b.String(), vars, timeout)
	if err != nil || r.Answer != Sat {
		return nil, r, coreIndices(r.Core, len(parts)), err
	}
	p := make(game.Position, n)
	for i, v := range vars {
		x, ok := r.Values[v]
		if !ok || x < 0 || x > int64(^uint(0)>>1) {
			return nil, Reply{Answer: Unknown, Reason: fmt.Sprintf("the solver's model has no valid value for %s", v)}, nil, nil
		}
		p[i] = int(x)
	}
	return p, r, nil, nil
}

// coreIndices reads the names partK of an unsat core as indices below n,
// in increasing order; nil when there is no core or a name is not one.
func coreIndices(core []string, n int) []int {
	if len(core) == 0 {
		return nil
	}
	used := make([]bool, n)
	for _, name := range core {
		k, err := strconv.Atoi(strings.TrimPrefix(name, "part"))
		if !strings.HasPrefix(name, "part") || err != nil || k < 0 || k >= n {
			return nil
		}
		used[k] = true
	}
	var out []int
	for k, u := range used {
		if u {
			out = append(out, k)
		}
	}
	return out
}
