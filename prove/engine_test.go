package prove

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/nimlab/nimlab/game"
)

// TestCheckWithEngine: a true set is confirmed on a box; a set wrong at
// one position is an internal error that names the smallest such position
// and the engine's outcome there.
func TestCheckWithEngine(t *testing.T) {
	tests := []struct {
		spec, expr string
		want       game.Position // nil: confirmed
		isP        bool
	}{
		{"nim:2", "a == b", nil, false},
		{"cn:6,3", "a + b == d + e && b + c == e + f", nil, false},
		{"nim:1/misere", "a == 1", nil, false},
		{"nim:2", "a == b || a == 3 && b == 0", game.Position{3, 0}, false},
		{"nim:2", "a == b && a != 2", game.Position{2, 2}, true},
		{"slow:1,1", "a % 2 == 0 && a != 6", game.Position{6}, true},
	}
	for _, tt := range tests {
		g, e := compile(t, tt.spec, tt.expr)
		c, err := checkWithEngine(context.Background(), g, e)
		var d *DisagreementError
		switch {
		case tt.want == nil && err != nil:
			t.Errorf("%s, %q: %v", tt.spec, tt.expr, err)
		case tt.want == nil && (c.Max < 2 || c.Positions < 1000):
			t.Errorf("%s, %q: checked only %+v", tt.spec, tt.expr, c)
		case tt.want != nil && !errors.As(err, &d):
			t.Errorf("%s, %q: %v, %+v, want a disagreement at %v", tt.spec, tt.expr, err, c, tt.want)
		case tt.want != nil && (!slices.Equal(d.Position, tt.want) || d.IsP != tt.isP):
			t.Errorf("%s, %q: disagreement at %v (P: %v), want %v (P: %v)", tt.spec, tt.expr, d.Position, d.IsP, tt.want, tt.isP)
		case tt.want != nil && !strings.Contains(err.Error(), "internal error") || tt.want != nil && !strings.Contains(err.Error(), "report"):
			t.Errorf("%s, %q: the message does not ask for a bug report: %v", tt.spec, tt.expr, err)
		}
	}
}

// TestEngineCheckSaysLittle: a box in which no move stays is said to be
// one.
func TestEngineCheckSaysLittle(t *testing.T) {
	for _, tt := range []struct {
		spec, expr string
		little     bool
	}{
		{"fixed(nim:2; 1000000)", "(a / 1000000 + b / 1000000) % 2 == 0", true},
		{"fixed(nim:2; 3)", "(a / 3 + b / 3) % 2 == 0", false},
	} {
		g, e := compile(t, tt.spec, tt.expr)
		c, err := checkWithEngine(context.Background(), g, e)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(c.String(), "says little"); got != tt.little || c.PPositions == 0 {
			t.Errorf("%s: %s (%d P-positions)", tt.spec, c, c.PPositions)
		}
	}
}

// TestCheckWithEngineStops: a cancelled context stops the check.
func TestCheckWithEngineStops(t *testing.T) {
	g, e := compile(t, "cn:6,3", "a + b == d + e && b + c == e + f")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := checkWithEngine(ctx, g, e); !errors.Is(err, context.Canceled) {
		t.Errorf("got %v, want context.Canceled", err)
	}
}
