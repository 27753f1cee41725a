package discover

import (
	"fmt"
	"math/big"
	"math/bits"
	"slices"
	"strings"

	"github.com/nimlab/nimlab/check"
)

// Linear is an exact integer relation on the piles: sum of Coef[i]·p_i = RHS.
type Linear struct {
	Coef []int64
	RHS  int64
}

// holds reports whether p satisfies the relation.
func (l Linear) holds(p []int) bool {
	var sum int64
	for i, c := range l.Coef {
		sum += c * int64(p[i])
	}
	return sum == l.RHS
}

// expr writes the relation in check's expression language, the positive
// terms on the left: "a + b == d + e", "b == c + d", "a == 0".
func (l Linear) expr(names []string) string {
	var left, right []string
	term := func(c int64, name string) string {
		if c == 1 {
			return name
		}
		return fmt.Sprintf("%d*%s", c, name)
	}
	for i, c := range l.Coef {
		switch {
		case c > 0:
			left = append(left, term(c, names[i]))
		case c < 0:
			right = append(right, term(-c, names[i]))
		}
	}
	rhs := l.RHS
	switch {
	case rhs > 0:
		right = append(right, fmt.Sprint(rhs))
	case rhs < 0:
		left = append(left, fmt.Sprint(-rhs))
	}
	if len(left) == 0 {
		left = []string{"0"}
	}
	if len(right) == 0 {
		right = []string{"0"}
	}
	if len(right) == 1 && len(left) > 1 && right[0] != "0" {
		left, right = right, left // "b == c + d"
	}
	return strings.Join(left, " + ") + " == " + strings.Join(right, " + ")
}

// linearRelations returns a basis of the rational linear relations
// c·p = d that hold on every position of ps (n piles), each scaled to
// coprime integers, by exact row reduction over the rationals of the rows
// (p, 1): the relations are the kernel of the row space. The row space is
// found from the positions that are independent of the earlier ones; a
// position is checked against the current relations first, which is cheap,
// and reduced only when it breaks one.
func linearRelations(ps [][]int, n int) []Linear {
	var basis [][]*big.Rat // row echelon, pivot of row r at pivots[r], leading 1
	var pivots []int
	relations := kernel(basis, pivots, n+1)
	for _, p := range ps {
		if len(relations) == 0 {
			break
		}
		if slices.IndexFunc(relations, func(l Linear) bool { return !l.holds(p) }) < 0 {
			continue
		}
		row := make([]*big.Rat, n+1)
		for i := range n {
			row[i] = big.NewRat(int64(p[i]), 1)
		}
		row[n] = big.NewRat(1, 1)
		basis, pivots = insertRow(basis, pivots, row)
		relations = kernel(basis, pivots, n+1)
	}
	return relations
}

// maxCoefficient bounds the coefficients of the relations kept.
var maxCoefficient = big.NewInt(1 << 20)

// insertRow reduces row against the echelon basis and adds it when it is
// independent, keeping the basis in reduced row echelon form.
func insertRow(basis [][]*big.Rat, pivots []int, row []*big.Rat) ([][]*big.Rat, []int) {
	var t big.Rat
	for r, b := range basis {
		f := new(big.Rat).Set(row[pivots[r]])
		if f.Sign() == 0 {
			continue
		}
		for j := range row {
			row[j] = new(big.Rat).Sub(row[j], t.Mul(f, b[j]))
		}
	}
	pivot := slices.IndexFunc(row, func(x *big.Rat) bool { return x.Sign() != 0 })
	if pivot < 0 {
		return basis, pivots
	}
	inv := new(big.Rat).Inv(row[pivot])
	for j := range row {
		row[j] = new(big.Rat).Mul(row[j], inv)
	}
	// Clear the new pivot's column in the other rows.
	for r, b := range basis {
		f := new(big.Rat).Set(b[pivot])
		if f.Sign() == 0 {
			continue
		}
		for j := range b {
			basis[r][j] = new(big.Rat).Sub(b[j], t.Mul(f, row[j]))
		}
	}
	basis = append(basis, row)
	pivots = append(pivots, pivot)
	return basis, pivots
}

