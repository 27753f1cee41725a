package figure

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/recorder"

	"github.com/nimlab/nimlab/game"
)

// goldenFigures are the figures of the golden tests: a position, a move, a
// row, a move on a complex and a complex.
var goldenFigures = []struct {
	name, spec, p, q string
	complex          bool
}{
	{"cn83-position", "cn:8,3", "3,1,4,1,5,9,2,6", "", false},
	{"cn83-move", "cn:8,3", "3,1,4,1,5,9,2,6", "3,1,4,1,0,0,0,6", false},
	{"path62", "path:6,2", "1,2,3,4,5,6", "1,2,0,0,5,6", false},
	{"example33-move", "complex:1-2-3,2-3-4,3-4-5,1-5", "1,2,3,4,5", "1,0,0,4,5", false},
	{"example33-complex", "complex:1-2-3,2-3-4,3-4-5,1-5", "", "", true},
}

func goldenFigure(t *testing.T, i int) *Figure {
	t.Helper()
	tt := goldenFigures[i]
	g, err := game.Parse(tt.spec)
	if err != nil {
		t.Fatal(err)
	}
	var f *Figure
	if tt.complex {
		circuits, _ := g.Complex.Circuits(t.Context())
		f, err = Complex(g, circuits)
	} else {
		p, _ := g.ParsePosition(tt.p)
		var q game.Position
		if tt.q != "" {
			q, _ = g.ParsePosition(tt.q)
		}
		f, err = Position(g, p, q)
	}
	if err != nil {
		t.Fatal(err)
	}
	return f
}

var (
	coordRE  = regexp.MustCompile(`\(-?[0-9.]+,-?[0-9.]+\)`)
	radiusRE = regexp.MustCompile(`radius=[0-9.]+`)
)

// tikzStructure summarizes TikZ output: each line with its coordinates and
// radii left out, as structure does for SVG.
func tikzStructure(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		text := ""
		if strings.HasPrefix(l, `\node`) {
			j := strings.Index(l, ") {")
			l, text = l[:j+1], l[j+1:]
		}
		lines[i] = radiusRE.ReplaceAllString(coordRE.ReplaceAllString(l, "(x,y)"), "radius=r") + text
	}
	return strings.Join(lines, "\n")
}

// TestGoldenTikZ checks the TikZ of each golden figure, standalone and
// bare: its commands, colours, options and labels.
func TestGoldenTikZ(t *testing.T) {
	for i, tt := range goldenFigures {
		f := goldenFigure(t, i)
		var standalone, bare bytes.Buffer
		if err := f.Write(&standalone, "tikz"); err != nil {
			t.Fatal(err)
		}
		if err := f.WriteTikZ(&bare, false); err != nil {
			t.Fatal(err)
		}
		golden(t, tt.name+"-tikz", tikzStructure(standalone.String()))
		s := standalone.String()
		if !strings.HasPrefix(s, "\\RequirePackage{fix-cm}\n\\documentclass{standalone}\n\\usepackage{tikz}\n\\begin{document}\n\\begin{tikzpicture}[x=1bp, y=1bp]\n") ||
			!strings.HasSuffix(s, "\\end{tikzpicture}\n\\end{document}\n") {
			t.Errorf("%s: not a standalone document:\n%s", tt.name, s)
		}
		body := strings.TrimPrefix(s, "\\RequirePackage{fix-cm}\n\\documentclass{standalone}\n\\usepackage{tikz}\n\\begin{document}\n")
		if want := "% needs \\usepackage{tikz}\n" + strings.TrimSuffix(body, "\\end{document}\n"); bare.String() != want {
			t.Errorf("%s: the bare picture is not the standalone one's:\n%s", tt.name, bare.String())
		}
		if !strings.Contains(s, fmt.Sprintf("\\useasboundingbox (0,0) rectangle (%s,%s);", num(f.Width.Points()), num(f.Height.Points()))) {
			t.Errorf("%s: the bounding box is not the SVG's size", tt.name)
		}
	}
}

