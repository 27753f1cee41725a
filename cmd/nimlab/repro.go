package main

import (
	"fmt"
	"io"
	"strings"

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
			if list {
				return listClaims(out, only, asJSON)
			}
			report, _ := cmd.Context().Value(claimKey{}).(func(repro.Result))
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
				if report != nil {
					report(r)
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
	cmd.Flags().BoolVar(&list, "list", false, "list the claims without computing them")
	return cmd
}

// claimKey carries to the repro command a callback that receives each claim
// as soon as it is checked (the web lab streams them).
type claimKey struct{}

// listClaims prints the claims whose id contains only, unchecked.
func listClaims(out io.Writer, only string, asJSON bool) error {
	claims := []repro.Claim{}
	for _, c := range repro.Claims() {
		if strings.Contains(c.ID, only) {
			claims = append(claims, c)
		}
	}
	if asJSON {
		return printJSON(out, map[string]any{"claims": claims})
	}
	if len(claims) == 0 {
		return fmt.Errorf("no claim id contains %q", only)
	}
	for _, c := range claims {
		fmt.Fprintf(out, "%s\n          claim:    %s\n          source:   %s\n", c.ID, c.Statement, c.Source)
	}
	fmt.Fprintf(out, "\n%d claims\n", len(claims))
	return nil
}
