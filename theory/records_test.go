package theory

import "testing"

// TestProofRecordsNameTheorems: every record of proofs.json names a theorem,
// so the records are all reached through Theorems and Theorem.Proofs.
func TestProofRecordsNameTheorems(t *testing.T) {
	if len(proofRecords) == 0 {
		t.Fatal("no proof recorded")
	}
	for _, r := range proofRecords {
		if _, ok := ByName(r.Theorem); !ok {
			t.Errorf("the record of %s names no theorem: %q", r.Game, r.Theorem)
		}
	}
	reached := 0
	for _, th := range Theorems() {
		reached += len(th.Proofs())
	}
	if reached != len(proofRecords) {
		t.Errorf("%d records reached through the theorems, %d recorded", reached, len(proofRecords))
	}
}
