package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/nimlab/nimlab/discover"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/prove"
	"github.com/nimlab/nimlab/table"
	"github.com/spf13/cobra"
)

func newDiscoverCmd() *cobra.Command {
	var opts discover.Options
	var asJSON, proveToo bool
	var proveTimeout time.Duration
	cmd := &cobra.Command{
		Use:   "discover GAME --max H",
		Short: "Propose a characterization of the P-positions, verify it, print it as a check expression",
		Long: `Solves GAME with every pile 0..H, looks for a description of its P-positions
and checks it on a larger box (--verify-max; by default a few above H).

It tries, from the simplest: the exact integer linear relations that hold on
every P-position (a+b = d+e; found by exact row reduction, not floating
point), then column sums modulo m at every binary digit (Moore's Nim) and
parities of sets of piles ((a + b) % 2 == 0), then xor relations on sets of
piles (linear algebra over GF(2) on the digits), then inequalities between
piles (a <= e) and min-forms (e == min(b, c + g)). For Exact Slow k-Nim it
also tries a table over the reduced position (every pile cut to the most
moves a play can last, slowmoves): its number of odd piles and its total
mod 2k. When no single description fits, it splits the P-positions into
regions by where the zeros sit, where the minimum sits, where the maximum
sits, or by the order of the piles, up to the game's symmetries, and
describes each region the same way (the regions are joined by sym(); at
most 64 regions).

A description is kept only when it accepts exactly the P-positions of the box
of height H. It is then checked, as printed, on the verification box with
conditions (I) and (II): "exact up to H'" means it is the set of P-positions
of that whole box. Otherwise the best description found is printed with how
many P-positions it covers and the smallest counterexamples, on the box of
height H itself unless --verify-max is given. Nothing is
claimed beyond the box checked.

--prove then asks the SMT solver z3 (as "nimlab prove" does; apt-get install
z3) whether a description exact on the verification box is the set of
P-positions for every position: "proved", "refuted" with a counterexample
nimlab's engine confirms, or "unknown" with the reason (a query ran out of
--prove-timeout, or the expression has a part linear arithmetic cannot
express). A description that is not exact on the box is not proved. The
proof's result is printed, and with --json it is the object "proof" (the
object of "nimlab prove --json"; null when there was nothing to prove).`,
		Example: `  nimlab discover cn:6,3 --max 6
  nimlab discover cn:5,3 --max 8 --verify-max 12
  nimlab discover moore:4,2 --max 7 --json
  nimlab discover binmat:101,011,110 --max 7
  nimlab discover cn:8,6 --max 4
  nimlab discover slow:4,3 --max 8 --verify-max 30
  nimlab discover cn:6,3 --max 5 --prove`,
		Args: positional,
		RunE: func(cmd *cobra.Command, args []string) error {
			g, err := game.Parse(args[0])
			if err != nil {
				return err
			}
			if opts.Max < 0 {
				return fmt.Errorf("--max is required: the height to learn on, e.g. --max 6")
			}
			if err := positiveDuration("prove-timeout", proveTimeout); err != nil {
				return err
			}
			if proveToo {
				// The solver is looked for first: without it, nothing is solved.
				if opts.Prove, err = proveOptions(cmd.Context(), proveTimeout); err != nil {
					return err
				}
			}
			start := time.Now()
			opts.MaxMemory = availableMemory()
			r, err := discover.Discover(cmd.Context(), g, opts)
			if err != nil {
				return err
			}
			secs := time.Since(start).Seconds()
			w := cmd.OutOrStdout()
			if asJSON {
				v := map[string]any{
					"game": r.Game, "max": r.Max, "verified_max": r.VerifiedMax, "expr": r.Expr, "exact": r.Exact,
					"method": r.Method, "p_positions": r.PPositions, "covered": r.Covered,
					"accepted_not_p": r.AcceptedNotP, "counterexamples": r.Counterexamples, "seconds": secs,
				}
				if proveToo {
					v["proof"] = r.Proof
				}
				return printJSON(w, v)
			}
			fmt.Fprintf(w, "game          %s (%s)\n", g.Spec, g.Title)
			fmt.Fprintf(w, "found         %s, learned on every pile 0..%d\n", r.Method, r.Max)
			fmt.Fprintf(w, "expression    %s\n", r.Expr)
			if r.Exact {
				fmt.Fprintf(w, "verified      exact up to %d: it accepts exactly the %d P-positions of the box, and conditions (I) and (II) hold there\n", r.VerifiedMax, r.PPositions)
			} else {
				fmt.Fprintf(w, "verified      NOT exact up to %d: it covers %d of the %d P-positions and accepts %d N-positions\n", r.VerifiedMax, r.Covered, r.PPositions, r.AcceptedNotP)
				for _, p := range r.Counterexamples {
					fmt.Fprintf(w, "  counterexample %v\n", p)
				}
			}
			fmt.Fprintf(w, "check it      nimlab check %s --max %d --expr %s\n", shellQuote(g.Spec), r.VerifiedMax, shellQuote(r.Expr))
			if proveToo {
				writeProofSummary(w, r.Proof)
				if r.Proof != nil {
					fmt.Fprintf(w, "prove it      nimlab prove %s --expr %s\n", shellQuote(g.Spec), shellQuote(r.Expr))
				}
			}
			fmt.Fprintf(w, "time          %.2f s\n", secs)
			return nil
		},
	}
	wholeVar(cmd.Flags(), &opts.Max, "max", -1, 0, table.MaxLine, "height to learn on: every pile 0..MAX (required)")
	wholeVar(cmd.Flags(), &opts.VerifyMax, "verify-max", 0, 0, table.MaxLine, "height to verify on (0: a few above --max, at most 4e6 positions)")
	wholeVar(cmd.Flags(), &opts.Workers, "workers", 0, 0, maxWorkers, "goroutines of the engines (0: one per core)")
	cmd.Flags().BoolVar(&proveToo, "prove", false, "prove a description exact on the box for every position, with z3")
	cmd.Flags().DurationVar(&proveTimeout, "prove-timeout", time.Minute, "the longest each query of --prove may run")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object on stdout")
	return cmd
}

// proveOptions finds z3 for --prove: without it, the error says which
// Debian package to install.
func proveOptions(ctx context.Context, timeout time.Duration) (*prove.Options, error) {
	solver, err := prove.FindSolver(ctx, "z3")
	if err != nil {
		return nil, fmt.Errorf("--prove: %w", err)
	}
	return &prove.Options{Solver: solver, Timeout: timeout}, nil
}

// writeProofSummary writes the lines of discover's report that say what
// became of the proof (r is nil when the description was not exact).
func writeProofSummary(w io.Writer, r *prove.Result) {
	switch {
	case r == nil:
		fmt.Fprintln(w, "proof         not attempted: the description is not exact on the box")
		return
	case r.Result == prove.Proved:
		fmt.Fprintf(w, "proof         proved for %s (%s arithmetic)\n", r.Scope, r.Proof)
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
		conds = append(conds, fmt.Sprintf("(%s) %s %.2f s", c.Name, c.Result, c.Seconds))
	}
	if len(conds) > 0 {
		fmt.Fprintf(w, "              %s; %s, %.2f s in all\n", strings.Join(conds, ", "), r.Solver, r.Seconds)
	}
}
