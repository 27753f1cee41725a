package main

import (
	"fmt"
	"time"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
	"github.com/spf13/cobra"
)

func newOutcomeCmd() *cobra.Command {
	var asJSON, force bool
	cmd := &cobra.Command{
		Use:   "outcome GAME POSITION",
		Short: "Outcome, Grundy value and winning moves of one position",
		Long: `Prints whether POSITION is a P-position (the previous player wins) or an
N-position (the next player wins), its Grundy value, and every winning move
(every option that is a P-position).

POSITION lists the pile sizes separated by commas, pile 1 first.`,
		Example: `  nimlab outcome cn:6,3 1,2,3,4,5,6
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
			box := table.BoxOf(p)
			if err := box.Check(); err != nil {
				return fmt.Errorf("position %v: %w", p, err)
			}
			opts := solve.Options{Grundy: true}
			if !force {
				if err := solve.CheckMemory(g, box, opts, false, availableMemory()); err != nil {
					return err
				}
			}
			start := time.Now()
			r, err := solve.Analyze(cmd.Context(), g, p, opts)
			if err != nil {
				return err
			}
			secs := time.Since(start).Seconds()
			out := cmd.OutOrStdout()
			if asJSON {
				moves := r.WinningMoves
				if moves == nil {
					moves = []game.Position{}
				}
				return printJSON(out, map[string]any{
					"game": g.Spec, "title": g.Title, "position": p, "outcome": r.Outcome,
					"grundy": r.Grundy, "winning_moves": moves, "seconds": secs,
				})
			}
			fmt.Fprintf(out, "%s, position %v\n", g.Title, p)
			if r.Outcome == "P" {
				fmt.Fprintln(out, "outcome: P (the previous player wins: every move leads to an N-position)")
			} else {
				fmt.Fprintln(out, "outcome: N (the next player wins)")
			}
			fmt.Fprintf(out, "Grundy value: %d\n", r.Grundy)
			if len(r.WinningMoves) > 0 {
				fmt.Fprintf(out, "winning moves (%d):\n", len(r.WinningMoves))
				for _, q := range r.WinningMoves {
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
