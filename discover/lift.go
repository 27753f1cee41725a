package discover

import (
	"regexp"
	"strings"

	"github.com/nimlab/nimlab/check"
)

// Lifting winning moves through a reduction. A region theorem's proof
// learns candidate winning moves y -> y' inside its region of empty piles.
// If x reduces to y (x = y + m v, v an invariance), the move that takes
// from x what y -> y' takes, x' = y' + m v, is a move of a take game on
// faces too, and x' reduces to y' (y' keeps the pile of v's support that y
// emptied). The moves lifted this way are candidates for (II) of the whole
// description (prove.Options.Moves): the solver checks each of them, so a
// wrong one costs time, never a false proof.

// pileNameRE matches a pile's name in a learned move (one letter).
var pileNameRE = regexp.MustCompile(`\b[a-z]\b`)

// liftMoves returns the candidate moves of the whole description, or nil
// when some region described has no complete set of learned moves
// (moves, by representative region).
func (st *structure) liftMoves(root *structNode, moves map[uint64][][]string) [][]string {
	n := st.s.n
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	var out [][]string
	level := 0
	ok := st.lift(root, st.s.names, idx, "", &level, moves, &out)
	if !ok {
		return nil
	}
	return out
}

// lift walks the node as render does: names[i] is the value of the
// representative's pile i, idx[i] the pile of the position it comes from,
// and lets the definitions of the names so far.
func (st *structure) lift(nd *structNode, names []string, idx []int, lets string, level *int, moves map[uint64][][]string, out *[][]string) bool {
	if nd.leaf != nil {
		learned, ok := moves[nd.zeros]
		if !ok {
			return false
		}
		for _, m := range learned {
			move := make([]string, len(names))
			for i, comp := range m {
				pile := check.PileName(idx[i])
				if strings.TrimSpace(comp) == check.PileName(i) {
					move[idx[i]] = pile
					continue
				}
				renamed := pileNameRE.ReplaceAllStringFunc(comp, func(name string) string {
					for j := range names {
						if check.PileName(j) == name {
							return names[j]
						}
					}
					return name
				})
				move[idx[i]] = lets + pile + " - (" + names[i] + " - (" + renamed + "))"
			}
			*out = append(*out, move)
		}
		return true
	}
	*level++
	m := "mn" + itoa(*level)
	var support []string
	reduced := append([]string(nil), names...)
	var b strings.Builder
	for i, x := range nd.by {
		if x == 1 {
			support = append(support, names[i])
			reduced[i] = "r" + check.PileName(i) + itoa(*level)
		}
	}
	least := support[0]
	if len(support) > 1 {
		least = "min(" + strings.Join(support, ", ") + ")"
	}
	b.WriteString(lets + "let " + m + " = " + least + "; ")
	for i, x := range nd.by {
		if x == 1 {
			b.WriteString("let " + reduced[i] + " = " + names[i] + " - " + m + "; ")
		}
	}
	for _, c := range nd.children {
		renamed, cidx := make([]string, len(names)), make([]int, len(idx))
		for i, j := range c.perm {
			renamed[i], cidx[i] = reduced[j], idx[j]
		}
		if !st.lift(c.node, renamed, cidx, b.String(), level, moves, out) {
			return false
		}
	}
	return true
}

// itoa writes a small level number.
func itoa(k int) string {
	if k < 10 {
		return string(rune('0' + k))
	}
	return itoa(k/10) + string(rune('0'+k%10))
}
