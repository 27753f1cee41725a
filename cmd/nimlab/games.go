package main

import (
	"fmt"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/literature"
	"github.com/spf13/cobra"
)

func newGamesCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "games",
		Short: "List the game families and their spec syntax",
		Args:  positional,
		RunE: func(cmd *cobra.Command, _ []string) error {
			out := cmd.OutOrStdout()
			if asJSON {
				// source is the rendered citation, references the structured one.
				type row struct {
					Name       string               `json:"name"`
					Syntax     string               `json:"syntax"`
					Example    string               `json:"example"`
					Help       string               `json:"help"`
					Source     string               `json:"source"`
					References literature.Citations `json:"references"`
				}
				var rows []row
				for _, f := range game.Families() {
					rows = append(rows, row{f.Name, f.Syntax, f.Example, f.Help, f.Source.String(), f.Source})
				}
				return printJSON(out, rows)
			}
			for _, f := range game.Families() {
				fmt.Fprintf(out, "%s\n    %s\n    e.g. %s (%s)\n", f.Syntax, f.Help, f.Example, f.Source)
			}
			fmt.Fprintf(out, "\nAppend %s to any spec for misère play (the player who makes the last move loses).\n", game.MisereSuffix)
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the families as JSON")
	return cmd
}
