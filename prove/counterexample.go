package prove

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/prove/proof"
)

// Counterexamples: a model of a failed condition checked by nimlab's own
// move generator and evaluator, and the search for small ones.

// maxEnumeratedOptions bounds the options a counterexample to (II) is
// checked against one by one.
const maxEnumeratedOptions = 1 << 22

// smaller looks for a counterexample with small piles, which the engine can
// check by enumerating its options and a reader can follow: the query again
// with every pile at most 3, 15, then 255. It returns nil when none of these
// finds one within its time; the last bound, 2^63-1, keeps a counterexample
// inside the piles nimlab accepts.
func smaller(ctx context.Context, opts Options, q query, a arith) (*Reply, error) {
	// The search shares one budget, so that a condition the solver gave up
	// on costs at most its timeout and this much more.
	deadline := time.Now().Add(min(opts.Timeout, smallerBudget))
	for _, bound := range []int{3, 15, 255, math.MaxInt} {
		left := time.Until(deadline)
		if left <= 0 {
			break
		}
		var b strings.Builder
		b.WriteString(q.script)
		if len(q.cases) > 0 {
			// The cases may hold what the script leaves open (the
			// route of sorted options: slowmoves at q, per move set).
			fmt.Fprintf(&b, "(assert (or %s))\n", strings.Join(q.cases, " "))
		}
		for _, v := range q.vars {
			if strings.HasPrefix(v, "p") {
				fmt.Fprintf(&b, "(assert %s)\n", a.cmp("<=", v, a.num(bound)))
			}
		}
		reply, err := opts.Solver.CheckUsing(ctx, b.String(), q.vars, left, q.tactic)
		if err != nil {
			return nil, err
		}
		if reply.Answer == Sat {
			return &reply, nil
		}
	}
	return nil, nil
}

// smallerBudget bounds the time smaller spends on one condition.
const smallerBudget = 10 * time.Second

// confirm checks a model of a failed condition with nimlab's own move
// generator and evaluator. It returns nil and the reason when the model is
// not a counterexample (which would be a fault of the encoding) or cannot
// be read as a position.
func (enc *encoding) confirm(q query, values map[string]int64) (*Counterexample, string) {
	read := func(prefix string) (game.Position, bool) {
		pos := make(game.Position, enc.n)
		for i := range enc.n {
			v := values[prefix+strconv.Itoa(i)]
			if v < 0 || v > math.MaxInt {
				return nil, false
			}
			pos[i] = int(v)
		}
		return pos, true
	}
	inS := enc.e.Evaluator()
	p, ok := read("p")
	if !ok {
		return nil, "the solver's model has a negative pile"
	}
	if enc.where != nil && !enc.where.Evaluator()(p) {
		return nil, fmt.Sprintf("the solver's model p = (%s) is not in the region (a fault of the encoding: please report it)", p)
	}
	if enc.grundy {
		return enc.confirmGrundy(q, p, read, values)
	}
	ce := &Counterexample{Condition: q.name, Position: p, Checked: "engine"}
	switch q.name {
	case proof.I:
		m, ok := read("q")
		if !ok {
			return nil, "the solver's model has a negative pile"
		}
		if err := enc.g.CheckMove(p, m); err != nil || !inS(p) || !inS(m) {
			return nil, fmt.Sprintf("the solver's model p = (%s), q = (%s) is not confirmed by the engine (a fault of the encoding: please report it)", p, m)
		}
		ce.Move = m
	case proof.II:
		if inS(p) || enc.g.Misere && enc.g.IsTerminal(p) {
			return nil, fmt.Sprintf("the solver's model p = (%s) is not confirmed by the engine (a fault of the encoding: please report it)", p)
		}
		if enc.optionsAtMost(p, maxEnumeratedOptions) {
			for o := range enc.g.Options(p) {
				if inS(o) {
					return nil, fmt.Sprintf("the solver's model p = (%s) has the option (%s) in S (a fault of the encoding: please report it)", p, o)
				}
			}
		} else {
			ce.Checked = "model"
		}
	case proof.III:
		if !inS(p) || !enc.g.IsTerminal(p) {
			return nil, fmt.Sprintf("the solver's model p = (%s) is not confirmed by the engine (a fault of the encoding: please report it)", p)
		}
	}
	return ce, ""
}

// searchSmallBudget bounds the time of one search of small positions: an
// expression with sym() over many symmetries, evaluated at every option,
// took 41 s of CPU on ecn:5,{1,2,3},3/misere without it.
const searchSmallBudget = 5 * time.Second

// smallPositions bounds the positions searchSmall looks at.
const smallPositions = 20_000

// searchSmall looks for a counterexample to the condition among the
// positions with small piles, with nimlab's own move generator and
// evaluator.
func (enc *encoding) searchSmall(ctx context.Context, condition proof.Cond) *Counterexample {
	if enc.grundy {
		return enc.searchSmallGrundy(ctx, condition)
	}
	inS := enc.e.Evaluator()
	var found *Counterexample
	enc.eachSmall(ctx, func(p game.Position) bool {
		switch {
		case condition == proof.I && inS(p):
			for q := range enc.g.Options(p) {
				if inS(q) {
					found = &Counterexample{Condition: proof.I, Position: slices.Clone(p), Move: slices.Clone(q), Checked: "engine"}
					break
				}
			}
		case condition == proof.II && !inS(p) && !(enc.g.Misere && enc.g.IsTerminal(p)):
			into := false
			for q := range enc.g.Options(p) {
				if inS(q) {
					into = true
					break
				}
			}
			if !into {
				found = &Counterexample{Condition: proof.II, Position: slices.Clone(p), Checked: "engine"}
			}
		case condition == proof.III && inS(p) && enc.g.IsTerminal(p):
			found = &Counterexample{Condition: proof.III, Position: slices.Clone(p), Checked: "engine"}
		}
		return found == nil
	})
	return found
}

// optionsAtMost reports whether p has at most limit options by a bound on
// their count: one per move set where each move set takes a fixed amount
// from its piles (a slow game), else the product of (p_i + 1) over each
// move set, summed.
func (enc *encoding) optionsAtMost(p game.Position, limit float64) bool {
	if _, err := enc.g.MoveSets(); err != nil {
		return false
	}
	if sets := enc.unitSets(); len(sets) > 0 {
		return float64(len(sets)) <= limit
	}
	total := 0.0
	for _, s := range enc.sets {
		c := 1.0
		for _, i := range s.Vertices() {
			c *= float64(p[i]) + 1
		}
		total += c
	}
	return total <= limit
}
