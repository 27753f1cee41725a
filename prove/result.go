package prove

import (
	"time"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/prove/proof"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/witness"
)

// What a proof is asked (Options) and what it answers (Result), in typed
// fields: the front ends render the wording, and decide on the fields.

// The results of a proof (package proof's table: a Result's JSON is its
// name, "proved", "refuted" or "unknown").
const (
	Proved  = proof.Proved
	Refuted = proof.Refuted
	// Undecided is the result "unknown": a condition ran out of time, the
	// solver failed, or the expression cannot be encoded.
	Undecided = proof.Undecided
)

// Options tune a proof.
type Options struct {
	// Solver answers the queries.
	Solver *Solver
	// Timeout bounds each query (10 s when 0).
	Timeout time.Duration
	// SMTOut, when not empty, is a directory where each query is written as
	// an SMT-LIB 2 file that the solver alone can answer.
	SMTOut string
	// NoSymmetry turns off the symmetry breaking of the queries.
	NoSymmetry bool
	// Moves, Grundy and Where are read by Prove, which makes the claim of
	// them; a Claim (NewClaim) carries its own, and Claim.Prove reads
	// none of the three.
	//
	// Moves, when not empty, are candidate winning moves, each a position
	// whose piles are expressions in the piles of p (a theorem's
	// constructive strategy, e.g. Nim's: pile i becomes the xor of the
	// others). (II) is first asked with these options only: if every
	// position outside S has one of them as a legal move into S, (II)
	// holds, with no quantifier in the query. Otherwise (II) is asked as
	// usual.
	Moves [][]string
	// NoLearn turns off learning candidate moves (learn.go) when Moves is
	// empty.
	NoLearn bool
	// Confirm, when not nil, is a second solver asked the queries that
	// decided a proof (confirm.go), each within ConfirmTimeout (Timeout
	// when 0).
	Confirm        *Solver
	ConfirmTimeout time.Duration
	// Grundy claims that the expression is the Sprague–Grundy value of
	// every position, not the set of P-positions: conditions (G0), (G1)
	// and (G2) are asked (grundy.go). A candidate move may then name v,
	// the value (G2) asks it to reach. Normal play only.
	Grundy bool
	// Where, when not nil, is a region: the claim is proved for the
	// positions where it holds, once the solver has proved that no move
	// leaves it (region.go).
	Where *check.Expr
	// Reduce asks (II) by reduction by invariances (reduction.go) before
	// its query, which is asked only when the reduction does not decide
	// it; without it, the reduction is tried when the query leaves (II)
	// unknown.
	Reduce bool
	// ReductionHints are 0/1 vectors the reduction tries first, in each
	// region whose empty piles none of them has in its support (discover's
	// invariances): hints only, each asked of the solver as any other
	// (reduction.go); a vector of the wrong length or not 0/1 is left out.
	ReductionHints [][]int
	// Equivalents are other ways of writing the claim's set, each a claim
	// of the same game with its own candidate moves (a recorded theorem's
	// statement): when the query leaves (II) unknown, the first that the
	// solver proves the same set and that is proved itself decides it
	// (equivalence.go). Hints only: each is asked of the solver.
	Equivalents []Equivalent
	// noReduction turns the reduction off, in the region theorems a
	// reduction proves.
	noReduction bool
	// decideFirst decides (II) by the routes asked first before the other
	// conditions are asked, not beside them (decideBeside): a test's way
	// to see what the route alone says.
	decideFirst bool
	// Gate runs the tables of the engine's check and of learning (each
	// within its own time budget); nil: solve.GateOr's default.
	Gate solve.Gate
}

