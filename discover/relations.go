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

// xorRelations returns a basis of the sets of piles whose xor is 0 on every
// position of ps: the GF(2) relations that hold on every binary digit, the
// kernel of the digit vectors (one bit per pile) of all positions and
// digits. Sets of one pile (a pile always 0) are left to the linear
// relations.
func xorRelations(ps [][]int, n int) []uint64 {
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
	return gf2Kernel(rows, n)
}

// gf2Kernel returns a basis of {c : c·r = 0 over GF(2) for every r in rows},
// leaving out single piles.
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
		if bits.OnesCount64(c) > 1 {
			out = append(out, c)
		}
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

// xorExpr writes a xor relation: "xor(a, c, e) == 0", or "a == b" for two
// piles.
func xorExpr(set uint64, names []string) string {
	var args []string
	for s := set; s != 0; s &= s - 1 {
		args = append(args, names[bits.TrailingZeros64(s)])
	}
	if len(args) == 2 {
		return args[0] + " == " + args[1]
	}
	return "xor(" + strings.Join(args, ", ") + ") == 0"
}

// columnModuli returns the moduli m >= 3, up to n, such that at every
// binary digit the number of piles with a 1 there is divisible by m on
// every position of ps (m = 2 is the xor of every pile, a xor relation).
func columnModuli(ps [][]int, n int) []int {
	var out []int
	for m := 3; m <= n; m++ {
		ok := true
		for _, p := range ps {
			if !check.ColumnsDivisible(m, slices.Values(p)) {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, m)
		}
	}
	return out
}
