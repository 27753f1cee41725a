package commands_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/nimlab/nimlab/commands"
)

// TestErrorKind names the kinds of the errors commands return, whatever
// they wrap or say.
func TestErrorKind(t *testing.T) {
	ctx := context.Background()
	outcome := func(spec, position string) error {
		_, err := commands.Outcome(ctx, commands.Env{}, commands.OutcomeRequest{Game: spec, Position: position, Options: true})
		return err
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	_, stopped := commands.Solve(cancelled, commands.Env{}, commands.SolveRequest{Game: "cn:6,2", Source: commands.Source{Max: 12}})
	_, missing := commands.Solve(ctx, commands.Env{}, commands.SolveRequest{Game: "nim:2", Source: commands.Source{Table: "/nonexistent/t.tbl"}})
	garbage := filepath.Join(t.TempDir(), "garbage.tbl")
	if err := os.WriteFile(garbage, []byte("not a table at all, but long enough to be read"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, notTable := commands.Solve(ctx, commands.Env{}, commands.SolveRequest{Game: "nim:2", Source: commands.Source{Table: garbage}})
	_, unwritable := commands.Solve(ctx, commands.Env{}, commands.SolveRequest{Game: "nim:2", Source: commands.Source{Max: 2}, Out: "/nonexistent/dir/t.tbl"})
	_, huge := commands.Solve(ctx, commands.Env{}, commands.SolveRequest{Game: "nim:8", Source: commands.Source{Max: 255}})
	_, folderIsFile := commands.Prove(ctx, commands.Env{}, commands.ProveRequest{Game: "cn:4,2", Theorem: "cn42", Timeout: time.Minute, Certificate: garbage})
	tests := []struct {
		err  error
		kind string
	}{
		{nil, ""},
		{outcome("cn:6", "1"), commands.KindGame},
		{outcome("cn:6,3", "1,2"), commands.KindPosition},
		{outcome("cn:6,3", "1000000000,1,2,3,4,5"), commands.KindTooLarge},
		{stopped, commands.KindInterrupted},
		{missing, commands.KindFile},
		{notTable, commands.KindTable},
		{unwritable, commands.KindFile},
		{huge, commands.KindTooLarge},
		{folderIsFile, commands.KindFile}, // asked before any proof: no solver needed
		{fmt.Errorf("wrapped: %w", &commands.Verdict{Code: 1, Err: errors.New("false")}), commands.KindVerdict},
		{&commands.RequestError{Err: errors.New("--max is missing")}, commands.KindUsage},
		{fmt.Errorf("query: %w", context.DeadlineExceeded), commands.KindTimeout},
		{fmt.Errorf("proving: %w", commands.ErrNoSolver), commands.KindNoSolver},
		{errors.New("something else"), commands.KindError},
	}
	for i, tt := range tests {
		if got := commands.ErrorKind(tt.err); got != tt.kind {
			t.Errorf("%d: ErrorKind(%v) = %q, want %q", i, tt.err, got, tt.kind)
		}
	}
}
