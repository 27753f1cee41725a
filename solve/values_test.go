package solve

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/table"
	"pgregory.net/rapid"
)

// sameValues fails when the two tables differ in outcome, Grundy value or
// remoteness at some position of the box.
func sameValues(t tester, spec string, want, got *table.Table) {
	t.Helper()
	p := make(game.Position, len(want.Box))
	for idx := range want.Box.Positions() {
		want.Box.Position(idx, p)
		if want.IsP(p) != got.IsP(p) {
			t.Fatalf("%s %v: reference P=%v, values P=%v", spec, p, want.IsP(p), got.IsP(p))
		}
		if want.Grundy != nil && got.Grundy != nil && want.GrundyOf(p) != got.GrundyOf(p) {
			t.Fatalf("%s %v: Grundy value: reference %d, values %d", spec, p, want.GrundyOf(p), got.GrundyOf(p))
		}
		if want.Remoteness != nil && got.Remoteness != nil {
			r := got.RemotenessOf(p)
			if want.RemotenessOf(p) != r {
				t.Fatalf("%s %v: remoteness: reference %d, values %d", spec, p, want.RemotenessOf(p), r)
			}
			if (r%2 == 0) != got.IsP(p) {
				t.Fatalf("%s %v: remoteness %d but P=%v", spec, p, r, got.IsP(p))
			}
		}
	}
}

func valuesBoth(t tester, g *game.Game, box table.Box) {
	t.Helper()
	ctx := context.Background()
	opts := Options{Grundy: true, Remoteness: true}
	want, err := Reference(ctx, g, box, opts)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Values(ctx, g, box, opts)
	if err != nil {
		t.Fatal(err)
	}
	// Two and three workers: by layers, or by classes of totals when every
	// move takes a multiple of the workers' number of tokens.
	for _, workers := range []int{2, 3} {
		layered := valuesByLayers(func() (*table.Table, error) {
			return Values(ctx, g, box, Options{Grundy: true, Remoteness: true, Workers: workers})
		})
		if layered == nil {
			t.Fatalf("%s: Values on %d workers failed", g.Spec, workers)
		}
		sameValues(t, fmt.Sprintf("%s (%d workers, total step %d)", g.Spec, workers, totalStep(g, box)), want, layered)
	}
	if got.Sorted != (g.Symmetric() && uniform(box)) {
		t.Fatalf("%s: sorted table %v, symmetric game %v", g.Spec, got.Sorted, g.Symmetric())
	}
	sameValues(t, g.Spec, want, got)
	if want.CountP() != got.CountP() {
		t.Fatalf("%s: %d P-positions by reference, %d by values", g.Spec, want.CountP(), got.CountP())
	}
}

// valuesByLayers runs solve with Values settling states by layers, whatever
// their number, and returns its table (nil on error).
func valuesByLayers(solve func() (*table.Table, error)) *table.Table {
	defer func(old int64) { minLayeredStates = old }(minLayeredStates)
	minLayeredStates = 0
	t, err := solve()
	if err != nil {
		return nil
	}
	return t
}

func TestValuesMatchReference(t *testing.T) {
	cases := []struct {
		spec string
		max  int
	}{
		{"slow:3,2", 9}, {"slow:4,3", 7}, {"slow:3,1", 6}, {"slow:4,2", 6}, {"slow:5,4", 5}, {"slow:2,2", 8},
		{"slowle:4,2", 6}, {"slowset:5,{2,4}", 4}, {"slowset:4,{1,3}", 5},
		{"slow(cn:6,3)", 3}, {"slow(path:4,2)", 5}, {"slow(moore:4,2)", 5},
		{"nim:3", 6}, {"moore:4,2", 4}, {"cn:5,2", 4}, {"path:4,2", 4},
		{"nim:2 + slow:3,2", 4}, {"cn:4,2 & slow:3,2", 3}, {"slow:2,1 & nim:2", 4},
	}
	for _, c := range cases {
		for _, suffix := range []string{"", "/misere"} {
			spec := c.spec + suffix
			t.Run(spec, func(t *testing.T) {
				g, err := game.Parse(spec)
				if err != nil {
					t.Fatal(err)
				}
				valuesBoth(t, g, table.Uniform(g.Piles(), c.max))
				box := table.Uniform(g.Piles(), c.max)
				box[0] = max(0, c.max-2) // not uniform: unsorted
				valuesBoth(t, g, box)
			})
		}
	}
}

