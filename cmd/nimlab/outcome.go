package main

import (
	"github.com/nimlab/nimlab/commands"
	"github.com/spf13/cobra"
)

func newOutcomeCmd() *cobra.Command {
	var asJSON, force, options bool
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

With --options it also lists every option: each position one move reaches
(at most 100000; a position with more is refused as too large).

POSITION lists the pile sizes separated by commas, pile 1 first.`,
		Example: `  nimlab outcome cn:6,3 1,2,3,4,5,6
  nimlab outcome cn:6,3 1000000000000000,3,5,8,13,21
  nimlab outcome nim:3/misere 1,1,1 --json
  nimlab outcome slow:3,2 3,3,3
  nimlab outcome cn:4,2 1,0,2,1 --options
  nimlab outcome cn:6,3 3,1,4,1,5,9 --table cn63.tbl`,
		Args: positional,
		RunE: func(cmd *cobra.Command, args []string) error {
			res, err := commands.Outcome(cmd.Context(), env(cmd.Context(), asJSON), commands.OutcomeRequest{Game: args[0], Position: args[1], Table: tableFile, Force: force, Options: options})
			if err != nil {
				return err
			}
			return render(cmd, res, asJSON)
		},
	}
	defineFlags(cmd, "outcome", map[string]any{"json": &asJSON, "options": &options, "force": &force, "table": &tableFile})
	return cmd
}
