package prove

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/bits"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/expr-lang/expr/ast"
	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/prove/proof"
)

// slowOptionsRoute asks (I) and (II) of a slow game whose claim reads
// slowmoves(k, ...) of every pile (the M-rule of Exact Slow (n-1)-Nim and
// the descriptions of Slow A-Nim), or is written at sorted positions
// (sym(a <= b && b <= c && ... && B): the description of NIM(5,2)), at the
// sorted options of a sorted position only, with slowmoves at p and at
// each option written as a short formula that the solver proved equal to
// its closed form first, and each sym of sorted piles as its argument
// (translator.sorted).
// Measured on NIM(5,4)'s M-rule, AMD EPYC, load 1: (I) and (II) as they
// are had no answer within 3 minutes each; at the sorted options, with
// slowmoves by the formulas, (I) split by option took 6–15 s of CPU and
// (II) 21–63 s (z3's random seed decides), and the lemmas under a second
// each.
//
// Preconditions (needs, and prepareSlowOptions):
//   - linear arithmetic, normal play, no Sprague–Grundy claim;
//   - in a region theorem, a region R every permutation keeps (the
//     symmetry breaking below asks R's invariance with S's) and that no
//     move leaves ((R), proved before any condition is asked);
//   - every move set takes exactly one token from each of its piles (a
//     slow game: Exact Slow k-Nim, Slow A-Nim), so the options of p are
//     listed, one per move set, p - 1_T;
//   - the claim has a call slowmoves(k, x1, ..., xn) whose piles are the
//     game's, each once, k a constant at least 1, the same k in every such
//     call; or it has none and a sym(B) whose B says the piles are sorted
//     (sortedSym);
//   - symmetry breaking restricted p to sorted positions, p0 <= p1 <= ...
//     (the solver said that every permutation keeps S and the moves);
//   - the solver answered unsat to each lemma (slowMovesLemmas): at a
//     sorted p, slowmoves' closed form is sortedSlowMoves(p); at each
//     legal option p - 1_T that is sorted, it is optionSlowMoves(T).
//
// Soundness. (a) Sorted options suffice. Let p be sorted and q = p - 1_T
// a legal option. Within each block of equal piles of p, move T's piles
// to the front of the block (the smallest indices): the set T' so made is
// the image of T under a permutation π that only exchanges equal piles of
// p, so π fixes p, and q' = p - 1_T' is π applied to q. Every permutation
// is a symmetry of the game and keeps S (the solver said so for the
// generators), so q' is a legal option of p (π maps the move p → q to
// p → q') and S(q') = S(q). And q' is sorted: inside a block of value v
// it reads v-1, ..., v-1, v, ..., v; across blocks u < v, the last of one
// block is at most u <= v - 1, the first of the next at least v - 1. So
// (I) fails at some option of p exactly when it fails at a sorted one,
// and p has an option in S exactly when it has a sorted one: each
// condition asked of the sorted options only is the condition.
// (a') In a region R: every query asserts R(p) (positionConstraints), and
// the claim is (I) and (II) at the positions of R. Permutations keep R, so
// the sorted position of each class of R is in R, and the symmetry
// breaking's restriction to it loses no class. (I) at p asks every option
// q, in R or not (none leaves R), and (a) carries it to the sorted q'. (II)
// at p in R asks for an option in S, which is in R since no move leaves R;
// (a) gives a sorted one. So asked at the sorted options of the sorted
// positions of R, each condition is the region theorem's. (NIM(6,2)'s
// positions with an empty pile, min(a, ..., f) == 0, are NIM(5,2) on the
// other piles: proved so.)
// (b) The formulas. Each replaces slowmoves(k, all piles) at a position
// where the solver proved, under the very constraints the query puts on
// that position (p >= 0, p sorted, the option legal and sorted), that the
// closed form the other routes encode (slowmoves.go, equal to the
// definition) equals it. slowmoves is a symmetric function of its piles,
// so any order of the piles in the call is the same value. A lemma the
// solver does not prove leaves the route untaken. A claim with no
// slowmoves has no formula and no lemma.
// (b') sym at a sorted position: every position at which a query reads S
// is sorted (p by the symmetry breaking, q and each option o by the
// query's own assertion beside S), and there sym(B), with B saying its
// piles are sorted, is B (translator.sym).
// (c) (I) is split by move set: a move of a listed game from p to q is
// q = p - 1_T for some move set T (finiteOptionsRoute), so the cases "q is
// p - 1_T" cover every move; in case T, slowmoves at q is the formula of T.
// A claim without slowmoves has (I) split by residues instead (each pile's
// parity and the total mod m cover every p), and a case not answered soon
// by move set within it (query.refine): each split covers every position,
// so a case holds when each of its pieces does.
// (d) On cutPiles piles or more, (I)'s cases and (II) are split again by
// the cut (cutCases), which covers every sorted p; a tactic only changes
// how z3 searches, not what unsat means.
//
// The formulas (not trusted; the lemmas decide): with M = slowmoves(k, p)
// and slack = sum_i min(p_i, M) - k·M (>= 0, since M moves can be made),
// the option p - 1_T has slowmoves M - 1, or M - 2 when slack < |T| - k +
// #{i not in T: p_i >= M}. (From sum_i min(q_i, t) = sum_i min(p_i, t+1) -
// |T| - #{i not in T: p_i > t}: t = M - 1 is reachable from q exactly
// when that inequality fails.)
var slowOptionsRoute = route{name: routeNameSlowOptions, file: queryFile{suffix: "-sorted-options"}, prepare: prepareSlowOptions, rewrite: rewriteSlowOptions, needs: func(enc *encoding) error {
	switch {
	case enc.a.bv():
		return errors.New("linear arithmetic only")
	case enc.g.Misere:
		return errors.New("normal play only")
	case enc.grundy:
		return errors.New("not for Sprague–Grundy values")
	case enc.a.nimSums != nil:
		return errors.New("not with the nim-sum uninterpreted")
	}
	if len(enc.unitSets()) == 0 {
		return errors.New("the move sets do not each take one token from each of their piles")
	}
	if _, ok := slowMovesOfEveryPile(enc.e, enc.n); !ok && !hasSortedSym(enc.e) {
		return errors.New("the claim has no slowmoves(k, ...) of every pile, with one constant k, and no sym(...) of sorted piles")
	}
	return nil
}}

