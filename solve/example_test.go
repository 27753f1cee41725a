package solve_test

import (
	"context"
	"fmt"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
)

func ExampleFast() {
	g, _ := game.Parse("cn:6,3")
	t, err := solve.Fast(context.Background(), g, table.Uniform(6, 8), solve.Options{})
	if err != nil {
		panic(err)
	}
	s, err := solve.Summarize(context.Background(), g, t)
	if err != nil {
		panic(err)
	}
	fmt.Println(s.Positions, "positions,", s.PPositions, "P-positions in", s.PClasses, "classes")
	// Output: 531441 positions, 3321 P-positions in 495 classes
}

func ExampleAnalyze() {
	g, _ := game.Parse("nim:3")
	r, err := solve.Analyze(context.Background(), g, game.Position{1, 2, 4}, solve.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Println(r.Outcome, r.Grundy, r.WinningMoves)
	// Output: N 7 [1,2,3]
}

// Wythoff's game is wythoff(cn:2,2); its P-positions are the pairs
// (floor(k·φ), floor(k·φ²)) and their mirror images.
func ExampleCones() {
	g, _ := game.Parse("wythoff(cn:2,2)")
	t, err := solve.Cones(context.Background(), g, table.Uniform(2, 10), solve.Options{})
	if err != nil {
		panic(err)
	}
	for p := range t.PPositions(context.Background()) {
		if p[0] <= p[1] {
			fmt.Print(p, " ")
		}
	}
	fmt.Println()
	// Output: 0,0 1,2 3,5 4,7 6,10
}

func ExampleEngineFor() {
	for _, spec := range []string{"cn:6,3", "atleast(cn:6,3; 1)", "slow:5,4", "hyper:1-2-3,3-4"} {
		g, _ := game.Parse(spec)
		fmt.Println(spec, solve.EngineFor(g, table.Uniform(g.Piles(), 10), solve.Options{}))
	}
	// Output:
	// cn:6,3 fast
	// atleast(cn:6,3; 1) cones
	// slow:5,4 values
	// hyper:1-2-3,3-4 cones
}
