package commands

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/nimlab/nimlab/certificate"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/prove"
	"github.com/nimlab/nimlab/prove/proof"
	"github.com/nimlab/nimlab/theory"
	"github.com/nimlab/nimlab/witness"
)

// ErrNoSolver is the error of a proof asked for where the SMT solver is
// not installed.
var ErrNoSolver = prove.ErrNoSolver

// ProveRequest asks an SMT solver to prove a characterization of the
// P-positions for every position, or refute it ("nimlab prove"): exactly
// one of Expr, Theorem and Grundy.
type ProveRequest struct {
	Game    string `json:"game"`
	Expr    string `json:"expr,omitempty"`
	Theorem string `json:"theorem,omitempty"`
	// Grundy is an integer expression claimed to be the Sprague–Grundy
	// value of every position (prove.Options.Grundy; normal play only).
	Grundy string `json:"grundy,omitempty"`
	// Where, when not empty, is a region no move leaves: the claim is
	// proved for the positions where it holds (a region theorem), once the
	// solver has proved the region closed (prove.Options.Where).
	Where string `json:"where,omitempty"`
	// Solver is z3 (when empty) or cvc5.
	Solver string `json:"solver,omitempty"`
	// Timeout bounds each query; it must be positive.
	Timeout time.Duration `json:"timeout"`
	// SMTOut, when not empty, is a directory each query is written to.
	SMTOut string `json:"smt_out,omitempty"`
	// NoSymmetry does not restrict the queries to one position per symmetry
	// class.
	NoSymmetry bool `json:"no_symmetry,omitempty"`
	// Reduce decides (II) by reduction by invariances before its query
	// (prove.Options.Reduce).
	Reduce bool `json:"reduce,omitempty"`
	// NoLearn does not learn candidate winning moves when none are given
	// (prove.Options.NoLearn).
	NoLearn bool `json:"no_learn,omitempty"`
	// Moves are candidate winning moves (prove.Options.Moves), each the
	// option's piles as expressions over the position's, separated by
	// commas outside parentheses, e.g. "xor(b, c), b, c"; a theorem's own
	// come first.
	Moves []string `json:"moves,omitempty"`
	// NoTheorems does not offer the recorded theorems' statements to the
	// equivalence route (theoremEquivalents).
	NoTheorems bool `json:"no_theorems,omitempty"`
	// SameAs are other statements of the set, each "EXPR" or "[COND]
	// EXPR" for one about the region COND (as discover's region theorems):
	// (II) of the claim, or of its reduction's region theorems, is decided
	// through one when the solver shows they agree and it is proved
	// (prove.Options.Equivalents, after the recorded theorems').
	SameAs []string `json:"same_as,omitempty"`
	// Confirm asks the other solver (cvc5, or z3 when Solver is cvc5) the
	// queries that decided a proof (prove.Options.Confirm).
	Confirm bool `json:"confirm,omitempty"`
	// Certificate, when not empty, is a directory the proof's Coq certificate
	// is written to, with its libraries, and checked by coqc (package
	// certificate): ProveResult.Certificate says what became of it.
	Certificate string `json:"certificate,omitempty"`
	// CertificateTimeout bounds coqc's check of the certificate
	// (CertificateTimeout when 0); it asks for Certificate.
	CertificateTimeout time.Duration `json:"certificate_timeout,omitempty"`
	// Format is how WriteText writes the result: text (when empty) or latex
	// (a booktabs table of the statement, the proof, the solver and the
	// time).
	Format string `json:"format,omitempty"`
}

// ProveResult is the proof's result: its JSON is prove.Result's, and the
// kind of a proof in words.
type ProveResult struct {
	*prove.Result
	// Kind says in words what kind of proof it is, when proved: e.g.
	// "presburger arithmetic" (proof.Kind.Words), as every front end
	// prints it.
	Kind string `json:"kind,omitempty"`
	// Certificate is what became of the proof's Coq certificate, when
	// one was asked for (ProveRequest.Certificate) and the claim proved.
	Certificate *certificate.Report `json:"certificate,omitempty"`

	src     string
	title   string
	theorem *theory.Theorem
	moves   []string // the request's --move
	req     ProveRequest
	format  string
}

