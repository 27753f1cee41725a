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
// canonical positions of sym at once, each on its own core (eitherRoute),
// preferring the plain one unless canonicalFirst. canonicalFirst is for S
// and moves with minima, maxima or divisions (a hidden case split) on
// sorted positions: there the piles' order decides most minima, which
// linear (Nimlab.v, resolve_hidden) then does not split (the M-rule's
// certificate of NIM(3,2): 58.5 s of coqc at the sorted positions, where
// one plain case alone took 175 s).
func writeEither(ctx context.Context, c Claim, sym *symmetry, canonicalFirst bool) (string, error) {
	plain := func(ctx context.Context) (string, error) { return write(ctx, c, nil) }
	canonical := func(ctx context.Context) (string, error) { return write(ctx, c, sym) }
	if canonicalFirst {
		return eitherRoute(ctx, canonical, plain)
	}
	return eitherRoute(ctx, plain, canonical)
}

// eitherRoute runs two routes at once and returns the preferred route's
// text when it settles first, or within as long again as the other took;
// the other's otherwise, also when ctx ends while the preferred route is
// waited for. The plain route is usually preferred (its certificate is
// cheaper to check: no symmetry lemmas), but where the plain split does
// not settle, its cases multiply until the time is out (CN(8,6): over
// 2,000 cases after 4 minutes); run one after the other, each with half
// the time, the canonical route, which settles in 2–5 minutes there, had
// too little left.
func eitherRoute(ctx context.Context, preferredRoute, otherRoute func(context.Context) (string, error)) (string, error) {
	type result struct {
		text string
		err  error
	}
	pctx, cancelPreferred := context.WithCancel(ctx)
	defer cancelPreferred()
	octx, cancelOther := context.WithCancel(ctx)
	defer cancelOther()
	preferred, other := make(chan result, 1), make(chan result, 1)
	start := time.Now()
	go func() { t, err := preferredRoute(pctx); preferred <- result{t, err} }()
	go func() { t, err := otherRoute(octx); other <- result{t, err} }()
	select {
	case p := <-preferred:
		if p.err == nil || !splitNotFound(p.err) {
			return p.text, p.err
		}
		o := <-other
		return o.text, o.err
	case o := <-other:
		if o.err != nil {
			if p := <-preferred; p.err == nil || !splitNotFound(p.err) {
				return p.text, p.err
			}
			return o.text, o.err
		}
		grace := time.NewTimer(time.Since(start))
		defer grace.Stop()
		select {
		case p := <-preferred:
			if p.err == nil {
				return p.text, nil
			}
		case <-grace.C:
		case <-ctx.Done(): // the other text is done: keep it
		}
		return o.text, nil
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
