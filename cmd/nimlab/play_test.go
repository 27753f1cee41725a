package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/nimlab/nimlab/commands"
	"github.com/nimlab/nimlab/game"
)

// playScripted runs play --json, answering every turn of yours with move(p),
// and returns the records printed.
func playScripted(t *testing.T, move func(p game.Position) string, args ...string) []turnRecord {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	root := newRoot()
	root.SetIn(inR)
	root.SetOut(outW)
	root.SetErr(io.Discard)
	root.SetArgs(append([]string{"play", "--json"}, args...))
	done := make(chan error, 1)
	go func() {
		err := root.ExecuteContext(context.Background())
		outW.Close()
		done <- err
	}()
	var records []turnRecord
	sc := bufio.NewScanner(outR)
	for sc.Scan() {
		var r turnRecord
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("not a JSON line: %q", sc.Text())
		}
		records = append(records, r)
		if r.ToMove == "you" { // after an illegal move too: it is your turn again
			io.WriteString(inW, move(r.Position)+"\n")
		}
	}
	inW.Close()
	if err := <-done; err != nil {
		t.Fatalf("%v: %v", args, err)
	}
	return records
}

// TestPlayComputerWins plays whole games in which the computer moves first
// from an N-position: whatever you play, the computer wins.
func TestPlayComputerWins(t *testing.T) {
	firstOption := func(spec string) func(p game.Position) string {
		g, _ := game.Parse(spec)
		return func(p game.Position) string { // always legal; empties a face, so even huge games end
			for q := range g.Options(p) {
				return q.String()
			}
			return "quit"
		}
	}
	for _, args := range [][]string{
		{"cn:8,3", "3,1,4,1,5,9,2,6", "--first", "computer"},
		{"nim:3", "1,2,4", "--first", "computer", "--hints"},
		{"slow:3,2", "5,6,8", "--first", "computer"},
		{"cn:6,3", "1000000000000000,3,5,8,13,21", "--first", "computer"}, // by theorem
	} {
		records := playScripted(t, firstOption(args[0]), args...)
		last := records[len(records)-1]
		if last.Winner != "computer" {
			t.Errorf("%v: winner %q after %d records, want computer", args, last.Winner, len(records))
		}
		for i, r := range records[1:] {
			if r.Error != "" {
				t.Errorf("%v: turn %d: %s", args, i+1, r.Error)
			}
		}
		if args[0] == "cn:6,3" && len(records) < 3 {
			t.Errorf("huge CN(6,3): only %d records", len(records))
		}
	}
}

func TestPlayExplainsIllegalMoves(t *testing.T) {
	moves := []string{"1,2,3", "1,1,1,1", "3 -= 5", "9 -= 1", "2 -= 1, 3 -= 1", "0,2,3", "quit"}
	i := 0
	records := playScripted(t, func(game.Position) string { i++; return moves[i-1] }, "nim:3", "1,2,3")
	var errs []string
	for _, r := range records {
		if r.Error != "" {
			errs = append(errs, r.Error)
		}
	}
	want := []string{"nothing changes", "has 4 piles", "holds only 3", "piles 1..3", "may not be played together"}
	if len(errs) != len(want) {
		t.Fatalf("errors %q, want %d of them", errs, len(want))
	}
	for k, w := range want {
		if !strings.Contains(errs[k], w) {
			t.Errorf("error %d: %q, want it to mention %q", k, errs[k], w)
		}
	}
}

// TestPlayStopsWhileWaitingForAMove: the first Ctrl-C stops play at its
// prompt, while no line comes on the input (a terminal where nobody types),
// and the command says it was interrupted.
func TestPlayStopsWhileWaitingForAMove(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	inR, inW := io.Pipe() // nothing is ever written
	defer inW.Close()
	outR, outW := io.Pipe()
	var errOut strings.Builder
	code := make(chan int, 1)
	go func() {
		c := runCLI(ctx, []string{"play", "cn:4,2", "2,1,2,1", "--first", "me"}, inR, outW, &errOut)
		outW.Close()
		code <- c
	}()
	// Cancel once the prompt is shown: play is then waiting for a move.
	prompt := bufio.NewReader(outR)
	var shown strings.Builder
	for !strings.HasSuffix(shown.String(), "your move: ") {
		b, err := prompt.ReadByte()
		if err != nil {
			t.Fatalf("play ended before its prompt: %q", shown.String())
		}
		shown.WriteByte(b)
	}
	cancel()
	go io.Copy(io.Discard, outR)
	select {
	case c := <-code:
		if c != 130 || !strings.Contains(errOut.String(), "interrupted") {
			t.Errorf("exit status %d, stderr %q; want 130 and interrupted", c, errOut.String())
		}
	case <-time.After(30 * time.Second): // a hang, not a speed
		t.Fatal("play still waits for a move after its context was cancelled")
	}
}

// TestAPIPlaysAsTheCLI: a game played step by step through /api/play goes
// through the positions of the same game played by "nimlab play --json",
// and ends with the same winner, decided by the game's rules (misère Nim:
// whoever takes the last token loses).
func TestAPIPlaysAsTheCLI(t *testing.T) {
	const spec, start = "nim:3/misere", "1,2,3"
	g, _ := game.Parse(spec)
	first := func(p game.Position) string {
		for q := range g.Options(p) {
			return q.String()
		}
		return "quit"
	}
	records := playScripted(t, first, spec, start)
	var cli []string
	for _, r := range records {
		if r.Error == "" && (len(cli) == 0 || cli[len(cli)-1] != r.Position.String()) {
			cli = append(cli, r.Position.String())
		}
	}
	srv := testServer(t, "")
	history := []string{start}
	var res commands.PlayResult
	for turn := 0; turn < 30 && res.Winner == ""; turn++ {
		p, _ := g.ParsePosition(history[len(history)-1])
		values := url.Values{"game": {spec}, "history": {strings.Join(history, "/")}, "move": {first(p)}}
		status, _, body := get(t, srv.URL+"/api/play?"+values.Encode())
		if status != http.StatusOK {
			t.Fatalf("status %d: %s", status, body)
		}
		res = commands.PlayResult{}
		if err := json.Unmarshal(body, &res); err != nil || res.Refused != "" {
			t.Fatalf("%s: %v", body, err)
		}
		history = history[:0]
		for _, q := range res.History {
			history = append(history, q.String())
		}
	}
	if res.Winner != commands.Computer || records[len(records)-1].Winner != commands.Computer || !reflect.DeepEqual(history, cli) {
		t.Errorf("the API's game %v won by %q; the CLI's %v won by %q", history, res.Winner, cli, records[len(records)-1].Winner)
	}
}
