package discover

import (
	"context"
	"slices"
	"testing"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
)

// TestLiftMoves: a region's move read through the reduction takes from the
// position what it takes from the reduced one: here each region's move
// empties the reduced position's first pile that is not empty, and the
// lifted move, evaluated at x, lowers that pile of x by as much.
func TestLiftMoves(t *testing.T) {
	ctx := context.Background()
	g, err := game.Parse("necklace:6,3")
	if err != nil {
		t.Fatal(err)
	}
	tab, err := solve.Table(ctx, g, table.Uniform(6, 4), solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var ps [][]int
	for p := range tab.PPositions(ctx) {
		ps = append(ps, slices.Clone([]int(p)))
	}
	s := &search{g: g, t: tab, n: 6, ps: ps, names: pileNames(6)}
	st, err := s.newStructure(ctx)
	if err != nil {
		t.Fatal(err)
	}
	root, _, err := st.node(ctx, 0)
	if err != nil || root == nil {
		t.Fatalf("no reduction of NN(6,3): %v", err)
	}
	moves := map[uint64][][]string{}
	if st.liftMoves(root, moves) != nil {
		t.Error("moves lifted with no region's moves")
	}
	leaves := 0
	for zeros, nd := range st.nodes {
		if nd != nil && nd.leaf != nil {
			leaves++
			// Pile e of the representative becomes 0.
			moves[zeros] = [][]string{{"a", "b", "c", "d", "0", "f"}}
		}
	}
	lifted := st.liftMoves(root, moves)
	if len(lifted) != len(root.children) || leaves == 0 {
		t.Fatalf("%d moves lifted for %d children", len(lifted), len(root.children))
	}
	// x reduces by (1,1,0,1,0,1), m = min(3, 4, 5, 6) = 3, to y.
	x := game.Position{3, 4, 2, 5, 3, 6}
	y := []int{0, 1, 2, 2, 3, 3}
	for _, m := range lifted {
		changed := 0
		for j, comp := range m {
			if comp == check.PileName(j) {
				continue
			}
			changed++
			value := -1
			for k := 0; k <= 6 && value < 0; k++ {
				e, err := check.Compile(comp+" == "+itoa(k), 6, nil)
				if err != nil {
					t.Fatalf("component %q: %v", comp, err)
				}
				if e.Evaluator()(x) {
					value = k
				}
			}
			if value != x[j]-y[j] {
				t.Errorf("pile %d: %q is %d at %v, want %d (the reduced pile emptied)", j, comp, value, x, x[j]-y[j])
			}
		}
		if changed != 1 {
			t.Errorf("move %q changes %d piles, want 1", m, changed)
		}
	}
}
