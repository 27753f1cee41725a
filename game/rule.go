package game

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/nimlab/nimlab/literature"
)

// MoveRule is how a move changes the piles of the move set it plays: every
// pile of the set loses at least one token, in amounts the rule allows. Every
// game has one (Game.Rule): the take rule of simplicial Nim (Take), the slow
// rule (Slow), the rule variations of Dufour–Heubach 2013, Section 6,
// question 4 (fixed, atleast, total, ...), and the rules of compounds, which
// play each component's rule on its piles.
//
// A rule is always correct: the reference engine and the values engine
// enumerate its options (Game.Options), so a new rule works from day one.
// What engines, theorems and encoders need beyond that they ask of the rule
// through optional capability interfaces, as io.WriterTo is asked of a
// writer: EachAtLeastRule, EqualAmountRule, PileSymmetricRule, LinearRule,
// ReachRule and CountingRule.
type MoveRule interface {
	// Name is the rule's name, e.g. "take" or "fixed".
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

// EachAtLeastRule is the capability of rules under which a move takes any
// amount of at least EachAtLeast() tokens from each pile of its move set,
// each pile on its own, and nothing else is asked: the take rule (1) and
// atleast(A; a). With 1, a game on the faces of a complex is simplicial Nim
// (Game.TakeOnFaces) and a game on listed sets is hypergraph NIM_H
// (Game.Hyperedges).
type EachAtLeastRule interface {
	MoveRule
	EachAtLeast() int
}

// EqualAmountRule is the capability of rules that take the same amount from
// every pile of a move set: exactly EqualAmount() tokens, or any positive
// amount when it is 0. The slow rule is the one of amount 1. Engines look it
// up once per solve: an option's index is the position's less the amount
// times the move set's stride.
type EqualAmountRule interface {
	MoveRule
	EqualAmount() int
}

// PileSymmetricRule is the capability of rules that treat every pile alike:
// a permutation of the piles that maps the move sets to move sets maps the
// moves to moves. Every rule but a compound's has it; the symmetries of a
// game (Game.Symmetric, Game.Symmetries) need it.
type PileSymmetricRule interface {
	MoveRule
	PileSymmetric()
}

// LinearRule is the capability of rules whose moves are described by linear
// conditions on the amounts taken (Amounts), for encoders that reason about
// every move at once (package prove, through Game.LinearAmounts).
type LinearRule interface {
	MoveRule
	// LinearAmounts describes what a move takes from the piles of a move
	// set (increasing): one Amounts per group of piles the rule treats as
	// one (a compound's rule has one per component the set touches).
	LinearAmounts(piles []int) ([]Amounts, bool)
}

// CountingRule is the capability of rules that count their reductions on a
// move set without listing them, for estimates of work (Game.OptionCount).
type CountingRule interface {
	MoveRule
	// CountReductions is the number of reductions on the move set whose
	// piles are piles, holding heights[j] tokens each (at least one), or an
	// upper bound of it.
	CountReductions(piles, heights []int) float64
}

// Take is the take rule of simplicial Nim (Ehrenborg–Steingrímsson 1996,
// Section 2) and of hypergraph NIM_H: a move takes any positive number of
// tokens from each pile of its move set.
type Take struct{}

// Slow is the slow rule (Gurvich–Martynov–Maximchuk–Vyalyi 2023): a move
// takes exactly one token from each pile of its move set.
type Slow struct{}

// Name is "take".
func (Take) Name() string { return "take" }

// Reductions yields every d >= 1 below p on piles.
func (Take) Reductions(p Position, piles []int, d []int, yield func([]int) bool) bool {
	return atLeast{"take", 1}.Reductions(p, piles, d, yield)
}

// Allows reports whether every d[j] is at least 1.
func (Take) Allows(piles, d []int) bool { return atLeast{"take", 1}.Allows(piles, d) }

// EachAtLeast is 1.
func (Take) EachAtLeast() int { return 1 }

// PileSymmetric marks the take rule as treating every pile alike.
func (Take) PileSymmetric() {}

// LinearAmounts is "at least 1 from each pile".
func (Take) LinearAmounts(piles []int) ([]Amounts, bool) {
	return atLeast{"take", 1}.LinearAmounts(piles)
}

// CountReductions is the product of the heights.
func (Take) CountReductions(piles, heights []int) float64 {
	return atLeast{"take", 1}.CountReductions(piles, heights)
}

// Reach is the offset 1_S and the unit steps.
func (Take) Reach(piles, heights []int, limit int) (steps, offsets [][]int, ok bool) {
	return atLeast{"take", 1}.Reach(piles, heights, limit)
}

// Name is "slow".
func (Slow) Name() string { return "slow" }

// Reductions yields d = 1_S.
func (Slow) Reductions(p Position, piles []int, d []int, yield func([]int) bool) bool {
	return equalAmounts{"slow", 1}.Reductions(p, piles, d, yield)
}

// Allows reports whether every d[j] is 1.
func (Slow) Allows(piles, d []int) bool { return equalAmounts{"slow", 1}.Allows(piles, d) }

// EqualAmount is 1.
func (Slow) EqualAmount() int { return 1 }

// PileSymmetric marks the slow rule as treating every pile alike.
func (Slow) PileSymmetric() {}

// LinearAmounts is "exactly 1 from each pile".
func (Slow) LinearAmounts(piles []int) ([]Amounts, bool) {
	return equalAmounts{"slow", 1}.LinearAmounts(piles)
}

// CountReductions is 1.
func (Slow) CountReductions(piles, heights []int) float64 {
	return equalAmounts{"slow", 1}.CountReductions(piles, heights)
}

// Reach is the offset 1_S and no step.
func (Slow) Reach(piles, heights []int, limit int) (steps, offsets [][]int, ok bool) {
	return equalAmounts{"slow", 1}.Reach(piles, heights, limit)
}

// equalAmounts takes the same amount from every pile: exactly a tokens, or
// (a = 0) any positive amount. It is fixed, fixedall, and Wythoff's rule.
type equalAmounts struct {
	name string
	a    int
}

func (r equalAmounts) Name() string     { return r.name }
func (r equalAmounts) EqualAmount() int { return r.a }
func (r equalAmounts) PileSymmetric()   {}
func (r equalAmounts) pileWise() bool   { return r.a > 0 }
func (r equalAmounts) pileRange(_, _ int) (lo, hi int) {
	return r.a, r.a
}
func (r equalAmounts) LinearAmounts(piles []int) ([]Amounts, bool) {
	return []Amounts{{Piles: piles, Each: max(r.a, 1), Exactly: r.a, Equal: true, TotalMax: -1}}, true
}

func (r equalAmounts) CountReductions(_, heights []int) float64 {
	least := slices.Min(heights)
	switch {
	case r.a == 0:
		return float64(least)
	case least >= r.a:
		return 1
	}
	return 0
}

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

// atLeast takes at least each tokens from each pile, any amount beyond:
// atleast(A; each), and the take rule (each 1).
type atLeast struct {
	name string
	each int
}

func (r atLeast) Name() string     { return r.name }
func (r atLeast) EachAtLeast() int { return r.each }
func (r atLeast) PileSymmetric()   {}
func (r atLeast) pileWise() bool   { return true }
func (r atLeast) pileRange(_, h int) (lo, hi int) {
	return r.each, h
}
func (r atLeast) LinearAmounts(piles []int) ([]Amounts, bool) {
	return []Amounts{{Piles: piles, Each: r.each, TotalMax: -1}}, true
}

func (r atLeast) CountReductions(_, heights []int) float64 {
	n := 1.0
	for _, h := range heights {
		n *= float64(max(h-r.each+1, 0))
	}
	return n
}

func (r atLeast) Reductions(p Position, piles []int, d []int, yield func([]int) bool) bool {
	for j, v := range piles {
		if p[v] < r.each {
			return true
		}
		d[j] = r.each
	}
	for { // an odometer over d[j] = each..p[piles[j]]
		if !yield(d) {
			return false
		}
		j := 0
		for ; j < len(d); j++ {
			if d[j] < p[piles[j]] {
				d[j]++
				break
			}
			d[j] = r.each
		}
		if j == len(d) {
			return true
		}
	}
}

func (r atLeast) Allows(_, d []int) bool {
	for _, t := range d {
		if t < r.each {
			return false
		}
	}
	return true
}

// amounts takes from each pile an amount of at least each, with a total in
// lo..hi (hi < 0: no upper bound). It is total and exactly.
type amounts struct {
	name   string
	each   int
	lo, hi int
}

func (r amounts) Name() string   { return r.name }
func (r amounts) PileSymmetric() {}
func (r amounts) LinearAmounts(piles []int) ([]Amounts, bool) {
	return []Amounts{{Piles: piles, Each: max(r.each, 1), TotalMin: r.lo, TotalMax: r.hi}}, true
}

// CountReductions bounds the count by the product of the pile ranges and,
// with an upper bound on the total, by the number of vectors whose total
// lies in lo..hi (the piles' heights aside).
func (r amounts) CountReductions(piles, heights []int) float64 {
	n := atLeast{each: r.each}.CountReductions(piles, heights)
	if r.hi >= 0 {
		k := len(heights)
		hi, lo := r.hi-r.each*k, max(r.lo-r.each*k, 0) // the totals beyond each on every pile
		n = min(n, atMostTotal(k, hi)-atMostTotal(k, lo-1))
	}
	return n
}

// atMostTotal is the number of vectors of k entries >= 0 with a total of at
// most t: C(t + k, k), and 0 for t < 0.
func atMostTotal(k, t int) float64 {
	if t < 0 {
		return 0
	}
	c := 1.0
	for j := 1; j <= k; j++ {
		c = c * float64(t+j) / float64(j)
	}
	return c
}

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

// pileWise is implemented by the rules that may treat each pile of a move
// set on its own: when pileWise() is true, a move takes from each pile v of
// its move set, holding h tokens, any amount in pileRange(v, h) (none when
// lo > hi), whatever it takes from the others. Options then counts through
// the options directly, and a compound whose components all follow the same
// such rule follows it too.
type pileWise interface {
	pileWise() bool
	pileRange(v, h int) (lo, hi int)
}

func (Take) pileWise() bool                  { return true }
func (Take) pileRange(_, h int) (lo, hi int) { return 1, h }
func (Slow) pileWise() bool                  { return true }
func (Slow) pileRange(_, _ int) (lo, hi int) { return 1, 1 }

// sameSeparableRule reports whether every rule of rules is the same rule, one
// that treats each pile on its own (pileWise; not a compound's).
func sameSeparableRule(rules []MoveRule) bool {
	if _, ok := rules[0].(compoundRule); ok {
		return false
	}
	s, ok := rules[0].(pileWise)
	if !ok || !s.pileWise() {
		return false
	}
	for _, r := range rules[1:] {
		if r != rules[0] {
			return false
		}
	}
	return true
}

// compoundRule plays the rules of the components of a sum or conjunctive
// compound side by side: each pile belongs to one component (partOf), and a
// move takes from the piles of each component what that component's rule
// allows there (one component in a sum, every one in a conjunctive compound).
// A component that is itself a compound is spliced in, so the rules are
// never compounds and partOf is indexed by the piles of the whole game.
type compoundRule struct {
	rules  []MoveRule
	partOf []int
	// wise holds the rules as pileWise when every one treats each pile on
	// its own, and is nil otherwise.
	wise []pileWise
}

// compoundOfRules is the rule of a compound whose parts follow rules and hold
// piles[i] piles each, in order: the parts' common rule when they all follow
// the same rule and it treats each pile on its own, and otherwise a
// compoundRule.
func compoundOfRules(rules []MoveRule, piles []int) MoveRule {
	if sameSeparableRule(rules) {
		return rules[0]
	}
	var c compoundRule
	for i, r := range rules {
		if inner, ok := r.(compoundRule); ok {
			off := len(c.rules)
			c.rules = append(c.rules, inner.rules...)
			for _, k := range inner.partOf {
				c.partOf = append(c.partOf, off+k)
			}
			continue
		}
		c.rules = append(c.rules, r)
		for range piles[i] {
			c.partOf = append(c.partOf, len(c.rules)-1)
		}
	}
	for _, r := range c.rules {
		w, ok := r.(pileWise)
		if !ok || !w.pileWise() {
			c.wise = nil
			break
		}
		c.wise = append(c.wise, w)
	}
	return c
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

// pileWise reports whether every component's rule treats each pile on its
// own.
func (c compoundRule) pileWise() bool { return c.wise != nil }

// pileRange is the range of the rule of pile v's component.
func (c compoundRule) pileRange(v, h int) (lo, hi int) {
	return c.wise[c.partOf[v]].pileRange(v, h)
}

// ruleOf is the rule of the component holding pile v.
func (c compoundRule) ruleOf(v int) MoveRule { return c.rules[c.partOf[v]] }

func (c compoundRule) Reductions(p Position, piles []int, d []int, yield func([]int) bool) bool {
	gs := c.groups(piles)
	var product func(k int) bool
	product = func(k int) bool {
		if k == len(gs) {
			return yield(d)
		}
		lo, hi := gs[k][0], gs[k][1]
		return c.ruleOf(piles[lo]).Reductions(p, piles[lo:hi], d[lo:hi], func([]int) bool { return product(k + 1) })
	}
	return product(0)
}

func (c compoundRule) Allows(piles, d []int) bool {
	for _, g := range c.groups(piles) {
		if !c.ruleOf(piles[g[0]]).Allows(piles[g[0]:g[1]], d[g[0]:g[1]]) {
			return false
		}
	}
	return true
}

// LinearAmounts joins the components' descriptions, when each has one.
func (c compoundRule) LinearAmounts(piles []int) ([]Amounts, bool) {
	var out []Amounts
	for _, g := range c.groups(piles) {
		part, ok := c.ruleOf(piles[g[0]]).(LinearRule)
		if !ok {
			return nil, false
		}
		a, ok := part.LinearAmounts(piles[g[0]:g[1]])
		if !ok {
			return nil, false
		}
		out = append(out, a...)
	}
	return out, true
}

// CountReductions multiplies the components' counts (+Inf when one cannot
// count).
func (c compoundRule) CountReductions(piles, heights []int) float64 {
	n := 1.0
	for _, g := range c.groups(piles) {
		part, ok := c.ruleOf(piles[g[0]]).(CountingRule)
		if !ok {
			return math.Inf(1)
		}
		n *= part.CountReductions(piles[g[0]:g[1]], heights[g[0]:g[1]])
	}
	return n
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
			sets := part.sets
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
			g := newGame(rule(a), part.Complex, sets)
			g.Title, g.Construction = title, &Construction{Op: name, Parts: []*Game{part}}
			return g, nil
		},
	}
}

