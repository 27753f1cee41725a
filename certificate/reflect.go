package certificate

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"time"
)

// A case of (II)'s split can be proved by reflection (Reflect.v): its
// goal, with the hypotheses it reads, is written as data — terms (zt) and
// formulas (fm) over the piles and the minima, maxima and quotients it
// names (defs) — with a certificate: which of them to split, and in each
// case a Farkas combination of the constraints that sums to a negative
// constant. Coq's kernel then runs Reflect.v's check on the data, whose
// soundness is proved there once, and does no search. The data are read
// from the goal as coqc prints it (reflection.go runs coqc once to print
// every case's goal), so they are Coq's goal itself; the certificate is
// found by refute.go, with farkas.go's linear programs. Where either
// fails, the case keeps its lia proof.

// zt is a term of Reflect.v's zt: a variable, a constant, +, -, * or
// unary -.
type zt struct {
	op   byte // 'v', 'k', '+', '-', '*', '~' (unary -)
	v    int
	k    *big.Int
	a, b *zt
}

// fm is a formula of Reflect.v's fm: a comparison of two terms (op one of
// "<=", "<", "=", ">=", ">"), ~, /\, \/ or True.
type fm struct {
	op   string // a comparison, "~", "/\\", "\\/" or "True"
	s, t *zt
	f, g *fm
}

// def is a minimum or a maximum of two terms a and b, or the quotient
// of a by a constant k > 0 (rounded down), held by variable v.
type def struct {
	kind byte // 'm' (minimum), 'M' (maximum), '/' (quotient)
	v    int
	a, b *zt
	k    *big.Int
}

// args returns the terms the def reads.
func (d def) args() []*zt {
	if d.kind == '/' {
		return []*zt{d.a}
	}
	return []*zt{d.a, d.b}
}

// renumber returns the def with variable v numbered local[v].
func (d def) renumber(local []int) def {
	out := def{kind: d.kind, v: local[d.v], a: d.a.renumber(local), k: d.k}
	if d.b != nil {
		out.b = d.b.renumber(local)
	}
	return out
}

// value returns the def's value where its arguments' variables have
// the values env.
func (d def) value(env []*big.Int) *big.Int {
	a := d.a.eval(env)
	if d.kind == '/' {
		return new(big.Int).Div(a, d.k) // k > 0: Euclid's quotient is Z.div's
	}
	if b := d.b.eval(env); (a.Cmp(b) > 0) != (d.kind == 'M') {
		return b
	}
	return a
}

// coq writes the term as Reflect.v's data.
func (t *zt) coq() string {
	switch t.op {
	case 'v':
		return fmt.Sprintf("V %d", t.v)
	case 'k':
		if t.k.Sign() < 0 {
			return "K (" + t.k.String() + ")"
		}
		return "K " + t.k.String()
	case '~':
		return "Opp (" + t.a.coq() + ")"
	}
	name := map[byte]string{'+': "Add", '-': "Sub", '*': "Mul"}[t.op]
	return name + " (" + t.a.coq() + ") (" + t.b.coq() + ")"
}

// coq writes the formula as Reflect.v's data.
func (f *fm) coq() string {
	switch f.op {
	case "~":
		return "Not (" + f.f.coq() + ")"
	case "/\\":
		return "And (" + f.f.coq() + ") (" + f.g.coq() + ")"
	case "\\/":
		return "Or (" + f.f.coq() + ") (" + f.g.coq() + ")"
	case "True":
		return "Tr"
	}
	name := map[string]string{"<=": "FLe", "<": "FLt", "=": "FEq", ">=": "FGe", ">": "FGt"}[f.op]
	return name + " (" + f.s.coq() + ") (" + f.t.coq() + ")"
}

// coq writes the definition as Reflect.v's data.
func (d def) coq() string {
	switch d.kind {
	case '/':
		return fmt.Sprintf("DDiv %d (%s) (%s)", d.v, d.a.coq(), d.k)
	case 'M':
		return fmt.Sprintf("DMax %d (%s) (%s)", d.v, d.a.coq(), d.b.coq())
	}
	return fmt.Sprintf("DMin %d (%s) (%s)", d.v, d.a.coq(), d.b.coq())
}

