package solve

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/table"
	"pgregory.net/rapid"
)

// drawSets draws 1..3 random non-empty sets of piles 1..n, written as a
// spec's facets or hyperedges (1-based piles joined by '-').
func drawSets(t *rapid.T, n int, label string) []string {
	var sets []string
	for range rapid.IntRange(1, 3).Draw(t, label+"s") {
		var vs []string
		s := rapid.IntRange(1, 1<<uint(n)-1).Draw(t, label)
		for v := range n {
			if s>>uint(v)&1 == 1 {
				vs = append(vs, strconv.Itoa(v+1))
			}
		}
		sets = append(sets, strings.Join(vs, "-"))
	}
	return sets
}

// drawConeGame draws a game the cone engine solves on n piles: a rule
// variation of a random complex, NIM_H on a random hypergraph, Exact k-Nim,
// the slow rule on a complex, or a compound of a rule variation with another
// game.
func drawConeGame(t *rapid.T, n int) string {
	facets := drawSets(t, n, "facet")
	for v := range n {
		facets = append(facets, strconv.Itoa(v+1)) // every pile playable somewhere
	}
	complex := "complex:" + strings.Join(facets, ",")
	a := strconv.Itoa(rapid.IntRange(1, 3).Draw(t, "a"))
	switch kind := rapid.IntRange(0, 4).Draw(t, "kind"); kind {
	case 0:
		rule := rapid.SampledFrom([]string{"fixed", "fixedall", "atleast", "total", "exactly"}).Draw(t, "rule")
		return rule + "(" + complex + "; " + a + ")"
	case 1:
		return "wythoff(" + complex + ")"
	case 2:
		if rapid.Bool().Draw(t, "exact") {
			return "exact:" + strconv.Itoa(n) + "," + strconv.Itoa(rapid.IntRange(1, n).Draw(t, "k"))
		}
		all := make([]string, n) // an edge of every pile, so that each appears
		for v := range all {
			all[v] = strconv.Itoa(v + 1)
		}
		return "hyper:" + strings.Join(append(drawSets(t, n, "edge"), strings.Join(all, "-")), ",")
	case 3:
		return "slow(" + complex + ")"
	default:
		if n < 2 {
			return "atleast(nim:1; " + a + ")"
		}
		op := rapid.SampledFrom([]string{" + ", " & "}).Draw(t, "op")
		other := rapid.SampledFrom([]string{"slow:1,1", "nim:1", "fixed(nim:1; 2)"}).Draw(t, "other")
		return "total(moore:" + strconv.Itoa(n-1) + ",2; " + a + ")" + op + other
	}
}

// TestConesMatchReference compares the cone engine with the reference engine,
// outcome and Grundy value at every position, on random rule games and
// boxes (lines of one word and of several), in normal and misère play, with
// one to three workers.
func TestConesMatchReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 4).Draw(t, "n")
		spec := drawConeGame(t, n)
		if rapid.Bool().Draw(t, "misere") {
			spec += game.MisereSuffix
		}
		g, err := game.Parse(spec)
		if err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
		box := make(table.Box, g.Piles())
		for i := range box {
			box[i] = rapid.IntRange(0, 5).Draw(t, "h")
		}
		// Lines of every word width: 8, 16, 32 and 64 bits, and several words.
		if long := rapid.IntRange(0, 6).Draw(t, "long"); long < 2 {
			box[0] = rapid.SampledFrom([]int{8, 15, 16, 31, 32, 63, 64, 100, 140}).Draw(t, "h0")
			for i := 1; i < len(box); i++ {
				box[i] = min(box[i], 2)
			}
		}
		shape, err := coneShapeOf(g, box)
		if err != nil {
			t.Fatalf("%s on %v: the cone engine does not apply: %v", spec, box, err)
		}
		ctx := context.Background()
		grundy := rapid.Bool().Draw(t, "grundy")
		want, err := Reference(ctx, g, box, Options{Grundy: grundy})
		if err != nil {
			t.Fatal(err)
		}
		got, err := conesSolve(ctx, g, box, shape, Options{Grundy: grundy, Workers: rapid.IntRange(1, 3).Draw(t, "workers")})
		if err != nil {
			t.Fatal(err)
		}
		p := make(game.Position, len(box))
		for idx := range box.Positions() {
			box.Position(idx, p)
			if got.IsP(p) != want.IsP(p) {
				t.Fatalf("%s on %v at %v: cones say P %v, the reference %v", spec, box, p, got.IsP(p), want.IsP(p))
			}
			if grundy && got.GrundyOf(p) != want.GrundyOf(p) {
				t.Fatalf("%s on %v at %v: cones say Grundy value %d, the reference %d", spec, box, p, got.GrundyOf(p), want.GrundyOf(p))
			}
		}
	})
}
