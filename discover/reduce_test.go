package discover

import (
	"slices"
	"strings"
	"testing"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/table"
	"pgregory.net/rapid"
)

// cond writes the condition of the region of key set, not widened.
func (k regionKind) cond(set uint64, names []string) string { return k.condition(set, names, false) }

// rel is the linear relation sum of coef[i]·p_i = rhs.
func rel(rhs int64, coef ...int64) Linear { return Linear{Coef: coef, RHS: rhs} }

// TestReduce drops the conjuncts that the region's condition and the others
// imply, and keeps those they do not.
func TestReduce(t *testing.T) {
	const a, b, c, d, e, f = 1, 2, 4, 8, 16, 32
	allEqual6 := []Linear{rel(0, 1, -1, 0, 0, 0, 0), rel(0, 1, 0, -1, 0, 0, 0), rel(0, 1, 0, 0, -1, 0, 0),
		rel(0, 1, 0, 0, 0, -1, 0), rel(0, 1, 0, 0, 0, 0, -1)}
	zero6 := func(i int) Linear { l := rel(0, 0, 0, 0, 0, 0, 0); l.Coef[i] = 1; return l }
	for _, tt := range []struct {
		name string
		n    int
		kind regionKind
		set  uint64
		d    description
		want string
	}{
		{"a repeated equality", 3, whole, 0,
			description{linear: []Linear{rel(0, 1, -1, 0), rel(0, 1, -1, 0), rel(0, 0, 1, -1)}}, "a == b && b == c"},
		{"an equality the others give", 3, whole, 0,
			description{linear: []Linear{rel(0, 1, -1, 0), rel(0, 0, 1, -1), rel(0, 1, 0, -1)}}, "a == b && b == c"},
		{"a xor of two piles is an equality", 3, whole, 0,
			description{linear: []Linear{rel(0, 1, -1, 0)}, extra: []relation{xorSet(a | b)}}, "a == b"},
		{"a repeated xor", 5, whole, 0,
			description{extra: []relation{xorSet(a | c | e), xorSet(a | c | e)}}, "xor(a, c, e) == 0"},
		{"a xor the equalities give", 4, whole, 0,
			description{linear: []Linear{rel(0, 1, -1, 0, 0), rel(0, 0, 0, 1, -1)}, extra: []relation{xorSet(a | b | c | d)}},
			"a == b && c == d"},
		{"a xor the equalities do not give", 6, minima, a,
			description{linear: []Linear{rel(0, 1, 1, 0, -1, -1, 0), rel(0, 1, 0, -1, -1, 0, 1)}, extra: []relation{xorSet(a | c | e)}},
			"a + b == d + e && a + f == c + d && xor(a, c, e) == 0"},
		{"colmod(3) from colmod(6)", 6, whole, 0,
			description{extra: []relation{columnModulus(3), columnModulus(6), columnModulus(4)}},
			"colmod(6, a, b, c, d, e, f) && colmod(4, a, b, c, d, e, f)"},
		{"a repeated colmod", 4, whole, 0,
			description{extra: []relation{columnModulus(4), columnModulus(4)}}, "colmod(4, a, b, c, d)"},
		{"colmod and parities of six equal piles", 6, whole, 0,
			description{linear: allEqual6, extra: []relation{columnModulus(3), columnModulus(6), parity{set: a | b}, parity{set: e | f}}},
			"a == b && a == c && a == d && a == e && a == f"},
		{"colmod(4) of two pairs is not implied", 4, whole, 0,
			description{linear: []Linear{rel(0, 1, -1, 0, 0), rel(0, 0, 0, 1, -1)}, extra: []relation{columnModulus(4)}},
			"a == b && c == d && colmod(4, a, b, c, d)"},
		{"a parity from a relation", 6, maxima, a,
			description{linear: []Linear{rel(0, 1, 1, -1, -1, -1, 1)}, extra: []relation{parity{set: 63}, parity{set: a}}},
			"a + b + f == c + d + e && a % 2 == 0"},
		{"a parity from a relation with a constant", 2, whole, 0,
			description{linear: []Linear{rel(3, 1, 1)}, extra: []relation{parity{set: a | b, odd: true}, parity{set: a | b}}},
			"3 == a + b && (a + b) % 2 == 0"}, // the second contradicts: kept, never dropped as implied
		{"a parity and a xor from an even colmod", 4, whole, 0,
			description{extra: []relation{columnModulus(4), xorSet(15), parity{set: 15}}}, "colmod(4, a, b, c, d)"},
		{"a parity the equalities do not give", 3, whole, 0,
			description{linear: []Linear{rel(0, 1, -1, 0)}, extra: []relation{parity{set: a}, parity{set: a | b}}}, "a == b && a % 2 == 0"},
		{"a parity from a xor", 3, whole, 0,
			description{extra: []relation{xorSet(a | b | c), parity{set: a | b | c}}}, "xor(a, b, c) == 0"},
		{"the zeros give an equality", 3, zeros, a | b,
			description{linear: []Linear{rel(0, 1, -1, 0), rel(0, 1, 0, 0), rel(2, 0, 0, 1)}}, "c == 2"},
		{"the minimum's piles, all 0", 6, minima, 63,
			description{linear: []Linear{zero6(0), zero6(1), zero6(2), zero6(3), zero6(4), zero6(5)}}, "a == 0"},
		{"the minimum's piles, 0 by the condition", 6, minimaSign, 63,
			description{linear: []Linear{zero6(0), zero6(1), zero6(2), zero6(3), zero6(4), zero6(5)}}, ""},
		{"CN(6,4)'s zeros on a triangle", 6, minima, a | c | e,
			description{linear: []Linear{zero6(0), zero6(2), rel(0, 0, 1, 0, -1, 0, 0), zero6(4), rel(0, 0, 1, 0, 0, 0, -1)}},
			"a == 0 && b == d && b == f"},
		{"orders of the condition and the equalities", 6, maxima, a | b | d | e,
			description{linear: []Linear{rel(0, 0, 0, 1, 0, 0, -1)},
				extra: []relation{order{2, 0}, order{2, 1}, order{5, 4}, order{5, 2}, order{1, 2}}},
			"c == f && b <= c"}, // the last contradicts the condition: kept
		{"an order through others", 3, whole, 0,
			description{extra: []relation{order{0, 1}, order{1, 2}, order{0, 2}}}, "a <= b && b <= c"},
		{"orders by an equality and the condition", 4, minima, a,
			description{linear: []Linear{rel(0, 1, 1, -1, -1)}, extra: []relation{order{2, 1}, order{3, 1}, order{2, 3}}},
			"a + b == c + d && c <= d"},
		{"an order by a sum", 3, whole, 0,
			description{linear: []Linear{rel(0, 1, -1, -1)}, extra: []relation{order{1, 0}, order{2, 0}}}, "a == b + c"},
		{"an order an equality does not give", 3, whole, 0,
			description{linear: []Linear{rel(0, 1, 1, -1)}, extra: []relation{order{1, 0}}}, "c == a + b && b <= a"},
		{"an order an equality with a negative constant does not give", 3, whole, 0,
			description{linear: []Linear{rel(-1, 1, -1, -1)}, extra: []relation{order{1, 0}}}, "a + 1 == b + c && b <= a"},
		{"a repeated min-form", 4, whole, 0,
			description{extra: []relation{minForm{pile: 3, left: a, right: b | c}, minForm{pile: 3, left: a, right: b | c},
				minForm{pile: 3, left: a, right: b | c, max: true}}},
			"d == min(a, b + c) && d == max(a, b + c)"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			eqs, les := tt.kind.facts(tt.set, tt.n)
			r := reduce(tt.d, tt.n, eqs, les)
			got := strings.Join(r.terms(pileNames(tt.n)), " && ")
			if got != tt.want {
				t.Errorf("reduce(%s) under %q = %q, want %q", strings.Join(tt.d.terms(pileNames(tt.n)), " && "),
					tt.kind.cond(tt.set, pileNames(tt.n)), got, tt.want)
			}
		})
	}
}

