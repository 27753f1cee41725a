(* Moore.v: Moore's theorem (Moore 1910) on the columns of binary digits,
   for the nimlab certificates whose S is colmod(m, every pile once).

   colmod m xs says that every pile is at least 0 and that at every
   binary digit i the number of piles with a 1 there (column i xs) is a
   multiple of m: check's colmod(m, x, y, ...). In Moore's Nim a move
   lowers at least one and at most k piles; with m = k + 1:

   - (I), moore_I: a move that lowers at most m - 1 piles (the piles the
     mask marks; the others are kept) cannot go from colmod m to colmod m;
   - (II), moore_II: from piles outside colmod m there are piles ys in
     colmod m that lower between 1 and m - 1 of the piles (those the mask
     marks, each strictly) and keep the others: Moore's construction.

   Both are proved by induction on the piles halved (the columns above
   digit 0 of xs are the columns of xs halved): for (I), either the
   halves differ, and the induction applies, or only digit 0 changed, and
   at most m - 1 ones cannot be a nonzero multiple of m; for (II), the
   move is written for the halves first (the higher digits), then digit 0
   is filled in: the piles already lowered take any digit, and if they are
   too few to make the column a multiple of m, kept piles with a 1 are
   lowered to a 0 (fill). A certificate reads its move relation into
   these masks: a facet of at most m - 1 piles for (I); for (II),
   moore_II_facets finds the facet that holds the piles lowered, given
   that every mask of 1 to m - 1 piles lies within one (covered, which
   the certificate computes). colmodb computes colmod at positions given
   by numbers (decide_colmod).
   Coq's standard library only; no axiom, no Admitted. *)

From Coq Require Import ZArith Lia List Bool.
Import ListNotations.
Open Scope Z_scope.

(* The binary digit i of x (0 or 1 when x >= 0). *)
Definition digit (i x : Z) : Z := (x / 2 ^ i) mod 2.

(* The number of piles with a 1 at digit i. *)
Fixpoint column (i : Z) (xs : list Z) : Z :=
  match xs with
  | [] => 0
  | x :: r => digit i x + column i r
  end.

Definition nonneg (xs : list Z) : Prop := Forall (fun x => 0 <= x) xs.

(* check's colmod(m, x, y, ...): no pile negative, and every column a
   multiple of m. *)
Definition colmod (m : Z) (xs : list Z) : Prop :=
  nonneg xs /\ forall i, 0 <= i -> column i xs mod m = 0.

(* The number of true in a mask. *)
Fixpoint trues (mask : list bool) : Z :=
  match mask with
  | [] => 0
  | b :: r => (if b then 1 else 0) + trues r
  end.

(* ys lowers the piles of xs the mask marks (each to a value from 0 to
   its own) and keeps the others: a move on the mask's piles. *)
Fixpoint lowers (mask : list bool) (xs ys : list Z) : Prop :=
  match mask, xs, ys with
  | [], [], [] => True
  | b :: mask', x :: xs', y :: ys' => (if b then 0 <= y <= x else y = x) /\ lowers mask' xs' ys'
  | _, _, _ => False
  end.

(* The same with every marked pile strictly lower. *)
Fixpoint chosen (mask : list bool) (xs ys : list Z) : Prop :=
  match mask, xs, ys with
  | [], [], [] => True
  | b :: mask', x :: xs', y :: ys' => (if b then 0 <= y < x else y = x) /\ chosen mask' xs' ys'
  | _, _, _ => False
  end.

Fixpoint sum (xs : list Z) : Z :=
  match xs with
  | [] => 0
  | x :: r => x + sum r
  end.

Definition half (xs : list Z) : list Z := map (fun x => x / 2) xs.

(* The number of piles the mask keeps that have a 1 at digit 0. *)
Fixpoint spare (mask : list bool) (xs : list Z) : Z :=
  match mask, xs with
  | b :: mask', x :: xs' => (if b then 0 else x mod 2) + spare mask' xs'
  | _, _ => 0
  end.

(* Arithmetic of the digits. *)

Lemma digit_0 : forall x, digit 0 x = x mod 2.
Proof. intros x. unfold digit. rewrite Z.pow_0_r, Z.div_1_r. reflexivity. Qed.

Lemma digit_succ : forall i x, 0 <= i -> digit (i + 1) x = digit i (x / 2).
Proof.
  intros i x Hi. unfold digit.
  rewrite Z.add_1_r, Z.pow_succ_r, Z.div_div by (try apply Z.pow_pos_nonneg; lia).
  rewrite Z.mul_comm. reflexivity.
Qed.

Lemma digit_bounds : forall i x, 0 <= digit i x <= 1.
Proof. intros i x. unfold digit. pose proof (Z.mod_pos_bound (x / 2 ^ i) 2). lia. Qed.

Lemma column_nonneg : forall i xs, 0 <= column i xs.
Proof. intros i xs. induction xs as [| x r IH]; cbn; [lia | pose proof (digit_bounds i x); lia]. Qed.

Lemma column_succ : forall i xs, 0 <= i -> column (i + 1) xs = column i (half xs).
Proof.
  intros i xs Hi. unfold half. induction xs as [| x r IH]; cbn [sum map column]; [reflexivity |].
  rewrite digit_succ, IH by exact Hi. reflexivity.
Qed.

Lemma sum_split : forall xs, sum xs = 2 * sum (half xs) + column 0 xs.
Proof.
  unfold half. induction xs as [| x r IH]; cbn [sum map column]; [reflexivity |].
  rewrite digit_0. pose proof (Z.div_mod x 2 ltac:(lia)). lia.
Qed.

Lemma sum_nonneg : forall xs, nonneg xs -> 0 <= sum xs.
Proof. intros xs H. induction H; cbn; lia. Qed.

Lemma half_nonneg : forall xs, nonneg xs -> nonneg (half xs).
Proof.
  intros xs H. induction H; constructor; [| exact IHForall].
  apply Z.div_pos; lia.
Qed.

Lemma half_sum_lt : forall xs, nonneg xs -> 0 < sum xs -> sum (half xs) < sum xs.
Proof.
  intros xs H Hs. pose proof (sum_split xs). pose proof (column_nonneg 0 xs).
  pose proof (sum_nonneg _ (half_nonneg xs H)). lia.
Qed.

(* Induction on the piles halved. *)
Lemma halving_ind : forall P : list Z -> Prop,
  (forall xs, nonneg xs -> sum xs = 0 -> P xs) ->
  (forall xs, nonneg xs -> 0 < sum xs -> P (half xs) -> P xs) ->
  forall xs, nonneg xs -> P xs.
Proof.
  intros P H0 H1.
  assert (H : forall n : nat, forall xs, nonneg xs -> sum xs <= Z.of_nat n -> P xs).
  { induction n as [| n IH]; intros xs Hn Hs; pose proof (sum_nonneg xs Hn).
    - apply H0; [exact Hn | lia].
    - destruct (Z.eq_dec (sum xs) 0) as [E | E]; [apply H0; assumption |].
      apply H1; [exact Hn | lia |].
      pose proof (half_sum_lt xs Hn ltac:(lia)).
      apply IH; [apply half_nonneg; exact Hn | lia]. }
  intros xs Hn. apply (H (Z.to_nat (sum xs)) xs Hn).
  pose proof (sum_nonneg xs Hn). lia.
Qed.

(* Piles summing to 0 are all 0, and every column of them is 0. *)
Lemma column_zeros : forall i xs, nonneg xs -> sum xs = 0 -> column i xs = 0.
Proof.
  intros i xs H. induction H as [| x r Hx Hr IH]; cbn; intros Hs; [reflexivity |].
  pose proof (sum_nonneg r Hr). assert (x = 0) by lia. subst x.
  rewrite IH by lia. unfold digit. rewrite Zdiv_0_l, Z.mod_0_l; [reflexivity | lia].
Qed.

Lemma colmod_zeros : forall m xs, 0 < m -> nonneg xs -> sum xs = 0 -> colmod m xs.
Proof.
  intros m xs Hm H Hs. split; [exact H |]. intros i _.
  rewrite (column_zeros i xs H Hs). apply Z.mod_0_l. lia.
Qed.

(* colmod m xs: digit 0's column a multiple of m, and colmod m of the
   halves (the higher digits). *)
Lemma colmod_step : forall m xs, nonneg xs ->
  (colmod m xs <-> column 0 xs mod m = 0 /\ colmod m (half xs)).
Proof.
  intros m xs H. split.
  - intros [_ Hc]. split; [apply Hc; lia |].
    split; [apply half_nonneg; exact H |]. intros i Hi.
    rewrite <- column_succ by exact Hi. apply Hc. lia.
  - intros [H0 [_ Hc]]. split; [exact H |]. intros i Hi.
    destruct (Z.eq_dec i 0) as [E | E]; [subst i; exact H0 |].
    replace i with ((i - 1) + 1) by lia.
    rewrite column_succ by lia. apply Hc. lia.
Qed.

(* Two multiples of m differ by 0 or by at least m. *)
Lemma multiples_gap : forall m a b, 0 < m -> a mod m = 0 -> b mod m = 0 -> 0 <= a - b < m -> a = b.
Proof.
  intros m a b Hm Ha Hb Hab.
  pose proof (Zminus_mod a b m) as E. rewrite Ha, Hb, Z.mod_0_l in E by lia.
  rewrite Z.mod_small in E by exact Hab. lia.
Qed.

(* (I) *)

Lemma lowers_half : forall mask xs ys, lowers mask xs ys -> lowers mask (half xs) (half ys).
Proof.
  induction mask as [| b mask IH]; intros [| x xs] [| y ys]; cbn; try tauto.
  intros [Hb H]. split; [| apply IH; exact H].
  destruct b; [| subst; reflexivity].
  split; [apply Z.div_pos; lia | apply Z.div_le_mono; lia].
Qed.

Lemma lowers_column_0 : forall mask xs ys, lowers mask xs ys -> column 0 xs - column 0 ys <= trues mask.
Proof.
  induction mask as [| b mask IH]; intros [| x xs] [| y ys]; cbn; try tauto; [lia |].
  intros [Hb H]. specialize (IH xs ys H).
  pose proof (digit_bounds 0 x). pose proof (digit_bounds 0 y).
  destruct b; [lia | subst; lia].
Qed.

Theorem moore_I : forall m mask xs ys, 2 <= m -> lowers mask xs ys -> trues mask <= m - 1 ->
  sum ys < sum xs -> colmod m xs -> ~ colmod m ys.
Proof.
  intros m mask xs ys Hm Hl Ht Hlt Hx.
  assert (Hn : nonneg xs) by apply Hx.
  revert mask ys Hl Ht Hlt Hx. revert xs Hn.
  apply (halving_ind (fun xs => forall mask ys, lowers mask xs ys -> trues mask <= m - 1 ->
    sum ys < sum xs -> colmod m xs -> ~ colmod m ys)).
  - intros xs _ Hs mask ys _ _ Hlt _ [Hy _]. pose proof (sum_nonneg ys Hy). lia.
  - intros xs Hxn _ IH mask ys Hl Ht Hlt Hx Hy.
    assert (Hyn : nonneg ys) by apply Hy.
    apply (colmod_step m xs Hxn) in Hx as [Hx0 Hxh].
    apply (colmod_step m ys Hyn) in Hy as [Hy0 Hyh].
    destruct (Z.lt_ge_cases (sum (half ys)) (sum (half xs))) as [Hh | Hh].
    + exact (IH mask (half ys) (lowers_half mask xs ys Hl) Ht Hh Hxh Hyh).
    + pose proof (sum_split xs). pose proof (sum_split ys).
      pose proof (lowers_column_0 mask xs ys Hl).
      pose proof (multiples_gap m (column 0 xs) (column 0 ys) ltac:(lia) Hx0 Hy0 ltac:(lia)).
      lia.
Qed.

(* (II) *)

Lemma trues_nonneg : forall mask, 0 <= trues mask.
Proof. induction mask as [| b r IH]; cbn; [lia | destruct b; lia]. Qed.

Lemma spare_nonneg : forall mask xs, 0 <= spare mask xs.
Proof.
  induction mask as [| b r IH]; intros [| x xs]; cbn; try lia.
  specialize (IH xs). destruct b; [lia | pose proof (Z.mod_pos_bound x 2); lia].
Qed.

(* Digit 0 filled in below a move of the halves: the piles the move of
   the halves lowered take t ones among them (any t up to their number),
   and c of the kept piles with a 1 there are lowered to a 0 (any c up to
   their number, spare). *)
Lemma fill : forall mask' xs ys', nonneg xs -> chosen mask' (half xs) ys' ->
  forall t c, 0 <= t <= trues mask' -> 0 <= c <= spare mask' xs ->
  exists mask ys, chosen mask xs ys /\ half ys = ys' /\
    trues mask = trues mask' + c /\ column 0 ys = spare mask' xs - c + t.
Proof.
  unfold half. induction mask' as [| b mask' IH]; intros [| x xs] [| y' ys'] Hn; cbn; try tauto.
  - intros _ t c Ht Hc. exists [], []. cbn. repeat split; lia.
  - inversion Hn as [| ? ? Hx Hr]; subst.
    intros [Hb Hc'] t c Ht Hc.
    pose proof (trues_nonneg mask'). pose proof (spare_nonneg mask' xs).
    pose proof (Z.div_mod x 2 ltac:(lia)). pose proof (Z.mod_pos_bound x 2 ltac:(lia)).
    destruct b.
    + (* lowered above: digit 0 is free *)
      destruct (Z.lt_ge_cases 0 t) as [Ht0 | Ht0].
      * destruct (IH xs ys' Hr Hc' (t - 1) c ltac:(lia) ltac:(lia)) as (mask & ys & K1 & K2 & K3 & K4).
        exists (true :: mask), (2 * y' + 1 :: ys). cbn [chosen map trues column].
        rewrite K2, K3, K4, digit_0.
        assert (E : (2 * y' + 1) / 2 = y') by (Z.div_mod_to_equations; lia).
        assert (F : (2 * y' + 1) mod 2 = 1) by (Z.div_mod_to_equations; lia).
        rewrite E, F. repeat split; try lia; auto.
      * destruct (IH xs ys' Hr Hc' t c ltac:(lia) ltac:(lia)) as (mask & ys & K1 & K2 & K3 & K4).
        exists (true :: mask), (2 * y' :: ys). cbn [chosen map trues column].
        rewrite K2, K3, K4, digit_0.
        assert (E : (2 * y') / 2 = y') by (Z.div_mod_to_equations; lia).
        assert (F : (2 * y') mod 2 = 0) by (Z.div_mod_to_equations; lia).
        rewrite E, F. repeat split; try lia; auto.
    + (* kept above *)
      subst y'.
      destruct (Z.eq_dec (x mod 2) 1) as [Hodd | Heven]; [destruct (Z.lt_ge_cases 0 c) as [Hc0 | Hc0] |].
      * (* lowered here: its 1 becomes a 0 *)
        destruct (IH xs ys' Hr Hc' t (c - 1) ltac:(lia) ltac:(lia)) as (mask & ys & K1 & K2 & K3 & K4).
        exists (true :: mask), (x - 1 :: ys). cbn [chosen map trues column].
        rewrite K2, K3, K4, digit_0.
        assert (E : (x - 1) / 2 = x / 2) by (Z.div_mod_to_equations; lia).
        assert (F : (x - 1) mod 2 = 0) by (Z.div_mod_to_equations; lia).
        rewrite E, F. repeat split; try lia; auto.
      * destruct (IH xs ys' Hr Hc' t c ltac:(lia) ltac:(lia)) as (mask & ys & K1 & K2 & K3 & K4).
        exists (false :: mask), (x :: ys). cbn [chosen map trues column].
        rewrite K2, K3, K4, digit_0. repeat split; try lia; auto.
      * destruct (IH xs ys' Hr Hc' t c ltac:(lia) ltac:(lia)) as (mask & ys & K1 & K2 & K3 & K4).
        exists (false :: mask), (x :: ys). cbn [chosen map trues column].
        rewrite K2, K3, K4, digit_0. repeat split; try lia; auto.
Qed.

Lemma chosen_keep : forall xs, chosen (map (fun _ => false) xs) xs xs.
Proof. induction xs as [| x r IH]; cbn; tauto. Qed.

Lemma trues_keep : forall xs : list Z, trues (map (fun _ => false) xs) = 0.
Proof. induction xs as [| x r IH]; cbn; lia. Qed.

Lemma chosen_nonneg : forall mask xs ys, nonneg xs -> chosen mask xs ys -> nonneg ys.
Proof.
  induction mask as [| b mask IH]; intros [| x xs] [| y ys] Hn; cbn; try tauto.
  inversion Hn as [| ? ? Hx Hr]; subst. intros [Hb H].
  constructor; [destruct b; lia | exact (IH xs ys Hr H)].
Qed.

Lemma chosen_none : forall mask xs ys, chosen mask xs ys -> trues mask = 0 -> ys = xs.
Proof.
  induction mask as [| b mask IH]; intros [| x xs] [| y ys]; cbn; try tauto.
  intros [Hb H] Ht. pose proof (trues_nonneg mask).
  destruct b; [lia |]. subst. f_equal. apply IH; [exact H | lia].
Qed.

(* Moore's construction, digit by digit from the highest (the halves
   first): a move on at most m - 1 piles, each strictly lowered, into
   colmod m (no pile lowered when xs is in colmod m already). At digit 0,
   with r piles lowered above and s kept piles with a 1 there, the column
   is made a multiple of m by giving m - (s mod m) of the r a 1 when they
   are enough, and otherwise by lowering s mod m of the s to a 0 (then r
   + s mod m < m). *)
Lemma construct : forall m xs, 2 <= m -> nonneg xs ->
  exists mask ys, chosen mask xs ys /\ trues mask <= m - 1 /\ colmod m ys.
Proof.
  intros m xs Hm Hn. revert xs Hn. apply halving_ind.
  - intros xs Hn Hs. exists (map (fun _ => false) xs), xs.
    rewrite trues_keep. split; [apply chosen_keep | split; [lia | apply colmod_zeros; auto; lia]].
  - intros xs Hn _ (mask' & ys' & Hc & Ht & Hy).
    set (r := trues mask') in *. set (s := spare mask' xs).
    pose proof (trues_nonneg mask'). pose proof (spare_nonneg mask' xs).
    pose proof (Z.div_mod s m ltac:(lia)). pose proof (Z.mod_pos_bound s m ltac:(lia)).
    pose proof (Z.mod_le s m ltac:(lia) ltac:(lia)).
    set (u := s mod m) in *. set (q := s / m) in *.
    assert (Hpick : exists t c, 0 <= t <= r /\ 0 <= c <= s /\ r + c <= m - 1 /\ (s - c + t) mod m = 0).
    { destruct (Z.eq_dec u 0) as [Hu | Hu]; [| destruct (Z.le_gt_cases (m - u) r) as [Hr | Hr]].
      - exists 0, 0. split; [lia | split; [lia | split; [lia |]]].
        replace (s - 0 + 0) with s by lia. exact Hu.
      - exists (m - u), 0. split; [lia | split; [lia | split; [lia |]]].
        replace (s - 0 + (m - u)) with ((q + 1) * m) by lia. apply Z.mod_mul. lia.
      - exists 0, u. split; [lia | split; [lia | split; [lia |]]].
        replace (s - u + 0) with (q * m) by lia. apply Z.mod_mul. lia. }
    destruct Hpick as (t & c & Htr & Hcs & Hrc & Hcol).
    destruct (fill mask' xs ys' Hn Hc t c Htr Hcs) as (mask & ys & K1 & K2 & K3 & K4).
    exists mask, ys. split; [exact K1 | split; [lia |]].
    apply (colmod_step m ys (chosen_nonneg mask xs ys Hn K1)).
    rewrite K2, K4. split; [exact Hcol | exact Hy].
Qed.

Theorem moore_II : forall m xs, 2 <= m -> nonneg xs -> ~ colmod m xs ->
  exists mask ys, chosen mask xs ys /\ 1 <= trues mask <= m - 1 /\ colmod m ys.
Proof.
  intros m xs Hm Hn Hx.
  destruct (construct m xs Hm Hn) as (mask & ys & Hc & Ht & Hy).
  exists mask, ys. pose proof (trues_nonneg mask).
  destruct (Z.eq_dec (trues mask) 0) as [E | E].
  - rewrite (chosen_none mask xs ys Hc E) in Hy. contradiction.
  - split; [exact Hc | split; [lia | exact Hy]].
Qed.

(* colmod m xs is decided digit by digit. *)
Lemma colmod_decidable : forall m xs, 0 < m -> colmod m xs \/ ~ colmod m xs.
Proof.
  intros m xs Hm.
  destruct (Forall_dec (fun x => 0 <= x) (fun x => Z_le_dec 0 x) xs) as [Hn | Hn];
    [| right; intros [H _]; exact (Hn H)].
  revert xs Hn. apply halving_ind.
  - intros xs Hn Hs. left. apply colmod_zeros; assumption.
  - intros xs Hn _ IH. rewrite (colmod_step m xs Hn).
    destruct (Z.eq_dec (column 0 xs mod m) 0); tauto.
Qed.

(* Moore's Nim on a complex: the facets of a certificate's move relation
   as masks of the piles. covered k n facets says that every mask of n
   piles that marks 1 to k of them lies within a facet, computed over the
   2^n masks; then the move of moore_II is a move on a facet. *)

(* mask within f: every pile mask marks, f marks. *)
Fixpoint within (mask f : list bool) : bool :=
  match mask, f with
  | b :: mask', c :: f' => andb (orb (negb b) c) (within mask' f')
  | [], [] => true
  | _, _ => false
  end.

(* The 2^n masks of n piles. *)
Fixpoint masks (n : nat) : list (list bool) :=
  match n with
  | O => [[]]
  | S n' => map (cons true) (masks n') ++ map (cons false) (masks n')
  end.

Definition covered (k : Z) (n : nat) (facets : list (list bool)) : bool :=
  forallb (fun mask => orb (negb (andb (1 <=? trues mask) (trues mask <=? k))) (existsb (within mask) facets))
    (masks n).

Lemma masks_complete : forall mask, In mask (masks (length mask)).
Proof.
  induction mask as [| b r IH]; cbn; [left; reflexivity |].
  apply in_or_app. destruct b; [left | right]; apply in_map; exact IH.
Qed.

Lemma covered_within : forall k facets mask, covered k (length mask) facets = true ->
  1 <= trues mask <= k -> exists f, In f facets /\ within mask f = true.
Proof.
  intros k facets mask Hc Ht. unfold covered in Hc. rewrite forallb_forall in Hc.
  specialize (Hc mask (masks_complete mask)).
  assert (E : andb (1 <=? trues mask) (trues mask <=? k) = true) by (apply andb_true_iff; split; apply Z.leb_le; lia).
  rewrite E in Hc. cbn in Hc. apply existsb_exists in Hc. exact Hc.
Qed.

Lemma chosen_within : forall mask f xs ys, nonneg xs -> chosen mask xs ys -> within mask f = true -> lowers f xs ys.
Proof.
  induction mask as [| b mask IH]; intros [| c f] [| x xs] [| y ys] Hn; cbn; try tauto; try discriminate.
  inversion Hn as [| ? ? Hx Hr]; subst.
  intros [Hb H] Hw. apply andb_true_iff in Hw as [Hbc Hw].
  split; [| exact (IH f xs ys Hr H Hw)].
  destruct b, c; cbn in Hbc; try discriminate; lia.
Qed.

Lemma chosen_sum : forall mask xs ys, chosen mask xs ys -> sum ys + trues mask <= sum xs.
Proof.
  induction mask as [| b mask IH]; intros [| x xs] [| y ys]; cbn; try tauto; [lia |].
  intros [Hb H]. specialize (IH xs ys H). destruct b; lia.
Qed.

Lemma chosen_length : forall mask xs ys, chosen mask xs ys -> length ys = length xs /\ length mask = length xs.
Proof.
  induction mask as [| b mask IH]; intros [| x xs] [| y ys]; cbn; try tauto.
  intros [_ H]. destruct (IH xs ys H) as [E F]. rewrite E, F. split; reflexivity.
Qed.

(* (II) on a complex whose facets cover the masks of 1 to m - 1 piles: a
   move on one facet into colmod m. *)
Theorem moore_II_facets : forall m facets xs, 2 <= m -> nonneg xs ->
  covered (m - 1) (length xs) facets = true -> ~ colmod m xs ->
  exists f ys, In f facets /\ lowers f xs ys /\ sum ys < sum xs /\ length ys = length xs /\ colmod m ys.
Proof.
  intros m facets xs Hm Hn Hc Hx.
  destruct (moore_II m xs Hm Hn Hx) as (mask & ys & Hch & Ht & Hy).
  destruct (chosen_length mask xs ys Hch) as [Ey Em].
  rewrite <- Em in Hc.
  destruct (covered_within (m - 1) facets mask Hc Ht) as (f & Hin & Hw).
  exists f, ys. pose proof (chosen_sum mask xs ys Hch).
  split; [exact Hin | split; [exact (chosen_within mask f xs ys Hn Hch Hw) | split; [lia | split; [exact Ey | exact Hy]]]].
Qed.

(* colmod m xs computed, column by column, for positions given by numbers
   (fuel: at least as many columns as the sum of the piles has binary
   digits; halving the piles halves their sum). *)
Fixpoint colmodb (m : Z) (fuel : nat) (xs : list Z) : bool :=
  match fuel with
  | O => true
  | S f => andb (column 0 xs mod m =? 0) (colmodb m f (half xs))
  end.

Lemma colmodb_spec : forall m xs, 0 < m -> nonneg xs ->
  (colmod m xs <-> colmodb m (S (Z.to_nat (Z.log2 (sum xs)))) xs = true).
Proof.
  intros m xs Hm Hn.
  enough (H : forall fuel, sum xs < 2 ^ Z.of_nat fuel -> (colmod m xs <-> colmodb m fuel xs = true)).
  { apply H. pose proof (sum_nonneg xs Hn).
    destruct (Z.eq_dec (sum xs) 0) as [E | E]; [rewrite E; cbn; lia |].
    pose proof (Z.log2_spec (sum xs) ltac:(lia)) as [_ Hlt]. pose proof (Z.log2_nonneg (sum xs)).
    rewrite Nat2Z.inj_succ, Z2Nat.id by lia. exact Hlt. }
  revert xs Hn. apply (halving_ind (fun xs => forall fuel, sum xs < 2 ^ Z.of_nat fuel ->
    (colmod m xs <-> colmodb m fuel xs = true))).
  - intros xs Hn Hs fuel _. split; [intros _ | intros _; apply colmod_zeros; assumption].
    revert xs Hn Hs. induction fuel as [| f IH]; intros xs Hn Hs; cbn [colmodb]; [reflexivity |].
    rewrite (column_zeros 0 xs Hn Hs), Z.mod_0_l by lia. cbn.
    pose proof (sum_split xs). pose proof (column_nonneg 0 xs).
    pose proof (sum_nonneg _ (half_nonneg xs Hn)).
    apply IH; [apply half_nonneg; exact Hn | lia].
  - intros xs Hn Hs IH fuel Hf. destruct fuel as [| f]; [cbn in Hf; lia |].
    cbn [colmodb]. rewrite (colmod_step m xs Hn), andb_true_iff, Z.eqb_eq.
    rewrite Nat2Z.inj_succ, Z.pow_succ_r in Hf by lia.
    pose proof (sum_split xs). pose proof (column_nonneg 0 xs).
    rewrite (IH f ltac:(lia)). reflexivity.
Qed.

(* Proves colmod m xs, or its negation, for piles given by numbers at
   least 0 and m > 0; fails saying so when the goal is false. *)
Ltac decide_colmod :=
  once (rewrite colmodb_spec by (first [lia | unfold nonneg; repeat constructor; lia
    | fail 1 "decide_colmod: a pile is negative or m is not positive"]));
  vm_compute;
  tryif first [reflexivity | discriminate] then idtac
  else fail "decide_colmod: the goal is false (colmodb computes the other answer)".
