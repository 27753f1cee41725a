package main

import (
	"github.com/nimlab/nimlab/commands"
	"github.com/spf13/cobra"
)

func newTheoremsCmd() *cobra.Command {
	var asJSON bool
	var format string
	cmd := &cobra.Command{
		Use:   "theorems [GAME]",
		Short: "List the theorems nimlab decides positions with, or the one covering GAME",
		Long: `Lists the closed-form results of the papers that nimlab uses as oracles: a test
for P-positions and a constructive winning move for piles of any size. With
GAME, prints the theorem that covers it, if any.

Under each theorem, "machine proof" lines say what "nimlab prove GAME
--theorem NAME" gave on the games it was last run on (recorded with the time
it took; the tests redo the fast ones): proved for every position, or not
proved because the solver gave up. What is proved is the theorem's formula, the
one "nimlab prove GAME --theorem NAME" prints: for mrule, the description of
the P-positions by reduced positions, not the M-rule's optimality.`,
		Example: `  nimlab theorems
  nimlab theorems complex:1-2-3,2-3-4,3-4-5,1-5
  nimlab theorems --format latex > theorems.tex`,
		Args: positional,
		RunE: func(cmd *cobra.Command, args []string) error {
			if asJSON && format != "text" {
				return usageError(cmd, "--json and --format %s: give one of them", format)
			}
			req := commands.TheoremsRequest{Format: format}
			if len(args) == 1 {
				req.Game = args[0]
			}
			res, err := commands.Theorems(cmd.Context(), req)
			if err != nil {
				return err
			}
			return render(cmd, res, asJSON)
		},
	}
	defineFlags(cmd, "theorems", map[string]any{"json": &asJSON, "format": &format})
	return cmd
}
