package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// sliceFigure is what a test reads of a slice figure in the page.
type sliceFigure struct {
	Width, Right, Viewport float64 // the plot's width and right edge, the window's width
	Cell                   float64 // a cell's width
	XTicks, YTicks         []string
	XName, YName           string
	Legend                 string
	Min, Max               string // the colour bar's ends, when it has one
	Options, Sliders       []string
}

// readSliceJS, called with a selector, reads the slice figure inside it.
const readSliceJS = `((sel) => {
  const f = document.querySelector(sel), plot = f.querySelector(".slice-plot"), r = plot.getBoundingClientRect();
  const texts = (q) => [...f.querySelectorAll(q)].map((e) => e.textContent).filter((s) => s !== "");
  const one = (q) => { const e = f.querySelector(q); return e ? e.textContent : ""; };
  return {
    Width: r.width, Right: r.right, Viewport: document.documentElement.clientWidth,
    Cell: f.querySelector(".cell").getBoundingClientRect().width,
    XTicks: texts(".tick.x"), YTicks: texts(".tick.y"), XName: one(".axis-name.x"), YName: one(".axis-name.y"),
    Legend: one(".slice-legend"), Min: one(".colour-ends .min"), Max: one(".colour-ends .max"),
    Options: [...document.querySelectorAll("#axis-x option")].map((o) => o.textContent),
    Sliders: [...document.querySelectorAll("#sliders label")].map((l) => l.firstChild.textContent.trim()),
  };
})`

// TestLabSliceFigure: the Explore slice is a figure that fills its column
// at 1280 px (cells of up to about 40 px), with the pile sizes as ticks on
// both axes, the piles named on the axes, the dropdowns and the sliders
// alike ("a (p1)"), and a legend: a colour bar from the least to the
// greatest value for Grundy values, P and N for outcomes. At 390 px it fits
// the screen.
func TestLabSliceFigure(t *testing.T) {
	ctx, url := browser(t)
	var grundy, outcome, narrow sliceFigure
	read := func(into *sliceFigure) chromedp.Action {
		return chromedp.Evaluate(readSliceJS+`("#slice")`, into)
	}
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/#explore?game=cn:6,3&max=15&grundy=1&axes=1,2&fix=3=2,4=0,5=0,6=1"),
		chromedp.Poll(`document.querySelectorAll("#slice .cell").length === 256`, nil),
		read(&grundy),
		chromedp.SetValue("#value", "outcome", chromedp.ByID),
		chromedp.Evaluate(`document.getElementById("value").dispatchEvent(new Event("change"))`, nil),
		chromedp.Poll(`document.querySelector("#slice .swatch.p") !== null`, nil),
		read(&outcome),
		chromedp.EmulateViewport(390, 844),
		chromedp.Poll(`document.documentElement.clientWidth <= 400`, nil),
		read(&narrow),
	)
	if err != nil {
		t.Fatal(err)
	}
	if grundy.Width < 600 || grundy.Cell < 30 || grundy.Cell > 42 {
		t.Errorf("at 1280 px the slice of 16 by 16 cells is %.0f px wide, its cells %.1f px; want at least 600 px, cells of 30 to 42 px", grundy.Width, grundy.Cell)
	}
	var across []string
	for v := range 16 {
		across = append(across, fmt.Sprint(v))
	}
	up := slices.Clone(across)
	slices.Reverse(up)
	if !slices.Equal(grundy.XTicks, across) || !slices.Equal(grundy.YTicks, up) {
		t.Errorf("ticks across %q and up %q; want 0..15 on each", grundy.XTicks, grundy.YTicks)
	}
	if !strings.Contains(grundy.XName, "a (p1)") || !strings.Contains(grundy.YName, "b (p2)") {
		t.Errorf("the axes are named %q and %q; want a (p1) across and b (p2) up", grundy.XName, grundy.YName)
	}
	if !slices.Equal(grundy.Options, []string{"a (p1)", "b (p2)", "c (p3)", "d (p4)", "e (p5)", "f (p6)"}) ||
		!slices.Equal(grundy.Sliders, []string{"c (p3)", "d (p4)", "e (p5)", "f (p6)"}) {
		t.Errorf("the dropdowns name the piles %q and the sliders %q; want a (p1)... for both", grundy.Options, grundy.Sliders)
	}
	// The colour bar runs from the least to the greatest Grundy value of the
	// slice the server answers.
	_, _, body := get(t, url+"/api/slice?game=cn:6,3&max=15&axes=1,2&fix=3=2,4=0,5=0,6=1&value=grundy")
	var s struct{ Cells []int }
	if err := json.Unmarshal(body, &s); err != nil || len(s.Cells) != 256 {
		t.Fatalf("/api/slice: %v, %s", err, body)
	}
	if grundy.Min != fmt.Sprint(slices.Min(s.Cells)) || grundy.Max != fmt.Sprint(slices.Max(s.Cells)) {
		t.Errorf("the colour bar runs from %q to %q; the slice's values from %d to %d", grundy.Min, grundy.Max, slices.Min(s.Cells), slices.Max(s.Cells))
	}
	if !strings.Contains(grundy.Legend, "P-position") || !strings.Contains(outcome.Legend, "P-position") || !strings.Contains(outcome.Legend, "N-position") || outcome.Max != "" {
		t.Errorf("legends %q (Grundy) and %q (outcome); want the P-positions marked, and P and N for outcomes", grundy.Legend, outcome.Legend)
	}
	if narrow.Right > narrow.Viewport || narrow.Width < 250 {
		t.Errorf("at 390 px the slice is %.0f px wide and ends at %.0f px, in a window of %.0f px", narrow.Width, narrow.Right, narrow.Viewport)
	}
}
