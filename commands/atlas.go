package commands

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/nimlab/nimlab/atlas"
)

// AtlasRequest asks for the survey of a family of games ("nimlab atlas").
type AtlasRequest struct {
	Family string `json:"family"`
	// Max is the height (required: -1 is not given).
	Max int `json:"max"`
	// Out is the directory of the survey's journal, Parquet part and report;
	// empty: nothing is written (nor resumed), the rows are only returned.
	Out string `json:"out,omitempty"`
	// Shard is the part i/N to run ("0/1" when empty).
	Shard   string `json:"shard"`
	Workers int    `json:"workers,omitempty"`
	// NoDiscover leaves discover out.
	NoDiscover bool `json:"no_discover,omitempty"`
	// Prove proves each exact description, each query for at most
	// ProveTimeout (which must be positive even when Prove is false, as the
	// command line's flag).
	Prove        bool          `json:"prove,omitempty"`
	ProveTimeout time.Duration `json:"prove_timeout,omitempty"`
	// Regions, with Prove, proves region theorems for the games whose
	// description is not proved (atlas.Options.Regions).
	Regions bool `json:"regions,omitempty"`
}

// AtlasResult is the rows of a survey and the files it wrote.
type AtlasResult struct {
	Family  string      `json:"family"`
	Parquet string      `json:"parquet,omitempty"`
	Report  string      `json:"report,omitempty"`
	Rows    []atlas.Row `json:"rows"`
	// SameP lists the groups of games with exactly the same P-positions on
	// the same box (atlas.SameP), each of two or more games.
	SameP [][]string `json:"same_p"`
	Shard string     `json:"shard"`

	shard atlas.Shard
}

// Atlas surveys a family of games into req.Out: a Parquet part, a report
// and a journal a restarted survey resumes from (nothing without req.Out).
// env.Surveying is told each game as it starts, and whether it was done
// before.
func Atlas(ctx context.Context, env Env, req AtlasRequest) (*AtlasResult, error) {
	if req.Max < 0 {
		return nil, requestErrorf("%v is required: the height to solve every game to, e.g. %v", Param("max"), Setting{Param("max"), "5"})
	}
	if req.Shard == "" {
		req.Shard = "0/1"
	}
	s, err := atlas.ParseShard(req.Shard)
	if err != nil {
		return nil, err
	}
	if req.ProveTimeout <= 0 {
		return nil, requestErrorf("%v must be more than 0, e.g. %v", Param("prove-timeout"), Setting{Param("prove-timeout"), "2m"})
	}
	opts := atlas.Options{Max: req.Max, Workers: req.Workers, NoDiscover: req.NoDiscover, Gate: env.gate(false)}
	if req.Prove {
		if req.NoDiscover {
			return nil, requestErrorf("%v proves what discover finds: it cannot go with %v=false", Param("prove"), Param("discover"))
		}
		if opts.Prove, err = proveOptions(ctx, req.ProveTimeout); err != nil {
			return nil, err
		}
	}
	if req.Regions {
		if !req.Prove {
			return nil, requestErrorf("%v proves region theorems: it needs %v", Param("regions"), Param("prove"))
		}
		opts.Regions = true
	}
	progress := env.Surveying
	if progress == nil {
		progress = func(string, bool) {}
	}
	rows, err := atlas.Run(ctx, req.Family, s, req.Out, opts, progress)
	if err != nil {
		return nil, err
	}
	res := &AtlasResult{Family: req.Family, Shard: req.Shard, Rows: rows, SameP: [][]string{}, shard: s}
	if req.Out != "" {
		_, res.Parquet, res.Report = atlas.Paths(req.Out, s)
	}
	for _, g := range atlas.SameP(rows) {
		games := make([]string, len(g))
		for i, r := range g {
			games[i] = rows[r].Game
		}
		res.SameP = append(res.SameP, games)
	}
	return res, nil
}

// WriteText writes the report as "nimlab atlas" prints it.
func (r *AtlasResult) WriteText(w io.Writer) error {
	if err := atlas.WriteReport(w, r.Family, r.shard, r.Rows); err != nil {
		return err
	}
	if r.Parquet == "" {
		return nil
	}
	_, err := fmt.Fprintf(w, "\nwrote %s and %s\n", r.Parquet, r.Report)
	return err
}
