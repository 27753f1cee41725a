package discover

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
)

// TestReductionAgreesBeyondTheBox: a description assembled from a
// reduction by invariances, learned on one box, accepts exactly the
// P-positions of the engine's table on a larger box, compared here
// position by position; a game with no invariance gets no reduction.
func TestReductionAgreesBeyondTheBox(t *testing.T) {
	tests := []struct {
		spec        string
		learn, test int
		reduced     bool
		invariances []string
	}{
		{"cn:7,3", 4, 6, true, []string{"(1,1,1,1,1,1,1)"}},
		{"necklace:6,3", 4, 7, true, []string{"(1,1,0,1,0,1)", "(1,0,1,0,1,1)"}},
		// PathNim P(7,3): nothing exact, and no invariance to reduce by.
		{"path:7,3", 4, 5, false, nil},
		// CN(6,2): the all-ones vector, but the regions it leads to are
		// not described.
		{"cn:6,2", 4, 5, false, []string{"(1,1,1,1,1,1)"}},
	}
	ctx := context.Background()
	for _, tt := range tests {
		g, err := game.Parse(tt.spec)
		if err != nil {
			t.Fatal(err)
		}
		r, err := Discover(ctx, g, Options{Max: tt.learn, VerifyMax: tt.learn + 1})
		if err != nil {
			t.Fatal(err)
		}
		if got := r.Method == methodReduction; got != tt.reduced || !slices.Equal(r.Invariances, tt.invariances) {
			t.Errorf("%s: method %q, invariances %v; want reduced %v, %v", tt.spec, r.Method, r.Invariances, tt.reduced, tt.invariances)
		}
		if !tt.reduced {
			if len(r.Regions) == 0 || r.Regions[0].ReducedBy != "" {
				t.Errorf("%s: regions %+v, want the whole box tried, not reduced", tt.spec, r.Regions)
			}
			continue
		}
		e, err := check.Compile(r.Expr, g.Piles(), func() (*complex.Group, error) { return g.Symmetries(ctx) })
		if err != nil {
			t.Fatal(err)
		}
		tab, err := solve.Table(ctx, g, table.Uniform(g.Piles(), tt.test), solve.Options{})
		if err != nil {
			t.Fatal(err)
		}
		accept, p := e.Evaluator(), make(game.Position, g.Piles())
		wrong := 0
		for idx := range tab.Box.Positions() {
			tab.Box.Position(idx, p)
			if accept(p) != tab.IsP(p) {
				wrong++
			}
		}
		if wrong > 0 {
			t.Errorf("%s: the reduction learned on 0..%d disagrees with the table of 0..%d at %d positions", tt.spec, tt.learn, tt.test, wrong)
		}
	}
}

