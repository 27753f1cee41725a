package main

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
	"github.com/nimlab/nimlab/theory"
	"github.com/spf13/cobra"
)

func newCheckCmd() *cobra.Command {
	var f solveFlags
	var theoremName, src, strategy string
	var examples int
	var properties bool
	cmd := &cobra.Command{
		Use:   "check GAME --max H (--theorem NAME | --expr EXPR | --properties | --strategy NAME)",
		Short: "Compare a characterization of the P-positions with the table",
		Long: `Solves GAME for every position with piles 0..H and compares the set S of
positions accepted by a theorem (--theorem, see "nimlab theorems") or by an
expression (--expr) with the P-positions. Reports how many positions S
accepts, the P-positions outside S and the N-positions inside S, and,
separately, the positions breaking the conditions that characterize the
P-positions (Dufour–Heubach 2013, Theorem 1.2):
  (I)  a position in S with a move into S;
  (II) a position outside S with no move into S.
Examples are the positions with the smallest total first. The exit status is 1
when S differs from the P-positions.

--properties instead tests closure properties of the P-positions in the table:
under addition, under p -> p + (1,...,1) (Ehrenborg–Steingrímsson 1996,
Conjecture 8.1), under doubling (Question 9.1), and whether (k,...,k) is P for
every k when (1,...,1) is (Question 9.2). It prints a counterexample where one
fails and exits with status 0.

--strategy NAME proves by exhaustion that a strategy plays optimally on the
box: at every non-terminal position its move lowers Smith's remoteness by
exactly one (the winner wins fastest, the loser resists longest), so the
play-out with both players following it has R(p) moves. The exit status is 1
where it fails. Strategies: mrule (the M-rule of Gurvich–Martynov–Maximchuk–Vyalyi 2023 for slow:N,N-1).

` + check.ExprHelp,
		Example: `  nimlab check cn:6,3 --max 12 --expr "a+b == d+e && b+c == e+f"
  nimlab check cn:6,3 --max 12 --theorem cn63
  nimlab check cn:5,2 --max 10 --expr "sym(a == 0 && b == e && c == d)" --json
  nimlab check slow:5,4 --max 40 --strategy mrule
  nimlab check cn:6,3 --table cn63.tbl --theorem cn63`,
		Args: positional,
		RunE: func(cmd *cobra.Command, args []string) error {
			g, box, err := f.gameBox(args[0])
			if err != nil {
				return err
			}
			modes := 0
			for _, set := range []bool{theoremName != "", src != "", properties, strategy != ""} {
				if set {
					modes++
				}
			}
			if modes != 1 {
				return errors.New("give exactly one of --theorem NAME, --expr EXPR, --properties and --strategy NAME")
			}
			switch {
			case properties:
				return checkProperties(cmd, g, box, &f)
			case strategy != "":
				return checkStrategy(cmd, g, box, &f, strategy, examples)
			}
			var accept func() func(game.Position) bool
			var what string
			switch {
			case theoremName != "":
				th, ok := theory.ByName(theoremName)
				if !ok {
					return fmt.Errorf("no theorem %q; \"nimlab theorems\" lists them", theoremName)
				}
				rule, ok := th.For(cmd.Context(), g)
				if err := cmd.Context().Err(); err != nil {
					return err
				}
				if !ok {
					return fmt.Errorf("theorem %s (%s) does not cover %s", th.Name, th.Source, g.Spec)
				}
				accept = func() func(game.Position) bool { return rule.IsP }
				what = fmt.Sprintf("theorem %s (%s)", th.Name, th.Source)
			default:
				e, err := check.Compile(src, g.Piles(), func() (*complex.Group, error) { return g.Symmetries(cmd.Context()) })
				if err != nil {
					return err
				}
				accept = e.Evaluator
				what = fmt.Sprintf("expression %q", src)
			}
			start := time.Now()
			t, err := f.solveOrLoad(cmd.Context(), g, box, solve.Options{}, false)
			if err != nil {
				return err
			}
			r, err := check.Compare(cmd.Context(), g, t, accept, examples)
			if err != nil {
				return err
			}
			secs := time.Since(start).Seconds()
			out := cmd.OutOrStdout()
			if f.json {
				if err := printJSON(out, map[string]any{
					"game": g.Spec, "max": f.max, "characterization": what, "agrees": r.Agrees(),
					"positions": r.Positions, "accepted": r.Accepted, "p_not_accepted": r.PNotAccepted,
					"accepted_not_p": r.AcceptedNotP, "violations_1": r.Violations1, "violations_2": r.Violations2,
					"examples": r.Examples, "seconds": secs,
				}); err != nil {
					return err
				}
			} else {
				fmt.Fprintf(out, "%s, every pile 0..%d: %d positions\n", g.Title, f.max, r.Positions)
				fmt.Fprintf(out, "characterization: %s\n", what)
				fmt.Fprintf(out, "accepted:                       %d\n", r.Accepted)
				fmt.Fprintf(out, "P-positions not accepted:       %d%s\n", r.PNotAccepted, exampleList(r.Examples[check.KindPNotAccepted]))
				fmt.Fprintf(out, "accepted N-positions:           %d%s\n", r.AcceptedNotP, exampleList(r.Examples[check.KindAcceptedNotP]))
				fmt.Fprintf(out, "(I)  accepted, move to accepted: %d%s\n", r.Violations1, exampleList(r.Examples[check.KindViolation1]))
				fmt.Fprintf(out, "(II) rejected, no move to accepted: %d%s\n", r.Violations2, exampleList(r.Examples[check.KindViolation2]))
				if r.Agrees() {
					fmt.Fprintln(out, "the characterization agrees with the table")
				}
			}
			if !r.Agrees() {
				return &exitError{code: 1, err: fmt.Errorf("%s disagrees with the table of %s at %d positions",
					what, g.Spec, r.PNotAccepted+r.AcceptedNotP)}
			}
			return nil
		},
	}
	f.register(cmd)
	f.registerTable(cmd)
	cmd.Flags().StringVar(&theoremName, "theorem", "", "check a theorem's characterization (see nimlab theorems)")
	cmd.Flags().StringVar(&src, "expr", "", "check the positions where this expression is true")
	wholeVar(cmd.Flags(), &examples, "examples", 5, 0, maxExamples, "how many examples of each kind to show")
	cmd.Flags().BoolVar(&properties, "properties", false, "test closure properties of the P-positions instead")
	cmd.Flags().StringVar(&strategy, "strategy", "", "prove by exhaustion that this strategy lowers the remoteness by one everywhere (mrule)")
	return cmd
}

