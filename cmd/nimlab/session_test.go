package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"
)

// sessionLines runs a session on the request lines and returns its output
// lines after the first, decoded.
func sessionLines(t *testing.T, requests ...string) []map[string]any {
	t.Helper()
	var out bytes.Buffer
	if err := runSession(context.Background(), strings.NewReader(strings.Join(requests, "\n")), &out); err != nil {
		t.Fatal(err)
	}
	var lines []map[string]any
	sc := bufio.NewScanner(&out)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("output line %q is not JSON: %v", sc.Text(), err)
		}
		lines = append(lines, m)
	}
	if len(lines) == 0 || lines[0]["protocol"] != float64(sessionProtocol) {
		t.Fatalf("the first line is not the session's greeting: %v", lines)
	}
	return lines[1:]
}

// request is a session request line for the command line args.
func request(id int, args ...string) string {
	b, _ := json.Marshal(sessionRequest{ID: int64(id), Args: args})
	return string(b)
}

// TestSessionAnswersAsTheCommandLine: each answer's stdout, stderr and exit
// status are the command line's for the same arguments, and its error kind
// says what went wrong.
func TestSessionAnswersAsTheCommandLine(t *testing.T) {
	tests := []struct {
		args []string
		kind string
	}{
		{[]string{"games", "--json"}, ""},
		{[]string{"theorems", "cn:6,3", "--json"}, ""},
		{[]string{"outcome", "cn:4,2", "1,0,2,1", "--options"}, ""},
		{[]string{"list", "cn:5,2", "--max", "2", "--classes"}, ""},
		{[]string{"check", "cn:4,2", "--max", "4", "--expr", "a == b"}, "verdict"},
		{[]string{"outcome", "cn:6", "1"}, "game"},
		{[]string{"outcome", "cn:6,3", "1,2"}, "position"},
		{[]string{"outcome", "cn:6,3"}, "usage"},
		{[]string{"solve", "cn:6,3", "--max", "70000"}, "usage"},
		{[]string{"sovle", "cn:6,3"}, "usage"},
		{[]string{"outcome", "cn:6,3", "1000000000,1,2,3,4,5", "--options"}, "too_large"},
		{[]string{"solve", "nim:2", "--table", "/nonexistent/t.tbl"}, "file"},
	}
	var lines []string
	for i, tt := range tests {
		lines = append(lines, request(i+1, tt.args...))
	}
	answers := sessionLines(t, lines...)
	if len(answers) != len(tests) {
		t.Fatalf("%d answers to %d requests", len(answers), len(tests))
	}
	for i, tt := range tests {
		a := answers[i]
		if a["id"] != float64(i+1) {
			t.Fatalf("answer %d has id %v: answers out of order", i+1, a["id"])
		}
		var stdout, stderr bytes.Buffer
		code := runCLI(context.Background(), tt.args, strings.NewReader(""), &stdout, &stderr)
		if a["exit"] != float64(code) || a["stderr"] != stderr.String() {
			t.Errorf("%v: exit %v, stderr %q; the command line: %d, %q", tt.args, a["exit"], a["stderr"], code, stderr.String())
		}
		if a["stdout"] != stdout.String() {
			t.Errorf("%v: stdout %q; the command line: %q", tt.args, a["stdout"], stdout.String())
		}
		kind := ""
		if e, ok := a["error"].(map[string]any); ok {
			kind, _ = e["kind"].(string)
			if msg := "nimlab: " + e["message"].(string) + "\n"; !strings.HasSuffix(stderr.String(), msg) {
				t.Errorf("%v: error message %q is not the command line's last line %q", tt.args, msg, stderr.String())
			}
		}
		if kind != tt.kind {
			t.Errorf("%v: error kind %q, want %q (%v)", tt.args, kind, tt.kind, a["error"])
		}
	}
}

