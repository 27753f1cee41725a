package certificate_test

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/nimlab/nimlab/certificate"
	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/prove"
	"github.com/nimlab/nimlab/prove/proof"
	"github.com/nimlab/nimlab/theory"
)

func TestRecordedExperiment(t *testing.T) {
	only := os.Getenv("CERT")
	if only == "" {
		t.Skip()
	}
	ctx := context.Background()
	z3, err := prove.FindSolver(ctx, "z3")
	if err != nil {
		t.Fatal(err)
	}
	for _, th := range theory.Theorems() {
		for _, r := range th.Proofs() {
			if r.Proof != proof.Presburger || !strings.Contains(only+",all", r.Game) && !strings.Contains(only, "all") {
				continue
			}
			g, _ := game.Parse(r.Game)
			src, ok := th.Expression(ctx, g)
			if !ok {
				continue
			}
			e, err := check.Compile(src, g.Piles(), func() (*complex.Group, error) { return g.Symmetries(ctx) })
			if err != nil {
				t.Log(r.Game, err)
				continue
			}
			start := time.Now()
			dir := t.TempDir()
			rep, err := certificate.Certify(ctx, certificate.Claim{Game: g, Set: e, Solver: z3}, dir, "c", 10*time.Minute)
			if err != nil {
				t.Log(r.Game, th.Name, err)
				continue
			}
			t.Logf("%s %s: %.1fs moves %d %v %s %s", r.Game, th.Name, time.Since(start).Seconds(), rep.Moves, rep.Status, rep.Detail, rep.Output)
		}
	}
}
