// Package solve holds the engines that fill a table.Table for a game: a
// reference engine that enumerates every option of every position, and a fast
// engine that never enumerates options (DESIGN.md, "The fast engine"): it runs
// a box recurrence over whole lines of positions packed into machine words and
// uses every core.
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
	// Workers is the number of goroutines of the fast engine; 0 means one per
	// available core (runtime.GOMAXPROCS).
	Workers int
	// Progress, when not nil, is called from time to time with the number of
	// positions settled so far and the total. It is called from one goroutine
	// at a time.
	Progress func(done, total int64)

	levelSets bool // Fast computes Grundy values by level sets, not by sets of values
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
