// Package game defines the games nimlab plays: a ruleset on a structure of
// piles, named by a short spec string such as "cn:6,3" or "graph:1-2,2-3/misere",
// and the positions of such a game.
//
// Most games here are Nim played on a simplicial complex
// (Ehrenborg–Steingrímsson 1996, Section 2) under the take rule: a move
// chooses a face of the complex and removes at least one token in total from
// the piles of that face. Circular Nim CN(n,k) (Dufour–Heubach 2013)
// is Nim on the cycle complex, Moore's Nim on the complex of all k-subsets, and
// so on. Under the slow rule (Gurvich–Martynov–Maximchuk–Vyalyi 2023) a move chooses a
// set of non-empty piles from a list (the game's move sets) and removes exactly
// one token from each. Sums of games mix both: in a conjunctive compound some
// piles of a move set lose any positive number of tokens, others exactly one.
// In normal play the player who cannot move loses; in misère play ("/misere")
// that player wins.
package game

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/literature"
)

// Position holds the number of tokens on each pile, pile 0 first.
type Position []int

// String writes p as comma-separated pile sizes, the syntax ParsePosition reads.
func (p Position) String() string {
	parts := make([]string, len(p))
	for i, v := range p {
		parts[i] = strconv.Itoa(v)
	}
	return strings.Join(parts, ",")
}

// Game is a ruleset: the sets of piles a move may play, how a move changes
// them (its rule), and the play convention. Make one with New: the move
// sets and the rule are fixed there, and what derives from them is computed
// once; a Game written as a literal elsewhere has no rule, and its methods
// panic.
type Game struct {
	// Spec is the canonical spec string that names the game.
	Spec string
	// Title names the game in the papers' words, e.g. "Circular Nim CN(6,3)".
	Title string
	// Source cites the papers defining the game and where (its String is
	// e.g. "Dufour–Heubach 2013, Section 1").
	Source literature.Citations
	// Complex is the structure played on: one vertex per pile. A move plays
	// a face of it: any non-empty face, or one of the listed move sets,
	// whose subsets the complex then is (MoveSets).
	Complex *complex.Complex
	// Misere is true when the player who makes the last move loses.
	Misere bool
	// Binary, when not nil, represents the complex as a binary matroid: pile
	// i sits on the vector Binary[i] over GF(2), and a set of piles is a face
	// when its vectors are independent (graph: and binmat: games).
	Binary []uint64
	// Construction, when not nil, says how the game was built from others
	// (join, cone, suspension, B_x, P_x, C^z, rule variations, compounds).
	Construction *Construction

	// rule is how a move changes the piles of its move set; never nil in a
	// game made by New.
	rule MoveRule
	// sets lists the move sets, or is nil when every non-empty face of
	// Complex is one.
	sets []complex.Set
}

// New returns the game on the complex c in which a move chooses a move set
// whose piles are all non-empty and takes from its piles what rule allows.
// The move sets are every non-empty face of c when sets is nil, and
// otherwise sets, which must generate c (c's faces are the subsets of the
// sets: the complex complex.New makes of them). It fails when rule or c is
// nil, a set is empty, or the sets generate another complex.
func New(rule MoveRule, c *complex.Complex, sets []complex.Set) (*Game, error) {
	if rule == nil || c == nil {
		return nil, errors.New("a game needs a rule and a complex")
	}
	if sets != nil {
		if slices.Contains(sets, 0) {
			return nil, errors.New("the empty set is not a move set: a move takes from at least one pile")
		}
		generated, err := complex.New(c.N(), sets)
		if err != nil {
			return nil, err
		}
		if !slices.Equal(generated.Facets(), c.Facets()) {
			return nil, fmt.Errorf("the move sets generate the complex %s, not %s", generated, c)
		}
	}
	return newGame(rule, c, sets), nil
}

