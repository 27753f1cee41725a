package frontier

import (
	"cmp"
	"encoding/csv"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/nimlab/nimlab/atlas"
)

// MaxCellExpr is the longest description a table writes in its cell; a
// longer one is written below the table, once, and its cell holds a label
// ("[1]") that refers to it.
const MaxCellExpr = 60

// StatusText says a row's status in words: "proved", "verified to 6",
// "refuted beyond 6", "exact to 6, not to 9" (not exact beyond the box it
// was learned on), "nothing found (piles 0..5)".
func (r Row) StatusText() string {
	switch r.Status {
	case Verified:
		return fmt.Sprintf("verified to %d", r.VerifiedMax)
	case Refuted:
		return fmt.Sprintf("refuted beyond %d", r.VerifiedMax)
	case NotExactBeyond:
		return fmt.Sprintf("exact to %d, not to %d", r.LearnedMax, r.VerifiedMax)
	case Nothing:
		if r.LearnedMax > 0 {
			return fmt.Sprintf("nothing found (piles 0..%d)", r.LearnedMax)
		}
		return "nothing found"
	}
	return r.Status
}

// ProofText says how the proof went: its kind, each condition's answer
// and time, and the box the engine confirmed a proved row on; the reason
// of an unknown one; the counterexample of a refuted one; "-" when there
// was no proof.
func (r Row) ProofText() string {
	p := r.Proof
	switch r.Proved {
	case "":
		return "-"
	case Proved:
		s := fmt.Sprintf("%s: %s", p.Kind, p.Conditions)
		if r.ProvedEngineMax > 0 {
			s += fmt.Sprintf("; engine agrees to %d", r.ProvedEngineMax)
		}
		return s
	case Refuted:
		return fmt.Sprintf("refuted: %s", cmp.Or(p.Counterexample, p.Conditions))
	}
	return fmt.Sprintf("%s: %s", r.Proved, cmp.Or(p.Conditions, p.Reason))
}

// describedBy is the row's description, or "" when it has none worth
// showing (nothing exact found, even on the learning box).
func (r Row) describedBy() string {
	if r.Status == Nothing {
		return ""
	}
	return r.Expr
}

// labels gives each description longer than MaxCellExpr a label, in the
// order of rows: the cell of each row, and the long ones in label order.
func labels(rows []Row) (cells, long []string) {
	seen := map[string]int{}
	for _, r := range rows {
		e := r.describedBy()
		if len(e) <= MaxCellExpr {
			cells = append(cells, e)
			continue
		}
		if seen[e] == 0 {
			long = append(long, e)
			seen[e] = len(long)
		}
		cells = append(cells, fmt.Sprintf("[%d]", seen[e]))
	}
	return cells, long
}

// Count says how many rows have each status, e.g. "21 games: 9 proved,
// 2 verified on a box only, 1 not exact beyond their box, 9 nothing found",
// and how many have region theorems.
func Count(rows []Row) string {
	n := map[string]int{}
	regions := 0
	for _, r := range rows {
		n[r.Status]++
		if len(r.Regions) > 0 {
			regions++
		}
	}
	parts := []string{fmt.Sprintf("%d games", len(rows))}
	for _, s := range []struct{ status, words string }{{Proved, "proved"}, {Verified, "verified on a box only"}, {Refuted, "refuted beyond their box"},
		{NotExactBeyond, "not exact beyond their box"}, {Nothing, "nothing found"}} {
		if n[s.status] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n[s.status], s.words))
		}
	}
	text := parts[0] + ": " + strings.Join(parts[1:], ", ")
	if regions > 0 {
		text += fmt.Sprintf("; region theorems for %d", regions)
	}
	return text
}

// byFamily splits rows by family, in the order of Families; rows of no
// family come last.
func byFamily(rows []Row) (titles []string, groups [][]Row) {
	for _, f := range append(slices.Clone(Families), Family{Title: "other games"}) {
		var g []Row
		for _, r := range rows {
			if r.Family == f.Name {
				g = append(g, r)
			}
		}
		if len(g) > 0 {
			titles, groups = append(titles, f.Title), append(groups, g)
		}
	}
	return titles, groups
}

