package prove_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/discover"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/theory"
)

// The generators of the prover fuzzer (see fuzz_test.go): games of every
// kind of move, and expressions for each.

// kinds of games, as the summary counts them.
const (
	kindTake       = "take"       // simplicial Nim: nim, complex, graph, binmat, octa, join, cone, susp, bx, px, cz
	kindHypergraph = "hypergraph" // hyper (NIM_H, not closed under subsets)
	kindCN         = "cn"
	kindPath       = "path"
	kindMoore      = "moore"
	kindSlow       = "slow" // slow:N,K and slow(G)
	kindSlowLE     = "slowle"
	kindSlowSet    = "slowset"
	kindExact      = "exact"
	kindNecklace   = "necklace"
	kindECN        = "ecn"
	kindRule       = "rule variation" // fixed, fixedall, atleast, total, exactly, wythoff
	kindSum        = "sum"
	kindCompound   = "compound" // conjunctive
	kindMisere     = "misère"
)

var allKinds = []string{kindTake, kindHypergraph, kindCN, kindPath, kindMoore, kindSlow, kindSlowLE, kindSlowSet,
	kindExact, kindNecklace, kindECN, kindRule, kindSum, kindCompound, kindMisere}

var kindOfFamily = map[string]string{
	"nim:": kindTake, "complex:": kindTake, "graph:": kindTake, "binmat:": kindTake, "octa:": kindTake,
	"join(": kindTake, "cone(": kindTake, "susp(": kindTake, "bx(": kindTake, "px(": kindTake, "cz(": kindTake,
	"hyper:": kindHypergraph, "cn:": kindCN, "path:": kindPath, "moore:": kindMoore,
	"slow:": kindSlow, "slow(": kindSlow, "slowle:": kindSlowLE, "slowset:": kindSlowSet,
	"exact:": kindExact, "necklace:": kindNecklace, "ecn:": kindECN,
	"fixed(": kindRule, "fixedall(": kindRule, "atleast(": kindRule, "total(": kindRule, "exactly(": kindRule, "wythoff(": kindRule,
	"sum(": kindSum, "conj(": kindCompound,
}

var familyRE = regexp.MustCompile(`[a-z]+[:(]`)

