package theory

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"github.com/nimlab/nimlab/prove/proof"
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
	// Result is proof.Proved, proof.Refuted or proof.Undecided ("proved",
	// "refuted" or "unknown" in JSON).
	Result proof.Result `json:"result"`
	// Proof is the kind of proof (package proof's table gives its words
	// and its bound): "presburger", "bitvector", "digits" or "nimsum" in
	// JSON.
	Proof proof.Kind `json:"proof"`
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
	// Certificate is what became of the proof's Coq certificate (nimlab
	// prove --certificate), when it was recorded (go test ./certificate
	// -run TestRecordedCertificates -update).
	Certificate *ProofCertificate `json:"certificate,omitempty"`
}

// ProofCertificate records what became of the Coq certificate of a
// recorded proof: its status ("certified", or "not_certifiable" with the
// reason, as package certificate says), and coqc's time.
type ProofCertificate struct {
	Status  string  `json:"status"`
	Seconds float64 `json:"seconds,omitempty"`
	Reason  string  `json:"reason,omitempty"`
	// WriteSeconds, when set, is the time the certificate took to write
	// (its moves and case split learned) when recorded by hand, past the
	// time the tests give it.
	WriteSeconds float64 `json:"write_seconds,omitempty"`
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
	case proof.Proved:
		scope := proof.Scope{Bound: r.Proof.Bound()}
		timeout := ""
		if d, err := time.ParseDuration(r.Timeout); err == nil && d != time.Minute {
			text := d.String() // 15m0s: write 15m
			if strings.HasSuffix(text, "m0s") {
				text = strings.TrimSuffix(text, "0s")
			}
			timeout = ", with --timeout " + text
		}
		confirmed := ""
		switch c := r.Confirmation; {
		case c == nil:
		case c.Result == "confirmed":
			confirmed = "; confirmed by " + c.Solver
		default:
			confirmed = "; " + c.Solver + ": " + c.Result
		}
		certified := ""
		switch c := r.Certificate; {
		case c == nil:
		case c.Status == "certified":
			certified = fmt.Sprintf("; certified by Coq, coqc %.1f s", c.Seconds)
		case c.Status == "unfinished":
			certified = fmt.Sprintf("; Coq certificate written, coqc not done within %.0f s", c.Seconds)
		default:
			certified = fmt.Sprintf("; no Coq certificate (%s)", c.Reason)
		}
		return fmt.Sprintf("%s: proved for %s (%s, %.1f s%s%s%s)", r.Game, scope, r.Proof.Words(), r.Seconds, timeout, confirmed, certified)
	case proof.Undecided:
		return fmt.Sprintf("%s: not proved: the solver gave up or ran out of time (%s per query)", r.Game, r.Timeout)
	}
	return fmt.Sprintf("%s: %s", r.Game, r.Result)
}
