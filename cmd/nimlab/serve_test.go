package main

import (
	"bufio"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nimlab/nimlab/repro"
)

func testServer(t *testing.T, data string) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(newServer(data, serverLimits{maxPositions: 10_000_000, timeout: time.Minute}).handler())
	t.Cleanup(srv.Close)
	return srv
}

func get(t *testing.T, u string) (int, string, []byte) {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header.Get("Content-Type"), body
}

// timing fields differ from run to run; everything else must be equal.
var timing = []string{"seconds", "seconds_total", "positions_per_second"}

// TestAPIMatchesCLI compares every /api/... answer with the JSON the command
// line prints for the same question.
func TestAPIMatchesCLI(t *testing.T) {
	dir := t.TempDir()
	if _, err := run(t, "solve", "cn:5,2", "--max", "5", "--grundy", "--out", filepath.Join(dir, "cn52.tbl")); err != nil {
		t.Fatal(err)
	}
	srv := testServer(t, dir)
	only := oneClaim(t)
	for _, tt := range []struct {
		api string
		cli []string
	}{
		{"outcome?game=cn:6,3&position=1,2,3,4,5,6", []string{"outcome", "cn:6,3", "1,2,3,4,5,6"}},
		{"outcome?game=cn:5,2&position=1,2,3,4,5&table=cn52.tbl", []string{"outcome", "cn:5,2", "1,2,3,4,5", "--table", filepath.Join(dir, "cn52.tbl")}},
		{"solve?game=cn:6,3&max=6&grundy=1", []string{"solve", "cn:6,3", "--max", "6", "--grundy"}},
		{"solve?game=slow:4,3&max=6&remoteness=true", []string{"solve", "slow:4,3", "--max", "6", "--remoteness"}},
		{"list?game=cn:5,2&max=4&classes=1", []string{"list", "cn:5,2", "--max", "4", "--classes", "--format", "json"}},
		{"check?game=cn:6,3&max=5&expr=" + url.QueryEscape("a+b == d+e"), []string{"check", "cn:6,3", "--max", "5", "--expr", "a+b == d+e"}},
		{"check?game=cn:6,3&max=5&theorem=cn63", []string{"check", "cn:6,3", "--max", "5", "--theorem", "cn63"}},
		{"complex?game=" + url.QueryEscape("complex:1-2-3,2-3-4,3-4-5,1-5"), []string{"complex", "complex:1-2-3,2-3-4,3-4-5,1-5"}},
		{"theorems", []string{"theorems"}},
		{"theorems?game=cn:6,3", []string{"theorems", "cn:6,3"}},
		{"critical?game=slow:4,3&max=8", []string{"critical", "slow:4,3", "--max", "8"}},
		{"discover?game=slow:4,3&max=6&verify-max=9", []string{"discover", "slow:4,3", "--max", "6", "--verify-max", "9"}},
		{"games", []string{"games"}},
		{"repro?list=1", []string{"repro", "--list"}},
		{"repro?list=1&only=" + url.QueryEscape(only), []string{"repro", "--list", "--only", only}},
		{"repro?only=" + url.QueryEscape(only), []string{"repro", "--only", only}},
	} {
		status, _, body := get(t, srv.URL+"/api/"+tt.api)
		if status != http.StatusOK {
			t.Errorf("%s: status %d: %s", tt.api, status, body)
			continue
		}
		out, _ := run(t, append(tt.cli, "--json")...)
		var api, cli any
		if err := json.Unmarshal(body, &api); err != nil {
			t.Fatalf("%s: %v", tt.api, err)
		}
		if err := json.Unmarshal([]byte(out), &cli); err != nil {
			t.Fatalf("%v: %v", tt.cli, err)
		}
		if m, ok := api.(map[string]any); ok {
			checkText(t, tt.api, m, tt.cli)
		}
		for _, v := range []any{api, cli} {
			if m, ok := v.(map[string]any); ok {
				for _, k := range timing {
					delete(m, k)
				}
			}
		}
		if !reflect.DeepEqual(api, cli) {
			t.Errorf("%s differs from nimlab %s --json:\napi %v\ncli %v", tt.api, strings.Join(tt.cli, " "), api, cli)
		}
	}
}

// checkText checks the text the API answered for request beside its JSON,
// m: the output of the command line cli where that has no time in it (not
// solve's, discover's or repro's), none for list (whose text is its JSON)
// or games; and takes it out of m.
func checkText(t *testing.T, request string, m map[string]any, cli []string) {
	t.Helper()
	name, _, _ := strings.Cut(request, "?")
	text, given := m["text"].(string)
	delete(m, "text")
	switch name {
	case "list", "games":
		if given {
			t.Errorf("%s answers a text", request)
		}
		return
	case "solve", "discover", "repro":
		if !given || text == "" {
			t.Errorf("%s answers no text", request)
		}
		return
	}
	if plain, _ := run(t, cli...); text != plain {
		t.Errorf("%s: the text %q, want nimlab %s's %q", request, text, strings.Join(cli, " "), plain)
	}
}

