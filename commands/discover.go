package commands

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/nimlab/nimlab/certificate"
	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/discover"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/prove"
	"github.com/nimlab/nimlab/prove/proof"
)

// DiscoverRequest asks for a characterization of the P-positions, verified
// on a larger box ("nimlab discover").
type DiscoverRequest struct {
	Game string `json:"game"`
	// Max is the height to learn on (required: -1 is not given).
	Max int `json:"max"`
	// VerifyMax is the height to verify on (0: a few above Max).
	VerifyMax int `json:"verify_max,omitempty"`
	Workers   int `json:"workers,omitempty"`
	// Prove, when true, proves a description exact on the box for every
	// position, each query for at most ProveTimeout.
	Prove        bool          `json:"prove,omitempty"`
	ProveTimeout time.Duration `json:"prove_timeout,omitempty"`
	// NoTheorems does not offer the recorded theorems' statements to the
	// proof (ProveRequest.NoTheorems).
	NoTheorems bool `json:"no_theorems,omitempty"`
	// Where, when not empty, is a region no move leaves: the P-positions
	// (or Grundy values) inside it are described, and a proof is a region
	// theorem.
	Where string `json:"where,omitempty"`
	// Grundy asks for a formula of the Sprague–Grundy value rather than a
	// description of the P-positions (discover.Grundy).
	Grundy bool `json:"grundy,omitempty"`
	// Certificate, when not empty with Prove, is a directory the proof's
	// Coq certificate is written to and checked by coqc, when proved
	// (ProveRequest.Certificate).
	Certificate string `json:"certificate,omitempty"`
	// CertificateTimeout bounds coqc's check of the certificate
	// (ProveRequest.CertificateTimeout).
	CertificateTimeout time.Duration `json:"certificate_timeout,omitempty"`
	// Verbose prints a description that is not exact in full; the text
	// otherwise says what was found exact and what is left.
	Verbose bool `json:"verbose,omitempty"`
}

// DiscoverResult is the description found, how it verified, and with
// Prove, the proof's result.
type DiscoverResult struct {
	AcceptedNotP    int64           `json:"accepted_not_p"`
	Counterexamples []game.Position `json:"counterexamples"`
	Covered         int64           `json:"covered"`
	Exact           bool            `json:"exact"`
	// LearnedExact is true when Expr is exact on the box it was learned on,
	// every pile 0..Max (discover.Result.LearnedExact): with Exact false,
	// the description holds there and fails beyond, on the verification
	// box.
	LearnedExact bool   `json:"learned_exact"`
	Expr         string `json:"expr"`
	Game         string `json:"game"`
	Max          int    `json:"max"`
	Method       string `json:"method"`
	// Reduced is true for a description by reduction by invariances
	// (discover.Result.Reduced): prove it with --reduce.
	Reduced    bool  `json:"reduced,omitempty"`
	PPositions int64 `json:"p_positions"`
	// Proof is present when a proof was asked for: null when there was
	// nothing to prove (the description is not exact on the box).
	Proof *ProofAttempt `json:"proof,omitempty"`
	// Certificate is what became of the proof's Coq certificate, when one
	// was asked for and the description proved.
	Certificate *certificate.Report `json:"certificate,omitempty"`
	Seconds     float64             `json:"seconds"`
	VerifiedMax int                 `json:"verified_max"`
	// Grundy is true when Expr is a formula of the Sprague–Grundy value
	// (DiscoverRequest.Grundy): Exact then means it equals the engine's
	// value at every position of the verification box, Positions and
	// Agreeing count the positions compared and those where it does, and
	// Counterexamples are where it does not; Moves are the candidate moves
	// given to the proof.
	Grundy    bool       `json:"grundy,omitempty"`
	Positions int64      `json:"positions,omitempty"`
	Agreeing  int64      `json:"agreeing,omitempty"`
	Moves     [][]string `json:"moves,omitempty"`
	// Where is the region described (DiscoverRequest.Where): the counts
	// are of its positions.
	Where string `json:"where,omitempty"`
	// Invariances are the 0/1 invariances of the P-set learned on the box
	// and Regions the regions of empty piles the reduction by invariances
	// described or tried, when it was tried (discover.Result).
	Invariances []string              `json:"invariances,omitempty"`
	Regions     []discover.RegionNote `json:"regions,omitempty"`
	// NextRegions are the regions worth describing next (--where) when the
	// description is not exact.
	NextRegions []string `json:"next_regions,omitempty"`

	title string
	// verbose writes a description that is not exact in full; missed are
	// the smallest P-positions it does not accept, and fails the smallest
	// position of the verification box where it fails (nil: none known),
	// with what it is (failure).
	verbose bool
	// proveTimeout and noTheorems are the proof's, for its prove it line.
	proveTimeout time.Duration
	noTheorems   bool
	missed       []game.Position
	fails        game.Position
	failure      string
}

