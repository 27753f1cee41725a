package repro

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
)

// lengthClaim checks a statement of Ehrenborg–Steingrímsson 1996, Section 7 on several
// complexes.
func lengthClaim(id, where, statement string, specs []string, check func(ctx context.Context, spec string) (string, bool, error)) Claim {
	return Claim{
		ID: id, Source: es96(where), Statement: statement,
		check: func(ctx context.Context) (string, bool, error) {
			var parts []string
			for _, spec := range specs {
				s, ok, err := check(ctx, spec)
				if err != nil || !ok {
					return spec + ": " + s, false, err
				}
				parts = append(parts, spec+": "+s)
			}
			return strings.Join(parts, "; "), true, nil
		},
	}
}

// lengthHeight keeps the tables of Section 7's checks small.
func lengthHeight(piles int) int {
	if piles <= 4 {
		return 6
	}
	return 4
}

// lengths solves spec up to h and returns its table and the lengths of its
// zero positions (Definition 7.1).
func lengths(ctx context.Context, spec string, box table.Box) (*game.Game, *table.Table, []int32, error) {
	g, err := game.Parse(spec)
	if err != nil {
		return nil, nil, nil, err
	}
	t, err := solve.Gated(ctx, nil, g, box, solve.Options{})
	if err != nil {
		return nil, nil, nil, err
	}
	l, err := solve.Lengths(ctx, t)
	return g, t, l, err
}

// czTables solves Δ up to h and C^z(Δ) with its new pile up to the largest
// length found on Δ.
func czTables(ctx context.Context, spec string) (dt *table.Table, dl []int32, ct *table.Table, cl []int32, err error) {
	g, err := game.Parse(spec)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	h := lengthHeight(g.Piles())
	if _, dt, dl, err = lengths(ctx, spec, table.Uniform(g.Piles(), h)); err != nil {
		return nil, nil, nil, nil, err
	}
	box := append(table.Uniform(g.Piles(), h), int(slices.Max(dl)))
	_, ct, cl, err = lengths(ctx, "cz("+spec+")", box)
	return dt, dl, ct, cl, err
}

func checkProp74(ctx context.Context, spec string) (string, bool, error) {
	dt, dl, ct, _, err := czTables(ctx, spec)
	if err != nil {
		return "", false, err
	}
	n := len(dt.Box)
	q := make(game.Position, n+1)
	for idx := range ct.Box.Positions() {
		ct.Box.Position(idx, q)
		p := q[:n]
		want := dt.IsP(p) && int32(q[n]) == dl[dt.Box.Index(p)]
		if ct.IsP(q) != want {
			return fmt.Sprintf("(%v): the table says P=%v", q, ct.IsP(q)), false, nil
		}
	}
	return fmt.Sprintf("agrees on all %d positions", ct.Box.Positions()), true, nil
}

func checkProp75(ctx context.Context, spec string) (string, bool, error) {
	dt, dl, ct, cl, err := czTables(ctx, spec)
	if err != nil {
		return "", false, err
	}
	count := 0
	for p := range dt.PPositions(ctx) {
		l := dl[dt.Box.Index(p)]
		q := append(slices.Clone(p), int(l))
		if got := cl[ct.Box.Index(q)]; got != l {
			return fmt.Sprintf("(%v) has length %d on Δ but (%v) has length %d on C^z(Δ)", p, l, q, got), false, nil
		}
		count++
	}
	return fmt.Sprintf("agrees on all %d zero positions", count), true, nil
}

func checkProp76(ctx context.Context, spec string) (string, bool, error) {
	g, _ := game.Parse(spec)
	_, t, l, err := lengths(ctx, spec, table.Uniform(g.Piles(), lengthHeight(g.Piles())))
	if err != nil {
		return "", false, err
	}
	circuits, err := g.Complex.Circuits(ctx)
	if err != nil {
		return "", false, err
	}
	points, _ := complex.Points(circuits)
	count := 0
	for p := range t.PPositions(ctx) {
		coefficients := 0
		for _, v := range points {
			coefficients += p[v]
		}
		if got := l[t.Box.Index(p)]; int(got) != coefficients {
			return fmt.Sprintf("(%v) has length %d, coefficients sum to %d", p, got, coefficients), false, nil
		}
		count++
	}
	return fmt.Sprintf("agrees on all %d zero positions", count), true, nil
}

func checkProp77(ctx context.Context, spec string) (string, bool, error) {
	g, _ := game.Parse(spec)
	k := g.Complex.Facets()[0].Len() + 1 // Δ_k: faces have fewer than k vertices
	_, t, l, err := lengths(ctx, spec, table.Uniform(g.Piles(), lengthHeight(g.Piles())))
	if err != nil {
		return "", false, err
	}
	count := 0
	for p := range t.PPositions(ctx) {
		if got := l[t.Box.Index(p)]; int(got)*k != total(p) {
			return fmt.Sprintf("(%v) has length %d, total/%d = %v", p, got, k, float64(total(p))/float64(k)), false, nil
		}
		count++
	}
	return fmt.Sprintf("agrees on all %d zero positions", count), true, nil
}