// TestSessionGivesTheText: with "text", a result printed as JSON comes as
// the command line's text as well.
func TestSessionGivesTheText(t *testing.T) {
	for _, args := range [][]string{
		{"outcome", "cn:4,2", "1,0,2,1", "--options"},
		{"check", "cn:4,2", "--max", "4", "--expr", "a == b"},
		{"theorems", "cn:6,3"},
	} {
		b, _ := json.Marshal(sessionRequest{ID: 1, Args: append(args, "--json"), Text: true})
		a := sessionLines(t, string(b))[0]
		var stdout bytes.Buffer
		runCLI(context.Background(), args, strings.NewReader(""), &stdout, io.Discard)
		if a["text"] != stdout.String() {
			t.Errorf("%v: text %q, the command line printed %q", args, a["text"], stdout.String())
		}
		var res map[string]any
		if err := json.Unmarshal([]byte(a["stdout"].(string)), &res); err != nil {
			t.Errorf("%v: stdout is not the JSON result: %v", args, err)
		}
	}
}

// TestSessionRefusesBadLines: lines that are no request are answered with a
// usage error, and the session goes on.
func TestSessionRefusesBadLines(t *testing.T) {
	answers := sessionLines(t, "junk", `{"id":2,"argz":["games"]}`, `{"id":3,"args":[]}`, request(4, "play", "nim:2"), request(5, "session"), request(6, "version", "--json"))
	if len(answers) != 6 {
		t.Fatalf("%d answers, want 6: %v", len(answers), answers)
	}
	for _, a := range answers[:5] {
		if e, ok := a["error"].(map[string]any); !ok || e["kind"] != "usage" || a["exit"] != float64(1) {
			t.Errorf("answer %v, want a usage error with status 1", a)
		}
	}
	if answers[5]["exit"] != float64(0) {
		t.Errorf("the session did not go on after bad lines: %v", answers[5])
	}
}

// TestSessionAnswersInOrder: a line that is no request is answered in its
// turn, after the requests before it.
func TestSessionAnswersInOrder(t *testing.T) {
	answers := sessionLines(t, request(1, "games", "--json"), "junk", request(3, "version"))
	if len(answers) != 3 || answers[0]["id"] != float64(1) || answers[1]["exit"] != float64(1) || answers[2]["id"] != float64(3) {
		t.Errorf("answers out of order: %v", answers)
	}
}

// TestSessionCancels: a cancelled request answers with status 130, and a request cancelled before it starts is not run.
func TestSessionCancels(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- runSession(context.Background(), inR, outW); outW.Close() }()
	lines := bufio.NewScanner(outR)
	lines.Buffer(nil, 1<<24)
	next := func() map[string]any {
		t.Helper()
		if !lines.Scan() {
			t.Fatalf("the session ended: %v", lines.Err())
		}
		var m map[string]any
		if err := json.Unmarshal(lines.Bytes(), &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	next() // the greeting
	// CN(8,4) with piles up to 15: 4.3e9 positions, minutes of solving.
	fmt.Fprintln(inW, request(1, "solve", "cn:8,4", "--max", "15", "--force"))
	fmt.Fprintln(inW, request(2, "games"))
	fmt.Fprintln(inW, `{"cancel":2}`)
	if m := next(); m["progress"] == nil {
		t.Fatalf("the solve answered before any progress: %v", m)
	}
	start := time.Now()
	fmt.Fprintln(inW, `{"cancel":1}`)
	var a map[string]any
	for a = next(); a["progress"] != nil; a = next() {
	}
	// How long it took is measured, not asserted (TestCommandsStopOnSIGTERM
	// holds every command to a second, alone on the machine).
	t.Logf("the cancelled solve answered %v after the cancellation", time.Since(start))
	if a["id"] != float64(1) || a["exit"] != float64(130) || a["error"].(map[string]any)["kind"] != "interrupted" {
		t.Errorf("the cancelled solve answered %v", a)
	}
	if a = next(); a["id"] != float64(2) || a["exit"] != float64(130) || a["stdout"] != "" {
		t.Errorf("the request cancelled before it started answered %v", a)
	}
	inW.Close()
	if err := <-done; err != nil {
		t.Errorf("the session ended with %v", err)
	}
}
