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

// remoteness returns the remoteness of the decided position and a move
// lowering it by one, from the table or else from the theorem, and false
// when neither has it.
func remoteness(d *theory.Decision) (uint64, game.Position, bool) {
	if d.Table != nil && d.Table.Remoteness >= 0 {
		return uint64(d.Table.Remoteness), d.Table.BestMove, true
	}
	return d.TheoremRemoteness, d.TheoremBestMove, d.TheoremGivesRemoteness
}

// maxOutcomeTable bounds the table outcome builds for a position's Grundy
// value and full list of winning moves when a theorem already decides it.
const maxOutcomeTable = 50_000_000

func newOutcomeCmd() *cobra.Command {
	var asJSON, force bool
	var tableFile string
	cmd := &cobra.Command{
		Use:   "outcome GAME POSITION",
		Short: "Outcome, Grundy value, remoteness and winning moves of one position",
		Long: `Prints whether POSITION is a P-position (the previous player wins) or an
N-position (the next player wins), its Grundy value, its remoteness, and every
winning move (every option that is a P-position).

Remoteness (Smith) counts the moves left when the winner wins as fast as
possible and the loser resists as long as possible: 0 at a terminal position,
else 1 + the least even remoteness of an option if there is one, else 1 + the
largest. P-positions have even remoteness. In misère play a terminal position
has remoteness 1 (its player to move has won). The best move printed is a
fastest win at an N-position and the longest resistance at a P-position.

When a theorem of the papers covers the game (see "nimlab theorems"), the
outcome and a winning move come from it, for piles of any size up to 2^63, and
the theorem is named. The Grundy value and the full list of winning moves come
from solving every position below POSITION, which is done when that is small
enough (and always when no theorem applies); theorem and table must agree.

POSITION lists the pile sizes separated by commas, pile 1 first.`,
		Example: `  nimlab outcome cn:6,3 1,2,3,4,5,6
  nimlab outcome cn:6,3 1000000000000000,3,5,8,13,21
  nimlab outcome nim:3/misere 1,1,1 --json
  nimlab outcome slow:3,2 3,3,3
  nimlab outcome cn:6,3 3,1,4,1,5,9 --table cn63.tbl`,
		Args: positional,
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
			fits := func(box table.Box) error {
				if force {
					return nil
				}
				return solve.CheckMemory(g, box, solve.Options{Grundy: true}, false, availableMemory())
			}
			opts := theory.DecideOptions{TableLimit: maxOutcomeTable, Fits: fits}
			if tableFile != "" {
				// Read by random access: only the blocks holding p and its
				// options, whatever the size of the table.
				tf, err := table.Open(tableFile)
				if err != nil {
					return err
				}
				defer tf.Close()
				if err := tf.CheckGame(g); err != nil {
					return fmt.Errorf("%s: %w", tableFile, err)
				}
				if err := tf.CheckPosition(p); err != nil {
					return fmt.Errorf("%s: %w", tableFile, err)
				}
				opts.Table = tf
			}
			d, err := theory.Decide(cmd.Context(), g, p, opts)
			if err != nil {
				return err
			}
			moves := []game.Position{}
			switch {
			case d.Table != nil:
				moves = append(moves, d.Table.WinningMoves...)
			case d.TheoremMove != nil:
				moves = append(moves, d.TheoremMove)
			}
			out := cmd.OutOrStdout()
			if asJSON {
				res := map[string]any{
					"game": g.Spec, "title": g.Title, "position": p, "outcome": d.Outcome,
					"winning_moves": moves, "seconds": time.Since(start).Seconds(),
				}
				if d.Theorem != nil {
					res["theorem"] = theoremJSON(d.Theorem)
				}
				if d.Table != nil && d.Table.Grundy >= 0 {
					res["grundy"] = d.Table.Grundy
				}
				if r, best, ok := remoteness(d); ok {
					res["remoteness"], res["best_move"] = r, best
				}
				return printJSON(out, res)
			}
			fmt.Fprintf(out, "%s, position %v\n", g.Title, p)
			if d.Outcome == "P" {
				fmt.Fprintln(out, "outcome: P (the previous player wins: every move leads to an N-position)")
			} else {
				fmt.Fprintln(out, "outcome: N (the next player wins)")
			}
			if th := d.Theorem; th != nil {
				fmt.Fprintf(out, "by theorem %s (%s): %s\n", th.Name, th.Source, th.Statement)
				if d.TheoremMove != nil {
					fmt.Fprintf(out, "the theorem's winning move: %v -> %v\n", p, d.TheoremMove)
				}
			}
			switch {
			case d.Table != nil && d.Table.Grundy >= 0:
				fmt.Fprintf(out, "Grundy value: %d\n", d.Table.Grundy)
			case d.Table != nil:
				fmt.Fprintln(out, "Grundy value: not in the table (solve it with --grundy --out)")
			}
			switch r, best, ok := remoteness(d); {
			case !ok && tableFile != "":
				fmt.Fprintln(out, "remoteness: not in the table (solve it with --remoteness --out)")
			case !ok:
				fmt.Fprintln(out, "remoteness: not computed (no theorem gives it, and too many options to enumerate below this position)")
			case best == nil:
				fmt.Fprintf(out, "remoteness: %d (no move left)\n", r)
			case d.Outcome == "N":
				fmt.Fprintf(out, "remoteness: %d; fastest win: %v -> %v\n", r, p, best)
			default:
				fmt.Fprintf(out, "remoteness: %d; longest resistance: %v -> %v\n", r, p, best)
			}
			if d.Table != nil {
				if len(moves) > 0 {
					fmt.Fprintf(out, "winning moves (%d):\n", len(moves))
					for _, q := range moves {
						fmt.Fprintf(out, "  %v -> %v\n", p, q)
					}
				}
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object on stdout")
	cmd.Flags().BoolVar(&force, "force", false, "solve even when the memory estimate exceeds the available memory")
	cmd.Flags().StringVar(&tableFile, "table", "", "read the position's Grundy value, remoteness and winning moves from this saved table (solve --out) instead of solving")
	return cmd
}
