package certificate

import (
	"context"
	"math"
	"regexp"
	"strings"
	"testing"
)

// TestWholeSplit: (II) as one computation (Reflect.v's open_goals and split_sound) is
// accepted by coqc, and rejected where its data are tampered with: a
// Farkas weight on no constraint, S or the move relation as data that no
// longer convert into the file's definitions, a move that is not one.
func TestWholeSplit(t *testing.T) {
	coqc(t)
	from := wholeFrom
	wholeFrom = 1
	defer func() { wholeFrom = from }()
	g := parse(t, "nim:2")
	// A case of S each leaf picks, and a move that names a minimum.
	c := Claim{Game: g, Set: compile(t, g, "a == b && a > 0 || a + b == 0"), Moves: [][]string{{"min(a, b)", "min(a, b)"}, {"a", "a"}}}
	text, err := Write(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, "split_sound") || !strings.Contains(text, "Require Import Nimlab Reflect.") {
		t.Fatal("(II) is not written as one split")
	}
	if n, whole, open := reflectedCases(text); n < 2 || !whole || open != 0 {
		t.Fatalf("%d leaves by check, %d open (one computation: %v), want 2 or more and none open", n, open, whole)
	}
	if checked := coqcChecks(t, "certificate", text); !checked.Accepted {
		t.Fatalf("coqc rejected the split: %s", checked.Output)
	}
	line := func(name string) *regexp.Regexp {
		return regexp.MustCompile(`(?m)^Definition ` + name + ` : fm := .*$`)
	}
	tampers := []struct {
		name string
		edit func(string) string
	}{
		// Every weight on constraint 0 put on constraint 999.
		{"a weight on no constraint", func(s string) string {
			return strings.Replace(s, "Definition N_0 : N := 0%N.", "Definition N_0 : N := 999%N.", 1)
		}},
		// S as data: its first case a == b && a > 0 becomes a <= b && a > 0.
		{"S weakened", func(s string) string {
			return line("split_S").ReplaceAllStringFunc(s, func(l string) string { return strings.Replace(l, "FEq", "FLe", 1) })
		}},
		// The move relation as data: q's piles need not be at least 0.
		{"the move relation weakened", func(s string) string {
			return line("split_move").ReplaceAllStringFunc(s, func(l string) string { return strings.Replace(l, "FLe (K 0) (V 2)", "Tr", 1) })
		}},
		// Each move's first pile one token higher.
		{"a move that is not one", func(s string) string {
			return strings.ReplaceAll(s, "(Move ((", "(Move ((Add (K 1%Z) ")
		}},
	}
	// Every leaf open (no certificate sought): each proved by lia.
	lps, share := maxLPs, openShare
	maxLPs, openShare = 0, 1
	defer func() { maxLPs, openShare = lps, share }()
	open, err := Write(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	if n, whole, opened := reflectedCases(open); !whole || n != 0 || opened < 2 {
		t.Errorf("with no certificate sought, %d leaves by check and %d open (one computation: %v), want none by check", n, opened, whole)
	}
	if checked := coqcChecks(t, "certificate", open); !checked.Accepted {
		t.Errorf("coqc rejected the split whose every leaf is open: %s", checked.Output)
	}
	for _, tt := range tampers {
		tampered := tt.edit(text)
		if tampered == text {
			t.Errorf("%s: nothing changed", tt.name)
			continue
		}
		if checked := coqcChecks(t, "certificate", tampered); checked.Accepted || strings.Contains(checked.Output, "Syntax error") {
			t.Errorf("%s: coqc accepted the certificate, or could not read it: %s", tt.name, checked.Output)
		}
	}
}

// caseByCase makes the test's certificates prove (II) case by case
// (tactics.go) rather than as one computation.
func caseByCase(t *testing.T) {
	from := wholeFrom
	wholeFrom = math.MaxInt
	t.Cleanup(func() { wholeFrom = from })
}

// TestWholeSplitQuotient: a leaf whose move names a quotient (Reflect.v's
// DDiv: k v <= s <= k v + k - 1) has a certificate, and one under a
// condition denied that is a conjunction (the move valid: Reflect.v's
// choices, split by SplitOr, a case used by UseAlt); coqc accepts the
// split, and rejects it with the quotient's divisor changed in the data,
// or a choice named that is not one.
func TestWholeSplitQuotient(t *testing.T) {
	coqc(t)
	g := parse(t, "nim:2")
	// Bouton's moves to (a, a) and (b, b), their equal pile written as a
	// quotient.
	c := Claim{Game: g, Set: compile(t, g, "a == b"), Moves: [][]string{{"a", "(2 * a + 1) / 2"}, {"(2 * b) / 2", "b"}}}
	text, err := Write(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	if n, whole, open := reflectedCases(text); n < 2 || !whole || open != 0 {
		t.Fatalf("%d leaves by check, %d open (one computation: %v), want 2 or more and none open", n, open, whole)
	}
	for _, want := range []string{"DDiv", "SplitOr", "UseAlt"} {
		if !strings.Contains(text, want) {
			t.Fatalf("no %s in the split's data", want)
		}
	}
	if checked := coqcChecks(t, "certificate", text); !checked.Accepted {
		t.Fatalf("coqc rejected the split: %s", checked.Output)
	}
	tampers := map[string]string{
		"a quotient's divisor changed": regexp.MustCompile(`DDiv (\d+) \(([^\n]*?)\) \(2\)`).ReplaceAllString(text, "DDiv $1 ($2) (3)"),
		"a choice that is not one":     regexp.MustCompile(`UseAlt N_\d+ `).ReplaceAllString(text, "UseAlt 9%N "),
	}
	for name, tampered := range tampers {
		if tampered == text {
			t.Errorf("%s: nothing changed", name)
			continue
		}
		if checked := coqcChecks(t, "certificate", tampered); checked.Accepted || strings.Contains(checked.Output, "Syntax error") {
			t.Errorf("%s: coqc accepted the certificate, or could not read it: %s", name, checked.Output)
		}
	}
}

// TestRepick: a leaf whose path picks a case of S that fails in the
// leaf, with no sample to show it, is certified once the search's
// counterexample, a position of the leaf, has the cases picked again.
func TestRepick(t *testing.T) {
	p := newGoalParser([]string{"x_a", "x_b"})
	set, err := p.formula("x_a = 0 \\/ x_b = 0")
	if err != nil {
		t.Fatal(err)
	}
	var hyps []*fm
	for _, h := range []string{"x_b = 0", "0 <= x_a /\\ 0 <= x_b"} {
		f, err := p.formula(h)
		if err != nil {
			t.Fatal(err)
		}
		hyps = append(hyps, f)
	}
	d := &wholeSplit{n: 2, names: p.names, set: set, hyps: hyps[1:]}
	leaf := &splitTree{inS: true, hyps: hyps, needed: []bool{true, true}}
	d.pickCases(leaf, []bool{true}, nil) // x_a = 0: false at (1, 0)
	if leaf.goal.coq() != "FEq (V 0) (K 0)" {
		t.Fatalf("goal %s, want the plan's case x_a = 0", leaf.goal.coq())
	}
	r := d.certifyLeaf(context.Background(), leaf, 1)
	if r == nil || len(leaf.samples) != 1 || leaf.refuted {
		t.Fatalf("certificate %v, samples %v, refuted %v: want one found after one counterexample", r, leaf.samples, leaf.refuted)
	}
	if got := leaf.goal.coq(); got != "FEq (V 1) (K 0)" {
		t.Errorf("goal %s after the counterexample %v, want x_b = 0", got, leaf.samples[0])
	}
}
