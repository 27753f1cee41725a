package commands_test

import (
	"context"
	"testing"

	"github.com/nimlab/nimlab/commands"
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
