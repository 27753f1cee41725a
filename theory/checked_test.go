package theory

import (
	"strings"
	"testing"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/literature"
)

// brokenOracle answers with fixed, wrong results, to see that Apply refuses them.
type brokenOracle struct {
	isP  bool
	move game.Position
}

func (r brokenOracle) IsP(p game.Position) bool {
	return r.isP || (r.move != nil && len(p) == len(r.move) && p.String() == r.move.String() && p[0] == 0)
}
func (r brokenOracle) WinningMove(game.Position) game.Position { return r.move }

func TestApplyRefusesWrongAnswers(t *testing.T) {
	g, _ := game.Parse("cn:4,2")
	th := &Theorem{Name: "broken", Source: literature.Of(literature.DufourHeubach2013, "Theorem 2.2")}
	p := game.Position{3, 1, 4, 1}
	tests := []struct {
		name    string
		rule    Oracle
		mention string
	}{
		{"P with a move", brokenOracle{isP: true, move: game.Position{1, 1, 4, 1}}, "offers the move"},
		{"N without a move", brokenOracle{}, "builds no winning move"},
		{"a negative pile", brokenOracle{move: game.Position{-2, 1, 4, 1}}, "illegal move"},
		{"not a face", brokenOracle{move: game.Position{2, 1, 3, 1}}, "illegal move"}, // piles 1 and 3 are not adjacent
		{"a move to N", brokenOracle{move: game.Position{2, 1, 4, 1}}, "does not call P"},
		{"the right move", cn42Oracle{}, ""},
	}
	for _, tt := range tests {
		_, _, err := Apply(th, tt.rule, g, p)
		switch {
		case tt.mention == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.mention != "" && (err == nil || !strings.Contains(err.Error(), tt.mention)):
			t.Errorf("%s: %v, want an error mentioning %q", tt.name, err, tt.mention)
		}
	}
}
