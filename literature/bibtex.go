package literature

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/nimlab/nimlab/latex"
)

// BibTeX renders the reference as a BibTeX entry keyed by its Key: an
// @article for a paper in a journal, with the arXiv identifier as its
// eprint, and otherwise an @misc for the arXiv preprint. The fields are
// escaped for LaTeX (accents as \'{\i}); the title is braced whole, so that
// styles keep its capitals ("Nim", "CN(7,4)").
func (r Reference) BibTeX() string {
	var f bibFields
	f.add("author", strings.Join(mapStrings(r.Authors, latex.Escape), " and "))
	if r.Title != "" {
		f.add("title", "{"+latex.Escape(r.Title)+"}")
	}
	kind := "misc"
	if r.Journal != "" {
		kind = "article"
		f.add("journal", latex.Escape(r.Journal))
		f.add("volume", latex.Escape(r.Volume))
		f.add("number", latex.Escape(r.Number))
		f.add("pages", latex.Escape(r.Pages))
	}
	f.add("year", strconv.Itoa(r.Year))
	if r.DOI != "" {
		f.add("doi", latex.Escape(r.DOI))
	}
	if r.ArXiv != "" {
		f.add("eprint", r.ArXiv)
		f.add("archiveprefix", "arXiv")
		if kind == "misc" {
			f.add("howpublished", "arXiv:"+r.ArXiv)
		}
	}
	return f.entry(kind, r.Key)
}

// Software is a program to cite: nimlab itself (Nimlab).
type Software struct {
	// Key is its BibTeX key.
	Key string `json:"key"`
	// Title names the program and says what it does.
	Title string `json:"title"`
	// Authors are the authors as CITATION.cff gives them.
	Authors []string `json:"authors"`
	// URL is the repository's address.
	URL string `json:"url"`
	// License is the SPDX identifier of its license.
	License string `json:"license"`
}

// Nimlab is how nimlab itself is cited; CITATION.cff says the same (a test
// checks it).
var Nimlab = Software{
	Key:     "nimlab",
	Title:   "nimlab: exact analysis of Nim played on simplicial complexes, circles, paths and matroids",
	Authors: []string{"The nimlab authors"},
	URL:     "https://github.com/nimlab/nimlab",
	License: "Apache-2.0",
}

// BibTeX renders the software as a @misc entry (which every bibliography
// style takes) of the given version and year: version names the release or
// revision cited, e.g. "v0.1.0" (noted "Version v0.1.0") or "revision
// 5538e1d" (noted "Revision 5538e1d"); an empty version or
// a year of 0 is left out.
func (s Software) BibTeX(version string, year int) string {
	var f bibFields
	authors := make([]string, len(s.Authors))
	for i, a := range s.Authors {
		// A name that is not a person's is braced, so that styles do not
		// split it into first and last names.
		authors[i] = "{" + latex.Escape(a) + "}"
	}
	f.add("author", strings.Join(authors, " and "))
	f.add("title", "{"+latex.Escape(s.Title)+"}")
	f.add("howpublished", `\url{`+s.URL+`}`)
	switch {
	case strings.HasPrefix(version, "v"):
		f.add("note", "Version "+latex.Escape(version))
	case version != "":
		f.add("note", strings.ToUpper(version[:1])+latex.Escape(version[1:]))
	}
	if year != 0 {
		f.add("year", strconv.Itoa(year))
	}
	return f.entry("misc", s.Key)
}

// bibFields are the fields of one BibTeX entry, in order.
type bibFields [][2]string

// add adds a field, unless its value is empty.
func (f *bibFields) add(name, value string) {
	if value != "" {
		*f = append(*f, [2]string{name, value})
	}
}

// entry writes the entry: one field a line, values in braces.
func (f bibFields) entry(kind, key string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "@%s{%s,\n", kind, key)
	for i, kv := range f {
		sep := ","
		if i == len(f)-1 {
			sep = ""
		}
		fmt.Fprintf(&b, "  %-13s = {%s}%s\n", kv[0], kv[1], sep)
	}
	b.WriteString("}\n")
	return b.String()
}

func mapStrings(in []string, f func(string) string) []string {
	out := make([]string, len(in))
	for i, s := range in {
		out[i] = f(s)
	}
	return out
}
