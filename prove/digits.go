package prove

import (
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/nimlab/nimlab/prove/proof"
)

// Induction on binary digits.
//
// For S = colmod(m, all piles) on a take game (Moore's Nim MN(n, m-1) is
// the case the papers ask about: Moore 1910), (I) and (II) asked over
// 63-bit vectors are far beyond the solver: (II) took more than a minute
// for MN(3, 2) even with Moore's winning move written out, and its time
// grows with the width. Both conditions have proofs that read the piles'
// binary digits from the most significant down, one column at a time, and
// keep only a little state per pile. Each inductive step is a small
// quantifier-free query about one column; when the solver answers unsat to
// both steps, the condition holds for positions with any number of digits:
// for every position, with no bound on the piles.
//
// (I): let p and q be in S, q an option of p. Reading the columns from the
// top, let L be the piles where q's digits so far are below p's. Before any
// column L is empty. The step: while L is empty (the digits so far are
// equal), the next column of p and of q each has a multiple of m ones, no
// pile of q has a 1 where p has a 0 (q would exceed p), and the piles where
// p has a 1 and q a 0 form a face (they are among the piles the move
// changes, which form a face): then there are none. So L stays empty, q = p,
// and q is not an option. The step query asks for such a column with a
// pile where p has 1 and q has 0.
//
// (II): Moore's construction reads p's columns from the top with a set C of
// changed piles (where the move's digits so far are below p's; below their
// first change their digits are free). At a column, let u be the number of
// unchanged piles with a 1 and r = u mod m. If |C| + r <= m-1, the first r
// of those piles change (their 1 becomes 0) and every changed pile gets 0;
// otherwise the first m-r changed piles (none when r = 0) get 1, the others
// 0. The step asks, for any C that is a face and any column of p, whether
// the column written has a multiple of m ones, unchanged piles keep their
// digit, newly changed piles go from 1 to 0, C only grows, C stays a face,
// and C is not empty once a column of p has had a count not divisible by m.
// Then for p outside S the digits written are an option q of p (the changed
// piles form a non-empty face, each below p's pile, the others equal) and
// q is in S.

// viaDigits is the Via of a condition decided by induction on binary
// digits (ProofDigits is the Proof of a result whose conditions all were).
const viaDigits = "induction on binary digits"

// digitsFile is how the query of a digit step is written under
// Options.SMTOut.
var digitsFile = queryFile{suffix: "-digit-step",
	note: "; the inductive step of (%[1]s), one column of binary digits (see nimlab's package prove)\n; unsat means the step holds, and with it the condition for every position.\n"}

// columnModulus returns m when e is colmod(m, x_1, ..., x_n) with m >= 2
// and the x's the game's n piles, each once (in any order).
func (enc *encoding) columnModulus() (int, bool) {
	m, _, ok := enc.e.ColumnModulus(enc.n)
	return m, ok
}

// byDigitStep puts the inductive step of (I) or (II) before the query
// over bit-vectors, which stays as its fallback, when S is colmod(m,
// piles) on a take game in normal play (digitsStepIRoute,
// digitsStepIIRoute). A step answers sat or unknown when the induction
// does not go through, which refutes nothing: the condition is then asked
// as usual. The steps' queries have no variables to read back.
func (enc *encoding) byDigitStep(rt *route, i int, step func(m int) query, queries []query) []query {
	m, ok := enc.columnModulus()
	if !ok || len(queries) != 2 || rt.needs(enc) != nil {
		return queries // asked as usual
	}
	fallback := queries[i]
	queries[i] = step(m)
	queries[i].via, queries[i].fallback, queries[i].routes = rt, &fallback, []string{rt.name}
	return queries
}

// column names the Boolean variables of one column: prefix0, prefix1, ...
func column(prefix string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("%s%d", prefix, i)
	}
	return out
}

func declareBools(b *strings.Builder, names []string) {
	for _, v := range names {
		fmt.Fprintf(b, "(declare-const %s Bool)\n", v)
	}
}