// newGame is New without the checks, for the constructors of this package,
// whose complex is the one the sets generate by construction. Nothing else
// derives from the rule and the move sets: the methods ask the rule.
func newGame(rule MoveRule, c *complex.Complex, sets []complex.Set) *Game {
	return &Game{Complex: c, rule: rule, sets: sets}
}

// onComplex is the game of rule on every face of c, with a title; it passes
// on err, the error of making c.
func onComplex(rule MoveRule, c *complex.Complex, err error, title string) (*Game, error) {
	if err != nil {
		return nil, err
	}
	g := newGame(rule, c, nil)
	g.Title = title
	return g, nil
}

// onSets is the game of rule on n piles whose move sets are sets, on the
// complex they generate, with a title.
func onSets(rule MoveRule, n int, sets []complex.Set, title string) (*Game, error) {
	c, err := complex.New(n, sets)
	if err != nil {
		return nil, err
	}
	g := newGame(rule, c, sets)
	g.Title = title
	return g, nil
}

// Rule is the move rule of g: how a move changes the piles of its move set.
// It is never nil. Engines and theorems ask it for capabilities
// (EachAtLeastRule, EqualAmountRule, ReachRule, ...).
func (g *Game) Rule() MoveRule {
	if g.rule == nil {
		panic("game: a Game without a rule (make games with game.New or game.Parse)")
	}
	return g.rule
}

// OnFaces reports whether every non-empty face of the complex is a move
// set (and no other set is).
func (g *Game) OnFaces() bool {
	g.Rule()
	return g.sets == nil
}

// TakeOnFaces reports whether g is simplicial Nim: every non-empty face of
// the complex may be played, and its rule takes any positive number of
// tokens from each pile of the face (EachAtLeastRule with 1). The line
// engine (solve.Fast) and the theorems of Dufour–Heubach 2013 and
// Ehrenborg–Steingrímsson 1996 are about these games.
func (g *Game) TakeOnFaces() bool {
	r, ok := g.Rule().(EachAtLeastRule)
	return ok && r.EachAtLeast() == 1 && g.sets == nil
}

// Construction records an operation of Ehrenborg–Steingrímsson 1996,
// Sections 6 and 7, applied to games.
type Construction struct {
	// Op is the combinator's name: "join", "cone", "susp", "bx", "px" or "cz".
	Op string
	// Parts are the games operated on (two or more for join, one otherwise),
	// in the order of their piles.
	Parts []*Game
	// Vertex is the 0-based vertex x of Parts[0] that bx and px split.
	Vertex int
}

// Piles is the number of piles of a position.
func (g *Game) Piles() int { return g.Complex.N() }

// PositionError is the error of a position that ParsePosition cannot read
// or that does not fit the game.
type PositionError struct{ Err error }

func (e *PositionError) Error() string { return e.Err.Error() }
func (e *PositionError) Unwrap() error { return e.Err }

// positionErrorf is a PositionError formatted as fmt.Errorf formats.
func positionErrorf(format string, a ...any) error {
	return &PositionError{Err: fmt.Errorf(format, a...)}
}

// ParsePosition reads comma-separated pile sizes such as "1,2,3" (spaces and
// surrounding parentheses allowed) and checks that they fit the game.
func (g *Game) ParsePosition(s string) (Position, error) {
	t := strings.TrimSpace(s)
	t = strings.TrimSuffix(strings.TrimPrefix(t, "("), ")")
	fields := strings.Split(t, ",")
	if strings.TrimSpace(t) == "" {
		fields = nil
	}
	if len(fields) != g.Piles() {
		if len(fields) == 0 {
			return nil, positionErrorf("the position is empty: %s has %d piles (write pile sizes separated by commas, e.g. %s)",
				g.Spec, g.Piles(), examplePosition(g.Piles()))
		}
		return nil, positionErrorf("position %q has %s, but %s has %d (write pile sizes separated by commas, e.g. %s)",
			s, plural(len(fields), "pile"), g.Spec, g.Piles(), examplePosition(g.Piles()))
	}
	p := make(Position, len(fields))
	for i, f := range fields {
		v, err := strconv.Atoi(strings.TrimSpace(f))
		if errors.Is(err, strconv.ErrRange) && !strings.HasPrefix(strings.TrimSpace(f), "-") {
			return nil, positionErrorf("position %q: pile %d is larger than %d, the largest pile nimlab accepts", s, i+1, math.MaxInt)
		}
		if err != nil {
			return nil, positionErrorf("position %q: pile %d is %q, not a whole number", s, i+1, strings.TrimSpace(f))
		}
		if v < 0 {
			return nil, positionErrorf("position %q: pile %d is negative (%d)", s, i+1, v)
		}
		p[i] = v
	}
	return p, nil
}

