package main

import (
	"github.com/nimlab/nimlab/commands"
	"github.com/spf13/cobra"
)

func newCriticalCmd() *cobra.Command {
	var f solveFlags
	var only int
	cmd := &cobra.Command{
		Use:   "critical GAME --max H [--remoteness R]",
		Short: "List the R-critical positions: minimal positions of each remoteness",
		Long: `Builds the remoteness table of GAME with piles 0..H and lists, for each
remoteness r (or only --remoteness R), the positions of remoteness r that are
minimal among them: no other position below has remoteness r
(Gurvich–Martynov–Maximchuk–Vyalyi 2023 calls them R-critical, for Exact Slow
(n-1)-Nim). For games whose piles can be permuted freely the order is "sorted
piles componentwise <=" and the positions are printed sorted; for other games
it is the componentwise order.

A minimal position of the box is minimal among all positions (everything below
it is in the box), but minimal positions with a pile above H are not listed.`,
		Example: `  nimlab critical slow:4,3 --max 12
  nimlab critical slow:5,4 --max 20 --remoteness 6 --json
  nimlab critical slow:5,4 --table slow54.tbl`,
		Args: positional,
		RunE: func(cmd *cobra.Command, args []string) error {
			res, err := commands.Critical(cmd.Context(), env(cmd.Context(), f.json), commands.CriticalRequest{Game: args[0], Source: f.source(), Remoteness: only})
			if err != nil {
				return err
			}
			return render(cmd, res, f.json)
		},
	}
	defineFlags(cmd, "critical", f.with(map[string]any{"remoteness": &only}))
	return cmd
}
