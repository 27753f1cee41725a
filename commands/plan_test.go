package commands

import (
	"context"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// TestOneSolveOnePlan: every solve a command runs builds one plan
// (solve.Plan) and reads it for the engine, the memory, the table or its
// stream; a table read from a file builds none. Building a plan to ask the
// engine and another to ask the memory fails here.
func TestOneSolveOnePlan(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	saved := filepath.Join(dir, "saved.table")
	if _, err := Solve(ctx, Env{}, SolveRequest{Game: "cn:5,2", Source: Source{Max: 4}, Out: saved}); err != nil {
		t.Fatal(err)
	}
	solveOf := func(req SolveRequest, env Env) func() error {
		return func() error { _, err := Solve(ctx, env, req); return err }
	}
	src := func(max int) Source { return Source{Max: max} }
	for _, tt := range []struct {
		name   string
		run    func() error
		solves int64
	}{
		{"solve, fast engine", solveOf(SolveRequest{Game: "cn:5,2", Source: src(4)}, Env{}), 1},
		{"solve, Grundy values", solveOf(SolveRequest{Game: "cn:5,2", Source: src(4), Grundy: true}, Env{}), 1},
		{"solve, remoteness", solveOf(SolveRequest{Game: "cn:5,2", Source: src(4), Remoteness: true}, Env{}), 1},
		{"solve, cone engine", solveOf(SolveRequest{Game: "fixed(cn:5,2; 2)", Source: src(4)}, Env{}), 1},
		{"solve, values engine", solveOf(SolveRequest{Game: "slow:4,3", Source: src(4), Remoteness: true}, Env{}), 1},
		{"solve, reference", solveOf(SolveRequest{Game: "cn:5,2", Source: src(3), Reference: true}, Env{}), 1},
		{"solve, streamed", solveOf(SolveRequest{Game: "cn:5,2", Source: src(4), Out: filepath.Join(dir, "streamed.table")}, Env{}), 1},
		{"solve, saved, not streamed", solveOf(SolveRequest{Game: "cn:5,2", Source: src(4), Grundy: true, Out: filepath.Join(dir, "grundy.table")}, Env{}), 1},
		{"solve, server's cache", solveOf(SolveRequest{Game: "cn:5,2", Source: src(4)}, Env{Cache: NewCache(1 << 24)}), 1},
		{"solve, table file", solveOf(SolveRequest{Game: "cn:5,2", Source: Source{Max: -1, Table: saved}}, Env{}), 0},
		{"list", func() error {
			_, err := List(ctx, Env{}, ListRequest{Game: "cn:5,2", Source: src(3)})
			return err
		}, 1},
		{"critical", func() error {
			_, err := Critical(ctx, Env{}, CriticalRequest{Game: "slow:3,2", Source: src(4), Remoteness: -1})
			return err
		}, 1},
		// Three solves: the values engine's, the reference's and the
		// previous engine's (Values on one worker).
		{"bench", func() error {
			_, err := Bench(ctx, Env{}, BenchRequest{Game: "slow:3,2", Source: src(5), ReferenceMax: 3, PreviousMax: 3})
			return err
		}, 3},
	} {
		before := plansBuilt.Load()
		if err := tt.run(); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := plansBuilt.Load() - before; got != tt.solves {
			t.Errorf("%s: %d plans built, want %d (one per solve)", tt.name, got, tt.solves)
		}
	}
}

// TestPlansOnlyFromSource: the commands build the plans of their solves
// in one place (Source.plan, which counts them for TestOneSolveOnePlan),
// and never call a function of package solve that builds a plan of its own
// (solve.Table, solve.HasOptionIn, solve.Analyze).
func TestPlansOnlyFromSource(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			ast.Inspect(fn, func(n ast.Node) bool {
				sel, ok := n.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				if pkg, ok := sel.X.(*ast.Ident); !ok || pkg.Name != "solve" {
					return true
				}
				switch sel.Sel.Name {
				case "Table", "HasOptionIn", "Analyze":
					t.Errorf("%s: %s calls solve.%s, which builds a plan of its own", fset.Position(sel.Pos()), fn.Name.Name, sel.Sel.Name)
				case "NewPlan":
					if fn.Name.Name != "plan" {
						t.Errorf("%s: %s builds a plan (solve.NewPlan) outside Source.plan", fset.Position(sel.Pos()), fn.Name.Name)
					}
				}
				return true
			})
		}
	}
}

// TestFormatOf: the default when none is asked, the one asked when known,
// and otherwise a request error that lists the known ones.
func TestFormatOf(t *testing.T) {
	tests := []struct {
		format  string
		formats []string
		want    string
		err     string
	}{
		{"", []string{"csv", "json"}, "csv", ""},
		{"json", []string{"csv", "json"}, "json", ""},
		{"xml", []string{"csv", "json", "parquet"}, "", `--format must be csv, json or parquet, not "xml"`},
		{"JSON", []string{"text", "latex"}, "", `--format must be text or latex, not "JSON"`},
	}
	for _, tt := range tests {
		got, err := formatOf(tt.format, tt.formats...)
		var request *RequestError
		switch {
		case tt.err == "" && (err != nil || got != tt.want):
			t.Errorf("formatOf(%q, %q) = %q, %v; want %q", tt.format, tt.formats, got, err, tt.want)
		case tt.err != "" && (err == nil || err.Error() != tt.err || !errors.As(err, &request)):
			t.Errorf("formatOf(%q, %q): error %v; want the request error %q", tt.format, tt.formats, err, tt.err)
		}
	}
}
