package commands

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/nimlab/nimlab/prove"
	"github.com/nimlab/nimlab/prove/proof"
)

func TestSplitTopLevel(t *testing.T) {
	tests := []struct {
		in       string
		want     []string
		balanced bool
	}{
		{"a", []string{"a"}, true},
		{"b ^ c, b, c", []string{"b ^ c", "b", "c"}, true},
		{"min(a, b), max(b, c) - 1 ,c", []string{"min(a, b)", "max(b, c) - 1", "c"}, true},
		{"(let m = min(a, d); m ^ b), b", []string{"(let m = min(a, d); m ^ b)", "b"}, true},
		{"a,,b", []string{"a", "", "b"}, true},
		{"f(a, [b, c]), d)", nil, false},
		{"(b ^ c, b, c", []string{"(b ^ c, b, c"}, false},
	}
	for _, tt := range tests {
		got, balanced := splitTopLevel(tt.in)
		if balanced != tt.balanced || balanced && !slices.Equal(got, tt.want) {
			t.Errorf("splitTopLevel(%q) = %q, %v; want %q, %v", tt.in, got, balanced, tt.want, tt.balanced)
		}
	}
}

// TestProveMoveErrors: a --move that is not a position of the game's
// expressions is a request error that names it, before any solver is
// looked for.
func TestProveMoveErrors(t *testing.T) {
	t.Setenv("PATH", t.TempDir()) // no solver: the error must come first
	for _, tt := range []struct{ move, want string }{
		{"b ^ c, b", "has 2 piles; nim:3 has 3"},
		{" ", "--move is empty"},
		{"(b ^ c, b, c", "do not balance"},
		{"b ^ c), b, c", "do not balance"},
		{"b ^ c, , c", "pile 2 is empty"},
		{"b ^ c, zz, c", `--move "b ^ c, zz, c", pile 2: expression "zz": unknown name "zz"`},
	} {
		_, err := Prove(context.Background(), Env{}, ProveRequest{Game: "nim:3", Expr: "a ^ b ^ c == 0", Timeout: time.Second, Moves: []string{tt.move}})
		var re *RequestError
		if !errors.As(err, &re) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("--move %q: got %v, want a request error with %q", tt.move, err, tt.want)
		}
	}
}

// TestProveClaimErrors: --grundy and --where are checked before any solver
// is looked for.
func TestProveClaimErrors(t *testing.T) {
	t.Setenv("PATH", t.TempDir()) // no solver: the error must come first
	for _, tt := range []struct {
		req  ProveRequest
		want string
	}{
		{ProveRequest{Game: "nim:2", Expr: "a == b", Grundy: "a ^ b"}, "give only one of"},
		{ProveRequest{Game: "nim:2/misere", Grundy: "a ^ b"}, "normal play only"},
		{ProveRequest{Game: "nim:2", Expr: "a == b", Where: "zz == 0"}, `--where: expression "zz == 0": unknown name "zz"`},
		{ProveRequest{Game: "nim:2", Expr: "a == b", Moves: []string{"v, b"}}, `unknown name "v"`},
	} {
		tt.req.Timeout = time.Second
		_, err := Prove(context.Background(), Env{}, tt.req)
		var re *RequestError
		if !errors.As(err, &re) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%+v: got %v, want a request error with %q", tt.req, err, tt.want)
		}
	}
	// With --grundy a move may name v: the error is the missing solver.
	_, err := Prove(context.Background(), Env{}, ProveRequest{Game: "nim:2", Grundy: "a ^ b", Moves: []string{"b ^ v, b"}, Timeout: time.Second})
	if !errors.Is(err, ErrNoSolver) {
		t.Errorf("--grundy with a move naming v: %v, want ErrNoSolver", err)
	}
}

// TestProofKindsWorded: every kind of proof prove names has its words in
// package proof's table, which theory's records are read with too.
func TestProofKindsWorded(t *testing.T) {
	for kind, want := range map[proof.Kind]string{
		prove.ProofPresburger: "presburger arithmetic",
		prove.ProofBitVector:  "bitvector arithmetic",
		prove.ProofDigits:     "by induction on binary digits",
		prove.ProofNimSums:    "presburger arithmetic with the nim-sum's lemmas",
	} {
		if got := kind.Words(); got != want {
			t.Errorf("%s.Words() = %q, want %q", kind, got, want)
		}
	}
}

// TestProveVerdictHints: the hints of an unknown proof follow its typed
// fields (Result.Unsettled), not the wording of its reason.
func TestProveVerdictHints(t *testing.T) {
	for _, tt := range []struct {
		unsettled []prove.Unsettled
		proof     proof.Kind
		want      []string
		not       []string
	}{
		{[]prove.Unsettled{{Condition: proof.II, Kind: prove.ReasonTimeout}}, prove.ProofBitVector, []string{"longer --timeout", "let (II) be asked"}, []string{"(G2)"}},
		{[]prove.Unsettled{{Condition: proof.II, Kind: prove.ReasonSolver}}, prove.ProofPresburger, nil, []string{"longer --timeout", "let (II) be asked"}},
		{[]prove.Unsettled{{Condition: proof.G2, Kind: prove.ReasonTimeout}}, prove.ProofPresburger, []string{"longer --timeout", "let (G2) be asked"}, []string{"let (II)"}},
		{[]prove.Unsettled{{Condition: proof.R, Kind: prove.ReasonTimeout}}, prove.ProofPresburger, []string{"longer --timeout"}, []string{"let (II)", "(G2)"}},
	} {
		// The reason names every condition and says "no answer within":
		// only the typed fields may decide the hints.
		r := &ProveResult{Result: &prove.Result{Result: prove.Undecided, Proof: tt.proof, Unsettled: tt.unsettled,
			Reason: "(II): (G2): no answer within 1s (timeout)"}}
		err := r.Verdict()
		var v *Verdict
		if !errors.As(err, &v) || v.Code != 3 {
			t.Fatalf("%v: %v; want a verdict with code 3", tt.unsettled, err)
		}
		for _, w := range tt.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%v: %q lacks %q", tt.unsettled, err, w)
			}
		}
		for _, w := range tt.not {
			if strings.Contains(strings.TrimPrefix(err.Error(), "no proof: "+r.Reason), w) {
				t.Errorf("%v: %q has %q", tt.unsettled, err, w)
			}
		}
	}
}
