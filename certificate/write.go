package certificate

import (
	"cmp"
	"context"
	"fmt"
	"strings"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/prove"
)

// Claim is what a certificate proves: the P-positions of Game are exactly
// the positions Set accepts, condition (II) by the candidate Moves.
type Claim struct {
	Game *game.Game
	Set  *check.Expr
	// Moves are candidate winning moves, each a position whose piles are
	// expressions in the piles of the position moved from (as prove's
	// Options.Moves): every valid position outside S must have one of them
	// as a move into S.
	Moves [][]string
	// Solver, when not nil, is asked whether each case of the proof of
	// (II) holds beyond the box it was learned on (cases.go); its answers
	// are no proof, only fewer certificates that coqc rejects.
	Solver *prove.Solver
	// Name is the certificate's file name without .v, which the check
	// command of its opening comment names (Certify sets it); when empty
	// the comment says THIS_FILE.
	Name string
}

// maxPiles bounds the piles of a certificate's games: a to o.
const maxPiles = 15

// maxMoveSets bounds the move sets a certificate writes out one by one.
const maxMoveSets = 256

// writer holds what the parts of a certificate share.
type writer struct {
	c Claim
	n int
	// fields are the record's fields, one per pile: a, b, ... (check's
	// pile names).
	fields []string
	// relation is the move relation; moves are the candidate moves, one
	// expression per pile.
	relation moveRelation
	moves    [][]*check.Expr
	// sym, when not nil, reduces (I) and (II) to the canonical positions
	// (canonical.go).
	sym *symmetry
	// libs are the libraries the header requires.
	libs []string
	// hidden: S or the move relation names a minimum, a maximum, a
	// quotient or a remainder (hidesCases), a case split lia makes inside
	// a call.
	hidden bool
	// set is S at p as the split reads it (lets inlined).
	set *prop
	// whole: (II) is proved as one split (wholesplit.go).
	whole bool
	b     strings.Builder
}

// Write returns the text of the certificate of c, or an error wrapping
// ErrUncertifiable that says why it has none. A nim-sum claim on Nim
// (nimsum.go) is proved with NimSum.v's lemmas, and Moore's colmod on
// Moore's Nim (moore.go) with Moore.v's, their candidate moves unused
// (bylemmas.go); every other claim with lia. The case split of condition
// (II) is learned on a box (cases.go): a claim that is false, or moves that
// do not cover (II), give an error or a file that coqc rejects. When the
// split is not found for every position, it is sought for the canonical
// positions of the game's symmetries (canonical.go).
func Write(ctx context.Context, c Claim) (string, error) {
	if text, _, ok, err := byLemmas(c); ok {
		return text, err
	}
	// What the certificate cannot state is said once, not again by the
	// symmetric route.
	w, err := newWriter(c)
	if err != nil {
		return "", err
	}
	// Reduced to the canonical positions (canonical.go), the split has
	// fewer positions to cover and moves learned there serve. It is the
	// second choice: its lemmas cost coqc more where the first settles
	// (CN(5,4) 13 s against 3 s).
	sym, err := newSymmetry(ctx, c)
	if err != nil {
		return "", err
	}
	if sym == nil {
		return write(ctx, c, nil)
	}
	return writeEither(ctx, c, sym, sym.sorted && w.hidden)
}

// write returns the text of c's certificate, reduced by sym when not nil.
func write(ctx context.Context, c Claim, sym *symmetry) (string, error) {
	w, err := newWriter(c)
	if err != nil {
		return "", err
	}
	w.sym = sym
	s, root, err := w.caseSplit(ctx)
	if err != nil {
		return "", err
	}
	if whole, ok := w.wholeSplit(ctx, s, root); ok {
		if err := w.require("Reflect"); err != nil {
			return "", err
		}
		w.whole = true
		w.lemmas(whole.write(w))
		return w.b.String(), nil
	}
	if w.reflectCases(ctx, s, root); len(s.reflected) > 0 {
		if err := w.require("Reflect"); err != nil {
			return "", err
		}
	}
	w.lemmas(s.tree(root))
	return w.b.String(), nil
}

