// Package prove proves a characterization of the P-positions of a game for
// every pile size, or refutes it with a counterexample, by asking an SMT
// solver (z3 or cvc5, run as a separate program) whether conditions (I) and
// (II) of Dufour–Heubach 2013, Theorem 1.2 (Ehrenborg–Steingrímsson 1996,
// Theorem 2.1) can fail:
//
//   - (I) no move leads from S to S: "some p and q with S(p), S(q) and a move
//     from p to q" must be unsatisfiable;
//   - (II) every position outside S has a move into S: "some p outside S with
//     no move into S" must be unsatisfiable.
//
// In misère play the terminal positions are N-positions, so (II) is asked of
// the positions that have a move, and a third condition (III) asks that no
// terminal position is in S.
//
// For a fixed number of piles the move relation of the games nimlab plays is
// linear, and so are most characterizations (sums, comparisons, min, max,
// sym, % and / by constants, slowmoves): then both conditions are sentences
// of Presburger arithmetic, which the solver decides. An answer "unsat" for
// every condition is a proof for every position, whatever its piles.
// Operators on binary digits (xor, ^, colmod) are asked in bit-vectors wide
// enough for every pile up to 2^63-1; for colmod over every pile of a take
// game (Moore's Nim), both conditions are proved by induction on binary
// digits instead, each step a small query (digits.go). Every
// counterexample the solver gives is checked by nimlab's own move generator
// and evaluator before it is reported; a solver that fails, times out or is
// missing gives "unknown", never "proved".
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
	"github.com/nimlab/nimlab/witness"
)

// The results of a proof.
const (
	Proved  = "proved"
	Refuted = "refuted"
	// Undecided is the result "unknown": a condition ran out of time, the
	// solver failed, or the expression cannot be encoded.
	Undecided = "unknown"
)

// Options tune a proof.
type Options struct {
	// Solver answers the queries.
	Solver *Solver
	// Timeout bounds each query (10 s when 0).
	Timeout time.Duration
	// SMTOut, when not empty, is a directory where each query is written as
	// an SMT-LIB 2 file that the solver alone can answer.
	SMTOut string
	// NoSymmetry turns off the symmetry breaking of the queries.
	NoSymmetry bool
	// Moves, when not empty, are candidate winning moves, each a position
	// whose piles are expressions in the piles of p (a theorem's
	// constructive strategy, e.g. Nim's: pile i becomes the xor of the
	// others). (II) is first asked with these options only: if every
	// position outside S has one of them as a legal move into S, (II)
	// holds, with no quantifier in the query. Otherwise (II) is asked as
	// usual.
	Moves [][]string
	// NoLearn turns off learning candidate moves (learn.go) when Moves is
	// empty.
	NoLearn bool
	// Confirm, when not nil, is a second solver asked the queries that
	// decided a proof (confirm.go), each within ConfirmTimeout (Timeout
	// when 0).
	Confirm        *Solver
	ConfirmTimeout time.Duration
	// Grundy claims that the expression is the Sprague–Grundy value of
	// every position, not the set of P-positions: conditions (G0), (G1)
	// and (G2) are asked (grundy.go). A candidate move may then name v,
	// the value (G2) asks it to reach. Normal play only.
	Grundy bool
	// Where, when not nil, is a region: the claim is proved for the
	// positions where it holds, once the solver has proved that no move
	// leaves it (region.go).
	Where *check.Expr
}

// Condition is one query and the solver's answer.
type Condition struct {
	// Name is "I", "II" or "III".
	Name string `json:"name"`
	// Result is "unsat" (the condition holds for every position), "sat" (it
	// fails) or "unknown".
	Result Answer `json:"result"`
	// Reason says why the result is unknown.
	Reason string `json:"reason,omitempty"`
	// Seconds is the solver's time on the query.
	Seconds float64 `json:"seconds"`
	// File is the query's file under Options.SMTOut.
	File string `json:"file,omitempty"`
	// Via says how the condition was decided when not over every option:
	// "candidate moves" (Options.Moves, for (II)), "induction on binary
	// digits" (for S = colmod(m, piles) on take games: see digits.go) or
	// "nim-sum lemmas" (the nim-sum uninterpreted: see nimsum.go).
	Via string `json:"via,omitempty"`
	// Routes are the routes of the query that decided the condition
	// (routes.go), each taken because its preconditions held.
	Routes []string `json:"routes,omitempty"`
	// Confirmation is the second solver's answer to the query that
	// decided the condition (Options.Confirm).
	Confirmation *Confirmation `json:"confirmation,omitempty"`
}

