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

From Coq Require Import ZArith Lia.
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

(* Symmetries: when a map s of positions preserves validity, S at the
   valid positions and the move relation (preserves s), and every valid
   position p has an image s p that is canonical with a preserving t
   taking it back (reach), then (I) and (II) at the canonical positions
   give them at every position. *)
Section Symmetry.

Variable pos : Type.
Variable valid : pos -> Prop.
Variable move : pos -> pos -> Prop.
Variable S canonical : pos -> Prop.

Definition preserves (s : pos -> pos) : Prop :=
  (forall x, valid x -> valid (s x)) /\ (forall x, valid x -> S x -> S (s x)) /\
  (forall x y, move x y -> move (s x) (s y)).

Lemma preserves_id : preserves (fun x => x).
Proof. repeat split; auto. Qed.

Lemma preserves_compose : forall s t, preserves s -> preserves t -> preserves (fun x => s (t x)).
Proof. intros s t [Vs [Ss Ms]] [Vt [St Mt]]; repeat split; auto. Qed.

Hypothesis sym_move_valid : forall p q, valid p -> move p q -> valid q.

Hypothesis reach : forall p, valid p -> exists s t,
  preserves s /\ preserves t /\ t (s p) = p /\ canonical (s p).

Lemma condition_I_by_symmetry :
  (forall p q, valid p -> canonical p -> S p -> move p q -> ~ S q) ->
  forall p q, valid p -> S p -> move p q -> ~ S q.
Proof.
  intros H p q Hv HS Hm HSq.
  destruct (reach p Hv) as [s [t [[Vs [Ss Ms]] [_ [_ Hc]]]]].
  exact (H (s p) (s q) (Vs p Hv) Hc (Ss p Hv HS) (Ms p q Hm)
    (Ss q (sym_move_valid p q Hv Hm) HSq)).
Qed.

(* (I) from the positions in one image of S: where S is the union of the
   images of base under symmetries (sym()), every position of S is carried
   into base by one of them, and a move from it with it. *)
Lemma condition_I_by_base (base : pos -> Prop) :
  (forall p, S p -> exists s, preserves s /\ base (s p)) ->
  (forall p q, valid p -> base p -> move p q -> ~ S q) ->
  forall p q, valid p -> S p -> move p q -> ~ S q.
Proof.
  intros Hb H p q Hv HS Hm HSq.
  destruct (Hb p HS) as [s [[Vs [Ss Ms]] Hs]].
  exact (H (s p) (s q) (Vs p Hv) Hs (Ms p q Hm) (Ss q (sym_move_valid p q Hv Hm) HSq)).
Qed.

Lemma condition_II_by_symmetry :
  (forall p, valid p -> canonical p -> ~ S p -> exists q, move p q /\ S q) ->
  forall p, valid p -> ~ S p -> exists q, move p q /\ S q.
Proof.
  intros H p Hv Hn.
  destruct (reach p Hv) as [s [t [[Vs [Ss Ms]] [[Vt [St Mt]] [Hts Hc]]]]].
  assert (Hn' : ~ S (s p)) by (intro HS; apply Hn; rewrite <- Hts; exact (St _ (Vs p Hv) HS)).
  destruct (H (s p) (Vs p Hv) Hc Hn') as [q [Hm HSq]].
  exists (t q); rewrite <- Hts; split;
    [exact (Mt _ _ Hm) | exact (St _ (sym_move_valid _ _ (Vs p Hv) Hm) HSq)].
Qed.

End Symmetry.

(* Every minimum and maximum named, innermost first, its two cases kept
   hidden from lia (hidden) until split_hidden_by splits them one at a time,
   the oldest first, closing every case lia refutes at once: lia alone
   would split every one of them at every call (2^k cases), most of them
   impossible (NIM(3,2)'s condition (I) did not finish in 3 minutes). A
   minimum's bounds (min x y <= x, min x y <= y; a maximum's alike) are not
   given to lia: they spared
   CN(7,4)'s cases splits (14.1 s of coqc rather than 16.5 on 53 of its
   cases) but cost the M-rule's, whose cases name up to 23 minima (NIM(3,2):
   78 s rather than 46; 2026-12-07). *)
