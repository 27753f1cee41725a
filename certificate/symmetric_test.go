package certificate

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/game"
)

// TestImageIsTheSymmetricMove: the image of a move under a symmetry σ,
// read at p, is the move read at σ(p), taken back by σ's inverse; so where
// the move is a move into a symmetric S from σ(p), its image is one from p.
func TestImageIsTheSymmetricMove(t *testing.T) {
	ctx := context.Background()
	for _, tt := range []struct {
		spec, set string
		move      []string
	}{
		{"cn:6,3", "a + b == d + e && b + c == e + f", []string{"a", "b", "c", "a + b - e", "e", "f"}},
		{"path:5,3", "a == min(b, c + d) && e == 0", []string{"min(b, c + d)", "b - 1", "c", "d + e", "0"}},
	} {
		g := parse(t, tt.spec)
		s := compile(t, g, "sym("+tt.set+")")
		in := s.Evaluator()
		group, err := g.Symmetries(ctx)
		if err != nil {
			t.Fatal(err)
		}
		eval := func(m []string, p game.Position) (game.Position, bool) {
			q := make(game.Position, len(m))
			for i, src := range m {
				e, err := check.Compile(src, g.Piles(), nil)
				if err != nil {
					t.Fatal(err)
				}
				v, ok := e.IntEvaluator()(p)
				if !ok {
					return nil, false
				}
				q[i] = v
			}
			return q, true
		}
		rng := rand.New(rand.NewPCG(1, 2))
		moved := 0
		for range 300 {
			p := make(game.Position, g.Piles())
			for i := range p {
				p[i] = rng.IntN(6)
			}
			for _, perm := range group.Elements() {
				sp := make(game.Position, len(p)) // σ(p)[i] = p[perm[i]]
				for i, j := range perm {
					sp[i] = p[j]
				}
				want, ok1 := eval(tt.move, sp)
				got, ok2 := eval(check.MoveImage(tt.move, perm), p)
				if ok1 != ok2 {
					t.Fatalf("%s: %v at %v: defined %v, its image at %v: %v", tt.spec, tt.move, sp, ok1, p, ok2)
				}
				if !ok1 {
					continue
				}
				for i, j := range perm { // σ(got) must be want
					if got[j] != want[i] {
						t.Fatalf("%s: the image of %v under %v at %v is %v; the move at %v is %v", tt.spec, tt.move, perm, p, got, sp, want)
					}
				}
				if g.IsMove(sp, want) && in(want) {
					moved++
					if !g.IsMove(p, got) || !in(got) {
						t.Fatalf("%s: %v -> %v is a move into S, its image %v -> %v is not", tt.spec, sp, want, p, got)
					}
				}
			}
		}
		if moved == 0 {
			t.Errorf("%s: the move never led into S: the test proves nothing", tt.spec)
		}
	}
}