// ProofAttempt is the proof of a discovered description: its JSON is the
// result's, or null when none was attempted.
type ProofAttempt struct {
	Result *prove.Result
}

// MarshalJSON writes the proof's result, or null.
func (a ProofAttempt) MarshalJSON() ([]byte, error) { return jsonOf(a.Result) }

// Discover looks for a description of the P-positions of a box, checks it
// on a larger box, and with Prove proves it for every position.
func Discover(ctx context.Context, env Env, req DiscoverRequest) (*DiscoverResult, error) {
	g, err := game.Parse(req.Game)
	if err != nil {
		return nil, err
	}
	switch {
	case req.Max < 0:
		return nil, requestErrorf("%v is required: the height to learn on, e.g. %v", Param("max"), Setting{Param("max"), "6"})
	case req.Max == 0:
		return nil, requestErrorf("%v 0 learns from the empty position alone: give 1 or more, e.g. %v", Param("max"), Setting{Param("max"), "6"})
	}
	opts := discover.Options{Max: req.Max, VerifyMax: req.VerifyMax, Workers: req.Workers, Gate: env.gate(false)}
	if req.Grundy && g.Misere {
		return nil, requestErrorf("%v: Sprague–Grundy formulas are for normal play, and %s is misère", Param("grundy"), g.Spec)
	}
	if req.Where != "" {
		if opts.Where, err = check.CompileCondition(req.Where, g.Piles(), func() (*complex.Group, error) { return g.Symmetries(ctx) }); err != nil {
			return nil, requestErrorf("%v: %v", Param("where"), err)
		}
	}
	switch {
	case req.Certificate != "" && !req.Prove:
		return nil, requestErrorf("%v writes the proof's certificate: give %v too", Param("certificate"), Param("prove"))
	case req.Certificate != "" && req.Grundy:
		return nil, requestErrorf("%v: a Sprague–Grundy value has no certificate yet; leave out %v", Param("certificate"), Param("certificate"))
	}
	if req.Prove {
		if req.ProveTimeout <= 0 {
			return nil, requestErrorf("%v must be more than 0, e.g. %v", Param("prove-timeout"), Setting{Param("prove-timeout"), "2m"})
		}
		// The solver is looked for first: without it, nothing is solved.
		if opts.Prove, err = proveOptions(ctx, req.ProveTimeout); err != nil {
			return nil, err
		}
		if req.Where == "" && !req.Grundy && !req.NoTheorems {
			opts.Prove.Equivalents = theoremEquivalents(ctx, g)
		}
	}
	for _, h := range []int{req.Max, req.VerifyMax} {
		if err := env.checkPositions(g, h); err != nil {
			return nil, err
		}
	}
	if err := certificateFolder(req.Certificate, req.CertificateTimeout); err != nil {
		return nil, err
	}
	release, err := env.admit()
	if err != nil {
		return nil, err
	}
	defer release()
	start := time.Now()
	if req.Grundy {
		r, err := discover.Grundy(ctx, g, opts)
		if err != nil {
			return nil, openRegion(err)
		}
		res := &DiscoverResult{Game: r.Game, Max: r.Max, VerifiedMax: r.VerifiedMax, Expr: r.Expr, Exact: r.Exact, LearnedExact: r.LearnedExact, Method: r.Method,
			Counterexamples: r.Counterexamples, Grundy: true, Positions: r.Positions, Agreeing: r.Agreeing, Moves: r.Moves, Where: r.Where,
			Seconds: seconds(start), title: g.Title}
		if len(r.Counterexamples) > 0 {
			res.fails, res.failure = r.Counterexamples[0], "a position where its value is not the Grundy value"
		}
		if req.Prove {
			res.Proof = &ProofAttempt{r.Proof}
		}
		return res, nil
	}
	r, err := discover.Discover(ctx, g, opts)
	if err != nil {
		return nil, openRegion(err)
	}
	res := &DiscoverResult{
		Game: r.Game, Max: r.Max, VerifiedMax: r.VerifiedMax, Expr: r.Expr, Exact: r.Exact, LearnedExact: r.LearnedExact,
		Method: r.Method, Reduced: r.Reduced, PPositions: r.PPositions, Covered: r.Covered,
		AcceptedNotP: r.AcceptedNotP, Counterexamples: r.Counterexamples, Seconds: seconds(start), title: g.Title, Where: r.Where,
		Invariances: r.Invariances, Regions: r.Regions, NextRegions: r.NextRegions, verbose: req.Verbose,
		proveTimeout: req.ProveTimeout, noTheorems: req.NoTheorems,
	}
	if r.Verification != nil {
		res.missed = r.Verification.Examples[check.KindPNotAccepted]
		var kind string
		res.fails, kind = discover.SmallestFailure(r.Verification, r.VerifiedMax)
		res.failure = failures[kind]
	}
	if req.Prove {
		res.Proof = &ProofAttempt{r.Proof}
		if req.Certificate != "" && r.Proof != nil && r.Proof.Result == prove.Proved {
			if res.Certificate, err = certify(ctx, env, g, r.Expr, ProveRequest{Where: req.Where, Certificate: req.Certificate, CertificateTimeout: req.CertificateTimeout}, nil, opts.Prove.Solver); err != nil {
				return nil, err
			}
			res.Seconds = seconds(start)
		}
	}
	return res, nil
}