// seconds writes a time in seconds, to two significant digits below 10.
func seconds(s float64) string {
	if s < 10 {
		return fmt.Sprintf("%.1f s", s)
	}
	return fmt.Sprintf("%.0f s", s)
}

// WriteMarkdown writes the rows as Markdown: for each family a line that
// counts its statuses and a table (game, status, description, proof,
// nimlab's theorem of the game, region theorems, time); the descriptions
// longer than MaxCellExpr follow the tables, each once, folded in a
// <details> element.
func WriteMarkdown(w io.Writer, rows []Row) error {
	cells, long := labels(rows)
	cell := map[int]string{}
	for i, r := range rows {
		cell[r.Index] = cells[i]
	}
	escape := strings.NewReplacer("|", `\|`).Replace
	titles, groups := byFamily(rows)
	for i, g := range groups {
		fmt.Fprintf(w, "**%s** (%s)\n\n", titles[i], Count(g))
		fmt.Fprintln(w, "| game | status | description | proof | theorem | regions | time |")
		fmt.Fprintln(w, "| --- | --- | --- | --- | --- | --- | --- |")
		for _, r := range g {
			desc := cell[r.Index]
			if desc != "" && !strings.HasPrefix(desc, "[") {
				desc = "`" + escape(desc) + "`"
			}
			fmt.Fprintf(w, "| %s `%s` | %s | %s | %s | %s | %s | %s |\n", r.Name, r.Game, r.StatusText(), cmp.Or(desc, "-"),
				escape(r.ProofText()), cmp.Or(r.Theorem, "-"), cmp.Or(strings.Join(r.Regions, "; "), "-"), seconds(r.Seconds))
		}
		fmt.Fprintln(w)
	}
	if len(long) == 0 {
		return nil
	}
	fmt.Fprintf(w, "<details><summary>The %d descriptions longer than %d characters</summary>\n\n", len(long), MaxCellExpr)
	for i, e := range long {
		fmt.Fprintf(w, "- [%d] `%s`\n", i+1, e)
	}
	_, err := fmt.Fprintln(w, "\n</details>")
	return err
}

// WriteText writes the rows as a readable table, the descriptions longer
// than MaxCellExpr below it, each once, with its label.
func WriteText(w io.Writer, rows []Row) error {
	cells, long := labels(rows)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "game\tspec\tstatus\tdescription\tproof\ttheorem\ttime")
	for i, r := range rows {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r.Name, r.Game, r.StatusText(), cmp.Or(cells[i], "-"), r.ProofText(), cmp.Or(r.Theorem, "-"), seconds(r.Seconds))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "\n%s\n", Count(rows))
	names := make([]string, len(rows))
	regions := make([][]string, len(rows))
	for i, r := range rows {
		names[i], regions[i] = r.Name, r.Regions
	}
	return atlas.WriteNotes(w, "descriptions", MaxCellExpr, long, names, regions)
}

// CSVHeader names the columns of WriteCSV.
var CSVHeader = []string{"index", "family", "game", "name", "piles", "max", "status", "description", "learned_max", "verified_max",
	"proved", "proof_kind", "proof_routes", "proof_conditions", "proof_reason", "proof_counterexample", "smt_files",
	"proved_engine_max", "theorem", "regions", "seconds", "prove_seconds"}

// WriteCSV writes the rows as CSV, one line per game, under CSVHeader.
func WriteCSV(w io.Writer, rows []Row) error {
	cw := csv.NewWriter(w)
	cw.Write(CSVHeader)
	for _, r := range rows {
		p := r.Proof
		cw.Write([]string{strconv.Itoa(r.Index), r.Family, r.Game, r.Name, strconv.Itoa(r.Piles), strconv.Itoa(r.Max), r.Status, r.describedBy(),
			strconv.Itoa(r.LearnedMax), strconv.Itoa(r.VerifiedMax), r.Proved, p.Kind, p.Routes, p.Conditions, p.Reason, p.Counterexample, p.Files,
			strconv.Itoa(r.ProvedEngineMax), r.Theorem, strings.Join(r.Regions, "; "), fmt.Sprintf("%.3f", r.Seconds), fmt.Sprintf("%.3f", p.Seconds)})
	}
	cw.Flush()
	return cw.Error()
}
