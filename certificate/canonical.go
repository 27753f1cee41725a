package certificate

import (
	"context"
	"fmt"
	"strings"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/table"
)

// A certificate of a game with symmetries proves (I) and (II) only at the
// canonical positions, and proves in Coq what carries them to every
// position (Nimlab.v, Section Symmetry):
//
//   - each generator g of the group preserves valid, S and the move
//     relation (preserves_gK: lia, case by case, on the unfolded
//     definitions; S invariant under the game's symmetries is a hypothesis
//     nimlab checks on a box before it writes the certificate, and a wrong
//     one is a lemma coqc rejects);
//   - every element is a composition of generators (sK, with preserves_sK
//     by preserves_compose), so preserves its inverse too;
//   - reach: every valid position p has an element s with canonical (s p)
//     and an element t with t (s p) = p, by a decision tree on the
//     comparisons of p's piles, each leaf naming s and t (lia proves
//     canonical (s p) from the comparisons on its path, reflexivity t (s
//     p) = p).
//
// canonical is a conjunction of comparisons read off a stabilizer chain:
// with G_0 the group and G_{i+1} the elements of G_i fixing the pile
// base_i, pile base_i is at most every pile of its orbit under G_i. The
// position whose piles are least in that sense, level by level, satisfies
// it, and so does every position that is the lexicographically least of its
// images (so the moves learned for those serve).
//
// Nothing here is trusted: coqc checks every lemma, and a group that is not
// the game's, an S that is not invariant or a wrong leaf is a certificate
// it rejects.

// maxReachLeaves bounds the leaves of reach's decision tree: 256 for the
// rotations and reflections of 8 piles, 64 for every permutation of 4
// (of 5, 1024: Exact 3-Nim's certificate on 5 piles was not checked by
// coqc within 10 minutes).
const maxReachLeaves = 256

// maxSymmetryElements bounds the elements a certificate defines.
const maxSymmetryElements = 1024

// symmetry is the reduction of a certificate to the canonical positions.
type symmetry struct {
	n int
	// gens are the generators: (g p)_i = p_{g[i]}.
	gens [][]int
	// elems are the group's elements as words in the generators, the
	// identity first; index finds one by its permutation.
	elems []element
	index map[string]int
	// levels are the stabilizer chain canonical is read off.
	levels []level
	// sorted: the group is every permutation, and canonical says the
	// piles are sorted.
	sorted bool
}

// element is s p = gens[gen] (elems[parent] p); the identity has gen -1.
type element struct {
	img         []int
	gen, parent int
}

// level is one link of the stabilizer chain: the pile base, its orbit
// (base first) and, for each pile j of the orbit, an element of the
// level's group taking pile j to base (reps[j]).
type level struct {
	base  int
	orbit []int
	reps  map[int]int
}

func permKey(p []int) string { return fmt.Sprint(p) }

// newSymmetry returns the reduction to canonical positions of c's game, or
// nil when the certificate is written without it: misère play, no listed
// symmetry, an S a generator does not keep on the box, or a group too
// large to write out.
func newSymmetry(ctx context.Context, c Claim) (*symmetry, error) {
	g := c.Game
	if g.Misere {
		return nil, nil
	}
	group, err := g.Symmetries(ctx)
	if err != nil {
		return nil, ctx.Err() // a group too large to find is no symmetry to use
	}
	n := g.Piles()
	var gens [][]int
	order := 0
	switch {
	case group.Full():
		if n > 5 {
			return nil, nil
		}
		for i := 0; i+1 < n; i++ { // adjacent transpositions
			t := identityPerm(n)
			t[i], t[i+1] = i+1, i
			gens = append(gens, t)
		}
		order = 1
		for k := 2; k <= n; k++ {
			order *= k
		}
	case group.Listed() && len(group.Elements()) >= 2 && len(group.Elements()) <= maxSymmetryElements:
		for _, p := range group.Generators() {
			gens = append(gens, []int(p))
		}
		order = len(group.Elements())
	default:
		return nil, nil
	}
	if order < 2 {
		return nil, nil
	}
	s := &symmetry{n: n, gens: gens, index: map[string]int{}, sorted: group.Full()}
	s.add(element{img: identityPerm(n), gen: -1})
	for k := 0; k < len(s.elems) && len(s.elems) <= maxSymmetryElements; k++ {
		for gi, gen := range gens {
			img := make([]int, n)
			for i := range img {
				img[i] = s.elems[k].img[gen[i]]
			}
			if _, ok := s.index[permKey(img)]; !ok {
				s.add(element{img: img, gen: gi, parent: k})
			}
		}
	}
	if len(s.elems) != order {
		return nil, nil // the generators do not give the group
	}
	if !s.keeps(ctx, c) {
		return nil, ctx.Err()
	}
	if !s.chain() {
		return nil, nil
	}
	return s, nil
}

