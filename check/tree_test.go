package check

import (
	"context"
	"strings"
	"testing"

	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
)

func TestIsCondition(t *testing.T) {
	g, err := game.Parse("nim:3")
	if err != nil {
		t.Fatal(err)
	}
	symmetries := func() (*complex.Group, error) { return g.Symmetries(context.Background()) }
	for _, tc := range []struct {
		src  string
		want bool
	}{
		{"a ^ b ^ c == 0", true},
		{"a == 0 && b != 1 || !(c < 2)", true},
		{"a == 0 and not (b > 1)", true},
		{"true", true},
		{"colmod(3, a, b, c)", true},
		{"sym(a == 0 && b == c)", true},
		{"a == 0 ? b == c : b == 0", true},
		{"let ok = a == b; ok && c == 0", true},
		{"let su = a + b; su == c", true},
		{"a + 1", false},
		{"a ^ b ^ c", false},
		{"1", false},
		{"0", false},
		{"-a", false},
		{"min(a, b)", false},
		{"a == 0 ? 1 : b", false},
		{"let su = a + b; su", false},
		{"let ok = a == b; let ok = a + b; ok", false},
		{"slowmoves(2, a, b, c)", false},
		// Numbers inside connectives, ! and sym are read as "not 0" too.
		{"!a", false},
		{"!(a + b)", false},
		{"a && b", false},
		{"a || b == 0", false},
		{"sym(a ^ b ^ c)", false},
		{"sym(a + 1)", false},
		{"a == 0 ? b : c", false},
		{"a ? b == 0 : c == 0", false},
		{"!(a == 0)", true},
		{"not (a == 0 || b == 1)", true},
		{"a == 0 ? b == 1 : c == 2", true},
	} {
		e, err := Compile(tc.src, 3, symmetries)
		if err != nil {
			t.Fatalf("%q: %v", tc.src, err)
		}
		if got := e.IsCondition(); got != tc.want {
			t.Errorf("IsCondition(%q) = %v, want %v", tc.src, got, tc.want)
		}
		_, err = CompileCondition(tc.src, 3, symmetries)
		if (err == nil) != tc.want {
			t.Errorf("CompileCondition(%q): %v", tc.src, err)
		}
		if err != nil && !strings.Contains(err.Error(), "not a condition") && !strings.Contains(err.Error(), "reads a number as a condition") {
			t.Errorf("CompileCondition(%q): %v, want the word that it is not a condition", tc.src, err)
		}
	}
}
