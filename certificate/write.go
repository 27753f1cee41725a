package certificate

import (
	"fmt"
	"strings"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
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
	b      strings.Builder
}

// Write returns the text of the certificate of c, or an error wrapping
// ErrUncertifiable that says why it has none.
func Write(c Claim) (string, error) {
	g := c.Game
	if len(c.Moves) == 0 {
		return "", uncertifiable(ReasonNoMoves, "condition (II) needs candidate winning moves that cover it")
	}
	// The binders p and q of the definitions would hide the piles p and
	// q: lia reads no game of that size quickly anyway.
	if g.Piles() > maxPiles {
		return "", uncertifiable(ReasonUnsupported, fmt.Sprintf("%d piles; a certificate names at most %d", g.Piles(), maxPiles))
	}
	w := &writer{c: c, n: g.Piles()}
	for i := range w.n {
		w.fields = append(w.fields, check.PileName(i))
	}
	relation, err := w.moveRelation()
	if err != nil {
		return "", err
	}
	inS, err := asProp(c.Set, w.field("p"))
	if err != nil {
		return "", err
	}
	moves, err := w.candidateMoves()
	if err != nil {
		return "", err
	}
	var lastMoves []string
	if g.Misere {
		if lastMoves, err = w.lastMoves(); err != nil {
			return "", err
		}
	}
	w.header()
	w.definitions(relation, inS)
	w.b.WriteString(moves)
	w.lemmas(len(c.Moves), lastMoves)
	return w.b.String(), nil
}

// field returns the Coq term of pile i of the position named pos.
func (w *writer) field(pos string) func(i int) string {
	return func(i int) string { return "(" + w.fields[i] + " " + pos + ")" }
}

func (w *writer) header() {
	g, play := w.c.Game, "normal play"
	if g.Misere {
		play = "misère play"
	}
	fmt.Fprintf(&w.b, `(* nimlab certificate: %s (%s), %s.
   S: %s

   Theorem characterization, at the end, says that a valid position (every
   pile at least 0, with no upper bound) is a P-position of the game that
   move defines exactly when it is in S (inS). isP is defined in Nimlab.v
   from the move relation alone. What a referee reads: pos, valid, total and
   move against the game's definition, and inS against the claim; Coq's
   kernel checks the rest. Check it with Nimlab.v in the same folder:
     coqc -Q . "" Nimlab.v && coqc -Q . "" THIS_FILE.v *)

Require Import ZArith Lia Nimlab.
Open Scope Z_scope.

`, comment(g.Title), g.Spec, play, comment(w.c.Set.String()))
}

// comment makes s safe inside a Coq comment.
func comment(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "(*", "( *"), "*)", "* )")
}

func (w *writer) definitions(relation, inS string) {
	b := &w.b
	fmt.Fprintf(b, "(* A position: the number of tokens on each pile, %s. *)\n", strings.Join(w.fields, ", "))
	fmt.Fprintf(b, "Record pos := mk { %s : Z }.\n\n", strings.Join(w.fields, " : Z; "))
	var valid, total []string
	for i := range w.n {
		valid = append(valid, "0 <= "+w.field("p")(i))
		total = append(total, w.field("p")(i))
	}
	fmt.Fprintf(b, "Definition valid (p : pos) : Prop := %s.\n\n", strings.Join(valid, " /\\ "))
	fmt.Fprintf(b, "Definition total (p : pos) : Z := %s.\n\n", strings.Join(total, " + "))
	b.WriteString(relation)
	fmt.Fprintf(b, "(* S, the claim. *)\nDefinition inS (p : pos) : Prop :=\n  %s.\n\n", inS)
}

