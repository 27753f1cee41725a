// Package frontier surveys the families of games whose P-positions the
// literature has described lately, or not at all (issue 31): Circular Nim,
// PathNim and Necklace Nim, Exact Slow k-Nim, slow A-Nim, exact k-Nim and
// Extended Circular Nim. Per game it says what nimlab finds by itself from
// the game's definition: a description that package prove proved for every
// position, one verified on a box only, one exact on the box it was learned
// on and not beyond, or nothing; with the proof's route, its SMT-LIB files
// and the times.
//
// A frontier is an atlas (package atlas) of these families with --prove:
// each row wraps the atlas's row, and a survey is sharded and journaled as
// the atlas's is, so that a Slurm job array or a Kubernetes Indexed Job
// runs it on many machines and Collect reads the parts as one table.
package frontier

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/nimlab/nimlab/atlas"
	"github.com/nimlab/nimlab/internal/atomicfile"
	"github.com/nimlab/nimlab/prove"
)

// The status of a game in the frontier.
const (
	// Proved: package prove proved the description for every position.
	Proved = "proved"
	// Verified: the description is exact on its verification box (it
	// accepts exactly the P-positions there), and is not proved: the
	// solver gave no answer in time, or no proof was asked for.
	Verified = "verified"
	// Refuted: the description is exact on its verification box, and the
	// solver found a position beyond it where it fails.
	Refuted = "refuted"
	// NotExactBeyond: the description is exact on the box it was learned
	// on (atlas.Row.LearnedExact) and fails on the larger verification
	// box: not exact beyond the box, which is not nothing found.
	NotExactBeyond = "not_exact_beyond_box"
	// Nothing: discover found no description exact even on the box it was
	// learned on.
	Nothing = "nothing"
)

// Row is what the frontier says about one game: the atlas's row, and what
// it means.
type Row struct {
	atlas.Row
	// Family is the name of the game's family (Families).
	Family string `json:"family"`
	// Name names the game as the papers do, e.g. "CN(6,3)".
	Name string `json:"name"`
	// Piles is the game's number of piles.
	Piles int `json:"piles"`
	// Status is Proved, Verified, Refuted, NotExactBeyond or Nothing.
	Status string `json:"status"`
	// Regions are the region theorems proved for a game whose description
	// is not (atlas.Row.Regions): "REGION: EXPRESSION".
	Regions []string `json:"regions"`
}

// FromAtlas is the frontier's row of an atlas row.
func FromAtlas(r atlas.Row) Row {
	family, name := Name(r.Game)
	row := Row{Row: r, Family: family, Name: name, Piles: piles(r.Game), Regions: slices.Clone(r.Regions)}
	if row.Regions == nil {
		row.Regions = []string{}
	}
	switch {
	case r.Proved == prove.Proved.String():
		row.Status = Proved
	case r.Exact && r.Proved == prove.Refuted.String():
		row.Status = Refuted
	case r.Exact:
		row.Status = Verified
	case r.LearnedExact && r.VerifiedMax > r.LearnedMax:
		row.Status = NotExactBeyond
	default:
		row.Status = Nothing
	}
	return row
}

// specPattern reads the specs of the families: kind:n,k, slowset:n,{A},
// ecn:m,{S},k.
var specPattern = regexp.MustCompile(`^([a-z]+):(\d+),(?:\{([\d,]+)\}|(\d+))(?:,(\d+))?$`)

// Name is the family and the papers' name of a spec of the families (the
// spec itself, and no family, for any other).
func Name(spec string) (family, name string) {
	m := specPattern.FindStringSubmatch(spec)
	if m == nil {
		return "", spec
	}
	kind, n, set, k, k2 := m[1], m[2], m[3], m[4], m[5]
	switch {
	case kind == "cn" && k != "" && k2 == "":
		return kind, fmt.Sprintf("CN(%s,%s)", n, k)
	case kind == "path" && k != "" && k2 == "":
		return kind, fmt.Sprintf("P(%s,%s)", n, k)
	case kind == "necklace" && k != "" && k2 == "":
		return kind, fmt.Sprintf("NN(%s,%s)", n, k)
	case kind == "slow" && k != "" && k2 == "":
		return kind, fmt.Sprintf("NIM(%s,%s)", n, k)
	case kind == "exact" && k != "" && k2 == "":
		return kind, fmt.Sprintf("Exact(%s,%s)", n, k)
	case kind == "slowset" && set != "" && k2 == "":
		return kind, fmt.Sprintf("A-Nim(%s, {%s})", n, set)
	case kind == "ecn" && set != "" && k2 != "":
		return kind, fmt.Sprintf("ECN(%s_{%s},%s)", n, set, k2)
	}
	return "", spec
}

