package game

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/nimlab/nimlab/complex"
)

func TestNew(t *testing.T) {
	path, _ := complex.Path(3, 2) // facets 1-2, 2-3
	for _, tt := range []struct {
		name  string
		rule  MoveRule
		c     *complex.Complex
		sets  []complex.Set
		err   string // "" when New must succeed
		faces bool
	}{
		{"take on faces", Take{}, path, nil, "", true},
		{"slow on faces", Slow{}, path, nil, "", true},
		{"take on listed sets", Take{}, path, []complex.Set{complex.SetOf(0, 1), complex.SetOf(1, 2), complex.SetOf(1)}, "", false},
		{"a rule variation", equalAmounts{"fixed", 2}, path, []complex.Set{complex.SetOf(1, 2), complex.SetOf(0, 1)}, "", false},
		{"no rule", nil, path, nil, "needs a rule", false},
		{"no complex", Take{}, nil, nil, "needs a rule and a complex", false},
		{"a set that is no face", Take{}, path, []complex.Set{complex.SetOf(0, 1), complex.SetOf(0, 2)}, "generate the complex", false},
		{"sets that generate a smaller complex", Take{}, path, []complex.Set{complex.SetOf(0, 1), complex.SetOf(2)}, "generate the complex", false},
		{"a pile in no set", Take{}, path, []complex.Set{complex.SetOf(1, 2)}, "in no facet", false},
		{"the empty set", Slow{}, path, []complex.Set{complex.SetOf(0, 1), complex.SetOf(1, 2), 0}, "empty set", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g, err := New(tt.rule, tt.c, tt.sets)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("New: %v; want an error mentioning %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if g.Rule() != tt.rule || g.OnFaces() != tt.faces || g.Piles() != tt.c.N() {
				t.Errorf("rule %v, on faces %v, %d piles", g.Rule(), g.OnFaces(), g.Piles())
			}
			sets, err := g.MoveSets()
			if err != nil {
				t.Fatal(err)
			}
			if want, _ := tt.c.Faces(); tt.sets == nil && !slices.Equal(sets, want) || tt.sets != nil && !slices.Equal(sets, tt.sets) {
				t.Errorf("move sets %v", sets)
			}
			// A position of 2 tokens on every pile has an option under every
			// rule here.
			if g.IsTerminal(Position{2, 2, 2}) {
				t.Error("2,2,2 has no option")
			}
		})
	}
}

// TestLiteralGameHasNoSilentOptions: a Game written as a literal outside New
// has no rule, and asking for its options fails loudly instead of listing
// none.
func TestLiteralGameHasNoSilentOptions(t *testing.T) {
	c, _ := complex.Nim(2)
	g := &Game{Spec: "literal", Complex: c}
	defer func() {
		if recover() == nil {
			t.Error("the options of a Game without a rule were listed")
		}
	}()
	for range g.Options(Position{1, 1}) {
	}
}

// TestEveryGameHasOptions: every family's example, each rule variation on
// the faces and facets of a complex, and compounds mixing rules have
// options at a position of 3 tokens a pile, and those options are moves.
func TestEveryGameHasOptions(t *testing.T) {
	specs := []string{"cn:5,2 & nim:2", "nim:2 + slow:3,2", "sum(nim:2; fixed(cn:3,2; 1) & slow:2,1)",
		"conj(cn:5,2; slow:3,2) + fixed(nim:2; 1)", "slow(cn:6,3) + slow(nim:1)", "atleast(cn:5,2; 1) & nim:1"}
	for _, f := range Families() {
		specs = append(specs, f.Example)
	}
	for _, r := range ruleSpecs {
		specs = append(specs, fmt.Sprintf("%s(cn:5,2; 2)", r), fmt.Sprintf("%s(slow:4,2; 2)", r))
	}
	for _, spec := range specs {
		spec = strings.Replace(spec, "wythoff(cn:5,2; 2)", "wythoff(cn:5,2)", 1)
		spec = strings.Replace(spec, "wythoff(slow:4,2; 2)", "wythoff(slow:4,2)", 1)
		g, err := Parse(spec)
		if err != nil {
			t.Errorf("%s: %v", spec, err)
			continue
		}
		p := make(Position, g.Piles())
		for i := range p {
			p[i] = 3
		}
		n := 0
		for q := range g.Options(p) {
			if err := g.CheckMove(p, q); err != nil {
				t.Errorf("%s: option %v: %v", spec, q, err)
			}
			n++
		}
		if n == 0 {
			t.Errorf("%s (rule %s): no option at %v", spec, g.Rule().Name(), p)
		}
		if c := g.OptionCount(p); c < float64(n) {
			t.Errorf("%s: OptionCount %v, below the %d options", spec, c, n)
		}
	}
}