// kindsOf lists the kinds of move a spec has (a game may have several).
func kindsOf(spec string) []string {
	var out []string
	add := func(k string) {
		if !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	for _, f := range familyRE.FindAllString(spec, -1) {
		if k, ok := kindOfFamily[f]; ok {
			add(k)
		}
	}
	if strings.Contains(spec, "+") {
		add(kindSum)
	}
	if strings.Contains(spec, "&") {
		add(kindCompound)
	}
	if strings.HasSuffix(spec, game.MisereSuffix) {
		add(kindMisere)
	}
	slices.SortFunc(out, func(a, b string) int { return slices.Index(allKinds, a) - slices.Index(allKinds, b) })
	return out
}

// maxFuzzPiles bounds the piles of the random games.
const maxFuzzPiles = 5

// randomGame returns a random game with 1 to 5 piles (mostly 2 to 5), of
// any kind of move, in misère play one time in five. It retries until the
// spec parses.
func randomGame(r *rand.Rand) (string, int) {
	failures := 0
	for {
		n := 2 + r.IntN(maxFuzzPiles-1)
		if r.IntN(12) == 0 {
			n = 1
		}
		spec := randomWithPiles(r, n, 0)
		if r.IntN(5) == 0 {
			spec += game.MisereSuffix
		}
		if g, err := game.Parse(spec); err == nil && g.Piles() >= 1 && g.Piles() <= maxFuzzPiles {
			return spec, failures
		}
		failures++
	}
}

// randomWithPiles returns a spec on n piles: a family, or at depth < 2
// sometimes a combinator (sum, compound, join, cone, suspension, B_x, P_x,
// C^z, a rule variation, the slow rule on a complex).
func randomWithPiles(r *rand.Rand, n, depth int) string {
	if depth < 2 && r.IntN(5) < 2 {
		split := func() int { return 1 + r.IntN(n-1) }
		switch r.IntN(8) {
		case 0:
			if n >= 2 {
				k := split()
				a, b := randomWithPiles(r, k, depth+1), randomWithPiles(r, n-k, depth+1)
				if depth == 0 && r.IntN(2) == 0 {
					return a + " + " + b
				}
				return "sum(" + a + "; " + b + ")"
			}
		case 1:
			if n >= 2 {
				k := split()
				a, b := randomWithPiles(r, k, depth+1), randomWithPiles(r, n-k, depth+1)
				if depth == 0 && r.IntN(2) == 0 {
					return a + " & " + b
				}
				return "conj(" + a + "; " + b + ")"
			}
		case 2:
			if n >= 2 {
				k := split()
				return "join(" + randomTake(r, k, depth+1) + "; " + randomTake(r, n-k, depth+1) + ")"
			}
		case 3:
			if n >= 2 {
				switch r.IntN(5) {
				case 0:
					return "cone(" + randomTake(r, n-1, depth+1) + ")"
				case 1:
					return "cz(" + randomTake(r, n-1, depth+1) + ")"
				case 2:
					if n >= 3 {
						return "susp(" + randomTake(r, n-2, depth+1) + ")"
					}
				default:
					op := []string{"bx", "px"}[r.IntN(2)]
					return fmt.Sprintf("%s(%s; %d)", op, randomTake(r, n-1, depth+1), 1+r.IntN(n-1))
				}
			}
		case 4, 5:
			inner := randomTake(r, n, depth+1)
			if r.IntN(4) == 0 {
				inner = randomHyper(r, n)
			}
			switch v := r.IntN(6); v {
			case 5:
				return "wythoff(" + inner + ")"
			default:
				op := []string{"fixed", "fixedall", "atleast", "total", "exactly"}[v]
				a := 1 + r.IntN(3)
				if op == "total" || op == "exactly" {
					a = 1 + r.IntN(4)
				}
				return fmt.Sprintf("%s(%s; %d)", op, inner, a)
			}
		case 6:
			inner := randomTake(r, n, depth+1)
			if r.IntN(4) == 0 {
				inner = randomHyper(r, n)
			}
			return "slow(" + inner + ")"
		}
	}
	return randomBase(r, n)
}

// randomTake returns simplicial Nim on n piles (the combinators of
// complexes take only those).
func randomTake(r *rand.Rand, n, depth int) string {
	if depth < 2 && n >= 2 && r.IntN(4) == 0 {
		switch r.IntN(3) {
		case 0:
			k := 1 + r.IntN(n-1)
			return "join(" + randomTake(r, k, depth+1) + "; " + randomTake(r, n-k, depth+1) + ")"
		case 1:
			return "cone(" + randomTake(r, n-1, depth+1) + ")"
		default:
			return "cz(" + randomTake(r, n-1, depth+1) + ")"
		}
	}
	k := 1 + r.IntN(n)
	switch r.IntN(7) {
	case 0:
		return fmt.Sprintf("nim:%d", n)
	case 1:
		return fmt.Sprintf("cn:%d,%d", n, k)
	case 2:
		return fmt.Sprintf("path:%d,%d", n, k)
	case 3:
		return fmt.Sprintf("moore:%d,%d", n, k)
	case 4:
		if n >= 2 {
			return randomGraph(r, n)
		}
	case 5:
		if n%2 == 0 && n <= 4 && r.IntN(2) == 0 {
			return fmt.Sprintf("octa:%d", n/2)
		}
		return randomBinmat(r, n)
	}
	return randomComplex(r, n)
}

// randomBase returns a family on n piles.
func randomBase(r *rand.Rand, n int) string {
	k := 1 + r.IntN(n)
	switch r.IntN(10) {
	case 0, 1:
		return randomTake(r, n, 2)
	case 2:
		return randomHyper(r, n)
	case 3:
		return fmt.Sprintf("exact:%d,%d", n, k)
	case 4:
		return fmt.Sprintf("slow:%d,%d", n, k)
	case 5:
		return fmt.Sprintf("slowle:%d,%d", n, k)
	case 6:
		return fmt.Sprintf("slowset:%d,{%s}", n, joinInts(randomSubset(r, n, 1), ","))
	case 7:
		if n >= 3 {
			return fmt.Sprintf("necklace:%d,%d", n, k)
		}
	case 8:
		if n >= 2 {
			return fmt.Sprintf("ecn:%d,{%s},%d", n, joinInts(randomSubset(r, n-1, 1), ","), k)
		}
	}
	return fmt.Sprintf("cn:%d,%d", n, k)
}

// randomSubset returns a non-empty sorted subset of lo..n.
func randomSubset(r *rand.Rand, n, lo int) []int {
	for {
		var out []int
		for v := lo; v <= n; v++ {
			if r.IntN(2) == 0 {
				out = append(out, v)
			}
		}
		if len(out) > 0 {
			return out
		}
	}
}

func joinInts(xs []int, sep string) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprint(x)
	}
	return strings.Join(parts, sep)
}

