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
