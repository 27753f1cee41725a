// Package solve holds the engines that fill a table.Table for a game, and
// the analyses of a solved table (Analyze, Summarize).
//
// Every solve runs one plan (NewPlan, engine.go) chosen from an ordered
// registry of engines, each saying whether it solves the game on the box
// with the options asked, how much memory it needs, how it solves, whether
// it answers HasOptionIn (which positions have an option in a given set) and
// whether it streams its table to a file as it is computed. The plan is built
// once and read for all of these: Plan.Engine, Plan.MemoryNeeded,
// Plan.Table, Plan.StreamTable and Plan.HasOptionIn (the functions Table and
// HasOptionIn build one plan each). The engines, in the order a plan tries
// them, each with its one name (the Engine a plan reports):
//
//   - the fast engine (EngineFast, "fast"; Fast in fast.go, its sweep in
//     sweep.go), for take games (the rule game.TakeOnFaces): it never
//     enumerates options (docs/how-it-works.md, "The fast engine"). A line of
//     positions along pile 1 is a machine word, a box recurrence over the
//     facets runs slab by slab of the last pile, the sub-slabs of an
//     anti-diagonal on every core. Outcomes need one bit a position of
//     working memory for about one slab; Grundy values run the same sweep
//     with a set of values per position (grundysets.go), or by level sets
//     when those do not fit; remoteness is a min/max recurrence on a grid of
//     positions (remoteness.go, grid.go). It alone streams: a plan's Stream
//     and StreamTable hand the outcomes out slab by slab (stream.go), for
//     tables larger than memory.
//   - the cone engine (EngineCones, "cones"; cones.go), for rules whose
//     options are shifted cones (game.ReachRule): the rule variations, NIM_H,
//     Exact k-Nim, the slow rule on a complex and their compounds; outcomes
//     and Grundy values (by level sets), on whole lines as the fast engine,
//     by a sweep of its own.
//   - the values engine (EngineValues, "values"; Values in values.go,
//     optionstates.go), for every game: it visits the states in an order
//     where every option comes first and looks up the value of each option
//     (without building positions where the rule allows). It stores only the
//     sorted positions of symmetric games (n! fewer), so it runs symmetric
//     slow games and, when the lookups are less work, the remoteness of
//     symmetric take games; and the remoteness of rules.
//
// The reference engine (EngineReference, "reference"; Reference in
// reference.go) enumerates every option of every position; every engine is
// tested against it. A plan runs it when Options.Reference asks.
//
// A sweep, here, is the walk of the box line by line of the fast and cone
// engines, which never lists an option; the values engine is not a sweep.
//
// Engines never print; they report progress through Options.Progress and stop
// when their context is cancelled.
package solve

import (
	"fmt"

	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/table"
)

// Options tunes a solve.
type Options struct {
	// Grundy asks for the Grundy value of every position, not only outcomes.
	Grundy bool
	// Remoteness asks for Smith's remoteness of every position (see
	// Remoteness).
	Remoteness bool
	// Workers is the number of goroutines of the fast, cone and values
	// engines (the reference engine runs on one); 0 means one per available
	// core (runtime.GOMAXPROCS).
	Workers int
	// Progress, when not nil, is called from time to time with the number of
	// positions settled so far and the total. It is called from one goroutine
	// at a time.
	Progress func(done, total int64)
	// Reference asks for the reference engine (Reference), which enumerates
	// every option: slow, for checking the others.
	Reference bool

	levelSets bool // Fast computes Grundy values by level sets, not by sets of values
	setBits   int  // Fast's sets of values hold this many bits (16, 32, 64), 0 for its choice
}

func (o Options) progress(done, total int64) {
	if o.Progress != nil {
		o.Progress(done, total)
	}
}

// ErrTooLarge is wrapped by the errors of boxes too large to solve, and of
// games whose move sets are too many to list; it is complex.ErrTooLarge.
var ErrTooLarge = complex.ErrTooLarge

// checkMoveSets makes sure the options of g can be enumerated: the engines
// that look up every option call it once, before they start.
func checkMoveSets(g *game.Game) error {
	_, err := g.MoveSets()
	return err
}

func checkBox(g *game.Game, box table.Box) error {
	if len(box) != g.Piles() {
		return fmt.Errorf("box has %d piles, but %s has %d", len(box), g.Spec, g.Piles())
	}
	if err := box.Check(); err != nil {
		return fmt.Errorf("%s: %w: %w", g.Spec, ErrTooLarge, err)
	}
	return nil
}
