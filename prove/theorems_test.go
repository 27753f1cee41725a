package prove

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"math"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
	"github.com/nimlab/nimlab/theory"
)

// update rewrites theory/proofs.json from a new run of every proof in
// recorded (go test ./prove -run TestProvesTheTheorems -update).
var update = flag.Bool("update", false, "prove every theorem of recorded again and rewrite theory/proofs.json")

// updateOnly limits -update to one theorem, or to one theorem on one game
// ("mrule slow:6,5"); the others keep their records (go test ./prove -run
// TestProvesTheTheorems -update -update-only cn64). A theorem on a game not
// recorded yet is proved and added.
var updateOnly = flag.String("update-only", "", "with -update, prove only this theorem (or \"THEOREM GAME\") again")

// confirmOnly makes -update keep each record's first solver's measurement
// (time, solver, CPU, measured on a quiet machine) and record only the
// second solver's answer; the proof must come out as recorded.
var confirmOnly = flag.Bool("confirm-only", false, "with -update, record only cvc5's answers, keeping z3's measurements")

// recorded are the theorems and games whose proofs theory/proofs.json
// records, with each query's time limit.
var recorded = []struct {
	theorem, spec string
	timeout       time.Duration
}{
	{"simplex", "cn:4,4", time.Minute}, {"nim", "nim:2", time.Minute}, {"nim", "nim:3", time.Minute},
	{"nim", "nim:4", time.Minute}, {"nim", "nim:5", time.Minute}, {"nim", "nim:6", time.Minute},
	{"cn-n-1", "cn:3,2", time.Minute}, {"cn-n-1", "cn:4,3", time.Minute}, {"cn-n-1", "cn:5,4", time.Minute}, {"cn-n-1", "cn:6,5", time.Minute}, {"cn-n-1", "moore:6,5", time.Minute},
	{"cn42", "cn:4,2", time.Minute}, {"cn52", "cn:5,2", time.Minute}, {"cn53", "cn:5,3", time.Minute},
	{"cn63", "cn:6,3", time.Minute}, {"cn64", "cn:6,4", time.Minute}, {"cn86", "cn:8,6", time.Minute},
	{"cn74", "cn:7,4", time.Minute}, {"moore", "moore:3,2", time.Minute}, {"moore", "moore:4,2", time.Minute},
	{"moore", "moore:5,2", time.Minute}, {"moore", "moore:5,3", time.Minute}, {"moore", "moore:6,2", time.Minute},
	{"moore", "moore:6,3", time.Minute}, {"moore", "moore:6,4", time.Minute},
	{"octa", "octa:2", time.Minute}, {"octa", "octa:3", time.Minute}, {"path-n-n-1", "path:4,2", time.Minute},
	{"path-n-n-1", "path:6,3", time.Minute}, {"path-n-n-1", "path:8,4", time.Minute},
	{"figure6", "complex:1-2,1-3,2-3,3-4", time.Minute}, {"exact-all", "exact:4,4", time.Minute},
	{"exact-1", "exact:3,1", time.Minute}, {"mrule", "slow:2,1", time.Minute}, {"mrule", "slow:3,2", time.Minute},
	{"mrule", "slow:4,3", time.Minute}, {"mrule", "slow:5,4", time.Minute}, {"mrule", "slow:6,5", 5 * time.Minute},
}

// maxRecheck bounds the recorded time of the proofs the tests redo; longer
// ones are redone by -update. Without NIMLAB_LONG_TESTS=1 only the quick
// ones (2 s) are redone, so that go test ./... fits its timeout on a busy
// machine; .ci/run redoes them all.
func maxRecheck() float64 {
	if os.Getenv("NIMLAB_LONG_TESTS") == "1" {
		return 30
	}
	return 2
}

