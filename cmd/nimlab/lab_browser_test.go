package main

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/repro"
)

// browser starts the lab and a headless Debian chromium on it. Without
// chromium the test is skipped, unless NIMLAB_BROWSER_TESTS=1 (CI) makes
// that a failure. A failing test saves a screenshot and logs its path.
func browser(t *testing.T) (context.Context, string) {
	t.Helper()
	return browserOn(t, newServer("", serverLimits{maxPositions: 50_000_000, timeout: time.Minute}).handler())
}

// browserOn serves handler and starts a headless chromium on it, as
// browser does.
func browserOn(t *testing.T, handler http.Handler) (context.Context, string) {
	t.Helper()
	path := os.Getenv("NIMLAB_CHROMIUM")
	if path == "" {
		path, _ = exec.LookPath("chromium")
	}
	if path == "" {
		if os.Getenv("NIMLAB_BROWSER_TESTS") == "1" {
			t.Fatal("NIMLAB_BROWSER_TESTS=1 but no chromium: apt-get install chromium")
		}
		t.Skip("no chromium (apt-get install chromium); NIMLAB_BROWSER_TESTS=1 makes this a failure")
	}
	srv := httptest.NewServer(handler)
	t.Cleanup(srv.Close)
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.WindowSize(1280, 900),
	)
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(alloc)
	ctx, cancelTimeout := context.WithTimeout(ctx, 90*time.Second)
	t.Cleanup(func() {
		if t.Failed() {
			var shot []byte
			shotCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
			if err := chromedp.Run(shotCtx, chromedp.FullScreenshot(&shot, 100)); err == nil {
				dir, _ := os.MkdirTemp("", "nimlab-screenshot-")
				name := filepath.Join(dir, strings.ReplaceAll(t.Name(), "/", "_")+".png")
				if os.WriteFile(name, shot, 0o644) == nil {
					t.Logf("screenshot: %s", name)
				}
			}
			cancel()
		}
		cancelTimeout()
		cancelCtx()
		cancelAlloc()
	})
	return ctx, srv.URL
}

func TestLabExploreSolveSliceAndClick(t *testing.T) {
	ctx, url := browser(t)
	var title, counts, report string
	var cells int
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/#explore"),
		chromedp.WaitVisible("#complex-figure", chromedp.ByID),
		chromedp.Poll(`document.getElementById("title").textContent.includes("cn:6,3")`, nil),
		chromedp.Text("#title", &title, chromedp.ByID),
		chromedp.SetValue("#max", "6", chromedp.ByID),
		chromedp.Click("#solve", chromedp.ByID),
		chromedp.Poll(`document.querySelectorAll("#slice .cell").length === 49`, nil),
		chromedp.Text("#counts", &counts, chromedp.ByID),
		chromedp.Evaluate(`document.querySelectorAll("#slice .cell").length`, &cells),
		chromedp.Click(`#slice .cell[data-position="2,1,0,0,0,0"]`, chromedp.ByQuery),
		chromedp.Poll(`document.getElementById("pos-report").textContent.includes("outcome")`, nil),
		chromedp.Text("#pos-report", &report, chromedp.ByID),
	)
	if err != nil {
		t.Fatal(err)
	}
	// 7^6 positions and CN(6,3)'s P-positions up to 6, as the command line
	// counts them and says so.
	want := runJSON(t, "solve", "cn:6,3", "--max", "6", "--json")
	if !strings.Contains(counts, "positions     117649 (every pile 0..6)") || !strings.Contains(counts, fmt.Sprintf("P-positions   %.0f (", want["p_positions"])) {
		t.Errorf("counts %q, the command line says %v P-positions", counts, want["p_positions"])
	}
	if !strings.Contains(report, "outcome: N (the next player wins)") { // (2,1,0,0,0,0): 2+1 != 0+0
		t.Errorf("the position page for (2,1,0,0,0,0) says %q", report)
	}
}

// TestLabPlayComputerWins plays a whole game in the browser: the computer
// moves first from an N-position of CN(8,3), the test answers with a legal
// move each turn, and the computer wins.
func TestLabPlayComputerWins(t *testing.T) {
	ctx, url := browser(t)
	playComputerWins(t, ctx, url)
}