// kernel returns the integer relations spanning the kernel of the reduced
// basis over m columns (the last one the constant): one per free column.
func kernel(basis [][]*big.Rat, pivots []int, m int) []Linear {
	var out []Linear
	for _, free := range freeColumns(pivots, m) {
		v := make([]*big.Rat, m)
		for c := range m {
			v[c] = new(big.Rat)
		}
		v[free].SetInt64(1)
		for r, c := range pivots {
			v[c].Neg(basis[r][free])
		}
		// Scale to coprime integers.
		lcm := big.NewInt(1)
		for _, x := range v {
			d := x.Denom()
			g := new(big.Int).GCD(nil, nil, lcm, d)
			lcm.Mul(lcm, new(big.Int).Quo(d, g))
		}
		ints := make([]*big.Int, m)
		gcd := new(big.Int)
		for c, x := range v {
			ints[c] = new(big.Int).Quo(new(big.Int).Mul(x.Num(), lcm), x.Denom())
			gcd.GCD(nil, nil, gcd, new(big.Int).Abs(ints[c]))
		}
		l := Linear{Coef: make([]int64, m-1)}
		ok := true
		for c, x := range ints {
			// Coefficients up to 2^20 keep sum of c·p within int64 for
			// the piles of any box Discover solves (at most 2^30 each,
			// 26 piles); a larger relation is left out, which only makes
			// the description weaker, and the verification says so.
			if x.Quo(x, gcd); x.CmpAbs(maxCoefficient) > 0 {
				ok = false
				break
			}
			if c < m-1 {
				l.Coef[c] = x.Int64()
			} else {
				l.RHS = -x.Int64()
			}
		}
		if ok {
			// A leading negative coefficient reads better flipped.
			if i := slices.IndexFunc(l.Coef, func(c int64) bool { return c != 0 }); i >= 0 && l.Coef[i] < 0 {
				for c := range l.Coef {
					l.Coef[c] = -l.Coef[c]
				}
				l.RHS = -l.RHS
			}
			out = append(out, l)
		}
	}
	return out
}

// freeColumns lists the columns 0..m-1 that are not pivots: one kernel
// vector each.
func freeColumns(pivots []int, m int) []int {
	var free []int
	for c := range m {
		if !slices.Contains(pivots, c) {
			free = append(free, c)
		}
	}
	return free
}

// relation is a condition a description holds besides its linear
// relations.
type relation interface {
	holds(p []int) bool
	expr(names []string) string
}

// xorSet is the relation "the piles of the set xor to 0".
type xorSet uint64

func (x xorSet) holds(p []int) bool { return xorHolds(uint64(x), p) }

// xorRelations returns a basis of the sets of piles whose xor is 0 on every
// position of ps: the GF(2) relations that hold on every binary digit, the
// kernel of the digit vectors (one bit per pile) of all positions and
// digits. Sets of one pile (a pile always 0) are left to the linear
// relations.
func xorRelations(ps [][]int, n int) []relation {
	var rows []uint64 // echelon over GF(2), by highest bit
	add := func(v uint64) {
		for _, r := range rows {
			if v^r < v {
				v ^= r
			}
		}
		if v != 0 {
			rows = append(rows, v)
			slices.SortFunc(rows, func(a, b uint64) int { return bits.Len64(b) - bits.Len64(a) })
		}
	}
	for _, p := range ps {
		if len(rows) == n {
			return nil
		}
		for digit := range 63 {
			var v uint64
			nonzero := false
			for i := range n {
				if p[i]>>digit != 0 {
					nonzero = true
				}
				v |= uint64(p[i]>>digit&1) << i
			}
			if !nonzero {
				break
			}
			add(v)
		}
	}
	// The relations: vectors c with popcount(c & r) even for every row r.
	var out []relation
	for _, c := range gf2Kernel(rows, n) {
		if bits.OnesCount64(c) > 1 {
			out = append(out, xorSet(c))
		}
	}
	return out
}

