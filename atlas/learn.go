package atlas

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/nimlab/nimlab/discover"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/prove"
	"github.com/nimlab/nimlab/prove/proof"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
)

// LearnFloor is the height discover is given at least, when the survey's
// box reaches it: on a smaller box the descriptions of PathNim on 8 and 9
// piles are not found (measured: path:8,4 is described exactly when
// learned on piles 0..5 and not on 0..3 or 0..4, path:9,5 likewise), so
// the survey must not lower discover's box below it to save time.
const LearnFloor = 5

// discoverPositions bounds the box discover first learns on: most games
// are described on it, quickly.
const discoverPositions = 200_000

// LearnHeights are the heights discover learns on for a game of n piles
// surveyed to height h, in the order tried: the largest whose box has at
// most 200,000 positions, then each one above it up to LearnFloor (never
// above h).
func LearnHeights(n, h int) []int {
	first := h
	for first > 0 && table.Uniform(n, first).Positions() > discoverPositions {
		first--
	}
	heights := []int{first}
	for dh := first + 1; dh <= min(h, LearnFloor); dh++ {
		heights = append(heights, dh)
	}
	return heights
}

// learn runs discover on g at each of heights in turn, and stops at the
// first whose description is exact on its verification box and, when the
// survey proves, not refuted. A description that fails on a small box, or
// holds there and is refuted beyond it, is only a guess a larger box
// corrects; the last result is returned, with the height it was learned
// on. A box too large for discover ends the search with what was found
// before it (nil when nothing was).
//
// A description exact on its learning box and not beyond it is learned once
// more on the box that holds the smallest position where it fails (as
// discover's "try next" says): NIM(5,4)'s needs (7,7,7,7,7), beyond the
// survey's piles 0..6. That box is within the verification box already
// solved, so it costs no larger table; the new result is kept when it is
// exact on its own learning box, the old one otherwise.
func learn(ctx context.Context, g *game.Game, heights []int, opts Options) (*discover.Result, error) {
	var found *discover.Result
	for _, dh := range heights {
		d, err := discover.Discover(ctx, g, discover.Options{Max: dh, Workers: opts.Workers, Prove: opts.Prove, Gate: opts.Gate})
		switch {
		case errors.Is(err, solve.ErrTooLarge):
			return found, nil
		case err != nil:
			return nil, err
		}
		found = d
		if d.Exact && (d.Proof == nil || d.Proof.Result != prove.Refuted) {
			return found, nil
		}
	}
	if found == nil || !found.LearnedExact || found.Exact || found.Verification == nil {
		return found, nil
	}
	fails, _ := discover.SmallestFailure(found.Verification, found.VerifiedMax)
	if fails == nil || slices.Max(fails) <= found.Max {
		return found, nil
	}
	d, err := discover.Discover(ctx, g, discover.Options{Max: slices.Max(fails), Workers: opts.Workers, Prove: opts.Prove, Gate: opts.Gate})
	switch {
	case errors.Is(err, solve.ErrTooLarge):
		return found, nil
	case err != nil:
		return nil, err
	case !d.LearnedExact:
		return found, nil
	}
	return d, nil
}

// ProofDetail is how a row's proof went (package prove's Result, in
// columns).
type ProofDetail struct {
	// Kind is the kind of proof: "presburger", "bitvector", "digits" or
	// "nimsum" (prove.Result.Proof).
	Kind string `parquet:"kind" json:"kind,omitempty"`
	// Routes are the routes the conditions were decided by, separated by
	// ", ".
	Routes string `parquet:"routes" json:"routes,omitempty"`
	// Conditions are each condition's answer and the solver's time, e.g.
	// "I unsat 0.21 s; II unknown 10.00 s (timeout)".
	Conditions string `parquet:"conditions" json:"conditions,omitempty"`
	// Reason says why the result is unknown.
	Reason string `parquet:"reason" json:"reason,omitempty"`
	// Counterexample is, for a refuted description, the position where a
	// condition fails, e.g. "II at 0,1,2".
	Counterexample string `parquet:"counterexample" json:"counterexample,omitempty"`
	// Files are the names of the SMT-LIB 2 files of the queries the
	// result rests on, in the directory prove.Options.SMTOut, separated by
	// spaces (the names have none); "" when none were written.
	Files string `parquet:"files" json:"files,omitempty"`
	// Reduction is, for (II) decided by reduction by invariances, the
	// map of regions in short: the vector every position is reduced by,
	// and how many regions were reduced, proved as region theorems, or
	// the image of one ("" when (II) was not decided so).
	Reduction string `parquet:"reduction" json:"reduction,omitempty"`
	// Seconds is the time of the proof, the engine's check included.
	Seconds float64 `parquet:"seconds" json:"seconds,omitempty"`
}

// setProof records the proof p (nil: none) in r.
func (r *Row) setProof(p *prove.Result) {
	if p == nil {
		return
	}
	r.Proved = p.Result.String()
	if p.Engine != nil {
		r.ProvedEngineMax = p.Engine.Max
	}
	d := ProofDetail{Kind: p.Proof.String(), Routes: strings.Join(p.Routes, ", "), Reason: p.Reason, Seconds: p.Seconds}
	var conds, files []string
	for _, c := range p.Conditions {
		s := fmt.Sprintf("%s %s %.2f s", c.Name, c.Result, c.Seconds)
		if c.Reason != "" {
			s += " (" + c.Reason + ")"
		}
		if c.Via != "" {
			s += " (by the " + c.Via + ")"
			if c.Name == proof.II && len(p.Reduction) > 0 {
				d.Reduction = reductionSummary(p.Reduction)
			}
		}
		conds = append(conds, s)
		if c.File != "" {
			files = append(files, filepath.Base(c.File))
		}
	}
	d.Conditions, d.Files = strings.Join(conds, "; "), strings.Join(files, " ")
	if ce := p.Counterexample; ce != nil {
		d.Counterexample = fmt.Sprintf("%s at %s", ce.Condition, ce.Position)
	}
	r.Proof = d
}

// reductionSummary says a proof's map of regions in short (ProofDetail.Reduction).
func reductionSummary(steps []prove.ReductionStep) string {
	if steps[0].Vector == "" {
		return ""
	}
	reduced, theorems, images := 0, 0, 0
	for _, st := range steps {
		switch {
		case st.SameAs != "":
			images++
		case st.Vector != "":
			reduced++
		default:
			theorems++
		}
	}
	return fmt.Sprintf("every position reduced by %s; %d regions reduced again, %d region theorems, %d images under a symmetry",
		steps[0].Vector, reduced-1, theorems, images)
}
