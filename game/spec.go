package game

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/internal/spelling"
	"github.com/nimlab/nimlab/literature"
)

// MisereSuffix ends the spec of a game played in misère convention.
const MisereSuffix = "/misere"

// Family is a kind of game named by the part of a spec before the colon.
type Family struct {
	// Name is the spec prefix, e.g. "cn".
	Name string
	// Syntax shows the arguments, e.g. "cn:N,K".
	Syntax string
	// Example is a valid spec of the family.
	Example string
	// Help says in one line what the game is.
	Help string
	// Source cites the papers defining the game and where.
	Source literature.Citations
	// Combinator is true for operations on games written NAME(ARGS), such as
	// join(cn:5,2; nim:2); families are written NAME:ARGS.
	Combinator bool
	// Build makes the game (its Complex and Title, and Binary or Construction
	// where they apply) from the text after the colon, or inside the
	// parentheses of a combinator.
	Build func(args string) (*Game, error)
}

// families is the registry of the spec parser, filled by the init functions
// of this package only (register) and read-only afterwards, so Parse needs
// no lock.
var families []Family

// register adds a family of games to the spec parser, from an init function.
// It panics when the name is taken (by a family, or by a combinator for a
// combinator), which is a programming error.
func register(f Family) {
	for _, g := range families {
		if g.Name == f.Name && g.Combinator == f.Combinator {
			panic("game: family " + f.Name + " registered twice")
		}
	}
	families = append(families, f)
}

// familyOrder is the order in which Families lists the families, as a
// reader of the papers expects them: Nim first; the papers' families on a
// circle, on a path and Moore's; Exact k-Nim and the slow games; then the
// families built from a complex, a graph, a matrix or a hypergraph.
// Every family is in it (TestFamiliesInOrder).
var familyOrder = []string{
	"nim",
	"cn", "ecn", "path", "necklace", "moore",
	"exact", "slow", "slowle", "slowset",
	"complex", "graph", "binmat", "octa", "hyper",
}

// combinatorOrder is the order in which Families lists the combinators,
// after the families: the constructions of Ehrenborg–Steingrímsson, the
// rule variations, the slow rule, then sums and conjunctive compounds.
// Every combinator is in it (TestFamiliesInOrder).
var combinatorOrder = []string{
	"join", "cone", "susp", "bx", "px", "cz",
	"fixed", "fixedall", "atleast", "total", "exactly", "wythoff",
	"slow",
	"sum", "conj",
}

// Families lists the registered families in the order of familyOrder, then
// the combinators in the order of combinatorOrder (a name in neither comes
// last, in registration order).
func Families() []Family {
	out := slices.Clone(families)
	rank := func(f Family) int {
		order, base := familyOrder, 0
		if f.Combinator {
			order, base = combinatorOrder, len(familyOrder)+1
		}
		if i := slices.Index(order, f.Name); i >= 0 {
			return base + i
		}
		return base + len(order)
	}
	slices.SortStableFunc(out, func(a, b Family) int { return rank(a) - rank(b) })
	return out
}

// SpecError is the error of a game spec that Parse cannot read: the spec,
// and what is wrong with it (with the syntax expected).
type SpecError struct {
	Spec string
	Err  error
}

func (e *SpecError) Error() string { return fmt.Sprintf("game %q: %v", e.Spec, e.Err) }
func (e *SpecError) Unwrap() error { return e.Err }

// Parse reads a game spec such as "nim:3", "cn:6,3", "path:5,2", "moore:4,2",
// "complex:1-2-3,2-3-4,3-4-5,1-5", "graph:1-2,2-3,1-3,3-4",
// "join(cn:5,2; nim:2)", "slow:3,2", "slow(cn:6,3)", "nim:3 + cn:5,2" or
// "cn:5,2 & slow:3,2", optionally followed by "/misere" (which applies to the
// whole game).
func Parse(spec string) (*Game, error) {
	text := strings.Join(strings.Fields(spec), "")
	misere := false
	if base, ok := strings.CutSuffix(text, MisereSuffix); ok {
		text, misere = base, true
	}
	g, err := parseNormal(text)
	if err != nil {
		return nil, &SpecError{Spec: spec, Err: err}
	}
	if misere {
		g.Spec += MisereSuffix
		g.Title += ", misère play"
		g.Misere = true
	}
	return g, nil
}

