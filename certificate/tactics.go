package certificate

import (
	"fmt"
	"strings"
)

// The tactics of the case split of (II): a tree of conditions, and in each
// case the choice that proves its goal, written as Coq tactics.

// write writes the tactics of the case split c, indented by depth. Each
// case is proved under abstract: its proof is checked by the kernel and
// kept as a lemma of its own, so that coqc does not hold every case's
// proof term in the open proof until Qed (CN(7,4), 550 cases: 12 GB after
// 12 minutes, growing, where under abstract 3.5 GB after 9).
func (s *splitter) write(b *strings.Builder, c *caseNode, depth int) {
	indent := strings.Repeat("  ", depth)
	switch {
	case c.cond != nil:
		h := fmt.Sprintf("C%d", depth)
		fmt.Fprintf(b, "%sassert (%s : %s \\/ ~ %s) by decide_condition; destruct %s as [%s | %s].\n", indent, h, c.cond.coq, c.cond.coq, h, h, h)
		for _, side := range []*caseNode{c.yes, c.no} {
			fmt.Fprintf(b, "%s{\n", indent)
			s.write(b, side, depth+1)
			fmt.Fprintf(b, "%s}\n", indent)
		}
	case s.dump && !s.isMoveCase(c):
		fmt.Fprintf(b, "%sadmit.\n", indent) // the run that reads the goals reads the move cases'
	case s.dump:
		fmt.Fprintf(b, "%sclear Hn; %s.\n", indent, s.moveTactic(c, depth))
	case c.inS && s.casesOfS():
		fmt.Fprintf(b, "%sabstract (exfalso; apply Hn; clear Hn; apply (inS_intro%d %s); cbn [%s] in |- *; %s).\n", indent, c.plan.pick+1, s.point, s.fields, s.leafTactic(c, c.plan.kids[0], depth))
	case c.inS:
		fmt.Fprintf(b, "%sabstract (exfalso; apply Hn; clear Hn; unfold_inS; %s).\n", indent, s.leafTactic(c, c.plan, depth))
	case s.isMoveCase(c):
		// The goal is unfolded once its move is picked.
		fmt.Fprintf(b, "%sabstract (clear Hn; %s).\n", indent, s.moveTactic(c, depth))
	default:
		fmt.Fprintf(b, "%sabstract (clear Hn; %s; %s).\n", indent, s.pickCase(0), s.leafTactic(c, c.plan, depth))
	}
}

// isMoveCase reports whether leaf c names a candidate move (moveTactic).
func (s *splitter) isMoveCase(c *caseNode) bool {
	return c.cond == nil && !c.inS && c.plan.node == s.goal && s.goal.op == orOp
}

// pickCase writes the tactic that picks case pick of (II)'s goal and
// unfolds it: the candidate move it names as the witness of "exists q"
// (after "right" past misère play's "no tokens left"), with that move's
// definitions only unfolded (unfold_move); or misère play's "no tokens
// left". The witness is named at once: "right" k times down a disjunction
// of the moves costs coqc time in k times the disjunction's size (CN(8,6),
// 240 moves: 0.8 s a case), and unfolding every candidate a conversion
// check for each (80 moves: 6.3 s a case against 0.1 s for the one).
func (s *splitter) pickCase(pick int) string {
	k := pick - s.firstMove
	if k < 0 {
		return "left; unfold_concl"
	}
	return fmt.Sprintf("%s; unfold_move w%d", s.witness(k), k+1)
}

// witness writes the tactic that names candidate move k as the witness of
// "exists q" (after "right" past misère play's "no tokens left").
func (s *splitter) witness(k int) string {
	right := ""
	if s.firstMove > 0 {
		right = "right; "
	}
	return fmt.Sprintf("%sexists (w%d %s)", right, k+1, s.point)
}

// casesOfS reports whether S is a disjunction: the certificate then proves,
// for each of its cases, the lemma inS_introK that the case implies inS
// (introLemmas), which a leaf applies rather than unfolding inS.
func (s *splitter) casesOfS() bool { return s.set.op == orOp }

