package api

import (
	"context"
	"encoding/json"
	"errors"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/nimlab/nimlab/commands"
)

// TestDecodeRefuses: a query with a parameter the endpoint does not take,
// one given twice, no game where one is needed, or a malformed number is
// refused with a QueryError that says which, in the back end's words.
func TestDecodeRefuses(t *testing.T) {
	tests := []struct {
		name, query string
		want        string
	}{
		{"outcome", "game=cn:6,3&position=1,2,3,4,5,6&tables=x.tbl", `/api/outcome takes no parameter "tables" (it takes game, position, options, table)`},
		{"outcome", "game=cn:6,3&position=1&stream=1", `/api/outcome takes no parameter "stream" (it takes game, position, options, table)`},
		{"solve", "game=cn:6,3&max=3&grundy=maybe", `/api/solve: grundy takes 1 or 0 (true or false), not "maybe"`},
		{"outcome", "game=cn:6,3&position=1,2,3,4,5,6&options=yes", `/api/outcome: options takes 1 or 0 (true or false), not "yes"`},
		{"repro", "game=cn:6,3", `/api/repro takes no parameter "game" (it takes list, only)`},
		{"games", "game=cn:6,3", `/api/games takes no parameter "game" (it takes )`},
		{"outcome", "game=cn:6,3&game=nim:3&position=1,2,3", "/api/outcome: give game once, not 2 times"},
		{"check", "game=cn:6,3&max=3&max=4&max=5", "/api/check: give max once, not 3 times"},
		{"solve", "max=3", "give a game, e.g. ?game=cn:6,3"},
		{"draw", "game=&position=1", "give a game, e.g. ?game=cn:6,3"},
		{"solve", "game=cn:6,3&max=ten", `max takes a whole number from 0 to 65534, not "ten"`},
		{"solve", "game=cn:6,3&max=-1", `max takes a whole number from 0 to 65534, not "-1"`},
		{"list", "game=cn:6,3&max=65535", `max takes a whole number from 0 to 65534, not "65535"`},
		{"discover", "game=cn:6,3&verify-max=1e3", `verify-max takes a whole number from 0 to 65534, not "1e3"`},
		{"check", "game=cn:6,3&examples=1001", `examples takes a whole number from 0 to 1000, not "1001"`},
		{"critical", "game=cn:6,3&remoteness=far", `remoteness takes a whole number from 0 to 2147483647, not "far"`},
		{"critical", "game=cn:6,3&remoteness=--help", `remoteness takes a whole number from 0 to 2147483647, not "--help"`},
	}
	for _, tt := range tests {
		t.Run(tt.name+"?"+tt.query, func(t *testing.T) {
			values, err := url.ParseQuery(tt.query)
			if err != nil {
				t.Fatal(err)
			}
			q, err := Endpoints()[tt.name].Decode(tt.name, values)
			var qe *QueryError
			if !errors.As(err, &qe) || err.Error() != tt.want {
				t.Errorf("Decode(%s?%s) = %v, %v; want the QueryError %q", tt.name, tt.query, q, err, tt.want)
			}
		})
	}
}

// TestDecodeReads: a query that Decode accepts reads back as typed values:
// whole numbers (trimmed, at both ends of their range, or the default when
// absent) and booleans (present, and not "", "false" or "0").
func TestDecodeReads(t *testing.T) {
	tests := []struct {
		name, query string
		whole       map[string]int // key -> value read
		boolean     map[string]bool
	}{
		{"solve", "game=cn:6,3&max=+12&grundy=1&remoteness=false", map[string]int{"max": 12}, map[string]bool{"grundy": true, "remoteness": false}},
		{"solve", "game=cn:6,3&max=%2012%20&grundy&remoteness=true", map[string]int{"max": 12}, map[string]bool{"grundy": false, "remoteness": true}},
		{"solve", "game=cn:6,3&grundy=0", map[string]int{"max": -1}, map[string]bool{"grundy": false, "remoteness": false}},
		{"discover", "game=cn:6,3&max=1&verify-max=65534", map[string]int{"max": 1, "verify-max": 65534}, nil},
		{"check", "game=cn:6,3&examples=1000&properties=true", map[string]int{"examples": 1000, "max": -1}, map[string]bool{"properties": true}},
		{"critical", "game=cn:6,3&remoteness=2147483647", map[string]int{"remoteness": 2147483647}, nil},
		{"theorems", "", nil, nil},
		{"games", "", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name+"?"+tt.query, func(t *testing.T) {
			values, err := url.ParseQuery(tt.query)
			if err != nil {
				t.Fatal(err)
			}
			q, err := Endpoints()[tt.name].Decode(tt.name, values)
			if err != nil {
				t.Fatal(err)
			}
			for key, want := range tt.whole {
				if got := q.Whole(key); got != want {
					t.Errorf("Whole(%s) = %d, want %d", key, got, want)
				}
			}
			for key, want := range tt.boolean {
				if got := q.Boolean(key); got != want {
					t.Errorf("Boolean(%s) = %v, want %v", key, got, want)
				}
			}
		})
	}
}

