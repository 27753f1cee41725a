package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// site is the static lab built once for the tests: nimlab site --out DIR.
var site struct {
	once sync.Once
	dir  string
	err  error
}

// builtSite builds the static site once (it compiles the WebAssembly
// module: half a minute or more).
func builtSite(t *testing.T) string {
	t.Helper()
	site.once.Do(func() {
		site.dir, site.err = os.MkdirTemp("", "nimlab-site-")
		if site.err == nil {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
			defer cancel()
			_, site.err = writeSite(ctx, site.dir, "")
		}
	})
	if site.err != nil {
		t.Fatal(site.err)
	}
	return site.dir
}

// staticSite starts chromium on the static site, served by a plain file
// server, and returns the addresses of every /api/ request: those the
// server received, and those the browser reports sending (chromedp's
// network events). The static lab must send none.
func staticSite(t *testing.T) (context.Context, string, func() []string) {
	t.Helper()
	if os.Getenv("NIMLAB_BROWSER_TESTS") != "1" && testing.Short() {
		t.Skip("short")
	}
	dir := builtSite(t)
	var mu sync.Mutex
	var api []string
	files := http.FileServer(http.Dir(dir))
	ctx, url := browserOn(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/") {
			mu.Lock()
			api = append(api, "server: "+r.URL.String())
			mu.Unlock()
		}
		files.ServeHTTP(w, r)
	}))
	chromedp.ListenTarget(ctx, func(ev any) {
		if e, ok := ev.(*network.EventRequestWillBeSent); ok && strings.Contains(e.Request.URL, "/api/") {
			mu.Lock()
			api = append(api, "browser: "+e.Request.URL)
			mu.Unlock()
		}
	})
	if err := chromedp.Run(ctx, network.Enable()); err != nil {
		t.Fatal(err)
	}
	return ctx, url, func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), api...)
	}
}

// TestSiteWritesTheLab: the site holds the pages, the worker, the module
// and wasm_exec.js of the Go toolchain, and its pages ask the worker.
func TestSiteWritesTheLab(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the WebAssembly module")
	}
	dir := builtSite(t)
	for _, name := range []string{"index.html", "app.js", "style.css", "worker.js", "wasm_exec.js", "nimlab.wasm"} {
		info, err := os.Stat(filepath.Join(dir, name))
		if err != nil || info.Size() == 0 {
			t.Errorf("%s: %v", name, err)
		}
	}
	index, _ := os.ReadFile(filepath.Join(dir, "index.html"))
	if !strings.Contains(string(index), `<meta name="nimlab-backend" content="wasm">`) {
		t.Error("index.html does not ask the WebAssembly back end")
	}
	for _, name := range []string{"index.html", "app.js", "worker.js"} {
		data, _ := os.ReadFile(filepath.Join(dir, name))
		if strings.Contains(string(data), "https://") || strings.Contains(string(data), "http://") {
			t.Errorf("%s refers to another site", name)
		}
	}
}

// TestSitePosition: a link to a position of CN(6,3) shows what nimlab
// outcome says, every winning move drawn, with no request to /api/.
func TestSitePosition(t *testing.T) {
	ctx, url, api := staticSite(t)
	var report string
	var moves int
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/#position?game=cn:6,3&position=1,2,3,4,5,6"),
		chromedp.Poll(`document.getElementById("pos-report").textContent.includes("outcome")`, nil),
		chromedp.Text("#pos-report", &report, chromedp.ByID),
		chromedp.Poll(`document.querySelectorAll("#moves img").length > 0 && [...document.querySelectorAll("#moves img")].every((i) => !i.hidden && i.complete && i.naturalWidth > 0) && !document.getElementById("pos-figure").hidden`, nil),
		chromedp.Evaluate(`document.querySelectorAll("#moves img").length`, &moves),
	)
	if err != nil {
		t.Fatal(err)
	}
	want := runJSON(t, "outcome", "cn:6,3", "1,2,3,4,5,6", "--json")
	for _, line := range []string{
		fmt.Sprintf("outcome     %v", want["outcome"]),
		fmt.Sprintf("Grundy      %v", want["grundy"]),
		fmt.Sprintf("remoteness  %v", want["remoteness"]),
	} {
		if !strings.Contains(report, line) {
			t.Errorf("the page says %q, not %q as nimlab outcome does", report, line)
		}
	}
	if w := want["winning_moves"].([]any); moves != len(w) {
		t.Errorf("%d winning moves drawn, nimlab outcome gives %d", moves, len(w))
	}
	if a := api(); len(a) > 0 {
		t.Errorf("requests to /api/: %v", a)
	}
}

// TestSitePlayComputerWins plays a whole game in the static site, which the
// computer wins.
func TestSitePlayComputerWins(t *testing.T) {
	ctx, url, api := staticSite(t)
	playComputerWins(t, ctx, url)
	if a := api(); len(a) > 0 {
		t.Errorf("requests to /api/: %v", a)
	}
}

// TestSiteCheck: a link to Check checks an expression on a small box, and
// the page counts as nimlab check does; then a slice of a solve, from a
// link, has the cells of the box.
func TestSiteCheck(t *testing.T) {
	ctx, url, api := staticSite(t)
	var verdict, report string
	var cells int
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/#check?game=cn:6,3&max=6&expr="+strings.ReplaceAll("a+b == d+e", "+", "%2B")),
		chromedp.Poll(`document.getElementById("verdict").textContent.startsWith("The expression")`, nil),
		chromedp.Text("#verdict", &verdict, chromedp.ByID),
		chromedp.Text("#check-report", &report, chromedp.ByID),
		chromedp.Poll(`document.querySelectorAll("#check-slice .cell.bad").length > 0`, nil),
		chromedp.Navigate(url+"/#explore?game=cn:6,3&max=5&grundy=1&axes=1,3&fix=2=1&value=grundy"),
		chromedp.Poll(`document.querySelectorAll("#slice .cell").length === 36 && location.hash.includes("axes=1,3")`, nil),
		chromedp.Evaluate(`document.querySelectorAll("#slice .cell").length`, &cells),
	)
	if err != nil {
		t.Fatal(err)
	}
	// nimlab check answers its JSON, and fails: the expression disagrees.
	out, _ := run(t, "check", "cn:6,3", "--max", "6", "--expr", "a+b == d+e", "--json")
	var want map[string]any
	if err := json.Unmarshal([]byte(out), &want); err != nil {
		t.Fatalf("nimlab check --json: %v\n%s", err, out)
	}
	wrong := want["p_not_accepted"].(float64) + want["accepted_not_p"].(float64)
	if verdict != fmt.Sprintf("The expression disagrees at %.0f positions.", wrong) {
		t.Errorf("the page says %q; nimlab check counts %.0f disagreements", verdict, wrong)
	}
	if !strings.Contains(report, fmt.Sprintf("accepted                         %.0f", want["accepted"])) {
		t.Errorf("report %q; nimlab check accepts %v", report, want["accepted"])
	}
	if a := api(); len(a) > 0 {
		t.Errorf("requests to /api/: %v", a)
	}
}