// value writes the term as Coq reads it in a goal, its variables named
// by names.
func (t *zt) value(names []string) string {
	switch t.op {
	case 'v':
		return names[t.v]
	case 'k':
		if t.k.Sign() < 0 {
			return "(" + t.k.String() + ")"
		}
		return t.k.String()
	case '~':
		return "(- (" + t.a.value(names) + "))" // - 1 would be the number -1
	}
	return "(" + t.a.value(names) + " " + string(t.op) + " " + t.b.value(names) + ")"
}

// linForm is a linear form: its constant, then a coefficient per
// variable (Reflect.v's list Z).
type linForm []*big.Int

func constForm(c *big.Int) linForm { return linForm{new(big.Int).Set(c)} }

func unitForm(v int) linForm {
	l := make(linForm, v+2)
	for i := range l {
		l[i] = new(big.Int)
	}
	l[v+1].SetInt64(1)
	return l
}

// coq writes the form as a Coq list.
func (l linForm) coq() string {
	items := make([]string, len(l))
	for i, c := range l {
		items[i] = c.String()
	}
	return coqList(items, "Z")
}

// add returns l + m (Reflect.v's ladd).
func (l linForm) add(m linForm) linForm {
	out := make(linForm, max(len(l), len(m)))
	for i := range out {
		out[i] = new(big.Int)
		if i < len(l) {
			out[i].Add(out[i], l[i])
		}
		if i < len(m) {
			out[i].Add(out[i], m[i])
		}
	}
	return out
}

// scale returns c l (Reflect.v's lscale).
func (l linForm) scale(c *big.Int) linForm {
	out := make(linForm, len(l))
	for i := range l {
		out[i] = new(big.Int).Mul(c, l[i])
	}
	return out
}

// constant returns the form's constant when its coefficients are all 0
// (Reflect.v's lconst).
func (l linForm) constant() (*big.Int, bool) {
	if len(l) == 0 {
		return new(big.Int), true
	}
	for _, c := range l[1:] {
		if c.Sign() != 0 {
			return nil, false
		}
	}
	return l[0], true
}

var minusOne = big.NewInt(-1)

// lin returns the term's linear form (Reflect.v's lin), false where it
// multiplies two terms that are not constant.
func (t *zt) lin() (linForm, bool) {
	switch t.op {
	case 'v':
		return unitForm(t.v), true
	case 'k':
		return constForm(t.k), true
	case '~':
		a, ok := t.a.lin()
		if !ok {
			return nil, false
		}
		return a.scale(minusOne), true
	}
	a, ok := t.a.lin()
	if !ok {
		return nil, false
	}
	b, ok := t.b.lin()
	if !ok {
		return nil, false
	}
	switch t.op {
	case '+':
		return a.add(b), true
	case '-':
		return a.add(b.scale(minusOne)), true
	}
	if c, ok := a.constant(); ok {
		return b.scale(c), true
	}
	if c, ok := b.constant(); ok {
		return a.scale(c), true
	}
	return nil, false
}

// diff returns the form of s - t (Reflect.v's diff).
func diff(s, t *zt) (linForm, bool) {
	a, ok := s.lin()
	if !ok {
		return nil, false
	}
	b, ok := t.lin()
	if !ok {
		return nil, false
	}
	return a.add(b.scale(minusOne)), true
}

// less1 returns l - 1 (Reflect.v's minus1).
func (l linForm) less1() linForm { return l.add(constForm(minusOne)) }

// factSet is what a formula that holds gives (Reflect.v's facts):
// constraints, and disequalities l <> 0.
type factSet struct {
	cs  []linConstraint
	nes []linForm
}

func nonneg(l linForm) factSet { return factSet{cs: []linConstraint{{form: l}}} }

