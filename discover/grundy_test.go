package discover_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/discover"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/prove"
)

// TestGrundyFormulas: Grundy finds the Sprague–Grundy formulas of Nim, exact
// k-Nim, slow 1-Nim and of games inside regions, each equal to the engine's
// values on the verification box, with Nim's moves for nim-sums.
func TestGrundyFormulas(t *testing.T) {
	for _, tt := range []struct {
		spec, where string
		max         int
		want        string
		moves       bool
	}{
		{"nim:3", "", 6, "xor(a, b, c)", true},
		{"exact:3,3", "", 6, "min(a, b, c)", false},
		{"exact:3,2", "", 6, "slowmoves(2, a, b, c)", false},
		{"exact:4,3", "", 5, "slowmoves(3, a, b, c, d)", false},
		{"slow:3,1", "", 6, "(a + b + c) % 2", false},
		{"cn:6,2", "a == 0 && d == 0", 4, "xor((b + c), (e + f))", true},
	} {
		g, err := game.Parse(tt.spec)
		if err != nil {
			t.Fatal(err)
		}
		opts := discover.Options{Max: tt.max}
		if tt.where != "" {
			if opts.Where, err = check.Compile(tt.where, g.Piles(), nil); err != nil {
				t.Fatal(err)
			}
		}
		r, err := discover.Grundy(context.Background(), g, opts)
		if err != nil {
			t.Fatalf("%s: %v", tt.spec, err)
		}
		if r.Expr != tt.want || !r.Exact || r.Agreeing != r.Positions || r.VerifiedMax <= tt.max || r.Where != tt.where {
			t.Errorf("%s where %q: %+v, want %s exact", tt.spec, tt.where, r, tt.want)
		}
	}
	// No formula of the list: the best, not exact, with counterexamples.
	g, _ := game.Parse("cn:5,2")
	r, err := discover.Grundy(context.Background(), g, discover.Options{Max: 4})
	if err != nil {
		t.Fatal(err)
	}
	if r.Exact || len(r.Counterexamples) == 0 || r.Agreeing >= r.Positions {
		t.Errorf("cn:5,2: %+v, want a formula that is not exact", r)
	}
	if g, _ := game.Parse("nim:2/misere"); g != nil {
		if _, err := discover.Grundy(context.Background(), g, discover.Options{Max: 3}); err == nil || !strings.Contains(err.Error(), "normal play") {
			t.Errorf("misère: %v", err)
		}
	}
}

// TestDiscoverWhere: the P-positions inside a region are described on the
// region's positions only: CN(7,5) with an empty stack has a description
// there, written without sym().
func TestDiscoverWhere(t *testing.T) {
	g, err := game.Parse("cn:7,5")
	if err != nil {
		t.Fatal(err)
	}
	where, err := check.Compile("a == 0", 7, nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := discover.Discover(context.Background(), g, discover.Options{Max: 4, Where: where})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Exact || r.Where != "a == 0" || strings.Contains(r.Expr, "sym(") || r.PPositions == 0 || r.Covered != r.PPositions {
		t.Errorf("cn:7,5 where a == 0: %+v", r)
	}
}

// TestDiscoverRefusesAnOpenRegion: discover --where and --grundy refuse a
// region some move leaves, with the move, as prove does: one that piles up
// to 2 show (a > 0), and one that only the verification box shows (b != 3,
// left by a move from b = 4).
func TestDiscoverRefusesAnOpenRegion(t *testing.T) {
	tests := []struct {
		spec, where string
		grundy      bool
	}{
		{"cn:6,2", "a > 0", true},
		{"cn:7,5", "a == 0 && b != 3", false},
	}
	for _, tt := range tests {
		g, err := game.Parse(tt.spec)
		if err != nil {
			t.Fatal(err)
		}
		where, err := check.Compile(tt.where, g.Piles(), nil)
		if err != nil {
			t.Fatal(err)
		}
		opts := discover.Options{Max: 3, Where: where}
		_, err = discover.Discover(context.Background(), g, opts)
		var open *prove.OpenRegionError
		if !errors.As(err, &open) || g.CheckMove(open.Position, open.Move) != nil {
			t.Errorf("%s, %s: Discover: %v", tt.spec, tt.where, err)
		}
		if _, err := discover.Grundy(context.Background(), g, opts); tt.grundy && !errors.As(err, &open) {
			t.Errorf("%s, %s: Grundy: %v", tt.spec, tt.where, err)
		}
	}
}

// TestDiscoverRefusesAnEmptyRegion: a region no position of the learning
// box is in has nothing to describe (before, discover called the empty
// set exact there).
func TestDiscoverRefusesAnEmptyRegion(t *testing.T) {
	g, err := game.Parse("cn:5,2")
	if err != nil {
		t.Fatal(err)
	}
	for _, src := range []string{"a == 0 && a == 1", "a < 0", "b > 3"} {
		where, err := check.Compile(src, 5, nil)
		if err != nil {
			t.Fatal(err)
		}
		opts := discover.Options{Max: 3, Where: where}
		if _, err := discover.Discover(context.Background(), g, opts); !errors.Is(err, discover.ErrEmptyRegion) {
			t.Errorf("%s: Discover: %v", src, err)
		}
		if _, err := discover.Grundy(context.Background(), g, opts); !errors.Is(err, discover.ErrEmptyRegion) {
			t.Errorf("%s: Grundy: %v", src, err)
		}
	}
}
