package certificate

import (
	"context"
	"fmt"
	"math/big"
	"strings"

	"github.com/nimlab/nimlab/game"
)

// (II) by one computation (Reflect.v's decision, open_goals and
// split_sound): the case split, its conditions, each leaf's candidate
// move (its piles as terms) and the cases of the move relation and of S
// it picks, with a certificate for each leaf, written as data that the
// kernel checks in one run of its virtual machine (open_goals). The move
// relation, S, valid and canonical are written as data too, and
// converted once into the file's definitions: a referee still reads
// those, not the data. Where lia proves each case in turn (tactics.go)
// and reflection each move case apart (reflection.go), each case costs
// coqc its tactics and the kernel's check of its proof term, about 90 ms
// (CN(7,4), 534 move cases); here, the split costs one computation, and
// the few leaves with no certificate (refute.go) a lia proof each. Where
// too many have none, the split is written case by case as before.

// wholeFrom is the number of leaves from which (II) is proved as one
// split: every split, since even a small one costs coqc no more that
// way (CN(5,3), 10 leaves: 1.6 s against 1.7; CN(6,5), 33: 1.8 s
// against 2.2); a test sets it past a split to see it case by case.
var wholeFrom = 1

// openShare is the share of a split's leaves that may be open (their
// certificate not found, proved by lia): past it, the split is proved
// case by case (tactics.go), where lia reads the conditions each case
// needs only.
var openShare = 0.1

// splitTree is Reflect.v's decision.
type splitTree struct {
	cond    *fm
	yes, no *splitTree
	// A leaf: p in S (inS), or the move to ws; path picks the cases.
	inS  bool
	ws   []*zt
	path []bool
	cert *refutation
	// hyps and goal are what check reads at the leaf (hyps: the
	// conditions of its path, deepest first, then valid and canonical);
	// needed marks the hypotheses its certificate is sought with.
	hyps   []*fm
	needed []bool
	goal   *fm
	// samples are positions in the leaf: the split's, and those where
	// a goal failed (wholecertify.go); refuted, that the goal fails at
	// the last of them.
	samples []game.Position
	refuted bool
}

// wholeSplit is (II) as data.
type wholeSplit struct {
	n int
	// names are the values of env: the piles, then the minima, maxima
	// and quotients the conditions and moves name (defs).
	names []string
	defs  []def
	// move is the move relation, its variables the piles of p then those
	// of q; set is S; hyps are valid and (reduced by symmetries)
	// canonical: each converts into the file's definition of that name.
	move, set *fm
	hyps      []*fm
	root      *splitTree
	leaves    []*splitTree
	// samples are the positions the split was learned from, by leaf.
	samples map[*caseNode][]game.Position
}

// wholeSplit returns (II)'s split as data with every leaf's certificate,
// or false where a part is not read (a division, misère play's "no
// token left", ...) or a certificate is not found.
func (w *writer) wholeSplit(ctx context.Context, s *splitter, root *caseNode) (*wholeSplit, bool) {
	if s.firstMove != 0 || countLeaves(root) < wholeFrom {
		return nil, false
	}
	x, y := w.variables(), make([]string, w.n)
	for i, f := range w.fields {
		y[i] = "y_" + f
	}
	d := &wholeSplit{n: w.n}
	// S and the move relation are read without minima: fsub puts a move's
	// piles in them, where a minimum of p's piles would not follow.
	set, err := asProp(w.c.Set, w.named(x))
	if err != nil {
		return nil, false
	}
	sp := newGoalParser(x)
	if d.set, err = sp.formula(set.inline); err != nil || len(sp.defs) > 0 {
		return nil, false
	}
	mp := newGoalParser(append(append([]string(nil), x...), y...))
	if d.move, err = mp.formula(w.relation.shape(w.named(x), w.named(y)).inline); err != nil || len(mp.defs) > 0 {
		return nil, false
	}
	hyps := []string{strings.Join(prefixed("0 <= ", x), " /\\ ")}
	if w.sym != nil {
		hyps = append(hyps, strings.ReplaceAll(w.sym.condition(func(i int) string { return x[i] }), "&&", "/\\"))
	}
	for _, h := range hyps {
		f, err := sp.formula(h)
		if err != nil || len(sp.defs) > 0 {
			return nil, false
		}
		d.hyps = append(d.hyps, f)
	}
	tp := newGoalParser(x)
	d.samples = s.leafSamples(root)
	if d.root, err = d.tree(w, s, tp, root, d.hyps); err != nil {
		return nil, false
	}
	d.names, d.defs = tp.names, tp.defs
	if !d.certify(ctx) {
		return nil, false
	}
	return d, true
}

