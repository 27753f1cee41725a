package certificate

import (
	"context"
	"fmt"
	"math/big"
	"time"
)

// The search for a case's certificate (Reflect.v's cert): a refutation of
// each literal of its goal, denied, with the hypotheses' constraints, by
// linear programs (farkas.go) and splits where a program's point breaks a
// minimum, a disequality or the integers.

// refutation is Reflect.v's cert.
type refutation struct {
	kind    byte // 'f' (Farkas), 'd' (a minimum or maximum), 'n' (a disequality), 'l' (l <= 0 or l >= 1), 'g' (Denial), 'o' (SplitOr), 'u' (UseAlt), '.' (Done)
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
	case 'o':
		return fmt.Sprintf("SplitOr %d (%s) (%s)", r.index, r.a.coq(), r.b.coq())
	case 'u':
		return fmt.Sprintf("UseAlt %d (%s)", r.index, r.a.coq())
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
// time: past them, the case keeps its lia proof. A leaf of a split
// proved as one computation (wholesplit.go) that has no certificate
// within them is tried again with harder times as many, before lia.
var (
	maxLPs   = 2000
	caseTime = 5 * time.Second
	harder   = 10
)

// refuter finds a case's refutations.
type refuter struct {
	ctx      context.Context
	deadline time.Time
	defs     []def
	// ors are the choices of the hypotheses facts does not read
	// (Reflect.v's ors_all).
	ors    []*alts
	nv     int
	lps    int
	maxLPs int
	// cone marks the defs a denial reads: those of its variables, and of
	// theirs; they are split first.
	cone []bool
	// point is, where the search ends without a certificate at an
	// integer point where every def and choice holds, that point: the
	// hypotheses hold there and the goal does not.
	point []*big.Rat
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
			for _, arg := range r.defs[k].args() {
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
	if r.lps++; r.lps > r.maxLPs || r.ctx.Err() != nil || time.Now().After(r.deadline) {
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
		c := r.refute(with(cs, dens[i].cs...), append(append([]linForm(nil), nes...), dens[i].nes...), decided, make([]bool, len(nes)+len(dens[i].nes)), r.ors)
		if c == nil {
			return nil
		}
		chain = &refutation{kind: 'g', a: c, b: chain}
	}
	return chain
}

// refute returns a certificate that the constraints and disequalities
// have no integer solution where every def and every choice of os
// holds, or nil. Where the rationals satisfy them, it splits a def the
// point found breaks, else a disequality it breaks, else a choice no
// case of which holds there (a case's facts added where it has one),
// else (for the integers) a coordinate of the point that is no integer,
// else the first disequality, then def, not split yet.
func (r *refuter) refute(cs []linConstraint, nes []linForm, decided, split []bool, os []*alts) *refutation {
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
		for i, a := range os {
			if !a.holds(point) {
				return r.choose(cs, nes, decided, split, os, i)
			}
		}
		if j := fractional(point); j >= 0 {
			// x_j <= floor(v) or x_j >= floor(v) + 1.
			floor := new(big.Int).Div(point[j].Num(), point[j].Denom())
			l := unitForm(j).add(constForm(new(big.Int).Neg(floor)))
			a := r.refute(with(cs, linConstraint{form: l.scale(minusOne)}), nes, decided, split, os)
			if a == nil {
				return nil
			}
			b := r.refute(with(cs, linConstraint{form: l.less1()}), nes, decided, split, os)
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
		// An integer point where every def and choice holds: no
		// certificate, a counterexample.
		r.point = point
		return nil
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
	a := r.refute(with(cs, one...), nes, decided, split, os)
	if a == nil {
		return nil
	}
	b := r.refute(with(cs, other...), nes, decided, split, os)
	if b == nil {
		return nil
	}
	if neq {
		return &refutation{kind: 'n', index: pick, a: a, b: b}
	}
	return &refutation{kind: 'd', index: pick, tie: true, a: a, b: b}
}

// choose returns the refutation that splits the choice os[i] (SplitOr),
// or adds its one case's facts (UseAlt).
func (r *refuter) choose(cs []linConstraint, nes []linForm, decided, split []bool, os []*alts, i int) *refutation {
	a := os[i]
	if a.a == nil {
		more := append(append([]linForm(nil), nes...), a.x.nes...)
		now := append([]*alts(nil), os...)
		now[i] = &alts{} // its facts are in: no need to choose it again
		c := r.refute(with(cs, a.x.cs...), more, decided, append(append([]bool(nil), split...), make([]bool, len(a.x.nes))...), now)
		if c == nil {
			return nil
		}
		return &refutation{kind: 'u', index: i, a: c}
	}
	var sides [2]*refutation
	for k, side := range []*alts{a.a, a.b} {
		now := append([]*alts(nil), os...)
		now[i] = side
		if sides[k] = r.refute(cs, nes, decided, split, now); sides[k] == nil {
			return nil
		}
	}
	return &refutation{kind: 'o', index: i, a: sides[0], b: sides[1]}
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

// holds reports whether the def's variable is its minimum (maximum,
// quotient) at the point: for a quotient, whether the point meets its
// case's constraints.
func (d def) holds(point []*big.Rat) bool {
	if d.kind == '/' {
		one, _, ok := d.quotientCases()
		if !ok {
			return false
		}
		for _, c := range one {
			if evalForm(c.form, point).Sign() < 0 {
				return false
			}
		}
		return true
	}
	a, ok1 := d.a.lin()
	b, ok2 := d.b.lin()
	if !ok1 || !ok2 {
		return false
	}
	x, y := evalForm(a, point), evalForm(b, point)
	want := x
	if (x.Cmp(y) > 0) != (d.kind == 'M') {
		want = y
	}
	return point[d.v].Cmp(want) == 0
}
