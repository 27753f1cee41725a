package commands

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/nimlab/nimlab/check"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/figure"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
)

// DrawRequest asks for a figure of a position, a move or a complex
// ("nimlab draw"): a Position, with a Move from it, or Complex alone.
type DrawRequest struct {
	Game     string `json:"game"`
	Position string `json:"position,omitempty"`
	Move     string `json:"move,omitempty"`
	Complex  bool   `json:"complex,omitempty"`
	// Format is how WriteText writes the figure: svg (when empty), png, or
	// tikz, a LaTeX document of class standalone, or with Bare a bare
	// tikzpicture.
	Format string `json:"format,omitempty"`
	Bare   bool   `json:"bare,omitempty"`
}

// FigureResult is a figure, drawn as the papers draw them; WriteText
// writes it in the request's format (SVG for plot).
type FigureResult struct {
	Figure *figure.Figure `json:"-"`

	format string
	bare   bool
}

// WriteText writes the figure in its format.
func (r *FigureResult) WriteText(w io.Writer) error {
	switch r.format {
	case "", "svg":
		return r.Figure.Write(w, "svg")
	case "tikz":
		return r.Figure.WriteTikZ(w, !r.bare)
	}
	return r.Figure.Write(w, r.format)
}

// Draw draws a position of a game, a move from it, or its complex.
func Draw(ctx context.Context, req DrawRequest) (*FigureResult, error) {
	format, err := formatOf(req.Format, "svg", "png", "tikz")
	if err != nil {
		return nil, err
	}
	req.Format = format
	if req.Bare && req.Format != "tikz" {
		return nil, requestErrorf("%v writes a bare tikzpicture: add %v tikz (or %v FILE.tex)", Param("bare"), Param("format"), Param("out"))
	}
	r, err := draw(ctx, req)
	if err != nil {
		return nil, err
	}
	r.format, r.bare = req.Format, req.Bare
	return r, nil
}

// draw draws the figure Draw asks for.
func draw(ctx context.Context, req DrawRequest) (*FigureResult, error) {
	g, err := game.Parse(req.Game)
	if err != nil {
		return nil, err
	}
	if req.Complex {
		if req.Position != "" || req.Move != "" {
			return nil, requestErrorf("%v draws the complex alone: give no POSITION and no %v", Param("complex"), Param("move"))
		}
		circuits, err := g.Complex.Circuits(ctx)
		if err != nil && !errors.Is(err, complex.ErrTooLarge) {
			return nil, err
		}
		f, err := figure.Complex(g, circuits)
		if err != nil {
			return nil, err
		}
		return &FigureResult{Figure: f}, nil
	}
	if req.Position == "" {
		return nil, requestErrorf("give a POSITION to draw, or %v to draw the complex", Param("complex"))
	}
	p, err := g.ParsePosition(req.Position)
	if err != nil {
		return nil, err
	}
	var q game.Position
	if req.Move != "" {
		if q, err = g.ParsePosition(req.Move); err != nil {
			return nil, requestErrorf("%v: %w", Param("move"), err)
		}
	}
	f, err := figure.Position(g, p, q)
	if err != nil {
		return nil, err
	}
	return &FigureResult{Figure: f}, nil
}

// SliceRequest asks for a 2D slice of a table: two piles on the axes, the
// others fixed ("nimlab plot", and the web lab's slice viewer).
type SliceRequest struct {
	Game string `json:"game"`
	Source
	// Axes are the two piles on the axes, numbered from 1: "1,2" when
	// empty.
	Axes string `json:"axes,omitempty"`
	// Fix gives the other piles, e.g. "3=5,4=0"; unlisted piles are 0.
	// When empty, the slice holding the most P-positions is cut
	// (table.RichestFix).
	Fix string `json:"fix,omitempty"`
	// Value is what the cells show: outcome (when empty), grundy or
	// remoteness.
	Value string `json:"value,omitempty"`
}

// SliceResult is a slice of a table; its JSON is table.Slice's.
type SliceResult struct {
	*table.Slice

	game *game.Game
	max  int
}

// Slice solves (or reads) the table a slice needs and cuts the slice.
func Slice(ctx context.Context, env Env, req SliceRequest) (*SliceResult, error) {
	if req.Value == "" {
		req.Value = "outcome"
	}
	if req.Axes == "" {
		req.Axes = "1,2"
	}
	if !slices.Contains(table.Values(), req.Value) {
		return nil, requestErrorf("%v must be outcome, grundy or remoteness, not %q", Param("value"), req.Value)
	}
	g, box, err := req.gameBox(req.Game)
	if err != nil {
		return nil, err
	}
	x, y, fixed, err := ParseSlice(req.Axes, req.Fix, g.Piles())
	if err != nil {
		return nil, inContext(g.Title, err)
	}
	t, err := req.solveOrLoad(ctx, env, g, box, solve.Options{Grundy: req.Value == "grundy", Remoteness: req.Value == "remoteness"})
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(req.Fix) == "" {
		// None asked for: the slice with the most P-positions, not one
		// through the origin, which often holds one.
		fixed = t.RichestFix(ctx, x, y)
	}
	for i, v := range fixed {
		if v > req.Max {
			return nil, requestErrorf("%v: pile %s (p%d) = %d, but the table holds piles 0..%d (%v %d)", Param("fix"), check.PileName(i), i+1, v, req.Max, Param("max"), req.Max)
		}
	}
	s, err := t.Slice(x, y, fixed, req.Value)
	if err != nil {
		return nil, err
	}
	return &SliceResult{Slice: s, game: g, max: req.Max}, nil
}

