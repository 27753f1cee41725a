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
	"github.com/nimlab/nimlab/witness"
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
			l, err := witness.Learn(ctx, g, e.Evaluator(), witness.Options{Linear: true, MaxMoves: 64})
			if err != nil || !l.Complete() {
				t.Log(r.Game, "learn", err, l)
				continue
			}
			learned := time.Since(start)
			text, err := certificate.Write(ctx, certificate.Claim{Game: g, Set: e, Moves: l.Moves, Solver: z3})
			written := time.Since(start) - learned
			if err != nil {
				t.Log(r.Game, th.Name, "write", err)
				continue
			}
			path, _ := certificate.Save(t.TempDir(), "c", text)
			os.WriteFile("/tmp/cert-"+strings.ReplaceAll(r.Game, ":", "_")+".v", []byte(text), 0o644)
			c, err := certificate.Check(ctx, path, 10*time.Minute)
			if err != nil {
				t.Log(r.Game, th.Name, err)
				continue
			}
			out := c.Output
			if len(out) > 300 {
				out = out[:300]
			}
			t.Logf("%s %s: moves %d learn %.1fs write %.1fs coqc %.1fs accepted %v %s", r.Game, th.Name, len(l.Moves), learned.Seconds(), written.Seconds(), c.Seconds, c.Accepted, out)
		}
	}
}