func TestAPIFigures(t *testing.T) {
	srv := testServer(t, "")
	for _, u := range []string{
		"draw?game=cn:8,3&position=3,1,4,1,5,9,2,6&move=3,1,4,1,0,0,0,6",
		"draw?game=cn:6,3&complex=1",
		"plot?game=nim:3&max=7&axes=1,2&fix=3=5&value=grundy",
	} {
		status, kind, body := get(t, srv.URL+"/api/"+u)
		if status != http.StatusOK || kind != "image/svg+xml" {
			t.Errorf("%s: status %d, %s: %.200s", u, status, kind, body)
			continue
		}
		d := xml.NewDecoder(strings.NewReader(string(body)))
		for {
			if _, err := d.Token(); err == io.EOF {
				break
			} else if err != nil {
				t.Errorf("%s: not well-formed SVG: %v", u, err)
				break
			}
		}
	}
	status, _, body := get(t, srv.URL+"/api/slice?game=nim:3&max=7&axes=1,2&fix=3=5")
	var s struct{ Cols, Rows int }
	if status != http.StatusOK || json.Unmarshal(body, &s) != nil || s.Cols != 8 || s.Rows != 8 {
		t.Errorf("slice: %d %s", status, body)
	}
}

// TestAPILimits: every request outside the limits gets a clear 4xx.
func TestAPILimits(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(filepath.Dir(dir), "outside.tbl"), []byte("x"), 0o644)
	srv := testServer(t, dir)
	for _, tt := range []struct {
		api     string
		status  int
		mention string
	}{
		{"solve?game=cn:6,3&max=40", http.StatusUnprocessableEntity, "server's limit (nimlab serve --max-positions N raises it)"},
		{"nosuch?game=cn:6,3", http.StatusNotFound, `"error":"there is no GET /api/nosuch (the API answers GET /api/ advise, check`},
		{"solve?game=cn:6,3&max=3&grundy=maybe", http.StatusBadRequest, `grundy takes 1 or 0 (true or false), not \"maybe\"`},
		{"discover?game=cn:6,3&max=4&verify-max=40", http.StatusUnprocessableEntity, "server's limit"},
		{"solve?game=cn:6,3&max=5&out=/tmp/x", http.StatusBadRequest, `no parameter \"out\"`},
		{"solve?game=cn:6,3&max=5&export=/tmp/x", http.StatusBadRequest, `no parameter \"export\"`},
		{"outcome?game=cn:6,3&position=1,2,3,4,5,6&table=../outside.tbl", http.StatusBadRequest, "inside the data directory"},
		{"outcome?game=cn:6,3&position=1,2,3", http.StatusBadRequest, "cn:6,3 has 6"},
		{"solve?max=3", http.StatusBadRequest, "give a game"},
		{"slice?game=cn:6,3&max=4&axes=1,1", http.StatusBadRequest, "two different piles"},
		{"outcome?game=cn:6,3&position=" + strings.Repeat("1,", 5000), http.StatusRequestURITooLong, "8 kB"},
		{"repro?game=cn:6,3", http.StatusBadRequest, `/api/repro takes no parameter \"game\" (it takes list, only)`},
		// each error names its kind (commands.ErrorKind), for clients
		{"outcome?game=cn:6,3&position=1,2,3", http.StatusBadRequest, `"kind":"position"`},
		{"solve?game=cn:6&max=3", http.StatusBadRequest, `"kind":"game"`},
		{"solve?max=3", http.StatusBadRequest, `"kind":"usage"`},
		{"solve?game=cn:6,3&max=40", http.StatusUnprocessableEntity, `"kind":"too_large"`},
	} {
		status, _, body := get(t, srv.URL+"/api/"+tt.api)
		if status != tt.status || !strings.Contains(string(body), tt.mention) {
			t.Errorf("%.80s: %d %s; want %d mentioning %q", tt.api, status, body, tt.status, tt.mention)
		}
	}
	// The page and its assets are embedded.
	for _, asset := range []string{"/", "/app.js", "/slice.js", "/stacks.js", "/frontier.js", "/style.css", "/favicon.svg"} {
		if status, _, body := get(t, srv.URL+asset); status != http.StatusOK || len(body) < 100 {
			t.Errorf("%s: %d, %d bytes", asset, status, len(body))
		}
	}
}

