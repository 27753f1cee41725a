package game

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		spec, canonical string
		piles, facets   int
		misere          bool
	}{
		{"nim:3", "nim:3", 3, 3, false},
		{" CN:6, 3 ", "cn:6,3", 6, 6, false},
		{"cn:6,6", "cn:6,6", 6, 1, false},
		{"moore:3,5", "moore:3,5", 3, 1, false},
		{"path:5,2/misere", "path:5,2/misere", 5, 4, true},
		{"moore:4,2", "moore:4,2", 4, 6, false},
		{"complex:1-2-3,2-3-4,3-4-5,1-5", "complex:1-2-3,2-3-4,3-4-5,1-5", 5, 4, false},
		{"graph:1-2,2-3,1-3,3-4", "graph:1-2,2-3,1-3,3-4", 4, 3, false},
	}
	for _, tt := range tests {
		g, err := Parse(tt.spec)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.spec, err)
			continue
		}
		if g.Spec != tt.canonical || g.Piles() != tt.piles || len(g.Complex.Facets()) != tt.facets || g.Misere != tt.misere {
			t.Errorf("Parse(%q) = %s with %d piles, %d facets, misère %v; want %s, %d, %d, %v",
				tt.spec, g.Spec, g.Piles(), len(g.Complex.Facets()), g.Misere, tt.canonical, tt.piles, tt.facets, tt.misere)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ spec, mention string }{
		{"", "FAMILY:ARGS"},
		{"chess:3", "unknown family"},
		{"cm:6,3", "did you mean cn?"},
		{"CN(6,3)", "cn is written cn:N,K"},
		{"cone:nim:2", "cone is a construction, written cone(A)"},
		{"cn:6,9", "did you mean cn:9,6?"},
		{"path:2,3", "K is at most N"},
		{"necklace:6,7", "did you mean necklace:7,6?"},
		{"nim:0", "at least 1"},
		{"nim:-2", "at least 1"},
		{"nim:x", "not a whole number"},
		{"cn:6", "expected 2 numbers"},
		{"nim:3,", "expected 1 number N"},
		{"cn:6,0", "at least 1"},
		{"cn:65,2", "between 1 and 64"},
		{"complex:1-2,4", "vertex 3 is in no facet"},
		{"complex:0-1", "out of range"},
		{"complex:", "no sets"},
		{"graph:1-1", "loop"},
		{"graph:1-2-3", "has 3 ends, not 2"},
		{"nim:3/normal", "play convention"},
		{"nim:3/misere/misere", "given twice"},
		{"moore:40,20", "facets"},
		{"complex:1-1", "facet 1 (1-1) repeats vertex 1"},
		{"complex:1-2,3-2-3", "facet 2 (3-2-3) repeats vertex 3"},
		{"hyper:1-2,2-2", "hyperedge 2 (2-2) repeats vertex 2"},
	}
	for _, tt := range tests {
		_, err := Parse(tt.spec)
		if err == nil {
			t.Errorf("Parse(%q) succeeded", tt.spec)
			continue
		}
		if !strings.Contains(err.Error(), tt.mention) || strings.Contains(err.Error(), "\n") {
			t.Errorf("Parse(%q): %q should mention %q on one line", tt.spec, err, tt.mention)
		}
	}
}

// TestUnknownFamilyNamesEachOnce: the list of families in the error names
// every family and combinator once (slow is both).
func TestUnknownFamilyNamesEachOnce(t *testing.T) {
	_, err := Parse("chess:3")
	if err == nil {
		t.Fatal("chess:3 parsed")
	}
	_, list, ok := strings.Cut(err.Error(), "(families: ")
	if !ok {
		t.Fatalf("no list of families: %v", err)
	}
	names := strings.Split(strings.TrimSuffix(list, ")"), ", ")
	seen := map[string]bool{}
	for _, name := range names {
		if seen[name] {
			t.Errorf("%q is named twice: %v", name, err)
		}
		seen[name] = true
	}
	for _, f := range Families() {
		if !seen[f.Name] {
			t.Errorf("%q is not named: %v", f.Name, err)
		}
	}
}

