package certificate

import (
	"errors"
	"testing"
)

// TestMooreClaim: which claims the certificates of Moore's theorem take
// (moore.go): colmod(m, every pile once) on a take game whose facets have
// at most m-1 piles and hold every set of at most m-1; the others go to lia
// (and are "digits" there), or are refused as too large.
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
		{"moore:3,2", "colmod(2, a, b, c)", false, ""},                                     // a move lowers 2 piles
		{"moore:3,2", "colmod(4, a, b, c)", false, ""},                                     // {a, b, c} is no face
		{"cn:5,2", "colmod(3, a, b, c, d, e)", false, ""},                                  // {a, c} is no face
		{"moore:3,2/misere", "colmod(3, a, b, c)", false, ""},
		{"slow:3,2", "colmod(3, a, b, c)", false, ""},
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