// TestValuesRandom draws random slow hypergraphs (unsorted tables) and random
// sets of move sizes (sorted tables).
func TestValuesRandom(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(1, 5).Draw(rt, "piles")
		var spec string
		if rapid.Bool().Draw(rt, "sizes") {
			var sizes []string
			for k := 1; k <= n; k++ {
				if rapid.Bool().Draw(rt, "size") {
					sizes = append(sizes, fmt.Sprint(k))
				}
			}
			if len(sizes) == 0 {
				sizes = []string{"1"}
			}
			spec = fmt.Sprintf("slowset:%d,{%s}", n, strings.Join(sizes, ","))
		} else {
			var sets []string
			for v := 1; v <= n; v++ { // every pile in some set
				sets = append(sets, fmt.Sprint(v))
			}
			for range rapid.IntRange(0, 4).Draw(rt, "extra") {
				var vs []string
				for v := 1; v <= n; v++ {
					if rapid.Bool().Draw(rt, "in") {
						vs = append(vs, fmt.Sprint(v))
					}
				}
				if len(vs) > 0 {
					sets = append(sets, strings.Join(vs, "-"))
				}
			}
			spec = "slow(complex:" + strings.Join(sets, ",") + ")"
		}
		if rapid.Bool().Draw(rt, "misere") {
			spec += "/misere"
		}
		g, err := game.Parse(spec)
		if err != nil {
			rt.Fatal(err)
		}
		h := rapid.IntRange(0, 6).Draw(rt, "max")
		valuesBoth(rt, g, table.Uniform(n, h))
	})
}

// TestSums checks Smith's rules on the product game: Grundy values of a
// disjunctive sum are the xor of the parts' values, and the remoteness of a
// conjunctive compound is the least of the parts' remoteness.
func TestSums(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		a, b string
		max  int
	}{{"nim:2", "slow:3,2", 4}, {"cn:4,2", "slowle:3,2", 3}, {"slow:2,2", "slow(path:3,2)", 4}, {"moore:3,2", "slow:2,1", 3},
		// rule variations with each other and with take and slow games
		{"fixed(cn:3,2; 1)", "wythoff(cn:2,2)", 4}, {"atleast(cn:3,2; 1)", "nim:2", 3}, {"exactly(cn:3,2; 2)", "slow:2,1", 4},
		{"hyper:1-2,2-3", "total(moore:2,2; 2)", 3}} {
		a, _ := game.Parse(c.a)
		b, _ := game.Parse(c.b)
		opts := Options{Grundy: true, Remoteness: true}
		ta, err := Values(ctx, a, table.Uniform(a.Piles(), c.max), opts)
		if err != nil {
			t.Fatal(err)
		}
		tb, err := Values(ctx, b, table.Uniform(b.Piles(), c.max), opts)
		if err != nil {
			t.Fatal(err)
		}
		for _, op := range []string{" + ", " & "} {
			g, err := game.Parse(c.a + op + c.b)
			if err != nil {
				t.Fatal(err)
			}
			tg, err := Values(ctx, g, table.Uniform(g.Piles(), c.max), opts)
			if err != nil {
				t.Fatal(err)
			}
			p := make(game.Position, g.Piles())
			for idx := range tg.Box.Positions() {
				tg.Box.Position(idx, p)
				pa, pb := p[:a.Piles()], p[a.Piles():]
				if op == " + " && tg.GrundyOf(p) != ta.GrundyOf(pa)^tb.GrundyOf(pb) {
					t.Fatalf("%s %v: Grundy %d, parts %d xor %d", g.Spec, p, tg.GrundyOf(p), ta.GrundyOf(pa), tb.GrundyOf(pb))
				}
				if op == " & " && tg.RemotenessOf(p) != min(ta.RemotenessOf(pa), tb.RemotenessOf(pb)) {
					t.Fatalf("%s %v: remoteness %d, parts %d and %d", g.Spec, p, tg.RemotenessOf(p), ta.RemotenessOf(pa), tb.RemotenessOf(pb))
				}
			}
		}
	}
}