// facts returns the constraints a formula gives, as Reflect.v's facts
// does, in its order.
func (f *fm) facts() (factSet, bool) {
	switch f.op {
	case "True":
		return factSet{}, true
	case "/\\":
		a, ok := f.f.facts()
		if !ok {
			return factSet{}, false
		}
		b, ok := f.g.facts()
		if !ok {
			return factSet{}, false
		}
		return factSet{cs: append(a.cs, b.cs...), nes: append(a.nes, b.nes...)}, true
	case "~":
		return f.f.denial()
	case "\\/":
		return factSet{}, false
	}
	s, t := f.s, f.t
	switch f.op {
	case "<=", "<", "=":
		s, t = t, s
	}
	l, ok := diff(s, t)
	if !ok {
		return factSet{}, false
	}
	switch f.op {
	case "<", ">":
		return nonneg(l.less1()), true
	case "=":
		return factSet{cs: []linConstraint{{form: l, zero: true}}}, true
	}
	return nonneg(l), true
}

// denial returns what the negation of a formula gives (Reflect.v's
// facts of Not f), where it is a literal or True.
func (f *fm) denial() (factSet, bool) {
	switch f.op {
	case "True":
		return nonneg(constForm(minusOne)), true
	case "~", "/\\", "\\/":
		return factSet{}, false
	}
	s, t := f.s, f.t
	switch f.op {
	case ">=", ">":
		s, t = t, s
	}
	l, ok := diff(s, t)
	if !ok {
		return factSet{}, false
	}
	switch f.op {
	case "<=", ">=":
		return nonneg(l.less1()), true
	case "=":
		return factSet{nes: []linForm{l}}, true
	}
	return nonneg(l), true
}

// denials returns, for each literal of a goal, what its negation gives
// (Reflect.v's denials).
func (f *fm) denials() ([]factSet, bool) {
	switch f.op {
	case "/\\":
		a, ok := f.f.denials()
		if !ok {
			return nil, false
		}
		b, ok := f.g.denials()
		if !ok {
			return nil, false
		}
		return append(a, b...), true
	case "True":
		return nil, true
	case "\\/":
		return nil, false
	case "~":
		x, ok := f.f.facts()
		return []factSet{x}, ok
	}
	x, ok := f.denial()
	return []factSet{x}, ok
}

// cases returns the two cases of a minimum or a maximum (Reflect.v's
// cases_of): its first argument at most its second (below it, where tie
// is false) and a minimum the first, a maximum the second; or the other
// way round.
func (d def) cases(tie bool) ([]linConstraint, []linConstraint, bool) {
	if d.kind == '/' {
		return d.quotientCases()
	}
	ts, ok1 := diff(d.b, d.a)
	va, ok2 := diff(&zt{op: 'v', v: d.v}, d.a)
	vb, ok3 := diff(&zt{op: 'v', v: d.v}, d.b)
	if !ok1 || !ok2 || !ok3 {
		return nil, nil, false
	}
	first, second := va, vb
	if d.kind == 'M' {
		first, second = vb, va
	}
	below, above := ts, ts.scale(minusOne).less1()
	if !tie {
		below, above = ts.less1(), ts.scale(minusOne)
	}
	return []linConstraint{{form: below}, {form: first, zero: true}},
		[]linConstraint{{form: above}, {form: second, zero: true}}, true
}

// alts is Reflect.v's alts: the cases of a hypothesis facts does not
// read, a disjunction or a conjunction denied: one case (a and b nil),
// its facts x, or a choice of a and b.
type alts struct {
	x    factSet
	a, b *alts
}

// choices returns the cases of f (pos) or of its negation (Reflect.v's
// choices).
func (f *fm) choices(pos bool) (*alts, bool) {
	switch {
	case f.op == "~":
		return f.f.choices(!pos)
	case f.op == "\\/" && !pos:
		return nil, false
	case f.op == "\\/" || f.op == "/\\" && !pos:
		a, ok := f.f.choices(pos)
		if !ok {
			return nil, false
		}
		b, ok := f.g.choices(pos)
		if !ok {
			return nil, false
		}
		return &alts{a: a, b: b}, true
	}
	g := f
	if !pos {
		g = &fm{op: "~", f: f}
	}
	x, ok := g.facts()
	return &alts{x: x}, ok
}

// holds reports whether a case of the choice holds at the point.
func (a *alts) holds(point []*big.Rat) bool {
	if a.a != nil {
		return a.a.holds(point) || a.b.holds(point)
	}
	for _, c := range a.x.cs {
		if v := evalForm(c.form, point); v.Sign() < 0 || c.zero && v.Sign() != 0 {
			return false
		}
	}
	for _, l := range a.x.nes {
		if evalForm(l, point).Sign() == 0 {
			return false
		}
	}
	return true
}