// defaultProveTimeout is prove's --timeout when not given (the schema's).
const defaultProveTimeout = time.Minute

// proveOptions finds z3 for Prove: without it, the error says which
// Debian package to install.
func proveOptions(ctx context.Context, timeout time.Duration) (*prove.Options, error) {
	solver, err := prove.FindSolver(ctx, "z3")
	if err != nil {
		return nil, fmt.Errorf("--prove: %w", err)
	}
	return &prove.Options{Solver: solver, Timeout: timeout}, nil
}

// openRegion names the flag of a region some move leaves, or that no
// position is in, which a proof refuses (exit status 1, with the move).
func openRegion(err error) error {
	var open *prove.OpenRegionError
	var empty *prove.EmptyRegionError
	if errors.As(err, &open) || errors.As(err, &empty) {
		return fmt.Errorf("--where: %w", err)
	}
	return err
}

// WriteText writes the description as "nimlab discover" prints it.
func (r *DiscoverResult) WriteText(w io.Writer) error {
	fmt.Fprintf(w, "game          %s (%s)\n", r.Game, r.title)
	if r.Where != "" {
		fmt.Fprintf(w, "region        %s (only its positions are described)\n", r.Where)
	}
	if r.Grundy {
		return r.writeGrundy(w)
	}
	switch {
	case r.Exact:
		fmt.Fprintf(w, "found         %s, learned on every pile 0..%d\n", r.Method, r.Max)
	case r.LearnedExact:
		fmt.Fprintf(w, "found         %s, learned on every pile 0..%d: exact there, not beyond\n", r.Method, r.Max)
	default:
		// Not "found": nothing exact was (the verified line says how far off).
		fmt.Fprintf(w, "best tried    %s, learned on every pile 0..%d: not exact\n", r.Method, r.Max)
	}
	r.writeStructure(w)
	if r.Exact || r.LearnedExact || r.verbose {
		fmt.Fprintf(w, "expression    %s\n", r.Expr)
	}
	box := "the box"
	if r.Where != "" {
		box = "the region's part of the box"
	}
	if r.Exact {
		fmt.Fprintf(w, "verified      exact up to %d: it accepts exactly the %s of %s, and conditions (I) and (II) hold there\n", r.VerifiedMax, count(r.PPositions, "P-position"), box)
	} else {
		fmt.Fprintf(w, "verified      NOT exact up to %d: it covers %d of the %s and accepts %s\n", r.VerifiedMax, r.Covered, count(r.PPositions, "P-position"), count(r.AcceptedNotP, "N-position"))
		r.writeBeyond(w)
		r.writeLeft(w)
	}
	if r.Exact || r.verbose {
		fmt.Fprintf(w, "check it      nimlab check %s --max %d%s --expr %s\n", ShellQuote(r.Game), r.VerifiedMax, r.whereFlag(), ShellQuote(r.Expr))
	}
	if r.Proof != nil {
		WriteProofSummary(w, r.Proof.Result)
		if r.Proof.Result != nil {
			flags := ""
			if r.Reduced {
				// (II) by the reduction, as discover proved it: each
				// region's (II) through the description found there.
				flags = " --reduce"
				for _, n := range r.Regions {
					if n.Exact && n.Where != "" {
						flags += " --same-as " + ShellQuote("["+n.Where+"] "+n.Expr)
					}
				}
			}
			if r.proveTimeout != 0 && r.proveTimeout != defaultProveTimeout {
				flags += " --timeout " + r.proveTimeout.String() // as discover's queries were given
			}
			if r.noTheorems {
				flags += " --no-theorems"
			}
			fmt.Fprintf(w, "prove it      nimlab prove %s --expr %s%s%s\n", ShellQuote(r.Game), ShellQuote(r.Expr), r.whereFlag(), flags)
			if c := r.Certificate; c != nil {
				fmt.Fprintf(w, "certificate   %s\n", c)
				if c.Path != "" {
					fmt.Fprintf(w, "              check it: %s\n              %s\n", c.CheckCommand(), certificateCheckHint)
				}
			}
		}
	}
	fmt.Fprintf(w, "time          %.2f s\n", r.Seconds)
	return nil
}

