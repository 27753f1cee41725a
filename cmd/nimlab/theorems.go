package main

import (
	"fmt"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/theory"
	"github.com/spf13/cobra"
)

func newTheoremsCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "theorems [GAME]",
		Short: "List the theorems nimlab decides positions with, or the one covering GAME",
		Long: `Lists the closed-form results of the papers that nimlab uses as oracles: a test
for P-positions and a constructive winning move for piles of any size. With
GAME, prints the theorem that covers it, if any.`,
		Example: `  nimlab theorems
  nimlab theorems complex:1-2-3,2-3-4,3-4-5,1-5`,
		Args: positional,
		RunE: func(cmd *cobra.Command, args []string) error {
			list := theory.Theorems()
			if len(args) == 1 {
				g, err := game.Parse(args[0])
				if err != nil {
					return err
				}
				list = nil
				if th, _, ok := theory.Find(cmd.Context(), g); ok {
					list = append(list, th)
				}
				if err := cmd.Context().Err(); err != nil {
					return err
				}
			}
			out := cmd.OutOrStdout()
			if asJSON {
				rows := []map[string]string{}
				for _, th := range list {
					rows = append(rows, map[string]string{"name": th.Name, "statement": th.Statement, "source": th.Source})
				}
				return printJSON(out, map[string]any{"theorems": rows})
			}
			if len(list) == 0 {
				fmt.Fprintf(out, "no theorem covers %s; nimlab solves it by tables\n", args[0])
			}
			for _, th := range list {
				fmt.Fprintf(out, "%s\n    %s\n    %s\n", th.Name, th.Statement, th.Source)
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the theorems as JSON")
	return cmd
}