// refutedNow reports whether the set's constants refute it (Reflect.v's
// refuted_now, whose denials check drops): a constraint l >= 0 whose l
// is a negative constant, l = 0 whose l is a constant other than 0, or
// l <> 0 whose l is 0.
func (x factSet) refutedNow() bool {
	for _, c := range x.cs {
		if k, ok := c.form.constant(); ok && (k.Sign() < 0 || c.zero && k.Sign() != 0) {
			return true
		}
	}
	for _, l := range x.nes {
		if k, ok := l.constant(); ok && k.Sign() == 0 {
			return true
		}
	}
	return false
}

// quotientCases returns the cases of a quotient v = a / k (Reflect.v's
// cases_of): k v <= a <= k v + k - 1, and -1 >= 0, which never holds.
func (d def) quotientCases() ([]linConstraint, []linConstraint, bool) {
	if d.k.Sign() <= 0 {
		return nil, nil, false
	}
	kv := &zt{op: '*', a: &zt{op: 'k', k: d.k}, b: &zt{op: 'v', v: d.v}}
	lo, ok1 := diff(d.a, kv)
	hi, ok2 := diff(&zt{op: '+', a: kv, b: &zt{op: 'k', k: new(big.Int).Sub(d.k, big.NewInt(1))}}, d.a)
	if !ok1 || !ok2 {
		return nil, nil, false
	}
	return []linConstraint{{form: lo}, {form: hi}}, []linConstraint{{form: constForm(minusOne)}}, true
}

// reflected is a case proved by reflection: its data and certificate.
type reflected struct {
	env  []string
	defs []def
	hyps []*fm
	goal *fm
	cert *refutation
	// counterexample is, where certify found none, the values of env
	// at which the hypotheses hold and the goal does not, if it met one.
	counterexample []*big.Rat
}

// certify finds the case's certificate within maxLPs linear programs
// and caseTime, and reports whether it did.
func (g *reflected) certify(ctx context.Context) bool {
	return g.certifyWithin(ctx, maxLPs, caseTime)
}

// certifyWithin finds the case's certificate within lps linear programs
// and time d, and reports whether it did.
func (g *reflected) certifyWithin(ctx context.Context, lps int, d time.Duration) bool {
	var base factSet
	var ors []*alts
	for _, h := range g.hyps {
		x, ok := h.facts()
		if !ok {
			// Reflect.v's facts_all reads it as no facts, ors_all as
			// a choice.
			if a, ok := h.choices(true); ok {
				ors = append(ors, a)
			}
			continue
		}
		base.cs, base.nes = append(base.cs, x.cs...), append(base.nes, x.nes...)
	}
	dens, ok := g.goal.denials()
	if !ok {
		return false
	}
	dens = slices.DeleteFunc(dens, factSet.refutedNow)
	r := &refuter{ctx: ctx, deadline: time.Now().Add(d), defs: g.defs, ors: ors, nv: len(g.env), maxLPs: lps}
	g.cert = r.top(base.cs, base.nes, dens, make([]bool, len(g.defs)), 0)
	g.counterexample = r.point
	return g.cert != nil
}

// tactic writes the tactic that proves the case's goal (its hypotheses
// reverted) by Reflect.v's check.
func (g *reflected) tactic() string {
	var defs, hyps []string
	for _, d := range g.defs {
		defs = append(defs, d.coq())
	}
	for _, h := range g.hyps {
		hyps = append(hyps, h.coq())
	}
	return fmt.Sprintf("reflect_check %s %s %s (%s) (%s)", coqList(g.env, "Z"), coqList(defs, "def"), coqList(hyps, "fm"), g.goal.coq(), g.cert.coq())
}

// coqList writes a Coq list of items of type typ, x1 :: x2 :: @nil typ,
// which needs no notation imported.
func coqList(items []string, typ string) string {
	var b strings.Builder
	b.WriteString("(")
	for _, x := range items {
		b.WriteString("(" + x + ") :: ")
	}
	b.WriteString("@nil " + typ + ")%list")
	return b.String()
}