// Prove proves or refutes a characterization for every position. A
// refutation or an undecided proof is the result's Verdict.
func Prove(ctx context.Context, env Env, req ProveRequest) (*ProveResult, error) {
	src, requested, err := validateProve(req)
	if err != nil {
		return nil, err
	}
	if req.Solver == "" {
		req.Solver = "z3"
	}
	format, err := formatOf(req.Format, "text", "latex")
	if err != nil {
		return nil, err
	}
	req.Format = format
	g, err := game.Parse(req.Game)
	if err != nil {
		return nil, err
	}
	if req.Grundy != "" && g.Misere {
		return nil, requestErrorf("%v: Sprague–Grundy values are proved in normal play only, and %s is misère", Param("grundy"), g.Spec)
	}
	switch {
	case req.Reduce && req.Grundy != "":
		return nil, requestErrorf("%v decides (II) of a set of P-positions: not with %v", Param("reduce"), Param("grundy"))
	case req.Reduce && req.Where != "":
		return nil, requestErrorf("%v reduces every position, not a region's: leave out %v or %v (a region theorem's regions need no reduction)", Param("reduce"), Param("where"), Param("reduce"))
	}
	var moves [][]string
	var th *theory.Theorem
	if req.Theorem != "" {
		var ok bool
		th, ok = theory.ByName(req.Theorem)
		if !ok {
			return nil, fmt.Errorf("no theorem %q; \"nimlab theorems\" lists them", req.Theorem)
		}
		moves = th.WinningMoves(ctx, g)
		if src, ok = th.Expression(ctx, g); !ok {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			return nil, fmt.Errorf("theorem %s has no formula for %s (it does not cover it, or its characterization depends on the complex in a way no fixed formula states)", th.Name, g.Spec)
		}
	}
	for i, piles := range requested {
		if len(piles) != g.Piles() {
			return nil, requestErrorf("%v %q has %d piles; %s has %d (separate them by commas outside parentheses)", Param("move"), req.Moves[i], len(piles), g.Spec, g.Piles())
		}
	}
	theorems := len(moves)
	c, err := prove.NewClaim(ctx, g, prove.Sources{Expr: src, Grundy: req.Grundy != "", Where: req.Where, Moves: append(moves, requested...)})
	var moveErr *prove.MoveError
	var whereErr *prove.WhereError
	var exprErr *prove.ExprError
	exprParam := Param("expr")
	if req.Grundy != "" {
		exprParam = Param("grundy")
	}
	switch {
	case errors.As(err, &exprErr) && req.Theorem == "":
		return nil, requestErrorf("%v: %v", exprParam, exprErr.Err)
	case errors.As(err, &moveErr) && moveErr.Move >= theorems:
		return nil, requestErrorf("%v %q, pile %d: %v", Param("move"), req.Moves[moveErr.Move-theorems], moveErr.Pile+1, moveErr.Err)
	case errors.As(err, &whereErr):
		return nil, requestErrorf("%v: %v", Param("where"), whereErr.Err)
	case err != nil:
		return nil, err
	}
	solver, err := prove.FindSolver(ctx, req.Solver)
	if err != nil {
		return nil, err
	}
	var second *prove.Solver
	if req.Confirm {
		other := map[string]string{"z3": "cvc5", "cvc5": "z3"}[solver.Name]
		if second, err = prove.FindSolver(ctx, other); err != nil {
			return nil, fmt.Errorf("--confirm: %w", err)
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
	opts := prove.Options{Solver: solver, Timeout: req.Timeout, SMTOut: req.SMTOut, NoSymmetry: req.NoSymmetry, Reduce: req.Reduce, NoLearn: req.NoLearn || th != nil, Confirm: second,
		Gate: env.gate(false)}
	if th == nil && req.Where == "" && req.Grundy == "" && !req.NoTheorems {
		opts.Equivalents = theoremEquivalents(ctx, g)
	}
	for _, same := range req.SameAs {
		eq, err := sameAs(ctx, g, same)
		if err != nil {
			return nil, err
		}
		opts.Equivalents = append(opts.Equivalents, eq)
	}
	r, err := c.Prove(ctx, opts)
	if err != nil {
		return nil, openRegion(err)
	}
	res := &ProveResult{Result: r, src: src, title: g.Title, theorem: th, moves: req.Moves, format: req.Format, req: req}
	if r.Result == prove.Proved {
		res.Kind = r.Proof.Words()
		if req.Certificate != "" {
			if th != nil { // with the moves written for its certificate only
				moves = th.CertificateMoves(ctx, g)
			}
			if res.Certificate, err = certify(ctx, env, g, src, req, append(moves, requested...), solver); err != nil {
				return nil, err
			}
		}
	}
	return res, nil
}

// validateProve checks what a prove request asks for, before anything is
// looked up, and returns the source of the claim and the candidate moves
// asked for, each split into its piles: the front ends (the command line,
// the web server) validate it here only.
func validateProve(req ProveRequest) (string, [][]string, error) {
	for _, f := range []struct {
		value, what, example string
		param                Param
	}{
		{req.Expr, "the expression", "'a == b'", "expr"},
		{req.Grundy, "the Sprague–Grundy value", "'a ^ b'", "grundy"},
		{req.Where, "the region", "'a == 0'", "where"},
	} {
		if f.value != "" && strings.TrimSpace(f.value) == "" {
			return "", nil, requestErrorf("%v is empty: give %s, e.g. %v", f.param, f.what, Setting{f.param, f.example})
		}
	}
	src := req.Expr
	given := 0
	for _, s := range []string{req.Expr, req.Theorem, req.Grundy} {
		if s != "" {
			given++
		}
	}
	switch {
	case given > 1:
		return "", nil, requestErrorf("give only one of %v EXPR, %v NAME and %v EXPR", Param("expr"), Param("theorem"), Param("grundy"))
	case given == 0:
		return "", nil, requestErrorf("give the characterization to prove: %v EXPR, %v NAME or %v EXPR", Param("expr"), Param("theorem"), Param("grundy"))
	case req.Grundy != "":
		src = req.Grundy
	}
	if req.Timeout <= 0 {
		return "", nil, requestErrorf("%v must be more than 0, e.g. %v", Param("timeout"), Setting{Param("timeout"), "2m"})
	}
	var moves [][]string
	for _, m := range req.Moves {
		piles, err := candidateMove(m)
		if err != nil {
			return "", nil, err
		}
		moves = append(moves, piles)
	}
	return src, moves, nil
}

// candidateMove reads a --move: the option's piles as expressions over the
// position's, separated by commas outside parentheses (prove.NewClaim
// compiles each as check does: a let covers its own pile only; in a
// Sprague–Grundy proof they may name v, the value the move must reach).
func candidateMove(m string) ([]string, error) {
	if strings.TrimSpace(m) == "" {
		return nil, requestErrorf("%v is empty: give the option's piles as expressions, separated by commas", Param("move"))
	}
	piles, ok := splitTopLevel(m)
	if !ok {
		return nil, requestErrorf("%v %q: its parentheses do not balance", Param("move"), m)
	}
	for i, p := range piles {
		if p == "" {
			return nil, requestErrorf("%v %q: pile %d is empty", Param("move"), m, i+1)
		}
	}
	return piles, nil
}

// splitTopLevel splits s at the commas outside parentheses and brackets,
// trimming each part, and says whether the parentheses and brackets
// balance.
func splitTopLevel(s string) ([]string, bool) {
	var parts []string
	depth, start := 0, 0
	for i, r := range s {
		switch r {
		case '(', '[':
			depth++
		case ')', ']':
			depth--
			if depth < 0 {
				return nil, false
			}
		case ',':
			if depth == 0 {
				parts = append(parts, strings.TrimSpace(s[start:i]))
				start = i + 1
			}
		}
	}
	return append(parts, strings.TrimSpace(s[start:])), depth == 0
}

// Verdict is a *Verdict when the characterization is refuted (exit status
// 1) or no proof either way was found (3).
func (r *ProveResult) Verdict() error {
	switch r.Result.Result {
	case prove.Refuted:
		what := "the set of P-positions"
		if r.Grundy {
			what = "the Sprague–Grundy value"
		}
		if r.Where != "" {
			what += " among the positions with " + r.Where
		}
		return &Verdict{Code: 1, Err: fmt.Errorf("%q is not %s of %s", r.src, what, r.Game)}
	case prove.Undecided:
		var timeout, second, mex bool
		for _, u := range r.Unsettled {
			timeout = timeout || u.Kind == prove.ReasonTimeout
			second = second || u.Condition == proof.II
			mex = mex || u.Condition == proof.G2
		}
		hint := ""
		if timeout {
			hint = " (a longer --timeout may settle it)"
		}
		if second && r.Proof == prove.ProofBitVector && r.theorem == nil && len(r.moves) == 0 {
			hint += " (candidate winning moves, --move, let (II) be asked without a quantifier)"
		}
		if mex && len(r.moves) == 0 {
			hint += " (candidate moves, --move, which may name the value v to reach, let (G2) be asked without a quantifier)"
		}
		return &Verdict{Code: 3, Err: fmt.Errorf("no proof: %s%s", r.Reason, hint)}
	}
	return nil
}

// WriteText writes the proof's result as "nimlab prove" prints it, or as
// a LaTeX table.
func (r *ProveResult) WriteText(w io.Writer) error {
	if r.format == "latex" {
		return r.writeLaTeX(w)
	}
	writeProof(w, r.Result)
	if c := r.Certificate; c != nil {
		fmt.Fprintf(w, "certificate %s\n", c)
		if c.Path != "" {
			fmt.Fprintf(w, "            check it: %s\n            %s\n", c.CheckCommand(), certificateCheckHint)
		}
	}
	return nil
}

// proofKindSentence names the kind of a proof with a capital, e.g.
// "Presburger arithmetic" or "By induction on binary digits".
func proofKindSentence(r *prove.Result) string {
	k := proofKind(r)
	return strings.ToUpper(k[:1]) + k[1:]
}

// writeProof renders a proof's result as text.
func writeProof(w io.Writer, r *prove.Result) {
	fmt.Fprintf(w, "game        %s\nexpression  %s\n", r.Game, r.Expression)
	if r.Grundy {
		fmt.Fprintln(w, "claim       the Sprague–Grundy value of every position")
	}
	if r.Where != "" {
		fmt.Fprintf(w, "region      %s (a region theorem: a partial result, about these positions only)\n", r.Where)
	}
	if c := r.Closure; c != nil {
		what := "does a move leave the region?"
		if c.Result == prove.Unsat {
			what = "no move leaves the region"
		}
		line := fmt.Sprintf("(R)    %-7s %.2f s (%s)", c.Result, c.Seconds, what)
		if c.Reason != "" {
			line += " (" + c.Reason + ")"
		}
		if c.File != "" {
			line += "  " + c.File
		}
		fmt.Fprintln(w, line)
	}
	switch r.Result {
	case prove.Proved:
		kind := proofKind(r)
		if r.Where != "" {
			kind = "region theorem, " + kind
		}
		fmt.Fprintf(w, "result      proved for %s (%s)\n", r.Scope, kind)
	case prove.Refuted:
		fmt.Fprintf(w, "result      refuted\n")
	default:
		fmt.Fprintf(w, "result      unknown: %s\n", r.Reason)
	}
	if r.Symmetry != "" {
		fmt.Fprintf(w, "symmetry    %s\n", r.Symmetry)
	}
	for _, c := range r.Conditions {
		line := fmt.Sprintf("(%s)%s %-7s %.2f s", c.Name, strings.Repeat(" ", 4-len(c.Name.String())), c.Result, c.Seconds)
		if c.Reason != "" {
			line += " (" + c.Reason + ")"
		}
		if c.Via != "" {
			line += " (by the " + c.Via + ")"
		}
		for _, a := range c.Abandoned {
			line += " (after the " + a + ")"
		}
		if c.File != "" {
			line += "  " + c.File
		}
		fmt.Fprintln(w, line)
	}
	if r.ReductionSkipped != "" {
		fmt.Fprintf(w, "reduction   not taken: %s\n", r.ReductionSkipped)
	}
	for _, s := range r.RoutesSkipped {
		fmt.Fprintf(w, "route       not taken: the %s\n", s)
	}
	for i, line := range reductionText(r.Reduction) {
		fmt.Fprintf(w, "%-12s%s\n", map[bool]string{true: "reduction"}[i == 0], line)
	}
	for i, st := range r.Equivalence {
		fmt.Fprintf(w, "%-12s%s\n", map[bool]string{true: "equivalent"}[i == 0], equivalenceText(st))
	}
	// Moves learned for a (II) another route decided would only confuse.
	if r.Learned != nil && !(len(r.Reduction) > 0 && r.Reduction[0].Result == prove.Proved) && !decidedByEquivalence(r) {
		fmt.Fprintf(w, "learned     %s\n", learnedText(r.Learned))
	}
	if ce := r.Counterexample; ce != nil {
		fmt.Fprintln(w, counterexampleText(ce))
		if ce.Checked == "engine" {
			fmt.Fprintln(w, "            confirmed by nimlab's move generator and evaluator")
		} else {
			fmt.Fprintln(w, "            the solver's model: its options are too many to enumerate")
		}
	}
	if r.Engine != nil {
		fmt.Fprintf(w, "checked     %s\n", r.Engine)
	}
	if c := r.Confirmation; c != nil {
		fmt.Fprintf(w, "second      %s\n", confirmationText(c))
	}
	fmt.Fprintf(w, "solver      %s (%s), %.2f s in all\n", r.Solver, r.SolverVersion, r.Seconds)
}

// reductionText is the map of regions of a proof of (II) by reduction by
// invariances, a line a region (one decided twice is said once).
func reductionText(steps []prove.ReductionStep) []string {
	var out []string
	for _, st := range steps {
		where := st.Where
		if where == "" {
			where = "every position"
		}
		result := st.Result.String()
		if st.Reason != "" {
			result += ": " + st.Reason
		}
		indent := strings.Repeat("  ", strings.Count(st.Where, "== 0"))
		switch {
		case st.SameAs != "" && st.SameAs == st.Where:
			continue
		case st.SameAs != "":
			out = append(out, fmt.Sprintf("%s%s: as %s (a symmetry keeps S and the moves)", indent, where, st.SameAs))
		case st.Vector != "":
			out = append(out, fmt.Sprintf("%s%s: reduced by %s to %s (%s, %.2f s)", indent, where, st.Vector, strings.Join(st.Regions, "; "), result, st.Seconds))
		case st.Equivalent != "":
			out = append(out, fmt.Sprintf("%s%s: region theorem %s, (II) through %s (%.2f s)", indent, where, result, st.Equivalent, st.Seconds))
		default:
			out = append(out, fmt.Sprintf("%s%s: region theorem %s (%.2f s)", indent, where, result, st.Seconds))
		}
	}
	return out
}

// learnedText says in one line which candidate moves were learned for (II)
// and on which box.
func learnedText(l *witness.Learned) string {
	if !l.Complete() || len(l.Moves) == 0 {
		return "no candidate moves for (II): " + l.Reason
	}
	moves := make([]string, len(l.Moves))
	for i, m := range l.Moves {
		moves[i] = "(" + strings.Join(m, ", ") + ")"
	}
	of := ""
	if l.Restricted {
		of = " (of those (II) asks of: one per symmetry class, in the region if there is one)"
	}
	where := fmt.Sprintf("every position outside the set with a move%s and piles up to %d has one", of, l.Max)
	if l.Sampled {
		where = fmt.Sprintf("each of %d positions outside the set with a move%s, sampled from the piles up to %d, has one", l.Positions, of, l.Max)
	}
	noun := "candidate moves"
	if len(l.Moves) == 1 {
		noun = "candidate move"
	}
	return fmt.Sprintf("%d %s for (II), %s (%.2f s): %s", len(l.Moves), noun, where, l.Seconds, strings.Join(moves, " "))
}

// confirmationText says in one line what the second solver answered.
func confirmationText(c *prove.Confirmation) string {
	text := fmt.Sprintf("%s by %s (%s), %.2f s", c.Result, c.Solver, c.Version, c.Seconds)
	if c.Reason != "" {
		text += ": " + c.Reason
	}
	return text
}

// proofKind says how a proof went: "presburger arithmetic", "by
// induction on binary digits" or "presburger arithmetic with the nim-sum's
// lemmas".
func proofKind(r *prove.Result) string {
	return r.Proof.Words()
}

// counterexampleText says in one line where a condition fails.
func counterexampleText(ce *prove.Counterexample) string {
	switch ce.Condition {
	case proof.I:
		return fmt.Sprintf("counterexample to (I): %s and its option %s are both accepted", ce.Position, ce.Move)
	case proof.II:
		return fmt.Sprintf("counterexample to (II): %s is not accepted, and none of its options is", ce.Position)
	case proof.G0:
		return fmt.Sprintf("counterexample to (G0): the value at %s is %d, below 0", ce.Position, deref(ce.Value))
	case proof.G1:
		return fmt.Sprintf("counterexample to (G1): %s and its option %s both have the value %d", ce.Position, ce.Move, deref(ce.Value))
	case proof.G2:
		return fmt.Sprintf("counterexample to (G2): no option of %s has the value %d, below its own", ce.Position, deref(ce.Value))
	}
	return fmt.Sprintf("counterexample to (III): %s is terminal (an N-position in misère play) and accepted", ce.Position)
}

// WriteProofSummary writes the lines of discover's report that say what
// became of the proof (r is nil when the description was not exact).
func WriteProofSummary(w io.Writer, r *prove.Result) {
	switch {
	case r == nil:
		fmt.Fprintln(w, "proof         not attempted: the description is not exact on the box")
		return
	case r.Result == prove.Proved && r.Where != "":
		fmt.Fprintf(w, "proof         proved for %s (region theorem, %s)\n", r.Scope, proofKind(r))
	case r.Result == prove.Proved:
		fmt.Fprintf(w, "proof         proved for %s (%s)\n", r.Scope, proofKind(r))
	case r.Result == prove.Refuted:
		fmt.Fprintln(w, "proof         refuted: exact on the box, but not for every position")
	default:
		fmt.Fprintf(w, "proof         unknown: %s\n", r.Reason)
	}
	if ce := r.Counterexample; ce != nil {
		fmt.Fprintf(w, "              %s\n", counterexampleText(ce))
	}
	var conds []string
	for _, c := range r.Conditions {
		cond := fmt.Sprintf("(%s) %s %.2f s", c.Name, c.Result, c.Seconds)
		if c.Via != "" {
			cond += " (by the " + c.Via + ")"
		}
		conds = append(conds, cond)
	}
	if len(conds) > 0 {
		fmt.Fprintf(w, "              %s; %s, %.2f s in all\n", strings.Join(conds, ", "), r.Solver, r.Seconds)
	}
	writeEquivalenceSummary(w, r)
	if r.Engine != nil {
		fmt.Fprintf(w, "              %s\n", r.Engine)
	}
}

// deref is *v, or 0 when v is nil.
func deref(v *int) int {
	if v == nil {
		return 0
	}
	return *v
}

// claimWords names what a proof is about, for a caption: "a
// characterization of the P-positions" or "the Sprague--Grundy values",
// and "in a region" for a region theorem.
func claimWords(r *prove.Result) string {
	what := "a characterization of the P-positions"
	if r.Grundy {
		what = "the Sprague--Grundy values"
	}
	if r.Where != "" {
		what += " in a region"
	}
	return what
}
