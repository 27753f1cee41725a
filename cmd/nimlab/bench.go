package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"time"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/internal/machine"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
	"github.com/nimlab/nimlab/theory"
	"github.com/spf13/cobra"
)

// engineRun is one timed solve.
type engineRun struct {
	Engine    string  `json:"engine"`
	Max       int     `json:"max"`
	Positions int64   `json:"positions"`
	Seconds   float64 `json:"seconds"`
	Rate      float64 `json:"positions_per_second"`
	// PeakRSSBytes is left out where the operating system does not report it.
	PeakRSSBytes int64 `json:"peak_rss_bytes,omitempty"`
	Estimate     int64 `json:"estimated_bytes"`
}

func newBenchCmd() *cobra.Command {
	var f solveFlags
	var grundy, remoteness bool
	var refMax, prevMax, huge int
	cmd := &cobra.Command{
		Use:   "bench GAME --max H",
		Short: "Time the fast engine, and the reference engine on the same game, and compare",
		Long: `Solves GAME with every pile in 0..H with the fast engine, then with the
reference engine (which enumerates every option) on piles 0..R (--reference-max,
default H; -1 skips it), and prints positions per second, the peak resident
memory of the process after each run, and the speed-up of the fast engine.
The fast engine runs first, so its peak memory is its own. It is the engine
"nimlab solve" picks: the line engine for take games ("fast"), the cone engine
for rule variations and hypergraph games ("cones"), and for symmetric slow
games, other compounds and --remoteness the sweep over (sorted) states
("values"); positions count every order of the piles.

--previous-max P also runs, on piles 0..P, the engine the same command
used before this one's (remoteness of take games: option look-ups; Grundy
values of take games: level sets; the sweep over states: one worker), and
prints the speed-up over it.

--huge N times N remoteness queries on random piles up to 10^18 for a game
whose theorem gives remoteness (slow:N,N-1, by the M-rule) and prints the
mean and the slowest.`,
		Example: `  nimlab bench cn:6,3 --max 31 --reference-max -1
  nimlab bench cn:6,3 --max 10
  nimlab bench slow:5,4 --max 63 --remoteness --reference-max 12 --previous-max 63
  nimlab bench cn:6,3 --max 15 --remoteness --reference-max 6 --previous-max 10
  nimlab bench slow:5,4 --max 0 --reference-max -1 --huge 10000`,
		Args: positional,
		RunE: func(cmd *cobra.Command, args []string) error {
			g, box, err := f.gameBox(args[0])
			if err != nil {
				return err
			}
			if refMax == -2 {
				refMax = f.max
			}
			runs := []engineRun{}
			run := func(engine string, box table.Box) error {
				reference := engine == "reference"
				opts := solve.Options{Grundy: grundy, Remoteness: remoteness}
				start := time.Now()
				if engine == "previous" {
					opts.Workers = f.workers
					t, name, err := previousEngine(cmd.Context(), g, box, opts)
					if err != nil {
						return err
					}
					if t == nil {
						return nil // no previous engine
					}
					engine = name
				} else if _, err := buildTable(cmd.Context(), g, box, opts, &f, reference); err != nil {
					return err
				}
				secs := time.Since(start).Seconds()
				peak, _ := machine.PeakRSS()
				runs = append(runs, engineRun{
					Engine: engine, Max: box[0], Positions: box.Positions(), Seconds: secs,
					Rate: float64(box.Positions()) / secs, PeakRSSBytes: peak,
					Estimate: solve.MemoryNeeded(g, box, opts, reference),
				})
				return nil
			}
			fast := string(solve.EngineFor(g, box, solve.Options{Grundy: grundy, Remoteness: remoteness}))
			if err := run(fast, box); err != nil {
				return err
			}
			if refMax >= 0 {
				if err := run("reference", table.Uniform(g.Piles(), refMax)); err != nil {
					return err
				}
			}
			speedup := 0.0
			if len(runs) == 2 {
				speedup = runs[0].Rate / runs[1].Rate
			}
			speedupPrevious := 0.0
			if prevMax >= 0 {
				before := len(runs)
				if err := run("previous", table.Uniform(g.Piles(), prevMax)); err != nil {
					return err
				}
				if len(runs) > before {
					speedupPrevious = runs[0].Rate / runs[before].Rate
				}
			}
			var queries *hugeQueries
			if huge > 0 {
				if queries, err = timeHugeQueries(cmd.Context(), g, huge); err != nil {
					return err
				}
			}
			w := cmd.OutOrStdout()
			if f.json {
				res := map[string]any{"game": g.Spec, "grundy": grundy, "remoteness": remoteness, "runs": runs}
				if speedup > 0 {
					res["speedup"] = speedup
				}
				if speedupPrevious > 0 {
					res["speedup_previous"] = speedupPrevious
				}
				if queries != nil {
					res["huge_queries"] = queries
				}
				return printJSON(w, res)
			}
			for _, r := range runs {
				peak := "unknown on " + runtime.GOOS
				if r.PeakRSSBytes > 0 {
					peak = solve.Bytes(r.PeakRSSBytes)
				}
				fmt.Fprintf(w, "%-9s  %s --max %d: %d positions in %.3f s = %s positions/s; peak RSS %s (estimate %s)\n",
					r.Engine, g.Spec, r.Max, r.Positions, r.Seconds, humanRate(r.Rate), peak, solve.Bytes(r.Estimate))
			}
			if speedup > 0 {
				fmt.Fprintf(w, "speed-up   %.0f× (positions per second, %s over reference)\n", speedup, fast)
			}
			if speedupPrevious > 0 {
				fmt.Fprintf(w, "speed-up   %.1f× (positions per second, %s over the previous engine)\n", speedupPrevious, fast)
			} else if prevMax >= 0 {
				fmt.Fprintf(w, "previous   none: %s ran this before\n", fast)
			}
			if queries != nil {
				fmt.Fprintf(w, "huge       %d remoteness queries by theorem %s, piles up to 10^18: mean %.2f µs, slowest %.2f µs\n",
					queries.Count, queries.Theorem, queries.MeanSeconds*1e6, queries.MaxSeconds*1e6)
			}
			return nil
		},
	}
	f.register(cmd)
	cmd.Flags().BoolVar(&grundy, "grundy", false, "compute Grundy values, not only outcomes")
	cmd.Flags().BoolVar(&remoteness, "remoteness", false, "compute remoteness")
	wholeVar(cmd.Flags(), &huge, "huge", 0, 0, maxHugeQueries, "also time this many remoteness queries on random piles up to 10^18")
	wholeVar(cmd.Flags(), &prevMax, "previous-max", -1, -1, table.MaxLine, "largest pile for the previous engine (-1: skip it)")
	wholeVar(cmd.Flags(), &refMax, "reference-max", -2, -1, table.MaxLine, "largest pile for the reference engine (default: --max; -1: skip it)")
	return cmd
}

