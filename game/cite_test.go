package game

import (
	"testing"
)

// TestFamiliesCite: every family and combinator cites a reference, and a
// parsed game carries its family's citation.
func TestFamiliesCite(t *testing.T) {
	for _, f := range Families() {
		if len(f.Source) == 0 {
			t.Errorf("%s cites nothing", f.Name)
		}
	}
	tests := []struct{ spec, want string }{
		{"cn:6,3", "Dufour–Heubach 2013, Section 1"},
		{"moore:4,2", "Ehrenborg–Steingrímsson 1996, Proposition 4.7; Moore 1910"},
		{"cn:5,2 & slow:3,2", "Smith 1966; Gurvich–Martynov–Maximchuk–Vyalyi 2023, Section 1.4"},
		{"necklace:6,3", "Kadam–Heubach–Dufour 2026, NecklaceNim NN(n,k), as its abstract defines it"},
	}
	for _, tt := range tests {
		g, err := Parse(tt.spec)
		if err != nil {
			t.Fatal(err)
		}
		if got := g.Source.String(); got != tt.want {
			t.Errorf("%s cites %q, want %q", tt.spec, got, tt.want)
		}
	}
}
