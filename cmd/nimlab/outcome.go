package main

import (
	"fmt"
	"time"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
	"github.com/nimlab/nimlab/theory"
	"github.com/spf13/cobra"
)

// maxOutcomeTable bounds the table outcome builds for a position's Grundy
// value and full list of winning moves when a theorem already decides it.
const maxOutcomeTable = 50_000_000

func newOutcomeCmd() *cobra.Command {
	var asJSON, force bool
	cmd := &cobra.Command{
		Use:   "outcome GAME POSITION",
		Short: "Outcome, Grundy value and winning moves of one position",
		Long: `Prints whether POSITION is a P-position (the previous player wins) or an
N-position (the next player wins), its Grundy value, and every winning move
(every option that is a P-position).

When a theorem of the papers covers the game (see "nimlab theorems"), the
outcome and a winning move come from it, for piles of any size up to 2^63, and
the theorem is named. The Grundy value and the full list of winning moves come
from solving every position below POSITION, which is done when that is small
enough (and always when no theorem applies); theorem and table must agree.

POSITION lists the pile sizes separated by commas, pile 1 first.`,
		Example: `  nimlab outcome cn:6,3 1,2,3,4,5,6
  nimlab outcome cn:6,3 1000000000000000,3,5,8,13,21
  nimlab outcome nim:3/misere 1,1,1 --json`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			g, err := game.Parse(args[0])
			if err != nil {
				return err
			}
			p, err := g.ParsePosition(args[1])
			if err != nil {
				return err
			}
			start := time.Now()
			res := map[string]any{"game": g.Spec, "title": g.Title, "position": p}
			th, rule, byTheorem := theory.Find(g)
			var move game.Position
			if byTheorem {
				res["outcome"] = "N"
				if rule.IsP(p) {
					res["outcome"] = "P"
				}
				move = rule.WinningMove(p)
				res["theorem"] = map[string]string{"name": th.Name, "statement": th.Statement, "source": th.Source}
			}
			box := table.BoxOf(p)
			opts := solve.Options{Grundy: true}
			small := box.Check() == nil && box.Positions() <= maxOutcomeTable
			if !byTheorem || small {
				if err := box.Check(); err != nil {
					return fmt.Errorf("position %v: no theorem covers %s and %w", p, g.Spec, err)
				}
				if !force {
					if err := solve.CheckMemory(g, box, opts, false, availableMemory()); err != nil {
						return err
					}
				}
				r, err := solve.Analyze(cmd.Context(), g, p, opts)
				if err != nil {
					return err
				}
				if byTheorem && res["outcome"] != r.Outcome {
					return fmt.Errorf("%s (%s) says %v is %s, but the table says %s: please report this",
						th.Name, th.Source, p, res["outcome"], r.Outcome)
				}
				res["outcome"], res["grundy"] = r.Outcome, r.Grundy
				res["winning_moves"] = r.WinningMoves
			} else if move != nil {
				res["winning_moves"] = []game.Position{move}
			}
			if res["winning_moves"] == nil {
				res["winning_moves"] = []game.Position{}
			}
			res["seconds"] = time.Since(start).Seconds()
			out := cmd.OutOrStdout()
			if asJSON {
				return printJSON(out, res)
			}
			fmt.Fprintf(out, "%s, position %v\n", g.Title, p)
			if res["outcome"] == "P" {
				fmt.Fprintln(out, "outcome: P (the previous player wins: every move leads to an N-position)")
			} else {
				fmt.Fprintln(out, "outcome: N (the next player wins)")
			}
			if byTheorem {
				fmt.Fprintf(out, "by theorem %s (%s): %s\n", th.Name, th.Source, th.Statement)
				if move != nil {
					fmt.Fprintf(out, "the theorem's winning move: %v -> %v\n", p, move)
				}
			}
			if v, ok := res["grundy"]; ok {
				fmt.Fprintf(out, "Grundy value: %d\n", v)
			}
			if moves := res["winning_moves"].([]game.Position); len(moves) > 0 && (!byTheorem || small) {
				fmt.Fprintf(out, "winning moves (%d):\n", len(moves))
				for _, q := range moves {
					fmt.Fprintf(out, "  %v -> %v\n", p, q)
				}
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object on stdout")
	cmd.Flags().BoolVar(&force, "force", false, "solve even when the memory estimate exceeds the available memory")
	return cmd
}
