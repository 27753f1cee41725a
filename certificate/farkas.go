package certificate

import (
	"math"
	"math/big"
)

// A system of linear constraints over the rationals, each l >= 0 or
// l = 0 for a linear form l (its constant first, then a coefficient per
// variable), is either satisfied by a point or refuted by a Farkas
// combination: weights, at least 0 for the inequalities, whose weighted
// sum of the forms has every coefficient 0 and a constant below 0.
// farkas finds one or the other with the simplex method on the
// combination's system (exact rationals, Bland's rule, so it ends).
// Nothing here is trusted: the weights are checked by Coq's kernel
// (Reflect.v's check), and a point only guides the search for them.

// linConstraint is one constraint: form >= 0, or form = 0 when zero.
type linConstraint struct {
	form linForm
	zero bool
}

// farkas returns, for constraints over nv variables, integer weights
// refuting them (one per constraint), or else a point (nv rationals)
// satisfying them all.
func farkas(cs []linConstraint, nv int) (weights []*big.Int, point []*big.Rat) {
	// The combination's unknowns: a weight per inequality (>= 0), two per
	// equation (its positive and negative parts). Its rows: each
	// variable's coefficient in the sum is 0, and the constant is -1.
	var cols [][]*big.Rat
	var owner []int
	var sign []int
	for i, c := range cs {
		col := make([]*big.Rat, nv+1)
		for j := range nv + 1 {
			col[j] = new(big.Rat)
			if j < len(c.form) {
				col[j].SetInt(c.form[j])
			}
		}
		// Row order: variables 1..nv, then the constant.
		col = append(col[1:], col[0])
		cols, owner, sign = append(cols, col), append(owner, i), append(sign, 1)
		if c.zero {
			neg := make([]*big.Rat, len(col))
			for j := range col {
				neg[j] = new(big.Rat).Neg(col[j])
			}
			cols, owner, sign = append(cols, neg), append(owner, i), append(sign, -1)
		}
	}
	rhs := make([]*big.Rat, nv+1)
	for j := range rhs {
		rhs[j] = new(big.Rat)
	}
	rhs[nv].SetInt64(-1)
	x, y := phaseOne(cols, rhs)
	if x != nil {
		sum := make([]*big.Rat, len(cs))
		for i := range sum {
			sum[i] = new(big.Rat)
		}
		for k, v := range x {
			if sign[k] > 0 {
				sum[owner[k]].Add(sum[owner[k]], v)
			} else {
				sum[owner[k]].Sub(sum[owner[k]], v)
			}
		}
		return integral(sum), nil
	}
	if y == nil || y[nv].Sign() <= 0 {
		return nil, nil
	}
	point = make([]*big.Rat, nv)
	for j := range nv {
		point[j] = new(big.Rat).Quo(y[j], y[nv])
	}
	return nil, point
}

// integral scales rationals by the least common multiple of their
// denominators.
func integral(xs []*big.Rat) []*big.Int {
	lcm := big.NewInt(1)
	for _, x := range xs {
		d := x.Denom()
		g := new(big.Int).GCD(nil, nil, lcm, d)
		lcm.Mul(lcm, new(big.Int).Quo(d, g))
	}
	out := make([]*big.Int, len(xs))
	for i, x := range xs {
		v := new(big.Rat).Mul(x, new(big.Rat).SetInt(lcm))
		out[i] = new(big.Int).Set(v.Num())
	}
	return out
}

// phaseOne seeks x >= 0 with sum_k x_k cols[k] = rhs (columns of length
// m). It returns x, or else y with y . col >= 0 for every column and
// y . rhs < 0 (so that no such x exists).
func phaseOne(cols [][]*big.Rat, rhs []*big.Rat) (x []*big.Rat, y []*big.Rat) {
	m, n := len(rhs), len(cols)
	// Rows flipped so that the right-hand side is at least 0; an
	// artificial variable per row, the first basis.
	flip := make([]bool, m)
	t := make([][]q, m) // m rows of n + m columns, then the rhs
	for i := range m {
		flip[i] = rhs[i].Sign() < 0
		row := make([]q, n+m+1)
		for k := range n {
			row[k] = ratQ(cols[k][i])
		}
		for a := range m {
			row[n+a] = intQ(0)
		}
		row[n+i] = intQ(1)
		row[n+m] = ratQ(rhs[i])
		if flip[i] {
			for k := range n {
				row[k] = row[k].neg()
			}
			row[n+m] = row[n+m].neg()
		}
		t[i] = row
	}
	basis := make([]int, m)
	for i := range basis {
		basis[i] = n + i
	}
	// Reduced costs of the cost 1 on each artificial variable.
	d := make([]q, n+m+1)
	for k := range d {
		d[k] = intQ(0)
	}
	for k := range n + m + 1 {
		if k >= n && k < n+m {
			continue
		}
		for i := range m {
			d[k] = d[k].sub(t[i][k])
		}
	}
	for {
		enter := -1
		for k := range n + m {
			if d[k].sign() < 0 {
				enter = k
				break
			}
		}
		if enter < 0 {
			break
		}
		leave := -1
		var best q
		for i := range m {
			if t[i][enter].sign() <= 0 {
				continue
			}
			r := t[i][n+m].div(t[i][enter])
			if leave < 0 || r.cmp(best) < 0 || r.cmp(best) == 0 && basis[i] < basis[leave] {
				leave, best = i, r
			}
		}
		if leave < 0 {
			break // unbounded: cannot happen with an objective bounded below by 0
		}
		pivot(t, d, leave, enter)
		basis[leave] = enter
	}
	// The objective's value is -d[n+m].
	if d[n+m].sign() == 0 {
		x = make([]*big.Rat, n)
		for k := range x {
			x[k] = new(big.Rat)
		}
		for i, b := range basis {
			if b < n {
				x[b] = t[i][n+m].rat()
			}
		}
		return x, nil
	}
	// The duals of the flipped system: y_i = 1 - d(artificial i); then
	// -y, flipped back, refutes the system.
	y = make([]*big.Rat, m)
	for i := range m {
		v := d[n+i].sub(intQ(1))
		if flip[i] {
			v = v.neg()
		}
		y[i] = v.rat()
	}
	return nil, y
}