// newWriter writes the certificate's definitions: the game, S and the
// candidate moves.
func newWriter(c Claim) (*writer, error) {
	g := c.Game
	if len(c.Moves) == 0 {
		return nil, uncertifiable(ReasonNoMoves, "condition (II) needs candidate winning moves that cover it")
	}
	// The binders p and q of the definitions would hide the piles p and
	// q: lia reads no game of that size quickly anyway.
	if g.Piles() > maxPiles {
		return nil, uncertifiable(ReasonUnsupported, fmt.Sprintf("%d piles; a certificate names at most %d", g.Piles(), maxPiles))
	}
	w := &writer{c: c, n: g.Piles()}
	for i := range w.n {
		w.fields = append(w.fields, check.PileName(i))
	}
	var err error
	if w.relation, err = w.moveRelation(); err != nil {
		return nil, err
	}
	inS, err := asProp(c.Set, w.position("p"))
	if err != nil {
		return nil, err
	}
	if err := w.candidateMoves(); err != nil {
		return nil, err
	}
	var relation strings.Builder
	w.relation.write(&relation, w.position("p"), w.position("q"))
	w.hidden = hidesCases(inS.s) || hidesCases(relation.String())
	if g.Misere {
		if err := w.checkLastMoves(); err != nil {
			return nil, err
		}
	}
	w.set = inS.tree
	w.header("Nimlab")
	w.definitions(inS.s)
	w.writeMoves()
	return w, nil
}

// casesI returns the tactic of (I) after its cases are unfolded:
// cases_prune where S and the moves are linear atoms only, else cases_lia.
func (w *writer) casesI() string {
	if w.hidden {
		return "cases_lia"
	}
	return "cases_prune"
}

// hidesCases reports whether Coq text names a minimum, a maximum, a
// quotient or a remainder: each a case split lia makes inside a call, so
// that a call which fails (cases_prune's, on a case that holds) may take
// long.
func hidesCases(coq string) bool {
	for _, op := range []string{"Z.min", "Z.max", " / ", " mod "} {
		if strings.Contains(coq, op) {
			return true
		}
	}
	return false
}

// position returns the piles of the position named pos, as the
// definitions read them: (a pos), (b pos), ...
func (w *writer) position(pos string) []term {
	out := make([]term, w.n)
	for i, f := range w.fields {
		s := "(" + f + " " + pos + ")"
		out[i] = term{s: s, inline: s, src: f, nonNeg: true}
	}
	return out
}

// field returns the Coq term of pile i of the position named pos.
func (w *writer) field(pos string) func(i int) string {
	return func(i int) string { return "(" + w.fields[i] + " " + pos + ")" }
}

// header writes the certificate's opening comment and its Require line:
// Coq's ZArith and Lia, and the libraries named (Nimlab, and NimSum for a
// nim-sum certificate), which Check compiles first (Libraries).
func (w *writer) header(libs ...string) {
	w.libs = libs
	g, play := w.c.Game, "normal play"
	switch {
	case g.Misere && strings.Contains(g.Title, "misère"):
		play = "" // the title says it
	case g.Misere:
		play = "misère play"
	}
	if play != "" {
		play = ", " + play
	}
	name := cmp.Or(w.c.Name, "THIS_FILE")
	files := make([]string, len(libs))
	for i, l := range libs {
		files[i] = l + ".v"
	}
	fmt.Fprintf(&w.b, `(* nimlab certificate: %[1]s (%[2]s)%[3]s.
   S: %[4]s

   Theorem characterization, at the end, says that a valid position (every
   pile at least 0, with no upper bound) is a P-position of the game that
   move defines exactly when it is in S (inS). isP is defined in Nimlab.v
   from the move relation alone. What a referee reads is the checker beside
   this file (%[7]s.v) and what coqc prints of it: the theorem's
   assumptions (none), then pos, valid, total, move and inS as Coq reads them, to
   be read against the game's definition and the claim; Coq's kernel checks
   the rest. Check it in a folder with %[5]s:
     %[6]s *)

From Coq Require Import ZArith Lia.
Require Import %[8]s.
Open Scope Z_scope.

`, comment(g.Title), g.Spec, play, comment(w.c.Set.String()), strings.Join(files, " and "), compileCommand(files, name), CheckerName(name), strings.Join(libs, " "))
}

// comment makes s safe inside a Coq comment: no comment delimiters, and
// no double quote, which would open a string literal there.
// The two delimiters are parted one after the other: replaced at once,
// "(*)" became "( *)", which closes the comment (red team).
func comment(s string) string {
	s = strings.ReplaceAll(s, "(*", "( *") // no "(*" is left, and the next step writes no "("
	s = strings.ReplaceAll(s, "*)", "* )")
	return strings.ReplaceAll(s, `"`, "''")
}

