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
	"maps"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
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
	// Confirm, when not nil, is a second solver asked the queries that
	// decided a proof (confirm.go), each within ConfirmTimeout (Timeout
	// when 0).
	Confirm        *Solver
	ConfirmTimeout time.Duration
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
	// Move is, for (I), the option q of p that is in S.
	Move game.Position `json:"move,omitempty"`
	// Checked says how nimlab confirmed it: "engine" when its own move
	// generator and evaluator agree, "model" when the options were too many
	// to enumerate and only the solver's model stands for it.
	Checked string `json:"checked"`
}

// Result is the outcome of a proof.
type Result struct {
	Game       string `json:"game"`
	Expression string `json:"expression"`
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

// maxMoveSets bounds the disjuncts of the encoded move relation.
const maxMoveSets = 4096

// maxEnumeratedOptions bounds the options a counterexample to (II) is
// checked against one by one.
const maxEnumeratedOptions = 1 << 22

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
		r.Seconds = time.Since(start).Seconds()
		return r, nil
	}
	enc, err := newEncoding(g, e, opts.Moves)
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
	if opts.SMTOut != "" {
		if err := os.MkdirAll(opts.SMTOut, 0o755); err != nil {
			return nil, fmt.Errorf("--smt-out: %w", err)
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
	queries := enc.splitByCases(enc.withTactics(enc.byNimSums(enc.byDigits(enc.queries()))))
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
	switch {
	case digitsCover(r.Conditions):
		r.Proof, r.Width, r.Scope = proofDigits, 0, "every position"
	case nimSumsCover(r.Conditions):
		r.Proof, r.Width, r.Scope = proofNimSums, 0, "every position"
	}
	// The engine confirms it, or it is not a proof.
	if r.Engine, err = checkWithEngine(ctx, g, e); err != nil {
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

// smaller looks for a counterexample with small piles, which the engine can
// check by enumerating its options and a reader can follow: the query again
// with every pile at most 3, 15, then 255. It returns nil when none of these
// finds one within its time; the last bound, 2^63-1, keeps a counterexample
// inside the piles nimlab accepts.
func smaller(ctx context.Context, opts Options, q query, a arith) (*Reply, error) {
	// The search shares one budget, so that a condition the solver gave up
	// on costs at most its timeout and this much more.
	deadline := time.Now().Add(min(opts.Timeout, smallerBudget))
	for _, bound := range []int{3, 15, 255, math.MaxInt} {
		left := time.Until(deadline)
		if left <= 0 {
			break
		}
		var b strings.Builder
		b.WriteString(q.script)
		for _, v := range q.vars {
			if strings.HasPrefix(v, "p") {
				fmt.Fprintf(&b, "(assert %s)\n", a.cmp("<=", v, a.num(bound)))
			}
		}
		reply, err := opts.Solver.CheckUsing(ctx, b.String(), q.vars, left, q.tactic)
		if err != nil {
			return nil, err
		}
		if reply.Answer == Sat {
			return &reply, nil
		}
	}
	return nil, nil
}

// smallerBudget bounds the time smaller spends on one condition.
const smallerBudget = 10 * time.Second

// fileStem makes a spec usable in a file name.
func fileStem(spec string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
			return r
		}
		return '_'
	}, spec)
}

// notToTheEnd starts the reason of a query stopped because another failed.
const notToTheEnd = "not asked to the end"

// errSettled stops the queries left when one condition has failed.
var errSettled = errors.New("another condition failed")

var errUnsupportedGame = errors.New("the game's moves cannot be encoded")

// errCandidateMove marks a candidate move the proof's arithmetic cannot
// write.
var errCandidateMove = errors.New("candidate move")

// encoding holds the formulas of one proof: the positions p (and q, the
// option), the set S and the move relation, all as SMT-LIB text.
type encoding struct {
	g    *game.Game
	e    *check.Expr
	n    int
	sets []complex.Set
	// take is true when the move sets are the facets of a complex whose
	// faces may all be played (the take games, and the slow rule on faces
	// when slow is true).
	take, slow bool
	// amounts describes each move set's rule, when take is false.
	amounts [][]game.Amounts
	// canonical restricts p to one position per symmetry class ("" for
	// none).
	canonical string
	// a is the arithmetic the queries are written in.
	a arith
	// moveExprs are the candidate winning moves (Options.Moves), each pile
	// an expression over p, compiled.
	moveExprs [][]*check.Expr
	// arithmetic is the name of the route of the queries' arithmetic.
	arithmetic string
}