// playComputerWins plays CN(8,3) from (3,1,4,1,5,9,2,6) on the lab at url,
// the computer first, and fails unless the computer wins.
func playComputerWins(t *testing.T, ctx context.Context, url string) {
	t.Helper()
	if result, log := playGame(t, ctx, url, "cn:8,3", "3,1,4,1,5,9,2,6", true, false); result != "The computer wins." {
		t.Fatalf("the game ended with %q\n%s", result, log)
	}
}

// TestLabPlayMisere plays a misère game to its end in the browser, typing
// moves as edits: Nim from the P-position (1,2,3), where whoever takes the
// last token loses. The computer wins, and the last move is yours.
func TestLabPlayMisere(t *testing.T) {
	ctx, url := browser(t)
	playMisere(t, ctx, url)
}

// playMisere plays misère Nim from (1,2,3) on the lab at url, you first,
// and fails unless the computer wins after your last move.
func playMisere(t *testing.T, ctx context.Context, url string) {
	t.Helper()
	result, log := playGame(t, ctx, url, "nim:3/misere", "1,2,3", false, true)
	lines := strings.Split(strings.TrimSpace(log), "\n")
	if result != "The computer wins." || !strings.HasPrefix(lines[len(lines)-1], "you: ") || !strings.HasSuffix(lines[len(lines)-1], "→ (0,0,0)") {
		t.Fatalf("misère Nim ended with %q after\n%s", result, log)
	}
}

// playGame plays spec from start on the lab at url, the computer first or
// you, answering each of your turns with the first option (typed as edits
// "pile -= amount" when edits is set), and returns the result and the log.
func playGame(t *testing.T, ctx context.Context, url, spec, start string, computerFirst, edits bool) (result, log string) {
	t.Helper()
	g, _ := game.Parse(spec)
	actions := []chromedp.Action{
		chromedp.Navigate(url + "/#play"),
		chromedp.WaitVisible("#play-spec", chromedp.ByID),
		chromedp.SetValue("#play-spec", spec, chromedp.ByID),
		chromedp.SetValue("#play-start", start, chromedp.ByID),
	}
	if computerFirst {
		actions = append(actions, chromedp.Click("#play-computer-first", chromedp.ByID))
	}
	if err := chromedp.Run(ctx, append(actions, chromedp.Click("#play-new", chromedp.ByID))...); err != nil {
		t.Fatal(err)
	}
	p, err := g.ParsePosition(start)
	if err != nil {
		t.Fatal(err)
	}
	last := regexp.MustCompile(`→ \(([\d,]+)\)`)
	for turn := 0; turn < 60; turn++ {
		var status string
		err := chromedp.Run(ctx,
			chromedp.Poll(`document.getElementById("result").textContent !== "" || document.getElementById("play-status").textContent.endsWith("your move")`, nil),
			chromedp.Text("#result", &result, chromedp.ByID),
			chromedp.Text("#play-status", &status, chromedp.ByID),
			chromedp.Text("#play-log", &log, chromedp.ByID),
		)
		if err != nil {
			t.Fatal(err)
		}
		if result != "" {
			return result, log
		}
		if m := last.FindAllStringSubmatch(log, -1); m != nil {
			if p, err = g.ParsePosition(m[len(m)-1][1]); err != nil {
				t.Fatal(err)
			}
		}
		var move string
		for q := range g.Options(p) {
			move = q.String()
			if edits {
				for i := range p {
					if q[i] != p[i] {
						move = fmt.Sprintf("%d -= %d", i+1, p[i]-q[i])
					}
				}
			}
			break
		}
		before := strings.Count(log, "\n")
		if err := chromedp.Run(ctx,
			chromedp.Evaluate(`document.getElementById("move").value = "`+move+`"`, nil),
			chromedp.Click("#play-move", chromedp.ByID),
			chromedp.Poll(`document.getElementById("result").textContent !== "" || document.querySelectorAll("#play-log li").length > `+strconv.Itoa(before+1), nil),
		); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("the game did not end in 60 turns")
	return "", ""
}

func TestLabCheckExpression(t *testing.T) {
	ctx, url := browser(t)
	var right, wrong, report, caption string
	var shown struct{ Right, Viewport, Scroll, Client float64 }
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/#check"),
		chromedp.WaitVisible("#expr", chromedp.ByID),
		chromedp.SetValue("#check-spec", "cn:6,3", chromedp.ByID),
		chromedp.SetValue("#check-max", "6", chromedp.ByID),
		chromedp.SetValue("#expr", "a+b == d+e && b+c == e+f", chromedp.ByID),
		chromedp.Click("#check", chromedp.ByID),
		chromedp.Poll(`document.getElementById("verdict").textContent.startsWith("The expression")`, nil),
		chromedp.Text("#verdict", &right, chromedp.ByID),
		chromedp.SetValue("#expr", "a+b == d+e", chromedp.ByID),
		chromedp.Click("#check", chromedp.ByID),
		chromedp.Poll(`document.getElementById("verdict").textContent.includes("disagrees")`, nil),
		chromedp.Text("#verdict", &wrong, chromedp.ByID),
		chromedp.Text("#check-report", &report, chromedp.ByID),
		chromedp.Poll(`document.querySelectorAll("#check-slice .cell.bad").length > 0`, nil),
		chromedp.Evaluate(`(() => { const r = document.getElementById("check-report");
		  return { Right: r.getBoundingClientRect().right, Viewport: document.documentElement.clientWidth,
		    Scroll: r.scrollWidth, Client: r.clientWidth }; })()`, &shown),
		chromedp.Text("#check-caption", &caption, chromedp.ByID),
	)
	if err != nil {
		t.Fatal(err)
	}
	if right != "The expression agrees with the table." || !strings.Contains(report, "(I)") {
		t.Errorf("verdicts %q and %q, report %q", right, wrong, report)
	}
	// At 1280 px the report is shown whole: within the window, nothing
	// hidden to scroll to.
	if shown.Right > shown.Viewport || shown.Scroll > shown.Client {
		t.Errorf("the report ends at %.0f px in a window of %.0f px, and holds %.0f px in %.0f px", shown.Right, shown.Viewport, shown.Scroll, shown.Client)
	}
	// The slice under it says what it is: the slice through the first
	// example the report lists.
	examples := regexp.MustCompile(`e\.g\. (\([0-9,]+\))`).FindStringSubmatch(report)
	if len(examples) < 2 || !strings.Contains(caption, examples[1]) {
		t.Errorf("the slice's caption %q does not name the first example of the report %q", caption, report)
	}
}