// TestProvesTheTheorems redoes each recorded proof that took at most
// maxRecheck seconds and checks that it comes out as recorded; for each
// proved one it refutes, with a counterexample the engine confirms, every
// mutant of the formula (a clause dropped, a constant shifted) that a table
// shows to be wrong. With -update it proves every theorem of recorded and
// rewrites theory/proofs.json.
func TestProvesTheTheorems(t *testing.T) {
	s := solver(t)
	if *update {
		updateRecord(t, s)
		return
	}
	ctx := context.Background()
	second := optionalCVC5(t)
	if len(theory.ProofRecords()) < len(recorded) {
		t.Fatalf("theory/proofs.json has %d proofs, recorded lists %d: run go test ./prove -run TestProvesTheTheorems -update", len(theory.ProofRecords()), len(recorded))
	}
	for _, rec := range theory.ProofRecords() {
		if rec.Result != Proved || rec.Seconds > maxRecheck() {
			continue
		}
		t.Run(rec.Theorem+" "+rec.Game, func(t *testing.T) {
			g, e, src := theoremExpr(t, rec.Theorem, rec.Game)
			th, _ := theory.ByName(rec.Theorem)
			opts := Options{Solver: s, Timeout: 2 * time.Minute, Moves: th.WinningMoves(ctx, g)}
			// cvc5 is asked again the proofs it confirmed quickly.
			reconfirm := second != nil && rec.Confirmation != nil && rec.Confirmation.Result == Confirmed && rec.Confirmation.Seconds <= maxReconfirm
			if reconfirm {
				opts.Confirm = second
			}
			r, err := Prove(ctx, g, e, opts)
			if err != nil {
				t.Fatal(err)
			}
			if r.Result != rec.Result || r.Proof != rec.Proof {
				t.Fatalf("%s (%s), recorded %s (%s): %+v", r.Result, r.Proof, rec.Result, rec.Proof, r)
			}
			if reconfirm && (r.Confirmation == nil || r.Confirmation.Result != Confirmed) {
				t.Errorf("cvc5: %+v; recorded: confirmed in %.1f s", r.Confirmation, rec.Confirmation.Seconds)
			}
			if r.Engine == nil || r.Engine.Max == 0 {
				t.Errorf("no engine check: %+v", r.Engine)
			}
			h := 1
			for h < 8 && pow(h+2, g.Piles()) <= 200_000 {
				h++
			}
			tab, err := solve.Table(ctx, g, table.Uniform(g.Piles(), h), solve.Options{})
			if err != nil {
				t.Fatal(err)
			}
			refuted := 0
			for _, mutant := range mutants(t, src) {
				m, err := check.Compile(mutant, g.Piles(), func() (*complex.Group, error) { return g.Symmetries(ctx) })
				if err != nil {
					t.Fatalf("mutant %q: %v", mutant, err)
				}
				cmp, err := check.Compare(ctx, g, tab, m.Evaluator, 0)
				if err != nil {
					t.Fatal(err)
				}
				if cmp.Agrees() {
					continue // the same set up to h: perhaps equivalent
				}
				// The theorem's candidate moves too: a wrong set must be
				// refuted whichever way (II) is asked. (A mutant that
				// lost its nim-sum is linear, where moves made of
				// nim-sums cannot be written: it goes without.)
				r, err := Prove(ctx, g, m, Options{Solver: s, Timeout: 2 * time.Minute, Moves: th.WinningMoves(ctx, g)})
				if errors.Is(err, errCandidateMove) {
					r, err = Prove(ctx, g, m, Options{Solver: s, Timeout: 2 * time.Minute})
				}
				if err != nil {
					t.Fatal(err)
				}
				if r.Result != Refuted || r.Counterexample == nil || r.Counterexample.Checked != "engine" {
					t.Fatalf("mutant %q: %s (%s)", mutant, r.Result, r.Reason)
				}
				refuted++
			}
			if refuted == 0 && rec.Theorem != "simplex" && rec.Theorem != "nim" {
				t.Error("no mutant was wrong: the test refuted nothing")
			}
		})
	}
}

// TestEveryProofRecordsTheSecondSolver: every recorded proof says what
// cvc5 answered to its queries, and no record has the solvers disagree.
// (TestProvesTheTheorems asks cvc5 again.)
func TestEveryProofRecordsTheSecondSolver(t *testing.T) {
	for _, rec := range theory.ProofRecords() {
		if rec.Result == Proved && rec.Confirmation == nil {
			t.Errorf("%s %s: no second solver's answer recorded: run go test ./prove -run TestProvesTheTheorems -update", rec.Theorem, rec.Game)
		}
		if c := rec.Confirmation; c != nil && c.Result == SolversDisagree {
			t.Errorf("%s %s: the solvers disagree: %s", rec.Theorem, rec.Game, c.Reason)
		}
	}
}

// confirmTimeout bounds each of cvc5's queries when the record is made.
const confirmTimeout = 2 * time.Minute

// maxReconfirm bounds the recorded time of the confirmations the tests ask
// again.
const maxReconfirm = 10.0

// theoremExpr compiles the theorem's formula for the game.
func theoremExpr(t *testing.T, name, spec string) (*game.Game, *check.Expr, string) {
	t.Helper()
	ctx := context.Background()
	g, err := game.Parse(spec)
	if err != nil {
		t.Fatal(err)
	}
	th, ok := theory.ByName(name)
	if !ok {
		t.Fatalf("no theorem %s", name)
	}
	src, ok := th.Expression(ctx, g)
	if !ok {
		t.Fatalf("%s has no formula for %s", name, spec)
	}
	e, err := check.Compile(src, g.Piles(), func() (*complex.Group, error) { return g.Symmetries(ctx) })
	if err != nil {
		t.Fatal(err)
	}
	return g, e, src
}