// Condition is one query and the solver's answer.
type Condition struct {
	// Name is the condition: proof.I, proof.II or proof.III ("I", "II",
	// "III" in JSON), the Sprague–Grundy ones or proof.R.
	Name proof.Cond `json:"name"`
	// Result is "unsat" (the condition holds for every position), "sat" (it
	// fails) or "unknown".
	Result Answer `json:"result"`
	// Reason says why the result is unknown.
	Reason string `json:"reason,omitempty"`
	// ReasonKind is the kind of Reason when the result is unknown: what
	// decides on it, as Reason is only its wording.
	ReasonKind ReasonKind `json:"reason_kind,omitempty"`
	// Seconds is the solver's time on the query.
	Seconds float64 `json:"seconds"`
	// File is the query's file under Options.SMTOut.
	File string `json:"file,omitempty"`
	// Via says how the condition was decided when not over every option:
	// "candidate moves" (Options.Moves, for (II)), "induction on binary
	// digits" (for S = colmod(m, piles) on take games: see digits.go) or
	// "nim-sum lemmas" (the nim-sum uninterpreted: see nimsum.go).
	Via string `json:"via,omitempty"`
	// Routes are the routes of the query that decided the condition
	// (routes.go), each taken because its preconditions held.
	Routes []string `json:"routes,omitempty"`
	// Abandoned are the routes whose narrower query was asked first and
	// did not settle the condition, each with its answer: the condition
	// was then asked another way (the query's fallback), which decided it.
	Abandoned []string `json:"abandoned,omitempty"`
	// Confirmation is the second solver's answer to the query that
	// decided the condition (Options.Confirm).
	Confirmation *Confirmation `json:"confirmation,omitempty"`
}

// Counterexample is a position (and for (I) a move) where a condition fails.
type Counterexample struct {
	// Condition is the condition that fails.
	Condition proof.Cond `json:"condition"`
	// Position is p: in S with a move into S (I), outside S with no move
	// into S (II), or terminal and in S (III).
	Position game.Position `json:"position"`
	// Move is, for (I), the option q of p that is in S; for (G1), the
	// option q of p with the same value.
	Move game.Position `json:"move,omitempty"`
	// Value is, in a Sprague–Grundy proof, the value at p for (G0) and
	// (G1), and for (G2) the value v < g(p) that no option of p has.
	Value *int `json:"value,omitempty"`
	// Checked says how nimlab confirmed it: "engine" when its own move
	// generator and evaluator agree, "model" when the options were too many
	// to enumerate and only the solver's model stands for it.
	Checked string `json:"checked"`
}