func newEncoding(g *game.Game, e *check.Expr, moves [][]string) (*encoding, error) {
	n := g.Piles()
	enc := &encoding{g: g, e: e, n: n}
	for _, m := range moves {
		if len(m) != n {
			return nil, fmt.Errorf("a candidate move gives %d piles; %s has %d", len(m), g.Spec, n)
		}
		var exprs []*check.Expr
		for _, src := range m {
			x, err := check.Compile(src, n, nil)
			if err != nil {
				return nil, fmt.Errorf("candidate move: %w", err)
			}
			exprs = append(exprs, x)
		}
		enc.moveExprs = append(enc.moveExprs, exprs)
	}
	r, equal := g.Rule().(game.EqualAmountRule)
	slow := equal && r.EqualAmount() == 1
	switch {
	case g.TakeOnFaces() || slow && g.OnFaces():
		// A move on a face is a move on a facet that leaves some piles be.
		enc.sets, enc.take, enc.slow = g.Complex.Facets(), true, slow
	default:
		sets, err := g.MoveSets()
		if err != nil {
			return nil, fmt.Errorf("%w: %w", errUnsupportedGame, err)
		}
		if len(sets) > maxMoveSets {
			break // refused below, before any description is made
		}
		enc.sets = sets
		for _, s := range sets {
			a, ok := g.LinearAmounts(s.Vertices())
			if !ok {
				return nil, fmt.Errorf("%w: the %s rule has no linear description", errUnsupportedGame, g.Rule().Name())
			}
			enc.amounts = append(enc.amounts, a)
		}
	}
	if len(enc.sets) > maxMoveSets {
		return nil, fmt.Errorf("%w: %s has %d move sets; at most %d are encoded", errUnsupportedGame, g.Spec, len(enc.sets), maxMoveSets)
	}
	// Translate once to find what cannot be encoded, and in which
	// arithmetic, before any query runs.
	if err := enc.chooseArithmetic(); err != nil {
		return nil, err
	}
	return enc, nil
}

// chooseArithmetic picks linear integer arithmetic when the expression has
// a meaning there, and otherwise bit-vectors wide enough for every term of
// it and of the candidate moves, and for the sums of every pile. A
// candidate move that cannot be written in the arithmetic chosen is an
// error: it only narrows the search, and a proof should not turn on it.
func (enc *encoding) chooseArithmetic() error {
	e, n := enc.e, enc.n
	widestOf := func(a arith) (*big.Int, error) {
		_, widest, err := translateExpr(e, pileVar("p"), a)
		if err != nil {
			return nil, err
		}
		for k, exprs := range enc.moveExprs {
			for i, x := range exprs {
				_, w, err := translateValue(x, pileVar("p"), a)
				if err != nil {
					why := err.Error()
					if !a.bv() {
						why += " (the expression is linear, so the moves must be too)"
					}
					return nil, fmt.Errorf("%w %d, pile %d: %s", errCandidateMove, k+1, i+1, why)
				}
				if w.Cmp(widest) > 0 {
					widest = w
				}
			}
		}
		return widest, nil
	}
	var u *UnencodableError
	if _, _, err := translateExpr(e, pileVar("p"), arith{}); errors.As(err, &u) && u.Why == errNeedsBits.Error() {
		// Bit-vectors wide enough for every term and for the sums of
		// every pile of a move set.
		widest, err := widestOf(arith{width: 1})
		if err != nil {
			return err
		}
		sums := new(big.Int).Mul(maxPile, big.NewInt(int64(n+1)))
		if sums.Cmp(widest) > 0 {
			widest = sums
		}
		enc.a = arith{width: bitsFor(widest)}
		if enc.a.width > maxWidth {
			return &UnencodableError{Operator: e.String(), Where: e.String(), Why: fmt.Sprintf("its values need %d bits; at most %d are encoded", enc.a.width, maxWidth)}
		}
		return nil
	}
	_, err := widestOf(arith{})
	return err
}

