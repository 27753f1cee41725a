// Package check compares a characterization of the P-positions — a theorem's
// test or an expression typed by the user — with a computed table, and reports
// where and why it fails: the positions where they disagree, and the
// violations of conditions (I) and (II) of Dufour–Heubach 2013,
// Theorem 1.2 (equivalently Ehrenborg–Steingrímsson 1996, Theorem 2.1).
package check

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"strconv"
	"strings"

	"github.com/expr-lang/expr/ast"
	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
)

// ExprHelp describes the expression language for users.
const ExprHelp = `An expression is true on the positions it accepts; as a set of positions
(--expr of check, prove and eval; --where) it must be a condition (a comparison, && || !, colmod, sym),
not a number such as a ^ b ^ c, which would be true where it is not 0. Piles are a, b, c, ... (a is
pile 1) or p1, p2, ...; values are exact integers, never wrapping around at
2^64 (booleans are 1 and 0). Operators: + - * / % (Go's integer division and
remainder; division by zero gives 0), ** (power; its exponent depends on no
pile, and a negative one gives 0), ^ (xor, as in Go: two's complement;
in parentheses beside + - * / % **, as Go orders them otherwise),
== != < <= > >=, && || ! (also and, or, not), cond ? x : y. Functions:
xor(x, y, ...), min(x, ...), max(x, ...), abs(x),
colmod(m, x, y, ...): at every binary digit the number of values with a 1
there is divisible by m (Moore's Nim with k: colmod(k+1, a, b, ...); false
when a value is negative),
slowmoves(k, x, y, ...): the most moves a play of Exact Slow k-Nim can last
from piles x, y, ... (one token from each of exactly k piles a move; a k
of no pile must be at least 1, one computed from the piles gives 0 where it
is below 1; a pile holding more than that has tokens no play reaches), and sym(e): e holds for
some symmetry of the position (rotations and reflections for cn, reversal
for path, ...). "let name = x; e" names a value in e (a name of two or more
letters, which shadows no pile), e.g.
let moves = slowmoves(2, a, b, c); (min(a, moves) + b) % 2 == 0.
An expression with a term that can pass 2^4096 at piles up to 2^63-1, such
as a ** 66, is refused.`

// Expr is a compiled expression over the piles of a position.
type Expr struct {
	src  string
	tree ast.Node
	n    int
	// vars name the values a position holds after its n piles
	// (CompileWith): vars[k] is p[n+k].
	vars       []string
	symmetries func() (*complex.Group, error)
	perms      []complex.Perm
	// names holds, while an expression is built, the value of each name a
	// let in scope binds (one slot per evaluator).
	names map[string]*int
	// ov is set where a term leaves int (one flag per evaluator).
	ov *bool
}

// maxSymPerms bounds the symmetries sym() tries at every position.
const maxSymPerms = 5040

// Compile parses src as an expression over n piles. It refuses a term that
// can have more than 4096 binary digits at piles up to 2^63-1, and a power
// whose exponent depends on the piles. symmetries gives the group sym()
// ranges over; it is called only when src uses sym(), so a game whose
// symmetries are costly pays for them only then. It may be nil.
func Compile(src string, n int, symmetries func() (*complex.Group, error)) (*Expr, error) {
	return CompileWith(src, n, nil, symmetries)
}

// CompileWith is Compile for an expression that may also name values other
// than the piles: vars[k] names the value a position holds after its n
// piles, at index n+k (a prover's candidate move may name the Grundy value
// v it must reach). A name of vars must not name a pile, and sym() is not
// allowed, since a symmetry permutes the piles only.
func CompileWith(src string, n int, vars []string, symmetries func() (*complex.Group, error)) (*Expr, error) {
	probe := &Expr{n: n}
	for _, v := range vars {
		if _, err := probe.pile(v); err == nil {
			return nil, fmt.Errorf("expression %q: the name %s is a pile of a game with %d piles", src, v, n)
		}
	}
	if c := constantTooLarge(src); c != "" {
		return nil, fmt.Errorf("expression %q: the constant %s is larger than 9223372036854775807, the largest a constant can be written; write it as an expression, e.g. 2 ** 70", src, c)
	}
	tree, err := parse(src)
	if err != nil {
		return nil, fmt.Errorf("expression %q: %w", src, err)
	}
	e := &Expr{src: src, tree: tree.Node, n: n, vars: vars, symmetries: symmetries, ov: new(bool)}
	if _, err := e.build(e.tree, false); err != nil {
		return nil, fmt.Errorf("expression %q: %w", src, err)
	}
	if _, err := e.bound(e.tree, map[string]termBound{}); err != nil {
		return nil, fmt.Errorf("expression %q: %w", src, err)
	}
	return e, nil
}