func identityPerm(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	return p
}

func (s *symmetry) add(e element) {
	s.index[permKey(e.img)] = len(s.elems)
	s.elems = append(s.elems, e)
}

// keeps reports whether every generator keeps S on a box: a certificate
// whose preserves lemma coqc would reject is not written.
func (s *symmetry) keeps(ctx context.Context, c Claim) bool {
	h := 1
	for pow(h+2, s.n) <= maxSamples {
		h++
	}
	inS := c.Set.Evaluator()
	box := table.Uniform(s.n, h)
	p, q := make(game.Position, s.n), make(game.Position, s.n)
	for idx := range box.Positions() {
		if idx%1024 == 0 && ctx.Err() != nil {
			return false
		}
		box.Position(idx, p)
		in := inS(p)
		for _, g := range s.gens {
			for i := range q {
				q[i] = p[g[i]]
			}
			if inS(q) != in {
				return false
			}
		}
	}
	return true
}

// chain computes the stabilizer chain; it reports false when reach's
// decision tree would have more than maxReachLeaves leaves.
func (s *symmetry) chain() bool {
	group := make([]int, len(s.elems))
	for k := range group {
		group[k] = k
	}
	leaves := 1
	for base := range s.n {
		lv := level{base: base, orbit: []int{base}, reps: map[int]int{base: 0}}
		var stabilizer []int
		for _, k := range group {
			j := s.elems[k].img[base]
			if j == base {
				stabilizer = append(stabilizer, k)
			}
			if _, ok := lv.reps[j]; !ok {
				lv.reps[j] = k
				lv.orbit = append(lv.orbit, j)
			}
		}
		if len(lv.orbit) > 1 {
			leaves <<= len(lv.orbit) - 1
			if leaves > maxReachLeaves {
				return false
			}
			s.levels = append(s.levels, lv)
		}
		group = stabilizer
	}
	return true
}

// isCanonical reports whether p satisfies canonical.
func (s *symmetry) isCanonical(p game.Position) bool {
	for _, lv := range s.levels {
		for _, j := range lv.orbit[1:] {
			if p[lv.base] > p[j] {
				return false
			}
		}
	}
	return true
}

// countCanonical counts the canonical positions with piles up to h, up
// to limit+1.
func (s *symmetry) countCanonical(h, limit int) int {
	box := table.Uniform(s.n, h)
	p := make(game.Position, s.n)
	count := 0
	for idx := range box.Positions() {
		box.Position(idx, p)
		if s.isCanonical(p) {
			if count++; count > limit {
				break
			}
		}
	}
	return count
}

// canonicalImage returns the image of p that reach's decision tree picks:
// a canonical position.
func (s *symmetry) canonicalImage(p game.Position) game.Position {
	acc := identityPerm(s.n) // the image so far is q_i = p_{acc[i]}
	for _, lv := range s.levels {
		best := lv.orbit[0]
		for _, j := range lv.orbit[1:] {
			if p[acc[best]] > p[acc[j]] {
				best = j
			}
		}
		acc = s.then(acc, s.elems[lv.reps[best]].img)
	}
	q := make(game.Position, s.n)
	for i := range q {
		q[i] = p[acc[i]]
	}
	return q
}

// then returns the permutation of σ applied after acc: (σ (acc p))_i =
// (acc p)_{σ[i]} = p_{acc[σ[i]]}.
func (s *symmetry) then(acc, sigma []int) []int {
	out := make([]int, s.n)
	for i := range out {
		out[i] = acc[sigma[i]]
	}
	return out
}

