package certificate

import (
	"context"
	"errors"
	"time"
)

// Where a game has symmetries, a certificate's case split is learned for
// every position (the plain route) and for the canonical positions of the
// symmetries (canonical.go) at once, and one of them is kept.

// writeEither writes c's certificate by the plain route and by the
// canonical positions of sym at once, each on its own core (eitherRoute).
func writeEither(ctx context.Context, c Claim, sym *symmetry) (string, error) {
	return eitherRoute(ctx,
		func(ctx context.Context) (string, error) { return write(ctx, c, nil) },
		func(ctx context.Context) (string, error) { return write(ctx, c, sym) })
}

// eitherRoute runs the plain route and the canonical one at once and
// returns the plain route's text when it settles first, or within as long
// again as the canonical route took; the canonical route's otherwise, also
// when ctx ends while the plain route is waited for. Where the plain split
// does not settle, its cases multiply until the time is out (CN(8,6): over
// 2,000 cases after 4 minutes); run one after the other, each with half
// the time, the canonical route, which settles in 2–5 minutes there, had
// too little left.
func eitherRoute(ctx context.Context, plainRoute, canonicalRoute func(context.Context) (string, error)) (string, error) {
	type result struct {
		text string
		err  error
	}
	pctx, cancelPlain := context.WithCancel(ctx)
	defer cancelPlain()
	sctx, cancelSym := context.WithCancel(ctx)
	defer cancelSym()
	plain, canonical := make(chan result, 1), make(chan result, 1)
	start := time.Now()
	go func() { t, err := plainRoute(pctx); plain <- result{t, err} }()
	go func() { t, err := canonicalRoute(sctx); canonical <- result{t, err} }()
	select {
	case p := <-plain:
		if p.err == nil || !splitNotFound(p.err) {
			return p.text, p.err
		}
		s := <-canonical
		return s.text, s.err
	case s := <-canonical:
		if s.err != nil {
			if p := <-plain; p.err == nil || !splitNotFound(p.err) {
				return p.text, p.err
			}
			return s.text, s.err
		}
		grace := time.NewTimer(time.Since(start))
		defer grace.Stop()
		select {
		case p := <-plain:
			if p.err == nil {
				return p.text, nil
			}
		case <-grace.C:
		case <-ctx.Done(): // the canonical text is done: keep it
		}
		return s.text, nil
	}
}

// splitNotFound reports whether err says the case split of (II) was not
// found: no moves cover it, it was not settled in its rounds, or no
// condition separates its cases.
func splitNotFound(err error) bool {
	var u *UncertifiableError
	if !errors.As(err, &u) {
		return false
	}
	switch u.Reason {
	case ReasonNoMoves, ReasonCaseSplit, ReasonUnsupported:
		return true
	}
	return false
}
