package commands

import (
	"cmp"
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/nimlab/nimlab/certificate"
	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/prove"
)

// CertificateTimeout bounds coqc's time on a certificate when the request
// does not say.
const CertificateTimeout = 10 * time.Minute

// certificateCheckHint is what a certificate checked again by hand must
// print, as prove and discover say below its check command: what coqc
// prints of the checker, the last file compiled (certificate.Checker).
const certificateCheckHint = `(what it prints on stdout is the checker's: first "Closed under the global context", then the statement, pos, valid, total, move, inS to read)`

// certificateFolder checks, before any proof, that the folder the
// certificate is asked for (dir, "" when none is) can be written, and the
// time asked for coqc (0 for CertificateTimeout).
func certificateFolder(dir string, timeout time.Duration) error {
	switch {
	case timeout < 0:
		return requestErrorf("%v must be more than 0, e.g. 30m", Param("certificate-timeout"))
	case timeout > 0 && dir == "":
		return requestErrorf("%v bounds coqc's check of a certificate: give %v too", Param("certificate-timeout"), Param("certificate"))
	case dir == "":
		return nil
	}
	if err := certificate.CheckFolder(dir); err != nil {
		return fmt.Errorf("%v: %w", Param("certificate"), err) // a FolderError: kind file
	}
	return nil
}

// certify writes the certificate of a proved claim and has coqc check it.
// A certificate coqc rejects is an internal error, as a proof the engine
// contradicts is.
func certify(ctx context.Context, env Env, g *game.Game, src string, req ProveRequest, moves [][]string, solver *prove.Solver) (*certificate.Report, error) {
	switch {
	case req.Grundy != "":
		return &certificate.Report{Status: certificate.NotCertifiable, Reason: certificate.ReasonUnsupported, Detail: "a Sprague–Grundy value has no certificate yet"}, nil
	case req.Where != "":
		return &certificate.Report{Status: certificate.NotCertifiable, Reason: certificate.ReasonUnsupported, Detail: "a region theorem has no certificate yet"}, nil
	}
	e, err := check.Compile(src, g.Piles(), func() (*complex.Group, error) { return g.Symmetries(ctx) })
	if err != nil {
		return nil, err
	}
	// z3 tells the case split of (II) where it fails beyond its box;
	// without it the split is tried on random positions only.
	z3 := solver
	if z3.Name != "z3" {
		z3, _ = prove.FindSolver(ctx, "z3")
	}
	claim := src // a theorem's is named by the theorem
	if req.Theorem != "" {
		claim = ""
	}
	timeout := cmp.Or(req.CertificateTimeout, CertificateTimeout)
	if env.Certifying != nil {
		env.Certifying(g.Spec, timeout)
	}
	r, err := certificate.Certify(ctx, certificate.Claim{Game: g, Set: e, Moves: moves, Solver: z3}, req.Certificate, certificate.FileName(g.Spec, req.Theorem, claim), timeout)
	if err != nil {
		return nil, fmt.Errorf("%v: %w", Param("certificate"), err)
	}
	if r.Status == certificate.Rejected {
		return nil, fmt.Errorf("internal error: coqc rejected the certificate %s of a claim the solver proved (please report it): %s", r.Path, firstLines(r.Output, 5))
	}
	return r, nil
}

// firstLines returns the first n lines of s.
func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	if len(lines) > n {
		lines = append(lines[:n], "...")
	}
	return strings.Join(lines, "\n")
}