// condition returns canonical in check's language, for the solver's
// questions about the cases of (II).
func (s *symmetry) condition(name func(int) string) string {
	var parts []string
	for _, lv := range s.levels {
		for _, j := range lv.orbit[1:] {
			parts = append(parts, name(lv.base)+" <= "+name(j))
		}
	}
	return strings.Join(parts, " && ")
}

// write writes the symmetries, canonical, the lemmas that the symmetries
// preserve valid, S and the moves, and reach.
func (s *symmetry) write(w *writer) {
	b := &w.b
	p := w.field("p")
	piles := func(img []int) string {
		out := make([]string, s.n)
		for i, j := range img {
			out[i] = p(j)
		}
		return "mk " + strings.Join(out, " ")
	}
	var gens, elems []string
	b.WriteString("(* The symmetries of the game (permutations of the piles that map its\n   move sets to move sets) that the certificate uses: generators gK, every\n   element sK of the group they generate a composition of them. *)\n")
	for k, g := range s.gens {
		gens = append(gens, fmt.Sprintf("g%d", k+1))
		fmt.Fprintf(b, "Definition g%d (p : pos) : pos := %s.\n", k+1, piles(g))
	}
	fmt.Fprintf(b, "\n(* The canonical positions: (I) and (II) are proved at these, and carried\n   to every position by the symmetries (reach). *)\nDefinition canonical (p : pos) : Prop := %s.\n\n",
		strings.ReplaceAll(s.condition(func(i int) string { return p(i) }), "&&", "/\\"))
	fmt.Fprintf(b, "Ltac unfold_sym := unfold move, inS, valid, total, %s in *; cbn [%s] in *; cbv zeta in *.\n\n", strings.Join(gens, ", "), strings.Join(w.fields, " "))
	pres := "preserves pos valid move inS"
	for _, g := range gens {
		fmt.Fprintf(b, `Lemma preserves_%[1]s : %[2]s %[1]s.
Proof.
  split; [| split].
  - intros [] H; unfold_sym; transfer.
  - intros [] Hv H; unfold valid in Hv; cbn [%[3]s] in Hv.
    cbv beta iota delta [inS %[1]s %[3]s] in H |- *.
    first [sym_transfer H | let_transfer | cbv zeta in *; transfer].
  - intros [] [] H; unfold_sym; transfer.
Qed.

`, g, pres, strings.Join(w.fields, " "))
	}
	for k, e := range s.elems {
		name := fmt.Sprintf("s%d", k)
		elems = append(elems, name)
		if e.gen < 0 {
			fmt.Fprintf(b, "Definition %s (p : pos) : pos := p.\nLemma preserves_%s : %s %s.\nProof. exact (preserves_id pos valid move inS). Qed.\n", name, name, pres, name)
			continue
		}
		fmt.Fprintf(b, "Definition %s (p : pos) : pos := g%d (s%d p).\nLemma preserves_%s : %s %s.\nProof. exact (preserves_compose pos valid move inS g%d s%d preserves_g%d preserves_s%d). Qed.\n",
			name, e.gen+1, e.parent, name, pres, name, e.gen+1, e.parent, e.gen+1, e.parent)
	}
	fmt.Fprintf(b, "\nLtac unfold_canonical := cbv [canonical %s %s %s].\n\n", strings.Join(elems, " "), strings.Join(gens, " "), strings.Join(w.fields, " "))
	fmt.Fprintf(b, `(* Every valid position has a canonical image s p, and t takes it back:
   the decision tree finds, level by level, the least pile of an orbit. *)
Lemma reach : forall p, valid p -> exists s t,
  %s s /\ %s t /\ t (s p) = p /\ canonical (s p).
Proof.
  intros [%s] Hv.
`, pres, pres, strings.Join(w.variables(), " "))
	var d int
	s.reach(b, w.variables(), 0, identityPerm(s.n), 1, 0, &d)
	b.WriteString("Qed.\n\n")
}

