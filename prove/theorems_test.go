package prove

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
	"github.com/nimlab/nimlab/theory"
)

// theoremGames are the games the theorems are proved on in the tests.
var theoremGames = []struct{ theorem, spec string }{
	{"simplex", "cn:4,4"}, {"nim", "nim:2"}, {"cn-n-1", "cn:5,4"}, {"cn-n-1", "moore:6,5"},
	{"cn42", "cn:4,2"}, {"cn52", "cn:5,2"}, {"cn53", "cn:5,3"}, {"cn63", "cn:6,3"},
	{"cn86", "cn:8,6"}, {"cn74", "cn:7,4"}, {"octa", "octa:3"}, {"path-n-n-1", "path:4,2"},
	{"path-n-n-1", "path:6,3"}, {"figure6", "complex:1-2,1-3,2-3,3-4"}, {"exact-all", "exact:4,4"},
	{"mrule", "slow:2,1"}, {"mrule", "slow:3,2"},
}

// TestProvesTheTheorems proves each theorem's formula, and refutes, with a
// counterexample the engine confirms, every mutant of it (a clause dropped,
// a constant shifted) that a table shows to be wrong.
func TestProvesTheTheorems(t *testing.T) {
	s := solver(t)
	ctx := context.Background()
	for _, tt := range theoremGames {
		t.Run(tt.theorem+" "+tt.spec, func(t *testing.T) {
			g, err := game.Parse(tt.spec)
			if err != nil {
				t.Fatal(err)
			}
			th, _ := theory.ByName(tt.theorem)
			src, ok := th.Expression(ctx, g)
			if !ok {
				t.Fatalf("%s has no formula for %s", tt.theorem, tt.spec)
			}
			symmetries := func() (*complex.Group, error) { return g.Symmetries(ctx) }
			e, err := check.Compile(src, g.Piles(), symmetries)
			if err != nil {
				t.Fatal(err)
			}
			r, err := Prove(ctx, g, e, Options{Solver: s, Timeout: 2 * time.Minute})
			if err != nil {
				t.Fatal(err)
			}
			if r.Result != Proved {
				t.Fatalf("%s: %+v", r.Result, r)
			}
			h := 1
			for h < 8 && pow(h+2, g.Piles()) <= 200_000 {
				h++
			}
			tab, err := solve.Table(ctx, g, table.Uniform(g.Piles(), h), solve.Options{})
			if err != nil {
				t.Fatal(err)
			}
			refuted := 0
			for _, mutant := range mutants(t, src) {
				m, err := check.Compile(mutant, g.Piles(), symmetries)
				if err != nil {
					t.Fatalf("mutant %q: %v", mutant, err)
				}
				cmp, err := check.Compare(ctx, g, tab, m.Evaluator, 0)
				if err != nil {
					t.Fatal(err)
				}
				if cmp.Agrees() {
					continue // the same set up to h: perhaps equivalent
				}
				r, err := Prove(ctx, g, m, Options{Solver: s, Timeout: 2 * time.Minute})
				if err != nil {
					t.Fatal(err)
				}
				if r.Result != Refuted || r.Counterexample == nil || r.Counterexample.Checked != "engine" {
					t.Fatalf("mutant %q: %s (%s)", mutant, r.Result, r.Reason)
				}
				refuted++
			}
			if refuted == 0 && tt.theorem != "simplex" && tt.theorem != "nim" {
				t.Error("no mutant was wrong: the test refuted nothing")
			}
		})
	}
}

func pow(b, e int) int {
	r := 1
	for range e {
		r *= b
	}
	return r
}

// mutants breaks an expression: each && loses its right clause, each
// comparison's right side is shifted by one.
func mutants(t *testing.T, src string) []string {
	t.Helper()
	var out []string
	for k := 0; ; k++ {
		tree, err := parser.Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		i, changed := 0, false
		ast.Walk(&tree.Node, mutator(func(node *ast.Node) {
			n, ok := (*node).(*ast.BinaryNode)
			if !ok || changed {
				return
			}
			switch n.Operator {
			case "&&", "==", "<=", "<":
			default:
				return
			}
			if i != k {
				i++
				return
			}
			changed = true
			if n.Operator == "&&" {
				*node = n.Left
				return
			}
			n.Right = &ast.BinaryNode{Operator: "+", Left: n.Right, Right: &ast.IntegerNode{Value: 1}}
		}))
		if !changed {
			return slices.Compact(out)
		}
		out = append(out, tree.Node.String())
		if len(out) >= 6 {
			return out
		}
	}
}

type mutator func(node *ast.Node)

func (m mutator) Visit(node *ast.Node) { m(node) }

