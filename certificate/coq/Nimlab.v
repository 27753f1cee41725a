(* Nimlab.v: the theorem every nimlab certificate rests on.

   A game is given by its positions, which positions are valid (piles at
   least 0), a total that every move lowers (the number of tokens), and its
   move relation. isP and isN are the P- and N-positions defined from the
   rules alone: a position is a P-position when every option is an
   N-position (and, in misere play, it is not terminal); it is an
   N-position when some option is a P-position (or, in misere play, it is
   terminal). The theorem characterization is Dufour-Heubach 2013,
   Theorem 1.2 (Ehrenborg-Steingrimsson 1996, Theorem 2.1): a set S with
   (I) no move from S into S, (II) a move into S from every valid position
   outside S (but the terminal ones, in misere play), and in misere play
   (III) no terminal position in S, is exactly the set of P-positions. Coq's standard library only; no axiom. *)

Require Import ZArith Lia.
Open Scope Z_scope.

Section Characterization.

Variable pos : Type.
Variable valid : pos -> Prop.
Variable total : pos -> Z.
Variable move : pos -> pos -> Prop.
Variable misere : bool.

Hypothesis total_nonnegative : forall p, valid p -> 0 <= total p.
Hypothesis move_valid : forall p q, valid p -> move p q -> valid q.
Hypothesis move_lowers_total : forall p q, valid p -> move p q -> total q < total p.

Definition terminal (p : pos) : Prop := forall q, ~ move p q.

Inductive isP : pos -> Prop :=
  | P_rule : forall p,
      (forall q, move p q -> isN q) ->
      (misere = true -> ~ terminal p) ->
      isP p
with isN : pos -> Prop :=
  | N_move : forall p q, move p q -> isP q -> isN p
  | N_terminal : forall p, misere = true -> terminal p -> isN p.

Variable S : pos -> Prop.

Hypothesis S_decidable : forall p, valid p -> S p \/ ~ S p.
Hypothesis condition_I : forall p q, valid p -> S p -> move p q -> ~ S q.
Hypothesis condition_II : forall p, valid p -> ~ S p ->
  (misere = true /\ terminal p) \/ exists q, move p q /\ S q.
Hypothesis condition_III : misere = true -> forall p, valid p -> terminal p -> ~ S p.

(* One step of the induction: if the options of p are P exactly when
   they are in S, so is p. *)
Lemma step : forall p, valid p ->
  (forall q, move p q -> (isP q <-> S q) /\ (isN q <-> ~ S q)) ->
  (isP p <-> S p) /\ (isN p <-> ~ S p).
Proof.
  intros p Hv IHq.
  destruct (S_decidable p Hv) as [HS | HnS].
  - split; split; intro H.
    + exact HS.
    + apply P_rule.
      * intros q Hm. apply (proj2 (proj2 (IHq q Hm))). exact (condition_I p q Hv HS Hm).
      * intros Hmis Hterm. exact (condition_III Hmis p Hv Hterm HS).
    + exfalso. inversion H as [p' q Hm HP Heq | p' Hmis Hterm Heq]; subst.
      * exact (condition_I p q Hv HS Hm (proj1 (proj1 (IHq q Hm)) HP)).
      * exact (condition_III Hmis p Hv Hterm HS).
    + exfalso. exact (H HS).
  - split; split; intro H.
    + exfalso. inversion H as [p' Hall Hnotterm Heq]; subst.
      destruct (condition_II p Hv HnS) as [[Hmis Hterm] | [q [Hm HSq]]].
      * exact (Hnotterm Hmis Hterm).
      * exact (proj1 (proj2 (IHq q Hm)) (Hall q Hm) HSq).
    + exfalso. exact (HnS H).
    + exact HnS.
    + destruct (condition_II p Hv HnS) as [[Hmis Hterm] | [q [Hm HSq]]].
      * exact (N_terminal p Hmis Hterm).
      * exact (N_move p q Hm (proj2 (proj1 (IHq q Hm)) HSq)).
Qed.

(* By induction on the total, every valid position. *)
Lemma characterization_below : forall n : nat, forall p, valid p -> total p <= Z.of_nat n ->
  (isP p <-> S p) /\ (isN p <-> ~ S p).
Proof.
  induction n as [| n IH]; intros p Hv Ht; apply (step p Hv); intros q Hm;
    pose proof (move_lowers_total p q Hv Hm);
    pose proof (total_nonnegative q (move_valid p q Hv Hm)).
  - lia.
  - apply IH; [exact (move_valid p q Hv Hm) | lia].
Qed.

(* A position with no token is terminal. *)
Lemma empty_terminal : forall p, valid p -> total p = 0 -> terminal p.
Proof.
  intros p Hv Ht q Hm.
  pose proof (move_lowers_total p q Hv Hm).
  pose proof (total_nonnegative q (move_valid p q Hv Hm)).
  lia.
Qed.

Theorem characterization : forall p, valid p -> (isP p <-> S p).
Proof.
  intros p Hv.
  apply (characterization_below (Z.to_nat (total p)) p Hv).
  pose proof (total_nonnegative p Hv). lia.
Qed.

End Characterization.

(* lia, after naming the quotient and remainder of every division by a
   constant (x / c, x mod c): lia alone does not read them. Where lia
   fails, lia on each case intuition splits the goal into: lia gave up on
   parities stated as remainders that are not 0 (x mod 2 <> 0) and
   concluded on another remainder, which it proves case by case. *)
Ltac linear := Z.div_mod_to_equations; first [lia | intuition lia].

(* Deciding a condition built from linear atoms with /\, \/, ~ and <->,
   connective by connective: lia alone would put it in normal form first,
   which grows exponentially with the symmetries of a condition. An atom
   x <= y, x < y or x = y is decided by the standard library's lemma, with
   no arithmetic: lia would split every Z.min inside x and y (NIM(3,2)'s
   case split spent minutes there). *)
Lemma dec_and (A B : Prop) : A \/ ~ A -> B \/ ~ B -> (A /\ B) \/ ~ (A /\ B).
Proof. tauto. Qed.
Lemma dec_or (A B : Prop) : A \/ ~ A -> B \/ ~ B -> (A \/ B) \/ ~ (A \/ B).
Proof. tauto. Qed.
Lemma dec_not (A : Prop) : A \/ ~ A -> (~ A) \/ ~ ~ A.
Proof. tauto. Qed.
Lemma dec_iff (A B : Prop) : A \/ ~ A -> B \/ ~ B -> (A <-> B) \/ ~ (A <-> B).
Proof. tauto. Qed.

Ltac decide_condition :=
  lazymatch goal with
  | |- (?A /\ ?B) \/ ~ (?A /\ ?B) => apply dec_and; decide_condition
  | |- (?A \/ ?B) \/ ~ (?A \/ ?B) => apply dec_or; decide_condition
  | |- (~ ?A) \/ ~ ~ ?A => apply dec_not; decide_condition
  | |- (?A <-> ?B) \/ ~ (?A <-> ?B) => apply dec_iff; decide_condition
  | |- True \/ ~ True => left; exact I
  | |- False \/ ~ False => right; tauto
  | |- (?x <= ?y) \/ ~ (?x <= ?y) => apply Z.le_decidable
  | |- (?x < ?y) \/ ~ (?x < ?y) => apply Z.lt_decidable
  | |- (?x = ?y) \/ ~ (?x = ?y) => apply Z.eq_decidable
  | |- _ => linear
  end.

(* Proving a goal from hypotheses with disjunctions: one case at a time. *)
Ltac cases_lia :=
  repeat match goal with
  | H : _ /\ _ |- _ => destruct H
  | H : _ \/ _ |- _ => destruct H
  end; linear.
