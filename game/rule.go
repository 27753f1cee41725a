package game

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/nimlab/nimlab/literature"
)

// MoveRule is how a move of a rule variation changes the piles of a move set
// (Dufour–Heubach 2013, Section 6, question 4): every pile of the
// set loses at least one token, in amounts the rule allows. A game with a
// Rule lists its move sets in Edges; the take and slow rules of the other
// games are given by SlowPiles instead, and their Rule is nil.
//
// A rule knows nothing of engines: the reference engine and the sweep over
// states enumerate its options (Game.Options) and are correct for any rule.
type MoveRule interface {
	// Name is the rule's combinator, e.g. "fixed".
	Name() string
	// Reductions yields every vector d the rule allows on the piles of a
	// move set at p: d[j] >= 1 tokens taken from piles[j], at most p[piles[j]].
	// It fills and yields d, which has len(piles) entries. It returns false
	// when yield did.
	Reductions(p Position, piles []int, d []int, yield func(d []int) bool) bool
	// Allows reports whether taking d[j] >= 1 tokens from piles[j], the
	// piles of a move set, is a move of the rule.
	Allows(piles, d []int) bool
}

// equalAmounts takes the same amount from every pile: exactly a tokens, or
// (a = 0) any positive amount. It is fixed, fixedall, and Wythoff's rule.
type equalAmounts struct {
	name string
	a    int
}

func (r equalAmounts) Name() string { return r.name }

// EqualAmount reports the capability the sweep over states uses: the rule
// takes the same amount t from every pile of a move set, t = a, or any t >= 1
// when a is 0; so an option's index is the position's less t times the move
// set's stride.
func (r equalAmounts) EqualAmount() int { return r.a }

func (r equalAmounts) Reductions(p Position, piles []int, d []int, yield func([]int) bool) bool {
	top := r.a
	if r.a == 0 {
		top = p[piles[0]]
		for _, v := range piles {
			top = min(top, p[v])
		}
	}
	for t := max(r.a, 1); t <= top; t++ {
		for j, v := range piles {
			if p[v] < t {
				return true
			}
			d[j] = t
		}
		if !yield(d) {
			return false
		}
	}
	return true
}

func (r equalAmounts) Allows(_, d []int) bool {
	for _, t := range d {
		if t != d[0] || r.a != 0 && t != r.a {
			return false
		}
	}
	return true
}

// amounts takes from each pile an amount of at least each, with a total in
// lo..hi (hi < 0: no upper bound). It is atleast, total and exactly.
type amounts struct {
	name   string
	each   int
	lo, hi int
}

func (r amounts) Name() string { return r.name }

func (r amounts) Reductions(p Position, piles []int, d []int, yield func([]int) bool) bool {
	sum := 0
	for j, v := range piles {
		if p[v] < r.each {
			return true
		}
		d[j] = r.each
		sum += r.each
	}
	if r.hi >= 0 && sum > r.hi {
		return true
	}
	for { // an odometer over d[j] = each..p[piles[j]], the total kept at most hi
		if sum >= r.lo && !yield(d) {
			return false
		}
		j := 0
		for ; j < len(d); j++ {
			if d[j] < p[piles[j]] && (r.hi < 0 || sum < r.hi) {
				d[j]++
				sum++
				break
			}
			sum -= d[j] - r.each
			d[j] = r.each
		}
		if j == len(d) {
			return true
		}
	}
}

func (r amounts) Allows(_, d []int) bool {
	sum := 0 // saturated at math.MaxInt: piles near 2^63 must not wrap it
	for _, t := range d {
		if t < r.each {
			return false
		}
		sum = min(sum, math.MaxInt-t) + t
	}
	return sum >= r.lo && (r.hi < 0 || sum <= r.hi)
}

// The take and slow rules as values, for compounds that mix them with rule
// variations: at least one token from each pile of the set, or exactly one.
var (
	takeRule MoveRule = amounts{"take", 1, 0, -1}
	slowRule MoveRule = equalAmounts{"slow", 1}
)

// compoundRule plays the rules of the components of a sum or conjunctive
// compound side by side: each pile belongs to one component (partOf), and a
// move takes from the piles of each component what that component's rule
// allows there (one component in a sum, every one in a conjunctive compound).
type compoundRule struct {
	rules  []MoveRule
	partOf []int
}

func (c compoundRule) Name() string { return "compound" }

// groups splits the piles of a move set (increasing, so each component's
// piles are consecutive) into the runs of one component.
func (c compoundRule) groups(piles []int) [][2]int {
	var out [][2]int
	for lo := 0; lo < len(piles); {
		hi := lo + 1
		for hi < len(piles) && c.partOf[piles[hi]] == c.partOf[piles[lo]] {
			hi++
		}
		out = append(out, [2]int{lo, hi})
		lo = hi
	}
	return out
}

