package main

import (
	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/commands"
	"github.com/spf13/cobra"
)

func newCheckCmd() *cobra.Command {
	var f solveFlags
	var theoremName, src, strategy, where string
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

--where COND compares only the positions where COND holds (e.g. "a == 0"):
the counts and examples are of those positions, S is read as S ∩ COND, and
check says how many of them have a move out of the region (a region theorem,
"nimlab prove --where", needs none). It is how a region theorem is checked on
a box.

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
  nimlab check cn:6,3 --table cn63.tbl --theorem cn63
  nimlab check cn:7,5 --max 6 --where "a == 0" --expr "b == c + d && b == e + f && b == g && min(c, f) == 0"`,
		Args: positional,
		RunE: func(cmd *cobra.Command, args []string) error {
			res, err := commands.Check(cmd.Context(), env(cmd.Context(), f.json), commands.CheckRequest{
				Game: args[0], Source: f.source(), Theorem: theoremName, Expr: src, Properties: properties,
				Strategy: strategy, Examples: examples, Where: where,
			})
			if err != nil {
				return err
			}
			return render(cmd, res, f.json)
		},
	}
	defineFlags(cmd, "check", f.with(map[string]any{"theorem": &theoremName, "expr": &src, "examples": &examples, "properties": &properties, "strategy": &strategy, "where": &where}))
	return cmd
}