// randomSets returns 1 to n random non-empty subsets of 1..n that cover
// every vertex, as facets or hyperedges are written ("1-2,3").
func randomSets(r *rand.Rand, n int) string {
	var sets []string
	covered := make([]bool, n+1)
	for range 1 + r.IntN(n) {
		s := randomSubset(r, n, 1)
		for _, v := range s {
			covered[v] = true
		}
		sets = append(sets, joinInts(s, "-"))
	}
	for v := 1; v <= n; v++ {
		if !covered[v] {
			sets = append(sets, fmt.Sprint(v))
		}
	}
	return strings.Join(sets, ",")
}

func randomComplex(r *rand.Rand, n int) string { return "complex:" + randomSets(r, n) }

func randomHyper(r *rand.Rand, n int) string { return "hyper:" + randomSets(r, n) }

// randomGraph returns a multigraph with n edges (one pile per edge).
func randomGraph(r *rand.Rand, n int) string {
	vertices := 2 + r.IntN(n)
	var edges []string
	for range n {
		u := 1 + r.IntN(vertices)
		v := 1 + r.IntN(vertices-1)
		if v >= u {
			v++
		}
		edges = append(edges, fmt.Sprintf("%d-%d", u, v))
	}
	return "graph:" + strings.Join(edges, ",")
}

// randomBinmat returns a binary matrix with n non-zero columns.
func randomBinmat(r *rand.Rand, n int) string {
	rows := 1 + r.IntN(3)
	var cols []string
	for range n {
		c := 1 + r.IntN(1<<rows-1)
		cols = append(cols, fmt.Sprintf("%0*b", rows, c))
	}
	return "binmat:" + strings.Join(cols, ",")
}

// pileNames names n piles as check's language does.
func pileNames(n int) []string {
	out := make([]string, n)
	for i := range out {
		if i < 26 {
			out[i] = string(rune('a' + i))
		} else {
			out[i] = fmt.Sprintf("p%d", i+1)
		}
	}
	return out
}

// mutantBudget bounds the expressions made for a game.
type mutantBudget struct {
	// ast is the number of syntax mutants of each base expression.
	ast int
	// special is the number of overflow, small-pile and asymmetric
	// mutants of each base expression.
	special int
	// random is the number of random expressions.
	random int
	// max bounds the expressions of a game: the bases (theorems,
	// discover) and colmod(2, ...) always, then the others in a random
	// order that puts one of each origin first.
	max int
	// discoverTimeout bounds discover (0: no discover).
	discoverTimeout time.Duration
}

