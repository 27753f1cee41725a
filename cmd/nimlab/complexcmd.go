package main

import (
	"github.com/nimlab/nimlab/commands"
	"github.com/spf13/cobra"
)

func newComplexCmd() *cobra.Command {
	var asJSON bool
	var basisText string
	cmd := &cobra.Command{
		Use:   "complex GAME",
		Short: "Print the structure a game is played on: facets, circuits, points, Nim-basis, symmetries",
		Long: `Prints the simplicial complex of GAME: its facets (maximal faces), its circuits
(minimal non-faces), whether it is a pointed circuit complex
(Ehrenborg–Steingrímsson 1996, Definition 3.1) and the point of each circuit,
its Nim-basis if it has one (Definition 4.1; searched for complexes of up to
12 vertices: by Theorem 4.4 the only candidate is the family of sets A whose
indicator e(A) is a P-position), and its symmetries. Vertices are numbered
from 1.

With --basis, checks whether the given family of sets satisfies Conditions
(A), (B) and (C) of Definition 4.1 and names the first violation; the exit
status is 1 when it does not. Write the empty set as {}.`,
		Example: `  nimlab complex cn:6,3
  nimlab complex complex:1-2-3,2-3-4,3-4-5,1-5 --json
  nimlab complex complex:1-2,1-3,1-4,2-3-4 --basis '{},1-2-3,1-2-4,1-3-4'`,
		Args: positional,
		RunE: func(cmd *cobra.Command, args []string) error {
			res, err := commands.Complex(cmd.Context(), commands.ComplexRequest{Game: args[0], Basis: basisText})
			if err != nil {
				return err
			}
			return render(cmd, res, asJSON)
		},
	}
	defineFlags(cmd, "complex", map[string]any{"json": &asJSON, "basis": &basisText})
	return cmd
}
