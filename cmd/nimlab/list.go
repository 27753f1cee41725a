package main

import (
	"github.com/nimlab/nimlab/commands"
	"github.com/spf13/cobra"
)

func newListCmd() *cobra.Command {
	var f solveFlags
	var classes bool
	var format, out, where string
	cmd := &cobra.Command{
		Use:   "list GAME --max H",
		Short: "List the P-positions with piles up to H",
		Long: `Lists the P-positions of GAME whose piles all hold 0..H tokens, in order of
index (pile 1 varies fastest). With --classes, lists one representative per
symmetry class: the lexicographically smallest position of the class.

--format parquet --out FILE writes them as a Parquet file with one int64
column per pile (p1, p2, ...), for pandas, DuckDB or pyarrow. --where COND
lists only the P-positions where COND holds (check's language).`,
		Example: `  nimlab list cn:4,2 --max 5
  nimlab list cn:6,3 --max 20 --format parquet --out cn63-p.parquet
  nimlab list cn:6,3 --max 4 --classes --format json
  nimlab list cn:6,3 --table cn63.tbl --classes
  nimlab list cn:7,3 --max 6 --where 'a == 0 && c == 0'`,
		Args: positional,
		RunE: func(cmd *cobra.Command, args []string) error {
			if f.json && cmd.Flags().Changed("format") && format != "json" {
				return usageError(cmd, "--json and --format %s: give one of them", format)
			}
			// No progress bar under JSON output.
			res, err := commands.List(cmd.Context(), env(cmd.Context(), f.json || format == "json"), commands.ListRequest{
				Game: args[0], Source: f.source(), Classes: classes, Format: format, Out: out, Where: where,
			})
			if err != nil {
				return err
			}
			if f.json {
				return render(cmd, res, true)
			}
			return res.WriteText(cmd.OutOrStdout())
		},
	}
	defineFlags(cmd, "list", f.with(map[string]any{"classes": &classes, "format": &format, "out": &out, "where": &where}))
	return cmd
}
