package discover

import (
	"cmp"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
	"pgregory.net/rapid"
)

func TestWithoutRegionTerms(t *testing.T) {
	for _, tc := range []struct{ src, region, want string }{
		{"a == 0 && b == d + e && f == c + d", "a == 0", "b == d + e && f == c + d"},
		{"a == 0 && b == d + e", "d == 0 && a==0", "b == d + e"},
		{"a == 0 && d == 0", "a == 0 && d == 0", "true"},
		// Not a conjunction at the top: kept whole.
		{"a == 0 && b == 1 || c == 2", "a == 0", "a == 0 && b == 1 || c == 2"},
		{"(a == 0 && b == 1) || c == 2", "a == 0", "(a == 0 && b == 1) || c == 2"},
		{"sym(a == 0 && b == c)", "a == 0", "sym(a == 0 && b == c)"},
		// A conjunct inside parentheses is not the region's.
		{"(a == 0 || b == 0) && c == 1", "a == 0", "(a == 0 || b == 0) && c == 1"},
		{"b == 1 && (a == 0)", "a == 0", "b == 1"},
		{"a == 0 && b == 1", "a == 0 || c == 0", "a == 0 && b == 1"},
	} {
		if got := withoutRegionTerms(tc.src, tc.region); got != tc.want {
			t.Errorf("withoutRegionTerms(%q, %q) = %q, want %q", tc.src, tc.region, got, tc.want)
		}
	}
}

// TestWithoutRegionTermsKeepsTheRegionsSet: on random conjunctions and
// disjunctions of atoms, and random regions, the expression left names the
// same positions of the region as the one given.
func TestWithoutRegionTermsKeepsTheRegionsSet(t *testing.T) {
	atoms := []string{"a == 0", "b == c", "a + b == c", "c <= 1", "(a == 0 || b == 0)", "a != b", "(b ^ c) == 0"}
	rapid.Check(t, func(t *rapid.T) {
		pick := func(label string) string {
			n := rapid.IntRange(1, 4).Draw(t, label+" terms")
			var terms []string
			for i := range n {
				terms = append(terms, rapid.SampledFrom(atoms).Draw(t, fmt.Sprintf("%s %d", label, i)))
			}
			op := rapid.SampledFrom([]string{" && ", " && ", " || "}).Draw(t, label+" op")
			return strings.Join(terms, op)
		}
		src, region := pick("src"), pick("region")
		got := withoutRegionTerms(src, region)
		e1, err1 := check.Compile(src, 3, nil)
		e2, err2 := check.Compile(got, 3, nil)
		r, err3 := check.Compile(region, 3, nil)
		if err := cmp.Or(err1, err2, err3); err != nil {
			t.Fatalf("%q, %q -> %q: %v", src, region, got, err)
		}
		in1, in2, inR := e1.Evaluator(), e2.Evaluator(), r.Evaluator()
		box, p := table.Uniform(3, 3), make(game.Position, 3)
		for idx := range box.Positions() {
			box.Position(idx, p)
			if inR(p) && in1(p) != in2(p) {
				t.Fatalf("%q in the region %q became %q: they differ at %v", src, region, got, p)
			}
		}
	})
}

// TestBoxTooLargeAdvice: the height the error advises fits the limit and
// the next one does not, for the box the flag names (the verification box
// chosen from --max is one pile higher).
func TestBoxTooLargeAdvice(t *testing.T) {
	for _, tc := range []struct {
		n, h  int
		limit int64
		below int
		want  string
	}{
		{10, 9, maxLearnPositions, 0, "--max 4 is the largest"},      // 5^10 fits, 6^10 does not
		{15, 3, maxVerifyAsked, 1, "--max 1 is the largest"},         // verifying on 3^15, not 4^15
		{26, 1, maxLearnPositions, 0, "26 piles are too many"},       // 2^26 > 5e7
		{10, 12, maxVerifyAsked, 0, "--verify-max 6 is the largest"}, // 7^10 fits, 8^10 does not
	} {
		flag := "--max"
		if strings.HasPrefix(tc.want, "--verify-max") {
			flag = "--verify-max"
		}
		err := boxTooLarge("learning", tc.n, tc.h, tc.limit, flag, tc.below)
		if !errors.Is(err, solve.ErrTooLarge) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("n=%d h=%d: %v, want ErrTooLarge saying %q", tc.n, tc.h, err, tc.want)
		}
	}
}
