package discover_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/discover"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
)

// TestMisereFromNormal: on misère games whose P-positions are the
// normal-play ones wherever a pile holds 2 or more (Bouton's misère Nim,
// and Circular Nim CN(4,2), CN(5,2), PathNim P(4,2) on their boxes),
// Discover assembles that description, and it accepts exactly the
// P-positions the engine computes, by its own evaluator, on a box larger
// than the one it was verified on (in the region, for CN(6,3) with a
// stack empty); a normal-play game never takes the route.
func TestMisereFromNormal(t *testing.T) {
	for _, tt := range []struct {
		spec     string
		where    string // a region, when not empty
		max      int
		misere   bool
		bouton01 bool // the 0/1 positions are Bouton's: an odd number of 1s
	}{
		{"nim:3/misere", "", 5, true, true},
		{"cn:4,2/misere", "", 4, true, false},
		{"cn:5,2/misere", "", 4, true, false},
		{"path:4,2/misere", "", 4, true, false},
		{"cn:6,3/misere", "a == 0", 4, true, false},
		{"cn:4,2", "", 4, false, false},
	} {
		t.Run(tt.spec+" "+tt.where, func(t *testing.T) {
			ctx := context.Background()
			g, err := game.Parse(tt.spec)
			if err != nil {
				t.Fatal(err)
			}
			opts := discover.Options{Max: tt.max}
			inRegion := func(game.Position) bool { return true }
			if tt.where != "" {
				if opts.Where, err = check.Compile(tt.where, g.Piles(), nil); err != nil {
					t.Fatal(err)
				}
				inRegion = opts.Where.Evaluator()
			}
			r, err := discover.Discover(ctx, g, opts)
			if err != nil {
				t.Fatal(err)
			}
			misere := strings.HasPrefix(r.Method, "misère from normal play")
			if misere != tt.misere || !r.Exact {
				t.Fatalf("method %q, exact %v: want the misère route %v, exact", r.Method, r.Exact, tt.misere)
			}
			if !misere {
				return
			}
			e, err := check.Compile(r.Expr, g.Piles(), func() (*complex.Group, error) { return g.Symmetries(ctx) })
			if err != nil {
				t.Fatal(err)
			}
			in := e.Evaluator()
			box := table.Uniform(g.Piles(), r.VerifiedMax+2)
			tb, err := solve.Table(ctx, g, box, solve.Options{})
			if err != nil {
				t.Fatal(err)
			}
			p := make(game.Position, g.Piles())
			for idx := range box.Positions() {
				box.Position(idx, p)
				if !inRegion(p) {
					continue
				}
				if in(p) != tb.IsP(p) {
					t.Fatalf("%v: the expression says %v, the engine P = %v", p, in(p), tb.IsP(p))
				}
				if tt.bouton01 && slices.Max(p) <= 1 {
					ones := 0
					for _, x := range p {
						ones += x
					}
					if in(p) != (ones%2 == 1) {
						t.Fatalf("%v: the expression says %v; Bouton's misère Nim: P exactly when the number of 1s is odd", p, in(p))
					}
				}
			}
		})
	}
}
