package main

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/nimlab/nimlab/literature"
)

// paperFile matches what a citation must never be: a path into a folder of
// paper copies, or a copy's file name (three digits, an underscore and 16 hex
// digits). The slash is written as a class so that a search of the sources
// for such paths finds none.
var paperFile = regexp.MustCompile(`papers[/]|\b[0-9]{3}_[0-9a-f]{16}\b`)

// checkReferences checks one JSON row's citations: "source" is the rendered
// text of "references", and every reference is in the registry with the
// registry's fields.
func checkReferences(t *testing.T, what string, row map[string]any) []map[string]any {
	t.Helper()
	source, _ := row["source"].(string)
	refs, _ := row["references"].([]any)
	if source == "" || len(refs) == 0 {
		t.Errorf("%s: source %q, references %v", what, source, row["references"])
		return nil
	}
	var cs literature.Citations
	var out []map[string]any
	for _, x := range refs {
		r, _ := x.(map[string]any)
		key, _ := r["key"].(string)
		ref, ok := literature.Lookup(key)
		if !ok {
			t.Errorf("%s: reference %q is not in the registry", what, key)
			continue
		}
		if r["year"] != float64(ref.Year) || r["venue"] != ref.Venue || len(r["authors"].([]any)) != len(ref.Authors) {
			t.Errorf("%s: reference %v differs from the registry's %+v", what, r, ref)
		}
		where, _ := r["where"].(string)
		cs = append(cs, literature.Citation{Reference: ref, Where: where})
		out = append(out, r)
	}
	if cs.String() != source {
		t.Errorf("%s: source %q, but the references render as %q", what, source, cs.String())
	}
	if paperFile.MatchString(source) {
		t.Errorf("%s cites a file: %q", what, source)
	}
	return out
}

func TestTheoremsCiteReferences(t *testing.T) {
	v := runJSON(t, "theorems", "--json")
	list, _ := v["theorems"].([]any)
	if len(list) < 20 {
		t.Fatalf("%d theorems", len(list))
	}
	byName := map[string][]map[string]any{}
	for _, x := range list {
		row := x.(map[string]any)
		name, _ := row["name"].(string)
		byName[name] = checkReferences(t, "theorem "+name, row)
	}
	// A theorem two papers state cites both, each with its own place.
	tests := []struct {
		name        string
		keys, where []string
	}{
		{"cn63", []string{"dufour-heubach-2013"}, []string{"Theorem 3.2"}},
		{"cn52", []string{"dufour-heubach-2013", "ehrenborg-steingrimsson-1996"}, []string{"Theorem 3.1(1)", "Proposition 8.3"}},
		{"cn74", []string{"dufour-heubach-vo-2021"}, []string{"Theorem 2.1"}},
		{"nim", []string{"dufour-heubach-2013", "bouton-1902"}, []string{"Theorem 2.1(1)", ""}},
	}
	for _, tt := range tests {
		refs := byName[tt.name]
		if len(refs) != len(tt.keys) {
			t.Errorf("%s: references %v, want keys %v", tt.name, refs, tt.keys)
			continue
		}
		for i, r := range refs {
			where, _ := r["where"].(string)
			if r["key"] != tt.keys[i] || where != tt.where[i] {
				t.Errorf("%s: reference %d is %v at %q, want %s at %q", tt.name, i, r["key"], where, tt.keys[i], tt.where[i])
			}
		}
	}
	out, err := run(t, "theorems")
	if err != nil || !strings.Contains(out, "Dufour–Heubach 2013, Theorem 3.2") || paperFile.MatchString(out) {
		t.Errorf("theorems: %v\n%s", err, out)
	}
}

func TestGamesCiteReferences(t *testing.T) {
	out, err := run(t, "games", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var rows []map[string]any
	if err := json.Unmarshal([]byte(out), &rows); err != nil {
		t.Fatal(err)
	}
	for _, row := range rows {
		checkReferences(t, "family "+row["name"].(string), row)
	}
	v := runJSON(t, "complex", "cn:6,3", "--json")
	if refs := checkReferences(t, "complex cn:6,3", v); len(refs) != 1 || refs[0]["key"] != "dufour-heubach-2013" {
		t.Errorf("complex cn:6,3 cites %v", refs)
	}
	if out, err := run(t, "games"); err != nil || paperFile.MatchString(out) {
		t.Errorf("games: %v\n%s", err, out)
	}
}

// TestHelpCitesNoFiles: no command's help names a copy of a paper.
func TestHelpCitesNoFiles(t *testing.T) {
	for _, s := range []string{"see papers" + "/001, Question 9.5", "(" + "123_0123456789abcdef" + ".txt)"} {
		if !paperFile.MatchString(s) {
			t.Fatalf("the pattern misses %q", s)
		}
	}
	if paperFile.MatchString("DIR/atlas-1-of-4.txt; Dufour–Heubach 2013, Theorem 3.2") {
		t.Fatal("the pattern matches a citation")
	}
	for _, c := range newRoot().Commands() {
		for _, text := range []string{c.Short, c.Long, c.Example} {
			if m := paperFile.FindString(text); m != "" {
				t.Errorf("%s: help cites %q", c.Name(), m)
			}
		}
	}
}