func examplePosition(n int) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = strconv.Itoa(i + 1)
	}
	return strings.Join(parts, ",")
}

// MoveSets lists the sets of piles a move may play: the listed sets, or
// every non-empty face of the complex (OnFaces). It fails with
// complex.ErrTooLarge when the faces are too many to list
// (complex.MaxFaces). The caller must not modify it.
func (g *Game) MoveSets() ([]complex.Set, error) {
	if !g.OnFaces() {
		return g.sets, nil
	}
	faces, err := g.Complex.Faces()
	if err != nil {
		return nil, fmt.Errorf("the move sets of %s: %w", g.Spec, err)
	}
	return faces, nil
}

// Symmetric reports whether the piles can be permuted freely: whether every
// permutation of the piles maps the game to itself, as for Nim, Moore's Nim
// and the slow games slow, slowle and slowset. That is the case when the
// move sets are all the sets of some sizes and the rule treats every pile
// alike (PileSymmetricRule).
func (g *Game) Symmetric() bool {
	n := g.Piles()
	if _, ok := g.Rule().(PileSymmetricRule); !ok {
		return false // a compound's components' rules differ from pile to pile
	}
	if g.OnFaces() {
		return g.Complex.IsFull()
	}
	count := make([]uint64, n+1)
	for _, s := range g.sets {
		count[s.Len()]++
	}
	for size, c := range count {
		if c != 0 && c != complex.Binomial(n, size) {
			return false
		}
	}
	return true
}

// MoveSizes lists the sizes of the move sets, smallest first. The faces of a
// complex have every size from 1 to its largest facet's.
func (g *Game) MoveSizes() []int {
	var seen complex.Set
	for _, s := range g.sets {
		seen |= 1 << uint(s.Len())
	}
	if g.OnFaces() {
		seen = complex.All(g.Complex.Facets()[0].Len()+1) &^ 1
	}
	return seen.Vertices()
}

// Symmetries returns the permutations of the piles that map the game to
// itself, for a rule that treats every pile alike (PileSymmetricRule) on the
// faces of a complex (the automorphisms of the complex), for symmetric
// games (all permutations), and for a rule variation of a game with
// symmetries on the same piles and move sets (that game's). It fails for
// other games, and as complex.Complex.Symmetries does.
func (g *Game) Symmetries(ctx context.Context) (*complex.Group, error) {
	_, alike := g.Rule().(PileSymmetricRule)
	switch {
	case alike && g.OnFaces():
		return g.Complex.Symmetries(ctx)
	case g.Symmetric():
		return complex.FullGroup(g.Piles()), nil
	case alike && g.Construction != nil && len(g.Construction.Parts) == 1 && g.Construction.Parts[0].Piles() == g.Piles():
		// A rule variation treats every pile alike, so the symmetries of the
		// game it varies (same piles, same move sets) are its own.
		return g.Construction.Parts[0].Symmetries(ctx)
	}
	return nil, fmt.Errorf("the symmetries of %s are not computed (only for games on a complex and for symmetric games)", g.Spec)
}

