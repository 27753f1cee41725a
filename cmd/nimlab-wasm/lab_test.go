package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/nimlab/nimlab/commands"
)

// TestCallAnswersAsTheCommands: a request answers the JSON of the typed
// command it names, as "nimlab CMD --json" and /api/CMD do, and beside it
// (as "text") the command's text rendering where the command has one.
func TestCallAnswersAsTheCommands(t *testing.T) {
	ctx := context.Background()
	outcome, err := commands.Outcome(ctx, commands.Env{}, commands.OutcomeRequest{Game: "cn:6,3", Position: "1,2,3,4,5,6"})
	if err != nil {
		t.Fatal(err)
	}
	slice, err := commands.Slice(ctx, commands.Env{}, commands.SliceRequest{Game: "cn:6,3", Source: commands.Source{Max: 4}, Axes: "1,2", Fix: "3=1", Value: "grundy"})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, query string
		want        commands.Result
	}{
		{"outcome", "game=cn:6,3&position=1,2,3,4,5,6", outcome},
		{"slice", "game=cn:6,3&max=4&axes=1,2&fix=3=1&value=grundy", slice},
		{"games", "", commands.Games()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := newLab().call(ctx, tt.name, tt.query, 0, nil)
			if err != nil {
				t.Fatal(err)
			}
			var answer struct {
				Text *string `json:"text"`
			}
			json.Unmarshal(r.Data, &answer) // games answers an array, without text
			var text strings.Builder
			if err := tt.want.WriteText(&text); err != nil {
				t.Fatal(err)
			}
			if withText := tt.name == "outcome"; withText != (answer.Text != nil) || withText && *answer.Text != text.String() {
				t.Errorf("call(%s, %s) answers the text %v, want %q", tt.name, tt.query, answer.Text, text.String())
			}
			want, _ := json.Marshal(tt.want)
			if r.Figure || untimed(t, r.Data) != untimed(t, want) {
				t.Errorf("call(%s, %s) = %s, want %s", tt.name, tt.query, r.Data, want)
			}
		})
	}
}

// TestCallDraws: a figure is answered as SVG.
func TestCallDraws(t *testing.T) {
	r, err := newLab().call(context.Background(), "draw", "game=cn:6,3&position=1,2,3,4,5,6&move=0,2,3,4,5,6", 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Figure || !strings.Contains(string(r.Data), "<svg") {
		t.Errorf("draw answered %.80q, not SVG", r.Data)
	}
}

// TestCallRefuses: a malformed request, or one the browser cannot run,
// fails with a message that says why, and for what the browser cannot do
// the command line that does it.
func TestCallRefuses(t *testing.T) {
	tests := []struct {
		name, query string
		maxMemory   int64
		says        []string
	}{
		{"outcome", "game=cn:6,3&position=1,2,3,4,5,6&table=x.tbl", 0, []string{"no saved table is read here", "nimlab outcome cn:6,3 1,2,3,4,5,6 --table x.tbl"}},
		{"outcome", "game=cn:6,3&game=nim:3&position=1,2,3", 0, []string{"once"}},
		{"solve", "game=cn:6,3&max=ten", 0, []string{`max takes a whole number from 0 to 65534, not "ten"`}},
		{"solve", "max=3", 0, []string{"give a game"}},
		{"frobnicate", "", 0, []string{`no command "frobnicate"`}},
		{"prove", "game=cn:6,3&expr=a%2Bb+%3D%3D+d%2Be", 0, []string{"z3", "nimlab prove cn:6,3 --expr 'a+b == d+e'"}},
		{"solve", "game=cn:9,4&max=30&grundy=1", 1 << 20, []string{"browser tab", "nimlab solve cn:9,4 --grundy --max 30"}},
		{"slice", "game=cn:9,4&max=30&axes=1,2", 1 << 20, []string{"nimlab plot cn:9,4 --axes 1,2 --max 30 --out slice.svg"}},
	}
	for _, tt := range tests {
		t.Run(tt.name+"?"+tt.query, func(t *testing.T) {
			l := newLab()
			_, err := l.call(context.Background(), tt.name, tt.query, tt.maxMemory, nil)
			if err == nil {
				t.Fatal("no error")
			}
			// The "error" event says it as the server does.
			var f struct{ Error, Kind string }
			if data := l.failure(tt.name, err); json.Unmarshal(data, &f) != nil || f.Error == "" || f.Kind == "" {
				t.Errorf("the error event %s", data)
			}
			for _, s := range tt.says {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("error %q does not say %q", err, s)
				}
			}
		})
	}
}

// untimed is a JSON answer without its time, which differs run to run.
func untimed(t *testing.T, data []byte) string {
	t.Helper()
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	if m, ok := v.(map[string]any); ok {
		delete(m, "seconds")
		delete(m, "text")
	}
	out, _ := json.Marshal(v)
	return string(out)
}
