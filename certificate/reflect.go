package certificate

import (
	"context"
	"fmt"
	"math/big"
	"strings"
	"time"
)

// A case of (II)'s split can be proved by reflection (Reflect.v): its
// goal, with the hypotheses it reads, is written as data — terms (zt) and
// formulas (fm) over the piles and the minima and maxima it names (defs)
// — with a certificate: which minima to split, and in each case a Farkas
// combination of the constraints that sums to a negative constant. Coq's
// kernel then runs Reflect.v's check on the data, whose soundness is
// proved there once, and does no search. The data are read from the goal
// as coqc prints it (reflection.go runs coqc once to print every case's
// goal), so they are Coq's goal itself; the certificate is found here
// (farkas.go). Where either fails, the case keeps its lia proof.

// zt is a term of Reflect.v's zt: a variable, a constant, +, -, * or
// unary -.
type zt struct {
	op   byte // 'v', 'k', '+', '-', '*', '~' (unary -)
	v    int
	k    *big.Int
	a, b *zt
}

// fm is a formula of Reflect.v's fm: a comparison of two terms (op one of
// "<=", "<", "=", ">=", ">"), ~, /\ or True.
type fm struct {
	op   string // a comparison, "~", "/\\" or "True"
	s, t *zt
	f, g *fm
}

// def is a minimum (or a maximum) of two terms, held by variable v.
type def struct {
	max  bool
	v    int
	a, b *zt
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
	case "True":
		return "Tr"
	}
	name := map[string]string{"<=": "Le", "<": "Lt", "=": "Eq", ">=": "Ge", ">": "Gt"}[f.op]
	return name + " (" + f.s.coq() + ") (" + f.t.coq() + ")"
}

// coq writes the definition as Reflect.v's data.
func (d def) coq() string {
	name := "DMin"
	if d.max {
		name = "DMax"
	}
	return fmt.Sprintf("%s %d (%s) (%s)", name, d.v, d.a.coq(), d.b.coq())
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
		return "(- " + t.a.value(names) + ")"
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
	case "~", "/\\":
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
	case "~":
		x, ok := f.f.facts()
		return []factSet{x}, ok
	}
	x, ok := f.denial()
	return []factSet{x}, ok
}

// cases returns the two cases of a minimum or a maximum (Reflect.v's
// cases_of): its first argument at most its second (below it, where tie
// is false) and it that one, or the other way round.
func (d def) cases(tie bool) ([]linConstraint, []linConstraint, bool) {
	ts, ok1 := diff(d.b, d.a)
	va, ok2 := diff(&zt{op: 'v', v: d.v}, d.a)
	vb, ok3 := diff(&zt{op: 'v', v: d.v}, d.b)
	if !ok1 || !ok2 || !ok3 {
		return nil, nil, false
	}
	first, second := va, vb
	if d.max {
		first, second = vb, va
	}
	below, above := ts, ts.scale(minusOne).less1()
	if !tie {
		below, above = ts.less1(), ts.scale(minusOne)
	}
	return []linConstraint{{form: below}, {form: first, zero: true}},
		[]linConstraint{{form: above}, {form: second, zero: true}}, true
}

// refutation is Reflect.v's cert.
type refutation struct {
	kind    byte // 'f' (Farkas), 'd' (a minimum or maximum), 'n' (a disequality), 'l' (l <= 0 or l >= 1), 'g' (Denial), '.' (Done)
	weights []*big.Int
	index   int
	tie     bool
	form    linForm
	a, b    *refutation
}

func (r *refutation) coq() string {
	switch r.kind {
	case 'd':
		return fmt.Sprintf("SplitDef %d %t (%s) (%s)", r.index, r.tie, r.a.coq(), r.b.coq())
	case 'n':
		return fmt.Sprintf("SplitNeq %d (%s) (%s)", r.index, r.a.coq(), r.b.coq())
	case 'l':
		return fmt.Sprintf("SplitLin %s (%s) (%s)", r.form.coq(), r.a.coq(), r.b.coq())
	case 'g':
		return fmt.Sprintf("Denial (%s) (%s)", r.a.coq(), r.b.coq())
	case '.':
		return "Done"
	}
	ws := "WNil"
	for i := len(r.weights) - 1; i >= 0; i-- {
		if w := r.weights[i]; w.Sign() > 0 {
			ws = fmt.Sprintf("W %d %s (%s)", i, w, ws)
		} else if w.Sign() < 0 {
			ws = fmt.Sprintf("W %d (%s) (%s)", i, w, ws)
		}
	}
	return "Farkas (" + ws + ")"
}

