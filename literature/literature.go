// Package literature is nimlab's bibliography: every paper the project
// encodes or discusses, as a Reference in one registry, and citations of a
// place in one of them ("Dufour–Heubach 2013, Theorem 3.2"), the way readers
// of the papers cite them. The theorems, game families and reproduced claims
// cite through this package, so every citation the tool prints names a
// reference listed here and in docs/references.md.
package literature

import (
	"fmt"
	"strconv"
	"strings"
)

// Reference is one published paper or preprint.
type Reference struct {
	// Key identifies the reference: the surnames of its authors (the first
	// author and "et-al" for more than four), lower-case ASCII joined by
	// hyphens, and the year, e.g. "dufour-heubach-2013".
	Key string `json:"key"`
	// Authors lists the authors as the paper does, initials first
	// ("M. Dufour"); an author whose initials are not known here is given by
	// surname alone.
	Authors []string `json:"authors"`
	// Year is the year of publication, or of the first arXiv version for a
	// preprint.
	Year int `json:"year"`
	// Title is the paper's title, or empty when it is not known here.
	Title string `json:"title,omitempty"`
	// Venue is the journal with volume, year and pages or article number,
	// or, for a paper known here only as a preprint, "arXiv" with its
	// identifier and year.
	Venue string `json:"venue"`
	// ArXiv is the arXiv identifier, e.g. "1211.0091", or empty.
	ArXiv string `json:"arxiv,omitempty"`
	// Journal, Volume, Number and Pages are the parts of Venue a BibTeX
	// entry holds: the journal's abbreviated name, e.g. "Electron. J.
	// Combin.", its volume and issue, and the pages ("35--39") or article
	// number ("P22"), a range with an en dash ("35–39"); Journal is empty for
	// a preprint.
	Journal string `json:"journal,omitempty"`
	Volume  string `json:"volume,omitempty"`
	Number  string `json:"number,omitempty"`
	Pages   string `json:"pages,omitempty"`
	// DOI is the digital object identifier, e.g. "10.37236/2765", or
	// empty when it is not known here.
	DOI string `json:"doi,omitempty"`
}

// MaxListedAuthors is the largest number of authors a short citation lists;
// a reference with more is cited by its first author and "et al.".
const MaxListedAuthors = 4

// Surnames returns the authors' surnames: the last word of each name.
func (r Reference) Surnames() []string {
	out := make([]string, len(r.Authors))
	for i, a := range r.Authors {
		f := strings.Fields(a)
		out[i] = f[len(f)-1]
	}
	return out
}

// Short renders the reference the way a citation names it: the surnames
// joined by en dashes and the year, e.g. "Dufour–Heubach 2013", or the first
// surname and "et al." for more than MaxListedAuthors authors.
func (r Reference) Short() string {
	s := r.Surnames()
	if len(s) > MaxListedAuthors {
		return s[0] + " et al. " + strconv.Itoa(r.Year)
	}
	return strings.Join(s, "–") + " " + strconv.Itoa(r.Year)
}

// Full renders the whole reference: authors, title, venue and arXiv
// identifier, e.g. "M. Dufour, S. Heubach, Circular Nim Games, Electron. J.
// Combin. 20(2) (2013), #P22, arXiv 1211.0091".
func (r Reference) Full() string {
	parts := []string{strings.Join(r.Authors, ", ")}
	if r.Title != "" {
		parts = append(parts, r.Title)
	}
	parts = append(parts, r.Venue)
	if r.ArXiv != "" && !strings.Contains(r.Venue, r.ArXiv) {
		parts = append(parts, "arXiv "+r.ArXiv)
	}
	return strings.Join(parts, ", ")
}

// Citation is a place in a reference: a theorem, section, figure or example.
type Citation struct {
	Reference
	// Where says where in the paper, e.g. "Theorem 3.2", or is empty when
	// the citation is of the whole paper.
	Where string `json:"where,omitempty"`
}

// String renders the citation, e.g. "Dufour–Heubach 2013, Theorem 3.2".
func (c Citation) String() string {
	if c.Where == "" {
		return c.Short()
	}
	return c.Short() + ", " + c.Where
}

// Citations is a list of citations, e.g. of a theorem that two papers state.
type Citations []Citation

// String renders the citations separated by semicolons, e.g.
// "Dufour–Heubach 2013, Theorem 3.1(1); Ehrenborg–Steingrímsson 1996,
// Proposition 8.3".
func (cs Citations) String() string {
	s := make([]string, len(cs))
	for i, c := range cs {
		s[i] = c.String()
	}
	return strings.Join(s, "; ")
}

// Keys lists the keys of the cited references, in order.
func (cs Citations) Keys() []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Key
	}
	return out
}

// Lookup returns the reference with the given key.
func Lookup(key string) (Reference, bool) {
	for _, r := range registry {
		if r.Key == key {
			return r, true
		}
	}
	return Reference{}, false
}

// References lists every reference of the registry, in the order of
// docs/references.md. The caller may modify the result.
func References() []Reference {
	out := make([]Reference, len(registry))
	for i, r := range registry {
		out[i] = r
		out[i].Authors = append([]string(nil), r.Authors...)
	}
	return out
}

// Cite returns the citation of where in the reference with the given key.
// It panics when no reference has that key: citations are written in the
// source, so an unknown key is a programming error that every test run
// catches.
func Cite(key, where string) Citation {
	r, ok := Lookup(key)
	if !ok {
		panic(fmt.Sprintf("literature: no reference with key %q", key))
	}
	return Citation{Reference: r, Where: where}
}

// Of returns the citations given as pairs of a key and a place, e.g.
// Of("dufour-heubach-2013", "Theorem 3.1(1)", "ehrenborg-steingrimsson-1996",
// "Proposition 8.3"); a last key without a place cites the whole paper. It
// panics on an unknown key (see Cite).
func Of(keyWhere ...string) Citations {
	out := make(Citations, 0, (len(keyWhere)+1)/2)
	for i := 0; i < len(keyWhere); i += 2 {
		where := ""
		if i+1 < len(keyWhere) {
			where = keyWhere[i+1]
		}
		out = append(out, Cite(keyWhere[i], where))
	}
	return out
}