// TestReduceKeepsTheRegion: on positions built to hold random relations,
// the description of a region and its reduction accept the same positions
// of that region, on a box larger than the one learned from; and the
// condition's facts hold on it, whose written condition accepts exactly the
// positions of its key.
func TestReduceKeepsTheRegion(t *testing.T) {
	kinds := []regionKind{whole, zeros, minima, maxima, minimaSign, pileOrder}
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(2, 5).Draw(t, "n")
		kind := rapid.SampledFrom(kinds).Draw(t, "kind")
		level := rapid.IntRange(0, levels-1).Draw(t, "level")
		pile := rapid.IntRange(0, n-1)
		type rule struct{ kind, i, j, k, l int }
		rules := rapid.SliceOfN(rapid.Custom(func(t *rapid.T) rule {
			return rule{rapid.IntRange(0, 7).Draw(t, "rule"), pile.Draw(t, "i"), pile.Draw(t, "j"), pile.Draw(t, "k"), pile.Draw(t, "l")}
		}), 0, 4).Draw(t, "rules")
		keep := func(p []int) bool {
			for _, r := range rules {
				x, y, z, w := p[r.i], p[r.j], p[r.k], p[r.l]
				if !map[int]bool{0: x == y, 1: x == y+z, 2: x^y^z == 0, 3: x <= y, 4: (x+y)%2 == 0,
					5: x+y == z+w, 6: x^y^z^w == 0, 7: x == 0}[r.kind] {
					return false
				}
			}
			return true
		}
		learn, wide := table.Uniform(n, 3), table.Uniform(n, 5)
		p := make(game.Position, n)
		groups := map[uint64][][]int{}
		for idx := range learn.Positions() {
			learn.Position(idx, p)
			if keep(p) {
				groups[kind.key(p)] = append(groups[kind.key(p)], append([]int(nil), p...))
			}
		}
		if len(groups) == 0 {
			t.Skip("no position")
		}
		set := rapid.SampledFrom(sortedKeys(groups)).Draw(t, "region")
		desc := describe(groups[set], n, level)
		eqs, les := kind.facts(set, n)
		reduced := reduce(desc, n, eqs, les)
		cond := kind.cond(set, pileNames(n))
		if cond == "" {
			cond = "true"
		}
		e, err := check.Compile(cond, n, nil)
		if err != nil {
			t.Fatalf("%s: %v", cond, err)
		}
		inCond := e.Evaluator()
		names := pileNames(n)
		for idx := range wide.Positions() {
			wide.Position(idx, p)
			in := kind.key(p) == set
			if inCond(p) != in {
				t.Fatalf("%v: the condition %q says %v, the key %v", p, cond, inCond(p), in)
			}
			if !in {
				continue
			}
			for _, l := range eqs {
				if !l.holds(p) {
					t.Fatalf("%v in region %q: the fact %s fails", p, cond, l.expr(names))
				}
			}
			for _, o := range les {
				if o.lo < n && o.hi < n && p[o.lo] > p[o.hi] || o.hi == n && p[o.lo] > 0 {
					t.Fatalf("%v in region %q: the fact %v fails", p, cond, o)
				}
			}
			if desc.holds(p) != reduced.holds(p) {
				t.Fatalf("%v in region %q: %s says %v, reduced to %s %v", p, cond,
					strings.Join(desc.terms(names), " && "), desc.holds(p), strings.Join(reduced.terms(names), " && "), reduced.holds(p))
			}
		}
	})
}