// TestCanonicalZeros: the representative of a set of empty piles is its
// least image, and the symmetry returned maps it onto the set.
func TestCanonicalZeros(t *testing.T) {
	g, err := game.Parse("cn:7,3")
	if err != nil {
		t.Fatal(err)
	}
	group, err := symmetries(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	st := &structure{s: &search{n: 7}, group: group}
	for zeros, want := range map[uint64]uint64{0b1: 0b1, 0b1000000: 0b1, 0b1000001: 0b11, 0b100001: 0b101, 0b10001: 0b1001, 0b1001: 0b1001} {
		rep, perm := st.canonical(zeros)
		var image uint64
		for i, j := range perm {
			image |= rep >> i & 1 << j
		}
		if rep != want || image != zeros {
			t.Errorf("zeros %07b: representative %07b (want %07b), mapped onto %07b", zeros, rep, want, image)
		}
	}
}

// TestMapOfRegions: with no description of every position and no
// invariance, the regions with one empty pile are described where they
// can be, and the regions suggested next are not inside one described.
func TestMapOfRegions(t *testing.T) {
	g, err := game.Parse("path:7,3")
	if err != nil {
		t.Fatal(err)
	}
	r, err := Discover(context.Background(), g, Options{Max: 4, VerifyMax: 4})
	if err != nil {
		t.Fatal(err)
	}
	described := map[string]bool{}
	for _, n := range r.Regions {
		if n.Exact {
			described[n.Where] = true
		}
	}
	if r.Exact || !described["a == 0"] || !described["d == 0"] || described["b == 0"] {
		t.Errorf("P(7,3): exact %v, regions %+v; want a == 0 and d == 0 described, b == 0 not", r.Exact, r.Regions)
	}
	if len(r.NextRegions) == 0 {
		t.Error("no region suggested next")
	}
	// The map in the order tried, each region after one it was reduced
	// from: one empty pile less (EmptyPiles, its depth in discover's text).
	for i, n := range r.Regions {
		want := strings.Count(n.Where, "== 0")
		if n.EmptyPiles() != want {
			t.Errorf("%q: %d empty piles, want %d", n.Where, n.EmptyPiles(), want)
		}
		if i == 0 && n.EmptyPiles() != 0 || i > 0 && n.EmptyPiles() > r.Regions[i-1].EmptyPiles()+1 {
			t.Errorf("region %d, %q, after %q: not in the map's order", i, n.Where, r.Regions[max(i-1, 0)].Where)
		}
	}
	for _, next := range r.NextRegions {
		if next == "a == 0 && b == 0" || next == "b == 0 && d == 0" {
			t.Errorf("%q suggested, inside a region described", next)
		}
	}
}

// TestRegionScope: a search of a region of empty piles walks the box with
// those piles' heights 0 (scope), and counts the same disagreements as one
// that tests the region's condition at every position of the box, and as a
// count by hand.
func TestRegionScope(t *testing.T) {
	g, err := game.Parse("necklace:6,3")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	box := table.Uniform(6, 3)
	tab, err := solve.Table(ctx, g, box, solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	names := pileNames(6)
	// Accept the positions with an even total: neither the P-set nor its
	// complement, so the count depends on every position walked.
	even := func() func(game.Position) bool {
		return func(p game.Position) bool {
			s := 0
			for _, x := range p {
				s += x
			}
			return s%2 == 0
		}
	}
	for _, zeros := range []uint64{0b1, 0b10, 0b101, 0b100100, 0b111000} {
		where, err := check.Compile(zerosCondition(zeros, names), 6, nil)
		if err != nil {
			t.Fatal(err)
		}
		byZeros := &search{t: tab, n: 6, where: where, zeros: zeros}
		byWhere := &search{t: tab, n: 6, where: where}
		got, err := byZeros.disagreements(ctx, even, -1)
		if err != nil {
			t.Fatal(err)
		}
		want, err := byWhere.disagreements(ctx, even, -1)
		if err != nil {
			t.Fatal(err)
		}
		var byHand int64
		p := make(game.Position, 6)
		for idx := range box.Positions() {
			box.Position(idx, p)
			if inZeros(p, zeros) && even()(p) != tab.IsP(p) {
				byHand++
			}
		}
		if got != want || got != byHand || got == 0 {
			t.Errorf("zeros %06b: %d disagreements walking the region, %d testing it, %d by hand", zeros, got, want, byHand)
		}
	}
}

// TestVectorsInOrder: the hints start with the root's vector, and each
// node's vector, as it applies where the expression reaches the node, has
// no pile of that region's empty piles in its support (a vector mapped
// the wrong way would move an empty pile), and is among the hints.
func TestVectorsInOrder(t *testing.T) {
	for _, spec := range []string{"necklace:6,3", "necklace:7,4", "cn:7,3"} {
		g, err := game.Parse(spec)
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		n := g.Piles()
		box := table.Uniform(n, 4)
		tab, err := solve.Table(ctx, g, box, solve.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var ps [][]int
		for p := range tab.PPositions(ctx) {
			ps = append(ps, slices.Clone([]int(p)))
		}
		s := &search{g: g, t: tab, n: n, ps: ps, names: pileNames(n)}
		src, st, _, err := s.reduceByInvariances(ctx)
		if err != nil || src == "" || st.root == nil {
			t.Fatalf("%s: no reduction (%v)", spec, err)
		}
		hints := st.vectors()
		if !slices.Equal(hints[0], []int(st.root.by)) {
			t.Errorf("%s: first hint %v, the root reduces by %v", spec, hints[0], st.root.by)
		}
		st.walkReached(func(nd *structNode, idx []int) {
			if nd.by == nil {
				return
			}
			v := make([]int, n)
			for i, x := range nd.by {
				v[idx[i]] = x
				if x == 1 && nd.zeros>>i&1 == 1 {
					t.Errorf("%s: node %b reduces by %v, which moves an empty pile", spec, nd.zeros, nd.by)
				}
			}
			// The region where the expression reaches the node, its
			// empty piles read through idx, is not moved by v.
			for i := range n {
				if nd.zeros>>i&1 == 1 && v[idx[i]] == 1 {
					t.Errorf("%s: the vector %v where the expression reaches node %b moves its empty pile %d", spec, v, nd.zeros, idx[i])
				}
			}
			if !slices.ContainsFunc(hints, func(h []int) bool { return slices.Equal(h, v) }) {
				t.Errorf("%s: the vector %v of node %b is not a hint", spec, v, nd.zeros)
			}
		})
	}
}