Definition hidden (P : Prop) : Prop := P.
Ltac no_extreme x := lazymatch x with
  | context [Z.min _ _] => fail | context [Z.max _ _] => fail | _ => idtac end.
Ltac name_min x y :=
  let m := fresh "m" in let Hs := fresh "Hs" in
  pose proof (Z.min_spec x y) as Hs; set (m := Z.min x y) in *; clearbody m;
  change (hidden ((x < y /\ m = x) \/ (y <= x /\ m = y))) in Hs.
Ltac name_max x y :=
  let m := fresh "m" in let Hs := fresh "Hs" in
  pose proof (Z.max_spec x y) as Hs; set (m := Z.max x y) in *; clearbody m;
  change (hidden ((x < y /\ m = y) \/ (y <= x /\ m = x))) in Hs.
Ltac name_extreme :=
  match goal with
  | H : context [Z.min ?x ?y] |- _ => no_extreme x; no_extreme y; name_min x y
  | |- context [Z.min ?x ?y] => no_extreme x; no_extreme y; name_min x y
  | H : context [Z.max ?x ?y] |- _ => no_extreme x; no_extreme y; name_max x y
  | |- context [Z.max ?x ?y] => no_extreme x; no_extreme y; name_max x y
  end.
(* A minimum or maximum whose arguments the hypotheses order, x <= y or
   y <= x (lia proves it), is its argument: its hidden cases are replaced
   by that equation, oldest first (the innermost, whose equations then
   serve the ones outside them); the others stay hidden. Unit propagation
   before each split: on the M-rule's certificate of NIM(3,2) at sorted
   positions, 23 minima named in a case, most of them ordered by the piles'
   order or by a split made above, coqc took 66 s rather than 252. *)
Lemma min_left (x y m : Z) : hidden ((x < y /\ m = x) \/ (y <= x /\ m = y)) -> x <= y -> m = x.
Proof. unfold hidden; intros [[_ H] | [H1 H2]] L; lia. Qed.
Lemma min_right (x y m : Z) : hidden ((x < y /\ m = x) \/ (y <= x /\ m = y)) -> y <= x -> m = y.
Proof. unfold hidden; intros [[H1 H2] | [_ H]] L; lia. Qed.
Lemma max_left (x y m : Z) : hidden ((x < y /\ m = y) \/ (y <= x /\ m = x)) -> x <= y -> m = y.
Proof. unfold hidden; intros [[_ H] | [H1 H2]] L; lia. Qed.
Lemma max_right (x y m : Z) : hidden ((x < y /\ m = y) \/ (y <= x /\ m = x)) -> y <= x -> m = x.
Proof. unfold hidden; intros [[H1 H2] | [_ H]] L; lia. Qed.
Definition undecided (P : Prop) : Prop := P.
(* lia without its first step, zify: in Coq 8.16's Lia.v, lia is
   Zify.zify, which rewrites what is not linear integer arithmetic
   (naturals, Z.min, Z.abs, Z.succ, ...) into it, then xlia zchecker, which
   finds the proof and has the kernel check it. After name_extreme,
   name_absolute and Z.div_mod_to_equations nothing nimlab writes is left
   for zify to rewrite, and its pass over the hypotheses at each of the
   thousands of calls a case makes is time lost. Where lia_core fails, the
   split is tried again with lia itself (linear_arith). *)
