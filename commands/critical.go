package commands

import (
	"context"
	"fmt"
	"io"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
)

// CriticalRequest asks for the R-critical positions of a box ("nimlab
// critical").
type CriticalRequest struct {
	Game string `json:"game"`
	Source
	// Remoteness, when not negative, lists only the positions of this
	// remoteness.
	Remoteness int `json:"remoteness"`
}

// CriticalResult lists, for each remoteness, the minimal positions of that
// remoteness.
type CriticalResult struct {
	Critical []CriticalLevel `json:"critical"`
	Game     string          `json:"game"`
	Max      int             `json:"max"`
	// Sorted is true when the order is "sorted piles componentwise <=".
	Sorted bool `json:"sorted"`

	title string
}

// CriticalLevel is the minimal positions of one remoteness.
type CriticalLevel struct {
	Remoteness int             `json:"remoteness"`
	Outcome    string          `json:"outcome"`
	Positions  []game.Position `json:"positions"`
}

// Critical builds the remoteness table of a box and lists its R-critical
// positions: the minimal positions of each remoteness.
func Critical(ctx context.Context, env Env, req CriticalRequest) (*CriticalResult, error) {
	g, box, err := req.gameBox(req.Game)
	if err != nil {
		return nil, err
	}
	t, err := req.solveOrLoad(ctx, env, g, box, solve.Options{Remoteness: true})
	if err != nil {
		return nil, err
	}
	crit, err := table.Critical(ctx, t)
	if err != nil {
		return nil, err
	}
	only := req.Remoteness
	var levels []CriticalLevel
	for r, ps := range crit {
		if len(ps) > 0 && (only < 0 || r == only) {
			levels = append(levels, CriticalLevel{r, OutcomeOf(r), ps})
		}
	}
	if only >= 0 && len(levels) == 0 {
		levels = append(levels, CriticalLevel{only, OutcomeOf(only), []game.Position{}})
	}
	return &CriticalResult{Game: g.Spec, Max: req.Max, Sorted: t.Sorted, Critical: levels, title: g.Title}, nil
}

// WriteText writes the levels as "nimlab critical" prints them.
func (r *CriticalResult) WriteText(out io.Writer) error {
	order := "componentwise"
	if r.Sorted {
		order = "sorted piles componentwise"
	}
	fmt.Fprintf(out, "%s, every pile 0..%d: minimal positions of each remoteness (%s <=)\n", r.title, r.Max, order)
	for _, l := range r.Critical {
		if len(l.Positions) == 0 {
			fmt.Fprintf(out, "R = %d (%s): 0 (no position of the box has remoteness %d)\n", l.Remoteness, l.Outcome, l.Remoteness)
			continue
		}
		fmt.Fprintf(out, "R = %d (%s): %d %s\n", l.Remoteness, l.Outcome, len(l.Positions), PositionList(l.Positions))
	}
	return nil
}
