package theory

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
)

// simulate plays the M-rule move by move.
func simulate(p game.Position) int {
	moves := 0
	for q := MMove(p); q != nil; q = MMove(q) {
		moves++
	}
	return moves
}

// TestMRuleIsRemoteness compares the M-rule play-out, fast-forwarded, with the
// remoteness table of NIM(n, n-1), and each M-move with the table: it lowers
// the remoteness by exactly one.
func TestMRuleIsRemoteness(t *testing.T) {
	for _, c := range []struct{ n, max int }{{2, 30}, {3, 30}, {4, 18}, {5, 11}, {6, 7}} {
		g, err := game.Parse("slow:" + itoa(c.n) + "," + itoa(c.n-1))
		if err != nil {
			t.Fatal(err)
		}
		tab, err := solve.Values(context.Background(), g, table.Uniform(c.n, c.max), solve.Options{Remoteness: true})
		if err != nil {
			t.Fatal(err)
		}
		p := make(game.Position, c.n)
		box := tab.Box
		for idx := range box.Positions() {
			box.Position(idx, p)
			r := tab.RemotenessOf(p)
			if got := MPlayout(p); got != uint64(r) {
				t.Fatalf("%s %v: M-rule play-out %d, remoteness %d", g.Spec, p, got, r)
			}
			if q := MMove(p); q != nil && (!g.IsMove(p, q) || tab.RemotenessOf(q) != r-1) {
				t.Fatalf("%s %v: M-move to %v is illegal or does not lower R=%d by one", g.Spec, p, q, r)
			}
		}
	}
}

// TestMPlayoutFastForward compares the fast-forwarded play-out with a
// move-by-move simulation on random piles up to 10^5, and bounds the work on
// piles up to 10^18.
func TestMPlayoutFastForward(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 300 {
		n := 2 + rng.IntN(5)
		p := make(game.Position, n)
		for i := range p {
			p[i] = rng.IntN(100_000)
			if rng.IntN(4) == 0 {
				p[i] = rng.IntN(5)
			}
		}
		if got, want := MPlayout(p), simulate(p); got != uint64(want) {
			t.Fatalf("%v: fast-forward %d, simulation %d", p, got, want)
		}
	}
	for range 100 {
		n := 2 + rng.IntN(7)
		p := make(game.Position, n)
		for i := range p {
			p[i] = rng.IntN(1_000_000_000_000_000_000)
		}
		sum := 0
		for _, v := range p {
			sum += v
		}
		// Every move removes n-1 tokens.
		if r := MPlayout(p); r <= 0 || r > uint64(sum/(n-1)) {
			t.Fatalf("%v: play-out of %d moves", p, r)
		}
	}
}

// TestMPlayoutAtTheTop checks play-outs longer than 2^63-1 moves, which the
// piles of 2^63-1 tokens reach: on two piles every move takes one token, so
// R = a+b; on three piles all equal to an odd m the M-rule keeps a largest
// pile, then the one even pile, ... and the count must exceed math.MaxInt.
func TestMPlayoutAtTheTop(t *testing.T) {
	const m = math.MaxInt
	if got, want := MPlayout(game.Position{m, m}), uint64(m)*2; got != want {
		t.Errorf("slow:2,1 at (2^63-1, 2^63-1): %d moves, want %d", got, want)
	}
	if got, want := MPlayout(game.Position{m, m - 5}), uint64(m)*2-5; got != want {
		t.Errorf("slow:2,1: %d moves, want %d", got, want)
	}
	if got := MPlayout(game.Position{m, m, m}); got <= uint64(m) || got > uint64(m)/2*3+1 {
		t.Errorf("slow:3,2 at (2^63-1, 2^63-1, 2^63-1): %d moves, want more than 2^63-1 and at most 3(2^63-1)/2", got)
	}
}

// BenchmarkMPlayoutHuge reports the time of one remoteness query on 5 piles
// of up to 10^18 tokens.
func BenchmarkMPlayoutHuge(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	ps := make([]game.Position, 64)
	for i := range ps {
		ps[i] = game.Position{}
		for range 5 {
			ps[i] = append(ps[i], rng.IntN(1_000_000_000_000_000_000))
		}
	}
	i := 0
	for b.Loop() {
		MPlayout(ps[i%len(ps)])
		i++
	}
}

func itoa(n int) string { return string(rune('0' + n)) }
