package main

import (
	"fmt"
	"github.com/nimlab/nimlab/commands"
	"github.com/nimlab/nimlab/figure"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/internal/atomicfile"
	"github.com/spf13/cobra"
)

func newDrawCmd() *cobra.Command {
	var out, move, format string
	var drawComplex, bare bool
	cmd := &cobra.Command{
		Use:   "draw GAME [POSITION] --out FILE.svg|FILE.png|FILE.tex",
		Short: "Draw a position, a move or a complex as the papers do (SVG, PNG or TikZ)",
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

The format follows the file's extension: .svg (vector), .png, or .tex (TikZ,
for LaTeX papers), or is given by --format svg|png|tikz. TikZ is the same
drawing as the SVG, every disc, line and label in the same place (one unit is
a PostScript point), with its colours defined in the picture: a standalone
document that pdflatex compiles alone, or with --bare a tikzpicture to \input
in a paper that loads tikz. --out - (or no --out with --format svg or tikz)
writes on stdout.`,
		Example: `  nimlab draw cn:8,3 3,1,4,1,5,9,2,6 --out cn83.svg
  nimlab draw cn:8,3 3,1,4,1,5,9,2,6 --move 3,1,4,1,0,0,0,6 --out move.png
  nimlab draw complex:1-2-3,2-3-4,3-4-5,1-5 --complex --out example33.svg
  nimlab draw cn:8,3 3,1,4,1,5,9,2,6 --move 3,1,4,1,0,0,0,6 --out cn83-move.tex
  nimlab draw cn:6,3 1,2,3,4,5,6 --format tikz --bare > cn63.tex`,
		Args: positional,
		RunE: func(cmd *cobra.Command, args []string) error {
			if _, err := game.Parse(args[0]); err != nil {
				return err
			}
			switch {
			case out == "" && format == "":
				return usageError(cmd, "--out FILE.svg, FILE.png or FILE.tex is required (--out - writes SVG on stdout)")
			case out == "":
				out = "-"
			}
			if out != "-" {
				ext, err := figure.FormatOf(out)
				if err != nil {
					return fmt.Errorf("--out %w", err)
				}
				if format != "" && format != ext {
					return usageError(cmd, "--format %s, but --out %s is %s", format, out, ext)
				}
				format = ext
			}
			if out == "-" && format == "png" {
				return usageError(cmd, "--format png writes a file: give --out FILE.png")
			}
			req := commands.DrawRequest{Game: args[0], Move: move, Complex: drawComplex, Format: format, Bare: bare}
			if len(args) == 2 {
				req.Position = args[1]
			}
			res, err := commands.Draw(cmd.Context(), req)
			if err != nil {
				return err
			}
			return writeFigure(cmd, res, out)
		},
	}
	defineFlags(cmd, "draw", map[string]any{"out": &out, "format": &format, "bare": &bare, "move": &move, "complex": &drawComplex})
	return cmd
}

// writeFigure writes the figure to the file out, or on stdout for out "-".
func writeFigure(cmd *cobra.Command, res *commands.FigureResult, out string) error {
	if out == "-" {
		return res.WriteText(cmd.OutOrStdout())
	}
	if err := atomicfile.Write(out, res.WriteText); err != nil {
		return err
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "wrote %s\n", out)
	return nil
}
