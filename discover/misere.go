package discover

import (
	"context"
	"fmt"
	"strings"

	"github.com/nimlab/nimlab/game"
)

// methodMisere is the Method of a misère description read off the
// normal-play one.
const methodMisere = "misère from normal play: the normal-play description where some pile holds 2 or more tokens, the positions of 0s and 1s listed"

// maxMisereListed bounds the positions of 0s and 1s a misère description
// lists (2^n of them at most).
const maxMisereListed = 1 << 10

// misereFromNormal tries, for a misère game, the shape Bouton's misère Nim
// has: the P-positions are those of normal play wherever some pile holds 2
// or more tokens, and differ only among the positions of 0s and 1s, which
// are finitely many and listed (by the number whose binary digits are the
// piles: a + 2b + 4c + ...). The normal-play game is described by Discover
// on the same box; the misère description assembled is returned when it is
// exact on the learning box (the caller verifies it on the larger box and
// proves it as any other: the shape is a hint, never assumed), "" when
// the normal-play game has no exact description or the shape does not
// hold there. In a region (--where) the same is tried in the region: the
// normal-play game described there, the positions of 0s and 1s in it
// listed.
func (s *search) misereFromNormal(ctx context.Context, opts Options) (string, error) {
	if !s.g.Misere || s.t.Box[0] < 1 || 1<<s.n > maxMisereListed {
		return "", nil
	}
	spec, ok := strings.CutSuffix(s.g.Spec, game.MisereSuffix)
	if !ok {
		return "", nil
	}
	normal, err := game.Parse(spec)
	if err != nil {
		return "", fmt.Errorf("the normal-play game of %s: %w", s.g.Spec, err)
	}
	// Checked on the learning box only: the misère description is
	// verified on the larger one.
	// In a region (--where), the normal-play game is described there.
	r, err := Discover(ctx, normal, Options{Max: opts.Max, VerifyMax: opts.Max, Workers: opts.Workers, Gate: opts.Gate, Where: opts.Where})
	switch {
	case ctx.Err() != nil:
		return "", ctx.Err()
	case err != nil || !r.Exact:
		// A hint that fails leaves the misère search as it was.
		return "", nil
	}
	piles := strings.Join(s.names, ", ")
	var code []string
	for i, name := range s.names {
		if i == 0 {
			code = append(code, name)
			continue
		}
		code = append(code, fmt.Sprintf("%d * %s", 1<<i, name))
	}
	inRegion := func(game.Position) bool { return true }
	if s.where != nil {
		inRegion = s.where.Evaluator()
	}
	var listed []string
	p := make(game.Position, s.n)
	for bits := range 1 << s.n {
		for i := range p {
			p[i] = bits >> i & 1
		}
		if inRegion(p) && s.t.IsP(p) {
			listed = append(listed, fmt.Sprintf("ones == %d", bits))
		}
	}
	small := "false"
	if len(listed) > 0 {
		small = strings.Join(listed, " || ")
	}
	src := fmt.Sprintf("let ones = %s; max(%s) >= 2 && (%s) || max(%s) <= 1 && (%s)",
		strings.Join(code, " + "), piles, r.Expr, piles, small)
	if ok, err := s.learnedExact(ctx, src); err != nil || !ok {
		return "", err
	}
	return src, nil
}
