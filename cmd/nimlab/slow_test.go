package main

import (
	"fmt"
	"strings"
	"testing"
)

func TestSlowGamesFromTheCommandLine(t *testing.T) {
	// (3,3,3) is P in NIM(3,2) and (1,1,2) N (Gurvich–Martynov–Maximchuk–Vyalyi
	// 2023, Sections 1.2 and 1.1); remoteness is even exactly at P-positions,
	// and the best move lowers it by one.
	for _, c := range []struct {
		pos, outcome string
	}{{"3,3,3", "P"}, {"1,1,2", "N"}, {"2,4,6", "P"}} {
		v := runJSON(t, "outcome", "slow:3,2", c.pos, "--json")
		r, ok := v["remoteness"].(float64)
		if v["outcome"] != c.outcome || !ok || (int(r)%2 == 0) != (c.outcome == "P") {
			t.Errorf("slow:3,2 %s: outcome %v remoteness %v", c.pos, v["outcome"], v["remoteness"])
		}
		if v["best_move"] == nil {
			t.Errorf("slow:3,2 %s: no best move", c.pos)
		}
	}
	// The sorted remoteness table counts every position of the box, as the
	// unsorted table of the same game does (slow(moore:3,2) is slowle:3,2 on
	// its complex, whose box is not sorted when the maxima differ).
	v := runJSON(t, "solve", "slowle:3,2", "--max", "6", "--remoteness", "--json")
	if v["sorted"] != true || v["positions"] != 343.0 || v["states"] != 84.0 {
		t.Errorf("slowle:3,2 --max 6: %v", v)
	}
	counts, _ := v["remoteness_counts"].([]any)
	var total float64
	for _, c := range counts {
		total += c.(float64)
	}
	if total != 343 {
		t.Errorf("remoteness histogram covers %v positions, want 343", total)
	}
	ref := runJSON(t, "solve", "slowle:3,2", "--max", "6", "--json", "--reference")
	if ref["p_positions"] != v["p_positions"] {
		t.Errorf("P-positions: reference %v, sorted %v", ref["p_positions"], v["p_positions"])
	}
	out, err := run(t, "list", "slow:3,2", "--max", "2", "--format", "text")
	if err != nil || !strings.Contains(out, "(2,2,2)") || strings.Contains(out, "(1,1,1)") {
		t.Errorf("list slow:3,2: %v\n%s", err, out)
	}
	if _, err := run(t, "check", "slow:4,2", "--max", "6", "--expr", "a%2==0 && b%2==0 && c%2==0 && d%2==0"); err == nil {
		t.Error("check accepted 'all piles even' as the P-positions of slow:4,2")
	}
	if _, err := run(t, "solve", "join(slow:3,2; nim:1)", "--max", "2"); err == nil {
		t.Error("join of a slow game was accepted")
	}
}

func TestCriticalAndStrategyCommands(t *testing.T) {
	v := runJSON(t, "critical", "slow:3,2", "--max", "8", "--remoteness", "4", "--json")
	levels, _ := v["critical"].([]any)
	if len(levels) != 1 {
		t.Fatalf("critical --remoteness 4: %v", v)
	}
	ps := levels[0].(map[string]any)["positions"].([]any)
	var got []string
	for _, p := range ps {
		var s []string
		for _, x := range p.([]any) {
			s = append(s, fmtFloat(x.(float64)))
		}
		got = append(got, strings.Join(s, ","))
	}
	// (3,3,3), a P-position in the example of Gurvich–Martynov–Maximchuk–Vyalyi
	// 2023, Section 1.2, has R = 4, and no position below it does.
	if !strings.Contains(strings.Join(got, " "), "3,3,3") {
		t.Errorf("R=4 critical positions of slow:3,2: %v", got)
	}
	v = runJSON(t, "check", "slow:4,3", "--max", "8", "--strategy", "mrule", "--json")
	if v["optimal"] != true || v["failures"] != 0.0 {
		t.Errorf("check --strategy mrule: %v", v)
	}
	if _, err := run(t, "check", "cn:5,2", "--max", "3", "--strategy", "mrule"); err == nil {
		t.Error("the M-rule was accepted for cn:5,2")
	}
}

func fmtFloat(x float64) string {
	return strings.TrimRight(strings.TrimRight(fmt.Sprintf("%f", x), "0"), ".")
}
