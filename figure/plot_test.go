//go:build !js

package figure

import (
	"bytes"
	"fmt"
	"image/png"
	"testing"

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
