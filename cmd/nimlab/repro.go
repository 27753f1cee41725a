package main

import (
	"github.com/nimlab/nimlab/commands"
	"github.com/nimlab/nimlab/repro"
	"github.com/spf13/cobra"
)

func newReproCmd() *cobra.Command {
	var asJSON, list bool
	var only string
	cmd := &cobra.Command{
		Use:   "repro",
		Short: "Re-derive the papers' checkable claims and examples and say which agree",
		Long: `Recomputes every checkable numeric claim and example of the papers nimlab
is built from (Table 2, the CN(8,6) lemma coverage, the worked examples, the
open questions' counterexamples, the oracles against the tables) and prints,
for each, the claim, where it is stated (authors, year and place; the full
references are in docs/references.md), what nimlab computed, and whether they
agree. Each claim is named after the reference stating it, e.g.
dufour-heubach-2013/table2, or after the theorem it checks, e.g.
theorem/cn63/cn:6,3. Disagreements are reported as they are; the exit status
is 0 either way, so that the table can be published as it stands. With
--list, it lists the claims (id, statement, source) without computing them.`,
		Example: `  nimlab repro
  nimlab repro --only dufour-heubach-2013/
  nimlab repro --json
  nimlab repro --list`,
		Args: positional,
		RunE: func(cmd *cobra.Command, _ []string) error {
			out := cmd.OutOrStdout()
			req := commands.ReproRequest{Only: only, List: list}
			if list {
				res, err := commands.ReproList(req)
				if err != nil {
					return err
				}
				return render(cmd, res, asJSON)
			}
			e := env(cmd.Context(), asJSON)
			if !asJSON {
				// Each claim is printed as soon as it is checked.
				e.Claim = func(r repro.Result) { commands.WriteClaim(out, r) }
			}
			res, err := commands.Repro(cmd.Context(), e, req)
			if err != nil {
				return err
			}
			if asJSON {
				return render(cmd, res, true)
			}
			return res.WriteSummary(out)
		},
	}
	defineFlags(cmd, "repro", map[string]any{"json": &asJSON, "only": &only, "list": &list})
	return cmd
}
