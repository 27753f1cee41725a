package theory

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
	"pgregory.net/rapid"
)

func sets(t *testing.T, lists ...[]int) []complex.Set {
	t.Helper()
	out := make([]complex.Set, len(lists))
	for i, l := range lists {
		for _, v := range l {
			out[i] |= complex.SetOf(v - 1)
		}
	}
	return out
}

// TestExample46 is Ehrenborg–Steingrímsson 1996, Example 4.6: the Nim-basis is the empty set
// and the three circuits, and (7,3,5,6) is a zero position.
func TestExample46(t *testing.T) {
	g, _ := game.Parse("complex:1-2,1-3,1-4,2-3-4")
	basis, err := FindNimBasis(context.Background(), g.Complex)
	if err != nil {
		t.Fatal(err)
	}
	want := sets(t, nil, []int{1, 2, 3}, []int{1, 2, 4}, []int{1, 3, 4})
	if fmt.Sprint(basis) != fmt.Sprint(want) {
		t.Errorf("basis %v, want %v", basis, want)
	}
	_, rule, _ := Find(context.Background(), g)
	if !rule.IsP(game.Position{7, 3, 5, 6}) {
		t.Error("(7,3,5,6) is not P")
	}
}

func TestCheckNimBasisViolations(t *testing.T) {
	g, _ := game.Parse("complex:1-2,1-3,1-4,2-3-4")
	good := sets(t, nil, []int{1, 2, 3}, []int{1, 2, 4}, []int{1, 3, 4})
	if err := CheckNimBasis(context.Background(), g.Complex, good); err != nil {
		t.Fatalf("the basis of Example 4.6 fails: %v", err)
	}
	for _, c := range []struct {
		condition string
		sets      []complex.Set
	}{
		{"A", good[1:]},
		{"B", append(sets(t, []int{2, 3}), good...)}, // {2,3} is a face: {2,3} = {2,3} ∪ {}
		{"C", good[:3]},
	} {
		var v *BasisViolation
		if err := CheckNimBasis(context.Background(), g.Complex, c.sets); !errors.As(err, &v) || v.Condition != c.condition {
			t.Errorf("%v: got %v, want a violation of (%s)", c.sets, err, c.condition)
		}
	}
	cn62, _ := game.Parse("cn:6,2")
	if _, err := FindNimBasis(context.Background(), cn62.Complex); err == nil {
		t.Error("CN(6,2) has a Nim-basis")
	}
}

// TestNimBasisOnRandomComplexes: whenever a random complex has a Nim-basis,
// Theorem 4.4's rule agrees with the table and its moves are winning; and
// on random binary matroids the kernel is the basis (Theorem 5.7).
func TestNimBasisOnRandomComplexes(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(1, 5).Draw(rt, "piles")
		var g *game.Game
		var rule Oracle
		if rapid.Bool().Draw(rt, "binary") {
			var cols []string
			for range n {
				cols = append(cols, fmt.Sprintf("%03b", rapid.IntRange(1, 7).Draw(rt, "column")))
			}
			g, _ = game.Parse("binmat:" + strings.Join(cols, ","))
			rule = nimBasisOracle{binaryBasis{g.Binary}}
			basis, err := FindNimBasis(context.Background(), g.Complex)
			if err != nil {
				rt.Fatalf("%s: a binary matroid without a Nim-basis: %v", g.Spec, err)
			}
			for _, b := range basis {
				if !rule.(nimBasisOracle).basis.Has(b) {
					rt.Fatalf("%s: basis member %v does not sum to zero", g.Spec, b)
				}
			}
		} else {
			var facets []string
			for range rapid.IntRange(1, 5).Draw(rt, "sets") {
				var vs []string
				for v := range n {
					if rapid.Bool().Draw(rt, "in") {
						vs = append(vs, fmt.Sprint(v+1))
					}
				}
				if len(vs) > 0 {
					facets = append(facets, strings.Join(vs, "-"))
				}
			}
			for v := range n {
				facets = append(facets, fmt.Sprint(v+1))
			}
			g, _ = game.Parse("complex:" + strings.Join(facets, ","))
			basis, err := FindNimBasis(context.Background(), g.Complex)
			if err != nil {
				return // not Nim-regular
			}
			rule = nimBasisOracle{newListedBasis(g.Complex, basis)}
		}
		box := table.Uniform(n, 5)
		tab, err := solve.Fast(context.Background(), g, box, solve.Options{})
		if err != nil {
			rt.Fatal(err)
		}
		p := make(game.Position, n)
		for idx := range box.Positions() {
			box.Position(idx, p)
			isP := tab.IsP(p)
			if rule.IsP(p) != isP {
				rt.Fatalf("%s %v: Theorem 4.4 says P=%v", g.Spec, p, !isP)
			}
			if m := rule.WinningMove(p); !isP && (m == nil || !g.IsMove(p, m) || !tab.IsP(m)) {
				rt.Fatalf("%s %v: move %v is not winning", g.Spec, p, m)
			}
		}
	})
}
