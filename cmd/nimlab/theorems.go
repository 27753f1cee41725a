package main

import (
	"fmt"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/literature"
	"github.com/nimlab/nimlab/theory"
	"github.com/spf13/cobra"
)

// theoremRow is a theorem in JSON: its citations both rendered ("source",
// which the web lab shows) and structured ("references").
type theoremRow struct {
	Name       string               `json:"name"`
	Statement  string               `json:"statement"`
	Source     string               `json:"source"`
	References literature.Citations `json:"references"`
	// Proofs are the recorded runs of "nimlab prove GAME --theorem NAME".
	Proofs []theory.ProofRecord `json:"proofs"`
}

func theoremJSON(th *theory.Theorem) theoremRow {
	proofs := th.Proofs()
	if proofs == nil {
		proofs = []theory.ProofRecord{}
	}
	return theoremRow{Name: th.Name, Statement: th.Statement, Source: th.Source.String(), References: th.Source, Proofs: proofs}
}

func newTheoremsCmd() *cobra.Command {
	var asJSON bool
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
				rows := []theoremRow{}
				for _, th := range list {
					rows = append(rows, theoremJSON(th))
				}
				return printJSON(out, map[string]any{"theorems": rows})
			}
			if len(list) == 0 {
				fmt.Fprintf(out, "no theorem covers %s; nimlab solves it by tables\n", args[0])
			}
			for _, th := range list {
				fmt.Fprintf(out, "%s\n    %s\n    %s\n", th.Name, th.Statement, th.Source)
				for _, p := range th.Proofs() {
					fmt.Fprintf(out, "    machine proof: %s\n", p)
				}
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the theorems as JSON")
	return cmd
}