// sized gives the recorder the figure's size.
type sized struct {
	*recorder.Canvas
	w, h vg.Length
}

func (s sized) Size() (vg.Length, vg.Length) { return s.w, s.h }

// TestTikZSameGeometry paints each golden figure on a recorder, as the SVG
// and PNG canvases are painted, and checks that the TikZ has the same
// drawing in the same places: each fill and stroke in order at the same
// first point (a disc at the same centre and radius), each label with the
// same text centred at the same point.
func TestTikZSameGeometry(t *testing.T) {
	for i, tt := range goldenFigures {
		f := goldenFigure(t, i)
		rec := sized{&recorder.Canvas{}, f.Width, f.Height}
		f.paint(draw.New(rec))
		var want []string
		for _, a := range rec.Actions {
			switch a := a.(type) {
			case *recorder.Fill:
				want = append(want, "fill "+firstPoint(a.Path))
			case *recorder.Stroke:
				want = append(want, "draw "+firstPoint(a.Path))
			case *recorder.FillString:
				face := font.DefaultCache.Lookup(a.Font, a.Size)
				want = append(want, fmt.Sprintf("node (%s,%s) %s", num((a.Point.X+face.Width(a.String)/2).Points()), num(a.Point.Y.Points()), a.String))
			}
		}
		var b bytes.Buffer
		if err := f.WriteTikZ(&b, false); err != nil {
			t.Fatal(err)
		}
		var got []string
		nodeRE := regexp.MustCompile(`^\\node\[[^]]*\] at (\([^)]*\)) \{(.*)\};$`)
		for _, l := range strings.Split(b.String(), "\n") {
			switch {
			case strings.HasPrefix(l, `\fill[`), strings.HasPrefix(l, `\draw[`):
				kind := l[1:5]
				_, rest, _ := strings.Cut(l, "] ")
				p, _, _ := strings.Cut(rest, " ")
				if strings.Contains(rest, " circle[") {
					p += " r=" + strings.TrimSuffix(strings.TrimPrefix(rest[strings.Index(rest, "radius="):], "radius="), "];")
				}
				got = append(got, kind+" "+p)
			case strings.HasPrefix(l, `\node`):
				m := nodeRE.FindStringSubmatch(l)
				if m == nil {
					t.Fatalf("%s: a node line %q", tt.name, l)
				}
				got = append(got, "node "+m[1]+" "+unescape(m[2]))
			}
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: the TikZ is not the recorded drawing:\n%s\nwant\n%s", tt.name, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// firstPoint is where a path starts, or a whole circle's centre and radius
// as TikZ writes them.
func firstPoint(p vg.Path) string {
	if len(p) >= 2 && p[1].Type == vg.ArcComp && p[1].Angle >= 6.28 {
		return fmt.Sprintf("(%s,%s) r=%s", num(p[1].Pos.X.Points()), num(p[1].Pos.Y.Points()), num(p[1].Radius.Points()))
	}
	return fmt.Sprintf("(%s,%s)", num(p[0].Pos.X.Points()), num(p[0].Pos.Y.Points()))
}

// unescape undoes latex.Escape for the labels of the figures.
func unescape(s string) string {
	return strings.NewReplacer(`\ensuremath{\rightarrow}`, "→", `\{`, "{", `\}`, "}").Replace(s)
}

func TestTikZRefusesImages(t *testing.T) {
	c := newTikZCanvas(10, 10)
	c.DrawImage(vg.Rectangle{}, nil)
	if c.err == nil {
		t.Error("an image was taken")
	}
	for v, want := range map[float64]string{1: "1", 1.006: "1.01", 210.004: "210", -0.001: "0", 12.5: "12.5"} {
		if got := num(v); got != want {
			t.Errorf("num(%v) = %q, want %q", v, got, want)
		}
	}
}
