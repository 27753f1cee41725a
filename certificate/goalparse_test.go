package certificate

import (
	"context"
	"strings"
	"testing"
)

// TestParseGoal reads goals as coqc prints them into Reflect.v's data.
func TestParseGoal(t *testing.T) {
	piles := []string{"x_a", "x_b"}
	tests := []struct {
		goal       string
		hyps       []string
		want, defs string
		env        string
	}{
		{goal: "(0 <= x_a /\\ 0 <= x_b -> x_a <> 1 -> ~ x_a > 1 -> x_a + x_b - 2 * x_a = - x_b)",
			hyps: []string{"And (FLe (K 0) (V 0)) (FLe (K 0) (V 1))", "Not (FEq (V 0) (K 1))", "Not (FGt (V 0) (K 1))"},
			want: "FEq (Sub (Add (V 0) (V 1)) (Mul (K 2) (V 0))) (Opp (V 1))"},
		// Z's chains, negative numbers and - before a parenthesis.
		{goal: "0 <= x_a < x_b /\\ x_a + -1 >= - (1) /\\ True",
			want: "And (And (FLe (K 0) (V 0)) (FLt (V 0) (V 1))) (And (FGe (Add (V 0) (K (-1))) (Opp (K 1))) (Tr))"},
		// A minimum inside a maximum: each a variable after the piles.
		{goal: "Z.max (Z.min x_a (x_b - 1)) 0 > (x_a) /\\ (Z.min x_a (x_b - 1) = 0 /\\ True)",
			want: "And (FGt (V 3) (V 0)) (And (FEq (V 2) (K 0)) (Tr))",
			defs: "DMin 2 (V 0) (Sub (V 1) (K 1)); DMax 3 (V 2) (K 0)",
			env:  "x_a; x_b; (Z.min x_a (x_b - 1)); (Z.max (Z.min x_a (x_b - 1)) 0)"},
		// A quotient by a number, at *'s level: a variable after the piles.
		{goal: "2 * x_a / 2 + x_b / 3 * 3 <= x_a",
			want: "FLe (Add (V 2) (Mul (V 3) (K 3))) (V 0)",
			defs: "DDiv 2 (Mul (K 2) (V 0)) (2); DDiv 3 (V 1) (3)",
			env:  "x_a; x_b; ((2 * x_a) / 2); (x_b / 3)"},
		// Disjunctions nest to the right, below conjunctions.
		{goal: "x_a = 0 \\/ x_b = 0 /\\ True \\/ (x_a < 1 \\/ x_b < 1)",
			want: "Or (FEq (V 0) (K 0)) (Or (And (FEq (V 1) (K 0)) (Tr)) (Or (FLt (V 0) (K 1)) (FLt (V 1) (K 1))))"},
	}
	for _, tt := range tests {
		r, err := parseGoal(tt.goal, piles)
		if err != nil {
			t.Errorf("%s: %v", tt.goal, err)
			continue
		}
		var hyps, defs []string
		for _, h := range r.hyps {
			hyps = append(hyps, h.coq())
		}
		for _, d := range r.defs {
			defs = append(defs, d.coq())
		}
		if strings.Join(hyps, "; ") != strings.Join(tt.hyps, "; ") {
			t.Errorf("%s: hypotheses\n %v\nwant\n %v", tt.goal, hyps, tt.hyps)
		}
		if got := r.goal.coq(); got != tt.want {
			t.Errorf("%s: goal\n %s\nwant\n %s", tt.goal, got, tt.want)
		}
		if got := strings.Join(defs, "; "); got != tt.defs {
			t.Errorf("%s: defs %s, want %s", tt.goal, got, tt.defs)
		}
		if env := strings.Join(r.env, "; "); tt.env != "" && env != tt.env {
			t.Errorf("%s: env %s, want %s", tt.goal, env, tt.env)
		}
	}
}

// TestParseGoalRefuses: what Reflect.v does not read is an error.
func TestParseGoalRefuses(t *testing.T) {
	for _, goal := range []string{
		"(x_a = 0 <-> x_b = 0)",
		"x_a / x_b = 0",
		"x_a / 0 = 0",
		"x_a / -2 = 0",
		"Z.abs x_a = 0",
		"x_c = 0",
		"x_a = 0 x_b",
		"(x_a = 0",
		"x_a <= 99999999999999999999999999 ->",
		"x_a = 0 /\\ False",
		"x_a = 0 -> x_a + ... = 1",
	} {
		if r, err := parseGoal(goal, []string{"x_a", "x_b"}); err == nil {
			t.Errorf("%s: read as %s", goal, r.goal.coq())
		}
	}
}

// FuzzParseGoal: whatever coqc prints, the reader returns data or an
// error, never panics, and the data it returns convert back to text.
func FuzzParseGoal(f *testing.F) {
	for _, seed := range []string{
		"(0 <= x_a /\\ 0 <= x_b -> x_a <> 1 -> x_a + x_b - 2 * x_a = - x_b)",
		"Z.max (Z.min x_a (x_b - 1)) 0 > x_a /\\ (x_a = 0 /\\ True)",
		"0 <= x_a < x_b /\\ x_a + -1 >= - (1) /\\ True",
		"((((",
		"- - - 5",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, goal string) {
		r, err := parseGoal(goal, []string{"x_a", "x_b"})
		if err != nil {
			return
		}
		_ = r.goal.coq()
		for _, h := range r.hyps {
			_ = h.coq()
		}
		_ = r.certify(context.Background())
	})
}
