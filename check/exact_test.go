package check

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"pgregory.net/rapid"
)

const top = math.MaxInt // the largest pile, 2^63-1

// compileWithSymmetries compiles src over n piles, sym() ranging over every
// permutation of them.
func compileWithSymmetries(src string, n int) (*Expr, error) {
	return Compile(src, n, func() (*complex.Group, error) { return complex.FullGroup(n), nil })
}

// TestEvaluatorIsExact: where a term leaves int the evaluator answers as in
// the integers, not modulo 2^64 (issue 30: the prover proved what check
// refuted).
func TestEvaluatorIsExact(t *testing.T) {
	const half = 1 << 62
	for _, tt := range []struct {
		src  string
		p    game.Position
		want bool
	}{
		{"a + 9223372036854775807 > 0", game.Position{1}, true},
		{"(a % 2 == 0) == (a + 9223372036854775807 > 0)", game.Position{1}, false},
		{"(a % 2 == 0) == (a + 9223372036854775807 > 0)", game.Position{2}, true},
		{"a * 4611686018427387904 >= 0", game.Position{2}, true},
		{"a * 4611686018427387904 >= 0", game.Position{top}, true},
		{"(a - b) * 4611686018427387904 == 0", game.Position{2, 1}, false},
		{"(a - b) * 4611686018427387904 == 0", game.Position{5, 1}, false}, // 2^64 wraps to 0
		{"(a - b) * 4611686018427387904 == 0", game.Position{7, 7}, true},
		{"a == b && a + b < 9223372036854775807", game.Position{half, half}, false},
		{"a == b && a + b < 9223372036854775807", game.Position{half - 1, half - 1}, true},
		{"a + b == 2 * a", game.Position{top, top}, true},
		{"a + b > a", game.Position{top, top}, true},
		{"a + b - b == a", game.Position{top, top}, true},
		{"(a + b) / 2 == a", game.Position{top, top}, true},
		{"(a + b) % 3 == 2 * (a % 3) % 3", game.Position{top, top}, true},
		{"a * b > 0", game.Position{top, top}, true},
		{"a * b / b == a", game.Position{top, top}, true},
		{"-a - 2 < -a - 1", game.Position{top}, true},
		{"-a - 1 == -9223372036854775807 - 1", game.Position{top}, true}, // math.MinInt itself
		{"abs(-a - 1) > a", game.Position{top}, true},
		{"-(-a - 1) > a", game.Position{top}, true},
		{"(-a - 1) / -1 > a", game.Position{top}, true},
		{"(-a - 1) % -1 == 0", game.Position{top}, true},
		{"a ** 2 > a", game.Position{top}, true},
		{"a ** 3 % 7 == 0", game.Position{top}, true}, // 2^63 = 8^21 = 1 modulo 7
		{"(a + 1) ** 64 == 2 ** 4032", game.Position{top}, true},
		{"a ** -1 == 0 && a ** 0 == 1 && (a - b) ** 60 == 1", game.Position{top, top - 1}, true},
		{"a ^ (a + 1) == 2 ** 64 - 1", game.Position{top}, true},
		{"xor(a + b, 1, 0) == a + b + 1", game.Position{top, top}, true},
		{"xor(-a - b, 0) < 0", game.Position{top, top}, true},
		{"colmod(2, a + b, a + b)", game.Position{top, top}, true},
		{"colmod(3, a + b, a + b, 2 * b)", game.Position{top, top}, true},
		{"colmod(2, a + b, a + b - 1)", game.Position{top, top}, false},
		{"colmod(a + b, 1)", game.Position{top, top}, false},
		{"min(a + b, 0) == 0 && max(-a - b, -1) == -1", game.Position{top, top}, true},
		{"slowmoves(1, a, b, c) == a + b + c", game.Position{top, top, top}, true},
		{"slowmoves(2, a, b, c) == (a + b + c) / 2", game.Position{top, top, top}, true},
		{"slowmoves(a + b, a, b, c) == 0", game.Position{top, top, top}, true},
		{"slowmoves(2, a * b, 1) == 1", game.Position{top, top, 0}, true},
		{"let ss = a + b; ss > a && ss > b", game.Position{top, top}, true},
		{"let ss = a + b; let ss = ss - a; ss == b", game.Position{top, top}, true},
		{"a + b > c ? a + b - c > 0 : false", game.Position{top, top, 0}, true},
		{"sym(a + b < 2 * c)", game.Position{top, top, top}, false},
		{"sym(a + b < 2 * c)", game.Position{top, top, top - 1}, true},
	} {
		e, err := compileWithSymmetries(tt.src, len(tt.p))
		if err != nil {
			t.Fatal(err)
		}
		if got := e.Evaluator()(tt.p); got != tt.want {
			t.Errorf("%s at %v: %v, want %v", tt.src, tt.p, got, tt.want)
		}
		if got := e.exact(tt.p).Sign() != 0; got != tt.want {
			t.Errorf("%s at %v: exactly %v, want %v", tt.src, tt.p, got, tt.want)
		}
	}
}