// pivot makes column enter basic in row leave.
func pivot(t [][]q, d []q, leave, enter int) {
	p := t[leave][enter]
	for k := range t[leave] {
		t[leave][k] = t[leave][k].div(p)
	}
	for i := range t {
		if i == leave || t[i][enter].sign() == 0 {
			continue
		}
		f := t[i][enter]
		for k := range t[i] {
			if t[leave][k].sign() != 0 {
				t[i][k] = t[i][k].sub(f.mul(t[leave][k]))
			}
		}
	}
	if f := d[enter]; f.sign() != 0 {
		for k := range d {
			if t[leave][k].sign() != 0 {
				d[k] = d[k].sub(f.mul(t[leave][k]))
			}
		}
	}
}

// q is a rational: n/d with int64s (d > 0, in lowest terms) while they
// fit, else big.
type q struct {
	n, d int64
	big  *big.Rat
}

func intQ(n int64) q { return q{n: n, d: 1} }

func ratQ(r *big.Rat) q {
	if r.Num().IsInt64() && r.Denom().IsInt64() {
		return q{n: r.Num().Int64(), d: r.Denom().Int64()}
	}
	return q{big: new(big.Rat).Set(r)}
}

func (a q) rat() *big.Rat {
	if a.big != nil {
		return new(big.Rat).Set(a.big)
	}
	return big.NewRat(a.n, a.d)
}

func (a q) sign() int {
	if a.big != nil {
		return a.big.Sign()
	}
	switch {
	case a.n < 0:
		return -1
	case a.n > 0:
		return 1
	}
	return 0
}

func (a q) neg() q {
	if a.big != nil || a.n == math.MinInt64 {
		return q{big: new(big.Rat).Neg(a.rat())}
	}
	return q{n: -a.n, d: a.d}
}

// small builds n/d in lowest terms, or false where it does not fit.
func small(n, d int64, ok bool) (q, bool) {
	if !ok || d == 0 || n == math.MinInt64 || d == math.MinInt64 {
		return q{}, false
	}
	if d < 0 {
		n, d = -n, -d
	}
	g := gcd64(n, d)
	return q{n: n / g, d: d / g}, true
}

func gcd64(a, b int64) int64 {
	if a < 0 {
		a = -a
	}
	for b != 0 {
		a, b = b, a%b
	}
	if a == 0 {
		return 1
	}
	return a
}

// mul64 returns x y, or false where it overflows.
func mul64(x, y int64) (int64, bool) {
	if x == 0 || y == 0 {
		return 0, true
	}
	p := x * y
	if p/y != x || x == -1 && y == math.MinInt64 || y == -1 && x == math.MinInt64 {
		return 0, false
	}
	return p, true
}

// add64 returns x + y, or false where it overflows.
func add64(x, y int64) (int64, bool) {
	s := x + y
	if (x > 0 && y > 0 && s < 0) || (x < 0 && y < 0 && s >= 0) {
		return 0, false
	}
	return s, true
}

func (a q) mul(b q) q {
	if a.big == nil && b.big == nil {
		g1, g2 := gcd64(a.n, b.d), gcd64(b.n, a.d)
		n, ok1 := mul64(a.n/g1, b.n/g2)
		d, ok2 := mul64(a.d/g2, b.d/g1)
		if r, ok := small(n, d, ok1 && ok2); ok {
			return r
		}
	}
	return q{big: new(big.Rat).Mul(a.rat(), b.rat())}
}

func (a q) div(b q) q {
	if b.big == nil && b.n != math.MinInt64 {
		inv := q{n: b.d, d: b.n}
		if b.n < 0 {
			inv = q{n: -b.d, d: -b.n}
		}
		return a.mul(inv)
	}
	return q{big: new(big.Rat).Quo(a.rat(), b.rat())}
}

func (a q) sub(b q) q {
	if a.big == nil && b.big == nil {
		g := gcd64(a.d, b.d)
		x, ok1 := mul64(a.n, b.d/g)
		y, ok2 := mul64(b.n, a.d/g)
		n, ok3 := add64(x, -y)
		d, ok4 := mul64(a.d/g, b.d)
		if y != math.MinInt64 {
			if r, ok := small(n, d, ok1 && ok2 && ok3 && ok4); ok {
				return r
			}
		}
	}
	return q{big: new(big.Rat).Sub(a.rat(), b.rat())}
}

func (a q) cmp(b q) int { return a.sub(b).sign() }
