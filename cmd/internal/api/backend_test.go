package api

import (
	"context"
	"encoding/json"
	"errors"
	"net/url"
	"strings"
	"testing"

	"github.com/nimlab/nimlab/commands"
)

// TestBackendPlays: the play endpoint plays a step of a game, its history
// separated by HistorySeparator, as commands.Play does.
func TestBackendPlays(t *testing.T) {
	b := &Backend{Browser: true, Cache: commands.NewCache(1 << 26)}
	e := b.Endpoints()["play"]
	values := url.Values{"game": {"nim:3/misere"}, "history": {strings.Join([]string{"1,1,1", "0,1,1", "0,1,0"}, HistorySeparator)}, "move": {"2 -= 1"}, "hints": {"1"}}
	q, err := b.Decode("play", e, values)
	if err != nil {
		t.Fatal(err)
	}
	reply, err := b.Run(context.Background(), "play", e, q, b.Env(e, nil, nil))
	if err != nil {
		t.Fatal(err)
	}
	var r commands.PlayResult
	if err := json.Unmarshal(reply.Data, &r); err != nil || reply.Figure || reply.ContentType() != "application/json" {
		t.Fatalf("%s: %v", reply.Data, err)
	}
	// You take the last token: in misère play, you lose.
	if len(r.History) != 4 || r.Winner != commands.Computer || len(r.Moves) != 1 || r.ToMove != "" {
		t.Errorf("play answered %s", reply.Data)
	}
}

// TestBackendRefuses: the browser refuses what runs elsewhere with the
// command line that runs it, and so does a back end that resolves no tables
// a request with a table; a resolution's error is a QueryError.
func TestBackendRefuses(t *testing.T) {
	browser := &Backend{Browser: true}
	for name, says := range map[string]string{
		"prove": "nimlab prove cn:6,3 --expr 'a+b == d+e'",
		"plot":  "nimlab plot cn:6,3 --axes 1,2 --max 4 --out plot.svg",
	} {
		values := url.Values{"game": {"cn:6,3"}}
		if name == "prove" {
			values.Set("expr", "a+b == d+e")
		} else {
			values.Set("max", "4")
			values.Set("axes", "1,2")
		}
		_, err := browser.Decode(name, browser.Endpoints()[name], values)
		if err == nil || !strings.Contains(err.Error(), says) {
			t.Errorf("%s in the browser: %v, want it to say %s", name, err, says)
		}
	}
	_, err := browser.Decode("solve", browser.Endpoints()["solve"], url.Values{"game": {"cn:6,3"}, "table": {"x.tbl"}})
	if want := "/api/solve: no saved table is read here: run nimlab solve cn:6,3 --table x.tbl in a terminal"; err == nil || err.Error() != want {
		t.Errorf("a table in the browser: %v, want %q", err, want)
	}
	server := &Backend{Resolve: func(string) (string, error) { return "", errors.New("no tables here") }}
	e := server.Endpoints()["solve"]
	_, err = server.Decode("solve", e, url.Values{"game": {"cn:6,3"}, "table": {"x.tbl"}})
	var qe *QueryError
	if !errors.As(err, &qe) {
		t.Errorf("a table the server cannot resolve: %v", err)
	}
}

// TestBackendKeeps: a Kept endpoint's answer without parameters is
// computed once.
func TestBackendKeeps(t *testing.T) {
	runs := 0
	e := Endpoint{Kept: true, Run: func(context.Context, commands.Env, *Query) (commands.Result, error) {
		runs++
		return commands.Games(), nil
	}}
	b := &Backend{}
	for range 3 {
		q, err := b.Decode("games", e, url.Values{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := b.Run(context.Background(), "games", e, q, b.Env(e, nil, nil)); err != nil {
			t.Fatal(err)
		}
	}
	if runs != 1 {
		t.Errorf("a kept endpoint ran %d times", runs)
	}
}

// TestEventsProgress: the first and the last progress report are sent,
// and nothing once the events are closed.
func TestEventsProgress(t *testing.T) {
	var sent []string
	ev := NewEvents(func(event string, data []byte) { sent = append(sent, event+" "+string(data)) })
	report, _ := ev.Progress("cn:6,3", 100)
	for done := int64(0); done <= 100; done++ {
		report(done, 100)
	}
	if len(sent) < 2 || sent[0] != `progress {"done":0,"total":100}` || sent[len(sent)-1] != `progress {"done":100,"total":100}` {
		t.Errorf("sent %q", sent)
	}
	ev.Close()
	n := len(sent)
	ev.Send("result", []byte("{}"))
	if len(sent) != n {
		t.Error("an event was sent after Close")
	}
}

// TestCommandLine: the command line of a request names whole numbers with
// their value, flags alone, quotes what the shell would split, and starts
// a game played at its start.
func TestCommandLine(t *testing.T) {
	es := Endpoints()
	for _, tt := range []struct {
		name   string
		values url.Values
		want   string
	}{
		{"solve", url.Values{"game": {"cn:9,4"}, "max": {"1"}, "grundy": {"1"}}, "nimlab solve cn:9,4 --grundy --max 1"},
		{"slice", url.Values{"game": {"cn:9,4"}, "max": {"30"}, "axes": {"1,2"}}, "nimlab plot cn:9,4 --axes 1,2 --max 30 --out slice.svg"},
		{"play", url.Values{"game": {"nim:3/misere"}, "history": {"1,2,3/0,2,3"}}, "nimlab play nim:3/misere 1,2,3"},
		{"advise", url.Values{"game": {"nim:3"}, "position": {"0,2,3"}, "start": {"1,2,3"}}, "nimlab play nim:3 1,2,3"},
		{"check", url.Values{"game": {"cn:6,3"}, "expr": {""}}, "nimlab check cn:6,3 --expr"},
	} {
		if got := CommandLine(tt.name, es[tt.name], tt.values); got != tt.want {
			t.Errorf("CommandLine(%s, %v) = %s, want %s", tt.name, tt.values, got, tt.want)
		}
	}
}
