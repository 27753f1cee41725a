package main

import (
	"github.com/nimlab/nimlab/commands"
	"github.com/spf13/cobra"
)

func newEvalCmd() *cobra.Command {
	var expr, where, positions, export string
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "eval GAME --expr EXPR --positions FILE.npz [--export OUT.npz]",
		Short: "Evaluate an expression at each position of a file",
		Long: `Evaluates EXPR (check's language: piles a, b, c, ...) at each position of
FILE.npz, a NumPy archive with one integer array per pile, p1..pn (what
numpy.savez writes, or solve --export FILE.npz), and says how many it accepts.
--export OUT.npz writes the answers as one uint8 array, accepted (1 where EXPR
is true), in the positions' order: the Python package's Game.evaluate reads it.
--where COND is --expr for a region's condition (what solve(where=...) sends).
A negative pile is an error that names its row.`,
		Example: `  nimlab solve cn:7,3 --max 6 --export cn73.npz
  nimlab eval cn:7,3 --expr 'a == 0 && c == 0' --positions cn73.npz --export region.npz`,
		Args: positional,
		RunE: func(cmd *cobra.Command, args []string) error {
			res, err := commands.Eval(cmd.Context(), commands.EvalRequest{Game: args[0], Expr: expr, Where: where, Positions: positions, Export: export})
			if err != nil {
				return err
			}
			return render(cmd, res, asJSON)
		},
	}
	defineFlags(cmd, "eval", map[string]any{"expr": &expr, "where": &where, "positions": &positions, "export": &export, "json": &asJSON})
	return cmd
}