// piles is the n of a spec of the families (0 for any other).
func piles(spec string) int {
	var n int
	if m := specPattern.FindStringSubmatch(spec); m != nil {
		fmt.Sscan(m[2], &n)
	}
	return n
}

// Options says what a frontier surveys, and how deep.
type Options struct {
	// Families are the names of the families surveyed (all when empty),
	// each NAME or NAME:N (Games).
	Families []string
	// NMax bounds the piles of the games (0: each family's own bound).
	NMax int
	// Max is the height every game is solved to (atlas.Options.Max).
	Max int
	// Workers for the engines (0: every core).
	Workers int
	// Prove, when not nil, proves each description found for every
	// position, with these options; the queries are written to DIR/smt
	// when the survey has a directory.
	Prove *prove.Options
}

// AtlasFamily is the atlas family of the games: their specs, separated by ";".
func AtlasFamily(games []Game) string {
	specs := make([]string, len(games))
	for i, g := range games {
		specs[i] = g.Spec
	}
	return strings.Join(specs, ";")
}

// SMTDir is the directory of a survey's SMT-LIB files in dir.
func SMTDir(dir string) string { return filepath.Join(dir, "smt") }

// Run surveys the frontier's games in the shard s, journaling them in dir
// as atlas.Run does (nothing is written, nor resumed, when dir is empty),
// and returns the shard's rows. progress, when not nil, is told each game
// as it starts, and whether it was done before.
func Run(ctx context.Context, opts Options, s atlas.Shard, dir string, progress func(spec string, done bool)) ([]Row, error) {
	games, err := Games(ctx, opts.Families, opts.NMax)
	if err != nil {
		return nil, err
	}
	aopts := atlas.Options{Max: opts.Max, Workers: opts.Workers, Regions: opts.Prove != nil}
	if opts.Prove != nil {
		p := *opts.Prove
		if dir != "" {
			p.SMTOut = SMTDir(dir)
		}
		aopts.Prove = &p
	}
	rows, err := atlas.Run(ctx, AtlasFamily(games), s, dir, aopts, progress)
	if err != nil {
		return nil, fmt.Errorf("frontier: %w", err)
	}
	out := make([]Row, len(rows))
	for i, r := range rows {
		out[i] = FromAtlas(r)
	}
	if dir == "" {
		return out, nil
	}
	markdown, table := Paths(dir, s)
	if err := atomicfile.Write(markdown, func(w io.Writer) error { return WriteMarkdown(w, out) }); err != nil {
		return nil, fmt.Errorf("frontier: %w", err)
	}
	if err := atomicfile.Write(table, func(w io.Writer) error { return WriteCSV(w, out) }); err != nil {
		return nil, fmt.Errorf("frontier: %w", err)
	}
	return out, nil
}

// Paths names the files of the frontier's table the shard s writes in dir,
// beside the atlas's (atlas.Paths): the Markdown table and the CSV.
func Paths(dir string, s atlas.Shard) (markdown, table string) {
	base := filepath.Join(dir, fmt.Sprintf("frontier-%03d-of-%03d", s.I, s.N))
	return base + ".md", base + ".csv"
}

// Collected is the rows every shard of a survey wrote so far.
type Collected struct {
	// Max is the height the survey solved every game to.
	Max int
	// Shards is the number of shards it was split into.
	Shards int
	Rows   []Row
	// Missing are the games no shard has finished yet.
	Missing []string
}

// Collect reads the rows every shard of the survey in dir has finished
// (atlas.Collect), and names the games none has.
func Collect(dir string) (*Collected, error) {
	c, err := atlas.Collect(dir)
	if err != nil {
		return nil, fmt.Errorf("frontier: %w", err)
	}
	out := &Collected{Max: c.Max, Shards: c.Shards, Missing: []string{}}
	done := map[int]bool{}
	for _, r := range c.Rows {
		out.Rows = append(out.Rows, FromAtlas(r))
		done[r.Index] = true
	}
	for i, spec := range strings.Split(c.Family, ";") {
		if !done[i] {
			out.Missing = append(out.Missing, spec)
		}
	}
	return out, nil
}