// Result is the outcome of a proof.
type Result struct {
	Game       string `json:"game"`
	Expression string `json:"expression"`
	// Grundy is true when the expression is claimed to be the
	// Sprague–Grundy value, not the set of P-positions (Options.Grundy).
	Grundy bool `json:"grundy,omitempty"`
	// Where is the region of a region theorem (Options.Where): the claim
	// is about the positions where it holds.
	Where string `json:"where,omitempty"`
	// Closure is the query that no move leaves the region.
	Closure *Condition `json:"closure,omitempty"`
	// Result is Proved, Refuted or Undecided ("proved", "refuted" or
	// "unknown").
	Result proof.Result `json:"result"`
	// Proof is the kind (ProofPresburger, ProofBitVector, ProofDigits or
	// ProofNimSums) of proof: "presburger" (linear integer arithmetic:
	// for every position), "bitvector" (signed bit-vectors of Width bits,
	// wide enough that nothing overflows: for every position with piles up
	// to 2^63-1, the largest nimlab accepts), "digits" (induction on the
	// binary digits, each step a query: for every position; see
	// digits.go) or "nimsum" (linear integer arithmetic with the nim-sum
	// uninterpreted and instances of its lemmas: for every position; see
	// nimsum.go).
	Proof proof.Kind `json:"proof"`
	// Width is the width of the bit-vectors of a bit-vector proof.
	Width int `json:"width,omitempty"`
	// Scope says for which positions the result holds: the bound of its
	// kind of proof (or of the region's closure, when that is narrower),
	// within the region Where (its JSON is its words).
	Scope proof.Scope `json:"scope"`
	// Symmetry says how the queries were restricted to one position per
	// symmetry class, if they were.
	Symmetry   string      `json:"symmetry,omitempty"`
	Conditions []Condition `json:"conditions"`
	// Routes are every route the conditions were decided by (routes.go).
	Routes []string `json:"routes,omitempty"`
	// Engine, for a proved result, is the box on which the engine's table
	// agreed with the set (engine.go).
	Engine *EngineCheck `json:"engine_check,omitempty"`
	// Reduction are the regions of a proof of (II) by reduction by
	// invariances (reduction.go), in the order decided, when one was
	// tried.
	Reduction []ReductionStep `json:"reduction,omitempty"`
	// Equivalence are the Equivalents asked for (II), in order, and what
	// became of each (equivalence.go).
	Equivalence []EquivalenceStep `json:"equivalence,omitempty"`
	// ReductionSkipped says why the reduction Options.Reduce asked for
	// was not taken (its preconditions: reductionRoute).
	ReductionSkipped string `json:"reduction_skipped,omitempty"`
	// RoutesSkipped are the routes whose preconditions held but that were
	// not taken, each with why (a lemma of theirs the solver did not
	// prove): the conditions were asked as without them.
	RoutesSkipped []string `json:"routes_skipped,omitempty"`
	// Learned are the candidate winning moves learned on a box for (II)
	// when none were given (learn.go), and how well they covered it.
	Learned *witness.Learned `json:"learned_moves,omitempty"`
	// Confirmation is the second solver's answer to a proved result
	// (Options.Confirm).
	Confirmation   *Confirmation   `json:"confirmation,omitempty"`
	Counterexample *Counterexample `json:"counterexample,omitempty"`
	// Reason says why the result is unknown.
	Reason string `json:"reason,omitempty"`
	// Unsettled lists, when the result is unknown because conditions went
	// without an answer, each of them and why as a kind; it is empty when
	// the claim was not asked at all (Reason says why).
	Unsettled     []Unsettled `json:"unsettled,omitempty"`
	Solver        string      `json:"solver"`
	SolverVersion string      `json:"solver_version"`
	Seconds       float64     `json:"seconds"`

	// everyPosition are the conditions decided for every position by a
	// route with no kind of proof of its own (equivalence.go): they do
	// not keep the proof from the kind of the route that decided the
	// others (finish.go).
	everyPosition map[proof.Cond]bool
}

// The kinds of proof (Result.Proof), from package proof's table, which
// gives each its words and its bound.
const (
	// ProofPresburger: linear integer arithmetic, for every position.
	ProofPresburger = proof.Presburger
	// ProofBitVector: signed bit-vectors wide enough that nothing
	// overflows, for every position with piles up to 2^63-1.
	ProofBitVector = proof.BitVector
	// ProofDigits: induction on binary digits, for every position
	// (digits.go).
	ProofDigits = proof.Digits
	// ProofNimSums: linear integer arithmetic with the nim-sum
	// uninterpreted and instances of its lemmas, for every position
	// (nimsum.go).
	ProofNimSums = proof.NimSums
)

// ReasonKind says of what kind the reason of an unknown answer is.
type ReasonKind string

// The kinds of reason.
const (
	// ReasonTimeout: the solver ran out of time (a longer timeout may
	// settle it).
	ReasonTimeout ReasonKind = "timeout"
	// ReasonStopped: the query was not asked to the end, as another
	// condition failed first.
	ReasonStopped ReasonKind = "stopped"
	// ReasonSolver: the solver failed, gave up, or answered what could not
	// be read or used.
	ReasonSolver ReasonKind = "solver"
	// ReasonUnconfirmed: the solver's counterexample is not confirmed by
	// nimlab's move generator and evaluator.
	ReasonUnconfirmed ReasonKind = "unconfirmed"
	// ReasonBeyond: the solver's only counterexamples have a pile above
	// 2^63-1, beyond the piles nimlab takes (the claim may hold for every
	// pile nimlab takes).
	ReasonBeyond ReasonKind = "beyond"
)

// Unsettled is a condition left without an answer, and why.
type Unsettled struct {
	// Condition is the condition ("I", "II", "III", "G0", "G1", "G2" in
	// JSON), or proof.R for the region's closure.
	Condition proof.Cond `json:"condition"`
	Kind      ReasonKind `json:"kind"`
}
