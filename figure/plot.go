//go:build !js

package figure

import (
	"fmt"
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

// Slice plots a 2D section of a table of g: pile s.X across, pile s.Y up,
// the cells coloured by outcome (P dark), or by Grundy value or remoteness
// with a colour bar; the P-positions are marked with a dot in every case.
func Slice(g *game.Game, s *table.Slice) (*Figure, error) {
	if s.Cols*s.Rows == 0 {
		return nil, fmt.Errorf("an empty slice")
	}
	p := plot.New()
	fixed := ""
	for i, v := range s.Fixed {
		if i != s.X && i != s.Y {
			if fixed != "" {
				fixed += ", "
			}
			fixed += fmt.Sprintf("p%d = %d", i+1, v)
		}
	}
	p.Title.Text = g.Title
	if fixed != "" {
		p.Title.Text += "\n" + fixed
	}
	p.X.Label.Text = fmt.Sprintf("pile %d", s.X+1)
	p.Y.Label.Text = fmt.Sprintf("pile %d", s.Y+1)
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
			return nil, err
		}
		dots.GlyphStyle = draw.GlyphStyle{Color: color.White, Radius: vg.Points(1.6), Shape: draw.CircleGlyph{}}
		if s.Value == "outcome" {
			dots.GlyphStyle.Radius = vg.Points(1)
		}
		p.Add(dots)
		if s.Value != "outcome" {
			p.Legend.Add("P-position (dot)", dots)
		}
	}
	if s.Value == "outcome" {
		p.Legend.Add("P (previous player wins)", swatch{pColour})
		p.Legend.Add("N (next player wins)", swatch{nColour})
	}
	p.Legend.Top = true
	p.X.Min, p.X.Max = -0.5, float64(s.Cols)-0.5
	p.Y.Min, p.Y.Max = -0.5, float64(s.Rows)-0.5
	p.X.Tick.Marker, p.Y.Tick.Marker = pileTicks{}, pileTicks{}
	const size, bar = 440, 70
	width := vg.Length(size)
	if colourMap != nil {
		width += bar
	}
	return &Figure{Width: width, Height: size + 40, paint: func(dc draw.Canvas) {
		main := draw.Crop(dc, 0, -(width - size), 0, 0)
		p.Draw(main)
		if colourMap == nil {
			return
		}
		legend := plot.New()
		legend.Title.Text = s.Value
		legend.HideX()
		legend.Add(&plotter.ColorBar{ColorMap: colourMap, Vertical: true, Colors: max(hi-lo+1, 2)})
		legend.Draw(draw.Crop(dc, size, 0, 40, -30))
	}}, nil
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

// swatch is a legend entry: a filled square.
type swatch struct{ colour color.Color }

func (s swatch) Thumbnail(c *draw.Canvas) {
	c.FillPolygon(s.colour, []vg.Point{{X: c.Min.X, Y: c.Min.Y}, {X: c.Max.X, Y: c.Min.Y}, {X: c.Max.X, Y: c.Max.Y}, {X: c.Min.X, Y: c.Max.Y}})
}
