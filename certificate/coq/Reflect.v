(* Reflect.v: linear arithmetic by reflection, for nimlab's certificates.
   A case's goal, written as data (zt, fm), is proved by a computation
   the kernel runs (check), whose soundness is proved once, here
   (check_sound). The data come with a certificate nimlab computed: which
   minima, maxima and quotients to split, and in each case a Farkas
   combination of the constraints (a weight per constraint, at least 0
   for an inequality) whose sum is a negative constant. The kernel does
   not search, it adds up: where lia finds and checks a proof at each
   call, check only checks. Coq's standard library only; no axiom. *)
From Coq Require Import ZArith Lia List Bool.
Import ListNotations.
Open Scope Z_scope.

(* Terms of the piles, env holding their values (and, after the piles,
   the values of the minima, maxima and quotients a goal names:
   defs_ok). *)
Inductive zt : Type :=
  | V (n : N) | K (z : Z) | Add (s t : zt) | Sub (s t : zt) | Mul (s t : zt) | Opp (s : zt).

Fixpoint ev (env : list Z) (t : zt) : Z :=
  match t with
  | V n => nth (N.to_nat n) env 0
  | K z => z
  | Add s t => ev env s + ev env t
  | Sub s t => ev env s - ev env t
  | Mul s t => ev env s * ev env t
  | Opp s => - ev env s
  end.

Inductive fm : Type :=
  | FLe (s t : zt) | FLt (s t : zt) | FEq (s t : zt) | FGe (s t : zt) | FGt (s t : zt)
  | Not (f : fm) | And (f g : fm) | Or (f g : fm) | Tr.

Fixpoint hold (env : list Z) (f : fm) : Prop :=
  match f with
  | FLe s t => ev env s <= ev env t
  | FLt s t => ev env s < ev env t
  | FEq s t => ev env s = ev env t
  | FGe s t => ev env s >= ev env t
  | FGt s t => ev env s > ev env t
  | Not f => ~ hold env f
  | And f g => hold env f /\ hold env g
  | Or f g => hold env f \/ hold env g
  | Tr => True
  end.

Fixpoint imp (env : list Z) (hs : list fm) (g : fm) : Prop :=
  match hs with
  | nil => hold env g
  | h :: hs => hold env h -> imp env hs g
  end.

(* Whether a formula holds is decided (no axiom: its comparisons are of
   integers). *)
Lemma hold_dec : forall env f, hold env f \/ ~ hold env f.
Proof.
  intros env f; induction f as [s t | s t | s t | s t | s t | f IHf | f IHf g IHg | f IHf g IHg |];
    cbn [hold]; try lia; tauto.
Qed.

Fixpoint hold_all (env : list Z) (hs : list fm) : Prop :=
  match hs with nil => True | h :: hs => hold env h /\ hold_all env hs end.

(* A minimum, a maximum or a quotient (by a constant) a goal names: the
   variable v holds it. *)
Inductive def : Type := DMin (v : N) (s t : zt) | DMax (v : N) (s t : zt) | DDiv (v : N) (s : zt) (k : Z).

Definition dvar (d : def) : nat := match d with DMin v _ _ | DMax v _ _ | DDiv v _ _ => N.to_nat v end.
Definition dval (env : list Z) (d : def) : Z :=
  match d with
  | DMin _ s t => Z.min (ev env s) (ev env t)
  | DMax _ s t => Z.max (ev env s) (ev env t)
  | DDiv _ s k => ev env s / k
  end.
Definition defs_ok (env : list Z) (ds : list def) : Prop :=
  map (fun d => nth (dvar d) env 0) ds = map (dval env) ds.

(* Linear forms: the constant, then a coefficient per variable. *)
Fixpoint dot (xs cs : list Z) : Z :=
  match cs with
  | nil => 0
  | c :: cs => c * hd 0 xs + dot (tl xs) cs
  end.
Definition lev (env : list Z) (l : list Z) : Z := dot (1 :: env) l.

Fixpoint ladd (l1 l2 : list Z) : list Z :=
  match l1, l2 with
  | nil, _ => l2
  | _, nil => l1
  | a :: l1, b :: l2 => (a + b) :: ladd l1 l2
  end.
Definition lscale (c : Z) (l : list Z) : list Z := map (Z.mul c) l.
Fixpoint lunit (n : nat) : list Z := match n with O => [1] | S n => 0 :: lunit n end.
Definition lconst (l : list Z) : option Z :=
  match l with
  | nil => Some 0
  | c :: cs => if forallb (Z.eqb 0) cs then Some c else None
  end.

Fixpoint lin (t : zt) : option (list Z) :=
  match t with
  | V n => Some (0 :: lunit (N.to_nat n))
  | K z => Some [z]
  | Add s t => match lin s, lin t with Some a, Some b => Some (ladd a b) | _, _ => None end
  | Sub s t => match lin s, lin t with Some a, Some b => Some (ladd a (lscale (-1) b)) | _, _ => None end
  | Opp s => match lin s with Some a => Some (lscale (-1) a) | None => None end
  | Mul s t =>
      match lin s, lin t with
      | Some a, Some b =>
          match lconst a with
          | Some c => Some (lscale c b)
          | None => match lconst b with Some c => Some (lscale c a) | None => None end
          end
      | _, _ => None
      end
  end.

Ltac sl := cbn [dot ladd lscale map hd tl nth lunit ev app fst snd lev] in *.

Lemma dot_add : forall xs a b, dot xs (ladd a b) = dot xs a + dot xs b.
Proof. intros xs a; revert xs; induction a as [| x a IH]; intros xs [| y b]; sl; try lia.
  rewrite IH; lia. Qed.
Lemma dot_scale : forall xs c a, dot xs (lscale c a) = c * dot xs a.
Proof. intros xs c a; revert xs; induction a as [| x a IH]; intros xs; sl; try lia.
  unfold lscale in IH; rewrite IH; lia. Qed.
Lemma lev_add : forall env a b, lev env (ladd a b) = lev env a + lev env b.
Proof. intros; apply dot_add. Qed.
Lemma lev_scale : forall env c a, lev env (lscale c a) = c * lev env a.
Proof. intros; apply dot_scale. Qed.
Lemma dot_lunit : forall n xs, dot xs (lunit n) = nth n xs 0.
Proof.
  intros n; induction n as [| n IH]; intros xs.
  - destruct xs; sl; lia.
  - sl. rewrite IH. destruct xs as [| x xs]; sl; [destruct n |]; lia.
Qed.
Lemma dot_const : forall xs cs, forallb (Z.eqb 0) cs = true -> dot xs cs = 0.
Proof. intros xs cs; revert xs; induction cs as [| c cs IH]; intros xs H; sl; try lia.
  apply andb_prop in H as [H1 H2]; apply Z.eqb_eq in H1; subst; rewrite IH; auto. Qed.
Lemma lconst_ok : forall env l c, lconst l = Some c -> lev env l = c.
Proof. intros env [| x cs] c H; unfold lev, lconst in *; sl.
  - inversion H; lia.
  - destruct (forallb (Z.eqb 0) cs) eqn:E; inversion H; subst. rewrite dot_const; auto; lia. Qed.

Lemma lin_ok : forall env t l, lin t = Some l -> lev env l = ev env t.
Proof.
  intros env; induction t as [n | z | s IHs t IHt | s IHs t IHt | s IHs t IHt | s IHs]; intros l H; cbn [lin] in H.
  - inversion H; subst; unfold lev; sl. rewrite dot_lunit. lia.
  - inversion H; subst; unfold lev; sl; lia.
  - destruct (lin s) as [a |] eqn:Ea, (lin t) as [b |] eqn:Eb; inversion H; subst.
    unfold lev in *; rewrite dot_add, (IHs a), (IHt b); auto.
  - destruct (lin s) as [a |] eqn:Ea, (lin t) as [b |] eqn:Eb; inversion H; subst.
    unfold lev in *; rewrite dot_add, dot_scale, (IHs a), (IHt b); sl; auto; lia.
  - destruct (lin s) as [a |] eqn:Ea, (lin t) as [b |] eqn:Eb; try discriminate.
    destruct (lconst a) as [c |] eqn:Ec.
    + inversion H; subst. unfold lev; rewrite dot_scale. sl.
      rewrite <- (IHs a), <- (IHt b); auto. rewrite (lconst_ok env a c Ec). reflexivity.
    + destruct (lconst b) as [c |] eqn:Ed; try discriminate. inversion H; subst.
      unfold lev; rewrite dot_scale. sl.
      rewrite <- (IHs a), <- (IHt b); auto. rewrite (lconst_ok env b c Ed). unfold lev; lia.
  - destruct (lin s) as [a |] eqn:Ea; inversion H; subst. unfold lev in *; rewrite dot_scale, (IHs a); auto; lia.
Qed.

(* Constraints: l >= 0 or l = 0; a disequality l <> 0 is kept apart. *)
Inductive cstr : Type := Nonneg (l : list Z) | Zero (l : list Z).
Definition sat (env : list Z) (c : cstr) : Prop :=
  match c with Nonneg l => 0 <= lev env l | Zero l => lev env l = 0 end.

Definition diff (s t : zt) : option (list Z) :=
  match lin s, lin t with Some a, Some b => Some (ladd a (lscale (-1) b)) | _, _ => None end.
Lemma diff_ok : forall env s t l, diff s t = Some l -> lev env l = ev env s - ev env t.
Proof. intros env s t l H; unfold diff in H.
  destruct (lin s) eqn:Es, (lin t) eqn:Et; inversion H; subst.
  rewrite lev_add, lev_scale, (lin_ok env s l0 Es), (lin_ok env t l1 Et). lia. Qed.

Definition minus1 (l : list Z) : list Z := ladd l [-1].
Lemma minus1_ok : forall env l, lev env (minus1 l) = lev env l - 1.
Proof. intros; unfold minus1; rewrite lev_add; unfold lev at 2; sl; lia. Qed.

(* What a formula that holds gives: constraints and disequalities
   (facts); what the negation of a literal gives (denial). *)
Fixpoint facts (f : fm) : option (list cstr * list (list Z)) :=
  match f with
  | FLe s t => option_map (fun l => ([Nonneg l], [])) (diff t s)
  | FLt s t => option_map (fun l => ([Nonneg (minus1 l)], [])) (diff t s)
  | FEq s t => option_map (fun l => ([Zero l], [])) (diff t s)
  | FGe s t => option_map (fun l => ([Nonneg l], [])) (diff s t)
  | FGt s t => option_map (fun l => ([Nonneg (minus1 l)], [])) (diff s t)
  | Not (FLe s t) => option_map (fun l => ([Nonneg (minus1 l)], [])) (diff s t)
  | Not (FLt s t) => option_map (fun l => ([Nonneg l], [])) (diff s t)
  | Not (FEq s t) => option_map (fun l => ([], [l])) (diff s t)
  | Not (FGe s t) => option_map (fun l => ([Nonneg (minus1 l)], [])) (diff t s)
  | Not (FGt s t) => option_map (fun l => ([Nonneg l], [])) (diff t s)
  | Not Tr => Some ([Nonneg [-1]], [])
  | And f g => match facts f, facts g with
               | Some (c1, n1), Some (c2, n2) => Some (c1 ++ c2, n1 ++ n2)
               | _, _ => None end
  | Tr => Some ([], [])
  | _ => None
  end.

Definition nsat (env : list Z) (l : list Z) : Prop := lev env l <> 0.

Ltac fsl := cbn [facts option_map hold sat nsat fst snd] in *.

Lemma facts_ok : forall env f c n, facts f = Some (c, n) -> hold env f ->
  Forall (sat env) c /\ Forall (nsat env) n.
Proof.
  intros env f; induction f as [s t | s t | s t | s t | s t | f IHf | f IHf g IHg | f IHf g IHg |]; intros c n H Hf; fsl.
  - destruct (diff t s) eqn:D; inversion H; subst. pose proof (diff_ok env _ _ _ D). repeat constructor; fsl; lia.
  - destruct (diff t s) eqn:D; inversion H; subst. pose proof (diff_ok env _ _ _ D). repeat constructor; fsl; rewrite minus1_ok; lia.
  - destruct (diff t s) eqn:D; inversion H; subst. pose proof (diff_ok env _ _ _ D). repeat constructor; fsl; lia.
  - destruct (diff s t) eqn:D; inversion H; subst. pose proof (diff_ok env _ _ _ D). repeat constructor; fsl; lia.
  - destruct (diff s t) eqn:D; inversion H; subst. pose proof (diff_ok env _ _ _ D). repeat constructor; fsl; rewrite minus1_ok; lia.
  - destruct f as [s t | s t | s t | s t | s t | f | f g | f g |]; try discriminate.
    + destruct (diff s t) eqn:D; inversion H; subst. pose proof (diff_ok env _ _ _ D). repeat constructor; fsl; rewrite ?minus1_ok; lia.
    + destruct (diff s t) eqn:D; inversion H; subst. pose proof (diff_ok env _ _ _ D). repeat constructor; fsl; lia.
    + destruct (diff s t) eqn:D; inversion H; subst. pose proof (diff_ok env _ _ _ D).
      fsl. split; [apply Forall_nil | apply Forall_cons; [unfold nsat; lia | apply Forall_nil]].
    + destruct (diff t s) eqn:D; inversion H; subst. pose proof (diff_ok env _ _ _ D). repeat constructor; fsl; rewrite ?minus1_ok; lia.
    + destruct (diff t s) eqn:D; inversion H; subst. pose proof (diff_ok env _ _ _ D). repeat constructor; fsl; lia.
    + inversion H; subst. exfalso; apply Hf; exact I.
  - destruct (facts f) as [[c1 n1] |], (facts g) as [[c2 n2] |]; try discriminate.
    inversion H; subst. destruct Hf as [Hf Hg].
    destruct (IHf c1 n1 eq_refl Hf), (IHg c2 n2 eq_refl Hg). split; apply Forall_app; auto.
  - discriminate.
  - inversion H; subst. split; constructor.
Qed.

(* A hypothesis facts does not read, a disjunction or a conjunction
   denied, is read as a choice of cases (alts), each read by facts: a
   certificate splits it (SplitOr) and adds a case's facts (UseAlt). *)
Inductive alts : Type := Alt (c : list cstr) (n : list (list Z)) | Alts (a b : alts).

Fixpoint ahold (env : list Z) (a : alts) : Prop :=
  match a with
  | Alt c n => Forall (sat env) c /\ Forall (nsat env) n
  | Alts a b => ahold env a \/ ahold env b
  end.

Definition alt_of (x : option (list cstr * list (list Z))) : option alts :=
  match x with Some (c, n) => Some (Alt c n) | None => None end.

(* The cases of f (pos) or of its negation (not pos). *)
Fixpoint choices (pos : bool) (f : fm) : option alts :=
  match f with
  | Or f g => if pos then match choices true f, choices true g with
                          | Some a, Some b => Some (Alts a b) | _, _ => None end
              else None
  | And f g => if pos then alt_of (facts (And f g))
               else match choices false f, choices false g with
                    | Some a, Some b => Some (Alts a b) | _, _ => None end
  | Not f => choices (negb pos) f
  | _ => alt_of (facts (if pos then f else Not f))
  end.

Lemma alt_of_ok : forall env f x a, alt_of x = Some a -> (forall c n, x = Some (c, n) -> hold env f ->
  Forall (sat env) c /\ Forall (nsat env) n) -> hold env f -> ahold env a.
Proof. intros env f [[c n] |] a E H Hf; cbn [alt_of] in E; inversion E; subst. exact (H c n eq_refl Hf). Qed.

Lemma choices_ok : forall env f pos a, choices pos f = Some a ->
  (if pos then hold env f else ~ hold env f) -> ahold env a.
Proof.
  intros env f; induction f as [s t | s t | s t | s t | s t | f IHf | f IHf g IHg | f IHf g IHg |];
    intros pos a E H; cbn [choices] in E.
  1-5, 9: destruct pos; [ apply (alt_of_ok env _ _ a E (facts_ok env _)); exact H
                        | apply (alt_of_ok env (Not _) _ a E (facts_ok env _)); exact H ].
  - destruct pos; cbn [negb] in E; cbn [hold] in H.
    + exact (IHf false a E H).
    + apply (IHf true a E). destruct (hold_dec env f); tauto.
  - destruct pos.
    + apply (alt_of_ok env (And f g) _ a E (facts_ok env _)); exact H.
    + destruct (choices false f) as [x |] eqn:Ef, (choices false g) as [y |] eqn:Eg; try discriminate.
      inversion E; subst. cbn [hold ahold] in *. destruct (hold_dec env f) as [Hf | Hf].
      * right. apply (IHg false y Eg). tauto.
      * left. exact (IHf false x Ef Hf).
  - destruct pos; try discriminate.
    destruct (choices true f) as [x |] eqn:Ef, (choices true g) as [y |] eqn:Eg; try discriminate.
    inversion E; subst. cbn [hold ahold] in *. destruct H as [H | H].
    + left. exact (IHf true x Ef H).
    + right. exact (IHg true y Eg H).
Qed.

(* The denials of a goal: one for each literal to prove, what its
   negation gives. A goal holds when every denial, with the hypotheses,
   is refuted. *)
Fixpoint denials (g : fm) : option (list (list cstr * list (list Z))) :=
  match g with
  | And f h => match denials f, denials h with Some a, Some b => Some (a ++ b) | _, _ => None end
  | Or _ _ => None
  | Tr => Some []
  | Not f => option_map (fun x => [x]) (facts f)
  | FLe s t => option_map (fun x => [x]) (facts (Not (FLe s t)))
  | FLt s t => option_map (fun x => [x]) (facts (Not (FLt s t)))
  | FGe s t => option_map (fun x => [x]) (facts (Not (FGe s t)))
  | FGt s t => option_map (fun x => [x]) (facts (Not (FGt s t)))
  | FEq s t => option_map (fun x => [x]) (facts (Not (FEq s t)))
  end.

Ltac denial_atom H Hall f dec :=
  destruct (facts f) as [[c n] |] eqn:E; cbn [option_map] in H; inversion H; subst;
  inversion Hall as [| ? ? Hx _]; subst; cbn [hold];
  let L := fresh "L" in match goal with |- _ ?x ?y => destruct (dec x y) as [L | L] end;
  first [exact L | exfalso; apply Hx; apply (facts_ok _ f c n E); cbn [hold]; lia].

Lemma denials_ok : forall env g ds,
  denials g = Some ds ->
  Forall (fun d => ~ (Forall (sat env) (fst d) /\ Forall (nsat env) (snd d))) ds ->
  hold env g.
Proof.
  intros env g; induction g as [s t | s t | s t | s t | s t | f IHf | f IHf h IHh | f IHf h IHh |]; intros ds H Hall; cbn [denials] in H.
  - denial_atom H Hall (Not (FLe s t)) Z_le_gt_dec.
  - denial_atom H Hall (Not (FLt s t)) Z_lt_ge_dec.
  - denial_atom H Hall (Not (FEq s t)) Z.eq_dec.
  - denial_atom H Hall (Not (FGe s t)) Z_ge_lt_dec.
  - denial_atom H Hall (Not (FGt s t)) Z_gt_le_dec.
  - destruct (facts f) as [[c n] |] eqn:E; cbn [option_map] in H; inversion H; subst.
    inversion Hall as [| ? ? Hx _]; subst. cbn [hold]. intro Hf. apply Hx. apply (facts_ok env f c n E Hf).
  - destruct (denials f) as [a |], (denials h) as [b |]; try discriminate. inversion H; subst.
    apply Forall_app in Hall as [Ha Hb]. cbn [hold]; split; [apply (IHf a) | apply (IHh b)]; auto.
  - discriminate.
  - exact I.
Qed.

(* The certificate of a refutation: a Farkas combination (a weight for
   some of the constraints, by their index: a list of its own, whose
   every element Coq reads without inferring its type); a split of a minimum or
   maximum into its two cases (tie: where its arguments are equal, the
   first case), of a disequality l <> 0 into l < 0 and l > 0, or of the
   integers by a linear form l, l <= 0 or l >= 1 (lia's branch and bound);
   or, where the goal's literals are left to deny, the refutation of the
   first of them and the certificate of the others (Denial), until none
   is left (Done). *)
Inductive weights : Type := WNil | W (i : N) (w : Z) (rest : weights).

Inductive cert : Type :=
  | Farkas (ws : weights)
  | SplitDef (k : N) (tie : bool) (c1 c2 : cert)
  | SplitNeq (i : N) (c1 c2 : cert)
  | SplitLin (l : list Z) (c1 c2 : cert)
  | Denial (c rest : cert)
  | SplitOr (i : N) (c1 c2 : cert)
  | UseAlt (i : N) (c : cert)
  | Done.

(* The list l with its element n replaced by x. *)
Fixpoint set_nth {A : Type} (l : list A) (n : nat) (x : A) : list A :=
  match l, n with
  | nil, _ => nil
  | _ :: l, O => x :: l
  | y :: l, S n => y :: set_nth l n x
  end.

Lemma set_nth_ok : forall {A : Type} (P : A -> Prop) l n x, Forall P l -> P x -> Forall P (set_nth l n x).
Proof. intros A P l; induction l as [| y l IH]; intros [| n] x H Hx; cbn [set_nth]; auto;
  inversion H; subst; constructor; auto. Qed.

(* The weighted sum of the constraints named: a weight at least 0 for
   l >= 0, any for l = 0; a sum whose variables all cancel and whose
   constant is below 0 refutes them. *)
Fixpoint weigh (cs : list cstr) (ws : weights) : option (list Z) :=
  match ws with
  | WNil => Some []
  | W i w ws =>
      match nth_error cs (N.to_nat i), weigh cs ws with
      | Some (Nonneg l), Some r => if Z.leb 0 w then Some (ladd (lscale w l) r) else None
      | Some (Zero l), Some r => Some (ladd (lscale w l) r)
      | _, _ => None
      end
  end.

Definition negative (l : list Z) : bool :=
  match l with
  | nil => false
  | c :: cs => Z.ltb c 0 && forallb (Z.eqb 0) cs
  end.

Lemma weigh_ok : forall env cs ws l, weigh cs ws = Some l -> Forall (sat env) cs -> 0 <= lev env l.
Proof.
  intros env cs ws; induction ws as [| i w ws IH]; intros l H Hs; cbn [weigh] in H.
  - inversion H; subst; unfold lev; sl; lia.
  - destruct (nth_error cs (N.to_nat i)) as [[lc | lc] |] eqn:E, (weigh cs ws) as [r |] eqn:R; try discriminate;
      pose proof (IH r eq_refl Hs);
      assert (Hc : sat env (match nth_error cs (N.to_nat i) with Some c => c | None => Zero [] end))
        by (rewrite Forall_forall in Hs; rewrite E; apply Hs; eapply nth_error_In; eauto);
      rewrite E in Hc; cbn [sat] in Hc.
    + destruct (Z.leb 0 w) eqn:W; try discriminate. apply Z.leb_le in W.
      inversion H; subst. rewrite lev_add, lev_scale. nia.
    + inversion H; subst. rewrite lev_add, lev_scale. rewrite Hc. lia.
Qed.

Lemma negative_ok : forall env l, negative l = true -> lev env l < 0.
Proof. intros env [| c cs] H; cbn [negative] in H; try discriminate.
  apply andb_prop in H as [H1 H2]. apply Z.ltb_lt in H1. unfold lev; sl. rewrite dot_const; auto; lia. Qed.

(* The cases of a minimum or maximum d: its first argument at most its
   second (below it where tie is false) and a minimum the first, a
   maximum the second; or the other way round. A quotient v = s / k
   (k > 0) has one case, k v <= s <= k v + k - 1, and a second that
   never holds (-1 >= 0), so that refute reads it as a split. *)
Definition cases_of (d : def) (tie : bool) : option (list cstr * list cstr) :=
  match d with
  | DMin v s t => match diff t s, diff (V v) s, diff (V v) t with
      | Some ts, Some vs, Some vt =>
          if tie then Some ([Nonneg ts; Zero vs], [Nonneg (minus1 (lscale (-1) ts)); Zero vt])
          else Some ([Nonneg (minus1 ts); Zero vs], [Nonneg (lscale (-1) ts); Zero vt])
      | _, _, _ => None end
  | DMax v s t => match diff t s, diff (V v) t, diff (V v) s with
      | Some ts, Some vt, Some vs =>
          if tie then Some ([Nonneg ts; Zero vt], [Nonneg (minus1 (lscale (-1) ts)); Zero vs])
          else Some ([Nonneg (minus1 ts); Zero vt], [Nonneg (lscale (-1) ts); Zero vs])
      | _, _, _ => None end
  | DDiv v s k =>
      if Z.ltb 0 k then
        match diff s (Mul (K k) (V v)), diff (Add (Mul (K k) (V v)) (K (k - 1))) s with
        | Some lo, Some hi => Some ([Nonneg lo; Nonneg hi], [Nonneg [-1]])
        | _, _ => None end
      else None
  end.

Lemma cases_ok : forall env d tie c1 c2, cases_of d tie = Some (c1, c2) -> nth (dvar d) env 0 = dval env d ->
  Forall (sat env) c1 \/ Forall (sat env) c2.
Proof.
  intros env [v s t | v s t | v s k] tie c1 c2 H E; cbn [cases_of dvar dval] in H, E.
  - destruct (diff t s) as [ts |] eqn:D1, (diff (V v) s) as [vs |] eqn:D2, (diff (V v) t) as [vt |] eqn:D3; try discriminate.
    pose proof (diff_ok env _ _ _ D1). pose proof (diff_ok env _ _ _ D2). pose proof (diff_ok env _ _ _ D3).
    cbn [ev] in *. destruct tie; inversion H; subst.
    + destruct (Z_le_gt_dec (ev env s) (ev env t)) as [L | L].
      * left. rewrite Z.min_l in E by exact L. repeat constructor; cbn [sat]; lia.
      * right. rewrite Z.min_r in E by lia. repeat constructor; cbn [sat]; rewrite ?minus1_ok, ?lev_scale; lia.
    + destruct (Z_lt_ge_dec (ev env s) (ev env t)) as [L | L].
      * left. rewrite Z.min_l in E by lia. repeat constructor; cbn [sat]; rewrite ?minus1_ok; lia.
      * right. rewrite Z.min_r in E by lia. repeat constructor; cbn [sat]; rewrite ?lev_scale; lia.
  - destruct (diff t s) as [ts |] eqn:D1, (diff (V v) t) as [vt |] eqn:D2, (diff (V v) s) as [vs |] eqn:D3; try discriminate.
    pose proof (diff_ok env _ _ _ D1). pose proof (diff_ok env _ _ _ D2). pose proof (diff_ok env _ _ _ D3).
    cbn [ev] in *. destruct tie; inversion H; subst.
    + destruct (Z_le_gt_dec (ev env s) (ev env t)) as [L | L].
      * left. rewrite Z.max_r in E by exact L. repeat constructor; cbn [sat]; lia.
      * right. rewrite Z.max_l in E by lia. repeat constructor; cbn [sat]; rewrite ?minus1_ok, ?lev_scale; lia.
    + destruct (Z_lt_ge_dec (ev env s) (ev env t)) as [L | L].
      * left. rewrite Z.max_r in E by lia. repeat constructor; cbn [sat]; rewrite ?minus1_ok; lia.
      * right. rewrite Z.max_l in E by lia. repeat constructor; cbn [sat]; rewrite ?lev_scale; lia.
  - destruct (Z.ltb 0 k) eqn:P; try discriminate. apply Z.ltb_lt in P.
    destruct (diff s (Mul (K k) (V v))) as [lo |] eqn:D1,
      (diff (Add (Mul (K k) (V v)) (K (k - 1))) s) as [hi |] eqn:D2; try discriminate.
    pose proof (diff_ok env _ _ _ D1). pose proof (diff_ok env _ _ _ D2). cbn [ev] in *.
    inversion H; subst. left.
    pose proof (Z.div_mod (ev env s) k ltac:(lia)). pose proof (Z.mod_pos_bound (ev env s) k P).
    repeat constructor; cbn [sat]; lia.
Qed.

(* What a refutation proves: a contradiction (None), or that each of the
   goal's literals left, denied, is (Some dens). *)
Definition denied (env : list Z) (g : option (list (list cstr * list (list Z)))) : Prop :=
  match g with
  | None => False
  | Some dens => Forall (fun d => ~ (Forall (sat env) (fst d) /\ Forall (nsat env) (snd d))) dens
  end.

Fixpoint refute (ds : list def) (g : option (list (list cstr * list (list Z)))) (cs : list cstr) (ns : list (list Z)) (os : list alts) (c : cert) : bool :=
  match c with
  | Farkas ws => match weigh cs ws with Some l => negative l | None => false end
  | SplitDef k tie c1 c2 =>
      match nth_error ds (N.to_nat k) with
      | Some d => match cases_of d tie with
                  | Some (a, b) => refute ds g (cs ++ a) ns os c1 && refute ds g (cs ++ b) ns os c2
                  | None => false end
      | None => false
      end
  | SplitNeq i c1 c2 =>
      match nth_error ns (N.to_nat i) with
      | Some l => refute ds g (cs ++ [Nonneg (minus1 (lscale (-1) l))]) ns os c1 &&
                  refute ds g (cs ++ [Nonneg (minus1 l)]) ns os c2
      | None => false
      end
  | SplitLin l c1 c2 =>
      refute ds g (cs ++ [Nonneg (lscale (-1) l)]) ns os c1 && refute ds g (cs ++ [Nonneg (minus1 l)]) ns os c2
  | Denial c rest =>
      match g with
      | Some ((dc, dn) :: dens) => refute ds None (cs ++ dc) (ns ++ dn) os c && refute ds (Some dens) cs ns os rest
      | _ => false
      end
  | SplitOr i c1 c2 =>
      match nth_error os (N.to_nat i) with
      | Some (Alts a b) => refute ds g cs ns (set_nth os (N.to_nat i) a) c1 &&
                           refute ds g cs ns (set_nth os (N.to_nat i) b) c2
      | _ => false
      end
  | UseAlt i c =>
      match nth_error os (N.to_nat i) with
      | Some (Alt dc dn) => refute ds g (cs ++ dc) (ns ++ dn) os c
      | _ => false
      end
  | Done => match g with Some nil => true | _ => false end
  end.

Lemma defs_nth : forall env ds k d, defs_ok env ds -> nth_error ds k = Some d -> nth (dvar d) env 0 = dval env d.
Proof.
  intros env ds k d H E. unfold defs_ok in H.
  assert (A : nth_error (map (fun d => nth (dvar d) env 0) ds) k = nth_error (map (dval env) ds) k) by (rewrite H; reflexivity).
  rewrite !nth_error_map, E in A. cbn [option_map] in A. inversion A. reflexivity.
Qed.

Lemma refute_ok : forall env ds c g cs ns os, defs_ok env ds -> refute ds g cs ns os c = true ->
  Forall (sat env) cs -> Forall (nsat env) ns -> Forall (ahold env) os -> denied env g.
Proof.
  intros env ds c; induction c as [ws | k tie c1 IH1 c2 IH2 | i c1 IH1 c2 IH2 | l c1 IH1 c2 IH2 | c IH rest IHr
    | i c1 IH1 c2 IH2 | i c IH |];
    intros g cs ns os Hd H Hs Hn Ho; cbn [refute] in H.
  - destruct (weigh cs ws) as [l |] eqn:E; try discriminate.
    pose proof (weigh_ok env cs ws l E Hs). pose proof (negative_ok env l H). lia.
  - destruct (nth_error ds (N.to_nat k)) as [d |] eqn:E; try discriminate.
    destruct (cases_of d tie) as [[a b] |] eqn:C; try discriminate.
    apply andb_prop in H as [H1 H2].
    destruct (cases_ok env d tie a b C (defs_nth env ds (N.to_nat k) d Hd E)) as [Ha | Hb].
    + apply (IH1 g (cs ++ a) ns os Hd H1); auto. apply Forall_app; auto.
    + apply (IH2 g (cs ++ b) ns os Hd H2); auto. apply Forall_app; auto.
  - destruct (nth_error ns (N.to_nat i)) as [l |] eqn:E; try discriminate.
    apply andb_prop in H as [H1 H2].
    assert (N : lev env l <> 0) by (rewrite Forall_forall in Hn; apply Hn; eapply nth_error_In; eauto).
    destruct (Z_lt_ge_dec (lev env l) 0).
    + apply (IH1 g _ ns os Hd H1); auto. apply Forall_app; split; auto. repeat constructor. cbn [sat].
      rewrite minus1_ok, lev_scale. lia.
    + apply (IH2 g _ ns os Hd H2); auto. apply Forall_app; split; auto. repeat constructor. cbn [sat].
      rewrite minus1_ok. lia.
  - apply andb_prop in H as [H1 H2].
    destruct (Z_le_gt_dec (lev env l) 0).
    + apply (IH1 g _ ns os Hd H1); auto. apply Forall_app; split; auto. repeat constructor. cbn [sat].
      rewrite lev_scale. lia.
    + apply (IH2 g _ ns os Hd H2); auto. apply Forall_app; split; auto. repeat constructor. cbn [sat].
      rewrite minus1_ok. lia.
  - destruct g as [[| [dc dn] dens] |]; try discriminate.
    apply andb_prop in H as [H1 H2]. cbn [denied]. constructor.
    + intros [Hdc Hdn]. cbn [fst snd] in *.
      exact (IH None (cs ++ dc) (ns ++ dn) os Hd H1 (proj2 (Forall_app _ _ _) (conj Hs Hdc))
        (proj2 (Forall_app _ _ _) (conj Hn Hdn)) Ho).
    + exact (IHr (Some dens) cs ns os Hd H2 Hs Hn Ho).
  - destruct (nth_error os (N.to_nat i)) as [[dc dn | a b] |] eqn:E; try discriminate.
    apply andb_prop in H as [H1 H2].
    assert (A : ahold env (Alts a b)) by (rewrite Forall_forall in Ho; apply Ho; eapply nth_error_In; eauto).
    destruct A as [A | A].
    + exact (IH1 g cs ns _ Hd H1 Hs Hn (set_nth_ok _ os _ a Ho A)).
    + exact (IH2 g cs ns _ Hd H2 Hs Hn (set_nth_ok _ os _ b Ho A)).
  - destruct (nth_error os (N.to_nat i)) as [[dc dn | a b] |] eqn:E; try discriminate.
    assert (A : ahold env (Alt dc dn)) by (rewrite Forall_forall in Ho; apply Ho; eapply nth_error_In; eauto).
    destruct A as [A1 A2].
    exact (IH g (cs ++ dc) (ns ++ dn) os Hd H (proj2 (Forall_app _ _ _) (conj Hs A1)) (proj2 (Forall_app _ _ _) (conj Hn A2)) Ho).
  - destruct g as [[| ? ?] |]; try discriminate. cbn [denied]. constructor.
Qed.

(* The facts of the hypotheses, in their order; a hypothesis facts does
   not read (a disjunction, a conjunction denied) gives none: the goal is
   then refuted without it. *)
Fixpoint facts_all (hs : list fm) : option (list cstr * list (list Z)) :=
  match hs with
  | nil => Some ([], [])
  | h :: hs => match facts h, facts_all hs with
               | Some (c1, n1), Some (c2, n2) => Some (c1 ++ c2, n1 ++ n2)
               | None, Some (c2, n2) => Some (c2, n2)
               | _, None => None end
  end.

(* A denial its constants refute: a constraint l >= 0 whose l is a
   negative constant, l = 0 whose l is a constant other than 0, or
   l <> 0 whose l is 0. check drops these (a literal that holds whatever
   the values: a pile a move keeps, q_a <= x_a or q_a = x_a), so that
   the certificate refutes the others only. *)
Definition refuted_now (d : list cstr * list (list Z)) : bool :=
  existsb (fun c => match c with
                    | Nonneg l => negative l
                    | Zero l => match lconst l with Some k => negb (Z.eqb k 0) | None => false end
                    end) (fst d)
  || existsb (forallb (Z.eqb 0)) (snd d).

Lemma refuted_now_ok : forall env d, refuted_now d = true ->
  ~ (Forall (sat env) (fst d) /\ Forall (nsat env) (snd d)).
Proof.
  intros env [cs ns] H [Hs Hn]. cbn [refuted_now fst snd] in *. apply orb_prop in H as [H | H].
  - apply existsb_exists in H as [[l | l] [I E]]; rewrite Forall_forall in Hs; pose proof (Hs _ I) as S; cbn [sat] in S.
    + pose proof (negative_ok env l E). lia.
    + destruct (lconst l) as [k |] eqn:K; try discriminate. pose proof (lconst_ok env l k K).
      apply negb_true_iff, Z.eqb_neq in E. lia.
  - apply existsb_exists in H as [l [I E]]. rewrite Forall_forall in Hn. apply (Hn _ I).
    unfold lev. cbn [dot]. rewrite dot_const by exact E. destruct l; cbn [dot]; lia.
Qed.

Definition pending (dens : list (list cstr * list (list Z))) := filter (fun d => negb (refuted_now d)) dens.

Lemma pending_ok : forall env dens,
  Forall (fun d => ~ (Forall (sat env) (fst d) /\ Forall (nsat env) (snd d))) (pending dens) ->
  Forall (fun d => ~ (Forall (sat env) (fst d) /\ Forall (nsat env) (snd d))) dens.
Proof.
  intros env dens; induction dens as [| d dens IH]; intros H; constructor; unfold pending in H; cbn [filter] in H;
    destruct (refuted_now d) eqn:R; cbn [negb] in H.
  - exact (refuted_now_ok env d R).
  - inversion H; auto.
  - exact (IH H).
  - inversion H; auto.
Qed.

(* The choices of the hypotheses facts does not read, in their order. *)
Fixpoint ors_all (hs : list fm) : list alts :=
  match hs with
  | nil => nil
  | h :: hs => match facts h, choices true h with
               | None, Some a => a :: ors_all hs
               | _, _ => ors_all hs end
  end.

Definition check (ds : list def) (hs : list fm) (g : fm) (c : cert) : bool :=
  match facts_all hs, denials g with
  | Some (cs, ns), Some dens => refute ds (Some (pending dens)) cs ns (ors_all hs) c
  | _, _ => false
  end.

Lemma facts_all_ok : forall env hs c n, hold_all env hs -> facts_all hs = Some (c, n) ->
  Forall (sat env) c /\ Forall (nsat env) n.
Proof.
  intros env hs; induction hs as [| h hs IH]; intros c n A E; cbn [facts_all hold_all] in *.
  - inversion E; subst; split; constructor.
  - destruct A as [Ah A].
    destruct (facts h) as [[c1 n1] |] eqn:E1, (facts_all hs) as [[c2 n2] |] eqn:E2; try discriminate.
    + inversion E; subst. destruct (facts_ok env h c1 n1 E1 Ah). destruct (IH c2 n2 A eq_refl).
      split; apply Forall_app; auto.
    + inversion E; subst. exact (IH c n A eq_refl).
Qed.

Lemma ors_all_ok : forall env hs, hold_all env hs -> Forall (ahold env) (ors_all hs).
Proof.
  intros env hs; induction hs as [| h hs IH]; intros A; cbn [ors_all hold_all] in *; [constructor |].
  destruct A as [Ah A]. destruct (facts h), (choices true h) as [a |] eqn:E; auto.
  constructor; auto. exact (choices_ok env h true a E Ah).
Qed.

Lemma imp_of_all : forall env hs g, (hold_all env hs -> hold env g) -> imp env hs g.
Proof. intros env hs; induction hs as [| h hs IH]; intros g H; cbn [imp hold_all] in *; auto. Qed.

Theorem check_sound : forall env ds hs g c, check ds hs g c = true -> defs_ok env ds -> imp env hs g.
Proof.
  intros env ds hs g c H Hd. apply imp_of_all. intros A. unfold check in H.
  destruct (facts_all hs) as [[cs ns] |] eqn:F; try discriminate.
  destruct (denials g) as [dens |] eqn:D; try discriminate.
  destruct (facts_all_ok env hs cs ns A F) as [Hs Hn].
  apply (denials_ok env g dens D). apply pending_ok.
  exact (refute_ok env ds c (Some (pending dens)) cs ns (ors_all hs) Hd H Hs Hn (ors_all_ok env hs A)).
Qed.

(* A case proved by check: the hypotheses reverted (revert_props) so that
   the goal is imp env hs g as Coq reads it, the computation run by the
   kernel's virtual machine, and the minima and maxima of env checked to
   be what defs says, by conversion. *)
(* Conversion of imp env hs g with a goal unfolds these first (the
   kernel's and the tactics' conversion alike): on one of CN(7,4)'s
   cases, 20 ms rather than 35 ms. Speed only; no part of a proof. *)
Strategy expand [imp hold ev].
Ltac revert_props := repeat match goal with H : ?T |- _ => match type of T with Prop => revert H end end.
Ltac reflect_check env ds hs g c :=
  apply (check_sound env ds hs g c); [vm_compute; reflexivity | reflexivity].
(* What nimlab reads to write the data: the goal as coqc prints it. *)
Ltac print_goal tag := match goal with |- ?G => idtac "NIMLAB-GOAL" tag; idtac G; idtac "NIMLAB-END" end.

(* The whole of (II) by one computation. A decision is a tree: at a node, a
   condition c, and a split where it holds and one where it does not; at
   a leaf, either the position p is in S (the case of S that path picks:
   select), or the position q whose piles are the terms ws is a move from
   p into S (the case of the move relation and of S that path picks). M
   is the move relation as data, its variables p's piles then q's; S the
   claim, its variables the piles. open_goals checks each leaf by check,
   under the conditions of its path and the hypotheses hs, and lists
   those whose check fails, for lia; split_sound says what that proves,
   once those are: p is in S, or some q is a move from p into S. The
   certificate converts the data, once, into its definitions of move and
   inS. *)
Fixpoint zsub (ws : list zt) (t : zt) : zt :=
  match t with
  | V n => nth (N.to_nat n) ws (K 0)
  | K z => K z
  | Add s t => Add (zsub ws s) (zsub ws t)
  | Sub s t => Sub (zsub ws s) (zsub ws t)
  | Mul s t => Mul (zsub ws s) (zsub ws t)
  | Opp s => Opp (zsub ws s)
  end.

Fixpoint fsub (ws : list zt) (f : fm) : fm :=
  match f with
  | FLe s t => FLe (zsub ws s) (zsub ws t)
  | FLt s t => FLt (zsub ws s) (zsub ws t)
  | FEq s t => FEq (zsub ws s) (zsub ws t)
  | FGe s t => FGe (zsub ws s) (zsub ws t)
  | FGt s t => FGt (zsub ws s) (zsub ws t)
  | Not f => Not (fsub ws f)
  | And f g => And (fsub ws f) (fsub ws g)
  | Or f g => Or (fsub ws f) (fsub ws g)
  | Tr => Tr
  end.

Lemma zsub_ok : forall env ws t, ev env (zsub ws t) = ev (map (ev env) ws) t.
Proof.
  intros env ws t; induction t as [n | z | s IHs t IHt | s IHs t IHt | s IHs t IHt | s IHs];
    cbn [zsub ev]; try rewrite IHs; try rewrite IHt; try reflexivity.
  change 0 with (ev env (K 0)). rewrite map_nth. reflexivity.
Qed.

Lemma fsub_ok : forall env ws f, hold env (fsub ws f) <-> hold (map (ev env) ws) f.
Proof.
  intros env ws f; induction f as [s t | s t | s t | s t | s t | f IHf | f IHf g IHg | f IHf g IHg |];
    cbn [fsub hold]; rewrite ?zsub_ok; try tauto.
Qed.

(* select f path: f with each disjunction met, left to right, replaced
   by the case path names (true: the left one), and the path left. *)
Fixpoint select (f : fm) (path : list bool) : fm * list bool :=
  match f with
  | Or g h => match path with
              | true :: p => select g p
              | false :: p => select h p
              | nil => (f, nil)
              end
  | And g h => let (g', p1) := select g path in let (h', p2) := select h p1 in (And g' h', p2)
  | _ => (f, path)
  end.

Lemma select_ok : forall env f path, hold env (fst (select f path)) -> hold env f.
Proof.
  intros env f; induction f as [s t | s t | s t | s t | s t | f IHf | f IHf g IHg | f IHf g IHg |];
    intros path H; cbn [select] in H; try exact H.
  - destruct (select f path) as [f' p1] eqn:E1. destruct (select g p1) as [g' p2] eqn:E2.
    cbn [fst hold] in H. destruct H as [Hf Hg]. cbn [hold]. split.
    + apply (IHf path). rewrite E1. exact Hf.
    + apply (IHg p1). rewrite E2. exact Hg.
  - destruct path as [| [|] p]; cbn [hold].
    + exact H.
    + left. exact (IHf p H).
    + right. exact (IHg p H).
Qed.


Definition pvars (n : nat) : list zt := map (fun i => V (N.of_nat i)) (seq 0 n).

Inductive decision : Type :=
  | Cond (c : fm) (yes no : decision)
  | InS (path : list bool) (c : cert)
  | Move (ws : list zt) (path : list bool) (c : cert).

Definition leaf_goal (n : nat) (M S : fm) (ws : list zt) (path : list bool) : fm :=
  fst (select (And (fsub (pvars n ++ ws) M) (fsub ws S)) path).

(* The leaves whose check fails (a certificate nimlab did not find is
   written Farkas WNil, which check refuses): what each must prove, its
   hypotheses and goal, proved apart (by lia, in the certificate). *)
Fixpoint open_goals (ds : list def) (n : nat) (M S : fm) (hs : list fm) (t : decision) : list (list fm * fm) :=
  match t with
  | Cond c yes no => open_goals ds n M S (c :: hs) yes ++ open_goals ds n M S (Not c :: hs) no
  | InS path c => let g := fst (select S path) in if check ds hs g c then nil else [(hs, g)]
  | Move ws path c => let g := leaf_goal n M S ws path in if check ds hs g c then nil else [(hs, g)]
  end.

(* Each move names a position of n piles. *)
Fixpoint moves_ok (n : nat) (t : decision) : bool :=
  match t with
  | Cond _ yes no => moves_ok n yes && moves_ok n no
  | InS _ _ => true
  | Move ws _ _ => Nat.eqb (length ws) n
  end.


Lemma imp_all : forall env hs g, imp env hs g -> hold_all env hs -> hold env g.
Proof. intros env hs; induction hs as [| h hs IH]; cbn [imp hold_all]; intros g H A; [exact H | ].
  destruct A as [Ah A]. exact (IH g (H Ah) A). Qed.

Definition opened (env : list Z) (os : list (list fm * fm)) : Prop :=
  Forall (fun o => imp env (fst o) (snd o)) os.

Lemma leaf_ok : forall env ds hs g c, defs_ok env ds -> hold_all env hs ->
  opened env (if check ds hs g c then nil else [(hs, g)]) -> hold env g.
Proof.
  intros env ds hs g c Hd A O. destruct (check ds hs g c) eqn:E.
  - exact (imp_all env hs g (check_sound env ds hs g c E Hd) A).
  - inversion O as [| ? ? Hx _]; subst. exact (imp_all env hs g Hx A).
Qed.

Theorem split_sound : forall env ds n M S hs t,
  moves_ok n t = true -> defs_ok env ds -> hold_all env hs -> opened env (open_goals ds n M S hs t) ->
  hold env S \/ exists qs, length qs = n /\ hold (map (ev env) (pvars n) ++ qs) M /\ hold qs S.
Proof.
  intros env ds n M S hs t; revert hs; induction t as [c yes IHy no IHn | path c | ws path c];
    intros hs L Hd A O; cbn [moves_ok open_goals] in L, O; unfold opened in O.
  - apply andb_prop in L as [Ly Ln]. apply Forall_app in O as [Oy On].
    destruct (hold_dec env c) as [Hc | Hc].
    + exact (IHy (c :: hs) Ly Hd (conj Hc A) Oy).
    + exact (IHn (Not c :: hs) Ln Hd (conj Hc A) On).
  - left. apply (select_ok env S path). exact (leaf_ok env ds hs _ c Hd A O).
  - apply Nat.eqb_eq in L. right.
    pose proof (select_ok env _ path (leaf_ok env ds hs _ c Hd A O)) as G.
    cbn [hold] in G. destruct G as [GM GS]. apply fsub_ok in GM. apply fsub_ok in GS.
    exists (map (ev env) ws). rewrite map_app in GM. rewrite map_length. auto.
Qed.

