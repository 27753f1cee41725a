package main

import (
	"fmt"
	"os"

	"github.com/nimlab/nimlab/commands"
	"github.com/spf13/cobra"
	"golang.org/x/term"
)

func newExploreCmd() *cobra.Command {
	var maxN, h int
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "explore [--n N] [--max H]",
		Short: "Survey the rule variations of Circular Nim: P-counts, closure properties, coinciding games",
		Long: `Solves every rule variation of Dufour–Heubach 2013, Section 6,
question 4 — the take rule itself, fixed(A; 1), fixedall(A; 1), atleast(A; 1),
total(A; 2), exactly(A; 2) and wythoff(A) — on every CN(n,k) with 3 <= n <= N
and 1 <= k <= n, with every pile 0..H (lowered for large n to keep a box under
5 million positions), and prints for each game its P-position count, the
closure properties that hold in the box (check --properties), and the other
games of the survey with exactly the same P-positions in that box. Equal
P-positions in a box are evidence, not a proof, that two games agree.`,
		Example: `  nimlab explore --n 5 --max 4
  nimlab explore --n 6 --max 3 --json`,
		Args: positional,
		RunE: func(cmd *cobra.Command, args []string) error {
			e := env(cmd.Context(), asJSON)
			if !asJSON && term.IsTerminal(int(os.Stderr.Fd())) {
				e.Surveying = func(spec string, _ bool) { fmt.Fprintf(os.Stderr, "\r\033[Ksolving %s", spec) }
				defer fmt.Fprint(os.Stderr, "\r\033[K")
			}
			res, err := commands.Explore(cmd.Context(), e, commands.ExploreRequest{N: maxN, Max: h})
			if err != nil {
				return err
			}
			return render(cmd.OutOrStdout(), res, asJSON)
		},
	}
	wholeVar(cmd.Flags(), &maxN, "n", 6, 3, 8, "survey CN(n,k) for 3 <= n <= N (at most 8)")
	wholeVar(cmd.Flags(), &h, "max", 3, 0, commands.MaxLine, "largest pile")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object on stdout")
	return cmd
}
