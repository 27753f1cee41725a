package main

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	goruntime "runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/nimlab/nimlab/commands"
	"github.com/nimlab/nimlab/repro"
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
	if _, err := exec.LookPath("chromium"); err != nil && os.Getenv("NIMLAB_CHROMIUM") == "" && os.Getenv("NIMLAB_BROWSER_TESTS") != "1" {
		t.Skip("no chromium (apt-get install chromium); NIMLAB_BROWSER_TESTS=1 makes this a failure")
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
	for _, name := range []string{"index.html", "app.js", "slice.js", "stacks.js", "frontier.js", "style.css", "favicon.svg", "worker.js", "wasm_exec.js", "nimlab.wasm"} {
		info, err := os.Stat(filepath.Join(dir, name))
		if err != nil || info.Size() == 0 {
			t.Errorf("%s: %v", name, err)
		}
	}
	index, _ := os.ReadFile(filepath.Join(dir, "index.html"))
	if !strings.Contains(string(index), `<meta name="nimlab-backend" content="wasm">`) {
		t.Error("index.html does not ask the WebAssembly back end")
	}
	for _, name := range []string{"index.html", "app.js", "slice.js", "stacks.js", "frontier.js", "worker.js"} {
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
		fmt.Sprintf("outcome: %v", want["outcome"]),
		fmt.Sprintf("Grundy value: %v", want["grundy"]),
		fmt.Sprintf("remoteness: %v", want["remoteness"]),
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

// TestSitePlayMisere plays misère Nim to its end in the static site: the
// WebAssembly module answers the same play endpoint as the server.
func TestSitePlayMisere(t *testing.T) {
	ctx, url, api := staticSite(t)
	playMisere(t, ctx, url)
	if a := api(); len(a) > 0 {
		t.Errorf("requests to /api/: %v", a)
	}
}

// TestSiteCheck: a link to Check checks an expression on a small box, and
// the page counts as nimlab check does; a slice of a solve, from a link,
// has the cells of the box; Find the pattern proposes what nimlab discover
// does.
func TestSiteCheck(t *testing.T) {
	ctx, url, api := staticSite(t)
	var verdict, report, found string
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
		chromedp.Navigate(url+"/#check"),
		chromedp.SetValue("#check-spec", "cn:6,3", chromedp.ByID),
		chromedp.SetValue("#check-max", "5", chromedp.ByID),
		chromedp.Evaluate(`document.getElementById("expr").value = ""`, nil),
		chromedp.Click("#discover", chromedp.ByID),
		chromedp.Poll(`/^(Found|Best)/.test(document.getElementById("verdict").textContent)`, nil),
		chromedp.Value("#expr", &found, chromedp.ByID),
	)
	if err != nil {
		t.Fatal(err)
	}
	if discovered := runJSON(t, "discover", "cn:6,3", "--max", "5", "--json"); found != discovered["expr"] {
		t.Errorf("Find the pattern proposes %q, nimlab discover %q", found, discovered["expr"])
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
	if plain, _ := run(t, "check", "cn:6,3", "--max", "6", "--expr", "a+b == d+e"); strings.TrimSpace(report) != strings.TrimSpace(plain) {
		t.Errorf("report %q; nimlab check prints %q", report, plain)
	}
	if a := api(); len(a) > 0 {
		t.Errorf("requests to /api/: %v", a)
	}
}

// TestSiteBudgets measures the static lab against its budgets (written in
// docs/web-lab.md) and logs the figures; it asserts no time, which depends
// on the machine. It runs with NIMLAB_SITE_BUDGETS=1:
//
//	NIMLAB_SITE_BUDGETS=1 go test ./cmd/nimlab -run TestSiteBudgets -v
func TestSiteBudgets(t *testing.T) {
	if os.Getenv("NIMLAB_SITE_BUDGETS") != "1" {
		t.Skip("NIMLAB_SITE_BUDGETS=1 measures the static lab")
	}
	ctx, url, _ := staticSite(t)
	wasm, err := os.ReadFile(filepath.Join(builtSite(t), "nimlab.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	var gz countingWriter
	zw, _ := gzip.NewWriterLevel(&gz, gzip.DefaultCompression)
	zw.Write(wasm)
	zw.Close()
	t.Logf("nimlab.wasm: %d bytes, %d gzipped (gzip -6)", len(wasm), gz.n)

	var ready float64
	if err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/#explore"),
		chromedp.Poll(`document.getElementById("title").textContent.includes("cn:6,3") && !document.getElementById("complex-figure").hidden`, nil),
		chromedp.Evaluate(`performance.now()`, &ready),
	); err != nil {
		t.Fatal(err)
	}
	t.Logf("first page ready (Explore of cn:6,3 drawn) %.0f ms after navigation", ready)

	// timed runs a request in the page and returns its milliseconds.
	timed := func(name, params string) float64 {
		var ms float64
		js := fmt.Sprintf(`(async () => { const t0 = performance.now(); await backend.call(%q, %s); return performance.now() - t0; })()`, name, params)
		if err := chromedp.Run(ctx, chromedp.Evaluate(js, &ms, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) })); err != nil {
			t.Fatal(err)
		}
		return ms
	}
	native := func(f func() error) float64 {
		start := time.Now()
		if err := f(); err != nil {
			t.Fatal(err)
		}
		return float64(time.Since(start).Microseconds()) / 1000
	}
	positions := []string{"3,1,4,1,5,9", "2,7,1,8,2,8", "1,2,3,4,5,6", "3,1,4,1,5,9"}
	for _, p := range positions {
		browser := timed("outcome", fmt.Sprintf(`{game: "cn:6,3", position: %q}`, p))
		nat := native(func() error {
			_, err := commands.Outcome(context.Background(), commands.Env{}, commands.OutcomeRequest{Game: "cn:6,3", Position: p})
			return err
		})
		t.Logf("outcome cn:6,3 %s: browser %.1f ms, native %.2f ms", p, browser, nat)
	}
	slice := commands.SliceRequest{Game: "cn:6,3", Source: commands.Source{Max: 10}, Axes: "1,2", Value: "outcome"}
	for _, value := range []string{"outcome", "grundy"} {
		slice.Value = value
		// A fresh worker: no table kept from an earlier request.
		if err := chromedp.Run(ctx, chromedp.Evaluate(`document.getElementById("stop").click()`, nil)); err != nil {
			t.Fatal(err)
		}
		timed("games", "{}")
		browser := timed("slice", fmt.Sprintf(`{game: "cn:6,3", max: 10, axes: "1,2", value: %q}`, value))
		nat := native(func() error { _, err := commands.Slice(context.Background(), commands.Env{}, slice); return err })
		procs := goruntime.GOMAXPROCS(1)
		one := native(func() error { _, err := commands.Slice(context.Background(), commands.Env{}, slice); return err })
		goruntime.GOMAXPROCS(procs)
		t.Logf("slice cn:6,3 --max 10 --value %s: browser %.0f ms, native %.0f ms (%d threads; %.1fx), native on one thread %.0f ms (%.1fx)",
			value, browser, nat, procs, browser/nat, one, browser/one)
	}
}

// TestSitePapersAndTooLarge: the Papers page lists every claim and
// recomputes them in the browser as nimlab does, until Stop stops it (the
// next request starting a fresh worker); a position whose solve
// needs more memory than a tab allows itself says so, with the command
// line that computes it.
func TestSitePapersAndTooLarge(t *testing.T) {
	ctx, url, api := staticSite(t)
	claims := repro.Claims()
	const first = 3
	var ids, computed []string
	var refusal string
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/#papers"),
		chromedp.Poll(`document.querySelectorAll("#papers tbody tr[data-id]").length > 0`, nil),
		chromedp.Evaluate(`[...document.querySelectorAll("#papers tbody tr")].map((tr) => tr.dataset.id)`, &ids),
		chromedp.Click("#papers-load", chromedp.ByID),
		chromedp.Poll(fmt.Sprintf(`[...document.querySelectorAll("#papers tbody tr .computed")].slice(0, %d).every((td) => td.textContent !== "")`, first), nil),
		chromedp.Evaluate(fmt.Sprintf(`[...document.querySelectorAll("#papers tbody tr .computed")].slice(0, %d).map((td) => td.textContent)`, first), &computed),
		chromedp.Evaluate(`document.getElementById("stop").click()`, nil), // the rest of the recomputation
		chromedp.Poll(`document.getElementById("papers-status").textContent === "stopped"`, nil),
		chromedp.Navigate(url+"/#position?game=necklace:7,3&position=18,18,18,18,18,18,18"),
		chromedp.Poll(`document.getElementById("pos-report").textContent.includes("nimlab outcome")`, nil),
		chromedp.Text("#pos-report", &refusal, chromedp.ByID),
	)
	if err != nil {
		t.Fatal(err)
	}
	if len(ids) != len(claims) {
		t.Errorf("the page lists %d claims, repro.Claims() %d", len(ids), len(claims))
	}
	for i, c := range claims[:first] {
		r, err := c.Check(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if computed[i] != r.Computed {
			t.Errorf("claim %s: the page computes %q, nimlab %q", c.ID, computed[i], r.Computed)
		}
	}
	if !strings.Contains(refusal, "browser tab") || !strings.Contains(refusal, "run nimlab outcome necklace:7,3 18,18,18,18,18,18,18 in a terminal") {
		t.Errorf("a solve too large for the tab says %q", refusal)
	}
	if a := api(); len(a) > 0 {
		t.Errorf("requests to /api/: %v", a)
	}
}

// TestSiteFrontier: the Frontier page shows the recorded table, a row per
// game, each game linking to its Explore page, which shows the game.
func TestSiteFrontier(t *testing.T) {
	ctx, url, api := staticSite(t)
	recorded, err := commands.FrontierRecorded()
	if err != nil {
		t.Fatal(err)
	}
	first := recorded.Rows[0]
	var rows int
	var name, status, href, title string
	err = chromedp.Run(ctx,
		chromedp.Navigate(url+"/#frontier"),
		chromedp.Poll(`document.querySelectorAll("#frontier tbody tr").length > 0`, nil),
		chromedp.Evaluate(`document.querySelectorAll("#frontier tbody tr").length`, &rows),
		chromedp.Evaluate(`document.querySelector("#frontier tbody tr a").textContent`, &name),
		chromedp.Evaluate(`document.querySelector("#frontier tbody tr td.status").textContent`, &status),
		chromedp.Evaluate(`document.querySelector("#frontier tbody tr a").getAttribute("href")`, &href),
		chromedp.Click("#frontier tbody tr a", chromedp.ByQuery),
		// The page may still show the game it started with: wait for the
		// one the link names.
		chromedp.Poll(fmt.Sprintf(`document.getElementById("page-explore").classList.contains("active") && document.getElementById("title").textContent.includes(%q)`, "("+first.Game+")"), nil),
		chromedp.Text("#title", &title, chromedp.ByID),
	)
	if err != nil {
		t.Fatal(err)
	}
	if rows != len(recorded.Rows) || name != first.Name || status != first.StatusText() {
		t.Errorf("the page shows %d rows, the first %q %q; recorded: %d rows, the first %q %q", rows, name, status, len(recorded.Rows), first.Name, first.StatusText())
	}
	if !strings.HasPrefix(href, "#explore?game=") || !strings.Contains(title, first.Game) {
		t.Errorf("the first game links to %q and opens %q, not the Explore page of %s", href, title, first.Game)
	}
	if a := api(); len(a) > 0 {
		t.Errorf("requests to /api/: %v", a)
	}
}
