package prove

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/prove/proof"
)

// Sprague–Grundy proofs (Options.Grundy): the expression g is claimed to be
// the Sprague–Grundy value of every position. Three conditions are asked,
// each as "is there a position where it fails?":
//
//   - (G0) g(p) >= 0 at every position;
//   - (G1) no move p -> q has g(p) = g(q);
//   - (G2) for every p and every v with 0 <= v < g(p), some option q of p
//     has g(q) = v.
//
// (G2) has a quantifier over the options, as (II) has; candidate moves
// (Options.Moves) may name v as well as the piles (Nim's: pile i becomes
// xor(the others) ^ v), which makes it quantifier-free, with the query over
// every option as the fallback. Soundness is grundyRoute's.

// grundyRoute proves that g is the Sprague–Grundy value by (G0), (G1) and
// (G2).
//
// Soundness: let G be the Sprague–Grundy function, G(p) = mex{G(q) : q an
// option of p}. Suppose (G0), (G1) and (G2) hold at every position (of the
// region, when there is one: region.go). Every move lowers the total number
// of tokens, so induction on the total applies: take p and suppose g(q) =
// G(q) at every option q of p. By (G1) g(p) is none of the G(q); by (G2)
// every v with 0 <= v < g(p) is some G(q); with (G0), g(p) is a
// non-negative integer, so g(p) is the least non-negative integer not among
// them, which is G(p). (The terminal positions have no option: (G2) gives
// g(p) = 0 = G(p).) So g = G everywhere.
//
// Preconditions: normal play, where the terminal position's value is 0 and
// every value is the mex of its options' (in misère play nimlab's tables hold
// the misère Grundy value, whose terminal value is 1: not these
// conditions); and every move, as the queries write it, lowers the total,
// for the induction (movesLowerTotal).
var grundyRoute = route{name: "Sprague–Grundy conditions", needs: func(enc *encoding) error {
	if enc.g.Misere {
		return errors.New("Sprague–Grundy values are proved in normal play only (misère play's terminal value is 1, not the mex of no option)")
	}
	return movesLowerTotal(enc)
}}

// movesLowerTotal says whether every move the encoding writes takes at least
// one token: a take or slow move on a face lowers the sum of its piles
// (moveOn asserts it), and a move set of another rule takes at least one
// token from every pile it names (game.Amounts: Each and Exactly are at
// least 1), of which there is one at least.
func movesLowerTotal(enc *encoding) error {
	if enc.take {
		return nil
	}
	for k, set := range enc.sets {
		if len(set.Vertices()) == 0 || k >= len(enc.amounts) || len(enc.amounts[k]) == 0 {
			return fmt.Errorf("move set %d takes no token for certain", k+1)
		}
		for _, a := range enc.amounts[k] {
			if len(a.Piles) == 0 || a.Exactly < 1 && a.Each < 1 {
				return fmt.Errorf("move set %d may take nothing from a pile", k+1)
			}
		}
	}
	return nil
}

// value is g at the position whose piles are the variables pile(0), ...
func (enc *encoding) value(pile func(i int) string) string {
	if s, ok := enc.valueOnce.at(enc.a, pile); ok {
		return s
	}
	s, _, err := enc.translateG(pile, enc.a)
	if err != nil {
		panic("prove: the expression translated once and not again: " + err.Error())
	}
	return s
}

// valueOf is value, its nim-sums (when uninterpreted) recorded as of
// origin.
func (enc *encoding) valueOf(origin string, pile func(i int) string) string {
	if enc.a.nimSums != nil {
		enc.a.nimSums.origin = origin
	}
	return enc.value(pile)
}

// claimTerm is what the expression says of a position: its value in a
// Sprague–Grundy proof, whether it is in S otherwise.
func (enc *encoding) claimTerm(pile func(i int) string) string {
	if enc.grundy {
		return enc.value(pile)
	}
	return enc.inS(pile)
}

// conditions builds the queries of the proof: (I), (II) (and (III)) of a
// set of P-positions, or (G0), (G1), (G2) of a Sprague–Grundy value.
func (enc *encoding) conditions() []query {
	if enc.grundy {
		return enc.grundyQueries()
	}
	return enc.queries()
}

