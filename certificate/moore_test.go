package certificate

import (
	"errors"
	"strings"
	"testing"
)

// TestMooreClaim: which claims the certificates of Moore's theorem take
// (moore.go): colmod(m, every pile once) on a take game whose facets have
// at most m-1 piles and hold every set of at most m-1; colmod(m, every pile
// once) on other games is "digits" with the precondition it breaks, or too
// large; other expressions go to lia.
func TestMooreClaim(t *testing.T) {
	for _, tt := range []struct {
		spec, expr string
		want       bool
		reason     Reason // when want: the reason it has no certificate, "" if it has one
	}{
		{"moore:3,2", "colmod(3, a, b, c)", true, ""},
		{"moore:3,2", "colmod(3, c, a, b)", true, ""},
		{"nim:3", "colmod(2, a, b, c)", true, ""},
		{"moore:6,3", "colmod(4, a, b, c, d, e, f)", true, ""},
		{"moore:10,4", "colmod(5, a, b, c, d, e, f, g, h, i, j)", true, ReasonUnsupported}, // 210 facets
		{"moore:3,2", "colmod(2, a, b, c)", true, ReasonDigits},                            // a move lowers 2 piles
		{"moore:3,2", "colmod(4, a, b, c)", true, ReasonDigits},                            // {a, b, c} is no face
		{"cn:5,2", "colmod(3, a, b, c, d, e)", true, ReasonDigits},                         // {a, c} is no face
		{"moore:3,2/misere", "colmod(3, a, b, c)", true, ReasonDigits},
		{"slow:3,2", "colmod(3, a, b, c)", true, ReasonDigits},
		{"moore:3,2", "colmod(3, a, b, b)", false, ""},
		{"moore:3,2", "colmod(3, a, b)", false, ""},
		{"moore:3,2", "colmod(3, a, b, c) && a == b", false, ""},
		{"moore:3,2", "colmod(3, a + 1, b, c)", false, ""},
		{"moore:3,2", "colmod(1, a, b, c)", false, ""},
	} {
		g := parse(t, tt.spec)
		c := Claim{Game: g, Set: compile(t, g, tt.expr)}
		_, ok, err := mooreClaim(c)
		if ok != tt.want {
			t.Errorf("%s %s: mooreClaim %v, want %v", tt.spec, tt.expr, ok, tt.want)
			continue
		}
		var u *UncertifiableError
		switch {
		case tt.reason == "" && err != nil:
			t.Errorf("%s %s: %v", tt.spec, tt.expr, err)
		case tt.reason != "" && (!errors.As(err, &u) || u.Reason != tt.reason):
			t.Errorf("%s %s: %v, want a reason %s", tt.spec, tt.expr, err, tt.reason)
		}
	}
}

// TestLibraryRoutesStateTheirPlay: the certificates proved with a library
// state the theorem of the game's own play, so that a misère game forced
// past their preconditions (normal play) is rejected by coqc, not certified
// as the normal-play theorem.
func TestLibraryRoutesStateTheirPlay(t *testing.T) {
	coqc(t)
	normal, misere := parse(t, "nim:3"), parse(t, "nim:3/misere")
	sum, ok := nimSumClaim(Claim{Game: normal, Set: compile(t, normal, "xor(a, b, c) == 0")})
	if !ok {
		t.Fatal("nim:3: not a nim-sum claim")
	}
	bouton, err := writeNimSum(Claim{Game: misere, Set: compile(t, misere, "xor(a, b, c) == 0")}, sum)
	if err != nil {
		t.Fatal(err)
	}
	g := parse(t, "moore:3,2/misere")
	moore, err := writeMoore(Claim{Game: g, Set: compile(t, g, "colmod(3, a, b, c)")}, mooreSet{m: 3, piles: []int{0, 1, 2}})
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{bouton, moore} {
		checked := coqcChecks(t, "certificate", text)
		if checked.Accepted || !strings.Contains(text, "isP pos move true p") {
			t.Errorf("a misère game's certificate by a library: accepted %v:\n%s", checked.Accepted, text)
		}
	}
}