// hasSortedSym reports whether e has a call sym(B) whose B says the piles
// are sorted (sortedSym).
func hasSortedSym(e *check.Expr) bool {
	found := false
	ast.Find(e.Tree(), func(x ast.Node) bool {
		c, isCall := x.(*ast.CallNode)
		if !isCall || found {
			return false
		}
		id, named := c.Callee.(*ast.IdentifierNode)
		found = named && id.Value == "sym" && len(c.Arguments) == 1 && sortedSym(e, c.Arguments[0], nil)
		return false
	})
	return found
}

// slowOptions is what prepareSlowOptions proved: k (0 when the claim has
// no slowmoves), and the move sets, each the piles it takes one token
// from.
type slowOptions struct {
	k    int
	sets [][]int
}

// unitSets lists, for each move set, its piles, when every move set takes
// exactly one token from each of its piles (nil otherwise, or for a take
// game).
func (enc *encoding) unitSets() [][]int {
	var out [][]int
	for k := range enc.sets {
		d, ok := enc.fixedReduction(k)
		if !ok || len(d) == 0 {
			return nil
		}
		var piles []int
		for i := range enc.n {
			switch d[i] {
			case 0:
			case 1:
				piles = append(piles, i)
			default:
				return nil
			}
		}
		out = append(out, piles)
	}
	return out
}