// candidates builds the expressions for a game: its theorems' formulas
// (with and without their candidate winning moves), discover's description
// on a small box, colmod over every pile, mutants of the formulas and the
// description, and random expressions.
func candidates(ctx context.Context, gc *gameCase, r *rand.Rand, budget mutantBudget) []candidate {
	g := gc.g
	var out []candidate
	seen := map[string]bool{}
	add := func(c candidate) {
		key := c.src + "\x00" + c.theorem
		if c.src == "" || seen[key] {
			return
		}
		seen[key] = true
		out = append(out, c)
	}
	var bases []string
	// Theorems: For may search (circuits, a Nim-basis); bound it.
	tctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	for _, th := range theory.Theorems() {
		if src, ok := th.Expression(tctx, g); ok {
			add(candidate{src: src, origin: "theorem:" + th.Name})
			if th.WinningMoves(tctx, g) != nil {
				add(candidate{src: src, origin: "theorem+moves:" + th.Name, theorem: th.Name})
			}
			bases = append(bases, src)
		}
	}
	cancel()
	if budget.discoverTimeout > 0 {
		if src, ok := discovered(ctx, gc, budget.discoverTimeout); ok {
			add(candidate{src: src, origin: "discover"})
			bases = append(bases, src)
		}
	}
	n := g.Piles()
	names := pileNames(n)
	all := strings.Join(names, ", ")
	add(candidate{src: fmt.Sprintf("colmod(2, %s)", all), origin: "colmod"})

	var pool []candidate
	for _, base := range bases {
		muts := astMutants(base)
		r.Shuffle(len(muts), func(i, j int) { muts[i], muts[j] = muts[j], muts[i] })
		pool = append(pool, muts[:min(len(muts), budget.ast)]...)
		reduced := reducedMutants(base, names, r)
		pool = append(pool, reduced[:min(len(reduced), budget.special)]...)
		specials := specialMutants(base, names)
		r.Shuffle(len(specials), func(i, j int) { specials[i], specials[j] = specials[j], specials[i] })
		pool = append(pool, specials[:min(len(specials), budget.special)]...)
	}
	if n >= 2 {
		pool = append(pool, candidate{src: fmt.Sprintf("colmod(%d, %s)", 3+r.IntN(n-1), all), origin: "colmod"})
	}
	for range budget.random {
		pool = append(pool, candidate{src: randomExpr(r, names), origin: "random"})
	}
	r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	// One of each origin class first.
	var firsts, rest []candidate
	classes := map[string]bool{}
	for _, c := range pool {
		class, _, _ := strings.Cut(c.origin, ":")
		if classes[class] {
			rest = append(rest, c)
			continue
		}
		classes[class] = true
		firsts = append(firsts, c)
	}
	pool = append(firsts, rest...)
	for _, c := range pool {
		if len(out) >= budget.max {
			break
		}
		add(c)
	}
	// Half the claims without a theorem's moves are offered the
	// theorems' statements as equivalents, as nimlab prove --expr and
	// discover --prove offer them (the other half keep the routes they
	// would take without).
	if len(bases) > 0 {
		for i := range out {
			out[i].equivalents = out[i].theorem == "" && r.IntN(2) == 0
		}
	}
	return out
}

// discoverBoxPositions bounds the box discover learns on.
const discoverBoxPositions = 5_000

// discovered is discover's description of the game on a small box (exact
// there or not).
func discovered(ctx context.Context, gc *gameCase, timeout time.Duration) (string, bool) {
	n := gc.g.Piles()
	h := 2
	for h < 8 && pow(h+2, n) <= discoverBoxPositions {
		h++
	}
	dctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	res, err := discover.Discover(dctx, gc.g, discover.Options{Max: h, VerifyMax: h + 1, Workers: 1})
	if err != nil || res.Expr == "" {
		return "", false
	}
	return res.Expr, true
}

func pow(b, e int) int {
	out := 1
	for range e {
		out *= b
	}
	return out
}

// mutation is one change at one node of the syntax tree.
type mutation struct {
	name  string
	apply func(node *ast.Node)
}

