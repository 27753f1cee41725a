package literature

import (
	"strings"
	"testing"
	"unicode"
)

func TestBibTeX(t *testing.T) {
	tests := []struct {
		key  string
		want []string
	}{
		{DufourHeubach2013, []string{
			"@article{dufour-heubach-2013,\n",
			"  author        = {M. Dufour and S. Heubach},\n",
			"  title         = {{Circular Nim Games}},\n",
			"  journal       = {Electron. J. Combin.},\n",
			"  volume        = {20},\n", "  number        = {2},\n", "  pages         = {P22},\n",
			"  year          = {2013},\n", "  doi           = {10.37236/2765},\n",
			"  eprint        = {1211.0091},\n", "  archiveprefix = {arXiv}\n}\n",
		}},
		// Accents become LaTeX; a paper without an arXiv number has no eprint.
		{EhrenborgSteingrimsson1996, []string{"author        = {R. Ehrenborg and E. Steingr{\\'\\i}msson}", "pages         = {R9}"}},
		// A preprint is a @misc that names its arXiv number.
		{GurvichMartynovMaximchukVyalyi2023, []string{"@misc{gurvich-martynov-maximchuk-vyalyi-2023,", "howpublished  = {arXiv:2304.06498}", "eprint        = {2304.06498}"}},
		{"bouton-1902", []string{"pages         = {35--39}", "journal       = {Ann. of Math. (2)}"}},
	}
	for _, tt := range tests {
		r, _ := Lookup(tt.key)
		got := r.BibTeX()
		for _, w := range tt.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: the entry lacks %q:\n%s", tt.key, w, got)
			}
		}
	}
	if got := Cite(EhrenborgSteingrimsson1996, "").BibTeX(); strings.Contains(got, "eprint") {
		t.Errorf("an eprint without an arXiv number:\n%s", got)
	}
}

// TestBibTeXOfEveryReference: every entry is ASCII, has balanced braces,
// one field a line, and names the fields its reference has.
func TestBibTeXOfEveryReference(t *testing.T) {
	for _, r := range References() {
		e := r.BibTeX()
		if i := strings.IndexFunc(e, func(c rune) bool { return c > unicode.MaxASCII }); i >= 0 {
			t.Errorf("%s: not ASCII at %q", r.Key, e[i:])
		}
		depth := 0
		for _, c := range e {
			switch c {
			case '{':
				depth++
			case '}':
				depth--
			}
			if depth < 0 {
				break
			}
		}
		if depth != 0 {
			t.Errorf("%s: unbalanced braces:\n%s", r.Key, e)
		}
		lines := strings.Split(strings.TrimSuffix(e, "\n"), "\n")
		if !strings.HasPrefix(lines[0], "@") || !strings.HasSuffix(lines[0], "{"+r.Key+",") || lines[len(lines)-1] != "}" {
			t.Errorf("%s: not one entry:\n%s", r.Key, e)
		}
		for _, want := range []struct{ field, value string }{{"year", "x"}, {"journal", r.Journal}, {"eprint", r.ArXiv}, {"doi", r.DOI}, {"title", r.Title}} {
			if want.value != "" && !strings.Contains(e, "  "+want.field+" ") {
				t.Errorf("%s: no %s field:\n%s", r.Key, want.field, e)
			}
		}
	}
}

// TestVenueHoldsTheFields: the BibTeX fields are the parts of the venue
// the docs print (pages with an en dash, "35–39", which BibTeX writes "35--39").
func TestVenueHoldsTheFields(t *testing.T) {
	for _, r := range References() {
		for _, part := range []string{r.Journal, r.Volume, r.Pages} {
			if !strings.Contains(r.Venue, part) {
				t.Errorf("%s: venue %q lacks %q", r.Key, r.Venue, part)
			}
		}
		if r.Number != "" && !strings.Contains(r.Venue, r.Volume+"("+r.Number+")") {
			t.Errorf("%s: venue %q lacks %s(%s)", r.Key, r.Venue, r.Volume, r.Number)
		}
		if (r.Volume != "" || r.Pages != "") && r.Journal == "" {
			t.Errorf("%s: volume or pages without a journal", r.Key)
		}
	}
}

func TestSoftwareBibTeX(t *testing.T) {
	got := Nimlab.BibTeX("v0.1.0", 2026)
	for _, w := range []string{"@misc{nimlab,", "author        = {{The nimlab authors}}", `howpublished  = {\url{https://github.com/nimlab/nimlab}}`, "note          = {Version v0.1.0}", "year          = {2026}\n}"} {
		if !strings.Contains(got, w) {
			t.Errorf("lacks %q:\n%s", w, got)
		}
	}
	if got := Nimlab.BibTeX("revision 5538e1d1234a (modified)", 2026); !strings.Contains(got, "note          = {Revision 5538e1d1234a (modified)}") {
		t.Errorf("a revision:\n%s", got)
	}
	if got := Nimlab.BibTeX("", 0); strings.Contains(got, "note") || strings.Contains(got, "year") || !strings.HasSuffix(got, "}}\n}\n") {
		t.Errorf("without a version and a year:\n%s", got)
	}
}
