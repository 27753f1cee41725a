package solve

import (
	"context"
	"fmt"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/table"
)

// Report is what nimlab computes about one position.
type Report struct {
	Position game.Position
	// Outcome is "P" (the previous player wins) or "N" (the next player wins).
	Outcome string
	// Grundy is the Grundy value (in misère play the misère Grundy value).
	Grundy uint32
	// WinningMoves lists the options that are P-positions, in index order
	// (pile 1 fastest); empty at a P-position.
	WinningMoves []game.Position
}

// Analyze computes the outcome, Grundy value and winning moves of p by
// solving the box of positions below p with the fast engine.
func Analyze(ctx context.Context, g *game.Game, p game.Position, opts Options) (*Report, error) {
	box := table.BoxOf(p)
	opts.Grundy = true
	t, err := Fast(ctx, g, box, opts)
	if err != nil {
		return nil, err
	}
	r := &Report{Position: p, Grundy: t.Grundy[box.Index(p)], Outcome: "N"}
	if t.IsP(p) {
		r.Outcome = "P"
		return r, nil
	}
	for q := range t.PPositions() {
		if IsMove(g, p, q) {
			r.WinningMoves = append(r.WinningMoves, append(game.Position(nil), q...))
		}
	}
	return r, nil
}

// IsMove reports whether q is an option of p (see game.Game.IsMove).
func IsMove(g *game.Game, p, q game.Position) bool { return g.IsMove(p, q) }

// Summary counts what a table holds.
type Summary struct {
	Positions  int64 `json:"positions"`
	PPositions int64 `json:"p_positions"`
	// PClasses counts the symmetry classes of P-positions, or is -1 when
	// the symmetry group is too large to list.
	PClasses int64 `json:"p_classes"`
	// Symmetries is the order of the symmetry group, as a decimal string.
	Symmetries string `json:"symmetries"`
	// GrundyCounts[v] is the number of positions of Grundy value v, when
	// Grundy values were computed.
	GrundyCounts []int64 `json:"grundy_counts,omitempty"`
}

// Summarize counts the P-positions of t, their symmetry classes under the
// automorphism group of g's complex, and the Grundy values.
func Summarize(g *game.Game, t *table.Table) *Summary {
	s := &Summary{Positions: t.Box.Positions(), PPositions: t.CountP(), PClasses: -1}
	if grp, err := g.Complex.Symmetries(); err == nil {
		s.Symmetries = grp.Order().String()
		if uniform(t.Box) {
			s.PClasses = t.CountClasses(grp)
		}
	}
	if t.Grundy != nil {
		for _, v := range t.Grundy {
			for int(v) >= len(s.GrundyCounts) {
				s.GrundyCounts = append(s.GrundyCounts, 0)
			}
			s.GrundyCounts[v]++
		}
	}
	return s
}

func uniform(b table.Box) bool {
	for _, h := range b {
		if h != b[0] {
			return false
		}
	}
	return true
}

// CheckMemory returns an error wrapping ErrTooLarge when a solve needs more
// than available bytes.
func CheckMemory(g *game.Game, box table.Box, opts Options, reference bool, available int64) error {
	need := MemoryNeeded(g, box, opts, reference)
	if need > available {
		return fmt.Errorf("%w: solving %s on %v needs about %s, but only %s is available (use --force to try anyway)",
			ErrTooLarge, g.Spec, box, Bytes(need), Bytes(available))
	}
	return nil
}

// Bytes writes a byte count for people, e.g. "1.5 GB".
func Bytes(n int64) string {
	const unit = 1000
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %cB", float64(n)/float64(div), "kMGTPE"[exp])
}