// TestReduceIsSound: relations drawn at random, each holding at a few
// positions of one region (so that the region holds positions they all
// accept) but otherwise unrelated, reduce to a description that accepts
// the same positions of the region.
func TestReduceIsSound(t *testing.T) {
	kinds := []regionKind{whole, zeros, minima, maxima, minimaSign, pileOrder}
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(2, 6).Draw(t, "n")
		kind := rapid.SampledFrom(kinds).Draw(t, "kind")
		value := rapid.IntRange(0, 4)
		position := rapid.SliceOfN(value, n, n)
		seeds := [][]int{position.Draw(t, "seed")}
		set := kind.key(seeds[0])
		for range rapid.IntRange(0, 2).Draw(t, "more seeds") {
			if p := position.Draw(t, "seed"); kind.key(p) == set {
				seeds = append(seeds, p)
			}
		}
		pile := rapid.IntRange(0, n-1)
		piles := rapid.Uint64Range(1, 1<<n-1)
		var d description
		holds := func(r interface{ holds([]int) bool }) bool {
			for _, p := range seeds {
				if !r.holds(p) {
					return false
				}
			}
			return true
		}
		for range rapid.IntRange(0, 10).Draw(t, "relations") {
			switch rapid.IntRange(-1, 5).Draw(t, "kind of relation") {
			case -1: // the most common: two piles equal, or a pile equal to a constant
				l := Linear{Coef: make([]int64, n)}
				i, j := pile.Draw(t, "i"), pile.Draw(t, "j")
				l.Coef[i] = 1
				if i != j {
					l.Coef[j] = -1
				} else {
					l.RHS = int64(seeds[0][i])
				}
				if holds(l) {
					d.linear = append(d.linear, l)
				}
				continue
			case 0:
				l := Linear{Coef: rapid.SliceOfN(rapid.Int64Range(-2, 2), n, n).Draw(t, "coef")}
				for i, c := range l.Coef {
					l.RHS += c * int64(seeds[0][i])
				}
				if holds(l) && slices.ContainsFunc(l.Coef, func(c int64) bool { return c != 0 }) {
					d.linear = append(d.linear, l)
				}
				continue
			case 1:
				d.extra = append(d.extra, xorSet(piles.Draw(t, "xor")))
			case 2:
				r := parity{set: piles.Draw(t, "parity")}
				r.odd = !r.holds(seeds[0])
				d.extra = append(d.extra, r)
			case 3:
				d.extra = append(d.extra, columnModulus(rapid.IntRange(3, 6).Draw(t, "m")))
			case 4:
				d.extra = append(d.extra, order{pile.Draw(t, "i"), pile.Draw(t, "j")})
			case 5:
				d.extra = append(d.extra, minForm{pile: pile.Draw(t, "pile"), left: piles.Draw(t, "left"), right: piles.Draw(t, "right"),
					max: rapid.Bool().Draw(t, "max")})
			}
			if !holds(d.extra[len(d.extra)-1]) {
				d.extra = d.extra[:len(d.extra)-1]
			}
		}
		eqs, les := kind.facts(set, n)
		reduced := reduce(d, n, eqs, les)
		names := pileNames(n)
		box := table.Uniform(n, 9-n)
		p := make(game.Position, n)
		for idx := range box.Positions() {
			box.Position(idx, p)
			if kind.key(p) == set && d.holds(p) != reduced.holds(p) {
				t.Fatalf("%v in region %q: %s says %v, reduced to %s %v", p, kind.cond(set, names),
					strings.Join(d.terms(names), " && "), d.holds(p), strings.Join(reduced.terms(names), " && "), reduced.holds(p))
			}
		}
	})
}
