// The test is external (package check_test) since package theory, which
// it reads, imports check.
package check_test

import (
	"context"
	"slices"
	"testing"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
	"github.com/nimlab/nimlab/theory"
)

func TestStrategy(t *testing.T) {
	ctx := context.Background()
	g, _ := game.Parse("slow:4,3")
	tab, err := solve.Values(ctx, g, table.Uniform(4, 12), solve.Options{Remoteness: true})
	if err != nil {
		t.Fatal(err)
	}
	r, err := check.Strategy(ctx, g, tab, theory.MMove, 3)
	if err != nil || !r.Optimal() || r.States != tab.States() || r.Terminal == 0 {
		t.Fatalf("M-rule on slow:4,3: %+v, %v", r, err)
	}
	// Always keeping the last pile is legal but not optimal.
	keepLast := func(p game.Position) game.Position {
		q := slices.Clone(p)
		for i := range q[:len(q)-1] {
			if q[i] == 0 {
				return nil
			}
			q[i]--
		}
		return q
	}
	r, err = check.Strategy(ctx, g, tab, keepLast, 3)
	if err != nil || r.Optimal() || len(r.Examples) != 3 {
		t.Fatalf("keep-last on slow:4,3: %+v, %v", r, err)
	}
	for _, e := range r.Examples {
		if e.MoveRemoteness == e.Remoteness-1 {
			t.Errorf("failure %+v lowers R by one", e)
		}
	}
	if _, err := check.Strategy(ctx, g, &table.Table{}, keepLast, 1); err == nil {
		t.Error("a table without remoteness was accepted")
	}
}