func pileVar(prefix string) func(i int) string {
	return func(i int) string { return prefix + strconv.Itoa(i) }
}

// inS is S at the position whose piles are the variables prefix0, ...
func (enc *encoding) inS(pile func(i int) string) string {
	s, _, err := translateExpr(enc.e, pile, enc.a)
	if err != nil {
		panic("prove: the expression translated once and not again: " + err.Error())
	}
	return s
}

// moveOn is the formula "q is p after a move on the move set s".
func (enc *encoding) moveOn(k int, p, q func(i int) string) string {
	s, a := enc.sets[k], enc.a
	one := a.num(1)
	var parts []string
	for i := range enc.n {
		if !s.Has(i) {
			parts = append(parts, "(= "+q(i)+" "+p(i)+")")
		}
	}
	var qs, ps []string
	for _, i := range s.Vertices() {
		parts = append(parts, a.cmp("<=", a.num(0), q(i)))
		switch {
		case enc.slow:
			parts = append(parts, "(or (= "+q(i)+" "+p(i)+") (= "+q(i)+" "+a.sub(p(i), one)+"))")
		case enc.take:
			parts = append(parts, a.cmp("<=", q(i), p(i)))
		}
		qs, ps = append(qs, q(i)), append(ps, p(i))
	}
	if enc.take {
		parts = append(parts, a.cmp("<", a.add(qs...), a.add(ps...)))
	}
	if !enc.take {
		for _, am := range enc.amounts[k] {
			var ds []string
			for _, i := range am.Piles {
				d := a.sub(p(i), q(i))
				ds = append(ds, d)
				switch {
				case am.Exactly > 0: // implies d >= Each, and Equal
					parts = append(parts, "(= "+d+" "+a.num(am.Exactly)+")")
				case am.Each == 1:
					parts = append(parts, a.cmp("<", q(i), p(i)))
				default:
					parts = append(parts, a.cmp(">=", d, a.num(am.Each)))
				}
			}
			if am.Equal && am.Exactly == 0 {
				for _, d := range ds[1:] {
					parts = append(parts, "(= "+d+" "+ds[0]+")")
				}
			}
			if am.TotalMin > 0 {
				parts = append(parts, a.cmp(">=", a.add(ds...), a.num(am.TotalMin)))
			}
			if am.TotalMax >= 0 {
				parts = append(parts, a.cmp("<=", a.add(ds...), a.num(am.TotalMax)))
			}
		}
	}
	return "(and " + strings.Join(parts, " ") + ")"
}

