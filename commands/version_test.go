package commands

import (
	"context"
	"runtime/debug"
	"strings"
	"testing"
)

func TestVersionOf(t *testing.T) {
	vcs := func(rev, at, modified string) []debug.BuildSetting {
		return []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: rev}, {Key: "vcs.time", Value: at}, {Key: "vcs.modified", Value: modified}}
	}
	const rev = "5538e1d1234a5678901234567890123456789012"
	tests := []struct {
		name     string
		bi       debug.BuildInfo
		release  bool
		cited    string
		year     int
		oneLine  string
		modified bool
	}{
		{"a release", debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "github.com/nimlab/nimlab", Version: "v0.1.0"}, Settings: nil},
			true, "v0.1.0", 0, "v0.1.0 go1.26.8", false},
		{"a checkout", debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "github.com/nimlab/nimlab", Version: "v0.0.0-20261125105916-5538e1d1234a"}, Settings: vcs(rev, "2026-11-25T10:59:16Z", "false")},
			false, "revision 5538e1d1234a", 2026, "v0.0.0-20261125105916-5538e1d1234a (revision " + rev + ", 2026-11-25T10:59:16Z) go1.26.8", false},
		{"a modified checkout", debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "github.com/nimlab/nimlab", Version: "v0.1.1-0.20261125105916-5538e1d1234a+dirty"}, Settings: vcs(rev, "2026-11-25T10:59:16Z", "true")},
			false, "revision 5538e1d1234a (modified)", 2026, "v0.1.1-0.20261125105916-5538e1d1234a+dirty (revision " + rev + ", 2026-11-25T10:59:16Z, modified) go1.26.8", true},
		{"no version control", debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "github.com/nimlab/nimlab", Version: "(devel)"}},
			false, "", 0, "(devel) go1.26.8", false},
		{"no main version", debug.BuildInfo{GoVersion: "go1.26.8"}, false, "", 0, "(devel) go1.26.8", false},
	}
	for _, tt := range tests {
		v := VersionOf(&tt.bi)
		if v.Release() != tt.release || v.Cited() != tt.cited || v.Year() != tt.year || v.String() != tt.oneLine || v.Modified != tt.modified {
			t.Errorf("%s: release %v, cited %q, year %d, %q, modified %v", tt.name, v.Release(), v.Cited(), v.Year(), v.String(), v.Modified)
		}
		var b strings.Builder
		v.WriteText(&b)
		if !strings.Contains(b.String(), "version   "+v.Version+"\n") || (v.Revision != "") != strings.Contains(b.String(), "revision  "+rev) {
			t.Errorf("%s: text\n%s", tt.name, b.String())
		}
	}
}

func TestCite(t *testing.T) {
	tests := []struct {
		game string
		keys []string
	}{
		{"cn:6,3", []string{"dufour-heubach-2013"}},
		{"cn:7,4", []string{"dufour-heubach-2013", "dufour-heubach-vo-2021"}},
		{"moore:4,2", []string{"ehrenborg-steingrimsson-1996", "moore-1910"}},
		// A compound cites itself and each of its parts.
		{"cn:5,2 & slow:3,2", []string{"smith-1966", "gurvich-martynov-maximchuk-vyalyi-2023", "dufour-heubach-2013"}},
		{"join(nim:1;cn:5,2)", []string{"ehrenborg-steingrimsson-1996", "bouton-1902", "dufour-heubach-2013"}},
	}
	for _, tt := range tests {
		r, err := Cite(context.Background(), CiteRequest{Game: tt.game})
		if err != nil {
			t.Fatalf("%s: %v", tt.game, err)
		}
		if got := strings.Join(r.Citations.Keys(), " "); got != strings.Join(tt.keys, " ") {
			t.Errorf("%s cites %s, want %s", tt.game, got, strings.Join(tt.keys, " "))
		}
		if n := strings.Count(r.BibTeX, "\n@"); n != len(tt.keys) || !strings.HasSuffix(r.BibTeX, r.Nimlab.BibTeX(r.Version, r.Year)) {
			t.Errorf("%s: %d entries after the first:\n%s", tt.game, n, r.BibTeX)
		}
	}
	r, err := Cite(context.Background(), CiteRequest{Game: "cn:6,3", Format: "text"})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	r.WriteText(&b)
	if !strings.Contains(b.String(), "(Section 1; Theorem 3.2)") || !strings.Contains(b.String(), "Circular Nim Games, Electron. J. Combin.") {
		t.Errorf("text:\n%s", b.String())
	}
	all, _ := Cite(context.Background(), CiteRequest{All: true})
	for _, bad := range []CiteRequest{{Format: "ris"}, {All: true, Game: "cn:6,3"}, {Game: "cn:"}} {
		if _, err := Cite(context.Background(), bad); err == nil {
			t.Errorf("%+v: no error", bad)
		}
	}
	if strings.Count(all.BibTeX, "\n}\n") != len(all.Citations)+1 {
		t.Errorf("--all: %d citations\n%s", len(all.Citations), all.BibTeX)
	}
}
