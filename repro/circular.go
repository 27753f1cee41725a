package repro

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/literature"
)

// table2 is Table 2 of Dufour–Heubach 2013 as printed: the possible circuit sizes of
// CN(n,k) for k = 2..min(n-1, 10), n = 3..10 and 15.
var table2 = map[int][]string{
	3:  {"3"},
	4:  {"2", "4"},
	5:  {"2", "3", "5"},
	6:  {"2", "2 3", "3 4", "6"},
	7:  {"2", "2", "3", "4", "7"},
	8:  {"2", "2", "2 3", "3 4", "4 5", "8"},
	9:  {"2", "2", "2 3", "3", "3 4", "5 6", "9"},
	10: {"2", "2", "2", "2 3", "3 4", "4 5", "5 6", "10"},
	15: {"2", "2", "2", "2", "2 3", "2 3", "3", "3 4", "3 4 5"},
}

// circularNimClaims lists the claims on Circular Nim. It is long because it
// is a table of data, one claim a row, not logic to split.
func circularNimClaims() []Claim {
	return []Claim{
		{
			ID: "dufour-heubach-2013/table2", Source: dh13("Table 2"),
			Statement: "the possible circuit sizes of CN(n,k) (n = 3..10 and 15) are as printed",
			check: func(ctx context.Context) (string, bool, error) {
				entries, differ := 0, []string{}
				for n := 3; n <= 15; n++ {
					for i, printed := range table2[n] {
						k := i + 2
						c, _ := complex.Cycle(n, k)
						circuits, err := c.Circuits(ctx)
						if err != nil {
							return "", false, err
						}
						var got []int
						for _, ci := range circuits {
							if !slices.Contains(got, ci.Len()) {
								got = append(got, ci.Len())
							}
						}
						slices.Sort(got)
						entries++
						if s := strings.Trim(fmt.Sprint(got), "[]"); s != printed {
							differ = append(differ, fmt.Sprintf("CN(%d,%d): printed {%s}, computed {%s}", n, k, printed, s))
						}
					}
				}
				if len(differ) > 0 {
					return strings.Join(differ, "; "), false, nil
				}
				return fmt.Sprintf("all %d entries agree with the circuits computed from the facets", entries), true, nil
			},
		},
		{
			ID: "dufour-heubach-2013/thm5.7-5.8", Source: dh13("Theorems 5.7 and 5.8"),
			Statement: "the circuits of CN(n,k) are the sets meeting the distance conditions, with the sizes of Theorem 5.8",
			check: func(ctx context.Context) (string, bool, error) {
				checked := 0
				for n := 3; n <= 12; n++ {
					for k := 2; k < n; k++ {
						c, _ := complex.Cycle(n, k)
						circuits, err := c.Circuits(ctx)
						if err != nil {
							return "", false, err
						}
						var sizes []int
						for _, ci := range circuits {
							if !complex.IsCycleCircuit(n, k, ci) {
								return fmt.Sprintf("CN(%d,%d): circuit %v fails the distance conditions", n, k, ci), false, nil
							}
							sizes = append(sizes, ci.Len())
						}
						count := 0
						for s := complex.Set(1); s < complex.Set(1)<<uint(n); s++ {
							if complex.IsCycleCircuit(n, k, s) {
								count++
							}
						}
						slices.Sort(sizes)
						if count != len(sizes) || !slices.Equal(slices.Compact(sizes), complex.CycleCircuitSizes(n, k)) {
							return fmt.Sprintf("CN(%d,%d): %d sets meet the conditions, %d circuits of sizes %v", n, k, count, len(sizes), sizes), false, nil
						}
						checked++
					}
				}
				return fmt.Sprintf("agree for all %d games CN(n,k), 3 <= n <= 12, 2 <= k < n", checked), true, nil
			},
		},
		winningMoveClaim("dufour-heubach-2013/thm2.2-example", dh13("proof of Theorem 2.2"),
			"in CN(4,2), (3,5,4,2) -> (3,2,3,2) is a winning move", "cn:4,2",
			game.Position{3, 5, 4, 2}, []game.Position{{3, 2, 3, 2}}),
		winningMoveClaim("dufour-heubach-2013/remark3.4", dh13("Remark 3.4"),
			"in CN(6,3), from (10,9,5,8,4,3) the moves to (5+l, 7-l, l, 8, 4, 3), l = 0..5, are winning", "cn:6,3",
			game.Position{10, 9, 5, 8, 4, 3}, family(6, func(l int) game.Position { return game.Position{5 + l, 7 - l, l, 8, 4, 3} })),
		winningMoveClaim("dufour-heubach-2013/example4.9", dh13("Example 4.9"),
			"in CN(8,6), from (4,12,11,9,10,16,1,17) the moves to (m-12, 12, 11, 2m-23, 23-m, m, 0, m), m = 13..16, are winning", "cn:8,6",
			game.Position{4, 12, 11, 9, 10, 16, 1, 17}, family(4, func(i int) game.Position {
				m := 13 + i
				return game.Position{m - 12, 12, 11, 2*m - 23, 23 - m, m, 0, m}
			})),
		lemmaClaim("dufour-heubach-2013/lemma-coverage/arrangements", "there are 7!/2 = 2520 arrangements of the relative sizes of 8 stacks around the circle, and the four lemmas together cover all of them",
			func(c coverage) (string, bool) {
				return fmt.Sprintf("%d arrangements; %d covered by Lemmas 4.5, 4.6, 4.7 or 4.10", c.arrangements, c.union), c.arrangements == 2520 && c.union == 2520
			}),
		lemmaClaim("dufour-heubach-2013/lemma-coverage/4.5", "Lemma 4.5 (trapezoid) covers 2248 of the 2520 arrangements",
			func(c coverage) (string, bool) {
				return fmt.Sprintf("Lemma 4.5 covers %d", c.lemma[0]), c.lemma[0] == 2248
			}),
		lemmaClaim("dufour-heubach-2013/lemma-coverage/4.10", "Lemma 4.10 (clean-up) covers 62 arrangements",
			func(c coverage) (string, bool) {
				return fmt.Sprintf("Lemma 4.10 covers %d", c.lemma[3]), c.lemma[3] == 62
			}),
		lemmaClaim("dufour-heubach-2013/lemma-coverage/rest", "42 arrangements are covered by none of Lemmas 4.5, 4.6, 4.7",
			func(c coverage) (string, bool) {
				return fmt.Sprintf("%d are covered by none of them (Lemma 4.6 covers %d, Lemma 4.7 covers %d)", c.rest, c.lemma[1], c.lemma[2]), c.rest == 42
			}),
		{
			ID: "dufour-heubach-2013/section6-cn2m-m", Source: dh13("Section 6, question 1 (Figure 11)"),
			Statement: "the conjecture that the P-positions of CN(2m,m) are those where diagonally opposite pairs of adjacent stacks have equal sums has a counterexample",
			check: func(ctx context.Context) (string, bool, error) {
				var found []string
				for m := 2; m <= 4; m++ {
					h := map[int]int{2: 12, 3: 6, 4: 3}[m]
					_, t, err := solved(ctx, fmt.Sprintf("cn:%d,%d", 2*m, m), h)
					if err != nil {
						return "", false, err
					}
					p := make(game.Position, 2*m)
					var bad []game.Position
					for idx := range t.Box.Positions() {
						t.Box.Position(idx, p)
						if diagonalSums(p, m) != t.IsP(p) {
							bad = append(bad, slices.Clone(p))
						}
					}
					slices.SortStableFunc(bad, func(a, b game.Position) int { return total(a) - total(b) })
					if len(bad) == 0 {
						found = append(found, fmt.Sprintf("CN(%d,%d): holds up to %d", 2*m, m, h))
						continue
					}
					p = bad[0]
					what := "P but the sums differ"
					if diagonalSums(p, m) {
						what = "N although the sums agree"
					}
					found = append(found, fmt.Sprintf("CN(%d,%d): counterexample (%v) is %s (%d disagreements up to %d)", 2*m, m, p, what, len(bad), h))
					return strings.Join(found, "; "), true, nil
				}
				return strings.Join(found, "; "), false, nil
			},
		},
		{
			ID: "dufour-heubach-2013/section6-cn7k-zero", Source: dh13("Section 6, question 2"),
			Statement: "the losing positions of CN(7,k) for k = 3, 4, 5 seem to always have an empty stack",
			check: func(ctx context.Context) (string, bool, error) {
				var parts []string
				agrees := true
				for k := 3; k <= 5; k++ {
					_, t, err := solved(ctx, fmt.Sprintf("cn:7,%d", k), 5)
					if err != nil {
						return "", false, err
					}
					ps, count := firstP(t, func(p game.Position) bool { return slices.Min(p) > 0 }, 3)
					if count == 0 {
						parts = append(parts, fmt.Sprintf("CN(7,%d): every P-position up to 5 has an empty stack", k))
						continue
					}
					agrees = false
					parts = append(parts, fmt.Sprintf("CN(7,%d): %d P-positions up to 5 have no empty stack, e.g. %s", k, count, positions(ps)))
				}
				return strings.Join(parts, "; "), agrees, nil
			},
		},
	}
}

