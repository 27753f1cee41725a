package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

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

// TestLabFrontierTable: at 1280 by 900 px the Frontier page shows many
// games at once: a long cell (the regions, a description, a proof) is
// folded to one line until clicked, and the table fits the window. A proof
// by reduction says so beside its folded proof. A description exact on the
// box it was learned on and not beyond is said so, shown, and counted
// apart. The page is served a frontier table whose CN(6,4) row has a proof
// by reduction and whose NIM(5,4) row is not exact beyond its box.
func TestLabFrontierTable(t *testing.T) {
	const reduction = "b == 0 to CN(5,4) by dropping b"
	inner := newServer("", serverLimits{maxPositions: 50_000_000, timeout: time.Minute}).handler()
	ctx, url := browserOn(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/frontier" {
			inner.ServeHTTP(w, r)
			return
		}
		rec := httptest.NewRecorder()
		inner.ServeHTTP(rec, r)
		var table map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &table); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		for _, row := range table["rows"].([]any) {
			switch row := row.(map[string]any); row["game"] {
			case "cn:6,4":
				row["proof"].(map[string]any)["reduction"] = reduction
			case "slow:5,4":
				row["status"], row["learned_exact"], row["exact"], row["learned_max"], row["verified_max"], row["expr"] =
					"not_exact_beyond_box", true, false, 6, 9, "a == b"
			}
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(table)
	}))
	type cell struct {
		Height, Right, Viewport  float64
		Folded, Open             bool
		Shown                    int // the rows whose top is within the window
		Reduction                string
		ReductionHeight          float64
		BeyondStatus, BeyondDesc string // NIM(5,4)'s status and description
		Count                    string // the line that counts the statuses
	}
	const readJS = `(() => {
	  const row = [...document.querySelectorAll("#frontier tbody tr")].find((tr) => tr.querySelector("a").title === "cn:6,4");
	  const td = row.querySelector("td.regions"), d = td.querySelector("details"), red = row.querySelector("td.proof .reduction");
	  return { Height: d ? d.getBoundingClientRect().height : td.getBoundingClientRect().height, Right: document.getElementById("frontier").getBoundingClientRect().right,
	    Viewport: document.documentElement.clientWidth, Folded: d !== null, Open: d !== null && d.open,
	    Shown: [...document.querySelectorAll("#frontier tbody tr")].filter((tr) => tr.getBoundingClientRect().top < window.innerHeight).length,
	    Reduction: red ? red.textContent : "", ReductionHeight: red ? red.getBoundingClientRect().height : 0,
	    ...(() => { const b = [...document.querySelectorAll("#frontier tbody tr")].find((tr) => tr.querySelector("a").title === "slow:5,4");
	      return { BeyondStatus: b.querySelector("td.status").textContent, BeyondDesc: b.querySelector("td.description").textContent }; })(),
	    Count: document.getElementById("frontier-status").textContent };
	})()`
	var before, after cell
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/#frontier"),
		chromedp.Poll(`document.querySelectorAll("#frontier tbody tr").length > 100`, nil),
		chromedp.Evaluate(readJS, &before),
		chromedp.Evaluate(`[...document.querySelectorAll("#frontier tbody tr")].find((tr) => tr.querySelector("a").title === "cn:6,4").querySelector("td.regions summary").click()`, nil),
		chromedp.Evaluate(readJS, &after),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !before.Folded || before.Open || before.Height > 40 {
		t.Errorf("CN(6,4)'s regions cell: folded %v, open %v, %.0f px high; want folded to one line", before.Folded, before.Open, before.Height)
	}
	if !after.Open || after.Height <= before.Height {
		t.Errorf("clicked, CN(6,4)'s regions cell is open %v and %.0f px high (%.0f px before)", after.Open, after.Height, before.Height)
	}
	if before.Shown < 15 || before.Right > before.Viewport {
		t.Errorf("the window shows %d games, the table ends at %.0f px in %.0f px; want at least 15 games, the table within the window", before.Shown, before.Right, before.Viewport)
	}
	if !strings.Contains(before.Reduction, reduction) || before.ReductionHeight == 0 {
		t.Errorf("CN(6,4)'s proof shows its reduction as %q (%.0f px high); want %q shown", before.Reduction, before.ReductionHeight, reduction)
	}
	if before.BeyondStatus != "exact to 6, not to 9" || before.BeyondDesc != "a == b" || !regexp.MustCompile(`\b[1-9]\d* not exact beyond their box`).MatchString(before.Count) {
		t.Errorf("NIM(5,4), not exact beyond its box: status %q, description %q; the count %q", before.BeyondStatus, before.BeyondDesc, before.Count)
	}
}

// TestLabPlayClickStacks: on the Play page a move can be clicked: choosing
// a stack, and how many to take from it, writes the move as it would be
// typed; clicking a stack again leaves it; the move is played, and the
// stacks then show the position the computer's answer leaves.
func TestLabPlayClickStacks(t *testing.T) {
	ctx, url := browser(t)
	stack := func(i int) string { return fmt.Sprintf(`#stacks .stack[data-pile="%d"]`, i) }
	var unchosen, chosen, log string
	var counts []string
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/#play?game=cn:8,3&position=3,1,4,1,5,9,2,6"),
		chromedp.Poll(`document.getElementById("play-status").textContent.endsWith("your move") && document.querySelectorAll("#stacks .stack").length === 8`, nil),
		chromedp.Click(stack(2)+" .pile", chromedp.ByQuery),
		chromedp.Click(stack(2)+" .pile", chromedp.ByQuery),
		chromedp.Value("#move", &unchosen, chromedp.ByID),
		chromedp.Click(stack(6)+" .pile", chromedp.ByQuery),
		chromedp.Evaluate(`(() => { const t = document.querySelector('`+stack(6)+` .take'); t.value = "9"; t.dispatchEvent(new Event("input")); })()`, nil),
		chromedp.Value("#move", &chosen, chromedp.ByID),
		chromedp.Click("#play-move", chromedp.ByID),
		chromedp.Poll(`document.querySelectorAll("#play-log li").length >= 2 || document.getElementById("result").textContent !== ""`, nil),
		chromedp.Text("#play-log", &log, chromedp.ByID),
		chromedp.Evaluate(`[...document.querySelectorAll("#stacks .count")].map((c) => c.textContent)`, &counts),
	)
	if err != nil {
		t.Fatal(err)
	}
	if unchosen != "" || chosen != "6 -= 9" {
		t.Errorf("the move field says %q after a stack chosen and left, and %q after 9 taken from f (p6); want empty, then 6 -= 9", unchosen, chosen)
	}
	if !strings.Contains(log, "(3,1,4,1,5,9,2,6) → (3,1,4,1,5,0,2,6)") {
		t.Errorf("the log %q does not show the move clicked", log)
	}
	m := regexp.MustCompile(`→ \(([\d,]+)\)`).FindAllStringSubmatch(log, -1)
	if len(m) < 2 || strings.Join(counts, ",") != m[len(m)-1][1] {
		t.Errorf("after the computer's answer (log %q) the stacks show %v", log, counts)
	}
}
