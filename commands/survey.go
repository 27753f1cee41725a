package commands

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/nimlab/nimlab/atlas"
	"github.com/nimlab/nimlab/explore"
)

// ExploreRequest asks for the survey of the rule variations of Circular
// Nim ("nimlab explore").
type ExploreRequest struct {
	// N bounds the games: CN(n,k) for 3 <= n <= N.
	N int `json:"n"`
	// Max is the largest pile (lowered for large n).
	Max int `json:"max"`
}

// ExploreResult is one row per game of the survey.
type ExploreResult struct {
	Games []explore.Row `json:"games"`
	Max   int           `json:"max"`
	N     int           `json:"n"`
}

// Explore solves every rule variation of CN(n,k) and compares their
// P-positions. env.Surveying is told each game as it starts.
func Explore(ctx context.Context, env Env, req ExploreRequest) (*ExploreResult, error) {
	var progress func(string)
	if env.Surveying != nil {
		progress = func(spec string) { env.Surveying(spec, false) }
	}
	rows, err := explore.Survey(ctx, req.N, req.Max, progress)
	if err != nil {
		return nil, err
	}
	return &ExploreResult{Games: rows, Max: req.Max, N: req.N}, nil
}

// WriteText writes the survey as "nimlab explore" prints it.
func (r *ExploreResult) WriteText(out io.Writer) error {
	fmt.Fprintf(out, "%-24s %4s %10s  %-36s %s\n", "game", "max", "P", "properties that hold in the box", "same P-positions as")
	for _, row := range r.Games {
		fmt.Fprintf(out, "%-24s %4d %10d  %-36s %s\n", row.Spec, row.Max, row.PPositions, strings.Join(row.Properties, ","), strings.Join(row.SameAs, ", "))
	}
	return nil
}

// AtlasRequest asks for the survey of a family of games ("nimlab atlas").
type AtlasRequest struct {
	Family string `json:"family"`
	// Max is the height (required: -1 is not given).
	Max int `json:"max"`
	// Out is the directory of the survey (required).
	Out string `json:"out"`
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
}

// AtlasResult is the rows of a survey and the files it wrote.
type AtlasResult struct {
	Family  string      `json:"family"`
	Parquet string      `json:"parquet"`
	Report  string      `json:"report"`
	Rows    []atlas.Row `json:"rows"`
	Shard   string      `json:"shard"`

	shard atlas.Shard
}

// Atlas surveys a family of games into req.Out: a Parquet part, a report
// and a journal a restarted survey resumes from. env.Surveying is told each
// game as it starts, and whether it was done before.
func Atlas(ctx context.Context, env Env, req AtlasRequest) (*AtlasResult, error) {
	if req.Max < 0 {
		return nil, requestErrorf("--max is required: the height to solve every game to, e.g. --max 5")
	}
	if req.Out == "" {
		return nil, requestErrorf("--out is required: the directory of the survey")
	}
	if req.Shard == "" {
		req.Shard = "0/1"
	}
	s, err := atlas.ParseShard(req.Shard)
	if err != nil {
		return nil, err
	}
	if req.ProveTimeout <= 0 {
		return nil, requestErrorf("--prove-timeout must be more than 0, e.g. --prove-timeout 2m")
	}
	opts := atlas.Options{Max: req.Max, Workers: req.Workers, NoDiscover: req.NoDiscover}
	if req.Prove {
		if req.NoDiscover {
			return nil, requestErrorf("--prove proves what discover finds: it cannot go with --discover=false")
		}
		if opts.Prove, err = proveOptions(ctx, req.ProveTimeout); err != nil {
			return nil, err
		}
	}
	progress := env.Surveying
	if progress == nil {
		progress = func(string, bool) {}
	}
	rows, err := atlas.Run(ctx, req.Family, s, req.Out, opts, progress)
	if err != nil {
		return nil, err
	}
	_, part, report := atlas.Paths(req.Out, s)
	return &AtlasResult{Family: req.Family, Shard: req.Shard, Rows: rows, Parquet: part, Report: report, shard: s}, nil
}

// WriteText writes the report as "nimlab atlas" prints it.
func (r *AtlasResult) WriteText(w io.Writer) error {
	if err := atlas.WriteReport(w, r.Family, r.shard, r.Rows); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "\nwrote %s and %s\n", r.Parquet, r.Report)
	return err
}