func TestParsePosition(t *testing.T) {
	g, _ := Parse("nim:3")
	if p, err := g.ParsePosition("(1, 2,3)"); err != nil || p.String() != "1,2,3" {
		t.Errorf("ParsePosition: %v, %v", p, err)
	}
	for _, bad := range []string{"1,2", "1,2,3,4", "1,-2,3", "1,a,3", ""} {
		if _, err := g.ParsePosition(bad); err == nil {
			t.Errorf("ParsePosition(%q) succeeded", bad)
		}
	}
	top := "9223372036854775807"
	if p, err := g.ParsePosition(top + ",0," + top); err != nil || p[2] != math.MaxInt {
		t.Errorf("ParsePosition at 2^63-1: %v, %v", p, err)
	}
	_, err := g.ParsePosition("1,9223372036854775808,0")
	if err == nil || !strings.Contains(err.Error(), "larger than 9223372036854775807") || strings.Contains(err.Error(), "\n") {
		t.Errorf("a pile of 2^63: %v; want a one-line error naming the limit", err)
	}
}

func TestOptionsAreDistinctAndLegal(t *testing.T) {
	g, _ := Parse("cn:4,2")
	p := Position{2, 1, 0, 3}
	seen := map[string]bool{}
	for q := range g.Options(p) {
		if seen[q.String()] {
			t.Fatalf("option %v yielded twice", q)
		}
		seen[q.String()] = true
	}
	// Faces of CN(4,2) playable at (2,1,0,3): {1},{2},{4},{1,2},{4,1}:
	// 2 + 1 + 3 + 2*1 + 3*2 options.
	if len(seen) != 14 {
		t.Errorf("%d options, want 14", len(seen))
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"nim:3", "cn:6,3/misere", "complex:1-2-3,2-3-4", "graph:1-2,2-3,1-3", "moore:5,2", "path:4,2", "cn:,", "graph:1-",
		"slow:3,2", "slowset:5,{2,4}", "slow(cn:6,3)", "nim:2+slow:3,2", "cn:5,2&slow:3,2/misere", "conj(nim:1;slowle:3,2)",
		"fixed(cn:5,2;2)", "wythoff(cn:2,2)/misere", "exactly(moore:3,2;1048577)", "total(slow:3,2;2)", "hyper:1-2-3,2-4",
		"exact:4,2", "necklace:6,3", "ecn:8,{1,3},3", "ecn:8,{},3", "ecn:1,{1},1"} {
		f.Add(s, "1,2,3")
	}
	f.Fuzz(func(t *testing.T, spec, pos string) {
		g, err := Parse(spec)
		if err != nil {
			return
		}
		if g.Piles() < 1 || len(g.Complex.Facets()) == 0 {
			t.Fatalf("%q parsed to an empty game", spec)
		}
		if again, err := Parse(g.Spec); err != nil || again.Spec != g.Spec {
			t.Fatalf("canonical spec %q does not parse back: %v", g.Spec, err)
		}
		if p, err := g.ParsePosition(pos); err == nil && len(p) != g.Piles() {
			t.Fatalf("position %q parsed with %d piles", pos, len(p))
		}
	})
}

func ExampleParse() {
	g, err := Parse("cn:5,2/misere")
	if err != nil {
		panic(err)
	}
	fmt.Println(g.Title)
	fmt.Println(g.Piles(), "piles, facets", g.Complex)
	// Output:
	// Circular Nim CN(5,2), misère play
	// 5 piles, facets 1-2,2-3,3-4,1-5,4-5
}