// slowMovesOfEveryPile returns k when e has a call slowmoves(k, ...) of
// the n piles, each once, k a constant at least 1, and every such call has
// the same k.
func slowMovesOfEveryPile(e *check.Expr, n int) (int, bool) {
	k, found, ok := 0, false, true
	ast.Find(e.Tree(), func(x ast.Node) bool {
		c, isCall := x.(*ast.CallNode)
		if !isCall {
			return false
		}
		id, named := c.Callee.(*ast.IdentifierNode)
		if !named || id.Value != "slowmoves" || len(c.Arguments) != n+1 {
			return false
		}
		lit, isInt := c.Arguments[0].(*ast.IntegerNode)
		if !isInt || lit.Value < 1 || !everyPileOnce(e, c.Arguments[1:], n, nil) {
			return false
		}
		if found && lit.Value != k {
			ok = false
		}
		k, found = lit.Value, true
		return false
	})
	return k, found && ok
}

// everyPileOnce reports whether the arguments are the n piles, each once,
// as pile names (not names a let binds, when bound is not nil).
func everyPileOnce(e *check.Expr, args []ast.Node, n int, bound map[string]term) bool {
	if len(args) != n {
		return false
	}
	seen := make([]bool, n)
	for _, a := range args {
		id, ok := a.(*ast.IdentifierNode)
		if !ok {
			return false
		}
		if _, isLet := bound[id.Value]; isLet {
			return false
		}
		i, err := e.PileIndex(id.Value)
		if err != nil || i < 0 || i >= n || seen[i] {
			return false
		}
		seen[i] = true
	}
	return true
}

// prepareSlowOptions asks the lemmas when the route's preconditions hold
// and p is restricted to sorted positions; when the solver proves each, the
// conditions are asked at the sorted options (rewriteSlowOptions).
func prepareSlowOptions(ctx context.Context, enc *encoding, rt *route, opts Options, r *Result) (*encoding, *outcome, error) {
	if rt.needs(enc) != nil || !enc.sorted {
		return enc, nil, nil
	}
	k, _ := slowMovesOfEveryPile(enc.e, enc.n)
	so := &slowOptions{k: k, sets: enc.unitSets()}
	if k == 0 {
		enc.slowOptions = so // no slowmoves: no formula, no lemma
		return enc, nil, nil
	}
	lemmas, err := enc.slowMovesLemmas(so)
	if err != nil {
		return enc, nil, nil // slowmoves too large to encode: the claim is not either
	}
	for i, lemma := range lemmas {
		what := "slowmoves' closed form at a sorted p is the route's least of prefix sums"
		if i > 0 {
			what = fmt.Sprintf("at the sorted option p - 1_T of the move set T = %s, slowmoves' closed form is the route's formula", pileSet(so.sets[i-1]))
		}
		if opts.SMTOut != "" {
			text := fmt.Sprintf("; nimlab prove: a lemma of the sorted options of a slow game, for %s\n; %s\n; unsat means the lemma holds for every position.\n%s\n%s\n", enc.g.Spec, what, lemma, opts.Solver.checkSat(linearTactic))
			name := fmt.Sprintf("%s-slowmoves-lemma-%d.smt2", fileStem(enc.g.Spec), i)
			if err := os.WriteFile(filepath.Join(opts.SMTOut, name), []byte(text), 0o644); err != nil {
				return nil, nil, fmt.Errorf("--smt-out: %w", err)
			}
		}
		reply, err := opts.Solver.CheckUsing(ctx, lemma, nil, opts.Timeout, linearTactic)
		if err != nil {
			if ctx.Err() != nil {
				return nil, nil, ctx.Err()
			}
			r.RoutesSkipped = append(r.RoutesSkipped, fmt.Sprintf("%s: its lemma that %s: %v", rt.name, what, err))
			return enc, nil, nil
		}
		switch reply.Answer {
		case Sat:
			r.RoutesSkipped = append(r.RoutesSkipped, fmt.Sprintf("%s: its lemma that %s is false (the solver found a counterexample)", rt.name, what))
			return enc, nil, nil
		case Unknown:
			r.RoutesSkipped = append(r.RoutesSkipped, fmt.Sprintf("%s: its lemma that %s was not proved (%s)", rt.name, what, reply.Reason))
			return enc, nil, nil
		}
	}
	enc.slowOptions = so
	return enc, nil, nil
}

