package game

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// ruleSpecs are the rule combinators, each with the amount it takes (0: none).
var ruleSpecs = []string{"fixed", "fixedall", "atleast", "total", "exactly", "wythoff"}

// randomRuleGame draws a rule variation of a random complex on 1..5 piles.
func randomRuleGame(t *rapid.T) *Game {
	n := rapid.IntRange(1, 5).Draw(t, "n")
	var facets []string
	var covered uint64
	for range rapid.IntRange(1, 4).Draw(t, "facets") {
		s := rapid.Uint64Range(1, 1<<uint(n)-1).Draw(t, "facet")
		covered |= s
		facets = append(facets, setSpec(s))
	}
	for v := range n {
		if covered>>uint(v)&1 == 0 {
			facets = append(facets, fmt.Sprint(v+1))
		}
	}
	name := rapid.SampledFrom(append(ruleSpecs, "hyper")).Draw(t, "rule")
	if name == "hyper" { // NIM_H on the same sets, taken as hyperedges
		g, err := Parse("hyper:" + strings.Join(facets, ","))
		if err != nil {
			t.Fatalf("hyper:%s: %v", strings.Join(facets, ","), err)
		}
		return g
	}
	spec := fmt.Sprintf("%s(complex:%s; %d)", name, strings.Join(facets, ","), rapid.IntRange(1, 3).Draw(t, "a"))
	if name == "wythoff" {
		spec = fmt.Sprintf("wythoff(complex:%s)", strings.Join(facets, ","))
	}
	if n <= 3 {
		switch rapid.IntRange(0, 2).Draw(t, "compound") {
		case 1:
			spec = "sum(" + spec + "; " + rapid.SampledFrom([]string{"nim:1", "slow:2,1", "wythoff(cn:2,2)"}).Draw(t, "other") + ")"
		case 2:
			spec = "conj(" + spec + "; " + rapid.SampledFrom([]string{"nim:1", "slow:2,1", "exactly(nim:2; 2)"}).Draw(t, "other") + ")"
		}
	}
	if rapid.Bool().Draw(t, "misere") {
		spec += MisereSuffix
	}
	g, err := Parse(spec)
	if err != nil {
		t.Fatalf("%s: %v", spec, err)
	}
	return g
}

func setSpec(s uint64) string {
	var vs []string
	for v := 0; s != 0; v, s = v+1, s>>1 {
		if s&1 == 1 {
			vs = append(vs, fmt.Sprint(v+1))
		}
	}
	return strings.Join(vs, "-")
}

// TestRuleOptionsAgainstLegality: for every rule, on random complexes and
// positions, the options are distinct legal moves (CheckMove), and every
// legal move (found by trying every position below) is an option.
func TestRuleOptionsAgainstLegality(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := randomRuleGame(t)
		p := make(Position, g.Piles())
		for i := range p {
			p[i] = rapid.IntRange(0, 4).Draw(t, "pile")
		}
		options := map[string]bool{}
		for q := range g.Options(p) {
			if err := g.CheckMove(p, q); err != nil {
				t.Fatalf("%s: option %v -> %v: %v", g.Spec, p, q, err)
			}
			if options[q.String()] {
				t.Fatalf("%s: option %v -> %v twice", g.Spec, p, q)
			}
			options[q.String()] = true
		}
		q := make(Position, len(p))
		var below func(i int)
		below = func(i int) {
			if i == len(p) {
				if g.IsMove(p, q) && !options[q.String()] {
					t.Fatalf("%s: the legal move %v -> %v is not an option", g.Spec, p, q)
				}
				return
			}
			for v := 0; v <= p[i]; v++ {
				q[i] = v
				below(i + 1)
			}
		}
		below(0)
	})
}

func TestRuleIdentitiesAndErrors(t *testing.T) {
	// wythoff on two piles that may be played together is Wythoff's game.
	g, _ := Parse("wythoff(cn:2,2)")
	if !g.IsMove(Position{5, 3}, Position{2, 0}) || g.IsMove(Position{5, 3}, Position{3, 0}) {
		t.Error("wythoff: the same amount from both piles, or any amount from one")
	}
	// fixedall(moore:N,K; 1) has the move sets and moves of slow:N,K.
	f, _ := Parse("fixedall(moore:4,2; 1)")
	s, _ := Parse("slow:4,2")
	fs, _ := f.MoveSets()
	ss, _ := s.MoveSets()
	if !slices.Equal(fs, ss) || !f.Symmetric() {
		t.Errorf("fixedall(moore:4,2; 1): move sets %v, slow:4,2 %v", fs, ss)
	}
	for _, tt := range []struct{ spec, mention string }{
		{"fixed(cn:5,2; 0)", "from 1"},
		{"fixed(cn:5,2)", "a game and an amount"},
		{"wythoff(cn:5,2; 2)", "one game"},
	} {
		if _, err := Parse(tt.spec); err == nil || !strings.Contains(err.Error(), tt.mention) {
			t.Errorf("%s: %v; want an error mentioning %q", tt.spec, err, tt.mention)
		}
	}
	if err := g.CheckMove(Position{5, 3}, Position{3, 0}); err == nil || !strings.Contains(err.Error(), "wythoff rule") {
		t.Errorf("an unequal move of Wythoff: %v", err)
	}
}

// TestRuleSymmetries: a rule variation has the symmetries of the game it
// varies; a sum with a rule variation in it is not given a part's group.
func TestRuleSymmetries(t *testing.T) {
	ctx := t.Context()
	g, _ := Parse("fixed(cn:5,2; 1)")
	if grp, err := g.Symmetries(ctx); err != nil || grp.Order().Int64() != 10 {
		t.Errorf("fixed(cn:5,2; 1): %v, %v; want the 10 symmetries of CN(5,2)", grp, err)
	}
	sum, _ := Parse("fixed(cn:3,2; 1) + wythoff(cn:2,2)")
	if grp, err := sum.Symmetries(ctx); err == nil && len(grp.Elements()) > 0 && len(grp.Elements()[0]) != sum.Piles() {
		t.Errorf("the sum got permutations of %d piles for its %d", len(grp.Elements()[0]), sum.Piles())
	}
	if sum.Symmetric() {
		t.Error("a sum of different rules was taken for a symmetric game")
	}
}

// TestIllegalMoveNamesTheFacets: a move off the faces names the facets as a
// reader counts them, not as one list.
func TestIllegalMoveNamesTheFacets(t *testing.T) {
	for _, tt := range []struct {
		spec    string
		p, q    Position
		mention string
	}{
		{"nim:3", Position{1, 2, 3}, Position{0, 0, 3}, "each pile is a facet of its own: a move takes from one pile"},
		{"cn:4,2", Position{1, 1, 1, 1}, Position{0, 1, 0, 1}, "the facets are {1, 2}, {2, 3}, {1, 4}, {3, 4}"},
	} {
		g, err := Parse(tt.spec)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.CheckMove(tt.p, tt.q); err == nil || !strings.Contains(err.Error(), tt.mention) {
			t.Errorf("%s %v -> %v: %v, want it to say %q", tt.spec, tt.p, tt.q, err, tt.mention)
		}
	}
}