func TestSlowAndCompoundSpecs(t *testing.T) {
	for _, c := range []struct {
		spec      string
		piles     int
		symmetric bool
		take      bool
	}{
		{"slow:4,3", 4, true, false},
		{"slowle:4,2", 4, true, false},
		{"slowset:5,{4,2,2}", 5, true, false},
		{"slow(cn:6,3)", 6, false, false},
		{"slow(moore:4,2)", 4, true, false},
		{"nim:2 + nim:3", 5, true, true},
		{"nim:2 + cn:4,2", 6, false, true},
		{"nim:2 + slow:3,2", 5, false, false},
		{"cn:5,2 & slow:3,2", 8, false, false},
		{"sum(nim:1; slow:2,1)", 3, false, false},
		{"sum(slow:1,1; slow:2,1)", 3, true, false},
	} {
		g, err := Parse(c.spec)
		if err != nil {
			t.Errorf("%s: %v", c.spec, err)
			continue
		}
		if g.Piles() != c.piles || g.Symmetric() != c.symmetric || g.TakeOnFaces() != c.take {
			t.Errorf("%s: %d piles, symmetric %v, take %v", c.spec, g.Piles(), g.Symmetric(), g.TakeOnFaces())
		}
	}
	for _, bad := range []string{"slowset:5,{}", "slowset:5,2,4", "slow:3,4", "slowset:3,{0}", "nim:2+", "nim:2+cn:4,2&slow:3,2",
		"join(slow:3,2; nim:1)", "slow()", "slow:64,32", "&nim:1"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("%q was accepted", bad)
		}
	}
}

func TestSlowOptions(t *testing.T) {
	g, _ := Parse("slow:3,2")
	var got []string
	for q := range g.Options(Position{1, 0, 2}) {
		got = append(got, q.String())
	}
	if len(got) != 1 || got[0] != "0,0,1" {
		t.Errorf("options of 1,0,2 in slow:3,2: %v", got)
	}
	if !g.IsTerminal(Position{5, 0, 0}) || g.IsTerminal(Position{1, 1, 0}) {
		t.Error("terminal positions of slow:3,2")
	}
	if g.IsMove(Position{2, 2, 2}, Position{0, 1, 2}) || !g.IsMove(Position{2, 2, 2}, Position{1, 1, 2}) {
		t.Error("IsMove of slow:3,2 must take exactly one token from exactly two piles")
	}
	c, _ := Parse("nim:1 & slow:2,1")
	if !c.IsMove(Position{5, 1, 1}, Position{2, 0, 1}) || c.IsMove(Position{5, 1, 1}, Position{2, 1, 1}) {
		t.Error("a conjunctive move must move in every component")
	}
}

// TestIsMoveRefusesWhatIsNoPosition: a negative pile (the wrong move of
// the CN(5,2) oracle of Dufour–Heubach 2013, Theorem 3.1(1), at 2^63-1
// looked like this) or a wrong number
// of piles is never a move.
func TestIsMoveRefusesWhatIsNoPosition(t *testing.T) {
	g, _ := Parse("cn:5,2")
	p := Position{7, 7, 7, 7, 0}
	for _, q := range []Position{{-2, 0, 7, 7, 0}, {-1, 7, 7, 7, 0}, {7, 7, 7}, {7, 7, 7, 7, 0, 0}} {
		if g.IsMove(p, q) {
			t.Errorf("%v -> %v taken for a move", p, q)
		}
	}
	if !g.IsMove(p, Position{0, 0, 7, 7, 0}) {
		t.Error("emptying two adjacent piles is a move of CN(5,2)")
	}
}

// TestErrorsAreTyped: a spec Parse cannot read is a *SpecError and a
// position that does not fit a *PositionError, whatever their wording (the
// Python package raises its exceptions by these types).
func TestErrorsAreTyped(t *testing.T) {
	for _, spec := range []string{"cn:6", "nosuch:3", "cn:5,2 + ", "complex:1-2-2", "nim:3/normal"} {
		var se *SpecError
		if _, err := Parse(spec); !errors.As(err, &se) || se.Spec != spec {
			t.Errorf("Parse(%q): %v (%T), want a *SpecError naming the spec", spec, err, err)
		}
	}
	g, err := Parse("cn:4,2")
	if err != nil {
		t.Fatal(err)
	}
	for _, pos := range []string{"1,2", "1,2,3,-4", "1,2,3,x", "1,2,3,99999999999999999999", ""} {
		var pe *PositionError
		if _, err := g.ParsePosition(pos); !errors.As(err, &pe) {
			t.Errorf("ParsePosition(%q): %v (%T), want a *PositionError", pos, err, err)
		}
	}
}
