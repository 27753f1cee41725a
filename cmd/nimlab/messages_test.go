package main

import (
	"encoding/json"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/nimlab/nimlab/game"
)

// TestMessages: each error says what is wrong and what to write instead, on
// the one line main prints.
func TestMessages(t *testing.T) {
	cliBudget(t)
	t.Chdir(t.TempDir())
	for _, tt := range []struct {
		args     []string
		mentions []string
		not      string // must not appear
	}{
		{[]string{"solve", "cn:6,3", "--max", "-3"}, []string{`--max takes a whole number from 0 to 65534, not "-3"`}, "required"},
		{[]string{"prove", "cn:5,2"}, []string{"prove: give the characterization to prove: --expr EXPR, --theorem NAME or --grundy EXPR", "usage: nimlab prove"}, ""},
		{[]string{"prove", "cn:5,2", "--theorem", "cn52", "--timeout", "0"}, []string{"prove: --timeout must be more than 0, e.g. --timeout 2m", "usage: nimlab prove"}, ""},
		{[]string{"list", "cn:5,2", "--max", "2", "--out", "p.csv"}, []string{"--out writes a Parquet file: add --format parquet"}, ""},
		{[]string{"outcome", "cn:6,3"}, []string{"outcome: POSITION is missing", "usage: nimlab outcome GAME POSITION", "e.g. nimlab outcome cn:6,3 1,2,3,4,5,6"}, "arg(s)"},
		{[]string{"outcome"}, []string{"GAME and POSITION are missing"}, ""},
		{[]string{"solve"}, []string{"solve: GAME is missing", "usage: nimlab solve GAME --max H", "e.g. nimlab solve cn:6,3 --max 20"}, ""},
		{[]string{"draw", "cn:6,3", "1,2,3,4,5,6", "7", "--out", "x.svg"}, []string{`too many arguments, "7"`, "GAME [POSITION]", "quote a spec"}, ""},
		{[]string{"games", "nim:3"}, []string{`too many arguments, "nim:3": it takes no arguments`}, ""},
		{[]string{"solve", "cn:6,3", "--max", "1e30"}, []string{`--max takes a whole number from 0 to 65534, not "1e30"`}, "strconv"},
		{[]string{"solve", "cn:6,3", "--max"}, []string{"--max needs a value: it takes a whole number from 0 to 65534"}, ""},
		{[]string{"critical", "slow:3,2", "--max", "5", "--remoteness", "-2"}, []string{"--remoteness takes a whole number from 0"}, ""},
		{[]string{"explore", "--n", "9"}, []string{`--n takes a whole number from 3 to 8, not "9"`}, ""},
		{[]string{"serve", "--max-positions", "0"}, []string{"--max-positions takes a whole number from 1"}, ""},
		{[]string{"serve", "--timeout", "0s"}, []string{"--timeout must be more than 0"}, ""},
		{[]string{"serve", "--timeout", "soon"}, []string{`--timeout takes a duration such as 90s, 2m or 1h30m, not "soon"`}, ""},
		{[]string{"solve", "cn:6,3", "--max", "2", "--json=maybe"}, []string{`--json takes true or false, not "maybe"`}, ""},
		{[]string{"plot", "cn:6,3", "--max", "3", "--fix", "9=2", "--out", "p.svg"}, []string{"CN(6,3)", "there is no pile 9 (the piles are 1..6)"}, "write pile=value"},
		{[]string{"plot", "cn:6,3", "--max", "3", "--fix", "3=9", "--out", "p.svg"}, []string{"--fix: pile c (p3) = 9, but the table holds piles 0..3"}, ""},
		{[]string{"atlas", "complexes:9", "--max", "1", "--out", "atlas"}, []string{"complexes:V takes 1 <= V <= 6"}, "7 vertices"},
		{[]string{"solve", "cn:6,3", "--max", "2", "--workers", "-3"}, []string{`--workers takes a whole number from 0 to 1024, not "-3"`}, ""},
		{[]string{"atlas", "cn:3..4", "--max", "1", "--out", "atlas", "--workers", "-3"}, []string{"--workers takes a whole number from 0 to 1024"}, ""},
		{[]string{"solve", "slwo:3,2", "--max", "2"}, []string{`unknown family "slwo"`, "slowle"}, ""},
		{[]string{"outcome", "complex:1-1", "0"}, []string{"facet 1 (1-1) repeats vertex 1"}, ""},
		{[]string{"sovle", "cn:6,3"}, []string{`unknown command "sovle"; did you mean solve?`}, "\n"},
		{[]string{"critical", "slow:3,2", "--max", "5", "--remoteness", "99"}, nil, ""},
		{[]string{"outcome", "cn:6,3", "-1,2,3,4,5,6"}, []string{"piles are never negative", "put -- before"}, ""},
		{[]string{"outcome", "cn:6,3", "-x"}, []string{"unknown shorthand flag"}, "negative"},
		{[]string{"prove", "nim:2", "--timout", "3", "--expr", "a == b"}, []string{"unknown flag: --timout: did you mean --timeout?"}, ""},
		{[]string{"solve", "nim:2", "--zzzzzz", "3"}, []string{"unknown flag: --zzzzzz"}, "did you mean"},
		{[]string{"solve", "nim:2", "--max", "3", "-x"}, []string{"unknown shorthand flag: 'x'"}, "did you mean"},
		{[]string{"solve", "nim:2", "--mx", "3"}, []string{"unknown flag: --mx: did you mean --max?"}, ""},
		{[]string{"solve", "CN(6,3)", "--max", "2"}, []string{"cn is written cn:N,K", "e.g. cn:6,3"}, ""},
		{[]string{"check", "cn:6,3", "--max", "2", "--expr", "a+b = d+e"}, []string{"write == to compare"}, "\\n"},
		{[]string{"check", "nim:2", "--max", "2", "--expr", "x == y"}, []string{`unknown name "x"`}, "\\n"},
		{[]string{"solve", "cn:6,3"}, []string{"solve: --max is required", "usage: nimlab solve"}, ""},
		{[]string{"check", "cn:6,3", "--max", "2"}, []string{"check: give exactly one of --theorem NAME", "usage: nimlab check"}, ""},
		{[]string{"check", "cn:6,3", "--max", "2", "--expr", ""}, []string{"check: --expr is empty: give the expression", "usage: nimlab check"}, ""},
		{[]string{"prove", "cn:6,3", "--expr", " "}, []string{"prove: --expr is empty: give the expression", "usage: nimlab prove"}, ""},
		{[]string{"discover", "cn:4,2", "--max", "2", "--where", ""}, []string{"discover: --where is empty: give the region's condition", "usage: nimlab discover"}, ""},
		{[]string{"frontier", "--families", " "}, []string{"frontier: --families is empty", "usage: nimlab frontier"}, ""},
		{[]string{"discover", "cn:4,2", "--max", "2", "--where", "a + 1"}, []string{"discover: --where: expression \"a + 1\" is a number, not a condition", "a + 1 == 0"}, ""},
		{[]string{"check", "nim:3", "--max", "2", "--expr", "a ^ b ^ c"}, []string{"check: --expr: expression \"a ^ b ^ c\" is a number, not a condition"}, ""},
		{[]string{"prove", "nim:3", "--expr", "a ^ b ^ c", "--where", "a == 0"}, []string{"prove: --expr: expression \"a ^ b ^ c\" is a number"}, ""},
		{[]string{"list", "nim:3", "--max", "2", "--where", "a"}, []string{"list: --where: expression \"a\" is a number"}, ""},
		{[]string{"check", "nim:3", "--max", "2", "--expr", "sym(a ^ b ^ c)"}, []string{"reads a number as a condition"}, ""},
		{[]string{"solve", "nim:3", "--max", "2", "--out", " "}, []string{"solve: --out is empty"}, ""},
		{[]string{"draw", "cn:6,3"}, []string{"draw: --out FILE.svg", "usage: nimlab draw"}, ""},
		{[]string{"list", "cn:6,3", "--max", "2", "--json", "--format", "latex"}, []string{"--json and --format latex: give one of them"}, ""},
	} {
		r := runArgs(tt.args, "", 10*time.Second)
		if err := checkResult(tt.args, r); err != nil {
			t.Errorf("%q: %v", tt.args, err)
			continue
		}
		if tt.mentions == nil {
			if r.code != 0 {
				t.Errorf("%q: exit status %d: %s", tt.args, r.code, r.stderr)
			}
			continue
		}
		msg := strings.TrimSuffix(r.stderr, "\n")
		if r.code == 0 {
			t.Errorf("%q succeeded: %s", tt.args, r.stdout)
			continue
		}
		for _, m := range tt.mentions {
			if !strings.Contains(msg, m) {
				t.Errorf("%q: %s\nwant it to mention %q", tt.args, msg, m)
			}
		}
		if tt.not != "" && strings.Contains(msg, tt.not) {
			t.Errorf("%q: %s\nshould not say %q", tt.args, msg, tt.not)
		}
	}
}