// TestLabFindsThePattern: "Find the pattern" puts discover's expression in
// the field, and checking it agrees with the table.
func TestLabFindsThePattern(t *testing.T) {
	ctx, url := browser(t)
	var found, expr, checked string
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/#check"),
		chromedp.WaitVisible("#discover", chromedp.ByID),
		chromedp.SetValue("#check-spec", "cn:6,3", chromedp.ByID),
		chromedp.SetValue("#check-max", "5", chromedp.ByID),
		chromedp.Evaluate(`document.getElementById("expr").value = ""`, nil),
		chromedp.Click("#discover", chromedp.ByID),
		chromedp.Poll(`document.getElementById("verdict").textContent.startsWith("Found") || document.getElementById("verdict").textContent.startsWith("Best")`, nil),
		chromedp.Text("#verdict", &found, chromedp.ByID),
		chromedp.Value("#expr", &expr, chromedp.ByID),
		chromedp.Click("#check", chromedp.ByID),
		chromedp.Poll(`document.getElementById("verdict").textContent.startsWith("The expression")`, nil),
		chromedp.Text("#verdict", &checked, chromedp.ByID),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(found, "exact up to 7") || expr != "a + b == d + e && a + f == c + d" || checked != "The expression agrees with the table." {
		t.Errorf("found %q, expression %q, then %q", found, expr, checked)
	}
}

// noBrokenImage is true when every image the page shows has loaded: an
// image not loaded (yet, or at all) must be hidden.
const noBrokenImage = `[...document.querySelectorAll(".page.active img")]
	.filter((i) => i.getClientRects().length > 0)
	.every((i) => i.complete && i.naturalWidth > 0)`

// visibleImages counts the images the page shows.
const visibleImages = `[...document.querySelectorAll(".page.active img")].filter((i) => i.getClientRects().length > 0).length`

