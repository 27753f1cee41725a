package game

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/literature"
)

// splitParts splits combinator arguments at the semicolons outside
// parentheses: "join(a; b)" has the parts "a" and "b".
func splitParts(args string) ([]string, error) {
	var parts []string
	depth, start := 0, 0
	for i, r := range args {
		switch r {
		case '(':
			depth++
		case ')':
			depth--
			if depth < 0 {
				return nil, fmt.Errorf("unbalanced parentheses in %q", args)
			}
		case ';':
			if depth == 0 {
				parts = append(parts, args[start:i])
				start = i + 1
			}
		}
	}
	if depth != 0 {
		return nil, fmt.Errorf("unbalanced parentheses in %q", args)
	}
	return append(parts, args[start:]), nil
}

// parseParts parses the game arguments of a combinator; with vertex true the last
// argument is a 1-based vertex of the first game instead.
func parseParts(args string, want int, vertex bool) ([]*Game, int, error) {
	texts, err := splitParts(args)
	if err != nil {
		return nil, 0, err
	}
	if vertex {
		want++
	}
	if want > 0 && len(texts) != want || want == 0 && len(texts) < 2 {
		return nil, 0, fmt.Errorf("expected %s separated by ';', got %d", argCount(want, vertex), len(texts))
	}
	x := 0
	if vertex {
		last := texts[len(texts)-1]
		texts = texts[:len(texts)-1]
		if x, err = strconv.Atoi(last); err != nil {
			return nil, 0, fmt.Errorf("the vertex %q is not a whole number", last)
		}
		x-- // 1-based in specs
	}
	games := make([]*Game, len(texts))
	for i, t := range texts {
		if games[i], err = parseNormal(t); err != nil {
			return nil, 0, err
		}
	}
	if vertex && (x < 0 || x >= games[0].Piles()) {
		return nil, 0, fmt.Errorf("vertex %d is not a pile of %s (1..%d)", x+1, games[0].Spec, games[0].Piles())
	}
	return games, x, nil
}

func argCount(want int, vertex bool) string {
	switch {
	case want == 0:
		return "two or more games"
	case vertex:
		return "a game and a vertex"
	default:
		return "one game"
	}
}

// combinator registers an operation on games.
func combinator(name, syntax, example, help string, source literature.Citations, games int, vertex bool,
	build func(parts []*Game, x int) (*complex.Complex, string, error)) Family {
	return Family{
		Name: name, Syntax: syntax, Example: example, Help: help, Source: source, Combinator: true,
		Build: func(args string) (*Game, error) {
			parts, x, err := parseParts(args, games, vertex)
			if err != nil {
				return nil, err
			}
			for _, p := range parts {
				if !p.TakeOnFaces() {
					return nil, fmt.Errorf("%s is not simplicial Nim under the take rule; %s applies to those only", p.Spec, name)
				}
			}
			c, title, err := build(parts, x)
			if err != nil {
				return nil, err
			}
			g, err := onComplex(Take{}, c, nil, title)
			if err != nil {
				return nil, err
			}
			g.Construction = &Construction{Op: name, Parts: parts, Vertex: x}
			return g, nil
		},
	}
}

func titles(parts []*Game) string {
	t := make([]string, len(parts))
	for i, p := range parts {
		t[i] = p.Title
	}
	return strings.Join(t, " * ")
}