// symPerms returns the permutations sym() tries, computing the group once.
func (e *Expr) symPerms() ([]complex.Perm, error) {
	if e.perms != nil {
		return e.perms, nil
	}
	if e.symmetries == nil {
		return nil, errors.New("sym() needs the game's symmetries")
	}
	group, err := e.symmetries()
	if err != nil {
		return nil, fmt.Errorf("sym(): %w", err)
	}
	if !group.Listed() {
		return nil, fmt.Errorf("sym(): the game has %v symmetries, too many to try at every position", group.Order())
	}
	perms := group.Elements()
	if group.Full() {
		if e.n > 7 {
			return nil, fmt.Errorf("sym() over all %d! permutations is too slow; sort the piles instead", e.n)
		}
		perms = complex.Permutations(e.n)
	}
	if len(perms) > maxSymPerms {
		return nil, fmt.Errorf("sym() would try %d symmetries at every position", len(perms))
	}
	e.perms = perms
	return perms, nil
}

// constantTooLarge returns the first run of decimal digits in src, not part
// of a name or a number of another form, whose value is past 2^63-1, or "".
func constantTooLarge(src string) string {
	word := func(r byte) bool {
		return r == '_' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
	}
	for i := 0; i < len(src); {
		if !word(src[i]) {
			i++
			continue
		}
		j := i
		for j < len(src) && word(src[j]) {
			j++
		}
		if _, err := strconv.ParseInt(src[i:j], 10, 64); errors.Is(err, strconv.ErrRange) {
			return src[i:j]
		}
		i = j
	}
	return ""
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// String returns the source of the expression.
func (e *Expr) String() string { return e.src }

// Evaluator returns a function telling whether a position satisfies the
// expression, its value taken in the integers: no term wraps around, so it
// answers as the proofs of package prove reason. Each evaluator has its own
// scratch space: use one per goroutine.
func (e *Expr) Evaluator() func(game.Position) bool {
	// Each build binds its own let slots, so evaluators built at once from
	// several goroutines share nothing but the symmetries, which Compile
	// has already listed.
	b := *e
	b.names = nil
	ov := new(bool)
	b.ov = ov
	f, err := b.build(b.tree, false)
	if err != nil {
		panic(fmt.Sprintf("check: %q compiled but does not build: %v", e.src, err))
	}
	// f computes in int and sets *ov where a term leaves int (its value is
	// then wrong); that position is computed again in big integers, so the
	// answer is always the one in the integers. A flag costs less than a
	// panic recovered at every evaluation (measured: 22.7 ns against
	// 25.3 ns an evaluation of a + b == d + e && b + c == e + f, 19.5 ns
	// wrapping around).
	return func(p game.Position) bool {
		v := f(p)
		if *ov {
			*ov = false
			return e.exact(p).Sign() != 0
		}
		return v != 0
	}
}

// value computes an integer from a position. Where a term leaves int it
// sets the evaluator's overflow flag and goes on with a wrong value, so a
// value must stay safe (no panic, no long loop) on every int.
type value func(p game.Position) int

func (e *Expr) build(node ast.Node, inSym bool) (value, error) {
	switch n := node.(type) {
	case *ast.IntegerNode:
		v := n.Value
		return func(game.Position) int { return v }, nil
	case *ast.BoolNode:
		v := b2i(n.Value)
		return func(game.Position) int { return v }, nil
	case *ast.IdentifierNode:
		if slot, ok := e.names[n.Value]; ok {
			return func(game.Position) int { return *slot }, nil
		}
		i, err := e.pile(n.Value)
		if err != nil {
			return nil, err
		}
		return func(p game.Position) int { return p[i] }, nil
	case *ast.UnaryNode:
		x, err := e.build(n.Node, inSym)
		if err != nil {
			return nil, err
		}
		switch n.Operator {
		case "-":
			ov := e.ov
			return func(p game.Position) int {
				v, o := neg(x(p))
				if o {
					*ov = true
				}
				return v
			}, nil
		case "+":
			return x, nil
		case "!", "not":
			return func(p game.Position) int { return b2i(x(p) == 0) }, nil
		}
		return nil, fmt.Errorf("unsupported operator %q", n.Operator)
	case *ast.BinaryNode:
		return e.binary(n, inSym)
	case *ast.ConditionalNode:
		c, err1 := e.build(n.Cond, inSym)
		x, err2 := e.build(n.Exp1, inSym)
		y, err3 := e.build(n.Exp2, inSym)
		if err := cmp.Or(err1, err2, err3); err != nil {
			return nil, err
		}
		return func(p game.Position) int {
			if c(p) != 0 {
				return x(p)
			}
			return y(p)
		}, nil
	case *ast.VariableDeclaratorNode:
		return e.let(n, inSym)
	case *ast.BuiltinNode:
		return e.call(n.Name, n.Arguments, inSym)
	case *ast.CallNode:
		if id, ok := n.Callee.(*ast.IdentifierNode); ok {
			return e.call(id.Value, n.Arguments, inSym)
		}
	}
	return nil, unsupported(node)
}

// unsupported says why node is not part of the language.
func unsupported(node ast.Node) error {
	if f, ok := node.(*ast.FloatNode); ok {
		return fmt.Errorf("a number with a decimal point (%v) is not an integer: expressions compute on integers (/ divides rounding down)", f.Value)
	}
	return fmt.Errorf("unsupported expression %q", node.String())
}

// let builds "let name = value; body": the value is computed once per
// evaluation and read wherever body names it.
func (e *Expr) let(n *ast.VariableDeclaratorNode, inSym bool) (value, error) {
	if len(n.Name) < 2 {
		return nil, fmt.Errorf("let %s: a name needs two or more letters (one letter names a pile)", n.Name)
	}
	if _, err := e.pile(n.Name); err == nil {
		return nil, fmt.Errorf("let %s: %s names a pile", n.Name, n.Name)
	}
	v, err := e.build(n.Value, inSym)
	if err != nil {
		return nil, err
	}
	if e.names == nil {
		e.names = map[string]*int{}
	}
	slot := new(int)
	outer, shadows := e.names[n.Name]
	e.names[n.Name] = slot
	body, err := e.build(n.Expr, inSym)
	if shadows {
		e.names[n.Name] = outer
	} else {
		delete(e.names, n.Name)
	}
	if err != nil {
		return nil, err
	}
	return func(p game.Position) int {
		*slot = v(p)
		return body(p)
	}, nil
}

// pileNode tells whether node names a pile (not a let name), and which.
func (e *Expr) pileNode(node ast.Node) (int, bool) {
	id, ok := node.(*ast.IdentifierNode)
	if !ok {
		return 0, false
	}
	if _, isLet := e.names[id.Value]; isLet {
		return 0, false
	}
	i, err := e.pile(id.Value)
	return i, err == nil
}

// pile maps a name (a, b, ... or p1, p2, ...) to a pile index, and a name
// of CompileWith's vars to its index after the piles.
func (e *Expr) pile(name string) (int, error) {
	for k, v := range e.vars {
		if name == v {
			return e.n + k, nil
		}
	}
	i := pileIndex(name)
	if i < 0 || i >= e.n {
		also := ""
		if len(e.vars) > 0 {
			also = ", and " + strings.Join(e.vars, ", ")
		}
		return 0, fmt.Errorf("unknown name %q: the piles are a..%s or p1..p%d%s", name, PileName(min(e.n, 26)-1), e.n, also)
	}
	return i, nil
}

// call builds a call of one of the language's functions (functions.go) on its
// compiled arguments, checking their number.
func (e *Expr) call(name string, args []ast.Node, inSym bool) (value, error) {
	fs := make([]value, len(args))
	for i, a := range args {
		f, err := e.build(a, inSym || name == "sym")
		if err != nil {
			return nil, err
		}
		fs[i] = f
	}
	need := func(ok bool, what string) error {
		if !ok {
			return fmt.Errorf("%s() takes %s, not %d arguments", name, what, len(args))
		}
		return nil
	}
	switch name {
	case "xor", "min", "max":
		if err := need(len(fs) >= 1, "one or more"); err != nil {
			return nil, err
		}
		return fold(fs, folds[name]), nil
	case "abs":
		if err := need(len(fs) == 1, "one"); err != nil {
			return nil, err
		}
		return e.absValue(fs[0]), nil
	case "colmod":
		if err := need(len(fs) >= 2, "a modulus and one or more values"); err != nil {
			return nil, err
		}
		return colmodValue(fs[0], fs[1:]), nil
	case "slowmoves":
		if err := need(len(fs) >= 2, "a number of piles k and one or more piles"); err != nil {
			return nil, err
		}
		return e.slowMovesValue(fs[0], fs[1:]), nil
	case "sym":
		if err := need(len(fs) == 1, "one"); err != nil {
			return nil, err
		}
		return e.symValue(fs[0], inSym)
	}
	return nil, fmt.Errorf("unknown function %s(); the functions are xor, min, max, abs, colmod, slowmoves and sym", name)
}

// ColumnsDivisible reports whether, at every binary digit, the number of
// values with a 1 there is divisible by m (m >= 1; for m = 2 the values xor
// to 0). Negative values and m < 1 never are.
func ColumnsDivisible(m int, values func(yield func(int) bool)) bool {
	if m < 1 {
		return false
	}
	var counts [64]int
	for x := range values {
		if x < 0 {
			return false
		}
		for ; x != 0; x &= x - 1 {
			counts[bits.TrailingZeros64(uint64(x))]++
		}
	}
	for _, c := range counts {
		if c%m != 0 {
			return false
		}
	}
	return true
}

// SlowMoves returns the most moves a play of Exact Slow k-Nim (NIM(n,k) of
// Gurvich–Martynov–Maximchuk–Vyalyi 2023: a move takes one token from each of
// exactly k piles) can last from the given piles: the largest t with
// sum of min(x, t) >= k·t, since each of t moves plays k piles and a pile
// at most once. No pile can lose more than that many tokens, so the tokens
// above it are never played (the reduced positions of Dufour–Heubach 2024).
// Negative piles count as empty; k < 1 gives 0. The
// sums are taken in 128 bits, so it is exact for every int, except that a
// count above math.MaxInt saturates there.
func SlowMoves(k int, piles []int) int {
	moves, _ := slowMoves(k, piles)
	return moves
}

// slowMoves is SlowMoves, and whether its count is exact: false when it
// may have saturated at math.MaxInt.
func slowMoves(k int, piles []int) (moves int, exact bool) {
	if k < 1 {
		return 0, true
	}
	// playable(t): sum of min(x, t) >= k·t, true on an interval [0, T].
	playable := func(t uint64) bool {
		var hi, lo uint64
		for _, x := range piles {
			if x > 0 {
				var c uint64
				lo, c = bits.Add64(lo, min(uint64(x), t), 0)
				hi += c
			}
		}
		khi, klo := bits.Mul64(uint64(k), t)
		return hi > khi || hi == khi && lo >= klo
	}
	// T is at most the total over k (at most the largest pile when k >= 2).
	var sumHi, sumLo uint64
	for _, x := range piles {
		if x > 0 {
			var c uint64
			sumLo, c = bits.Add64(sumLo, uint64(x), 0)
			sumHi += c
		}
	}
	top, cut := uint64(math.MaxInt), true
	if sumHi < uint64(k) {
		top, _ = bits.Div64(sumHi, sumLo, uint64(k))
		top, cut = min(top, math.MaxInt), top > math.MaxInt
	}
	lo, hi := uint64(0), top // playable(lo) holds; find the last t that does
	for lo < hi {
		mid := lo + (hi-lo+1)/2
		if playable(mid) {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return int(lo), !cut || lo < top
}

func fold(fs []value, op func(a, b int) int) value {
	return func(p game.Position) int {
		r := fs[0](p)
		for _, f := range fs[1:] {
			r = op(r, f(p))
		}
		return r
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// power returns x**y for y >= 0, and 0 for y < 0, and whether it leaves
// int.
func power(x, y int) (int, bool) {
	if y < 0 {
		return 0, false
	}
	r, over := 1, false
	for {
		var o bool
		if y&1 == 1 {
			r, o = mul(r, x)
			over = over || o
		}
		if y >>= 1; y == 0 {
			return r, over
		}
		x, o = mul(x, x)
		over = over || o
	}
}

// add, sub, mul, quo and neg are Go's +, -, *, / and unary - on int, and
// whether the result leaves int (where Go's wraps around).
func add(x, y int) (int, bool) {
	s := x + y
	return s, (s^x)&(s^y) < 0
}

func sub(x, y int) (int, bool) {
	d := x - y
	return d, (x^y)&(x^d) < 0
}

func mul(x, y int) (int, bool) {
	hi, lo := bits.Mul64(uint64(x), uint64(y))
	// The signed product's high word: an operand below 0 stands for itself
	// plus 2^64, adding 2^64 times the other to the unsigned product.
	return int(lo), int(hi)-(x>>63&y)-(y>>63&x) != int(lo)>>63
}

func quo(x, y int) (int, bool) {
	return x / y, x == math.MinInt && y == -1
}

func neg(x int) (int, bool) {
	return -x, x == math.MinInt
}
