package certificate

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/nimlab/nimlab/check"
)

// The certificates of Moore's theorem: S = colmod(m, every pile once),
// proved with the library Moore.v instead of lia (Moore 1910: in Moore's
// Nim MN(n, k) the P-positions are those whose columns of binary digits
// each hold a multiple of k+1 ones).
//
// A claim has one when (mooreClaim):
//
//   - its expression is colmod(m, x_1, ..., x_n), m >= 2, the x's the
//     game's n piles each once, in any order (check's ColumnModulus, the
//     same shape prove's induction on binary digits reads);
//   - a move takes any number of tokens, at least one in all, from the
//     piles of one facet (game.TakeOnFaces), every facet has at most m-1
//     piles (for (I)), and every set of at most m-1 piles lies in a facet
//     (for (II): Moore's construction lowers up to m-1 piles of its own
//     choosing);
//   - normal play, two to maxPiles piles, at most maxMooreFacets facets
//     (more is "unsupported").
//
// Why this is sound: these preconditions choose the proof script, they
// prove nothing. The certificate defines pos, valid, total and move as
// every certificate does (moveRelation), and inS as Moore.v's colmod m of
// the piles in the claim's order (no pile negative, every column of
// binary digits a multiple of m: check's ColumnsDivisible; the tests
// compare inS with check's evaluator on a box). Moore.v proves Moore's
// theorem for lists of piles (moore_I, moore_II); the certificate reads its
// move relation into them, facet by facet for (I) and mask by mask for
// (II), each step checked by coqc. A game that broke a precondition would
// leave a step unproved, and coqc would reject the file.

// MooreLibraryName is the file name of the library the certificates of
// Moore's theorem require besides Nimlab.v, in the certificate's folder.
const MooreLibraryName = "Moore.v"

// maxMooreFacets bounds the facets of a certificate of Moore's theorem:
// (I) and (II) have a case for each facet, and each case picks its facet
// out of the move relation's disjunction of them all, so coqc's time grows
// as the cube of their number. Measured (AMD EPYC, load 1): MN(8,4), 70
// facets, 25 s and 1.1 GB; MN(10,4), 210 facets, 571 s and 19 GB.
const maxMooreFacets = 70

// mooreSet is a claim's colmod(m, ...): the modulus and the piles in the
// order of the arguments.
type mooreSet struct {
	m     int
	piles []int
}

// mooreClaim returns the colmod of c's expression when c is a claim the
// certificates of Moore's theorem prove (see above); err says why one
// that is has no certificate all the same. A claim colmod(m, every pile
// once) whose game breaks a precondition has none either: err says which
// (lia, the other route, does not read binary digits).
func mooreClaim(c Claim) (s mooreSet, ok bool, err error) {
	g := c.Game
	n := g.Piles()
	m, piles, ok := c.Set.ColumnModulus(n)
	if !ok || n < 2 {
		return mooreSet{}, false, nil
	}
	digits := func(why string) (mooreSet, bool, error) {
		return mooreSet{}, true, uncertifiable(ReasonDigits, "colmod(): Moore's theorem is certified "+why)
	}
	switch {
	case g.Misere:
		return digits("in normal play only")
	case n > maxPiles:
		return mooreSet{}, true, uncertifiable(ReasonUnsupported, fmt.Sprintf("%d piles; a certificate names at most %d", n, maxPiles))
	case !g.TakeOnFaces():
		return digits("on take games on the faces of a complex only (any amounts from the piles of a face), not on the " + g.Rule().Name() + " rule")
	}
	facets := facetMasks(c)
	for _, f := range facets {
		if bits.OnesCount(uint(f)) > m-1 {
			return digits(fmt.Sprintf("where a move lowers at most m-1 = %d piles; a facet has %d", m-1, bits.OnesCount(uint(f))))
		}
	}
	for mask := 1; mask < 1<<n; mask++ {
		if bits.OnesCount(uint(mask)) <= m-1 && coveringFacet(facets, mask) < 0 {
			return digits(fmt.Sprintf("where every set of at most m-1 = %d piles is a face (Moore's construction may lower any); %s is not", m-1, setOf(mask, c)))
		}
	}
	if len(facets) > maxMooreFacets {
		return mooreSet{}, true, uncertifiable(ReasonUnsupported, fmt.Sprintf("%d facets; a certificate of Moore's theorem writes at most %d (coqc's time grows as the cube of their number)", len(facets), maxMooreFacets))
	}
	return mooreSet{m: m, piles: piles}, true, nil
}

// setOf writes the piles of mask as {a, b}.
func setOf(mask int, c Claim) string {
	var names []string
	for i := range c.Game.Piles() {
		if mask>>i&1 == 1 {
			names = append(names, check.PileName(i))
		}
	}
	return "{" + strings.Join(names, ", ") + "}"
}

// facetMasks returns the facets of c's game as bit masks of its piles (pile
// i is bit i), in the order the move relation writes them.
func facetMasks(c Claim) []int {
	var out []int
	for _, f := range c.Game.Complex.Facets() {
		mask := 0
		for i := range c.Game.Piles() {
			if f.Has(i) {
				mask |= 1 << i
			}
		}
		out = append(out, mask)
	}
	return out
}

// coveringFacet returns the index of the first facet that holds every
// pile of mask, -1 if none does.
func coveringFacet(facets []int, mask int) int {
	for k, f := range facets {
		if mask&^f == 0 {
			return k
		}
	}
	return -1
}

