package commands

import (
	"strings"
	"testing"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/discover"
	"github.com/nimlab/nimlab/game"
)

// TestDiscoverTextWhenNothingFits: a description that is not exact is
// printed only with --verbose; the text says what was found exact, the
// P-positions missed and the regions to try next.
func TestDiscoverTextWhenNothingFits(t *testing.T) {
	r := &DiscoverResult{
		Game: "cn:7,5", Max: 4, VerifiedMax: 6, Expr: strings.Repeat("a == b || ", 200) + "a == c", Method: "regions",
		PPositions: 225, Covered: 169, AcceptedNotP: 35, Counterexamples: []game.Position{{5, 3, 2, 5, 1, 4, 1}},
		Invariances: nil, Regions: []discover.RegionNote{{Where: ""}, {Where: "a == 0", Exact: true, Expr: "a == 0 && b == g"}},
		NextRegions: []string{"a == 0 && b == 0"}, missed: []game.Position{{5, 3, 2, 5, 1, 4, 1}},
	}
	for _, verbose := range []bool{false, true} {
		r.verbose = verbose
		var b strings.Builder
		if err := r.WriteText(&b); err != nil {
			t.Fatal(err)
		}
		text := b.String()
		for _, want := range []string{
			"invariances   none among the 0/1 vectors on the box",
			"a == 0: described, a == 0 && b == g",
			"try next      nimlab discover cn:7,5 --max 4 --where 'a == 0 && b == 0'",
		} {
			if !strings.Contains(text, want) {
				t.Errorf("verbose %v: no %q in\n%s", verbose, want, text)
			}
		}
		if shown := strings.Contains(text, r.Expr); shown != verbose {
			t.Errorf("verbose %v: the expression shown: %v", verbose, shown)
		}
		if missed := strings.Contains(text, "missed        the smallest P-positions it does not accept: (5,3,2,5,1,4,1)"); missed == verbose {
			t.Errorf("verbose %v: the missed P-positions line shown: %v", verbose, missed)
		}
	}
}

// TestDiscoverTextNotExactBeyondTheBox: a description exact on the box it
// was learned on and not on the verification box is shown, and the text
// says it plainly, with the smallest position where it fails and a larger
// box to learn on; one not exact even where it was learned says nothing of
// the kind.
func TestDiscoverTextNotExactBeyondTheBox(t *testing.T) {
	expr := "let moves = slowmoves(4, a, b, c, d, e); moves % 2 == 0"
	for _, tt := range []struct {
		name    string
		r       DiscoverResult
		want    []string
		notWant []string
	}{
		{"beyond", DiscoverResult{Game: "slow:5,4", Max: 6, VerifiedMax: 9, Expr: expr, LearnedExact: true, Method: "invariants",
			PPositions: 5000, Covered: 4999, missed: []game.Position{{7, 7, 7, 7, 7}}, fails: game.Position{7, 7, 7, 7, 7},
			failure: "a P-position it does not accept"}, []string{
			"expression    " + expr + "\n",
			"beyond        exact on piles up to 6, not on piles up to 9: the smallest position where it fails is (7,7,7,7,7), a P-position it does not accept\n",
			"try next      nimlab discover slow:5,4 --max 7\n",
		}, []string{"not shown"}},
		{"beyond, the failure smaller than the box", DiscoverResult{Game: "nim:3", Max: 1, VerifiedMax: 3, Expr: "(a + b + c) % 2 == 0", LearnedExact: true,
			fails: game.Position{2, 0, 0}, failure: "an N-position it accepts"}, []string{
			"the smallest position where it fails is (2,0,0), an N-position it accepts\n",
			"try next      nimlab discover nim:3 --max 2\n",
		}, nil},
		{"not exact where learned", DiscoverResult{Game: "slow:5,2", Max: 6, VerifiedMax: 6, Expr: expr, Method: "invariants",
			fails: game.Position{1, 1, 0, 0, 0}, failure: "a P-position it does not accept"}, []string{"expression    not shown"}, []string{"beyond", expr}},
		{"grundy", DiscoverResult{Game: "slow:3,2", Max: 1, VerifiedMax: 3, Expr: "slowmoves(2, a, b, c)", LearnedExact: true, Grundy: true,
			Positions: 64, Agreeing: 38, fails: game.Position{0, 2, 2}, failure: "a position where its value is not the Grundy value"}, []string{
			"beyond        exact on piles up to 1, not on piles up to 3: the smallest position where it fails is (0,2,2), a position where its value is not the Grundy value\n",
		}, nil},
	} {
		var b strings.Builder
		if err := tt.r.WriteText(&b); err != nil {
			t.Fatal(err)
		}
		text := b.String()
		for _, want := range tt.want {
			if !strings.Contains(text, want) {
				t.Errorf("%s: no %q in\n%s", tt.name, want, text)
			}
		}
		for _, no := range tt.notWant {
			if strings.Contains(text, no) {
				t.Errorf("%s: %q in\n%s", tt.name, no, text)
			}
		}
		verdict := tt.r.Verdict()
		if beyond := verdict != nil && strings.Contains(verdict.Error(), "and not beyond"); beyond != tt.r.LearnedExact {
			t.Errorf("%s: the verdict %v", tt.name, verdict)
		}
	}
}

// TestFailureWords: every kind of failure discover.SmallestFailure
// returns is said in words.
func TestFailureWords(t *testing.T) {
	for _, kind := range []string{check.KindPNotAccepted, check.KindAcceptedNotP} {
		if failures[kind] == "" {
			t.Errorf("no words for %s", kind)
		}
	}
}