// move is the formula "q is an option of p".
func (enc *encoding) move(p, q func(i int) string) string {
	parts := make([]string, len(enc.sets))
	for k := range enc.sets {
		parts[k] = enc.moveOn(k, p, q)
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return "(or " + strings.Join(parts, " ") + ")"
}

// fixedReduction returns, when every move on the move set k takes a fixed
// amount from each of its piles, those amounts (by pile).
func (enc *encoding) fixedReduction(k int) (map[int]int, bool) {
	if enc.take {
		return nil, false
	}
	d := map[int]int{}
	for _, a := range enc.amounts[k] {
		if a.Exactly == 0 {
			return nil, false
		}
		for _, i := range a.Piles {
			d[i] = a.Exactly
		}
		if a.TotalMin > a.Exactly*len(a.Piles) || a.TotalMax >= 0 && a.TotalMax < a.Exactly*len(a.Piles) {
			return map[int]int{}, true // no move at all on this set
		}
	}
	return d, true
}

// query is one condition as an SMT-LIB script.
type query struct {
	name   string
	script string
	// vars are the variables read back as a counterexample: p0.. and, for
	// (I), q0..
	vars []string
	// via says how the query decides its condition when it does not ask it
	// over every option (viaMoves, viaDigits); fallback is then the query
	// asked next when this one does not answer unsat.
	via      string
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

// withTactics gives the quantifier-free queries in linear integer
// arithmetic, and their fallbacks, linearTactic.
func (enc *encoding) withTactics(queries []query) []query {
	if enc.a.bv() {
		return queries
	}
	for i := range queries {
		for q := &queries[i]; q != nil; q = q.fallback {
			if !q.quantified {
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
func (enc *encoding) splitByCases(queries []query) []query {
	if caseSplitRoute.needs(enc) != nil {
		return queries
	}
	for i := range queries {
		q := &queries[i]
		if q.name == "II" && q.via == "" && q.quantified {
			q.cases = []string{"(= p0 0)", "(> p0 0)"}
			q.routes = append(q.routes, caseSplitRoute.name)
		}
	}
	return queries
}

// check asks q of the solver: in one process, or, when q is split in
// cases, in one process per case at the same time. A split query is sat
// when a case is (the model is that case's), unknown when a case is and
// none is sat, and unsat when every case is; its time is the longest case's.
func (q query) check(ctx context.Context, opts Options) (Reply, error) {
	if len(q.cases) == 0 {
		return opts.Solver.CheckUsing(ctx, q.script, q.vars, opts.Timeout, q.tactic)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	replies := make([]Reply, len(q.cases))
	group, gctx := errgroup.WithContext(ctx)
	for i, c := range q.cases {
		group.Go(func() error {
			reply, err := opts.Solver.CheckUsing(gctx, q.script+"(assert "+c+")\n", q.vars, opts.Timeout, q.tactic)
			replies[i] = reply
			if err == nil && reply.Answer == Sat {
				cancel() // settled: the other cases need not finish
			}
			return err
		})
	}
	err := group.Wait()
	merged := Reply{Answer: Unsat}
	for _, r := range replies {
		merged.Seconds = max(merged.Seconds, r.Seconds)
	}
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
			merged.Answer, merged.Reason = r.Answer, r.Reason
			break
		}
	}
	return merged, nil
}

func (q query) file(g *game.Game, e *check.Expr, s *Solver) string {
	var b strings.Builder
	fmt.Fprintf(&b, "; nimlab prove: condition (%s) for %s\n; S: %s\n", q.name, g.Spec, e.String())
	switch q.via {
	case viaDigits:
		fmt.Fprintf(&b, "; the inductive step of (%s), one column of binary digits (see nimlab's package prove)\n; unsat means the step holds, and with it the condition for every position.\n", q.name)
	case viaNimSums:
		fmt.Fprintf(&b, "; %s\n; nimsumk is the nim-sum (xor) of k integers, left uninterpreted; the assertions after\n; \"instances of the nim-sum's lemmas\" are facts true of the real nim-sum (see nimlab's package prove).\n; unsat means the condition holds for every position.\n", conditionText[q.name])
	default:
		fmt.Fprintf(&b, "; %s\n; unsat means the condition holds for every position.\n", conditionText[q.name])
	}
	b.WriteString("(set-option :produce-models true)\n")
	b.WriteString(q.script)
	b.WriteString("\n" + s.checkSat(q.tactic) + "\n")
	return b.String()
}

// viaMoves is the Via of (II) decided by candidate moves (Options.Moves).
const viaMoves = "candidate moves"

// viaSuffix ends the name of a query's file under Options.SMTOut.
var viaSuffix = map[string]string{viaMoves: "-by-moves", viaDigits: "-digit-step", viaNimSums: "-nimsum"}

var conditionText = map[string]string{
	"I":   "(I) asks for p in S and a move from p to q in S",
	"II":  "(II) asks for p outside S with no move into S",
	"III": "(III) asks for a terminal position in S (misère play: terminal positions are N-positions)",
}

func (enc *encoding) declare(b *strings.Builder, prefix string) []string {
	var names []string
	for i := range enc.n {
		name := prefix + strconv.Itoa(i)
		fmt.Fprintf(b, "(declare-const %s %s)\n", name, enc.a.sort())
		names = append(names, name)
	}
	return names
}

func (enc *encoding) positionConstraints(b *strings.Builder) {
	for i := range enc.n {
		fmt.Fprintf(b, "(assert %s)\n", enc.a.pileRange(fmt.Sprintf("p%d", i)))
	}
	if enc.canonical != "" {
		fmt.Fprintf(b, "(assert %s)\n", enc.canonical)
	}
}

// queries builds the conditions' scripts.
func (enc *encoding) queries() []query {
	p, q := pileVar("p"), pileVar("q")
	var out []query

	var b strings.Builder
	enc.startQuery(&b)
	vars := enc.declare(&b, "p")
	vars = append(vars, enc.declare(&b, "q")...)
	enc.positionConstraints(&b)
	fmt.Fprintf(&b, "(assert %s)\n", enc.inSOf(originP, p))
	fmt.Fprintf(&b, "(assert %s)\n(assert %s)\n", enc.inSOf(originQ, q), enc.move(p, q))
	out = append(out, query{name: "I", script: enc.endQuery(&b, true), vars: vars, routes: enc.routes()})

	enc.startQuery(&b)
	vars = enc.declare(&b, "p")
	enc.positionConstraints(&b)
	fmt.Fprintf(&b, "(assert (not %s))\n", enc.inSOf(originP, p))
	if enc.g.Misere {
		// p has a move: some option r.
		enc.declare(&b, "r")
		fmt.Fprintf(&b, "(assert %s)\n", enc.move(p, pileVar("r")))
	}
	header := b.String()
	var second query
	if enc.a.nimSums == nil {
		// With the nim-sum uninterpreted, (II) is asked of the candidate
		// moves only: over every option, the lemmas' instances would
		// have to name the nim-sums of a quantified option (byNimSums).
		b.WriteString(enc.noMoveIntoS(p))
		second = query{name: "II", script: enc.endQuery(&b, false), vars: vars, routes: enc.routes(), quantified: true}
		if finiteOptionsRoute.needs(enc) == nil {
			second.quantified, second.routes = false, append(second.routes, finiteOptionsRoute.name)
		}
	}
	if candidateMovesRoute.needs(enc) == nil {
		b.Reset()
		b.WriteString(header)
		// Each candidate's piles are named once: S repeats them.
		if enc.a.nimSums != nil {
			enc.a.nimSums.origin = originMove
		}
		for k, exprs := range enc.moveExprs {
			for i, x := range exprs {
				t, _, err := translateValue(x, p, enc.a)
				if err != nil {
					panic("prove: a candidate move translated once and not again: " + err.Error())
				}
				fmt.Fprintf(&b, "(define-fun move%d_%d () %s %s)\n", k, i, enc.a.sort(), t)
			}
		}
		for k := range enc.moveExprs {
			option := pileVar(fmt.Sprintf("move%d_", k))
			fmt.Fprintf(&b, "(assert (not (and %s %s)))\n", enc.move(p, option), enc.inSOf(originMove, option))
		}
		byMoves := query{name: "II", script: enc.endQuery(&b, false), vars: vars, via: viaMoves, routes: append(enc.routes(), candidateMovesRoute.name)}
		if second.script != "" {
			fallback := second
			byMoves.fallback = &fallback
		}
		second = byMoves
	}
	if second.script != "" {
		out = append(out, second)
	}

	if enc.g.Misere {
		enc.startQuery(&b)
		vars = enc.declare(&b, "p")
		enc.positionConstraints(&b)
		fmt.Fprintf(&b, "(assert %s)\n", enc.inSOf(originP, p))
		fmt.Fprintf(&b, "(assert %s)\n", enc.forallNot(complex.All(enc.n), p, func(q func(int) string) string { return enc.move(p, q) }))
		out = append(out, query{name: "III", script: enc.endQuery(&b, true), vars: vars, routes: enc.routes(), quantified: true})
	}
	return out
}

// routes are the routes every query of the encoding takes: its arithmetic,
// and symmetry breaking when p is restricted to canonical positions.
func (enc *encoding) routes() []string {
	out := []string{enc.arithmetic}
	if enc.canonical != "" {
		out = append(out, symmetryRoute.name)
	}
	return out
}

// startQuery starts a query's script in b, with a new record of its
// nim-sums when they are uninterpreted.
func (enc *encoding) startQuery(b *strings.Builder) {
	b.Reset()
	b.WriteString("(set-logic ALL)\n")
	if enc.a.nimSums != nil {
		enc.a.nimSums = newNimSums()
	}
}

// endQuery returns the script in b, with, when the nim-sums are
// uninterpreted, the declarations of their functions and the instances of
// their lemmas (cancellation too, when asked).
func (enc *encoding) endQuery(b *strings.Builder, cancellation bool) string {
	ns := enc.a.nimSums
	if ns == nil {
		return b.String()
	}
	lemmas := ns.lemmas(cancellation)
	script, _ := strings.CutPrefix(b.String(), "(set-logic ALL)\n")
	return "(set-logic ALL)\n" + ns.declarations() + script + "; instances of the nim-sum's lemmas\n" + lemmas
}

// inSOf is S at the position whose piles are the variables prefix0, ...,
// whose nim-sums, when uninterpreted, are recorded as of that origin.
func (enc *encoding) inSOf(origin string, pile func(i int) string) string {
	if enc.a.nimSums != nil {
		enc.a.nimSums.origin = origin
	}
	return enc.inS(pile)
}

// noMoveIntoS asserts that p has no option in S. When every move takes fixed
// amounts, the options are listed and no quantifier is needed.
func (enc *encoding) noMoveIntoS(p func(i int) string) string {
	var b strings.Builder
	fixed := make([]map[int]int, len(enc.sets))
	finite := finiteOptionsRoute.needs(enc) == nil
	if finite {
		for k := range enc.sets {
			fixed[k], _ = enc.fixedReduction(k)
		}
	}
	switch {
	case !finite && enc.a.bv():
		// One universal block per move set, over its piles only (the
		// others keep p's values): quantified bit-vectors are far easier
		// in few variables. In linear integer arithmetic one block over
		// every pile was faster on CN(7,4) (14 s against over 100 s).
		for k, set := range enc.sets {
			fmt.Fprintf(&b, "(assert %s)\n", enc.forallNot(set, p, func(q func(int) string) string {
				return "(and " + enc.moveOn(k, p, q) + " " + enc.inS(q) + ")"
			}))
		}
		return b.String()
	case !finite:
		fmt.Fprintf(&b, "(assert %s)\n", enc.forallNot(complex.All(enc.n), p, func(q func(int) string) string {
			return "(and " + enc.move(p, q) + " " + enc.inS(q) + ")"
		}))
		return b.String()
	}
	for _, d := range fixed {
		if len(d) == 0 {
			continue
		}
		var legal []string
		for _, i := range slices.Sorted(maps.Keys(d)) {
			legal = append(legal, enc.a.cmp(">=", p(i), enc.a.num(d[i])))
		}
		option := func(i int) string {
			if t, ok := d[i]; ok {
				return enc.a.sub(p(i), enc.a.num(t))
			}
			return p(i)
		}
		fmt.Fprintf(&b, "(assert (not (and %s %s)))\n", strings.Join(legal, " "), enc.inS(option))
	}
	return b.String()
}

// forallNot writes "for every q that agrees with p off the piles of set:
// not body(q)".
func (enc *encoding) forallNot(set complex.Set, p func(i int) string, body func(q func(i int) string) string) string {
	u := pileVar("u")
	var binds []string
	for _, i := range set.Vertices() {
		binds = append(binds, "("+u(i)+" "+enc.a.sort()+")")
	}
	q := func(i int) string {
		if set.Has(i) {
			return u(i)
		}
		return p(i)
	}
	return "(forall (" + strings.Join(binds, " ") + ") (not " + body(q) + "))"
}

// symmetryBreaking restricts p to one position per symmetry class when S
// and the moves are invariant under the game's symmetries: then a
// counterexample exists exactly when one exists in that form
// (symmetryRoute). Both are asked of the solver, one generator at a time,
// for S and for the move relation as the queries write them: the group is
// only a proposal.
func (enc *encoding) symmetryBreaking(ctx context.Context, g *game.Game, opts Options) (string, error) {
	group, err := g.Symmetries(ctx)
	if err != nil {
		if ctx.Err() != nil {
			return "", ctx.Err()
		}
		return "", nil // no symmetries known: no breaking
	}
	var gens []complex.Perm
	var canonical []string
	var how string
	switch {
	case group.Full() && enc.n > 1:
		shift := make(complex.Perm, enc.n)
		swap := make(complex.Perm, enc.n)
		for i := range enc.n {
			shift[i], swap[i] = (i+1)%enc.n, i
		}
		swap[0], swap[1] = 1, 0
		gens = []complex.Perm{shift, swap}
		for i := 1; i < enc.n; i++ {
			canonical = append(canonical, enc.a.cmp("<=", fmt.Sprintf("p%d", i-1), fmt.Sprintf("p%d", i)))
		}
		how = "piles sorted (every permutation is a symmetry)"
	case group.Listed() && len(group.Elements()) > 1:
		gens = group.Generators()
		elems := group.Elements()
		if len(elems) > 256 {
			elems = gens
		}
		for _, perm := range elems {
			if c := lexLeader(enc.a, perm); c != "" {
				canonical = append(canonical, c)
			}
		}
		how = fmt.Sprintf("p is the lexicographically least of its images under %d symmetries", len(elems))
	default:
		return "", nil
	}
	if len(canonical) == 0 {
		return "", nil
	}
	if ok, err := enc.invariantUnder(ctx, gens, opts); err != nil || !ok {
		return "", err
	}
	enc.canonical = "(and " + strings.Join(canonical, " ") + ")"
	return how, nil
}

// invariantUnder asks the solver whether S and the move relation, as the
// queries write them, are invariant under each permutation: for each, some
// p with S(p) != S(p∘perm), or some p, q with move(p, q) != move(p∘perm,
// q∘perm)? Any answer but unsat is "no".
func (enc *encoding) invariantUnder(ctx context.Context, perms []complex.Perm, opts Options) (bool, error) {
	for _, perm := range perms {
		var b strings.Builder
		b.WriteString("(set-logic ALL)\n")
		enc.declare(&b, "p")
		enc.declare(&b, "q")
		for i := range enc.n {
			fmt.Fprintf(&b, "(assert %s)\n", enc.a.pileRange(fmt.Sprintf("p%d", i)))
		}
		image := func(prefix string) func(i int) string {
			return func(i int) string { return prefix + strconv.Itoa(perm[i]) }
		}
		p, q := pileVar("p"), pileVar("q")
		fmt.Fprintf(&b, "(assert (or (not (= %s %s)) (not (= %s %s))))\n",
			enc.inS(p), enc.inS(image("p")), enc.move(p, q), enc.move(image("p"), image("q")))
		reply, err := opts.Solver.Check(ctx, b.String(), nil, opts.Timeout)
		if err != nil || reply.Answer != Unsat {
			return false, err
		}
	}
	return true, nil
}

// lexLeader writes "p is lexicographically at most its image q, q[i] =
// p[perm[i]]" ("" for the identity).
func lexLeader(a arith, perm complex.Perm) string {
	var eqs, alts []string
	for i, j := range perm {
		if i == j {
			continue
		}
		alts = append(alts, "(and "+strings.Join(append(slices.Clone(eqs), a.cmp("<", fmt.Sprintf("p%d", i), fmt.Sprintf("p%d", j))), " ")+")")
		eqs = append(eqs, fmt.Sprintf("(= p%d p%d)", i, j))
	}
	if len(alts) == 0 {
		return ""
	}
	alts = append(alts, "(and "+strings.Join(eqs, " ")+")")
	return "(or " + strings.Join(alts, " ") + ")"
}

// confirm checks a model of a failed condition with nimlab's own move
// generator and evaluator. It returns nil and the reason when the model is
// not a counterexample (which would be a fault of the encoding) or cannot
// be read as a position.
func (enc *encoding) confirm(q query, values map[string]int64) (*Counterexample, string) {
	read := func(prefix string) (game.Position, bool) {
		pos := make(game.Position, enc.n)
		for i := range enc.n {
			v := values[prefix+strconv.Itoa(i)]
			if v < 0 || v > math.MaxInt {
				return nil, false
			}
			pos[i] = int(v)
		}
		return pos, true
	}
	inS := enc.e.Evaluator()
	p, ok := read("p")
	if !ok {
		return nil, "the solver's model has a negative pile"
	}
	ce := &Counterexample{Condition: q.name, Position: p, Checked: "engine"}
	switch q.name {
	case "I":
		m, ok := read("q")
		if !ok {
			return nil, "the solver's model has a negative pile"
		}
		if err := enc.g.CheckMove(p, m); err != nil || !inS(p) || !inS(m) {
			return nil, fmt.Sprintf("the solver's model p = (%s), q = (%s) is not confirmed by the engine (a fault of the encoding: please report it)", p, m)
		}
		ce.Move = m
	case "II":
		if inS(p) || enc.g.Misere && enc.g.IsTerminal(p) {
			return nil, fmt.Sprintf("the solver's model p = (%s) is not confirmed by the engine (a fault of the encoding: please report it)", p)
		}
		if enc.optionsAtMost(p, maxEnumeratedOptions) {
			for o := range enc.g.Options(p) {
				if inS(o) {
					return nil, fmt.Sprintf("the solver's model p = (%s) has the option (%s) in S (a fault of the encoding: please report it)", p, o)
				}
			}
		} else {
			ce.Checked = "model"
		}
	case "III":
		if !inS(p) || !enc.g.IsTerminal(p) {
			return nil, fmt.Sprintf("the solver's model p = (%s) is not confirmed by the engine (a fault of the encoding: please report it)", p)
		}
	}
	return ce, ""
}

// searchSmallBudget bounds the time of one search of small positions: an
// expression with sym() over many symmetries, evaluated at every option,
// took 41 s of CPU on ecn:5,{1,2,3},3/misere without it.
const searchSmallBudget = 5 * time.Second

// smallPositions bounds the positions searchSmall looks at.
const smallPositions = 20_000

// searchSmall looks for a counterexample to the condition among the
// positions with small piles, with nimlab's own move generator and
// evaluator.
func (enc *encoding) searchSmall(ctx context.Context, condition string) *Counterexample {
	h := 1 // the largest with (h+1)^n positions at most smallPositions
	for math.Pow(float64(h+2), float64(enc.n)) <= smallPositions {
		h++
	}
	inS := enc.e.Evaluator()
	p := make(game.Position, enc.n)
	deadline := time.Now().Add(searchSmallBudget)
	for {
		if ctx.Err() != nil || time.Now().After(deadline) {
			return nil
		}
		switch {
		case !enc.optionsAtMost(p, 1<<16):
			// too many options to list: skip it
		case condition == "I" && inS(p):
			for q := range enc.g.Options(p) {
				if inS(q) {
					return &Counterexample{Condition: "I", Position: slices.Clone(p), Move: slices.Clone(q), Checked: "engine"}
				}
			}
		case condition == "II" && !inS(p) && !(enc.g.Misere && enc.g.IsTerminal(p)):
			found := false
			for q := range enc.g.Options(p) {
				if inS(q) {
					found = true
					break
				}
			}
			if !found {
				return &Counterexample{Condition: "II", Position: slices.Clone(p), Checked: "engine"}
			}
		case condition == "III" && inS(p) && enc.g.IsTerminal(p):
			return &Counterexample{Condition: "III", Position: slices.Clone(p), Checked: "engine"}
		}
		i := 0
		for ; i < enc.n && p[i] == h; i++ {
			p[i] = 0
		}
		if i == enc.n {
			return nil
		}
		p[i]++
	}
}

// optionsAtMost reports whether p has at most limit options by a bound on
// their count: the product of (p_i + 1) over each move set, summed.
func (enc *encoding) optionsAtMost(p game.Position, limit float64) bool {
	if _, err := enc.g.MoveSets(); err != nil {
		return false
	}
	total := 0.0
	for _, s := range enc.sets {
		c := 1.0
		for _, i := range s.Vertices() {
			c *= float64(p[i]) + 1
		}
		total += c
	}
	return total <= limit
}
