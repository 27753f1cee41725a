package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/nimlab/nimlab/game"
	"github.com/spf13/pflag"
)

// cliResult is what one command line did, run as main runs it (runCLI).
type cliResult struct {
	code           int
	stdout, stderr string
	truncated      bool   // stdout or stderr passed 4 MiB and was cut
	panicked       string // the panic and its stack, if the command panicked
	late           bool   // the command did not return after its context ended
}

// stderrNotes start the lines commands write on stderr besides the error.
var stderrNotes = []string{"wrote ", "warning: ", "note: ", "nimlab lab on ", "surveying ", "already done "}

// cliBudget makes the commands of a test small: the memory estimate a solve
// must pass is capped, and serve does not listen. It undoes both at the end
// of the test.
func cliBudget(tb testing.TB) {
	oldCap, oldListen := memoryCap, listen
	memoryCap = 256 << 20
	listen = func(network, addr string) (net.Listener, error) {
		return nil, fmt.Errorf("tests do not listen on %s", addr)
	}
	tb.Cleanup(func() { memoryCap, listen = oldCap, oldListen })
}

// runArgs runs args through runCLI with stdin, under a context cancelled
// after timeout. It waits a grace period more for the command to return: a
// command that does not is reported late (its computation ignores its
// context).
func runArgs(args []string, stdin string, timeout time.Duration) cliResult {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	var stdout, stderr cappedBuffer
	done := make(chan cliResult, 1)
	go func() {
		var r cliResult
		defer func() {
			if p := recover(); p != nil {
				r.panicked = fmt.Sprintf("%v\n%s", p, debug.Stack())
			}
			r.stdout, r.stderr = stdout.String(), stderr.String()
			r.truncated = stdout.dropped > 0 || stderr.dropped > 0
			done <- r
		}()
		r.code = runCLI(ctx, args, strings.NewReader(stdin), &stdout, &stderr)
	}()
	select {
	case r := <-done:
		return r
	case <-time.After(timeout + 5*time.Second):
		return cliResult{late: true}
	}
}

// cappedBuffer keeps the first 4 MiB written to it and counts the rest, so
// that a command printing without end cannot exhaust a test's memory.
type cappedBuffer struct {
	bytes.Buffer
	dropped int64
}

func (b *cappedBuffer) Write(p []byte) (int, error) {
	keep := min(len(p), max(4<<20-b.Len(), 0))
	b.Buffer.Write(p[:keep])
	b.dropped += int64(len(p) - keep)
	return len(p), nil
}

// checkResult reports what is wrong with the result of args: a panic, a
// command that outlived its context, an error that is not one line starting
// with "nimlab:", an error line on success, or --json output that is not
// JSON.
func checkResult(args []string, r cliResult) error {
	switch {
	case r.panicked != "":
		return fmt.Errorf("panic: %s", r.panicked)
	case r.late:
		return fmt.Errorf("still running 5 s after its context was cancelled")
	}
	lines := strings.Split(strings.TrimSuffix(r.stderr, "\n"), "\n")
	if r.stderr == "" {
		lines = nil
	}
	errorLines := 0
	for _, l := range lines {
		switch {
		case strings.HasPrefix(l, "nimlab: "):
			errorLines++
		case !hasAnyPrefix(l, stderrNotes):
			return fmt.Errorf("stderr line %q is neither the error nor a note (stderr %q)", l, r.stderr)
		}
	}
	if r.code == 0 {
		if errorLines > 0 {
			return fmt.Errorf("exit status 0 with an error on stderr: %q", r.stderr)
		}
		if jsonOutput(args) && !r.truncated {
			for _, l := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
				if !json.Valid([]byte(l)) {
					return fmt.Errorf("--json printed a line that is not JSON: %.200q", l)
				}
			}
		}
		return nil
	}
	if errorLines != 1 || !strings.HasPrefix(lines[len(lines)-1], "nimlab: ") || !strings.HasSuffix(r.stderr, "\n") {
		return fmt.Errorf("exit status %d, but stderr is not one error line starting with \"nimlab:\" (after notes): %q", r.code, r.stderr)
	}
	// runCLI escapes line breaks, which only an argument may bring (and a
	// backslash typed in one may look like).
	if msg := lines[len(lines)-1]; strings.Contains(msg, `\n`) && !strings.ContainsAny(strings.Join(args, ""), "\n\r\\") {
		return fmt.Errorf("the error has a line break of its own: %q", msg)
	}
	if r.code != 1 && r.code != 130 && !(r.code == 3 && args[0] == "prove") { // prove: 3 is "unknown"
		return fmt.Errorf("exit status %d: %s", r.code, r.stderr)
	}
	return nil
}

