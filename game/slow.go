package game

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/literature"
)

// slowSource cites the slow games. The copy of the paper nimlab was checked
// against lost its formulas; docs/references.md says what is known for sure.
var slowSource = literature.Of(literature.GurvichMartynovMaximchukVyalyi2023, "Section 1.1")

// compoundSource cites sums and conjunctive compounds.
var compoundSource = literature.Of(literature.Smith1966, "", literature.GurvichMartynovMaximchukVyalyi2023, "Section 1.4")

// MaxEdges bounds the move sets listed one by one (slow:N,K, slowset and
// compounds).
const MaxEdges = 1 << 20

// slowGame returns the slow game on n piles whose move sets are the sets of
// the given sizes.
func slowGame(n int, sizes []int, title string) (*Game, error) {
	var edges []complex.Set
	for _, k := range sizes {
		if k < 1 || k > n {
			return nil, fmt.Errorf("a move plays 1 to %d piles, not %d", n, k)
		}
		if c := complex.Binomial(n, k); c > MaxEdges || uint64(len(edges))+c > MaxEdges {
			return nil, fmt.Errorf("more than %d move sets", MaxEdges)
		}
		for s := range complex.KSubsets(n, k) {
			edges = append(edges, s)
		}
	}
	return onSets(Slow{}, n, edges, title)
}

// sizeSet reads a set of sizes such as "{2,4}".
func sizeSet(text string) ([]int, error) {
	inner, open := strings.CutPrefix(text, "{")
	inner, closed := strings.CutSuffix(inner, "}")
	if !open || !closed || inner == "" {
		return nil, fmt.Errorf("expected a set of sizes such as {2,4}, got %q", text)
	}
	var out []int
	for _, f := range strings.Split(inner, ",") {
		v, err := strconv.Atoi(f)
		if err != nil {
			return nil, fmt.Errorf("%q in %s is not a whole number", f, text)
		}
		out = append(out, v)
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

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

// infix splits text at the operators + and & outside parentheses. It returns
// the operator (0 when there is none) and the parts.
func infix(text string) (byte, []string, error) {
	var op byte
	var parts []string
	depth, start := 0, 0
	for i := range len(text) {
		switch c := text[i]; c {
		case '(':
			depth++
		case ')':
			depth--
		case '+', '&':
			if depth != 0 {
				continue
			}
			if op != 0 && op != c {
				return 0, nil, fmt.Errorf("%q mixes + and &: group with sum(A; B) or conj(A; B)", text)
			}
			op = c
			parts = append(parts, text[start:i])
			start = i + 1
		}
	}
	if op == 0 {
		return 0, nil, nil
	}
	return op, append(parts, text[start:]), nil
}

// parseCompound parses "A + B + ..." or "A & B & ...".
func parseCompound(op byte, texts []string) (*Game, error) {
	parts := make([]*Game, len(texts))
	specs := make([]string, len(texts))
	for i, t := range texts {
		if t == "" {
			return nil, fmt.Errorf("a game is missing around %q", string(op))
		}
		var err error
		if parts[i], err = parseNormal(t); err != nil {
			return nil, err
		}
		specs[i] = parts[i].Spec
	}
	g, err := compoundOf(parts, op == '&')
	if err != nil {
		return nil, err
	}
	g.Spec = strings.Join(specs, string(op))
	return g, nil
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

func init() {
	register(Family{
		Name: "slow", Syntax: "slow:N,K", Example: "slow:3,2",
		Help:   "Exact Slow K-Nim NIM(N,K): choose exactly K non-empty piles of N, remove one token from each",
		Source: slowSource,
		Build: func(args string) (*Game, error) {
			v, err := ints(args, "N", "K")
			if err != nil {
				return nil, err
			}
			return slowGame(v[0], []int{v[1]}, fmt.Sprintf("Exact Slow %d-Nim NIM(%d,%d)", v[1], v[0], v[1]))
		},
	})
	register(Family{
		Name: "slowle", Syntax: "slowle:N,K", Example: "slowle:4,2",
		Help:   "Slow K-Nim: choose 1 to K non-empty piles of N, remove one token from each",
		Source: slowSource,
		Build: func(args string) (*Game, error) {
			v, err := ints(args, "N", "K")
			if err != nil {
				return nil, err
			}
			sizes := make([]int, v[1])
			for i := range sizes {
				sizes[i] = i + 1
			}
			return slowGame(v[0], sizes, fmt.Sprintf("Slow %d-Nim on %s", v[1], plural(v[0], "pile")))
		},
	})
	register(Family{
		Name: "slowset", Syntax: "slowset:N,{A1,A2,...}", Example: "slowset:5,{2,4}",
		Help:   "choose a number a from the set A, then a non-empty piles of N, remove one token from each",
		Source: slowSource,
		Build: func(args string) (*Game, error) {
			nText, setText, _ := strings.Cut(args, ",")
			v, err := ints(nText, "N")
			if err != nil {
				return nil, err
			}
			sizes, err := sizeSet(setText)
			if err != nil {
				return nil, err
			}
			return slowGame(v[0], sizes, fmt.Sprintf("Slow Nim on %s, moves on %v piles", plural(v[0], "pile"), sizes))
		},
	})
	register(Family{
		Name: "slow", Syntax: "slow(GAME)", Example: "slow(cn:6,3)", Combinator: true,
		Help:   "the slow rule on GAME's move sets (the faces of its complex): remove exactly one token from each pile of one",
		Source: slowSource,
		Build: func(args string) (*Game, error) {
			parts, _, err := parseParts(args, 1, false)
			if err != nil {
				return nil, err
			}
			a := parts[0]
			g := newGame(Slow{}, a.Complex, a.sets)
			g.Title, g.Construction = "slow rule on "+a.Title, &Construction{Op: "slow", Parts: parts}
			return g, nil
		},
	})
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
