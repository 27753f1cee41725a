package main

import (
	"context"
	"fmt"
	"os"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/internal/machine"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"golang.org/x/term"
)

// solveFlags are the flags shared by the commands that build a table.
type solveFlags struct {
	max     int
	force   bool
	workers int
	json    bool
}

func (f *solveFlags) register(cmd *cobra.Command) {
	cmd.Flags().IntVar(&f.max, "max", -1, "largest pile size: solve every position with all piles in 0..MAX (required)")
	cmd.Flags().BoolVar(&f.force, "force", false, "solve even when the memory estimate exceeds the machine's available memory")
	cmd.Flags().IntVar(&f.workers, "workers", 0, "goroutines of the fast engine (0: one per core)")
	cmd.Flags().BoolVar(&f.json, "json", false, "print one JSON object on stdout")
}

// gameBox parses the spec and checks --max: the game and its uniform box.
func (f *solveFlags) gameBox(spec string) (*game.Game, table.Box, error) {
	g, err := game.Parse(spec)
	if err != nil {
		return nil, nil, err
	}
	if f.max < 0 {
		return nil, nil, fmt.Errorf("--max is required: the largest pile size to solve, e.g. --max 8")
	}
	box := table.Uniform(g.Piles(), f.max)
	if err := box.Check(); err != nil {
		return nil, nil, fmt.Errorf("%s --max %d: %w", g.Spec, f.max, err)
	}
	return g, box, nil
}

// buildTable solves box with the chosen engine, with a progress bar on a
// terminal, after checking the memory estimate.
func buildTable(ctx context.Context, g *game.Game, box table.Box, opts solve.Options, f *solveFlags, reference bool) (*table.Table, error) {
	if !f.force {
		if err := solve.CheckMemory(g, box, opts, reference, availableMemory()); err != nil {
			return nil, err
		}
	}
	opts.Workers = f.workers
	if !f.json && term.IsTerminal(int(os.Stderr.Fd())) {
		bar := progressbar.NewOptions64(box.Positions(),
			progressbar.OptionSetWriter(os.Stderr),
			progressbar.OptionSetDescription("solving "+g.Spec),
			progressbar.OptionShowCount(),
			progressbar.OptionThrottle(100_000_000),
			progressbar.OptionClearOnFinish(),
			progressbar.OptionSetPredictTime(true),
		)
		defer bar.Exit()
		opts.Progress = func(done, total int64) {
			bar.ChangeMax64(total)
			bar.Set64(done)
		}
	}
	engine := solve.Table
	if reference {
		engine = solve.Reference
	}
	return engine(ctx, g, box, opts)
}

// availableMemory is the memory a solve may use (machine.AvailableMemory);
// where the system does not say, it assumes no limit.
func availableMemory() int64 {
	if avail, ok := machine.AvailableMemory(); ok {
		return avail
	}
	return 1 << 62
}
