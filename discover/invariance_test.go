package discover

import (
	"context"
	"slices"
	"testing"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
)

// bruteInvariances lists every nonzero 0/1 vector v off zeros with P(x) =
// P(x + v) for all x of the region with x + v in the box, from the
// positions one by one.
func bruteInvariances(t *table.Table, zeros uint64) []uint64 {
	n := len(t.Box)
	var out []uint64
	x, y := make(game.Position, n), make(game.Position, n)
	for v := uint64(1); v < 1<<n; v++ {
		if v&zeros != 0 {
			continue
		}
		ok, pairs := true, 0
		for idx := range t.Box.Positions() {
			t.Box.Position(idx, x)
			in := true
			for i := range n {
				y[i] = x[i] + int(v>>i&1)
				if zeros>>i&1 == 1 && x[i] != 0 {
					in = false
				}
			}
			if !in || !t.Box.Contains(y) {
				continue
			}
			pairs++
			if t.IsP(x) != t.IsP(y) {
				ok = false
				break
			}
		}
		if ok && pairs > 0 {
			out = append(out, v)
		}
	}
	return out
}

// TestLearnInvariances: the invariances learned are the brute force's, less
// the sums of smaller ones, and what issue 39 measured.
func TestLearnInvariances(t *testing.T) {
	tests := []struct {
		spec  string
		h     int
		zeros uint64
		want  []string
	}{
		{"cn:7,3", 5, 0, []string{"(1,1,1,1,1,1,1)"}},
		{"cn:8,3", 4, 0, []string{"(1,0,1,0,1,0,1,0)", "(0,1,0,1,0,1,0,1)"}},
		{"necklace:6,3", 6, 0, []string{"(1,1,0,1,0,1)", "(1,0,1,0,1,1)"}},
		// CN(7,3) with a empty is NN(6,3) on b..g.
		{"cn:7,3", 5, 1, []string{"(0,1,1,0,1,0,1)", "(0,1,0,1,0,1,1)"}},
		{"nim:2", 6, 0, []string{"(1,1)"}},
		// None: CN(7,5) and PathNim P(7,3).
		{"cn:7,5", 4, 0, nil},
		{"path:7,3", 4, 0, nil},
	}
	ctx := context.Background()
	for _, tt := range tests {
		g, err := game.Parse(tt.spec)
		if err != nil {
			t.Fatal(err)
		}
		tab, err := solve.Table(ctx, g, table.Uniform(g.Piles(), tt.h), solve.Options{})
		if err != nil {
			t.Fatal(err)
		}
		got, err := learnInvariances(ctx, tab, tt.zeros)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		var masks []uint64
		for _, v := range got {
			names = append(names, v.String())
			masks = append(masks, v.support())
		}
		if !slices.Equal(names, tt.want) {
			t.Errorf("%s on 0..%d (zeros %b): %v, want %v", tt.spec, tt.h, tt.zeros, names, tt.want)
		}
		brute := bruteInvariances(tab, tt.zeros)
		if want := minimalMasks(brute); !slices.Equal(masks, want) {
			t.Errorf("%s: learned %v, brute force (minimal) %v", tt.spec, masks, want)
		}
		for _, m := range masks {
			if !slices.Contains(brute, m) {
				t.Errorf("%s: %b learned, not an invariance by brute force", tt.spec, m)
			}
		}
	}
}