Ltac lia_core := xlia zchecker.
Ltac resolve_hidden := repeat match reverse goal with
  | H : hidden ((?x < ?y /\ ?m = ?x) \/ (?y <= ?x /\ ?m = ?y)) |- _ =>
      first [ let L := fresh "L" in assert (L : x <= y) by lia_core; apply (min_left x y m H) in L; clear H
            | let L := fresh "L" in assert (L : y <= x) by lia_core; apply (min_right x y m H) in L; clear H
            | change (undecided ((x < y /\ m = x) \/ (y <= x /\ m = y))) in H ]
  | H : hidden ((?x < ?y /\ ?m = ?y) \/ (?y <= ?x /\ ?m = ?x)) |- _ =>
      first [ let L := fresh "L" in assert (L : x <= y) by lia_core; apply (max_left x y m H) in L; clear H
            | let L := fresh "L" in assert (L : y <= x) by lia_core; apply (max_right x y m H) in L; clear H
            | change (undecided ((x < y /\ m = y) \/ (y <= x /\ m = x))) in H ]
  end; repeat match goal with H : undecided ?P |- _ => change (hidden P) in H end.
(* t (lia_core or lia) first; where it fails, the minima the hypotheses
   order decided (resolve_hidden) and t again; where that fails, the
   oldest minimum left split, and each side the same way. Deciding the
   minima only where t fails without them spares the leaves t proves at
   once two failing calls for each minimum left undecided. With lia_core,
   CN(7,4)'s certificate took 139 s of coqc where it took 165 s with lia
   and the minima decided at every split (2026-12-07, twentieth session,
   coqc alone on the machine). *)
Ltac split_hidden_by t := first [ t | resolve_hidden; first [ t | lazymatch reverse goal with
  | H : hidden _ |- _ => unfold hidden in H; destruct H as [[? ?] | [? ?]]; split_hidden_by t end ] ].

(* lia, after naming every Z.abs x with its two cases as a hypothesis lia
   reads (Z.abs_spec; read as Z.max x (- x), hidden and split one at a
   time, a sum of nine took 17 s where lia took 2), the minima and maxima
   (above) and the quotient and remainder of every division by a constant
   (x / c, x mod c): lia_core does not read them. The split with lia_core
   first; where it fails, the split with lia (what zify rewrites, such as
   Z.succ, which nimlab does not write), then lia on each case intuition
   splits the goal into: lia gave up on parities stated as remainders that
   are not 0 (x mod 2 <> 0) and concluded on another remainder, which it
   proves case by case. A goal whose conjuncts are hypotheses as they
   stand (a case of the split that names them) is closed first. *)
Ltac no_abs x := lazymatch x with context [Z.abs _] => fail | _ => idtac end.
Ltac name_abs x :=
  let m := fresh "m" in let Hs := fresh "Hs" in
  pose proof (Z.abs_spec x) as Hs; set (m := Z.abs x) in *; clearbody m.
Ltac name_absolute := repeat match goal with
  | H : context [Z.abs ?x] |- _ => no_abs x; name_abs x
  | |- context [Z.abs ?x] => no_abs x; name_abs x end.
Ltac linear_arith := name_absolute; repeat name_extreme; Z.div_mod_to_equations;
  first [split_hidden_by lia_core | split_hidden_by lia | unfold hidden in *; intuition lia].
Ltac linear := first [solve [repeat split; assumption] | linear_arith].