// countLeaves counts the leaves of a case split.
func countLeaves(c *caseNode) int {
	if c.cond == nil {
		return 1
	}
	return countLeaves(c.yes) + countLeaves(c.no)
}

// named returns the piles named names, as the split reads them.
func (w *writer) named(names []string) []term {
	out := make([]term, w.n)
	for i, v := range names {
		out[i] = term{s: v, inline: v, src: w.fields[i], nonNeg: true}
	}
	return out
}

// prefixed returns each of xs after prefix.
func prefixed(prefix string, xs []string) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = prefix + x
	}
	return out
}

// tree returns the split at c as data, its leaves' hypotheses hyps and
// goals set as open_goals will read them.
func (d *wholeSplit) tree(w *writer, s *splitter, p *goalParser, c *caseNode, hyps []*fm) (*splitTree, error) {
	if c.cond != nil {
		cond, err := p.formula(c.cond.coq)
		if err != nil {
			return nil, err
		}
		yes, err := d.tree(w, s, p, c.yes, append([]*fm{cond}, hyps...))
		if err != nil {
			return nil, err
		}
		no, err := d.tree(w, s, p, c.no, append([]*fm{{op: "~", f: cond}}, hyps...))
		if err != nil {
			return nil, err
		}
		return &splitTree{cond: cond, yes: yes, no: no}, nil
	}
	t := &splitTree{hyps: hyps, needed: neededHyps(c.needs, len(hyps), len(d.hyps)), samples: d.samples[c]}
	d.leaves = append(d.leaves, t)
	if c.inS {
		t.inS = true
		d.pickCases(t, s.planPath(c.plan, nil), p.defs)
		return t, nil
	}
	k, body := c.plan.pick, c.plan
	if s.goal.op == orOp {
		body = c.plan.kids[0]
	} else {
		k = 0
	}
	for _, q := range w.moveTo(k, w.named(w.variables())) {
		z, err := p.term(q.inline)
		if err != nil {
			return nil, err
		}
		t.ws = append(t.ws, z)
	}
	d.pickCases(t, s.planPath(body, nil), p.defs)
	return t, nil
}

// pickCases sets the leaf's path and goal: the cases path picks, unless,
// where the leaf's samples are, the goal they make does not hold: path
// is the plan's, the cases of S at the move's position as the split
// wrote it, where join drops what is true at every position (x <= x,
// when two piles are the same term), so that its picks may name other
// cases of the data's. The data's are then read where the samples are
// (defs are the minima, maxima and quotients the leaf's moves name).
func (d *wholeSplit) pickCases(t *splitTree, path []bool, defs []def) {
	t.path = path
	t.goal = d.leafGoal(t)
	envs := valuesAt(t.samples, defs, nil)
	if len(envs) == 0 || holdsAt(t.goal, envs) {
		return
	}
	if t.inS {
		t.path = casesHolding(d.set, envs, nil)
	} else {
		qs := valuesAt(t.samples, defs, t.ws)
		pqs := make([][]*big.Int, len(envs))
		for i := range envs {
			pqs[i] = append(append([]*big.Int(nil), envs[i][:d.n]...), qs[i]...)
		}
		t.path = casesHolding(d.set, qs, casesHolding(d.move, pqs, nil))
	}
	t.goal = d.leafGoal(t)
}