// moveRelation writes the definition of move p q, as package prove's
// encoding reads the game: on the facets for take and slow games on a
// complex, else on each move set with what the rule may take
// (game.LinearAmounts).
func (w *writer) moveRelation() (string, error) {
	g := w.c.Game
	r, equal := g.Rule().(game.EqualAmountRule)
	slow := equal && r.EqualAmount() == 1
	p, q := w.field("p"), w.field("q")
	var b strings.Builder
	switch {
	case g.TakeOnFaces() || slow && g.OnFaces():
		how := "any number of tokens from each, at least one in all"
		if slow {
			how = "one token from each of some of them, at least one in all"
		}
		fmt.Fprintf(&b, "(* A move takes %s, from the piles of one facet (so from a face of the complex: Ehrenborg–Steingrímsson 1996); the other piles are unchanged. *)\n", how)
		b.WriteString("Definition move (p q : pos) : Prop :=\n  valid q /\\ total q < total p /\\ (\n")
		for k, f := range g.Complex.Facets() {
			var parts []string
			for i := range w.n {
				switch {
				case !f.Has(i):
					parts = append(parts, q(i)+" = "+p(i))
				case slow:
					parts = append(parts, "("+q(i)+" = "+p(i)+" \\/ "+q(i)+" = "+p(i)+" - 1)")
				default:
					parts = append(parts, q(i)+" <= "+p(i))
				}
			}
			w.disjunct(&b, k, w.setName(f), parts)
		}
		b.WriteString(").\n\n")
		return b.String(), nil
	}
	sets, err := g.MoveSets()
	if err != nil {
		return "", uncertifiable(ReasonUnsupported, err.Error())
	}
	if len(sets) > maxMoveSets {
		return "", uncertifiable(ReasonUnsupported, fmt.Sprintf("%d move sets; a certificate writes at most %d", len(sets), maxMoveSets))
	}
	fmt.Fprintf(&b, "(* A move plays one move set (%s's rule), taking from its piles what the rule allows; the other piles are unchanged. *)\n", g.Rule().Name())
	b.WriteString("Definition move (p q : pos) : Prop :=\n  valid q /\\ (\n")
	for k, s := range sets {
		amounts, ok := g.LinearAmounts(s.Vertices())
		if !ok {
			return "", uncertifiable(ReasonUnsupported, "the "+g.Rule().Name()+" rule has no linear description")
		}
		var parts []string
		for i := range w.n {
			if !s.Has(i) {
				parts = append(parts, q(i)+" = "+p(i))
			}
		}
		for _, a := range amounts {
			parts = append(parts, w.amounts(a, p, q)...)
		}
		w.disjunct(&b, k, w.setName(s), parts)
	}
	b.WriteString(").\n\n")
	return b.String(), nil
}

// amounts writes a rule's conditions on the amounts p_i - q_i a move takes
// from the piles of a (as prove's encoding does).
func (w *writer) amounts(a game.Amounts, p, q func(int) string) []string {
	var parts, ds []string
	for _, i := range a.Piles {
		d := "(" + p(i) + " - " + q(i) + ")"
		ds = append(ds, d)
		if a.Exactly > 0 {
			parts = append(parts, fmt.Sprintf("%s = %d", d, a.Exactly))
		} else {
			parts = append(parts, fmt.Sprintf("%s >= %d", d, a.Each))
		}
	}
	if a.Equal && a.Exactly == 0 {
		for _, d := range ds[1:] {
			parts = append(parts, d+" = "+ds[0])
		}
	}
	sum := strings.Join(ds, " + ")
	if a.TotalMin > 0 {
		parts = append(parts, fmt.Sprintf("%s >= %d", sum, a.TotalMin))
	}
	if a.TotalMax >= 0 {
		parts = append(parts, fmt.Sprintf("%s <= %d", sum, a.TotalMax))
	}
	return parts
}

// disjunct writes the k-th case of the move relation.
func (w *writer) disjunct(b *strings.Builder, k int, name string, parts []string) {
	or := "   "
	if k > 0 {
		or = "\\/ "
	}
	fmt.Fprintf(b, "  %s(%s) (* %s *)\n", or, strings.Join(parts, " /\\ "), name)
}

// setName writes a set of piles as {a, b, c}.
func (w *writer) setName(s complex.Set) string {
	var names []string
	for _, v := range s.Vertices() {
		names = append(names, w.fields[v])
	}
	return "{" + strings.Join(names, ", ") + "}"
}

// candidateMoves writes the candidate winning moves w1, w2, ... as
// functions of the position.
func (w *writer) candidateMoves() (string, error) {
	var b strings.Builder
	b.WriteString("(* The candidate winning moves of (II): the position each moves to. *)\n")
	for k, m := range w.c.Moves {
		if len(m) != w.n {
			return "", fmt.Errorf("candidate move %d gives %d piles; %s has %d", k+1, len(m), w.c.Game.Spec, w.n)
		}
		piles := make([]string, w.n)
		for i, src := range m {
			e, err := check.Compile(src, w.n, nil)
			if err != nil {
				return "", fmt.Errorf("candidate move %d: %w", k+1, err)
			}
			if piles[i], err = asValue(e, w.field("p")); err != nil {
				return "", err
			}
		}
		fmt.Fprintf(&b, "Definition w%d (p : pos) : pos := mk %s.\n", k+1, strings.Join(piles, " "))
	}
	b.WriteString("\n")
	return b.String(), nil
}

