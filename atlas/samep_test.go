package atlas

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestRulesSameP: the survey of the rule variations (rules:A..B, what the
// command explore ran) finds the games with the same P-positions, and the
// closure properties that hold.
func TestRulesSameP(t *testing.T) {
	rows, err := Run(context.Background(), "rules:3..4", Shard{0, 1}, "", Options{Max: 3, NoDiscover: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := (3 + 4) * len(variations); len(rows) != want {
		t.Fatalf("%d rows, want %d", len(rows), want)
	}
	same := sameAs(rows)
	byGame := map[string]int{}
	for i, r := range rows {
		byGame[r.Game] = i
		if r.PHash == "" {
			t.Errorf("%s: no PHash", r.Game)
		}
	}
	sameOf := func(game string) []string { return same[byGame[game]] }
	// On CN(n,1) every face is one pile, so atleast(.;1) and wythoff are Nim.
	if got := sameOf("cn:4,1"); !slices.Contains(got, "atleast(cn:4,1;1)") || !slices.Contains(got, "wythoff(cn:4,1)") {
		t.Errorf("cn:4,1 is the same as %v", got)
	}
	// Taking exactly 2 tokens in total changes at most 2 piles: on three
	// piles the triple face adds no move.
	if got := sameOf("exactly(cn:3,2;2)"); !slices.Contains(got, "exactly(cn:3,3;2)") {
		t.Errorf("exactly(cn:3,2;2) is the same as %v", got)
	}
	// The relation is symmetric, never relates games of different boxes,
	// and relates only games with the same number of P-positions.
	for i, r := range rows {
		for _, s := range same[i] {
			o := rows[byGame[s]]
			if !slices.Contains(sameOf(s), r.Game) || o.Positions != r.Positions || o.Max != r.Max || o.PPositions != r.PPositions {
				t.Errorf("%s ~ %s is not symmetric, mixes boxes or P counts", r.Game, s)
			}
		}
	}
	// Games with different P-positions are not grouped: CN(4,1) is Nim,
	// CN(4,4) lets a player empty every pile.
	if slices.Contains(sameOf("cn:4,1"), "cn:4,4") {
		t.Error("cn:4,1 and cn:4,4 have the same P-positions")
	}
	// Nim's P-positions are closed under doubling (xor is linear).
	if got := rows[byGame["cn:4,1"]].Holding(); !slices.Contains(got, "doubling") {
		t.Errorf("Nim: properties %v", got)
	}
	// The report has the column, and the caveat.
	var b strings.Builder
	if err := WriteReport(&b, "rules:3..4", Shard{0, 1}, rows); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"closed under", "same P-positions as", "evidence, not proof", "atleast(cn:4,1;1), wythoff(cn:4,1)"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, b.String())
		}
	}
}

// TestSamePNeedsTheSameBox: rows whose hashes agree but whose boxes differ,
// or without a hash, are never grouped.
func TestSamePNeedsTheSameBox(t *testing.T) {
	rows := []Row{
		{Game: "a", Max: 3, Positions: 64, PHash: "1"},
		{Game: "b", Max: 3, Positions: 64, PHash: "1"},
		{Game: "c", Max: 3, Positions: 256, PHash: "1"},
		{Game: "d", Max: 2, Positions: 64, PHash: "1"},
		{Game: "e", Max: 3, Positions: 64},
		{Game: "f", Max: 3, Positions: 64},
	}
	if got := SameP(rows); len(got) != 1 || !slices.Equal(got[0], []int{0, 1}) {
		t.Errorf("SameP = %v, want [[0 1]]", got)
	}
}

func ExampleSameP() {
	rows, _ := Run(context.Background(), "rules:3..3", Shard{0, 1}, "", Options{Max: 2, NoDiscover: true}, nil)
	first := SameP(rows)[0]
	for _, i := range first {
		fmt.Print(rows[i].Game, " ")
	}
	fmt.Println()
	// Output: cn:3,1 atleast(cn:3,1;1) wythoff(cn:3,1)
}
