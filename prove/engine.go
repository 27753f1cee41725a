package prove

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
)

// The engine confirms every "proved": before Prove says it, the set is
// compared with the engine's table of P-positions on the largest box of
// equal piles that fits a small budget. An encoding fault shows at small
// piles far more often than not, so a proof the engine contradicts is never
// printed; the disagreement is an internal error (DisagreementError), never
// "proved" and never a silent "refuted".

// EngineCheck says on which box the engine confirmed a proof.
type EngineCheck struct {
	// Max is the largest pile of the box: every position with piles 0..Max.
	// It is 0, with Reason set, when no box could be solved.
	Max int `json:"max"`
	// Positions is the number of positions compared, and PPositions the
	// number of P-positions among them: when every position is one, no
	// move stays in the box, and the check says little.
	Positions  int64 `json:"positions"`
	PPositions int64 `json:"p_positions"`
	// Seconds is the time spent solving and comparing.
	Seconds float64 `json:"seconds"`
	// Reason says why no box was checked (the engine does not play the
	// game, or could not solve even the smallest box in time).
	Reason string `json:"reason,omitempty"`
	// Grundy is true when the engine's Grundy values were compared with
	// the expression's (PPositions then counts the positions of value 0).
	Grundy bool `json:"grundy,omitempty"`
	// Where is the region of a region theorem: only the positions of the
	// box in it were compared, and Positions counts them.
	Where string `json:"where,omitempty"`
}

// The budget of the engine's check: about a second, at most 10^6 positions;
// the smallest box may take up to engineFirstBox.
const (
	engineBudget    = time.Second
	enginePositions = 1_000_000
	engineFirstBox  = 10 * time.Second
)

// DisagreementError is a proof the engine contradicts: the solver answered
// unsat to every condition, yet at Position the set and the engine's table
// differ. It is a fault of nimlab's prover, never a result.
type DisagreementError struct {
	Game, Expression string
	// Position is the smallest position (by total) where they differ.
	Position game.Position
	// IsP is the engine's outcome there: a P-position the set does not
	// accept, or (false) an N-position it accepts.
	IsP bool
	// Max is the largest pile of the box compared.
	Max int
	// Grundy is true when the expression was claimed to be the
	// Sprague–Grundy value: the engine finds EngineValue at Position,
	// where the expression gives Value (Valid false: no 64-bit value).
	Grundy             bool
	Value, EngineValue int
	Valid              bool
	// Where is the region of a region theorem.
	Where string
}

// String says what the check covered, as the commands print it.
func (c *EngineCheck) String() string {
	if c.Reason != "" {
		return "not checked: " + c.Reason
	}
	what, where := "table", ""
	if c.Grundy {
		what = "Grundy values"
	}
	if c.Where != "" {
		where = " with " + c.Where
	}
	text := fmt.Sprintf("the engine's %s agree%s on every position%s with piles up to %d (%d positions, %.2f s)", what, map[bool]string{true: "", false: "s"}[c.Grundy], where, c.Max, c.Positions, c.Seconds)
	switch {
	case c.Positions == 0:
		text += "; no position of that box is in the region, so it says nothing"
	case c.PPositions == c.Positions:
		text += "; no move stays in that box, so it says little"
	}
	return text
}

func (e *DisagreementError) Error() string {
	what := "an N-position that the expression accepts"
	if e.IsP {
		what = "a P-position that the expression does not accept"
	}
	if e.Grundy {
		what = fmt.Sprintf("the Grundy value %d, where the expression gives %d", e.EngineValue, e.Value)
		if !e.Valid {
			what = fmt.Sprintf("the Grundy value %d, where the expression's value is past 64 bits", e.EngineValue)
		}
	}
	where := ""
	if e.Where != "" {
		where = " with " + e.Where
	}
	return fmt.Sprintf("internal error: the solver proved %q for %s, but the engine finds at (%s) %s (compared on every position%s with piles up to %d); "+
		"the proof is withdrawn. This is a bug in nimlab's prover: please report it with this message",
		e.Expression, e.Game, e.Position, what, where, e.Max)
}

// checkWithEngine compares the set e accepts with the engine's table of g on
// boxes of growing equal piles while the budget lasts. It returns a
// *DisagreementError when they differ, and the box it checked otherwise.
func checkWithEngine(ctx context.Context, g *game.Game, e *check.Expr) (*EngineCheck, error) {
	return checkClaimWithEngine(ctx, &Claim{g: g, e: e}, nil)
}

// checkWithEngine compares the encoding's claim with the engine's table:
// its set of P-positions or its Sprague–Grundy values, in its region when
// it has one; gate runs the tables (Options.Gate).
func (enc *encoding) checkWithEngine(ctx context.Context, gate solve.Gate) (*EngineCheck, error) {
	return checkClaimWithEngine(ctx, &enc.Claim, gate)
}

