package discover

import (
	"context"
	"fmt"
	"slices"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/prove"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
)

// verifyPlan returns the plan of the solve Discover verifies on (the box of
// Options.VerifyMax), and refuses one that is too large or below the
// learning box before anything is solved. The plan runs through
// Options.Gate.
func verifyPlan(g *game.Game, opts Options) (*solve.Plan, error) {
	n := g.Piles()
	vmax := opts.VerifyMax
	if vmax == 0 {
		vmax = opts.Max + max(2, opts.Max/2)
		for vmax > opts.Max+1 && table.Uniform(n, vmax).Positions() > maxVerifyPositions {
			vmax--
		}
	}
	if vmax < opts.Max {
		return nil, fmt.Errorf("--verify-max %d is below --max %d", vmax, opts.Max)
	}
	vbox := table.Uniform(n, vmax)
	if err := vbox.Check(); err != nil || vbox.Positions() > maxVerifyAsked {
		if opts.VerifyMax == 0 {
			// The verification box is chosen from --max: one pile higher
			// when, as here, a higher one is too large (vmax == Max+1).
			return nil, boxTooLarge("verifying", n, vmax, maxVerifyAsked, "--max", 1)
		}
		return nil, boxTooLarge("verifying", n, vmax, maxVerifyAsked, "--verify-max", 0)
	}
	return solve.NewPlan(g, vbox, solve.Options{Workers: opts.Workers})
}

