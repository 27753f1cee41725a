// Package explore surveys the rule variations of Circular Nim
// (Dufour–Heubach 2013, Section 6, question 4): for every CN(n,k)
// up to a size and every rule (the take rule itself, fixed, fixedall,
// atleast, total, exactly, wythoff), it solves the game on a box and reports
// the P-positions' count, which closure properties hold in the box, and which
// games of the survey have exactly the same P-positions there.
//
// Equal P-positions on a box are evidence, not proof, that two games share
// their P-positions; the report says so and gives the box.
package explore

import (
	"context"
	"fmt"
	"hash/fnv"
	"slices"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
)

// Variation is a rule variation surveyed: its name and the template of its
// spec on a game A ("%s").
type Variation struct{ Name, Template string }

// Variations returns the variations surveyed (a fresh slice each call).
func Variations() []Variation { return slices.Clone(variations) }

// variations is what Variations returns a copy of.
var variations = []Variation{
	{"take", "%s"}, {"fixed 1", "fixed(%s; 1)"}, {"fixedall 1", "fixedall(%s; 1)"}, {"atleast 1", "atleast(%s; 1)"},
	{"total 2", "total(%s; 2)"}, {"exactly 2", "exactly(%s; 2)"}, {"wythoff", "wythoff(%s)"},
}

// MaxPositions bounds the box of one game of the survey.
const MaxPositions = 5_000_000

// Row is what the survey found about one game.
type Row struct {
	Spec       string `json:"spec"`
	Rule       string `json:"rule"`
	N          int    `json:"n"`
	K          int    `json:"k"`
	Max        int    `json:"max"`
	PPositions int64  `json:"p_positions"`
	// Properties lists the closure properties that hold in the box
	// (check.Properties: addition, plus-ones, doubling, multiples-of-ones).
	Properties []string `json:"properties"`
	// SameAs lists the other games of the survey with the same P-positions
	// in the same box.
	SameAs []string `json:"same_as"`
}

// Survey solves every rule variation of CN(n,k) for 3 <= n <= maxN and
// 1 <= k <= n, with every pile 0..h (lowered for a game whose box would pass
// MaxPositions), and returns one row per game. progress, when not nil, is
// told each game as it starts.
func Survey(ctx context.Context, maxN, h int, progress func(spec string)) ([]Row, error) {
	var rows []Row
	prints := map[string][]int{} // box and P-set fingerprint -> rows
	for n := 3; n <= maxN; n++ {
		height := h
		for height > 0 && table.Uniform(n, height).Positions() > MaxPositions {
			height--
		}
		box := table.Uniform(n, height)
		for k := 1; k <= n; k++ {
			for _, v := range variations {
				spec := fmt.Sprintf(v.Template, fmt.Sprintf("cn:%d,%d", n, k))
				if progress != nil {
					progress(spec)
				}
				g, err := game.Parse(spec)
				if err != nil {
					return nil, err
				}
				t, err := solve.Table(ctx, g, box, solve.Options{})
				if err != nil {
					return nil, fmt.Errorf("%s: %w", spec, err)
				}
				props, err := check.Properties(ctx, t)
				if err != nil {
					return nil, err
				}
				r := Row{Spec: g.Spec, Rule: v.Name, N: n, K: k, Max: height, PPositions: t.CountP(), Properties: []string{}, SameAs: []string{}}
				for _, p := range props {
					if p.Holds && p.Checked > 0 {
						r.Properties = append(r.Properties, p.Name)
					}
				}
				key := fmt.Sprintf("%v|%x", box, fingerprint(ctx, t))
				prints[key] = append(prints[key], len(rows))
				rows = append(rows, r)
			}
		}
	}
	for _, group := range prints {
		for _, i := range group {
			for _, j := range group {
				if i != j {
					rows[i].SameAs = append(rows[i].SameAs, rows[j].Spec)
				}
			}
		}
	}
	return rows, ctx.Err()
}

// fingerprint hashes the P-positions of t (64-bit FNV over their indices in
// order): equal P-sets hash equal; different ones collide with odds of about
// 2^-64, so the report calls them the same only with that caveat.
func fingerprint(ctx context.Context, t *table.Table) uint64 {
	h := fnv.New64a()
	var buf [8]byte
	for p := range t.PPositions(ctx) {
		idx := t.Box.Index(p)
		for i := range buf {
			buf[i] = byte(idx >> (8 * i))
		}
		h.Write(buf[:])
	}
	return h.Sum64()
}
