package main

import (
	"github.com/nimlab/nimlab/commands"
	"github.com/spf13/cobra"
)

func newGamesCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "games",
		Short: "List the game families and their spec syntax",
		Args:  positional,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return render(cmd, commands.Games(), asJSON)
		},
	}
	defineFlags(cmd, "games", map[string]any{"json": &asJSON})
	return cmd
}
