package certificate

import (
	"fmt"
	"strings"
)

// The tactics of the case split of (II): a tree of conditions, and in each
// case the choice that proves its goal, written as Coq tactics.

// write writes the tactics of the case split c, indented by depth.
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
	case c.inS:
		fmt.Fprintf(b, "%sexfalso; apply Hn; clear Hn; unfold_all; %s.\n", indent, lean(s.script(c.plan)))
	case c.plan.node == s.goal && s.goal.op == orOp:
		// The goal is unfolded once its move is picked.
		fmt.Fprintf(b, "%sclear Hn; %sunfold_concl; %s.\n", indent, navigate(c.plan.pick, len(s.goal.args)), lean(s.script(c.plan.kids[0])))
	default:
		fmt.Fprintf(b, "%sclear Hn; unfold_concl; %s.\n", indent, lean(s.script(c.plan)))
	}
}

// lean writes a case's tactic t tried first without the hypotheses that
// name a minimum or a maximum its goal does not (clear_foreign, in
// Nimlab.v: the conditions of the split about other moves, whose every
// minimum lia would split), then, if that fails, with them.
func lean(t string) string {
	return "first [solve [clear_foreign; " + t + "] | " + t + "]"
}

// script writes the tactic that follows plan pl: left and right to the
// case picked at each disjunction, split at conjunctions, lia on
// conjunctions of atoms.
func (s *splitter) script(pl *plan) string {
	t := pl.node
	switch {
	case t.op == orOp:
		return navigate(pl.pick, len(t.args)) + s.script(pl.kids[0])
	case t.op == andOp && s.hasOr[t]:
		return s.conjuncts(pl.kids)
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
func (s *splitter) conjuncts(kids []*plan) string {
	if len(kids) == 1 {
		return s.script(kids[0])
	}
	first, rest := s.script(kids[0]), s.conjuncts(kids[1:])
	if first == "linear" && rest == "linear" {
		return "linear"
	}
	return "split; [" + first + " | " + rest + "]"
}
