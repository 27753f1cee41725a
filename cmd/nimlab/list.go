package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/internal/atomicfile"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
	"github.com/spf13/cobra"
)

func newListCmd() *cobra.Command {
	var f solveFlags
	var classes bool
	var format, out string
	cmd := &cobra.Command{
		Use:   "list GAME --max H",
		Short: "List the P-positions with piles up to H",
		Long: `Lists the P-positions of GAME whose piles all hold 0..H tokens, in order of
index (pile 1 varies fastest). With --classes, lists one representative per
symmetry class: the lexicographically smallest position of the class.

--format parquet --out FILE writes them as a Parquet file with one int64
column per pile (p1, p2, ...), for pandas, DuckDB or pyarrow.`,
		Example: `  nimlab list cn:4,2 --max 5
  nimlab list cn:6,3 --max 20 --format parquet --out cn63-p.parquet
  nimlab list cn:6,3 --max 4 --classes --format json
  nimlab list cn:6,3 --table cn63.tbl --classes`,
		Args: positional,
		RunE: func(cmd *cobra.Command, args []string) error {
			switch format {
			case "csv", "json", "text":
			case "parquet":
				if out == "" {
					return errors.New("--format parquet writes a file: give --out FILE.parquet")
				}
			default:
				return fmt.Errorf("--format must be csv, json, text or parquet, not %q", format)
			}
			if f.json {
				format = "json"
			}
			g, box, err := f.gameBox(args[0])
			if err != nil {
				return err
			}
			var group *complex.Group
			if classes {
				if group, err = g.Symmetries(cmd.Context()); err != nil {
					return fmt.Errorf("--classes: %w", err)
				}
				if !group.Listed() {
					return fmt.Errorf("--classes: %s has %v symmetries, too many to list (at most %d)", g.Spec, group.Order(), complex.MaxListedSymmetries)
				}
			}
			f.json = f.json || format == "json" // no progress bar under JSON output
			t, err := f.solveOrLoad(cmd.Context(), g, box, solve.Options{}, false)
			if err != nil {
				return err
			}
			if format == "parquet" {
				return atomicfile.Write(out, func(w io.Writer) error {
					return table.WritePositionsParquet(cmd.Context(), w, g.Piles(), t.ClassRepresentatives(cmd.Context(), group, f.workers))
				})
			}
			w := bufio.NewWriter(cmd.OutOrStdout())
			defer w.Flush()
			var rows []game.Position
			if format == "csv" {
				head := make([]string, g.Piles())
				for i := range head {
					head[i] = fmt.Sprintf("p%d", i+1)
				}
				fmt.Fprintln(w, strings.Join(head, ","))
			}
			for p := range t.ClassRepresentatives(cmd.Context(), group, f.workers) {
				switch format {
				case "json":
					rows = append(rows, append(game.Position(nil), p...))
				case "csv":
					fmt.Fprintln(w, p)
				default:
					fmt.Fprintf(w, "(%v)\n", p)
				}
			}
			if err := cmd.Context().Err(); err != nil {
				return err
			}
			if format == "json" {
				if rows == nil {
					rows = []game.Position{}
				}
				return printJSON(w, map[string]any{
					"game": g.Spec, "max": f.max, "classes": classes, "count": len(rows), "p_positions": rows,
				})
			}
			return nil
		},
	}
	f.register(cmd)
	f.registerTable(cmd)
	cmd.Flags().BoolVar(&classes, "classes", false, "one representative per symmetry class")
	cmd.Flags().StringVar(&format, "format", "csv", "output format: csv, json, text, or parquet (with --out)")
	cmd.Flags().StringVar(&out, "out", "", "write the Parquet file here (--format parquet)")
	return cmd
}
