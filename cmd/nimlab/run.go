package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/internal/atomicfile"
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
	wholeVar(cmd.Flags(), &f.max, "max", -1, 0, table.MaxLine, "largest pile size: solve every position with all piles in 0..MAX (required)")
	cmd.Flags().BoolVar(&f.force, "force", false, "solve even when the memory estimate exceeds the machine's available memory")
	wholeVar(cmd.Flags(), &f.workers, "workers", 0, 0, maxWorkers, "goroutines of the fast engine (0: one per core)")
	cmd.Flags().BoolVar(&f.json, "json", false, "print one JSON object on stdout")
}

// registerTable adds --table, for the commands that can read a saved table
// instead of solving.
func (f *solveFlags) registerTable(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.tableFile, "table", "", "read the table from this file (written by solve --out) instead of solving; --max may then be left out")
}

// gameBox parses the spec and checks --max: the game and its uniform box.
// With --table the box is the table's, and gameBox returns a nil box.
func (f *solveFlags) gameBox(spec string) (*game.Game, table.Box, error) {
	g, err := game.Parse(spec)
	if err != nil {
		return nil, nil, err
	}
	if f.tableFile != "" {
		return g, nil, nil
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

// solveOrLoad returns the table of g: read from --table, or solved on box.
// A table read must be of g (the same spec), hold what opts asks for, and
// match --max when it is given; --max is then set to the table's.
func (f *solveFlags) solveOrLoad(ctx context.Context, g *game.Game, box table.Box, opts solve.Options, reference bool) (*table.Table, error) {
	if f.tableFile == "" {
		return buildTable(ctx, g, box, opts, f, reference)
	}
	if reference {
		return nil, fmt.Errorf("--table and --reference: a table read from a file is not solved again")
	}
	t, err := loadTable(ctx, f.tableFile, g)
	if err != nil {
		return nil, err
	}
	if err := t.CheckContents(opts.Grundy, opts.Remoteness); err != nil {
		return nil, fmt.Errorf("%s: %w", f.tableFile, err)
	}
	uniform := table.Uniform(len(t.Box), t.Box[0])
	switch {
	case !slices.Equal(t.Box, uniform):
		return nil, fmt.Errorf("%s: the table's box %v has different maxima; the commands read tables with every pile 0..H", f.tableFile, t.Box)
	case f.max >= 0 && f.max != t.Box[0]:
		return nil, fmt.Errorf("--max %d, but %s holds every pile 0..%d; leave --max out to use the table's box", f.max, f.tableFile, t.Box[0])
	}
	f.max = t.Box[0]
	return t, nil
}

// loadTable reads the table file at path and checks that it is a table of g.
func loadTable(ctx context.Context, path string, g *game.Game) (*table.Table, error) {
	t, err := table.Load(ctx, path, availableMemory())
	if err != nil {
		return nil, err
	}
	if err := t.CheckGame(g); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

// buildTable solves box with the chosen engine, with a progress bar on a
// terminal, after checking the memory estimate.
func buildTable(ctx context.Context, g *game.Game, box table.Box, opts solve.Options, f *solveFlags, reference bool) (*table.Table, error) {
	if !f.force {
		if err := solve.CheckMemory(g, box, opts, reference, availableMemory()); err != nil {
			return nil, err
		}
	}
	opts, done := f.withProgress(ctx, g, box, opts)
	defer done()
	engine := solve.Table
	if reference {
		engine = solve.Reference
	}
	return engine(ctx, g, box, opts)
}

// keepStreamed bounds the outcomes (bytes of P-lines) a streamed solve also
// keeps in memory, to count their symmetry classes (a variable for tests).
var keepStreamed int64 = 256 << 20

// streamTable solves the outcomes of g on box into the table file out as
// they are computed (solve.StreamTable), after checking the memory
// estimate. It returns the number of P-positions and, when the table is
// small enough to keep as well (keepStreamed), the table.
func streamTable(ctx context.Context, g *game.Game, box table.Box, opts solve.Options, f *solveFlags, out string) (*table.Table, int64, error) {
	keep := 2*box.Lines() <= keepStreamed
	if !f.force {
		if err := solve.CheckStreamMemory(g, box, keep, availableMemory()); err != nil {
			return nil, 0, err
		}
	}
	opts, done := f.withProgress(ctx, g, box, opts)
	defer done()
	var t *table.Table
	var pPositions int64
	err := atomicfile.Write(out, func(w io.Writer) error {
		var err error
		t, pPositions, err = solve.StreamTable(ctx, g, box, opts, w, keep)
		return err
	})
	return t, pPositions, err
}

// withProgress sets the workers and a progress report on opts: the web
// lab's progress events, or a bar on a terminal, which done removes.
func (f *solveFlags) withProgress(ctx context.Context, g *game.Game, box table.Box, opts solve.Options) (solve.Options, func()) {
	opts.Workers = f.workers
	if progress, ok := ctx.Value(progressKey{}).(func(done, total int64)); ok {
		opts.Progress = progress
		return opts, func() {}
	}
	if f.json || !term.IsTerminal(int(os.Stderr.Fd())) {
		return opts, func() {}
	}
	bar := progressbar.NewOptions64(box.Positions(),
		progressbar.OptionSetWriter(os.Stderr),
		progressbar.OptionSetDescription("solving "+g.Spec),
		progressbar.OptionShowCount(),
		progressbar.OptionThrottle(100_000_000),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetPredictTime(true),
	)
	opts.Progress = func(done, total int64) {
		bar.ChangeMax64(total)
		bar.Set64(done)
	}
	return opts, func() { bar.Exit() }
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
