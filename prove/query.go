package prove

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/nimlab/nimlab/prove/proof"
)

// A query is one condition written as an SMT-LIB script, with how it is
// asked: its tactic, its cases, the query asked next when it does not
// settle the condition, and its file under Options.SMTOut.

// fileStem makes a spec usable in a file name.
func fileStem(spec string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
			return r
		}
		return '_'
	}, spec)
}

// query is one condition as an SMT-LIB script.
type query struct {
	name   proof.Cond
	script string
	// vars are the variables read back as a counterexample: p0.. and, for
	// (I), q0..
	vars []string
	// via says how the query decides its condition when it does not ask it
	// over every option (viaMoves, viaDigits); fallback is then the query
	// asked next when this one does not answer unsat.
	via      *route
	fallback *query
	// path is the query's file under Options.SMTOut.
	path string
	// tactic is the z3 tactic that decides the query, when not z3's
	// default (Solver.CheckUsing).
	tactic string
	// cases, when set, split the query: each is an assertion added to the
	// script, they cover every position, and each case is asked in a
	// solver process of its own, at the same time (see splitByCases).
	cases []string
	// refine, when set with cases, splits again a case the solver did not
	// answer within refineAfter: the case is asked with each of refine's
	// assertions added (they cover every position too), each within the
	// query's time. The case is unsat when each of those is.
	refine []string
	// quantified is true when the script has a quantifier.
	quantified bool
	// routes are the routes the query takes (routes.go).
	routes []string
}

// linearTactic decides quantifier-free queries in linear integer
// arithmetic. z3's default for them is several times slower on nimlab's
// queries, whose mod, div and min it rewrites less well: NIM(3,2)'s (II)
// takes 6.3 s of CPU by default and 1.1 s with it. It is far slower on
// quantified ones (CN(7,4)'s (II): 9.5 s by default, no answer within 120 s
// with it), which keep the default.
const linearTactic = "(then simplify purify-arith smt)"

// contextTactic is linearTactic after z3 has rewritten each term by what
// the assertions around it say (ctx-simplify): an ite whose condition a
// case asserts becomes its branch. Measured on Slow A-Nim's (I) on six
// piles at the sorted options (AMD EPYC, load 1), a case "4 piles reach
// slowmoves" of one move set: no answer within 8 minutes with
// linearTactic, 0.4 s with it. It is not better everywhere: NIM(6,5)'s
// (I) split by move set only took 83 s of CPU with linearTactic and 228 s
// with it (slowOptionsI).
const contextTactic = "(then simplify propagate-values ctx-simplify simplify purify-arith smt)"

// withTactics gives the quantifier-free queries in linear integer
// arithmetic, and their fallbacks, linearTactic, unless their route chose
// another.
func (enc *encoding) withTactics(queries []query) []query {
	if enc.a.bv() {
		return queries
	}
	for i := range queries {
		for q := &queries[i]; q != nil; q = q.fallback {
			if !q.quantified && q.tactic == "" {
				q.tactic = linearTactic
			}
		}
	}
	return queries
}

// splitByCases asks the quantified (II) of linear arithmetic in two cases,
// the first pile empty or not, each in its own solver process: while (I)
// is quick, the two cores then share (II). Measured on CN(7,4): the cases
// took 4.2 s and 8.7 s of CPU, the whole query 14.5 s. The cases cover
// every position (piles are never negative), so (II) holds exactly when
// both are unsat; the query's file under --smt-out stays the whole query.
func (enc *encoding) splitByCases(rt *route, queries []query) []query {
	if rt.needs(enc) != nil {
		return queries
	}
	for i := range queries {
		q := &queries[i]
		if (q.name == proof.II || q.name == proof.G2) && q.via == nil && q.quantified {
			q.cases = []string{"(= p0 0)", "(> p0 0)"}
			q.routes = append(q.routes, rt.name)
		}
	}
	return queries
}