// Names of the route's constants in its queries.
const (
	slowAtP   = "slow_p"  // slowmoves at p
	slackAtP  = "slack_p" // sum_i min(p_i, slow_p) - k·slow_p
	slowAtQ   = "slow_q"  // slowmoves at q, in (I)
	slowAtOpt = "slow_o"  // slow_oT: slowmoves at p - 1_T, in (II)
)

// sortedSlowMoves writes slowmoves(k, x) for sorted piles x (x0 <= x1 <=
// ... >= 0): the least over j < k of the sum of the n - j smallest, x0 ...
// x(n-j-1), divided by k - j (SlowMovesClosedForm with the sorting done).
func (enc *encoding) sortedSlowMoves(k int, x func(i int) string) string {
	a := enc.a
	var bounds []string
	for j := range k {
		m := enc.n - j
		if m <= 0 {
			bounds = append(bounds, a.num(0))
			continue
		}
		var parts []string
		for i := range m {
			parts = append(parts, x(i))
		}
		sum := a.add(parts...)
		if k-j > 1 {
			sum = a.divNonNegative(sum, k-j)
		}
		bounds = append(bounds, sum)
	}
	return leastOf(a, bounds)
}

// leastOf writes the least of the terms, each step's least named by a let
// (written twice in an ite, it would double the text at each term).
func leastOf(a arith, ts []string) string {
	out := "least_0"
	var b strings.Builder
	fmt.Fprintf(&b, "(let ((least_0 %s)) ", ts[0])
	for i, t := range ts[1:] {
		next := "least_" + strconv.Itoa(i+1)
		fmt.Fprintf(&b, "(let ((%s (ite %s %s %s))) ", next, a.cmp("<=", out, t), out, t)
		out = next
	}
	return b.String() + out + strings.Repeat(")", len(ts))
}

// slowAtPDefinitions declares slow_p and slack_p at p (nothing when the
// claim has no slowmoves).
func (enc *encoding) slowAtPDefinitions(b *strings.Builder, so *slowOptions) {
	if so.k == 0 {
		return
	}
	a, p := enc.a, pileVar("p")
	fmt.Fprintf(b, "(declare-const %s Int)\n(assert (= %s %s))\n", slowAtP, slowAtP, enc.sortedSlowMoves(so.k, p))
	var mins []string
	for i := range enc.n {
		mins = append(mins, "(ite "+a.cmp("<=", p(i), slowAtP)+" "+p(i)+" "+slowAtP+")")
	}
	fmt.Fprintf(b, "(declare-const %s Int)\n(assert (= %s %s))\n", slackAtP, slackAtP, a.sub(a.add(mins...), a.mul(a.num(so.k), slowAtP)))
}

// optionSlowMoves writes slowmoves at p - 1_T in terms of slow_p and
// slack_p (the route's formula).
func (enc *encoding) optionSlowMoves(so *slowOptions, set []int) string {
	a, p := enc.a, pileVar("p")
	in := make([]bool, enc.n)
	for _, i := range set {
		in[i] = true
	}
	terms := []string{a.num(len(set) - so.k)}
	for i := range enc.n {
		if !in[i] {
			terms = append(terms, "(ite "+a.cmp(">=", p(i), slowAtP)+" 1 0)")
		}
	}
	return "(- " + slowAtP + " (ite " + a.cmp("<", slackAtP, a.add(terms...)) + " 2 1))"
}

// option is p - 1_T, pile by pile.
func (enc *encoding) option(set []int) func(i int) string {
	in := make([]bool, enc.n)
	for _, i := range set {
		in[i] = true
	}
	p := pileVar("p")
	return func(i int) string {
		if in[i] {
			return enc.a.sub(p(i), enc.a.num(1))
		}
		return p(i)
	}
}