// maxLPs bounds the linear programs one case may take, and caseTime its
// time: past them, the case keeps its lia proof.
const (
	maxLPs   = 2000
	caseTime = 5 * time.Second
)

// refuter finds a case's refutations.
type refuter struct {
	ctx      context.Context
	deadline time.Time
	defs     []def
	nv       int
	lps      int
	// cone marks the defs a denial reads: those of its variables, and of
	// theirs; they are split first.
	cone []bool
}

// setCone marks the defs the forms read, directly or through other
// defs.
func (r *refuter) setCone(forms []linForm) {
	r.cone = make([]bool, len(r.defs))
	byVar := map[int]int{}
	for k, d := range r.defs {
		byVar[d.v] = k
	}
	var mark func(l linForm)
	mark = func(l linForm) {
		for i, c := range l {
			k, ok := byVar[i-1]
			if i == 0 || c.Sign() == 0 || !ok || r.cone[k] {
				continue
			}
			r.cone[k] = true
			for _, arg := range []*zt{r.defs[k].a, r.defs[k].b} {
				if f, ok := arg.lin(); ok {
					mark(f)
				}
			}
		}
	}
	for _, l := range forms {
		mark(l)
	}
}

// lp solves the constraints (farkas), within the budget: false when it is
// spent.
func (r *refuter) lp(cs []linConstraint) ([]*big.Int, []*big.Rat, bool) {
	if r.lps++; r.lps > maxLPs || r.ctx.Err() != nil || time.Now().After(r.deadline) {
		return nil, nil, false
	}
	weights, point := farkas(cs, r.nv)
	return weights, point, weights != nil || point != nil
}

// with returns cs followed by more, in a new slice.
func with(cs []linConstraint, more ...linConstraint) []linConstraint {
	return append(append(make([]linConstraint, 0, len(cs)+len(more)), cs...), more...)
}

// top returns the refutation of the goal's denials under the
// hypotheses' constraints: first each def whose case the constraints
// decide is split there, its other case refuted by them (so that every
// denial reads it), then each denial refuted in turn.
func (r *refuter) top(cs []linConstraint, nes []linForm, dens []factSet, decided []bool, from int) *refutation {
	if from == 0 {
		weights, _, ok := r.lp(cs)
		if !ok {
			return nil
		}
		if weights != nil {
			return &refutation{kind: 'f', weights: weights}
		}
	}
	for k := from; k < len(r.defs); k++ {
		d := r.defs[k]
		if decided[k] {
			continue
		}
		for _, tie := range []bool{true, false} {
			one, other, ok := d.cases(tie)
			if !ok {
				return nil
			}
			impossible := other
			if !tie {
				impossible = one
			}
			weights, _, ok := r.lp(with(cs, impossible[0]))
			if !ok {
				return nil
			}
			if weights == nil {
				continue
			}
			now := append([]bool(nil), decided...)
			now[k] = true
			refuted := &refutation{kind: 'f', weights: weights}
			if tie {
				rest := r.top(with(cs, one...), nes, dens, now, k+1)
				if rest == nil {
					return nil
				}
				return &refutation{kind: 'd', index: k, tie: true, a: rest, b: refuted}
			}
			rest := r.top(with(cs, other...), nes, dens, now, k+1)
			if rest == nil {
				return nil
			}
			return &refutation{kind: 'd', index: k, tie: false, a: refuted, b: rest}
		}
	}
	chain := &refutation{kind: '.'}
	for i := len(dens) - 1; i >= 0; i-- {
		var forms []linForm
		for _, c := range dens[i].cs {
			forms = append(forms, c.form)
		}
		r.setCone(append(forms, dens[i].nes...))
		c := r.refute(with(cs, dens[i].cs...), append(append([]linForm(nil), nes...), dens[i].nes...), decided, make([]bool, len(nes)+len(dens[i].nes)))
		if c == nil {
			return nil
		}
		chain = &refutation{kind: 'g', a: c, b: chain}
	}
	return chain
}