// parseNormal reads a spec without the misère suffix.
func parseNormal(text string) (*Game, error) {
	if i := strings.IndexByte(text, '/'); i >= 0 {
		if strings.HasSuffix(text, MisereSuffix) {
			return nil, fmt.Errorf("%s is given twice: write it once, at the end of the whole spec", MisereSuffix)
		}
		return nil, fmt.Errorf("unknown play convention %q (the only suffix is %s, at the end of the whole spec)", text[i:], MisereSuffix)
	}
	if op, parts, err := infix(text); err != nil || op != 0 {
		if err != nil {
			return nil, err
		}
		return parseCompound(op, parts)
	}
	name, args, ok := strings.Cut(text, ":")
	open := strings.IndexByte(text, '(')
	combinator := open >= 0 && (!ok || open < len(name))
	if combinator {
		if !strings.HasSuffix(text, ")") {
			return nil, fmt.Errorf("%q: a combinator is written NAME(ARGS), with the closing parenthesis last", text)
		}
		name, args = text[:open], text[open+1:len(text)-1]
	} else if !ok {
		return nil, fmt.Errorf("expected FAMILY:ARGS such as cn:6,3 or NAME(GAME) such as cone(cn:5,2) (families: %s)", familyNames())
	}
	name = strings.ToLower(name)
	i := slices.IndexFunc(families, func(f Family) bool { return f.Name == name && f.Combinator == combinator })
	if i < 0 {
		if j := slices.IndexFunc(families, func(f Family) bool { return f.Name == name }); j >= 0 {
			if combinator {
				return nil, fmt.Errorf("%s is written %s, not %s(...) (e.g. %s; NAME(...) is for constructions such as cone(nim:2))", name, families[j].Syntax, name, families[j].Example)
			}
			return nil, fmt.Errorf("%s is a construction, written %s (e.g. %s)", name, families[j].Syntax, families[j].Example)
		}
		if near := spelling.Nearest(name, familyList()); near != "" {
			return nil, fmt.Errorf("unknown family %q: did you mean %s? (families: %s)", name, near, familyNames())
		}
		return nil, fmt.Errorf("unknown family %q (families: %s)", name, familyNames())
	}
	f := families[i]
	g, err := f.Build(args)
	if err != nil {
		return nil, fmt.Errorf("%w (syntax: %s, e.g. %s)", err, f.Syntax, f.Example)
	}
	g.Source = f.Source
	if combinator {
		g.Spec = name + "(" + args + ")"
	} else {
		g.Spec = name + ":" + args
	}
	return g, nil
}

func familyNames() string {
	return strings.Join(familyList(), ", ")
}

// familyList lists the families' names, each once, in Families' order.
func familyList() []string {
	var names []string
	for _, f := range Families() {
		if !slices.Contains(names, f.Name) {
			names = append(names, f.Name)
		}
	}
	return names
}

// vertexSets reads sets of 1-based vertices such as "1-2-3,2-4" (vertexLists)
// and returns them with the number of vertices they span. A set that names
// a vertex twice is refused: noun names the sets in the error ("facet").
func vertexSets(args, noun string) (int, []complex.Set, error) {
	lists, err := vertexLists(args)
	if err != nil {
		return 0, nil, err
	}
	n := 0
	sets := make([]complex.Set, len(lists))
	for i, vs := range lists {
		for j, v := range vs {
			if slices.Contains(vs[:j], v) {
				return 0, nil, fmt.Errorf("%s %d (%s) repeats vertex %d", noun, i+1, strings.Split(args, ",")[i], v+1)
			}
		}
		sets[i] = complex.SetOf(vs...)
		n = max(n, slices.Max(vs)+1)
	}
	return n, sets, nil
}

// nkFamily is a family with spec NAME:N,K.
func nkFamily(name, example, help string, source literature.Citations, build func(n, k int) (*complex.Complex, error), title func(n, k int) string) Family {
	return Family{
		Name: name, Syntax: name + ":N,K", Example: example, Help: help, Source: source,
		Build: func(args string) (*Game, error) {
			v, err := ints(args, "N", "K")
			if err != nil {
				return nil, err
			}
			// "At most K piles" of Moore's Nim means something for K > N.
			if name != "moore" {
				if err := consecutive(name, v[0], v[1]); err != nil {
					return nil, err
				}
			}
			c, err := build(v[0], v[1])
			return onComplex(Take{}, c, err, title(v[0], v[1]))
		},
	}
}

// consecutive refuses K > N for a family NAME:N,K of K consecutive stacks
// of N: they mean nothing then (a swap, most likely).
func consecutive(name string, n, k int) error {
	if k > n {
		return fmt.Errorf("more consecutive stacks (K = %d) than stacks (N = %d): K is at most N (%s:%d,%d takes from any of the N), or did you mean %s:%d,%d?", k, n, name, n, n, name, k, n)
	}
	return nil
}

// plural writes "1 pile" or "3 piles".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// ints reads want comma-separated positive integers.
func ints(args string, want ...string) ([]int, error) {
	fields := strings.Split(args, ",")
	if len(fields) != len(want) {
		return nil, fmt.Errorf("expected %s, got %q", plural(len(want), "number")+" "+strings.Join(want, ","), args)
	}
	out := make([]int, len(fields))
	for i, f := range fields {
		v, err := strconv.Atoi(f)
		if err != nil {
			return nil, fmt.Errorf("%s is %q, not a whole number", want[i], f)
		}
		if v < 1 {
			return nil, fmt.Errorf("%s must be at least 1, not %d", want[i], v)
		}
		out[i] = v
	}
	return out, nil
}