// newMooreWriter writes the definitions of the certificate of a claim of
// Moore's theorem: the game as every certificate writes it, and inS as
// Moore.v's colmod of the piles in the claim's order.
func newMooreWriter(c Claim, s mooreSet) (*writer, error) {
	w, err := newLibraryWriter(c, "Moore")
	if err != nil {
		return nil, err
	}
	w.b.WriteString(`From Coq Require Import List. Import ListNotations.

(* inS is colmod m of the piles, defined in Moore.v, which a referee reads
   there too: every pile at least 0, and at every binary digit i the number
   of piles whose digit i, (x / 2 ^ i) mod 2, is 1 is a multiple of m. *)

`)
	p := w.field("p")
	var xs []string
	for _, i := range s.piles {
		xs = append(xs, p(i))
	}
	w.definitions(fmt.Sprintf("colmod %d [%s]", s.m, strings.Join(xs, "; ")))
	return w, nil
}

// writeMoore returns the certificate of a claim of Moore's theorem.
func writeMoore(c Claim, s mooreSet) (string, error) {
	w, err := newMooreWriter(c, s)
	if err != nil {
		return "", err
	}
	w.gameLemmas("intros p _; unfold inS; apply colmod_decidable; lia.")
	w.mooreConditions(s, facetMasks(c))
	w.characterization()
	return w.b.String(), nil
}

// mooreConditions writes (I) and (II) of a claim of Moore's theorem with
// Moore.v's moore_I and moore_II_facets.
func (w *writer) mooreConditions(s mooreSet, facets []int) {
	b := &w.b
	x, y := w.variables(), make([]string, w.n)
	for i, f := range w.fields {
		y[i] = "y_" + f
	}
	// inOrder lists vars in the order of colmod's arguments.
	inOrder := func(vars []string) string {
		return "[" + strings.Join(inOrderNames(vars, s.piles), "; ") + "]"
	}
	// maskOf writes a mask of the piles in colmod's order.
	maskOf := func(mask int) string {
		var out []string
		for _, i := range s.piles {
			out = append(out, fmt.Sprint(mask>>i&1 == 1))
		}
		return "[" + strings.Join(out, "; ") + "]"
	}
	var patterns []string
	for range facets {
		patterns = append(patterns, "Hf")
	}
	fmt.Fprintf(b, `(* (I): no move from S into S. A move lowers the piles of one facet, at
   most %[1]d of them, and keeps the others (moore_I, Moore.v). *)
Lemma condition_I : forall p q, valid p -> inS p -> move p q -> ~ inS q.
Proof.
  intros [%[2]s] [%[3]s] Hv HS Hm; unfold move, valid, total, inS in *; cbn [%[4]s] in *.
  destruct Hm as (Hq & Ht & Hf).
`, s.m-1, strings.Join(x, " "), strings.Join(y, " "), strings.Join(w.fields, " "))
	if len(facets) > 1 {
		fmt.Fprintf(b, "  destruct Hf as %s.\n", nested(patterns))
	}
	for _, f := range facets {
		fmt.Fprintf(b, "  - apply (moore_I %d %s %s); cbn [lowers trues sum]; [lia | lia | lia | lia | exact HS].\n", s.m, maskOf(f), inOrder(x))
	}
	var masks, hin []string
	for _, f := range facets {
		masks = append(masks, maskOf(f))
		hin = append(hin, "<-")
	}
	fmt.Fprintf(b, `Qed.

(* (II): from every valid position outside S, a move into S: Moore's
   construction (moore_II_facets, Moore.v) lowers 1 to %[1]d piles into S,
   which lie within a facet (covered, computed over every mask of the
   piles); the move is that facet's case of move. *)
Lemma condition_II : forall p, valid p -> ~ inS p ->
  (%[10]s = true /\ terminal pos move p) \/ exists q, move p q /\ inS q.
Proof.
  intros [%[2]s] Hv Hn; right; unfold valid, inS in *; cbn [%[3]s] in *.
  destruct (moore_II_facets %[4]d
    %[5]s
    %[6]s ltac:(lia) ltac:(unfold nonneg; repeat constructor; lia) ltac:(vm_compute; reflexivity) Hn)
    as (facet & ys & Hin & Hl & Hs & Hlen & HS).
  destruct ys as %[7]s; cbn [length] in Hlen; try discriminate Hlen.
  exists (mk %[8]s); split; [| exact HS].
  unfold move, valid, total; cbn [%[3]s]; cbn [sum] in Hs.
  cbn [In] in Hin; destruct Hin as %[9]s; cbn [lowers] in Hl.
`, s.m-1, strings.Join(x, " "), strings.Join(w.fields, " "), s.m, "["+strings.Join(masks, ";\n     ")+"]", inOrder(x),
		listPattern(inOrderNames(y, s.piles)), strings.Join(y, " "), nested(append(hin, "[]")), w.misere())
	for j := range facets {
		pick := strings.Repeat("right; ", j)
		if j < len(facets)-1 {
			pick += "left; "
		}
		fmt.Fprintf(b, "  - split; [lia | split; [lia | %slia]].\n", pick)
	}
	b.WriteString("Qed.\n\n")
}

// inOrderNames lists names in the order of piles.
func inOrderNames(names []string, piles []int) []string {
	out := make([]string, len(piles))
	for j, i := range piles {
		out[j] = names[i]
	}
	return out
}

// listPattern is the intro pattern of a list of exactly len(names)
// elements, the other lengths a case each: [| x1 [| x2 [| ? ?]]].
func listPattern(names []string) string {
	if len(names) == 0 {
		return "[| ? ?]"
	}
	return "[| " + names[0] + " " + listPattern(names[1:]) + "]"
}