// reach writes the decision tree from level lv, the image so far acc, at
// the orbit's pile k with the least so far best (an index into the orbit).
func (s *symmetry) reach(b *strings.Builder, x []string, lv int, acc []int, k, best int, d *int) {
	indent := strings.Repeat("  ", *d+1)
	if lv == len(s.levels) {
		inv := make([]int, s.n)
		for i, j := range acc {
			inv[j] = i
		}
		e, t := s.index[permKey(acc)], s.index[permKey(inv)]
		fmt.Fprintf(b, "%sexists s%d, s%d; split; [exact preserves_s%d | split; [exact preserves_s%d | split; [reflexivity | unfold_canonical; lia]]].\n", indent, e, t, e, t)
		return
	}
	l := s.levels[lv]
	if k == len(l.orbit) {
		s.reach(b, x, lv+1, s.then(acc, s.elems[l.reps[l.orbit[best]]].img), 1, 0, d)
		return
	}
	*d++
	u, v := x[acc[l.orbit[best]]], x[acc[l.orbit[k]]]
	fmt.Fprintf(b, "%sdestruct (Z.le_gt_cases %s %s).\n%s{\n", indent, u, v, indent)
	s.reach(b, x, lv, acc, k+1, best, d)
	fmt.Fprintf(b, "%s}\n%s{\n", indent, indent)
	s.reach(b, x, lv, acc, k+1, k, d)
	fmt.Fprintf(b, "%s}\n", indent)
	*d--
}

// writeConditionIByBase writes (I) from one image of S, when S is sym(B)
// and each image inS is written as is B read at an element of the group:
// a position of S is carried into B by that element (inS_base), and a
// move from it with it (Nimlab.v, condition_I_by_base), so (I) is proved
// for p in B, a fraction of S (CN(8,6): one of its 16 images), where at
// the canonical positions p ranges over every image a canonical position
// is in. It reports false, writing nothing, otherwise.
//
// Soundness rests on coqc alone: inS_base is proved by the images' text
// being B at s p up to conversion, so an image matched to the wrong
// element is a lemma coqc rejects.
func (w *writer) writeConditionIByBase() bool {
	name, args, ok := called(w.c.Set.Tree())
	if !ok || name != "sym" || len(args) != 1 {
		return false
	}
	tr := translator{expr: w.c.Set, piles: w.position("p"), names: map[string]term{}}
	parts, perms, err := tr.symImages(args)
	if err != nil || len(parts) < 2 {
		return false
	}
	elems := make([]int, len(perms))
	for j, perm := range perms {
		k, ok := w.sym.index[permKey(perm)]
		if !ok {
			return false
		}
		elems[j] = k
	}
	t, err := tr.node(args[0])
	if err != nil {
		return false
	}
	base, err := condition(t, "sym()")
	if err != nil {
		return false
	}
	b := &w.b
	fmt.Fprintf(b, "(* B, the claim's sym() read once: each case of inS is B at s p for the\n   element s named in inS_base. *)\nDefinition base (p : pos) : Prop :=\n  %s.\n\n", base.s)
	b.WriteString("Lemma inS_base : forall p, inS p -> exists s, preserves pos valid move inS s /\\ base (s p).\nProof.\n  intros p H; unfold inS in H.\n")
	for j, k := range elems {
		if j+1 < len(elems) {
			fmt.Fprintf(b, "  destruct H as [H | H]; [exists s%d; exact (conj preserves_s%d H) |].\n", k, k)
		} else {
			fmt.Fprintf(b, "  exists s%d; exact (conj preserves_s%d H).\nQed.\n\n", k, k)
		}
	}
	b.WriteString(`(* (I) at the positions in B: no move from B into S. *)
Lemma condition_I_base : forall p q, valid p -> base p -> move p q -> ~ inS q.
Proof. intros [] [] Hv HS Hm HSq; unfold base in HS; unfold_all; ` + w.casesI() + `. Qed.

(* (I): no move from S into S. *)
Lemma condition_I : forall p q, valid p -> inS p -> move p q -> ~ inS q.
Proof. exact (condition_I_by_base pos valid move inS move_valid base inS_base condition_I_base). Qed.

`)
	return true
}
