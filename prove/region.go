package prove

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/prove/proof"
)

// Region theorems (Options.Where): a set R of positions that no move leaves,
// and a claim about the positions of R only — that S ∩ R is the set of
// P-positions in R, or that g is the Sprague–Grundy value at every position
// of R. Closure is asked first, as a query of its own: "some p in R and a
// move p -> q with q not in R" must be unsat. Then every condition is asked
// with p restricted to R. Soundness is regionRoute's.

// regionRoute restricts p to the region R in every condition, once R is
// proved closed under moves.
//
// Soundness: the outcome (and the Sprague–Grundy value) of a position is
// defined by induction from its options alone. When no move leaves R, every
// option of a position of R is in R, so the positions of R with their moves
// are a game of their own, whose outcomes and values are those of the whole
// game. Theorem 1.2 of Dufour–Heubach 2013 (and the mex argument of
// grundyRoute) applies to that game: S ∩ R is its set of P-positions exactly
// when (I) no move leads from S ∩ R to S ∩ R, and (II) every position of R
// outside S has a move into S (which lands in R), that is the conditions
// with p restricted to R; in misère play, (II) for the positions of R with a
// move and (III) for its terminal positions. A route that proves a
// condition for every position (the induction on binary digits ignores R)
// proves it for those of R a fortiori. Closure itself is the query
// closureQuery, unsat for a proof; a model of it is checked by nimlab's move
// generator and evaluator and refused as an *OpenRegionError.
//
// Preconditions: closure proved (Prove asks it first); symmetry breaking
// only when R too is invariant (symmetryBreaking asks the solver).
var regionRoute = route{name: routeNameRegion, prepare: prepareRegion, needs: func(enc *encoding) error {
	if enc.where == nil {
		return fmt.Errorf("no region was given")
	}
	return nil
}}

// prepareRegion asks, before any condition, that the region holds
// positions and that no move leaves it: the outcome stops the proof when
// closure is not proved.
func prepareRegion(ctx context.Context, enc *encoding, rt *route, opts Options, r *Result) (*encoding, *outcome, error) {
	if rt.needs(enc) != nil {
		return enc, nil, nil
	}
	if err := enc.checkNonEmpty(ctx, opts); err != nil {
		return nil, nil, err
	}
	var err error
	if r.Closure, err = enc.checkClosure(ctx, rt, opts); err != nil {
		return nil, nil, err
	}
	if r.Closure.Result != Unsat {
		out := undecided(fmt.Sprintf("(%s): no proof that the region is closed under moves: %s", proof.R, r.Closure.Reason),
			Unsettled{Condition: proof.R, Kind: r.Closure.ReasonKind})
		return nil, &out, nil
	}
	return enc, nil, nil
}

// OpenRegionError is a region some move leaves: Position is in it, its
// option Move is not. It is a refusal of the request, never a result about
// the claim.
type OpenRegionError struct {
	Game, Where string
	Position    game.Position
	Move        game.Position
}

func (e *OpenRegionError) Error() string {
	return fmt.Sprintf("the region is not closed under moves: in %s the move from (%s), where %s holds, to (%s), where it does not, leaves it "+
		"(confirmed by nimlab's move generator); a region theorem needs a region no move leaves, such as the positions with a given pile empty",
		e.Game, e.Position, e.Where, e.Move)
}

// EmptyRegionError is a region no position is in: a region theorem about
// it would be true and say nothing. It is a refusal of the request.
type EmptyRegionError struct {
	Game, Where string
}

func (e *EmptyRegionError) Error() string {
	return fmt.Sprintf("the region is empty: no position of %s has %s (the solver says so), so a theorem about it would say nothing", e.Game, e.Where)
}

// checkNonEmpty asks for a position of R; an *EmptyRegionError when there
// is none. Any other answer (a position, or none in time) lets the proof go
// on.
func (enc *encoding) checkNonEmpty(ctx context.Context, opts Options) error {
	var b strings.Builder
	enc.startQuery(&b)
	vars := enc.declare(&b, "p")
	for i := range enc.n {
		fmt.Fprintf(&b, "(assert %s)\n", enc.a.pileRange(fmt.Sprintf("p%d", i)))
	}
	fmt.Fprintf(&b, "(assert %s)\n", enc.inROf(originP, pileVar("p")))
	q := query{name: proof.R, script: enc.endQuery(&b, false), vars: vars}
	reply, err := q.check(ctx, opts)
	if err != nil {
		return err
	}
	if reply.Answer == Unsat {
		return &EmptyRegionError{Game: enc.g.Spec, Where: enc.where.String()}
	}
	return nil
}

