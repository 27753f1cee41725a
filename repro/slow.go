package repro

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/literature"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
	"github.com/nimlab/nimlab/theory"
)

// The copy of Gurvich–Martynov–Maximchuk–Vyalyi 2023 that nimlab was checked
// against lost its formulas; docs/references.md says what is known for sure,
// and the claims below are those facts and the examples whose numbers
// survived.

// remotenessTable solves spec with every pile up to h, with remoteness.
func remotenessTable(ctx context.Context, spec string, h int) (*game.Game, *table.Table, error) {
	g, err := game.Parse(spec)
	if err != nil {
		return nil, nil, err
	}
	t, err := solve.Gated(ctx, nil, g, table.Uniform(g.Piles(), h), solve.Options{Grundy: true, Remoteness: true})
	return g, t, err
}

// slowGames lists NIM(n,k) for n = 2..5 with heights that keep the tables small.
func slowGames() []theory.Example {
	var out []theory.Example
	for n := 2; n <= 5; n++ {
		for k := 1; k <= n; k++ {
			out = append(out, theory.Example{Spec: fmt.Sprintf("slow:%d,%d", n, k), Max: []int{0, 0, 14, 12, 9, 7}[n]})
		}
	}
	return out
}

// everyPosition checks f at every position of each game's box and stops at
// the first failure; it returns the number of positions where f applied.
func everyPosition(ctx context.Context, games []theory.Example, f func(g *game.Game, t *table.Table, p game.Position) (applies, holds bool)) (string, bool, error) {
	var count int64
	for _, ex := range games {
		g, t, err := remotenessTable(ctx, ex.Spec, ex.Max)
		if err != nil {
			return "", false, err
		}
		p := make(game.Position, g.Piles())
		for idx := range t.Box.Positions() {
			t.Box.Position(idx, p)
			applies, holds := f(g, t, p)
			if !applies {
				continue
			}
			count++
			if !holds {
				return fmt.Sprintf("fails in %s at (%v)", ex.Spec, p), false, nil
			}
		}
	}
	names := make([]string, len(games))
	for i, ex := range games {
		names[i] = fmt.Sprintf("%s<=%d", ex.Spec, ex.Max)
	}
	return fmt.Sprintf("holds at all %d positions it applies to in %s", count, strings.Join(names, ", ")), true, nil
}

