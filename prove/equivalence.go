package prove

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/prove/proof"
)

// Equivalence with a proved claim (equivalenceRoute): condition (II)
// decided for a set S written one way from a proof of the same set written
// another way, a recorded theorem's statement with its winning moves. A
// description found by discover is often a theorem of the literature
// written otherwise (CN(6,4)'s `sym(a <= min(b, c, d, e, f) && ...)` is
// Dufour–Heubach 2013, Theorem 3.5, read from the least pile), and its own
// (II) can be far harder for the solver than the theorem's, whose proof
// names its moves.
//
// Soundness. Let S' be the other claim's set, on the same game. Asked of
// the solver (equivalenceQuery): no position p with S(p) different from
// S'(p), unsat. Then S and S' are the same set of positions, so every
// condition of one is the same condition of the other; in particular (II)
// of S, "every position outside S has a move into S", is (II) of S'. In a
// region R (a region theorem, as the reduction by invariances proves for
// each region it reaches, with the descriptions discover proved there as
// the other claims), both claims are about R, and the query asks for p in
// R: S and S' agree on R, so (II) of S in R, "every position of R outside
// S has a move into S", is (II) of S' in R. The
// other claim is then proved by Prove as any claim (every condition, the
// engine's check of a box, Options.Confirm's second solver), with no
// equivalences of its own (no cycle). Only when it is proved is (II) of S
// decided, as holding. (I), and (III) in misère play, are S's own queries
// as before: the route decides (II) only.
//
// Preconditions, as code (equivalentUsable): a claim of P-positions on
// both sides (no Sprague–Grundy value), about every position or about the
// same region (its condition as written, blanks aside), of the same game
// value (one *game.Game: the same move relation and play),
// and a bound no weaker than S's arithmetic gives. The query is asked in
// linear integer arithmetic with the nim-sum uninterpreted and instances
// of its lemmas when both expressions allow it (unsat there is unsat for
// every position: nimsum.go's argument), else in S's arithmetic; its scope
// is then the arithmetic's, as is the other claim's proof's: a proof
// bounded to piles up to 2^63-1 decides (II) of a claim in bit-vectors
// only, which is bounded the same way.
var equivalenceRoute = route{name: routeNameEquivalence, needs: func(enc *encoding) error {
	if enc.grundy {
		return errors.New("a claim of P-positions only")
	}
	return nil
}, decide: decideByEquivalence, askFirst: func(opts Options) bool { return len(opts.Equivalents) > 0 }}

// equivalenceTimeout bounds the query whether two sets are one: it is
// asked before the conditions' queries, of each Equivalent, and most
// claims are not one of them.
const equivalenceTimeout = 10 * time.Second

// Equivalent is another way of writing a claim's set: a claim of the same
// game (NewClaim of the same *game.Game) with its own candidate moves,
// for instance a recorded theorem's statement. A hint only: it serves
// when the solver proves that it accepts the same positions and it is
// proved itself (equivalenceRoute).
type Equivalent struct {
	// Name says where it comes from, e.g. "theorem cn64".
	Name string
	// Claim is the other claim.
	Claim *Claim
	// Given says that it was asked for by name (prove --same-as): when it
	// may not stand for the claim (another region), Result.Equivalence says
	// why; otherwise it is left out without a word (discover's region
	// theorems, offered to every region of a reduction).
	Given bool
}

// EquivalenceStep is what became of one Equivalent asked for (II).
type EquivalenceStep struct {
	// Name is the Equivalent's.
	Name string `json:"name"`
	// Expression is its set.
	Expression string `json:"expression"`
	// Same is the solver's answer to "some position where the two sets
	// differ": unsat when they are the same set.
	Same Answer `json:"same,omitempty"`
	// Result is the other claim's proof's, when it was asked.
	Result proof.Result `json:"result,omitempty"`
	// Scope is, when it served, the positions the sets were shown the same
	// at and the other claim proved for: the narrower of SameScope and
	// ProofScope.
	Scope *proof.Scope `json:"scope,omitempty"`
	// SameScope is the positions the sets were shown the same at (the
	// query's arithmetic), when they were; ProofScope the other claim's
	// proof's, when proved.
	SameScope  *proof.Scope `json:"same_scope,omitempty"`
	ProofScope *proof.Scope `json:"proof_scope,omitempty"`
	// Region, set for a claim about a region offered with a claim about
	// every position that the reduction by invariances decides (--reduce),
	// is that region: the claim is for the reduction's region theorem
	// there, not for the whole, and the reduction's step of the region
	// says whether it served (ReductionStep.Equivalent).
	Region string `json:"region,omitempty"`
	// Reason says why it did not serve.
	Reason  string  `json:"reason,omitempty"`
	Seconds float64 `json:"seconds"`
}