// Verdict is a *Verdict with exit status 1 when the description found is
// not exact on the verification box, as check's is for a characterization
// that disagrees; the whole result is printed first. A proof's outcome does
// not change it.
func (r *DiscoverResult) Verdict() error {
	if r.Exact {
		return nil
	}
	what := "the P-positions"
	if r.Grundy {
		what = "the Sprague–Grundy value"
	}
	if r.LearnedExact && r.VerifiedMax > r.Max {
		return &Verdict{Code: 1, Err: fmt.Errorf("the description found is exact on every pile 0..%d and not beyond: it is not %s of %s on every pile 0..%d",
			r.Max, what, r.Game, r.VerifiedMax)}
	}
	return &Verdict{Code: 1, Err: fmt.Errorf("the description found is not exact: it is not %s of %s on every pile 0..%d", what, r.Game, r.VerifiedMax)}
}

// whereFlag is the --where of the commands that repeat the result.
func (r *DiscoverResult) whereFlag() string {
	if r.Where == "" {
		return ""
	}
	return " --where " + ShellQuote(r.Where)
}

// writeGrundy writes a formula of the Sprague–Grundy value.
func (r *DiscoverResult) writeGrundy(w io.Writer) error {
	fmt.Fprintf(w, "found         %s, learned on the Grundy values of every pile 0..%d\n", r.Method, r.Max)
	fmt.Fprintf(w, "grundy        %s\n", r.Expr)
	if r.Exact {
		fmt.Fprintf(w, "verified      exact up to %d: it is the engine's Grundy value at all %d positions of the box\n", r.VerifiedMax, r.Positions)
	} else {
		fmt.Fprintf(w, "verified      NOT exact up to %d: it is the engine's Grundy value at %d of the %d positions\n", r.VerifiedMax, r.Agreeing, r.Positions)
		r.writeBeyond(w)
		for _, p := range r.Counterexamples {
			fmt.Fprintf(w, "  counterexample %v\n", p)
		}
	}
	if r.Proof != nil {
		WriteProofSummary(w, r.Proof.Result)
		if r.Proof.Result != nil {
			command := fmt.Sprintf("nimlab prove %s --grundy %s%s", ShellQuote(r.Game), ShellQuote(r.Expr), r.whereFlag())
			for _, m := range r.Moves {
				command += " --move " + ShellQuote(strings.Join(m, ", "))
			}
			fmt.Fprintf(w, "prove it      %s\n", command)
		}
	}
	fmt.Fprintf(w, "time          %.2f s\n", r.Seconds)
	return nil
}

