package theory

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/nimlab/nimlab/game"
)

// extremeBases are the pile sizes the theorems are driven near: 0, 2^31,
// 2^62 and 2^63-1.
var extremeBases = [...]int{0, 1 << 31, 1 << 62, math.MaxInt}

// extremePile reads a pile near one of extremeBases from two bytes: the
// first picks the base, the second a distance of 0..15 from it (inside
// 0..2^63-1). A few piles of 0..15 make the degenerate cases likely too.
func extremePile(pick, dist byte) int {
	base, d := extremeBases[pick%4], int(dist%16)
	if base == 0 {
		return d
	}
	if pick&4 != 0 && base != math.MaxInt {
		return base + d
	}
	return base - d
}

// extremePosition reads an n-pile position from data (missing bytes are 0).
func extremePosition(n int, data []byte) game.Position {
	at := func(i int) byte {
		if i < len(data) {
			return data[i]
		}
		return 0
	}
	p := make(game.Position, n)
	for i := range p {
		p[i] = extremePile(at(2*i), at(2*i+1))
	}
	return p
}

// randomOption returns a random option of p, or nil at a terminal position:
// a random playable move set, each pile of it lowered by a random amount
// (often a small one or all the way, to reach the boundaries).
func randomOption(g *game.Game, p game.Position, rng *rand.Rand) game.Position {
	fixed := 0 // the amount every pile of a move set loses, when the rule fixes one
	if r, ok := g.Rule().(game.EqualAmountRule); ok {
		fixed = r.EqualAmount()
	}
	var playable [][]int
	sets, err := g.MoveSets()
	if err != nil {
		panic(err) // the examples are small
	}
	for _, s := range sets {
		vs, ok := s.Vertices(), true
		for _, v := range vs {
			ok = ok && p[v] >= max(fixed, 1)
		}
		if ok {
			playable = append(playable, vs)
		}
	}
	if len(playable) == 0 {
		return nil
	}
	q := append(game.Position(nil), p...)
	for _, v := range playable[rng.IntN(len(playable))] {
		switch take := 1; {
		case fixed > 0:
			q[v] -= fixed - 1
		case rng.IntN(3) == 0:
			q[v] -= min(p[v], 1+rng.IntN(3))
		case rng.IntN(2) == 0:
			q[v] = rng.IntN(min(p[v], 4))
		default:
			take = 1 + int(rng.Int64N(int64(p[v])))
			q[v] -= take - 1
		}
		if fixed > 0 || q[v] == p[v] {
			q[v]--
		}
	}
	return q
}

// checkAtExtremes decides p by the theorem covering spec, through Apply (so a
// move is legal and lands where the rule says P), and checks that random
// options of the P-position reached (p, or the winning move's target) are
// N by the same rule. A rule may refuse a position beyond its limit, with an
// error that says so.
func checkAtExtremes(t testing.TB, spec string, p game.Position, rng *rand.Rand) {
	g, err := game.Parse(spec)
	if err != nil {
		t.Fatal(err)
	}
	th, rule, ok := Find(context.Background(), g)
	if !ok {
		t.Fatalf("no theorem covers %s", spec)
	}
	isP, move, err := Apply(th, rule, g, p)
	if err != nil {
		if limitOf(rule, p) != nil && errors.Unwrap(err) != nil {
			return // refused with its limit: a clear error, not an answer
		}
		t.Fatalf("%s %v: %v", spec, p, err)
	}
	zero := p
	if !isP {
		zero = move
	}
	for range 8 {
		q := randomOption(g, zero, rng)
		if q == nil {
			break
		}
		if !g.IsMove(zero, q) {
			t.Fatalf("test bug: %v -> %v is not a move of %s", zero, q, spec)
		}
		if limitOf(rule, q) == nil && rule.IsP(q) {
			t.Fatalf("%s: %s calls both %v and its option %v P", spec, th.Name, zero, q)
		}
	}
}

// examples lists the example games of every theorem.
func examples() []string {
	var out []string
	for _, th := range Theorems() {
		for _, ex := range th.Examples {
			out = append(out, ex.Spec)
		}
	}
	return out
}

// TestTheoremsAtExtremes drives every theorem's examples with positions near
// 0, 2^31, 2^62 and 2^63-1.
func TestTheoremsAtExtremes(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, spec := range examples() {
		g, _ := game.Parse(spec)
		data := make([]byte, 2*g.Piles())
		for range 3000 {
			for i := range data {
				data[i] = byte(rng.IntN(256))
			}
			checkAtExtremes(t, spec, extremePosition(g.Piles(), data), rng)
		}
	}
}

// FuzzTheorems is TestTheoremsAtExtremes under the fuzzer:
// go test ./theory -fuzz FuzzTheorems.
func FuzzTheorems(f *testing.F) {
	for i := range examples() {
		f.Add(uint8(i), []byte{3, 0, 3, 0, 3, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0}, uint64(1))
		f.Add(uint8(i), []byte{3, 0, 3, 0, 3, 0, 3, 0, 3, 0, 3, 0, 3, 0, 3, 0}, uint64(2))
		f.Add(uint8(i), []byte{2, 1, 6, 2, 1, 3, 5, 9, 7, 0, 3, 1, 2, 8, 4, 4}, uint64(3))
	}
	specs := examples()
	f.Fuzz(func(t *testing.T, which uint8, data []byte, seed uint64) {
		spec := specs[int(which)%len(specs)]
		g, _ := game.Parse(spec)
		checkAtExtremes(t, spec, extremePosition(g.Piles(), data), rand.New(rand.NewPCG(seed, 7)))
	})
}
