package commands

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"time"

	"github.com/nimlab/nimlab/atlas"
	"github.com/nimlab/nimlab/docs"
	"github.com/nimlab/nimlab/frontier"
	"github.com/nimlab/nimlab/internal/machine"
)

// FrontierRequest asks for the frontier table ("nimlab frontier").
type FrontierRequest struct {
	// Families are the names of the families, separated by commas (all
	// when empty), each NAME or NAME:N (at most N piles).
	Families string `json:"families,omitempty"`
	// NMax bounds the piles of the games (0: each family's own bound).
	NMax int `json:"n_max,omitempty"`
	// Max is the height every game is solved to (required: -1 is not
	// given).
	Max int `json:"max"`
	// Out is the directory of the survey's journal, tables and SMT-LIB
	// files; empty: nothing is written (nor resumed).
	Out string `json:"out,omitempty"`
	// Shard is the part i/N to run ("0/1" when empty).
	Shard   string `json:"shard,omitempty"`
	Workers int    `json:"workers,omitempty"`
	// Prove proves each description, each query for at most ProveTimeout
	// (which must be positive even when Prove is false, as the command
	// line's flag).
	Prove        bool          `json:"prove,omitempty"`
	ProveTimeout time.Duration `json:"prove_timeout,omitempty"`
	// Collect computes nothing: it reads the rows every shard of the
	// survey in Out has finished, and names the games still missing.
	Collect bool `json:"collect,omitempty"`
	// Format is how WriteText writes the table: text (the default),
	// markdown or csv.
	Format string `json:"format,omitempty"`
}

// Machine is what a frontier ran on.
type Machine struct {
	// CPU is the processor's model, Cores the cores Go sees.
	CPU   string `json:"cpu,omitempty"`
	Cores int    `json:"cores"`
	// LoadBefore and LoadAfter are the load averages over 1, 5 and 15
	// minutes as the survey started and ended.
	LoadBefore string `json:"load_before,omitempty"`
	LoadAfter  string `json:"load_after,omitempty"`
}

// FrontierResult is the frontier table: one row per game.
type FrontierResult struct {
	// Max is the height every game was solved to.
	Max int `json:"max"`
	// Shard is the part of the survey the rows are ("collected" for every
	// shard's rows read back).
	Shard string         `json:"shard"`
	Rows  []frontier.Row `json:"rows"`
	// Missing are, for a collected table, the games no shard has finished.
	Missing []string `json:"missing,omitempty"`
	// Markdown, CSV and SMT are the files and the directory of SMT-LIB
	// queries the survey wrote.
	Markdown string `json:"markdown,omitempty"`
	CSV      string `json:"csv,omitempty"`
	SMT      string `json:"smt,omitempty"`
	// Machine is what the survey ran on, and Seconds its wall time (none
	// for a collected table).
	Machine *Machine `json:"machine,omitempty"`
	Seconds float64  `json:"seconds,omitempty"`

	format string
}

// Frontier surveys the frontier's families (or, with Collect, reads what
// every shard surveyed). env.Surveying is told each game as it starts.
func Frontier(ctx context.Context, env Env, req FrontierRequest) (*FrontierResult, error) {
	format, err := formatOf(req.Format, "text", "markdown", "csv")
	if err != nil {
		return nil, err
	}
	if req.Collect {
		return collectFrontier(req.Out, format)
	}
	if req.Max < 0 {
		return nil, requestErrorf("%v is required: the height to solve every game to, e.g. %v", Param("max"), Setting{Param("max"), "6"})
	}
	s, err := atlas.ParseShard(cmp.Or(req.Shard, "0/1"))
	if err != nil {
		return nil, err
	}
	if req.ProveTimeout <= 0 {
		return nil, requestErrorf("%v must be more than 0, e.g. %v", Param("prove-timeout"), Setting{Param("prove-timeout"), "30s"})
	}
	opts := frontier.Options{Max: req.Max, NMax: req.NMax, Workers: req.Workers}
	if req.Families != "" {
		opts.Families = strings.Split(req.Families, ",")
	}
	if _, err := frontier.Games(ctx, opts.Families, opts.NMax); err != nil {
		return nil, &RequestError{Err: err}
	}
	if req.Prove {
		if opts.Prove, err = proveOptions(ctx, req.ProveTimeout); err != nil {
			return nil, err
		}
	}
	start := env.start(time.Now())
	m := &Machine{Cores: runtime.NumCPU()}
	m.CPU, _ = machine.CPUModel()
	m.LoadBefore, _ = machine.LoadAverage()
	progress := env.Surveying
	if progress == nil {
		progress = func(string, bool) {}
	}
	rows, err := frontier.Run(ctx, opts, s, req.Out, progress)
	if err != nil {
		return nil, err
	}
	m.LoadAfter, _ = machine.LoadAverage()
	res := &FrontierResult{Max: req.Max, Shard: fmt.Sprintf("%d/%d", s.I, s.N), Rows: rows, Machine: m, Seconds: seconds(start), format: format}
	if req.Out != "" {
		res.Markdown, res.CSV = frontier.Paths(req.Out, s)
		if req.Prove {
			res.SMT = frontier.SMTDir(req.Out)
		}
	}
	return res, nil
}

// collectFrontier reads the rows every shard of the survey in out has
// finished.
func collectFrontier(out, format string) (*FrontierResult, error) {
	if out == "" {
		return nil, requestErrorf("%v reads the survey in %v DIR: give %v", Param("collect"), Param("out"), Param("out"))
	}
	c, err := frontier.Collect(out)
	if err != nil {
		return nil, err
	}
	return &FrontierResult{Max: c.Max, Shard: "collected", Rows: c.Rows, Missing: c.Missing, format: format}, nil
}

// FrontierRecorded is the frontier table docs/findings.md shows, as the
// survey recorded in docs/frontier.json wrote it (the lab's Frontier page).
func FrontierRecorded() (*FrontierResult, error) {
	var r FrontierResult
	if err := json.Unmarshal(docs.FrontierJSON, &r); err != nil {
		return nil, fmt.Errorf("docs/frontier.json: %w", err)
	}
	if len(r.Rows) == 0 {
		return nil, errors.New("docs/frontier.json holds no rows")
	}
	r.format = "text"
	return &r, nil
}

// WriteText writes the table as "nimlab frontier" prints it: text,
// Markdown or CSV (FrontierRequest.Format), and in text the files written
// and the machine.
func (r *FrontierResult) WriteText(w io.Writer) error {
	switch r.format {
	case "markdown":
		return frontier.WriteMarkdown(w, r.Rows)
	case "csv":
		return frontier.WriteCSV(w, r.Rows)
	}
	if err := frontier.WriteText(w, r.Rows); err != nil {
		return err
	}
	if len(r.Missing) > 0 {
		fmt.Fprintf(w, "\nnot surveyed yet (%d): %s\n", len(r.Missing), strings.Join(r.Missing, " "))
	}
	if m := r.Machine; m != nil {
		fmt.Fprintf(w, "\n%.1f s on %s (%d cores); load %s before, %s after\n", r.Seconds, cmp.Or(m.CPU, "an unknown CPU"), m.Cores,
			cmp.Or(m.LoadBefore, "unknown"), cmp.Or(m.LoadAfter, "unknown"))
	}
	var files []string
	for _, f := range []string{r.Markdown, r.CSV, r.SMT} {
		if f != "" {
			files = append(files, f)
		}
	}
	if len(files) > 0 {
		_, err := fmt.Fprintf(w, "wrote %s\n", strings.Join(files, ", "))
		return err
	}
	return nil
}
