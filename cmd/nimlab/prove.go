package main

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/prove"
	"github.com/nimlab/nimlab/theory"
)

func newProveCmd() *cobra.Command {
	var src, theoremName, solverName, smtOut string
	var timeout time.Duration
	var asJSON, noSymmetry bool
	cmd := &cobra.Command{
		Use:   "prove GAME (--expr EXPR | --theorem NAME)",
		Short: "Prove a characterization of the P-positions for every pile size, or refute it",
		Long: `Asks an SMT solver (z3, or cvc5 with --solver cvc5; a separate program) whether
the set S of positions the expression accepts is exactly the set of
P-positions of GAME, for every position whatever its piles. S is the set of
P-positions exactly when
  (I)  no move leads from a position in S to a position in S, and
  (II) every position outside S has a move into S
(Dufour–Heubach 2013, Theorem 1.2; in misère play (II) is asked of the
positions that have a move, and (III) asks that no terminal position is in S).
Each condition is a query "is there a position where it fails?"; when the
solver answers unsat to every one, the characterization is proved for every
position ("proved", a proof in linear integer arithmetic, Presburger's). When
it finds such a position, nimlab checks it with its own move generator and
evaluator and prints it ("refuted"). When a query runs out of time, the solver
fails or the expression has a part that cannot be encoded (a product of two
piles, a power), the answer is "unknown" and says why; when a query runs out
of time, a longer --timeout may settle it. Expressions with ^, xor or colmod
are proved over bit-vectors wide enough that nothing overflows: for every
position with piles up to 2^63-1.

When S and the moves are invariant under the game's symmetries (the solver
is asked), the queries look only at one position per symmetry class.

The expression language is check's (see "nimlab check --help"). --theorem
NAME proves a theorem of "nimlab theorems" from its formula for GAME; where
the theorem's proof builds its winning move by a formula (Nim: make a pile
the xor of the others), (II) is first asked of those moves only, which needs
no quantifier. The exit
status is 1 when the characterization is refuted and 3 when the answer is
unknown.`,
		Example: `  nimlab prove cn:6,3 --expr "a+b == d+e && b+c == e+f"
  nimlab prove cn:5,4 --expr "min(a,b,c,d,e) == max(a,b,c,d,e)" --json
  nimlab prove slow:2,1 --expr "(a + b) % 2 == 0" --smt-out proofs/
  nimlab prove cn:7,4 --theorem cn74
  nimlab prove slow:4,3 --theorem mrule --timeout 15m
  nimlab prove cn:6,3 --expr "a+b == d+e"     # refuted, with a counterexample`,
		Args: positional,
		RunE: func(cmd *cobra.Command, args []string) error {
			switch {
			case src != "" && theoremName != "":
				return errors.New("give only one of --expr EXPR and --theorem NAME")
			case src == "" && theoremName == "":
				return errors.New("give the characterization to prove: --expr EXPR or --theorem NAME")
			}
			if timeout <= 0 {
				return fmt.Errorf("--timeout must be positive, not %v", timeout)
			}
			g, err := game.Parse(args[0])
			if err != nil {
				return err
			}
			ctx := cmd.Context()
			var moves [][]string
			if theoremName != "" {
				th, ok := theory.ByName(theoremName)
				if !ok {
					return fmt.Errorf("no theorem %q; \"nimlab theorems\" lists them", theoremName)
				}
				moves = th.WinningMoves(ctx, g)
				if src, ok = th.Expression(ctx, g); !ok {
					if err := ctx.Err(); err != nil {
						return err
					}
					return fmt.Errorf("theorem %s has no formula for %s (it does not cover it, or its characterization depends on the complex in a way no fixed formula states)", th.Name, g.Spec)
				}
			}
			e, err := check.Compile(src, g.Piles(), func() (*complex.Group, error) { return g.Symmetries(ctx) })
			if err != nil {
				return err
			}
			solver, err := prove.FindSolver(ctx, solverName)
			if err != nil {
				return err
			}
			r, err := prove.Prove(ctx, g, e, prove.Options{Solver: solver, Timeout: timeout, SMTOut: smtOut, NoSymmetry: noSymmetry, Moves: moves})
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			if asJSON {
				err = printJSON(out, r)
			} else {
				writeProof(out, r)
			}
			if err != nil {
				return err
			}
			switch r.Result {
			case prove.Refuted:
				return &exitError{code: 1, err: fmt.Errorf("%q is not the set of P-positions of %s", src, g.Spec)}
			case prove.Undecided:
				hint := ""
				if strings.Contains(r.Reason, "no answer within") {
					hint = " (a longer --timeout may settle it)"
				}
				return &exitError{code: 3, err: fmt.Errorf("no proof: %s%s", r.Reason, hint)}
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&src, "expr", "", "the characterization: an expression true exactly at the P-positions")
	cmd.Flags().StringVar(&theoremName, "theorem", "", "prove the formula of this theorem (see \"nimlab theorems\")")
	cmd.Flags().StringVar(&solverName, "solver", "z3", "the SMT solver: z3 or cvc5")
	cmd.Flags().DurationVar(&timeout, "timeout", time.Minute, "the longest each query may run")
	cmd.Flags().StringVar(&smtOut, "smt-out", "", "write each query to this directory as an SMT-LIB 2 file the solver alone can answer")
	cmd.Flags().BoolVar(&noSymmetry, "no-symmetry", false, "do not restrict the queries to one position per symmetry class")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the result as one JSON object")
	return cmd
}

// writeProof renders a proof's result as text.
func writeProof(w io.Writer, r *prove.Result) {
	fmt.Fprintf(w, "game        %s\nexpression  %s\n", r.Game, r.Expression)
	switch r.Result {
	case prove.Proved:
		kind := r.Proof + " arithmetic"
		if r.Proof == "digits" {
			kind = "by induction on binary digits"
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
	if r.Note != "" {
		fmt.Fprintf(w, "note        %s\n", r.Note)
	}
	for _, c := range r.Conditions {
		line := fmt.Sprintf("(%s)%s %-7s %.2f s", c.Name, strings.Repeat(" ", 4-len(c.Name)), c.Result, c.Seconds)
		if c.Reason != "" {
			line += " (" + c.Reason + ")"
		}
		if c.Via != "" {
			line += " (by the " + c.Via + ")"
		}
		if c.File != "" {
			line += "  " + c.File
		}
		fmt.Fprintln(w, line)
	}
	if ce := r.Counterexample; ce != nil {
		fmt.Fprintln(w, counterexampleText(ce))
		if ce.Checked == "engine" {
			fmt.Fprintln(w, "            confirmed by nimlab's move generator and evaluator")
		} else {
			fmt.Fprintln(w, "            the solver's model: its options are too many to enumerate")
		}
	}
	fmt.Fprintf(w, "solver      %s (%s), %.2f s in all\n", r.Solver, r.SolverVersion, r.Seconds)
}

// counterexampleText says in one line where a condition fails.
func counterexampleText(ce *prove.Counterexample) string {
	switch ce.Condition {
	case "I":
		return fmt.Sprintf("counterexample to (I): %s and its option %s are both accepted", ce.Position, ce.Move)
	case "II":
		return fmt.Sprintf("counterexample to (II): %s is not accepted, and none of its options is", ce.Position)
	}
	return fmt.Sprintf("counterexample to (III): %s is terminal (an N-position in misère play) and accepted", ce.Position)
}