// decideByEquivalence decides (II) by the first of Options.Equivalents
// that the solver proves the same set and that is proved itself: it
// returns (II) as holding, or nil with the steps in r.Equivalence (those
// about other positions, or that may not stand for the claim, are left
// out unless Given: equivalentUsable).
func decideByEquivalence(ctx context.Context, enc *encoding, rt *route, opts Options, r *Result) (*Condition, error) {
	if len(opts.Equivalents) == 0 {
		return nil, nil
	}
	// A statement asked for by name and left aside is said so, with why;
	// one about a region the reduction may reach, as for it.
	aside := func(eq Equivalent, why error) {
		if !eq.Given {
			return
		}
		step := EquivalenceStep{Name: eq.Name, Expression: eq.Claim.e.String(), Reason: why.Error()}
		if opts.Reduce && enc.where == nil && eq.Claim.where != nil {
			if region, ok := reductionRegion(eq.Claim.where); ok {
				step.Region, step.Reason = region, ""
			} else {
				step.Reason = "not a region of the reduction: its regions are some piles empty, written with the empty piles in order (" + zerosWhere([]int{0, 2}) + "), and this one is not written so"
			}
		}
		r.Equivalence = append(r.Equivalence, step)
	}
	needs := rt.needs(enc)
	for i, eq := range opts.Equivalents {
		if eq.Claim == nil {
			continue
		}
		if needs != nil {
			aside(eq, needs)
			continue
		}
		if err := enc.equivalentUsable(eq.Claim); err != nil {
			aside(eq, err) // about other positions (another region), or not usable at all
			continue
		}
		start := time.Now()
		step := EquivalenceStep{Name: eq.Name}
		c, err := enc.decideByEquivalent(ctx, eq, i, opts, &step)
		if err != nil && errors.Is(context.Cause(ctx), errSettled) {
			step.Reason = stoppedReason // (I), asked beside it, failed first
		}
		step.Seconds = time.Since(start).Seconds()
		r.Equivalence = append(r.Equivalence, step)
		if err != nil || c != nil {
			if c != nil {
				c.Via, c.Routes, c.Seconds = rt.name, []string{rt.name}, step.Seconds
				if len(enc.moveExprs) > 0 {
					r.RoutesSkipped = append(r.RoutesSkipped, viaMoves+": not asked, (II) was decided first by the "+rt.name)
				}
				if step.Scope.Bound == proof.Unbounded {
					r.everyPosition = map[proof.Cond]bool{c.Name: true}
				}
			}
			return c, err
		}
	}
	return nil, nil
}