func TestRemotenessFunction(t *testing.T) {
	normal, _ := game.Parse("nim:1")
	misere, _ := game.Parse("nim:1/misere")
	for _, c := range []struct {
		options []int
		g       *game.Game
		want    int
	}{
		{nil, normal, 0}, {nil, misere, 1}, {[]int{0}, normal, 1}, {[]int{1, 3}, normal, 4},
		{[]int{4, 2, 7}, normal, 3}, {[]int{1}, misere, 2},
	} {
		_, _, terminal := c.g.Terminal()
		if got := Remoteness(c.options, terminal); got != c.want {
			t.Errorf("Remoteness(%v) in %s = %d, want %d", c.options, c.g.Spec, got, c.want)
		}
	}
}

// TestRuleVariationsAgainstReference compares the values engine with the
// reference engine — outcome, Grundy value and remoteness at every position —
// on the rule variations (fixed, fixedall, atleast, total, exactly, wythoff)
// of random complexes and of symmetric games (sorted tables), in normal and
// misère play.
func TestRuleVariationsAgainstReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 4).Draw(t, "n")
		base := "moore:" + strconv.Itoa(n) + "," + strconv.Itoa(rapid.IntRange(1, n).Draw(t, "k"))
		if rapid.Bool().Draw(t, "complex") {
			var facets []string
			for range rapid.IntRange(1, 3).Draw(t, "facets") {
				var vs []string
				s := rapid.IntRange(1, 1<<uint(n)-1).Draw(t, "facet")
				for v := range n {
					if s>>uint(v)&1 == 1 {
						vs = append(vs, strconv.Itoa(v+1))
					}
				}
				facets = append(facets, strings.Join(vs, "-"))
			}
			for v := range n {
				facets = append(facets, strconv.Itoa(v+1))
			}
			base = "complex:" + strings.Join(facets, ",")
		}
		rule := rapid.SampledFrom([]string{"fixed", "fixedall", "atleast", "total", "exactly", "wythoff"}).Draw(t, "rule")
		spec := rule + "(" + base + "; " + strconv.Itoa(rapid.IntRange(1, 3).Draw(t, "a")) + ")"
		if rule == "wythoff" {
			spec = "wythoff(" + base + ")"
		}
		if rapid.Bool().Draw(t, "misere") {
			spec += game.MisereSuffix
		}
		g, err := game.Parse(spec)
		if err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
		box := table.Uniform(n, rapid.IntRange(0, 5).Draw(t, "h"))
		opts := Options{Grundy: true, Remoteness: true}
		ref, err := Reference(context.Background(), g, box, opts)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Table(context.Background(), g, box, opts)
		if err != nil {
			t.Fatal(err)
		}
		p := make(game.Position, n)
		for idx := range box.Positions() {
			box.Position(idx, p)
			if got.IsP(p) != ref.IsP(p) || got.GrundyOf(p) != ref.GrundyOf(p) || got.RemotenessOf(p) != ref.RemotenessOf(p) {
				t.Fatalf("%s %v (sorted table %v): P %v/%v, Grundy %d/%d, remoteness %d/%d (values/reference)", spec, p, got.Sorted,
					got.IsP(p), ref.IsP(p), got.GrundyOf(p), ref.GrundyOf(p), got.RemotenessOf(p), ref.RemotenessOf(p))
			}
		}
	})
}