func checkProperties(cmd *cobra.Command, g *game.Game, box table.Box, f *solveFlags) error {
	t, err := f.solveOrLoad(cmd.Context(), g, box, solve.Options{}, false)
	if err != nil {
		return err
	}
	props, err := check.Properties(cmd.Context(), t)
	if err != nil {
		return err
	}
	out := cmd.OutOrStdout()
	if f.json {
		return printJSON(out, map[string]any{"game": g.Spec, "max": f.max, "properties": props})
	}
	fmt.Fprintf(out, "%s, every pile 0..%d\n", g.Title, f.max)
	for _, p := range props {
		verdict := "holds"
		if !p.Holds {
			verdict = "FAILS at " + positionList(p.Counterexample)
		}
		stopped := ""
		if p.Partial {
			stopped = "; stopped there, at the budget"
		}
		fmt.Fprintf(out, "%-18s %s\n    %s (%d instances inside the box%s)\n", p.Name, p.Question, verdict, p.Checked, stopped)
	}
	return nil
}

func checkStrategy(cmd *cobra.Command, g *game.Game, box table.Box, f *solveFlags, name string, examples int) error {
	move, err := theory.Strategy(name, g)
	if err != nil {
		return err
	}
	start := time.Now()
	t, err := f.solveOrLoad(cmd.Context(), g, box, solve.Options{Remoteness: true}, false)
	if err != nil {
		return err
	}
	r, err := check.Strategy(cmd.Context(), g, t, move, examples)
	if err != nil {
		return err
	}
	out := cmd.OutOrStdout()
	if f.json {
		if err := printJSON(out, map[string]any{
			"game": g.Spec, "max": f.max, "strategy": name, "optimal": r.Optimal(), "states": r.States,
			"sorted": t.Sorted, "terminal": r.Terminal, "failures": r.Failures, "examples": r.Examples,
			"seconds": time.Since(start).Seconds(),
		}); err != nil {
			return err
		}
	} else {
		states := "positions"
		if t.Sorted {
			states = "sorted positions (one per order of the piles)"
		}
		fmt.Fprintf(out, "%s, every pile 0..%d: %d %s, %d terminal\n", g.Title, f.max, r.States, states, r.Terminal)
		fmt.Fprintf(out, "strategy %s: %s\n", name, theory.Strategies[name])
		for _, e := range r.Examples {
			fmt.Fprintf(out, "  FAILS at (%v): R = %d, its move to (%v) has R = %d\n", e.Position, e.Remoteness, e.Move, e.MoveRemoteness)
		}
		if r.Optimal() {
			fmt.Fprintf(out, "proved on the box: at all %d non-terminal positions the strategy's move lowers the remoteness by exactly 1,\n"+
				"so it is optimal for both players and its play-out from p has R(p) moves\n", r.States-r.Terminal)
		}
	}
	if !r.Optimal() {
		return &exitError{code: 1, err: fmt.Errorf("strategy %s is not optimal at %d positions of %s", name, r.Failures, g.Spec)}
	}
	return nil
}

// exampleList writes "   e.g. (1,2) (3,4)", or "" for no positions.
func exampleList(ps []game.Position) string {
	if len(ps) == 0 {
		return ""
	}
	return "   e.g. " + positionList(ps)
}

// positionList writes "(1,2) (3,4)".
func positionList(ps []game.Position) string {
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = "(" + p.String() + ")"
	}
	return strings.Join(parts, " ")
}