// decideByEquivalent asks whether eq's set is S's, then proves eq's
// claim: (II) holding when both do, else nil with step saying why.
func (enc *encoding) decideByEquivalent(ctx context.Context, eq Equivalent, index int, opts Options, step *EquivalenceStep) (*Condition, error) {
	d := eq.Claim
	step.Expression = d.e.String()
	queries := enc.equivalenceQueries(d)
	if len(queries) == 0 {
		step.Reason = "the two sets are not written in one arithmetic"
		return nil, nil
	}
	// The nim-sum uninterpreted first: its sat proves nothing (the
	// function may take values no nim-sum has), so the claim's own
	// arithmetic is asked next.
	var script string
	var a arith
	vars := make([]string, enc.n)
	for i := range vars {
		vars[i] = fmt.Sprintf("p%d", i)
	}
	for k, q := range queries {
		script, a = q.script, q.a
		if opts.SMTOut != "" {
			name := fmt.Sprintf("%s-II-equivalence-%d%s.smt2", fileStem(enc.g.Spec), index+1, map[bool]string{true: "-nimsum"}[a.nimSums != nil])
			if err := os.WriteFile(filepath.Join(opts.SMTOut, name),
				[]byte("; nimlab prove: is S the set of "+eq.Name+"? unsat means it is, at "+a.bound().String()+".\n"+script+"(check-sat)\n"), 0o644); err != nil {
				return nil, fmt.Errorf("--smt-out: %w", err)
			}
		}
		reply, err := opts.Solver.Check(ctx, script, vars, min(opts.Timeout, equivalenceTimeout))
		if err != nil {
			step.Same, step.Reason = "", "" // an earlier query's answer says nothing
			return nil, err
		}
		step.Same = reply.Answer
		switch {
		case reply.Answer == Unsat:
		case reply.Answer == Sat && a.nimSums == nil:
			// A model in the integers or in bit-vectors wide enough: a
			// position where the sets differ.
			step.Reason = "another set: they differ at " + modelPosition(reply.Values, vars)
		default:
			step.Reason = "not shown to be the same set: " + cmp.Or(reply.Reason, string(reply.Answer))
		}
		if reply.Answer == Unsat {
			break
		}
		if k == len(queries)-1 {
			return nil, nil
		}
	}
	step.Reason = ""
	step.SameScope = &proof.Scope{Bound: a.bound(), Where: enc.whereText()}
	var confirmation *Confirmation
	if opts.Confirm != nil {
		second, err := opts.Confirm.Check(ctx, script, nil, min(cmp.Or(opts.ConfirmTimeout, opts.Timeout), equivalenceTimeout))
		if err != nil {
			return nil, err
		}
		if second.Answer == Sat {
			step.Reason = fmt.Sprintf("the solvers disagree on whether it is the same set: %s unsat, %s sat (please report it)", opts.Solver.Name, opts.Confirm.Name)
			return nil, nil
		}
		confirmation = &Confirmation{Solver: opts.Confirm.Name, Version: opts.Confirm.Version, Result: string(second.Answer), Reason: second.Reason, Seconds: second.Seconds}
	}
	// The other claim is proved as prove --theorem proves it: with its own
	// moves, and no equivalents of its own (no cycle).
	sub := opts
	sub.Equivalents, sub.SMTOut, sub.Reduce, sub.ReductionHints = nil, "", false, nil
	dr, err := d.Prove(ctx, sub)
	if err != nil {
		return nil, err
	}
	step.Result = dr.Result
	if dr.Result == Proved {
		step.ProofScope = &proof.Scope{Bound: dr.Scope.Bound, Where: enc.whereText()}
	}
	switch {
	case dr.Result != Proved:
		step.Reason = "not proved: " + cmp.Or(dr.Reason, dr.Result.String())
		return nil, nil
	case dr.Scope.Bound > enc.a.bound() || a.bound() > enc.a.bound():
		step.Reason = "proved for " + dr.Scope.Bound.String() + " only"
		return nil, nil
	}
	// The second solver confirms (II) when it said the sets are the same
	// and confirmed the other claim's proof.
	if confirmation != nil && confirmation.Result == string(Unsat) && (dr.Confirmation == nil || dr.Confirmation.Result != Confirmed) {
		confirmation.Result, confirmation.Reason = string(Unknown), eq.Name+"'s proof not confirmed"
	}
	step.Scope = &proof.Scope{Bound: max(dr.Scope.Bound, a.bound()), Where: enc.whereText()}
	return &Condition{Name: proof.II, Result: Unsat, Confirmation: confirmation}, nil
}

// reductionRegion reports whether where is a region the reduction by
// invariances reaches, some piles empty and the others free, written as
// it writes it (zerosWhere: piles in order), and returns that text. The
// empty piles Z are read from where itself, at the empty position and the
// unit vectors (a region of Z holds at e_i exactly when i is not in Z);
// where is that region when its text is zerosWhere(Z)'s.
func reductionRegion(where *check.Expr) (string, bool) {
	holds := where.Evaluator()
	n := where.Piles()
	p := make(game.Position, n)
	if !holds(p) {
		return "", false
	}
	var zeros []int
	for i := range n {
		p[i] = 1
		if !holds(p) {
			zeros = append(zeros, i)
		}
		p[i] = 0
	}
	if len(zeros) == 0 {
		return "", false
	}
	text := zerosWhere(zeros)
	z, err := check.Compile(text, n, nil)
	if err != nil || regionText(z) != regionText(where) {
		return "", false
	}
	return text, true
}