// TestEndpointsAreConsistent: every endpoint runs, needs a game exactly
// when it takes one (but theorems), and takes the parameters it reads as
// numbers; Endpoints is a new map at every call.
func TestEndpointsAreConsistent(t *testing.T) {
	es := Endpoints()
	if len(es) == 0 {
		t.Fatal("no endpoints")
	}
	for name, e := range es {
		if e.Run == nil {
			t.Errorf("%s does not run", name)
		}
		if takesGame := slices.Contains(e.Params, "game"); e.NeedsGame != (takesGame && name != "theorems") {
			t.Errorf("%s: NeedsGame is %v, but it takes %v", name, e.NeedsGame, e.Params)
		}
		for _, key := range e.Wholes {
			if !slices.Contains(e.Params, key) {
				t.Errorf("%s reads %s as a number but does not take it", name, key)
			}
			if p, ok := param(name, key); !ok || p.Kind != Whole || p.Min > p.Max {
				t.Errorf("%s reads %s as a number, which has no range", name, key)
			}
		}
		if e.Tables && !slices.Contains(e.Wholes, "max") && name != "outcome" {
			t.Errorf("%s reads a table but not max", name)
		}
	}
	es["outcome"] = Endpoint{}
	delete(es, "solve")
	if again := Endpoints(); again["outcome"].Run == nil || again["solve"].Run == nil {
		t.Error("changing the map of Endpoints changed the next one")
	}
}

// TestRunAnswersAsTheCommands: an endpoint's Run answers what the typed
// command it names answers for the same request.
func TestRunAnswersAsTheCommands(t *testing.T) {
	ctx := context.Background()
	solve, err := commands.Solve(ctx, commands.Env{}, commands.SolveRequest{Game: "cn:6,3", Source: commands.Source{Max: 3}, Grundy: true})
	if err != nil {
		t.Fatal(err)
	}
	critical, err := commands.Critical(ctx, commands.Env{}, commands.CriticalRequest{Game: "cn:6,3", Source: commands.Source{Max: 3}, Remoteness: 2})
	if err != nil {
		t.Fatal(err)
	}
	outcome, err := commands.Outcome(ctx, commands.Env{}, commands.OutcomeRequest{Game: "cn:4,2", Position: "1,0,2,1", Options: true})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, query string
		want        commands.Result
	}{
		{"solve", "game=cn:6,3&max=3&grundy=1", solve},
		{"outcome", "game=cn:4,2&position=1,0,2,1&options=1", outcome},
		{"critical", "game=cn:6,3&max=3&remoteness=2", critical},
		{"games", "", commands.Games()},
	}
	for _, tt := range tests {
		t.Run(tt.name+"?"+tt.query, func(t *testing.T) {
			values, err := url.ParseQuery(tt.query)
			if err != nil {
				t.Fatal(err)
			}
			e := Endpoints()[tt.name]
			q, err := e.Decode(tt.name, values)
			if err != nil {
				t.Fatal(err)
			}
			got, err := e.Run(ctx, commands.Env{}, q)
			if err != nil {
				t.Fatal(err)
			}
			if g, w := untimed(t, got), untimed(t, tt.want); g != w {
				t.Errorf("Run(%s?%s) = %s, want %s", tt.name, tt.query, g, w)
			}
		})
	}
}

// TestRunReadsTheTable: a request reads the saved table its back end
// resolved (Query.Table), not one it solves.
func TestRunReadsTheTable(t *testing.T) {
	e := Endpoints()["solve"]
	q, err := e.Decode("solve", url.Values{"game": {"cn:6,3"}})
	if err != nil {
		t.Fatal(err)
	}
	q.Table = t.TempDir() + "/missing.tbl"
	if _, err := e.Run(context.Background(), commands.Env{}, q); err == nil || !strings.Contains(err.Error(), "missing.tbl") {
		t.Errorf("solve with a missing table: %v, want an error that names it", err)
	}
}

// untimed is a result's JSON without its times and speed, which differ
// run to run.
func untimed(t *testing.T, res commands.Result) string {
	t.Helper()
	data, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	if m, ok := v.(map[string]any); ok {
		for _, key := range []string{"seconds", "seconds_total", "positions_per_second"} {
			delete(m, key)
		}
	}
	out, _ := json.Marshal(v)
	return string(out)
}