// sortedAt writes x0 <= x1 <= ... and every pile at least 0.
func (enc *encoding) sortedAt(x func(i int) string) string {
	parts := []string{enc.a.cmp("<=", enc.a.num(0), x(0))}
	for i := 1; i < enc.n; i++ {
		parts = append(parts, enc.a.cmp("<=", x(i-1), x(i)))
	}
	return "(and " + strings.Join(parts, " ") + ")"
}

// closedSlowMoves writes slowmoves(k, x) by the closed form every other
// route encodes (slowMoves).
func (enc *encoding) closedSlowMoves(k int, x func(i int) string) (string, error) {
	fresh := 0
	tr := translator{a: enc.a, widest: new(big.Int), names: map[string]term{}, fresh: &fresh}
	ts := []term{tr.constTerm(k)}
	for i := range enc.n {
		ts = append(ts, nonNegative(intTerm(x(i), maxPile)))
	}
	t, err := tr.slowMoves(ts, "slowmoves")
	return t.s, err
}

// slowMovesLemmas are the route's lemmas, each a query that must be unsat:
// at a sorted p, the closed form is sortedSlowMoves; at each legal, sorted
// option p - 1_T of a sorted p, it is optionSlowMoves(T).
func (enc *encoding) slowMovesLemmas(so *slowOptions) ([]string, error) {
	p := pileVar("p")
	var out []string
	var b strings.Builder
	start := func() {
		b.Reset()
		b.WriteString("(set-logic ALL)\n")
		enc.declare(&b, "p")
		enc.positionConstraints(&b)
		enc.slowAtPDefinitions(&b, so)
	}
	start()
	closed, err := enc.closedSlowMoves(so.k, p)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(&b, "(assert (not (= %s %s)))\n", closed, slowAtP)
	out = append(out, b.String())
	for _, set := range so.sets {
		start()
		q := enc.option(set)
		if closed, err = enc.closedSlowMoves(so.k, q); err != nil {
			return nil, err
		}
		fmt.Fprintf(&b, "(assert %s)\n(assert (not (= %s %s)))\n", enc.sortedAt(q), closed, enc.optionSlowMoves(so, set))
		out = append(out, b.String())
	}
	return out, nil
}

// inSWithSlow is S at the piles x with every slowmoves(k, all piles)
// written as the constant name.
func (enc *encoding) inSWithSlow(so *slowOptions, x func(i int) string, name string) string {
	s, _, err := translateWith(enc.e, x, enc.isZero(), enc.a, translator.asBool, func(k, n int) string {
		if k == so.k && n == enc.n {
			return name
		}
		return ""
	}, true)
	if err != nil {
		panic("prove: the expression translated once and not again: " + err.Error())
	}
	return s
}

// rewriteSlowOptions puts (I) and (II) at the sorted options first, the
// queries they replace kept as their fallbacks.
func rewriteSlowOptions(enc *encoding, rt *route, queries []query) []query {
	so := enc.slowOptions
	if so == nil || rt.needs(enc) != nil {
		return queries
	}
	for i := range queries {
		old := queries[i]
		var next query
		switch old.name {
		case proof.I:
			next = enc.slowOptionsI(so)
		case proof.II:
			next = enc.slowOptionsII(so)
		default:
			continue
		}
		next.via, next.routes, next.fallback = rt, append(enc.routes(), rt.name), &old
		queries[i] = next
	}
	return queries
}

