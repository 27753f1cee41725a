package certificate

import (
	"fmt"
	"strings"

	"github.com/expr-lang/expr/ast"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/game"
)

// The nim-sum certificates: Bouton's theorem, proved with the library
// NimSum.v (lemmas about Z.lxor) instead of lia.
//
// A claim has one when (nimSumClaim):
//
//   - its expression is a nim-sum of the piles compared with 0, "xor(a, b,
//     c) == 0", "a ^ b ^ c == 0" or any tree of xor() and ^ in which every
//     pile occurs exactly once (xorTree);
//   - a move of its game takes any positive number of tokens from one pile,
//     any pile, and changes nothing else (onePileMoves): Nim on n piles, a
//     complex whose facets are the single piles (CN(n,1), PathNim P(n,1)),
//     Exact 1-Nim (hypergraph Nim whose hyperedges are the single piles);
//   - normal play, two to maxPiles piles.
//
// Anything else with xor or binary digits stays "not certifiable
// (digits)".
//
// Why this is sound: these preconditions choose the proof script, they
// prove nothing. The certificate defines pos, valid, total and move as
// every certificate does (moveRelation: the text a referee reads against
// the game), and inS as the claim's own tree of Z.lxor (the same values
// as check's ^ on the piles, Z.lxor being two's complement xor; the tests
// compare inS with check's evaluator on a box). Its theorem is the same
// characterization through Nimlab.v. If a precondition let through a game
// whose moves are not "lower one pile", or a set that is not Bouton's,
// lemma one_pile or condition_II would not be proved, and coqc would
// reject the file: nothing here decides the claim, coqc does.

// NimSumLibraryName is the file name of the library the nim-sum
// certificates require besides Nimlab.v, in the certificate's folder.
const NimSumLibraryName = "NimSum.v"

// xorTree is a nim-sum of piles as the claim writes it: a pile (a leaf),
// or the xor of two trees.
type xorTree struct {
	// pile is a leaf's pile, -1 for a node.
	pile        int
	left, right *xorTree
}

// coq writes the tree as Coq's Z.lxor, each pile i as pile(i).
func (t *xorTree) coq(pile func(i int) string) string {
	if t.pile >= 0 {
		return pile(t.pile)
	}
	return "(Z.lxor " + t.left.coq(pile) + " " + t.right.coq(pile) + ")"
}

// leaves adds the tree's piles to count.
func (t *xorTree) leaves(count []int) {
	if t.pile >= 0 {
		count[t.pile]++
		return
	}
	t.left.leaves(count)
	t.right.leaves(count)
}

// nimSumClaim returns the nim-sum of c's expression when c is a claim the
// nim-sum certificates prove (see above).
func nimSumClaim(c Claim) (*xorTree, bool) {
	g := c.Game
	n := g.Piles()
	if g.Misere || n < 2 || n > maxPiles || !onePileMoves(g) {
		return nil, false
	}
	root, ok := c.Set.Tree().(*ast.BinaryNode)
	if !ok || root.Operator != "==" {
		return nil, false
	}
	side := root.Left
	if isZero(root.Left) {
		side = root.Right
	} else if !isZero(root.Right) {
		return nil, false
	}
	t, ok := nimSumOf(c.Set, side)
	if !ok {
		return nil, false
	}
	count := make([]int, n)
	t.leaves(count)
	for _, k := range count {
		if k != 1 {
			return nil, false // a pile missing, or twice
		}
	}
	return t, true
}

func isZero(node ast.Node) bool {
	i, ok := node.(*ast.IntegerNode)
	return ok && i.Value == 0
}