// vertexLists reads sets of 1-based vertices such as "1-2-3,2-4".
func vertexLists(args string) ([][]int, error) {
	if args == "" {
		return nil, fmt.Errorf("no sets given")
	}
	var out [][]int
	for _, set := range strings.Split(args, ",") {
		var vs []int
		for _, f := range strings.Split(set, "-") {
			v, err := strconv.Atoi(f)
			if err != nil {
				return nil, fmt.Errorf("%q in %q is not a vertex number", f, set)
			}
			if v < 1 || v > complex.MaxVertices {
				return nil, fmt.Errorf("vertex %d in %q is out of range 1..%d", v, set, complex.MaxVertices)
			}
			vs = append(vs, v-1)
		}
		out = append(out, vs)
	}
	return out, nil
}

func init() {
	register(Family{
		Name: "nim", Syntax: "nim:N", Example: "nim:3",
		Help:   "classic Nim on N piles: take any number of tokens from one pile",
		Source: literature.Of(literature.EhrenborgSteingrimsson1996, "Section 1", "bouton-1902", ""),
		Build: func(args string) (*Game, error) {
			v, err := ints(args, "N")
			if err != nil {
				return nil, err
			}
			c, err := complex.Nim(v[0])
			return onComplex(Take{}, c, err, fmt.Sprintf("Nim on %s", plural(v[0], "pile")))
		},
	})
	register(nkFamily("cn", "cn:6,3",
		"Circular Nim CN(N,K): N stacks in a circle, take from one or more of K consecutive stacks",
		literature.Of(literature.DufourHeubach2013, "Section 1"), complex.Cycle,
		func(n, k int) string { return fmt.Sprintf("Circular Nim CN(%d,%d)", n, k) }))
	register(nkFamily("path", "path:5,2",
		"PathNim: N stacks in a row, take from one or more of K consecutive stacks (E–S's P_{n,k} is path:n+k-1,k)",
		literature.Of(literature.EhrenborgSteingrimsson1996, "Section 8"), complex.Path,
		func(n, k int) string { return fmt.Sprintf("PathNim on %s, %d consecutive", plural(n, "stack"), k) }))
	register(nkFamily("moore", "moore:4,2",
		"Moore's Nim: N piles, take from at most K of them",
		literature.Of(literature.EhrenborgSteingrimsson1996, "Proposition 4.7", "moore-1910", ""), complex.Moore,
		func(n, k int) string { return fmt.Sprintf("Moore's Nim on %s, at most %d", plural(n, "pile"), k) }))
	register(Family{
		Name: "complex", Syntax: "complex:F1,F2,... (facets as 1-based vertices joined by '-')", Example: "complex:1-2-3,2-3-4,3-4-5,1-5",
		Help:   "simplicial Nim: take from the piles of one face of the complex with the listed facets",
		Source: literature.Of(literature.EhrenborgSteingrimsson1996, "Section 2"),
		Build: func(args string) (*Game, error) {
			n, sets, err := vertexSets(args, "facet")
			if err != nil {
				return nil, err
			}
			c, err := complex.New(n, sets)
			if err != nil {
				return nil, err
			}
			return onComplex(Take{}, c, nil, "Nim on the simplicial complex with facets "+c.String())
		},
	})
	register(Family{
		Name: "graph", Syntax: "graph:U-V,U-V,... (edges of a multigraph, 1-based vertices; one pile per edge)", Example: "graph:1-2,2-3,1-3,3-4",
		Help:   "piles on the edges of a multigraph; take from a set of edges forming a forest (graphic matroid)",
		Source: literature.Of(literature.EhrenborgSteingrimsson1996, "Section 5"),
		Build: func(args string) (*Game, error) {
			lists, err := vertexLists(args)
			if err != nil {
				return nil, err
			}
			edges := make([]complex.Edge, len(lists))
			for i, vs := range lists {
				if len(vs) != 2 {
					return nil, fmt.Errorf("edge %d has %d ends, not 2", i+1, len(vs))
				}
				edges[i] = complex.Edge{U: vs[0], V: vs[1]}
			}
			c, err := complex.Graphic(edges)
			if err != nil {
				return nil, err
			}
			title := fmt.Sprintf("Nim on the graphic matroid of a graph with %s", plural(len(edges), "edge"))
			g, err := onComplex(Take{}, c, nil, title)
			if err != nil {
				return nil, err
			}
			g.Binary = complex.GraphColumns(edges)
			return g, nil
		},
	})
}