// TestCompileBoundsTerms: a term that can pass 2^4096 at piles up to
// 2^63-1, or a power whose exponent depends on the piles, is refused at
// Compile, naming the term; the bound follows the operators.
func TestCompileBoundsTerms(t *testing.T) {
	for _, tt := range []struct{ src, mention string }{
		{"a ** 5000 > 0", "the term a ** 5000 can have 315000 binary digits; at most 4096 are computed"},
		{"a ** 66 > 0", "the term a ** 66 can have 4158 binary digits"},
		{"(a * b) ** 33 > 0", "the term (a * b) ** 33 can have 4158 binary digits"},
		{"a ** 10 ** 10 > 0", "the term a ** 10 ** 10 can have 630000000000 binary digits"},
		{"a ** (9223372036854775807 * 9223372036854775807) > 0", "can have 5359447279004780798386005190406647578687 binary digits"},
		{"2 ** 5000 > a", "the term 2 ** 5000 can have 5001 binary digits"},
		{"a ** 64 * a ** 2 > 0", "the term a ** 64 * a ** 2 can have 4158 binary digits"},
		{"let sq = a ** 64; sq * b * c > 0", "the term sq * b * c can have 4158 binary digits"},
		{"a ** b > 0", "the exponent of a ** b depends on the piles; a power needs a constant exponent"},
		{"2 ** a > 0", "the exponent of 2 ** a depends on the piles"},
		{"let ee = a; 2 ** ee > 0", "the exponent of 2 ** ee depends on the piles"},
		{"2 ** sym(a > 0) > 0", "depends on the piles"},
		{"99999999999999999999 > a", "the constant 99999999999999999999 is larger than 9223372036854775807"},
		{"a == 1 && b < 9223372036854775808", "the constant 9223372036854775808 is larger"},
	} {
		_, err := compileWithSymmetries(tt.src, 3)
		if err == nil || !strings.Contains(err.Error(), tt.mention) {
			t.Errorf("Compile(%q): %v, want an error mentioning %q", tt.src, err, tt.mention)
		}
	}
	for _, src := range []string{
		"a ** 65 > 0", // 4095 digits
		"(a * b) ** 32 > 0",
		"let ee = 3 * 7; let ff = ee - 20; a ** ee ** ff > 0", // a ** 21
		"(a > b) ** 9223372036854775807 == 1",                 // 0, 1 and -1 stay there
		"(a > b) ** (2 ** 4000) == 1",
		"a ** (0 - 5) == 0",
		"1 ** 100000 == 1",
		"a ** 2 ** 5 + a ** 64 > 0",
		"slowmoves(1, a ** 64, a ** 64) > 0", // 4033 digits
		"a ** 64 * (b > c) * 1 * (b - c) ** 0 * (a - a) != 0",
		"a < 9223372036854775807 && p3 == 0", // a name with digits is not a constant
	} {
		if _, err := compileWithSymmetries(src, 3); err != nil {
			t.Errorf("Compile(%q): %v", src, err)
		}
	}
}