// diagonalSums: p_i + p_{i+1} = p_{i+m} + p_{i+m+1} for every i (Figure 11).
func diagonalSums(p game.Position, m int) bool {
	n := len(p)
	for i := range n {
		if p[i]+p[(i+1)%n] != p[(i+m)%n]+p[(i+m+1)%n] {
			return false
		}
	}
	return true
}

func family(count int, f func(int) game.Position) []game.Position {
	out := make([]game.Position, count)
	for i := range out {
		out[i] = f(i)
	}
	return out
}

// winningMoveClaim checks that every move p -> q listed is legal and lands
// on a P-position, by the table of the positions below p.
func winningMoveClaim(id string, source literature.Citations, statement, spec string, p game.Position, qs []game.Position) Claim {
	return Claim{
		ID: id, Source: source, Statement: statement,
		check: func(ctx context.Context) (string, bool, error) {
			for _, q := range qs {
				ok, err := isWinningMove(ctx, spec, p, q)
				if err != nil || !ok {
					return fmt.Sprintf("(%v) -> (%v) is not a legal move to a P-position", p, q), false, err
				}
			}
			return fmt.Sprintf("all %d moves are legal and reach P-positions", len(qs)), true, nil
		},
	}
}

// coverage counts the arrangements of the proof of Theorem 4.1.
type coverage struct {
	arrangements, union, rest int
	lemma                     [4]int // Lemmas 4.5, 4.6, 4.7, 4.10
}