func (w *writer) definitions(inS string) {
	b := &w.b
	fmt.Fprintf(b, "(* A position: the number of tokens on each pile, %s. *)\n", strings.Join(w.fields, ", "))
	fmt.Fprintf(b, "Record pos := mk { %s : Z }.\n\n", strings.Join(w.fields, " : Z; "))
	p := w.position("p")
	var valid, total []string
	for i := range w.n {
		valid = append(valid, "0 <= "+p[i].s)
		total = append(total, p[i].s)
	}
	fmt.Fprintf(b, "Definition valid (p : pos) : Prop := %s.\n\n", strings.Join(valid, " /\\ "))
	fmt.Fprintf(b, "Definition total (p : pos) : Z := %s.\n\n", strings.Join(total, " + "))
	w.relation.write(b, w.position("p"), w.position("q"))
	fmt.Fprintf(b, "(* S, the claim. *)\nDefinition inS (p : pos) : Prop :=\n  %s.\n\n", inS)
}

// setName writes a set of piles as {a, b, c}.
func (w *writer) setName(s complex.Set) string {
	var names []string
	for _, v := range s.Vertices() {
		names = append(names, w.fields[v])
	}
	return "{" + strings.Join(names, ", ") + "}"
}

// candidateMoves compiles the candidate winning moves.
func (w *writer) candidateMoves() error {
	for k, m := range w.c.Moves {
		if len(m) != w.n {
			return fmt.Errorf("candidate move %d gives %d piles; %s has %d", k+1, len(m), w.c.Game.Spec, w.n)
		}
		piles := make([]*check.Expr, w.n)
		for i, src := range m {
			e, err := check.Compile(src, w.n, nil)
			if err != nil {
				return fmt.Errorf("candidate move %d: %w", k+1, err)
			}
			if _, err = asValue(e, w.position("p")); err != nil {
				return err
			}
			piles[i] = e
		}
		w.moves = append(w.moves, piles)
	}
	return nil
}

// moveTo returns the piles of candidate move k from the position whose
// piles are p.
func (w *writer) moveTo(k int, p []term) []term {
	out := make([]term, w.n)
	for i, e := range w.moves[k] {
		t, err := asValue(e, p)
		if err != nil {
			panic(err) // candidateMoves translated it
		}
		out[i] = term{s: t.s, inline: t.inline, src: "(" + t.src + ")", nonNeg: true}
	}
	return out
}

// writeMoves writes the candidate winning moves w1, w2, ... as functions
// of the position.
func (w *writer) writeMoves() {
	b := &w.b
	b.WriteString("(* The candidate winning moves of (II): the position each moves to. *)\n")
	for k := range w.moves {
		var piles []string
		for _, t := range w.moveTo(k, w.position("p")) {
			piles = append(piles, t.s)
		}
		fmt.Fprintf(b, "Definition w%d (p : pos) : pos := mk %s.\n", k+1, strings.Join(piles, " "))
	}
	b.WriteString("\n")
}

// checkLastMoves checks, for misère play, that a move may take one token
// from any pile: (III) is proved by those moves (lastMove).
func (w *writer) checkLastMoves() error {
	g := w.c.Game
	r, equal := g.Rule().(game.EqualAmountRule)
	if !g.TakeOnFaces() && !(equal && r.EqualAmount() == 1 && g.OnFaces()) {
		return uncertifiable(ReasonUnsupported, "misère play of a game that is not Nim or slow Nim on a complex")
	}
	return nil
}

// lastMove returns the position that has one token less on pile i.
func (w *writer) lastMove(i int) string {
	p := w.position("p")
	piles := make([]string, w.n)
	for j := range w.n {
		piles[j] = p[j].s
		if j == i {
			piles[j] = "(" + piles[j] + " - 1)"
		}
	}
	return "mk " + strings.Join(piles, " ")
}