// TestLiteratureIdentities checks the newer families against games they
// equal by definition: NIM_H on the facets of a complex is atleast(A; 1),
// Exact K-Nim is NIM_H on the K-subsets, Extended Circular Nim with the one
// step 1 is Circular Nim, and Necklace Nim is PathNim plus the end pair.
func TestLiteratureIdentities(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		max  int
	}{
		{"hyper:1-2-3,2-3-4,3-4-5,1-2-6,1-5-6,4-5-6", "atleast(cn:6,3; 1)", 4},
		{"exact:4,2", "atleast(moore:4,2; 1)", 6},
		{"exact:3,3", "fixedall(cn:3,3; 1)", 0}, // max 0: only the parse and the move sets
		{"ecn:7,{1},3", "cn:7,3", 3},
		{"ecn:6,{1,2},2", "complex:1-2,2-3,3-4,4-5,5-6,1-6,1-3,2-4,3-5,4-6,1-5,2-6", 4},
		{"necklace:6,3", "complex:1-2-3,2-3-4,3-4-5,4-5-6,1-6", 4},
		{"fixedall(slow:4,2; 1)", "slow:4,2", 5}, // a rule variation of a game with move sets plays on them
		{"atleast(slow:3,2; 1)", "exact:3,2", 5},
		{"wythoff(exact:2,1)", "wythoff(nim:2)", 8},
	} {
		ga, err := game.Parse(tt.a)
		if err != nil {
			t.Fatal(err)
		}
		gb, err := game.Parse(tt.b)
		if err != nil {
			t.Fatal(err)
		}
		box := table.Uniform(ga.Piles(), tt.max)
		opts := Options{Grundy: true, Remoteness: true}
		ta, err := Values(context.Background(), ga, box, opts)
		if err != nil {
			t.Fatal(err)
		}
		tb, err := Values(context.Background(), gb, box, opts)
		if err != nil {
			t.Fatal(err)
		}
		p := make(game.Position, ga.Piles())
		for idx := range box.Positions() {
			box.Position(idx, p)
			if ta.IsP(p) != tb.IsP(p) || ta.GrundyOf(p) != tb.GrundyOf(p) || ta.RemotenessOf(p) != tb.RemotenessOf(p) {
				t.Fatalf("%s and %s differ at %v", tt.a, tt.b, p)
			}
		}
	}
}

// TestNecklaceIsDepletedCircle checks the reading of Necklace Nim that its
// source gives (Kadam–Heubach–Dufour 2026, abstract: NN(n,k)
// arises in Circular Nim when k-2 consecutive stacks are depleted): the
// P-positions of necklace:N,K are those of cn:N+K-2,K with the K-2 stacks
// after the last one empty, and so are the Grundy values.
func TestNecklaceIsDepletedCircle(t *testing.T) {
	for _, tt := range []struct{ n, k, max int }{{4, 3, 6}, {5, 3, 5}, {6, 3, 4}, {5, 4, 4}, {6, 4, 3}, {6, 5, 3}, {7, 3, 3}} {
		ctx := context.Background()
		nn, err := game.Parse(fmt.Sprintf("necklace:%d,%d", tt.n, tt.k))
		if err != nil {
			t.Fatal(err)
		}
		cn, err := game.Parse(fmt.Sprintf("cn:%d,%d", tt.n+tt.k-2, tt.k))
		if err != nil {
			t.Fatal(err)
		}
		necklace, err := Table(ctx, nn, table.Uniform(tt.n, tt.max), Options{Grundy: true})
		if err != nil {
			t.Fatal(err)
		}
		box := table.Uniform(tt.n, tt.max)
		for range tt.k - 2 {
			box = append(box, 0)
		}
		circle, err := Table(ctx, cn, box, Options{Grundy: true})
		if err != nil {
			t.Fatal(err)
		}
		p := make(game.Position, tt.n)
		for idx := range necklace.Box.Positions() {
			necklace.Box.Position(idx, p)
			q := append(slices.Clone(p), make(game.Position, tt.k-2)...)
			if necklace.IsP(p) != circle.IsP(q) || necklace.GrundyOf(p) != circle.GrundyOf(q) {
				t.Fatalf("%s at %v: P %v, Grundy %d; %s at %v: P %v, Grundy %d", nn.Spec, p, necklace.IsP(p), necklace.GrundyOf(p),
					cn.Spec, q, circle.IsP(q), circle.GrundyOf(q))
			}
		}
	}
}