// mutationsAt lists the changes that apply at a node: a constant shifted by
// one, a clause of && or || dropped, a comparison flipped or its right side
// shifted, + for ^ and back, - for +, min for max and back, a ! dropped.
func mutationsAt(node ast.Node) []mutation {
	switch n := node.(type) {
	case *ast.IntegerNode:
		return []mutation{
			{"const+1", func(p *ast.Node) { *p = &ast.IntegerNode{Value: n.Value + 1} }},
			{"const-1", func(p *ast.Node) { *p = &ast.IntegerNode{Value: n.Value - 1} }},
		}
	case *ast.BinaryNode:
		switch n.Operator {
		case "&&", "and", "||", "or":
			return []mutation{
				{"drop-right", func(p *ast.Node) { *p = n.Left }},
				{"drop-left", func(p *ast.Node) { *p = n.Right }},
			}
		case "==", "!=", "<", "<=", ">", ">=":
			flip := map[string]string{"==": "!=", "!=": "==", "<": "<=", "<=": "<", ">": ">=", ">=": ">"}[n.Operator]
			return []mutation{
				{"flip", func(*ast.Node) { n.Operator = flip }},
				{"shift", func(*ast.Node) {
					n.Right = &ast.BinaryNode{Operator: "+", Left: n.Right, Right: &ast.IntegerNode{Value: 1}}
				}},
			}
		case "+":
			return []mutation{{"xor-for-plus", func(*ast.Node) { n.Operator = "^" }}}
		case "^":
			return []mutation{{"plus-for-xor", func(*ast.Node) { n.Operator = "+" }}}
		case "-":
			return []mutation{{"plus-for-minus", func(*ast.Node) { n.Operator = "+" }}}
		}
	case *ast.BuiltinNode: // min and max are expr's builtins
		if swap := map[string]string{"min": "max", "max": "min"}[n.Name]; swap != "" {
			return []mutation{{"min-max", func(*ast.Node) { n.Name = swap }}}
		}
	case *ast.UnaryNode:
		if n.Operator == "!" || n.Operator == "not" {
			return []mutation{{"drop-not", func(p *ast.Node) { *p = n.Node }}}
		}
	}
	return nil
}

type visitor func(node *ast.Node)

func (v visitor) Visit(node *ast.Node) { v(node) }

// astMutants returns every single mutation of src, each printed back.
func astMutants(src string) []candidate {
	tree, err := parser.Parse(src)
	if err != nil {
		return nil
	}
	type site struct{ node, op int }
	var sites []site
	k := 0
	ast.Walk(&tree.Node, visitor(func(node *ast.Node) {
		for i := range mutationsAt(*node) {
			sites = append(sites, site{k, i})
		}
		k++
	}))
	var out []candidate
	for _, s := range sites {
		tree, err := parser.Parse(src)
		if err != nil {
			return out
		}
		k, name := 0, ""
		ast.Walk(&tree.Node, visitor(func(node *ast.Node) {
			if k == s.node {
				m := mutationsAt(*node)[s.op]
				name = m.name
				m.apply(node)
			}
			k++
		}))
		// A mutant that mixes ^ with arithmetic is refused by check
		// (ErrXorBesideArithmetic): the printer parenthesizes by the
		// parser's precedences only.
		if m := tree.Node.String(); m != src && !xorBesideArithmetic(m) {
			out = append(out, candidate{src: m, origin: "mutant:" + name})
		}
	}
	return out
}

