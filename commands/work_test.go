package commands

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
)

// TestHugeBoxRefused: a solve of more than 2^40 states is refused before it
// allocates, as too large, with its size, and --force named; one just below
// passes the check.
func TestHugeBoxRefused(t *testing.T) {
	ctx := context.Background()
	env := Env{MaxMemory: 1 << 50} // the memory check passes: the work check refuses
	for _, out := range []string{"", filepath.Join(t.TempDir(), "t.tbl")} {
		_, err := Solve(ctx, env, SolveRequest{Game: "nim:3", Source: Source{Max: 65534}, Out: out})
		if !errors.Is(err, ErrTooLarge) || ErrorKind(err) != KindTooLarge {
			t.Fatalf("nim:3 --max 65534 (out %q): %v, want too large", out, err)
		}
		for _, want := range []string{"2.8e14 positions", "3.3 days", "--force"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("nim:3 --max 65534 (out %q): %q does not say %q", out, err, want)
			}
		}
	}
	g, err := game.Parse("nim:3")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		max     int
		refused bool
	}{{10000, false}, {10500, true}} {
		plan, err := solve.NewPlan(g, table.Uniform(3, tt.max), solve.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if err := checkWork(plan, plan.MemoryNeeded()); (err != nil) != tt.refused {
			t.Errorf("nim:3 --max %d: checkWork says %v, want refused %v", tt.max, err, tt.refused)
		}
	}
	// A symmetric slow game counts its sorted states, n! fewer.
	g, _ = game.Parse("slow:5,4")
	plan, err := solve.NewPlan(g, table.Uniform(5, 400), solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if plan.States() >= plan.Box().Positions() || checkWork(plan, plan.MemoryNeeded()) != nil {
		t.Errorf("slow:5,4 --max 400: %d states of %d positions, refused: %v", plan.States(), plan.Box().Positions(), checkWork(plan, plan.MemoryNeeded()))
	}
}