// TestCapabilities: what engines and theorems ask of a game, by its rule.
func TestCapabilities(t *testing.T) {
	for _, tt := range []struct {
		spec        string
		rule        string // the rule's name
		takeOnFaces bool   // the fast engine and the take theorems
		hyper       bool   // Hyperedges: NIM_H on listed sets
		slow        bool   // EqualAmountRule with 1
		alike       bool   // PileSymmetricRule
		linear      bool   // LinearAmounts of the first move set
		exactCount  bool   // OptionCount is the number of options
	}{
		{"cn:5,2", "take", true, false, false, true, true, true},
		{"nim:2 + cn:4,2", "take", true, false, false, true, true, true},
		{"cn:5,2 & nim:2", "take", false, true, false, true, true, true},
		{"hyper:1-2-3,2-4", "take", false, true, false, true, true, true},
		{"exact:4,2", "take", false, true, false, true, true, true},
		{"atleast(cn:5,2; 1)", "atleast", false, true, false, true, true, true},
		{"atleast(cn:5,2; 2)", "atleast", false, false, false, true, true, true},
		{"slow:4,2", "slow", false, false, true, true, true, true},
		{"slow(cn:6,3)", "slow", false, false, true, true, true, true},
		{"sum(slow:1,1; slow:2,1)", "slow", false, false, true, true, true, true},
		{"fixedall(moore:4,2; 1)", "fixedall", false, false, true, true, true, true},
		{"fixed(cn:5,2; 2)", "fixed", false, false, false, true, true, true},
		{"wythoff(cn:5,2)", "wythoff", false, false, false, true, true, true},
		{"total(cn:5,2; 3)", "total", false, false, false, true, true, false},
		{"exactly(cn:5,2; 3)", "exactly", false, false, false, true, true, false},
		{"cn:5,2 & slow:3,2", "compound", false, false, false, false, true, true},
		{"wythoff(nim:2) & wythoff(nim:2)", "compound", false, false, false, false, true, true},
	} {
		g, err := Parse(tt.spec)
		if err != nil {
			t.Errorf("%s: %v", tt.spec, err)
			continue
		}
		_, hyper := g.Hyperedges()
		eq, slow := g.Rule().(EqualAmountRule)
		slow = slow && eq.EqualAmount() == 1
		_, alike := g.Rule().(PileSymmetricRule)
		sets, _ := g.MoveSets()
		_, linear := g.LinearAmounts(sets[0].Vertices())
		got := []bool{g.TakeOnFaces(), hyper, slow, alike, linear}
		want := []bool{tt.takeOnFaces, tt.hyper, tt.slow, tt.alike, tt.linear}
		if g.Rule().Name() != tt.rule || !slices.Equal(got, want) {
			t.Errorf("%s: rule %s, take on faces, hyper, slow, alike, linear %v; want %s, %v", tt.spec, g.Rule().Name(), got, tt.rule, want)
		}
		for _, p := range []Position{g.zeroPosition(), g.uniformPosition(1), g.uniformPosition(3)} {
			n := 0
			for range g.Options(p) {
				n++
			}
			if c := g.OptionCount(p); c < float64(n) || tt.exactCount && c != float64(n) {
				t.Errorf("%s at %v: OptionCount %v, %d options", tt.spec, p, c, n)
			}
		}
	}
}

func (g *Game) zeroPosition() Position { return make(Position, g.Piles()) }

func (g *Game) uniformPosition(h int) Position {
	p := g.zeroPosition()
	for i := range p {
		p[i] = h
	}
	return p
}

// TestCompoundRules: a compound whose parts share a rule that treats each
// pile on its own follows that rule; otherwise its rule plays each part's
// rule on its piles, nested compounds spliced in.
func TestCompoundRules(t *testing.T) {
	for _, tt := range []struct {
		spec   string
		rules  []string // the compound's component rules; nil: not a compound
		partOf []int
	}{
		{"cn:5,2 & nim:2", nil, nil},
		{"slow:2,1 + slow:3,2", nil, nil},
		{"fixed(nim:1; 2) & fixed(nim:2; 2)", nil, nil},
		{"wythoff(nim:2) & wythoff(nim:1)", []string{"wythoff", "wythoff"}, []int{0, 0, 1}},
		{"exactly(nim:1; 2) & exactly(nim:1; 2)", []string{"exactly", "exactly"}, []int{0, 1}},
		{"nim:2 + slow:2,1", []string{"take", "slow"}, []int{0, 0, 1, 1}},
		{"sum(nim:1; fixed(cn:3,2; 1) & slow:2,1)", []string{"take", "fixed", "slow"}, []int{0, 1, 1, 1, 2, 2}},
	} {
		g, err := Parse(tt.spec)
		if err != nil {
			t.Errorf("%s: %v", tt.spec, err)
			continue
		}
		c, ok := g.Rule().(compoundRule)
		if ok != (tt.rules != nil) {
			t.Errorf("%s: rule %s", tt.spec, g.Rule().Name())
			continue
		}
		if !ok {
			continue
		}
		var names []string
		for _, r := range c.rules {
			names = append(names, r.Name())
		}
		if !slices.Equal(names, tt.rules) || !slices.Equal(c.partOf, tt.partOf) {
			t.Errorf("%s: rules %v, piles %v; want %v, %v", tt.spec, names, c.partOf, tt.rules, tt.partOf)
		}
	}
}
