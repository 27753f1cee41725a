package solve

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/table"
	"pgregory.net/rapid"
)

// tester is what the checks need from testing.T and rapid.T.
type tester interface {
	Helper()
	Fatal(args ...any)
	Fatalf(format string, args ...any)
}

// sameTable fails the test when two tables of the same box differ in outcome,
// Grundy value or remoteness; got must hold the values want holds.
func sameTable(t tester, spec string, want, got *table.Table) {
	t.Helper()
	if len(got.PLine) != len(want.PLine) || grundyLen(got) != grundyLen(want) || len(got.Remoteness) != len(want.Remoteness) {
		t.Fatalf("%s box %v: fast holds %d lines, %d Grundy values, %d remoteness values; reference %d, %d, %d", spec, want.Box,
			len(got.PLine), grundyLen(got), len(got.Remoteness), len(want.PLine), grundyLen(want), len(want.Remoteness))
	}
	if want.Grundy != nil && got.Grundy.Width() != want.Grundy.Width() {
		t.Fatalf("%s box %v: fast holds Grundy values in %d bytes, the reference in %d", spec, want.Box, got.Grundy.Width(), want.Grundy.Width())
	}
	p := make(game.Position, len(want.Box))
	if l := firstDifference(want.PLine, got.PLine); l >= 0 {
		want.Box.Position(int64(l)*int64(want.Box[0]+1), p)
		t.Fatalf("%s box %v: line of %v: reference P at pile 1 = %d, fast says %d (%d = none)",
			spec, want.Box, p, want.PLine[l], got.PLine[l], table.NoP)
	}
	if want.Grundy != nil {
		if i := want.Grundy.FirstDifference(got.Grundy); i >= 0 {
			want.Box.Position(i, p)
			t.Fatalf("%s box %v: Grundy value of %v: reference %d, fast %d", spec, want.Box, p, want.Grundy.At(i), got.Grundy.At(i))
		}
	}
	if i := firstDifference(want.Remoteness, got.Remoteness); i >= 0 {
		want.Box.Position(int64(i), p)
		t.Fatalf("%s box %v: remoteness of %v: reference %d, fast %d", spec, want.Box, p, want.Remoteness[i], got.Remoteness[i])
	}
}

// grundyLen is the number of Grundy values t holds.
func grundyLen(t *table.Table) int64 {
	if t.Grundy == nil {
		return 0
	}
	return t.Grundy.Len()
}

// firstDifference is the first index where got, as long as want, differs
// from it, or -1.
func firstDifference[T comparable](want, got []T) int {
	for i, w := range want {
		if got[i] != w {
			return i
		}
	}
	return -1
}

// solveBoth solves box with the reference engine and Fast (with opts) and
// compares the tables.
func solveBoth(t tester, spec string, box table.Box, opts Options) {
	t.Helper()
	g, err := game.Parse(spec)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	want, err := Reference(ctx, g, box, Options{Grundy: opts.Grundy, Remoteness: opts.Remoteness})
	if err != nil {
		t.Fatal(err)
	}
	got, err := Fast(ctx, g, box, opts)
	if err != nil {
		t.Fatal(err)
	}
	sameTable(t, spec, want, got)
	plan, err := NewPlan(g, box, opts)
	if err != nil {
		t.Fatal(err)
	}
	if plan.Streams() {
		sameStream(t, plan, got)
	}
}

// sameStream checks the plan's StreamTable against the table Fast made: the
// file it writes is byte for byte the one WriteTo writes, the table it keeps
// and the table read back are equal, and it counts the same P-positions.
func sameStream(t tester, plan *Plan, want *table.Table) {
	g, box := plan.Game(), plan.Box()
	t.Helper()
	var wantFile, gotFile bytes.Buffer
	if _, err := want.WriteTo(&wantFile); err != nil {
		t.Fatal(err)
	}
	for _, keep := range []bool{false, true} {
		gotFile.Reset()
		kept, pPositions, err := plan.StreamTable(context.Background(), &gotFile, keep)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(gotFile.Bytes(), wantFile.Bytes()) {
			t.Fatalf("%s on %v: the streamed file differs from the table's", g.Spec, box)
		}
		if pPositions != want.CountP() {
			t.Fatalf("%s on %v: streamed %d P-positions, the table has %d", g.Spec, box, pPositions, want.CountP())
		}
		if keep != (kept != nil) || (kept != nil && !slices.Equal(kept.PLine, want.PLine)) {
			t.Fatalf("%s on %v: the kept table (keep %v) differs", g.Spec, box, keep)
		}
	}
}