// holdsAt reports whether a goal with no disjunction holds at every one
// of envs.
func holdsAt(g *fm, envs [][]*big.Int) bool {
	for _, env := range envs {
		if !g.holds(env) {
			return false
		}
	}
	return !g.hasOr()
}

// leafSamples returns the samples the split was learned from, by the
// leaf they fall in.
func (s *splitter) leafSamples(root *caseNode) map[*caseNode][]game.Position {
	out := map[*caseNode][]game.Position{}
	for _, p := range s.samples {
		c := s.leafOf(root, p)
		out[c] = append(out[c], p)
	}
	return out
}

// neededHyps marks, of a leaf's n hypotheses (the conditions of its path,
// deepest first, then the fixed ones), those its certificate is sought
// with: the fixed ones, and the conditions at the depths needs lists (the
// solver's unsat core, caseNode.needs), or every one where needs is nil.
// The certificate reads the others no more than lia did (leaner), and
// the search is kept from splitting the minima they name: with every
// condition, one of CN(7,4)'s leaves took 800 splits.
func neededHyps(needs []int, n, fixed int) []bool {
	out := make([]bool, n)
	conds := n - fixed
	for i := range out {
		out[i] = needs == nil || i >= conds
	}
	for _, depth := range needs {
		if i := conds - depth; i >= 0 && i < conds {
			out[i] = true
		}
	}
	return out
}

// planPath appends to path the cases plan pl picks, in the order
// Reflect.v's select meets the disjunctions: at a disjunction of n cases
// (x1 \/ (x2 \/ ...)), false for each case passed, then true unless the
// case picked is the last.
func (s *splitter) planPath(pl *plan, path []bool) []bool {
	t := pl.node
	switch {
	case t.op == orOp:
		for range pl.pick {
			path = append(path, false)
		}
		if pl.pick < len(t.args)-1 {
			path = append(path, true)
		}
		return s.planPath(pl.kids[0], path)
	case t.op == andOp && s.hasOr[t]:
		for _, k := range pl.kids {
			path = s.planPath(k, path)
		}
	}
	return path
}

// leafGoal is the goal Reflect.v's open_goals checks at a leaf: S, its
// cases picked by the leaf's path, for p in S; else leaf_goal, the move
// relation from p to the position ws and S at ws, their cases picked by
// path.
func (d *wholeSplit) leafGoal(t *splitTree) *fm {
	if t.inS {
		g, _ := selectCases(d.set, t.path)
		return g
	}
	pw := make([]*zt, 0, d.n+len(t.ws))
	for i := range d.n {
		pw = append(pw, &zt{op: 'v', v: i})
	}
	pw = append(pw, t.ws...)
	g, _ := selectCases(&fm{op: "/\\", f: d.move.subst(pw), g: d.set.subst(t.ws)}, t.path)
	return g
}

