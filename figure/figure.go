// Package figure draws the games the way the papers do: a position on its
// structure — Circular Nim's stacks around a circle with their heights
// (Dufour–Heubach 2013, Figure 1), PathNim's stacks in a row, any
// other complex as a graph with its facets shaded (Ehrenborg–Steingrímsson 1996,
// Figures 1–6) — a move from p to p' with the piles it changes marked, and a
// complex with its facets and circuits. A Figure is a vector drawing written
// as SVG, PNG or TikZ (for LaTeX papers), all three from the same drawing.
package figure

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"math/bits"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	_ "gonum.org/v1/plot/vg/vgsvg" // registers svg

	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
)

// Figure is a drawing of a given size.
type Figure struct {
	Width, Height vg.Length
	paint         func(dc draw.Canvas)
}

// Formats returns the file formats a figure is written in (a fresh slice each
// call): svg, png, and tikz (a LaTeX document of class standalone).
func Formats() []string { return []string{"svg", "png", "tikz"} }

// FormatOf returns the format named by a file's extension: "svg", "png",
// or "tikz" for .tex.
func FormatOf(path string) (string, error) {
	ext := strings.ToLower(strings.TrimPrefix(filepath.Ext(path), "."))
	if ext == "tex" {
		return "tikz", nil
	}
	if !slices.Contains(Formats(), ext) {
		return "", fmt.Errorf("%s: the file must end in .svg, .png or .tex (TikZ)", path)
	}
	return ext, nil
}

// Write draws the figure on w in the format: "svg", "png", or "tikz" (a
// standalone document; WriteTikZ writes a bare tikzpicture).
func (f *Figure) Write(w io.Writer, format string) error {
	if format == "tikz" {
		return f.WriteTikZ(w, true)
	}
	c, err := draw.NewFormattedCanvas(f.Width, f.Height, format)
	if err != nil {
		return err
	}
	dc := draw.New(c)
	dc.FillPolygon(color.White, []vg.Point{{X: 0, Y: 0}, {X: f.Width, Y: 0}, {X: f.Width, Y: f.Height}, {X: 0, Y: f.Height}})
	f.paint(dc)
	_, err = c.WriteTo(w)
	return err
}

// Colours, in the muted tones of a printed figure.
var (
	ink       = color.Gray{Y: 0x20}
	faint     = color.Gray{Y: 0x90}
	facetFill = color.NRGBA{R: 0x4a, G: 0x7a, B: 0xb8, A: 0x30}
	changed   = color.NRGBA{R: 0xc0, G: 0x30, B: 0x20, A: 0xff}
	pileFill  = color.NRGBA{R: 0xf2, G: 0xf2, B: 0xf2, A: 0xff}
)

func textStyle(size vg.Length, c color.Color) text.Style {
	return text.Style{
		Color:   c,
		Font:    font.Font{Typeface: "Liberation", Variant: "Sans", Size: size},
		XAlign:  text.XCenter,
		YAlign:  text.YCenter,
		Handler: text.Plain{Fonts: fonts()},
	}
}

// Layout names how piles are placed.
type Layout string

// The layouts: Circular Nim's circle, PathNim's row, and a graph (vertices on
// a circle, facets as shaded polygons) for every other complex.
const (
	Circle Layout = "circle"
	Row    Layout = "row"
	Graph  Layout = "graph"
)

// LayoutOf picks the layout of g from its complex: the cycle complex C_{n,k}
// is drawn on a circle, the path complex in a row, anything else as a graph
// (its facets only: Nim, whose facets are single piles, with no line
// between piles, as no move joins them).
func LayoutOf(g *game.Game) Layout {
	c := g.Complex
	n, k := c.N(), c.Facets()[0].Len()
	if k < 2 {
		return Graph
	}
	if cyc, err := complex.Cycle(n, k); err == nil && k < n && slices.Equal(cyc.Facets(), c.Facets()) {
		return Circle
	}
	if p, err := complex.Path(n, k); err == nil && slices.Equal(p.Facets(), c.Facets()) {
		return Row
	}
	return Graph
}

// MaxPiles is the largest number of piles a figure draws legibly.
const MaxPiles = 40

// place returns the centre of each pile in a square of side size, and the
// radius of a pile's disc.
func place(layout Layout, n int, size vg.Length) ([]vg.Point, vg.Length) {
	pts := make([]vg.Point, n)
	if layout == Row {
		step := size / vg.Length(n+1)
		for i := range pts {
			pts[i] = vg.Point{X: step * vg.Length(i+1), Y: size / 2}
		}
		return pts, min(step*0.36, 26)
	}
	r := size * 0.36
	for i := range pts {
		// Pile 1 at the top, then clockwise, as in the papers' figures.
		a := math.Pi/2 - 2*math.Pi*float64(i)/float64(n)
		pts[i] = vg.Point{X: size/2 + r*vg.Length(math.Cos(a)), Y: size/2 + r*vg.Length(math.Sin(a))}
	}
	return pts, min(r*vg.Length(math.Sin(math.Pi/float64(max(n, 3))))*0.8, 26)
}

