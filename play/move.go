package play

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/nimlab/nimlab/game"
)

// positionPattern matches what may be a position: numbers, commas,
// spaces and parentheses (ParsePosition says what is wrong with it).
var positionPattern = regexp.MustCompile(`^[\d\s,()+-]*$`)

// editPattern matches one edit "pile -= amount".
var editPattern = regexp.MustCompile(`^\s*(\d+)\s*-=\s*(\d+)\s*$`)

// ParseMove reads a move typed at p, the one move parser of every front
// end: the position it leaves (3,1,0,1), or edits "pile -= amount" (piles
// numbered from 1) separated by commas or semicolons. It does not check
// that the move is legal (game.CheckMove does).
func ParseMove(g *game.Game, p game.Position, line string) (game.Position, error) {
	line = strings.TrimSpace(line)
	if !strings.Contains(line, "-=") {
		if !positionPattern.MatchString(line) {
			return nil, fmt.Errorf("%q is not a move: write the position it leaves (e.g. %s) or edits such as 2 -= 3", line, p)
		}
		return g.ParsePosition(line)
	}
	q := append(game.Position(nil), p...)
	for _, edit := range strings.FieldsFunc(line, func(r rune) bool { return r == ',' || r == ';' }) {
		m := editPattern.FindStringSubmatch(edit)
		if m == nil {
			return nil, fmt.Errorf("%q is not an edit: write pile -= amount, e.g. 2 -= 3", strings.TrimSpace(edit))
		}
		pile, err := strconv.Atoi(m[1])
		if err != nil || pile < 1 || pile > len(p) {
			return nil, fmt.Errorf("%q: there are piles 1..%d", strings.TrimSpace(edit), len(p))
		}
		amount, err := strconv.Atoi(m[2])
		if err != nil || amount > q[pile-1] {
			return nil, fmt.Errorf("%q: pile %d holds only %d", strings.TrimSpace(edit), pile, q[pile-1])
		}
		q[pile-1] -= amount
	}
	return q, nil
}