// check asks q of the solver: in one process, or, when q is split in
// cases, in one process per case, two at a time (as ask does: a split by
// move set can have thousands of cases). A split query is sat when a case
// is (the model is that case's), unknown when a case is and none is sat,
// and unsat when every case is; its time is the wall time of its cases.
func (q query) check(ctx context.Context, opts Options) (Reply, error) {
	if len(q.cases) == 0 {
		return opts.Solver.CheckUsing(ctx, q.script, q.vars, opts.Timeout, q.tactic)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	replies := make([]Reply, len(q.cases))
	start := time.Now()
	group, gctx := errgroup.WithContext(ctx)
	group.SetLimit(2)
	for i, c := range q.cases {
		group.Go(func() error {
			reply, err := q.checkCase(gctx, c, opts)
			replies[i] = reply
			if err == nil && reply.Answer == Sat {
				cancel() // settled: the other cases need not finish
			}
			return err
		})
	}
	err := group.Wait()
	merged := Reply{Answer: Unsat, Seconds: time.Since(start).Seconds()}
	for _, r := range replies {
		if r.Answer == Sat {
			r.Seconds = merged.Seconds
			return r, nil
		}
	}
	if err != nil {
		return Reply{}, err
	}
	for _, r := range replies {
		if r.Answer != Unsat {
			merged.Answer, merged.Reason, merged.Kind = r.Answer, r.Reason, r.Kind
			break
		}
	}
	return merged, nil
}

// refineAfter is how long a case of a query with refine is asked whole
// before it is split again. Measured on (I) of NIM(6,2)'s description
// (AMD EPYC, load 2–5), split by the parities of the piles and the total
// mod 4: 127 of the 128 cases unsat within 16 s, most under a second, and
// one with no answer within 40 s, whose 15 cases by move set took 0.3–1.5
// s each.
// A variable so that the tests refine every case.
var refineAfter = 10 * time.Second

// checkCase asks the query with the assertion c added; with refine, within
// refineAfter, and when that gives no answer, once with each of refine's
// assertions added too (sat when one is, with its model; unsat when each
// is). Soundness: refine's assertions cover every position, so the case
// holds no model exactly when none of its refinements does.
func (q query) checkCase(ctx context.Context, c string, opts Options) (Reply, error) {
	script := q.script + "(assert " + c + ")\n"
	if len(q.refine) == 0 {
		return opts.Solver.CheckUsing(ctx, script, q.vars, opts.Timeout, q.tactic)
	}
	reply, err := opts.Solver.CheckUsing(ctx, script, q.vars, min(opts.Timeout, refineAfter), q.tactic)
	if err != nil || reply.Answer != Unknown || reply.Kind != ReasonTimeout || opts.Timeout <= refineAfter {
		return reply, err
	}
	start := time.Now()
	merged := Reply{Answer: Unsat}
	for _, r := range q.refine {
		sub, err := opts.Solver.CheckUsing(ctx, script+"(assert "+r+")\n", q.vars, opts.Timeout, q.tactic)
		if err != nil {
			return Reply{}, err
		}
		if sub.Answer == Sat {
			sub.Seconds = time.Since(start).Seconds() + reply.Seconds
			return sub, nil
		}
		if sub.Answer != Unsat && merged.Answer == Unsat {
			merged.Answer, merged.Reason, merged.Kind = sub.Answer, sub.Reason, sub.Kind
		}
	}
	merged.Seconds = time.Since(start).Seconds() + reply.Seconds
	return merged, nil
}

func (q query) file(c *Claim, s *Solver) string {
	var b strings.Builder
	fmt.Fprintf(&b, "; nimlab prove: condition (%s) for %s\n; S: %s\n", q.name, c.g.Spec, c.e.String())
	if c.where != nil {
		fmt.Fprintf(&b, "; R: %s (p is restricted to it)\n", c.where.String())
		var zeros []string
		for i, z := range c.zeros {
			if z {
				zeros = append(zeros, "p"+strconv.Itoa(i))
			}
		}
		if len(zeros) > 0 {
			fmt.Fprintf(&b, "; S is written with %s as 0 (piles R says are empty)\n", strings.Join(zeros, ", "))
		}
	}
	note := "; %[2]s\n; unsat means the condition holds for every position.\n"
	if q.via != nil && q.via.file.note != "" {
		note = q.via.file.note
	}
	fmt.Fprintf(&b, note, q.name, q.name.Words())
	b.WriteString("(set-option :produce-models true)\n")
	b.WriteString(q.script)
	if len(q.cases) > 0 {
		// The cases, asked one by one, as the one assertion they make
		// together: a case may define what the script leaves free (the
		// sorted options' slow_q).
		b.WriteString("; the cases the query is split in, each asked on its own\n(assert (or " + strings.Join(q.cases, " ") + "))\n")
	}
	b.WriteString("\n" + s.checkSat(q.tactic) + "\n")
	return b.String()
}

// viaMoves is the Via of (II) decided by candidate moves (Options.Moves).
const viaMoves = "candidate moves"

// queryFile is how a route writes the query of a condition it decides
// (Condition.Via) under Options.SMTOut.
type queryFile struct {
	// suffix ends the file's name, after the condition's.
	suffix string
	// note, when not empty, is the file's header after its first lines, a
	// format of the condition's name (%[1]s) and of what its query asks
	// for (%[2]s).
	note string
}

// fileName is the name of q's file for the game spec.
func (q query) fileName(spec string) string {
	suffix := ""
	if q.via != nil {
		suffix = q.via.file.suffix
	}
	return fmt.Sprintf("%s-%s%s.smt2", fileStem(spec), q.name, suffix)
}

// caseSplitRoute asks the quantified (II) (or (G2)) in two cases, the first
// pile empty or not, each in a solver process of its own.
//
// Soundness: every query asserts that each pile is at least 0, so the cases
// p0 = 0 and p0 > 0 cover every position; the condition holds exactly when
// both cases are unsat.
var caseSplitRoute = route{name: routeNameCases, rewrite: (*encoding).splitByCases, needs: func(enc *encoding) error {
	if enc.a.bv() {
		return errors.New("only linear queries are split")
	}
	if enc.n < 2 {
		return errors.New("one pile: nothing to share")
	}
	return nil
}}
