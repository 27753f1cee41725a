package certificate

import (
	"fmt"

	"github.com/nimlab/nimlab/check"
)

// The certificates proved with a library of lemmas rather than lia and a
// case split: Bouton's theorem with NimSum.v (nimsum.go), Moore's with
// Moore.v (moore.go). Their (II) is a theorem of the library, so they name
// no candidate moves and learn nothing.

// byLemmas returns the certificate of c and the number of moves its (II)
// names when a library of lemmas proves c; ok is false when none does.
func byLemmas(c Claim) (text string, moves int, ok bool, err error) {
	if sum, ok := nimSumClaim(c); ok {
		// (II) moves a pile to the nim-sum of the others, one per pile.
		text, err := writeNimSum(c, sum)
		return text, c.Game.Piles(), true, err
	}
	if s, ok, err := mooreClaim(c); ok {
		if err != nil {
			return "", 0, true, err
		}
		// (II) is Moore's construction: no move is named.
		text, err := writeMoore(c, s)
		return text, 0, true, err
	}
	return "", 0, false, nil
}

// newLibraryWriter starts the certificate of a claim proved with the
// library lib: the header, which requires Nimlab.v and lib, and the game's
// move relation, as every certificate writes it.
func newLibraryWriter(c Claim, lib string) (*writer, error) {
	w := &writer{c: c, n: c.Game.Piles()}
	for i := range w.n {
		w.fields = append(w.fields, check.PileName(i))
	}
	var err error
	if w.relation, err = w.moveRelation(); err != nil {
		return nil, err
	}
	w.header("Nimlab", lib)
	return w, nil
}

// gameLemmas writes the lemmas about the game that Nimlab.v's
// characterization asks besides (I), (II) and (III), decided being the
// proof of inS_decidable.
func (w *writer) gameLemmas(decided string) {
	fmt.Fprintf(&w.b, `Lemma total_nonnegative : forall p, valid p -> 0 <= total p.
Proof. intros []; unfold valid, total; cbn; lia. Qed.

Lemma move_valid : forall p q, valid p -> move p q -> valid q.
Proof. intros p q _ H; apply H. Qed.

Lemma move_lowers_total : forall p q, valid p -> move p q -> total q < total p.
Proof. intros [] []; unfold move, valid, total; cbn; lia. Qed.

Lemma inS_decidable : forall p, valid p -> inS p \/ ~ inS p.
Proof. %s Qed.

`, decided)
}

// misere is Nimlab.v's flag of the game's play, "true" in misère play:
// the certificates proved with a library state the theorem of the game's
// own play, so that coqc, not only their preconditions (normal play), stands
// between a misère game and a normal-play proof ((III) is proved by
// discriminate, which fails in misère play).
func (w *writer) misere() string {
	return fmt.Sprint(w.c.Game.Misere)
}

// characterization writes (III), which normal play does not ask, and the
// theorem the certificate ends with.
func (w *writer) characterization() {
	fmt.Fprintf(&w.b, `(* (III) is asked in misère play only. *)
Lemma condition_III : %[1]s = true -> forall p, valid p -> terminal pos move p -> ~ inS p.
Proof. discriminate. Qed.

(* S is exactly the set of P-positions. *)
%[2]s
Proof.
  exact (Nimlab.characterization pos valid total move %[1]s total_nonnegative move_valid
    move_lowers_total inS inS_decidable condition_I condition_II condition_III).
Qed.

Print Assumptions characterization.
`, w.misere(), statement(w.c.Game.Misere))
}
