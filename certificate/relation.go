package certificate

import (
	"fmt"
	"strings"

	"github.com/nimlab/nimlab/game"
)

// The move relation a certificate defines, and its shape as a proof reads
// it once unfolded.

// moveRelation is a game's move relation, as package prove's encoding
// reads it: on the facets for take and slow games on a complex, else on
// each move set with what the rule may take (game.LinearAmounts).
type moveRelation struct {
	// comment says what a move is.
	comment string
	// lowers: "total q < total p" is a condition (a move on a facet may
	// take nothing from some of its piles, but not from all).
	lowers bool
	cases  []moveCase
}

// moveCase is one case of the move relation: a facet or a move set, and
// the conditions it puts on the piles of p and q.
type moveCase struct {
	name  string
	parts func(p, q []term) []term
}

// write writes the definition of move p q.
func (r moveRelation) write(b *strings.Builder, p, q []term) {
	fmt.Fprintf(b, "(* %s *)\nDefinition move (p q : pos) : Prop :=\n  valid q /\\ ", r.comment)
	if r.lowers {
		b.WriteString("total q < total p /\\ ")
	}
	b.WriteString("(\n")
	for k, c := range r.cases {
		or := "   "
		if k > 0 {
			or = "\\/ "
		}
		var parts []string
		for _, t := range c.parts(p, q) {
			parts = append(parts, t.s)
		}
		fmt.Fprintf(b, "  %s(%s) (* %s *)\n", or, strings.Join(parts, " /\\ "), c.name)
	}
	b.WriteString(").\n\n")
}

// shape returns move p q as Coq reads it once unfolded, for the piles of
// p and q given.
func (r moveRelation) shape(p, q []term) term {
	var valid, totalP, totalQ []string
	for i := range q {
		valid = append(valid, "0 <= "+q[i].inline)
		totalP, totalQ = append(totalP, p[i].inline), append(totalQ, q[i].inline)
	}
	var srcValid []term
	for i := range q {
		srcValid = append(srcValid, atom("", valid[i], "(0 <= "+q[i].src+")"))
	}
	parts := []term{connect(andOp, srcValid)}
	if r.lowers {
		tq, tp := strings.Join(totalQ, " + "), strings.Join(totalP, " + ")
		var sq, sp []string
		for i := range q {
			sq, sp = append(sq, q[i].src), append(sp, p[i].src)
		}
		parts = append(parts, atom("", tq+" < "+tp, "("+strings.Join(sq, " + ")+" < "+strings.Join(sp, " + ")+")"))
	}
	var cases []term
	for _, c := range r.cases {
		cases = append(cases, connect(andOp, c.parts(p, q)))
	}
	return connect(andOp, append(parts, connect(orOp, cases)))
}

// moveRelation returns the game's move relation.
func (w *writer) moveRelation() (moveRelation, error) {
	g := w.c.Game
	r, equal := g.Rule().(game.EqualAmountRule)
	slow := equal && r.EqualAmount() == 1
	if g.TakeOnFaces() || slow && g.OnFaces() {
		how := "any number of tokens from each, at least one in all"
		if slow {
			how = "one token from each of some of them, at least one in all"
		}
		rel := moveRelation{comment: "A move takes " + how + ", from the piles of one facet (so from a face of the complex: Ehrenborg–Steingrímsson 1996); the other piles are unchanged.", lowers: true}
		for _, f := range g.Complex.Facets() {
			rel.cases = append(rel.cases, moveCase{name: w.setName(f), parts: func(p, q []term) []term {
				var parts []term
				for i := range w.n {
					switch {
					case !f.Has(i):
						parts = append(parts, compare("==", q[i], p[i]))
					case slow:
						parts = append(parts, connect(orOp, []term{compare("==", q[i], p[i]), compare("==", q[i], infix(p[i], "-", "-", constTerm(1), false))}))
					default:
						parts = append(parts, compare("<=", q[i], p[i]))
					}
				}
				return parts
			}})
		}
		return rel, nil
	}
	sets, err := g.MoveSets()
	if err != nil {
		return moveRelation{}, uncertifiable(ReasonUnsupported, err.Error())
	}
	if len(sets) > maxMoveSets {
		return moveRelation{}, uncertifiable(ReasonUnsupported, fmt.Sprintf("%d move sets; a certificate writes at most %d", len(sets), maxMoveSets))
	}
	rel := moveRelation{comment: "A move plays one move set (" + g.Rule().Name() + "'s rule), taking from its piles what the rule allows; the other piles are unchanged."}
	for _, s := range sets {
		amounts, ok := g.LinearAmounts(s.Vertices())
		if !ok {
			return moveRelation{}, uncertifiable(ReasonUnsupported, "the "+g.Rule().Name()+" rule has no linear description")
		}
		rel.cases = append(rel.cases, moveCase{name: w.setName(s), parts: func(p, q []term) []term {
			var parts []term
			for i := range w.n {
				if !s.Has(i) {
					parts = append(parts, compare("==", q[i], p[i]))
				}
			}
			for _, a := range amounts {
				parts = append(parts, takes(a, p, q)...)
			}
			return parts
		}})
	}
	return rel, nil
}

// takes writes a rule's conditions on the amounts p_i - q_i a move takes
// from the piles of a (as prove's encoding does).
func takes(a game.Amounts, p, q []term) []term {
	var parts, ds []term
	for _, i := range a.Piles {
		d := infix(p[i], "-", "-", q[i], false)
		ds = append(ds, d)
		if a.Exactly > 0 {
			parts = append(parts, compare("==", d, constTerm(int64(a.Exactly))))
		} else {
			parts = append(parts, compare(">=", d, constTerm(int64(a.Each))))
		}
	}
	if a.Equal && a.Exactly == 0 {
		for _, d := range ds[1:] {
			parts = append(parts, compare("==", d, ds[0]))
		}
	}
	sum := ds[0]
	for _, d := range ds[1:] {
		sum = infix(sum, "+", "+", d, false)
	}
	if a.TotalMin > 0 {
		parts = append(parts, compare(">=", sum, constTerm(int64(a.TotalMin))))
	}
	if a.TotalMax >= 0 {
		parts = append(parts, compare("<=", sum, constTerm(int64(a.TotalMax))))
	}
	return parts
}
