package atlas

import (
	"context"
	"fmt"
	"slices"
	"testing"
)

func TestFamily(t *testing.T) {
	for _, tt := range []struct {
		family string
		want   []string
		fails  bool
	}{
		{family: "cn:3..4", want: []string{"cn:3,1", "cn:3,2", "cn:3,3", "cn:4,1", "cn:4,2", "cn:4,3", "cn:4,4"}},
		{family: "path:2..2; nim:3", want: []string{"path:2,1", "path:2,2", "nim:3"}},
		{family: "cn:5..3", fails: true},
		{family: "cn:0..3", fails: true},
		{family: " ; ", fails: true},
	} {
		got, err := Family(tt.family)
		if (err != nil) != tt.fails || !slices.Equal(got, tt.want) {
			t.Errorf("Family(%q) = %v, %v", tt.family, got, err)
		}
	}
}

func TestParseShard(t *testing.T) {
	for _, tt := range []struct {
		s     string
		want  Shard
		fails bool
	}{
		{s: "0/1", want: Shard{0, 1}}, {s: "3/4", want: Shard{3, 4}},
		{s: "4/4", fails: true}, {s: "-1/4", fails: true}, {s: "1", fails: true}, {s: "a/b", fails: true}, {s: "0/0", fails: true},
	} {
		got, err := ParseShard(tt.s)
		if (err != nil) != tt.fails || got != tt.want {
			t.Errorf("ParseShard(%q) = %v, %v", tt.s, got, err)
		}
	}
}

// TestSurveyRow checks a row against what the papers say of the game.
func TestSurveyRow(t *testing.T) {
	ctx := context.Background()
	for _, tt := range []struct {
		spec     string
		theorem  string
		nimBasis string
		genuine  bool
	}{
		// papers/001, Theorem 5.7: a binary matroid's Nim-basis is its
		// cycle space, the disjoint unions of circuits.
		// Its P-positions are (a,a,a,0): no genuine zero position.
		{"graph:1-2,2-3,1-3,3-4", "binary-matroid", "unions of circuits", false},
		// CN(6,3): (1,...,1) satisfies a+b = d+e and b+c = e+f (Theorem 3.2).
		{"cn:6,3", "cn63", "", true},
		// CN(5,3): every P-position has an empty pile (Theorem 3.1(2)).
		{"cn:5,3", "cn53", "none", false},
	} {
		r, err := Survey(ctx, 0, tt.spec, Options{Max: 4})
		if err != nil {
			t.Fatal(err)
		}
		if r.Theorem != tt.theorem || (tt.nimBasis != "" && r.NimBasis != tt.nimBasis) || r.GenuineZero != tt.genuine || r.GenuineZeroMin1 != tt.genuine || !r.Exact {
			t.Errorf("%s: %+v", tt.spec, r)
		}
	}
}

func ExampleFamily() {
	specs, _ := Family("cn:3..3;moore:4,2")
	fmt.Println(specs)
	// Output: [cn:3,1 cn:3,2 cn:3,3 moore:4,2]
}
