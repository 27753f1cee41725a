package prove

import (
	"context"
	"slices"
)

// Finishing a proof: the last step of the pipeline (prove.go), once every
// condition holds.

// finish makes a proof of a claim whose every condition holds: the routes
// it rests on, its kind, the engine's check, and with Options.Confirm the
// second solver's answers.
func finish(ctx context.Context, enc *encoding, queries []query, opts Options, r *Result) (outcome, error) {
	for _, c := range r.Conditions {
		for _, name := range c.Routes {
			if !slices.Contains(r.Routes, name) {
				r.Routes = append(r.Routes, name)
			}
		}
	}
	// A proof is for every position when every query it rests on is: a
	// region's closure asked in bit-vectors holds for piles up to 2^63-1
	// only, and so does the region theorem then.
	// A condition a route with no kind of its own decided for every
	// position (equivalence.go) narrows no kind.
	conditions := slices.DeleteFunc(slices.Clone(r.Conditions), func(c Condition) bool { return r.everyPosition[c.Name] })
	if rt := coveringRoute(conditions); rt != nil &&
		(r.Closure == nil || !slices.Contains(r.Closure.Routes, bitVectorRoute.name)) {
		r.Proof, r.Width = rt.kind, 0
	}
	// The engine confirms it, or it is not a proof.
	var err error
	if r.Engine, err = enc.checkWithEngine(ctx, opts.Gate); err != nil {
		return outcome{}, err
	}
	if opts.Confirm != nil {
		if err := confirm(ctx, r, queries, opts); err != nil {
			return outcome{}, err
		}
		if r.Confirmation.Result == SolversDisagree {
			return undecided(r.Reason), nil
		}
	}
	return outcome{result: Proved}, nil
}
