package check

import (
	"strings"
	"testing"

	"github.com/nimlab/nimlab/game"
)

func TestIntEvaluator(t *testing.T) {
	tests := []struct {
		src  string
		vars []string
		p    game.Position
		want int
		ok   bool
	}{
		{"a ^ b ^ c", nil, game.Position{1, 2, 3}, 0, true},
		{"a ^ b ^ c", nil, game.Position{1, 2, 4}, 7, true},
		{"(a + b) % 3", nil, game.Position{4, 4, 0}, 2, true},
		{"a == b", nil, game.Position{4, 4, 0}, 1, true},
		{"min(a, b, c)", nil, game.Position{4, 2, 9}, 2, true},
		{"xor(b, c) ^ v", []string{"v"}, game.Position{9, 2, 3, 5}, 2 ^ 3 ^ 5, true},
		// a term leaves int, the value does not: computed exactly
		{"(a + a) - a", nil, game.Position{1 << 62, 0, 0}, 1 << 62, true},
		{"a * 4 / 4", nil, game.Position{1 << 62, 0, 0}, 1 << 62, true},
		// the value itself is not an int
		{"a * 4", nil, game.Position{1 << 62, 0, 0}, 0, false},
	}
	for _, tt := range tests {
		e, err := CompileWith(tt.src, 3, tt.vars, nil)
		if err != nil {
			t.Fatalf("%s: %v", tt.src, err)
		}
		got, ok := e.IntEvaluator()(tt.p)
		if got != tt.want || ok != tt.ok {
			t.Errorf("%s at %v = %d, %v; want %d, %v", tt.src, tt.p, got, ok, tt.want, tt.ok)
		}
	}
}

func TestCompileWithErrors(t *testing.T) {
	tests := []struct {
		src  string
		n    int
		vars []string
		want string
	}{
		{"a + w", 3, []string{"v"}, "and v"},
		{"sym(a == v)", 3, []string{"v"}, "sym() is not supported"},
		{"a + v", 22, []string{"v"}, "is a pile"},
	}
	for _, tt := range tests {
		_, err := CompileWith(tt.src, tt.n, tt.vars, nil)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("CompileWith(%q, %d, %v) = %v; want an error with %q", tt.src, tt.n, tt.vars, err, tt.want)
		}
	}
}
