package certificate_test

import (
	"context"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/nimlab/nimlab/certificate"
	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/prove"
)

// TestFrontierCertificates certifies the descriptions the frontier survey
// proved (docs/frontier.json) and writes what became of each to the file
// NIMLAB_FRONTIER_CERTIFICATES names (docs/findings.md counts them). It
// runs only when that variable is set: about half an hour;
// NIMLAB_FRONTIER_ONLY, games separated by ";" (their specs hold commas),
// runs those rows only.
func TestFrontierCertificates(t *testing.T) {
	out := os.Getenv("NIMLAB_FRONTIER_CERTIFICATES")
	if out == "" {
		t.Skip("NIMLAB_FRONTIER_CERTIFICATES=FILE certifies the frontier's proved rows")
	}
	ctx := context.Background()
	z3, err := prove.FindSolver(ctx, "z3")
	if err != nil {
		t.Skip("z3 is not installed")
	}
	data, err := os.ReadFile("../docs/frontier.json")
	if err != nil {
		t.Fatal(err)
	}
	type surveyRow struct {
		Game   string `json:"game"`
		Expr   string `json:"expr"`
		Status string `json:"status"`
	}
	var survey struct {
		Rows []surveyRow `json:"rows"`
	}
	if err := json.Unmarshal(data, &survey); err != nil {
		t.Fatal(err)
	}
	type row struct {
		Game string `json:"game"`
		*certificate.Report
		Total float64 `json:"total_seconds"`
	}
	var only []string // the rows of NIMLAB_FRONTIER_ONLY only, when set
	if o := os.Getenv("NIMLAB_FRONTIER_ONLY"); o != "" {
		for _, g := range strings.Split(o, ";") {
			if g = strings.TrimSpace(g); g != "" {
				only = append(only, g)
			}
		}
		for _, g := range only {
			if !slices.ContainsFunc(survey.Rows, func(r surveyRow) bool { return r.Game == g && r.Status == "proved" }) {
				t.Fatalf("NIMLAB_FRONTIER_ONLY: %q is no proved row of docs/frontier.json", g)
			}
		}
	}
	var rows []row
	for _, r := range survey.Rows {
		if r.Status != "proved" || only != nil && !slices.Contains(only, r.Game) {
			continue
		}
		g, err := game.Parse(r.Game)
		if err != nil {
			t.Fatal(err)
		}
		e, err := check.Compile(r.Expr, g.Piles(), func() (*complex.Group, error) { return g.Symmetries(ctx) })
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		rep, err := certificate.Certify(ctx, certificate.Claim{Game: g, Set: e, Solver: z3}, t.TempDir(), certificate.FileName(r.Game, "", r.Expr), 3*time.Minute)
		if err != nil {
			rep = &certificate.Report{Status: "error", Detail: err.Error()}
		}
		rep.Output = ""
		rows = append(rows, row{Game: r.Game, Report: rep, Total: time.Since(start).Seconds()})
		t.Logf("%s: %s %.1f s (coqc %.1f s) %s %s", r.Game, rep.Status, time.Since(start).Seconds(), rep.Seconds, rep.Reason, rep.Detail)
		data, _ := json.MarshalIndent(rows, "", "  ")
		if err := os.WriteFile(out, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
