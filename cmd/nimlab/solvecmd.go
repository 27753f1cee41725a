package main

import (
	"fmt"
	"io"
	"runtime"
	"strings"
	"time"

	"github.com/nimlab/nimlab/internal/atomicfile"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
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

Take games are solved by the line engine without enumerating options, and so
are the rule variations, NIM_H, Exact k-Nim and the slow rule on a complex (the
cone engine); the other compounds and remoteness tables by a sweep that looks
up every option. Games whose piles can be permuted freely (nim, moore, slow, slowle,
slowset) store only the sorted positions, n! fewer, and count every order.`,
		Example: `  nimlab solve cn:6,3 --max 20
  nimlab solve cn:5,2 --max 10 --grundy --json
  nimlab solve graph:1-2,2-3,1-3,3-4 --max 12 --out k3plus.tbl
  nimlab solve slow:5,4 --max 63 --remoteness
  nimlab solve "cn:5,2 & slow:3,2" --max 6 --remoteness --json
  nimlab solve graph:1-2,2-3,1-3,3-4 --table k3plus.tbl
  nimlab solve cn:5,2 --max 10 --grundy --export cn52.parquet`,
		Args: positional,
		RunE: func(cmd *cobra.Command, args []string) error {
			g, box, err := f.gameBox(args[0])
			if err != nil {
				return err
			}
			if f.tableFile != "" && out != "" {
				return fmt.Errorf("--table and --out: the table is already in %s", f.tableFile)
			}
			start := time.Now()
			opts := solve.Options{Grundy: grundy, Remoteness: remoteness}
			// Outcomes of a take game saved to a file are streamed there as
			// they are computed, so the table need not fit in memory.
			streamed := out != "" && export == "" && !reference && solve.Streams(g, opts) && solve.EngineFor(g, box, opts) == solve.EngineFast
			var t *table.Table
			var s *solve.Summary
			if streamed {
				var pPositions int64
				if t, pPositions, err = streamTable(cmd.Context(), g, box, opts, &f, out); err != nil {
					return err
				}
				if t == nil {
					s = &solve.Summary{Positions: box.Positions(), States: box.Positions(), PPositions: pPositions, PClasses: -1,
						SymmetriesNote: fmt.Sprintf("not counted: the table was written to %s as it was solved, without being held (count them with: nimlab solve %s --table %s)", out, shellQuote(g.Spec), shellQuote(out))}
				}
			} else {
				if t, err = f.solveOrLoad(cmd.Context(), g, box, opts, reference); err != nil {
					return err
				}
				// A table read from a file reports what it holds.
				grundy, remoteness = t.Grundy != nil, t.Remoteness != nil
			}
			secs := time.Since(start).Seconds()
			if out != "" && !streamed {
				if err := t.Save(cmd.Context(), out); err != nil {
					return err
				}
			}
			if export != "" {
				if err := atomicfile.Write(export, func(w io.Writer) error { return t.ExportParquet(cmd.Context(), w) }); err != nil {
					return err
				}
			}
			if t != nil {
				if s, err = solve.Summarize(cmd.Context(), g, t); err != nil {
					return err
				}
			}
			sorted := t != nil && t.Sorted
			total := time.Since(started(cmd.Context())).Seconds()
			engine := string(solve.EngineFor(g, box, solve.Options{Grundy: grundy, Remoteness: remoteness}))
			workers := f.workers
			if workers <= 0 {
				workers = runtime.GOMAXPROCS(0)
			}
			switch {
			case f.tableFile != "":
				engine, workers = "table file", 1
			case reference:
				engine, workers = "reference", 1
			}
			rate := float64(s.Positions) / secs
			w := cmd.OutOrStdout()
			if f.json {
				res := map[string]any{
					"game": g.Spec, "title": g.Title, "max": f.max, "positions": s.Positions,
					"states": s.States, "sorted": sorted,
					"p_positions": s.PPositions, "p_classes": s.PClasses, "symmetries": s.Symmetries,
					"seconds": secs, "seconds_total": total, "positions_per_second": rate, "engine": engine, "workers": workers,
				}
				if grundy {
					res["grundy_counts"] = s.GrundyCounts
					res["max_grundy"] = len(s.GrundyCounts) - 1
				}
				if remoteness {
					res["remoteness_counts"] = s.RemotenessCounts
					res["max_remoteness"] = len(s.RemotenessCounts) - 1
				}
				if s.SymmetriesNote != "" {
					res["symmetries_note"] = s.SymmetriesNote
				}
				if out != "" {
					res["out"], res["streamed"] = out, streamed
				}
				if export != "" {
					res["export"] = export
				}
				if f.tableFile != "" {
					res["table"] = f.tableFile
				}
				return printJSON(w, res)
			}
			fmt.Fprintf(w, "game          %s (%s)\n", g.Spec, g.Title)
			fmt.Fprintf(w, "positions     %d (every pile 0..%d)\n", s.Positions, f.max)
			if sorted {
				fmt.Fprintf(w, "states        %d sorted positions (the piles can be permuted freely)\n", s.States)
			}
			fmt.Fprintf(w, "P-positions   %d (%.4g%%)\n", s.PPositions, 100*float64(s.PPositions)/float64(s.Positions))
			switch {
			case s.PClasses >= 0:
				fmt.Fprintf(w, "P classes     %d (up to %s symmetries)\n", s.PClasses, s.Symmetries)
			case s.SymmetriesNote != "":
				fmt.Fprintf(w, "P classes     %s\n", s.SymmetriesNote)
			}
			if grundy {
				fmt.Fprintf(w, "Grundy values 0..%d; positions per value: %v\n", len(s.GrundyCounts)-1, s.GrundyCounts)
			}
			if remoteness {
				fmt.Fprintf(w, "remoteness    0..%d; positions per outcome and remoteness:\n", len(s.RemotenessCounts)-1)
				for r, c := range s.RemotenessCounts {
					if c != 0 {
						fmt.Fprintf(w, "  %s %4d  %d\n", outcomeOf(r), r, c)
					}
				}
			}
			if f.tableFile != "" {
				fmt.Fprintf(w, "time          %.3f s reading %s; %.3f s in all\n", secs, f.tableFile, total)
			} else {
				fmt.Fprintf(w, "time          %.3f s solving (%s positions/s, %s engine, %d workers); %.3f s in all\n",
					secs, humanRate(rate), engine, workers, total)
			}
			if out != "" {
				fmt.Fprintf(w, "saved         %s\n", out)
			}
			if export != "" {
				fmt.Fprintf(w, "exported      %s (Parquet)\n", export)
			}
			return nil
		},
	}
	f.register(cmd)
	f.registerTable(cmd)
	cmd.Flags().BoolVar(&grundy, "grundy", false, "also compute the Grundy value of every position")
	cmd.Flags().BoolVar(&remoteness, "remoteness", false, "also compute the remoteness of every position")
	cmd.Flags().BoolVar(&reference, "reference", false, "use the reference engine, which enumerates every option (slow; for checking)")
	cmd.Flags().StringVar(&out, "out", "", "save the table to this file (written atomically)")
	cmd.Flags().StringVar(&export, "export", "", "write every position to this Parquet file: p1..pn, outcome, and grundy and remoteness when computed")
	return cmd
}

// humanRate writes a rate with an SI prefix, e.g. "1.07e9" as "1.07 G".
func humanRate(r float64) string {
	switch {
	case r >= 1e9:
		return fmt.Sprintf("%.3g G", r/1e9)
	case r >= 1e6:
		return fmt.Sprintf("%.3g M", r/1e6)
	case r >= 1e3:
		return fmt.Sprintf("%.3g k", r/1e3)
	}
	return fmt.Sprintf("%.3g", r)
}

// outcomeOf names the outcome of a remoteness: P when even, N when odd.
func outcomeOf(remoteness int) string {
	if remoteness%2 == 0 {
		return "P"
	}
	return "N"
}

// shellQuote quotes s for a POSIX shell when it holds anything but letters,
// digits and the plain punctuation of specs and paths.
func shellQuote(s string) string {
	for _, r := range s {
		if !strings.ContainsRune("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789:,._/-+=", r) {
			return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
		}
	}
	return s
}
