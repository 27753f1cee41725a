package main

import (
	"context"
	"os"

	"github.com/nimlab/nimlab/commands"
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
	max       int
	force     bool
	workers   int
	json      bool
	tableFile string
}

func (f *solveFlags) register(cmd *cobra.Command) {
	wholeVar(cmd.Flags(), &f.max, "max", -1, 0, commands.MaxLine, "largest pile size: solve every position with all piles in 0..MAX (required)")
	cmd.Flags().BoolVar(&f.force, "force", false, "solve even when the memory estimate exceeds the machine's available memory")
	wholeVar(cmd.Flags(), &f.workers, "workers", 0, 0, maxWorkers, "goroutines of the fast engine (0: one per core)")
	cmd.Flags().BoolVar(&f.json, "json", false, "print one JSON object on stdout")
}

// registerTable adds --table, for the commands that can read a saved table
// instead of solving.
func (f *solveFlags) registerTable(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.tableFile, "table", "", "read the table from this file (written by solve --out) instead of solving; --max may then be left out")
}

// source is the table the flags ask for.
func (f *solveFlags) source() commands.Source {
	return commands.Source{Max: f.max, Table: f.tableFile, Force: f.force, Workers: f.workers}
}

// env is what the command line lends a command: its start, the memory it
// may use, and a progress bar on a terminal (none under JSON output).
func env(ctx context.Context, asJSON bool) commands.Env {
	e := commands.Env{Start: started(ctx), MaxMemory: availableMemory()}
	if !asJSON && term.IsTerminal(int(os.Stderr.Fd())) {
		e.Progress = progressBar
	}
	return e
}

// progressBar shows the progress of a solve on stderr, and removes the bar
// when the solve stops.
func progressBar(spec string, positions int64) (func(done, total int64), func()) {
	bar := progressbar.NewOptions64(positions,
		progressbar.OptionSetWriter(os.Stderr),
		progressbar.OptionSetDescription("solving "+spec),
		progressbar.OptionShowCount(),
		progressbar.OptionThrottle(100_000_000),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetPredictTime(true),
	)
	report := func(done, total int64) {
		bar.ChangeMax64(total)
		bar.Set64(done)
	}
	return report, func() { bar.Exit() }
}

// gameBox parses the spec and checks --max, for bench: the game and its
// uniform box.
func (f *solveFlags) gameBox(spec string) (*game.Game, table.Box, error) {
	g, err := game.Parse(spec)
	if err != nil {
		return nil, nil, err
	}
	if f.max < 0 {
		return nil, nil, errMaxRequired
	}
	box := table.Uniform(g.Piles(), f.max)
	if err := box.Check(); err != nil {
		return nil, nil, fmtBoxError(g.Spec, f.max, err)
	}
	return g, box, nil
}

// buildTable solves box for bench with the chosen engine, with a progress
// bar on a terminal, after checking the memory estimate.
func buildTable(ctx context.Context, g *game.Game, box table.Box, opts solve.Options, f *solveFlags, reference bool) (*table.Table, error) {
	if !f.force {
		if err := solve.CheckMemory(g, box, opts, reference, availableMemory()); err != nil {
			return nil, err
		}
	}
	opts.Workers = f.workers
	if e := env(ctx, f.json); e.Progress != nil {
		report, end := e.Progress(g.Spec, box.Positions())
		defer end()
		opts.Progress = report
	}
	engine := solve.Table
	if reference {
		engine = solve.Reference
	}
	return engine(ctx, g, box, opts)
}

// memoryCap, when positive, caps availableMemory (a variable for tests,
// which run commands in a small budget).
var memoryCap int64

// availableMemory is the memory a solve may use (machine.AvailableMemory);
// where the system does not say, it assumes no limit.
func availableMemory() int64 {
	avail, ok := machine.AvailableMemory()
	if !ok {
		avail = 1 << 62
	}
	if memoryCap > 0 {
		avail = min(avail, memoryCap)
	}
	return avail
}