// lemmas writes the proofs: the game's well-foundedness, (I), (II) by the
// candidate moves along the case split, (III) in misère play, and the
// characterization from Nimlab.v.
func (w *writer) lemmas(split string) {
	b := &w.b
	misere := w.c.Game.Misere
	names := []string{"move", "inS"}
	for k := range w.moves {
		names = append(names, fmt.Sprintf("w%d", k+1))
	}
	if misere {
		for i := range w.n {
			names = append(names, fmt.Sprintf("last%d", i+1))
			fmt.Fprintf(b, "(* A move of one token from pile %s. *)\nDefinition last%d (p : pos) : pos := %s.\n", w.fields[i], i+1, w.lastMove(i))
		}
		b.WriteString("\n")
	}
	// unfold writes the tactic that unfolds the definitions names (with
	// valid and total) in where, and reduces what they leave, unfolding
	// the definitions in cbn too (besides the fields): a candidate move
	// given to cbn rather than unfold is unfolded where a field is read
	// from it, into that field alone. Unfolded by unfold, a move would be
	// copied whole, every field, into each place move reads a field of
	// its position, and the kernel's check of each case (under abstract)
	// takes that much longer (CN(7,4): 54 of its cases took 15.7 s of
	// coqc, and 11.7 s; docs/proofs.md).
	unfold := func(names, cbn, where string) string {
		fields := strings.Join(w.fields, " ")
		if cbn != "" {
			fields += " " + cbn
		}
		return fmt.Sprintf("unfold %s, valid, total in %s; cbn [%s] in %s; cbv zeta in %s", names, where, fields, where, where)
	}
	every := strings.Join(names, ", ")
	fmt.Fprintf(b, "Ltac unfold_all := %s.\n", unfold(every, "", "*"))
	fmt.Fprintf(b, "Ltac unfold_hyp H := %s.\n", unfold(every, "", "H"))
	// The proof of (II) keeps "p is outside S" folded: lia, which reads
	// every hypothesis, would put it in normal form at every step. A case
	// of its split unfolds the goal once it names its move, and then that
	// move's definitions only, or S's where p is in S (tactics.go,
	// pickCase); unfold_concl is misère play's "no tokens left".
	fmt.Fprintf(b, "Ltac unfold_concl := %s.\n", unfold(every, "", "|- *"))
	fmt.Fprintf(b, "Ltac unfold_move w := %s.\n", unfold("move, inS", "w", "|- *"))
	fmt.Fprintf(b, "Ltac unfold_inS := %s.\n", unfold("inS", "", "|- *"))
	// Where S is a disjunction, a case of the split proves the move and
	// the case of S apart (tactics.go, moveTactic): the move unfolded
	// alone (unfold_moved), the case of S through its lemma, at the
	// move's position unfolded (unfold_point).
	fmt.Fprintf(b, "Ltac unfold_moved w := %s.\n", unfold("move", "w", "|- *"))
	fmt.Fprintf(b, "Ltac unfold_point w := cbn [%s w] in |- *; cbv zeta in |- *.\n\n", strings.Join(w.fields, " "))
	b.WriteString(`Lemma total_nonnegative : forall p, valid p -> 0 <= total p.
Proof. intros []; unfold_all; linear. Qed.

Lemma move_valid : forall p q, valid p -> move p q -> valid q.
Proof. intros p q _ H; apply H. Qed.

Lemma move_lowers_total : forall p q, valid p -> move p q -> total q < total p.
Proof. intros [] []; unfold_all; linear. Qed.

Lemma inS_decidable : forall p, valid p -> inS p \/ ~ inS p.
Proof. intros [] _; unfold_all; decide_condition. Qed.

`)
	w.introLemmas()
	canonical, intros := w.conditionI()
	goal := "exists q, move p q /\\ inS q"
	if misere {
		goal = "total p = 0 \\/ " + goal
	}
	how := `The proof splits the positions into cases by linear conditions (C1, C2,
   ...): in each, the position is in S (against Hn), or it names the
   candidate move (w1, w2, ... above), the facet and the case of S it
   moves into, for lia. Hn stays folded but where it is used.`
	if w.whole {
		how = `By split_sound (Reflect.v) on the split above, its leaves
   checked by the kernel's virtual machine (split_open: all but those
   listed, proved here by lia): p is in S (against Hn), or the position
   qs the split names is a move from p into S, once the data are
   converted into valid, canonical, move and inS.`
	}
	fmt.Fprintf(b, `(* (II): from every valid %sposition outside S, a candidate move into S.
   %s *)
Lemma witnesses : forall p, valid p -> %s~ inS p ->
  %s.
Proof.
  %s
%sQed.

`, strings.TrimSuffix(canonical, "p -> "), how, canonical, goal, fmt.Sprintf(intros, strings.Join(w.variables(), " ")), split)
	flag, terminal := "false", ""
	if misere {
		// The only terminal position of a take or slow game on a complex
		// has no token.
		flag, terminal = "true", "\n  destruct H as [H | H]; [left; split; [reflexivity | exact (empty_terminal pos valid total move total_nonnegative move_valid move_lowers_total p Hv H)] | ]."
	}
	w.conditionII(flag, terminal)
	if misere {
		var cases []string
		for i := range w.n {
			cases = append(cases, fmt.Sprintf("move p (last%d p)", i+1))
		}
		fmt.Fprintf(b, "(* (III): no terminal position in S (misère play). *)\nLemma last_moves : forall p, valid p -> inS p ->\n  %s.\nProof. intros []; unfold_all; linear. Qed.\n\n", strings.Join(cases, "\n  \\/ "))
		b.WriteString(`Lemma condition_III : true = true -> forall p, valid p -> terminal pos move p -> ~ inS p.
Proof.
  intros _ p Hv Hterm HS; pose proof (last_moves p Hv HS) as H.
  repeat (destruct H as [H | H]; [exact (Hterm _ H) | ]); exact (Hterm _ H).
Qed.

`)
	} else {
		b.WriteString(`(* (III) is asked in misère play only. *)
Lemma condition_III : false = true -> forall p, valid p -> terminal pos move p -> ~ inS p.
Proof. discriminate. Qed.

`)
	}
	fmt.Fprintf(b, `(* S is exactly the set of P-positions. *)
%s
Proof.
  exact (Nimlab.characterization pos valid total move %s total_nonnegative move_valid
    move_lowers_total inS inS_decidable condition_I condition_II condition_III).
Qed.

Print Assumptions characterization.
`, statement(misere), flag)
}

