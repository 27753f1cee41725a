package docs

import (
	"strings"
	"testing"

	"github.com/nimlab/nimlab/theory"
)

// TestMachineProvedTable checks that findings.md's table of machine-proved
// theorems says what theory/proofs.json records: a row per record, with its
// result, which proofs the second solver confirmed, and which Coq's kernel
// checked the certificate of.
func TestMachineProvedTable(t *testing.T) {
	text := read(t, "findings.md")
	start := strings.Index(text, "## Machine-proved theorems")
	if start < 0 {
		t.Fatal("findings.md has no section Machine-proved theorems")
	}
	rows := map[string][]string{}
	for _, line := range strings.Split(text[start:], "\n") {
		cells := strings.Split(strings.Trim(line, "|"), "|")
		if len(cells) < 6 || !strings.HasPrefix(strings.TrimSpace(cells[0]), "`") {
			continue
		}
		for i := range cells {
			cells[i] = strings.Trim(strings.TrimSpace(cells[i]), "`")
		}
		rows[cells[0]+" "+cells[1]] = cells
	}
	for _, rec := range theory.ProofRecords() {
		key := rec.Theorem + " " + rec.Game
		cells, ok := rows[key]
		if !ok {
			t.Errorf("%s: recorded, but not in the table", key)
			continue
		}
		delete(rows, key)
		if !strings.HasPrefix(cells[2], rec.Result.String()) {
			t.Errorf("%s: the table says %q, the record %s", key, cells[2], rec.Result)
		}
		confirmed := rec.Confirmation != nil && rec.Confirmation.Result == "confirmed"
		if got := strings.HasPrefix(cells[5], "confirmed"); got != confirmed {
			t.Errorf("%s: the table's cvc5 column says %q, the record %+v", key, cells[5], rec.Confirmation)
		}
		certified := rec.Certificate != nil && rec.Certificate.Status == "certified"
		if len(cells) < 7 || strings.HasPrefix(cells[6], "certified") != certified {
			t.Errorf("%s: the table's Coq column says %q, the record %+v", key, cells[6:], rec.Certificate)
		}
	}
	for key := range rows {
		t.Errorf("%s: in the table, not recorded", key)
	}
}