func TestFastMatchesReferenceOnFamilies(t *testing.T) {
	specs := []string{
		"nim:1", "nim:2", "nim:3", "nim:4",
		"cn:3,2", "cn:4,2", "cn:5,2", "cn:5,3", "cn:6,2", "cn:6,3", "cn:6,4", "cn:7,3",
		"path:4,2", "path:5,2", "path:5,3", "path:6,3",
		"moore:3,2", "moore:4,2", "moore:5,3",
		"complex:1-2-3,2-3-4,3-4-5,1-5", "complex:1-2,2-3,3-4,4-1",
		"graph:1-2,2-3,1-3,3-4", "graph:1-2,1-2,2-3",
	}
	for _, base := range specs {
		for _, spec := range []string{base, base + "/misere"} {
			t.Run(spec, func(t *testing.T) {
				g, err := game.Parse(spec)
				if err != nil {
					t.Fatal(err)
				}
				h := 3
				if g.Piles() <= 3 {
					h = 7
				}
				if g.Piles() >= 6 {
					h = 2
				}
				box := table.Uniform(g.Piles(), h)
				for _, setBits := range []int{16, 32, 64} {
					solveBoth(t, spec, box, Options{Grundy: true, Workers: 2, setBits: setBits})
				}
				solveBoth(t, spec, box, Options{Grundy: true, Workers: 2, levelSets: true})
				solveBoth(t, spec, box, Options{Remoteness: true, Workers: 2})
			})
		}
	}
}

func TestFastWideLines(t *testing.T) {
	// Pile 1 longer than one machine word exercises the multi-word kernel.
	for _, spec := range []string{"nim:2", "cn:3,2", "path:3,2/misere", "nim:1"} {
		g, _ := game.Parse(spec)
		box := table.Uniform(g.Piles(), 4)
		box[0] = 150
		t.Run(spec, func(t *testing.T) {
			for _, setBits := range []int{16, 32, 64} {
				solveBoth(t, spec, box, Options{Grundy: true, Workers: 2, setBits: setBits})
			}
			solveBoth(t, spec, box, Options{Grundy: true, Workers: 2, levelSets: true})
			solveBoth(t, spec, box, Options{Remoteness: true, Workers: 2})
		})
	}
}

// TestFastGrundyAbove64 reaches Grundy values beyond one window of the
// value sets, in each width: on a single facet every smaller position is
// an option, so the Grundy value is the total of the piles. It also solves
// facets of four to six piles.
func TestFastGrundyAbove64(t *testing.T) {
	for _, c := range []struct {
		spec string
		box  table.Box
	}{
		{"complex:1-2", table.Box{60, 60}},             // sets of 2 words
		{"complex:1-2/misere", table.Box{50, 70}},      // misère: values up to 121
		{"complex:1-2,2-3", table.Box{20, 30, 30}},     // two facets
		{"cn:5,2", table.Box{8, 8, 8, 8, 8}},           // lines skipped in later windows
		{"cn:6,3/misere", table.Box{4, 5, 4, 3, 5, 4}}, // misère, six piles of different sizes
		// Facets of more piles than three, whose sets are gathered from
		// more than three lines below, the line itself one slab earlier
		// among them (overwritten in place).
		{"cn:6,5", table.Uniform(6, 4)},
		{"cn:7,5", table.Box{5, 3, 4, 3, 2, 3, 4}},
		{"cn:8,6", table.Uniform(8, 3)},
		{"moore:6,4/misere", table.Uniform(6, 4)},
	} {
		t.Run(c.spec, func(t *testing.T) {
			for _, setBits := range []int{16, 32, 64} {
				solveBoth(t, c.spec, c.box, Options{Grundy: true, Workers: 2, setBits: setBits})
			}
		})
	}
}

