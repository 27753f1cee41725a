package main

import (
	"fmt"
	"time"

	"github.com/nimlab/nimlab/commands"
	"github.com/spf13/cobra"
)

func newAtlasCmd() *cobra.Command {
	var maxHeight, workers int
	var out, shard string
	var asJSON, discoverToo, proveToo, regions bool
	var proveTimeout time.Duration
	cmd := &cobra.Command{
		Use:   "atlas FAMILY --max H [--out DIR]",
		Short: "Survey a family of games: one row per game, as Parquet and a readable report",
		Long: `Solves every game of FAMILY with every pile 0..H (lowered for a game whose box
would pass 2e7 positions) and writes one row per game: the P-positions and
their symmetry classes, the closure properties of Ehrenborg–Steingrímsson 1996 (addition,
plus-ones, doubling, multiples of ones: holds, fails or untested in the box),
the theorem that covers the game, whether a genuine zero position (every pile
non-empty) exists and one with min = 1 (Question 9.4), whether the Nim-basis
is the set of disjoint unions of circuits (Question 9.5), and the
characterization "discover" finds, with the heights it was learned on and
verified to (learned on a box of at most 2e5 positions and, when that one
does not describe the game or its description is refuted, on larger ones up
to every pile 0..5, never above H; a description exact where it was learned
and failing on the verification box is learned once more on the box of the
smallest position where it fails, which may pass H: the row's learned_max
says where); and
which games of the survey have exactly the same P-positions in the same box
(the column "same P-positions as": evidence, not proof, that they agree).

FAMILY is cn:A..B (every CN(n,k), A <= n <= B, 1 <= k <= n), path:A..B,
complexes:V (every simplicial complex on 1 to V vertices up to isomorphism,
V <= 6: 208 up to 5 vertices, 16,351 up to 6), rules:A..B (the rule
variations of Dufour–Heubach 2013, Section 6 on every CN(n,k), A <= n <= B), or specs
separated by ";".

Without --out the report is printed and nothing is written (nor resumed).

--shard i/N surveys the games whose place in the family is i modulo N, so a
Slurm job array (deploy/slurm/atlas.sbatch) or a Kubernetes Indexed Job
(deploy/k8s/atlas-job.yaml) runs the survey on many machines. Each shard
writes DIR/atlas-i-of-N.parquet (all parts read as one table:
read_parquet('DIR/*.parquet') in DuckDB, pandas.read_parquet(DIR)) and
DIR/atlas-i-of-N.txt; its finished rows go to DIR/atlas-i-of-N.jsonl as they
come, and a survey restarted skips them. The report (also printed) writes an
expression longer than 40 characters below its table, whole, and a label
such as [1] in its cell.

--prove proves each description discover finds exact on its box for every
position, with the SMT solver z3 as "nimlab prove" does (apt-get install z3),
each query bounded by --prove-timeout: the column proved reads "proved",
"refuted" (the description holds on the box, not beyond), "unknown" (out of
time, or not expressible in linear arithmetic) or "" (nothing to prove). A
survey's journal records --prove and --prove-timeout (as it records
--discover=false), and a restart must give the same. --regions (with
--prove) tries, for each game whose description is not proved, the regions
"pile i is empty" (one per orbit of the piles under the game's symmetries):
discover describes the P-positions inside, and prove proves it there, a
region theorem (the column regions; see "nimlab prove --where").`,
		Example: `  nimlab atlas cn:3..6 --max 4 --out atlas
  nimlab atlas cn:3..8 --max 6 --out atlas --shard 0/4
  nimlab atlas "nim:3;cn:6,3;moore:4,2" --max 5 --out atlas --json
  nimlab atlas complexes:6 --max 4 --out atlas6 --discover=false
  nimlab atlas cn:3..6 --max 4 --out atlas --prove --prove-timeout 5s
  nimlab atlas "cn:7,5" --max 5 --prove --regions`,
		Args: positional,
		RunE: func(cmd *cobra.Command, args []string) error {
			e := env(cmd.Context(), asJSON)
			e.Surveying = func(spec string, done bool) {
				if !asJSON {
					state := "surveying"
					if done {
						state = "already done"
					}
					fmt.Fprintf(cmd.ErrOrStderr(), "%s %s\n", state, spec)
				}
			}
			res, err := commands.Atlas(cmd.Context(), e, commands.AtlasRequest{
				Family: args[0], Max: maxHeight, Out: out, Shard: shard, Workers: workers,
				NoDiscover: !discoverToo, Prove: proveToo, ProveTimeout: proveTimeout, Regions: regions,
			})
			if err != nil {
				return err
			}
			return render(cmd, res, asJSON)
		},
	}
	wholeVar(cmd.Flags(), &maxHeight, "max", -1, 0, commands.MaxLine, "height: every pile 0..MAX (required)")
	cmd.Flags().StringVar(&out, "out", "", "directory of the survey's files (none: print the report only)")
	cmd.Flags().StringVar(&shard, "shard", "0/1", "the part i/N of the survey to run")
	wholeVar(cmd.Flags(), &workers, "workers", 0, 0, maxWorkers, "goroutines of the engines (0: one per core)")
	cmd.Flags().BoolVar(&discoverToo, "discover", true, "run discover on every game (--discover=false: minutes instead of hours for complexes:6)")
	cmd.Flags().BoolVar(&proveToo, "prove", false, "prove each exact description for every position, with z3 (the column proved)")
	cmd.Flags().BoolVar(&regions, "regions", false, "with --prove: region theorems (a pile empty) for the games whose description is not proved")
	cmd.Flags().DurationVar(&proveTimeout, "prove-timeout", 10*time.Second, "the longest each query of --prove may run, per game")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object on stdout")
	return cmd
}