// TestSlowMovesBig compares slowMovesBig with SlowMoves where that is exact,
// and with the true count where it saturates.
func TestSlowMovesBig(t *testing.T) {
	bigs := func(xs []int) []*big.Int {
		out := make([]*big.Int, len(xs))
		for i, x := range xs {
			out[i] = big.NewInt(int64(x))
		}
		return out
	}
	rapid.Check(t, func(t *rapid.T) {
		piles := rapid.SliceOfN(rapid.OneOf(rapid.IntRange(-3, 40), rapid.IntRange(top-40, top), rapid.Int()), 1, 6).Draw(t, "piles")
		k := rapid.IntRange(-1, 7).Draw(t, "k")
		moves, exact := slowMoves(k, piles)
		got := slowMovesBig(big.NewInt(int64(k)), bigs(piles))
		if exact && got.Cmp(big.NewInt(int64(moves))) != 0 || !exact && got.Cmp(big.NewInt(top)) < 0 {
			t.Fatalf("k = %d, piles %v: big %v, int %d (exact %v)", k, piles, got, moves, exact)
		}
	})
	for _, tt := range []struct {
		k     int
		piles []int
		want  string
	}{
		{1, []int{top, top}, "18446744073709551614"},
		{2, []int{top, top, top}, "13835058055282163710"}, // floor(3·top/2)
		{3, []int{top, top, top, 3}, "9223372036854775808"},
		{2, []int{top, top}, "9223372036854775807"},
		{0, []int{1, 2}, "0"},
		{2, []int{-4, 7, 7}, "7"},
	} {
		if got := slowMovesBig(big.NewInt(int64(tt.k)), bigs(tt.piles)).String(); got != tt.want {
			t.Errorf("slowMovesBig(%d, %v) = %s, want %s", tt.k, tt.piles, got, tt.want)
		}
	}
}

// TestFastMatchesExact: on random expressions using every operator and
// function, at positions near 0 and near 2^63-1, the int evaluation either
// reports that it left int or gives the exact value, and the evaluator
// answers as the exact interpreter.
func TestFastMatchesExact(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(2, 4).Draw(t, "piles")
		g := exprGen{t: t, n: n}
		src := g.expr(4, nil, false)
		e, err := compileWithSymmetries(src, n)
		if err != nil {
			if strings.Contains(err.Error(), "binary digits") {
				t.Skip(err)
			}
			t.Fatalf("%s: %v", src, err)
		}
		// The int evaluation of an evaluator, with its overflow flag.
		b := *e
		b.ov = new(bool)
		f, err := b.build(b.tree, false)
		if err != nil {
			t.Fatal(err)
		}
		holds := e.Evaluator()
		for range 8 {
			p := game.Position(rapid.SliceOfN(pileGen(), n, n).Draw(t, "position"))
			want := e.exact(p)
			v := f(p)
			if !*b.ov && big.NewInt(int64(v)).Cmp(want) != 0 {
				t.Fatalf("%s at %v: %d in int, %v exactly", src, p, v, want)
			}
			*b.ov = false
			if got := holds(p); got != (want.Sign() != 0) {
				t.Fatalf("%s at %v: evaluator %v, exactly %v", src, p, got, want)
			}
		}
	})
}

// TestBoundHolds: the bound Compile computes for a random expression holds
// at positions near 0 and near 2^63-1.
func TestBoundHolds(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(2, 4).Draw(t, "piles")
		src := exprGen{t: t, n: n}.expr(4, nil, false)
		e, err := compileWithSymmetries(src, n)
		if err != nil {
			t.Skip(err)
		}
		b, err := e.bound(e.tree, map[string]termBound{})
		if err != nil {
			t.Fatal(err)
		}
		for range 8 {
			p := game.Position(rapid.SliceOfN(pileGen(), n, n).Draw(t, "position"))
			if v := e.exact(p); v.BitLen() > b.bits || b.konst != nil && v.Cmp(b.konst) != 0 {
				t.Fatalf("%s at %v: %v, bound %d binary digits (constant %v)", src, p, v, b.bits, b.konst)
			}
		}
	})
}

