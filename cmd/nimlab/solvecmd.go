package main

import (
	"github.com/nimlab/nimlab/commands"
	"github.com/spf13/cobra"
)

func newSolveCmd() *cobra.Command {
	var f solveFlags
	var grundy, remoteness, reference bool
	var out, export string
	cmd := &cobra.Command{
		Use:   "solve GAME --max H",
		Short: "Solve every position with piles up to H; print counts, time and rate",
		Long: `Builds the table of GAME: the outcome of every position whose piles all hold
0..H tokens, with --grundy its Grundy value and with --remoteness its
remoteness (Smith: a winner wins as fast as possible, a loser resists as long
as possible; P-positions have even remoteness; in misère play a terminal
position has remoteness 1). Prints the number of positions, of P-positions and
of their symmetry classes (under the automorphisms of the game's complex), the
positions of each remoteness (outcome x remoteness histogram), the time spent
solving with its rate, and the time of the whole command (parsing, counting and
saving included). --out saves the table to a file (format v2: zstd blocks with
CRC-32C checksums; see docs/how-it-works.md); --table reads one instead of solving and
prints its summary.

The outcomes of a take game saved with --out are written to the file as they
are computed, slab by slab of the last pile, so the table need not fit in
memory (CN(8,4) with piles up to 15, 4.3e9 positions, in about 200 MB). The
symmetry classes are then counted only when the table is small enough to keep
as well (256 MiB of lines); "outcome --table FILE" reads single positions of
such a file without loading it.

Take games are solved by the fast engine without enumerating options, and so
are the rule variations, NIM_H, Exact k-Nim and the slow rule on a complex (the
cone engine); the other compounds and remoteness tables by the values engine,
which looks up every option. Games whose piles can be permuted freely (nim, moore, slow, slowle,
slowset) store only the sorted positions, n! fewer, and count every order.`,
		Example: `  nimlab solve cn:6,3 --max 20
  nimlab solve cn:5,2 --max 10 --grundy --json
  nimlab solve graph:1-2,2-3,1-3,3-4 --max 12 --out k3plus.tbl
  nimlab solve slow:5,4 --max 63 --remoteness
  nimlab solve "cn:5,2 & slow:3,2" --max 6 --remoteness --json
  nimlab solve graph:1-2,2-3,1-3,3-4 --table k3plus.tbl
  nimlab solve cn:5,2 --max 10 --grundy --export cn52.parquet
  nimlab solve cn:5,2 --max 6 --remoteness --export cn52.csv`,
		Args: positional,
		RunE: func(cmd *cobra.Command, args []string) error {
			res, err := commands.Solve(cmd.Context(), env(cmd.Context(), f.json), commands.SolveRequest{
				Game: args[0], Source: f.source(), Grundy: grundy, Remoteness: remoteness, Reference: reference,
				Out: out, Export: export, StreamKeep: keepStreamed,
			})
			if err != nil {
				return err
			}
			return render(cmd, res, f.json)
		},
	}
	defineFlags(cmd, "solve", f.with(map[string]any{"grundy": &grundy, "remoteness": &remoteness, "reference": &reference, "out": &out, "export": &export}))
	return cmd
}

// keepStreamed bounds the outcomes (bytes of P-lines) a streamed solve also
// keeps in memory, to count their symmetry classes (a variable for tests).
var keepStreamed int64 = commands.DefaultStreamKeep
