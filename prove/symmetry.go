package prove

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
)

// Symmetry breaking (symmetryRoute): p restricted to one position per class
// of the game's symmetries, once the solver has said that S and the moves
// are invariant.

// symmetryBreaking restricts p to one position per symmetry class when S
// and the moves are invariant under the game's symmetries: then a
// counterexample exists exactly when one exists in that form
// (symmetryRoute). Both are asked of the solver, one generator at a time,
// for S and for the move relation as the queries write them: the group is
// only a proposal.
func (enc *encoding) symmetryBreaking(ctx context.Context, g *game.Game, opts Options) (string, error) {
	group, err := g.Symmetries(ctx)
	if err != nil {
		if ctx.Err() != nil {
			return "", ctx.Err()
		}
		return "", nil // no symmetries known: no breaking
	}
	gens := symmetryGenerators(group, enc.n)
	var canonical []string
	var how string
	sorted := false
	switch {
	case group.Full() && enc.n > 1:
		sorted = true
		for i := 1; i < enc.n; i++ {
			canonical = append(canonical, enc.a.cmp("<=", fmt.Sprintf("p%d", i-1), fmt.Sprintf("p%d", i)))
		}
		how = "piles sorted (every permutation is a symmetry)"
		enc.isCanonical = func(p []int) bool { return slices.IsSorted(p) }
	case group.Listed() && len(group.Elements()) > 1:
		elems := group.Elements()
		if len(elems) > 256 {
			elems = gens
		}
		for _, perm := range elems {
			if c := lexLeader(enc.a, perm); c != "" {
				canonical = append(canonical, c)
			}
		}
		enc.isCanonical = func(p []int) bool { return lexLeaderOf(p, elems) }
		how = fmt.Sprintf("p is the lexicographically least of its images under %d symmetries", len(elems))
	default:
		return "", nil
	}
	if len(canonical) == 0 {
		return "", nil
	}
	if ok, err := enc.invariantUnder(ctx, gens, opts); err != nil || !ok {
		enc.isCanonical = nil
		return "", err
	}
	enc.canonical = "(and " + strings.Join(canonical, " ") + ")"
	enc.sorted = sorted
	enc.invariant = group
	return how, nil
}

// symmetryGenerators are permutations that generate the group: a shift
// and a swap for the full symmetric group on n > 1 piles, whose
// generators are not listed.
func symmetryGenerators(group *complex.Group, n int) []complex.Perm {
	if !group.Full() {
		return group.Generators()
	}
	if n < 2 {
		return nil
	}
	shift := make(complex.Perm, n)
	swap := make(complex.Perm, n)
	for i := range n {
		shift[i], swap[i] = (i+1)%n, i
	}
	swap[0], swap[1] = 1, 0
	return []complex.Perm{shift, swap}
}

// prepareSymmetry restricts p to one position per symmetry class
// (Result.Symmetry says how) unless Options.NoSymmetry. Symmetry breaking
// helps linear arithmetic (CN(8,6)'s (II): over 300 s without, 1.5 s with)
// but hurt every bit-vector query measured (Nim on 3 piles: (II) proved in
// 0.4 s without, unknown after 35 s with): the route's needs.
func prepareSymmetry(ctx context.Context, enc *encoding, rt *route, opts Options, r *Result) (*encoding, *outcome, error) {
	if opts.NoSymmetry || rt.needs(enc) != nil {
		return enc, nil, nil
	}
	var err error
	if r.Symmetry, err = enc.symmetryBreaking(ctx, enc.g, opts); err != nil {
		return nil, nil, err
	}
	return enc, nil, nil
}

