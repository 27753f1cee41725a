(* NimSum.v: what Bouton's theorem needs about the nim-sum, for the nimlab
   certificates whose S is "the nim-sum of the piles is 0" (Bouton 1902).

   The nim-sum is Z.lxor of Coq's standard library: the bitwise exclusive
   or of two's complement integers, the same as Go's ^ on the piles. A
   certificate writes its S as the claim reads, for example
   Z.lxor (Z.lxor (a p) (b p)) (c p) = 0, and proves the conditions of
   Nimlab.v's characterization with the lemmas below:

   - (I), no move from S into S: a move changes one pile only, and the
     nim-sum, as a function of one pile, is injective (splits_injective);
   - (II), from outside S a move into S: when the nim-sum s is not 0, some
     pile x has a 1 at the highest binary digit of s (the certificate finds
     it, pile by pile, from Z.bit_log2), and moving x to the nim-sum of the
     other piles, x xor s, makes the nim-sum 0 and lowers x
     (high_bit_lowers, splits_move): Bouton's lemma.

   The nim-sum of the piles is written by the claim as any tree of Z.lxor
   in which every pile occurs once; splits says how it depends on one of
   them, whatever the tree, and prove_splits proves it along the tree.
   Coq's standard library only; no axiom, no Admitted. *)

From Coq Require Import ZArith Lia.
Open Scope Z_scope.

(* The nim-sum of two non-negative integers is non-negative (so is every
   nim-sum of piles: nonneg). *)
Lemma lxor_nonneg : forall x y, 0 <= x -> 0 <= y -> 0 <= Z.lxor x y.
Proof. intros x y Hx Hy. apply Z.lxor_nonneg. tauto. Qed.

(* Bouton's lemma: if x >= 0 has a 1 at the highest binary digit of s > 0
   (digit log2 s), then x xor s < x. Above that digit s has no 1, so
   x xor s and x agree there; at it, x has a 1 and x xor s a 0. In
   numbers, with m = 2^(log2 s): x / m and (x xor s) / m have the same
   half, the first is odd and the second even, so x / m is
   (x xor s) / m + 1, and the remainders mod m cannot make up for it. *)
Lemma high_bit_lowers : forall x s, 0 <= x -> 0 < s ->
  Z.testbit x (Z.log2 s) = true -> Z.lxor x s < x.
Proof.
  intros x s Hx Hs Hbit.
  pose proof (Z.log2_nonneg s) as Hk.
  pose proof (Z.log2_spec s Hs) as [_ Hs2].
  rewrite Z.pow_succ_r in Hs2 by exact Hk.
  set (k := Z.log2 s) in *.
  set (m := 2 ^ k) in *.
  assert (Hm : 0 < m) by (apply Z.pow_pos_nonneg; lia).
  set (y := Z.lxor x s).
  assert (Hy : 0 <= y) by (apply lxor_nonneg; lia).
  (* Above digit k, y and x agree: s < 2 m, so s / 2m = 0. *)
  assert (Hhigh : y / m / 2 = x / m / 2).
  { assert (E : m * 2 = 2 ^ Z.succ k) by (unfold m; rewrite Z.pow_succ_r; lia).
    rewrite !Z.div_div, E by lia.
    rewrite <- !Z.shiftr_div_pow2 by lia.
    unfold y. rewrite Z.shiftr_lxor, (Z.shiftr_div_pow2 s), <- E, (Z.div_small s) by lia.
    apply Z.lxor_0_r. }
  (* At digit k, x has a 1 and y a 0 (s has a 1 there: Z.bit_log2). *)
  assert (Hyk : Z.testbit y k = false).
  { unfold y. rewrite Z.lxor_spec, Hbit. unfold k. rewrite Z.bit_log2 by exact Hs. reflexivity. }
  apply Z.testbit_true in Hbit; [| exact Hk].
  apply Z.testbit_false in Hyk; [| exact Hk].
  fold m in Hbit, Hyk.
  pose proof (Z.div_mod (x / m) 2 ltac:(lia)).
  pose proof (Z.div_mod (y / m) 2 ltac:(lia)).
  pose proof (Z.div_mod x m ltac:(lia)).
  pose proof (Z.div_mod y m ltac:(lia)).
  pose proof (Z.mod_pos_bound x m Hm).
  pose proof (Z.mod_pos_bound y m Hm).
  assert (HX : x / m = y / m + 1) by lia.
  rewrite HX in *. lia.
Qed.

(* splits f: f, a nim-sum as a function of one of its piles v, is v xor
   the nim-sum of the others (f 0). *)
Definition splits (f : Z -> Z) : Prop := forall v, f v = Z.lxor v (f 0).

(* The pile alone. *)
Lemma splits_pile : splits (fun v => v).
Proof. intros v. symmetry. apply Z.lxor_0_r. Qed.

(* The pile in the left argument of a Z.lxor. *)
Lemma splits_left : forall f c, splits f -> splits (fun v => Z.lxor (f v) c).
Proof. intros f c H v. rewrite (H v), (H 0), Z.lxor_0_l, Z.lxor_assoc. reflexivity. Qed.

(* The pile in the right argument of a Z.lxor. *)
Lemma splits_right : forall f c, splits f -> splits (fun v => Z.lxor c (f v)).
Proof.
  intros f c H v. rewrite (H v), (H 0), Z.lxor_0_l.
  rewrite (Z.lxor_comm c), Z.lxor_assoc, (Z.lxor_comm c). reflexivity.
Qed.

(* Proves splits (fun v => T) for a tree T of Z.lxor in which v occurs
   once, down the path from the root to v (apply cannot give v to the
   argument that does not hold it: that argument is bound outside v). *)
Ltac prove_splits :=
  repeat first [exact splits_pile | apply splits_left | apply splits_right].

(* (I): two values of a pile that both make the nim-sum 0 are equal: a
   move, which changes one pile, cannot go from nim-sum 0 to nim-sum 0. *)
Lemma splits_injective : forall f x y, splits f -> f x = 0 -> f y = 0 -> x = y.
Proof.
  intros f x y H Hx Hy. rewrite H in Hx, Hy.
  apply Z.lxor_eq in Hx. apply Z.lxor_eq in Hy. congruence.
Qed.

(* (II): if the nim-sum f x is not 0 and the pile x has a 1 at its
   highest digit, the pile can be lowered to a value r, the nim-sum of the
   other piles (f 0 = x xor f x), that makes the nim-sum 0. *)
Lemma splits_move : forall f x, splits f -> 0 <= x -> 0 <= f 0 -> 0 < f x ->
  Z.testbit x (Z.log2 (f x)) = true -> exists r, 0 <= r < x /\ f r = 0.
Proof.
  intros f x H Hx H0 Hs Hbit. exists (f 0). split; [split |].
  - exact H0.
  - pose proof (high_bit_lowers x (f x) Hx Hs Hbit) as Hlt.
    rewrite (H x), <- Z.lxor_assoc, Z.lxor_nilpotent, Z.lxor_0_l in Hlt. exact Hlt.
  - rewrite (H (f 0)). apply Z.lxor_nilpotent.
Qed.

(* Proves 0 <= T for a nim-sum T of values lia shows non-negative. *)
Ltac nonneg := repeat apply lxor_nonneg; lia.

(* Proves a disjunction of linear conditions from hypotheses with
   conjunctions and disjunctions of linear atoms (a move relation), case by
   case, each case by the first disjunct lia proves: in a certificate,
   that a move lowers one pile and keeps the others. *)
Ltac solve_disjunct :=
  lazymatch goal with
  | |- _ \/ _ => first [left; lia | right; solve_disjunct]
  | |- _ => lia
  end.

Ltac one_of_cases :=
  repeat match goal with
  | H : _ /\ _ |- _ => destruct H
  | H : _ \/ _ |- _ => destruct H
  end; solve_disjunct.
