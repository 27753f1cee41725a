package prove

import (
	"context"
	"errors"
	"slices"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/prove/proof"
)

// A proof is a pipeline, one file a step, read in order by steps below:
//
//  1. the claim (claim.go): the game, the expression, the region and the
//     candidate moves compiled, the move relation read, the arithmetic
//     chosen and the claim translated in it, once;
//  2. plan (routes.go): the route of the arithmetic, by the registry's
//     preconditions, and the Sprague–Grundy route for a claim of values;
//  3. prepare (routes.go): each route's prepare step in the registry's
//     order (the region's non-emptiness and closure, symmetry breaking,
//     learned candidate moves);
//  4. the conditions' queries (routes.go): built for the claim (encoding.go,
//     grundy.go), then each route's rewrite in the registry's order;
//  5. ask and settle (ask.go): the queries put to the solver, two at a
//     time, and the answers read (a counterexample, confirmed by the
//     engine, refutes the claim);
//  6. finish (finish.go): a proof whose every condition holds gets its
//     routes and kind, the engine's check and the second solver's.

// Prove asks the solver whether the positions e accepts are exactly the
// P-positions of g (Options.Grundy: whether e is the Sprague–Grundy value),
// in the region Options.Where when there is one, with the candidate moves
// Options.Moves.
func Prove(ctx context.Context, g *game.Game, e *check.Expr, opts Options) (*Result, error) {
	if opts.Solver == nil {
		return nil, errors.New("prove: no solver")
	}
	moves, err := compileMoves(g, opts.Moves, opts.Grundy)
	if err != nil {
		return nil, err
	}
	return newClaim(g, e, moves, opts.Grundy, opts.Where).Prove(ctx, opts)
}

// Prove asks the solver whether the claim holds; Options.Moves, Grundy and
// Where are the claim's own (NewClaim), and not read here.
func (c *Claim) Prove(ctx context.Context, opts Options) (*Result, error) {
	start := time.Now()
	if opts.Solver == nil {
		return nil, errors.New("prove: no solver")
	}
	if opts.Timeout <= 0 {
		opts.Timeout = 10 * time.Second
	}
	r := &Result{Game: c.g.Spec, Expression: c.e.String(), Proof: ProofPresburger, Solver: opts.Solver.Name, SolverVersion: opts.Solver.Version,
		Conditions: []Condition{}, Grundy: c.grundy}
	if c.where != nil {
		r.Where = c.where.String()
	}
	out, err := steps(ctx, c, opts, r)
	if err != nil {
		return nil, err
	}
	r.Result, r.Reason, r.Unsettled = out.result, out.reason, out.unsettled
	r.Scope = proof.Scope{Bound: r.Proof.Bound(), Where: r.Where}
	r.Seconds = time.Since(start).Seconds()
	return r, nil
}

// outcome is what a proof comes to: its result and, when unknown, why.
type outcome struct {
	result    proof.Result
	reason    string
	unsettled []Unsettled
}

// undecided is the outcome "unknown" for the reason.
func undecided(reason string, unsettled ...Unsettled) outcome {
	return outcome{result: Undecided, reason: reason, unsettled: unsettled}
}

// steps takes a claim through the pipeline, filling r in.
func steps(ctx context.Context, c *Claim, opts Options, r *Result) (outcome, error) {
	enc, why, err := plan(c, r)
	if err != nil || enc == nil {
		return undecided(why), err
	}
	enc, stop, err := prepare(ctx, enc, opts, r)
	if err != nil || stop != nil {
		return deref(stop), err
	}
	queries := conditionQueries(enc)
	var decided []Condition
	var beside *asking
	if slices.ContainsFunc(registry, func(rt *route) bool { return rt.decide != nil && rt.first(opts) }) {
		if queries, decided, beside, err = decideBeside(ctx, enc, opts, r, queries); err != nil || r.Counterexample != nil {
			r.Conditions = decided
			return outcome{result: Refuted}, err
		}
	}
	r.Conditions = make([]Condition, len(queries))
	for i, q := range queries {
		r.Conditions[i].Name = q.name
	}
	a, err := askLeft(ctx, enc, queries, opts, beside)
	if err != nil {
		return outcome{}, err
	}
	out, err := a.settle(ctx, r)
	if err != nil {
		return out, err
	}
	if out.result == Undecided && len(decided) == 0 && onlyUnknown(r.Conditions, proof.II) {
		// The query left (II) unknown: a route not asked first may decide
		// it otherwise.
		kept, more, err := decideConditions(ctx, enc, opts, r, a.queries, false)
		if err != nil || len(more) == 0 {
			return out, err
		}
		if r.Counterexample != nil {
			r.Conditions = append(r.Conditions, more...)
			return outcome{result: Refuted}, nil
		}
		conditions := slices.DeleteFunc(r.Conditions, func(c Condition) bool { return c.Name == proof.II })
		r.Conditions = append(conditions, more...)
		a.queries, out = kept, outcome{}
	}
	r.Conditions = append(r.Conditions, decided...)
	if out.result != proof.Unsettled {
		return out, nil
	}
	return finish(ctx, enc, a.queries, opts, r)
}