// gf2Kernel returns a basis of {c : c·r = 0 over GF(2) for every r in rows}.
func gf2Kernel(rows []uint64, n int) []uint64 {
	// Reduced echelon form with pivot columns.
	var pivotRows []uint64
	var pivotCols []int
	for _, r := range rows {
		for k, pr := range pivotRows {
			if r>>pivotCols[k]&1 == 1 {
				r ^= pr
			}
		}
		if r == 0 {
			continue
		}
		col := bits.TrailingZeros64(r)
		for k := range pivotRows {
			if pivotRows[k]>>col&1 == 1 {
				pivotRows[k] ^= r
			}
		}
		pivotRows, pivotCols = append(pivotRows, r), append(pivotCols, col)
	}
	var out []uint64
	for _, free := range freeColumns(pivotCols, n) {
		c := uint64(1) << free
		for k, col := range pivotCols {
			if pivotRows[k]>>free&1 == 1 {
				c |= 1 << col
			}
		}
		out = append(out, c)
	}
	return out
}

// xorHolds reports whether the piles in set xor to 0 at p.
func xorHolds(set uint64, p []int) bool {
	x := 0
	for s := set; s != 0; s &= s - 1 {
		x ^= p[bits.TrailingZeros64(s)]
	}
	return x == 0
}

// expr writes a xor relation: "xor(a, c, e) == 0", or "a == b" for two
// piles.
func (x xorSet) expr(names []string) string {
	args := setNames(uint64(x), names)
	if len(args) == 2 {
		return args[0] + " == " + args[1]
	}
	return "xor(" + strings.Join(args, ", ") + ") == 0"
}

// setNames lists the names of the piles of set.
func setNames(set uint64, names []string) []string {
	var out []string
	for s := set; s != 0; s &= s - 1 {
		out = append(out, names[bits.TrailingZeros64(s)])
	}
	return out
}

// columnModulus m is Moore's relation: at every binary digit the number of
// piles with a 1 there is divisible by m.
type columnModulus int

func (m columnModulus) holds(p []int) bool {
	return check.ColumnsDivisible(int(m), slices.Values(p))
}

func (m columnModulus) expr(names []string) string {
	return fmt.Sprintf("colmod(%d, %s)", m, strings.Join(names, ", "))
}

// columnModuli returns the moduli m >= 3, up to n, such that at every
// binary digit the number of piles with a 1 there is divisible by m on
// every position of ps (m = 2 is the xor of every pile, a xor relation).
func columnModuli(ps [][]int, n int) []relation {
	var out []relation
	for m := 3; m <= n; m++ {
		ok := true
		for _, p := range ps {
			if !check.ColumnsDivisible(m, slices.Values(p)) {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, columnModulus(m))
		}
	}
	return out
}

// parity is the relation "the piles of set hold an odd (or an even) number
// of tokens together": the sum mod 2.
type parity struct {
	set uint64
	odd bool
}

func (r parity) holds(p []int) bool {
	sum := 0
	for s := r.set; s != 0; s &= s - 1 {
		sum += p[bits.TrailingZeros64(s)] & 1
	}
	return sum&1 == 1 == r.odd
}

// expr writes "(a + b) % 2 == 1", or "a % 2 == 0" for one pile.
func (r parity) expr(names []string) string {
	sum := strings.Join(setNames(r.set, names), " + ")
	if bits.OnesCount64(r.set) > 1 {
		sum = "(" + sum + ")"
	}
	rest := 0
	if r.odd {
		rest = 1
	}
	return fmt.Sprintf("%s %% 2 == %d", sum, rest)
}

