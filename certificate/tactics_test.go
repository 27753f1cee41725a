package certificate

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/nimlab/nimlab/prove"
)

// TestLean: a case's tactic is tried first without the conditions of its
// path the solver's core leaves out (or, with no core, without other
// moves' minima), then with every hypothesis.
func TestLean(t *testing.T) {
	tests := []struct {
		needs []int
		depth int
		want  string
	}{
		{nil, 4, "first [solve [clear_foreign; linear] | linear]"},
		{[]int{}, 4, "first [solve [clear C1 C2 C3; linear] | linear]"},
		{[]int{1, 3}, 5, "first [solve [clear C2 C4; linear] | linear]"},
		{[]int{1, 2}, 3, "linear"},
		{[]int{}, 1, "linear"},
	}
	for _, tt := range tests {
		if got := lean("linear", tt.needs, tt.depth); got != tt.want {
			t.Errorf("lean(linear, %v, %d) = %q, want %q", tt.needs, tt.depth, got, tt.want)
		}
	}
}

// TestCoresHold: the conditions a leaf of a learned split keeps (its
// core, and each lia call's), with the negation of what they prove, are
// unsatisfiable by themselves, as another solver call confirms, so the
// cases coqc checks have what they need; and the certificate written with
// them is accepted (CN(5,2), whose cases have several conditions).
func TestCoresHold(t *testing.T) {
	long(t)
	z3, err := prove.FindSolver(context.Background(), "z3")
	if err != nil {
		if os.Getenv("NIMLAB_PROVE_TESTS") == "1" {
			t.Fatal(err)
		}
		t.Skip("z3 is not installed")
	}
	ctx := context.Background()
	g := parse(t, "cn:5,2")
	c := Claim{Game: g, Set: compile(t, g, "sym(b == e && a - c == d - b && a == max(a, b, c, d, e))"), Solver: z3}
	moves, err := learnMoves(ctx, c, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	c.Moves = moves
	w, err := newWriter(c)
	if err != nil {
		t.Fatal(err)
	}
	s, err := w.splitter()
	if err != nil {
		t.Fatal(err)
	}
	root, err := s.learn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	leaves, tightened := 0, 0
	_ = s.eachLeaf(root, func(c *caseNode, path []string) error {
		leaves++
		kept := func(needs []int, goal string) {
			t.Helper()
			parts := []string{"!" + goal}
			for _, d := range needs {
				parts = append(parts, path[d])
			}
			exprs, err := s.compileParts(parts)
			if err != nil {
				t.Fatal(err)
			}
			_, r, _, err := prove.FindPositionAmong(ctx, z3, exprs, s.n, confirmTimeout)
			if err != nil || r.Answer != prove.Unsat {
				t.Errorf("the conditions %v kept for %.80s are %s (%v)", needs, goal, r.Answer, err)
			}
		}
		if c.needs != nil {
			kept(c.needs, s.formula(c.plan))
		}
		for node, needs := range c.nodeNeeds {
			tightened++
			kept(needs, srcOf(node.node))
		}
		return nil
	})
	t.Logf("%d leaves, %d lia calls with their own conditions", leaves, tightened)
	if tightened == 0 {
		t.Error("no lia call was given its own conditions")
	}
	coqc(t)
	w.sym = nil
	var b strings.Builder
	s.write(&b, root, 1)
	w.lemmas(b.String())
	if checked := coqcChecks(t, "cn52_cores", w.b.String()); !checked.Accepted {
		t.Errorf("coqc rejected the certificate: %s", checked.Output)
	}
}

// TestEitherRoute: the plain route's text when it settles first or within
// the grace, the canonical one's otherwise, also when the time runs out
// while the plain route is waited for (red team: the canonical text was
// lost then), and the plain route's error when it is not "no split".
func TestEitherRoute(t *testing.T) {
	never := func(ctx context.Context) (string, error) { <-ctx.Done(); return "", ctx.Err() }
	text := func(s string, after time.Duration) func(context.Context) (string, error) {
		return func(ctx context.Context) (string, error) {
			select {
			case <-time.After(after):
				return s, nil
			case <-ctx.Done():
				return "", ctx.Err()
			}
		}
	}
	fail := func(err error) func(context.Context) (string, error) {
		return func(context.Context) (string, error) { return "", err }
	}
	noSplit := uncertifiable(ReasonCaseSplit, "not settled")
	boom := errors.New("boom") // an error that is not "no split"
	tests := []struct {
		name             string
		plain, canonical func(context.Context) (string, error)
		deadline         time.Duration
		want             string
		wantErr          error
	}{
		{"plain first", text("plain", 0), text("canonical", time.Second), time.Minute, "plain", nil},
		{"plain within the grace", text("plain", 1500*time.Millisecond), text("canonical", time.Second), time.Minute, "plain", nil},
		{"canonical, plain never", never, text("canonical", 0), time.Minute, "canonical", nil},
		{"canonical, time out in the grace", never, text("canonical", time.Second), 1500 * time.Millisecond, "canonical", nil},
		{"plain no split", fail(noSplit), text("canonical", 50*time.Millisecond), time.Minute, "canonical", nil},
		{"plain no moves", fail(ErrNoMoves), text("canonical", 50*time.Millisecond), time.Minute, "canonical", nil},
		{"plain other error", fail(boom), text("canonical", time.Second), time.Minute, "", boom},
	}
	for _, tt := range tests {
		ctx, cancel := context.WithTimeout(context.Background(), tt.deadline)
		got, err := eitherRoute(ctx, tt.plain, tt.canonical)
		cancel()
		if got != tt.want || !errors.Is(err, tt.wantErr) {
			t.Errorf("%s: %q, %v; want %q, %v", tt.name, got, err, tt.want, tt.wantErr)
		}
	}
}

// TestTightenOutOfTime: a settled split whose cores are sought when the
// time is out stays a split (red team: tighten's error lost it).
func TestTightenOutOfTime(t *testing.T) {
	z3, err := prove.FindSolver(context.Background(), "z3")
	if err != nil {
		t.Skip("z3 is not installed")
	}
	g := parse(t, "cn:4,2")
	w, err := newWriter(Claim{Game: g, Set: compile(t, g, "a == c && b == d"), Solver: z3,
		Moves: [][]string{{"c", "d", "c", "d"}, {"a", "b", "a", "b"}, {"a", "d", "a", "d"}, {"c", "b", "c", "b"}}})
	if err != nil {
		t.Fatal(err)
	}
	s, err := w.splitter()
	if err != nil {
		t.Fatal(err)
	}
	root, err := s.learn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := s.tighten(ctx, root); err != nil {
		t.Errorf("tighten out of time: %v", err)
	}
}

// TestMergedCases: a move case's goals handed to lia together
// (mergedMove) are proved that way, not by the fallback that proves them
// apart: the certificate with each fallback removed is accepted.
func TestMergedCases(t *testing.T) {
	coqc(t)
	g := parse(t, "nim:2/misere")
	c := Claim{Game: g, Set: compile(t, g, "a == b && a > 1 || a + b == 1"), Moves: [][]string{{"a", "a"}, {"b", "b"}, {"a", "0"}, {"0", "b"}, {"1", "0"}, {"0", "1"}}}
	text, err := Write(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	merged, n := mergedOnly(t, text)
	if n == 0 {
		t.Fatal("no case hands lia its goals together")
	}
	if checked := coqcChecks(t, "certificate", merged); !checked.Accepted {
		t.Errorf("the %d merged cases alone: coqc rejected them: %s", n, checked.Output)
	}
}

// mergedOnly returns text with each "first [solve [M] | A]" whose M hands
// lia a case's goals together (eenough (H : ...)) replaced by M, and how
// many.
func mergedOnly(t *testing.T, text string) (string, int) {
	t.Helper()
	return firstOnly(t, text, "eenough (H :")
}

// firstOnly returns text with each "first [solve [M] | ...]" whose M
// holds marker replaced by M, and how many.
func firstOnly(t *testing.T, text, marker string) (string, int) {
	t.Helper()
	const open = "first [solve ["
	// closing returns the index past the bracket that closes the one
	// before i.
	closing := func(i int) int {
		for depth := 1; depth > 0; i++ {
			if i >= len(text) {
				t.Fatal("unbalanced brackets")
			}
			switch text[i] {
			case '[':
				depth++
			case ']':
				depth--
			}
		}
		return i
	}
	var b strings.Builder
	n, i := 0, 0
	for {
		j := strings.Index(text[i:], open)
		if j < 0 {
			b.WriteString(text[i:])
			return b.String(), n
		}
		j += i
		start := j + len(open)
		end := closing(start)
		b.WriteString(text[i:j])
		if !strings.Contains(text[start:end], marker) {
			b.WriteString(open)
			i = start
			continue
		}
		n++
		b.WriteString(text[start : end-1])
		i = closing(j + len("first ["))
	}
}
