package repro

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
	"github.com/nimlab/nimlab/theory"
)

// simplicialClaims lists the claims on simplicial Nim. It is long because
// it is a table of data, one claim a row, not logic to split.
func simplicialClaims() []Claim {
	return []Claim{
		circuitsClaim("ehrenborg-steingrimsson-1996/example3.3", "Example 3.3", "complex:1-2-3,2-3-4,3-4-5,1-5", "1-3-5 (point 3), 1-4 (point 4), 2-5 (point 2)",
			[]string{"1-3-5", "1-4", "2-5"}, []int{3, 4, 2}),
		circuitsClaim("ehrenborg-steingrimsson-1996/example3.4", "Example 3.4", "complex:1-2-3-4,2-3-4-5,1-2-5,1-4-5", "1-2-4-5 (point 2), 1-3-5 (point 3)",
			[]string{"1-2-4-5", "1-3-5"}, []int{2, 3}),
		{
			ID: "ehrenborg-steingrimsson-1996/example4.6", Source: es96("Example 4.6"),
			Statement: "on the complex with facets 12, 13, 14, 234 the Nim-basis is {∅, 123, 124, 134}, its non-empty sets are the circuits, and (7,3,5,6) = e(123) + 2e(124) + 4e(134) is a zero position",
			check: func(ctx context.Context) (string, bool, error) {
				g, _ := game.Parse("complex:1-2,1-3,1-4,2-3-4")
				basis, err := theory.FindNimBasis(ctx, g.Complex)
				if err != nil {
					return err.Error(), false, nil
				}
				_, t, err := solvedBox(ctx, g.Spec, game.Position{7, 3, 5, 6}, 0)
				if err != nil {
					return "", false, err
				}
				circuits, err := g.Complex.Circuits(ctx)
				if err != nil {
					return "", false, err
				}
				circuits = slices.Clone(circuits)
				slices.Sort(circuits)
				got := fmt.Sprintf("basis {}, %v; circuits %v; (7,3,5,6) P: %v", basis[1:], circuits, t.IsP(game.Position{7, 3, 5, 6}))
				return got, basis[0] == 0 && slices.Equal(basis[1:], circuits) && t.IsP(game.Position{7, 3, 5, 6}), nil
			},
		},
		{
			ID: "ehrenborg-steingrimsson-1996/section8-c72", Source: es96("after Definition 8.2"),
			Statement: "(3,3,2,3,2,2,1) is a zero position of C_{7,2} but (2,2,1,2,1,1,0) is not",
			check: func(ctx context.Context) (string, bool, error) {
				_, t, err := solvedBox(ctx, "cn:7,2", game.Position{3, 3, 2, 3, 2, 2, 1}, 0)
				if err != nil {
					return "", false, err
				}
				a, b := t.IsP(game.Position{3, 3, 2, 3, 2, 2, 1}), t.IsP(game.Position{2, 2, 1, 2, 1, 1, 0})
				return fmt.Sprintf("(3,3,2,3,2,2,1) P: %v; (2,2,1,2,1,1,0) P: %v", a, b), a && !b, nil
			},
		},
		{
			ID: "ehrenborg-steingrimsson-1996/conjecture8.1", Source: es96("Conjecture 8.1"),
			Statement: "if (1,...,1) is a zero position of C_{n,k}, then n + (1,...,1) is one for every zero position n (checked on C_{7,2})",
			check:     func(ctx context.Context) (string, bool, error) { return plusOnes(ctx, "cn:7,2", 5) },
		},
		{
			ID: "ehrenborg-steingrimsson-1996/conjecture8.1-small", Source: es96("after Definition 8.2"),
			Statement: "Conjecture 8.1 holds for (n,k) = (3,2), (4,2) and (5,2)",
			check: func(ctx context.Context) (string, bool, error) {
				var parts []string
				for _, c := range []struct {
					spec string
					h    int
				}{{"cn:3,2", 30}, {"cn:4,2", 14}, {"cn:5,2", 8}} {
					s, ok, err := plusOnes(ctx, c.spec, c.h)
					if err != nil || !ok {
						return s, ok, err
					}
					parts = append(parts, fmt.Sprintf("%s: %s", c.spec, s))
				}
				return strings.Join(parts, "; "), true, nil
			},
		},
		{
			ID: "ehrenborg-steingrimsson-1996/section8-ones", Source: es96("before Conjecture 8.1 (Lemma 2.3)"),
			Statement: "for even n >= 2k, positions with n_i = n_{i+n/2} are zero positions of C_{n,k} (so (1,...,1) is); for odd n, (1,...,1) is a zero position of C_{n,2}",
			check: func(ctx context.Context) (string, bool, error) {
				checked := 0
				for n := 3; n <= 10; n++ {
					for k := 2; k < n; k++ {
						if n%2 == 1 && k != 2 || n%2 == 0 && n < 2*k {
							continue
						}
						h := 1
						if n%2 == 0 && n <= 8 {
							h = 3
						}
						_, t, err := solved(ctx, fmt.Sprintf("cn:%d,%d", n, k), h)
						if err != nil {
							return "", false, err
						}
						p := make(game.Position, n)
						for idx := range t.Box.Positions() {
							t.Box.Position(idx, p)
							half := n%2 == 0 && slices.Equal(p[:n/2], p[n/2:])
							ones := slices.Min(p) == 1 && slices.Max(p) == 1
							if (half || ones) && !t.IsP(p) {
								return fmt.Sprintf("CN(%d,%d): (%v) is N", n, k, p), false, nil
							}
						}
						checked++
					}
				}
				return fmt.Sprintf("holds for the %d games with n <= 10 (half-periodic positions up to 3 for n <= 8)", checked), true, nil
			},
		},
		{
			ID: "ehrenborg-steingrimsson-1996/section9-14-complexes", Source: es96("Section 9"),
			Statement: "there are 14 connected non-isomorphic simplicial complexes on 4 vertices",
			check: func(context.Context) (string, bool, error) {
				classes := map[string]bool{}
				for _, c := range complexesOn4() {
					if connected(c) {
						classes[canonicalFacets(c)] = true
					}
				}
				return fmt.Sprintf("%d classes", len(classes)), len(classes) == 14, nil
			},
		},
		{
			ID: "ehrenborg-steingrimsson-1996/figure6", Source: es96("Section 9, Figure 6"),
			Statement: "the complex of Figure 6 (picture lost in our copy) has the zero positions W = {(x,y,0,w): x+y = w} ∪ {(x,y,z,w): x = y = z+w, z >= 1}",
			check: func(ctx context.Context) (string, bool, error) {
				var match []string
				for _, c := range complexesOn4() {
					g, err := game.New(game.Take{}, c, nil)
					if err != nil {
						return "", false, err
					}
					g.Spec = "complex:" + c.String()
					box := table.Uniform(4, 5)
					t, err := solve.Gated(ctx, nil, g, box, solve.Options{})
					if err != nil {
						return "", false, err
					}
					p := make(game.Position, 4)
					same := true
					for idx := range box.Positions() {
						box.Position(idx, p)
						if t.IsP(p) != theory.InFigure6W(p) {
							same = false
							break
						}
					}
					if same {
						match = append(match, c.String())
					}
				}
				return fmt.Sprintf("of all complexes on 4 labelled vertices, exactly these have W as zero positions up to 5: %v", match),
					len(match) == 1 && match[0] == theory.Figure6().String(), nil
			},
		},
		{
			ID: "ehrenborg-steingrimsson-1996/question9.3-example", Source: es96("before Question 9.3"),
			Statement: "the complex with facets {a,b}, {c,d} is not a pointed circuit complex, but its zero positions are closed under addition",
			check: func(ctx context.Context) (string, bool, error) {
				g, t, err := solved(ctx, "complex:1-2,3-4", 12)
				if err != nil {
					return "", false, err
				}
				circuits, err := g.Complex.Circuits(ctx)
				if err != nil {
					return "", false, err
				}
				_, pointed := complex.Points(circuits)
				props, err := check.Properties(ctx, t)
				if err != nil {
					return "", false, err
				}
				add := props[0]
				return fmt.Sprintf("pointed: %v; closed under addition: %v (%d sums inside piles <= 12)", pointed, add.Holds, add.Checked), !pointed && add.Holds, nil
			},
		},
		lengthClaim("ehrenborg-steingrimsson-1996/prop7.4", "Proposition 7.4",
			"n is a zero position of C^z(Δ) iff n restricted to V is a zero position p of Δ and n_z = ℓ(p) (checked for Δ = CN(5,2), CN(6,2), Example 4.6)",
			[]string{"cn:5,2", "cn:6,2", "complex:1-2,1-3,1-4,2-3-4"}, checkProp74),
		lengthClaim("ehrenborg-steingrimsson-1996/prop7.5", "Proposition 7.5",
			"the length of (n, ℓ(n)) on C^z(Δ) equals ℓ(n) (checked for the same Δ)",
			[]string{"cn:5,2", "cn:6,2", "complex:1-2,1-3,1-4,2-3-4"}, checkProp75),
		lengthClaim("ehrenborg-steingrimsson-1996/prop7.6", "Proposition 7.6",
			"on a pointed circuit complex, the length of the zero position Σ a_C e(C) is Σ a_C (checked on Examples 3.3 and 3.4)",
			[]string{"complex:1-2-3,2-3-4,3-4-5,1-5", "complex:1-2-3-4,2-3-4-5,1-2-5,1-4-5"}, checkProp76),
		lengthClaim("ehrenborg-steingrimsson-1996/prop7.7", "Proposition 7.7",
			"on Δ_k(V) (Moore's Nim with at most k-1 piles) the length of a zero position is the total divided by k (checked for moore:4,2 and moore:5,3)",
			[]string{"moore:4,2", "moore:5,3"}, checkProp77),
	}
}

