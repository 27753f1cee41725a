package theory

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
)

// covered lists games each theorem must cover, with a height for the
// exhaustive comparison with the fast engine.
var covered = []struct {
	theorem, spec string
	max           int
}{
	{"simplex", "cn:4,4", 6},
	{"simplex", "moore:3,5", 8},
	{"simplex", "complex:1-2-3", 8},
	{"nim", "nim:4", 7},
	{"nim", "cn:5,1", 5},
	{"nim", "path:3,1", 12},
	{"cn-n-1", "cn:5,4", 5},
	{"cn-n-1", "moore:4,3", 6},
	{"cn-n-1", "cn:3,2", 12},
	{"cn63", "cn:6,3", 5},
	{"cn42", "cn:4,2", 9},
	{"cn52", "cn:5,2", 7},
	{"cn53", "cn:5,3", 7},
	{"cn64", "cn:6,4", 9},
	{"cn86", "cn:8,6", 5},
	{"cn74", "cn:7,4", 6},
	{"moore", "moore:4,2", 7},
	{"binary-matroid", "graph:1-2,2-3,1-3,3-4,1-4", 5},
	{"binary-matroid", "binmat:1100,0110,0011,1001,1111", 5},
	{"join", "join(cn:5,2; nim:2)", 5},
	{"join", "cone(cn:4,2)", 6},
	{"join", "susp(cn:5,3)", 5},
	{"split", "bx(cn:5,2; 2)", 5},
	{"split", "px(cn:4,2; 1)", 6},
	{"split", "px(bx(cn:5,3; 1); 3)", 4},
	{"octa", "octa:3", 5},
	{"path-n-n-1", "path:4,2", 12},
	{"path-n-n-1", "path:6,3", 7},
	{"path-n-n-1", "path:8,4", 4},
	{"figure6", "complex:1-2,1-3,2-3,3-4", 12},
	{"nim-basis", "complex:1-2,1-3,1-4,2-3-4", 12}, // papers/001, Example 4.6
	{"moore", "moore:5,2", 5},
	{"moore", "moore:5,3", 5},
	{"pointed-circuits", "complex:1-2-3,2-3-4,3-4-5,1-5", 6},       // papers/001, Example 3.3
	{"pointed-circuits", "complex:1-2-3-4,2-3-4-5,1-2-5,1-4-5", 5}, // papers/001, Example 3.4
	{"pointed-circuits", "path:3,2", 12},
}

func TestTheoremsAgreeWithTables(t *testing.T) {
	for _, c := range covered {
		t.Run(c.theorem+"/"+c.spec, func(t *testing.T) {
			g, err := game.Parse(c.spec)
			if err != nil {
				t.Fatal(err)
			}
			th, rule, ok := Find(g)
			if !ok || th.Name != c.theorem {
				t.Fatalf("Find(%s) = %v, want theorem %s", c.spec, th, c.theorem)
			}
			box := table.Uniform(g.Piles(), c.max)
			tab, err := solve.Fast(context.Background(), g, box, solve.Options{})
			if err != nil {
				t.Fatal(err)
			}
			p := make(game.Position, g.Piles())
			for idx := range box.Positions() {
				box.Position(idx, p)
				isP := tab.IsP(p)
				if rule.IsP(p) != isP {
					t.Fatalf("%v: %s says P=%v, the table says %v", p, th.Name, !isP, isP)
				}
				move := rule.WinningMove(p)
				switch {
				case isP && move != nil:
					t.Fatalf("%v is P but %s offers the move to %v", p, th.Name, move)
				case !isP && (move == nil || !solve.IsMove(g, p, move) || !tab.IsP(move)):
					t.Fatalf("%v: %s's winning move %v is not a legal move to a P-position", p, th.Name, move)
				}
			}
			mis, _ := game.Parse(c.spec + game.MisereSuffix)
			if _, ok := th.For(mis); ok {
				t.Errorf("%s claims the misère game", th.Name)
			}
		})
	}
}

// TestWinningMovesOnHugePiles checks, far beyond any table, that every move
// built is legal and lands where the theorem's own test says P.
func TestWinningMovesOnHugePiles(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range covered {
		g, _ := game.Parse(c.spec)
		_, rule, _ := Find(g)
		for range 2000 {
			p := make(game.Position, g.Piles())
			for i := range p {
				p[i] = rng.IntN(1 << 50)
			}
			if move := rule.WinningMove(p); move != nil {
				if !solve.IsMove(g, p, move) || !rule.IsP(move) {
					t.Fatalf("%s %v: move to %v is illegal or not P", c.spec, p, move)
				}
			} else if !rule.IsP(p) {
				t.Fatalf("%s %v: N-position without a winning move", c.spec, p)
			}
		}
	}
}

func TestUncoveredGames(t *testing.T) {
	for _, spec := range []string{"cn:6,2", "cn:7,3", "path:5,2", "nim:3/misere"} {
		g, _ := game.Parse(spec)
		if th, _, ok := Find(g); ok {
			t.Errorf("%s covered by %s", spec, th.Name)
		}
	}
}

func ExampleFind() {
	g, _ := game.Parse("cn:6,3")
	th, rule, _ := Find(g)
	// papers/000, Remark 3.4: from (10,9,5,8,4,3) one can move to
	// (5+l, 7-l, 0+l, 8, 4, 3) for l = 0..5.
	p := game.Position{10, 9, 5, 8, 4, 3}
	fmt.Println(th.Source)
	fmt.Println(rule.IsP(p), rule.WinningMove(p))
	// Output:
	// papers/000_451cee323facfbde.txt, Theorem 3.2
	// false 5,7,0,8,4,3
}

func TestDecide(t *testing.T) {
	ctx := context.Background()
	g, _ := game.Parse("cn:5,2")
	d, err := Decide(ctx, g, game.Position{3, 1, 2, 2, 1}, 1000, nil)
	if err != nil || d.Theorem == nil || d.Table == nil || d.Outcome != "P" || d.Table.Grundy != 0 {
		t.Errorf("small CN(5,2) position: %+v, %v", d, err)
	}
	d, err = Decide(ctx, g, game.Position{1 << 40, 1, 2, 2, 1}, 1000, nil)
	if err != nil || d.Table != nil || d.Outcome != "N" || !solve.IsMove(g, game.Position{1 << 40, 1, 2, 2, 1}, d.TheoremMove) {
		t.Errorf("huge CN(5,2) position: %+v, %v", d, err)
	}
	open, _ := game.Parse("cn:6,2")
	if _, err := Decide(ctx, open, game.Position{1 << 40, 1, 1, 1, 1, 1}, 1000, nil); err == nil {
		t.Error("a huge position of a game no theorem covers was decided")
	}
	refuse := func(table.Box) error { return fmt.Errorf("no room") }
	if _, err := Decide(ctx, open, game.Position{1, 1, 1, 1, 1, 1}, 1000, refuse); err == nil {
		t.Error("Decide ignored fits")
	}
}
