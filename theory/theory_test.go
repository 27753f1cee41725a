package theory

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
)

func TestTheoremsAgreeWithTables(t *testing.T) {
	for _, th := range Theorems() {
		if len(th.Examples) == 0 {
			t.Errorf("theorem %s has no example to check", th.Name)
		}
		for _, ex := range th.Examples {
			t.Run(th.Name+"/"+ex.Spec, func(t *testing.T) {
				if _, err := th.Verify(context.Background(), ex); err != nil {
					t.Fatal(err)
				}
				mis, _ := game.Parse(ex.Spec + game.MisereSuffix)
				if _, ok := th.For(context.Background(), mis); ok {
					t.Errorf("%s claims the misère game", th.Name)
				}
			})
		}
	}
}

// TestWinningMovesOnHugePiles checks, far beyond any table and away from the
// extremes, that every move built is legal and lands where the theorem's own
// test says P, and that options of P-positions are N.
func TestWinningMovesOnHugePiles(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, spec := range examples() {
		g, _ := game.Parse(spec)
		for range 500 {
			p := make(game.Position, g.Piles())
			for i := range p {
				p[i] = rng.IntN(1 << 50)
			}
			checkAtExtremes(t, spec, p, rng)
		}
	}
}

func TestUncoveredGames(t *testing.T) {
	for _, spec := range []string{"cn:6,2", "cn:7,3", "path:5,2", "nim:3/misere"} {
		g, _ := game.Parse(spec)
		if th, _, ok := Find(context.Background(), g); ok {
			t.Errorf("%s covered by %s", spec, th.Name)
		}
	}
}

func ExampleFind() {
	g, _ := game.Parse("cn:6,3")
	th, rule, _ := Find(context.Background(), g)
	// Dufour–Heubach 2013, Remark 3.4: from (10,9,5,8,4,3) one can move to
	// (5+l, 7-l, 0+l, 8, 4, 3) for l = 0..5.
	p := game.Position{10, 9, 5, 8, 4, 3}
	fmt.Println(th.Source)
	fmt.Println(rule.IsP(p), rule.WinningMove(p))
	// Output:
	// Dufour–Heubach 2013, Theorem 3.2
	// false 5,7,0,8,4,3
}

func TestDecide(t *testing.T) {
	ctx := context.Background()
	g, _ := game.Parse("cn:5,2")
	d, err := Decide(ctx, g, game.Position{3, 1, 2, 2, 1}, DecideOptions{TableLimit: 1000})
	if err != nil || d.Theorem == nil || d.Table == nil || d.Outcome != "P" || d.Table.Grundy != 0 {
		t.Errorf("small CN(5,2) position: %+v, %v", d, err)
	}
	d, err = Decide(ctx, g, game.Position{1 << 40, 1, 2, 2, 1}, DecideOptions{TableLimit: 1000})
	if err != nil || d.Table != nil || d.Outcome != "N" || !g.IsMove(game.Position{1 << 40, 1, 2, 2, 1}, d.TheoremMove) {
		t.Errorf("huge CN(5,2) position: %+v, %v", d, err)
	}
	open, _ := game.Parse("cn:6,2")
	if _, err := Decide(ctx, open, game.Position{1 << 40, 1, 1, 1, 1, 1}, DecideOptions{TableLimit: 1000}); err == nil {
		t.Error("a huge position of a game no theorem covers was decided")
	}
	refuse := solve.GateFunc(func(context.Context, *solve.Plan) (*table.Table, error) {
		return nil, fmt.Errorf("%w: no room", solve.ErrTooLarge)
	})
	if _, err := Decide(ctx, open, game.Position{1, 1, 1, 1, 1, 1}, DecideOptions{TableLimit: 1000, Gate: refuse}); !errors.Is(err, solve.ErrTooLarge) {
		t.Errorf("Decide with a gate that refuses: %v, want solve.ErrTooLarge", err)
	}
	// The gate is handed the plan of the solve: the box below the position.
	var shown table.Box
	look := solve.GateFunc(func(ctx context.Context, p *solve.Plan) (*table.Table, error) {
		shown = p.Box()
		return p.Table(ctx)
	})
	if _, err := Decide(ctx, open, game.Position{1, 2, 1, 1, 1, 1}, DecideOptions{TableLimit: 1000, Gate: look}); err != nil {
		t.Fatal(err)
	}
	if want := solve.AnalysisBox(open, game.Position{1, 2, 1, 1, 1, 1}); !slices.Equal(shown, want) {
		t.Errorf("the gate was handed the box %v, the solve's is %v", shown, want)
	}
}