// TestFastGrundyWidths solves boxes on both sides of the one-byte Grundy
// table (table.MaxNarrowGrundy), by sets in every width and by level sets:
// a box whose values may exceed it takes two bytes a value, one whose
// values may not takes one, and both give the reference's values. On a
// single facet the Grundy value is the total of the piles (in misère play
// too, but for the terminal position and those of total 1), so the largest
// values come within one of the bound.
func TestFastGrundyWidths(t *testing.T) {
	for _, c := range []struct {
		spec    string
		box     table.Box
		width   int
		largest uint32
	}{
		{"complex:1-2", table.Box{130, 123}, 1, 253}, // bound 254
		{"complex:1-2/misere", table.Box{130, 123}, 1, 253},
		{"complex:1-2", table.Box{130, 124}, 2, 254},        // bound 255
		{"complex:1-2/misere", table.Box{140, 130}, 2, 270}, // values above 255
		{"complex:1-2,2-3", table.Box{150, 60, 3}, 1, 213},
		{"complex:1-2,2-3", table.Box{200, 40, 20}, 2, 260},
	} {
		t.Run(fmt.Sprintf("%s/%v", c.spec, c.box), func(t *testing.T) {
			g, err := game.Parse(c.spec)
			if err != nil {
				t.Fatal(err)
			}
			want, err := Reference(context.Background(), g, c.box, Options{Grundy: true})
			if err != nil {
				t.Fatal(err)
			}
			if w, m := want.Grundy.Width(), want.Grundy.Largest(); w != c.width || m != c.largest {
				t.Fatalf("the reference keeps values in %d bytes, up to %d; want %d bytes, up to %d", w, m, c.width, c.largest)
			}
			for _, opts := range []Options{{setBits: 16}, {setBits: 32}, {setBits: 64}, {levelSets: true}} {
				opts.Grundy, opts.Workers = true, 2
				got, err := Fast(context.Background(), g, c.box, opts)
				if err != nil {
					t.Fatal(err)
				}
				sameTable(t, c.spec, want, got)
			}
		})
	}
}

// TestFastMatchesReferenceOnRandomComplexes draws random complexes, boxes and
// conventions and compares both engines.
func TestFastMatchesReferenceOnRandomComplexes(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(1, 6).Draw(rt, "piles")
		nsets := rapid.IntRange(1, 5).Draw(rt, "sets")
		var facets []string
		covered := make([]bool, n)
		for range nsets {
			var vs []string
			for v := range n {
				if rapid.Bool().Draw(rt, "in") {
					vs = append(vs, fmt.Sprint(v+1))
					covered[v] = true
				}
			}
			if len(vs) > 0 {
				facets = append(facets, join(vs))
			}
		}
		for v, ok := range covered {
			if !ok {
				facets = append(facets, fmt.Sprint(v+1))
			}
		}
		spec := "complex:" + joinComma(facets)
		if rapid.Bool().Draw(rt, "misere") {
			spec += "/misere"
		}
		box := make(table.Box, n)
		limit := []int{0, 70, 20, 9, 5, 3, 2}[n]
		for i := range box {
			box[i] = rapid.IntRange(0, limit).Draw(rt, "max")
		}
		solveBoth(rt, spec, box, Options{
			Grundy:     rapid.Bool().Draw(rt, "grundy"),
			Remoteness: rapid.Bool().Draw(rt, "remoteness"),
			Workers:    rapid.IntRange(1, 3).Draw(rt, "workers"),
			levelSets:  rapid.Bool().Draw(rt, "level sets"),
			setBits:    rapid.SampledFrom([]int{0, 16, 32, 64}).Draw(rt, "set bits"),
		})
	})
}