// lemmaConditions are the order conditions of Lemmas 4.5, 4.6, 4.7 and 4.10
// of Dufour–Heubach 2013 on the stacks (a,...,h); sizes are distinct ranks here.
var lemmaConditions = [4]func(a, b, c, d, e, f, g, h int) bool{
	func(a, b, c, d, e, f, g, h int) bool { return max(a, h) <= min(f, c) },
	func(a, b, c, d, e, f, g, h int) bool { return a <= min(d, f) && b <= min(a, g) },
	func(a, b, c, d, e, f, g, h int) bool { return a <= min(e, g) && b <= min(a, d) },
	func(a, b, c, d, e, f, g, h int) bool {
		return f >= min(b, h) && min(b, h) >= max(d, e) && f >= c && c >= e && e >= g && d >= g && a <= min(c, d)
	},
}

// countCoverage goes through all 8! orderings of the stacks' sizes; an
// arrangement is an ordering up to rotation and reflection (8!/16 = 2520),
// and a lemma covers it when some rotation or reflection satisfies the
// lemma's conditions.
func countCoverage() coverage {
	perms := dihedral(8)
	covered := map[string]*[4]bool{}
	q := make([]int, 8)
	for _, rank := range complex.Permutations(8) { // rank[i]: the size order of stack i
		canon := ""
		for _, perm := range perms {
			for j, k := range perm {
				q[j] = rank[k]
			}
			if s := fmt.Sprint(q); canon == "" || s < canon {
				canon = s
			}
		}
		cov := covered[canon]
		if cov == nil {
			cov = new([4]bool)
			covered[canon] = cov
		}
		for l, cond := range lemmaConditions {
			if cond(rank[0], rank[1], rank[2], rank[3], rank[4], rank[5], rank[6], rank[7]) {
				cov[l] = true
			}
		}
	}
	var c coverage
	c.arrangements = len(covered)
	for _, cov := range covered {
		for l := range cov {
			if cov[l] {
				c.lemma[l]++
			}
		}
		if cov[0] || cov[1] || cov[2] || cov[3] {
			c.union++
		}
		if !cov[0] && !cov[1] && !cov[2] {
			c.rest++
		}
	}
	return c
}

var coverageOnce = sync.OnceValue(countCoverage)

func lemmaClaim(id, statement string, judge func(coverage) (string, bool)) Claim {
	return Claim{
		ID: id, Source: dh13("proof of Theorem 4.1 (Lemmas 4.5, 4.6, 4.7, 4.10)"), Statement: statement,
		check: func(context.Context) (string, bool, error) {
			computed, agrees := judge(coverageOnce())
			return computed, agrees, nil
		},
	}
}
