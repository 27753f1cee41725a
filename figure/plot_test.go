//go:build !js

package figure

import (
	"bytes"
	"fmt"
	"image/color"
	"image/png"
	"testing"

	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
)

func TestGoldenSlice(t *testing.T) {
	for _, value := range []string{"outcome", "grundy"} {
		g, _ := game.Parse("nim:3")
		tab, err := solve.Table(t.Context(), g, table.Uniform(3, 3), solve.Options{Grundy: true})
		if err != nil {
			t.Fatal(err)
		}
		s, err := tab.Slice(0, 1, game.Position{0, 0, 2}, value)
		if err != nil {
			t.Fatal(err)
		}
		f, err := Slice(g, s)
		if err != nil {
			t.Fatal(err)
		}
		var svg, img bytes.Buffer
		if err := f.Write(&svg, "svg"); err != nil {
			t.Fatal(err)
		}
		golden(t, "nim3-slice-"+value, structure(t, svg.Bytes()))
		if err := f.Write(&img, "png"); err != nil {
			t.Fatal(err)
		}
		if _, err := png.Decode(&img); err != nil {
			t.Errorf("%s: the PNG does not decode: %v", value, err)
		}
	}
}

func TestPileTicks(t *testing.T) {
	for _, tt := range []struct {
		hi   float64
		step int
	}{{3.5, 1}, {20.5, 2}, {40.5, 5}, {63.5, 10}, {150.5, 20}, {400.5, 50}} {
		var labels []string
		for _, tick := range (pileTicks{}).Ticks(-0.5, tt.hi) {
			if tick.Label != "" {
				labels = append(labels, tick.Label)
			}
		}
		if labels[1] != fmt.Sprint(tt.step) || len(labels) > 11 {
			t.Errorf("ticks up to %v: labels %v, want a step of %d", tt.hi, labels, tt.step)
		}
	}
}

// TestSliceLegend: the legend lies in its strip below the plot, clear of the
// cells, and every swatch of the outcome legend shows on the white page.
func TestSliceLegend(t *testing.T) {
	g, _ := game.Parse("cn:6,3")
	tab, err := solve.Table(t.Context(), g, table.Uniform(6, 15), solve.Options{Grundy: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, value := range []string{"outcome", "grundy"} {
		s, err := tab.Slice(0, 3, game.Position{0, 2, 3, 0, 4, 1}, value)
		if err != nil {
			t.Fatal(err)
		}
		f, parts, err := slicePlot(g, s)
		if err != nil {
			t.Fatal(err)
		}
		dc := draw.New(vgimg.New(f.Width, f.Height))
		main, strip, _ := parts.layout.canvases(dc)
		data := parts.plot.DataCanvas(main).Rectangle
		box := parts.legend.Rectangle(strip)
		if box.Size().Y <= 0 || box.Min.Y < strip.Min.Y || box.Max.Y > strip.Max.Y {
			t.Errorf("%s: the legend %v is not within its strip %v", value, box, strip.Rectangle)
		}
		if box.Max.Y > data.Min.Y {
			t.Errorf("%s: the legend %v overlaps the plot area %v", value, box, data)
		}
		if box.Min.Y < dc.Min.Y {
			t.Errorf("%s: the legend %v leaves the figure %v", value, box, dc.Rectangle)
		}
	}
	for _, sw := range []swatch{pSwatch, nSwatch} {
		if contrast(sw.fill, color.White) < 0x40 && contrast(sw.edge, color.White) < 0x40 {
			t.Errorf("the swatch %v does not show on white", sw)
		}
	}
}

// contrast is the largest difference of two colours in a channel, 0..0xff.
func contrast(a, b color.Color) uint32 {
	r1, g1, b1, _ := a.RGBA()
	r2, g2, b2, _ := b.RGBA()
	d := func(x, y uint32) uint32 {
		if x > y {
			return (x - y) >> 8
		}
		return (y - x) >> 8
	}
	return max(d(r1, r2), d(g1, g2), d(b1, b2))
}
