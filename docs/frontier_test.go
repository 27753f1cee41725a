package docs

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/nimlab/nimlab/frontier"
	"github.com/nimlab/nimlab/prove"
)

// The marks around the frontier table in findings.md.
const (
	frontierBegin = "<!-- the frontier table: frontier.WriteMarkdown of docs/frontier.json -->\n"
	frontierEnd   = "<!-- end of the frontier table -->"
)

// TestFrontierTable checks that findings.md shows the frontier table
// docs/frontier.json records, as nimlab frontier --format markdown writes
// it, and that every row it calls proved was proved by package prove and
// confirmed by the engine's table on a box.
func TestFrontierTable(t *testing.T) {
	var recorded struct {
		Rows []frontier.Row `json:"rows"`
	}
	if err := json.Unmarshal(FrontierJSON, &recorded); err != nil {
		t.Fatal(err)
	}
	if len(recorded.Rows) == 0 {
		t.Fatal("docs/frontier.json holds no rows")
	}
	var want bytes.Buffer
	if err := frontier.WriteMarkdown(&want, recorded.Rows); err != nil {
		t.Fatal(err)
	}
	text := read(t, "findings.md")
	_, rest, ok := strings.Cut(text, frontierBegin)
	table, _, ok2 := strings.Cut(rest, frontierEnd)
	if !ok || !ok2 {
		t.Fatalf("findings.md has no frontier table between %q and %q", frontierBegin, frontierEnd)
	}
	if table != want.String() {
		t.Errorf("findings.md's frontier table is not docs/frontier.json's: write it again with nimlab frontier --format markdown")
	}
	for _, r := range recorded.Rows {
		if (r.Status == frontier.Proved) != (r.Proved == prove.Proved.String()) || r.Status == frontier.Proved && r.ProvedEngineMax <= 0 {
			t.Errorf("%s: status %s, proof %q, engine's box %d", r.Game, r.Status, r.Proved, r.ProvedEngineMax)
		}
	}
}