// grundyQueries builds the queries of (G0), (G1) and (G2).
func (enc *encoding) grundyQueries() []query {
	p, q := pileVar("p"), pileVar("q")
	a := enc.a
	var out []query
	var b strings.Builder

	enc.startQuery(&b)
	vars := enc.declare(&b, "p")
	enc.positionConstraints(&b)
	fmt.Fprintf(&b, "(assert %s)\n", a.cmp("<", enc.valueOf(originP, p), a.num(0)))
	out = append(out, query{name: proof.G0, script: enc.endQuery(&b, false), vars: vars, routes: enc.grundyRoutes()})

	enc.startQuery(&b)
	vars = enc.declare(&b, "p")
	vars = append(vars, enc.declare(&b, "q")...)
	enc.positionConstraints(&b)
	gp := enc.valueOf(originP, p)
	fmt.Fprintf(&b, "(assert (= %s %s))\n(assert %s)\n", gp, enc.valueOf(originQ, q), enc.move(p, q))
	out = append(out, query{name: proof.G1, script: enc.endQuery(&b, true), vars: vars, routes: enc.grundyRoutes()})

	enc.startQuery(&b)
	vars = enc.declare(&b, "p")
	fmt.Fprintf(&b, "(declare-const %s %s)\n", grundyVar, a.sort())
	vars = append(vars, grundyVar)
	enc.positionConstraints(&b)
	fmt.Fprintf(&b, "(assert %s)\n(assert %s)\n", a.cmp("<=", a.num(0), grundyVar), a.cmp("<", grundyVar, enc.valueOf(originP, p)))
	header := b.String()
	hasValueV := func(q func(i int) string) string { return "(= " + enc.value(q) + " " + grundyVar + ")" }
	var mex query
	if enc.a.nimSums == nil {
		// As for (II): with the nim-sum uninterpreted only the candidate
		// moves are asked.
		b.WriteString(enc.noOptionWith(p, hasValueV))
		mex = query{name: proof.G2, script: enc.endQuery(&b, false), vars: vars, routes: enc.grundyRoutes(), quantified: true}
		if finiteOptionsRoute.needs(enc) == nil {
			mex.quantified, mex.routes = false, append(mex.routes, finiteOptionsRoute.name)
		}
	}
	if candidateMovesRoute.needs(enc) == nil {
		b.Reset()
		b.WriteString(header)
		if enc.a.nimSums != nil {
			enc.a.nimSums.origin = originMove
		}
		// A candidate's piles are terms in p and v.
		pv := func(i int) string {
			if i == enc.n {
				return grundyVar
			}
			return p(i)
		}
		for k, exprs := range enc.moveExprs {
			for i, x := range exprs {
				t, _, err := translateValue(x, pv, enc.a)
				if err != nil {
					panic("prove: a candidate move translated once and not again: " + err.Error())
				}
				fmt.Fprintf(&b, "(define-fun move%d_%d () %s %s)\n", k, i, enc.a.sort(), t)
			}
		}
		for k := range enc.moveExprs {
			option := pileVar(fmt.Sprintf("move%d_", k))
			fmt.Fprintf(&b, "(assert (not (and %s (= %s %s))))\n", enc.move(p, option), enc.valueOf(originMove, option), grundyVar)
		}
		byMoves := query{name: proof.G2, script: enc.endQuery(&b, false), vars: vars, via: &candidateMovesRoute, routes: append(enc.grundyRoutes(), candidateMovesRoute.name)}
		if mex.script != "" {
			fallback := mex
			byMoves.fallback = &fallback
		}
		mex = byMoves
	}
	if mex.script != "" {
		out = append(out, mex)
	}
	return out
}

// grundyRoutes are the routes of every query of a Sprague–Grundy proof.
func (enc *encoding) grundyRoutes() []string {
	return append(enc.routes(), grundyRoute.name)
}

