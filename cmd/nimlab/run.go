package main

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/nimlab/nimlab/certificate"
	"github.com/nimlab/nimlab/commands"
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
	wholeVar(cmd.Flags(), &f.workers, "workers", 0, 0, maxWorkers, "goroutines of the engines (0: one per core)")
	cmd.Flags().BoolVar(&f.json, "json", false, "print one JSON object on stdout")
}

// with are the variables of the flags of a command that solves a table or
// reads one (api's schema), and more: for defineFlags.
func (f *solveFlags) with(more map[string]any) map[string]any {
	vars := map[string]any{"max": &f.max, "force": &f.force, "workers": &f.workers, "json": &f.json, "table": &f.tableFile}
	for k, v := range more {
		vars[k] = v
	}
	return vars
}

// source is the table the flags ask for.
func (f *solveFlags) source() commands.Source {
	return commands.Source{Max: f.max, Table: f.tableFile, Force: f.force, Workers: f.workers}
}

// env is what the command line lends a command: its start, the memory it
// may use, and its progress: to a session's client when it runs in one,
// else as a bar on a terminal (none under JSON output).
func env(ctx context.Context, asJSON bool) commands.Env {
	e := commands.Env{Start: started(ctx), MaxMemory: availableMemory(), Progress: progressOf(ctx)}
	if e.Progress == nil && !asJSON && term.IsTerminal(int(os.Stderr.Fd())) {
		e.Progress = progressBar
	}
	if !asJSON {
		e.Certifying = func(spec string, coqc time.Duration) {
			fmt.Fprintf(os.Stderr, "proved; the Coq certificate of %s: its moves and case split learned where it needs them (at most %v), then coqc (at most %v; Ctrl-C keeps the proof)\n",
				spec, certificate.SplitTime(coqc), coqc)
		}
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

// memoryCap, when positive, caps availableMemory (a variable for tests,
// which run commands in a small budget).
var memoryCap int64

// availableMemory is the memory a solve may use (commands.AvailableMemory),
// capped by memoryCap.
func availableMemory() int64 {
	avail := commands.AvailableMemory()
	if memoryCap > 0 {
		avail = min(avail, memoryCap)
	}
	return avail
}