func init() {
	register(ruleCombinator("fixed", "fixed(A; a)", "fixed(cn:5,2; 2)",
		"choose a face of A; take exactly a tokens from each of its piles", true, false,
		func(a int) MoveRule { return equalAmounts{"fixed", a} }))
	register(ruleCombinator("fixedall", "fixedall(A; a)", "fixedall(cn:5,2; 1)",
		"choose a facet of A; take exactly a tokens from every pile of it (fixedall(moore:N,K; 1) is slow:N,K)", true, true,
		func(a int) MoveRule { return equalAmounts{"fixedall", a} }))
	register(ruleCombinator("atleast", "atleast(A; a)", "atleast(cn:5,2; 1)",
		"choose a facet of A; take at least a tokens from every pile of it (a = 1: NIM_H on the facets)", true, true,
		func(a int) MoveRule { return atLeast{"atleast", a} }))
	register(ruleCombinator("total", "total(A; a)", "total(cn:5,2; 3)",
		"choose a face of A; take at least a tokens in total from its piles, any amount from each", true, false,
		func(a int) MoveRule { return amounts{"total", 1, a, -1} }))
	register(ruleCombinator("exactly", "exactly(A; a)", "exactly(cn:5,2; 3)",
		"choose a face of A; take exactly a tokens in total from its piles", true, false,
		func(a int) MoveRule { return amounts{"exactly", 1, a, a} }))
	register(ruleCombinator("wythoff", "wythoff(A)", "wythoff(cn:5,2)",
		"take any positive amount from one pile, or the same positive amount from every pile of a face of two or more piles", false, false,
		func(int) MoveRule { return equalAmounts{"wythoff", 0} }))
}
