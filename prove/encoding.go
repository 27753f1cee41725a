package prove

import (
	"errors"
	"fmt"
	"maps"
	"math/big"
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

// maxMoveSets bounds the disjuncts of the encoded move relation.
const maxMoveSets = 4096

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
	// isCanonical is canonical as a test of a position (nil when p is not
	// restricted).
	isCanonical func(p []int) bool
	// a is the arithmetic the queries are written in.
	a arith
	// moveExprs are the candidate winning moves (Options.Moves), each pile
	// an expression over p, compiled.
	moveExprs [][]*check.Expr
	// arithmetic is the name of the route of the queries' arithmetic.
	arithmetic string
	// grundy is true when e is claimed to be the Sprague–Grundy value of
	// every position (Options.Grundy, grundy.go); where, when not nil, is
	// the region p is restricted to (Options.Where, region.go).
	grundy bool
	where  *check.Expr
	// inSOnce, valueOnce and inROnce are S, the value g and R translated
	// once in the arithmetic a (translated.go): nil in the nim-sum's.
	inSOnce, valueOnce, inROnce *translated
}

// claim is what a proof claims besides its expression: that it is the
// Sprague–Grundy value (not the set of P-positions), and the region it is
// claimed in.
type claim struct {
	grundy bool
	where  *check.Expr
}

// grundyVar is the variable of the value v in (G2) of a Sprague–Grundy
// proof; a candidate move names it v, the value after the piles
// (check.CompileWith).
const grundyVar = "gv"

func newEncoding(g *game.Game, e *check.Expr, moves [][]string) (*encoding, error) {
	return newClaimEncoding(g, e, moves, claim{})
}

// newClaimEncoding is newEncoding for a claim: a Sprague–Grundy value, a
// region.
func newClaimEncoding(g *game.Game, e *check.Expr, moves [][]string, c claim) (*encoding, error) {
	n := g.Piles()
	enc := &encoding{g: g, e: e, n: n, grundy: c.grundy, where: c.where}
	var vars []string
	if c.grundy {
		vars = []string{"v"} // the value (G2) asks the move to reach
	}
	for _, m := range moves {
		if len(m) != n {
			return nil, fmt.Errorf("a candidate move gives %d piles; %s has %d", len(m), g.Spec, n)
		}
		var exprs []*check.Expr
		for _, src := range m {
			x, err := check.CompileWith(src, n, vars, nil)
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
	enc.translateOnce()
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
		widest, err := enc.translateClaims(a)
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
	if _, err := enc.translateClaims(arith{}); errors.Is(err, errNeedsBits) {
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

// translateClaims translates the expression (as a value in a
// Sprague–Grundy proof) and the region in the arithmetic a, and returns the
// largest bound of their terms: the first error when one of them cannot be
// written in it.
func (enc *encoding) translateClaims(a arith) (*big.Int, error) {
	var widest *big.Int
	var err error
	if enc.grundy {
		_, widest, err = translateValue(enc.e, pileVar("p"), a)
	} else {
		_, widest, err = translateExpr(enc.e, pileVar("p"), a)
	}
	if err != nil || enc.where == nil {
		return widest, err
	}
	_, w, err := translateExpr(enc.where, pileVar("p"), a)
	if err != nil {
		return nil, fmt.Errorf("--where: %w", err)
	}
	if w.Cmp(widest) > 0 {
		widest = w
	}
	return widest, nil
}

func pileVar(prefix string) func(i int) string {
	return func(i int) string { return prefix + strconv.Itoa(i) }
}

// translateOnce translates S (or the value g) and R in the arithmetic
// chosen, for inS, value and inR to fill in.
func (enc *encoding) translateOnce() {
	once := func(x *check.Expr, translate func(*check.Expr, func(int) string, arith) (string, *big.Int, error)) *translated {
		return translateOnce(func(pile func(i int) string) (string, error) {
			s, _, err := translate(x, pile, enc.a)
			return s, err
		}, enc.a)
	}
	enc.inSOnce = once(enc.e, translateExpr)
	if enc.grundy {
		enc.valueOnce = once(enc.e, translateValue)
	}
	if enc.where != nil {
		enc.inROnce = once(enc.where, translateExpr)
	}
}

// inS is S at the position whose piles are the variables prefix0, ...
func (enc *encoding) inS(pile func(i int) string) string {
	if s, ok := enc.inSOnce.at(enc.a, pile); ok {
		return s
	}
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
		byMoves := query{name: proof.II, script: enc.endQuery(&b, false), vars: vars, via: viaMoves, routes: append(enc.routes(), candidateMovesRoute.name)}
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
		out = append(out, symmetryRoute.name)
	}
	if enc.where != nil {
		out = append(out, regionRoute.name)
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
var candidateMovesRoute = route{name: viaMoves, file: queryFile{suffix: "-by-moves"}, needs: func(enc *encoding) error {
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
