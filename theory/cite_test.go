package theory

import (
	"strings"
	"testing"
)

// TestTheoremsCite: every theorem cites at least one reference, each with a
// place in the paper unless it cites the whole paper next to another, and
// the rendered citation names no file.
func TestTheoremsCite(t *testing.T) {
	for _, th := range Theorems() {
		if len(th.Source) == 0 || th.Source[0].Where == "" {
			t.Errorf("%s: citation %q has no place in its first paper", th.Name, th.Source)
		}
		if s := th.Source.String(); strings.Contains(s, ".txt") || strings.Contains(s, "papers") && !strings.Contains(s, "the papers") {
			t.Errorf("%s cites a file: %s", th.Name, s)
		}
	}
}
