package docs

import (
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

// module is the import path of nimlab's packages.
const module = "github.com/nimlab/nimlab/"

// packageImports reads, for every package of the module, the packages of
// the module its non-test files import (whatever their build tags), by
// directory relative to the module's root.
func packageImports(t *testing.T) map[string][]string {
	t.Helper()
	imports := map[string][]string{}
	err := filepath.WalkDir("..", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != ".." && (strings.HasPrefix(name, ".") || name == "testdata" || name == "python" || name == "web") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		dir, _ := filepath.Rel("..", filepath.Dir(path))
		dir = filepath.ToSlash(dir)
		if _, ok := imports[dir]; !ok {
			imports[dir] = nil
		}
		for _, imp := range f.Imports {
			p := strings.Trim(imp.Path.Value, `"`)
			if rest, ok := strings.CutPrefix(p, module); ok && !slices.Contains(imports[dir], rest) {
				imports[dir] = append(imports[dir], rest)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return imports
}

// floors puts each package one floor above the highest it imports (floor
// 1: imports none of the module), and returns the floors from the top down,
// each a sorted list of packages. It fails on an import cycle.
func floors(t *testing.T, imports map[string][]string) [][]string {
	t.Helper()
	floor := map[string]int{}
	var visit func(p string, path []string) int
	visit = func(p string, path []string) int {
		if f, ok := floor[p]; ok {
			return f
		}
		if slices.Contains(path, p) {
			t.Fatalf("import cycle: %s -> %s", strings.Join(path, " -> "), p)
		}
		f := 1
		for _, q := range imports[p] {
			f = max(f, visit(q, append(path, p))+1)
		}
		floor[p] = f
		return f
	}
	top := 0
	for p := range imports {
		top = max(top, visit(p, nil))
	}
	out := make([][]string, top)
	for p, f := range floor {
		out[top-f] = append(out[top-f], p)
	}
	for _, ps := range out {
		sort.Strings(ps)
	}
	return out
}

// TestPackagePictureIsTheCode: the picture of the packages in
// how-it-works.md, one line per floor, is the one the imports make now.
func TestPackagePictureIsTheCode(t *testing.T) {
	var want strings.Builder
	fl := floors(t, packageImports(t))
	for i, ps := range fl {
		fmt.Fprintf(&want, "floor %2d  %s\n", len(fl)-i, strings.Join(ps, "  "))
	}
	page := read(t, "how-it-works.md")
	const open, end = "```text packages\n", "```"
	i := strings.Index(page, open)
	if i < 0 {
		t.Fatalf("how-it-works.md has no block %q; it should hold:\n%s", open, want.String())
	}
	body := page[i+len(open):]
	body = body[:strings.Index(body, end)]
	if body != want.String() {
		t.Errorf("how-it-works.md's picture of the packages is not the code's; the imports make:\n%s", want.String())
	}
}
