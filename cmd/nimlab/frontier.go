package main

import (
	"fmt"
	"time"

	"github.com/nimlab/nimlab/commands"
	"github.com/spf13/cobra"
)

func newFrontierCmd() *cobra.Command {
	var maxHeight, nMax, workers int
	var families, out, shard, format string
	var asJSON, proveToo, collect bool
	var proveTimeout time.Duration
	cmd := &cobra.Command{
		Use:   "frontier [--families cn,path,...] [--n-max N] [--max H] [--out DIR]",
		Short: "The frontier table: what nimlab finds and proves by itself about the open families",
		Long: `Surveys the families whose P-positions the literature has described lately,
or not at all, and says per game what nimlab finds from the game's definition
alone: a description "discover" finds and "prove" proves for every position
(proved), one exact on its box but not proved (verified to a height), one
exact on its box and refuted beyond it, one exact on the box it was learned
on and not on the larger box it was verified on (exact to one height, not
to another), or nothing. It is "nimlab atlas --prove" over
these families (docs/commands.md has the atlas), with the proof's kind, each
query's answer and time, the box on which the engine's table confirmed it, the
SMT-LIB files of the queries (DIR/smt), the time of each game, and the
region theorems proved for the games whose description is not proved: for
each pile (one per orbit of the game's symmetries), the positions with that
pile empty, described by "discover --where" and proved there ("atlas
--regions"; their files in DIR/smt/empty-PILE).

The families (--families, separated by commas; all by default):
  cn        Circular Nim CN(n,k), 3 <= n <= 10, 2 <= k < n
  path      PathNim P(n,k), 3 <= n <= 10, 2 <= k < n
  necklace  Necklace Nim NN(n,k), 4 <= n <= 10, 2 <= k < n
  slow      Exact Slow k-Nim NIM(n,k), 3 <= n <= 6, 2 <= k < n
  slowset   slow A-Nim, 3 <= n <= 6, A = {1,n} and {n-1,n}
  exact     exact k-Nim, 3 <= n <= 6, 2 <= k < n
  ecn       Extended Circular Nim ECN(m_S,k), 4 <= m <= 8, one game of each
            class up to isomorphism, none that is a CN(m,k)
A family may be given as NAME:N to lower its bound on n to N (ecn:7), and
--n-max N lowers every family's.

Every game is solved with every pile 0..H (lowered for a box of more than
2e7 positions), and discover learns on piles 0..5 at least where that box
allows, and once more on the box of the smallest position where a
description exact on its learning box fails beyond it, which may pass H
(NIM(5,4) is learned on piles 0..7, where it needs (7,7,7,7,7)). --format
picks the table: text, markdown (the one docs/findings.md shows) or csv;
--json prints the rows, the machine (CPU, cores, load before and after) and
the wall time as one JSON object. Progress goes to stderr.

With --out DIR the survey keeps a journal as the atlas does
(DIR/atlas-i-of-N.jsonl: a restarted survey skips the games done) and writes
DIR/frontier-i-of-N.md and .csv. --shard i/N surveys the games whose place is
i modulo N, so a Slurm job array (deploy/slurm/frontier.sbatch) or a
Kubernetes Indexed Job (deploy/k8s/frontier-job.yaml) runs it on many
machines; --collect then reads every shard's rows in DIR as one table,
computing nothing, and names the games not finished yet.

Proofs need the SMT solver z3 (apt-get install z3); --prove=false surveys
the descriptions only.`,
		Example: `  nimlab frontier --families path,necklace --n-max 6 --max 5
  nimlab frontier --families cn:8,path:8,necklace:8,slow:5,ecn:7 --out frontier
  nimlab frontier --n-max 8 --max 6 --out frontier --format markdown
  nimlab frontier --out frontier --shard 3/16 --prove-timeout 1m
  nimlab frontier --collect --out frontier --json`,
		Args: positional,
		RunE: func(cmd *cobra.Command, args []string) error {
			e := env(cmd.Context(), asJSON)
			e.Surveying = func(spec string, done bool) {
				state := "surveying"
				if done {
					state = "already done"
				}
				fmt.Fprintf(cmd.ErrOrStderr(), "%s %s\n", state, spec)
			}
			res, err := commands.Frontier(cmd.Context(), e, commands.FrontierRequest{
				Families: families, NMax: nMax, Max: maxHeight, Out: out, Shard: shard, Workers: workers,
				Prove: proveToo, ProveTimeout: proveTimeout, Collect: collect, Format: format,
			})
			if err != nil {
				return err
			}
			return render(cmd, res, asJSON)
		},
	}
	defineFlags(cmd, "frontier", map[string]any{
		"families": &families, "n-max": &nMax, "max": &maxHeight, "out": &out, "shard": &shard, "workers": &workers,
		"prove": &proveToo, "prove-timeout": &proveTimeout, "collect": &collect, "format": &format, "json": &asJSON,
	})
	return cmd
}
