package check

import (
	"fmt"
	"math/big"
	"math/bits"

	"github.com/expr-lang/expr/ast"
	"github.com/nimlab/nimlab/game"
)

// The evaluator answers in the integers: it computes in int, and a position
// where some term leaves int is computed again here, in big integers, by a
// walk of the expression's tree. Compile bounds every term so that this walk
// never needs more than maxTermBits binary digits.

// maxTermBits bounds the binary digits of every term of an expression, at
// piles of at most pileBits digits: Compile refuses an expression where a
// term could need more. 4096 digits hold a product of 65 piles or a pile to
// the 65th power, far beyond any characterization in the literature (they
// are linear, or work on binary digits), while a value never takes more than
// 512 bytes and an operation on it some microseconds, so no expression can
// make an evaluation allocate or run without limit.
const maxTermBits = 4096

// pileBits is the binary digits of the largest pile, 2^63-1.
const pileBits = 63

// exact returns the value of the expression at p in the integers.
func (e *Expr) exact(p game.Position) *big.Int {
	x := interpreter{e: e, names: map[string]*big.Int{}}
	return x.eval(e.tree, p)
}

// interpreter computes an expression in big integers. Values are never
// changed once computed, so a let's value is shared by every use.
type interpreter struct {
	e *Expr
	// names holds the value of each name a let in scope binds.
	names map[string]*big.Int
}

func (x *interpreter) eval(node ast.Node, p game.Position) *big.Int {
	switch n := node.(type) {
	case *ast.IntegerNode:
		return big.NewInt(int64(n.Value))
	case *ast.BoolNode:
		return bigBool(n.Value)
	case *ast.IdentifierNode:
		if v, ok := x.names[n.Value]; ok {
			return v
		}
		if i, err := x.e.pile(n.Value); err == nil {
			return big.NewInt(int64(p[i]))
		}
	case *ast.UnaryNode:
		v := x.eval(n.Node, p)
		switch n.Operator {
		case "-":
			return new(big.Int).Neg(v)
		case "+":
			return v
		case "!", "not":
			return bigBool(v.Sign() == 0)
		}
	case *ast.BinaryNode:
		switch n.Operator {
		case "&&", "and":
			return bigBool(x.eval(n.Left, p).Sign() != 0 && x.eval(n.Right, p).Sign() != 0)
		case "||", "or":
			return bigBool(x.eval(n.Left, p).Sign() != 0 || x.eval(n.Right, p).Sign() != 0)
		}
		if v, ok := bigBinary(n.Operator, x.eval(n.Left, p), x.eval(n.Right, p)); ok {
			return v
		}
	case *ast.ConditionalNode:
		if x.eval(n.Cond, p).Sign() != 0 {
			return x.eval(n.Exp1, p)
		}
		return x.eval(n.Exp2, p)
	case *ast.VariableDeclaratorNode:
		v := x.eval(n.Value, p)
		outer, shadows := x.names[n.Name]
		x.names[n.Name] = v
		body := x.eval(n.Expr, p)
		if shadows {
			x.names[n.Name] = outer
		} else {
			delete(x.names, n.Name)
		}
		return body
	case *ast.BuiltinNode:
		return x.call(n.Name, n.Arguments, p)
	case *ast.CallNode:
		if id, ok := n.Callee.(*ast.IdentifierNode); ok {
			return x.call(id.Value, n.Arguments, p)
		}
	}
	panic(fmt.Sprintf("check: %q compiled but %s cannot be computed", x.e.src, node))
}

func (x *interpreter) call(name string, args []ast.Node, p game.Position) *big.Int {
	if name == "sym" {
		q := make(game.Position, len(p))
		for _, perm := range x.e.perms {
			for i, j := range perm {
				q[i] = p[j]
			}
			if x.eval(args[0], q).Sign() != 0 {
				return big.NewInt(1)
			}
		}
		return new(big.Int)
	}
	vs := make([]*big.Int, len(args))
	for i, a := range args {
		vs[i] = x.eval(a, p)
	}
	v, ok := bigCall(name, vs)
	if !ok {
		panic(fmt.Sprintf("check: %q compiled but %s() cannot be computed", x.e.src, name))
	}
	return v
}