// TestFamiliesNamedOnce: the list of families of a misspelled spec names
// every family once.
func TestFamiliesNamedOnce(t *testing.T) {
	r := runArgs([]string{"solve", "nosuch:3", "--max", "1"}, "", 10*time.Second)
	_, list, ok := strings.Cut(r.stderr, "(families: ")
	if !ok {
		t.Fatalf("no list of families: %s", r.stderr)
	}
	list, _, _ = strings.Cut(list, ")")
	count := map[string]int{}
	for _, name := range strings.Split(list, ", ") {
		count[name]++
	}
	for _, f := range game.Families() {
		if count[f.Name] != 1 {
			t.Errorf("%s is named %d times: %s", f.Name, count[f.Name], r.stderr)
		}
	}
}

// TestRequiredFlagsShowNoDefault: the help of --max says "(required)" or a
// default, never both.
func TestRequiredFlagsShowNoDefault(t *testing.T) {
	for _, cmd := range newRoot().Commands() {
		r := runArgs([]string{cmd.Name(), "--help"}, "", 10*time.Second)
		for _, line := range strings.Split(r.stdout, "\n") {
			if strings.Contains(line, "(required)") && strings.Contains(line, "(default") {
				t.Errorf("%s --help: %s", cmd.Name(), strings.TrimSpace(line))
			}
		}
	}
}