// TestCompoundsByTheirRule: a compound runs on the engine its rule allows
// (a conjunctive compound of take games is NIM_H: the cone engine, as its
// hyper: form), and every engine agrees with the reference engine, nested
// compounds and mixed rules included.
func TestCompoundsByTheirRule(t *testing.T) {
	ctx := context.Background()
	for _, tt := range []struct {
		spec, same string // same: a spec of the same game, or ""
		max        int
		engine     Engine // of the outcomes
	}{
		{"cn:5,2 & nim:2", "hyper:1-6,1-7,2-6,2-7,3-6,3-7,4-6,4-7,5-6,5-7,1-2-6,1-2-7,2-3-6,2-3-7,3-4-6,3-4-7,4-5-6,4-5-7,1-5-6,1-5-7", 3, EngineCones},
		{"nim:2 & nim:1", "hyper:1-3,2-3", 5, EngineCones},
		{"nim:2 + cn:4,2", "", 3, EngineFast},
		{"slow:2,1 + slow:3,2", "", 4, EngineCones},
		{"slow:2,1 + slow:2,1", "slowset:4,{1}", 4, EngineValues}, // symmetric: sorted states
		{"nim:2 + slow:3,2", "", 3, EngineCones},
		{"sum(nim:1; fixed(cn:3,2; 1) & slow:2,1)", "", 3, EngineCones},
		{"conj(cn:4,2; slow:3,2) + fixed(nim:1; 1)", "", 2, EngineCones},
		{"wythoff(nim:2) & exactly(nim:2; 2)", "", 3, EngineCones},
	} {
		g, err := game.Parse(tt.spec)
		if err != nil {
			t.Fatal(err)
		}
		box := table.Uniform(g.Piles(), tt.max)
		if plan, err := NewPlan(g, box, Options{}); err != nil {
			t.Fatal(err)
		} else if e := plan.Engine(); e != tt.engine {
			t.Errorf("%s: engine %s, want %s", tt.spec, e, tt.engine)
		}
		for _, opts := range []Options{{}, {Grundy: true}, {Grundy: true, Remoteness: true}} {
			want, err := Reference(ctx, g, box, opts)
			if err != nil {
				t.Fatal(err)
			}
			got, err := Table(ctx, g, box, opts)
			if err != nil {
				t.Fatal(err)
			}
			sameValues(t, tt.spec, want, got)
			if tt.same == "" {
				continue
			}
			h, err := game.Parse(tt.same)
			if err != nil {
				t.Fatal(err)
			}
			other, err := Table(ctx, h, box, opts)
			if err != nil {
				t.Fatal(err)
			}
			sameValues(t, tt.same, want, other)
		}
	}
}

// TestRemotenessCostsAskTheRule: the option lookups are estimated from the
// options the rule allows at the box's top position, not from the product
// of the piles (which is right for the take rule only).
func TestRemotenessCostsAskTheRule(t *testing.T) {
	for _, spec := range []string{"fixed(moore:3,2; 1)", "exactly(moore:3,3; 2)", "slow:4,2", "nim:3 & slow:2,1", "moore:3,2"} {
		g, err := game.Parse(spec)
		if err != nil {
			t.Fatal(err)
		}
		box := table.Uniform(g.Piles(), 6)
		options := 0
		for range g.Options(game.Position(box)) {
			options++
		}
		_, lookups := remotenessCosts(g, box)
		if want := float64(stateCount(g, box)) * float64(options); lookups != want {
			t.Errorf("%s: %v lookups, want %v (%d options of the top position)", spec, lookups, want, options)
		}
	}
}

