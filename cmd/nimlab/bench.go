package main

import (
	"github.com/nimlab/nimlab/commands"
	"github.com/spf13/cobra"
)

func newBenchCmd() *cobra.Command {
	var f solveFlags
	var grundy, remoteness bool
	var refMax, prevMax, huge int
	cmd := &cobra.Command{
		Use:   "bench GAME --max H",
		Short: "Time the engine a solve picks, and the reference engine on the same game, and compare",
		Long: `Solves GAME with every pile in 0..H with the engine "nimlab solve" picks,
then with the reference engine (which enumerates every option) on piles 0..R
(--reference-max, default H; -1 skips it), and prints positions per second,
the peak resident memory of the process after each run, and the speed-up of
the picked engine. The picked engine runs first, so its peak memory is its
own: the fast engine for take games ("fast"), the cone engine for rule
variations and hypergraph games ("cones"), and for symmetric slow games,
other compounds and --remoteness the values engine, which looks up the
options of every (sorted) state ("values"); positions count every order of
the piles.

--previous-max P also runs, on piles 0..P, the engine the same command
used before this one's (remoteness of take games: option look-ups; Grundy
values of take games: level sets; the values engine: one worker), and
prints the speed-up over it.

--huge N times N remoteness queries on random piles up to 10^18 for a game
whose theorem gives remoteness (slow:N,N-1, by the M-rule) and prints the
mean and the slowest.`,
		Example: `  nimlab bench cn:6,3 --max 31 --reference-max -1
  nimlab bench cn:6,3 --max 10
  nimlab bench slow:5,4 --max 63 --remoteness --reference-max 12 --previous-max 63
  nimlab bench cn:6,3 --max 15 --remoteness --reference-max 6 --previous-max 10
  nimlab bench slow:5,4 --max 0 --reference-max -1 --huge 10000`,
		Args: positional,
		RunE: func(cmd *cobra.Command, args []string) error {
			if refMax == -2 {
				refMax = f.max
			}
			res, err := commands.Bench(cmd.Context(), env(cmd.Context(), f.json), commands.BenchRequest{
				Game: args[0], Source: f.source(), Grundy: grundy, Remoteness: remoteness,
				ReferenceMax: refMax, PreviousMax: prevMax, Huge: huge,
			})
			if err != nil {
				return err
			}
			return render(cmd, res, f.json)
		},
	}
	f.register(cmd)
	cmd.Flags().BoolVar(&grundy, "grundy", false, "compute Grundy values, not only outcomes")
	cmd.Flags().BoolVar(&remoteness, "remoteness", false, "compute remoteness")
	wholeVar(cmd.Flags(), &huge, "huge", 0, 0, maxHugeQueries, "also time this many remoteness queries on random piles up to 10^18")
	wholeVar(cmd.Flags(), &prevMax, "previous-max", -1, -1, commands.MaxLine, "largest pile for the previous engine (-1: skip it)")
	wholeVar(cmd.Flags(), &refMax, "reference-max", -2, -1, commands.MaxLine, "largest pile for the reference engine (default: --max; -1: skip it)")
	return cmd
}