// TestLabPlayFromLink opens a link to a game of CN(4,2) at (1,2,3,4): the
// page plays that game from there, its board drawn, and keeps the address
// on the game's current position, so that reloading it goes on from there.
func TestLabPlayFromLink(t *testing.T) {
	ctx, url := browser(t)
	g, _ := game.Parse("cn:4,2")
	var spec, start, boardAt, hash string
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/#play?game=cn:4,2&position=1,2,3,4"),
		chromedp.Poll(`document.getElementById("play-status").textContent.endsWith("your move")`, nil),
		chromedp.Poll(noBrokenImage+` && `+visibleImages+` === 1`, nil),
		chromedp.Value("#play-spec", &spec, chromedp.ByID),
		chromedp.Value("#play-start", &start, chromedp.ByID),
		chromedp.Evaluate(`new URL(document.getElementById("play-figure").src).searchParams.get("position")`, &boardAt),
		chromedp.Evaluate(`location.hash`, &hash),
	)
	if err != nil {
		t.Fatal(err)
	}
	if spec != "cn:4,2" || start != "1,2,3,4" || boardAt != "1,2,3,4" || hash != "#play?game=cn:4,2&position=1,2,3,4" {
		t.Fatalf("the link started %q at %q, the board shows %q, the address is %q", spec, start, boardAt, hash)
	}
	// A move, the computer's answer: the address follows the game.
	p, _ := g.ParsePosition("1,2,3,4")
	var move string
	for q := range g.Options(p) {
		move = q.String()
		break
	}
	var log string
	err = chromedp.Run(ctx,
		chromedp.SetValue("#move", move, chromedp.ByID),
		chromedp.Click("#play-move", chromedp.ByID),
		chromedp.Poll(`document.querySelectorAll("#play-log li").length === 2 || document.getElementById("result").textContent !== ""`, nil),
		chromedp.Poll(`location.hash !== "#play?game=cn:4,2&position=1,2,3,4"`, nil),
		chromedp.Text("#play-log", &log, chromedp.ByID),
		chromedp.Evaluate(`location.hash`, &hash),
	)
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`→ \(([\d,]+)\)`).FindAllStringSubmatch(log, -1)
	if len(m) == 0 {
		t.Fatalf("no move in the log %q", log)
	}
	now := m[len(m)-1][1]
	if hash != "#play?game=cn:4,2&position="+now {
		t.Fatalf("after %q the address is %q", log, hash)
	}
	// The address is a link to the game as it stands.
	var entries int
	err = chromedp.Run(ctx,
		chromedp.Reload(),
		chromedp.Poll(`document.getElementById("play-start").value === "`+now+`" && document.getElementById("play-status").textContent !== ""`, nil),
		chromedp.Poll(noBrokenImage+` && `+visibleImages+` === 1`, nil),
		chromedp.Evaluate(`document.querySelectorAll("#play-log li").length`, &entries),
		chromedp.Evaluate(`new URL(document.getElementById("play-figure").src).searchParams.get("position")`, &boardAt),
	)
	if err != nil {
		t.Fatal(err)
	}
	if entries != 0 || boardAt != now {
		t.Errorf("the shared link %s: %d moves logged, the board at %q", hash, entries, boardAt)
	}
}

// TestLabNoBrokenImage: before a game, Play shows a placeholder, not a
// broken board; nor does Position before a position, nor a bad link.
func TestLabNoBrokenImage(t *testing.T) {
	ctx, url := browser(t)
	var placeholder bool
	var shown int
	var playError string
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/#play"),
		chromedp.WaitVisible("#play-placeholder", chromedp.ByID),
		chromedp.Evaluate(visibleImages, &shown),
	)
	if err != nil {
		t.Fatal(err)
	}
	if shown != 0 {
		t.Errorf("Play shows %d images before a game", shown)
	}
	err = chromedp.Run(ctx,
		chromedp.Navigate(url+"/#position"),
		chromedp.WaitVisible("#pos-spec", chromedp.ByID),
		chromedp.Evaluate(visibleImages, &shown),
	)
	if err != nil {
		t.Fatal(err)
	}
	if shown != 0 {
		t.Errorf("Position shows %d images before a position", shown)
	}
	err = chromedp.Run(ctx,
		chromedp.Navigate(url+"/#play?game=nonsense:3&position=1,2,3"),
		chromedp.Poll(`document.getElementById("play-error").textContent !== ""`, nil),
		chromedp.Text("#play-error", &playError, chromedp.ByID),
		chromedp.Poll(`!document.getElementById("play-figure").hasAttribute("src")`, nil), // its drawing failed
		chromedp.Evaluate(visibleImages, &shown),
		chromedp.Evaluate(`getComputedStyle(document.getElementById("play-placeholder")).display !== "none"`, &placeholder),
	)
	if err != nil {
		t.Fatal(err)
	}
	if shown != 0 || !placeholder {
		t.Errorf("a link to no game (%q) shows %d images, placeholder %v", playError, shown, placeholder)
	}
	err = chromedp.Run(ctx,
		chromedp.SetValue("#play-spec", "cn:8,3", chromedp.ByID),
		chromedp.SetValue("#play-start", "3,1,4,1,5,9,2,6", chromedp.ByID),
		chromedp.Click("#play-new", chromedp.ByID),
		chromedp.Poll(noBrokenImage+` && `+visibleImages+` === 1`, nil),
		chromedp.Evaluate(`getComputedStyle(document.getElementById("play-placeholder")).display !== "none"`, &placeholder),
	)
	if err != nil {
		t.Fatal(err)
	}
	if placeholder {
		t.Error("the placeholder stays beside the board")
	}
}

