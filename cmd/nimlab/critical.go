package main

import (
	"fmt"
	"math"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
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
			g, box, err := f.gameBox(args[0])
			if err != nil {
				return err
			}
			t, err := f.solveOrLoad(cmd.Context(), g, box, solve.Options{Remoteness: true}, false)
			if err != nil {
				return err
			}
			crit, err := table.Critical(cmd.Context(), t)
			if err != nil {
				return err
			}
			type level struct {
				Remoteness int             `json:"remoteness"`
				Outcome    string          `json:"outcome"`
				Positions  []game.Position `json:"positions"`
			}
			var levels []level
			for r, ps := range crit {
				if len(ps) > 0 && (only < 0 || r == only) {
					levels = append(levels, level{r, outcomeOf(r), ps})
				}
			}
			if only >= 0 && len(levels) == 0 {
				levels = append(levels, level{only, outcomeOf(only), []game.Position{}})
			}
			out := cmd.OutOrStdout()
			if f.json {
				return printJSON(out, map[string]any{"game": g.Spec, "max": f.max, "sorted": t.Sorted, "critical": levels})
			}
			order := "componentwise"
			if t.Sorted {
				order = "sorted piles componentwise"
			}
			fmt.Fprintf(out, "%s, every pile 0..%d: minimal positions of each remoteness (%s <=)\n", g.Title, f.max, order)
			for _, l := range levels {
				if len(l.Positions) == 0 {
					fmt.Fprintf(out, "R = %d (%s): 0 (no position of the box has remoteness %d)\n", l.Remoteness, l.Outcome, l.Remoteness)
					continue
				}
				fmt.Fprintf(out, "R = %d (%s): %d %s\n", l.Remoteness, l.Outcome, len(l.Positions), positionList(l.Positions))
			}
			return nil
		},
	}
	f.register(cmd)
	f.registerTable(cmd)
	wholeVar(cmd.Flags(), &only, "remoteness", -1, 0, math.MaxInt32, "list only the positions of this remoteness")
	return cmd
}
