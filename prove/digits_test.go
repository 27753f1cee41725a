package prove

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/prove/proof"
)

// TestDigitInduction: colmod(k+1, piles) is proved for Moore's Nim MN(n, k)
// by induction on binary digits, for every position; a wrong modulus, a
// game whose faces the construction leaves, or any other shape of
// expression is not.
func TestDigitInduction(t *testing.T) {
	tests := []struct {
		spec, expr string
		want       proof.Result
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
		if got := r.Proof == ProofDigits; got != tt.byDigits {
			t.Errorf("%s %q: proof %q", tt.spec, tt.expr, r.Proof)
		}
		if tt.want == Refuted && (r.Counterexample == nil || r.Counterexample.Checked != "engine") {
			t.Errorf("%s %q: counterexample %+v", tt.spec, tt.expr, r.Counterexample)
		}
		if tt.byDigits && (r.Scope.String() != "every position" || r.Width != 0) {
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
			if q.name == proof.I {
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
	q := make(game.Position, len(p))
	changed := make([]bool, len(p))
	digits := make([]bool, len(p))
	for bit := 62; bit >= 0; bit-- {
		for i, x := range p {
			digits[i] = x>>bit&1 == 1
		}
		written, next := mooreColumn(changed, digits, k)
		for i, d := range written {
			if d {
				q[i] |= 1 << bit
			}
		}
		changed = next
	}
	return q
}

// mooreColumn is one step of the construction: from the changed piles and
// p's digits in a column, the move's digits there and the changed piles
// after it.
func mooreColumn(changed, digits []bool, k int) (written, next []bool) {
	m := k + 1
	u, c := 0, 0
	for i, d := range digits {
		if changed[i] {
			c++
		} else if d {
			u++
		}
	}
	r := u % m
	clear := c+r <= k
	need := 0
	if r > 0 {
		need = m - r
	}
	written, next = make([]bool, len(digits)), slices.Clone(changed)
	seenOnes, seenChanged := 0, 0
	for i, d := range digits {
		switch {
		case changed[i]:
			written[i] = !clear && seenChanged < need
			seenChanged++
		case d && clear && seenOnes < r:
			seenOnes++
			next[i] = true
		default:
			if d {
				seenOnes++
			}
			written[i] = d
		}
	}
	return written, next
}

// TestDigitStepIIIsMooresColumn: the construction the (II) step encodes
// writes, for every set of changed piles and every column of MN(4, 2) and
// MN(5, 3), the digits and the changed piles mooreColumn does, which
// TestMooreConstruction checks against the engine.
func TestDigitStepIIIsMooresColumn(t *testing.T) {
	s := solver(t)
	for _, spec := range []string{"moore:4,2", "moore:5,3"} {
		g, err := game.Parse(spec)
		if err != nil {
			t.Fatal(err)
		}
		k, n := g.Complex.Facets()[0].Len(), g.Piles()
		enc, err := newEncoding(g, colmodOfPiles(t, g, k+1), nil)
		if err != nil {
			t.Fatal(err)
		}
		step := enc.digitStepII(k + 1).script
		// The definitions only: the constants become fixed values below.
		var defs []string
		for _, line := range strings.Split(step, "\n") {
			if strings.HasPrefix(line, "(define-fun") {
				defs = append(defs, line)
			}
		}
		// Every column in one solver process: each case between push and
		// pop, its values printed by simplify.
		var script strings.Builder
		type expected struct {
			where   string
			written bool // y_i, the move's digit
			next    bool // d_i, changed after the column
		}
		var want []expected
		for bits := range 1 << (2 * n) {
			changed, digits := make([]bool, n), make([]bool, n)
			script.WriteString("(push)\n")
			for i := range n {
				changed[i], digits[i] = bits>>i&1 == 1, bits>>(n+i)&1 == 1
				fmt.Fprintf(&script, "(define-fun c%d () Bool %v)\n(define-fun x%d () Bool %v)\n", i, changed[i], i, digits[i])
			}
			script.WriteString(strings.Join(defs, "\n") + "\n")
			written, next := mooreColumn(changed, digits, k)
			for i := range n {
				fmt.Fprintf(&script, "(simplify y%d)\n(simplify d%d)\n", i, i)
				want = append(want, expected{fmt.Sprintf("changed %v, digits %v, pile %d", changed, digits, i), written[i], next[i]})
			}
			script.WriteString("(pop)\n")
		}
		got := run(t, s, script.String(), 2*len(want))
		for j, w := range want {
			if got[2*j] != fmt.Sprint(w.written) || got[2*j+1] != fmt.Sprint(w.next) {
				t.Fatalf("%s, %s: the step writes %s and %s, mooreColumn %v and %v", spec, w.where, got[2*j], got[2*j+1], w.written, w.next)
			}
		}
	}
}