// nimSumOf reads node as a tree of xor() and ^ over piles: xor(x1, ...,
// xk) is check's left fold, ((x1 ^ x2) ^ ...) ^ xk.
func nimSumOf(e *check.Expr, node ast.Node) (*xorTree, bool) {
	var args []ast.Node
	switch n := node.(type) {
	case *ast.IdentifierNode:
		i, err := e.PileIndex(n.Value)
		return &xorTree{pile: i}, err == nil
	case *ast.BinaryNode:
		if n.Operator != "^" {
			return nil, false
		}
		args = []ast.Node{n.Left, n.Right}
	case *ast.BuiltinNode:
		if n.Name != "xor" {
			return nil, false
		}
		args = n.Arguments
	case *ast.CallNode:
		if id, ok := n.Callee.(*ast.IdentifierNode); !ok || id.Value != "xor" {
			return nil, false
		}
		args = n.Arguments
	default:
		return nil, false
	}
	var t *xorTree
	for _, a := range args {
		x, ok := nimSumOf(e, a)
		if !ok {
			return nil, false
		}
		if t == nil {
			t = x
		} else {
			t = &xorTree{pile: -1, left: t, right: x}
		}
	}
	return t, t != nil
}

// onePileMoves reports whether a move of g takes any positive number of
// tokens from one pile, any pile, and nothing else, as write.go's
// moveRelation writes it: on the facets for simplicial Nim (every facet a
// single pile), or on the move sets (every set a single pile, every pile
// one, with a rule that takes at least one token and has no upper bound).
func onePileMoves(g *game.Game) bool {
	n := g.Piles()
	if g.TakeOnFaces() {
		facets := g.Complex.Facets()
		if len(facets) != n {
			return false
		}
		for _, f := range facets {
			if f.Len() != 1 {
				return false
			}
		}
		return true
	}
	if r, equal := g.Rule().(game.EqualAmountRule); equal && r.EqualAmount() == 1 && g.OnFaces() {
		return false // slow Nim: one token at a time
	}
	sets, err := g.MoveSets()
	if err != nil || len(sets) != n {
		return false
	}
	for _, s := range sets {
		if s.Len() != 1 {
			return false
		}
		amounts, ok := g.LinearAmounts(s.Vertices())
		if !ok || len(amounts) != 1 {
			return false
		}
		a := amounts[0]
		if len(a.Piles) != 1 || a.Exactly != 0 || a.TotalMax >= 0 || max(a.Each, a.TotalMin) != 1 {
			return false
		}
	}
	return true // n distinct single piles: every pile
}

// newNimSumWriter writes the definitions of the certificate of a nim-sum
// claim: the game as every certificate writes it, and inS as the claim's
// tree of Z.lxor.
func newNimSumWriter(c Claim, sum *xorTree) (*writer, error) {
	w, err := newLibraryWriter(c, "NimSum")
	if err != nil {
		return nil, err
	}
	w.definitions(sum.coq(w.field("p")) + " = 0")
	return w, nil
}

// writeNimSum returns the certificate of a nim-sum claim.
func writeNimSum(c Claim, sum *xorTree) (string, error) {
	w, err := newNimSumWriter(c, sum)
	if err != nil {
		return "", err
	}
	w.nimSumLemmas(sum)
	return w.b.String(), nil
}

