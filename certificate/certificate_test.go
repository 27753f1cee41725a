package certificate

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
	"time"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/table"
)

// coqc skips tb when coqc is not installed, or fails it when
// NIMLAB_COQ_TESTS=1 (CI).
// long skips a test that takes a minute or more of coqc or z3 unless
// NIMLAB_LONG_TESTS=1: .ci/run runs them on purpose, so that the README's
// go test ./... stays well within Go's ten minutes on a busy machine.
func long(t *testing.T) {
	t.Helper()
	if os.Getenv("NIMLAB_LONG_TESTS") != "1" {
		t.Skip("NIMLAB_LONG_TESTS=1 runs it (a minute or more; .ci/run does)")
	}
}

func coqc(tb testing.TB) {
	tb.Helper()
	if _, err := exec.LookPath("coqc"); err != nil {
		if os.Getenv("NIMLAB_COQ_TESTS") == "1" {
			tb.Fatal("NIMLAB_COQ_TESTS=1 but coqc is missing: apt-get install coq")
		}
		tb.Skip("coqc is not installed (apt-get install coq); NIMLAB_COQ_TESTS=1 makes this a failure")
	}
}

func compile(t *testing.T, g *game.Game, src string) *check.Expr {
	t.Helper()
	e, err := check.Compile(src, g.Piles(), func() (*complex.Group, error) { return g.Symmetries(context.Background()) })
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func parse(t *testing.T, spec string) *game.Game {
	t.Helper()
	g, err := game.Parse(spec)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// coqPosition writes p as a Coq position.
func coqPosition(p game.Position) string {
	var b strings.Builder
	b.WriteString("(mk")
	for _, x := range p {
		fmt.Fprintf(&b, " %d", x)
	}
	return b.String() + ")"
}

// checkGoals writes the definitions of a certificate of c (up to its
// lemmas; a nim-sum certificate's for a nim-sum claim, Moore's for
// colmod) and the goals after them to a file, and has coqc check it: each
// goal must be proved.
func checkGoals(t *testing.T, c Claim, goals []string) {
	t.Helper()
	w, err := newWriter(c)
	// The piles are numbers: cbv computes min, max, / and mod, and Z.lxor
	// (not the comparisons, which lia reads).
	tactic := "unfold inS, move, valid, total; cbv -[Z.gt Z.ge Z.lt Z.le not]; lia"
	if sum, ok := nimSumClaim(c); ok {
		w, err = newNimSumWriter(c, sum)
	}
	if s, ok, merr := mooreClaim(c); ok && merr == nil {
		w, err = newMooreWriter(c, s)
		tactic = "unfold inS; cbn [" + strings.Join(w.fields, " ") + "]; decide_colmod"
	}
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString(w.b.String())
	for i, goal := range goals {
		fmt.Fprintf(&b, "Example goal%d : %s.\nProof. %s. Qed.\n", i, goal, tactic)
	}
	checked := coqcChecks(t, "goals", b.String())
	if !checked.Compiled {
		t.Fatalf("%s: coqc rejected the goals: %s", c.Game.Spec, checked.Output)
	}
}

// coqcChecks saves text as name.v with the libraries it requires and has
// coqc check it.
func coqcChecks(t *testing.T, name, text string) *Checked {
	t.Helper()
	path, err := Save(t.TempDir(), name, text)
	if err != nil {
		t.Fatal(err)
	}
	checked, err := Check(context.Background(), path, 5*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	return checked
}

// identity is the candidate move that moves nowhere: a stand-in where
// only the definitions are read.
func identity(n int) [][]string {
	m := make([]string, n)
	for i := range m {
		m[i] = check.PileName(i)
	}
	return [][]string{m}
}

// TestSetIsTheEvaluators: inS, as the certificate writes it, holds at a
// position exactly when check's evaluator accepts it, on small boxes, as
// coqc reads it.
func TestSetIsTheEvaluators(t *testing.T) {
	long(t)
	coqc(t)
	for _, tt := range []struct {
		spec, expr string
		max        int
	}{
		{"cn:5,2", "sym(b == e && a - c == d - b && a == max(a, b, c, d, e))", 1},
		{"nim:3", "let mm = min(a, b); (mm + c) % 2 == 0 && abs(a - b) / 2 != c || !(a < b) && (a == 1 ? b > c : b < c)", 3},
		{"path:4,2", "(a == b) == (c == d) && max(a, b - c, -d) >= 0 && 2 * a - b * 3 <= c ** 1 + d ** 0", 2},
		// Comparisons with min and max, written as their arguments' (compare).
		{"nim:3", "a <= min(b, c) || b != max(a, c) && min(a, max(b, c)) < c || c == min(a, b) && max(a, b) > c + 1", 3},
		{"nim:3", "min(a, b) >= c && !(max(b, c) == a) || max(a, a, b) < 2 && a > min(a, c)", 3},
		// A let's min or max compared outside it, with the name bound again
		// (the red team's: once written as a == b).
		{"nim:2", "let tt = a; (let tt = 0; min(tt, b)) == tt && a >= b || (let tt = b; max(tt, 1)) == tt", 3},
		// slowmoves by its closed form, a pile that may be negative counted as empty.
		{"slow:3,2", "slowmoves(2, a, b, c) % 2 == 0 && slowmoves(1, a - 1, b) >= 1 || slowmoves(3, c, b - 2, a) == 1", 3},
		// Nim-sums, as the nim-sum certificates write them (nimsum.go).
		{"nim:3", "xor(a, b, c) == 0", 4},
		{"exact:3,1", "0 == c ^ xor(b, a)", 4},
		{"nim:4", "xor(a ^ d, c, b) == 0", 2},
		// sym() with images that repeat, written once (sym), and beside a
		// let bound outside it.
		{"exact:5,3", "sym(a == 0 && b == 0 && c == 0)", 2},
		{"nim:4", "let ss = a + b; sym(a == 0 && ss <= c + d) || d == 3", 2},
		// Moore's colmod, as Moore.v writes it (moore.go).
		{"moore:3,2", "colmod(3, c, a, b)", 5},
		{"nim:3", "colmod(2, a, b, c)", 4},
	} {
		g := parse(t, tt.spec)
		e := compile(t, g, tt.expr)
		in := e.Evaluator()
		box := table.Uniform(g.Piles(), tt.max)
		var goals []string
		p := make(game.Position, g.Piles())
		for idx := range box.Positions() {
			box.Position(idx, p)
			goal := "inS " + coqPosition(p)
			if !in(p) {
				goal = "~ " + goal
			}
			goals = append(goals, goal)
		}
		checkGoals(t, Claim{Game: g, Set: e, Moves: identity(g.Piles())}, goals)
	}
}

// TestMoveRelationIsTheGames: move, as the certificate writes it, holds
// between two positions of a small box exactly when q is an option of p by
// the game's own move generator, as coqc reads it; for every kind of move
// relation the certificates write (take and slow games on the facets,
// listed move sets with the rules' amounts).
func TestMoveRelationIsTheGames(t *testing.T) {
	long(t)
	coqc(t)
	for _, tt := range []struct {
		spec string
		max  int
	}{
		{"cn:4,2", 1}, {"slow:3,2", 2}, {"exact:3,2", 2}, {"exact:3,1", 1}, {"hyper:1-2-3,2-3", 1}, {"fixed(cn:3,2; 2)", 2}, {"nim:1 + cn:3,2", 1},
	} {
		g := parse(t, tt.spec)
		box := table.Uniform(g.Piles(), tt.max)
		var goals []string
		p, q := make(game.Position, g.Piles()), make(game.Position, g.Piles())
		for i := range box.Positions() {
			box.Position(i, p)
			for j := range box.Positions() {
				box.Position(j, q)
				goal := "move " + coqPosition(p) + " " + coqPosition(q)
				if !g.IsMove(p, q) {
					goal = "~ " + goal
				}
				goals = append(goals, goal)
			}
		}
		checkGoals(t, Claim{Game: g, Set: compile(t, g, "a == 0"), Moves: identity(g.Piles())}, goals)
	}
}

// TestCertifiesAndRejectsTampering: the certificates of small theorems are
// accepted by coqc with no assumption; the same with S changed by one
// constant, or a facet dropped from the move relation, is rejected. Bouton's
// theorem on Nim and Exact 1-Nim (nim-sum certificates, NimSum.v) too.
func TestCertifiesAndRejectsTampering(t *testing.T) {
	coqc(t)
	for _, tt := range []struct {
		spec, expr string
		moves      [][]string
		// tamper changes the text of the certificate; "" keeps it.
		tamper func(string) string
	}{
		{"nim:2", "a == b", [][]string{{"a", "a"}, {"b", "b"}}, nil},
		{"nim:2/misere", "a == b && a > 1 || a + b == 1", [][]string{{"a", "a"}, {"b", "b"}, {"a", "0"}, {"0", "b"}, {"1", "0"}, {"0", "1"}}, nil},
		// A lemma that a case implies S, whose case is not S's.
		{"nim:2/misere", "a == b && a > 1 || a + b == 1", [][]string{{"a", "a"}, {"b", "b"}, {"a", "0"}, {"0", "b"}, {"1", "0"}, {"0", "1"}}, func(s string) string {
			i := strings.Index(s, "Lemma inS_intro2 ")
			if i < 0 {
				return s
			}
			return s[:i] + strings.Replace(s[i:], " = 1)", " = 2)", 1)
		}},
		{"cn:4,2", "a == c && b == d", [][]string{{"c", "d", "c", "d"}, {"a", "b", "a", "b"}, {"a", "d", "a", "d"}, {"c", "b", "c", "b"}}, nil},
		// A remainder: lia reads it once named (linear, in Nimlab.v).
		{"slowset:3,{1,3}", "(a + b + c) % 2 == 0", [][]string{{"a - 1", "b", "c"}, {"a", "b - 1", "c"}, {"a", "b", "c - 1"}}, nil},
		{"nim:2", "a == b", [][]string{{"a", "a"}, {"b", "b"}}, func(s string) string {
			return strings.Replace(s, "((a p) = (b p))", "((a p) = ((b p) + 1))", 1) // S changed by one constant
		}},
		{"cn:4,2", "a == c && b == d", [][]string{{"c", "d", "c", "d"}, {"a", "b", "a", "b"}, {"a", "d", "a", "d"}, {"c", "b", "c", "b"}}, func(s string) string {
			i := strings.Index(s, "  \\/ (")
			j := strings.Index(s[i:], "\n")
			return s[:i] + s[i+j+1:] // the move relation's second facet dropped
		}},
		{"nim:3", "xor(a, b, c) == 0", nil, nil},
		{"nim:4", "xor(a, b, c, d) == 0", nil, nil},
		{"exact:3,1", "xor(a, b, c) == 0", nil, nil},
		{"nim:3", "xor(a, b, c) == 0", nil, func(s string) string {
			return strings.Replace(s, ") = 0.\n", ") = 1.\n", 1) // S changed by one constant
		}},
		{"nim:4", "xor(a, b, c, d) == 0", nil, func(s string) string {
			return dropLine(s, "(* {b} *)") // a pile dropped from the move relation
		}},
		{"exact:3,1", "xor(a, b, c) == 0", nil, func(s string) string {
			return dropLine(s, "(* {c} *)")
		}},
		// Moore's theorem (Moore.v), on Moore's Nim and on Nim (Bouton's
		// theorem read by columns), piles in any order.
		{"moore:3,2", "colmod(3, a, b, c)", nil, nil},
		{"moore:4,2", "colmod(3, d, b, a, c)", nil, nil},
		{"nim:3", "colmod(2, b, c, a)", nil, nil},
		{"cn:4,4", "colmod(5, a, b, c, d)", nil, nil}, // one facet
		{"moore:3,2", "colmod(3, a, b, c)", nil, func(s string) string {
			return strings.Replace(s, "colmod 3 [", "colmod 4 [", 1) // S changed by one constant
		}},
		{"moore:4,2", "colmod(3, a, b, c, d)", nil, func(s string) string {
			return dropLine(s, "(* {b, d} *)") // a facet dropped from the move relation
		}},
		{"moore:4,3", "colmod(4, a, b, c, d)", nil, func(s string) string {
			return dropLine(s, "(* {a, c, d} *)")
		}},
	} {
		g := parse(t, tt.spec)
		text, err := Write(context.Background(), Claim{Game: g, Set: compile(t, g, tt.expr), Moves: tt.moves})
		if err != nil {
			t.Fatal(err)
		}
		// Where S is a disjunction, a case of (II) names the case of S
		// it moves into by its lemma (moveTactic).
		if disjunction := strings.Contains(tt.expr, "||"); disjunction != strings.Contains(text, "apply (inS_intro") {
			t.Errorf("%s %s: S a disjunction %v, yet the lemmas of its cases used %v", tt.spec, tt.expr, disjunction, !disjunction)
		}
		want := true
		if tt.tamper != nil {
			tampered := tt.tamper(text)
			if tampered == text {
				t.Fatalf("%s: the tampering changed nothing", tt.spec)
			}
			text, want = tampered, false
		}
		dir := t.TempDir()
		path, err := Save(dir, "certificate", text)
		if err != nil {
			t.Fatal(err)
		}
		libs := []string{LibraryName}
		if strings.Contains(text, "split_sound") { // (II) as one computation
			libs = append(libs, ReflectLibraryName)
		}
		if strings.Contains(tt.expr, "xor") {
			libs = append(libs, NimSumLibraryName)
		}
		if strings.Contains(tt.expr, "colmod") {
			libs = append(libs, MooreLibraryName)
		}
		if got := Libraries(text); !slices.Equal(got, libs) {
			t.Errorf("%s %s: libraries %v, want %v", tt.spec, tt.expr, got, libs)
		}
		for _, lib := range libs {
			if _, err := os.Stat(filepath.Join(dir, lib)); err != nil {
				t.Errorf("%s %s: %s not saved beside the certificate: %v", tt.spec, tt.expr, lib, err)
			}
		}
		checked, err := Check(context.Background(), path, 5*time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		if checked.Accepted != want {
			t.Errorf("%s %s (tampered: %v): accepted %v, want %v: %s", tt.spec, tt.expr, tt.tamper != nil, checked.Accepted, want, checked.Output)
		}
	}
}

// dropLine returns s without the line that holds mark.
func dropLine(s, mark string) string {
	i := strings.Index(s, mark)
	if i < 0 {
		return s
	}
	start, end := strings.LastIndex(s[:i], "\n")+1, i+strings.Index(s[i:], "\n")+1
	return s[:start] + s[end:]
}

// TestUncertifiable: what a certificate cannot state is said, by reason.
func TestUncertifiable(t *testing.T) {
	for _, tt := range []struct {
		spec, expr string
		moves      [][]string
		reason     Reason
	}{
		// xor beside the nim-sum certificates' shape (nimsum.go).
		{"nim:3/misere", "xor(a, b, c) == 0", identity(3), ReasonDigits},
		{"nim:3", "xor(a, b) == 0", identity(3), ReasonDigits},
		{"nim:3", "xor(a, b, b, c) == 0", identity(3), ReasonDigits},
		{"nim:3", "xor(a, b) == c", identity(3), ReasonDigits},
		{"nim:3", "xor(a, b, c) != 0", identity(3), ReasonDigits},
		{"moore:3,2", "xor(a, b, c) == 0", identity(3), ReasonDigits},
		{"slow:3,1", "xor(a, b, c) == 0", identity(3), ReasonDigits},
		{"cn:3,2", "a ^ b ^ c == 0", identity(3), ReasonDigits},
		{"nim:2", "a * b == 0", identity(2), ReasonNonlinear},
		{"nim:2", "(a - b) / 2 == 0", identity(2), ReasonSign},
		{"nim:2", "(a == b) + 1 == 2", identity(2), ReasonBoolean},
		{"slow:3,2", "slowmoves(b, a, c) % 2 == 0", identity(3), ReasonUnsupported},
		{"nim:2", "a == b", nil, ReasonNoMoves},
		{"nim:2", "a == b", [][]string{{"a ^ b", "b"}}, ReasonDigits},
	} {
		g := parse(t, tt.spec)
		_, err := Write(context.Background(), Claim{Game: g, Set: compile(t, g, tt.expr), Moves: tt.moves})
		var u *UncertifiableError
		if !errors.As(err, &u) || u.Reason != tt.reason || !errors.Is(err, ErrUncertifiable) {
			t.Errorf("%s %s: %v, want a reason %s", tt.spec, tt.expr, err, tt.reason)
		}
		if errors.Is(err, ErrNoMoves) != (tt.reason == ReasonNoMoves) {
			t.Errorf("%s %s: errors.Is(%v, ErrNoMoves) = %v", tt.spec, tt.expr, err, !(tt.reason == ReasonNoMoves))
		}
	}
}

// TestFileName: certificates of different claims, or of games whose specs
// differ only in what a Coq name cannot hold, do not share a file; a
// theorem's on a plain spec keeps a readable name.
func TestFileName(t *testing.T) {
	if got := FileName("cn:6,3", "cn63", ""); got != "nimlab_cn63_cn_6_3" {
		t.Errorf("FileName(cn:6,3, cn63) = %s", got)
	}
	seen := map[string]string{}
	for _, c := range [][3]string{
		{"hyper:1-2,3", "", ""}, {"hyper:1,2-3", "", ""}, {"hyper:1-2-3", "", ""},
		{"nim:1+nim:2", "", "a == b"}, {"nim:1&nim:2", "", "a == b"},
		{"cn:4,2", "", "a == c && b == d"}, {"cn:4,2", "", "c == a && d == b"}, {"cn:4,2", "cn42", ""},
	} {
		name := FileName(c[0], c[1], c[2])
		if prev, ok := seen[name]; ok {
			t.Errorf("%v and %s share the name %s", c, prev, name)
		}
		seen[name] = fmt.Sprint(c)
		for _, r := range name {
			if !(r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9') {
				t.Errorf("%s is not a Coq module name", name)
			}
		}
	}
}

// TestCheckNeedsTheCharacterizationClosed: coqc's "Closed under the
// global context" counts only as the verdict on characterization, the
// file's last command: a file whose characterization rests on an axiom is
// not accepted because another theorem's assumptions print it (the red
// team's file).
func TestCheckNeedsTheCharacterizationClosed(t *testing.T) {
	coqc(t)
	for _, tt := range []struct {
		text string
		want bool
	}{
		{"Require Import ZArith Lia Nimlab.\nAxiom cheat : False.\nTheorem characterization : forall n : Z, n = 0. Proof. exfalso; exact cheat. Qed.\nPrint Assumptions characterization.\nPrint Assumptions I.\n", false},
		{"Require Import ZArith Lia Nimlab.\nAxiom cheat : False.\nTheorem characterization : forall n : Z, n = 0. Proof. exfalso; exact cheat. Qed.\nPrint Assumptions characterization.\n", false},
		// Closed, but not nimlab's statement.
		{"Require Import ZArith Lia Nimlab.\nTheorem characterization : forall n : Z, n + 0 = n. Proof. intros; lia. Qed.\nPrint Assumptions characterization.\n", false},
		{"Require Import ZArith Lia Nimlab.\n" + trivialGame + statement(false) + "\nProof. intros p _; split; intros H; [exact I | apply P_rule; [intros q [] | discriminate]]. Qed.\nPrint Assumptions characterization.\n", true},
	} {
		checked := coqcChecks(t, "certificate", tt.text)
		if checked.Accepted != tt.want {
			t.Errorf("accepted %v, want %v: %s\n%s", checked.Accepted, tt.want, checked.Output, tt.text)
		}
	}
}

// trivialGame is a game with one position and no move, whose one position
// is a P-position (S holds everywhere): the definitions a statement needs.
const trivialGame = "Definition pos := unit.\nDefinition valid (p : pos) := True.\nDefinition total (p : pos) := 0%Z.\nDefinition move (p q : pos) := False.\nDefinition inS (p : pos) := True.\n"

// TestCheckerReadsTheStatementFromOutside: a certificate that says
// nimlab's statement but means another by a notation or a name of its own
// (the red team's files, 2026-11-30) is not accepted: its checker, which
// does not import it, reads Nimlab.isP as Nimlab.v's.
func TestCheckerReadsTheStatementFromOutside(t *testing.T) {
	coqc(t)
	cheat := "\nProof. intros; split; intros; exact I. Qed.\nPrint Assumptions characterization.\n"
	for name, text := range map[string]string{
		// "Nimlab.isP" read as True by a notation of the certificate.
		"notation": "Require Import ZArith Lia Nimlab.\nNotation \"Nimlab.isP\" := (fun (pos : Type) (move : pos -> pos -> Prop) (m : bool) (p : pos) => True).\n" +
			strings.Replace(trivialGame, "Definition move (p q : pos) := False.", "Definition move (p q : pos) := True.", 1) + statement(false) + cheat,
		// A module Nimlab of the certificate's own: coqc does not let it
		// mask the library's absolute name.
		"module": "Require Import ZArith Lia Nimlab.\nModule Nimlab.\nDefinition isP (pos : Type) (move : pos -> pos -> Prop) (m : bool) (p : pos) := True.\nEnd Nimlab.\n" +
			strings.Replace(trivialGame, "Definition move (p q : pos) := False.", "Definition move (p q : pos) := True.", 1) + statement(false) + cheat,
	} {
		checked := coqcChecks(t, "certificate", text)
		if checked.Accepted {
			t.Errorf("%s: accepted:\n%s", name, text)
		}
		if name == "notation" && !checked.Compiled {
			t.Errorf("notation: coqc did not compile the certificate, so its checker was not what rejected it: %s", checked.Output)
		}
	}
	// An axiom whose type prints a last line "Closed under the global
	// context" (the red team of 2026-12-06): the checker's first line says
	// there is an axiom.
	magic := "Require Import ZArith Lia Nimlab.\n" + trivialGame + "Definition long_name_for_a_type_indeed := Type.\n" +
		"Axiom magic : forall (Closed : Type -> Type -> Type -> Type -> Prop) (under the global context : long_name_for_a_type_indeed), Closed under the global context.\n" +
		statement(false) + "\nProof. exfalso. exact (magic (fun _ _ _ _ => False) nat nat nat nat). Qed.\nPrint Assumptions characterization.\n"
	if checked := coqcChecks(t, "certificate", strings.Replace(magic, "Definition move (p q : pos) := False.", "Definition move (p q : pos) := True.", 1)); checked.Accepted {
		t.Errorf("magic: accepted:\n%s\n%s", checked.Output, checked.CheckerOutput)
	}
	// A notation inside the certificate makes inS read "a = b + 1" where
	// it means a = b (the new-user trial of 2026-12-06): accepted, since
	// that is what inS is, and the checker prints inS as it is. (II) case
	// by case: as one computation, its S as data does not convert into
	// that inS, and coqc rejects the file.
	caseByCase(t)
	g := parse(t, "nim:2")
	text, err := Write(context.Background(), Claim{Game: g, Set: compile(t, g, "a == b"), Moves: [][]string{{"a", "a"}, {"b", "b"}}})
	if err != nil {
		t.Fatal(err)
	}
	disguised := strings.Replace(text, "Definition inS (p : pos) : Prop :=\n  ((a p) = (b p)).", "Section Claim.\nLocal Notation \"x + y\" := (Z.sub x (Z.sub y y)) : Z_scope.\nDefinition inS (p : pos) : Prop :=\n  ((a p) = ((b p) + 1)).\nEnd Claim.", 1)
	if disguised == text {
		t.Fatalf("the disguise changed nothing:\n%s", text)
	}
	checked := coqcChecks(t, "certificate", disguised)
	if !checked.Accepted || !strings.Contains(checked.CheckerOutput, "certificate.a p = certificate.b p - (1 - 1)") {
		t.Errorf("the checker does not print inS as Coq reads it (accepted %v):\n%s", checked.Accepted, checked.CheckerOutput)
	}
	// A certificate named as a library would be the checker's Nimlab.isP.
	if _, err := Save(t.TempDir(), "Nimlab", text); err == nil {
		t.Error("a certificate named Nimlab was saved")
	}
	// The checker is saved beside the certificate, and states its play.
	dir := t.TempDir()
	if _, err := Save(dir, "certificate", "Require Import Nimlab.\n"+trivialGame+statement(true)+"\n"); err != nil {
		t.Fatal(err)
	}
	checker, err := os.ReadFile(filepath.Join(dir, CheckerName("certificate")+".v"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(checker), "(Nimlab.isP certificate.pos certificate.move true p <-> certificate.inS p)") {
		t.Errorf("the checker does not state misère play:\n%s", checker)
	}
}

// TestLinearGoals: linear (Nimlab.v) proves goals lia_core alone does not
// read: parities stated as remainders that are not 0 (lia gives up on them
// and concludes on another remainder; linear proves it case by case), sums
// of Z.abs (named with their cases), nested minima and maxima, some of them
// ordered by the hypotheses and some not, and Z.succ over minima, which
// only the split with lia itself reads (zify); and it fails on false ones.
func TestLinearGoals(t *testing.T) {
	coqc(t)
	for _, tt := range []struct {
		name, goal string
		proved     bool
	}{
		{"parities", `forall x_a x_b x_c x_d : Z, 0 <= x_a /\ 0 <= x_b /\ 0 <= x_c /\ 0 <= x_d ->
  x_d <= x_b -> ~ ((x_a + x_b + x_c) mod 2 = 0) -> ~ (x_d mod 2 = 0) -> ~ (x_c <= x_d) -> x_a <= x_d -> x_a mod 2 = 0 ->
  ((x_a <= x_b /\ x_a <= x_c /\ x_a <= x_d) /\ x_a mod 2 = 0) /\ (x_b + x_c + x_d) mod 2 = 0`, true},
		{"abs", `forall x y : Z, 0 <= x -> Z.abs (x - y) <= x + Z.abs y /\ Z.abs (Z.abs y) = Z.max y (- y)`, true},
		{"nested minima", `forall a b c d : Z, a <= b -> 0 <= c ->
  Z.min a (Z.max b (Z.min c d)) = a /\ Z.max 1 (b + c - Z.min a d) >= Z.min (b - a + 1) (b + c - d)`, true},
		{"sum of abs", `forall a b c d e f g : Z, Z.abs (a - b) + Z.abs (b - c) + Z.abs (c - d) + Z.abs (d - e) +
  Z.abs (e - f) + Z.abs (f - g) >= Z.abs (a - g)`, true},
		{"succ of minima", `forall a b c d : Z, a <= b -> Z.succ (Z.min a (Z.min b (Z.min c d))) <= a + 1 /\ Z.max a (Z.max b c) >= b`, true},
		{"false", `forall a b c : Z, a <= b -> Z.min (Z.max a c) b = a`, false},
		{"false abs", `forall x y : Z, Z.abs (x - y) <= Z.abs x`, false},
	} {
		text := "Require Import ZArith Lia Nimlab.\nOpen Scope Z_scope.\nTheorem characterization : " + tt.goal +
			".\nProof. intros; linear. Qed.\nPrint Assumptions characterization.\n"
		checked := coqcChecks(t, "linear_"+strings.ReplaceAll(tt.name, " ", "_"), text) // not the statement: not "accepted"
		if proved := checked.Compiled && lastLine(checked.Output) == closed; proved != tt.proved {
			t.Errorf("%s: linear proves it: %v, want %v: %s", tt.name, proved, tt.proved, checked.Output)
		}
	}
}

// TestLearnBudget: the learning of moves has a quarter of the time left,
// from 5 s to a minute, and a minute with no deadline.
func TestLearnBudget(t *testing.T) {
	for _, tt := range []struct {
		left time.Duration // 0: no deadline
		want time.Duration
	}{
		{0, time.Minute},
		{time.Second, 5 * time.Second},
		{2 * time.Minute, 30 * time.Second},
		{time.Hour, time.Minute},
	} {
		ctx := context.Background()
		if tt.left > 0 {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, tt.left)
			defer cancel()
		}
		if got := learnBudget(ctx); got > tt.want || got < tt.want-time.Second {
			t.Errorf("%v left: budget %v, want %v", tt.left, got, tt.want)
		}
	}
}

// TestCheckCommandPrintsTheChecker: what the check command a report gives
// prints is its checker's output alone: "Closed under the global context"
// first for an honest certificate, and not first for one that rests on an
// axiom while printing the assumptions of another lemma (the new-user
// trial of 2026-12-07: the command's output began with the certificate's
// own line, the checker's "Axioms:" after it).
func TestCheckCommandPrintsTheChecker(t *testing.T) {
	coqc(t)
	g := parse(t, "nim:2")
	dir := t.TempDir()
	r, err := Certify(context.Background(), Claim{Game: g, Set: compile(t, g, "a == b"), Moves: [][]string{{"a", "a"}, {"b", "b"}}}, dir, "nim2", time.Minute)
	if err != nil || r.Status != Certified {
		t.Fatalf("%v %+v", err, r)
	}
	// The honest certificate's output, stderr with stdout: nothing before
	// the checker's first line.
	out, err := exec.Command("sh", "-c", r.Command).CombinedOutput()
	if got := string(out); err != nil || firstLine(got) != closed || !regexp.MustCompile(`isP\s+nim2\.pos\s+nim2\.move\s+false p`).MatchString(got) {
		t.Errorf("honest certificate (%v): the command prints\n%s\nnot first %q, then the statement in normal play", err, got, closed)
	}
	text, err := os.ReadFile(r.Path)
	if err != nil {
		t.Fatal(err)
	}
	tampered := regexp.MustCompile(`(?s)(Lemma condition_I :.*?)Proof\..*?Qed\.`).ReplaceAllString(string(text), "${1}Admitted.")
	tampered = strings.Replace(tampered, "Print Assumptions characterization.", "Print Assumptions total_nonnegative.", 1)
	if tampered == string(text) || !strings.Contains(tampered, "Admitted.") {
		t.Fatal("the tampering changed nothing")
	}
	if err := os.WriteFile(r.Path, []byte(tampered), 0o644); err != nil {
		t.Fatal(err)
	}
	// Its stdout, the checker's: the certificate compiles (coqc accepts an
	// Admitted) and prints its own verdict on another lemma.
	out, err = exec.Command("sh", "-c", r.Command).Output()
	if got := firstLine(string(out)); err != nil || got == closed {
		t.Errorf("a certificate resting on an axiom (%v): the command prints first %q", err, got)
	}
}

// TestCheckCommandFolder: the check command's cd goes to the folder the
// report names: an absolute path as it is, a relative one from ./ (not an
// option of cd, not a folder CDPATH finds), quoted where the shell needs
// it.
func TestCheckCommandFolder(t *testing.T) {
	for _, tt := range []struct{ path, cd string }{
		{"/tmp/out/c.v", "cd /tmp/out && "},
		{"out/c.v", "cd ./out && "},
		{"./out/c.v", "cd ./out && "},
		{"-x/c.v", "cd ./-x && "},
		{"c.v", "cd . && "},
		{"../up/c.v", "cd ../up && "},
		{"my dir/c.v", "cd './my dir' && "},
	} {
		r := &Report{Path: tt.path}
		if got := r.CheckCommand(); !strings.HasPrefix(got, tt.cd) || !strings.HasSuffix(got, `coqc -Q . "" check_c.v`) {
			t.Errorf("%s: %s, want it to start %q", tt.path, got, tt.cd)
		}
	}
}

// TestLearnMovesOutOfTime: learning cut by its budget says so
// (errMovesOutOfTime), and with time enough learns CN(6,3)'s moves.
func TestLearnMovesOutOfTime(t *testing.T) {
	g := parse(t, "cn:6,3")
	c := Claim{Game: g, Set: compile(t, g, "a + b == d + e && b + c == e + f")}
	if moves, err := learnMoves(context.Background(), c, time.Nanosecond); !errors.Is(err, errMovesOutOfTime) {
		t.Errorf("budget 1ns: moves %v, err %v; want errMovesOutOfTime", moves, err)
	}
	if moves, err := learnMoves(context.Background(), c, time.Minute); err != nil || len(moves) == 0 {
		t.Errorf("budget 1m: moves %v, err %v", moves, err)
	}
}

// TestSymTransfer: Nimlab.v's sym_transfer proves S at a symmetric
// position where each case of S is, as Coq reads it, the same term as a
// case of the goal (in another order), and fails, for the certificate to
// fall back on let_transfer, where a case is the same only up to the order
// of its conjunctions or where a case is missing.
func TestSymTransfer(t *testing.T) {
	coqc(t)
	const cases = `(x <= y /\ y = z + 1) \/ (y <= z /\ z = x + 1) \/ (z <= x /\ x = y + 1)`
	for _, tt := range []struct {
		name, goal string
		proves     bool
	}{
		{"permuted", `(z <= x /\ x = y + 1) \/ (x <= y /\ y = z + 1) \/ (y <= z /\ z = x + 1)`, true},
		{"same", cases, true},
		{"reordered conjunction", `(z <= x /\ x = y + 1) \/ (y = z + 1 /\ x <= y) \/ (y <= z /\ z = x + 1)`, false},
		{"case missing", `(z <= x /\ x = y + 1) \/ (y <= z /\ z = x + 1)`, false},
	} {
		// Compiled exactly when sym_transfer proves the goal, or fails
		// where it should.
		proof := "sym_transfer H. Qed."
		if !tt.proves {
			proof = "Fail sym_transfer H. Abort."
		}
		text := "Require Import ZArith Lia Nimlab.\nOpen Scope Z_scope.\nGoal forall x y z : Z, " + cases + " -> " + tt.goal +
			".\nProof. intros x y z H. " + proof + "\n"
		if checked := coqcChecks(t, "sym", text); !checked.Compiled {
			t.Errorf("%s: want proved %v: %s", tt.name, tt.proves, checked.Output)
		}
	}
}

// TestMisereLearnedMoves: a misère claim is certified with no moves given:
// the moves are learned (witness's grammar has the constant 1 the endings
// need, and its sample keeps the small positions), for misère CN(4,3),
// whose description discover finds from normal play.
func TestMisereLearnedMoves(t *testing.T) {
	coqc(t)
	g, err := game.Parse("cn:4,3/misere")
	if err != nil {
		t.Fatal(err)
	}
	e := compile(t, g, "let ones = a + 2 * b + 4 * c + 8 * d; max(a, b, c, d) >= 2 && (a == b && a == c && a == d) || max(a, b, c, d) <= 1 && (ones == 1 || ones == 2 || ones == 4 || ones == 8)")
	r, err := Certify(context.Background(), Claim{Game: g, Set: e}, t.TempDir(), "misere", 5*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != Certified || !r.Learned {
		t.Fatalf("%s (%s, learned %v): %s %s", r.Status, r.Reason, r.Learned, r.Detail, r.Output)
	}
	if r.Command == "" || r.Command != r.CheckCommand() {
		t.Errorf("check_command %q, want %q", r.Command, r.CheckCommand())
	}
}

// TestShortTimeoutSaysWhy: a certificate given too little time says why in
// Detail, which JSON carries: coqc did not finish, or the case split was
// not settled and more time may settle it.
func TestShortTimeoutSaysWhy(t *testing.T) {
	coqc(t)
	g, err := game.Parse("cn:6,3")
	if err != nil {
		t.Fatal(err)
	}
	e := compile(t, g, "a + b == d + e && b + c == e + f")
	for _, timeout := range []time.Duration{time.Millisecond, 300 * time.Millisecond} {
		r, err := Certify(context.Background(), Claim{Game: g, Set: e}, t.TempDir(), "short", timeout)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case r.Status == Unfinished && !strings.Contains(r.Detail, timeout.String()):
			t.Errorf("%v: unfinished, detail %q does not name the time", timeout, r.Detail)
		case r.Status == NotCertifiable && (r.Reason != ReasonCaseSplit && r.Reason != ReasonNoMoves || !strings.Contains(r.Detail, timeout.String())):
			t.Errorf("%v: %s (%s) %q", timeout, r.Status, r.Reason, r.Detail)
		case r.Status == NotCertifiable && r.Reason == ReasonCaseSplit && !strings.Contains(r.Detail, "more time"):
			t.Errorf("%v: case split, detail %q does not say more time may settle it", timeout, r.Detail)
		case (r.Status == Unfinished || r.Reason == ReasonCaseSplit && strings.Contains(r.Detail, "not learned within")) && !r.OutOfTime:
			t.Errorf("%v: %s (%s) out of time, but OutOfTime is false", timeout, r.Status, r.Reason)
		}
		t.Logf("%v: %s", timeout, r)
	}
}

// TestStoppedKeepsTheCertificate: a Certify whose context is cancelled
// (Ctrl-C) returns soon, with no error and Status Stopped, since the proof
// it certifies stands; a certificate whose text was complete is saved.
func TestStoppedKeepsTheCertificate(t *testing.T) {
	coqc(t)
	g, err := game.Parse("cn:4,3/misere")
	if err != nil {
		t.Fatal(err)
	}
	e := compile(t, g, "let ones = a + 2 * b + 4 * c + 8 * d; max(a, b, c, d) >= 2 && (a == b && a == c && a == d) || max(a, b, c, d) <= 1 && (ones == 1 || ones == 2 || ones == 4 || ones == 8)")
	// Stopped at once, and halfway through a run left alone (a fixed
	// delay was past the whole run on an idle machine).
	start := time.Now()
	whole, err := Certify(context.Background(), Claim{Game: g, Set: e}, t.TempDir(), "whole", 5*time.Minute)
	if err != nil || whole.Status != Certified {
		t.Fatalf("left alone: %v %v", whole, err)
	}
	stopped := func(after time.Duration) (*Report, time.Duration) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		stop := time.AfterFunc(after, cancel)
		defer stop.Stop()
		start := time.Now()
		r, err := Certify(ctx, Claim{Game: g, Set: e}, t.TempDir(), "stopped", 5*time.Minute)
		if err != nil {
			t.Fatalf("stopped after %v: %v", after, err)
		}
		return r, time.Since(start)
	}
	for _, after := range []time.Duration{0, time.Since(start) / 2} {
		r, took := stopped(after)
		// A run can be faster than the one measured (coqc's files warm,
		// the machine quieter): one that ended before its cancel came (or
		// with it) is tried again with a quarter of the delay.
		if r.Status == Certified && took < after+time.Second {
			t.Logf("ended certified in %v, before its cancel after %v: again after %v", took, after, after/4)
			after /= 4
			r, took = stopped(after)
		}
		if r.Status != Stopped {
			t.Fatalf("stopped after %v: status %s, want %s", after, r.Status, Stopped)
		}
		// The promise is a second; the slack is for a busy machine.
		if took > after+5*time.Second {
			t.Errorf("cancelled after %v, Certify returned after %v", after, took)
		}
		if after == 0 && r.Path != "" {
			t.Errorf("stopped at once, yet a certificate was saved: %s", r.Path)
		}
		if r.Path != "" {
			text, err := os.ReadFile(r.Path)
			if err != nil || !strings.Contains(string(text), "Theorem characterization") {
				t.Errorf("the stopped certificate %s was not saved whole (%v)", r.Path, err)
			}
		}
		t.Logf("stopped after %v: %s", after, r)
	}
}

// TestTooLargeIsNotCertifiable: lets that use the one before twice double
// the text a certificate writes them out to; past its bound the claim is
// "not certifiable (too_large)", a report and not an error (an error would
// lose the proof the command prints beside it). No coqc is needed: nothing
// is written.
func TestTooLargeIsNotCertifiable(t *testing.T) {
	g, err := game.Parse("nim:1")
	if err != nil {
		t.Fatal(err)
	}
	src := "let x1 = a"
	for i := 2; i <= 14; i++ {
		src += fmt.Sprintf("; let x%d = x%d + x%d - x%d", i, i-1, i-1, i-1)
	}
	e := compile(t, g, src+"; x14 == 0")
	r, err := Certify(context.Background(), Claim{Game: g, Set: e}, t.TempDir(), "toolarge", time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != NotCertifiable || r.Reason != ReasonTooLarge {
		t.Fatalf("%s (%s): %s", r.Status, r.Reason, r.Detail)
	}
}

// TestSymImagesOnce: sym()'s images that are the same condition up to the
// order of their conjunctions are written once, and the same ones at every
// position, whatever its piles (a proof's cases name S's disjuncts by their
// place): here at p and at a move's position with piles made 0.
func TestSymImagesOnce(t *testing.T) {
	g := parse(t, "exact:5,3")
	e := compile(t, g, "sym(a == 0 && b == 0 && c == 0)")
	w := &writer{n: 5, fields: []string{"a", "b", "c", "d", "e"}}
	moved := w.position("p")
	moved[0], moved[2] = constTerm(0), constTerm(0)
	for _, piles := range [][]term{w.position("p"), moved} {
		s, err := asProp(e, piles)
		if err != nil {
			t.Fatal(err)
		}
		// 120 permutations, C(5,3) = 10 sets of three piles.
		if s.tree.op != orOp || len(s.tree.args) != 10 {
			t.Errorf("%s: %d images, want 10", s.inline, len(s.tree.args))
		}
	}
}

// TestCommentHasNoDelimiters: the claim's text in the header comment
// neither closes nor opens a comment, whatever stars and parentheses it
// holds (red team: "(*)" closed it).
func TestCommentHasNoDelimiters(t *testing.T) {
	for _, s := range []string{"(*)", "(**)", "*)(*", "((*))", "a (* b *) c", "(*(*)*)", `"(*"`} {
		got := comment(s)
		if strings.Contains(got, "(*") || strings.Contains(got, "*)") || strings.Contains(got, `"`) {
			t.Errorf("comment(%q) = %q", s, got)
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.StringOfN(rapid.SampledFrom([]rune{'(', '*', ')', '"', ' ', 'a'}), 0, 12, -1).Draw(t, "s")
		if got := comment(s); strings.Contains(got, "(*") || strings.Contains(got, "*)") || strings.Contains(got, `"`) {
			t.Fatalf("comment(%q) = %q", s, got)
		}
	})
}

// TestExhaustedIsNoVerdict: coqc stopping for want of stack is read as no
// verdict on the file (the report says unfinished), not as a rejection
// (red team: a true sym() claim over 120 images was an internal error).
func TestExhaustedIsNoVerdict(t *testing.T) {
	coqc(t)
	text := "Require Import ZArith.\nFixpoint deep (n : nat) : nat := match n with 0 => 0 | S m => S (deep m) end.\n" +
		"Definition big : nat := Eval cbv in deep (Z.to_nat 3000000%Z).\n"
	checked, err := checkText(context.Background(), "deep", text, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if !checked.Exhausted || checked.Accepted || checked.Compiled {
		t.Errorf("got %+v, want exhausted", checked)
	}
}

// TestKilledIsNoVerdict: a coqc killed by a signal (the kernel's
// out-of-memory killer took a 21 GB coqc so, 2026-12-06) gives no verdict;
// it was reported as a rejection, an internal error.
func TestKilledIsNoVerdict(t *testing.T) {
	coqc(t)
	real, _ := exec.LookPath("coqc")
	bin := t.TempDir()
	script := "#!/bin/sh\ncase \"$*\" in *killed.v*) kill -9 $$ ;; esac\nexec " + real + " \"$@\"\n"
	if err := os.WriteFile(filepath.Join(bin, "coqc"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	checked, err := checkText(context.Background(), "killed", "Require Import Nimlab.\n", time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if !checked.Exhausted || checked.Accepted || checked.Compiled {
		t.Errorf("got %+v, want exhausted", checked)
	}
}

// TestCheckFolderLeavesNoFolder: the folders CheckFolder makes to try
// writing are gone afterwards (new-user trial: a refuted claim left an
// empty folder), and a file given as the folder, or as one of its parents,
// is named in a FolderError (kind file for the front ends).
func TestCheckFolderLeavesNoFolder(t *testing.T) {
	top := t.TempDir()
	if err := CheckFolder(filepath.Join(top, "x", "y")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(top, "x")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the folder made to try was left: %v", err)
	}
	if err := CheckFolder(top); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(top); err != nil {
		t.Errorf("a folder that was there is gone: %v", err)
	}
	file := filepath.Join(top, "f")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{file, filepath.Join(file, "sub", "x")} {
		err := CheckFolder(dir)
		var folder *FolderError
		if !errors.As(err, &folder) || err.Error() != file+" is a file, not a folder" {
			t.Errorf("%s, a file or under one: %v, want a FolderError naming the file", dir, err)
		}
	}
}

// TestSplitTime: the learning of a split has coqc's time up to five
// minutes, and half of it beyond ten.
func TestSplitTime(t *testing.T) {
	for _, tt := range []struct{ coqc, want time.Duration }{
		{3 * time.Second, 3 * time.Second},
		{3 * time.Minute, 3 * time.Minute},
		{10 * time.Minute, 5 * time.Minute},
		{12 * time.Minute, 6 * time.Minute},
		{40 * time.Minute, 20 * time.Minute},
	} {
		if got := SplitTime(tt.coqc); got != tt.want {
			t.Errorf("SplitTime(%v) = %v, want %v", tt.coqc, got, tt.want)
		}
	}
}
