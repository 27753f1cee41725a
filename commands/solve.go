package commands

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/nimlab/nimlab/internal/atomicfile"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
)

// DefaultStreamKeep is the usual bound of SolveRequest.StreamKeep: 256 MiB.
const DefaultStreamKeep = 256 << 20

// SolveRequest asks for the table of a game and its summary ("nimlab
// solve").
type SolveRequest struct {
	Game string `json:"game"`
	Source
	Grundy     bool `json:"grundy,omitempty"`
	Remoteness bool `json:"remoteness,omitempty"`
	// Reference solves with the reference engine, which enumerates every
	// option (slow; for checking).
	Reference bool `json:"reference,omitempty"`
	// Out, when not empty, is the file the table is saved to (atomically);
	// the outcomes of a take game are streamed there as they are computed.
	Out string `json:"out,omitempty"`
	// Export, when not empty, is the file every position is written to:
	// CSV when its name ends in .csv, NumPy arrays in .npz, else Parquet
	// (exportFormat).
	Export string `json:"export,omitempty"`
	// StreamKeep bounds the bytes of outcomes a streamed solve also keeps in
	// memory, to count their symmetry classes (DefaultStreamKeep; 0 keeps
	// none).
	StreamKeep int64 `json:"-"`
}

// SolveResult summarizes a solved (or read) table: its counts, the engine
// and the time it took.
type SolveResult struct {
	Engine       string  `json:"engine"`
	Export       string  `json:"export,omitempty"`
	Game         string  `json:"game"`
	GrundyCounts []int64 `json:"grundy_counts,omitempty"`
	Max          int     `json:"max"`
	// MaxGrundy and MaxRemoteness are the largest values, when computed.
	MaxGrundy        *int    `json:"max_grundy,omitempty"`
	MaxRemoteness    *int    `json:"max_remoteness,omitempty"`
	Out              string  `json:"out,omitempty"`
	PClasses         int64   `json:"p_classes"`
	PPositions       int64   `json:"p_positions"`
	Positions        int64   `json:"positions"`
	Rate             float64 `json:"positions_per_second"`
	RemotenessCounts []int64 `json:"remoteness_counts,omitempty"`
	// Seconds is the time solving (or reading the table); SecondsTotal the
	// whole command's.
	Seconds      float64 `json:"seconds"`
	SecondsTotal float64 `json:"seconds_total"`
	// Sorted is true when the table stores only sorted positions.
	Sorted bool  `json:"sorted"`
	States int64 `json:"states"`
	// Streamed, present with Out, says whether the table was written as it
	// was solved.
	Streamed       *bool  `json:"streamed,omitempty"`
	Symmetries     string `json:"symmetries"`
	SymmetriesNote string `json:"symmetries_note,omitempty"`
	Table          string `json:"table,omitempty"`
	Title          string `json:"title"`
	Workers        int    `json:"workers"`
}

// Solve builds the table of a game on every position with piles 0..Max (or
// reads it), saves or exports it when asked, and summarizes it.
func Solve(ctx context.Context, env Env, req SolveRequest) (*SolveResult, error) {
	now := time.Now()
	g, box, err := req.gameBox(req.Game)
	if err != nil {
		return nil, err
	}
	if req.Table != "" && req.Out != "" {
		return nil, requestErrorf("%v and %v: the table is already in %s", Param("table"), Param("out"), req.Table)
	}
	grundy, remoteness := req.Grundy, req.Remoteness
	opts := solve.Options{Grundy: grundy, Remoteness: remoteness, Reference: req.Reference}
	// The one plan of the solve (none when the table is read).
	var plan *solve.Plan
	if req.Table == "" {
		if plan, err = req.plan(g, box, opts); err != nil {
			return nil, err
		}
	}
	// Outcomes of a take game saved to a file are streamed there as they
	// are computed, so the table need not fit in memory.
	streamed := plan != nil && req.Out != "" && req.Export == "" && plan.Streams()
	var t *table.Table
	var s *solve.Summary
	switch {
	case streamed:
		var pPositions int64
		if t, pPositions, err = req.stream(ctx, env, plan); err != nil {
			return nil, err
		}
		if t == nil {
			s = &solve.Summary{Positions: box.Positions(), States: box.Positions(), PPositions: pPositions, PClasses: -1,
				SymmetriesNote: fmt.Sprintf("not counted: the table was written to %s as it was solved, without being held (count them with: nimlab solve %s --table %s)", req.Out, ShellQuote(g.Spec), ShellQuote(req.Out))}
		}
	case plan != nil:
		if t, err = req.build(ctx, env, plan); err != nil {
			return nil, err
		}
	default:
		if t, err = req.load(ctx, env, g, opts); err != nil {
			return nil, err
		}
		// A table read from a file reports what it holds.
		grundy, remoteness = t.Grundy != nil, t.Remoteness != nil
	}
	secs := time.Since(now).Seconds()
	if req.Out != "" && !streamed {
		if err := t.Save(ctx, req.Out); err != nil {
			return nil, err
		}
	}
	if req.Export != "" {
		write := t.ExportParquet
		switch exportFormat(req.Export) {
		case "CSV":
			write = t.ExportCSV
		case "NumPy":
			write = t.ExportNPZ
		}
		if err := atomicfile.Write(req.Export, func(w io.Writer) error { return write(ctx, w) }); err != nil {
			return nil, err
		}
	}
	if t != nil {
		if s, err = solve.Summarize(ctx, g, t); err != nil {
			return nil, err
		}
	}
	r := &SolveResult{
		Game: g.Spec, Title: g.Title, Max: req.Max, Positions: s.Positions, States: s.States, Sorted: t != nil && t.Sorted,
		PPositions: s.PPositions, PClasses: s.PClasses, Symmetries: s.Symmetries, SymmetriesNote: s.SymmetriesNote,
		Seconds: secs, SecondsTotal: time.Since(env.start(now)).Seconds(),
		Engine: "table file", Workers: req.Workers, Out: req.Out, Export: req.Export, Table: req.Table,
	}
	if r.Workers <= 0 {
		r.Workers = runtime.GOMAXPROCS(0)
	}
	if plan != nil {
		r.Engine = string(plan.Engine())
	}
	if plan == nil || plan.Engine() == solve.EngineReference {
		r.Workers = 1
	}
	r.Rate = float64(s.Positions) / secs
	if grundy {
		r.GrundyCounts = s.GrundyCounts
		m := len(s.GrundyCounts) - 1
		r.MaxGrundy = &m
	}
	if remoteness {
		r.RemotenessCounts = s.RemotenessCounts
		m := len(s.RemotenessCounts) - 1
		r.MaxRemoteness = &m
	}
	if req.Out != "" {
		r.Streamed = &streamed
	}
	return r, nil
}