func circuitsClaim(id, where, spec, statement string, circuits []string, points []int) Claim {
	return Claim{
		ID: id, Source: es96(where),
		Statement: "the circuits of " + spec + " are " + statement + ", so it is a pointed circuit complex",
		check: func(ctx context.Context) (string, bool, error) {
			g, err := game.Parse(spec)
			if err != nil {
				return "", false, err
			}
			got, err := g.Complex.Circuits(ctx)
			if err != nil {
				return "", false, err
			}
			names := make([]string, len(got))
			for i, c := range got {
				names[i] = c.String()
			}
			agrees := len(got) == len(circuits)
			for i, want := range circuits {
				at := slices.Index(names, want)
				agrees = agrees && at >= 0
				for j, c := range got { // the paper's point lies in no other circuit
					if j != at && c.Has(points[i]-1) {
						agrees = false
					}
				}
			}
			_, pointed := complex.Points(got)
			return fmt.Sprintf("circuits %s; pointed: %v", strings.Join(names, ", "), pointed), agrees && pointed, nil
		},
	}
}

// plusOnes tests Conjecture 8.1 on a table.
func plusOnes(ctx context.Context, spec string, h int) (string, bool, error) {
	_, t, err := solved(ctx, spec, h)
	if err != nil {
		return "", false, err
	}
	props, err := check.Properties(ctx, t)
	if err != nil {
		return "", false, err
	}
	pr := props[1]
	if !pr.Holds {
		return fmt.Sprintf("refuted: (%v) is P but (%v) is N", pr.Counterexample[0], pr.Counterexample[1]), false, nil
	}
	return fmt.Sprintf("holds on %d positions up to %d", pr.Checked, h), true, nil
}

