package certificate

import (
	"context"
	"strings"
	"testing"
)

// TestReflectedCases: with reflection from the first move case, a
// certificate proves its move cases by Reflect.v's check; with every
// fallback to lia removed, coqc accepts it, and with a weight on a
// constraint that is not there, it rejects it (the kernel checks them).
func TestReflectedCases(t *testing.T) {
	coqc(t)
	from, defs := reflectFrom, reflectDefs
	reflectFrom, reflectDefs = 1, 0
	defer func() { reflectFrom, reflectDefs = from, defs }()
	g := parse(t, "nim:2/misere")
	// The first move names a minimum, which the certificates split.
	c := Claim{Game: g, Set: compile(t, g, "a == b && a > 1 || a + b == 1"), Moves: [][]string{{"min(a, b)", "min(a, b)"}, {"a", "0"}, {"0", "b"}, {"1", "0"}, {"0", "1"}}}
	text, err := Write(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, "Require Import Nimlab Reflect.") {
		t.Fatal("the certificate does not require Reflect")
	}
	reflected, n := firstOnly(t, text, "reflect_check")
	if n < 4 || !strings.Contains(reflected, "SplitDef") {
		t.Fatalf("%d cases proved by reflection, want 4 or more, and a minimum split in one", n)
	}
	if checked := coqcChecks(t, "certificate", reflected); !checked.Accepted {
		t.Errorf("the %d cases by reflection alone: coqc rejected them: %s", n, checked.Output)
	}
	// Each Farkas combination given a weight on a constraint that is not
	// there: weigh fails, and with it the check.
	tampered := strings.ReplaceAll(reflected, "Farkas (", "Farkas (W 999 1 ")
	if tampered == reflected {
		t.Fatal("no Farkas weights to take out")
	}
	if checked := coqcChecks(t, "certificate", tampered); checked.Accepted || strings.Contains(checked.Output, "Syntax error") {
		t.Errorf("with a weight on no constraint, coqc accepted the certificate, or could not read it: %s", checked.Output)
	}
}