// stream solves the outcomes of the plan's box into the file req.Out as
// they are computed (solve.Plan.StreamTable), after checking the memory
// estimate. It returns the number of P-positions and, when the table is
// small enough to keep as well (StreamKeep), the table.
func (req *SolveRequest) stream(ctx context.Context, env Env, plan *solve.Plan) (*table.Table, int64, error) {
	keep := 2*plan.Box().Lines() <= req.StreamKeep
	if !req.Force {
		if err := plan.CheckStreamMemory(keep, env.memory()); err != nil {
			return nil, 0, err
		}
		if err := checkWork(plan, plan.StreamMemory(keep)); err != nil {
			return nil, 0, err
		}
	}
	end := env.watch(plan)
	defer end()
	var t *table.Table
	var pPositions int64
	err := atomicfile.Write(req.Out, func(w io.Writer) error {
		var err error
		t, pPositions, err = plan.StreamTable(ctx, w, keep)
		return err
	})
	return t, pPositions, err
}

// WriteText writes the summary as "nimlab solve" prints it.
func (r *SolveResult) WriteText(w io.Writer) error {
	fmt.Fprintf(w, "game          %s (%s)\n", r.Game, r.Title)
	fmt.Fprintf(w, "positions     %d (every pile 0..%d)\n", r.Positions, r.Max)
	if r.Sorted {
		fmt.Fprintf(w, "states        %d sorted positions (the piles can be permuted freely)\n", r.States)
	}
	fmt.Fprintf(w, "P-positions   %d (%.4g%%)\n", r.PPositions, 100*float64(r.PPositions)/float64(r.Positions))
	switch {
	case r.PClasses >= 0:
		fmt.Fprintf(w, "P classes     %d (up to %s symmetries)\n", r.PClasses, r.Symmetries)
	case r.SymmetriesNote != "":
		fmt.Fprintf(w, "P classes     %s\n", r.SymmetriesNote)
	}
	if r.MaxGrundy != nil {
		fmt.Fprintf(w, "Grundy values 0..%d; positions per value: %v\n", *r.MaxGrundy, r.GrundyCounts)
	}
	if r.MaxRemoteness != nil {
		fmt.Fprintf(w, "remoteness    0..%d; positions per outcome and remoteness:\n", *r.MaxRemoteness)
		for rem, c := range r.RemotenessCounts {
			if c != 0 {
				fmt.Fprintf(w, "  %s %4d  %d\n", OutcomeOf(rem), rem, c)
			}
		}
	}
	if r.Table != "" {
		fmt.Fprintf(w, "time          %.3f s reading %s; %.3f s in all\n", r.Seconds, r.Table, r.SecondsTotal)
	} else {
		fmt.Fprintf(w, "time          %.3f s solving (%s positions/s, %s engine, %d workers); %.3f s in all\n",
			r.Seconds, HumanRate(r.Rate), r.Engine, r.Workers, r.SecondsTotal)
	}
	if r.Out != "" {
		fmt.Fprintf(w, "saved         %s\n", r.Out)
	}
	if r.Export != "" {
		fmt.Fprintf(w, "exported      %s (%s)\n", r.Export, exportFormat(r.Export))
	}
	return nil
}

// HumanRate writes a rate with an SI prefix, e.g. "1.07e9" as "1.07 G".
func HumanRate(r float64) string {
	switch {
	case r >= 1e9:
		return fmt.Sprintf("%.3g G", r/1e9)
	case r >= 1e6:
		return fmt.Sprintf("%.3g M", r/1e6)
	case r >= 1e3:
		return fmt.Sprintf("%.3g k", r/1e3)
	}
	return fmt.Sprintf("%.3g", r)
}

// OutcomeOf names the outcome of a remoteness: P when even, N when odd.
func OutcomeOf(remoteness int) string {
	if remoteness%2 == 0 {
		return "P"
	}
	return "N"
}

// ShellQuote quotes s for a POSIX shell when it holds anything but letters,
// digits and the plain punctuation of specs and paths; the empty string
// quotes as two single quotes, which the shell reads as an empty word.
func ShellQuote(s string) string {
	if s == "" {
		return "''"
	}
	for _, r := range s {
		if !strings.ContainsRune("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789:,._/-+=", r) {
			return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
		}
	}
	return s
}

// exportFormat is the format of an export file: "CSV" when its name ends in
// .csv (any case), "NumPy" in .npz, else "Parquet".
func exportFormat(name string) string {
	switch ext := filepath.Ext(name); {
	case strings.EqualFold(ext, ".csv"):
		return "CSV"
	case strings.EqualFold(ext, ".npz"):
		return "NumPy"
	}
	return "Parquet"
}