// equivalentUsable is nil when d may stand for the claim: a claim of
// P-positions of the same game, about every position or the same region.
func (enc *encoding) equivalentUsable(d *Claim) error {
	switch {
	case d.unencodable != nil:
		return fmt.Errorf("it cannot be encoded: %w", d.unencodable)
	case d.g != enc.g:
		return errors.New("a claim of another game value")
	case d.grundy:
		return errors.New("not a claim of P-positions")
	case (d.where == nil) != (enc.where == nil) || d.where != nil && regionText(d.where) != regionText(enc.where):
		return errors.New("a claim about another region")
	case d.e.String() == enc.e.String() && len(d.moveExprs) == 0:
		return errors.New("the claim itself, with no winning moves of its own")
	}
	return nil
}

// equivalenceQuery is "some position (of the region) where S and d's set
// differ", written in one arithmetic.
type equivalenceQuery struct {
	script string
	a      arith
}

// equivalenceQueries are the equivalence queries to ask, in order: with
// the nim-sum uninterpreted when both sets allow it, then in S's
// arithmetic; none when d's set is not written in either.
func (enc *encoding) equivalenceQueries(d *Claim) []equivalenceQuery {
	own := enc.a
	if own.bv() {
		// Bit-vectors wide enough for the other set's terms too: S's width
		// was chosen for S's alone, and a term of d's that wraps there
		// would make two different sets look the same.
		_, widest, err := translate(d.e, pileVar("p"), d.isZero(), arith{width: 1}, translator.asBool)
		if err != nil {
			return nil
		}
		if own.width = max(own.width, bitsFor(widest)); own.width > maxWidth {
			return nil
		}
	}
	choices := []arith{own}
	if own.bv() && nimSumRoute.needs(enc) == nil && nimSumRoute.needs(&encoding{Claim: *d}) == nil {
		choices = []arith{{nimSums: newNimSums()}, own}
	}
	var out []equivalenceQuery
	for _, a := range choices {
		q := *enc
		q.a = a
		var b strings.Builder
		q.startQuery(&b) // a new record of the nim-sums, which the translations fill in
		// In a region, both sets are read there, its empty piles written
		// as 0 (the same piles: the same region).
		s, _, err := translate(enc.e, pileVar("p"), enc.isZero(), q.a, translator.asBool)
		if err != nil {
			continue
		}
		t, _, err := translate(d.e, pileVar("p"), d.isZero(), q.a, translator.asBool)
		if err != nil {
			continue
		}
		inR := ""
		if enc.where != nil {
			if inR, _, err = translateExpr(enc.where, pileVar("p"), q.a); err != nil {
				continue
			}
		}
		q.declare(&b, "p")
		for i := range enc.n {
			fmt.Fprintf(&b, "(assert %s)\n", q.a.pileRange(fmt.Sprintf("p%d", i)))
		}
		if inR != "" {
			fmt.Fprintf(&b, "(assert %s)\n", inR)
		}
		fmt.Fprintf(&b, "(assert (not (= %s %s)))\n", s, t)
		out = append(out, equivalenceQuery{script: q.endQuery(&b, false), a: q.a})
	}
	return out
}

// modelPosition writes the position of a model's piles, "?" for a pile
// it does not give.
func modelPosition(values map[string]int64, vars []string) string {
	piles := make([]string, len(vars))
	for i, v := range vars {
		piles[i] = "?"
		if x, ok := values[v]; ok {
			piles[i] = strconv.FormatInt(x, 10)
		}
	}
	return "(" + strings.Join(piles, ",") + ")"
}

// whereText is the claim's region as written ("" for every position).
func (enc *encoding) whereText() string {
	if enc.where == nil {
		return ""
	}
	return enc.where.String()
}

// regionText is a region's condition as parsed (its syntax tree printed:
// blanks and comments, which the source keeps, left out), for telling two
// claims about one region. Two conditions that are one set written
// differently are told apart: the route is then not taken.
func regionText(where *check.Expr) string { return where.Tree().String() }

// bound is the positions a query in the arithmetic covers.
func (a arith) bound() proof.Bound {
	if a.bv() {
		return proof.MaxPile
	}
	return proof.Unbounded
}