// TestPlotJSON: plot --json prints one JSON object naming the file.
func TestPlotJSON(t *testing.T) {
	t.Chdir(t.TempDir())
	r := runArgs([]string{"plot", "cn:6,3", "--max", "3", "--fix", "3=2", "--out", "p.svg", "--json"}, "", 10*time.Second)
	var v map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &v); err != nil || r.code != 0 {
		t.Fatalf("plot --json: status %d, %v: %q %q", r.code, err, r.stdout, r.stderr)
	}
	if v["out"] != "p.svg" || v["game"] != "cn:6,3" || v["format"] != "svg" {
		t.Errorf("plot --json: %v", v)
	}
}

// TestServeAnnouncesABrowserURL: a lab listening on every interface is
// announced at localhost, which a browser opens.
func TestServeAnnouncesABrowserURL(t *testing.T) {
	for _, tt := range []struct {
		addr net.Addr
		want string
	}{
		{&net.TCPAddr{IP: net.IPv4zero, Port: 8080}, "http://localhost:8080/"},
		{&net.TCPAddr{IP: net.IPv6unspecified, Port: 9000}, "http://localhost:9000/"},
		{&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080}, "http://127.0.0.1:8080/"},
		{&net.TCPAddr{IP: net.IPv6loopback, Port: 8080}, "http://[::1]:8080/"},
		{&net.TCPAddr{IP: net.IPv4(192, 168, 1, 2), Port: 80}, "http://192.168.1.2:80/"},
	} {
		if got := browserURL(tt.addr); got != tt.want {
			t.Errorf("%v: %s, want %s", tt.addr, got, tt.want)
		}
	}
	// The whole command, on a loopback socket that says it is 0.0.0.0.
	old := listen
	defer func() { listen = old }()
	listen = func(network, _ string) (net.Listener, error) {
		ln, err := net.Listen(network, "127.0.0.1:0")
		return anyAddrListener{ln}, err
	}
	r := runArgs([]string{"serve", "--addr", "0.0.0.0:8080"}, "", 200*time.Millisecond)
	port := "?"
	if i := strings.LastIndex(r.stderr, ":"); i >= 0 {
		_, port, _ = strings.Cut(r.stderr[strings.Index(r.stderr, "localhost:"):], ":")
		port, _, _ = strings.Cut(port, "/")
	}
	if !strings.Contains(r.stderr, "nimlab lab on http://localhost:"+port+"/\n") || strings.Contains(r.stderr, "[::]") {
		t.Errorf("serve --addr 0.0.0.0:PORT announced:\n%s", r.stderr)
	}
}

// anyAddrListener reports the address of every interface, 0.0.0.0.
type anyAddrListener struct{ net.Listener }

func (l anyAddrListener) Addr() net.Addr {
	return &net.TCPAddr{IP: net.IPv4zero, Port: l.Listener.Addr().(*net.TCPAddr).Port}
}

// TestAPISolveNegativeMax: the API says what max takes, as the CLI says
// what --max takes.
func TestAPISolveNegativeMax(t *testing.T) {
	srv := testServer(t, "")
	status, _, body := get(t, srv.URL+"/api/solve?game=cn:6,3&max=-1")
	if status != http.StatusBadRequest || !strings.Contains(string(body), `"max takes a whole number from 0 to 65534`) || strings.Contains(string(body), "required") {
		t.Errorf("/api/solve?max=-1: %d %s", status, body)
	}
}

// TestCriticalAbsentRemoteness: a remoteness no position of the box has is
// listed empty, in text as in JSON.
func TestCriticalAbsentRemoteness(t *testing.T) {
	args := []string{"critical", "slow:3,2", "--max", "5", "--remoteness", "99"}
	text := runArgs(args, "", 10*time.Second)
	asJSON := runArgs(append(args, "--json"), "", 10*time.Second)
	if err := checkResult(args, text); err != nil || text.code != 0 {
		t.Fatalf("text: status %d, %v", text.code, err)
	}
	if !strings.Contains(text.stdout, "R = 99 (N): 0 (no position of the box has remoteness 99)") {
		t.Errorf("text:\n%s", text.stdout)
	}
	var v struct {
		Critical []struct {
			Remoteness int     `json:"remoteness"`
			Positions  [][]int `json:"positions"`
		} `json:"critical"`
	}
	if err := json.Unmarshal([]byte(asJSON.stdout), &v); err != nil || len(v.Critical) != 1 || v.Critical[0].Remoteness != 99 || v.Critical[0].Positions == nil || len(v.Critical[0].Positions) != 0 {
		t.Errorf("JSON: %v %+v: %s", err, v, asJSON.stdout)
	}
}