// lastMoves writes, for misère play, a move that takes one token from pile
// i, for every pile: a position in S is never terminal when one of them is
// a move. It needs every single pile to be a move set on its own.
func (w *writer) lastMoves() ([]string, error) {
	g := w.c.Game
	r, equal := g.Rule().(game.EqualAmountRule)
	if !g.TakeOnFaces() && !(equal && r.EqualAmount() == 1 && g.OnFaces()) {
		return nil, uncertifiable(ReasonUnsupported, "misère play of a game that is not Nim or slow Nim on a complex")
	}
	var out []string
	for i := range w.n {
		piles := make([]string, w.n)
		for j := range w.n {
			piles[j] = w.field("p")(j)
			if j == i {
				piles[j] = "(" + piles[j] + " - 1)"
			}
		}
		out = append(out, "mk "+strings.Join(piles, " "))
	}
	return out, nil
}

// lemmas writes the proofs: the game's well-foundedness, (I), (II) by the
// candidate moves, (III) in misère play, and the characterization from
// Nimlab.v.
func (w *writer) lemmas(moves int, lastMoves []string) {
	b := &w.b
	names := []string{"move", "inS"}
	for k := range moves {
		names = append(names, fmt.Sprintf("w%d", k+1))
	}
	for k := range lastMoves {
		names = append(names, fmt.Sprintf("last%d", k+1))
	}
	for k, m := range lastMoves {
		fmt.Fprintf(b, "(* A move of one token from pile %s. *)\nDefinition last%d (p : pos) : pos := %s.\n", w.fields[k], k+1, m)
	}
	if len(lastMoves) > 0 {
		b.WriteString("\n")
	}
	fmt.Fprintf(b, "Ltac unfold_all := unfold %s, valid, total in *; cbn [%s] in *; cbv zeta in *.\n\n", strings.Join(names, ", "), strings.Join(w.fields, " "))
	b.WriteString(`Lemma total_nonnegative : forall p, valid p -> 0 <= total p.
Proof. intros []; unfold_all; lia. Qed.

Lemma move_valid : forall p q, valid p -> move p q -> valid q.
Proof. intros p q _ H; apply H. Qed.

Lemma move_lowers_total : forall p q, valid p -> move p q -> total q < total p.
Proof. intros [] []; unfold_all; lia. Qed.

Lemma inS_decidable : forall p, valid p -> inS p \/ ~ inS p.
Proof. intros [] _; unfold_all; decide_condition. Qed.

(* (I): no move from S into S. *)
Lemma condition_I : forall p q, valid p -> inS p -> move p q -> ~ inS q.
Proof. intros [] [] Hv HS Hm HSq; unfold_all; cases_lia. Qed.

(* (II): from every valid position outside S, a candidate move into S. *)
Lemma witnesses : forall p, valid p -> ~ inS p ->
`)
	var cases []string
	if len(lastMoves) > 0 {
		cases = append(cases, "total p = 0")
	}
	for k := range moves {
		cases = append(cases, fmt.Sprintf("(move p (w%d p) /\\ inS (w%d p))", k+1, k+1))
	}
	fmt.Fprintf(b, "  %s.\nProof. intros []; unfold_all; lia. Qed.\n\n", strings.Join(cases, "\n  \\/ "))
	misere, terminal := "false", ""
	if len(lastMoves) > 0 {
		// The only terminal position of a take or slow game on a complex
		// has no token.
		misere, terminal = "true", "\n  destruct H as [H | H]; [left; split; [reflexivity | exact (empty_terminal pos valid total move total_nonnegative move_valid move_lowers_total p Hv H)] | ]."
	}
	fmt.Fprintf(b, `Lemma condition_II : forall p, valid p -> ~ inS p ->
  (%s = true /\ terminal pos move p) \/ exists q, move p q /\ inS q.
Proof.
  intros p Hv Hn; pose proof (witnesses p Hv Hn) as H.%s
  right; repeat (destruct H as [H | H]; [eexists; exact H | ]); eexists; exact H.
Qed.

`, misere, terminal)
	if len(lastMoves) > 0 {
		var cases []string
		for k := range lastMoves {
			cases = append(cases, fmt.Sprintf("move p (last%d p)", k+1))
		}
		fmt.Fprintf(b, "(* (III): no terminal position in S (misère play). *)\nLemma last_moves : forall p, valid p -> inS p ->\n  %s.\nProof. intros []; unfold_all; lia. Qed.\n\n", strings.Join(cases, "\n  \\/ "))
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
Theorem characterization : forall p, valid p -> (isP pos move %s p <-> inS p).
Proof.
  exact (Nimlab.characterization pos valid total move %s total_nonnegative move_valid
    move_lowers_total inS inS_decidable condition_I condition_II condition_III).
Qed.

Print Assumptions characterization.
`, misere, misere)
}