// TestLabPapers: the Papers page lists every claim, with its statement and
// source, before anything is computed; Recompute then fills in what nimlab
// computes, claim by claim (the test waits for the first few only: all of
// them take a while).
func TestLabPapers(t *testing.T) {
	ctx, url := browser(t)
	claims := repro.Claims()
	type row struct{ ID, Source, Statement, Computed, Verdict string }
	const rowsJS = `[...document.querySelectorAll("#papers tbody tr")].map((tr) => ({
		ID: tr.dataset.id, Source: tr.querySelector(".source").textContent,
		Statement: tr.querySelector(".statement").textContent,
		Computed: tr.querySelector(".computed").textContent, Verdict: tr.querySelector(".verdict").textContent }))`
	var rows []row
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/#papers"),
		chromedp.Poll(`document.querySelectorAll("#papers tbody tr[data-id]").length > 0`, nil),
		chromedp.Evaluate(rowsJS, &rows),
	)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(claims) {
		t.Fatalf("the page lists %d claims, repro.Claims() %d", len(rows), len(claims))
	}
	for i, c := range claims {
		want := row{ID: c.ID, Source: c.Source.String(), Statement: c.Statement}
		if rows[i] != want || c.Statement == "" || len(c.Source) == 0 {
			t.Errorf("row %d: %+v, want %+v", i, rows[i], want)
		}
	}
	const first = 4
	err = chromedp.Run(ctx,
		chromedp.Click("#papers-load", chromedp.ByID),
		chromedp.Poll(fmt.Sprintf(`[...document.querySelectorAll("#papers tbody tr .computed")].slice(0, %d).every((td) => td.textContent !== "")`, first), nil),
		chromedp.Evaluate(rowsJS, &rows),
	)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range claims[:first] {
		r, err := c.Check(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		verdict := map[bool]string{true: "agrees", false: "DISAGREES"}[r.Agrees]
		if rows[i].ID != c.ID || rows[i].Computed != r.Computed || rows[i].Verdict != verdict {
			t.Errorf("row %d after Recompute: %+v; nimlab computes %q, %s", i, rows[i], r.Computed, verdict)
		}
	}
}

// TestLabScreenshot solves CN(6,3) to 15 with Grundy values on the Explore
// page, as the README's picture shows it, and checks what the picture must
// show (the paper as a reader cites it, the Frontier tab). With -write-docs
// it writes the picture, docs/lab-explore.png, from the lab as it is:
//
//	NIMLAB_BROWSER_TESTS=1 go test ./cmd/nimlab -run TestLabScreenshot -write-docs
func TestLabScreenshot(t *testing.T) {
	ctx, url := browser(t)
	var page string
	var shot []byte
	err := chromedp.Run(ctx,
		chromedp.Navigate(url+"/#explore"),
		chromedp.WaitVisible("#complex-figure", chromedp.ByID),
		chromedp.Poll(`document.getElementById("title").textContent.includes("cn:6,3")`, nil),
		chromedp.SetValue("#max", "15", chromedp.ByID),
		chromedp.Click("#grundy", chromedp.ByID),
		chromedp.Click("#solve", chromedp.ByID),
		chromedp.Poll(`document.querySelectorAll("#slice .cell").length > 0 && document.getElementById("counts").textContent.includes("Grundy")`, nil),
		chromedp.Text("body", &page, chromedp.ByQuery),
		chromedp.FullScreenshot(&shot, 100), // 100: PNG
	)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Dufour–Heubach 2013", "Frontier", "pile a (p1)", "Grundy value"} {
		if !strings.Contains(page, want) {
			t.Errorf("the explore page does not say %q", want)
		}
	}
	if strings.Contains(page, "papers/0") {
		t.Error("the explore page names a paper by a file path")
	}
	if *writeDocs {
		if err := os.WriteFile("../../docs/lab-explore.png", shot, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