// invariantUnder asks the solver whether S and the move relation, as the
// queries write them, are invariant under each permutation: for each, some
// p with S(p) and not S(p∘perm), or some p, q with move(p, q) !=
// move(p∘perm, q∘perm)? Any answer but unsat is "no". In a Sprague–Grundy
// proof S(p) is the value g(p), and g(p) != g(p∘perm) is asked; in a region
// theorem R(p) and not R(p∘perm) is asked too.
//
// One direction of a set is enough. perm has a finite order k, and p∘perm
// is a position whenever p is (the same piles, in another order), so if
// S(p) implies S(p∘perm) for every p, then S(p∘perm) implies S(p∘perm²),
// ..., S(p∘perm^k) = S(p): S is invariant. The same for R. Both ways is
// asked too, at once in another solver process, and the first answer that
// is not unknown is taken (checkEither): the two queries have a model
// exactly when S, R or the moves are not invariant, and which one z3
// answers sooner differs from claim to claim: NN(10,5)'s S of 22,203
// characters under its reversal took z3 107 s of CPU both ways and 43 s one
// way; A-Nim(4,{3,4})'s M-rule description under the shift 0.5 s both ways
// and 55 s one way.
func (enc *encoding) invariantUnder(ctx context.Context, perms []complex.Perm, opts Options) (bool, error) {
	for _, perm := range perms {
		var b strings.Builder
		b.WriteString("(set-logic ALL)\n")
		enc.declare(&b, "p")
		enc.declare(&b, "q")
		for i := range enc.n {
			fmt.Fprintf(&b, "(assert %s)\n", enc.a.pileRange(fmt.Sprintf("p%d", i)))
		}
		image := func(prefix string) func(i int) string {
			return func(i int) string { return prefix + strconv.Itoa(perm[i]) }
		}
		p, q := pileVar("p"), pileVar("q")
		// S, and R in a region theorem, asked both ways and one way.
		sets := func(in func(func(int) string) string) (both, one string) {
			return "(not (= " + in(p) + " " + in(image("p")) + "))", "(and " + in(p) + " (not " + in(image("p")) + "))"
		}
		bothS, oneS := sets(enc.claimTerm)
		bothR, oneR := "false", "false"
		if enc.where != nil {
			bothR, oneR = sets(enc.inR)
		}
		moves := "(not (= " + enc.move(p, q) + " " + enc.move(image("p"), image("q")) + "))"
		head := b.String()
		scripts := []string{head + "(assert (or " + bothS + " " + moves + " " + bothR + "))\n"}
		if !enc.grundy { // a value, not a set: only g(p) != g(p∘perm)
			scripts = append(scripts, head+"(assert (or "+oneS+" "+moves+" "+oneR+"))\n")
		}
		reply, err := opts.Solver.checkEither(ctx, scripts, opts.Timeout)
		if err != nil || reply.Answer != Unsat {
			return false, err
		}
	}
	return true, nil
}

// checkEither asks the scripts at once, each in its own solver process,
// and returns the first answer that is not Unknown, the others then
// stopped; Unknown only when every answer is. The scripts must have a
// model exactly when one another has.
func (s *Solver) checkEither(ctx context.Context, scripts []string, timeout time.Duration) (Reply, error) {
	if len(scripts) == 1 {
		return s.Check(ctx, scripts[0], nil, timeout)
	}
	race, cancel := context.WithCancel(ctx)
	defer cancel()
	type answer struct {
		reply Reply
		err   error
	}
	answers := make(chan answer, len(scripts))
	for _, script := range scripts {
		go func() {
			r, err := s.Check(race, script, nil, timeout)
			answers <- answer{r, err}
		}()
	}
	var last Reply
	for range scripts {
		a := <-answers
		switch {
		case ctx.Err() != nil:
			return Reply{}, ctx.Err()
		case a.err == nil && a.reply.Answer != Unknown:
			return a.reply, nil
		case a.err == nil:
			last = a.reply
		}
	}
	return last, nil
}

// lexLeader writes "p is lexicographically at most its image q, q[i] =
// p[perm[i]]" ("" for the identity).
func lexLeader(a arith, perm complex.Perm) string {
	var eqs, alts []string
	for i, j := range perm {
		if i == j {
			continue
		}
		alts = append(alts, "(and "+strings.Join(append(slices.Clone(eqs), a.cmp("<", fmt.Sprintf("p%d", i), fmt.Sprintf("p%d", j))), " ")+")")
		eqs = append(eqs, fmt.Sprintf("(= p%d p%d)", i, j))
	}
	if len(alts) == 0 {
		return ""
	}
	alts = append(alts, "(and "+strings.Join(eqs, " ")+")")
	return "(or " + strings.Join(alts, " ") + ")"
}

// lexLeaderOf reports whether p is lexicographically at most each of its
// images q, q[i] = p[perm[i]]: what lexLeader writes, for every perm.
func lexLeaderOf(p []int, perms []complex.Perm) bool {
	for _, perm := range perms {
		for i, j := range perm {
			if p[j] != p[i] {
				if p[j] < p[i] {
					return false
				}
				break
			}
		}
	}
	return true
}

// symmetryRoute restricts p to one position per class of the game's
// symmetries.
//
// Soundness: if S (in a Sprague–Grundy proof the value g), the region R
// when there is one, and the move relation are all invariant under a
// permutation π of the piles, then p is a counterexample to a condition
// exactly when p∘π is (with q∘π for its option, and the same v in (G2)), so
// a counterexample exists exactly when one exists among the canonical
// positions (sorted, or least of their images), which every orbit
// contains. The group comes from game.Symmetries; invariance of
// S and of the moves as encoded is asked of the solver for each generator
// (symmetryBreaking), so a group computed wrongly costs time, not
// soundness. Not in bit-vectors, where it only slowed the solver.
var symmetryRoute = route{name: routeNameSymmetry, prepare: prepareSymmetry, needs: func(enc *encoding) error {
	if enc.a.bv() {
		return errors.New("symmetry breaking slowed every bit-vector query measured")
	}
	if enc.n < 2 {
		return errors.New("one pile has no symmetry")
	}
	return nil
}}