// verify checks the candidate's expression, as printed, on the verification
// box with check.Compare.
func (s *search) verify(ctx context.Context, f *finding, vplan *solve.Plan, opts Options) (*Result, error) {
	vmax := vplan.Box()[0]
	src := f.src
	if s.where != nil {
		src = withoutRegionTerms(src, s.where.String())
	}
	e, err := check.Compile(src, s.n, func() (*complex.Group, error) { return s.g.Symmetries(ctx) })
	if err != nil {
		return nil, fmt.Errorf("the expression found does not compile (please report this): %w", err)
	}
	vt, err := solve.GateOr(ctx, opts.Gate).Table(ctx, vplan)
	if err != nil {
		return nil, err
	}
	examples := opts.Examples
	if examples <= 0 {
		examples = 5
	}
	pPositions := vt.CountP()
	var inRegion func() func(game.Position) bool
	if s.where != nil {
		// Only the region's positions are compared, S read as S ∩ R, and
		// the moves that leave the region are counted.
		inRegion = s.where.Evaluator
		if pPositions, err = countInRegion(ctx, vt, s.where); err != nil {
			return nil, err
		}
	}
	rep, err := check.CompareIn(ctx, s.g, vt, e.Evaluator, inRegion, examples)
	if err != nil {
		return nil, err
	}
	if rep.Region != nil && rep.Region.Leaving > 0 {
		// A move of the verification box leaves the region: what the
		// description says there is not about the game's P-positions.
		// The move, confirmed by the move generator, is the refusal.
		if err := closedOnBox(ctx, s.g, s.where, vmax); err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("the region %s is not closed under moves: %d positions of the box with piles up to %d have a move out of it", s.where, rep.Region.Leaving, vmax)
	}
	r := &Result{
		Game: s.g.Spec, Max: opts.Max, VerifiedMax: vmax, Expr: src, Method: f.method, Reduced: f.method == methodReduction, Regions: f.regions,
		Exact: rep.Agrees() && rep.Violations1 == 0 && rep.Violations2 == 0, Verification: rep,
		PPositions: pPositions, AcceptedNotP: rep.AcceptedNotP, Counterexamples: []game.Position{},
	}
	if s.where != nil {
		r.Where = s.where.String()
	}
	if r.LearnedExact, err = s.exactWhereLearned(ctx, f, r.Exact); err != nil {
		return nil, err
	}
	if !r.Exact {
		r.NextRegions = f.next
	}
	for _, v := range f.invariances {
		r.Invariances = append(r.Invariances, v.String())
	}
	r.Covered = r.PPositions - rep.PNotAccepted
	r.Counterexamples = append(r.Counterexamples, rep.Examples[check.KindPNotAccepted]...)
	r.Counterexamples = append(r.Counterexamples, rep.Examples[check.KindAcceptedNotP]...)
	if opts.Prove != nil && r.Exact {
		popts := proveOptions(opts)
		popts.Where = s.where
		// A description by reduction is proved by one: (II) region by
		// region (prove's reduction by invariances).
		popts.Reduce = r.Reduced
		popts.ReductionHints = f.vectors
		popts.Equivalents = append(slices.Clone(popts.Equivalents), f.pieces...)
		r.Proof, err = prove.Prove(ctx, s.g, e, popts)
		if err == nil && f.st != nil && r.Proof.Result == prove.Undecided {
			r.Proof, err = s.liftedProof(ctx, f, e, popts, r.Proof, opts)
		}
		if r.Proof, err = stoppedProof(ctx, s.g, e, r.Proof, err); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// stoppedProof keeps a description whose proof was stopped (ctx cancelled,
// e.g. Ctrl-C): the proof is unknown, said so, and the description found
// is returned with it rather than lost with the error. Any other error is
// returned as it is.
func stoppedProof(ctx context.Context, g *game.Game, e *check.Expr, p *prove.Result, err error) (*prove.Result, error) {
	if err == nil || ctx.Err() == nil {
		return p, err
	}
	return &prove.Result{Game: g.Spec, Expression: e.String(), Result: prove.Undecided, Reason: "stopped before the proof ended (interrupted)"}, nil
}

// liftedProof is asked when the proof of a description by reduction left it
// unknown: the regions are proved one by one, so that the map says which
// pieces hold, and when every region's proof learned winning moves, the
// moves lifted through the reduction (lift.go) are candidates for (II) of
// the whole, asked again with them (each checked by the solver: a wrong one
// costs time, never a false proof). It returns the first proof when the
// moves do not lift.
func (s *search) liftedProof(ctx context.Context, f *finding, e *check.Expr, popts prove.Options, first *prove.Result, opts Options) (*prove.Result, error) {
	learned, err := s.proveRegions(ctx, f.regions, opts)
	if err != nil || learned == nil || f.st.root == nil {
		return first, err
	}
	moves := f.st.liftMoves(f.st.root, learned)
	if len(moves) == 0 {
		return first, nil
	}
	popts.Moves = moves
	return prove.Prove(ctx, s.g, e, popts)
}

// exactWhereLearned reports whether the expression of f, as printed,
// accepts exactly the P-positions of the learning box (Result.LearnedExact).
// Exact on the verification box, which holds the learning box, it is; when
// the search found it exact on the learning box and the verification box
// says otherwise, the expression is checked again on the learning box, so
// that "exact on the learning box" is never claimed of a printed expression
// that fails there.
func (s *search) exactWhereLearned(ctx context.Context, f *finding, exact bool) (bool, error) {
	if exact || !f.exact {
		return exact, nil
	}
	return s.learnedExact(ctx, f.src)
}

// proveOptions are the options of the proof of an exact description:
// Options.Prove, its tables run through Options.Gate unless it has a gate
// of its own.
func proveOptions(opts Options) prove.Options {
	popts := *opts.Prove
	if popts.Gate == nil {
		popts.Gate = opts.Gate
	}
	return popts
}

// SmallestFailure is the smallest position of a check of the box of height
// vmax where a description fails, by the total of its piles (ties in the
// box's order, as check.Report.Examples), and its kind: check.KindPNotAccepted
// (a P-position the description does not accept) or check.KindAcceptedNotP
// (an N-position it accepts). It is nil, "" when the report has no example.
func SmallestFailure(rep *check.Report, vmax int) (game.Position, string) {
	var best game.Position
	var kind string
	for _, k := range []string{check.KindPNotAccepted, check.KindAcceptedNotP} {
		examples := rep.Examples[k]
		if len(examples) == 0 {
			continue
		}
		if p := examples[0]; best == nil || positionBefore(p, best, vmax) {
			best, kind = p, k
		}
	}
	return best, kind
}

// positionBefore reports whether p comes before q in the order of the
// examples of a check of the box of height vmax: by the total of the piles,
// then by the index in the box.
func positionBefore(p, q game.Position, vmax int) bool {
	total := func(p game.Position) int {
		s := 0
		for _, x := range p {
			s += x
		}
		return s
	}
	if tp, tq := total(p), total(q); tp != tq {
		return tp < tq
	}
	box := table.Uniform(len(p), vmax)
	return box.Index(p) < box.Index(q)
}