func join(vs []string) string {
	out := vs[0]
	for _, v := range vs[1:] {
		out += "-" + v
	}
	return out
}

func joinComma(vs []string) string {
	out := vs[0]
	for _, v := range vs[1:] {
		out += "," + v
	}
	return out
}

// TestCN63MatchesTheorem32 checks the fast engine against the closed form of
// Dufour–Heubach 2013, Theorem 3.2: the P-positions of CN(6,3)
// are those with a+b = d+e and b+c = e+f.
func TestCN63MatchesTheorem32(t *testing.T) {
	g, _ := game.Parse("cn:6,3")
	box := table.Uniform(6, 7)
	tab, err := Fast(context.Background(), g, box, Options{})
	if err != nil {
		t.Fatal(err)
	}
	p := make(game.Position, 6)
	for idx := range box.Positions() {
		box.Position(idx, p)
		want := p[0]+p[1] == p[3]+p[4] && p[1]+p[2] == p[4]+p[5]
		if tab.IsP(p) != want {
			t.Fatalf("%v: table says P=%v, Theorem 3.2 says %v", p, tab.IsP(p), want)
		}
	}
}

func TestNimGrundyIsXor(t *testing.T) {
	g, _ := game.Parse("nim:3")
	box := table.Uniform(3, 40)
	box[0] = 100
	tab, err := Fast(context.Background(), g, box, Options{Grundy: true})
	if err != nil {
		t.Fatal(err)
	}
	p := make(game.Position, 3)
	for idx := range box.Positions() {
		box.Position(idx, p)
		if got, want := tab.Grundy.At(idx), uint32(p[0]^p[1]^p[2]); got != want {
			t.Fatalf("Grundy%v = %d, want %d (Bouton)", p, got, want)
		}
	}
}

func TestFastCancels(t *testing.T) {
	g, _ := game.Parse("cn:6,3")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Fast(ctx, g, table.Uniform(6, 5), Options{}); err == nil {
		t.Fatal("a cancelled solve returned no error")
	}
}

// TestHasOptionInMatchesEnumeration compares HasOptionIn (the fast engine's
// sweep for take games, the cone engine's for rules) with enumerating the
// options of every position.
func TestHasOptionInMatchesEnumeration(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		spec := rapid.SampledFrom([]string{"nim:2", "cn:4,2", "cn:5,3", "path:4,2", "complex:1-2-3,2-3-4,3-4-5,1-5", "graph:1-2,2-3,1-3", "nim:1"}).Draw(rt, "game")
		if rapid.Bool().Draw(rt, "cones") { // a rule the cone engine solves
			spec = drawConeGame(rt, rapid.IntRange(1, 4).Draw(rt, "n"))
		}
		g, err := game.Parse(spec)
		if err != nil {
			rt.Fatal(err)
		}
		box := make(table.Box, g.Piles())
		for i := range box {
			box[i] = rapid.IntRange(0, 4).Draw(rt, "max")
		}
		box[0] = rapid.SampledFrom([]int{0, 3, 7, 15, 31, 63, 64, 100}).Draw(rt, "max1")
		if box.Positions() > 20000 {
			return
		}
		w := int64(box[0]/64 + 1)
		set := make([]uint64, box.Lines()*w)
		density := rapid.IntRange(1, 10).Draw(rt, "density")
		in := func(idx int64) bool {
			l, x := idx/int64(box[0]+1), idx%int64(box[0]+1)
			return set[l*w+x/64]>>uint(x%64)&1 == 1
		}
		for idx := range box.Positions() {
			if rapid.IntRange(0, density).Draw(rt, "bit") == 0 {
				l, x := idx/int64(box[0]+1), idx%int64(box[0]+1)
				set[l*w+x/64] |= 1 << uint(x%64)
			}
		}
		got, err := HasOptionIn(context.Background(), g, box, set, Options{})
		if err != nil {
			rt.Fatal(err)
		}
		p := make(game.Position, len(box))
		for idx := range box.Positions() {
			box.Position(idx, p)
			want := false
			for q := range g.Options(p) {
				if in(box.Index(q)) {
					want = true
					break
				}
			}
			l, x := idx/int64(box[0]+1), idx%int64(box[0]+1)
			if has := got[l*w+x/64]>>uint(x%64)&1 == 1; has != want {
				rt.Fatalf("%s box %v at %v: HasOptionIn %v, enumeration %v", spec, box, p, has, want)
			}
		}
		for l := range box.Lines() {
			if box[0]%64 != 63 && got[l*w+w-1]>>uint(box[0]%64+1) != 0 {
				rt.Fatalf("bits beyond the box are set")
			}
		}
	})
}

