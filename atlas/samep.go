package atlas

import (
	"context"
	"fmt"
	"hash/fnv"
	"slices"

	"github.com/nimlab/nimlab/table"
)

// variation is a rule variation of Circular Nim the family rules:A..B
// surveys (Dufour–Heubach 2013, Section 6, question 4): its name and the
// template of its spec on a game A ("%s").
type variation struct{ Name, Template string }

// variations are the variations of the family rules:A..B, in the order of
// the family: the take rule itself, fixed 1, fixedall 1, atleast 1, total 2,
// exactly 2 and wythoff.
var variations = []variation{
	{"take", "%s"}, {"fixed 1", "fixed(%s; 1)"}, {"fixedall 1", "fixedall(%s; 1)"}, {"atleast 1", "atleast(%s; 1)"},
	{"total 2", "total(%s; 2)"}, {"exactly 2", "exactly(%s; 2)"}, {"wythoff", "wythoff(%s)"},
}

// pHash hashes the P-positions of t (64-bit FNV-1a over their indices in
// table order), as Row.PHash writes it: equal P-sets on the same box hash
// equal; different ones collide with odds of about 2^-64, so a report
// calls games the same only with that caveat.
func pHash(ctx context.Context, t *table.Table) (string, error) {
	h := fnv.New64a()
	var buf [8]byte
	for p := range t.PPositions(ctx) {
		idx := t.Box.Index(p)
		for i := range buf {
			buf[i] = byte(idx >> (8 * i))
		}
		h.Write(buf[:])
	}
	return fmt.Sprintf("%016x", h.Sum64()), ctx.Err()
}

// SameP groups the rows with exactly the same P-positions on the same box:
// the same height and number of positions, and the same PHash. Each group
// lists two or more indices into rows, in order; the groups come in the
// order of their first row. Rows without a PHash (from journals written
// before it) are in no group.
func SameP(rows []Row) [][]int {
	type key struct {
		max       int
		positions int64
		hash      string
	}
	byKey := map[key]int{} // the group of each key
	var groups [][]int
	for i, r := range rows {
		if r.PHash == "" {
			continue
		}
		k := key{r.Max, r.Positions, r.PHash}
		g, ok := byKey[k]
		if !ok {
			g = len(groups)
			byKey[k] = g
			groups = append(groups, nil)
		}
		groups[g] = append(groups[g], i)
	}
	return slices.DeleteFunc(groups, func(g []int) bool { return len(g) < 2 })
}

// sameAs is, for each row, the games of the other rows of its SameP group.
func sameAs(rows []Row) [][]string {
	same := make([][]string, len(rows))
	for _, g := range SameP(rows) {
		for _, i := range g {
			for _, j := range g {
				if j != i {
					same[i] = append(same[i], rows[j].Game)
				}
			}
		}
	}
	return same
}
