//go:build !js

package figure

import (
	"fmt"
	"github.com/nimlab/nimlab/check"
	"image/color"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/palette"
	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/table"
)

// sliceGrid shows a table.Slice to gonum's heat map.
type sliceGrid struct{ s *table.Slice }

func (g sliceGrid) Dims() (c, r int)   { return g.s.Cols, g.s.Rows }
func (g sliceGrid) Z(c, r int) float64 { return float64(g.s.Cells[r*g.s.Cols+c]) }
func (g sliceGrid) X(c int) float64    { return float64(c) }
func (g sliceGrid) Y(r int) float64    { return float64(r) }

// pColour and nColour colour the cells of an outcome slice.
var (
	pColour = color.NRGBA{R: 0x2c, G: 0x5f, B: 0xa0, A: 0xff}
	nColour = color.NRGBA{R: 0xee, G: 0xee, B: 0xee, A: 0xff}
)

// pSwatch and nSwatch are the legend's entries for P and N cells.
var (
	pSwatch = swatch{fill: pColour, edge: ink}
	nSwatch = swatch{fill: nColour, edge: ink}
)

// Slice plots a 2D section of a table of g: pile s.X across, pile s.Y up,
// the cells coloured by outcome (P dark), or by Grundy value or remoteness
// with a colour bar; the P-positions are marked with a dot in every case.
func Slice(g *game.Game, s *table.Slice) (*Figure, error) {
	f, _, err := slicePlot(g, s)
	return f, err
}

// sliceParts are the parts of a slice's figure the tests look at.
type sliceParts struct {
	plot   *plot.Plot
	legend *plot.Legend
	layout sliceLayout
}

// slicePlot is Slice, with the parts of the figure.
func slicePlot(g *game.Game, s *table.Slice) (*Figure, *sliceParts, error) {
	if s.Cols*s.Rows == 0 {
		return nil, nil, fmt.Errorf("an empty slice")
	}
	p := plot.New()
	legend := plot.NewLegend()
	legend.Left, legend.Top = true, true
	fixed := ""
	for i, v := range s.Fixed {
		if i != s.X && i != s.Y {
			if fixed != "" {
				fixed += ", "
			}
			fixed += fmt.Sprintf("%s = %d", check.PileName(i), v)
		}
	}
	p.Title.Text = g.Title
	if fixed != "" {
		p.Title.Text += "\n" + fixed
	}
	// Piles named as expressions and tables name them: "pile a (p1)".
	p.X.Label.Text = fmt.Sprintf("pile %s (p%d)", check.PileName(s.X), s.X+1)
	p.Y.Label.Text = fmt.Sprintf("pile %s (p%d)", check.PileName(s.Y), s.Y+1)
	lo, hi := 0, 1
	for _, v := range s.Cells {
		lo, hi = min(lo, v), max(hi, v)
	}
	var pal palette.Palette
	var colourMap palette.ColorMap
	if s.Value == "outcome" {
		pal = twoColours{nColour, pColour}
	} else {
		colourMap = moreland.Kindlmann()
		colourMap.SetMin(float64(lo))
		colourMap.SetMax(float64(hi))
		pal = colourMap.Palette(max(hi-lo+1, 2))
	}
	heat := plotter.NewHeatMap(sliceGrid{s}, pal)
	heat.Min, heat.Max = float64(lo), float64(hi)
	p.Add(heat)
	var marks plotter.XYs
	for i, isP := range s.P {
		if isP {
			marks = append(marks, plotter.XY{X: float64(i % s.Cols), Y: float64(i / s.Cols)})
		}
	}
	if len(marks) > 0 {
		dots, err := plotter.NewScatter(marks)
		if err != nil {
			return nil, nil, err
		}
		dots.GlyphStyle = draw.GlyphStyle{Color: color.White, Radius: vg.Points(1.6), Shape: draw.CircleGlyph{}}
		if s.Value == "outcome" {
			dots.GlyphStyle.Radius = vg.Points(1)
		}
		p.Add(dots)
		if s.Value != "outcome" {
			legend.Add("P-position (dot)", swatch{fill: ink, edge: ink}, dots)
		}
	}
	if s.Value == "outcome" {
		legend.Add("P (previous player wins)", pSwatch)
		legend.Add("N (next player wins)", nSwatch)
	}
	p.X.Min, p.X.Max = -0.5, float64(s.Cols)-0.5
	p.Y.Min, p.Y.Max = -0.5, float64(s.Rows)-0.5
	p.X.Tick.Marker, p.Y.Tick.Marker = pileTicks{}, pileTicks{}
	l := newSliceLayout(p, &legend, colourMap != nil)
	f := &Figure{Width: l.width, Height: l.height, paint: func(dc draw.Canvas) {
		main, strip, bar := l.canvases(dc)
		p.Draw(main)
		legend.Draw(strip)
		if colourMap == nil {
			return
		}
		scale := plot.New()
		scale.Title.Text = s.Value
		scale.HideX()
		scale.Add(&plotter.ColorBar{ColorMap: colourMap, Vertical: true, Colors: max(hi-lo+1, 2)})
		scale.Draw(bar)
	}}
	return f, &sliceParts{plot: p, legend: &legend, layout: l}, nil
}