// refute returns a certificate that the constraints and disequalities
// have no integer solution where every def holds, or nil. Where the
// rationals satisfy them, it splits a def the point found breaks, else a
// disequality it breaks, else (for the integers) a coordinate of the
// point that is no integer, else the first disequality, then def, not
// split yet.
func (r *refuter) refute(cs []linConstraint, nes []linForm, decided, split []bool) *refutation {
	weights, point, ok := r.lp(cs)
	if !ok {
		return nil
	}
	if weights != nil {
		return &refutation{kind: 'f', weights: weights}
	}
	pick, neq := -1, false
	for k, d := range r.defs {
		if pick < 0 && !decided[k] && r.cone[k] && !d.holds(point) {
			pick = k
		}
	}
	for i, l := range nes {
		if pick < 0 && !split[i] && evalForm(l, point).Sign() == 0 {
			pick, neq = i, true
		}
	}
	for k, d := range r.defs {
		if pick < 0 && !decided[k] && !d.holds(point) {
			pick = k
		}
	}
	if pick < 0 {
		if j := fractional(point); j >= 0 {
			// x_j <= floor(v) or x_j >= floor(v) + 1.
			floor := new(big.Int).Div(point[j].Num(), point[j].Denom())
			l := unitForm(j).add(constForm(new(big.Int).Neg(floor)))
			a := r.refute(with(cs, linConstraint{form: l.scale(minusOne)}), nes, decided, split)
			if a == nil {
				return nil
			}
			b := r.refute(with(cs, linConstraint{form: l.less1()}), nes, decided, split)
			if b == nil {
				return nil
			}
			return &refutation{kind: 'l', form: l, a: a, b: b}
		}
	}
	for i := range nes {
		if pick < 0 && !split[i] {
			pick, neq = i, true
		}
	}
	for k := range r.defs {
		if pick < 0 && !decided[k] {
			pick = k
		}
	}
	if pick < 0 {
		return nil // an integer point where every def holds: no certificate
	}
	var one, other []linConstraint
	if neq {
		l := nes[pick]
		one, other = []linConstraint{{form: l.scale(minusOne).less1()}}, []linConstraint{{form: l.less1()}}
		split = append([]bool(nil), split...)
		split[pick] = true
	} else {
		var ok bool
		if one, other, ok = r.defs[pick].cases(true); !ok {
			return nil
		}
		decided = append([]bool(nil), decided...)
		decided[pick] = true
	}
	a := r.refute(with(cs, one...), nes, decided, split)
	if a == nil {
		return nil
	}
	b := r.refute(with(cs, other...), nes, decided, split)
	if b == nil {
		return nil
	}
	if neq {
		return &refutation{kind: 'n', index: pick, a: a, b: b}
	}
	return &refutation{kind: 'd', index: pick, tie: true, a: a, b: b}
}

// fractional returns the first coordinate of the point that is no
// integer, or -1.
func fractional(point []*big.Rat) int {
	for j, v := range point {
		if !v.IsInt() {
			return j
		}
	}
	return -1
}

// evalForm returns the form's value at a point.
func evalForm(l linForm, point []*big.Rat) *big.Rat {
	v := new(big.Rat)
	for i, c := range l {
		if c.Sign() == 0 {
			continue
		}
		x := big.NewRat(1, 1)
		if i > 0 {
			if i-1 >= len(point) {
				continue
			}
			x = point[i-1]
		}
		v.Add(v, new(big.Rat).Mul(new(big.Rat).SetInt(c), x))
	}
	return v
}

// holds reports whether the def's variable is its minimum (maximum) at
// the point.
func (d def) holds(point []*big.Rat) bool {
	a, ok1 := d.a.lin()
	b, ok2 := d.b.lin()
	if !ok1 || !ok2 {
		return false
	}
	x, y := evalForm(a, point), evalForm(b, point)
	want := x
	if (x.Cmp(y) > 0) != d.max {
		want = y
	}
	return point[d.v].Cmp(want) == 0
}

// reflected is a case proved by reflection: its data and certificate.
type reflected struct {
	env  []string
	defs []def
	hyps []*fm
	goal *fm
	cert *refutation
}

// certify finds the case's certificate, and reports whether it did.
func (g *reflected) certify(ctx context.Context) bool {
	var base factSet
	for _, h := range g.hyps {
		x, ok := h.facts()
		if !ok {
			return false
		}
		base.cs, base.nes = append(base.cs, x.cs...), append(base.nes, x.nes...)
	}
	dens, ok := g.goal.denials()
	if !ok {
		return false
	}
	r := &refuter{ctx: ctx, deadline: time.Now().Add(caseTime), defs: g.defs, nv: len(g.env)}
	g.cert = r.top(base.cs, base.nes, dens, make([]bool, len(g.defs)), 0)
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
