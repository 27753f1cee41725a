package main

import (
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