// moveTactic writes the tactic of leaf c (at depth) whose plan picks a
// candidate move: the move named as the witness, then, where S is a
// disjunction (casesOfS), the move relation and the case of S its position
// is in proved apart, the latter through that case's lemma inS_introK.
// Unfolding the whole of inS at the move's position, as unfold_move does,
// leaves the kernel a conversion of every case of S to check, which cost
// CN(7,4) more than the rest of a case (0.15-0.39 s against 0.02-0.03 s of
// Qed, and 0.1 s of the tactic against 0.004 s, measured on ten of its
// cases). The goals of both are first handed to lia together
// (mergedMove), and apart where that fails.
func (s *splitter) moveTactic(c *caseNode, depth int) string {
	if s.dump && s.tags[c] == 0 {
		return "admit" // no goal to print
	}
	pick, body := c.plan.pick, c.plan.kids[0]
	k, prefix, merges := s.merges(c)
	if !merges && (k < 0 || !s.casesOfS() || len(body.kids) != 2) {
		return s.pickCase(pick) + "; " + s.leafTactic(c, body, depth)
	}
	apart := s.witness(k) + "; " + s.moveAndPoint(k, pointCase(body), s.leafTactic(c, body.kids[0], depth), s.leafTactic(c, pointCase(body).kids[0], depth))
	if !merges {
		return apart
	}
	merged := prefix + "; " + lean("linear", c.needs, depth)
	// The case's goal, its hypotheses reverted, for reflection
	// (reflection.go): printed by coqc in the run that reads the goals
	// (where its first steps fail, as they may where apart proves the
	// case, the run goes on), proved by Reflect.v's check where its
	// certificate was found.
	reverted := prefix + "; " + leaner(c.needs, depth) + "revert_props; "
	if s.dump {
		return fmt.Sprintf("first [%sprint_goal %d | idtac]; admit", reverted, s.tags[c])
	}
	if r, ok := s.reflected[c]; ok {
		return "first [solve [" + reverted + r.tactic() + "] | solve [" + merged + "] | " + apart + "]"
	}
	return "first [solve [" + merged + "] | " + apart + "]"
}

// merges returns, for a move case, the candidate move it names (k) and
// the first steps that hand its goals together to lia or to the check
// (mergedMove), and whether it has them.
func (s *splitter) merges(c *caseNode) (k int, prefix string, ok bool) {
	body := c.plan.kids[0]
	k = c.plan.pick - s.firstMove
	if k < 0 || !s.casesOfS() || len(body.kids) != 2 {
		return k, "", false
	}
	prefix = s.mergedMove(k, body)
	return k, prefix, prefix != ""
}

// pointCase returns the plan of the case of S a move case's position is
// in.
func pointCase(body *plan) *plan { return body.kids[1] }

// moveAndPoint writes the steps of a move case that name candidate move k
// as the witness and prove the move relation (by moved) and the case of S
// at its position, through that case's lemma (by point).
func (s *splitter) moveAndPoint(k int, inS *plan, moved, point string) string {
	w := fmt.Sprintf("w%d", k+1)
	return fmt.Sprintf("split; [unfold_moved %s; %s | apply (inS_intro%d (%s %s)); unfold_point %s; %s]", w, moved, inS.pick+1, w, s.point, w, point)
}

// mergedMove writes the first steps of a move case (moveTactic's) that
// hands its goals together to lia, or to Reflect.v's check: eenough (H :
// _ /\ _ /\ ...) proves the move and the case of S from H by the same
// steps as one goal at a time, each goal by exact Hi, which makes Hi's
// statement that goal as coqc reads it, and leaves their conjunction.
// Minima are named, and the hypotheses read, once for the case rather
// than once for each goal (CN(7,4), the same file both ways: 140.9 s of
// coqc apart, 133.2 s together; docs/proofs.md). Empty where the case has
// one goal.
func (s *splitter) mergedMove(k int, body *plan) string {
	moved, point := body.kids[0], pointCase(body).kids[0]
	used := 0
	exact := func(*plan) string {
		used++
		return fmt.Sprintf("exact H%d", used)
	}
	by := s.moveAndPoint(k, pointCase(body), s.script(moved, exact), s.script(point, exact))
	if used < 2 {
		return ""
	}
	pattern := fmt.Sprintf("H%d", used)
	for i := used - 1; i >= 1; i-- {
		pattern = fmt.Sprintf("[H%d %s]", i, pattern)
	}
	return fmt.Sprintf("%s; eenough (H : %s_) by (destruct H as %s; %s)",
		s.witness(k), strings.Repeat("_ /\\ ", used-1), pattern, by)
}

