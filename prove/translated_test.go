package prove

import (
	"slices"
	"strconv"
	"testing"
)

// TestTranslatedOnceIsTranslated: a formula translated once and written at
// some piles is the text translating it at those piles gives, in linear
// arithmetic and in bit-vectors; a pile that is a term is translated anew.
func TestTranslatedOnceIsTranslated(t *testing.T) {
	tests := []struct{ spec, expr string }{
		{"cn:6,3", "a+b == d+e && b+c == e+f"},
		{"cn:4,2", "sym(a == c && b <= d) || !(a - b > 1)"},
		{"nim:3", "let ab = a + b; let cc = c * 2; ab % 4 == cc % 4 || ab ** 1 == 3 && c ** 0 == 1"},
		{"nim:3", "min(a, b) % 2 + max(a - 3, c) % -3 + (a + 2 * b) / 3 + abs(a - c) % 2 + (b > c) % 2 == (a ^ c) % 3 + max(-a, -b) / 2"},
		{"slow:3,2", "let moves = slowmoves(2, a, b, c); let odd = min(a, moves) % 2 + min(b, moves) % 2 + min(c, moves) % 2; odd <= 1"},
		{"nim:3", "xor(a - 2, b, -c) < 1 && (a ^ -1) % 3 != b / -2"},
	}
	piles := map[string]func(i int) string{
		"p":     pileVar("p"),
		"image": func(i int) string { return "q" + strconv.Itoa((i+1)%3) },
		"move":  pileVar("move0_"),
	}
	for _, tt := range tests {
		g, e := compile(t, tt.spec, tt.expr)
		enc, err := newEncoding(g, e, nil)
		if err != nil {
			t.Fatalf("%s: %v", tt.expr, err)
		}
		if enc.inSOnce == nil {
			t.Fatalf("%s: not translated once", tt.expr)
		}
		for name, pile := range piles {
			want, _, err := translateExpr(e, pile, enc.a)
			if err != nil {
				t.Fatal(err)
			}
			if got, ok := enc.inSOnce.at(enc.a, pile); !ok || got != want {
				t.Errorf("%s at %s (%v):\n got  %s\n want %s", tt.expr, name, ok, got, want)
			}
		}
		term := func(i int) string { return "(- p" + strconv.Itoa(i) + " 1)" }
		if _, ok := enc.inSOnce.at(enc.a, term); ok {
			t.Errorf("%s: written once at terms", tt.expr)
		}
	}
}

// TestRegionZeros: the piles a region's top-level conjuncts say are empty,
// and none where the region does not say so of every position.
func TestRegionZeros(t *testing.T) {
	tests := []struct {
		where string
		want  []bool
	}{
		{"a == 0 && c == 0", []bool{true, false, true, false}},
		{"0 == b and (d == 0 && a + b <= c)", []bool{false, true, false, true}},
		{"a == 0 || b == 0", nil},
		{"a == 1 && b >= 0", nil},
		{"!(a != 0)", nil},
		{"let zz = 0; a == zz", nil},
		{"a + 0 == 0", nil},
	}
	for _, tt := range tests {
		_, where := compile(t, "nim:4", tt.where)
		if got := regionZeros(where, 4); !slices.Equal(got, tt.want) {
			t.Errorf("%s: %v, want %v", tt.where, got, tt.want)
		}
	}
	if got := regionZeros(nil, 4); got != nil {
		t.Errorf("no region: %v", got)
	}
}