// complexesOn4 lists every complex on the labelled vertices 1..4.
func complexesOn4() []*complex.Complex {
	seen := map[string]bool{}
	var out []*complex.Complex
	for mask := range 1 << 15 {
		var sets []complex.Set
		for s := range 15 {
			if mask>>s&1 == 1 {
				sets = append(sets, complex.Set(s+1))
			}
		}
		c, err := complex.New(4, sets)
		if err != nil || seen[c.String()] {
			continue
		}
		seen[c.String()] = true
		out = append(out, c)
	}
	return out
}

// connected: the graph of the complex's edges joins all vertices.
func connected(c *complex.Complex) bool {
	reach := complex.Set(1)
	for changed := true; changed; {
		changed = false
		for _, f := range c.Facets() {
			if f&reach != 0 && f&^reach != 0 {
				reach |= f
				changed = true
			}
		}
	}
	return reach.Len() == c.N()
}

// canonicalFacets names the isomorphism class of c: the smallest sorted list
// of facet masks over all relabellings.
func canonicalFacets(c *complex.Complex) string {
	best := ""
	for _, perm := range complex.Permutations(c.N()) {
		var fs []complex.Set
		for _, f := range c.Facets() {
			fs = append(fs, perm.Image(f))
		}
		slices.Sort(fs)
		if s := fmt.Sprint(fs); best == "" || s < best {
			best = s
		}
	}
	return best
}