// onlyUnknown reports whether the condition called name is the only one
// unknown, and every other holds.
func onlyUnknown(conditions []Condition, name proof.Cond) bool {
	found := false
	for _, c := range conditions {
		switch {
		case c.Name == name && c.Result == Unknown:
			found = true
		case c.Result != Unsat:
			return false
		}
	}
	return found
}

// decideConditions asks each route that decides a condition with no query
// of its own (route.decide), those asked first (route.first) or the others,
// to decide one: it returns the queries left to ask (those of the
// conditions decided dropped) and the conditions decided. A condition
// decided sat leaves r.Counterexample.
func decideConditions(ctx context.Context, enc *encoding, opts Options, r *Result, queries []query, first bool) ([]query, []Condition, error) {
	var decided []Condition
	for _, rt := range registry {
		if rt.decide == nil || rt.first(opts) != first {
			continue
		}
		c, err := rt.decide(ctx, enc, rt, opts, r)
		if err != nil {
			return queries, decided, err
		}
		if c == nil {
			continue
		}
		// Every route that decides a condition decides (II): the first
		// to decide it is the last asked.
		decided = append(decided, *c)
		queries = slices.DeleteFunc(queries, func(q query) bool { return q.name == c.Name })
		return queries, decided, nil
	}
	return queries, decided, nil
}

// decideBeside asks the routes asked first to decide (II)
// (decideConditions) and, at the same time, the queries of the other
// conditions: a reduction by invariances keeps one solver process busy for
// minutes (NN(10,5): (II) 366 s, then (I) 139 s, one after the other), and
// (I) need not wait for it. It returns the queries left (all but those of a
// condition decided), the conditions decided and the asking of the other
// conditions' queries. Whichever fails first stops the other: a
// counterexample from the decision (r.Counterexample) stops the queries,
// and a query answered sat stops the decision, (II) then left undecided.
func decideBeside(ctx context.Context, enc *encoding, opts Options, r *Result, queries []query) ([]query, []Condition, *asking, error) {
	if opts.decideFirst {
		left, decided, err := decideConditions(ctx, enc, opts, r, queries, true)
		return left, decided, nil, err
	}
	others := slices.DeleteFunc(slices.Clone(queries), func(q query) bool { return q.name == proof.II })
	deciding, stopDeciding := context.WithCancelCause(ctx)
	defer stopDeciding(nil)
	querying, stopAsking := context.WithCancelCause(ctx)
	defer stopAsking(nil)
	left, decided := queries, []Condition(nil)
	var beside *asking
	var group errgroup.Group
	group.Go(func() error {
		l, d, err := decideConditions(deciding, enc, opts, r, queries, true)
		if context.Cause(deciding) == errSettled && ctx.Err() == nil {
			return nil // a condition asked beside failed first
		}
		left, decided = l, d
		if r.Counterexample != nil || err != nil {
			stopAsking(errSettled) // refuted, or failed: the queries beside are moot
		}
		return err
	})
	group.Go(func() error {
		a, err := ask(querying, enc, others, opts)
		if err != nil {
			if context.Cause(querying) == errSettled && ctx.Err() == nil {
				return nil // the decision refuted the claim first
			}
			return err
		}
		beside = a
		if a.failed() {
			stopDeciding(errSettled)
		}
		return nil
	})
	err := group.Wait()
	return left, decided, beside, err
}

// askLeft asks the queries that beside (asked while (II) was decided, nil
// for none) did not, and returns one asking of them all, in the order of
// queries. After a query beside answered sat the others are not asked:
// the claim fails whatever they say, and their replies say so (stopped).
func askLeft(ctx context.Context, enc *encoding, queries []query, opts Options, beside *asking) (*asking, error) {
	if beside == nil {
		return ask(ctx, enc, queries, opts)
	}
	index := func(a *asking, name proof.Cond) int {
		return slices.IndexFunc(a.queries, func(q query) bool { return q.name == name })
	}
	left := slices.DeleteFunc(slices.Clone(queries), func(q query) bool { return index(beside, q.name) >= 0 })
	var rest *asking
	if beside.failed() || len(left) == 0 {
		rest = newAsking(enc, left, opts)
		for i := range rest.replies {
			rest.replies[i] = Reply{Answer: Unknown, Kind: ReasonStopped, Reason: stoppedReason}
		}
	} else {
		var err error
		if rest, err = ask(ctx, enc, left, opts); err != nil {
			return nil, err
		}
	}
	all := newAsking(enc, nil, opts)
	for _, q := range queries {
		from := beside
		i := index(from, q.name)
		if i < 0 {
			from, i = rest, index(rest, q.name)
		}
		all.queries = append(all.queries, from.queries[i])
		all.replies = append(all.replies, from.replies[i])
		all.found = append(all.found, from.found[i])
		all.abandoned = append(all.abandoned, from.abandoned[i])
	}
	return all, nil
}

// deref is *o, or the zero outcome when o is nil.
func deref(o *outcome) outcome {
	if o == nil {
		return outcome{}
	}
	return *o
}
