package main

import (
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/nimlab/nimlab/commands"
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

// TestCiteCommand: "nimlab cite cn:6,3" prints the BibTeX of
// Dufour–Heubach 2013 and of nimlab, as the registry has them.
func TestCiteCommand(t *testing.T) {
	out, err := run(t, "cite", "cn:6,3")
	if err != nil {
		t.Fatal(err)
	}
	dh, _ := literature.Lookup(literature.DufourHeubach2013)
	if !strings.HasPrefix(out, dh.BibTeX()+"\n@misc{nimlab,\n") || strings.Count(out, "\n@") != 1 {
		t.Errorf("cite cn:6,3:\n%s", out)
	}
	v := runJSON(t, "cite", "cn:6,3", "--json")
	cs, _ := v["citations"].([]any)
	if len(cs) != 1 || cs[0].(map[string]any)["key"] != dh.Key || v["bibtex"] != out {
		t.Errorf("cite --json: %v", v)
	}
	text, err := run(t, "cite", "cn:6,3", "--format", "text")
	if err != nil || !strings.Contains(text, dh.Full()) || !strings.Contains(text, "Theorem 3.2") || paperFile.MatchString(text) {
		t.Errorf("cite --format text: %v\n%s", err, text)
	}
	if _, err := run(t, "cite", "cn:6,3", "--format", "ris"); err == nil || !strings.Contains(err.Error(), "--format must be bibtex or text") {
		t.Errorf("--format ris: %v", err)
	}
}

// TestCitationFile: CITATION.cff cites nimlab as "nimlab cite" does, and
// names the license of LICENSE.
func TestCitationFile(t *testing.T) {
	cff, err := os.ReadFile("../../CITATION.cff")
	if err != nil {
		t.Fatal(err)
	}
	license, err := os.ReadFile("../../LICENSE")
	if err != nil {
		t.Fatal(err)
	}
	s := literature.Nimlab
	for _, want := range []string{"cff-version: 1.2.0\n", "title: \"" + s.Title + "\"\n", "repository-code: \"" + s.URL + "\"\n", "license: " + s.License + "\n", "  - name: \"" + s.Authors[0] + "\"\n"} {
		if !strings.Contains(string(cff), want) {
			t.Errorf("CITATION.cff lacks %q", want)
		}
	}
	if s.License != "Apache-2.0" || !strings.Contains(string(license), "Apache License\n                           Version 2.0, January 2004") {
		t.Errorf("LICENSE is not the text of %s", s.License)
	}
	for _, key := range []string{literature.DufourHeubach2013, literature.EhrenborgSteingrimsson1996} {
		r, _ := literature.Lookup(key)
		if !strings.Contains(string(cff), "title: \""+r.Title+"\"") || (r.DOI != "" && !strings.Contains(string(cff), "doi: "+r.DOI)) {
			t.Errorf("CITATION.cff's reference to %s differs from the registry's", key)
		}
	}
}

// TestVersionCommand: "nimlab version" and "nimlab --version" say the same,
// from the build information.
func TestVersionCommand(t *testing.T) {
	v := runJSON(t, "version", "--json")
	if v["module"] != "github.com/nimlab/nimlab" || v["go"] == "" || v["version"] == "" {
		t.Errorf("version --json: %v", v)
	}
	text, err := run(t, "version")
	if err != nil || !strings.Contains(text, "module    github.com/nimlab/nimlab\n") || !strings.Contains(text, "version   "+v["version"].(string)+"\n") {
		t.Errorf("version: %v\n%s", err, text)
	}
	line, err := run(t, "--version")
	if err != nil || line != "nimlab "+commands.Version().String()+"\n" || !strings.Contains(line, v["version"].(string)) {
		t.Errorf("--version: %v %q", err, line)
	}
}
