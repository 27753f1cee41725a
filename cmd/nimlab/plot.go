package main

import (
	"fmt"
	"github.com/nimlab/nimlab/commands"
	"github.com/nimlab/nimlab/figure"
	"github.com/nimlab/nimlab/internal/atomicfile"
	"github.com/spf13/cobra"
	"io"
)

func newPlotCmd() *cobra.Command {
	var f solveFlags
	var axes, fix, value, out string
	var data bool
	cmd := &cobra.Command{
		Use:   "plot GAME --max H --axes I,J [--fix K=v,...] [--value outcome|grundy|remoteness] --out FILE.svg|FILE.png",
		Short: "Plot a 2D slice of the table: two piles on the axes, the others fixed",
		Long: `Solves GAME with every pile 0..H (or reads --table FILE) and plots the slice with
piles I and J on the axes (numbered from 1) and every other pile fixed: by
--fix K=v,... (unlisted piles at 0); with no --fix, the slice holding the most
P-positions (the JSON's "fixed" says which). The cells show the outcome (P-positions dark),
or with --value grundy or remoteness the Grundy value or the remoteness as a
heat map with a colour bar; P-positions are marked with a dot in every case.

The format follows the file's extension: .svg (vector, for papers) or .png.
--data prints the slice's cells as JSON instead (x and y, the piles on the
axes from 0; fixed; cols and rows; cells, row by row from y = 0; p, the
P-positions): what the Python package draws into matplotlib Axes.`,
		Example: `  nimlab plot cn:6,3 --max 20 --axes 1,2 --fix 4=5,5=3 --out cn63-slice.svg
  nimlab plot nim:3 --max 31 --axes 1,2 --fix 3=7 --value grundy --out nim-grundy.png
  nimlab plot slow:3,2 --max 24 --axes 1,2 --fix 3=9 --value remoteness --out slow32.svg
  nimlab plot cn:6,3 --table cn63.tbl --axes 1,4 --out slice.svg
  nimlab plot cn:7,3 --max 6 --axes 1,2 --data`,
		Args: positional,
		RunE: func(cmd *cobra.Command, args []string) error {
			req := commands.SliceRequest{Game: args[0], Source: f.source(), Axes: axes, Fix: fix, Value: value}
			if data {
				if out != "" {
					return usageError(cmd, "--data prints the slice's cells and --out writes its figure: give one of them")
				}
				res, err := commands.Slice(cmd.Context(), env(cmd.Context(), true), req)
				if err != nil {
					return err
				}
				return printJSON(cmd.OutOrStdout(), res)
			}
			if out == "" {
				return usageError(cmd, "--out FILE.svg or --out FILE.png is required")
			}
			format, err := figure.FormatOf(out)
			if err != nil || format == "tikz" {
				// A heat map's colour bar is a raster image: no TikZ.
				return usageError(cmd, "--out %s: plot writes .svg or .png (draw also writes TikZ)", out)
			}
			// No progress bar over the figure's messages.
			res, err := commands.Plot(cmd.Context(), env(cmd.Context(), true), req)
			if err != nil {
				return err
			}
			if err := atomicfile.Write(out, func(w io.Writer) error { return res.Figure.Write(w, format) }); err != nil {
				return err
			}
			if f.json {
				res.Out, res.Format = out, format
				return printJSON(cmd.OutOrStdout(), res)
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "wrote %s\n", out)
			return nil
		},
	}
	defineFlags(cmd, "plot", f.with(map[string]any{"axes": &axes, "fix": &fix, "value": &value, "out": &out, "data": &data}))
	return cmd
}
