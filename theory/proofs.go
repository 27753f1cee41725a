package theory

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// ProofRecord is the outcome of `nimlab prove GAME --theorem NAME` on one
// game, as last measured: whether an SMT solver proved the theorem's formula
// (Expression) for every position, refuted it or gave up. The record is
// written by the prove package's tests (go test ./prove -run
// TestProvesTheTheorems -update) and rechecked by them on every run.
type ProofRecord struct {
	Theorem string `json:"theorem"`
	Game    string `json:"game"`
	// Result is "proved", "refuted" or "unknown".
	Result string `json:"result"`
	// Proof is "presburger" (for every position), "bitvector" (for every
	// position with piles up to 2^63-1), "digits" (by induction on binary
	// digits: for every position) or "nimsum" (linear arithmetic with the
	// nim-sum uninterpreted and instances of its lemmas: for every
	// position).
	Proof string `json:"proof"`
	// Seconds is the whole proof's time when it was recorded, and Timeout
	// each query's limit then.
	Seconds float64 `json:"seconds"`
	Timeout string  `json:"timeout"`
	// Solver names the solver and its version.
	Solver string `json:"solver"`
	// CPU is the processor it was measured on.
	CPU string `json:"cpu"`
	// Confirmation is the second solver's answer to the queries that
	// decided a proof (nimlab prove --confirm), when it was asked.
	Confirmation *ProofConfirmation `json:"confirmation,omitempty"`
}

// ProofConfirmation records what a second solver (cvc5) answered to the
// queries of a recorded proof.
type ProofConfirmation struct {
	// Solver names the solver and its version.
	Solver string `json:"solver"`
	// Result is "confirmed" (unsat to every query), "not confirmed" (no
	// answer to some) or "solvers disagree".
	Result string `json:"result"`
	// Reason says, when not confirmed, which conditions went unanswered and
	// why (a timeout; a quantifier or a width the solver does not handle).
	Reason  string  `json:"reason,omitempty"`
	Seconds float64 `json:"seconds"`
}

//go:embed proofs.json
var proofsJSON []byte

var proofRecords = func() []ProofRecord {
	var out []ProofRecord
	if err := json.Unmarshal(proofsJSON, &out); err != nil {
		panic(fmt.Sprintf("theory: proofs.json: %v", err))
	}
	return out
}()

// ProofRecords returns every recorded proof, theorem by theorem. The caller
// must not modify it.
func ProofRecords() []ProofRecord { return proofRecords }

// Proofs returns the recorded proofs of t.
func (t *Theorem) Proofs() []ProofRecord {
	var out []ProofRecord
	for _, r := range proofRecords {
		if r.Theorem == t.Name {
			out = append(out, r)
		}
	}
	return out
}

// String says in one line what the record shows, e.g. "cn:6,3: proved for
// every position (presburger arithmetic, 0.8 s)".
func (r ProofRecord) String() string {
	switch r.Result {
	case "proved":
		scope := "every position"
		if r.Proof == "bitvector" {
			scope = "every position with piles up to 2^63-1"
		}
		timeout := ""
		if d, err := time.ParseDuration(r.Timeout); err == nil && d != time.Minute {
			text := d.String() // 15m0s: write 15m
			if strings.HasSuffix(text, "m0s") {
				text = strings.TrimSuffix(text, "0s")
			}
			timeout = ", with --timeout " + text
		}
		confirmed := ""
		if c := r.Confirmation; c != nil && c.Result == "confirmed" {
			confirmed = "; confirmed by " + c.Solver
		}
		return fmt.Sprintf("%s: proved for %s (%s, %.1f s%s%s)", r.Game, scope, ProofKind(r.Proof), r.Seconds, timeout, confirmed)
	case "unknown":
		return fmt.Sprintf("%s: not proved: the solver gave up or ran out of time (%s per query)", r.Game, r.Timeout)
	}
	return fmt.Sprintf("%s: %s", r.Game, r.Result)
}

// ProofKind says in words what kind of proof prove's kind names
// (prove.ProofPresburger and the others): "presburger arithmetic",
// "bitvector arithmetic", "by induction on binary digits" or "presburger
// arithmetic with the nim-sum's lemmas". It is here, not in prove or
// commands, because the records above are rendered with it by theory
// itself (ProofRecord.String, for the theorems' pages, the outcome
// command and repro), and theory does not import prove (the solver
// pipes) nor commands; commands renders a live proof's kind with it too,
// so the two never word a kind differently.
func ProofKind(kind string) string {
	switch kind {
	case "digits":
		return "by induction on binary digits"
	case "nimsum":
		return "presburger arithmetic with the nim-sum's lemmas"
	}
	return kind + " arithmetic"
}
