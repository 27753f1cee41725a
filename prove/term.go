package prove

import (
	"math/big"
	"strconv"
)

// The terms the translator (expression.go) builds, with the bounds that
// choose the width of bit-vectors.

// term is an SMT-LIB term of sort Int or Bool, with its value when it is a
// constant.
type term struct {
	s       string
	boolean bool
	isConst bool
	c       int
	// bound is at least the absolute value of the term's integer value at
	// every position with piles below 2^63 (nil: 1, for Bools).
	bound *big.Int
	// nonNeg is true when the integer value is at least 0 at every
	// position (piles are never negative: where a query builds an option
	// whose pile could be, the option's legality guards its S). Then % and
	// / by a constant need no case for a negative x, which Go's rounding
	// towards 0 does: z3 answered NIM(4,3)'s (II) in a third of the CPU
	// time without it (22 s against 64 s, the same load).
	nonNeg bool
}

func boolTerm(s string) term { return term{s: s, boolean: true} }

// intTerm is an integer term whose absolute value is at most bound.
func intTerm(s string, bound *big.Int) term { return term{s: s, bound: bound} }

// nonNegative marks t as never negative.
func nonNegative(t term) term {
	t.nonNeg = true
	return t
}

// allNonNeg reports whether every term is never negative.
func allNonNeg(ts ...term) bool {
	for _, t := range ts {
		if !t.nonNeg {
			return false
		}
	}
	return true
}

func (tr translator) constTerm(c int) term {
	return term{s: tr.a.num(c), isConst: true, c: c, bound: absBig(c), nonNeg: c >= 0}
}

func absBig(c int) *big.Int {
	b := big.NewInt(int64(c))
	if c < 0 && int64(c) == -1<<63 {
		return new(big.Int).Lsh(big.NewInt(1), 63)
	}
	return b.Abs(b)
}

// boundOf is t's bound, 1 for a Bool read as an integer.
func (t term) boundOf() *big.Int {
	if t.bound == nil {
		return big.NewInt(1)
	}
	return t.bound
}

func sumBounds(ts ...term) *big.Int {
	out := new(big.Int)
	for _, t := range ts {
		out.Add(out, t.boundOf())
	}
	return out
}

func maxBound(ts ...term) *big.Int {
	out := new(big.Int)
	for _, t := range ts {
		if t.boundOf().Cmp(out) > 0 {
			out = t.boundOf()
		}
	}
	return out
}

// numeral writes c as an SMT-LIB Int term.
func numeral(c int) string {
	if c < 0 {
		return "(- " + strconv.FormatUint(uint64(-(c+1))+1, 10) + ")"
	}
	return strconv.Itoa(c)
}

// asInt reads a Bool as 1 or 0, as check's evaluator does.
func (tr translator) asInt(t term) term {
	if !t.boolean {
		return t
	}
	if t.isConst {
		return tr.constTerm(t.c)
	}
	return nonNegative(intTerm("(ite "+t.s+" "+tr.a.num(1)+" "+tr.a.num(0)+")", big.NewInt(1)))
}

// asBool reads an integer as true when it is not 0.
func (tr translator) asBool(t term) term {
	if t.boolean {
		return t
	}
	if t.isConst {
		return constBool(t.c != 0)
	}
	return boolTerm("(not (= " + t.s + " " + tr.a.num(0) + "))")
}

func constBool(b bool) term {
	return term{s: strconv.FormatBool(b), boolean: true, isConst: true, c: b2i(b)}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
