package theory

import (
	"context"
	"fmt"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
)

// Decision is what nimlab knows about one position.
type Decision struct {
	// Outcome is "P" or "N".
	Outcome string
	// Theorem decided the outcome, or is nil when no theorem covers the game.
	Theorem *Theorem
	// TheoremMove is the winning move the theorem builds (nil at a P-position
	// or without a theorem).
	TheoremMove game.Position
	// TheoremGivesRemoteness is true when the theorem gives the remoteness:
	// TheoremRemoteness (exact for any piles up to 2^63-1; it may exceed
	// 2^63-1) and TheoremBestMove, an option of remoteness one less.
	TheoremGivesRemoteness bool
	TheoremRemoteness      uint64
	TheoremBestMove        game.Position
	// Table holds the Grundy value and every winning move, from solving the
	// positions below p; nil when that was not done.
	Table *solve.Report
}

// DecideOptions says how Decide may use tables.
type DecideOptions struct {
	// TableLimit: the positions below p are solved when there are at most
	// this many (and always when no theorem covers the game).
	TableLimit int64
	// Gate runs the solve of the positions below p (nil: solve.GateOr's
	// default); its refusal is Decide's error.
	Gate solve.Gate
	// Table, when not nil, is a saved table of the game to read instead of
	// solving, in memory or read from its file; p must lie in its box.
	Table table.Lookup
}

// MaxRemotenessCost bounds the option lookups (solve.RemotenessCost) Decide
// spends on remoteness; beyond it the report has outcome, Grundy value and
// winning moves only.
const MaxRemotenessCost = 3e8

// Decide decides p by theorem when one covers g, and by a table: the saved
// opts.Table, or the positions below p solved when no theorem covers g or
// when there are at most opts.TableLimit of them. When both a theorem and the
// table decide, they must agree: a disagreement is an error, since one of
// them is wrong.
func Decide(ctx context.Context, g *game.Game, p game.Position, opts DecideOptions) (*Decision, error) {
	d := &Decision{}
	th, rule, byTheorem := Find(ctx, g)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if byTheorem {
		isP, move, err := Apply(th, rule, g, p)
		if err != nil {
			return nil, err
		}
		d.Theorem, d.Outcome, d.TheoremMove = th, "N", move
		if isP {
			d.Outcome = "P"
		}
		if r, ok := rule.(RemotenessOracle); ok {
			d.TheoremGivesRemoteness = true
			d.TheoremRemoteness, d.TheoremBestMove = r.Remoteness(p), r.BestMove(p)
		}
	}
	var r *solve.Report
	if opts.Table != nil {
		var err error
		if r, err = solve.ReportFrom(g, opts.Table, p); err != nil {
			return nil, err
		}
	} else {
		box := table.BoxOf(p)
		small := box.Check() == nil && box.Positions() <= opts.TableLimit
		if byTheorem && !small {
			return d, nil
		}
		if err := box.Check(); err != nil {
			return nil, fmt.Errorf("position %v: no theorem covers %s and %w", p, g.Spec, err)
		}
		solveOpts := solve.Options{Grundy: true, Remoteness: solve.RemotenessCost(g, p) <= MaxRemotenessCost}
		plan, err := solve.AnalysisPlan(g, p, solveOpts)
		if err != nil {
			return nil, err
		}
		t, err := solve.GateOr(ctx, opts.Gate).Table(ctx, plan)
		if err != nil {
			return nil, err
		}
		if r, err = solve.ReportFrom(g, t, p); err != nil {
			return nil, err
		}
	}
	if byTheorem && d.Outcome != r.Outcome {
		return nil, fmt.Errorf("%s (%s) says %v is %s, but the table says %s: please report this",
			th.Name, th.Source, p, d.Outcome, r.Outcome)
	}
	if d.TheoremGivesRemoteness && r.Remoteness >= 0 && d.TheoremRemoteness != uint64(r.Remoteness) {
		return nil, fmt.Errorf("%s (%s) says %v has remoteness %d, but the table says %d: please report this",
			th.Name, th.Source, p, d.TheoremRemoteness, r.Remoteness)
	}
	d.Outcome, d.Table = r.Outcome, r
	return d, nil
}