(* Deciding a condition built from linear atoms with /\, \/, ~ and <->,
   connective by connective: lia alone would put it in normal form first,
   which grows exponentially with the symmetries of a condition. An atom
   x <= y, x < y, x = y, x >= y or x > y is decided by the standard
   library's lemma, with no arithmetic (x >= y by lia was 4 s of CN(7,4)'s
   certificate): lia would split every Z.min inside x and y (NIM(3,2)'s
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
  | |- (?x >= ?y) \/ ~ (?x >= ?y) => apply dec_Zge
  | |- (?x > ?y) \/ ~ (?x > ?y) => apply dec_Zgt
  | |- _ => linear
  end.

(* Proving a goal from hypotheses with disjunctions: one case at a time. *)
Ltac cases_lia :=
  repeat match goal with
  | H : _ /\ _ |- _ => destruct H
  | H : _ \/ _ |- _ => destruct H
  end; linear.

(* cases_lia, each side of a disjunction first tried by lia on what is
   known so far: a case lia refutes is closed before its hypotheses are
   split further (condition (I) of CN(8,6), 16 cases of S at p, 8 facets,
   16 cases of S at q: 80 s rather than over 14 minutes). Only for
   hypotheses of linear atoms: lia splits minima and remainders itself,
   and a call on a case that holds may then take long. *)
Ltac cases_prune :=
  repeat match goal with
  | H : _ /\ _ |- _ => destruct H
  | H : _ \/ _ |- _ => destruct H as [H | H]; try solve [exfalso; lia]
  end; linear.

(* Clears the hypotheses that name a minimum, a maximum or a Z.abs the goal does
   not: in a case of (II)'s split, the conditions about other moves,
   whose minima linear would split one by one (CN(8,6): about 4 s a case
   with them, a few milliseconds without). A certificate tries a case
   with them cleared first, then with all of them. *)
Ltac clear_foreign := repeat match goal with
  | H : context [Z.min ?x ?y] |- _ =>
      lazymatch goal with |- context [Z.min x y] => fail | _ => clear H end
  | H : context [Z.max ?x ?y] |- _ =>
      lazymatch goal with |- context [Z.max x y] => fail | _ => clear H end
  | H : context [Z.abs ?x] |- _ =>
      lazymatch goal with |- context [Z.abs x] => fail | _ => clear H end
  end.

(* A condition of unfolded definitions from another: every case of the
   hypotheses, and in each the goal's conjunctions split and its
   disjunctions tried one case at a time (preserves: S and the moves of a
   position and of its image under a symmetry). *)
Ltac goal_search := lazymatch goal with
  | |- _ /\ _ => split; goal_search
  | |- _ \/ _ => first [left; goal_search | right; goal_search]
  | |- _ => linear
  end.
Ltac transfer := repeat match goal with
  | H : _ /\ _ |- _ => destruct H
  | H : _ \/ _ |- _ => destruct H
  end; goal_search.

(* S at a symmetric position from S, where S is sym(B) written out: each
   case of S at p (a disjunct of H, split off one at a time from the left)
   is, as Coq reads it, the very same term as one case of S at the image
   (the symmetry permutes the images of B), found by exact among the
   goal's disjuncts: conversion, no arithmetic. Where a case is matched by
   none (images written once that differ in the order of their parts, or a
   disjunct that is itself a disjunction), it fails, and the caller falls
   back on let_transfer. CN(7,4), 14 images: its two generators' lemmas
   took 16 s of coqc, and take about 4 s. *)
Ltac disj_exact H := first [exact H | left; exact H | right; disj_exact H].
Ltac sym_transfer H :=
  first [disj_exact H | destruct H as [H | H]; [disj_exact H | sym_transfer H]].

(* S at a position from S at another whose lets are the same values
   (let x := u in P x and let y := v in Q y, from the outermost): each
   value v = u by linear, then named alike on both sides, and the next let;
   what is left by transfer. A let whose values differ fails, and the
   caller falls back on transfer with every let written out. Keeping the
   lets makes S's symmetry cheap where it is a symmetric function of the
   piles (Theorem mrule's S: lia split the minima of both sides at once
   for minutes). *)
Ltac zeta1 H := lazymatch type of H with let x := ?u in @?P x => change (P u) in H; cbv beta in H end.
Ltac zeta1_goal := lazymatch goal with |- let x := ?u in @?P x => change (P u); cbv beta end.
Ltac let_transfer :=
  lazymatch goal with
  | H : let _ := ?u in _ |- let _ := ?v in _ =>
      let E := fresh "E" in assert (E : v = u) by (clear H; linear);
      rewrite E; clear E;
      let m := fresh "m" in set (m := u) in *; clearbody m;
      zeta1 H; zeta1_goal; let_transfer
  | _ => transfer
  end.
