package commands

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"time"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/internal/machine"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
	"github.com/nimlab/nimlab/theory"
)

// BenchRequest asks to time the engines on a game ("nimlab bench").
type BenchRequest struct {
	Game string `json:"game"`
	// Source gives the box of the picked engine, the one a solve picks (Max;
	// Table is not read).
	Source
	Grundy     bool `json:"grundy,omitempty"`
	Remoteness bool `json:"remoteness,omitempty"`
	// ReferenceMax is the largest pile of the reference engine's run: -1
	// skips it.
	ReferenceMax int `json:"reference_max"`
	// PreviousMax is the largest pile of the previous engine's run: -1
	// skips it.
	PreviousMax int `json:"previous_max"`
	// Huge is the number of remoteness queries on random piles up to 10^18
	// to time (0: none).
	Huge int `json:"huge,omitempty"`
}

// BenchResult is the timed runs and the speed-ups.
type BenchResult struct {
	Game        string       `json:"game"`
	Grundy      bool         `json:"grundy"`
	HugeQueries *HugeQueries `json:"huge_queries,omitempty"`
	Remoteness  bool         `json:"remoteness"`
	Runs        []EngineRun  `json:"runs"`
	// Speedup is the picked engine's rate over the reference's, when both
	// ran; SpeedupPrevious over the previous engine's.
	Speedup         float64 `json:"speedup,omitempty"`
	SpeedupPrevious float64 `json:"speedup_previous,omitempty"`

	picked        string // the engine the plan picked for the first run
	previousAsked bool
}

// EngineRun is one timed solve.
type EngineRun struct {
	Engine    string  `json:"engine"`
	Max       int     `json:"max"`
	Positions int64   `json:"positions"`
	Seconds   float64 `json:"seconds"`
	Rate      float64 `json:"positions_per_second"`
	// PeakRSSBytes is left out where the operating system does not report it.
	PeakRSSBytes int64 `json:"peak_rss_bytes,omitempty"`
	Estimate     int64 `json:"estimated_bytes"`
}

// HugeQueries times remoteness queries on huge piles.
type HugeQueries struct {
	Theorem     string  `json:"theorem"`
	Count       int     `json:"count"`
	MeanSeconds float64 `json:"mean_seconds"`
	MaxSeconds  float64 `json:"max_seconds"`
}

// Bench solves a box with the engine its plan picks, then with the
// reference engine and the previous engine when asked, and compares their
// rates and peak memory; with Huge it times queries of the theorem on huge piles.
func Bench(ctx context.Context, env Env, req BenchRequest) (*BenchResult, error) {
	req.Table = ""
	g, box, err := req.gameBox(req.Game)
	if err != nil {
		return nil, err
	}
	res := &BenchResult{Game: g.Spec, Grundy: req.Grundy, Remoteness: req.Remoteness, Runs: []EngineRun{}, previousAsked: req.PreviousMax >= 0}
	// run times one solve of box, by its one plan: the picked engine's
	// (engine ""), the reference engine's or the previous engine's.
	run := func(engine string, box table.Box) error {
		opts := solve.Options{Grundy: req.Grundy, Remoteness: req.Remoteness, Reference: engine == "reference"}
		plan, err := req.plan(g, box, opts)
		if err != nil {
			return err
		}
		if engine == "" {
			engine = string(plan.Engine())
			res.picked = engine
		}
		start := time.Now()
		if engine == "previous" {
			t, name, err := previousEngine(ctx, plan)
			if err != nil {
				return err
			}
			if t == nil {
				return nil // no previous engine
			}
			engine = name
		} else if _, err := req.build(ctx, env, plan); err != nil {
			return err
		}
		secs := time.Since(start).Seconds()
		peak, _ := machine.PeakRSS()
		res.Runs = append(res.Runs, EngineRun{
			Engine: engine, Max: box[0], Positions: box.Positions(), Seconds: secs,
			Rate: float64(box.Positions()) / secs, PeakRSSBytes: peak,
			Estimate: plan.MemoryNeeded(),
		})
		return nil
	}
	if err := run("", box); err != nil {
		return nil, err
	}
	if req.ReferenceMax >= 0 {
		if err := run("reference", table.Uniform(g.Piles(), req.ReferenceMax)); err != nil {
			return nil, err
		}
	}
	if len(res.Runs) == 2 {
		res.Speedup = res.Runs[0].Rate / res.Runs[1].Rate
	}
	if req.PreviousMax >= 0 {
		before := len(res.Runs)
		if err := run("previous", table.Uniform(g.Piles(), req.PreviousMax)); err != nil {
			return nil, err
		}
		if len(res.Runs) > before {
			res.SpeedupPrevious = res.Runs[0].Rate / res.Runs[before].Rate
		}
	}
	if req.Huge > 0 {
		if res.HugeQueries, err = timeHugeQueries(ctx, g, req.Huge); err != nil {
			return nil, err
		}
	}
	return res, nil
}

// WriteText writes the runs as "nimlab bench" prints them.
func (r *BenchResult) WriteText(w io.Writer) error {
	for _, run := range r.Runs {
		peak := "unknown on " + runtime.GOOS
		if run.PeakRSSBytes > 0 {
			peak = solve.Bytes(run.PeakRSSBytes)
		}
		fmt.Fprintf(w, "%-9s  %s --max %d: %d positions in %.3f s = %s positions/s; peak RSS %s (estimate %s)\n",
			run.Engine, r.Game, run.Max, run.Positions, run.Seconds, HumanRate(run.Rate), peak, solve.Bytes(run.Estimate))
	}
	if r.Speedup > 0 {
		fmt.Fprintf(w, "speed-up   %.0f× (positions per second, %s over reference)\n", r.Speedup, r.picked)
	}
	if r.SpeedupPrevious > 0 {
		fmt.Fprintf(w, "speed-up   %.1f× (positions per second, %s over the previous engine)\n", r.SpeedupPrevious, r.picked)
	} else if r.previousAsked {
		fmt.Fprintf(w, "previous   none: %s ran this before\n", r.picked)
	}
	if q := r.HugeQueries; q != nil {
		fmt.Fprintf(w, "huge       %d remoteness queries by theorem %s, piles up to 10^18: mean %.2f µs, slowest %.2f µs\n",
			q.Count, q.Theorem, q.MeanSeconds*1e6, q.MaxSeconds*1e6)
	}
	return nil
}

// timeHugeQueries asks the theorem covering g for the remoteness of count
// random positions with piles up to 10^18 (the same positions every run).
func timeHugeQueries(ctx context.Context, g *game.Game, count int) (*HugeQueries, error) {
	th, rule, ok := theory.Find(ctx, g)
	remote, hasRemoteness := rule.(theory.RemotenessOracle)
	if !ok || !hasRemoteness {
		return nil, requestErrorf("%v: no theorem gives the remoteness of %s (only slow:N,N-1, by the M-rule)", Param("huge"), g.Spec)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	q := &HugeQueries{Theorem: th.Name, Count: count}
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

// previousEngine solves the plan's box with the engine solve.Table ran for
// its game and options before the plan's engine, for benchmarks, and names
// it; it returns a nil table when the engine has not changed. Take games
// computed remoteness by looking up every option (Values); Values ran on one
// worker. (Grundy values of take games came from sets on a grid of two slabs
// of every facet, an engine that is gone.)
func previousEngine(ctx context.Context, plan *solve.Plan) (*table.Table, string, error) {
	g, box, opts := plan.Game(), plan.Box(), plan.Options()
	switch engine := plan.Engine(); {
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
