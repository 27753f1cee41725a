package prove

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/game"
)

// TestDigitInduction: colmod(k+1, piles) is proved for Moore's Nim MN(n, k)
// by induction on binary digits, for every position; a wrong modulus, a
// game whose faces the construction leaves, or any other shape of
// expression is not.
func TestDigitInduction(t *testing.T) {
	tests := []struct {
		spec, expr string
		want       string
		byDigits   bool
	}{
		{"moore:3,2", "colmod(3, a, b, c)", Proved, true},
		{"moore:4,2", "colmod(3, d, a, c, b)", Proved, true}, // any order
		{"moore:5,3", "colmod(4, a, b, c, d, e)", Proved, true},
		{"moore:6,2", "colmod(3, a, b, c, d, e, f)", Proved, true},
		{"moore:6,5", "colmod(6, a, b, c, d, e, f)", Proved, true},
		{"nim:4", "colmod(2, a, b, c, d)", Proved, true}, // Nim is MN(n, 1)
		{"moore:4,3", "colmod(3, a, b, c, d)", Refuted, false},
		{"moore:4,2", "colmod(4, a, b, c, d)", Refuted, false},
		{"moore:4,2", "colmod(2, a, b, c, d)", Refuted, false},
		{"nim:3", "colmod(3, a, b, c)", Refuted, false},
		{"cn:5,2", "colmod(3, a, b, c, d, e)", Refuted, false},
		{"moore:3,2", "colmod(3, a, a, b)", Refuted, false}, // not each pile once
	}
	for _, tt := range tests {
		r := prove(t, tt.spec, tt.expr)
		if r.Result != tt.want {
			t.Errorf("%s %q: %s (%s), want %s", tt.spec, tt.expr, r.Result, r.Reason, tt.want)
			continue
		}
		if got := r.Proof == proofDigits; got != tt.byDigits {
			t.Errorf("%s %q: proof %q", tt.spec, tt.expr, r.Proof)
		}
		if tt.want == Refuted && (r.Counterexample == nil || r.Counterexample.Checked != "engine") {
			t.Errorf("%s %q: counterexample %+v", tt.spec, tt.expr, r.Counterexample)
		}
		if tt.byDigits && (r.Scope != "every position" || r.Width != 0) {
			t.Errorf("%s %q: scope %q, width %d", tt.spec, tt.expr, r.Scope, r.Width)
		}
	}
}

// TestDigitStepsAreNotVacuous: the premises of each step can hold, so an
// unsat answer is about the conclusion, not about premises that exclude
// every column (the trap of a definition that has no solution).
func TestDigitStepsAreNotVacuous(t *testing.T) {
	s := solver(t)
	for _, spec := range []string{"moore:3,2", "moore:6,3", "nim:2"} {
		g, err := game.Parse(spec)
		if err != nil {
			t.Fatal(err)
		}
		m := 2
		if strings.HasPrefix(spec, "moore") {
			m = g.Complex.Facets()[0].Len() + 1
		}
		enc, err := newEncoding(g, colmodOfPiles(t, g, m), nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range []query{enc.digitStepI(m), enc.digitStepII(m)} {
			premises := q.script
			if q.name == "I" {
				// The last assertion is "a pile drops": without it, the
				// all-equal column satisfies the premises.
				premises = premises[:strings.LastIndex(premises, "(assert ")]
			} else {
				premises = premises[:strings.LastIndex(premises, "(assert (not ")]
			}
			if got := run(t, s, premises+"(check-sat)\n", 1)[0]; got != "sat" {
				t.Errorf("%s (%s): the step's premises are %s", spec, q.name, got)
			}
			if got := run(t, s, q.script+"(check-sat)\n", 1)[0]; got != "unsat" {
				t.Errorf("%s (%s): the step is %s", spec, q.name, got)
			}
		}
	}
}

func colmodOfPiles(t *testing.T, g *game.Game, m int) *check.Expr {
	t.Helper()
	var piles []string
	for i := range g.Piles() {
		piles = append(piles, string(rune('a'+i)))
	}
	e, err := check.Compile("colmod("+strconv.Itoa(m)+", "+strings.Join(piles, ", ")+")", g.Piles(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestMooreConstruction runs the construction that digitStepII encodes on
// random positions of MN(n, k) outside S and checks, with the engine, that
// it writes an option of the position that S accepts: the proof's witness
// is a real winning move, not only a formula the solver accepts.
func TestMooreConstruction(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, spec := range []string{"moore:3,2", "moore:4,2", "moore:5,3", "moore:6,4", "nim:5"} {
		g, err := game.Parse(spec)
		if err != nil {
			t.Fatal(err)
		}
		k := g.Complex.Facets()[0].Len()
		inS := colmodOfPiles(t, g, k+1).Evaluator()
		for range 2000 {
			p := make(game.Position, g.Piles())
			for i := range p {
				p[i] = rng.IntN(1 << rng.IntN(12))
			}
			if inS(p) {
				continue
			}
			q := mooreMove(p, k)
			if !inS(q) || !g.IsMove(p, q) {
				t.Fatalf("%s: %v -> %v (in S %v)", spec, p, q, inS(q))
			}
		}
	}
}

// mooreMove is the construction of digitStepII, column by column.
func mooreMove(p game.Position, k int) game.Position {
	m := k + 1
	q := make(game.Position, len(p))
	changed := make([]bool, len(p))
	for bit := 62; bit >= 0; bit-- {
		u, c := 0, 0
		for i, x := range p {
			if changed[i] {
				c++
			} else if x>>bit&1 == 1 {
				u++
			}
		}
		r := u % m
		clear := c+r <= k
		need := 0
		if r > 0 {
			need = m - r
		}
		seenOnes, seenChanged := 0, 0
		for i, x := range p {
			digit := x >> bit & 1
			switch {
			case changed[i]:
				if !clear && seenChanged < need {
					q[i] |= 1 << bit
				}
				seenChanged++
			case digit == 1 && clear && seenOnes < r:
				seenOnes++
				changed[i] = true
			default:
				if digit == 1 {
					seenOnes++
				}
				q[i] |= digit << bit
			}
		}
	}
	return q
}