func hasAnyPrefix(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// jsonOutput reports whether args ask for JSON on stdout, as the command
// parses them: --json (or list's --format json), and not --help.
func jsonOutput(args []string) bool {
	root := newRoot()
	cmd, rest, err := root.Find(args)
	if err != nil || cmd == root {
		return false
	}
	if err := cmd.ParseFlags(rest); err != nil {
		return false
	}
	flagValue := func(name string) string {
		if f := cmd.Flags().Lookup(name); f != nil {
			return f.Value.String()
		}
		return ""
	}
	if flagValue("help") == "true" {
		return false
	}
	return flagValue("json") == "true" || cmd.Name() == "list" && flagValue("format") == "json"
}

// cliCase is one command line of the corpus with its stdin. A line that
// asks for a large computation (a flag at the top of its range) may run
// out of time: it must then stop at its context.
type cliCase struct {
	args   []string
	stdin  string
	mayRun bool
}

// piles is n comma-separated copies of v.
func piles(n int, v string) string {
	return strings.TrimSuffix(strings.Repeat(v+",", n), ",")
}

// gameCorpus is the command lines run on one game of n piles: every
// command that takes a game, on valid and odd positions, text and JSON.
func gameCorpus(spec string, n int, full bool) []cliCase {
	seq := make([]string, n)
	for i := range seq {
		seq[i] = strconv.Itoa(i%4 + 1)
	}
	positions := []string{piles(n, "0"), strings.Join(seq, ","), piles(n, "9223372036854775807")}
	if full {
		positions = append(positions,
			piles(n+1, "1"), piles(max(n-1, 0), "1"), piles(n, "-1"), piles(n, "9223372036854775808"),
			"", "x", "1e3", "("+piles(n, " 2")+")", piles(n, "3")+",", strings.Repeat("1,", 5000))
	}
	var cases []cliCase
	add := func(stdin string, args ...string) {
		cases = append(cases, cliCase{args: args, stdin: stdin})
		cases = append(cases, cliCase{args: append(append([]string(nil), args...), "--json"), stdin: stdin})
	}
	for _, p := range positions {
		add("", "outcome", spec, p)
		add("quit\n", "play", spec, p)
	}
	p := strings.Join(seq, ",")
	add("hint\nundo\n?\n1 -= 1\n"+piles(n, "0")+"\n\nq\n", "play", spec, p, "--hints")
	add("", "play", spec, p, "--first", "computer")
	add("zzz\n9 -= 1\n1 -= 99\n", "play", spec, p)
	add("", "solve", spec, "--max", "2", "--grundy", "--remoteness")
	add("", "list", spec, "--max", "2", "--classes")
	add("", "check", spec, "--max", "2", "--properties")
	add("", "check", spec, "--max", "2", "--expr", "a == 0")
	add("", "critical", spec, "--max", "2")
	add("", "complex", spec)
	add("", "theorems", spec)
	add("", "cite", spec)
	add("", "list", spec, "--max", "1", "--format", "latex")
	add("", "theorems", spec, "--format", "latex")
	cases = append(cases,
		cliCase{args: []string{"draw", spec, p, "--out", "d.svg"}, stdin: ""},
		cliCase{args: []string{"draw", spec, "--complex", "--out", "-"}, stdin: ""},
		cliCase{args: []string{"draw", spec, p, "--format", "tikz", "--bare"}, stdin: ""},
		cliCase{args: []string{"draw", spec, "--complex", "--out", "d.tex"}, stdin: ""},
		cliCase{args: []string{"plot", spec, "--max", "2", "--out", "p.svg", "--value", "grundy", "--json"}, stdin: ""})
	if full {
		cases = append(cases, cliCase{args: []string{"plot", spec, "--max", "2", "--out", "p.png", "--value", "remoteness"}, stdin: ""})
		add("", "solve", spec, "--max", "3", "--reference")
		add("", "critical", spec, "--max", "2", "--remoteness", "99")
		add("", "bench", spec, "--max", "1", "--reference-max", "1", "--previous-max", "1")
		verify := "3" // on 7 and more piles, 4^n positions take seconds to verify
		if n > 6 {
			verify = "2"
		}
		add("", "discover", spec, "--max", "2", "--verify-max", verify)
		add("", "atlas", spec, "--max", "1", "--out", "atlas", "--discover=false")
		add("", "prove", spec, "--expr", "a == 0", "--timeout", "2s")
	}
	return cases
}

// oddSpecs are game specs the parser must refuse or take, quickly.
var oddSpecs = []string{
	"", " ", ":", "cn:", "cn:6,3/misere/misere", "cn:6,3/normal", "nim:99999999999999999999", "nim:0",
	"nim:-1", "nim:65", "cn:64,32", "complex:1-64", "complex:1-65", "complex:1-1", "graph:1-1", "hyper:1-2-1",
	"join(", "join()", "join(nim:1;)", "slow(slow(slow(nim:2)))", "nim:2 + nim:2", "cn:5,2 & slow:3,2",
	"cn:６,３", "CN:6,3", "moore:40,20", "binmat:", "ecn:8,{},3", "slowset:5,{}", "slowset:5,{0}",
	"complex:" + strings.Repeat("1-2,", 10000) + "1-2", strings.Repeat("cone(", 200) + "nim:1" + strings.Repeat(")", 200),
}

// flagValues are odd values for a flag of type typ.
func flagValues(f *pflag.Flag) []string {
	switch f.Value.Type() {
	case "bool":
		return []string{"=x", "=false", "=true", "="}
	case "duration":
		return []string{"0", "-1s", "x", "1ns", "9999999h"}
	case "int", "int64":
		vals := []string{"-1", "-2", "0", "1", "1e30", "x", "", " 3", "99999999999999999999", "9223372036854775807", "-9223372036854775808"}
		if w, ok := f.Value.(*whole[int]); ok {
			vals = append(vals, strconv.Itoa(w.hi), strconv.Itoa(w.hi+1), strconv.Itoa(w.lo-1))
		}
		return vals
	}
	return []string{"", "x", "-", "../x", strings.Repeat("a", 10000)}
}

// commandBases are valid, small command lines of every command, which
// the corpus varies flag by flag.
var commandBases = []cliCase{
	{args: []string{"atlas", "cn:3..4", "--max", "1", "--out", "atlas", "--discover=false"}, stdin: ""},
	{args: []string{"bench", "cn:4,2", "--max", "2", "--reference-max", "1"}, stdin: ""},
	{args: []string{"check", "cn:4,2", "--max", "2", "--theorem", "cn42"}, stdin: ""},
	{args: []string{"cite", "cn:4,2"}, stdin: ""},
	{args: []string{"complex", "cn:4,2"}, stdin: ""},
	{args: []string{"critical", "slow:3,2", "--max", "3"}, stdin: ""},
	{args: []string{"discover", "cn:4,2", "--max", "3"}, stdin: ""},
	{args: []string{"draw", "cn:4,2", "1,2,3,4", "--out", "d.svg"}, stdin: ""},
	{args: []string{"eval", "cn:4,2", "--expr", "a == c", "--positions", "t.npz"}, stdin: ""},
	{args: []string{"explore", "--n", "3", "--max", "1"}, stdin: ""},
	{args: []string{"games"}, stdin: ""},
	{args: []string{"list", "cn:4,2", "--max", "2"}, stdin: ""},
	{args: []string{"outcome", "cn:4,2", "1,2,3,4"}, stdin: ""},
	{args: []string{"play", "cn:4,2", "1,2,3,4"}, stdin: "quit\n"},
	{args: []string{"plot", "cn:4,2", "--max", "2", "--out", "p.svg"}, stdin: ""},
	{args: []string{"prove", "cn:4,2", "--theorem", "cn42", "--timeout", "10s"}, stdin: ""},
	{args: []string{"repro", "--only", "dufour-heubach-2013/remark3.4"}, stdin: ""},
	{args: []string{"serve"}, stdin: ""},
	{args: []string{"session"}, stdin: `{"id":1,"args":["outcome","cn:4,2","1,2,3,4","--json"]}` + "\n"},
	{args: []string{"solve", "cn:4,2", "--max", "2"}, stdin: ""},
	{args: []string{"theorems", "cn:4,2"}, stdin: ""},
	{args: []string{"version"}, stdin: ""},
}

// flagCorpus varies every flag of every command of bases over odd values,
// and gives each command no arguments, too many, and --help.
func flagCorpus() []cliCase {
	var cases []cliCase
	root := newRoot()
	for _, base := range commandBases {
		cmd, _, err := root.Find(base.args)
		if err != nil {
			panic(err)
		}
		cases = append(cases,
			cliCase{args: base.args[:1], stdin: base.stdin, mayRun: true},
			cliCase{args: append(append([]string(nil), base.args...), "extra", "more"), stdin: base.stdin},
			cliCase{args: []string{base.args[0], "--help"}, stdin: ""},
			cliCase{args: append(append([]string(nil), base.args...), "--no-such-flag"), stdin: base.stdin})
		cmd.InitDefaultHelpFlag()
		cmd.Flags().VisitAll(func(f *pflag.Flag) {
			values := flagValues(f)
			if cmd.Name() == "repro" && f.Name == "only" {
				values = []string{"zzz", "000/remark3.4", strings.Repeat("a", 10000)} // not every claim
			}
			for _, v := range values {
				args := append([]string(nil), base.args...)
				if strings.HasPrefix(v, "=") {
					args = append(args, "--"+f.Name+v)
				} else {
					args = append(args, "--"+f.Name, v)
				}
				cases = append(cases, cliCase{args: args, stdin: base.stdin, mayRun: true})
			}
			cases = append(cases, cliCase{args: append(append([]string(nil), base.args...), "--"+f.Name), stdin: base.stdin})
		})
	}
	return cases
}

// cliCorpus is every command line of the corpus: each game family's
// example, a few compounds and misère games, odd specs, and every flag of
// every command. In short mode the slower commands run on fewer games.
func cliCorpus(short bool) []cliCase {
	var cases []cliCase
	specs := []string{"nim:1", "nim:2", "nim:4", "cn:4,2", "cn:6,3/misere", "path:2,1", "moore:2,1", "slow:4,3", "nim:2 + nim:2", "cn:8,3"}
	for _, f := range game.Families() {
		specs = append(specs, f.Example)
	}
	for i, spec := range specs {
		g, err := game.Parse(spec)
		if err != nil {
			panic(fmt.Sprintf("%s: %v", spec, err))
		}
		cases = append(cases, gameCorpus(spec, g.Piles(), !short || i%4 == 0)...)
	}
	for _, spec := range oddSpecs {
		for _, c := range [][]string{{"outcome", spec, "1"}, {"solve", spec, "--max", "1"}, {"theorems", spec}, {"atlas", spec, "--max", "1", "--out", "atlas", "--discover=false"}} {
			cases = append(cases, cliCase{args: c, stdin: ""})
		}
	}
	for _, family := range []string{"complexes:9", "complexes:0", "complexes:x", "cn:0..3", "cn:3..99", "rules:3..3", ";", "cn:4,2;;nim:2", "path:4..2"} {
		cases = append(cases, cliCase{args: []string{"atlas", family, "--max", "1", "--out", "atlas", "--discover=false", "--json"}, stdin: ""})
	}
	cases = append(cases, flagCorpus()...)
	for _, args := range [][]string{{}, {""}, {"help"}, {"help", "solve"}, {"help", "nosuch"}, {"sovle"}, {"--json"}, {"-x"}, {"--", "solve"},
		{"completion"}, {"completion", "bash"}, {"completion", "nosuch"}, {"solve", "--", "cn:4,2", "--max", "2"}} {
		cases = append(cases, cliCase{args: args, stdin: ""})
	}
	return cases
}

// TestCLICorpus runs every command, text and --json, over a corpus of
// valid and odd arguments: no command may panic or outlive its context,
// every error is one line starting with "nimlab:", and --json prints JSON.
// Each command line has 10 s, and one with a flag at the top of its range
// 250 ms; the corpus is small boxes, and none of the others should come near
// its time.
func TestCLICorpus(t *testing.T) {
	cliBudget(t)
	t.Chdir(t.TempDir())
	cases := cliCorpus(testing.Short())
	start := time.Now()
	for _, c := range cases {
		timeout := 10 * time.Second
		if c.mayRun {
			timeout = 250 * time.Millisecond
		}
		r := runArgs(c.args, c.stdin, timeout)
		if err := checkResult(c.args, r); err != nil {
			t.Errorf("%q: %v", c.args, err)
			continue
		}
		if !c.mayRun && strings.Contains(r.stderr, "deadline exceeded") {
			t.Errorf("%q: too slow for the corpus: %s", c.args, r.stderr)
		}
	}
	t.Logf("%d command lines in %v", len(cases), time.Since(start))
}