// drawStructure draws the complex of g with its piles at pts: the circle or
// row the stacks sit on, or the facets as shaded polygons and edges.
func drawStructure(dc draw.Canvas, g *game.Game, layout Layout, pts []vg.Point) {
	line := draw.LineStyle{Color: faint, Width: vg.Points(1.2)}
	switch layout {
	case Circle:
		closed := append(slices.Clone(pts), pts[0])
		dc.StrokeLines(line, closed)
	case Row:
		dc.StrokeLines(line, pts)
	default:
		for _, f := range g.Complex.Facets() {
			vs := f.Vertices()
			poly := make([]vg.Point, len(vs))
			for i, v := range vs {
				poly[i] = pts[v]
			}
			if len(vs) >= 3 {
				dc.FillPolygon(facetFill, poly)
			}
			if len(vs) >= 2 {
				dc.StrokeLines(line, append(poly, poly[0]))
			}
		}
	}
}

// drawPiles draws each pile as a disc with its height inside and its number
// outside; piles that q changes are drawn in red with "p → q".
func drawPiles(dc draw.Canvas, pts []vg.Point, radius vg.Length, centre vg.Point, p, q game.Position) {
	for i, pt := range pts {
		moved := q != nil && q[i] != p[i]
		var edge color.Color = ink
		if moved {
			edge = changed
		}
		disc := circlePath(pt, radius)
		dc.SetColor(pileFill)
		dc.Fill(disc)
		dc.SetLineStyle(draw.LineStyle{Color: edge, Width: vg.Points(1.5)})
		dc.Stroke(disc)
		var to *int
		if moved {
			to = &q[i]
		}
		label, size := discLabel(p[i], to, radius)
		dc.FillText(textStyle(size, edge), pt, label)
		// The pile's number, outside the disc, away from the centre.
		dx, dy := float64(pt.X-centre.X), float64(pt.Y-centre.Y)
		d := math.Hypot(dx, dy)
		if d == 0 {
			dx, dy, d = 0, 1, 1
		}
		out := radius + 11
		at := vg.Point{X: pt.X + out*vg.Length(dx/d), Y: pt.Y + out*vg.Length(dy/d)}
		dc.FillText(textStyle(9, faint), at, fmt.Sprint(i+1))
	}
}

// discLabel is the label of a pile of height h in a disc of the radius,
// "h→to" when a move changes it to *to (on two lines when that reads
// larger), and its font size: the height written out up to maxWrittenOut,
// else abbreviated (pileNumber; the caption has it exactly), the font
// shrunk until the label fits inside the disc (discFit).
func discLabel(h int, to *int, radius vg.Length) (string, vg.Length) {
	if to == nil {
		label := pileNumber(h)
		return label, discFit(label, min(radius*0.9, 16), radius)
	}
	oneLine := pileNumber(h) + "→" + pileNumber(*to)
	twoLines := pileNumber(h) + "\n→" + pileNumber(*to)
	start := min(radius*0.7, 13)
	one, two := discFit(oneLine, start, radius), discFit(twoLines, start, radius)
	if two > one*1.2 {
		return twoLines, two
	}
	return oneLine, one
}

// discFit shrinks a font size until label fits inside a disc of the radius:
// its box's corners within the disc, less a margin. Below 5 points it is
// shrunk only as far as the box must.
func discFit(label string, size, radius vg.Length) vg.Length {
	fits := func(size vg.Length) bool {
		sty := textStyle(size, ink)
		w, h := float64(sty.Width(label)), float64(sty.Height(label))
		r := float64(radius) * 0.92
		return w*w+h*h <= 4*r*r && (size <= 5 || w <= float64(discWidth(radius, size)))
	}
	for size > 1 && !fits(size) {
		size *= 0.9
	}
	return size
}

// discWidth is the width a line of font size may take in a disc of the
// radius: the chord at the top of its letters, less a margin.
func discWidth(radius, size vg.Length) vg.Length {
	half := float64(size) / 2
	r := float64(radius) * 0.92
	if half >= r {
		return 0
	}
	return vg.Length(2 * math.Sqrt(r*r-half*half))
}

// maxWrittenOut is the largest pile height a disc writes out in full.
const maxWrittenOut = 999999

// pileNumber writes a pile height for a disc: in full up to maxWrittenOut,
// else 2^k or 2^k-1 when it is one, else with two digits, e.g. 9.2e18.
func pileNumber(h int) string {
	switch {
	case h <= maxWrittenOut:
		return strconv.Itoa(h)
	case h&(h-1) == 0:
		return fmt.Sprintf("2^%d", bits.Len(uint(h))-1)
	case h&(h+1) == 0:
		return fmt.Sprintf("2^%d-1", bits.Len(uint(h)))
	}
	e := strconv.FormatFloat(float64(h), 'e', 1, 64) // 9.2e+18
	at := strings.IndexByte(e, 'e')
	exp, _ := strconv.Atoi(e[at+1:])
	return e[:at] + "e" + strconv.Itoa(exp)
}

