package solve

import (
	"cmp"
	"context"
	"slices"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/table"
)

// Report is what nimlab computes about one position.
type Report struct {
	Position game.Position
	// Outcome is "P" (the previous player wins) or "N" (the next player wins).
	Outcome string
	// Grundy is the Grundy value (in misère play the misère Grundy value),
	// or -1 when it is not known (a saved table without Grundy values).
	Grundy int
	// Remoteness is Smith's remoteness (see Remoteness), or -1 when it was
	// not computed.
	Remoteness int
	// WinningMoves lists the options that are P-positions, in index order
	// (pile 1 fastest); empty at a P-position.
	WinningMoves []game.Position
	// BestMove, when remoteness was computed and p is not terminal, is an
	// option of remoteness Remoteness-1: at an N-position a fastest win, at
	// a P-position a move that resists longest. The first in index order.
	BestMove game.Position
}

// AnalysisBox returns the box Analyze solves for p: the positions below p, or
// for a symmetric game the sorted positions up to the largest pile of p when
// there are fewer of them.
func AnalysisBox(g *game.Game, p game.Position) table.Box {
	box := table.BoxOf(p)
	if u := table.Uniform(len(p), slices.Max(p)); u.Check() == nil && stateCount(g, u) < box.Positions() {
		return u
	}
	return box
}

// Analyze computes the outcome, Grundy value, winning moves and, with
// opts.Remoteness, the remoteness and best move of p by solving the box
// AnalysisBox(g, p) with the plan AnalysisPlan builds.
func Analyze(ctx context.Context, g *game.Game, p game.Position, opts Options) (*Report, error) {
	plan, err := AnalysisPlan(g, p, opts)
	if err != nil {
		return nil, err
	}
	t, err := plan.Table(ctx)
	if err != nil {
		return nil, err
	}
	return ReportFrom(g, t, p)
}

// AnalysisPlan is the plan of Analyze: the Grundy values (and, with
// opts.Remoteness, the remoteness) of the box AnalysisBox(g, p). A caller
// can read it (e.g. its MemoryNeeded) before solving it and reading the
// report of p (ReportFrom).
func AnalysisPlan(g *game.Game, p game.Position, opts Options) (*Plan, error) {
	if err := checkMoveSets(g); err != nil {
		return nil, err
	}
	opts.Grundy = true
	return NewPlan(g, AnalysisBox(g, p), opts)
}

// ReportFrom reads what t knows about p: the outcome and the winning moves,
// and the Grundy value and remoteness (with a best move) when t holds them.
// t must be a table of g whose box holds p (so it holds every option of p):
// held in memory or read from its file (table.File), where the options are
// looked up in the order of the table, so each block is read once.
func ReportFrom(g *game.Game, t table.Lookup, p game.Position) (*Report, error) {
	if err := t.CheckGame(g); err != nil {
		return nil, err
	}
	if err := t.CheckPosition(p); err != nil {
		return nil, err
	}
	if err := checkMoveSets(g); err != nil {
		return nil, err
	}
	grundy, remoteness := t.Holds()
	r := &Report{Position: p, Grundy: -1, Outcome: "N", Remoteness: -1}
	if grundy {
		v, err := t.LookupGrundy(p)
		if err != nil {
			return nil, err
		}
		r.Grundy = int(v)
	}
	isP, err := t.LookupP(p)
	if err != nil {
		return nil, err
	}
	if isP {
		r.Outcome = "P"
	}
	if r.Outcome == "P" && !remoteness {
		return r, nil // no winning move, and no best move to look for
	}
	// Every option lies in the box of p; the order of its indices there is
	// the table's (the last pile most significant).
	type option struct {
		index int64
		q     game.Position
	}
	var options []option
	below := table.BoxOf(p)
	for q := range g.Options(p) {
		options = append(options, option{below.Index(q), slices.Clone(q)})
	}
	slices.SortFunc(options, func(a, b option) int { return cmp.Compare(a.index, b.index) })
	if remoteness {
		if r.Remoteness, err = t.LookupRemoteness(p); err != nil {
			return nil, err
		}
	}
	for _, o := range options {
		q := o.q
		if r.Outcome == "N" {
			if isP, err = t.LookupP(q); err != nil {
				return nil, err
			}
			if isP {
				r.WinningMoves = append(r.WinningMoves, q)
			}
		}
		if remoteness && r.BestMove == nil {
			rq, err := t.LookupRemoteness(q)
			if err != nil {
				return nil, err
			}
			if rq == r.Remoteness-1 {
				r.BestMove = q
			}
		}
	}
	return r, nil
}