func init() {
	register(Family{
		Name: "binmat", Syntax: "binmat:C1,C2,... (each column a word of 0s and 1s, one pile per column)", Example: "binmat:101,011,110",
		Help:   "piles on the columns of a 0/1 matrix over GF(2); take from a set of linearly independent columns (binary matroid)",
		Source: literature.Of(literature.EhrenborgSteingrimsson1996, "Section 5"),
		Build: func(args string) (*Game, error) {
			var cols []uint64
			for i, w := range strings.Split(args, ",") {
				if len(w) == 0 || len(w) > 64 || strings.Trim(w, "01") != "" {
					return nil, fmt.Errorf("column %d is %q, not a word of 1 to 64 zeros and ones", i+1, w)
				}
				var c uint64
				for r, b := range w {
					if b == '1' {
						c |= 1 << uint(r) // row r
					}
				}
				cols = append(cols, c)
			}
			c, err := complex.Binary(cols)
			if err != nil {
				return nil, err
			}
			g, err := onComplex(Take{}, c, nil, fmt.Sprintf("Nim on the binary matroid of %s", plural(len(cols), "column")))
			if err != nil {
				return nil, err
			}
			g.Binary = cols
			return g, nil
		},
	})
	register(Family{
		Name: "octa", Syntax: "octa:N", Example: "octa:3",
		Help:   "the boundary of the N-dimensional hyperoctahedron (cross polytope) on 2N piles; piles 2i-1 and 2i are antipodal",
		Source: literature.Of(literature.EhrenborgSteingrimsson1996, "Corollary 6.4"),
		Build: func(args string) (*Game, error) {
			v, err := ints(args, "N")
			if err != nil {
				return nil, err
			}
			c, err := complex.Hyperoctahedron(v[0])
			return onComplex(Take{}, c, err, fmt.Sprintf("Nim on the boundary of the %d-dimensional hyperoctahedron", v[0]))
		},
	})
	register(combinator("join", "join(A; B; ...)", "join(cn:5,2; nim:2)",
		"the join of complexes: a move takes from a face of each (piles of A first, then B's)",
		literature.Of(literature.EhrenborgSteingrimsson1996, "Theorem 6.1"), 0, false,
		func(parts []*Game, _ int) (*complex.Complex, string, error) {
			c := parts[0].Complex
			for _, p := range parts[1:] {
				var err error
				if c, err = complex.Join(c, p.Complex); err != nil {
					return nil, "", err
				}
			}
			return c, "join " + titles(parts), nil
		}))
	register(combinator("cone", "cone(A)", "cone(cn:5,2)",
		"the cone over A: one new pile, last, that may be played with any face of A",
		literature.Of(literature.EhrenborgSteingrimsson1996, "Corollary 6.2"), 1, false,
		func(parts []*Game, _ int) (*complex.Complex, string, error) {
			c, err := complex.Cone(parts[0].Complex)
			return c, "cone over " + parts[0].Title, err
		}))
	register(combinator("susp", "susp(A)", "susp(cn:5,2)",
		"the suspension of A: two new piles, last, either (not both) played with any face of A",
		literature.Of(literature.EhrenborgSteingrimsson1996, "Corollary 6.3"), 1, false,
		func(parts []*Game, _ int) (*complex.Complex, string, error) {
			c, err := complex.Suspension(parts[0].Complex)
			return c, "suspension of " + parts[0].Title, err
		}))
	register(combinator("bx", "bx(A; X)", "bx(path:3,2; 2)",
		"B_x^{y,z}(A): pile X splits into y (in its place) and z (last); y, z together play where X did, and never without it",
		literature.Of(literature.EhrenborgSteingrimsson1996, "Definition 6.6 and Lemma 6.7"), 1, true,
		func(parts []*Game, x int) (*complex.Complex, string, error) {
			c, err := complex.BX(parts[0].Complex, x)
			return c, fmt.Sprintf("B_%d(%s)", x+1, parts[0].Title), err
		}))
	register(combinator("px", "px(A; X)", "px(path:3,2; 2)",
		"P_x^{y,z}(A): pile X splits into y (in its place) and z (last); y and z together play where X did, either alone with any face without X",
		literature.Of(literature.EhrenborgSteingrimsson1996, "Definition 6.8 and Proposition 6.9"), 1, true,
		func(parts []*Game, x int) (*complex.Complex, string, error) {
			c, err := complex.PX(parts[0].Complex, x)
			return c, fmt.Sprintf("P_%d(%s)", x+1, parts[0].Title), err
		}))
	register(combinator("cz", "cz(A)", "cz(path:3,2)",
		"C^z(A): one new pile z, last; all old piles together form a face, and z plays with any face of A",
		literature.Of(literature.EhrenborgSteingrimsson1996, "Definition 7.3 and Proposition 7.4"), 1, false,
		func(parts []*Game, _ int) (*complex.Complex, string, error) {
			c, err := complex.CZ(parts[0].Complex)
			return c, "C^z(" + parts[0].Title + ")", err
		}))
}
