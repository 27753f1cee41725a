package main

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// engines are the packages whose insides a front end never touches: it
// parses flags or queries into requests of package commands (through the
// adapter cmd/internal/api on the web) and renders results.
var engines = []string{
	"github.com/nimlab/nimlab/solve", "github.com/nimlab/nimlab/table",
	"github.com/nimlab/nimlab/play", "github.com/nimlab/nimlab/prove",
	"github.com/nimlab/nimlab/theory", "github.com/nimlab/nimlab/discover",
}

// TestFrontEndOnly: the command line and the server (this directory) and
// the WebAssembly entry import no engine (solve, table, play, prove,
// theory, discover); the WebAssembly entry imports nothing of nimlab but
// the adapter cmd/internal/api and package commands.
func TestFrontEndOnly(t *testing.T) {
	for _, dir := range []string{".", "../nimlab-wasm"} {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		if len(files) == 0 {
			t.Fatalf("no Go file in %s", dir)
		}
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range f.Imports {
				path, _ := strconv.Unquote(imp.Path.Value)
				for _, engine := range engines {
					if path == engine || strings.HasPrefix(path, engine+"/") {
						t.Errorf("%s imports %s: front ends call package commands", name, path)
					}
				}
				if dir != "." && strings.HasPrefix(path, "github.com/nimlab/nimlab/") &&
					path != "github.com/nimlab/nimlab/commands" && path != "github.com/nimlab/nimlab/cmd/internal/api" {
					t.Errorf("%s imports %s: the WebAssembly entry calls cmd/internal/api and commands only", name, path)
				}
			}
		}
	}
}
