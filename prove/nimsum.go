package prove

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/prove/proof"
)

// The nim-sum as an uninterpreted function.
//
// A characterization that mixes linear conditions with a nim-sum, such as
// CN(6,4)'s (Dufour–Heubach 2013, Theorem 3.5: opposite sums equal and the
// nim-sum of a triangle 0), is hard for the solver in bit-vectors: z3
// answered neither condition within 7 minutes. Its proofs by hand use only
// a few facts about the nim-sum, so the queries can be asked in linear
// integer arithmetic with the nim-sum of k terms as a function nimsumk that
// the solver knows nothing about, and with instances of those facts added
// as assertions:
//
//   - range: the nim-sum of terms that are never negative is at least 0 and
//     at most their sum;
//   - symmetry: the nim-sum of the same values in another order is the
//     same;
//   - cancellation: two nim-sums of k terms that agree in k-1 of them and
//     in value agree in the last (x ^ y = x ^ z gives y = z);
//   - completion: t_i replaced by the nim-sum of the others gives a nim-sum
//     of 0 (x ^ x = 0);
//   - Lemma 3.7 of Dufour–Heubach 2013 (Bouton's theorem): if the nim-sum of
//     terms that are never negative is not 0, some term t_i is larger than
//     the nim-sum of the others, so that lowering t_i to it makes the
//     nim-sum 0.
//
// Each instance is true of the nim-sum of the integers, whatever values the
// terms take, so a model of the real query would satisfy the abstracted
// one: "unsat" for the abstracted query is a proof, for every position (no
// bound on the piles). "sat" proves nothing (the function may be given
// values no nim-sum has), so a query that does not come out unsat is asked
// again in bit-vectors. The instances are generated for the nim-sums that
// appear in the query: which pairs get them is said in nimSums.lemmas.

// nimSum is one application of a nimsum function: the nim-sum of its
// arguments.
type nimSum struct {
	// args are the SMT-LIB terms of the arguments: sorted for the nim-sums
	// of expressions (apply), in the order of the nim-sum they complete for
	// the facts' (lemmas).
	args []string
	// text is the application, (nimsumk args...).
	text string
	// origin says which part of the query used it: the position p
	// (originP), its option q, a candidate move, or a fact.
	origin string
}

// nimSums records the nim-sums a query uses.
type nimSums struct {
	apps  []nimSum
	index map[string]int
	// origin is given to the nim-sums recorded from now on.
	origin string
	// arities are the arities used, for the declarations.
	arities map[int]bool
}

func newNimSums() *nimSums {
	return &nimSums{index: map[string]int{}, arities: map[int]bool{}}
}

// nimSumFunction names the function of the nim-sum of k terms.
func nimSumFunction(k int) string { return fmt.Sprintf("nimsum%d", k) }

// apply returns the term of the nim-sum of the arguments. A nim-sum among
// them is flattened into its own arguments, and two equal terms cancel
// (x ^ x = 0), so the same nim-sum written in any order or grouping is one
// term; the nim-sum of no term is 0 and of one term the term itself.
func (ns *nimSums) apply(args []string, zero string) string {
	var flat []string
	for _, a := range args {
		if i, ok := ns.index[a]; ok {
			flat = append(flat, ns.apps[i].args...)
			continue
		}
		flat = append(flat, a)
	}
	slices.Sort(flat)
	var kept []string
	for i := 0; i < len(flat); i++ {
		if i+1 < len(flat) && flat[i] == flat[i+1] {
			i++
			continue
		}
		kept = append(kept, flat[i])
	}
	return ns.record(kept, zero)
}

// record records the nim-sum of args in the order given.
func (ns *nimSums) record(args []string, zero string) string {
	switch len(args) {
	case 0:
		return zero
	case 1:
		return args[0]
	}
	text := "(" + nimSumFunction(len(args)) + " " + strings.Join(args, " ") + ")"
	if _, ok := ns.index[text]; !ok {
		ns.index[text] = len(ns.apps)
		ns.apps = append(ns.apps, nimSum{args: args, text: text, origin: ns.origin})
		ns.arities[len(args)] = true
	}
	return text
}