// slowOptionsI is (I) at the sorted options, split by move set (for a
// claim without slowmoves: by residues, then by move set).
func (enc *encoding) slowOptionsI(so *slowOptions) query {
	p, q := pileVar("p"), pileVar("q")
	var b strings.Builder
	enc.startQuery(&b)
	vars := enc.declare(&b, "p")
	vars = append(vars, enc.declare(&b, "q")...)
	enc.positionConstraints(&b)
	enc.slowAtPDefinitions(&b, so)
	if so.k > 0 {
		fmt.Fprintf(&b, "(declare-const %s Int)\n", slowAtQ)
	}
	fmt.Fprintf(&b, "(assert %s)\n", enc.inSWithSlow(so, p, slowAtP))
	fmt.Fprintf(&b, "(assert %s)\n(assert %s)\n", enc.move(p, q), enc.sortedAt(q))
	fmt.Fprintf(&b, "(assert %s)\n", enc.inSWithSlow(so, q, slowAtQ))
	var cases []string
	for _, set := range so.sets {
		o := enc.option(set)
		var eqs []string
		for i := range enc.n {
			eqs = append(eqs, "(= "+q(i)+" "+o(i)+")")
		}
		if so.k > 0 {
			eqs = append(eqs, "(= "+slowAtQ+" "+enc.optionSlowMoves(so, set)+")")
		}
		cases = append(cases, "(and "+strings.Join(eqs, " ")+")")
	}
	if so.k == 0 {
		// No slowmoves: split as (II) is, by the parities and the total's
		// residue (which cover every p), and a case not answered soon
		// again by move set (which cover every move). Measured on
		// NIM(5,2)'s description (AMD EPYC, load 4–5): (I) 30 s wall by
		// move set, 22 s by residues, 106 s crossed (every pair);
		// NIM(6,2)'s: by move set, no answer within 5 minutes; by
		// residues, one case of 128 none within 40 s, answered in 15 by
		// move set (refineAfter).
		return query{name: proof.I, script: enc.endQuery(&b, true), vars: vars, cases: residueCases(enc.n, largestModulus(enc.e)), refine: cases, tactic: linearTactic}
	}
	if !so.byCut(enc.n) {
		return query{name: proof.I, script: enc.endQuery(&b, true), vars: vars, cases: cases, tactic: linearTactic}
	}
	// Each move set's case split again by the cut, with ctx-simplify,
	// which turns the min and ite terms a case decides into their values.
	// Measured on (I) of Slow A-Nim {5, 6} on six piles (AMD EPYC, load 1,
	// one case at a time): by move set only, with linearTactic, two of 7
	// cases had no answer within 2 minutes (the whole query none within
	// 10); by move set and cut with contextTactic, 49 cases in 46 s, none
	// over 14 s. NIM(6,5)'s (I): 83 s by move set only, 111 s so (and 341 s
	// by move set and cut with linearTactic, two cases unanswered).
	var crossed []string
	for _, c := range cases {
		for _, cut := range cutCases(enc.n) {
			crossed = append(crossed, "(and "+c+" "+cut+")")
		}
	}
	return query{name: proof.I, script: enc.endQuery(&b, true), vars: vars, cases: crossed, tactic: contextTactic}
}

// slowOptionsII is (II) at the sorted options.
func (enc *encoding) slowOptionsII(so *slowOptions) query {
	p := pileVar("p")
	var b strings.Builder
	enc.startQuery(&b)
	vars := enc.declare(&b, "p")
	enc.positionConstraints(&b)
	enc.slowAtPDefinitions(&b, so)
	fmt.Fprintf(&b, "(assert (not %s))\n", enc.inSWithSlow(so, p, slowAtP))
	for k, set := range so.sets {
		o := enc.option(set)
		name := slowAtOpt + strconv.Itoa(k)
		if so.k > 0 {
			fmt.Fprintf(&b, "(declare-const %s Int)\n(assert (= %s %s))\n", name, name, enc.optionSlowMoves(so, set))
		}
		fmt.Fprintf(&b, "(assert (not (and %s %s)))\n", enc.sortedAt(o), enc.inSWithSlow(so, o, name))
	}
	// One query: split in three (p0 = 0, and p0 > 0 with slow_p even or
	// odd), NIM(5,4)'s (II) took as long (25 s) and NIM(6,5)'s had no
	// answer within 5 minutes, where whole it took 180 s.
	q := query{name: proof.II, script: enc.endQuery(&b, false), vars: vars, tactic: linearTactic}
	switch {
	case so.k == 0:
		q.cases = residueCases(enc.n, largestModulus(enc.e))
	case so.byCut(enc.n):
		// Measured (AMD EPYC, load 1, one case at a time): Slow A-Nim {5,
		// 6}'s (II), no answer within 10 minutes whole, 7 cases in 211 s,
		// none over 80 s; NIM(6,5)'s, 176 s whole (load 2–3), 227 s in
		// cases, none over 117 s, so about as long two at a time. With
		// contextTactic the cases took twice as long. NIM(5,4)'s (II),
		// asked by cut first, had no answer within a minute where whole it
		// takes 24 s: fewer than six piles are not split.
		q.cases = cutCases(enc.n)
	}
	return q
}

