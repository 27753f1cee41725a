package certificate

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

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
	err := s.eachLeaf(root, func(c *caseNode, path []string) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		parts := append(path[:len(path):len(path)], "!"+s.formula(c.plan))
		query := strings.Join(parts, " && ")
		if needs, ok := s.confirmed[query]; ok {
			c.needs = needs
			return nil
		}
		if len(misses) >= maxMisses {
			return nil
		}
		exprs, err := s.compileParts(parts)
		if err != nil {
			return err
		}
		p, r, core, err := prove.FindPositionAmong(ctx, s.solver, exprs, s.n, confirmTimeout)
		switch {
		case err != nil:
			return fmt.Errorf("certificate: a case of the split: %w", err)
		case r.Answer == prove.Sat:
			misses = append(misses, p)
		case r.Answer == prove.Unsat:
			c.needs = pathDepths(core, len(path))
			s.confirmed[query] = c.needs
		}
		return nil
	})
	return misses, err
}

// eachLeaf calls f on each leaf of the split root, in order, with the
// conditions of its path in check's language: first the start (true, or
// the canonical positions' condition when the split is restricted to
// them), then the condition of each case on the way, negated on the no
// side. f must copy path to keep it; its error stops the walk.
func (s *splitter) eachLeaf(root *caseNode, f func(leaf *caseNode, path []string) error) error {
	var walk func(c *caseNode, path []string) error
	walk = func(c *caseNode, path []string) error {
		if c.cond == nil {
			return f(c, path)
		}
		if err := walk(c.yes, append(path, c.cond.src)); err != nil {
			return err
		}
		return walk(c.no, append(path, "!"+c.cond.src))
	}
	start := "true"
	if s.sym != nil {
		start = s.sym.condition(check.PileName)
	}
	return walk(root, []string{start})
}

// compileParts compiles the parts of a question about a case.
func (s *splitter) compileParts(parts []string) ([]*check.Expr, error) {
	exprs := make([]*check.Expr, len(parts))
	for i, part := range parts {
		e, err := check.Compile(part, s.n, nil)
		if err != nil {
			return nil, fmt.Errorf("certificate: a case of the split: %w", err)
		}
		exprs[i] = e
	}
	return exprs, nil
}

// maxTighten bounds the time tighten takes: the cores it finds save coqc
// time, and none is needed.
const maxTighten = time.Minute

// tighten asks the solver, for each node of each leaf's plan that the
// proof hands to lia whole (a conjunction of atoms), which conditions of
// the leaf's path it needs (an unsat core of the path and the node's
// negation), and notes them in the leaf's nodeNeeds: each lia call then
// reads the conditions its goal needs, not every condition the leaf's goal
// as a whole does (CN(8,6): a case's conditions about other moves, each
// with minima lia splits, took seconds a call). Leaves the solver did not
// confirm are skipped; it stops after maxTighten or when ctx is done, and
// a node it did not reach keeps its leaf's core: only an expression it
// cannot compile is an error.
func (s *splitter) tighten(ctx context.Context, root *caseNode) error {
	if s.solver == nil {
		return nil
	}
	tctx, cancel := context.WithTimeout(ctx, maxTighten)
	defer cancel()
	type job struct {
		leaf  *caseNode
		node  *plan
		parts []string
	}
	var jobs []job
	_ = s.eachLeaf(root, func(c *caseNode, path []string) error {
		if len(c.needs) < 2 {
			return nil // no core, or one that leaves nothing to choose from
		}
		c.nodeNeeds = map[*plan][]int{}
		for _, node := range s.wholeNodes(c.plan) {
			jobs = append(jobs, job{c, node, append(path[:len(path):len(path)], "!"+srcOf(node.node))})
		}
		return nil
	})
	var mu sync.Mutex
	g, gctx := errgroup.WithContext(tctx)
	g.SetLimit(runtime.GOMAXPROCS(0))
	for _, j := range jobs {
		g.Go(func() error {
			exprs, err := s.compileParts(j.parts)
			if err != nil {
				return err
			}
			_, r, core, err := prove.FindPositionAmong(gctx, s.solver, exprs, s.n, confirmTimeout)
			if err != nil {
				return nil // out of time: the node keeps its leaf's core
			}
			if r.Answer == prove.Unsat {
				if needs := pathDepths(core, len(j.parts)-1); needs != nil {
					mu.Lock()
					j.leaf.nodeNeeds[j.node] = needs
					mu.Unlock()
				}
			}
			return nil
		})
	}
	return g.Wait()
}

// wholeNodes returns the nodes of plan pl that the proof hands to lia
// whole: those without a disjunction inside (script's "linear").
func (s *splitter) wholeNodes(pl *plan) []*plan {
	t := pl.node
	switch {
	case t.op == orOp:
		return s.wholeNodes(pl.kids[0])
	case t.op == andOp && s.hasOr[t]:
		var out []*plan
		for _, k := range pl.kids {
			out = append(out, s.wholeNodes(k)...)
		}
		return out
	}
	return []*plan{pl}
}

// pathDepths returns, of an unsat core's indices into a case's parts (the
// start, then the conditions of its path, then the plan's negation), the
// depths of the path's conditions: an empty list when the core used none,
// nil when there is no core.
func pathDepths(core []int, parts int) []int {
	if core == nil {
		return nil
	}
	depths := []int{}
	for _, k := range core {
		if 0 < k && k < parts {
			depths = append(depths, k)
		}
	}
	return depths
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
func srcOf(t *prop) string { return t.written(false) }

// written returns shape t in Coq (coq, lets inlined) or in check's
// language: its atoms joined by its connectives.
func (t *prop) written(coq bool) string {
	if t.op == atomOp {
		if coq {
			return t.coq
		}
		return t.src
	}
	and, or := " && ", " || "
	if coq {
		and, or = " /\\ ", " \\/ "
	}
	op := and
	if t.op == orOp {
		op = or
	}
	parts := make([]string, len(t.args))
	for i, a := range t.args {
		parts[i] = a.written(coq)
	}
	return "(" + strings.Join(parts, op) + ")"
}
