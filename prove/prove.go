package prove

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/prove/proof"
)

// A proof goes in four steps, each a function below: plan chooses the
// routes the claim is asked along (routes.go), prepare asks what the
// conditions rest on (the region, symmetry, candidate moves), ask puts the
// conditions' queries to the solver, two at a time, and settle reads the
// answers; a proof whose every condition holds is then finished (the kind
// of proof, the engine's check, the second solver).

// Prove asks the solver whether the positions e accepts are exactly the
// P-positions of g.
func Prove(ctx context.Context, g *game.Game, e *check.Expr, opts Options) (*Result, error) {
	start := time.Now()
	if opts.Solver == nil {
		return nil, errors.New("prove: no solver")
	}
	if opts.Timeout <= 0 {
		opts.Timeout = 10 * time.Second
	}
	r := &Result{Game: g.Spec, Expression: e.String(), Proof: ProofPresburger, Solver: opts.Solver.Name, SolverVersion: opts.Solver.Version,
		Conditions: []Condition{}, Grundy: opts.Grundy}
	if opts.Where != nil {
		r.Where = opts.Where.String()
	}
	out, err := steps(ctx, g, e, opts, r)
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

// steps takes a proof through its steps, filling r in.
func steps(ctx context.Context, g *game.Game, e *check.Expr, opts Options, r *Result) (outcome, error) {
	enc, why, err := plan(g, e, opts, r)
	if err != nil || enc == nil {
		return undecided(why), err
	}
	enc, stop, err := prepare(ctx, g, e, enc, opts, r)
	if err != nil || stop != nil {
		return deref(stop), err
	}
	queries := enc.conditions()
	for _, rt := range registry {
		if rt.rewrite != nil {
			queries = rt.rewrite(enc, rt, queries)
		}
	}
	r.Conditions = make([]Condition, len(queries))
	for i, q := range queries {
		r.Conditions[i].Name = q.name
	}
	a, err := ask(ctx, g, e, enc, queries, opts)
	if err != nil {
		return outcome{}, err
	}
	if out, err := a.settle(ctx, r); err != nil || out.result != proof.Unsettled {
		return out, err
	}
	return finish(ctx, enc, a.queries, opts, r)
}

// deref is *o, or the zero outcome when o is nil.
func deref(o *outcome) outcome {
	if o == nil {
		return outcome{}
	}
	return *o
}

// plan encodes the claim and chooses its arithmetic, linear or bit-vectors,
// by the routes' preconditions (routes.go), and the Sprague–Grundy route
// for a claim of values. It returns a nil encoding and why when no route
// applies.
func plan(g *game.Game, e *check.Expr, opts Options, r *Result) (*encoding, string, error) {
	if opts.Grundy && g.Misere {
		return nil, "Sprague–Grundy values are proved in normal play only", nil
	}
	enc, err := newClaimEncoding(g, e, opts.Moves, claim{grundy: opts.Grundy, where: opts.Where})
	if err != nil {
		var u *UnencodableError
		if errors.As(err, &u) || errors.Is(err, errUnsupportedGame) {
			return nil, err.Error(), nil
		}
		return nil, "", err
	}
	arithmetic := linearRoute
	if enc.a.bv() {
		r.Width = enc.a.width
		arithmetic = bitVectorRoute
	}
	r.Proof = arithmetic.kind
	if err := arithmetic.needs(enc); err != nil {
		return nil, fmt.Sprintf("%s: %v", arithmetic.name, err), nil
	}
	enc.arithmetic = arithmetic.name
	if opts.Grundy {
		if err := grundyRoute.needs(enc); err != nil {
			return nil, fmt.Sprintf("%s: %v", grundyRoute.name, err), nil
		}
	}
	return enc, "", nil
}

// prepare asks what the conditions rest on before they are asked: that
// the region holds positions and no move leaves it (Options.Where), which
// symmetries the queries may break, and the candidate moves learned for
// (II). It returns the encoding the conditions are asked with, or the
// outcome when the region is not proved closed.
func prepare(ctx context.Context, g *game.Game, e *check.Expr, enc *encoding, opts Options, r *Result) (*encoding, *outcome, error) {
	if opts.SMTOut != "" {
		if err := os.MkdirAll(opts.SMTOut, 0o755); err != nil {
			return nil, nil, fmt.Errorf("--smt-out: %w", err)
		}
	}
	var err error
	if opts.Where != nil {
		// No condition is asked before the region is known to hold
		// positions and to be closed.
		if err := enc.checkNonEmpty(ctx, opts); err != nil {
			return nil, nil, err
		}
		if r.Closure, err = enc.checkClosure(ctx, e, opts); err != nil {
			return nil, nil, err
		}
		if r.Closure.Result != Unsat {
			out := undecided(fmt.Sprintf("(%s): no proof that the region is closed under moves: %s", proof.R, r.Closure.Reason),
				Unsettled{Condition: proof.R, Kind: r.Closure.ReasonKind})
			return nil, &out, nil
		}
	}
	// Symmetry breaking helps linear arithmetic (CN(8,6)'s (II): over 300 s
	// without, 1.5 s with) but hurt every bit-vector query measured (Nim on
	// 3 piles: (II) proved in 0.4 s without, unknown after 35 s with).
	if !opts.NoSymmetry && symmetryRoute.needs(enc) == nil {
		if r.Symmetry, err = enc.symmetryBreaking(ctx, g, opts); err != nil {
			return nil, nil, err
		}
	}
	if enc, r.Learned, err = learnMoves(ctx, g, e, enc, opts); err != nil {
		return nil, nil, err
	}
	return enc, nil, nil
}

// asking holds the conditions' queries while they are asked, and the
// replies.
type asking struct {
	g    *game.Game
	e    *check.Expr
	enc  *encoding
	opts Options
	// queries are the queries asked: a fallback replaces the query it
	// falls back from.
	queries []query
	replies []Reply
	// found holds a counterexample met among small positions before the
	// query over every option was asked.
	found []*Counterexample
	// settled stops the other queries when one condition has failed.
	settled context.CancelCauseFunc
}

// ask asks each query, two at a time. A condition that fails settles the
// result: the others are stopped.
func ask(ctx context.Context, g *game.Game, e *check.Expr, enc *encoding, queries []query, opts Options) (*asking, error) {
	a := &asking{g: g, e: e, enc: enc, opts: opts, queries: queries, replies: make([]Reply, len(queries)), found: make([]*Counterexample, len(queries))}
	qctx, settled := context.WithCancelCause(ctx)
	defer settled(nil)
	a.settled = settled
	group, gctx := errgroup.WithContext(qctx)
	group.SetLimit(2)
	for i := range queries {
		if err := a.write(i); err != nil {
			return nil, err
		}
		group.Go(func() error { return a.askOne(gctx, i) })
	}
	if err := group.Wait(); err != nil {
		return nil, err
	}
	return a, nil
}

// write writes query i under Options.SMTOut. Only the queries asked are
// written: a fallback that was not needed would leave a file the proof
// does not rest on.
func (a *asking) write(i int) error {
	if a.opts.SMTOut == "" {
		return nil
	}
	q := &a.queries[i]
	q.path = filepath.Join(a.opts.SMTOut, q.fileName(a.g.Spec))
	if err := os.WriteFile(q.path, []byte(q.file(a.g, a.e, a.opts.Solver)), 0o644); err != nil {
		return fmt.Errorf("--smt-out: %w", err)
	}
	return nil
}

// askOne asks query i, and its fallbacks while the answer is not unsat.
func (a *asking) askOne(ctx context.Context, i int) error {
	name := a.queries[i].name
	reply, err := a.queries[i].check(ctx, a.opts)
	for err == nil && a.queries[i].fallback != nil && reply.Answer != Unsat {
		// The induction or the candidate moves do not settle the
		// condition. Where the induction fails the set is often wrong,
		// and a small counterexample is quicker to find than the query
		// over every option, in bit-vectors, is to answer.
		if rt := routeNamed(a.queries[i].via); rt != nil && rt.searchSmall {
			if ce := a.enc.searchSmall(ctx, name); ce != nil {
				a.found[i], a.replies[i] = ce, Reply{Answer: Sat, Seconds: reply.Seconds}
				a.settled(errSettled)
				return nil
			}
		}
		// Ask it over every option. The proof does not rest on the query
		// that did not go through: its file goes.
		if a.queries[i].path != "" {
			_ = os.Remove(a.queries[i].path)
		}
		spent := reply.Seconds
		a.queries[i] = *a.queries[i].fallback
		if err := a.write(i); err != nil {
			return err
		}
		reply, err = a.queries[i].check(ctx, a.opts)
		reply.Seconds += spent // the condition's time is every query's
	}
	if errors.Is(err, errSettled) {
		reply, err = Reply{Answer: Unknown, Kind: ReasonStopped, Reason: stoppedReason, Seconds: reply.Seconds}, nil
	}
	a.replies[i] = reply
	if reply.Answer == Sat {
		a.settled(errSettled)
	}
	return err
}

// settle reads each condition's reply into r: a counterexample, confirmed
// by the engine, refutes the claim; a condition without an answer leaves
// it unknown. The zero outcome means every condition holds.
func (a *asking) settle(ctx context.Context, r *Result) (outcome, error) {
	var unknown []string
	var unsettled []Unsettled
	for i, reply := range a.replies {
		c, q := &r.Conditions[i], a.queries[i]
		c.Result, c.Reason, c.ReasonKind, c.Seconds, c.File, c.Via = reply.Answer, reply.Reason, reply.Kind, reply.Seconds, q.path, q.via
		c.Routes = q.routes
		stopped := reply.Answer == Unknown && reply.Kind == ReasonStopped
		if stopped {
			c.Via, c.Routes = "", nil
		}
		if a.found[i] != nil {
			c.Reason = "found by enumerating the positions with small piles, after the " + c.Via + " did not go through"
			c.Via, c.Routes = "", nil
			if r.Counterexample == nil {
				r.Counterexample = a.found[i]
			}
			continue
		}
		if reply.Answer == Sat || reply.Answer == Unknown && !stopped {
			// A counterexample with small piles is easier to follow and
			// the engine can check it; where the solver gave up, a
			// bounded search may still find one. The engine's own
			// enumeration of small positions is the quickest.
			if ce := a.enc.searchSmall(ctx, q.name); ce != nil {
				c.Result, c.ReasonKind = Sat, ""
				if reply.Answer == Unknown {
					c.Reason = "found by enumerating the positions with small piles (the solver answered: " + reply.Reason + ")"
				}
				if r.Counterexample == nil {
					r.Counterexample = ce
				}
				continue
			}
			if small, err := smaller(ctx, a.opts, q, a.enc.a); err != nil {
				return outcome{}, err
			} else if small != nil {
				reply.Answer, reply.Values = Sat, small.Values
				c.Result, c.Reason, c.ReasonKind = Sat, "", ""
			}
		}
		switch reply.Answer {
		case Sat:
			ce, why := a.enc.confirm(q, reply.Values)
			if ce == nil {
				c.Result, c.Reason, c.ReasonKind = Unknown, why, ReasonUnconfirmed
				unknown = append(unknown, fmt.Sprintf("(%s): %s", c.Name, why))
				unsettled = append(unsettled, Unsettled{Condition: c.Name, Kind: ReasonUnconfirmed})
				continue
			}
			if r.Counterexample == nil {
				r.Counterexample = ce
			}
		case Unknown:
			unknown = append(unknown, fmt.Sprintf("(%s): %s", c.Name, reply.Reason))
			unsettled = append(unsettled, Unsettled{Condition: c.Name, Kind: reply.Kind})
		}
	}
	switch {
	case r.Counterexample != nil:
		return outcome{result: Refuted}, nil
	case len(unknown) > 0:
		return undecided(strings.Join(unknown, "; "), unsettled...), nil
	}
	return outcome{}, nil
}

// finish makes a proof of a claim whose every condition holds: the routes
// it rests on, its kind, the engine's check, and with Options.Confirm the
// second solver's answers.
func finish(ctx context.Context, enc *encoding, queries []query, opts Options, r *Result) (outcome, error) {
	for _, c := range r.Conditions {
		for _, name := range c.Routes {
			if !slices.Contains(r.Routes, name) {
				r.Routes = append(r.Routes, name)
			}
		}
	}
	// A proof is for every position when every query it rests on is: a
	// region's closure asked in bit-vectors holds for piles up to 2^63-1
	// only, and so does the region theorem then.
	if rt := coveringRoute(r.Conditions); rt != nil &&
		(r.Closure == nil || !slices.Contains(r.Closure.Routes, bitVectorRoute.name)) {
		r.Proof, r.Width = rt.kind, 0
	}
	// The engine confirms it, or it is not a proof.
	var err error
	if r.Engine, err = enc.checkWithEngine(ctx, opts.Gate); err != nil {
		return outcome{}, err
	}
	if opts.Confirm != nil {
		if err := confirm(ctx, r, queries, opts); err != nil {
			return outcome{}, err
		}
		if r.Confirmation.Result == SolversDisagree {
			return undecided(r.Reason), nil
		}
	}
	return outcome{result: Proved}, nil
}

// stoppedReason is the reason of a query stopped because another condition
// failed (ReasonStopped).
const stoppedReason = "not asked to the end: another condition failed first"

// errSettled stops the queries left when one condition has failed.
var errSettled = errors.New("another condition failed")
