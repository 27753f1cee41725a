// Package repro re-derives the checkable numeric claims and examples of the
// papers nimlab is built from (docs/references.md) with nimlab's engines:
// each Claim states what a paper
// says, where, and how nimlab checks it; Check computes and compares. Where
// the computation and a paper disagree the result says so; nothing here is
// adjusted to match a paper.
package repro

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/literature"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
	"github.com/nimlab/nimlab/theory"
)

// Claim is one statement of a paper that nimlab can check.
type Claim struct {
	// ID names the claim after the reference stating it, e.g.
	// "dufour-heubach-2013/table2", or after the theorem it checks, e.g.
	// "theorem/cn63/cn:6,3".
	ID string
	// Source cites the papers and where the claim is stated.
	Source literature.Citations
	// Statement says what the paper claims.
	Statement string
	check     func(ctx context.Context) (computed string, agrees bool, err error)
}

// dh13, es96, gmmv and dhv21 cite a place in the four papers nimlab is
// built from.
func dh13(where string) literature.Citations {
	return literature.Of(literature.DufourHeubach2013, where)
}

func es96(where string) literature.Citations {
	return literature.Of(literature.EhrenborgSteingrimsson1996, where)
}

func gmmv(where string) literature.Citations {
	return literature.Of(literature.GurvichMartynovMaximchukVyalyi2023, where)
}

func dhv21(where string) literature.Citations {
	return literature.Of(literature.DufourHeubachVo2021, where)
}

// claimJSON is the JSON form of a claim and, with Computed and Agrees, of a
// result: the citations rendered ("source") and structured ("references").
type claimJSON struct {
	ID         string               `json:"id"`
	Source     string               `json:"source"`
	References literature.Citations `json:"references"`
	Statement  string               `json:"claim"`
	Computed   *string              `json:"computed,omitempty"`
	Agrees     *bool                `json:"agrees,omitempty"`
}

// MarshalJSON writes the claim's id, its citations as text ("source") and as
// structured references ("references"), and its statement ("claim").
func (c Claim) MarshalJSON() ([]byte, error) {
	return json.Marshal(claimJSON{ID: c.ID, Source: c.Source.String(), References: c.Source, Statement: c.Statement})
}

// Result is a checked claim.
type Result struct {
	Claim
	// Computed says what nimlab found.
	Computed string `json:"computed"`
	// Agrees is false when the computation contradicts the claim.
	Agrees bool `json:"agrees"`
}

// MarshalJSON writes the claim as Claim.MarshalJSON does, with "computed"
// and "agrees".
func (r Result) MarshalJSON() ([]byte, error) {
	return json.Marshal(claimJSON{ID: r.ID, Source: r.Source.String(), References: r.Source, Statement: r.Statement,
		Computed: &r.Computed, Agrees: &r.Agrees})
}

// Check computes the claim.
func (c Claim) Check(ctx context.Context) (Result, error) {
	computed, agrees, err := c.check(ctx)
	if err != nil {
		return Result{}, fmt.Errorf("%s: %w", c.ID, err)
	}
	return Result{Claim: c, Computed: computed, Agrees: agrees}, nil
}

// Claims lists every claim, paper by paper.
func Claims() []Claim {
	var out []Claim
	out = append(out, circularNimClaims()...)
	out = append(out, cn74Claims()...)
	out = append(out, simplicialClaims()...)
	out = append(out, slowClaims()...)
	out = append(out, theoremClaims()...)
	return out
}

// solved parses spec and solves it with every pile up to h.
func solved(ctx context.Context, spec string, h int) (*game.Game, *table.Table, error) {
	return solvedBox(ctx, spec, nil, h)
}

// solvedBox solves the box below p, or the uniform box of height h when p
// is nil.
func solvedBox(ctx context.Context, spec string, p game.Position, h int) (*game.Game, *table.Table, error) {
	g, err := game.Parse(spec)
	if err != nil {
		return nil, nil, err
	}
	box := table.Uniform(g.Piles(), h)
	if p != nil {
		box = table.BoxOf(p)
	}
	t, err := solve.Gated(ctx, nil, g, box, solve.Options{})
	return g, t, err
}

// isWinningMove reports whether p -> q is legal and q is P, by the table of
// the box below p.
func isWinningMove(ctx context.Context, spec string, p, q game.Position) (bool, error) {
	g, t, err := solvedBox(ctx, spec, p, 0)
	if err != nil {
		return false, err
	}
	return g.IsMove(p, q) && t.IsP(q), nil
}

// firstP returns the P-positions of t satisfying keep, smallest total first
// (then index order), at most limit of them, and how many there are.
func firstP(t *table.Table, keep func(game.Position) bool, limit int) ([]game.Position, int) {
	var all []game.Position
	for p := range t.PPositions(context.Background()) {
		if keep(p) {
			all = append(all, slices.Clone(p))
		}
	}
	slices.SortStableFunc(all, func(a, b game.Position) int { return total(a) - total(b) })
	return all[:min(limit, len(all))], len(all)
}

func total(p game.Position) int {
	s := 0
	for _, v := range p {
		s += v
	}
	return s
}

// inOrbit reports whether some symmetry of the complex maps p into the set.
func inOrbit(perms []complex.Perm, p game.Position, in func(game.Position) bool) bool {
	q := make(game.Position, len(p))
	for _, perm := range perms {
		for i, j := range perm {
			q[i] = p[j]
		}
		if in(q) {
			return true
		}
	}
	return false
}

// dihedral lists the rotations and reflections of n stacks in a circle.
func dihedral(n int) []complex.Perm {
	var out []complex.Perm
	for r := range n {
		rot, ref := make(complex.Perm, n), make(complex.Perm, n)
		for i := range n {
			rot[i], ref[i] = (i+r)%n, (r-i+n)%n
		}
		out = append(out, rot, ref)
	}
	return out
}

func positions(ps []game.Position) string {
	s := make([]string, len(ps))
	for i, p := range ps {
		s[i] = "(" + p.String() + ")"
	}
	return strings.Join(s, ", ")
}

// theoremClaims: every oracle agrees with the engines' table on its examples.
func theoremClaims() []Claim {
	var out []Claim
	for _, th := range theory.Theorems() {
		for _, ex := range th.Examples {
			out = append(out, Claim{
				ID:        "theorem/" + th.Name + "/" + ex.Spec,
				Source:    th.Source,
				Statement: fmt.Sprintf("%s (checked on %s, piles <= %d)", th.Statement, ex.Spec, ex.Max),
				check: func(ctx context.Context) (string, bool, error) {
					n, err := th.Verify(ctx, ex)
					if err != nil {
						return err.Error(), false, nil
					}
					computed := fmt.Sprintf("P-positions and winning moves agree with the table on all %d positions", n)
					for _, proof := range th.Proofs() {
						if proof.Game == ex.Spec {
							computed += "; machine proof (recorded): " + proof.String()
						}
					}
					return computed, true, nil
				},
			})
		}
	}
	return out
}
