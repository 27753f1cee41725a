package main

import (
	"fmt"
	"os"
	"time"

	"github.com/nimlab/nimlab/commands"
	"github.com/spf13/cobra"
	"golang.org/x/term"
)

// newExploreCmd is explore, the survey of the rule variations of Circular
// Nim, which is the atlas of the family rules:3..N now: an alias kept for
// the command lines that use it.
func newExploreCmd() *cobra.Command {
	var maxN, h int
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "explore [--n N] [--max H]",
		Short: "The atlas of the rule variations of Circular Nim (atlas rules:3..N --discover=false)",
		Long: `explore is the atlas now: "nimlab explore --n N --max H" runs
"nimlab atlas rules:3..N --max H --discover=false" and writes no files.

It solves every rule variation of Dufour–Heubach 2013, Section 6, question 4
— the take rule itself, fixed(A; 1), fixedall(A; 1), atleast(A; 1),
total(A; 2), exactly(A; 2) and wythoff(A) — on every CN(n,k) with
3 <= n <= N and 1 <= k <= n, with every pile 0..H (lowered for a game whose
box would pass 2e7 positions), and prints the atlas's report: for each game
its P-position count, the closure properties that hold in the box (closed
under), and the other games of the survey with exactly the same P-positions
in that box (same P-positions as). Equal P-positions in a box are evidence,
not a proof, that two games agree. Run "nimlab atlas rules:3..N" for the rest
of the atlas (discover's descriptions, Parquet, shards).`,
		Example: `  nimlab explore --n 5 --max 4
  nimlab explore --n 6 --max 3 --json`,
		Args: positional,
		RunE: func(cmd *cobra.Command, args []string) error {
			family := fmt.Sprintf("rules:3..%d", maxN)
			fmt.Fprintf(cmd.ErrOrStderr(), "note: explore is the atlas now: nimlab atlas %s --max %d --discover=false\n", family, h)
			e := env(cmd.Context(), asJSON)
			if !asJSON && term.IsTerminal(int(os.Stderr.Fd())) {
				e.Surveying = func(spec string, _ bool) { fmt.Fprintf(os.Stderr, "\r\033[Ksolving %s", spec) }
				defer fmt.Fprint(os.Stderr, "\r\033[K")
			}
			res, err := commands.Atlas(cmd.Context(), e, commands.AtlasRequest{
				Family: family, Max: h, NoDiscover: true, ProveTimeout: 10 * time.Second,
			})
			if err != nil {
				return err
			}
			return render(cmd, res, asJSON)
		},
	}
	wholeVar(cmd.Flags(), &maxN, "n", 6, 3, 8, "survey CN(n,k) for 3 <= n <= N (at most 8)")
	wholeVar(cmd.Flags(), &h, "max", 3, 0, commands.MaxLine, "largest pile")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object on stdout")
	return cmd
}