// sliceLayout places the parts of a slice's figure: the plot, the legend in
// a strip below it (never over the cells), and the colour bar, when there is
// one, to the right.
type sliceLayout struct {
	width, height vg.Length
	strip         vg.Length // the height of the legend's strip
	bar           bool
}

// The plot is size square (with 40 more for its title and axes), the colour
// bar barWidth wide; the legend's strip is inset by stripInset.
const (
	sliceSize  = 440
	barWidth   = 70
	stripInset = 30
)

// newSliceLayout sizes the figure of plot p with legend, and a colour bar
// when bar is true.
func newSliceLayout(p *plot.Plot, legend *plot.Legend, bar bool) sliceLayout {
	l := sliceLayout{width: sliceSize, bar: bar}
	if bar {
		l.width += barWidth
	}
	var c draw.Canvas
	if r := legend.Rectangle(c); r.Size().Y > 0 {
		l.strip = r.Size().Y + legend.TextStyle.FontExtents().Descent + 6
	}
	l.height = sliceSize + 40 + l.strip
	return l
}

// canvases splits the figure's canvas dc into the plot's, the legend's
// strip below it, and the colour bar's.
func (l sliceLayout) canvases(dc draw.Canvas) (main, strip, bar draw.Canvas) {
	main = draw.Crop(dc, 0, -(l.width - sliceSize), l.strip, 0)
	strip = draw.Crop(dc, stripInset, -(l.width - sliceSize), 0, -(l.height - l.strip))
	bar = draw.Crop(dc, sliceSize, 0, 40+l.strip, -30)
	return main, strip, bar
}

// pileTicks labels pile sizes: whole numbers, about ten of them.
type pileTicks struct{}

func (pileTicks) Ticks(lo, hi float64) []plot.Tick {
	first, last := int(math.Ceil(lo)), int(math.Floor(hi))
	step := 1 // 1, 2, 5, 10, 20, 50, ...
	for i, scale := 0, 1; (last-first)/step > 10; i++ {
		if i%3 == 0 && i > 0 {
			scale *= 10
		}
		step = [3]int{2, 5, 10}[i%3] * scale
	}
	var ticks []plot.Tick
	for v := first; v <= last; v++ {
		tick := plot.Tick{Value: float64(v)}
		if v%step == 0 {
			tick.Label = strconv.Itoa(v)
		}
		ticks = append(ticks, tick)
	}
	return ticks
}

// twoColours is a palette of the N and P colours.
type twoColours [2]color.Color

func (t twoColours) Colors() []color.Color { return t[:] }

// swatch is a legend entry: a filled square with an edge, so that a light
// fill shows on the white page.
type swatch struct{ fill, edge color.Color }

// Thumbnail draws the swatch (plot.Thumbnailer).
func (s swatch) Thumbnail(c *draw.Canvas) {
	square := []vg.Point{{X: c.Min.X, Y: c.Min.Y}, {X: c.Max.X, Y: c.Min.Y}, {X: c.Max.X, Y: c.Max.Y}, {X: c.Min.X, Y: c.Max.Y}}
	c.FillPolygon(s.fill, square)
	c.StrokeLines(draw.LineStyle{Color: s.edge, Width: vg.Points(0.75)}, append(square, square[0]))
}