// slowClaims lists the claims on Slow Nim. It is long because it is a table
// of data, one claim a row, not logic to split.
func slowClaims() []Claim {
	hypergraphs := append(slowGames(), theory.Example{Spec: "slow(cn:6,3)", Max: 4}, theory.Example{Spec: "slowset:5,{2,4}", Max: 6},
		theory.Example{Spec: "slow(complex:1-2-3,3-4)", Max: 7}, theory.Example{Spec: "slowle:4,2", Max: 8})
	odd := func(p game.Position) int {
		c := 0
		for _, v := range p {
			c += v % 2
		}
		return c
	}
	return []Claim{
		{
			ID: "gurvich-martynov-maximchuk-vyalyi-2023/even-positions-p", Source: gmmv("Section 1.1"),
			Statement: "a position whose piles are all even is a P-position (the second player copies every move), in NIM(n,k) and in the slow game on any hypergraph",
			check: func(ctx context.Context) (string, bool, error) {
				return everyPosition(ctx, hypergraphs, func(_ *game.Game, t *table.Table, p game.Position) (bool, bool) {
					return odd(p) == 0, t.IsP(p)
				})
			},
		},
		{
			ID: "gurvich-martynov-maximchuk-vyalyi-2023/k-odd-piles-n", Source: gmmv("Section 1.1"),
			Statement: "in NIM(n,k) a position with exactly k odd piles is an N-position",
			check: func(ctx context.Context) (string, bool, error) {
				return everyPosition(ctx, slowGames(), func(g *game.Game, t *table.Table, p game.Position) (bool, bool) {
					return odd(p) == g.MoveSizes()[0], !t.IsP(p)
				})
			},
		},
		{
			ID: "gurvich-martynov-maximchuk-vyalyi-2023/sum-mod-k", Source: gmmv("Section 1.7 (the game splits into disjoint subgames)"),
			Statement: "every move of NIM(n,k) lowers the total by exactly k, so the total mod k never changes and the game splits into k independent classes",
			check: func(ctx context.Context) (string, bool, error) {
				return everyPosition(ctx, slowGames(), func(g *game.Game, _ *table.Table, p game.Position) (bool, bool) {
					tokens, k := total(p), g.MoveSizes()[0]
					for q := range g.Options(p) {
						if total(q) != tokens-k {
							return true, false
						}
					}
					return true, true
				})
			},
		},
		{
			ID: "gurvich-martynov-maximchuk-vyalyi-2023/trivial-k1-kn", Source: gmmv("Section 1.1"),
			Statement: "NIM(n,k) is trivial for k = 1 and k = n: it ends after sum(x) resp. min(x) moves whatever the players do",
			check: func(ctx context.Context) (string, bool, error) {
				var games []theory.Example
				for _, ex := range slowGames() {
					if g, _ := game.Parse(ex.Spec); g.MoveSizes()[0] == 1 || g.MoveSizes()[0] == g.Piles() {
						games = append(games, ex)
					}
				}
				return everyPosition(ctx, games, func(g *game.Game, t *table.Table, p game.Position) (bool, bool) {
					want := total(p)
					if g.MoveSizes()[0] == g.Piles() {
						want = slices.Min(p)
					}
					// Every play-out has the same length exactly when the
					// fastest (remoteness) and every other are that length:
					// check the remoteness and that every option lowers it by one.
					for q := range g.Options(p) {
						if t.RemotenessOf(q) != want-1 {
							return true, false
						}
					}
					return true, t.RemotenessOf(p) == want
				})
			},
		},
		{
			ID: "gurvich-martynov-maximchuk-vyalyi-2023/mrule-optimal", Source: gmmv("Sections 1.2 (the M-rule) and 1.6"),
			Statement: "in NIM(n,n-1) the M-rule is optimal for both players: the M-play-out from x has R(x) moves (Smith's remoteness)",
			check: func(ctx context.Context) (string, bool, error) {
				var parts []string
				for _, ex := range []theory.Example{{Spec: "slow:2,1", Max: 60}, {Spec: "slow:3,2", Max: 40}, {Spec: "slow:4,3", Max: 20}, {Spec: "slow:5,4", Max: 14}, {Spec: "slow:6,5", Max: 9}} {
					g, t, err := remotenessTable(ctx, ex.Spec, ex.Max)
					if err != nil {
						return "", false, err
					}
					r, err := check.Strategy(ctx, g, t, theory.MMove, 1)
					if err != nil {
						return "", false, err
					}
					if !r.Optimal() {
						e := r.Examples[0]
						return fmt.Sprintf("%s: the M-move from (%v) to (%v) takes R from %d to %d", ex.Spec, e.Position, e.Move, e.Remoteness, e.MoveRemoteness), false, nil
					}
					parts = append(parts, fmt.Sprintf("%s<=%d: %d sorted positions", ex.Spec, ex.Max, r.States-r.Terminal))
				}
				return "each M-move lowers R by exactly 1 at every non-terminal position: " + strings.Join(parts, ", "), true, nil
			},
		},
		{
			ID: "gurvich-martynov-maximchuk-vyalyi-2023/example-112-113", Source: gmmv("Section 1.2"),
			Statement: "in NIM(3,2), at (1,1,2) and (1,1,3) the M-move (reducing 1,1 to 0,0) is the unique winning move; the moves to (0,1,1) and (0,1,2) lose",
			check: func(ctx context.Context) (string, bool, error) {
				g, t, err := remotenessTable(ctx, "slow:3,2", 3)
				if err != nil {
					return "", false, err
				}
				var parts []string
				ok := !t.IsP(game.Position{0, 1, 1}) && !t.IsP(game.Position{0, 1, 2})
				for _, p := range []game.Position{{1, 1, 2}, {1, 1, 3}} {
					var wins []string
					for q := range g.Options(p) {
						if t.IsP(q) {
							wins = append(wins, "("+q.String()+")")
						}
					}
					m := theory.MMove(p)
					ok = ok && len(wins) == 1 && wins[0] == "("+m.String()+")"
					parts = append(parts, fmt.Sprintf("(%v): winning moves %s, M-move (%v)", p, strings.Join(wins, " "), m))
				}
				return strings.Join(parts, "; ") + fmt.Sprintf("; (0,1,1) and (0,1,2) N: %v", !t.IsP(game.Position{0, 1, 1}) && !t.IsP(game.Position{0, 1, 2})), ok, nil
			},
		},
		{
			ID: "gurvich-martynov-maximchuk-vyalyi-2023/example-111-333", Source: gmmv("Section 1.2"),
			Statement: "in NIM(3,2), (1,1,1) is an N-position and (3,3,3) a P-position (both odd; the M-play-outs were printed but lost)",
			check: func(ctx context.Context) (string, bool, error) {
				_, t, err := remotenessTable(ctx, "slow:3,2", 3)
				if err != nil {
					return "", false, err
				}
				var parts []string
				for _, p := range []game.Position{{1, 1, 1}, {3, 3, 3}} {
					seq := []string{"(" + p.String() + ")"}
					for q := theory.MMove(p); q != nil; q = theory.MMove(q) {
						seq = append(seq, "("+q.String()+")")
					}
					parts = append(parts, fmt.Sprintf("(%v) R=%d, M-play-out %s", p, t.RemotenessOf(p), strings.Join(seq, " -> ")))
				}
				return strings.Join(parts, "; "), !t.IsP(game.Position{1, 1, 1}) && t.IsP(game.Position{3, 3, 3}), nil
			},
		},
		{
			ID: "gurvich-martynov-maximchuk-vyalyi-2023/smith-compounds", Source: literature.Of(literature.GurvichMartynovMaximchukVyalyi2023, "Section 1.4", literature.Smith1966, ""),
			Statement: "the Grundy value of a disjunctive compound is the xor of the parts' values; the remoteness of a conjunctive compound is the minimum of the parts' remoteness",
			check: func(ctx context.Context) (string, bool, error) {
				const h = 3
				_, a, err := remotenessTable(ctx, "cn:4,2", h)
				if err != nil {
					return "", false, err
				}
				_, b, err := remotenessTable(ctx, "slow:3,2", h)
				if err != nil {
					return "", false, err
				}
				var parts []string
				for _, op := range []string{"+", "&"} {
					g, t, err := remotenessTable(ctx, "cn:4,2"+op+"slow:3,2", h)
					if err != nil {
						return "", false, err
					}
					p := make(game.Position, g.Piles())
					for idx := range t.Box.Positions() {
						t.Box.Position(idx, p)
						pa, pb := p[:4], p[4:]
						if op == "+" && t.GrundyOf(p) != a.GrundyOf(pa)^b.GrundyOf(pb) ||
							op == "&" && t.RemotenessOf(p) != min(a.RemotenessOf(pa), b.RemotenessOf(pb)) {
							return fmt.Sprintf("%s fails at (%v)", g.Spec, p), false, nil
						}
					}
					parts = append(parts, fmt.Sprintf("%s: all %d positions", g.Spec, t.Box.Positions()))
				}
				return "holds on the product game, piles <= 3: " + strings.Join(parts, "; "), true, nil
			},
		},
	}
}
