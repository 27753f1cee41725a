package commands_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/nimlab/nimlab/commands"
)

// The command line prints a result as text...
func ExampleOutcome() {
	res, err := commands.Outcome(context.Background(), commands.Env{}, commands.OutcomeRequest{Game: "nim:3", Position: "1,2,3"})
	if err != nil {
		fmt.Println(err)
		return
	}
	res.WriteText(os.Stdout)
	// Output:
	// Nim on 3 piles, position 1,2,3
	// outcome: P (the previous player wins: every move leads to an N-position)
	// by theorem nim (Dufour–Heubach 2013, Theorem 2.1(1); Bouton 1902): CN(n,1) is Nim: the P-positions are those whose piles xor to 0 (Bouton)
	// Grundy value: 0
	// remoteness: 6; longest resistance: 1,2,3 -> 1,2,2
}

// ...and the web server answers the same value as JSON.
func ExampleCritical() {
	res, err := commands.Critical(context.Background(), commands.Env{}, commands.CriticalRequest{
		Game: "slow:3,2", Source: commands.Source{Max: 4}, Remoteness: 3,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	data, _ := json.Marshal(res)
	fmt.Println(string(data))
	// Output:
	// {"critical":[{"remoteness":3,"outcome":"N","positions":[[1,2,3],[0,3,3]]}],"game":"slow:3,2","max":4,"sorted":true}
}

// A characterization that disagrees with the table is the result's
// verdict: the command line prints the whole result, then exits with the
// verdict's code.
func ExampleCheck() {
	res, err := commands.Check(context.Background(), commands.Env{}, commands.CheckRequest{
		Game: "nim:3", Source: commands.Source{Max: 3}, Expr: "a+b == c", Examples: 2,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	res.WriteText(os.Stdout)
	verdict := commands.VerdictOf(res)
	fmt.Println(verdict)
	fmt.Println("exit status", commands.ExitCode(verdict))
	// Output:
	// Nim on 3 piles, every pile 0..3: 64 positions
	// characterization: expression "a+b == c"
	// accepted:                       10
	// P-positions not accepted:       7   e.g. (1,1,0) (2,2,0)
	// accepted N-positions:           1   e.g. (1,1,2)
	// (I)  accepted, move to accepted: 0
	// (II) rejected, no move to accepted: 14   e.g. (1,1,0) (2,1,0)
	// expression "a+b == c" disagrees with the table of nim:3 at 8 positions
	// exit status 1
}

// Env.Progress watches every solve of a command.
func ExampleSolve() {
	env := commands.Env{Progress: func(spec string, positions int64) (func(done, total int64), func()) {
		fmt.Printf("solving %s: %d positions\n", spec, positions)
		return func(done, total int64) {}, func() { fmt.Println("solved") }
	}}
	res, err := commands.Solve(context.Background(), env, commands.SolveRequest{Game: "cn:5,2", Source: commands.Source{Max: 4}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Positions, "positions,", res.PPositions, "P-positions,", res.PClasses, "classes up to", res.Symmetries, "symmetries")
	// Output:
	// solving cn:5,2: 3125 positions
	// solved
	// 3125 positions, 105 P-positions, 22 classes up to 10 symmetries
}