// inR is R at the position whose piles are the variables pile(0), ...
func (enc *encoding) inR(pile func(i int) string) string {
	if s, ok := enc.inROnce.at(enc.a, pile); ok {
		return s
	}
	s, _, err := translateExpr(enc.where, pile, enc.a)
	if err != nil {
		panic("prove: the region translated once and not again: " + err.Error())
	}
	return s
}

// inROf is inR, its nim-sums (when uninterpreted) recorded as of origin.
func (enc *encoding) inROf(origin string, pile func(i int) string) string {
	if enc.a.nimSums != nil {
		enc.a.nimSums.origin = origin
	}
	return enc.inR(pile)
}

// regionEvaluator tells whether a position is in the region (always, when
// there is none).
func (enc *encoding) regionEvaluator() func(game.Position) bool {
	if enc.where == nil {
		return func(game.Position) bool { return true }
	}
	return enc.where.Evaluator()
}

// closureQuery asks for a position of R with an option outside R, along
// the region's route rt.
func (enc *encoding) closureQuery(rt *route) query {
	p, q := pileVar("p"), pileVar("q")
	var b strings.Builder
	enc.startQuery(&b)
	vars := enc.declare(&b, "p")
	vars = append(vars, enc.declare(&b, "q")...)
	for i := range enc.n {
		fmt.Fprintf(&b, "(assert %s)\n", enc.a.pileRange(fmt.Sprintf("p%d", i)))
	}
	fmt.Fprintf(&b, "(assert %s)\n(assert (not %s))\n(assert %s)\n", enc.inROf(originP, p), enc.inROf(originQ, q), enc.move(p, q))
	out := query{name: proof.R, script: enc.endQuery(&b, false), vars: vars, routes: []string{enc.arithmetic, rt.name}}
	if !enc.a.bv() {
		out.tactic = linearTactic
	}
	return out
}

// checkClosure asks whether a move leaves the region. It returns the
// closure condition (unsat: closed), and an *OpenRegionError when the
// solver finds a move that leaves it and nimlab's engine confirms it.
func (enc *encoding) checkClosure(ctx context.Context, rt *route, opts Options) (*Condition, error) {
	q := enc.closureQuery(rt)
	c := &Condition{Name: proof.R, Routes: q.routes}
	if opts.SMTOut != "" {
		q.path = filepath.Join(opts.SMTOut, fileStem(enc.g.Spec)+"-closure.smt2")
		if err := os.WriteFile(q.path, []byte(q.file(&enc.Claim, opts.Solver)), 0o644); err != nil {
			return nil, fmt.Errorf("--smt-out: %w", err)
		}
		c.File = q.path
	}
	reply, err := q.check(ctx, opts)
	if err != nil {
		return nil, err
	}
	c.Result, c.Reason, c.ReasonKind, c.Seconds = reply.Answer, reply.Reason, reply.Kind, reply.Seconds
	if reply.Answer != Sat {
		return c, nil
	}
	if small, err := smaller(ctx, opts, q, enc.a); err != nil {
		return nil, err
	} else if small != nil {
		reply.Values = small.Values
	}
	p, okP := readPosition(reply.Values, "p", enc.n)
	m, okQ := readPosition(reply.Values, "q", enc.n)
	inR := enc.where.Evaluator()
	if !okP || !okQ || enc.g.CheckMove(p, m) != nil || !inR(p) || inR(m) {
		c.Result, c.ReasonKind = Unknown, ReasonUnconfirmed
		c.Reason = fmt.Sprintf("the solver's move (%s) -> (%s) out of the region is not confirmed by the engine (a fault of the encoding: please report it)", p, m)
		return c, nil
	}
	return c, &OpenRegionError{Game: enc.g.Spec, Where: enc.where.String(), Position: p, Move: m}
}

// readPosition reads the piles prefix0, prefix1, ... of a model; false when
// one is negative or past int.
func readPosition(values map[string]int64, prefix string, n int) (game.Position, bool) {
	pos := make(game.Position, n)
	for i := range n {
		v := values[fmt.Sprintf("%s%d", prefix, i)]
		if v < 0 || int64(int(v)) != v {
			return pos, false
		}
		pos[i] = int(v)
	}
	return pos, true
}