// TestCheckedArithmetic compares add, sub, mul, quo, neg and power with big
// integers: each says whether its result leaves int, and is exact when not.
func TestCheckedArithmetic(t *testing.T) {
	edge := rapid.OneOf(rapid.IntRange(-9, 9), rapid.IntRange(top-9, top), rapid.IntRange(math.MinInt, math.MinInt+9),
		rapid.Int(), rapid.Custom(func(t *rapid.T) int {
			return 1<<rapid.IntRange(0, 62).Draw(t, "shift") + rapid.IntRange(-1, 1).Draw(t, "offset")
		}), rapid.Custom(func(t *rapid.T) int { return -1 << rapid.IntRange(0, 63).Draw(t, "shift") }))
	rapid.Check(t, func(t *rapid.T) {
		x, y := edge.Draw(t, "x"), edge.Draw(t, "y")
		bx, by := big.NewInt(int64(x)), big.NewInt(int64(y))
		check := func(op string, v int, over bool, want *big.Int) {
			if fits := want.IsInt64(); over == fits || fits && want.Int64() != int64(v) {
				t.Fatalf("%d %s %d: %d, overflow %v; exactly %v", x, op, y, v, over, want)
			}
		}
		v, o := add(x, y)
		check("+", v, o, new(big.Int).Add(bx, by))
		v, o = sub(x, y)
		check("-", v, o, new(big.Int).Sub(bx, by))
		v, o = mul(x, y)
		check("*", v, o, new(big.Int).Mul(bx, by))
		if y != 0 {
			v, o = quo(x, y)
			check("/", v, o, new(big.Int).Quo(bx, by))
		}
		v, o = neg(x)
		check("neg", v, o, new(big.Int).Neg(bx))
		if e := y & 127; e < 100 || x >= -1 && x <= 1 {
			v, o = power(x, e)
			if want := bigPower(bx, big.NewInt(int64(e))); want.IsInt64() && (o || want.Int64() != int64(v)) {
				t.Fatalf("%d ** %d: %d, overflow %v; exactly %v", x, e, v, o, want)
			} else if !want.IsInt64() && !o {
				t.Fatalf("%d ** %d: %d, no overflow; exactly %v", x, e, v, want)
			}
		}
	})
}

// pileGen draws piles near 0, near 2^63-1 and near powers of 2.
func pileGen() *rapid.Generator[int] {
	return rapid.OneOf(rapid.IntRange(0, 9), rapid.IntRange(top-9, top), rapid.IntRange(0, top),
		rapid.Custom(func(t *rapid.T) int {
			return max(0, 1<<rapid.IntRange(0, 62).Draw(t, "shift")+rapid.IntRange(-2, 1).Draw(t, "offset"))
		}))
}

// exprGen draws expressions of check's language over n piles.
type exprGen struct {
	t *rapid.T
	n int
}

func (g exprGen) pick(label string, choices ...string) string {
	return rapid.SampledFrom(choices).Draw(g.t, label)
}

// expr draws an expression of at most depth nested operators; names are
// the let names in scope.
func (g exprGen) expr(depth int, names []string, inSym bool) string {
	leaf := func() string {
		switch rapid.IntRange(0, 3).Draw(g.t, "leaf") {
		case 0:
			return string(rune('a' + rapid.IntRange(0, g.n-1).Draw(g.t, "pile")))
		case 1:
			return fmt.Sprintf("p%d", rapid.IntRange(1, g.n).Draw(g.t, "pile"))
		case 2:
			if len(names) > 0 {
				return rapid.SampledFrom(names).Draw(g.t, "name")
			}
		}
		return g.pick("constant", "0", "1", "2", "3", "7", "(-1)", "(-5)", "true", "false",
			"4294967296", "4611686018427387904", "9223372036854775807", "(-9223372036854775807)", "(-9223372036854775807 - 1)")
	}
	if depth == 0 {
		return leaf()
	}
	sub := func() string { return g.expr(depth-1, names, inSym) }
	list := func() string {
		xs := make([]string, rapid.IntRange(1, 3).Draw(g.t, "arguments"))
		for i := range xs {
			xs[i] = sub()
		}
		return strings.Join(xs, ", ")
	}
	switch rapid.IntRange(0, 12).Draw(g.t, "kind") {
	case 0, 1:
		return leaf()
	case 2, 3, 4:
		op := g.pick("operator", "+", "-", "*", "/", "%", "^", "==", "!=", "<", "<=", ">", ">=", "&&", "||", "and", "or")
		return "(" + sub() + " " + op + " " + sub() + ")"
	case 5:
		return "(" + sub() + " ** " + g.pick("exponent", "(-1)", "0", "1", "2", "3", "(1 + 1)") + ")"
	case 6:
		// In parentheses: a sign before ^ is refused (ErrXorBesideArithmetic).
		return "(" + g.pick("unary", "-", "+", "!", "not ") + "(" + sub() + "))"
	case 7:
		return "(" + sub() + " ? " + sub() + " : " + sub() + ")"
	case 8:
		return g.pick("function", "xor", "min", "max") + "(" + list() + ")"
	case 9:
		if rapid.Bool().Draw(g.t, "abs") {
			return "abs(" + sub() + ")"
		}
		return g.pick("function", "colmod("+g.pick("modulus", "2", "3", "0", "(-2)")+", ", "slowmoves("+g.slowK(sub)+", ") + list() + ")"
	case 10:
		if !inSym {
			return "sym(" + g.expr(depth-1, names, true) + ")"
		}
		return "colmod(" + sub() + ", " + list() + ")"
	case 11:
		if len(names) > 0 {
			return "abs(" + sub() + ")"
		}
	}
	name := g.pick("let", "xx", "yy", "total")
	value := sub()
	return "(let " + name + " = " + value + "; " + g.expr(depth-1, append(names[:len(names):len(names)], name), inSym) + ")"
}

