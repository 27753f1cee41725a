package commands

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"
)

func TestSplitTopLevel(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"a", []string{"a"}},
		{"b ^ c, b, c", []string{"b ^ c", "b", "c"}},
		{"min(a, b), max(b, c) - 1 ,c", []string{"min(a, b)", "max(b, c) - 1", "c"}},
		{"(let m = min(a, d); m ^ b), b", []string{"(let m = min(a, d); m ^ b)", "b"}},
		{"a,,b", []string{"a", "", "b"}},
		{"f(a, [b, c]), d)", []string{"f(a, [b, c])", "d)"}},
	}
	for _, tt := range tests {
		if got := splitTopLevel(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("splitTopLevel(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestProveMoveCount: a --move with the wrong number of piles is a request
// error, before any solver is looked for.
func TestProveMoveCount(t *testing.T) {
	t.Setenv("PATH", t.TempDir()) // no solver: the error must come first
	_, err := Prove(context.Background(), Env{}, ProveRequest{Game: "nim:3", Expr: "a ^ b ^ c == 0", Timeout: time.Second, Moves: []string{"b ^ c, b"}})
	var re *RequestError
	if !errors.As(err, &re) {
		t.Fatalf("got %v, want a request error", err)
	}
}