// bigBinary computes a binary operator other than && and || in big
// integers, with the evaluator's semantics.
func bigBinary(op string, x, y *big.Int) (*big.Int, bool) {
	z := new(big.Int)
	switch op {
	case "+":
		return z.Add(x, y), true
	case "-":
		return z.Sub(x, y), true
	case "*":
		return z.Mul(x, y), true
	case "/":
		if y.Sign() == 0 {
			return z, true
		}
		return z.Quo(x, y), true
	case "%":
		if y.Sign() == 0 {
			return z, true
		}
		return z.Rem(x, y), true
	case "^":
		return z.Xor(x, y), true
	case "**":
		return bigPower(x, y), true
	case "==":
		return bigBool(x.Cmp(y) == 0), true
	case "!=":
		return bigBool(x.Cmp(y) != 0), true
	case "<":
		return bigBool(x.Cmp(y) < 0), true
	case "<=":
		return bigBool(x.Cmp(y) <= 0), true
	case ">":
		return bigBool(x.Cmp(y) > 0), true
	case ">=":
		return bigBool(x.Cmp(y) >= 0), true
	}
	return nil, false
}

// bigCall computes a function other than sym() in big integers, with the
// evaluator's semantics.
func bigCall(name string, vs []*big.Int) (*big.Int, bool) {
	switch name {
	case "xor":
		z := new(big.Int).Set(vs[0])
		for _, v := range vs[1:] {
			z.Xor(z, v)
		}
		return z, true
	case "min", "max":
		z := vs[0]
		for _, v := range vs[1:] {
			if c := v.Cmp(z); name == "min" && c < 0 || name == "max" && c > 0 {
				z = v
			}
		}
		return z, true
	case "abs":
		return new(big.Int).Abs(vs[0]), true
	case "colmod":
		return bigBool(columnsDivisibleBig(vs[0], vs[1:])), true
	case "slowmoves":
		return slowMovesBig(vs[0], vs[1:]), true
	}
	return nil, false
}

// bigPower returns x**y for y >= 0, and 0 for y < 0.
func bigPower(x, y *big.Int) *big.Int {
	switch {
	case y.Sign() < 0:
		return new(big.Int)
	case x.CmpAbs(big.NewInt(1)) <= 0 && y.Sign() > 0:
		// 0, 1 and -1 to any power: no need to square them y's length times.
		if x.Sign() < 0 && y.Bit(0) == 0 {
			return big.NewInt(1)
		}
		return new(big.Int).Set(x)
	}
	return new(big.Int).Exp(x, y, nil)
}

// columnsDivisibleBig is ColumnsDivisible in big integers.
func columnsDivisibleBig(m *big.Int, values []*big.Int) bool {
	if m.Sign() < 1 {
		return false
	}
	digits := 0
	for _, x := range values {
		if x.Sign() < 0 {
			return false
		}
		digits = max(digits, x.BitLen())
	}
	for i := range digits {
		count := int64(0)
		for _, x := range values {
			count += int64(x.Bit(i))
		}
		// count <= len(values), so a modulus above it divides only 0.
		if m.IsInt64() && count%m.Int64() != 0 || !m.IsInt64() && count != 0 {
			return false
		}
	}
	return true
}

// slowMovesBig is SlowMoves in big integers, which never saturates: the
// largest t with sum of min(x, t) >= k·t, negative piles counting as empty;
// 0 when k < 1.
func slowMovesBig(k *big.Int, piles []*big.Int) *big.Int {
	if k.Sign() < 1 {
		return new(big.Int)
	}
	sum := new(big.Int)
	for _, x := range piles {
		if x.Sign() > 0 {
			sum.Add(sum, x)
		}
	}
	// playable(t) holds on an interval [0, T], T at most the total over k.
	var total, kt big.Int
	playable := func(t *big.Int) bool {
		total.SetInt64(0)
		for _, x := range piles {
			if x.Sign() > 0 {
				if x.Cmp(t) < 0 {
					total.Add(&total, x)
				} else {
					total.Add(&total, t)
				}
			}
		}
		return total.Cmp(kt.Mul(k, t)) >= 0
	}
	lo, hi := new(big.Int), new(big.Int).Quo(sum, k)
	one := big.NewInt(1)
	mid := new(big.Int)
	for lo.Cmp(hi) < 0 {
		// mid = lo + (hi-lo+1)/2
		mid.Sub(hi, lo)
		mid.Add(mid, one)
		mid.Rsh(mid, 1)
		mid.Add(mid, lo)
		if playable(mid) {
			lo.Set(mid)
		} else {
			hi.Sub(mid, one)
		}
	}
	return lo
}