// TestOrbitTable compares the tabulated orbit sizes with table.Orbit on
// every sorted position of a few boxes.
func TestOrbitTable(t *testing.T) {
	for _, n := range []int{1, 2, 4, 6} {
		s, err := table.NewSorting(n, 4)
		if err != nil {
			t.Fatal(err)
		}
		o := newOrbitTable(n)
		x := make([]int, n)
		for {
			if got, want := o.by(x, equalNeighbours(x)), table.Orbit(x); got != want {
				t.Fatalf("%v: orbit %d, want %d", x, got, want)
			}
			if !s.Next(x) {
				break
			}
		}
	}
}

// TestSummarizeSorted compares the counts of Summarize on sorted tables
// with counts weighted by table.Orbit state by state, and with the unsorted
// table of the same box.
func TestSummarizeSorted(t *testing.T) {
	ctx := context.Background()
	for _, spec := range []string{"slow:4,2", "nim:3", "slow:5,4"} {
		g, err := game.Parse(spec)
		if err != nil {
			t.Fatal(err)
		}
		box := table.Uniform(g.Piles(), 5)
		sorted, err := Values(ctx, g, box, Options{Grundy: true, Remoteness: true})
		if err != nil {
			t.Fatal(err)
		}
		if !sorted.Sorted {
			t.Fatalf("%s: not sorted", spec)
		}
		s, err := Summarize(ctx, g, sorted)
		if err != nil {
			t.Fatal(err)
		}
		var p int64
		grundy, remoteness := map[int]int64{}, map[int]int64{}
		for i, x := range sorted.StatesIn(0, sorted.States()) {
			w := table.Orbit(x)
			if sorted.IsPState(i) {
				p += w
			}
			grundy[int(sorted.Grundy.At(i))] += w
			remoteness[int(sorted.Remoteness[i])] += w
		}
		if s.PPositions != p {
			t.Fatalf("%s: %d P-positions, want %d", spec, s.PPositions, p)
		}
		for v, c := range s.GrundyCounts {
			if grundy[v] != c {
				t.Fatalf("%s: %d positions of Grundy value %d, want %d", spec, c, v, grundy[v])
			}
		}
		for r, c := range s.RemotenessCounts {
			if remoteness[r] != c {
				t.Fatalf("%s: %d positions of remoteness %d, want %d", spec, c, r, remoteness[r])
			}
		}
		ref, err := Reference(ctx, g, box, Options{Grundy: true, Remoteness: true})
		if err != nil {
			t.Fatal(err)
		}
		u, err := Summarize(ctx, g, ref)
		if err != nil {
			t.Fatal(err)
		}
		if u.PPositions != s.PPositions || !slices.Equal(u.GrundyCounts, s.GrundyCounts) || !slices.Equal(u.RemotenessCounts, s.RemotenessCounts) {
			t.Fatalf("%s: sorted %+v, unsorted %+v", spec, s, u)
		}
	}
}

// TestSummarizeGrundyCounts: the counts of the Grundy values end at the
// largest value, for values of one byte (counted up to the byte's largest
// and cut) and of two.
func TestSummarizeGrundyCounts(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		spec string
		box  table.Box
	}{
		{"complex:1-2", table.Box{0, 0}},
		{"cn:5,2", table.Uniform(5, 4)},
		{"complex:1-2/misere", table.Box{140, 130}}, // two bytes a value
	} {
		g, err := game.Parse(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		tb, err := Fast(ctx, g, c.box, Options{Grundy: true})
		if err != nil {
			t.Fatal(err)
		}
		s, err := Summarize(ctx, g, tb)
		if err != nil {
			t.Fatal(err)
		}
		want := make([]int64, tb.Grundy.Largest()+1)
		tb.Grundy.Count(0, tb.States(), want)
		if !slices.Equal(s.GrundyCounts, want) {
			t.Fatalf("%s on %v: counts %v, want %v", c.spec, c.box, s.GrundyCounts, want)
		}
	}
}