// FuzzCompileEvaluate compiles any text and evaluates what compiles at
// positions near 0 and near 2^63-1: no panic, no hang, and the evaluator
// answers as the exact interpreter.
func FuzzCompileEvaluate(f *testing.F) {
	for _, s := range []string{
		"let mm = slowmoves(2, a, b, c); min(a, mm) % 2 == 0", "a ^ b == 0", "sym(a+b == c)",
		"xor(a,b) == min(a, b) % 0", "a ** -1 > 2 ? a : b/0", "not (a < b) or c",
		"a + 9223372036854775807 > 0", "(a - b) * 4611686018427387904 == 0", "a ** 65 > b ** 64",
		"colmod(3, a * b, c + a)", "slowmoves(1, a, b, c) > a + b", "abs(-a - 1) / -1 < 0",
		"(a > b) ** (2 ** 100) == 1", "a ** b",
	} {
		f.Add(s)
	}
	g, _ := game.Parse("cn:3,2")
	grp, _ := g.Symmetries(context.Background())
	positions := []game.Position{{3, 0, 7}, {0, 0, 0}, {top, top, top}, {top, 1, 0}, {1 << 62, 1 << 62, top - 1}}
	f.Fuzz(func(t *testing.T, src string) {
		// A hang fails the fuzzer with the input that caused it.
		hang := time.AfterFunc(10*time.Second, func() { panic(fmt.Sprintf("%q takes over 10 s", src)) })
		defer hang.Stop()
		e, err := Compile(src, 3, func() (*complex.Group, error) { return grp, nil })
		if err != nil {
			return
		}
		holds := e.Evaluator()
		for _, p := range positions {
			if got, want := holds(p), e.exact(p).Sign() != 0; got != want {
				t.Fatalf("%s at %v: evaluator %v, exactly %v", src, p, got, want)
			}
		}
	})
}

// BenchmarkEvaluator times the evaluator where nothing leaves int.
func BenchmarkEvaluator(b *testing.B) {
	for _, src := range []string{
		"a + b == d + e && b + c == e + f",
		"xor(a, b, c, d, e, f) == 0",
		"colmod(3, a, b, c, d, e, f)",
		"let mm = slowmoves(2, a, b, c); (min(a, mm) + b) * 3 % 2 == 0",
	} {
		b.Run(src, func(b *testing.B) {
			e, err := Compile(src, 6, nil)
			if err != nil {
				b.Fatal(err)
			}
			holds := e.Evaluator()
			p := make(game.Position, 6)
			n := 0
			for i := 0; b.Loop(); i++ {
				p[i%6] = i & 1023
				if holds(p) {
					n++
				}
			}
		})
	}
}

// slowK draws slowmoves' k: a constant of at least 1 (a smaller one is
// refused), or any term made to depend on a pile (+ a - a), whose value
// may be below 1 at some positions.
func (g exprGen) slowK(sub func() string) string {
	if rapid.Bool().Draw(g.t, "constant k") {
		return g.pick("k", "1", "2", "3")
	}
	return "(" + sub() + " + a - a)"
}