// Options yields every option of p (every position one move away) exactly
// once. The yielded slice is reused between calls: copy it to keep it.
// Iteration stops when yield returns false. The move sets must be listable:
// callers check MoveSets first (the engines do, once per solve), and Options
// panics when it fails.
func (g *Game) Options(p Position) func(yield func(Position) bool) {
	sets, err := g.MoveSets()
	if err != nil {
		panic("game: Options of a game whose move sets cannot be listed: " + err.Error())
	}
	rule := g.Rule()
	w, wise := rule.(pileWise)
	wise = wise && w.pileWise()
	return func(yield func(Position) bool) {
		q := make(Position, len(p))
		d := make([]int, len(p))
		var piles, lo, hi []int
		for _, set := range sets {
			piles = appendVertices(piles[:0], set)
			playable := true
			for _, v := range piles {
				if p[v] == 0 {
					playable = false
					break
				}
			}
			if !playable {
				continue
			}
			copy(q, p)
			if !wise {
				more := rule.Reductions(p, piles, d[:len(piles)], func(d []int) bool {
					for j, v := range piles {
						q[v] = p[v] - d[j]
					}
					return yield(q)
				})
				if !more {
					return
				}
				continue
			}
			// Each pile loses an amount of its own range: count through
			// q[v] = p[v]-hi..p[v]-lo like an odometer.
			lo, hi = lo[:0], hi[:0]
			for _, v := range piles {
				l, h := w.pileRange(v, p[v])
				h = min(h, p[v])
				if l > h {
					playable = false
					break
				}
				lo, hi = append(lo, l), append(hi, h)
				q[v] = p[v] - h
			}
			if !playable {
				continue
			}
			for {
				if !yield(q) {
					return
				}
				j := 0
				for ; j < len(piles); j++ {
					v := piles[j]
					if q[v] < p[v]-lo[j] {
						q[v]++
						break
					}
					q[v] = p[v] - hi[j]
				}
				if j == len(piles) {
					break
				}
			}
		}
	}
}

// appendVertices appends the vertices of s to vs, smallest first.
func appendVertices(vs []int, s complex.Set) []int {
	for r := uint64(s); r != 0; r &= r - 1 {
		vs = append(vs, bits.TrailingZeros64(r))
	}
	return vs
}

// OptionCount is the number of options of p, or an upper bound of it, from
// the rule's count of its reductions on each move set (CountingRule),
// without listing them; +Inf when the rule cannot count or the move sets
// cannot be listed.
func (g *Game) OptionCount(p Position) float64 {
	sets, err := g.MoveSets()
	if err != nil {
		return math.Inf(1)
	}
	r, ok := g.Rule().(CountingRule)
	if !ok {
		return math.Inf(1)
	}
	total := 0.0
	var piles, heights []int
	for _, set := range sets {
		piles = appendVertices(piles[:0], set)
		heights = heights[:0]
		playable := true
		for _, v := range piles {
			heights = append(heights, p[v])
			playable = playable && p[v] > 0
		}
		if playable {
			total += r.CountReductions(piles, heights)
		}
	}
	return total
}

// IsTerminal reports whether p has no option. In simplicial Nim every pile
// is a face, so only the empty position is terminal.
func (g *Game) IsTerminal(p Position) bool {
	if g.TakeOnFaces() {
		return IsZero(p)
	}
	for range g.Options(p) {
		return false
	}
	return true
}

// IsMove reports whether q is an option of p: a position of the game (no
// negative pile), the piles where they differ form a move set, every pile of
// it is smaller in q, and the rule allows the amounts taken.
func (g *Game) IsMove(p, q Position) bool { return g.CheckMove(p, q) == nil }