// parityRelations returns a basis of the relations sum of p_i over a set ≡ 0
// or 1 (mod 2) that hold on every position of ps: the kernel over GF(2) of
// the rows (p mod 2, 1), the last column the constant.
func parityRelations(ps [][]int, n int) []relation {
	var rows []uint64
	seen := map[uint64]bool{}
	for _, p := range ps {
		v := uint64(1) << n
		for i := range n {
			v |= uint64(p[i]&1) << i
		}
		if !seen[v] {
			seen[v] = true
			rows = append(rows, v)
		}
	}
	var out []relation
	for _, c := range gf2Kernel(rows, n+1) {
		if set := c &^ (1 << n); set != 0 {
			out = append(out, parity{set: set, odd: c>>n&1 == 1})
		}
	}
	return out
}

// minForm is the relation "pile equals the smaller (max: the larger) of the
// sums of two sets of piles", as e = min(x, a1 + a2) for CN(8,6) in Dufour–Heubach 2013, Theorem 4.1.
type minForm struct {
	pile        int
	left, right uint64
	max         bool
}

func setSum(set uint64, p []int) int {
	sum := 0
	for s := set; s != 0; s &= s - 1 {
		sum += p[bits.TrailingZeros64(s)]
	}
	return sum
}

func (r minForm) holds(p []int) bool {
	l, m := setSum(r.left, p), setSum(r.right, p)
	if r.max {
		return p[r.pile] == max(l, m)
	}
	return p[r.pile] == min(l, m)
}

func (r minForm) expr(names []string) string {
	f := "min"
	if r.max {
		f = "max"
	}
	return fmt.Sprintf("%s == %s(%s, %s)", names[r.pile], f,
		strings.Join(setNames(r.left, names), " + "), strings.Join(setNames(r.right, names), " + "))
}

// order is the relation "pile i holds at most as many tokens as pile j".
type order struct{ i, j int }

func (r order) holds(p []int) bool { return p[r.i] <= p[r.j] }

func (r order) expr(names []string) string { return names[r.i] + " <= " + names[r.j] }

// orders returns the inequalities p_i <= p_j that hold on every position of
// ps and are strict at some (an equality is a linear relation).
func orders(ps [][]int, n int) []relation {
	if len(ps) < 2 {
		return nil
	}
	var out []relation
	for i := range n {
		for j := range n {
			if i == j {
				continue
			}
			holds, strict := true, false
			for _, p := range ps {
				if p[i] > p[j] {
					holds = false
					break
				}
				strict = strict || p[i] < p[j]
			}
			if holds && strict {
				out = append(out, order{i, j})
			}
		}
	}
	return out
}

// maxMinFormPiles bounds the piles of a game whose min-forms are searched.
const maxMinFormPiles = 12

// minForms returns, for each pile and each of min and max, the first
// relation pile = min(sum of L, sum of R) (or max) that holds on every
// position of ps, with L and R sets of one or two other piles, and each of
// them alone the smaller (larger) at some position: otherwise it is a
// linear relation.
func minForms(ps [][]int, n int) []relation {
	if n > maxMinFormPiles || len(ps) < 2 {
		return nil
	}
	var out []relation
	for t := range n {
		var sets []uint64
		for i := range n {
			if i != t {
				sets = append(sets, 1<<i)
			}
		}
		for i := range n {
			for j := i + 1; j < n; j++ {
				if i != t && j != t {
					sets = append(sets, 1<<i|1<<j)
				}
			}
		}
		for _, isMax := range []bool{false, true} {
			if r, ok := firstMinForm(ps, t, sets, isMax); ok {
				out = append(out, r)
			}
		}
	}
	return out
}

func firstMinForm(ps [][]int, t int, sets []uint64, isMax bool) (minForm, bool) {
	for a, left := range sets {
		for _, right := range sets[a+1:] {
			if left&right != 0 {
				continue
			}
			r := minForm{pile: t, left: left, right: right, max: isMax}
			leftOnly, rightOnly, ok := false, false, true
			for _, p := range ps {
				if !r.holds(p) {
					ok = false
					break
				}
				l, m := setSum(left, p), setSum(right, p)
				leftOnly = leftOnly || l != m && p[t] == l
				rightOnly = rightOnly || l != m && p[t] == m
			}
			if ok && leftOnly && rightOnly {
				return r, true
			}
		}
	}
	return minForm{}, false
}
