package prove

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/prove/proof"
	"github.com/nimlab/nimlab/theory"
)

func TestNimSumTermsAreCanonical(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		want       string
		recordedAs int // the arity recorded, 0 for none
	}{
		{"none", nil, "0", 0},
		{"one", []string{"p1"}, "p1", 0},
		{"sorted", []string{"p2", "p0"}, "(nimsum2 p0 p2)", 2},
		{"equal terms cancel", []string{"p0", "p1", "p0"}, "p1", 0},
		{"all cancel", []string{"p3", "p3"}, "0", 0},
		{"a nim-sum is flattened", []string{"(nimsum2 p0 p2)", "p1"}, "(nimsum3 p0 p1 p2)", 3},
		{"and cancels inside", []string{"(nimsum2 p0 p2)", "p2"}, "p0", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ns := newNimSums()
			ns.apply([]string{"p0", "p2"}, "0") // known, so that it is flattened
			if got := ns.apply(tt.args, "0"); got != tt.want {
				t.Errorf("apply(%q) = %s, want %s", tt.args, got, tt.want)
			}
			if tt.recordedAs != 0 && !ns.arities[tt.recordedAs] {
				t.Errorf("arity %d not declared", tt.recordedAs)
			}
		})
	}
}

// TestNimSumLemmasHold: every instance of the nim-sum's lemmas a query adds
// is true when nimsumk is the real nim-sum. It evaluates them with z3 at
// random positions, the nim-sum written in bit-vectors wide enough that
// nothing wraps; a false instance would let the abstracted query be unsat
// where the real one is not, and prove a wrong set.
func TestNimSumLemmasHold(t *testing.T) {
	s := solver(t)
	tests := []struct {
		spec, expr string
		moves      [][]string
	}{
		{"nim:3", "xor(a, b, c) == 0", [][]string{{"xor(b, c)", "b", "c"}, {"a", "xor(a, c)", "c"}, {"a", "b", "xor(a, b)"}}},
		{"nim:4", "a ^ b == c ^ d && (a - b) ^ 3 != 1", [][]string{{"a", "b", "c ^ a ^ b", "d"}, {"a - 1", "b ^ (c - 2)", "c", "d"}}},
		{"cn:6,4", "a + b == d + e && b + c == e + f && min(a, d) ^ min(b, e) ^ min(c, f) == 0", nil},
		{"cn:6,4", "sym(a + b == d + e && b + c == e + f && a ^ c ^ e == 0 && min(a, c, e) == min(a, b, c, d, e, f))", nil},
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tt := range tests {
		t.Run(tt.spec+" "+tt.expr, func(t *testing.T) {
			g, e := compile(t, tt.spec, tt.expr)
			moves := tt.moves
			if g.Spec == "cn:6,4" {
				moves = cn64Candidates(t, g)
			}
			enc, err := newEncoding(g, e, moves)
			if err != nil {
				t.Fatal(err)
			}
			checked := 0
			for _, q := range enc.byNimSums(&nimSumRoute, enc.queries()) {
				if q.via != &nimSumRoute {
					continue
				}
				head, instances, ok := strings.Cut(q.script, "; instances of the nim-sum's lemmas\n")
				if !ok || !strings.Contains(instances, "(assert") {
					t.Fatalf("(%s) has no instances", q.name)
				}
				var script strings.Builder
				for _, line := range strings.Split(head, "\n") {
					switch {
					case strings.HasPrefix(line, "(declare-fun nimsum"):
						var k int
						fmt.Sscanf(line, "(declare-fun nimsum%d", &k)
						script.WriteString(realNimSum(k))
					case strings.HasPrefix(line, "(declare-const"), strings.HasPrefix(line, "(define-fun"):
						script.WriteString(line + "\n")
					}
				}
				var facts []string
				for _, line := range strings.Split(strings.TrimSpace(instances), "\n") {
					facts = append(facts, strings.TrimSuffix(strings.TrimPrefix(line, "(assert "), ")"))
				}
				defs := script.String()
				var all strings.Builder
				for range 25 {
					all.WriteString("(push)\n" + defs)
					for _, v := range q.vars {
						fmt.Fprintf(&all, "(assert (= %s %d))\n", v, rng.IntN(40))
					}
					fmt.Fprintf(&all, "(assert (not (and %s)))\n(check-sat)\n(pop)\n", strings.Join(facts, " "))
				}
				for i, got := range run(t, s, all.String(), 25) {
					if got != "unsat" {
						t.Fatalf("(%s), position %d: an instance is false of the real nim-sum (z3: %s)", q.name, i, got)
					}
				}
				checked++
			}
			if checked == 0 {
				t.Fatal("no query was asked with the nim-sum uninterpreted")
			}
		})
	}
}

// realNimSum defines nimsumk as the nim-sum of k integers in [-2^15, 2^15),
// in 17-bit two's complement and read back as a signed integer.
func realNimSum(k int) string {
	const w = 17
	var params, xs []string
	for i := range k {
		params = append(params, fmt.Sprintf("(x%d Int)", i))
		xs = append(xs, fmt.Sprintf("((_ int2bv %d) x%d)", w, i))
	}
	x := xs[0]
	for _, y := range xs[1:] {
		x = "(bvxor " + x + " " + y + ")"
	}
	return fmt.Sprintf("(define-fun nimsum%d (%s) Int (let ((v (bv2nat %s))) (ite (>= v %d) (- v %d) v)))\n", k, strings.Join(params, " "), x, 1<<(w-1), 1<<w)
}

// cn64Candidates are the winning moves of theorem cn64 for g.
func cn64Candidates(t *testing.T, g *game.Game) [][]string {
	t.Helper()
	th, ok := theory.ByName("cn64")
	if !ok {
		t.Fatal("no theorem cn64")
	}
	moves := th.WinningMoves(context.Background(), g)
	if len(moves) == 0 {
		t.Fatal("theorem cn64 has no winning moves")
	}
	return moves
}

// TestNimSumInstancesAreBounded: an expression with many nim-sums gets at
// most maxPairInstances instances of symmetry and cancellation (and one
// pair's more), not one for every pair.
func TestNimSumInstancesAreBounded(t *testing.T) {
	var terms []string
	for i := range 80 {
		terms = append(terms, fmt.Sprintf("xor(a + %d, b, c)", i))
	}
	g, e := compile(t, "nim:3", strings.Join(terms, " + ")+" == 0")
	enc, err := newEncoding(g, e, nil)
	if err != nil {
		t.Fatal(err)
	}
	abstract := *enc
	abstract.a = arith{nimSums: newNimSums()}
	first := abstract.queries()[0]
	pairs := strings.Count(first.script, "(assert (=> (and")
	if pairs < maxPairInstances/2 || pairs > maxPairInstances+24 {
		t.Errorf("(I) has %d instances of symmetry and cancellation, want at most about %d", pairs, maxPairInstances)
	}
}

// TestCandidateMoveOutsideTheArithmetic: a candidate move the proof's
// arithmetic cannot write is an error naming it, not an unknown result;
// x ^ 0 is x, so it can.
func TestCandidateMoveOutsideTheArithmetic(t *testing.T) {
	s := solver(t)
	g, e := compile(t, "nim:2", "a == b")
	for _, tt := range []struct {
		moves   [][]string
		wantErr bool
	}{
		{[][]string{{"b ^ 1", "b"}}, true},
		{[][]string{{"b * a", "b"}}, true},
		{[][]string{{"b ^ 0", "b"}, {"a", "0 ^ a"}}, false},
	} {
		r, err := Prove(context.Background(), g, e, Options{Solver: s, Timeout: time.Minute, Moves: tt.moves})
		switch {
		case tt.wantErr && !errors.Is(err, errCandidateMove):
			t.Errorf("%v: got %v, want a candidate move error", tt.moves, err)
		case !tt.wantErr && (err != nil || r.Result != Proved || r.Proof != proof.Presburger):
			t.Errorf("%v: got %v, %+v; want a Presburger proof", tt.moves, err, r)
		}
	}
}

// TestNimSumRouteBoundsItsText: the nim-sum route writes every let out,
// so lets that use the one before twice double its text; past
// maxNimSumText the translation is refused (the route does not apply)
// rather than grown to gigabytes. A few such lets still translate.
func TestNimSumRouteBoundsItsText(t *testing.T) {
	for _, tt := range []struct {
		lets    int
		refused bool
	}{{4, false}, {24, true}} {
		src := "let x1 = a + b"
		for i := 2; i <= tt.lets; i++ {
			src += fmt.Sprintf("; let x%d = x%d + x%d", i, i-1, i-1)
		}
		src += fmt.Sprintf("; xor(x%d, a) == 0", tt.lets)
		e, err := check.Compile(src, 2, nil)
		if err != nil {
			t.Fatal(err)
		}
		_, _, err = translateExpr(e, pileVar("p"), arith{nimSums: newNimSums()})
		var unencodable *UnencodableError
		if refused := errors.As(err, &unencodable); refused != tt.refused || (err != nil && !refused) {
			t.Errorf("%d doubling lets: %v, want refused %v", tt.lets, err, tt.refused)
		}
	}
}