// updateRecord proves every theorem of recorded, has cvc5 confirm each
// proof (cvc5 must be installed), and writes the results.
func updateRecord(t *testing.T, s *Solver) {
	second := cvc5(t)
	cpu := "unknown"
	if info, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(info), "\n") {
			if name, ok := strings.CutPrefix(line, "model name"); ok {
				cpu = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(name), ":"))
				break
			}
		}
	}
	var out []theory.ProofRecord
	for _, rec := range recorded {
		if *updateOnly != "" && rec.theorem != *updateOnly && rec.theorem+" "+rec.spec != *updateOnly {
			i := slices.IndexFunc(theory.ProofRecords(), func(r theory.ProofRecord) bool { return r.Theorem == rec.theorem && r.Game == rec.spec })
			if i < 0 {
				t.Fatalf("%s %s has no record to keep", rec.theorem, rec.spec)
			}
			out = append(out, theory.ProofRecords()[i])
			continue
		}
		g, e, _ := theoremExpr(t, rec.theorem, rec.spec)
		th, _ := theory.ByName(rec.theorem)
		timeout := rec.timeout
		if *confirmOnly {
			timeout = max(timeout, 5*time.Minute) // z3's time is not recorded again
		}
		r, err := Prove(context.Background(), g, e, Options{Solver: s, Timeout: timeout, Moves: th.WinningMoves(context.Background(), g),
			Confirm: second, ConfirmTimeout: confirmTimeout})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s %s: %s (%s) in %.1f s %s", rec.theorem, rec.spec, r.Result, r.Proof, r.Seconds, r.Reason)
		seconds := r.Seconds
		var confirmation *theory.ProofConfirmation
		if c := r.Confirmation; c != nil {
			seconds -= c.Seconds // the record's time is the first solver's proof
			confirmation = &theory.ProofConfirmation{Solver: strings.TrimPrefix(c.Version, "This is "), Result: c.Result, Reason: c.Reason, Seconds: math.Round(c.Seconds*10) / 10}
			t.Logf("  %s: %s in %.1f s %s", c.Solver, c.Result, c.Seconds, c.Reason)
		}
		record := theory.ProofRecord{Theorem: rec.theorem, Game: rec.spec, Result: r.Result, Proof: r.Proof,
			Seconds: math.Round(seconds*10) / 10, Timeout: rec.timeout.String(), Solver: r.SolverVersion, CPU: cpu}
		if *confirmOnly {
			i := slices.IndexFunc(theory.ProofRecords(), func(r theory.ProofRecord) bool { return r.Theorem == rec.theorem && r.Game == rec.spec })
			if i < 0 {
				t.Fatalf("%s %s has no record to keep", rec.theorem, rec.spec)
			}
			old := theory.ProofRecords()[i]
			if old.Result != r.Result || old.Proof != r.Proof {
				t.Fatalf("%s %s: %s (%s), recorded %s (%s): -confirm-only keeps no such change", rec.theorem, rec.spec, r.Result, r.Proof, old.Result, old.Proof)
			}
			record = old
		}
		record.Confirmation = confirmation
		// The certificate's status is recorded by package certificate's
		// tests: kept.
		if i := slices.IndexFunc(theory.ProofRecords(), func(r theory.ProofRecord) bool { return r.Theorem == rec.theorem && r.Game == rec.spec }); i >= 0 {
			record.Certificate = theory.ProofRecords()[i].Certificate
		}
		out = append(out, record)
	}
	data, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("../theory/proofs.json", append(data, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}

func pow(b, e int) int {
	r := 1
	for range e {
		r *= b
	}
	return r
}

// mutants breaks an expression: each && loses its right clause, each
// comparison's right side and each colmod's modulus is shifted by one.
func mutants(t *testing.T, src string) []string {
	t.Helper()
	var out []string
	for k := 0; ; k++ {
		tree, err := parser.Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		i, changed := 0, false
		ast.Walk(&tree.Node, mutator(func(node *ast.Node) {
			if call, ok := (*node).(*ast.CallNode); ok && !changed && len(call.Arguments) > 0 {
				// colmod's modulus, shifted by one.
				m, isInt := call.Arguments[0].(*ast.IntegerNode)
				if name, ok := call.Callee.(*ast.IdentifierNode); ok && isInt && name.Value == "colmod" {
					if i != k {
						i++
						return
					}
					changed = true
					call.Arguments[0] = &ast.IntegerNode{Value: m.Value + 1}
				}
				return
			}
			n, ok := (*node).(*ast.BinaryNode)
			if !ok || changed {
				return
			}
			switch n.Operator {
			case "&&", "==", "<=", "<":
			default:
				return
			}
			if i != k {
				i++
				return
			}
			changed = true
			if n.Operator == "&&" {
				*node = n.Left
				return
			}
			n.Right = &ast.BinaryNode{Operator: "+", Left: n.Right, Right: &ast.IntegerNode{Value: 1}}
		}))
		if !changed {
			return slices.Compact(out)
		}
		out = append(out, tree.Node.String())
		if len(out) >= 6 {
			return out
		}
	}
}

type mutator func(node *ast.Node)

func (m mutator) Visit(node *ast.Node) { m(node) }
