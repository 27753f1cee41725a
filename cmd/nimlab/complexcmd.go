package main

import (
	"fmt"

	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/spf13/cobra"
)

func newComplexCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "complex GAME",
		Short: "Print the structure a game is played on: facets, circuits, points, symmetries",
		Long: `Prints the simplicial complex of GAME: its facets (maximal faces), its circuits
(minimal non-faces), whether it is a pointed circuit complex
(papers/001_50f576805b6ac608.txt, Definition 3.1) and the point of each circuit,
and its symmetries. Vertices are numbered from 1.`,
		Example: `  nimlab complex cn:6,3
  nimlab complex complex:1-2-3,2-3-4,3-4-5,1-5 --json`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			g, err := game.Parse(args[0])
			if err != nil {
				return err
			}
			c := g.Complex
			circuits := c.Circuits()
			points, pointed := c.Points()
			symmetries := "too many to list"
			if grp, err := c.Symmetries(); err == nil {
				symmetries = grp.Order().String()
			}
			out := cmd.OutOrStdout()
			if asJSON {
				pts := make([]int, len(points))
				for i, v := range points {
					pts[i] = v + 1 // 0 where a circuit has no point
				}
				return printJSON(out, map[string]any{
					"game": g.Spec, "vertices": c.N(), "facets": oneBased(c.Facets()),
					"circuits": oneBased(circuits), "pointed": pointed, "points": pts, "symmetries": symmetries,
				})
			}
			fmt.Fprintf(out, "%s: %d vertices\n", g.Title, c.N())
			fmt.Fprintf(out, "facets (%d):   %v\n", len(c.Facets()), c)
			fmt.Fprintf(out, "circuits (%d):", len(circuits))
			for i, ci := range circuits {
				fmt.Fprintf(out, " %v", ci)
				if points[i] >= 0 {
					fmt.Fprintf(out, " (point %d)", points[i]+1)
				}
				if i < len(circuits)-1 {
					fmt.Fprint(out, ",")
				}
			}
			fmt.Fprintln(out)
			fmt.Fprintf(out, "pointed circuit complex: %v\n", pointed)
			fmt.Fprintf(out, "symmetries: %s\n", symmetries)
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object on stdout")
	return cmd
}

// oneBased lists each set's vertices numbered from 1.
func oneBased(sets []complex.Set) [][]int {
	out := make([][]int, len(sets))
	for i, s := range sets {
		vs := s.Vertices()
		for j := range vs {
			vs[j]++
		}
		out[i] = vs
	}
	return out
}
