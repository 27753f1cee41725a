package table

import (
	"context"
	"fmt"
	"strconv"

	"github.com/nimlab/nimlab/game"
)

// Slice is a 2D section of a table: piles X and Y vary over the box, the
// other piles are fixed.
type Slice struct {
	// X and Y are the piles on the axes, 0-based.
	X int `json:"x"`
	Y int `json:"y"`
	// Fixed is a position whose piles off the axes give the fixed values.
	Fixed game.Position `json:"fixed"`
	// Value is what the cells hold: "outcome" (1 for a P-position, 0 for an
	// N-position), "grundy" or "remoteness".
	Value string `json:"value"`
	// Cols and Rows are the extents: pile X takes 0..Cols-1, pile Y 0..Rows-1.
	Cols int `json:"cols"`
	Rows int `json:"rows"`
	// Cells holds the value of (x, y) at y*Cols + x.
	Cells []int `json:"cells"`
	// P marks the P-positions the same way.
	P []bool `json:"p"`
}

// Values returns what a slice can show (a fresh slice each call).
func Values() []string { return []string{"outcome", "grundy", "remoteness"} }

// Slice cuts the 2D section of t through fixed with piles x and y on the
// axes, holding value ("outcome", "grundy" or "remoteness"; the table must hold
// it). The fixed piles must lie in the box.
func (t *Table) Slice(x, y int, fixed game.Position, value string) (*Slice, error) {
	n := len(t.Box)
	switch {
	case x < 0 || x >= n || y < 0 || y >= n || x == y:
		return nil, fmt.Errorf("the axes must be two different piles 1..%d, not %d and %d", n, x+1, y+1)
	case len(fixed) != n:
		return nil, fmt.Errorf("the fixed position has %d piles, the table %d", len(fixed), n)
	case value == "grundy" && t.Grundy == nil:
		return nil, fmt.Errorf("the table holds no Grundy values")
	case value == "remoteness" && t.Remoteness == nil:
		return nil, fmt.Errorf("the table holds no remoteness")
	case value != "outcome" && value != "grundy" && value != "remoteness":
		return nil, fmt.Errorf("the value must be outcome, grundy or remoteness, not %q", value)
	}
	p := append(game.Position(nil), fixed...)
	p[x], p[y] = 0, 0
	if !t.Box.Contains(p) {
		return nil, fmt.Errorf("the fixed piles %v lie outside the table's box %v", fixed, t.Box)
	}
	s := &Slice{X: x, Y: y, Fixed: p, Value: value, Cols: t.Box[x] + 1, Rows: t.Box[y] + 1}
	s.Cells, s.P = make([]int, s.Cols*s.Rows), make([]bool, s.Cols*s.Rows)
	q := append(game.Position(nil), p...)
	for r := range s.Rows {
		for c := range s.Cols {
			q[x], q[y] = c, r
			i := r*s.Cols + c
			s.P[i] = t.IsP(q)
			switch value {
			case "outcome":
				if s.P[i] {
					s.Cells[i] = 1
				}
			case "grundy":
				s.Cells[i] = int(t.GrundyOf(q))
			case "remoteness":
				s.Cells[i] = t.RemotenessOf(q)
			}
		}
	}
	return s, nil
}

// RichestFix is the position whose piles off the axes x and y give the
// slice of t holding the most P-positions (ties broken by the order of
// the positions; all zeros when no slice holds one): a slice worth looking at
// when none is asked for. It reads every position of the box once, and
// returns early, with what it found, when ctx is done.
func (t *Table) RichestFix(ctx context.Context, x, y int) game.Position {
	counts := map[string]int{}
	best, bestCount := make(game.Position, len(t.Box)), 0
	p := make(game.Position, len(t.Box))
	key := make([]byte, 0, 8*len(t.Box))
	for idx := range t.Box.Positions() {
		if idx%npzCheckEvery == 0 && ctx.Err() != nil {
			break
		}
		t.Box.Position(idx, p)
		if !t.IsP(p) {
			continue
		}
		key = key[:0]
		for i, v := range p {
			if i != x && i != y {
				key = strconv.AppendInt(append(key, ','), int64(v), 10)
			}
		}
		k := string(key)
		counts[k]++
		if counts[k] > bestCount {
			bestCount = counts[k]
			copy(best, p)
			best[x], best[y] = 0, 0
		}
	}
	return best
}
