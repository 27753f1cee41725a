package prove

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/sync/errgroup"
)

// Asking and settling: the conditions' queries are put to the solver, two
// at a time, each with its fallbacks; a condition that fails stops the
// others. Then each reply is read: a counterexample, confirmed by the
// engine, refutes the claim, and a condition without an answer leaves it
// unknown.

// asking holds the conditions' queries while they are asked, and the
// replies.
type asking struct {
	enc  *encoding
	opts Options
	// queries are the queries asked: a fallback replaces the query it
	// falls back from.
	queries []query
	replies []Reply
	// found holds a counterexample met among small positions before the
	// query over every option was asked.
	found []*Counterexample
	// abandoned are, per query, the routes whose query was asked and gave
	// way to its fallback, with their answers (Condition.Abandoned).
	abandoned [][]string
	// settled stops the other queries when one condition has failed.
	settled context.CancelCauseFunc
}

// ask asks each query, two at a time. A condition that fails settles the
// result: the others are stopped.
func ask(ctx context.Context, enc *encoding, queries []query, opts Options) (*asking, error) {
	a := newAsking(enc, queries, opts)
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

// newAsking holds the queries, none asked yet.
func newAsking(enc *encoding, queries []query, opts Options) *asking {
	return &asking{enc: enc, opts: opts, queries: queries, replies: make([]Reply, len(queries)), found: make([]*Counterexample, len(queries)), abandoned: make([][]string, len(queries))}
}

// failed reports whether a query was answered sat, or a counterexample
// found beside it: the claim fails whatever the others say.
func (a *asking) failed() bool {
	for i, reply := range a.replies {
		if reply.Answer == Sat || a.found[i] != nil {
			return true
		}
	}
	return false
}

// write writes query i under Options.SMTOut. Only the queries asked are
// written: a fallback that was not needed would leave a file the proof
// does not rest on.
func (a *asking) write(i int) error {
	if a.opts.SMTOut == "" {
		return nil
	}
	q := &a.queries[i]
	q.path = filepath.Join(a.opts.SMTOut, q.fileName(a.enc.g.Spec))
	if err := os.WriteFile(q.path, []byte(q.file(&a.enc.Claim, a.opts.Solver)), 0o644); err != nil {
		return fmt.Errorf("--smt-out: %w", err)
	}
	return nil
}

// askOne asks query i, and its fallbacks while the answer is not unsat.
func (a *asking) askOne(ctx context.Context, i int) error {
	name := a.queries[i].name
	reply, err := a.queries[i].check(ctx, a.opts)
	for err == nil && a.queries[i].fallback != nil && reply.Answer != Unsat {
		// A model the engine confirms, with its own move generator and
		// evaluator, is a counterexample whichever query gave it (the
		// route of sorted options: NIM(6,5)'s description without its
		// exception, sat in 3 s, then no answer asked again another way).
		// A model of candidate moves only says they do not cover the
		// condition: the engine usually does not confirm it (p has
		// another option in S), and the fallback is then asked.
		if reply.Answer == Sat {
			if ce, _ := a.enc.confirm(a.queries[i], reply.Values); ce != nil && ce.Checked == "engine" {
				break
			}
		}
		// The induction or the candidate moves do not settle the
		// condition. Where the induction fails the set is often wrong,
		// and a small counterexample is quicker to find than the query
		// over every option, in bit-vectors, is to answer.
		if rt := a.queries[i].via; rt != nil && rt.searchSmall {
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
		if rt := a.queries[i].via; rt != nil {
			a.abandoned[i] = append(a.abandoned[i], abandonedText(rt.name, reply))
		}
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
		c.Result, c.Reason, c.ReasonKind, c.Seconds, c.File, c.Via = reply.Answer, reply.Reason, reply.Kind, reply.Seconds, q.path, q.via.String()
		c.Routes, c.Abandoned = q.routes, a.abandoned[i]
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
			} else if small != nil && (reply.Answer != Sat || a.confirms(q, small.Values)) {
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

// confirms reports whether the engine confirms values as a
// counterexample to q's condition: a smaller model that it does not
// confirm does not replace one it does.
func (a *asking) confirms(q query, values map[string]int64) bool {
	ce, _ := a.enc.confirm(q, values)
	return ce != nil
}

// stoppedReason is the reason of a query stopped because another condition
// failed (ReasonStopped).
const stoppedReason = "not asked to the end: another condition failed first"

// errSettled stops the queries left when one condition has failed.
var errSettled = errors.New("another condition failed")

// abandonedText says why a route's query gave way to its fallback: no
// answer (the solver's reason), or a model, which the condition asked
// another way turns into a counterexample or a proof (for candidate moves
// a model only says they do not cover the condition).
func abandonedText(route string, reply Reply) string {
	if reply.Answer == Unknown {
		return fmt.Sprintf("%s: %s", route, reply.Reason)
	}
	return fmt.Sprintf("%s: %s in %.2f s, the condition asked again another way", route, reply.Answer, reply.Seconds)
}
