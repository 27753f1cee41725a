package prove

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/prove/proof"
)

// The encoding writes a proof's formulas as SMT-LIB text: the positions p
// and q, the set S, the move relation of the game, and the queries of
// conditions (I), (II) and (III) built from them.

// encoding writes the queries of one proof of a claim: the positions p
// (and q, the option), the set S and the move relation, all as SMT-LIB
// text. It holds its own copy of the claim, whose nim-sums' record (a) each
// query renews, and what prepare's steps chose: the restriction of p to
// one position per symmetry class.
type encoding struct {
	Claim
	// arithmetic is the name of the route of the queries' arithmetic.
	arithmetic string
	// canonical restricts p to one position per symmetry class ("" for
	// none).
	canonical string
	// isCanonical is canonical as a test of a position (nil when p is not
	// restricted).
	isCanonical func(p []int) bool
	// sorted is true when canonical says p0 <= p1 <= ...: every
	// permutation of the piles keeps S and the moves.
	sorted bool
	// slowOptions, when not nil, is what the route of sorted options
	// proved (slowoptions.go).
	slowOptions *slowOptions
	// invariant is the game's group when the solver said that its
	// generators keep S, R and the move relation (symmetryBreaking), so
	// that the reduction does not ask it again.
	invariant *complex.Group
}

// grundyVar is the variable of the value v in (G2) of a Sprague–Grundy
// proof; a candidate move names it v, the value after the piles
// (check.CompileWith).
const grundyVar = "gv"

// newEncoding encodes the claim that e is the set of P-positions of g, with
// candidate moves (for the tests).
func newEncoding(g *game.Game, e *check.Expr, moves [][]string) (*encoding, error) {
	return newClaimEncoding(g, e, moves, false, nil)
}

// newClaimEncoding is newEncoding for a claim of values (grundy) or in a
// region: an error where the claim cannot be encoded.
func newClaimEncoding(g *game.Game, e *check.Expr, moves [][]string, grundy bool, where *check.Expr) (*encoding, error) {
	exprs, err := compileMoves(g, moves, grundy)
	if err != nil {
		return nil, err
	}
	c := newClaim(g, e, exprs, grundy, where)
	if c.unencodable != nil {
		return nil, c.unencodable
	}
	return &encoding{Claim: *c}, nil
}

// inS is S at the position whose piles are the variables prefix0, ...
func (enc *encoding) inS(pile func(i int) string) string {
	if s, ok := enc.inSOnce.at(enc.a, pile); ok {
		return s
	}
	s, _, err := enc.translateS(pile, enc.a)
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
	if enc.where != nil {
		fmt.Fprintf(b, "(assert %s)\n", enc.inROf(originP, pileVar("p")))
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
	out = append(out, query{name: proof.I, script: enc.endQuery(&b, true), vars: vars, routes: enc.routes()})

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
		second = query{name: proof.II, script: enc.endQuery(&b, false), vars: vars, routes: enc.routes(), quantified: true}
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
		byMoves := query{name: proof.II, script: enc.endQuery(&b, false), vars: vars, via: &candidateMovesRoute, routes: append(enc.routes(), candidateMovesRoute.name)}
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
		out = append(out, query{name: proof.III, script: enc.endQuery(&b, true), vars: vars, routes: enc.routes(), quantified: true})
	}
	return out
}

// routes are the routes every query of the encoding takes: its arithmetic,
// and symmetry breaking when p is restricted to canonical positions.
func (enc *encoding) routes() []string {
	out := []string{enc.arithmetic}
	if enc.canonical != "" {
		out = append(out, routeNameSymmetry)
	}
	if enc.where != nil {
		out = append(out, routeNameRegion)
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
	return enc.noOptionWith(p, enc.inS)
}

// noOptionWith asserts that p has no option q where target(q) holds, as
// noMoveIntoS does for S.
func (enc *encoding) noOptionWith(p func(i int) string, target func(q func(i int) string) string) string {
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
				return "(and " + enc.moveOn(k, p, q) + " " + target(q) + ")"
			}))
		}
		return b.String()
	case !finite:
		fmt.Fprintf(&b, "(assert %s)\n", enc.forallNot(complex.All(enc.n), p, func(q func(int) string) string {
			return "(and " + enc.move(p, q) + " " + target(q) + ")"
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
		fmt.Fprintf(&b, "(assert (not (and %s %s)))\n", strings.Join(legal, " "), target(option))
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

// candidateMovesRoute decides (II) with the candidate winning moves
// (Options.Moves) as the only options.
//
// Soundness: the query asserts, for each candidate, "not (the candidate is a
// legal option of p, by the move relation, and is in S)". Unsat means every
// p outside S has a candidate that is a legal option in S, which is (II).
// The same for (G2) of a Sprague–Grundy proof, with "of value v" for "in S"
// and candidates that may name v: unsat means that for every p and v < g(p)
// some candidate is a legal option of value v. Only the option the
// candidate names is judged, by the move relation and g written exactly, so
// a candidate whose own terms would wrap in bit-vectors (v is bounded as a
// pile there) names some other position, still judged exactly: it cannot
// make a proof wrong, only fail. It needs nothing of the game, only
// candidates written in the query's arithmetic (chooseArithmetic refuses
// others).
var candidateMovesRoute = route{name: viaMoves, file: queryFile{suffix: "-by-moves"}, prepare: prepareLearnedMoves, needs: func(enc *encoding) error {
	if len(enc.moveExprs) == 0 {
		return errors.New("no candidate moves were given")
	}
	return nil
}}

// finiteOptionsRoute writes (II) without a quantifier by listing the
// options: on each move set, the one option that takes the fixed amounts.
//
// Soundness: when every group of piles of every move set loses exactly a
// fixed amount (game.Amounts.Exactly), a move set has one option, legal when
// each of its piles holds at least that much; the list is every option.
var finiteOptionsRoute = route{name: routeNameFinite, needs: func(enc *encoding) error {
	for k := range enc.sets {
		if _, ok := enc.fixedReduction(k); !ok {
			return errors.New("a move set's rule takes amounts that are not fixed")
		}
	}
	return nil
}}