// TestSolveStream reads a streamed solve: progress events, then the result.
func TestSolveStream(t *testing.T) {
	srv := testServer(t, "")
	_, kind, body := get(t, srv.URL+"/api/solve?game=cn:6,3&max=8&stream=1")
	text := string(body)
	if kind != "text/event-stream" || !strings.Contains(text, "event: progress") || !strings.Contains(text, "event: result\ndata: {") {
		t.Errorf("%s:\n%.500s", kind, text)
	}
}

// TestOneSolvePerClient starts a long streamed solve, sees a second solve of
// the same client refused with 429 (while quick questions still answer), then
// goes away and sees the server stop the solve and free the client.
func TestOneSolvePerClient(t *testing.T) {
	srv := testServer(t, "")
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+"/api/solve?game=cn:6,3&max=11&remoteness=1&stream=1", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	line, _ := bufio.NewReader(resp.Body).ReadString('\n')
	if !strings.HasPrefix(line, "event: progress") {
		t.Fatalf("first event %q", line)
	}
	for _, api := range []string{
		"solve?game=nim:2&max=3",
		"slice?game=nim:3&max=9",
		"plot?game=nim:3&max=9&value=grundy",
		"check?game=nim:2&max=3&expr=a==b",
		"list?game=nim:2&max=3",
	} {
		if status, _, body := get(t, srv.URL+"/api/"+api); status != http.StatusTooManyRequests {
			t.Errorf("a second solve, %s: %d %s; want 429", api, status, body)
		}
	}
	if status, _, _ := get(t, srv.URL+"/api/theorems?game=cn:6,3"); status != http.StatusOK {
		t.Errorf("a question that solves nothing: %d; want 200", status)
	}
	cancel()
	resp.Body.Close()
	deadline := time.Now().Add(5 * time.Second)
	for {
		status, _, _ := get(t, srv.URL+"/api/solve?game=nim:2&max=3")
		if status == http.StatusOK {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the solve of a client that went away still holds it: %d", status)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// oneClaim is the id of a claim that no other id contains, for --only.
func oneClaim(t *testing.T) string {
	t.Helper()
	claims := repro.Claims()
	for _, c := range claims {
		n := 0
		for _, d := range claims {
			if strings.Contains(d.ID, c.ID) {
				n++
			}
		}
		if n == 1 {
			return c.ID
		}
	}
	t.Fatal("every claim id is inside another")
	return ""
}

// TestReproStream streams the claims: a "claim" event for each as it is
// checked, then the result, the same as repro --json.
func TestReproStream(t *testing.T) {
	srv := testServer(t, "")
	only := oneClaim(t)
	_, kind, body := get(t, srv.URL+"/api/repro?stream=1&only="+url.QueryEscape(only))
	var claims []map[string]any
	var result []byte
	for _, event := range strings.Split(strings.TrimSpace(string(body)), "\n\n") {
		name, data, _ := strings.Cut(event, "\n")
		data = strings.TrimPrefix(data, "data: ")
		switch name {
		case "event: claim":
			var c map[string]any
			if err := json.Unmarshal([]byte(data), &c); err != nil {
				t.Fatalf("%v: %s", err, data)
			}
			claims = append(claims, c)
		case "event: result":
			result = []byte(data)
		default:
			t.Errorf("unexpected event %q", event)
		}
	}
	var api, cli map[string]any
	out, _ := run(t, "repro", "--only", only, "--json")
	if kind != "text/event-stream" || json.Unmarshal(result, &api) != nil || json.Unmarshal([]byte(out), &cli) != nil {
		t.Fatalf("%s:\n%s", kind, body)
	}
	if text, _ := api["text"].(string); !strings.Contains(text, only) {
		t.Errorf("the streamed result's text %q does not name the claim %s", api["text"], only)
	}
	delete(api, "text")
	if !reflect.DeepEqual(api, cli) {
		t.Errorf("the streamed result differs from repro --json:\napi %v\ncli %v", api, cli)
	}
	if want, _ := cli["claims"].([]any); len(claims) != 1 || len(want) != 1 || !reflect.DeepEqual(any(claims[0]), want[0]) {
		t.Errorf("claim events %v; repro --json checks %v", claims, want)
	}
}

// TestQueryValuesAreData: a query value that looks like a flag is a value
// of the request, never a flag of a command line: a bad game or position,
// answered 400 with a JSON error, not cobra's help or a file read.
func TestQueryValuesAreData(t *testing.T) {
	srv := testServer(t, "")
	for _, tt := range []struct {
		api     string
		mention string
	}{
		{"solve?game=--help", `game \"--help\"`},
		{"solve?game=--help&max=3", `--help`},
		{"outcome?game=--table=/etc/passwd&position=1", `--table=/etc/passwd`},
		{"outcome?game=cn:6,3&position=--table=/etc/passwd", "position"},
		{"check?game=cn:6,3&max=3&expr=--json", "--json"},
		{"theorems?game=--version", "--version"},
		{"complex?game=-h", "-h"},
		{"list?game=cn:6,3&max=--help", `"error":"max takes a whole number`},
		// the request's parameters by their names in a query, not as flags
		{"check?game=cn:6,3&max=3", `one of theorem NAME, expr EXPR`},
		// the server's own option keeps its dashes
		{"outcome?game=cn:6,3&position=1,2,3,4,5,6&table=x.tbl", `start it with --data DIR`},
		{"solve?game=cn:6,3&max=3&max=4", "once"},
		{"repro?only=--list&list=--json", `list takes 1 or 0 (true or false), not \"--json\"`},
		{"repro?only=--list&list=1", ""},
	} {
		status, kind, body := get(t, srv.URL+"/api/"+tt.api)
		var v struct{ Error string }
		if tt.api == "repro?only=--list&list=1" {
			// only=--list is data: the claims whose id contains "--list", none.
			if status != http.StatusBadRequest || !strings.Contains(string(body), `no claim id contains`) {
				t.Errorf("%s: %d %s", tt.api, status, body)
			}
			continue
		}
		if status != http.StatusBadRequest || kind != "application/json" || json.Unmarshal(body, &v) != nil || v.Error == "" {
			t.Errorf("%s: %d %s %s; want 400 with a JSON error", tt.api, status, kind, body)
			continue
		}
		if !strings.Contains(string(body), tt.mention) || strings.Contains(v.Error, "Usage:") || strings.Contains(v.Error, "root:") {
			t.Errorf("%s: %s; want a bad-input error mentioning %q", tt.api, body, tt.mention)
		}
	}
}

// TestAdmitter: a request holds its client's slot from its first solve to
// its answer, once however many solves it runs; another request of the same
// client is refused meanwhile, one of another client is not; and a merged
// run that outlives its request's answer takes no slot.
func TestAdmitter(t *testing.T) {
	s := newServer("", serverLimits{maxPositions: 1000, timeout: time.Minute})
	request := func(addr string) *http.Request {
		r := httptest.NewRequest("GET", "/api/solve", nil)
		r.RemoteAddr = addr
		return r
	}
	admit1, done1 := s.admitter(request("127.0.0.5:1000"))
	admit2, done2 := s.admitter(request("127.0.0.5:1001"))
	admit3, done3 := s.admitter(request("127.0.0.6:1000"))
	defer done3()
	for i, tt := range []struct {
		admit func() (func(), error)
		busy  bool
	}{
		{admit1, false},
		{admit1, false}, // the same request's second solve
		{admit2, true},  // the same client's second request
		{admit3, false}, // another client
	} {
		if _, err := tt.admit(); errors.Is(err, errBusy) != tt.busy {
			t.Errorf("step %d: %v; busy %v", i, err, tt.busy)
		}
	}
	done1()
	if _, err := admit2(); err != nil {
		t.Errorf("after the first request's answer: %v", err)
	}
	done2()
	if _, err := admit1(); err != nil {
		t.Errorf("a merged run after its request's answer: %v", err)
	}
	if _, taken := s.busy.Load("127.0.0.5"); taken {
		t.Error("a run after its request's answer took the client's slot")
	}
}

// TestIdenticalSolvesMerged: identical solves asked at once by several
// clients run once; every client gets the same answer, to its timings.
func TestIdenticalSolvesMerged(t *testing.T) {
	if !distinctLoopback() {
		t.Skip("this machine dials from 127.0.0.1 only: the clients would be one")
	}
	srv := testServer(t, "")
	const clients = 4
	bodies := make([]string, clients)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range clients {
		wg.Go(func() {
			d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 2, byte(1+i))}}
			c := &http.Client{Transport: &http.Transport{DialContext: d.DialContext}}
			<-start
			resp, err := c.Get(srv.URL + "/api/solve?game=cn:6,3&max=11&grundy=1")
			if err != nil {
				t.Error(err)
				return
			}
			defer resp.Body.Close()
			body, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != http.StatusOK {
				t.Errorf("client %d: %d %s", i, resp.StatusCode, body)
			}
			bodies[i] = string(body)
		})
	}
	close(start)
	wg.Wait()
	for i := 1; i < clients; i++ {
		if bodies[i] != bodies[0] {
			t.Errorf("client %d's answer differs from client 0's: two runs, not one:\n%s\n%s", i, bodies[i], bodies[0])
		}
	}
}