// MarshalJSON writes the slice as table.Slice does.
func (r *SliceResult) MarshalJSON() ([]byte, error) { return json.Marshal(r.Slice) }

// WriteText writes the slice's JSON: a slice is read by programs or drawn.
func (r *SliceResult) WriteText(w io.Writer) error { return WriteJSON(w, r) }

// PlotResult is the figure of a slice ("nimlab plot"), and what it shows.
type PlotResult struct {
	Axes []int `json:"axes"`
	// Fixed holds the pile sizes the slice fixes (0 on the axes).
	Fixed game.Position `json:"fixed"`
	// Format and Out say where the front end wrote the figure, if it did.
	Format string         `json:"format,omitempty"`
	Game   string         `json:"game"`
	Max    int            `json:"max"`
	Out    string         `json:"out,omitempty"`
	Value  string         `json:"value"`
	Figure *figure.Figure `json:"-"`
}

// WriteText writes the figure as SVG.
func (r *PlotResult) WriteText(w io.Writer) error { return r.Figure.Write(w, "svg") }

// Plot draws a slice of a table.
func Plot(ctx context.Context, env Env, req SliceRequest) (*PlotResult, error) {
	s, err := Slice(ctx, env, req)
	if err != nil {
		return nil, err
	}
	f, err := figure.Slice(s.game, s.Slice)
	if err != nil {
		return nil, err
	}
	return &PlotResult{Game: s.game.Spec, Max: s.max, Axes: []int{s.X + 1, s.Y + 1}, Fixed: s.Fixed, Value: s.Value, Figure: f}, nil
}

// ParseSlice reads the axes "I,J" and fixed piles "K=v,..." of a slice of
// n piles (numbered from 1 in the text, from 0 in the result).
func ParseSlice(axes, fix string, n int) (x, y int, fixed game.Position, err error) {
	pile := func(s string) (int, error) {
		s = strings.TrimSpace(s)
		// A pile as expressions name it (a, b, ...) and as tables do (p1,
		// p2, ...), or its number.
		for i := range n {
			if s == check.PileName(i) || s == table.PileColumn(i) {
				return i, nil
			}
		}
		v, err := strconv.Atoi(s)
		switch {
		case err != nil:
			return 0, fmt.Errorf("%q is not a pile: a number 1..%d, a name p1..p%d, or a letter as in expressions (a, b, ...)", s, n, n)
		case v < 1 || v > n:
			return 0, fmt.Errorf("there is no pile %d (the piles are 1..%d)", v, n)
		}
		return v - 1, nil
	}
	parts := strings.Split(axes, ",")
	if len(parts) != 2 {
		return 0, 0, nil, requestErrorf("%v %q: give two piles, e.g. %v", Param("axes"), axes, Setting{Param("axes"), "1,2"})
	}
	if x, err = pile(parts[0]); err == nil {
		y, err = pile(parts[1])
	}
	switch {
	case err != nil:
		return 0, 0, nil, requestErrorf("%v %q: %w", Param("axes"), axes, err)
	case x == y:
		return 0, 0, nil, requestErrorf("%v %q: give two different piles 1..%d", Param("axes"), axes, n)
	}
	fixed = make(game.Position, n)
	given := make([]bool, n)
	for _, item := range strings.Split(fix, ",") {
		if strings.TrimSpace(item) == "" {
			continue
		}
		k, v, ok := strings.Cut(item, "=")
		if !ok {
			return 0, 0, nil, requestErrorf("%v %q: write pile=value, e.g. 3=5", Param("fix"), item)
		}
		i, err := pile(k)
		if err != nil {
			return 0, 0, nil, requestErrorf("%v %q: %w", Param("fix"), item, err)
		}
		if i == x || i == y {
			return 0, 0, nil, requestErrorf("%v %q: pile %d is on an axis", Param("fix"), item, i+1)
		}
		if given[i] {
			return 0, 0, nil, requestErrorf("%v %q: pile %s (p%d) is given twice", Param("fix"), item, check.PileName(i), i+1)
		}
		given[i] = true
		if fixed[i], err = strconv.Atoi(strings.TrimSpace(v)); err != nil || fixed[i] < 0 {
			return 0, 0, nil, requestErrorf("%v %q: %q is not a pile size", Param("fix"), item, strings.TrimSpace(v))
		}
	}
	return x, y, fixed, nil
}
