package main

import (
	"fmt"
	"syscall"
	"time"

	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
	"github.com/spf13/cobra"
)

// engineRun is one timed solve.
type engineRun struct {
	Engine       string  `json:"engine"`
	Max          int     `json:"max"`
	Positions    int64   `json:"positions"`
	Seconds      float64 `json:"seconds"`
	Rate         float64 `json:"positions_per_second"`
	PeakRSSBytes int64   `json:"peak_rss_bytes"`
	Estimate     int64   `json:"estimated_bytes"`
}

func newBenchCmd() *cobra.Command {
	var f solveFlags
	var grundy bool
	var refMax int
	cmd := &cobra.Command{
		Use:   "bench GAME --max H",
		Short: "Time the fast engine, and the reference engine on the same game, and compare",
		Long: `Solves GAME with every pile in 0..H with the fast engine, then with the
reference engine (which enumerates every option) on piles 0..R (--reference-max,
default H; -1 skips it), and prints positions per second, the peak resident
memory of the process after each run, and the speed-up of the fast engine.
The fast engine runs first, so its peak memory is its own.`,
		Example: `  nimlab bench cn:6,3 --max 31 --reference-max -1
  nimlab bench cn:6,3 --max 10`,
		Args: cobra.ExactArgs(1),
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
				opts := solve.Options{Grundy: grundy}
				start := time.Now()
				if _, err := buildTable(cmd.Context(), g, box, opts, &f, reference); err != nil {
					return err
				}
				secs := time.Since(start).Seconds()
				runs = append(runs, engineRun{
					Engine: engine, Max: box[0], Positions: box.Positions(), Seconds: secs,
					Rate: float64(box.Positions()) / secs, PeakRSSBytes: peakRSS(),
					Estimate: solve.MemoryNeeded(g, box, opts, reference),
				})
				return nil
			}
			if err := run("fast", box); err != nil {
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
			w := cmd.OutOrStdout()
			if f.json {
				res := map[string]any{"game": g.Spec, "grundy": grundy, "runs": runs}
				if speedup > 0 {
					res["speedup"] = speedup
				}
				return printJSON(w, res)
			}
			for _, r := range runs {
				fmt.Fprintf(w, "%-9s  %s --max %d: %d positions in %.3f s = %s positions/s; peak RSS %s (estimate %s)\n",
					r.Engine, g.Spec, r.Max, r.Positions, r.Seconds, humanRate(r.Rate),
					solve.Bytes(r.PeakRSSBytes), solve.Bytes(r.Estimate))
			}
			if speedup > 0 {
				fmt.Fprintf(w, "speed-up   %.0f× (positions per second, fast over reference)\n", speedup)
			}
			return nil
		},
	}
	f.register(cmd)
	cmd.Flags().BoolVar(&grundy, "grundy", false, "compute Grundy values, not only outcomes")
	cmd.Flags().IntVar(&refMax, "reference-max", -2, "largest pile for the reference engine (default: --max; -1: skip it)")
	return cmd
}

// peakRSS returns the peak resident memory of this process so far.
func peakRSS() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Maxrss * 1024
}
