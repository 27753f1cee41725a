package commands

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/nimlab/nimlab/latex"
	"github.com/nimlab/nimlab/prove"
	"github.com/nimlab/nimlab/prove/proof"
)

// writeLaTeX writes the proof's result as a booktabs table for a paper:
// the statement, what became of it and by which kind of proof, the
// conditions' answers, the solver and its version, and the time.
func (r *ProveResult) writeLaTeX(w io.Writer) error {
	res := r.Result
	command := "nimlab prove " + ShellQuote(res.Game)
	switch {
	case r.theorem != nil:
		command += " --theorem " + ShellQuote(r.theorem.Name)
	case res.Grundy:
		command += " --grundy " + ShellQuote(r.src)
	default:
		command += " --expr " + ShellQuote(r.src)
	}
	if res.Where != "" {
		command += " --where " + ShellQuote(res.Where)
	}
	for _, m := range r.moves {
		command += " --move " + ShellQuote(m)
	}
	if req := r.req; req.Solver != "" && req.Solver != "z3" {
		command += " --solver " + ShellQuote(req.Solver)
	}
	if r.req.Timeout > 0 && r.req.Timeout != time.Minute {
		command += " --timeout " + r.req.Timeout.String()
	}
	if r.req.NoSymmetry {
		command += " --no-symmetry"
	}
	if r.req.NoLearn {
		command += " --no-learn"
	}
	if r.req.Reduce {
		command += " --reduce"
	}
	if r.req.Confirm {
		command += " --confirm"
	}
	fmt.Fprintln(w, latex.Comment("made by: "+command+" --format latex"))
	fmt.Fprintln(w, latex.Comment(`needs \usepackage{booktabs}`))
	caption := map[proof.Result]string{prove.Proved: "Machine proof", prove.Refuted: "Refutation"}[res.Result]
	if caption == "" {
		caption = "Attempted machine proof"
	}
	tw := latex.Table{
		Columns: `@{}l p{0.72\linewidth}@{}`,
		Caption: caption + " of " + claimWords(res) + " of " + latex.Escape(r.title) + ".",
		Label:   latex.Label("tab", "proof "+res.Game),
	}.NewWriter(w)
	row := func(name, value string) { tw.Row(`\textbf{`+name+`}`, value) }
	row("Game", latex.Escape(r.title)+" ("+latex.Code(res.Game)+")")
	statement := "the P-positions are exactly the positions where " + latex.Code(res.Expression) + " holds"
	if res.Grundy {
		statement = "the Sprague--Grundy value of every position is " + latex.Code(res.Expression)
	}
	if res.Where != "" {
		statement = "region theorem: among the positions where " + latex.Code(res.Where) + " holds (no move leaves them), " + statement
	}
	if r.theorem != nil {
		statement += " (theorem " + latex.Code(r.theorem.Name) + ", " + latex.Escape(r.theorem.Source.String()) + ")"
	}
	row("Statement", statement)
	switch res.Result {
	case prove.Proved:
		row("Result", "proved for "+latex.Escape(res.Scope.String()))
		if res.Grundy {
			row("Proof", latex.Escape(proofKindSentence(res))+": no position breaks (G0) $g \\ge 0$, (G1) no option of equal value, (G2) every smaller value at an option (the mex)")
		} else {
			row("Proof", latex.Escape(proofKindSentence(res))+": no position breaks conditions (I) and (II) of Dufour--Heubach 2013, Theorem 1.2")
		}
	case prove.Refuted:
		row("Result", "refuted")
	default:
		row("Result", "unknown: "+latex.Escape(res.Reason))
	}
	var conds []string
	for _, c := range res.Conditions {
		text := fmt.Sprintf("(%s) %s in %.2f s", c.Name, c.Result, c.Seconds)
		if c.Result == prove.Unknown && c.Reason != "" {
			text = fmt.Sprintf("(%s) %s", c.Name, c.Reason) // e.g. not asked to the end
		}
		conds = append(conds, latex.Escape(text))
	}
	if c := res.Closure; c != nil {
		conds = append([]string{latex.Escape(fmt.Sprintf("(R) closed under moves: %s in %.2f s", c.Result, c.Seconds))}, conds...)
	}
	if len(conds) > 0 {
		row("Conditions", strings.Join(conds, "; "))
	}
	if res.Engine != nil {
		row("Engine check", latex.Escape(res.Engine.String()))
	}
	if c := res.Confirmation; c != nil {
		row("Second solver", latex.Escape(confirmationText(c)))
	}
	if ce := res.Counterexample; ce != nil {
		row("Counterexample", latex.Escape(counterexampleText(ce)))
	}
	if res.Symmetry != "" {
		row("Symmetry", latex.Escape(res.Symmetry))
	}
	row("Solver", latex.Escape(res.Solver+" ("+res.SolverVersion+")"))
	row("Time", fmt.Sprintf("%.2f s", res.Seconds))
	return tw.Close()
}
