package certificate

import (
	"context"
	"fmt"
	"strings"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/prove"
)

// confirm asks the solver, of every case of the split, for a position in
// the case where its plan fails (the case's conditions and not the plan's),
// and returns those it finds. Its unsat is no proof (coqc checks the
// certificate): it makes a certificate that coqc rejects unlikely.
func (s *splitter) confirm(ctx context.Context, root *caseNode) ([]game.Position, error) {
	if s.solver == nil {
		return nil, nil
	}
	var misses []game.Position
	var walk func(c *caseNode, path []string) error
	walk = func(c *caseNode, path []string) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		if c.cond != nil {
			if err := walk(c.yes, append(path, c.cond.src)); err != nil {
				return err
			}
			return walk(c.no, append(path, "!"+c.cond.src))
		}
		query := strings.Join(append(path, "!"+s.formula(c.plan)), " && ")
		if s.confirmed[query] || len(misses) >= maxMisses {
			return nil
		}
		e, err := check.Compile(query, s.n, nil)
		if err != nil {
			return fmt.Errorf("certificate: a case of the split: %w", err)
		}
		p, r, err := prove.FindPosition(ctx, s.solver, e, s.n, confirmTimeout)
		switch {
		case err != nil:
			return fmt.Errorf("certificate: a case of the split: %w", err)
		case r.Answer == prove.Sat:
			misses = append(misses, p)
		case r.Answer == prove.Unsat:
			s.confirmed[query] = true
		}
		return nil
	}
	start := "true"
	if s.sym != nil {
		start = s.sym.condition(check.PileName)
	}
	return misses, walk(root, []string{start})
}

// formula returns, in check's language, what plan pl proves.
func (s *splitter) formula(pl *plan) string {
	t := pl.node
	switch {
	case t.op == orOp:
		return s.formula(pl.kids[0])
	case t.op == andOp && s.hasOr[t]:
		parts := make([]string, len(pl.kids))
		for i, k := range pl.kids {
			parts[i] = s.formula(k)
		}
		return "(" + strings.Join(parts, " && ") + ")"
	}
	return srcOf(t)
}

// srcOf returns shape t in check's language.
func srcOf(t *prop) string {
	if t.op == atomOp {
		return t.src
	}
	op := " && "
	if t.op == orOp {
		op = " || "
	}
	parts := make([]string, len(t.args))
	for i, a := range t.args {
		parts[i] = srcOf(a)
	}
	return "(" + strings.Join(parts, op) + ")"
}
