package main

import (
	"fmt"
	"strings"

	"github.com/nimlab/nimlab/repro"
	"github.com/spf13/cobra"
)

func newReproCmd() *cobra.Command {
	var asJSON bool
	var only string
	cmd := &cobra.Command{
		Use:   "repro",
		Short: "Re-derive the papers' checkable claims and examples and say which agree",
		Long: `Recomputes every checkable numeric claim and example of the papers under
papers/ (Table 2, the CN(8,6) lemma coverage, the worked examples, the open
questions' counterexamples, the oracles against the tables) and prints, for
each, the claim, where it is stated, what nimlab computed, and whether they
agree. Disagreements are reported as they are; the exit status is 0 either
way, so that the table can be published as it stands.`,
		Example: `  nimlab repro
  nimlab repro --only 000/
  nimlab repro --json`,
		Args: positional,
		RunE: func(cmd *cobra.Command, _ []string) error {
			out := cmd.OutOrStdout()
			var results []repro.Result
			agree := 0
			for _, c := range repro.Claims() {
				if !strings.Contains(c.ID, only) {
					continue
				}
				r, err := c.Check(cmd.Context())
				if err == nil {
					err = cmd.Context().Err() // a claim stopped by it is not a disagreement
				}
				if err != nil {
					return err
				}
				results = append(results, r)
				if r.Agrees {
					agree++
				}
				if !asJSON {
					verdict := "agrees"
					if !r.Agrees {
						verdict = "DISAGREES"
					}
					fmt.Fprintf(out, "%-9s %s\n          claim:    %s\n          source:   %s\n          computed: %s\n", verdict, r.ID, r.Statement, r.Source, r.Computed)
				}
			}
			if asJSON {
				return printJSON(out, map[string]any{"claims": results, "agree": agree, "disagree": len(results) - agree})
			}
			if len(results) == 0 {
				return fmt.Errorf("no claim id contains %q", only)
			}
			fmt.Fprintf(out, "\n%d claims: %d agree, %d disagree\n", len(results), agree, len(results)-agree)
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the results as JSON")
	cmd.Flags().StringVar(&only, "only", "", "check only the claims whose id contains this text")
	return cmd
}