// Counterexample is a position (and for (I) a move) where a condition fails.
type Counterexample struct {
	// Condition is the condition that fails.
	Condition string `json:"condition"`
	// Position is p: in S with a move into S (I), outside S with no move
	// into S (II), or terminal and in S (III).
	Position game.Position `json:"position"`
	// Move is, for (I), the option q of p that is in S; for (G1), the
	// option q of p with the same value.
	Move game.Position `json:"move,omitempty"`
	// Value is, in a Sprague–Grundy proof, the value at p for (G0) and
	// (G1), and for (G2) the value v < g(p) that no option of p has.
	Value *int `json:"value,omitempty"`
	// Checked says how nimlab confirmed it: "engine" when its own move
	// generator and evaluator agree, "model" when the options were too many
	// to enumerate and only the solver's model stands for it.
	Checked string `json:"checked"`
}

// Result is the outcome of a proof.
type Result struct {
	Game       string `json:"game"`
	Expression string `json:"expression"`
	// Grundy is true when the expression is claimed to be the
	// Sprague–Grundy value, not the set of P-positions (Options.Grundy).
	Grundy bool `json:"grundy,omitempty"`
	// Where is the region of a region theorem (Options.Where): the claim
	// is about the positions where it holds.
	Where string `json:"where,omitempty"`
	// Closure is the query that no move leaves the region.
	Closure *Condition `json:"closure,omitempty"`
	// Result is "proved", "refuted" or "unknown".
	Result string `json:"result"`
	// Proof is the kind of proof: "presburger" (linear integer arithmetic:
	// for every position), "bitvector" (signed bit-vectors of Width bits,
	// wide enough that nothing overflows: for every position with piles up
	// to 2^63-1, the largest nimlab accepts), "digits" (induction on the
	// binary digits, each step a query: for every position; see
	// digits.go) or "nimsum" (linear integer arithmetic with the nim-sum
	// uninterpreted and instances of its lemmas: for every position; see
	// nimsum.go).
	Proof string `json:"proof"`
	// Width is the width of the bit-vectors of a bit-vector proof.
	Width int `json:"width,omitempty"`
	// Scope says for which positions the result holds.
	Scope string `json:"scope"`
	// Symmetry says how the queries were restricted to one position per
	// symmetry class, if they were.
	Symmetry   string      `json:"symmetry,omitempty"`
	Conditions []Condition `json:"conditions"`
	// Routes are every route the conditions were decided by (routes.go).
	Routes []string `json:"routes,omitempty"`
	// Engine, for a proved result, is the box on which the engine's table
	// agreed with the set (engine.go).
	Engine *EngineCheck `json:"engine_check,omitempty"`
	// Learned are the candidate winning moves learned on a box for (II)
	// when none were given (learn.go), and how well they covered it.
	Learned *witness.Learned `json:"learned_moves,omitempty"`
	// Confirmation is the second solver's answer to a proved result
	// (Options.Confirm).
	Confirmation   *Confirmation   `json:"confirmation,omitempty"`
	Counterexample *Counterexample `json:"counterexample,omitempty"`
	// Reason says why the result is unknown.
	Reason        string  `json:"reason,omitempty"`
	Solver        string  `json:"solver"`
	SolverVersion string  `json:"solver_version"`
	Seconds       float64 `json:"seconds"`
}

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
	r := &Result{Game: g.Spec, Expression: e.String(), Proof: "presburger", Solver: opts.Solver.Name, SolverVersion: opts.Solver.Version,
		Scope: "every position", Conditions: []Condition{}}
	done := func(res, reason string) (*Result, error) {
		r.Result, r.Reason = res, reason
		r.Scope = regionScope(r.Scope, r.Where)
		r.Seconds = time.Since(start).Seconds()
		return r, nil
	}
	if opts.Where != nil {
		r.Where = opts.Where.String()
	}
	r.Grundy = opts.Grundy
	if opts.Grundy && g.Misere {
		return done(Undecided, "Sprague–Grundy values are proved in normal play only")
	}
	enc, err := newClaimEncoding(g, e, opts.Moves, claim{grundy: opts.Grundy, where: opts.Where})
	if err != nil {
		var u *UnencodableError
		if errors.As(err, &u) || errors.Is(err, errUnsupportedGame) {
			return done(Undecided, err.Error())
		}
		return nil, err
	}
	arithmetic := linearRoute
	if enc.a.bv() {
		r.Proof, r.Width, r.Scope = "bitvector", enc.a.width, "every position with piles up to 2^63-1"
		arithmetic = bitVectorRoute
	}
	if err := arithmetic.needs(enc); err != nil {
		return done(Undecided, fmt.Sprintf("%s: %v", arithmetic.name, err))
	}
	enc.arithmetic = arithmetic.name
	if opts.Grundy {
		if err := grundyRoute.needs(enc); err != nil {
			return done(Undecided, fmt.Sprintf("%s: %v", grundyRoute.name, err))
		}
	}
	if opts.SMTOut != "" {
		if err := os.MkdirAll(opts.SMTOut, 0o755); err != nil {
			return nil, fmt.Errorf("--smt-out: %w", err)
		}
	}
	if opts.Where != nil {
		// No condition is asked before the region is known to hold
		// positions and to be closed.
		if err := enc.checkNonEmpty(ctx, opts); err != nil {
			return nil, err
		}
		if r.Closure, err = enc.checkClosure(ctx, e, opts); err != nil {
			return nil, err
		}
		if r.Closure.Result != Unsat {
			return done(Undecided, fmt.Sprintf("(%s): no proof that the region is closed under moves: %s", condClosure, r.Closure.Reason))
		}
	}
	// Symmetry breaking helps linear arithmetic (CN(8,6)'s (II): over 300 s
	// without, 1.5 s with) but hurt every bit-vector query measured (Nim on
	// 3 piles: (II) proved in 0.4 s without, unknown after 35 s with).
	if !opts.NoSymmetry && symmetryRoute.needs(enc) == nil {
		sym, err := enc.symmetryBreaking(ctx, g, opts)
		if err != nil {
			return nil, err
		}
		r.Symmetry = sym
	}
	if enc, r.Learned, err = learnMoves(ctx, g, e, enc, opts); err != nil {
		return nil, err
	}
	queries := enc.splitByCases(enc.withTactics(enc.byNimSums(enc.byDigits(enc.conditions()))))
	r.Conditions = make([]Condition, len(queries))
	replies := make([]Reply, len(queries))
	// found holds a counterexample met among small positions before the
	// query over every option was asked.
	found := make([]*Counterexample, len(queries))
	// A condition that fails settles the result: the others are stopped.
	qctx, refutedFirst := context.WithCancelCause(ctx)
	defer refutedFirst(nil)
	group, gctx := errgroup.WithContext(qctx)
	group.SetLimit(2)
	for i, q := range queries {
		r.Conditions[i].Name = q.name
		// Only the queries asked are written: a fallback that was not
		// needed would leave a file the proof does not rest on.
		write := func(q *query) error {
			if opts.SMTOut == "" {
				return nil
			}
			q.path = filepath.Join(opts.SMTOut, fmt.Sprintf("%s-%s%s.smt2", fileStem(g.Spec), q.name, viaSuffix[q.via]))
			if err := os.WriteFile(q.path, []byte(q.file(g, e, opts.Solver)), 0o644); err != nil {
				return fmt.Errorf("--smt-out: %w", err)
			}
			return nil
		}
		if err := write(&queries[i]); err != nil {
			return nil, err
		}
		group.Go(func() error {
			reply, err := q.check(gctx, opts)
			for err == nil && queries[i].fallback != nil && reply.Answer != Unsat {
				// The induction or the candidate moves do not settle the
				// condition. Where the induction fails the set is often
				// wrong, and a small counterexample is quicker to find
				// than the query over every option, in bit-vectors, is
				// to answer.
				if queries[i].via == viaDigits || queries[i].via == viaNimSums {
					if ce := enc.searchSmall(gctx, q.name); ce != nil {
						found[i], replies[i] = ce, Reply{Answer: Sat, Seconds: reply.Seconds}
						refutedFirst(errSettled)
						return nil
					}
				}
				// Ask it over every option. The proof does not rest on
				// the query that did not go through: its file goes.
				if queries[i].path != "" {
					_ = os.Remove(queries[i].path)
				}
				spent := reply.Seconds
				queries[i] = *queries[i].fallback
				if err := write(&queries[i]); err != nil {
					return err
				}
				reply, err = queries[i].check(gctx, opts)
				reply.Seconds += spent // the condition's time is every query's
			}
			if errors.Is(err, errSettled) {
				reply, err = Reply{Answer: Unknown, Reason: notToTheEnd + ": another condition failed first", Seconds: reply.Seconds}, nil
			}
			replies[i] = reply
			if reply.Answer == Sat {
				refutedFirst(errSettled)
			}
			return err
		})
	}
	if err := group.Wait(); err != nil {
		return nil, err
	}
	var unknown []string
	for i, reply := range replies {
		c := &r.Conditions[i]
		c.Result, c.Reason, c.Seconds, c.File, c.Via = reply.Answer, reply.Reason, reply.Seconds, queries[i].path, queries[i].via
		c.Routes = queries[i].routes
		if reply.Answer == Unknown && strings.HasPrefix(reply.Reason, notToTheEnd) {
			c.Via, c.Routes = "", nil
		}
		if found[i] != nil {
			c.Reason = "found by enumerating the positions with small piles, after the " + c.Via + " did not go through"
			c.Via, c.Routes = "", nil
			if r.Counterexample == nil {
				r.Counterexample = found[i]
			}
			continue
		}
		if reply.Answer == Sat || reply.Answer == Unknown && !strings.HasPrefix(reply.Reason, notToTheEnd) {
			// A counterexample with small piles is easier to follow and
			// the engine can check it; where the solver gave up, a
			// bounded search may still find one. The engine's own
			// enumeration of small positions is the quickest.
			if ce := enc.searchSmall(ctx, queries[i].name); ce != nil {
				c.Result = Sat
				if reply.Answer == Unknown {
					c.Reason = "found by enumerating the positions with small piles (the solver answered: " + reply.Reason + ")"
				}
				if r.Counterexample == nil {
					r.Counterexample = ce
				}
				continue
			}
			if small, err := smaller(ctx, opts, queries[i], enc.a); err != nil {
				return nil, err
			} else if small != nil {
				reply.Answer, reply.Values = Sat, small.Values
				c.Result, c.Reason = Sat, ""
			}
		}
		switch reply.Answer {
		case Sat:
			ce, why := enc.confirm(queries[i], reply.Values)
			if ce == nil {
				c.Result, c.Reason = Unknown, why
				unknown = append(unknown, fmt.Sprintf("(%s): %s", c.Name, why))
				continue
			}
			if r.Counterexample == nil {
				r.Counterexample = ce
			}
		case Unknown:
			unknown = append(unknown, fmt.Sprintf("(%s): %s", c.Name, reply.Reason))
		}
	}
	switch {
	case r.Counterexample != nil:
		return done(Refuted, "")
	case len(unknown) > 0:
		return done(Undecided, strings.Join(unknown, "; "))
	}
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
	unbounded := func(cover func([]Condition) bool) bool {
		return cover(r.Conditions) && (r.Closure == nil || !slices.Contains(r.Closure.Routes, bitVectorRoute.name))
	}
	switch {
	case unbounded(digitsCover):
		r.Proof, r.Width, r.Scope = proofDigits, 0, "every position"
	case unbounded(nimSumsCover):
		r.Proof, r.Width, r.Scope = proofNimSums, 0, "every position"
	}
	// The engine confirms it, or it is not a proof.
	if r.Engine, err = enc.checkWithEngine(ctx); err != nil {
		return nil, err
	}
	if opts.Confirm != nil {
		if err := confirm(ctx, r, queries, opts); err != nil {
			return nil, err
		}
		if r.Confirmation.Result == SolversDisagree {
			return done(Undecided, r.Reason)
		}
	}
	return done(Proved, "")
}

// notToTheEnd starts the reason of a query stopped because another failed.
const notToTheEnd = "not asked to the end"

// errSettled stops the queries left when one condition has failed.
var errSettled = errors.New("another condition failed")