// leafTactic writes the tactic that proves plan pl at leaf c (at depth):
// each lia call with the conditions its own goal needs where the solver
// said which (tighten), else the whole with the leaf's (lean).
func (s *splitter) leafTactic(c *caseNode, pl *plan, depth int) string {
	nodes := s.wholeNodes(pl)
	for _, node := range nodes {
		if _, ok := c.nodeNeeds[node]; !ok {
			return lean(s.script(pl, nil), c.needs, depth)
		}
	}
	return s.script(pl, func(node *plan) string { return lean("linear", c.nodeNeeds[node], depth) })
}

// unneeded writes the tactic that clears the conditions C1 ... C(depth-1)
// of a leaf's path that are not among needs (the solver's unsat core), or
// nothing when it needs them all. A core that is wrong only makes a case
// coqc does not prove, never one it accepts wrongly.
func unneeded(needs []int, depth int) string {
	keep := make(map[int]bool, len(needs))
	for _, d := range needs {
		keep[d] = true
	}
	var names []string
	for d := 1; d < depth; d++ {
		if !keep[d] {
			names = append(names, fmt.Sprintf("C%d", d))
		}
	}
	if len(names) == 0 {
		return ""
	}
	return "clear " + strings.Join(names, " ") + "; "
}

// lean writes the tactic t of a case at depth, tried first with fewer
// hypotheses (leaner), then, if that fails, with every one.
func lean(t string, needs []int, depth int) string {
	clear := leaner(needs, depth)
	if clear == "" {
		return t
	}
	return "first [solve [" + clear + t + "] | " + t + "]"
}

// leaner writes the tactic that clears the hypotheses of a case at depth
// its goal should not need: the conditions of its path the solver did not
// need (needs, its unsat core), or, where the solver gave no core, the
// hypotheses that name a minimum or a maximum its goal does not
// (clear_foreign, in Nimlab.v: the conditions of the split about other
// moves, whose every minimum lia would split). The solver reads check's
// arithmetic, coqc Coq's, so its core is a hint.
func leaner(needs []int, depth int) string {
	if needs != nil {
		return unneeded(needs, depth)
	}
	return "clear_foreign; "
}

// script writes the tactic that follows plan pl: left and right to the
// case picked at each disjunction, split at conjunctions, lia on
// conjunctions of atoms (linear, or whole's tactic for the node when
// whole is not nil).
func (s *splitter) script(pl *plan, whole func(*plan) string) string {
	t := pl.node
	switch {
	case t.op == orOp:
		return navigate(pl.pick, len(t.args)) + s.script(pl.kids[0], whole)
	case t.op == andOp && s.hasOr[t]:
		return s.conjuncts(pl.kids, whole)
	case whole != nil:
		return whole(pl)
	}
	return "linear"
}

// navigate writes the tactics that pick case pick of a disjunction of n
// cases (x1 \/ (x2 \/ ...)).
func navigate(pick, n int) string {
	var b strings.Builder
	for range pick {
		b.WriteString("right; ")
	}
	if pick < n-1 {
		b.WriteString("left; ")
	}
	return b.String()
}

// conjuncts writes the tactic of a conjunction (x1 /\ (x2 /\ ...)) whose
// conjuncts have plans kids.
func (s *splitter) conjuncts(kids []*plan, whole func(*plan) string) string {
	if len(kids) == 1 {
		return s.script(kids[0], whole)
	}
	first, rest := s.script(kids[0], whole), s.conjuncts(kids[1:], whole)
	if first == "linear" && rest == "linear" {
		return "linear"
	}
	return "split; [" + first + " | " + rest + "]"
}