// nimSumLemmas writes the proofs of a nim-sum certificate: (I) and (II)
// with NimSum.v's lemmas, and the characterization from Nimlab.v.
func (w *writer) nimSumLemmas(sum *xorTree) {
	b := &w.b
	x, y := w.variables(), make([]string, w.n)
	for i, f := range w.fields {
		y[i] = "y_" + f
	}
	// others returns the names of vars but the i-th.
	others := func(vars []string, i int) []string {
		return append(append([]string{}, vars[:i]...), vars[i+1:]...)
	}
	nimSum := sum.coq(func(i int) string { return x[i] })
	w.gameLemmas("intros p _; unfold inS; lia.")
	b.WriteString(`(* The nim-sum as a function of each pile v: v xor the nim-sum of the
   others (NimSum.v). *)
`)
	for i, f := range w.fields {
		tree := sum.coq(func(j int) string {
			if j == i {
				return "v"
			}
			return x[j]
		})
		fmt.Fprintf(b, "Lemma split_%s : forall %s, splits (fun v => %s).\nProof. intros; prove_splits. Qed.\n", f, strings.Join(others(x, i), " "), tree)
	}
	// one_pile: the move relation read as "one pile lower, the others
	// kept", pile by pile.
	p, q := w.field("p"), w.field("q")
	var cases, patterns []string
	for i := range w.n {
		parts := []string{q(i) + " < " + p(i)}
		names := []string{"Hlt"}
		for j := range w.n {
			if j != i {
				parts = append(parts, q(j)+" = "+p(j))
				names = append(names, fmt.Sprintf("E%d", len(names)))
			}
		}
		cases = append(cases, "("+strings.Join(parts, " /\\ ")+")")
		patterns = append(patterns, "("+strings.Join(names, " & ")+")")
	}
	fmt.Fprintf(b, `
(* A move lowers one pile and keeps the others: the move relation, case by
   case (one_of_cases, NimSum.v). *)
Lemma one_pile : forall p q, valid p -> move p q ->
     %s.
Proof. intros [] [] _ Hm; unfold move, valid, total in Hm; cbn in *; one_of_cases. Qed.

`, strings.Join(cases, "\n  \\/ "))
	var rewrites []string
	for k := 1; k < w.n; k++ {
		rewrites = append(rewrites, fmt.Sprintf("E%d", k))
	}
	fmt.Fprintf(b, `(* (I): no move from S into S. The pile a move lowers is the one value of
   that pile that makes the nim-sum 0, with the other piles as they are
   (splits_injective). *)
Lemma condition_I : forall p q, valid p -> inS p -> move p q -> ~ inS q.
Proof.
  intros p q Hv HS Hm HSq.
  destruct (one_pile p q Hv Hm) as %s;
    destruct p as [%s]; destruct q as [%s]; unfold inS in *; cbn in *; rewrite %s in HSq.
`, nested(patterns), strings.Join(x, " "), strings.Join(y, " "), strings.Join(rewrites, ", "))
	for i, f := range w.fields {
		fmt.Fprintf(b, "  - pose proof (splits_injective _ _ _ (split_%s %s) HS HSq); lia.\n", f, strings.Join(others(x, i), " "))
	}
	fmt.Fprintf(b, `Qed.

(* (II): from every valid position outside S, a move into S (Bouton). The
   nim-sum s is not 0; its highest binary digit, top, is a 1 of some pile
   (the piles' digits xor to s's), found pile by pile; moving that pile to
   the nim-sum of the others lowers it and makes the nim-sum 0
   (splits_move). *)
Lemma condition_II : forall p, valid p -> ~ inS p ->
  (%s = true /\ terminal pos move p) \/ exists q, move p q /\ inS q.
Proof.
  intros [%s] Hv Hn; right; unfold valid, inS in *; cbn in *.
  assert (Hs : 0 < %s) by (assert (0 <= %s) by nonneg; lia).
  pose proof (Z.bit_log2 _ Hs) as Hbit.
  set (top := Z.log2 _) in *.
  rewrite !Z.lxor_spec in Hbit.
`, w.misere(), strings.Join(x, " "), nimSum, nimSum)
	for i, f := range w.fields {
		target := append([]string{}, x...)
		target[i] = "r"
		fmt.Fprintf(b, `  destruct (Z.testbit %[1]s top) eqn:H_%[2]s.
  { destruct (splits_move _ %[1]s (split_%[2]s %[3]s) ltac:(lia) ltac:(cbv beta; nonneg) Hs H_%[2]s) as (r & Hr & HS).
    exists (mk %[4]s); unfold move, valid, total; cbn; split; [lia | exact HS]. }
`, x[i], f, strings.Join(others(x, i), " "), strings.Join(target, " "))
	}
	b.WriteString("  discriminate Hbit.\nQed.\n\n")
	w.characterization()
}

// nested writes the intro pattern of a disjunction of the patterns, nested
// to the right as Coq reads A \/ B \/ C: [A | [B | C]].
func nested(patterns []string) string {
	if len(patterns) == 1 {
		return patterns[0]
	}
	return "[" + patterns[0] + " | " + nested(patterns[1:]) + "]"
}