// confirmGrundy checks a model of a failed condition of a Sprague–Grundy
// proof with nimlab's own move generator and evaluator, as confirm does.
func (enc *encoding) confirmGrundy(q query, p game.Position, read func(prefix string) (game.Position, bool), values map[string]int64) (*Counterexample, string) {
	g := enc.e.IntEvaluator()
	ce := &Counterexample{Condition: q.name, Position: p, Checked: "engine"}
	gp, ok := g(p)
	if !ok {
		return nil, fmt.Sprintf("the value at the solver's model p = (%s) is past 64 bits", p)
	}
	notConfirmed := fmt.Sprintf("the solver's model p = (%s) is not confirmed by the engine (a fault of the encoding: please report it)", p)
	switch q.name {
	case proof.G0:
		if gp >= 0 {
			return nil, notConfirmed
		}
		ce.Value = &gp
	case proof.G1:
		m, ok := read("q")
		if !ok {
			return nil, "the solver's model has a negative pile"
		}
		gq, ok := g(m)
		if err := enc.g.CheckMove(p, m); err != nil || !ok || gq != gp {
			return nil, fmt.Sprintf("the solver's model p = (%s), q = (%s) is not confirmed by the engine (a fault of the encoding: please report it)", p, m)
		}
		ce.Move, ce.Value = m, &gp
	case proof.G2:
		v64, found := values[grundyVar]
		if !found || v64 < 0 || v64 >= int64(gp) || v64 > math.MaxInt {
			return nil, notConfirmed
		}
		v := int(v64)
		ce.Value = &v
		if !enc.optionsAtMost(p, maxEnumeratedOptions) {
			ce.Checked = "model"
			break
		}
		for o := range enc.g.Options(p) {
			if gq, ok := g(o); ok && gq == v {
				return nil, fmt.Sprintf("the solver's model p = (%s) has the option (%s) of value %d (a fault of the encoding: please report it)", p, o, v)
			}
		}
	}
	return ce, ""
}

// searchSmallGrundy looks for a counterexample to a condition of a
// Sprague–Grundy proof among the positions with small piles (of the region,
// when there is one), with nimlab's own move generator and evaluator.
func (enc *encoding) searchSmallGrundy(ctx context.Context, condition proof.Cond) *Counterexample {
	g := enc.e.IntEvaluator()
	var found *Counterexample
	enc.eachSmall(ctx, func(p game.Position) bool {
		gp, ok := g(p)
		if !ok {
			return true
		}
		switch condition {
		case proof.G0:
			if gp < 0 {
				found = &Counterexample{Condition: proof.G0, Position: slices.Clone(p), Value: &gp, Checked: "engine"}
			}
		case proof.G1:
			for q := range enc.g.Options(p) {
				if gq, ok := g(q); ok && gq == gp {
					found = &Counterexample{Condition: proof.G1, Position: slices.Clone(p), Move: slices.Clone(q), Value: &gp, Checked: "engine"}
					break
				}
			}
		case proof.G2:
			seen := map[int]bool{}
			for q := range enc.g.Options(p) {
				if gq, ok := g(q); ok {
					seen[gq] = true
				}
			}
			mex := 0
			for seen[mex] {
				mex++
			}
			if mex < gp {
				found = &Counterexample{Condition: proof.G2, Position: slices.Clone(p), Value: &mex, Checked: "engine"}
			}
		}
		return found == nil
	})
	return found
}

// eachSmall calls f on the positions with small piles (of the region, when
// there is one) whose options are few enough to list, until f returns
// false, ctx is done or searchSmallBudget has passed.
func (enc *encoding) eachSmall(ctx context.Context, f func(p game.Position) bool) {
	h := 1 // the largest with (h+1)^n positions at most smallPositions
	for math.Pow(float64(h+2), float64(enc.n)) <= smallPositions {
		h++
	}
	inR := enc.regionEvaluator()
	p := make(game.Position, enc.n)
	deadline := time.Now().Add(searchSmallBudget)
	for {
		if ctx.Err() != nil || time.Now().After(deadline) {
			return
		}
		if enc.optionsAtMost(p, 1<<16) && inR(p) && !f(p) {
			return
		}
		i := 0
		for ; i < enc.n && p[i] == h; i++ {
			p[i] = 0
		}
		if i == enc.n {
			return
		}
		p[i]++
	}
}
