package theory_test

import (
	"context"
	"testing"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/theory"
)

// TestExpressionsAreTheTheorems compares each theorem's expression with its
// own test at every position of its examples' boxes (capped so that each
// box stays small).
func TestExpressionsAreTheTheorems(t *testing.T) {
	ctx := context.Background()
	withExpression := 0
	for _, th := range theory.Theorems() {
		for _, ex := range th.Examples {
			g, err := game.Parse(ex.Spec)
			if err != nil {
				t.Fatal(err)
			}
			src, ok := th.Expression(ctx, g)
			if !ok {
				continue
			}
			withExpression++
			rule, _ := th.For(ctx, g)
			e, err := check.Compile(src, g.Piles(), func() (*complex.Group, error) { return g.Symmetries(ctx) })
			if err != nil {
				t.Fatalf("%s on %s: %v", th.Name, ex.Spec, err)
			}
			in := e.Evaluator()
			h := ex.Max
			for h > 1 && pow(h+1, g.Piles()) > 400_000 {
				h--
			}
			p := make(game.Position, g.Piles())
			accepted := 0
			for {
				if in(p) != rule.IsP(p) {
					t.Fatalf("%s on %s at %v: the expression says %v, the theorem %v", th.Name, ex.Spec, p, in(p), rule.IsP(p))
				}
				if in(p) {
					accepted++
				}
				i := 0
				for ; i < len(p) && p[i] == h; i++ {
					p[i] = 0
				}
				if i == len(p) {
					break
				}
				p[i]++
			}
			if accepted == 0 {
				t.Errorf("%s on %s: only %d P-positions up to %d", th.Name, ex.Spec, accepted, h)
			}
		}
	}
	if withExpression < 20 {
		t.Errorf("only %d examples have an expression", withExpression)
	}
}

func pow(b, e int) int {
	r := 1
	for range e {
		r *= b
	}
	return r
}
