package figure

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"io"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/nimlab/nimlab/latex"
)

// WriteTikZ writes the figure as TikZ: the same drawing as Write's SVG and
// PNG, painted on a canvas that writes TikZ commands instead of SVG
// elements, so that every disc, line and label is where the SVG has it (one
// unit is one PostScript point, bp, as in the SVG). The picture carries its
// colours. standalone wraps it in a document of class standalone that
// pdflatex compiles alone; otherwise it is a bare tikzpicture to \input in
// a document that loads tikz.
func (f *Figure) WriteTikZ(w io.Writer, standalone bool) error {
	c := newTikZCanvas(f.Width, f.Height)
	f.paint(draw.New(c))
	if c.err != nil {
		return c.err
	}
	var b strings.Builder
	if standalone {
		// fix-cm makes the Computer Modern fonts scalable, so that labels
		// take the SVG's sizes.
		b.WriteString("\\RequirePackage{fix-cm}\n\\documentclass{standalone}\n\\usepackage{tikz}\n\\begin{document}\n")
	} else {
		b.WriteString("% needs \\usepackage{tikz}\n")
	}
	fmt.Fprintf(&b, "\\begin{tikzpicture}[x=1bp, y=1bp]\n")
	for _, name := range c.order {
		hex := c.colours[name]
		fmt.Fprintf(&b, "\\definecolor{%s}{HTML}{%s}\n", name, hex)
	}
	fmt.Fprintf(&b, "\\useasboundingbox (0,0) rectangle (%s,%s);\n", num(f.Width.Points()), num(f.Height.Points()))
	b.WriteString(c.body.String())
	b.WriteString("\\end{tikzpicture}\n")
	if standalone {
		b.WriteString("\\end{document}\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// colourNames name the figures' colours in TikZ; others are named by their
// hex value.
var colourNames = map[color.Color]string{
	ink: "nimlabink", faint: "nimlabfaint", facetFill: "nimlabfacet", changed: "nimlabchanged", pileFill: "nimlabpile",
}

// affine is the transform x' = a*x + c*y + e, y' = b*x + d*y + f.
type affine struct{ a, b, c, d, e, f float64 }

func (m affine) apply(p vg.Point) (float64, float64) {
	x, y := p.X.Points(), p.Y.Points()
	return m.a*x + m.c*y + m.e, m.b*x + m.d*y + m.f
}

// then returns the transform that applies n first, then m.
func (m affine) then(n affine) affine {
	return affine{
		a: m.a*n.a + m.c*n.b, b: m.b*n.a + m.d*n.b,
		c: m.a*n.c + m.c*n.d, d: m.b*n.c + m.d*n.d,
		e: m.a*n.e + m.c*n.f + m.e, f: m.b*n.e + m.d*n.f + m.f,
	}
}

// scale is the factor the transform scales lengths by (uniform scaling
// assumed), and angle its rotation in degrees.
func (m affine) scale() float64 { return math.Sqrt(math.Abs(m.a*m.d - m.b*m.c)) }
func (m affine) angle() float64 { return math.Atan2(m.b, m.a) * 180 / math.Pi }

type tikzState struct {
	colour     color.Color
	width      vg.Length
	dash       []vg.Length
	dashOffset vg.Length
	m          affine
}

// tikzCanvas is a vg.Canvas that writes TikZ commands, one a line, in
// absolute coordinates.
type tikzCanvas struct {
	w, h    vg.Length
	body    strings.Builder
	colours map[string]string // name -> hex
	order   []string
	state   tikzState
	stack   []tikzState
	err     error
}

func newTikZCanvas(w, h vg.Length) *tikzCanvas {
	return &tikzCanvas{w: w, h: h, colours: map[string]string{}, state: tikzState{colour: color.Black, width: 1, m: affine{a: 1, d: 1}}}
}

// Size is the figure's size.
func (c *tikzCanvas) Size() (vg.Length, vg.Length) { return c.w, c.h }

func (c *tikzCanvas) SetLineWidth(w vg.Length) { c.state.width = w }
func (c *tikzCanvas) SetLineDash(pattern []vg.Length, offset vg.Length) {
	c.state.dash, c.state.dashOffset = append([]vg.Length(nil), pattern...), offset
}
func (c *tikzCanvas) SetColor(col color.Color) {
	if col == nil {
		col = color.Black
	}
	c.state.colour = col
}
func (c *tikzCanvas) Rotate(rad float64) {
	s, co := math.Sincos(rad)
	c.state.m = c.state.m.then(affine{a: co, b: s, c: -s, d: co})
}
func (c *tikzCanvas) Translate(pt vg.Point) {
	c.state.m = c.state.m.then(affine{a: 1, d: 1, e: pt.X.Points(), f: pt.Y.Points()})
}
func (c *tikzCanvas) Scale(x, y float64) { c.state.m = c.state.m.then(affine{a: x, d: y}) }
func (c *tikzCanvas) Push() {
	s := c.state
	s.dash = append([]vg.Length(nil), s.dash...)
	c.stack = append(c.stack, s)
}
func (c *tikzCanvas) Pop() {
	if len(c.stack) == 0 {
		return
	}
	c.state = c.stack[len(c.stack)-1]
	c.stack = c.stack[:len(c.stack)-1]
}

// colour names the colour, defining it at its first use, and returns its
// opacity (1 when opaque).
func (c *tikzCanvas) colour(col color.Color) (string, float64) {
	n := color.NRGBAModel.Convert(col).(color.NRGBA)
	hex := fmt.Sprintf("%02X%02X%02X", n.R, n.G, n.B)
	name, ok := colourNames[col]
	if !ok {
		name = "nimlab" + hex
	}
	if _, seen := c.colours[name]; !seen {
		c.colours[name] = hex
		c.order = append(c.order, name)
	}
	return name, float64(n.A) / 255
}

func (c *tikzCanvas) Stroke(p vg.Path) {
	if c.state.width <= 0 || len(p) == 0 {
		return
	}
	name, alpha := c.colour(c.state.colour)
	opts := []string{name, "line width=" + num(c.state.width.Points()*c.state.m.scale()) + "bp"}
	if alpha < 1 {
		opts = append(opts, "draw opacity="+num(alpha))
	}
	if len(c.state.dash) > 0 {
		var parts []string
		for i, d := range c.state.dash {
			kind := "on"
			if i%2 == 1 {
				kind = "off"
			}
			parts = append(parts, kind+" "+num(d.Points())+"bp")
		}
		opts = append(opts, "dash pattern="+strings.Join(parts, " "), "dash phase="+num(c.state.dashOffset.Points())+"bp")
	}
	fmt.Fprintf(&c.body, "\\draw[%s] %s;\n", strings.Join(opts, ", "), c.path(p))
}

func (c *tikzCanvas) Fill(p vg.Path) {
	if len(p) == 0 {
		return
	}
	name, alpha := c.colour(c.state.colour)
	opts := name
	if alpha < 1 {
		opts += ", fill opacity=" + num(alpha)
	}
	fmt.Fprintf(&c.body, "\\fill[%s] %s;\n", opts, c.path(p))
}

// path writes p in TikZ's path syntax; a whole circle is "(x,y)
// circle[radius=r]".
func (c *tikzCanvas) path(p vg.Path) string {
	m := c.state.m
	pt := func(q vg.Point) string {
		x, y := m.apply(q)
		return "(" + num(x) + "," + num(y) + ")"
	}
	if len(p) >= 2 && len(p) <= 3 && p[0].Type == vg.MoveComp && p[1].Type == vg.ArcComp && math.Abs(p[1].Angle) >= 2*math.Pi &&
		(len(p) == 2 || p[2].Type == vg.CloseComp) {
		return pt(p[1].Pos) + " circle[radius=" + num(p[1].Radius.Points()*m.scale()) + "]"
	}
	var parts []string
	var cur vg.Point
	for _, comp := range p {
		switch comp.Type {
		case vg.MoveComp:
			parts = append(parts, pt(comp.Pos))
			cur = comp.Pos
		case vg.LineComp:
			parts = append(parts, "-- "+pt(comp.Pos))
			cur = comp.Pos
		case vg.ArcComp:
			s, co := math.Sincos(comp.Start)
			start := vg.Point{X: comp.Pos.X + comp.Radius*vg.Length(co), Y: comp.Pos.Y + comp.Radius*vg.Length(s)}
			if len(parts) == 0 {
				parts = append(parts, pt(start))
			} else if math.Hypot(float64(start.X-cur.X), float64(start.Y-cur.Y)) > 1e-9 {
				parts = append(parts, "-- "+pt(start))
			}
			from := comp.Start*180/math.Pi + m.angle()
			parts = append(parts, fmt.Sprintf("arc[start angle=%s, delta angle=%s, radius=%s]",
				num(from), num(comp.Angle*180/math.Pi), num(comp.Radius.Points()*m.scale())))
			e, ec := math.Sincos(comp.Start + comp.Angle)
			cur = vg.Point{X: comp.Pos.X + comp.Radius*vg.Length(ec), Y: comp.Pos.Y + comp.Radius*vg.Length(e)}
		case vg.CurveComp:
			ctrl := comp.Control
			if len(ctrl) == 1 { // a quadratic curve as a cubic one
				q := ctrl[0]
				ctrl = []vg.Point{cur.Add(q.Sub(cur).Scale(2.0 / 3)), comp.Pos.Add(q.Sub(comp.Pos).Scale(2.0 / 3))}
			}
			parts = append(parts, ".. controls "+pt(ctrl[0])+" and "+pt(ctrl[1])+" .. "+pt(comp.Pos))
			cur = comp.Pos
		case vg.CloseComp:
			parts = append(parts, "-- cycle")
		}
	}
	return strings.Join(parts, " ")
}

// FillString writes a label as a node whose baseline's middle is the
// middle of the text as the SVG lays it out: the figures centre their
// labels, so that a label in LaTeX's font stays centred where the SVG's is.
func (c *tikzCanvas) FillString(f font.Face, pt vg.Point, text string) {
	if f.Font.Size <= 0 {
		return
	}
	mid := vg.Point{X: pt.X + f.Width(text)/2, Y: pt.Y}
	x, y := c.state.m.apply(mid)
	name, alpha := c.colour(c.state.colour)
	size := f.Font.Size.Points() * c.state.m.scale()
	opts := []string{"anchor=base", "inner sep=0", "text=" + name,
		`font=\sffamily\fontsize{` + num(size) + `}{` + num(size*1.2) + `}\selectfont`}
	if alpha < 1 {
		opts = append(opts, "text opacity="+num(alpha))
	}
	if a := c.state.m.angle(); math.Abs(a) > 1e-9 {
		opts = append(opts, "rotate="+num(a))
	}
	fmt.Fprintf(&c.body, "\\node[%s] at (%s,%s) {%s};\n", strings.Join(opts, ", "), num(x), num(y), latex.Escape(text))
}

// errTikZImage is the error of a figure that draws a raster image, which
// TikZ output does not hold.
var errTikZImage = errors.New("the figure holds a raster image, which TikZ output cannot: write .svg or .png")

func (c *tikzCanvas) DrawImage(vg.Rectangle, image.Image) {
	if c.err == nil {
		c.err = errTikZImage
	}
}

// num writes a coordinate with at most two decimals, without trailing
// zeros.
func num(v float64) string {
	s := strconv.FormatFloat(math.Round(v*100)/100, 'f', 2, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" {
		s = "0"
	}
	return s
}