// hugeQueries times remoteness queries on huge piles.
type hugeQueries struct {
	Theorem     string  `json:"theorem"`
	Count       int     `json:"count"`
	MeanSeconds float64 `json:"mean_seconds"`
	MaxSeconds  float64 `json:"max_seconds"`
}

// timeHugeQueries asks the theorem covering g for the remoteness of count
// random positions with piles up to 10^18 (the same positions every run).
func timeHugeQueries(ctx context.Context, g *game.Game, count int) (*hugeQueries, error) {
	th, rule, ok := theory.Find(ctx, g)
	remote, hasRemoteness := rule.(theory.RemotenessRule)
	if !ok || !hasRemoteness {
		return nil, fmt.Errorf("--huge: no theorem gives the remoteness of %s (only slow:N,N-1, by the M-rule)", g.Spec)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	q := &hugeQueries{Theorem: th.Name, Count: count}
	var total time.Duration
	p := make(game.Position, g.Piles())
	for range count {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for i := range p {
			p[i] = rng.IntN(1_000_000_000_000_000_001)
		}
		start := time.Now()
		remote.Remoteness(p)
		d := time.Since(start)
		total += d
		q.MaxSeconds = max(q.MaxSeconds, d.Seconds())
	}
	q.MeanSeconds = total.Seconds() / float64(count)
	return q, nil
}

// previousEngine solves box with the engine solve.Table ran for g and opts
// before the current one, for benchmarks, and names it; it returns a nil
// table when the engine has not changed. Take games computed remoteness by
// looking up every option (Values); Values ran on one worker. (Grundy values
// of take games came from sets on a grid of two slabs of every facet, an
// engine that is gone.)
func previousEngine(ctx context.Context, g *game.Game, box table.Box, opts solve.Options) (*table.Table, string, error) {
	engine := solve.EngineFor(g, box, opts)
	switch {
	case engine == solve.EngineFast && opts.Remoteness:
		t, err := solve.Values(ctx, g, box, opts)
		return t, "values (looks up options)", err
	case engine == solve.EngineValues:
		opts.Workers = 1
		t, err := solve.Values(ctx, g, box, opts)
		return t, "values (1 worker)", err
	}
	return nil, "", nil
}
