package main

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestFrontEndOnly: the command line and the server parse flags or
// queries into requests of package commands and render results; they
// import no engine (solve) and no table (table).
func TestFrontEndOnly(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
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
			switch path {
			case "github.com/nimlab/nimlab/solve", "github.com/nimlab/nimlab/table":
				t.Errorf("%s imports %s: front ends call package commands", name, path)
			}
		}
	}
}