func bigBool(b bool) *big.Int { return big.NewInt(int64(b2i(b))) }

// termBound bounds a term of an expression: its absolute value is below
// 2^bits at every position with piles up to 2^63-1. konst is the term's
// value when it depends on no pile.
type termBound struct {
	bits  int
	konst *big.Int
}

// bound bounds node and every term in it, and refuses a term that can have
// more than maxTermBits binary digits or a power whose exponent depends on
// the piles. names bounds the let names in scope.
func (e *Expr) bound(node ast.Node, names map[string]termBound) (termBound, error) {
	digits, fold, err := e.bound1(node, names)
	if err != nil {
		return termBound{}, err
	}
	if digits > maxTermBits {
		return termBound{}, tooLarge(node, big.NewInt(int64(digits)))
	}
	if fold == nil {
		return termBound{bits: digits}, nil
	}
	v := fold() // node is bounded, so it can be computed
	return termBound{bits: v.BitLen(), konst: v}, nil
}

func tooLarge(node ast.Node, digits *big.Int) error {
	return fmt.Errorf("the term %s can have %v binary digits; at most %d are computed", node, digits, maxTermBits)
}

// ifConstant returns fold when the terms all depend on no pile, else nil.
func ifConstant(fold func() *big.Int, ts ...termBound) func() *big.Int {
	for _, t := range ts {
		if t.konst == nil {
			return nil
		}
	}
	return fold
}

// bound1 bounds the binary digits of node from the bounds of its terms.
// fold, when node depends on no pile, computes its value from theirs.
func (e *Expr) bound1(node ast.Node, names map[string]termBound) (digits int, fold func() *big.Int, err error) {
	switch n := node.(type) {
	case *ast.IntegerNode:
		v := big.NewInt(int64(n.Value))
		return v.BitLen(), func() *big.Int { return v }, nil
	case *ast.BoolNode:
		return 1, func() *big.Int { return bigBool(n.Value) }, nil
	case *ast.IdentifierNode:
		if b, ok := names[n.Value]; ok {
			return b.bits, ifConstant(func() *big.Int { return b.konst }, b), nil
		}
		return pileBits, nil, nil
	case *ast.UnaryNode:
		x, err := e.bound(n.Node, names)
		if err != nil {
			return 0, nil, err
		}
		switch n.Operator {
		case "-":
			return x.bits, ifConstant(func() *big.Int { return new(big.Int).Neg(x.konst) }, x), nil
		case "!", "not":
			return 1, ifConstant(func() *big.Int { return bigBool(x.konst.Sign() == 0) }, x), nil
		}
		return x.bits, ifConstant(func() *big.Int { return x.konst }, x), nil
	case *ast.BinaryNode:
		return e.boundBinary(n, names)
	case *ast.ConditionalNode:
		c, err := e.bound(n.Cond, names)
		if err != nil {
			return 0, nil, err
		}
		x, err := e.bound(n.Exp1, names)
		if err != nil {
			return 0, nil, err
		}
		y, err := e.bound(n.Exp2, names)
		if err != nil {
			return 0, nil, err
		}
		return max(x.bits, y.bits), ifConstant(func() *big.Int {
			if c.konst.Sign() != 0 {
				return x.konst
			}
			return y.konst
		}, c, x, y), nil
	case *ast.VariableDeclaratorNode:
		v, err := e.bound(n.Value, names)
		if err != nil {
			return 0, nil, err
		}
		outer, shadows := names[n.Name]
		names[n.Name] = v
		body, err := e.bound(n.Expr, names)
		if shadows {
			names[n.Name] = outer
		} else {
			delete(names, n.Name)
		}
		if err != nil {
			return 0, nil, err
		}
		return body.bits, ifConstant(func() *big.Int { return body.konst }, body), nil
	case *ast.BuiltinNode:
		return e.boundCall(n.Name, n.Arguments, names)
	case *ast.CallNode:
		if id, ok := n.Callee.(*ast.IdentifierNode); ok {
			return e.boundCall(id.Value, n.Arguments, names)
		}
	}
	return 0, nil, unsupported(node)
}