// counter returns the counter of a column's steps for modulus m.
func (enc *encoding) counter(m int) counter {
	return counter{width: bitsFor(big.NewInt(int64(enc.n + m)))}
}

// counter writes the small counts of a column's steps as unsigned
// bit-vectors wide enough for n + m: the solver bit-blasts them, far faster
// here than integer arithmetic with mod (MN(6, 2)'s (II) step: 42 s in
// integers).
type counter struct{ width int }

func (c counter) num(v int) string { return fmt.Sprintf("(_ bv%d %d)", v, c.width) }

// ones counts the true terms among bs.
func (c counter) ones(bs []string) string {
	if len(bs) == 0 {
		return c.num(0)
	}
	out := "(ite " + bs[0] + " " + c.num(1) + " " + c.num(0) + ")"
	for _, x := range bs[1:] {
		out = "(bvadd " + out + " (ite " + x + " " + c.num(1) + " " + c.num(0) + "))"
	}
	return out
}

func (c counter) divisible(count string, m int) string {
	return fmt.Sprintf("(= (bvurem %s %s) %s)", count, c.num(m), c.num(0))
}

func and(xs ...string) string {
	switch len(xs) {
	case 0:
		return "true"
	case 1:
		return xs[0]
	}
	return "(and " + strings.Join(xs, " ") + ")"
}

func or(xs ...string) string {
	switch len(xs) {
	case 0:
		return "false"
	case 1:
		return xs[0]
	}
	return "(or " + strings.Join(xs, " ") + ")"
}

// face is true when the piles whose terms are true lie in one move set.
func (enc *encoding) face(member []string) string {
	var cases []string
	for _, set := range enc.sets {
		var outside []string
		for i, x := range member {
			if !set.Has(i) {
				outside = append(outside, "(not "+x+")")
			}
		}
		cases = append(cases, and(outside...))
	}
	return or(cases...)
}

// digitStepI is (I)'s step: digits so far equal, a column of p (x) and of q
// (y), each with a multiple of m ones, q nowhere above p, the piles where q
// drops below p a face, and one of them.
func (enc *encoding) digitStepI(m int) query {
	x, y := column("x", enc.n), column("y", enc.n)
	c := enc.counter(m)
	var b strings.Builder
	b.WriteString("(set-logic QF_BV)\n")
	declareBools(&b, x)
	declareBools(&b, y)
	drops := make([]string, enc.n)
	for i := range enc.n {
		fmt.Fprintf(&b, "(assert (=> %s %s))\n", y[i], x[i])
		drops[i] = "(and " + x[i] + " (not " + y[i] + "))"
	}
	fmt.Fprintf(&b, "(assert %s)\n(assert %s)\n", c.divisible(c.ones(x), m), c.divisible(c.ones(y), m))
	fmt.Fprintf(&b, "(assert %s)\n(assert %s)\n", enc.face(drops), or(drops...))
	return query{name: proof.I, script: b.String()}
}

