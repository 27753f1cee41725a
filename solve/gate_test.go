package solve_test

import (
	"context"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/solve/gatetest"
	"github.com/nimlab/nimlab/table"
)

// TestGateOr: a nil gate is the context's (WithGate), else Direct; a gate
// given wins over the context's.
func TestGateOr(t *testing.T) {
	g, err := game.Parse("nim:3")
	if err != nil {
		t.Fatal(err)
	}
	box := table.Uniform(3, 4)
	var given, carried gatetest.Counter
	ctx := solve.WithGate(context.Background(), &carried)
	if _, err := solve.Gated(ctx, nil, g, box, solve.Options{}); err != nil {
		t.Fatal(err)
	}
	if _, err := solve.Gated(ctx, &given, g, box, solve.Options{}); err != nil {
		t.Fatal(err)
	}
	if carried.Calls() != 1 || given.Calls() != 1 {
		t.Errorf("the context's gate ran %d plans, the one given %d; want 1 and 1", carried.Calls(), given.Calls())
	}
	if solve.GateOr(context.Background(), nil) != solve.Direct {
		t.Error("GateOr(no gate) is not Direct")
	}
	var refuse gatetest.Refuse
	if _, err := solve.Gated(context.Background(), &refuse, g, box, solve.Options{}); !errors.Is(err, solve.ErrTooLarge) {
		t.Errorf("a refused plan: %v, want solve.ErrTooLarge", err)
	}
}

// TestLibrariesSolveThroughTheGate: the libraries that build tables for the
// commands (discover, prove, play, atlas, repro, theory) never call an
// engine or a function that builds and runs a plan of its own (solve.Table,
// Fast, Values, Reference): their tables go through a gate (solve.Gated,
// GateOr).
func TestLibrariesSolveThroughTheGate(t *testing.T) {
	fset := token.NewFileSet()
	for _, dir := range []string{"discover", "prove", "play", "atlas", "repro", "theory"} {
		files, err := filepath.Glob(filepath.Join("..", dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no Go file (%v)", dir, err)
		}
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, name, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(f, func(n ast.Node) bool {
				sel, ok := n.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "solve" {
					switch sel.Sel.Name {
					case "Table", "Fast", "Values", "Reference":
						t.Errorf("%s: solve.%s solves past the gate", fset.Position(sel.Pos()), sel.Sel.Name)
					}
				}
				return true
			})
		}
	}
}