func (e *Expr) boundBinary(n *ast.BinaryNode, names map[string]termBound) (digits int, fold func() *big.Int, err error) {
	x, err := e.bound(n.Left, names)
	if err != nil {
		return 0, nil, err
	}
	y, err := e.bound(n.Right, names)
	if err != nil {
		return 0, nil, err
	}
	fold = ifConstant(func() *big.Int {
		switch n.Operator {
		case "&&", "and":
			return bigBool(x.konst.Sign() != 0 && y.konst.Sign() != 0)
		case "||", "or":
			return bigBool(x.konst.Sign() != 0 || y.konst.Sign() != 0)
		}
		v, _ := bigBinary(n.Operator, x.konst, y.konst)
		return v
	}, x, y)
	switch n.Operator {
	case "+", "-":
		return max(x.bits, y.bits) + 1, fold, nil
	case "*":
		if small := min(x.bits, y.bits); small <= 1 { // 0 or at most 1 in size
			return small * max(x.bits, y.bits), fold, nil
		}
		return x.bits + y.bits, fold, nil
	case "/":
		return x.bits, fold, nil
	case "%":
		return min(x.bits, y.bits), fold, nil
	case "^":
		// Two's complement: |x|, |y| < 2^k give -2^k <= x ^ y < 2^k.
		return max(x.bits, y.bits) + 1, fold, nil
	case "**":
		if y.konst == nil {
			return 0, nil, fmt.Errorf("the exponent of %s depends on the piles; a power needs a constant exponent", n)
		}
		switch {
		case y.konst.Sign() < 0:
			return 0, fold, nil
		case y.konst.Sign() == 0:
			return 1, fold, nil
		case x.bits <= 1: // 0, 1 and -1 stay there
			return x.bits, fold, nil
		case x.konst != nil:
			// |x| >= 2^(k-1) for k digits: the power has at least
			// (k-1)·y + 1 digits, and at most k·y, under twice as many.
			least := new(big.Int).Mul(big.NewInt(int64(x.bits-1)), y.konst)
			if least.Add(least, big.NewInt(1)).Cmp(big.NewInt(maxTermBits)) > 0 {
				return 0, nil, tooLarge(n, least)
			}
			v := bigPower(x.konst, y.konst)
			return v.BitLen(), func() *big.Int { return v }, nil
		}
		most := new(big.Int).Mul(big.NewInt(int64(x.bits)), y.konst)
		if most.Cmp(big.NewInt(maxTermBits)) > 0 {
			return 0, nil, tooLarge(n, most)
		}
		return int(most.Int64()), nil, nil
	}
	return 1, fold, nil // a comparison, && or ||
}

func (e *Expr) boundCall(name string, args []ast.Node, names map[string]termBound) (digits int, fold func() *big.Int, err error) {
	ts := make([]termBound, len(args))
	widest := 0
	for i, a := range args {
		t, err := e.bound(a, names)
		if err != nil {
			return 0, nil, err
		}
		ts[i] = t
		if i > 0 || name != "slowmoves" {
			widest = max(widest, t.bits)
		}
	}
	if name == "sym" {
		return 1, nil, nil
	}
	// A k that depends on no pile and is below 1 names no game: a slip,
	// refused. A k computed from the piles is 0 moves there (documented).
	if name == "slowmoves" && len(ts) > 0 && ts[0].konst != nil && ts[0].konst.Sign() <= 0 {
		return 0, nil, fmt.Errorf("slowmoves() takes a number of piles k of at least 1 (a move takes one token from each of k piles), not %v", ts[0].konst)
	}
	fold = ifConstant(func() *big.Int {
		vs := make([]*big.Int, len(ts))
		for i, t := range ts {
			vs[i] = t.konst
		}
		v, _ := bigCall(name, vs)
		return v
	}, ts...)
	switch name {
	case "xor":
		return widest + 1, fold, nil
	case "min", "max", "abs":
		return widest, fold, nil
	case "slowmoves":
		// At most the total of the piles (0 when k < 1): len(ts)-1 values
		// below 2^widest add up to less than 2^(widest + ceil(log2(len(ts)-1))).
		return widest + bits.Len(uint(len(ts)-2)), fold, nil
	}
	return 1, fold, nil // colmod
}
