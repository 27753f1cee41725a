package prove

import (
	"context"
	"fmt"
	"strings"
	"time"

	"golang.org/x/sync/errgroup"
)

// A second solver (Options.Confirm) is asked the very queries that decided
// a proof. Two programs written apart rarely share a fault, so a proof both
// answer unsat is confirmed by both; where the second gives no answer (cvc5
// is weaker on quantifiers and on wide bit-vectors) the result says so and
// the proof stands on the first solver alone; where it answers sat, the
// solvers disagree and nothing is proved.

// The results of a confirmation.
const (
	// Confirmed: the second solver answered unsat to every query.
	Confirmed = "confirmed"
	// NotConfirmed: it answered unknown to some query (timeout, a route it
	// cannot answer), and sat to none.
	NotConfirmed = "not confirmed"
	// SolversDisagree: it answered sat to a query the first answered unsat.
	SolversDisagree = "solvers disagree"
)

// Confirmation is the second solver's answer to a proof, or to one of its
// conditions.
type Confirmation struct {
	// Solver and Version name the second solver.
	Solver  string `json:"solver"`
	Version string `json:"version"`
	// Result is Confirmed, NotConfirmed or SolversDisagree for a proof;
	// "unsat", "sat" or "unknown" for a condition.
	Result string `json:"result"`
	// Reason says why a query was not confirmed.
	Reason  string  `json:"reason,omitempty"`
	Seconds float64 `json:"seconds"`
}

// confirm asks the second solver each query that decided a proved result,
// and records its answers in r (Result.Confirmation, each
// Condition.Confirmation). A disagreement makes the result "unknown".
func confirm(ctx context.Context, r *Result, queries []query, opts Options) error {
	second, timeout := opts.Confirm, opts.ConfirmTimeout
	if timeout <= 0 {
		timeout = opts.Timeout
	}
	start := time.Now()
	replies := make([]Reply, len(queries))
	group, gctx := errgroup.WithContext(ctx)
	group.SetLimit(2)
	for i, q := range queries {
		group.Go(func() error {
			// A query with a fallback (a route's narrower query, the
			// condition asked another way after it) is confirmed when the
			// second solver answers unsat to either: both are the
			// condition.
			var reply Reply
			var err error
			var ways []string
			spent := 0.0
			for at := &q; at != nil && err == nil; at = at.fallback {
				reply, err = at.check(gctx, Options{Solver: second, Timeout: timeout})
				spent += reply.Seconds
				if err != nil || reply.Answer != Unknown {
					break
				}
				ways = append(ways, queryWay(at))
			}
			reply.Seconds = spent
			if reply.Answer == Unknown && len(ways) > 1 {
				reply.Reason += ", asked " + strings.Join(ways, " and ")
			}
			replies[i] = reply
			return err
		})
	}
	if err := group.Wait(); err != nil {
		return err
	}
	summary := &Confirmation{Solver: second.Name, Version: second.Version, Result: Confirmed}
	var notes, disagree []string
	for i, reply := range replies {
		c := &r.Conditions[i]
		c.Confirmation = &Confirmation{Solver: second.Name, Version: second.Version, Result: string(reply.Answer), Reason: reply.Reason, Seconds: reply.Seconds}
		switch reply.Answer {
		case Sat:
			disagree = append(disagree, fmt.Sprintf("(%s): %s unsat, %s sat", c.Name, r.Solver, second.Name))
		case Unknown:
			what := ""
			if queries[i].quantified {
				what = " to its quantified query"
			}
			notes = append(notes, fmt.Sprintf("(%s): %s%s", c.Name, reply.Reason, what))
		}
	}
	// The conditions decided with no query of their own (route.decide)
	// come after those of the queries, with the second solver's answers.
	for _, c := range r.Conditions[len(queries):] {
		switch cf := c.Confirmation; {
		case cf == nil:
		case cf.Result == string(Sat):
			disagree = append(disagree, fmt.Sprintf("(%s): %s", c.Name, cf.Reason))
		case cf.Result != string(Unsat):
			notes = append(notes, fmt.Sprintf("(%s): %s", c.Name, cf.Reason))
		}
	}
	switch {
	case len(disagree) > 0:
		summary.Result, summary.Reason = SolversDisagree, strings.Join(disagree, "; ")
		r.Result, r.Reason = Undecided, "the solvers disagree, "+summary.Reason+" (please report it)"
	case len(notes) > 0:
		summary.Result, summary.Reason = NotConfirmed, strings.Join(notes, "; ")
	}
	summary.Seconds = time.Since(start).Seconds()
	r.Confirmation = summary
	return nil
}

// queryWay says how a query asks its condition: along a route (its via),
// or over every option.
func queryWay(q *query) string {
	if q.via != nil {
		return "by the " + q.via.name
	}
	return "over every option"
}