// digitStepII is (II)'s step: Moore's construction on one column, from any
// set C of changed piles that is a face, and the negation of what it must
// keep true.
func (enc *encoding) digitStepII(m int) query {
	n := enc.n
	changed, x := column("c", n), column("x", n)
	c := enc.counter(m)
	var b strings.Builder
	b.WriteString("(set-logic QF_BV)\n")
	declareBools(&b, changed)
	declareBools(&b, x)
	// bad: a column above had a count of ones not divisible by m.
	b.WriteString("(declare-const bad Bool)\n")
	fmt.Fprintf(&b, "(assert %s)\n", enc.face(changed))
	fmt.Fprintf(&b, "(assert (=> bad %s))\n", or(changed...))
	unchangedOne := make([]string, n)
	for i := range n {
		unchangedOne[i] = "(and (not " + changed[i] + ") " + x[i] + ")"
	}
	count := fmt.Sprintf("(_ BitVec %d)", c.width)
	fmt.Fprintf(&b, "(define-fun r () %s (bvurem %s %s))\n", count, c.ones(unchangedOne), c.num(m))
	fmt.Fprintf(&b, "(define-fun clear () Bool (bvule (bvadd %s r) %s))\n", c.ones(changed), c.num(m-1))
	fmt.Fprintf(&b, "(define-fun need () %s (ite (= r %s) %s (bvsub %s r)))\n", count, c.num(0), c.num(0), c.num(m))
	y, next := column("y", n), column("d", n)
	for i := range n {
		// s: pile i is among the first r unchanged piles with a 1.
		fmt.Fprintf(&b, "(define-fun s%d () Bool (and clear %s (bvult %s r)))\n", i, unchangedOne[i], c.ones(unchangedOne[:i]))
		fmt.Fprintf(&b, "(define-fun %s () Bool (ite %s (and (not clear) (bvult %s need)) (and %s (not s%d))))\n",
			y[i], changed[i], c.ones(changed[:i]), x[i], i)
		fmt.Fprintf(&b, "(define-fun %s () Bool (or %s s%d))\n", next[i], changed[i], i)
	}
	keeps := []string{c.divisible(c.ones(y), m), enc.face(next)}
	for i := range n {
		keeps = append(keeps,
			fmt.Sprintf("(=> %s %s)", changed[i], next[i]),
			fmt.Sprintf("(=> (and (not %s) (not %s)) (= %s %s))", changed[i], next[i], y[i], x[i]),
			fmt.Sprintf("(=> (and (not %s) %s) (and %s (not %s)))", changed[i], next[i], x[i], y[i]))
	}
	keeps = append(keeps, fmt.Sprintf("(=> (or bad (not %s)) %s)", c.divisible(c.ones(x), m), or(next...)))
	fmt.Fprintf(&b, "(assert (not %s))\n", and(keeps...))
	return query{name: proof.II, script: b.String()}
}

// digitsStepIRoute decides (I) for S = colmod(m, every pile once) by the
// inductive step on one column of binary digits (digits.go).
//
// Soundness: the step uses only that an option q of p is at most p in every
// pile, differs from it, and differs only on piles that lie in one of
// enc.sets. The take and slow rules on the faces of a complex (enc.take,
// with enc.sets the facets) move so; so does any rule of normal or misère
// play, but the step is only wired to two-condition (normal) proofs.
var digitsStepIRoute = route{name: viaDigits, kind: proof.Digits, file: digitsFile, searchSmall: true, rewrite: func(enc *encoding, rt *route, queries []query) []query {
	return enc.byDigitStep(rt, 0, enc.digitStepI, queries)
}, needs: func(enc *encoding) error {
	if _, ok := enc.columnModulus(); !ok {
		return errors.New("the set is not colmod(m, every pile once) with m >= 2")
	}
	if !enc.take {
		return errors.New("a move does not take from the piles of one face")
	}
	if enc.g.Misere {
		return errors.New("misère play has a third condition")
	}
	if enc.grundy {
		return errors.New("the steps are about a set of P-positions, not Sprague–Grundy values")
	}
	return nil
}}

// digitsStepIIRoute decides (II) for S = colmod(m, every pile once) by
// Moore's construction, one column of binary digits at a time (digits.go).
//
// Soundness: the construction writes an option q of p by lowering the piles
// of a non-empty face C by amounts it chooses digit by digit. That q is a
// legal option needs every non-empty face to be playable and any positive
// amount to be taken from each of its piles: simplicial Nim
// (game.TakeOnFaces), in normal play. A slow game's move takes exactly one
// token and is not such a q.
var digitsStepIIRoute = route{name: viaDigits, kind: proof.Digits, file: digitsFile, searchSmall: true, rewrite: func(enc *encoding, rt *route, queries []query) []query {
	return enc.byDigitStep(rt, 1, enc.digitStepII, queries)
}, needs: func(enc *encoding) error {
	if err := digitsStepIRoute.needs(enc); err != nil {
		return err
	}
	if !enc.g.TakeOnFaces() || enc.slow {
		return fmt.Errorf("the move of Moore's construction takes any amount from each pile of a face; the %s rule does not", enc.g.Rule().Name())
	}
	return nil
}}
