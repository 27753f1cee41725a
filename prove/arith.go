package prove

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
)

// arith writes integer terms in one of two SMT-LIB theories: unbounded
// integers (width 0: linear integer arithmetic, Presburger's), or signed
// bit-vectors of a fixed width, which also have xor and binary digits. The
// width is chosen so that no term of the proof can overflow for piles below
// 2^63 (chooseArithmetic, with bitsFor, bounds every term), so both mean the
// same arithmetic on integers.
//
// In integers, nimSums, when set, writes the nim-sum (xor, ^) as an
// uninterpreted function and records each use, for the instances of its
// lemmas (nimsum.go); terms are then written out in full, without let, so
// that the instances can name them at the top of the query.
type arith struct {
	width   int
	nimSums *nimSums
}

// maxPile is the largest pile nimlab accepts, 2^63 - 1: the bit-vector
// proofs are for every position with piles up to it.
var maxPile = new(big.Int).SetUint64(1<<63 - 1)

// maxWidth bounds the width of bit-vector proofs.
const maxWidth = 512

func (a arith) bv() bool { return a.width > 0 }

func (a arith) sort() string {
	if a.bv() {
		return fmt.Sprintf("(_ BitVec %d)", a.width)
	}
	return "Int"
}

func (a arith) num(c int) string {
	if !a.bv() {
		return numeral(c)
	}
	if c < 0 {
		return "(bvneg " + a.numBig(absBig(c)) + ")" // absBig: -c overflows at math.MinInt
	}
	return fmt.Sprintf("(_ bv%d %d)", c, a.width)
}

// numBig writes a non-negative constant of any size.
func (a arith) numBig(c *big.Int) string {
	if !a.bv() {
		return c.String()
	}
	return fmt.Sprintf("(_ bv%s %d)", c.String(), a.width)
}

func (a arith) add(xs ...string) string {
	switch len(xs) {
	case 0:
		return a.num(0)
	case 1:
		return xs[0]
	}
	if a.bv() {
		out := xs[0]
		for _, x := range xs[1:] {
			out = "(bvadd " + out + " " + x + ")"
		}
		return out
	}
	return "(+ " + strings.Join(xs, " ") + ")"
}

func (a arith) sub(x, y string) string {
	if a.bv() {
		return "(bvsub " + x + " " + y + ")"
	}
	return "(- " + x + " " + y + ")"
}

func (a arith) neg(x string) string {
	if a.bv() {
		return "(bvneg " + x + ")"
	}
	return "(- " + x + ")"
}

func (a arith) mul(c, x string) string {
	if a.bv() {
		return "(bvmul " + c + " " + x + ")"
	}
	return "(* " + c + " " + x + ")"
}

// cmp writes x op y for op one of < <= > >=, signed.
func (a arith) cmp(op, x, y string) string {
	if a.bv() {
		op = map[string]string{"<": "bvslt", "<=": "bvsle", ">": "bvsgt", ">=": "bvsge"}[op]
	}
	return "(" + op + " " + x + " " + y + ")"
}

// quo writes Go's x / c (rounded towards 0) for a constant c != 0.
func (a arith) quo(x string, c int) string {
	if a.bv() {
		return "(bvsdiv " + x + " " + a.num(c) + ")"
	}
	return truncDiv(x, c)
}

// rem writes Go's x % c (the sign of x) for a constant c != 0; x must be a
// name or a constant (it appears twice).
func (a arith) rem(x string, c int) string {
	if a.bv() {
		return "(bvsrem " + x + " " + a.num(c) + ")"
	}
	return "(- " + x + " (* " + numeral(c) + " " + truncDiv(x, c) + "))"
}

// remNonNegative writes x % c for x >= 0 and c >= 1; x must be a name or a
// constant (it appears twice). In integers it is x - c·(x div c): z3 took
// more than three times as long on NIM(4,3)'s (II) with SMT-LIB's mod
// (22 s of CPU against more than 70 s, the same load).
func (a arith) remNonNegative(x string, c int) string {
	if a.bv() {
		return "(bvurem " + x + " " + a.num(c) + ")"
	}
	k := strconv.Itoa(c)
	return "(- " + x + " (* " + k + " (div " + x + " " + k + ")))"
}

// divNonNegative writes x / c for x >= 0 and c >= 1.
func (a arith) divNonNegative(x string, c int) string {
	if a.bv() {
		return "(bvudiv " + x + " " + a.num(c) + ")"
	}
	return "(div " + x + " " + strconv.Itoa(c) + ")"
}

// pileRange writes "0 <= x" and, for bit-vectors, "x <= 2^63 - 1".
func (a arith) pileRange(x string) string {
	if a.bv() {
		return "(and " + a.cmp("<=", a.num(0), x) + " " + a.cmp("<=", x, a.numBig(maxPile)) + ")"
	}
	return a.cmp("<=", "0", x)
}

// bitsFor returns the width of signed bit-vectors that hold every value of
// absolute value at most bound.
func bitsFor(bound *big.Int) int { return bound.BitLen() + 1 }
