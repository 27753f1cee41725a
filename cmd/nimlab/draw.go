package main

import (
	"errors"
	"fmt"
	"github.com/nimlab/nimlab/commands"
	"github.com/nimlab/nimlab/figure"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/internal/atomicfile"
	"github.com/spf13/cobra"
	"io"
)

func newDrawCmd() *cobra.Command {
	var out, move string
	var drawComplex bool
	cmd := &cobra.Command{
		Use:   "draw GAME [POSITION] --out FILE.svg|FILE.png",
		Short: "Draw a position, a move or a complex as the papers do (SVG or PNG)",
		Long: `Draws POSITION on the structure of GAME, as the papers draw them: Circular Nim's
stacks around a circle with their heights (Dufour–Heubach 2013,
Figure 1), PathNim's stacks in a row, and any other complex as a graph with its
facets shaded (Ehrenborg–Steingrímsson 1996, Figures 1-6). Each stack shows
its height inside and its number outside.

--move TO draws the move from POSITION to TO: the piles it changes are marked in
red as "p -> p'" (Dufour–Heubach–Vo 2021, Figures 1 and 4). TO must be a
legal move.

--complex draws the complex itself (no POSITION): facets shaded, and its facets
and circuits listed.

The format follows the file's extension: .svg (vector, for papers) or .png.
--out - writes SVG on stdout.`,
		Example: `  nimlab draw cn:8,3 3,1,4,1,5,9,2,6 --out cn83.svg
  nimlab draw cn:8,3 3,1,4,1,5,9,2,6 --move 3,1,4,1,0,0,0,6 --out move.png
  nimlab draw complex:1-2-3,2-3-4,3-4-5,1-5 --complex --out example33.svg`,
		Args: positional,
		RunE: func(cmd *cobra.Command, args []string) error {
			if _, err := game.Parse(args[0]); err != nil {
				return err
			}
			format := "svg"
			switch out {
			case "":
				return errors.New("--out FILE.svg or --out FILE.png is required (--out - writes SVG on stdout)")
			case "-":
			default:
				var err error
				if format, err = figure.FormatOf(out); err != nil {
					return fmt.Errorf("--out %w", err)
				}
			}
			req := commands.DrawRequest{Game: args[0], Move: move, Complex: drawComplex}
			if len(args) == 2 {
				req.Position = args[1]
			}
			res, err := commands.Draw(cmd.Context(), req)
			if err != nil {
				return err
			}
			return writeFigure(cmd, res.Figure, out, format)
		},
	}
	cmd.Flags().StringVar(&out, "out", "", "the file to write: .svg or .png (- for SVG on stdout)")
	cmd.Flags().StringVar(&move, "move", "", "draw the move from POSITION to this position")
	cmd.Flags().BoolVar(&drawComplex, "complex", false, "draw the complex itself, with its facets and circuits")
	return cmd
}

// writeFigure writes f to the file out in format, or on stdout as SVG for
// out "-".
func writeFigure(cmd *cobra.Command, f *figure.Figure, out, format string) error {
	if out == "-" {
		return f.Write(cmd.OutOrStdout(), format)
	}
	if err := atomicfile.Write(out, func(w io.Writer) error { return f.Write(w, format) }); err != nil {
		return err
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "wrote %s\n", out)
	return nil
}
