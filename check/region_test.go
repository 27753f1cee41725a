package check

import (
	"context"
	"runtime"
	"sync/atomic"
	"testing"

	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
)

// TestCompareInMatchesBruteForce: every count of CompareIn equals the count
// made by enumerating the region's positions and their options one by one.
func TestCompareInMatchesBruteForce(t *testing.T) {
	tests := []struct {
		spec        string
		h           int
		expr, where string
		agrees      bool
		closed      bool
	}{
		// Region theorem of CN(7,5) (docs/findings.md): exact in a == 0.
		{"cn:7,5", 4, "b == c + d && b == e + f && b == g && min(c, f) == 0", "a == 0", true, true},
		// Too large a set in the region.
		{"cn:7,5", 4, "b == c + d && b == e + f", "a == 0", false, true},
		// A region a move leaves: a == 1 (take a's token).
		{"cn:6,3", 4, "a+b == d+e && b+c == e+f", "a == 1", true, false},
		{"nim:3", 5, "a == b", "c == 0", true, true},
		{"nim:3", 5, "a == b", "c >= 1", false, false},
		// Misère play: the terminal position is an N-position.
		{"nim:3/misere", 4, "max(a,b,c) <= 1 ? (a+b+c) % 2 == 1 : xor(a,b,c) == 0", "a >= 1", true, false},
		{"nim:3/misere", 4, "xor(a,b,c) == 0", "a <= 2", false, true},
	}
	ctx := context.Background()
	for _, tt := range tests {
		g, err := game.Parse(tt.spec)
		if err != nil {
			t.Fatal(err)
		}
		syms := func() (*complex.Group, error) { return g.Symmetries(ctx) }
		e, err := Compile(tt.expr, g.Piles(), syms)
		if err != nil {
			t.Fatal(err)
		}
		where, err := Compile(tt.where, g.Piles(), syms)
		if err != nil {
			t.Fatal(err)
		}
		box := table.Uniform(g.Piles(), tt.h)
		tab, err := solve.Table(ctx, g, box, solve.Options{})
		if err != nil {
			t.Fatal(err)
		}
		r, err := CompareIn(ctx, g, tab, e.Evaluator, where.Evaluator, 3)
		if err != nil {
			t.Fatal(err)
		}
		want := bruteRegion(g, tab, e.Evaluator(), where.Evaluator())
		got := [6]int64{r.Region.Positions, r.Accepted, r.PNotAccepted, r.AcceptedNotP, r.Violations1, r.Violations2}
		if got != want.counts || r.Region.Leaving != want.leaving || r.Positions != box.Positions() {
			t.Errorf("%s %q in %q: counts %v leaving %d, brute force %v leaving %d", tt.spec, tt.expr, tt.where, got, r.Region.Leaving, want.counts, want.leaving)
		}
		if r.Agrees() != tt.agrees || (r.Region.Leaving == 0) != tt.closed {
			t.Errorf("%s %q in %q: agrees %v (want %v), leaving %d (closed: want %v)", tt.spec, tt.expr, tt.where, r.Agrees(), tt.agrees, r.Region.Leaving, tt.closed)
		}
		for _, p := range r.Examples[KindLeavesRegion] {
			if !where.Evaluator()(p) {
				t.Errorf("%s: example %v of a position leaving %q is not in it", tt.spec, p, tt.where)
			}
		}
	}
}

type bruteCounts struct {
	counts  [6]int64 // region, accepted, P not accepted, accepted N, (I), (II)
	leaving int64
}

// bruteRegion counts what CompareIn reports by enumeration.
func bruteRegion(g *game.Game, tab *table.Table, accept, inR func(game.Position) bool) bruteCounts {
	var c bruteCounts
	terminalP, _, _ := g.Terminal()
	p := make(game.Position, g.Piles())
	for idx := range tab.Box.Positions() {
		tab.Box.Position(idx, p)
		if !inR(p) {
			continue
		}
		c.counts[0]++
		in, isP := accept(p), tab.IsP(p)
		if in {
			c.counts[1]++
		}
		if isP && !in {
			c.counts[2]++
		}
		if !isP && in {
			c.counts[3]++
		}
		toS, leaves := g.IsTerminal(p) && !terminalP, false
		for q := range g.Options(p) {
			if inR(q) && accept(q) {
				toS = true
			}
			if !inR(q) {
				leaves = true
			}
		}
		if in && toS {
			c.counts[4]++
		}
		if !in && !toS {
			c.counts[5]++
		}
		if leaves {
			c.leaving++
		}
	}
	return c
}

// TestCompareInStopsEveryWorker: with its context cancelled, every worker
// of CompareIn stops within a few lines, whatever lines it was given (they
// are dealt out by stride: a look at the context every N-th line index
// would leave all workers but the first blind). Forced to 4 workers, so
// that the test means something on a machine of any size.
func TestCompareInStopsEveryWorker(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	g, err := game.Parse("nim:3")
	if err != nil {
		t.Fatal(err)
	}
	box := table.Uniform(3, 40)
	tab, err := solve.Table(context.Background(), g, box, solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var calls atomic.Int64
	accept := func() func(game.Position) bool {
		return func(p game.Position) bool { calls.Add(1); return p[0]^p[1]^p[2] == 0 }
	}
	if _, err := CompareIn(ctx, g, tab, accept, nil, 0); err == nil {
		t.Fatal("CompareIn ran to the end with its context cancelled")
	}
	// At most one line per worker before its first look.
	if most := int64(4 * (box[0] + 1)); calls.Load() > most {
		t.Errorf("%d positions evaluated after the context was cancelled, want at most %d (of %d)", calls.Load(), most, box.Positions())
	}
}
