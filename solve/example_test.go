package solve_test

import (
	"bytes"
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
// (floor(k·φ), floor(k·φ²)) and their mirror images. The plan runs the
// cone engine on it.
func ExampleTable() {
	g, _ := game.Parse("wythoff(cn:2,2)")
	t, err := solve.Table(context.Background(), g, table.Uniform(2, 10), solve.Options{})
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

func ExamplePlan_Engine() {
	for _, spec := range []string{"cn:6,3", "atleast(cn:6,3; 1)", "slow:5,4", "hyper:1-2-3,3-4"} {
		g, _ := game.Parse(spec)
		plan, _ := solve.NewPlan(g, table.Uniform(g.Piles(), 10), solve.Options{})
		fmt.Println(spec, plan.Engine())
	}
	// Output:
	// cn:6,3 fast
	// atleast(cn:6,3; 1) cones
	// slow:5,4 values
	// hyper:1-2-3,3-4 cones
}

// One plan per solve: built once, it says which engine runs and how much
// memory it needs, then solves (or streams the outcomes of a take game to a
// file as they are computed).
func ExampleNewPlan() {
	g, _ := game.Parse("cn:6,3")
	plan, err := solve.NewPlan(g, table.Uniform(6, 7), solve.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(plan.Engine(), plan.Streams(), plan.CheckMemory(1<<30) == nil)
	var file bytes.Buffer
	_, pPositions, err := plan.StreamTable(context.Background(), &file, false)
	if err != nil {
		fmt.Println(err)
		return
	}
	t, _ := plan.Table(context.Background())
	fmt.Println(pPositions, pPositions == t.CountP())
	// Output:
	// fast true true
	// 2080 true
}