// declarations declares the functions used.
func (ns *nimSums) declarations() string {
	var b strings.Builder
	for _, k := range slices.Sorted(maps.Keys(ns.arities)) {
		fmt.Fprintf(&b, "(declare-fun %s (%s) Int)\n", nimSumFunction(k), strings.TrimSpace(strings.Repeat("Int ", k)))
	}
	return b.String()
}

// Origins of nim-sums.
const (
	originP    = "p"
	originQ    = "q"
	originFact = "fact"
	originMove = "move"
)

// maxPairInstances bounds the instances of symmetry and cancellation a
// query gets, so that an expression with many nim-sums makes no huge query:
// past it, the pairs left get none.
const maxPairInstances = 100_000

// maxAlignedArity bounds the arity whose nim-sums are compared under every
// matching of their arguments (k! of them); larger ones are compared
// argument by argument in their canonical order only.
const maxAlignedArity = 3

// lemmas writes the instances of the nim-sum's facts for the nim-sums the
// query uses:
//
//   - completion and Lemma 3.7 for every nim-sum of the position p (those
//     are what a winning move is made of);
//   - range for every nim-sum;
//   - symmetry, and cancellation when asked (in (I) and (III), whose
//     proofs by hand compare the nim-sums of two positions; (II) is asked
//     of candidate moves, made of completions), for every pair of nim-sums
//     of the same arity of which at least one is not of a candidate move
//     (two candidates are never compared with each other: each is a
//     position of its own).
//
// It records the nim-sums the facts introduce, so the declarations are
// written after it.
func (ns *nimSums) lemmas(cancellation bool) string {
	var b strings.Builder
	ns.origin = originFact
	for _, n := range slices.Clone(ns.apps) {
		if n.origin != originP {
			continue
		}
		var lower []string
		for i := range n.args {
			others := slices.Concat(n.args[:i], n.args[i+1:])
			complement := ns.record(others, "0")
			// n.args with args[i] replaced, in the same order (so that it
			// lines up with a candidate move's nim-sum argument by
			// argument), and not flattened: the completion is a value of
			// its own here.
			completed := slices.Concat(others[:i:i], []string{complement}, others[i:])
			fmt.Fprintf(&b, "(assert (= %s 0))\n", ns.record(completed, "0"))
			lower = append(lower, "(< "+complement+" "+n.args[i]+")")
		}
		fmt.Fprintf(&b, "(assert (=> %s (or (= %s 0) %s)))\n", nonNegatives(n.args), n.text, strings.Join(lower, " "))
	}
	for _, n := range ns.apps {
		fmt.Fprintf(&b, "(assert (=> %s (and (<= 0 %s) (<= %s (+ %s)))))\n", nonNegatives(n.args), n.text, n.text, strings.Join(n.args, " "))
	}
	written := 0
	for i, x := range ns.apps {
		for _, y := range ns.apps[i+1:] {
			if len(x.args) != len(y.args) || x.origin == originMove && y.origin == originMove {
				continue
			}
			if written >= maxPairInstances {
				// Fewer facts only make the query weaker, never wrong.
				return b.String()
			}
			written += len(matchings(len(x.args))) * (len(x.args) + 1)
			for _, match := range matchings(len(x.args)) {
				pairs := make([]string, len(match))
				identity := true
				for j, k := range match {
					pairs[j] = "(= " + x.args[j] + " " + y.args[k] + ")"
					identity = identity && j == k
				}
				if !identity {
					fmt.Fprintf(&b, "(assert (=> (and %s) (= %s %s)))\n", strings.Join(pairs, " "), x.text, y.text)
				}
				if !cancellation {
					continue
				}
				for j := range pairs {
					others := slices.Concat(pairs[:j:j], pairs[j+1:])
					fmt.Fprintf(&b, "(assert (=> (and (= %s %s) %s) %s))\n", x.text, y.text, strings.Join(others, " "), pairs[j])
				}
			}
		}
	}
	return b.String()
}