// write writes the data, the lemma that the kernel's computation checks
// them but those it lists (split_moves, split_open), and returns the
// proof of witnesses from them.
func (d *wholeSplit) write(w *writer) string {
	b := &w.b
	var defs, hyps []string
	for _, df := range d.defs {
		defs = append(defs, df.coq())
	}
	for _, h := range d.hyps {
		hyps = append(hyps, h.coq())
	}
	fmt.Fprintf(b, `(* (II) as one computation (Reflect.v's split_sound): the case split as
   data, each leaf with the move it names (the piles of the position it
   moves to, as terms), the cases of the move relation and of S it picks,
   and the certificate of check; the move relation, S, valid and canonical
   as data, which the proof of witnesses converts into the definitions
   above. The kernel runs open_goals once. Variables: V 0 .. V %[1]d are
   the piles %[2]s of p (in split_move, V %[3]d .. V %[4]d those of q);
   past them, in the leaves, V %[3]d on are the minima, maxima and
   quotients of split_defs, whose values are the list split_sound is
   applied to in witnesses. A leaf's moves are q's piles as terms; its
   path picks, left to right, a case (true: the left one) of each
   disjunction of split_move and split_S it meets. The numbers of the
   split are constants (N_12, Z_m1, ...), which Coq reads faster. *)
`, d.n-1, strings.Join(w.fields, ", "), d.n, 2*d.n-1)
	fmt.Fprintf(b, "Definition split_defs : list def := %s.\n", coqList(defs, "def"))
	fmt.Fprintf(b, "Definition split_move : fm := %s.\n", d.move.coq())
	fmt.Fprintf(b, "Definition split_S : fm := %s.\n", d.set.coq())
	fmt.Fprintf(b, "Definition split_hyps : list fm := %s.\n", coqList(hyps, "fm"))
	b.WriteString(splitTerm(d.root))
	fmt.Fprintf(b, "Lemma split_moves : moves_ok %d split_tree = true.\nProof. vm_compute. reflexivity. Qed.\n\n", d.n)
	// The open leaves, as open_goals computes them.
	// Each open leaf by lia, with the hypotheses its certificate was
	// sought with (lia splits every minimum it reads); else each literal
	// of its goal apart, with those, then with the hypotheses that name no
	// minimum it does not (clear_foreign), then with all.
	var open []string
	var proofs strings.Builder
	proofs.WriteString("rewrite split_open; unfold opened;\n")
	for _, t := range d.leaves {
		if t.cert != nil {
			continue
		}
		var hs, names, unneeded []string
		for i, h := range t.hyps {
			hs = append(hs, h.coq())
			names = append(names, fmt.Sprintf("h%d", i+1))
			if !t.needed[i] {
				unneeded = append(unneeded, names[i])
			}
		}
		open = append(open, "("+coqList(hs, "fm")+", "+t.goal.coq()+")")
		lean := "linear"
		if len(unneeded) > 0 {
			lean = "clear " + strings.Join(unneeded, " ") + "; linear"
		}
		fmt.Fprintf(&proofs, "      apply List.Forall_cons; [open_leaf; intros %s; first [solve [%s] | repeat split; first [solve [%s] | solve [clear_foreign; linear] | linear]] | ];\n", strings.Join(names, " "), lean, lean)
	}
	proofs.WriteString("      apply List.Forall_nil")
	fmt.Fprintf(b, `(* The leaves whose check fails, each for lia: %d. *)
Lemma split_open : open_goals split_defs %d split_move split_S split_hyps split_tree = %s.
Proof. vm_compute. reflexivity. Qed.

Ltac open_leaf := cbv [fst snd imp hold ev List.nth N.to_nat Pos.to_nat Pos.iter_op Nat.add].

`, len(open), d.n, coqList(open, "(list fm * fm)"))
	q := make([]string, d.n)
	for i, f := range w.fields {
		q[i] = "q_" + f
	}
	hold := "I"
	if w.sym != nil {
		hold = "(conj Hc I)"
	}
	pattern := "[| ]"
	for i := d.n - 1; i >= 0; i-- {
		pattern = fmt.Sprintf("[| %s %s]", q[i], pattern)
	}
	return fmt.Sprintf(`  destruct (split_sound %s split_defs %d split_move split_S split_hyps split_tree split_moves
    ltac:(reflexivity) (conj Hv %s)
    ltac:(%s))
    as [H | [qs [L [Hm HS]]]].
  - exact (False_ind _ (Hn H)).
  - destruct qs as %s; try discriminate L.
    exists (mk %s); exact (conj Hm HS).
`, coqList(d.names, "Z"), d.n, hold, proofs.String(), pattern, strings.Join(q, " "))
}

// reflectedCases counts the cases of a certificate's (II) proved by
// reflection: case by case, those whose tactic names reflect_check; as
// one computation (whole), the leaves of its split (InS and Move) but
// the open ones, which it counts apart.
func reflectedCases(text string) (reflected int, whole bool, open int) {
	if !strings.Contains(text, "split_sound ") {
		return strings.Count(text, "reflect_check "), false, 0
	}
	open = strings.Count(text, " "+openCert+")")
	return strings.Count(text, "(InS (") + strings.Count(text, "(Move (") - open, true, open
}
