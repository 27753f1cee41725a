package play

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/nimlab/nimlab/game"
)

// editPattern matches one edit "pile -= amount".
var editPattern = regexp.MustCompile(`^\s*(\d+)\s*-=\s*(\d+)\s*$`)

// ParseMove reads a move typed at p, the one move parser of every front
// end: the position it leaves (3,1,0,1), or edits "pile -= amount" (piles
// numbered from 1) separated by commas or semicolons. It does not check
// that the move is legal (game.CheckMove does).
func ParseMove(g *game.Game, p game.Position, line string) (game.Position, error) {
	line = strings.TrimSpace(line)
	if !strings.Contains(line, "-=") {
		return g.ParsePosition(line)
	}
	q := append(game.Position(nil), p...)
	for _, edit := range strings.FieldsFunc(line, func(r rune) bool { return r == ',' || r == ';' }) {
		m := editPattern.FindStringSubmatch(edit)
		if m == nil {
			return nil, fmt.Errorf("%q is not an edit: write pile -= amount, e.g. 2 -= 3", strings.TrimSpace(edit))
		}
		pile, err1 := strconv.Atoi(m[1])
		amount, err2 := strconv.Atoi(m[2])
		if err1 != nil || err2 != nil || pile < 1 || pile > len(p) {
			return nil, fmt.Errorf("%q: there are piles 1..%d", strings.TrimSpace(edit), len(p))
		}
		q[pile-1] -= amount
	}
	return q, nil
}