// writeStructure writes the invariances learned and the map of the regions
// of empty piles the reduction by invariances tried.
func (r *DiscoverResult) writeStructure(w io.Writer) {
	switch {
	case len(r.Invariances) > 0:
		fmt.Fprintf(w, "invariances   %s (P(x) = P(x + v) on the box: hints, not assumptions)\n", strings.Join(r.Invariances, " "))
	case len(r.Regions) > 0:
		fmt.Fprintln(w, "invariances   none among the 0/1 vectors on the box")
	}
	for i, n := range r.Regions {
		label := "regions      "
		if i > 0 {
			label = "             "
		}
		// Indented by depth: a region follows the one it was reduced
		// from, one empty pile less.
		where := strings.Repeat("  ", n.EmptyPiles()) + cmp.Or(n.Where, "every position")
		switch {
		case n.Exact && n.Proof != proof.Unsettled:
			fmt.Fprintf(w, "%s %s: described, region theorem %s: %s\n", label, where, n.Proof, n.Expr)
		case n.Exact:
			fmt.Fprintf(w, "%s %s: described, %s\n", label, where, n.Expr)
		case n.ReducedBy != "":
			fmt.Fprintf(w, "%s %s: reduced by %s (invariances %s)\n", label, where, n.ReducedBy, strings.Join(n.Invariances, " "))
		case len(n.Invariances) > 0:
			fmt.Fprintf(w, "%s %s: no description; invariances %s, none whose reduction is described\n", label, where, strings.Join(n.Invariances, " "))
		default:
			fmt.Fprintf(w, "%s %s: no description, no invariance\n", label, where)
		}
	}
}

// writeBeyond says, of a description exact on the box it was learned on and
// not on the larger verification box, that it is exact there and not
// beyond, and the smallest position where it fails: "not exact beyond the
// box", which is not "nothing found".
func (r *DiscoverResult) writeBeyond(w io.Writer) {
	if !r.LearnedExact || r.Exact || r.VerifiedMax <= r.Max {
		return
	}
	fmt.Fprintf(w, "beyond        exact on piles up to %d, not on piles up to %d", r.Max, r.VerifiedMax)
	if r.fails != nil {
		fmt.Fprintf(w, ": the smallest position where it fails is (%s), %s", r.fails, r.failure)
	}
	fmt.Fprintln(w)
}

// failures say, in words, what a check.Report kind of failure is.
var failures = map[string]string{
	check.KindPNotAccepted: "a P-position it does not accept",
	check.KindAcceptedNotP: "an N-position it accepts",
}

// writeLeft says, for a description that is not exact, what is left: the
// smallest P-positions it misses, the counterexamples in full with
// --verbose, and the regions worth trying next.
func (r *DiscoverResult) writeLeft(w io.Writer) {
	if !r.verbose {
		if !r.LearnedExact {
			fmt.Fprintf(w, "expression    not shown: it is not exact (%d characters; --verbose or --json shows it)\n", len(r.Expr))
		}
		if len(r.missed) > 0 {
			fmt.Fprintf(w, "missed        the smallest P-positions it does not accept: %s\n", PositionList(r.missed))
		}
	} else {
		for _, p := range r.Counterexamples {
			fmt.Fprintf(w, "  counterexample %v\n", p)
		}
	}
	var next []string
	if r.LearnedExact && r.VerifiedMax > r.Max {
		// Learned on a box that holds the smallest position where it
		// fails, it learns from that position too.
		h := r.Max + 1
		for _, x := range r.fails {
			h = max(h, x)
		}
		next = append(next, fmt.Sprintf("nimlab discover %s --max %d%s", ShellQuote(r.Game), h, r.whereFlag()))
	}
	for _, where := range r.NextRegions {
		next = append(next, fmt.Sprintf("nimlab discover %s --max %d --where %s", ShellQuote(r.Game), r.Max, ShellQuote(where)))
	}
	for i, command := range next {
		label := "try next     "
		if i > 0 {
			label = "             "
		}
		fmt.Fprintf(w, "%s %s\n", label, command)
	}
}
