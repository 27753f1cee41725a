package repro

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/solve"
)

// inS1 is the set S1 of Lemma 3.1 of Dufour–Heubach–Vo 2021 for CN(2l+1, l+1):
// (x, 0 (l-1 times), x, a_1, ..., a_l) with a_1 + ... + a_l = x.
func inS1(l int) func(game.Position) bool {
	return func(p game.Position) bool {
		x := p[0]
		if p[l] != x || slices.Max(append(game.Position{0}, p[1:l]...)) != 0 {
			return false
		}
		return total(p[l+1:]) == x
	}
}

// compareS1 solves CN(2l+1, l+1) up to h and returns how many positions are
// in S1 (up to rotation and reflection), the first position in S1 that is
// N, and, when exact, the first P-position outside S1.
func compareS1(ctx context.Context, l, h int, exact bool) (int, game.Position, error) {
	n := 2*l + 1
	_, t, err := solved(ctx, fmt.Sprintf("cn:%d,%d", n, l+1), h)
	if err != nil {
		return 0, nil, err
	}
	perms, in := dihedral(n), inS1(l)
	p := make(game.Position, n)
	members := 0
	for idx := range t.Box.Positions() {
		t.Box.Position(idx, p)
		member := inOrbit(perms, p, in)
		if member {
			members++
		}
		if member && !t.IsP(p) || exact && !member && t.IsP(p) {
			return members, p, nil
		}
	}
	return members, nil, nil
}

func cn74Claims() []Claim {
	heights := map[int]int{1: 12, 2: 8, 3: 5, 4: 3}
	return []Claim{
		{
			ID: "dufour-heubach-vo-2021/lemma3.1", Source: dhv21("Lemma 3.1"),
			Statement: "in CN(2l+1, l+1) every rotation or reflection of a position in S1 is a P-position",
			check: func(ctx context.Context) (string, bool, error) {
				var parts []string
				for l := 1; l <= 4; l++ {
					members, bad, err := compareS1(ctx, l, heights[l], false)
					if err != nil || bad != nil {
						return fmt.Sprintf("CN(%d,%d): (%v) is in S1 but N", 2*l+1, l+1, bad), false, err
					}
					parts = append(parts, fmt.Sprintf("CN(%d,%d): all %d up to %d are P", 2*l+1, l+1, members, heights[l]))
				}
				return strings.Join(parts, "; "), true, nil
			},
		},
		{
			ID: "dufour-heubach-vo-2021/S1-small", Source: dhv21("after Lemma 3.1"),
			Statement: "for CN(3,2) and CN(5,3) the P-positions are exactly S1 (up to rotation and reflection)",
			check: func(ctx context.Context) (string, bool, error) {
				for l := 1; l <= 2; l++ {
					if _, bad, err := compareS1(ctx, l, heights[l], true); err != nil || bad != nil {
						return fmt.Sprintf("CN(%d,%d): (%v) differs", 2*l+1, l+1, bad), false, err
					}
				}
				return fmt.Sprintf("equal on all positions up to %d and %d", heights[1], heights[2]), true, nil
			},
		},
		{
			ID: "dufour-heubach-vo-2021/cn95-twos", Source: dhv21("end of Section 3"),
			Statement: "(2,2,2,2,2,2,2,2,2) is an N-position of CN(9,5), so S2 does not generalize",
			check: func(ctx context.Context) (string, bool, error) {
				g, err := game.Parse("cn:9,5")
				if err != nil {
					return "", false, err
				}
				p := game.Position{2, 2, 2, 2, 2, 2, 2, 2, 2}
				r, err := solve.Analyze(ctx, g, p, solve.Options{})
				if err != nil {
					return "", false, err
				}
				if r.Outcome != "N" {
					return "it is a P-position", false, nil
				}
				return fmt.Sprintf("N: e.g. the move to (%v), one of %d winning moves", r.WinningMoves[0], len(r.WinningMoves)), true, nil
			},
		},
	}
}