// CheckMove returns nil when q is an option of p, and otherwise an error that
// says why not, in words a player understands (piles numbered from 1).
func (g *Game) CheckMove(p, q Position) error {
	if len(p) != g.Piles() || len(q) != g.Piles() {
		return fmt.Errorf("%s has %d piles, the move %d", g.Spec, g.Piles(), len(q))
	}
	rule := g.Rule()
	var changed complex.Set
	for i := range p {
		switch {
		case q[i] < 0:
			return fmt.Errorf("pile %d would hold %d tokens; a pile cannot go below 0", i+1, q[i])
		case q[i] > p[i]:
			return fmt.Errorf("pile %d would grow from %d to %d; a move only removes tokens", i+1, p[i], q[i])
		case q[i] < p[i]:
			changed |= 1 << uint(i)
		}
	}
	if changed == 0 {
		return errors.New("nothing changes; a move removes at least one token")
	}
	if g.OnFaces() {
		if !g.Complex.IsFace(changed) {
			return fmt.Errorf("piles %s may not be played together: they lie in no face of the complex (%s)", changed, facetsText(g.Complex.Facets()))
		}
	} else if !slices.Contains(g.sets, changed) {
		return fmt.Errorf("piles %s are not a move set of %s (%s)", changed, g.Spec, moveSetsText(g.sets))
	}
	piles := changed.Vertices()
	d := make([]int, len(piles))
	for j, v := range piles {
		d[j] = p[v] - q[v]
	}
	if rule.Allows(piles, d) {
		return nil
	}
	if r, ok := rule.(EqualAmountRule); ok && r.EqualAmount() > 0 {
		for j, v := range piles {
			if d[j] != r.EqualAmount() {
				return fmt.Errorf("pile %d would lose %d tokens; a move takes exactly %s from it", v+1, d[j], plural(r.EqualAmount(), "token"))
			}
		}
	}
	if _, ok := rule.(compoundRule); ok {
		return fmt.Errorf("taking %v from piles %s is not a move of every component's rule", d, changed)
	}
	return fmt.Errorf("taking %v from piles %s is not a move of the %s rule", d, changed, rule.Name())
}

// moveSetsText lists a few move sets for an explanation.
// facetsText writes the facets as a reader counts them: "the facets are
// {1, 2, 3}, {3, 4}", or "each pile is a facet of its own" (Nim).
func facetsText(facets []complex.Set) string {
	parts := make([]string, len(facets))
	single := true
	for i, f := range facets {
		vs := f.Vertices()
		single = single && len(vs) == 1
		names := make([]string, len(vs))
		for j, v := range vs {
			names[j] = strconv.Itoa(v + 1)
		}
		parts[i] = "{" + strings.Join(names, ", ") + "}"
	}
	switch {
	case single:
		return "each pile is a facet of its own: a move takes from one pile"
	case len(parts) == 1:
		return "its one facet is " + parts[0]
	}
	return "the facets are " + strings.Join(parts, ", ")
}

func moveSetsText(sets []complex.Set) string {
	const shown = 6
	parts := make([]string, 0, shown+1)
	for i, s := range sets {
		if i == shown {
			parts = append(parts, fmt.Sprintf("and %d more", len(sets)-shown))
			break
		}
		parts = append(parts, s.String())
	}
	return "the move sets are " + strings.Join(parts, ", ")
}

// Terminal is what a terminal position (one without options) is worth under
// the game's play convention — the one place nimlab decides it. In normal
// play the player to move there has lost: it is a P-position of Grundy value
// 0 and remoteness 0. In misère play that player has won: it is an
// N-position, of misère Grundy value 1 (as if one option of value 0 were
// left) and remoteness 1 (as if one move were left). Every other position is
// valued from its options the same way in both conventions.
func (g *Game) Terminal() (isP bool, grundy, remoteness int) {
	if g.Misere {
		return false, 1, 1
	}
	return true, 0, 0
}

// IsZero reports whether every pile of p is empty.
func IsZero(p Position) bool {
	for _, v := range p {
		if v != 0 {
			return false
		}
	}
	return true
}