// reducedMutants are base in reduced form, for the reduction by
// invariances (prove.Options.Reduce): base read at x - m·v, m the least
// pile of x on the support of a 0/1 vector v (every pile, and a random
// set), each then mutated once. Each asks (II) by reduction first: a false
// one must never be proved, whatever its region theorems say.
func reducedMutants(base string, names []string, r *rand.Rand) []candidate {
	if _, err := parser.Parse(base); err != nil || len(names) < 2 {
		return nil
	}
	supports := [][]string{names}
	var sub []string
	for _, name := range names {
		if r.IntN(2) == 0 {
			sub = append(sub, name)
		}
	}
	if len(sub) >= 2 && len(sub) < len(names) {
		supports = append(supports, sub)
	}
	var out []candidate
	for _, support := range supports {
		body, err := parser.Parse(base)
		if err != nil {
			return out
		}
		ast.Walk(&body.Node, visitor(func(node *ast.Node) {
			if id, ok := (*node).(*ast.IdentifierNode); ok && slices.Contains(support, id.Value) {
				ast.Patch(node, &ast.IdentifierNode{Value: "r" + id.Value})
			}
		}))
		lets := []string{"let mr = min(" + strings.Join(support, ", ") + ")"}
		for _, name := range support {
			lets = append(lets, fmt.Sprintf("let r%s = %s - mr", name, name))
		}
		src := "(" + strings.Join(lets, "; ") + "; " + body.Node.String() + ")"
		if xorBesideArithmetic(src) {
			continue
		}
		// Hints: the vector the form reduces by, a random one, and one
		// of the wrong length (left out by prove).
		v, random := make([]int, len(names)), make([]int, len(names))
		for i, name := range names {
			if slices.Contains(support, name) {
				v[i] = 1
			}
			random[i] = r.IntN(2)
		}
		hints := [][]int{random, v, {1}}
		out = append(out, candidate{src: src, origin: "reduced", reduce: true, hints: hints})
		muts := astMutants(src)
		if len(muts) > 0 {
			m := muts[r.IntN(len(muts))]
			m.origin, m.reduce, m.hints = "reduced+"+m.origin, true, hints
			out = append(out, m)
		}
	}
	return out
}

// xorBesideArithmetic says whether check refuses src for mixing ^ with
// arithmetic.
func xorBesideArithmetic(src string) bool {
	_, err := check.Compile(src, 26, nil)
	return errors.Is(err, check.ErrXorBesideArithmetic)
}

// specialMutants are the expressions that agree with base where a small
// table looks, or in the integers, but not as nimlab's evaluator reads
// them at every position:
//
//   - overflow: a conjunct true of every integer position that wraps past
//     2^63-1 in the evaluator (which computes modulo 2^64);
//   - small: base only below a threshold of 1000 or above 10^6 (the far
//     comparison of compareFar sees those);
//   - asym: base only on positions with a <= b, which includes every
//     sorted position and every lexicographically least image under a
//     transitive group, where the symmetry breaking looks: not symmetric
//     (the last one, base negated where a > b, is wrong for every game);
//   - sorted: base read at sorted positions only, sym(a <= b && ... &&
//     base), which the route of sorted options translates as its argument
//     where the position is sorted: the same set when every permutation
//     is a symmetry and base is symmetric, another set otherwise; beside
//     it base negated there (wrong), and a chain with a link missing
//     (translated as sym over the group).
func specialMutants(base string, names []string) []candidate {
	a := names[0]
	e := "(" + base + ")"
	out := []candidate{
		{src: e + " && " + a + " + 9223372036854775807 > 0", origin: "overflow"},
		{src: e + " && " + a + " * 4611686018427387904 >= 0", origin: "overflow"},
		{src: e + " == (" + a + " + 9223372036854775807 > 0)", origin: "overflow"},
		{src: e + " || " + a + " - 9223372036854775807 - 2 > 0", origin: "overflow"},
		{src: e + " && " + a + " < 1000", origin: "small"},
		{src: e + " || " + a + " > 1000000", origin: "small"},
	}
	if len(names) >= 2 {
		b := names[1]
		out = append(out,
			candidate{src: e + " && " + a + " + " + b + " < 5000", origin: "small"},
			candidate{src: e + " && " + a + " <= " + b, origin: "asym"},
			candidate{src: e + " || " + a + " > " + b, origin: "asym"},
			candidate{src: e + " != (" + a + " > " + b + ")", origin: "asym"},
		)
	}
	if len(names) >= 2 && !strings.Contains(base, "sym(") { // check has no sym inside sym
		var chain []string
		for i := 1; i < len(names); i++ {
			chain = append(chain, names[i-1]+" <= "+names[i])
		}
		sorted := strings.Join(chain, " && ")
		out = append(out,
			candidate{src: "sym(" + sorted + " && " + e + ")", origin: "sorted"},
			candidate{src: "sym(" + sorted + " && !" + e + ")", origin: "sorted"},
			candidate{src: "sym(" + strings.Join(chain[1:], " && ") + " && " + e + ")", origin: "sorted"},
		)
	}
	return out
}

