package literature

import (
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

func TestCitationString(t *testing.T) {
	tests := []struct {
		name string
		got  string
		want string
	}{
		{"two authors", Cite(DufourHeubach2013, "Theorem 3.2").String(), "Dufour–Heubach 2013, Theorem 3.2"},
		{"diacritics kept", Cite(EhrenborgSteingrimsson1996, "Proposition 4.7").String(), "Ehrenborg–Steingrímsson 1996, Proposition 4.7"},
		{"four authors listed", Cite(GurvichMartynovMaximchukVyalyi2023, "Section 1.2").String(), "Gurvich–Martynov–Maximchuk–Vyalyi 2023, Section 1.2"},
		{"five authors abbreviated", Cite("boros-et-al-2015", "").String(), "Boros et al. 2015"},
		{"initials dropped", Cite(Smith1966, "").String(), "Smith 1966"},
		{"three initials", Cite("bouton-1902", "").String(), "Bouton 1902"},
		{"surname only", Cite("kadam-heubach-dufour-2026", "abstract").String(), "Kadam–Heubach–Dufour 2026, abstract"},
		{"two citations", Of(DufourHeubach2013, "Theorem 3.1(1)", EhrenborgSteingrimsson1996, "Proposition 8.3").String(),
			"Dufour–Heubach 2013, Theorem 3.1(1); Ehrenborg–Steingrímsson 1996, Proposition 8.3"},
		{"no citations", Citations(nil).String(), ""},
		{"a last key without a place", Of(DufourHeubach2013, "Theorem 2.1(1)", "bouton-1902").String(), "Dufour–Heubach 2013, Theorem 2.1(1); Bouton 1902"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, tt.got, tt.want)
		}
	}
}

func TestFull(t *testing.T) {
	tests := []struct {
		key, want string
	}{
		{DufourHeubach2013, "M. Dufour, S. Heubach, Circular Nim Games, Electron. J. Combin. 20(2) (2013), #P22, arXiv 1211.0091"},
		// A preprint's venue names its arXiv number, which is not repeated.
		{DufourHeubachVo2021, "M. Dufour, S. Heubach, A. Vo, Circular Nim Games CN(7,4), arXiv 2103.09920 (2021)"},
		// A reference without a title here.
		{"renard-rigo-2025", "A. Renard, M. Rigo, arXiv 2512.11601 (2025)"},
	}
	for _, tt := range tests {
		r, ok := Lookup(tt.key)
		if !ok {
			t.Fatalf("no reference %q", tt.key)
		}
		if got := r.Full(); got != tt.want {
			t.Errorf("%s: Full() = %q, want %q", tt.key, got, tt.want)
		}
	}
}

// asciiFold lower-cases s and drops the accents of the letters the
// registry's surnames use.
func asciiFold(s string) string {
	r := strings.NewReplacer("í", "i", "č", "c", "é", "e", "ö", "o", "ü", "u", "á", "a")
	return r.Replace(strings.ToLower(s))
}

// TestRegistry checks every reference: a unique key made by the documented
// rule from its surnames and year, authors, a year, a venue, and an arXiv
// number of the form YYMM.NNNNN that matches the venue's when both name one.
func TestRegistry(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range References() {
		if seen[r.Key] {
			t.Errorf("key %q appears twice", r.Key)
		}
		seen[r.Key] = true
		if len(r.Authors) == 0 || r.Year < 1800 || r.Year > 2100 || r.Venue == "" {
			t.Errorf("%s: incomplete reference %+v", r.Key, r)
		}
		s := r.Surnames()
		if len(s) > MaxListedAuthors {
			s = []string{s[0], "et", "al"}
		}
		want := asciiFold(strings.Join(s, "-")) + "-" + strconv.Itoa(r.Year)
		if r.Key != want {
			t.Errorf("key %q, want %q (surnames and year)", r.Key, want)
		}
		if strings.IndexFunc(r.Key, func(c rune) bool { return c > unicode.MaxASCII || unicode.IsUpper(c) || c == ' ' }) >= 0 {
			t.Errorf("key %q is not lower-case ASCII", r.Key)
		}
		if r.ArXiv != "" {
			if a, b, ok := strings.Cut(r.ArXiv, "."); !ok || len(a) != 4 || len(b) < 4 || len(b) > 5 {
				t.Errorf("%s: arXiv identifier %q", r.Key, r.ArXiv)
			}
			if strings.HasPrefix(r.Venue, "arXiv") && !strings.HasPrefix(r.Venue, "arXiv "+r.ArXiv+" ") {
				t.Errorf("%s: venue %q names another arXiv number than %s", r.Key, r.Venue, r.ArXiv)
			}
		}
	}
	// Short citations must tell the references apart.
	short := map[string]string{}
	for _, r := range References() {
		if k, ok := short[r.Short()]; ok {
			t.Errorf("%s and %s are both cited as %q", k, r.Key, r.Short())
		}
		short[r.Short()] = r.Key
	}
}

func TestCitePanicsOnUnknownKey(t *testing.T) {
	for _, f := range []func(){
		func() { Cite("dufour-2013", "Theorem 3.2") },
		func() { Of(DufourHeubach2013, "Theorem 3.2", "dufour-2013") },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Error("no panic")
				}
			}()
			f()
		}()
	}
}

func TestReferencesIsACopy(t *testing.T) {
	refs := References()
	refs[0].Authors[0] = "X"
	refs[0].Key = "x"
	if r := References()[0]; r.Key == "x" || r.Authors[0] == "X" {
		t.Error("References shares its result with the registry")
	}
}

// TestBibliography checks that docs/references.md lists every reference:
// the line naming its key also has its short citation, every author, the
// title, the venue, the arXiv number and the DOI; and that it names no key the
// registry lacks.
func TestBibliography(t *testing.T) {
	data, err := os.ReadFile("../docs/references.md")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	for _, r := range References() {
		i := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, "`"+r.Key+"`") })
		if i < 0 {
			t.Errorf("docs/references.md does not list %s", r.Key)
			continue
		}
		line := lines[i]
		want := append([]string{r.Short(), r.Venue, r.Title, r.ArXiv, r.DOI}, r.Authors...)
		for _, w := range want {
			if !strings.Contains(line, w) {
				t.Errorf("docs/references.md, the entry of %s lacks %q:\n%s", r.Key, w, line)
			}
		}
	}
	for _, l := range lines {
		if !strings.HasPrefix(l, "- **") {
			continue
		}
		_, rest, ok := strings.Cut(l, "(`")
		key, _, ok2 := strings.Cut(rest, "`)")
		if !ok || !ok2 {
			t.Errorf("docs/references.md: entry without a key in (`...`): %s", l)
			continue
		}
		if _, ok := Lookup(key); !ok {
			t.Errorf("docs/references.md lists %q, which the registry lacks", key)
		}
	}
}
