package figure

import (
	"bytes"
	"encoding/xml"
	"flag"
	"fmt"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/nimlab/nimlab/game"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// structure summarizes an SVG: one line per element, its name and, for
// text, its content; for paths, whether they are filled or stroked and in
// which colour. Coordinates are left out: the test is about what is drawn.
func structure(t *testing.T, svg []byte) string {
	t.Helper()
	var b strings.Builder
	d := xml.NewDecoder(bytes.NewReader(svg))
	var inText bool
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			fmt.Fprintf(&b, "%s", e.Name.Local)
			for _, a := range e.Attr {
				if a.Name.Local == "style" && e.Name.Local == "path" {
					for _, part := range strings.Split(a.Value, ";") {
						if strings.HasPrefix(part, "fill:") || strings.HasPrefix(part, "stroke:") {
							fmt.Fprintf(&b, " %s", part)
						}
					}
				}
			}
			inText = e.Name.Local == "text"
			if !inText {
				b.WriteByte('\n')
			}
		case xml.CharData:
			if inText {
				fmt.Fprintf(&b, " %q\n", string(e))
				inText = false
			}
		}
	}
	return b.String()
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./figure -update to write it)", err)
	}
	if got != string(want) {
		t.Errorf("%s: the SVG's structure changed (go test ./figure -update rewrites the golden file after a deliberate change):\n%s", name, got)
	}
}

func TestGoldenSVG(t *testing.T) {
	for i, tt := range goldenFigures {
		f := goldenFigure(t, i)
		var svg, img bytes.Buffer
		if err := f.Write(&svg, "svg"); err != nil {
			t.Fatal(err)
		}
		golden(t, tt.name, structure(t, svg.Bytes()))
		if err := f.Write(&img, "png"); err != nil {
			t.Fatal(err)
		}
		if _, err := png.Decode(&img); err != nil {
			t.Errorf("%s: the PNG does not decode: %v", tt.name, err)
		}
	}
}

func TestLayouts(t *testing.T) {
	// Nim (cn:n,1, path:n,1): single piles, no line joining them.
	for spec, want := range map[string]Layout{"cn:8,3": Circle, "cn:6,5": Circle, "path:6,2": Row, "moore:4,2": Graph, "complex:1-2,2-3,3-1": Circle,
		"nim:3": Graph, "cn:5,1": Graph, "path:4,1": Graph} {
		g, _ := game.Parse(spec)
		if got := LayoutOf(g); got != want {
			t.Errorf("%s: layout %s, want %s", spec, got, want)
		}
	}
}

func TestPositionRefuses(t *testing.T) {
	g, _ := game.Parse("cn:5,2")
	if _, err := Position(g, game.Position{1, 2, 3, 4, 5}, game.Position{0, 2, 0, 4, 5}); err == nil {
		t.Error("a move on two stacks that are not adjacent was drawn")
	}
	if _, err := Position(g, game.Position{1, 2, 3}, nil); err == nil {
		t.Error("a position with too few piles was drawn")
	}
	if _, err := FormatOf("figure.pdf"); err == nil {
		t.Error("a .pdf accepted")
	}
}

func ExamplePosition() {
	g, _ := game.Parse("cn:8,3")
	p, _ := g.ParsePosition("3,1,4,1,5,9,2,6")
	f, _ := Position(g, p, nil)
	var svg bytes.Buffer
	f.Write(&svg, "svg")
	fmt.Println(strings.Contains(svg.String(), "Circular Nim CN(8,3)"))
	// Output: true
}

func TestText(t *testing.T) {
	g, _ := game.Parse("cn:8,3")
	text := Text(g, game.Position{3, 1, 4, 1, 5, 9, 2, 6})
	for i, want := range []string{"1:3", "2:1", "3:4", "4:1", "5:5", "6:9", "7:2", "8:6"} {
		if strings.Count(text, want) != 1 {
			t.Errorf("pile %d (%q) is not drawn once:\n%s", i+1, want, text)
		}
	}
	if lines := strings.Count(text, "\n"); lines < 5 {
		t.Errorf("a circle of %d lines:\n%s", lines, text)
	}
	top := strings.SplitN(text, "\n", 2)[0]
	if !strings.Contains(top, "1:3") {
		t.Errorf("pile 1 is not at the top:\n%s", text)
	}
	p, _ := game.Parse("path:3,2")
	if got := Text(p, game.Position{1, 2, 3}); got != "1:1 - 2:2 - 3:3\n" {
		t.Errorf("path: %q", got)
	}
}

// TestCircleTextFits draws every pile count a terminal circle takes with
// piles small, huge and mixed: no label may fall outside the grid or
// overwrite another, and pile 1 is on the top line.
func TestCircleTextFits(t *testing.T) {
	const huge = 1<<63 - 1
	values := map[string]func(i int) int{
		"zeros":     func(int) int { return 0 },
		"small":     func(i int) int { return i % 10 },
		"huge":      func(int) int { return huge },
		"one huge":  func(i int) int { return map[bool]int{true: huge, false: 1}[i == 0] },
		"last huge": func(i int) int { return map[bool]int{true: huge, false: i}[i%3 == 2] },
		"growing":   func(i int) int { return 1 << (3 * i % 63) },
	}
	for n := 1; n <= 24; n++ {
		for name, value := range values {
			labels := make([]string, n)
			for i := range labels {
				labels[i] = fmt.Sprintf("%d:%d", i+1, value(i))
			}
			var text string
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Fatalf("%d piles, %s: panic %v", n, name, r)
					}
				}()
				text = circleText(labels)
			}()
			for _, l := range labels {
				found := false
				for _, f := range strings.Fields(text) {
					found = found || f == l
				}
				if !found {
					t.Errorf("%d piles, %s: %q is not drawn whole:\n%s", n, name, l, text)
				}
			}
			if top := strings.Fields(strings.SplitN(text, "\n", 2)[0]); !slices.Contains(top, labels[0]) {
				t.Errorf("%d piles, %s: pile 1 is not on the top line:\n%s", n, name, text)
			}
		}
	}
}

// TestDiscLabel: a pile's label fits inside its disc, however large the pile
// (up to 2^63-1), at a readable size, and is abbreviated past six digits.
func TestDiscLabel(t *testing.T) {
	huge := math.MaxInt64
	for _, tt := range []struct{ h, want string }{
		{"7", "7"}, {"999999", "999999"}, {"1234567", "1.2e6"}, {"1048576", "2^20"},
		{"9223372036854775807", "2^63-1"}, {"9223372036854775806", "9.2e18"},
	} {
		h, _ := strconv.Atoi(tt.h)
		if got := pileNumber(h); got != tt.want {
			t.Errorf("pileNumber(%s) = %q, want %q", tt.h, got, tt.want)
		}
	}
	for _, n := range []int{3, 6, 12, MaxPiles} {
		_, radius := place(Circle, n, 420)
		zero, below := 0, huge-1
		for _, tt := range []struct {
			h  int
			to *int
		}{{5, nil}, {999999, nil}, {huge, nil}, {huge - 1, nil}, {huge, &zero}, {huge, &below}, {999999, &below}} {
			label, size := discLabel(tt.h, tt.to, radius)
			sty := textStyle(size, ink)
			w, h := sty.Width(label), sty.Height(label)
			if math.Hypot(float64(w), float64(h)) > 2*float64(radius) {
				t.Errorf("%d piles, radius %v: %q at %v pt is %v by %v, outside its disc", n, radius, label, size, w, h)
			}
			if n <= 6 && size < 7 {
				t.Errorf("%d piles, radius %v: %q at %v pt, too small to read", n, radius, label, size)
			}
		}
	}
}