// TestFuzzGenerators checks the fuzzer's generators without a solver: the
// random games cover every kind of move, the mutants compile and differ from
// their base, and the specs of the corpus parse.
func TestFuzzGenerators(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	seen := map[string]int{}
	failures := 0
	for range 500 {
		spec, f := randomGame(r)
		failures += f
		for _, k := range kindsOf(spec) {
			seen[k]++
		}
	}
	for _, k := range allKinds {
		if seen[k] == 0 {
			t.Errorf("no random game of kind %s in 500", k)
		}
	}
	if failures > 250 {
		t.Errorf("%d random specs did not parse for 500 that did", failures)
	}
	for _, spec := range corpusGames {
		if _, err := game.Parse(spec); err != nil {
			t.Errorf("corpus game %s: %v", spec, err)
		}
	}
	for spec := range corpusSeeds {
		if !slices.Contains(corpusGames, spec) {
			t.Errorf("the seeds of %s would not run: it is not in corpusGames", spec)
		}
	}
	base := "let mv = slowmoves(2, a, b, c); sym(a == 0 && b - c == d) || min(a, mv) % 2 == 1 && a ^ b == c + 1 && !(d < 2)"
	muts := astMutants(base)
	if len(muts) < 20 {
		t.Errorf("%d mutants of %s", len(muts), base)
	}
	ops := map[string]bool{}
	reduced := reducedMutants(base, pileNames(4), r)
	if len(reduced) < 2 || !reduced[0].reduce || reduced[0].origin != "reduced" {
		t.Errorf("reduced mutants of %s: %v", base, reduced)
	}
	muts = append(muts, reduced...)
	for _, m := range append(muts, specialMutants(base, pileNames(4))...) {
		ops[m.origin] = true
		if m.src == base {
			t.Errorf("mutant %s is its base", m.origin)
		}
		if _, err := check.Compile(m.src, 4, func() (*complex.Group, error) { return complex.FullGroup(4), nil }); err != nil {
			t.Errorf("%s: %v", m.origin, err)
		}
	}
	for _, op := range []string{"mutant:const+1", "mutant:const-1", "mutant:drop-left", "mutant:drop-right", "mutant:flip",
		"mutant:shift", "mutant:xor-for-plus", "mutant:plus-for-xor", "mutant:plus-for-minus", "mutant:min-max", "mutant:drop-not",
		"overflow", "small", "asym", "reduced"} {
		if !ops[op] {
			t.Errorf("no mutant %s of %s", op, base)
		}
	}
	sorted := 0
	for _, m := range specialMutants("a + b == c", pileNames(3)) {
		if m.origin == "sorted" {
			sorted++
			if _, err := check.Compile(m.src, 3, func() (*complex.Group, error) { return complex.FullGroup(3), nil }); err != nil {
				t.Errorf("%s: %v", m.origin, err)
			}
		}
	}
	if sorted != 3 {
		t.Errorf("%d mutants sorted of a + b == c, want 3", sorted)
	}
	for i := range 200 {
		src := randomExpr(r, pileNames(1+i%5))
		if _, err := check.Compile(src, 1+i%5, nil); err != nil {
			t.Errorf("random expression: %v", err)
		}
	}
	if got := kindsOf("slow(nim:2) + fixed(hyper:1-2,2-3;1)/misere"); !slices.Equal(got, []string{kindTake, kindHypergraph, kindSlow, kindRule, kindSum, kindMisere}) {
		t.Errorf("kindsOf: %v", got)
	}
}