// TestLengthsByDefinition compares Lengths with Definition 7.1 computed
// directly (a maximum over every zero position below), and with Lemma 7.2:
// n·e(C) has length n for a circuit C.
func TestLengthsByDefinition(t *testing.T) {
	for _, spec := range []string{"cn:5,2", "cn:4,2", "path:4,2", "moore:4,2"} {
		g, _ := game.Parse(spec)
		box := table.Uniform(g.Piles(), 4)
		tab, err := Fast(context.Background(), g, box, Options{})
		if err != nil {
			t.Fatal(err)
		}
		got, err := Lengths(context.Background(), tab)
		if err != nil {
			t.Fatal(err)
		}
		var zeros []game.Position
		for p := range tab.PPositions(context.Background()) {
			zeros = append(zeros, slices.Clone(p))
		}
		for _, n := range zeros { // zeros come in index order
			want := int32(0)
			for _, m := range zeros {
				if !slices.Equal(m, n) && leq(m, n) {
					want = max(want, got[box.Index(m)]+1)
				}
			}
			if got[box.Index(n)] != want {
				t.Fatalf("%s %v: length %d, want %d", spec, n, got[box.Index(n)], want)
			}
		}
		circuits, err := g.Complex.Circuits(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range circuits {
			p := make(game.Position, g.Piles())
			for _, v := range c.Vertices() {
				p[v] = 4
			}
			if l := got[box.Index(p)]; l != 4 {
				t.Errorf("%s: 4·e(%v) has length %d, want 4 (Lemma 7.2)", spec, c, l)
			}
		}
	}
}

func leq(a, b game.Position) bool {
	for i := range a {
		if a[i] > b[i] {
			return false
		}
	}
	return true
}

// TestClassCountsByBurnside compares table.CountClasses, which counts by
// Burnside's lemma where that is less work, with testing every P-position
// against every symmetry, on line tables and bit tables.
func TestClassCountsByBurnside(t *testing.T) {
	for _, tt := range []struct {
		spec string
		max  int
	}{
		{"cn:6,3", 9}, {"cn:5,2", 8}, {"path:5,2", 7}, {"cn:8,6", 3}, {"octa:3", 4},
		{"atleast(cn:6,3; 1)", 7}, {"fixed(cn:5,2; 2)", 8}, {"wythoff(path:4,2)", 8}, {"necklace:6,3", 5},
		// several chunks of a million positions: lines, a full group, bits
		{"cn:6,3", 12}, {"nim:4", 40}, {"atleast(cn:6,3; 1)", 11},
	} {
		g, err := game.Parse(tt.spec)
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		tab, err := Table(ctx, g, table.Uniform(g.Piles(), tt.max), Options{})
		if err != nil {
			t.Fatal(err)
		}
		grp, err := g.Symmetries(ctx)
		if err != nil {
			t.Fatal(err)
		}
		got, err := tab.CountClasses(ctx, grp)
		if err != nil {
			t.Fatal(err)
		}
		var want int64
		var canonical []string
		for p := range tab.PPositions(ctx) {
			if grp.IsCanonical(p) {
				want++
				canonical = append(canonical, p.String())
			}
		}
		if got != want {
			t.Errorf("%s --max %d: %d classes counted, %d canonical P-positions", tt.spec, tt.max, got, want)
		}
		for _, workers := range []int{1, 3} {
			var listed []string
			for p := range tab.ClassRepresentatives(ctx, grp, workers) {
				listed = append(listed, p.String())
			}
			if !slices.Equal(listed, canonical) {
				t.Errorf("%s --max %d, %d workers: %d class representatives listed, %d canonical P-positions (or another order)", tt.spec, tt.max, workers, len(listed), len(canonical))
			}
		}
	}
	// Stopping early stops the workers too.
	g, _ := game.Parse("cn:6,3")
	tab, _ := Table(context.Background(), g, table.Uniform(6, 12), Options{})
	grp, _ := g.Symmetries(context.Background())
	seen := 0
	for range tab.ClassRepresentatives(context.Background(), grp, 2) {
		if seen++; seen == 5 {
			break
		}
	}
}

// TestPositionGridTooLarge asks the position recurrences for more entries
// than they keep (moore:21,9 has 293930 facets): ErrTooLarge, not an
// overflowing allocation.
func TestPositionGridTooLarge(t *testing.T) {
	g, err := game.Parse("moore:21,9")
	if err != nil {
		t.Fatal(err)
	}
	box := table.Uniform(21, 1)
	box[0] = 3
	for _, opts := range []Options{{Remoteness: true}, {Grundy: true}} {
		if _, err := Fast(context.Background(), g, box, opts); !errors.Is(err, ErrTooLarge) {
			t.Errorf("%+v: got %v, want ErrTooLarge", opts, err)
		}
	}
	plan, err := NewPlan(g, box, Options{Grundy: true, Remoteness: true})
	if err != nil {
		t.Fatal(err)
	}
	if need := plan.MemoryNeeded(); need < 1<<40 {
		t.Errorf("memory estimate %d, want the saturated size of the recurrences", need)
	}
}

// TestFastGrundySetsParallel runs the set recurrence on boxes whose
// anti-diagonals of sub-slabs, and so the waves of two slabs that hold
// them, are large enough to be handed to several goroutines (slabWaves,
// parallelLines), in every window width, so
// that the race detector sees the workers gather the lines of earlier
// diagonals and write the table and their own lines, and the values stay
// the reference's whatever the number of workers.
func TestFastGrundySetsParallel(t *testing.T) {
	if testing.Short() {
		t.Skip("large boxes")
	}
	for _, c := range []struct {
		spec string
		box  table.Box
	}{
		{"cn:6,3", table.Box{10, 10, 10, 3, 3, 1}},        // sub-slabs of 121 lines, the local part across parities
		{"cn:6,3/misere", table.Box{10, 10, 10, 3, 3, 1}}, // the terminal position
		{"cn:5,2", table.Box{31, 31, 3, 3, 1}},            // lines of 32 positions
		{"path:6,3", table.Box{12, 12, 12, 1, 1, 1}},      // anti-diagonals of two sub-slabs
	} {
		t.Run(fmt.Sprintf("%s/%v", c.spec, c.box), func(t *testing.T) {
			h := padded(c.box, 4)
			n := len(h)
			cellLines := h[0] + 1
			for i := 1; i <= n-4; i++ {
				cellLines *= h[i] + 1
			}
			if cells := min(h[n-3], h[n-2]) + 1; cells*cellLines < parallelLines {
				t.Fatalf("the largest anti-diagonal holds %d lines, fewer than the %d that run in parallel", cells*cellLines, parallelLines)
			}
			g, err := game.Parse(c.spec)
			if err != nil {
				t.Fatal(err)
			}
			want, err := Reference(context.Background(), g, c.box, Options{Grundy: true})
			if err != nil {
				t.Fatal(err)
			}
			for _, setBits := range []int{16, 32, 64} {
				for _, workers := range []int{2, 3} {
					got, err := Fast(context.Background(), g, c.box, Options{Grundy: true, Workers: workers, setBits: setBits})
					if err != nil {
						t.Fatal(err)
					}
					sameTable(t, c.spec, want, got)
				}
			}
		})
	}
}