// fitText shrinks a font size until the label fits a width.
func fitText(label string, size, width vg.Length) vg.Length {
	for size > 5 && textStyle(size, ink).Width(label) > width {
		size *= 0.9
	}
	return size
}

func circlePath(c vg.Point, r vg.Length) vg.Path {
	var p vg.Path
	p.Move(vg.Point{X: c.X + r, Y: c.Y})
	p.Arc(c, r, 0, 2*math.Pi)
	p.Close()
	return p
}

// Position draws p on the structure of g, and with q (not nil) the move from
// p to q: the piles it changes are marked "p_i → q_i". q must be an option of
// p (game.Game.IsMove).
func Position(g *game.Game, p, q game.Position) (*Figure, error) {
	n := g.Piles()
	if n > MaxPiles {
		return nil, fmt.Errorf("%s has %d piles; figures draw at most %d", g.Spec, n, MaxPiles)
	}
	if len(p) != n {
		return nil, fmt.Errorf("position %v has %d piles, %s has %d", p, len(p), g.Spec, n)
	}
	if q != nil && !g.IsMove(p, q) {
		return nil, fmt.Errorf("%v -> %v is not a move of %s", p, q, g.Spec)
	}
	layout := LayoutOf(g)
	const size, titleBand = 420, 44
	width, height := vg.Length(size), vg.Length(size+titleBand)
	if layout == Row {
		height = vg.Length(size/2 + titleBand)
	}
	caption := "position (" + p.String() + ")"
	if q != nil {
		caption = "move (" + p.String() + ") → (" + q.String() + ")"
	}
	return &Figure{Width: width, Height: height, paint: func(dc draw.Canvas) {
		dc.FillText(textStyle(13, ink), vg.Point{X: width / 2, Y: height - 16}, g.Title)
		dc.FillText(textStyle(fitText(caption, 11, width-20), faint), vg.Point{X: width / 2, Y: height - 32}, caption)
		box := vg.Length(size)
		off := vg.Point{}
		if layout == Row {
			off.Y = -box / 4
		}
		pts, radius := place(layout, n, box)
		for i := range pts {
			pts[i] = pts[i].Add(off)
		}
		drawStructure(dc, g, layout, pts)
		drawPiles(dc, pts, radius, vg.Point{X: box / 2, Y: box/2 + off.Y}, p, q)
	}}, nil
}

// MaxListedCircuits bounds the circuits a complex figure lists.
const MaxListedCircuits = 24

// Complex draws the complex of g as a graph with its facets shaded, and lists
// its facets and circuits (those given; nil when they were not computed).
func Complex(g *game.Game, circuits []complex.Set) (*Figure, error) {
	n := g.Piles()
	if n > MaxPiles {
		return nil, fmt.Errorf("%s has %d piles; figures draw at most %d", g.Spec, n, MaxPiles)
	}
	const size, band = 420, 110
	width, height := vg.Length(size), vg.Length(size+band)
	lines := []string{"facets: " + listSets(g.Complex.Facets(), MaxListedCircuits)}
	if circuits != nil {
		lines = append(lines, "circuits: "+listSets(circuits, MaxListedCircuits))
	} else {
		lines = append(lines, "circuits: not computed (too many)")
	}
	return &Figure{Width: width, Height: height, paint: func(dc draw.Canvas) {
		dc.FillText(textStyle(13, ink), vg.Point{X: width / 2, Y: height - 16}, g.Title)
		y := height - 36
		for _, l := range lines {
			for _, part := range wrap(l, 70) {
				dc.FillText(textStyle(10, faint), vg.Point{X: width / 2, Y: y}, part)
				y -= 13
			}
		}
		pts, radius := place(Graph, n, size)
		drawStructure(dc, g, Graph, pts)
		labels := make(game.Position, n)
		for i := range labels {
			labels[i] = i + 1
		}
		radius = min(radius, 14)
		for i, pt := range pts {
			disc := circlePath(pt, radius)
			dc.SetColor(pileFill)
			dc.Fill(disc)
			dc.SetLineStyle(draw.LineStyle{Color: ink, Width: vg.Points(1.2)})
			dc.Stroke(disc)
			dc.FillText(textStyle(min(radius, 11), ink), pt, fmt.Sprint(labels[i]))
		}
	}}, nil
}

// listSets writes sets as {1,2,3}, at most limit of them.
func listSets(sets []complex.Set, limit int) string {
	parts := make([]string, 0, min(len(sets), limit))
	for i, s := range sets {
		if i == limit {
			parts = append(parts, fmt.Sprintf("… %d more", len(sets)-limit))
			break
		}
		parts = append(parts, "{"+strings.ReplaceAll(s.String(), "-", ",")+"}")
	}
	return strings.Join(parts, " ")
}

// wrap cuts a line into lines of at most width runes, at spaces.
func wrap(s string, width int) []string {
	var out []string
	line := ""
	for _, w := range strings.Fields(s) {
		if line != "" && len([]rune(line))+1+len([]rune(w)) > width {
			out = append(out, line)
			line = "   " + w
			continue
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	return append(out, line)
}
