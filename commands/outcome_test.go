package commands_test

import (
	"context"
	"errors"
	"maps"
	"testing"

	"github.com/nimlab/nimlab/commands"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/table"
)

// TestOutcomeReportsProgress: a position decided by solving the positions
// below it reports the solve's progress, as solve does (a position no
// theorem covers can take minutes); one a theorem decides alone solves
// nothing and reports none.
func TestOutcomeReportsProgress(t *testing.T) {
	tests := []struct {
		game, position string
		solves         bool
	}{
		{"cn:6,2", "3,2,1,4,1,2", true},             // no theorem covers CN(6,2)
		{"cn:6,3", "900000,1,2,3,4,5", false},       // Dufour–Heubach 2013, Theorem 3.2; far too many below
		{"nim:3", "1000000000,7,1000000007", false}, // Bouton's theorem
	}
	for _, tt := range tests {
		t.Run(tt.game+" "+tt.position, func(t *testing.T) {
			started, ended := 0, 0
			env := commands.Env{Progress: func(spec string, positions int64) (func(done, total int64), func()) {
				started++
				if spec != tt.game || positions <= 0 {
					t.Errorf("progress of %s, %d positions", spec, positions)
				}
				return func(done, total int64) {}, func() { ended++ }
			}}
			if _, err := commands.Outcome(context.Background(), env, commands.OutcomeRequest{Game: tt.game, Position: tt.position}); err != nil {
				t.Fatal(err)
			}
			if want := map[bool]int{true: 1, false: 0}[tt.solves]; started != want || ended != want {
				t.Errorf("progress started %d and ended %d times, want %d", started, ended, want)
			}
		})
	}
}

// TestOutcomeListsEveryOption compares --options with every position of
// the box below the position that game.CheckMove accepts as a move (the
// reference's definition of an option), once each.
func TestOutcomeListsEveryOption(t *testing.T) {
	tests := []struct{ game, position string }{
		{"cn:4,2", "1,0,2,1"},
		{"nim:3/misere", "2,0,3"},
		{"slow:3,2", "2,2,1"},
		{"moore:3,2", "1,2,2"},
		{"cn:5,2 + nim:1", "1,1,0,2,1,2"},
		{"nim:2", "0,0"},
	}
	for _, tt := range tests {
		t.Run(tt.game, func(t *testing.T) {
			res, err := commands.Outcome(context.Background(), commands.Env{}, commands.OutcomeRequest{Game: tt.game, Position: tt.position, Options: true})
			if err != nil {
				t.Fatal(err)
			}
			g, err := game.Parse(tt.game)
			if err != nil {
				t.Fatal(err)
			}
			listed := map[string]int{}
			for _, q := range res.Options {
				listed[q.String()]++
			}
			want := map[string]int{}
			box := table.Box(res.Position)
			q := make(game.Position, len(box))
			for idx := range box.Positions() {
				box.Position(idx, q)
				if g.IsMove(res.Position, q) {
					want[q.String()]++
				}
			}
			if !maps.Equal(listed, want) {
				t.Errorf("options %v, want each of %v once", listed, want)
			}
			if res.Options == nil {
				t.Error("options is nil: JSON would leave it out")
			}
		})
	}
	_, err := commands.Outcome(context.Background(), commands.Env{}, commands.OutcomeRequest{Game: "cn:6,3", Position: "1000000000,1,2,3,4,5", Options: true})
	if !errors.Is(err, commands.ErrTooLarge) {
		t.Errorf("a position with 10^9 options: %v, want too large", err)
	}
}
