package certificate

import (
	"math/big"

	"github.com/nimlab/nimlab/game"
)

// Operations on Reflect.v's terms and formulas (reflect.go) that the
// split as data needs (wholesplit.go): putting a move's piles in
// (Reflect.v's fsub), picking the cases of disjunctions (select), and, in
// Go only, evaluating them at positions, to pick the cases that hold
// where the split's samples are, and renumbering their variables.

// selectCases is Reflect.v's select: f with each disjunction met, left
// to right, replaced by the case path names (true: the left one), and
// the path left.
func selectCases(f *fm, path []bool) (*fm, []bool) {
	switch f.op {
	case "\\/":
		if len(path) == 0 {
			return f, path
		}
		if path[0] {
			return selectCases(f.f, path[1:])
		}
		return selectCases(f.g, path[1:])
	case "/\\":
		a, rest := selectCases(f.f, path)
		b, rest := selectCases(f.g, rest)
		return &fm{op: "/\\", f: a, g: b}, rest
	}
	return f, path
}

// casesHolding appends to path the cases of f's disjunctions, in the
// order Reflect.v's select meets them, that hold at every one of envs:
// at each, the left one where it holds at all of them, else the right.
func casesHolding(f *fm, envs [][]*big.Int, path []bool) []bool {
	switch f.op {
	case "\\/":
		left := true
		for _, env := range envs {
			if !f.f.holds(env) {
				left = false
				break
			}
		}
		if left {
			return casesHolding(f.f, envs, append(path, true))
		}
		return casesHolding(f.g, envs, append(path, false))
	case "/\\":
		return casesHolding(f.g, envs, casesHolding(f.f, envs, path))
	}
	return path
}

// hasOr reports whether f has a disjunction.
func (f *fm) hasOr() bool {
	switch f.op {
	case "\\/":
		return true
	case "~", "/\\":
		return f.f.hasOr() || (f.g != nil && f.g.hasOr())
	}
	return false
}

// replaceVars returns t with each variable v replaced by by(v).
func (t *zt) replaceVars(by func(v int) *zt) *zt {
	switch t.op {
	case 'v':
		return by(t.v)
	case 'k':
		return t
	case '~':
		return &zt{op: '~', a: t.a.replaceVars(by)}
	}
	return &zt{op: t.op, a: t.a.replaceVars(by), b: t.b.replaceVars(by)}
}

// replaceVars returns f with each variable v replaced by by(v).
func (f *fm) replaceVars(by func(v int) *zt) *fm {
	switch f.op {
	case "True":
		return f
	case "~":
		return &fm{op: "~", f: f.f.replaceVars(by)}
	case "/\\", "\\/":
		return &fm{op: f.op, f: f.f.replaceVars(by), g: f.g.replaceVars(by)}
	}
	return &fm{op: f.op, s: f.s.replaceVars(by), t: f.t.replaceVars(by)}
}

// subst is Reflect.v's fsub: variable i becomes ws[i] (0 past them, as
// zsub).
func (f *fm) subst(ws []*zt) *fm {
	return f.replaceVars(func(v int) *zt {
		if v < len(ws) {
			return ws[v]
		}
		return &zt{op: 'k', k: new(big.Int)}
	})
}

// renumber returns f with variable v numbered local[v].
func (f *fm) renumber(local []int) *fm {
	return f.replaceVars(func(v int) *zt { return &zt{op: 'v', v: local[v]} })
}

// renumber returns t with variable v numbered local[v].
func (t *zt) renumber(local []int) *zt {
	return t.replaceVars(func(v int) *zt { return &zt{op: 'v', v: local[v]} })
}

// mark marks the variables f reads.
func (f *fm) mark(used []bool) {
	switch f.op {
	case "True":
	case "~":
		f.f.mark(used)
	case "/\\", "\\/":
		f.f.mark(used)
		f.g.mark(used)
	default:
		f.s.markTerm(used)
		f.t.markTerm(used)
	}
}

// markTerm marks the variables t reads.
func (t *zt) markTerm(used []bool) {
	switch t.op {
	case 'v':
		used[t.v] = true
	case 'k':
	case '~':
		t.a.markTerm(used)
	default:
		t.a.markTerm(used)
		t.b.markTerm(used)
	}
}

// valuesAt returns, for each position, the values of the variables: its
// piles, then the minima and maxima defs (when ws is nil); or the values
// of the terms ws there.
func valuesAt(ps []game.Position, defs []def, ws []*zt) [][]*big.Int {
	out := make([][]*big.Int, len(ps))
	for i, p := range ps {
		env := make([]*big.Int, 0, len(p)+len(defs))
		for _, x := range p {
			env = append(env, big.NewInt(int64(x)))
		}
		for _, df := range defs {
			env = append(env, df.value(env))
		}
		if ws != nil {
			q := make([]*big.Int, len(ws))
			for j, t := range ws {
				q[j] = t.eval(env)
			}
			env = q
		}
		out[i] = env
	}
	return out
}

// eval returns the term's value where the variables have the values
// env (0 past them, as Reflect.v's ev).
func (t *zt) eval(env []*big.Int) *big.Int {
	switch t.op {
	case 'v':
		if t.v < len(env) {
			return env[t.v]
		}
		return new(big.Int)
	case 'k':
		return t.k
	case '~':
		return new(big.Int).Neg(t.a.eval(env))
	}
	a, b := t.a.eval(env), t.b.eval(env)
	switch t.op {
	case '+':
		return new(big.Int).Add(a, b)
	case '-':
		return new(big.Int).Sub(a, b)
	}
	return new(big.Int).Mul(a, b)
}

// holds reports whether the formula holds where the variables have the
// values env.
func (f *fm) holds(env []*big.Int) bool {
	switch f.op {
	case "True":
		return true
	case "~":
		return !f.f.holds(env)
	case "/\\":
		return f.f.holds(env) && f.g.holds(env)
	case "\\/":
		return f.f.holds(env) || f.g.holds(env)
	}
	c := f.s.eval(env).Cmp(f.t.eval(env))
	switch f.op {
	case "<=":
		return c <= 0
	case "<":
		return c < 0
	case "=":
		return c == 0
	case ">=":
		return c >= 0
	}
	return c > 0
}