// nonNegatives writes "every term is at least 0".
func nonNegatives(ts []string) string {
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = "(<= 0 " + t + ")"
	}
	return "(and " + strings.Join(parts, " ") + ")"
}

// matchings lists the ways to match the arguments of two nim-sums of
// arity k: every permutation up to maxAlignedArity, the identity beyond.
func matchings(k int) [][]int {
	identity := make([]int, k)
	for i := range identity {
		identity[i] = i
	}
	if k > maxAlignedArity {
		return [][]int{identity}
	}
	perms := complex.Permutations(k) // lexicographic, the identity first
	out := make([][]int, len(perms))
	for i, p := range perms {
		out[i] = p
	}
	return out
}

// viaNimSums is the Via of a condition decided with the nim-sum
// uninterpreted.
const viaNimSums = "nim-sum lemmas"

// byNimSums asks the conditions of a bit-vector proof whose only operator
// on binary digits is the nim-sum first in linear integer arithmetic, with
// the nim-sum uninterpreted: (I), (III), and (II) when there are candidate
// moves (with a quantifier over every option the solver would have to find
// the instances itself). Each falls back to its bit-vector query when it is
// not unsat.
func (enc *encoding) byNimSums(rt *route, queries []query) []query {
	if !enc.a.bv() || rt.needs(enc) != nil {
		return queries
	}
	abstract := *enc
	abstract.a = arith{nimSums: newNimSums()}
	abstract.canonical, abstract.arithmetic = "", rt.name
	if _, err := abstract.translateClaims(abstract.a); err != nil {
		return queries // colmod, or another operator on digits
	}
	for _, exprs := range enc.moveExprs {
		for _, x := range exprs {
			if _, _, err := translateValue(x, pileVar("p"), abstract.a); err != nil {
				return queries
			}
		}
	}
	abstracted := map[proof.Cond]query{}
	for _, aq := range abstract.conditions() {
		abstracted[aq.name] = aq
	}
	for i := range queries {
		q := &queries[i]
		aq, ok := abstracted[q.name]
		if !ok || (q.name == proof.II || q.name == proof.G2) && q.via != &candidateMovesRoute {
			continue
		}
		fallback := *q
		aq.via, aq.fallback = rt, &fallback
		*q = aq
	}
	return queries
}

// nimSumRoute asks a condition whose only operator on binary digits is the
// nim-sum in linear integer arithmetic, the nim-sum uninterpreted, with
// instances of its lemmas (nimsum.go).
//
// Soundness: every instance added is a fact of the real nim-sum, so a model
// of the real query is a model of the abstracted one; "unsat" of the
// abstracted query is "unsat" of the real one, for every position. It needs
// nothing of the game beyond the linear route's.
var nimSumRoute = route{name: viaNimSums, kind: proof.NimSums, searchSmall: true, rewrite: (*encoding).byNimSums, file: queryFile{suffix: "-nimsum",
	note: "; %[2]s\n; nimsumk is the nim-sum (xor) of k integers, left uninterpreted; the assertions after\n; \"instances of the nim-sum's lemmas\" are facts true of the real nim-sum (see nimlab's package prove).\n; unsat means the condition holds for every position.\n"},
	needs: func(enc *encoding) error {
		if err := bitVectorRoute.needs(enc); err != nil {
			return err
		}
		ops := digitOperators(enc.e.Tree())
		if enc.where != nil {
			ops = append(ops, digitOperators(enc.where.Tree())...)
		}
		for _, op := range ops {
			if op != "^" && op != "xor()" {
				return fmt.Errorf("%s is not a nim-sum", op)
			}
		}
		return nil
	}}