func (c compoundRule) Reductions(p Position, piles []int, d []int, yield func([]int) bool) bool {
	gs := c.groups(piles)
	var product func(k int) bool
	product = func(k int) bool {
		if k == len(gs) {
			return yield(d)
		}
		lo, hi := gs[k][0], gs[k][1]
		return c.rules[c.partOf[piles[lo]]].Reductions(p, piles[lo:hi], d[lo:hi], func([]int) bool { return product(k + 1) })
	}
	return product(0)
}

func (c compoundRule) Allows(piles, d []int) bool {
	for _, g := range c.groups(piles) {
		if !c.rules[c.partOf[piles[g[0]]]].Allows(piles[g[0]:g[1]], d[g[0]:g[1]]) {
			return false
		}
	}
	return true
}

// EqualAmountRule is the capability of rules that take the same amount from
// every pile of a move set: exactly EqualAmount() tokens, or any positive
// amount when it is 0. Engines look it up once per solve.
type EqualAmountRule interface {
	MoveRule
	EqualAmount() int
}

// MaxRuleAmount bounds the amount a of a rule variation.
const MaxRuleAmount = 1 << 20

// ruleCombinator registers a rule variation NAME(A; a) (or NAME(A) without
// an amount): the move sets are A's faces or facets — A's move sets when A
// lists them (hypergraphs, slow games, compounds, other rule variations) —
// and the rule, made from a, replaces A's.
func ruleCombinator(name, syntax, example, help string, amount, onFacets bool, rule func(a int) MoveRule) Family {
	return Family{
		Name: name, Syntax: syntax, Example: example, Help: help, Combinator: true,
		Source: literature.Of(literature.DufourHeubach2013, "Section 6, question 4 (the rule variations)"),
		Build: func(args string) (*Game, error) {
			texts, err := splitParts(args)
			if err != nil {
				return nil, err
			}
			if want := map[bool]int{true: 2, false: 1}[amount]; len(texts) != want {
				return nil, fmt.Errorf("%s takes %s", name, map[bool]string{true: "a game and an amount a, separated by ';'", false: "one game"}[amount])
			}
			a := 0
			if amount {
				if a, err = strconv.Atoi(strings.TrimSpace(texts[1])); err != nil || a < 1 || a > MaxRuleAmount {
					return nil, fmt.Errorf("the amount %q is not a whole number from 1 to %d", texts[1], MaxRuleAmount)
				}
			}
			part, err := parseNormal(texts[0])
			if err != nil {
				return nil, err
			}
			sets := part.Edges
			if sets == nil && onFacets {
				sets = part.Complex.Facets()
			} else if sets == nil {
				if sets, err = part.MoveSets(); err != nil {
					return nil, err
				}
			}
			title := fmt.Sprintf("%s(%s; %d)", name, part.Title, a)
			if !amount {
				title = fmt.Sprintf("%s(%s)", name, part.Title)
			}
			g := &Game{Complex: part.Complex, Edges: sets, Rule: rule(a), Title: title,
				Construction: &Construction{Op: name, Parts: []*Game{part}}}
			for _, s := range sets {
				g.rulePiles = append(g.rulePiles, s.Vertices())
			}
			return g, nil
		},
	}
}

func init() {
	Register(ruleCombinator("fixed", "fixed(A; a)", "fixed(cn:5,2; 2)",
		"choose a face of A; take exactly a tokens from each of its piles", true, false,
		func(a int) MoveRule { return equalAmounts{"fixed", a} }))
	Register(ruleCombinator("fixedall", "fixedall(A; a)", "fixedall(cn:5,2; 1)",
		"choose a facet of A; take exactly a tokens from every pile of it (fixedall(moore:N,K; 1) is slow:N,K)", true, true,
		func(a int) MoveRule { return equalAmounts{"fixedall", a} }))
	Register(ruleCombinator("atleast", "atleast(A; a)", "atleast(cn:5,2; 1)",
		"choose a facet of A; take at least a tokens from every pile of it (a = 1: NIM_H on the facets)", true, true,
		func(a int) MoveRule { return amounts{"atleast", a, 0, -1} }))
	Register(ruleCombinator("total", "total(A; a)", "total(cn:5,2; 3)",
		"choose a face of A; take at least a tokens in total from its piles, any amount from each", true, false,
		func(a int) MoveRule { return amounts{"total", 1, a, -1} }))
	Register(ruleCombinator("exactly", "exactly(A; a)", "exactly(cn:5,2; 3)",
		"choose a face of A; take exactly a tokens in total from its piles", true, false,
		func(a int) MoveRule { return amounts{"exactly", 1, a, a} }))
	Register(ruleCombinator("wythoff", "wythoff(A)", "wythoff(cn:5,2)",
		"take any positive amount from one pile, or the same positive amount from every pile of a face of two or more piles", false, false,
		func(int) MoveRule { return equalAmounts{"wythoff", 0} }))
}