// checkClaimWithEngine is checkWithEngine for a claim: Grundy values are
// compared with the engine's (solve.Options.Grundy), and in a region only
// the positions of the box in it. Every table goes through gate (nil:
// solve.GateOr's default); one it refuses ends the check as one out of
// budget does.
func checkClaimWithEngine(ctx context.Context, c *Claim, gate solve.Gate) (*EngineCheck, error) {
	g := c.g
	start := time.Now()
	n := g.Piles()
	out := &EngineCheck{Grundy: c.grundy}
	if c.where != nil {
		out.Where = c.where.String()
	}
	last := time.Duration(0)
	lastPositions := 1.0
	for h := 1; ; h = nextBox(h, n) {
		positions := math.Pow(float64(h+1), float64(n))
		if positions > enginePositions && h > 1 {
			break
		}
		if positions > 64*enginePositions {
			out.Reason = fmt.Sprintf("%s has too many piles for a box of the engine (2^%d positions with piles up to 1)", g.Spec, n)
			return out, nil
		}
		spent := time.Since(start)
		// The next box costs about as much per position as the last.
		if h > 1 && spent+time.Duration(float64(last)*positions/lastPositions) > engineBudget {
			break
		}
		limit := engineFirstBox
		if h > 1 {
			limit = max(engineBudget-spent, 0)
		}
		t0 := time.Now()
		bctx, cancel := context.WithTimeout(ctx, limit)
		box := table.Uniform(n, h)
		t, err := solve.Gated(bctx, gate, g, box, solve.Options{Grundy: c.grundy})
		var pPositions, compared int64
		if err == nil {
			compared, pPositions, err = compareClaimOnBox(bctx, c, t, h)
		}
		cancel()
		var d *DisagreementError
		switch {
		case errors.As(err, &d):
			return nil, err
		case ctx.Err() != nil:
			return nil, ctx.Err()
		case err != nil && out.Max == 0:
			out.Reason = fmt.Sprintf("the engine solved no box: %v", err)
			out.Seconds = time.Since(start).Seconds()
			return out, nil
		case err != nil:
			out.Seconds = time.Since(start).Seconds()
			return out, nil // out of budget: the last box stands
		}
		out.Max, out.Positions, out.PPositions = h, compared, pPositions
		last, lastPositions = time.Since(t0), positions
		if positions > enginePositions {
			break
		}
	}
	out.Seconds = time.Since(start).Seconds()
	return out, nil
}

// compareOnBox compares e with the table t, whose box has piles up to h,
// and returns the number of P-positions.
func compareOnBox(ctx context.Context, g *game.Game, e *check.Expr, t *table.Table, h int) (int64, error) {
	r, err := check.Compare(ctx, g, t, e.Evaluator, 1)
	if err != nil {
		return 0, err
	}
	if r.Agrees() {
		return r.Accepted, nil
	}
	d := &DisagreementError{Game: g.Spec, Expression: e.String(), Max: h}
	if ps := r.Examples[check.KindPNotAccepted]; len(ps) > 0 {
		d.Position, d.IsP = ps[0], true
	}
	if ps := r.Examples[check.KindAcceptedNotP]; len(ps) > 0 && (d.Position == nil || total(ps[0]) < total(d.Position)) {
		d.Position, d.IsP = ps[0], false
	}
	return 0, d
}

func total(p game.Position) int {
	s := 0
	for _, x := range p {
		s += x
	}
	return s
}

// nextBox is the largest pile of the next box: about four times as many
// positions as the box with piles up to h, at least h+1, and not past the
// largest box of at most enginePositions unless h is already that box.
func nextBox(h, n int) int {
	next := max(h+1, int(math.Pow(4*math.Pow(float64(h+1), float64(n)), 1/float64(n)))-1)
	largest := int(math.Floor(math.Pow(enginePositions, 1/float64(n))+1e-9)) - 1
	for math.Pow(float64(largest+2), float64(n)) <= enginePositions {
		largest++
	}
	for largest > 0 && math.Pow(float64(largest+1), float64(n)) > enginePositions {
		largest--
	}
	if h < largest {
		return min(next, largest)
	}
	return next
}

// compareClaimOnBox compares the claim c with the table t, whose box
// has piles up to h: the set of P-positions or the Grundy values, at the
// positions of the region when there is one. It returns the number of
// positions compared and of P-positions among them, or a
// *DisagreementError at the smallest position (by total) where they differ.
func compareClaimOnBox(ctx context.Context, c *Claim, t *table.Table, h int) (compared, pPositions int64, err error) {
	g, e := c.g, c.e
	if !c.grundy && c.where == nil {
		pPositions, err = compareOnBox(ctx, g, e, t, h)
		return t.Box.Positions(), pPositions, err
	}
	inS, value := e.Evaluator(), e.IntEvaluator()
	inR := func(game.Position) bool { return true }
	var where string
	if c.where != nil {
		inR, where = c.where.Evaluator(), c.where.String()
	}
	var d *DisagreementError
	p := make(game.Position, g.Piles())
	for idx := range t.Box.Positions() {
		if idx%4096 == 0 && ctx.Err() != nil {
			return 0, 0, ctx.Err()
		}
		t.Box.Position(idx, p)
		if !inR(p) {
			continue
		}
		compared++
		var differ *DisagreementError
		if c.grundy {
			want := int(t.GrundyOf(p))
			got, ok := value(p)
			if !ok || got != want {
				differ = &DisagreementError{Grundy: true, Value: got, Valid: ok, EngineValue: want}
			}
			if want == 0 {
				pPositions++
			}
		} else {
			isP := t.IsP(p)
			if isP != inS(p) {
				differ = &DisagreementError{IsP: isP}
			}
			if isP {
				pPositions++
			}
		}
		if differ != nil && (d == nil || total(p) < total(d.Position)) {
			differ.Game, differ.Expression, differ.Max, differ.Where = g.Spec, e.String(), h, where
			differ.Position = slices.Clone(p)
			d = differ
		}
	}
	if d != nil {
		return 0, 0, d
	}
	return compared, pPositions, nil
}