// cutPiles is the least number of piles at which the route's queries of a
// claim with slowmoves are split by the cut (cutCases). A variable so that
// the tests cross the split with small games, true claims and false.
var cutPiles = 6

// byCut reports whether the route's queries on n piles are split by the
// cut: a claim with slowmoves, on at least cutPiles piles.
func (so *slowOptions) byCut(n int) bool {
	return so.k > 0 && n >= cutPiles
}

// cutCases split a query at a sorted p by how many of its piles reach
// slowmoves at p (the cut, where the description's min(x, moves) starts
// to bite): in case c, the c largest piles are at least slow_p and the
// others below it.
// Soundness: at a sorted p the piles at least slow_p are the c largest for
// c their number, 0 <= c <= n, so the cases cover every sorted p, and
// every query of the route asserts that p is sorted; the query holds
// exactly when each case is unsat.
func cutCases(n int) []string {
	out := make([]string, 0, n+1)
	for c := 0; c <= n; c++ {
		parts := make([]string, n)
		for i := range n {
			op := "<"
			if i >= n-c {
				op = ">="
			}
			parts[i] = fmt.Sprintf("(%s p%d %s)", op, i, slowAtP)
		}
		out = append(out, "(and "+strings.Join(parts, " ")+")")
	}
	return out
}

// maxCaseModulus bounds the modulus of the total residueCases splits by.
const maxCaseModulus = 8

// largestModulus is the largest constant m, 2 <= m <= maxCaseModulus, of
// a remainder x % m in e (2 when there is none).
func largestModulus(e *check.Expr) int {
	m := 2
	ast.Find(e.Tree(), func(x ast.Node) bool {
		if bin, ok := x.(*ast.BinaryNode); ok && bin.Operator == "%" {
			if lit, ok := bin.Right.(*ast.IntegerNode); ok && lit.Value > m && lit.Value <= maxCaseModulus {
				m = lit.Value
			}
		}
		return false
	})
	return m
}

// residueCases are the cases of (II) of a claim written at sorted
// positions, each asked on its own: the parities of p's n piles and the
// residue of their total mod m (those of the total's parity only, when m
// is even). Measured on NIM(5,2)'s description (parities of the sorted
// piles, the total mod 4; AMD EPYC, load 2): whole, no answer within 5
// minutes; split by the 32 parities, 0.1–101 s a case; by the parities
// and the total mod 4, 64 cases, 6.7 s in all, none over 0.2 s.
// Soundness: the cases cover every position (each pile is even or odd,
// the total has a residue mod m), so (II) holds exactly when each is
// unsat.
func residueCases(n, m int) []string {
	var out []string
	for mask := range 1 << n {
		var parts, piles []string
		for i := range n {
			parts = append(parts, fmt.Sprintf("(= (mod p%d 2) %d)", i, mask>>i&1))
			piles = append(piles, fmt.Sprintf("p%d", i))
		}
		total := "(+ " + strings.Join(piles, " ") + ")"
		if n == 1 {
			total = piles[0]
		}
		for r := range m {
			if m%2 == 0 && r%2 != bits.OnesCount(uint(mask))%2 {
				continue // the parities decide the total's
			}
			out = append(out, "(and "+strings.Join(parts, " ")+fmt.Sprintf(" (= (mod %s %d) %d))", total, m, r))
		}
	}
	return out
}

// pileSet names a set of piles as the expressions do: {a, c, d}.
func pileSet(set []int) string {
	names := make([]string, len(set))
	for j, i := range set {
		names[j] = check.PileName(i)
	}
	return "{" + strings.Join(names, ", ") + "}"
}
