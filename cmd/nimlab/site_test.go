package main

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSiteRefuses: site without --out, or without the go command that
// compiles its module, fails with a message that says what to do.
func TestSiteRefuses(t *testing.T) {
	tests := []struct {
		name, path string
		args       []string
		says       string
	}{
		{"no --out", "", []string{"site"}, "--out DIR is required"},
		{"no go", t.TempDir(), []string{"site", "--out", t.TempDir()}, "the go command is not on PATH"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.path != "" {
				t.Setenv("PATH", tt.path)
			}
			_, err := run(t, tt.args...)
			if err == nil || !strings.Contains(err.Error(), tt.says) {
				t.Errorf("nimlab %v: %v, want an error saying %q", tt.args, err, tt.says)
			}
		})
	}
}

// TestSiteLeavesOutAloneOnFailure: a source that is not nimlab's is refused
// before anything is written, with a message that says so.
func TestSiteLeavesOutAloneOnFailure(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	out := filepath.Join(t.TempDir(), "public")
	_, err := writeSite(context.Background(), out, t.TempDir())
	if err == nil || !strings.Contains(err.Error(), "is not a checkout of nimlab") {
		t.Fatalf("error %v, want one saying the source is not nimlab's", err)
	}
	if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("%s was written (%v)", out, err)
	}
}
