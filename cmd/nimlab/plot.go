package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/nimlab/nimlab/figure"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/internal/atomicfile"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
	"github.com/spf13/cobra"
)

func newPlotCmd() *cobra.Command {
	var f solveFlags
	var axes, fix, value, out string
	cmd := &cobra.Command{
		Use:   "plot GAME --max H --axes I,J [--fix K=v,...] [--value outcome|grundy|remoteness] --out FILE.svg|FILE.png",
		Short: "Plot a 2D slice of the table: two piles on the axes, the others fixed",
		Long: `Solves GAME with every pile 0..H (or reads --table FILE) and plots the slice with
piles I and J on the axes (numbered from 1) and every other pile fixed: by
--fix K=v,... and otherwise at 0. The cells show the outcome (P-positions dark),
or with --value grundy or remoteness the Grundy value or the remoteness as a
heat map with a colour bar; P-positions are marked with a dot in every case.

The format follows the file's extension: .svg (vector, for papers) or .png.`,
		Example: `  nimlab plot cn:6,3 --max 20 --axes 1,2 --fix 4=5,5=3 --out cn63-slice.svg
  nimlab plot nim:3 --max 31 --axes 1,2 --fix 3=7 --value grundy --out nim-grundy.png
  nimlab plot slow:3,2 --max 24 --axes 1,2 --fix 3=9 --value remoteness --out slow32.svg
  nimlab plot cn:6,3 --table cn63.tbl --axes 1,4 --out slice.svg`,
		Args: positional,
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return errors.New("--out FILE.svg or --out FILE.png is required")
			}
			format, err := figure.FormatOf(out)
			if err != nil {
				return fmt.Errorf("--out %w", err)
			}
			if !slices.Contains(table.Values, value) {
				return fmt.Errorf("--value must be outcome, grundy or remoteness, not %q", value)
			}
			g, box, err := f.gameBox(args[0])
			if err != nil {
				return err
			}
			x, y, fixed, err := parseSlice(axes, fix, g.Piles())
			if err != nil {
				return fmt.Errorf("%s: %w", g.Title, err)
			}
			asJSON := f.json
			f.json = true // no progress bar over the figure's messages
			t, err := f.solveOrLoad(cmd.Context(), g, box, solve.Options{Grundy: value == "grundy", Remoteness: value == "remoteness"}, false)
			if err != nil {
				return err
			}
			for i, v := range fixed {
				if v > f.max {
					return fmt.Errorf("--fix %d=%d: the table holds piles 0..%d (--max %d)", i+1, v, f.max, f.max)
				}
			}
			s, err := t.Slice(x, y, fixed, value)
			if err != nil {
				return err
			}
			fig, err := figure.Slice(g, s)
			if err != nil {
				return err
			}
			if err := atomicfile.Write(out, func(w io.Writer) error { return fig.Write(w, format) }); err != nil {
				return err
			}
			if asJSON {
				return printJSON(cmd.OutOrStdout(), map[string]any{
					"game": g.Spec, "max": f.max, "axes": []int{x + 1, y + 1}, "fixed": fixed,
					"value": value, "out": out, "format": format,
				})
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "wrote %s\n", out)
			return nil
		},
	}
	f.register(cmd)
	f.registerTable(cmd)
	cmd.Flags().StringVar(&axes, "axes", "1,2", "the two piles on the axes, numbered from 1: across, up")
	cmd.Flags().StringVar(&fix, "fix", "", "values of the other piles, e.g. 3=5,4=0 (unlisted piles are 0)")
	cmd.Flags().StringVar(&value, "value", "outcome", "what the cells show: outcome, grundy or remoteness")
	cmd.Flags().StringVar(&out, "out", "", "the file to write: .svg or .png")
	return cmd
}

// parseSlice reads --axes I,J and --fix K=v,... for n piles (numbered from 1
// in the flags, from 0 in the result).
func parseSlice(axes, fix string, n int) (x, y int, fixed game.Position, err error) {
	pile := func(s string) (int, error) {
		v, err := strconv.Atoi(strings.TrimSpace(s))
		switch {
		case err != nil:
			return 0, fmt.Errorf("%q is not a pile number 1..%d", strings.TrimSpace(s), n)
		case v < 1 || v > n:
			return 0, fmt.Errorf("there is no pile %d (the piles are 1..%d)", v, n)
		}
		return v - 1, nil
	}
	parts := strings.Split(axes, ",")
	if len(parts) != 2 {
		return 0, 0, nil, fmt.Errorf("--axes %q: give two piles, e.g. --axes 1,2", axes)
	}
	if x, err = pile(parts[0]); err == nil {
		y, err = pile(parts[1])
	}
	switch {
	case err != nil:
		return 0, 0, nil, fmt.Errorf("--axes %q: %w", axes, err)
	case x == y:
		return 0, 0, nil, fmt.Errorf("--axes %q: give two different piles 1..%d", axes, n)
	}
	fixed = make(game.Position, n)
	for _, item := range strings.Split(fix, ",") {
		if strings.TrimSpace(item) == "" {
			continue
		}
		k, v, ok := strings.Cut(item, "=")
		if !ok {
			return 0, 0, nil, fmt.Errorf("--fix %q: write pile=value, e.g. 3=5", item)
		}
		i, err := pile(k)
		if err != nil {
			return 0, 0, nil, fmt.Errorf("--fix %q: %w", item, err)
		}
		if i == x || i == y {
			return 0, 0, nil, fmt.Errorf("--fix %q: pile %d is on an axis", item, i+1)
		}
		if fixed[i], err = strconv.Atoi(strings.TrimSpace(v)); err != nil || fixed[i] < 0 {
			return 0, 0, nil, fmt.Errorf("--fix %q: %q is not a pile size", item, strings.TrimSpace(v))
		}
	}
	return x, y, fixed, nil
}