// conditionI writes (I), at the canonical positions when the certificate
// is reduced to them (with the symmetries' lemmas first), and returns the
// hypothesis the lemma witnesses adds ("canonical p -> " or nothing) and
// the intros of its proof, a format for its variables.
func (w *writer) conditionI() (canonical, intros string) {
	canonical, intros = "", "intros [%s] Hv Hn; unfold_hyp Hv."
	if w.sym != nil {
		w.sym.write(w)
		canonical = "canonical p -> "
		intros = "intros [%s] Hv Hc Hn; unfold_hyp Hv; unfold canonical in Hc; cbn [" + strings.Join(w.fields, " ") + "] in Hc."
		if w.writeConditionIByBase() {
			return canonical, intros
		}
		w.b.WriteString(`(* (I) at the canonical positions: no move from S into S. *)
Lemma condition_I_canonical : forall p q, valid p -> canonical p -> inS p -> move p q -> ~ inS q.
Proof. intros [] [] Hv Hc HS Hm HSq; unfold canonical in Hc; unfold_all; ` + w.casesI() + `. Qed.

(* (I): no move from S into S. *)
Lemma condition_I : forall p q, valid p -> inS p -> move p q -> ~ inS q.
Proof. exact (condition_I_by_symmetry pos valid move inS canonical move_valid reach condition_I_canonical). Qed.

`)
	} else {
		w.b.WriteString(`(* (I): no move from S into S. *)
Lemma condition_I : forall p q, valid p -> inS p -> move p q -> ~ inS q.
Proof. intros [] [] Hv HS Hm HSq; unfold_all; ` + w.casesI() + `. Qed.

`)
	}
	return canonical, intros
}

// conditionII writes (II) from the lemma witnesses: by the symmetries
// when the certificate is reduced to the canonical positions.
func (w *writer) conditionII(flag, terminal string) {
	if w.sym != nil {
		// newSymmetry is nil in misère play: no terminal case.
		w.b.WriteString(`Lemma condition_II : forall p, valid p -> ~ inS p ->
  (false = true /\ terminal pos move p) \/ exists q, move p q /\ inS q.
Proof.
  intros p Hv Hn; right; revert p Hv Hn.
  apply (condition_II_by_symmetry pos valid move inS canonical move_valid reach).
  exact witnesses.
Qed.

`)
	} else {
		fmt.Fprintf(&w.b, `Lemma condition_II : forall p, valid p -> ~ inS p ->
  (%s = true /\ terminal pos move p) \/ exists q, move p q /\ inS q.
Proof.
  intros p Hv Hn; pose proof (witnesses p Hv Hn) as H.%s
  right; exact H.
Qed.

`, flag, terminal)
	}
}

// variables are the names the proof of (II) gives the piles: x_a, x_b, ...
func (w *writer) variables() []string {
	out := make([]string, w.n)
	for i, f := range w.fields {
		out[i] = "x_" + f
	}
	return out
}

// introLemmas writes, where S is a disjunction, for each of its cases the
// lemma inS_introK that the case implies inS: a case of the split of (II)
// applies it, where unfolding inS whole would leave the kernel every case
// of S to convert (tactics.go, moveTactic). Each lemma states its case as
// the split reads it (lets inlined), and coqc checks that it is inS's.
func (w *writer) introLemmas() {
	if w.set.op != orOp {
		return
	}
	b := &w.b
	b.WriteString("(* Each case of S implies S (the cases the proof of (II) names). *)\n")
	for k, c := range w.set.args {
		fmt.Fprintf(b, "Lemma inS_intro%d : forall p : pos, %s -> inS p.\nProof. intros p H; unfold inS; cbv zeta; %sexact H. Qed.\n", k+1, c.written(true), navigate(k, len(w.set.args)))
	}
	b.WriteString("\n")
}
