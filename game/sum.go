package game

import (
	"fmt"
	"strings"

	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/literature"
)

// compoundSource cites sums and conjunctive compounds.
var compoundSource = literature.Of(literature.Smith1966, "", literature.GurvichMartynovMaximchukVyalyi2023, "Section 1.4")

// compound combines games on disjoint piles, the piles of parts[0] first.
// In a disjunctive sum (conjunctive false) a move is a move of one part; in a
// conjunctive compound it is a move of every part at once. Its rule plays
// each part's rule on that part's piles (compoundOfRules: the parts' rule,
// when they share one that treats each pile on its own). A sum of games on
// the faces of complexes is played on the faces of their disjoint union.
func compound(parts []*Game, conjunctive bool) (*Game, error) {
	n := 0
	rules := make([]MoveRule, len(parts))
	piles := make([]int, len(parts))
	faces := !conjunctive
	for i, p := range parts {
		n += p.Piles()
		rules[i], piles[i] = p.Rule(), p.Piles()
		faces = faces && p.OnFaces()
	}
	if n > complex.MaxVertices {
		return nil, fmt.Errorf("the parts have %d piles together; at most %d are supported", n, complex.MaxVertices)
	}
	rule := compoundOfRules(rules, piles)
	if faces { // the faces of the disjoint union are the parts' faces
		var facets []complex.Set
		off := 0
		for _, p := range parts {
			for _, f := range p.Complex.Facets() {
				facets = append(facets, f<<uint(off))
			}
			off += p.Piles()
		}
		c, err := complex.New(n, facets)
		return onComplex(rule, c, err, "")
	}
	sets, err := compoundSets(parts, conjunctive)
	if err != nil {
		return nil, err
	}
	return onSets(rule, n, sets, "")
}

// compoundSets lists the move sets of a compound, the piles of parts[0]
// first: in a sum, each part's move sets; in a conjunctive compound, every
// union of one move set of each part.
func compoundSets(parts []*Game, conjunctive bool) ([]complex.Set, error) {
	var sets []complex.Set
	off := 0
	for i, p := range parts {
		partSets, err := p.MoveSets()
		if err != nil {
			return nil, err
		}
		var next []complex.Set
		for _, e := range partSets {
			e <<= uint(off)
			switch {
			case !conjunctive || i == 0:
				next = append(next, e)
			default:
				if len(sets)*len(partSets) > MaxEdges {
					return nil, fmt.Errorf("the compound has more than %d move sets", MaxEdges)
				}
				for _, s := range sets {
					next = append(next, s|e)
				}
			}
		}
		if conjunctive {
			sets = next
		} else {
			sets = append(sets, next...)
		}
		off += p.Piles()
	}
	return sets, nil
}

// compoundOf builds the compound and records how.
func compoundOf(parts []*Game, conjunctive bool) (*Game, error) {
	g, err := compound(parts, conjunctive)
	if err != nil {
		return nil, err
	}
	op, sep, what := "sum", " + ", "disjunctive sum"
	if conjunctive {
		op, sep, what = "conj", " & ", "conjunctive compound"
	}
	names := make([]string, len(parts))
	for i, p := range parts {
		names[i] = p.Title
	}
	g.Title = what + " " + strings.Join(names, sep)
	g.Construction = &Construction{Op: op, Parts: parts}
	g.Source = compoundSource
	return g, nil
}

// init registers sum and conj; files initialize in name order, so they come
// after the families of slow.go, in the order `nimlab list` shows.
func init() {
	for _, conj := range []bool{false, true} {
		name, syntax, example, help := "sum", "sum(A; B; ...) or A + B + ...", "nim:3 + cn:5,2",
			"disjunctive sum: a move is a move in one component (Grundy values add by xor)"
		if conj {
			name, syntax, example, help = "conj", "conj(A; B; ...) or A & B & ...", "cn:5,2 & slow:3,2",
				"conjunctive compound: a move is a move in every component; it ends when one component ends (remoteness is the minimum)"
		}
		register(Family{
			Name: name, Syntax: syntax, Example: example, Help: help, Combinator: true,
			Source: compoundSource,
			Build: func(args string) (*Game, error) {
				parts, _, err := parseParts(args, 0, false)
				if err != nil {
					return nil, err
				}
				return compoundOf(parts, conj)
			},
		})
	}
}
