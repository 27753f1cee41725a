package certificate

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/nimlab/nimlab/game"
)

// TestCanonicalImage: reach's decision tree (canonicalImage) takes every
// position to a canonical position of its orbit, and the lexicographically
// least position of an orbit (what moves are learned for) is canonical.
func TestCanonicalImage(t *testing.T) {
	for _, spec := range []string{"cn:8,6", "cn:7,4", "cn:5,3", "nim:3", "slow:4,3", "path:6,3", "necklace:6,3"} {
		t.Run(spec, func(t *testing.T) {
			g := parse(t, spec)
			sym, err := newSymmetry(context.Background(), Claim{Game: g, Set: compile(t, g, "a >= 0 || a < 0")})
			if err != nil || sym == nil {
				t.Fatalf("no symmetry: %v", err)
			}
			group, err := g.Symmetries(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if len(sym.elems) != int(group.Order().Int64()) {
				t.Fatalf("%d elements, the group has %v", len(sym.elems), group.Order())
			}
			// sorted says canonical is the piles sorted, as for every
			// permutation: writeEither prefers that route for claims with
			// minima.
			unsorted := append(game.Position{2}, slices.Repeat([]int{1}, g.Piles()-1)...)
			if sym.sorted != group.Full() || sym.sorted && sym.isCanonical(unsorted) {
				t.Errorf("sorted %v, every permutation a symmetry %v", sym.sorted, group.Full())
			}
			rapid.Check(t, func(rt *rapid.T) {
				p := game.Position(rapid.SliceOfN(rapid.IntRange(0, 6), g.Piles(), g.Piles()).Draw(rt, "p"))
				q := sym.canonicalImage(p)
				if !sym.isCanonical(q) {
					rt.Fatalf("the image %v of %v is not canonical", q, p)
				}
				inOrbit := false
				for _, e := range sym.elems {
					im := make(game.Position, len(p))
					for i, j := range e.img {
						im[i] = p[j]
					}
					inOrbit = inOrbit || slices.Equal(im, q)
				}
				if !inOrbit {
					rt.Fatalf("the image %v of %v is not in its orbit", q, p)
				}
				if least := game.Position(group.Canonical(p)); !sym.isCanonical(least) {
					rt.Fatalf("the least position %v of the orbit of %v is not canonical", least, p)
				}
			})
		})
	}
}

// TestNoSymmetryWhereSIsNotKept: a claim a symmetry does not keep, and
// misère play, are certified without the reduction.
func TestNoSymmetryWhereSIsNotKept(t *testing.T) {
	for _, tt := range []struct{ spec, expr string }{
		{"cn:5,3", "a == 0"},
		{"nim:3", "a <= b"},
		{"nim:2/misere", "a == b"},
		{"nim:1", "a == 0"},
		{"slow:5,4", "a >= 0"}, // 120 symmetries: reach would have 1024 leaves
	} {
		g := parse(t, tt.spec)
		sym, err := newSymmetry(context.Background(), Claim{Game: g, Set: compile(t, g, tt.expr)})
		if err != nil || sym != nil {
			t.Errorf("%s %s: a reduction (%v)", tt.spec, tt.expr, err)
		}
	}
}

// TestSymmetryTampered: a certificate whose symmetry is not one of the
// game's, or whose canonical positions are not what reach reaches, is
// rejected by coqc.
func TestSymmetryTampered(t *testing.T) {
	coqc(t)
	g := parse(t, "cn:4,2")
	moves := [][]string{{"c", "d", "c", "d"}, {"a", "b", "a", "b"}, {"a", "d", "a", "d"}, {"c", "b", "c", "b"}}
	c := Claim{Game: g, Set: compile(t, g, "a == c && b == d"), Moves: moves}
	text := symmetricText(t, c)
	for name, tamper := range map[string]func(string) string{
		"untampered": func(s string) string { return s },
		// The transposition of a and b maps the edge b-c to a-c, no edge.
		"not a symmetry": func(s string) string {
			i := strings.Index(s, "Definition g1 (p : pos) : pos := ")
			j := i + strings.Index(s[i:], "\n")
			return s[:i] + "Definition g1 (p : pos) : pos := mk (b p) (a p) (c p) (d p)." + s[j:]
		},
		// A stronger canonical: reach cannot reach it.
		"canonical too strong": func(s string) string {
			return strings.Replace(s, "Definition canonical (p : pos) : Prop := ", "Definition canonical (p : pos) : Prop := (a p) = 0 /\\ ", 1)
		},
	} {
		checked, err := checkText(context.Background(), "certificate", tamper(text), 5*time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		if want := name == "untampered"; checked.Accepted != want {
			t.Errorf("%s: accepted %v, want %v: %s", name, checked.Accepted, want, checked.Output)
		}
	}
}

// TestSymmetryOnValidPositions: an S the symmetries keep on the valid
// positions only (a >= 0 is not kept at negative piles) is certified by the
// symmetric route: preserves asks S's symmetry at valid positions, as nimlab
// checks it (red team: coqc rejected it when preserves asked it everywhere).
func TestSymmetryOnValidPositions(t *testing.T) {
	coqc(t)
	g := parse(t, "cn:4,2")
	c := Claim{Game: g, Set: compile(t, g, "a == c && b == d && a >= 0"), Moves: [][]string{{"a", "b", "a", "b"}}}
	text := symmetricText(t, c)
	checked, err := checkText(context.Background(), "certificate", text, 5*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if !checked.Accepted {
		t.Errorf("rejected: %s", checked.Output)
	}
}

// symmetricText writes c's certificate by the symmetric route.
func symmetricText(t *testing.T, c Claim) string {
	t.Helper()
	sym, err := newSymmetry(context.Background(), c)
	if err != nil || sym == nil {
		t.Fatalf("no symmetry: %v", err)
	}
	text, err := write(context.Background(), c, sym)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, "Lemma reach") {
		t.Fatal("the certificate is not reduced by the symmetries")
	}
	return text
}

// imageCase is a case of inS_base, with the element it names.
var imageCase = regexp.MustCompile(`exists (s[0-9]+); exact \(conj preserves_s[0-9]+ H\)`)

// TestConditionIByBase: a sym() claim reduced to the canonical positions
// proves (I) from one image of S (inS_base), and coqc rejects the lemma
// when an image is matched to the wrong element.
func TestConditionIByBase(t *testing.T) {
	coqc(t)
	g := parse(t, "cn:5,3")
	c := Claim{Game: g, Set: compile(t, g, "sym(a == 0 && b == e && b - c == d)")}
	moves, err := learnMoves(context.Background(), c, time.Minute)
	if err != nil || moves == nil {
		t.Fatalf("no moves learned: %v", err)
	}
	c.Moves = moves
	text := symmetricText(t, c)
	if !strings.Contains(text, "Lemma inS_base") {
		t.Fatal("(I) is not proved from one image of S")
	}
	for name, tamper := range map[string]func(string) string{
		"untampered": func(s string) string { return s },
		// The second image read at the first's element.
		"wrong element": func(s string) string {
			cases := imageCase.FindAllStringSubmatch(s, 2)
			return strings.Replace(s, cases[1][0], strings.ReplaceAll(cases[1][0], cases[1][1], cases[0][1]), 1)
		},
	} {
		checked, err := checkText(context.Background(), "certificate", tamper(text), 5*time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		if want := name == "untampered"; checked.Accepted != want {
			t.Errorf("%s: accepted %v, want %v: %s", name, checked.Accepted, want, checked.Output)
		}
	}
}
