package prove

import (
	"errors"
	"fmt"

	"github.com/expr-lang/expr/ast"
)

// A proof decides each condition along one or more routes: the arithmetic
// the query is written in, and the ways a query is made smaller or split.
// A route is sound only for the games and expressions its argument covers,
// so each states its preconditions here, as code, beside its soundness
// argument, and the encoder asks before it takes the route (Result.Routes
// lists those taken). A precondition that does not hold is never an error:
// the condition is then asked another way, or the result is "unknown".
//
// Two false proofs taught this. The induction on binary digits was taken for
// slow games, whose moves are not the ones its step (II) builds; the moves'
// invariance was never asked before breaking symmetry. Each predicate below
// is tested with a game or an expression just outside it (routes_test.go).

// route is one way of deciding a condition.
type route struct {
	// name is what Result.Routes and the docs call it.
	name string
	// needs returns nil when the route's argument covers the encoding's
	// game and expression, and otherwise what is missing.
	needs func(enc *encoding) error
}

// The route names.
const (
	routeNameLinear     = "linear integer arithmetic"
	routeNameBitVectors = "bit-vectors"
	routeNameFinite     = "finitely many options"
	routeNameSymmetry   = "symmetry breaking"
	routeNameCases      = "case split"
)

// linearRoute asks a condition in linear integer arithmetic (Presburger's).
//
// Soundness: the move relation is written exactly, from the facets of a
// take or slow game on faces or from each move set's rule as linear
// conditions on the amounts taken (game.LinearAmounts, whose agreement with
// the move generator game's tests check), and S is the expression
// translated term by term into the integers. Since check's evaluator is
// exact too, "unsat" is a statement about every position nimlab accepts,
// with no bound on the piles.
var linearRoute = route{name: routeNameLinear, needs: func(enc *encoding) error {
	if !enc.take && len(enc.amounts) != len(enc.sets) {
		return fmt.Errorf("the %s rule has no linear description", enc.g.Rule().Name())
	}
	// Operators on digits pass only between constants, folded exactly.
	if _, err := enc.translateClaims(arith{}); err != nil {
		return err
	}
	return nil
}}

// bitVectorRoute asks a condition in signed bit-vectors.
//
// Soundness: the width holds every term of the expression, of the candidate
// moves and the sums of every pile at piles up to 2^63-1 (chooseArithmetic
// bounds each term), so no operation overflows and the bit-vectors compute
// what the integers do for every position nimlab accepts.
var bitVectorRoute = route{name: routeNameBitVectors, needs: func(enc *encoding) error {
	if !enc.take && len(enc.amounts) != len(enc.sets) {
		return fmt.Errorf("the %s rule has no linear description", enc.g.Rule().Name())
	}
	if enc.a.width == 0 || enc.a.width > maxWidth {
		return errors.New("no width holds every term")
	}
	return nil
}}

// nimSumRoute asks a condition whose only operator on binary digits is the
// nim-sum in linear integer arithmetic, the nim-sum uninterpreted, with
// instances of its lemmas (nimsum.go).
//
// Soundness: every instance added is a fact of the real nim-sum, so a model
// of the real query is a model of the abstracted one; "unsat" of the
// abstracted query is "unsat" of the real one, for every position. It needs
// nothing of the game beyond the linear route's.
var nimSumRoute = route{name: viaNimSums, needs: func(enc *encoding) error {
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

// digitsStepIRoute decides (I) for S = colmod(m, every pile once) by the
// inductive step on one column of binary digits (digits.go).
//
// Soundness: the step uses only that an option q of p is at most p in every
// pile, differs from it, and differs only on piles that lie in one of
// enc.sets. The take and slow rules on the faces of a complex (enc.take,
// with enc.sets the facets) move so; so does any rule of normal or misère
// play, but the step is only wired to two-condition (normal) proofs.
var digitsStepIRoute = route{name: viaDigits, needs: func(enc *encoding) error {
	if _, ok := enc.columnModulus(); !ok {
		return errors.New("the set is not colmod(m, every pile once) with m >= 2")
	}
	if !enc.take {
		return errors.New("a move does not take from the piles of one face")
	}
	if enc.g.Misere {
		return errors.New("misère play has a third condition")
	}
	if enc.grundy {
		return errors.New("the steps are about a set of P-positions, not Sprague–Grundy values")
	}
	return nil
}}

// digitsStepIIRoute decides (II) for S = colmod(m, every pile once) by
// Moore's construction, one column of binary digits at a time (digits.go).
//
// Soundness: the construction writes an option q of p by lowering the piles
// of a non-empty face C by amounts it chooses digit by digit. That q is a
// legal option needs every non-empty face to be playable and any positive
// amount to be taken from each of its piles: simplicial Nim
// (game.TakeOnFaces), in normal play. A slow game's move takes exactly one
// token and is not such a q.
var digitsStepIIRoute = route{name: viaDigits, needs: func(enc *encoding) error {
	if err := digitsStepIRoute.needs(enc); err != nil {
		return err
	}
	if !enc.g.TakeOnFaces() || enc.slow {
		return fmt.Errorf("the move of Moore's construction takes any amount from each pile of a face; the %s rule does not", enc.g.Rule().Name())
	}
	return nil
}}

// candidateMovesRoute decides (II) with the candidate winning moves
// (Options.Moves) as the only options.
//
// Soundness: the query asserts, for each candidate, "not (the candidate is a
// legal option of p, by the move relation, and is in S)". Unsat means every
// p outside S has a candidate that is a legal option in S, which is (II).
// The same for (G2) of a Sprague–Grundy proof, with "of value v" for "in S"
// and candidates that may name v: unsat means that for every p and v < g(p)
// some candidate is a legal option of value v. Only the option the
// candidate names is judged, by the move relation and g written exactly, so
// a candidate whose own terms would wrap in bit-vectors (v is bounded as a
// pile there) names some other position, still judged exactly: it cannot
// make a proof wrong, only fail. It needs nothing of the game, only
// candidates written in the query's arithmetic (chooseArithmetic refuses
// others).
var candidateMovesRoute = route{name: viaMoves, needs: func(enc *encoding) error {
	if len(enc.moveExprs) == 0 {
		return errors.New("no candidate moves were given")
	}
	return nil
}}

// finiteOptionsRoute writes (II) without a quantifier by listing the
// options: on each move set, the one option that takes the fixed amounts.
//
// Soundness: when every group of piles of every move set loses exactly a
// fixed amount (game.Amounts.Exactly), a move set has one option, legal when
// each of its piles holds at least that much; the list is every option.
var finiteOptionsRoute = route{name: routeNameFinite, needs: func(enc *encoding) error {
	for k := range enc.sets {
		if _, ok := enc.fixedReduction(k); !ok {
			return errors.New("a move set's rule takes amounts that are not fixed")
		}
	}
	return nil
}}

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
var symmetryRoute = route{name: routeNameSymmetry, needs: func(enc *encoding) error {
	if enc.a.bv() {
		return errors.New("symmetry breaking slowed every bit-vector query measured")
	}
	if enc.n < 2 {
		return errors.New("one pile has no symmetry")
	}
	return nil
}}

// caseSplitRoute asks the quantified (II) (or (G2)) in two cases, the first
// pile empty or not, each in a solver process of its own.
//
// Soundness: every query asserts that each pile is at least 0, so the cases
// p0 = 0 and p0 > 0 cover every position; the condition holds exactly when
// both cases are unsat.
var caseSplitRoute = route{name: routeNameCases, needs: func(enc *encoding) error {
	if enc.a.bv() {
		return errors.New("only linear queries are split")
	}
	if enc.n < 2 {
		return errors.New("one pile: nothing to share")
	}
	return nil
}}

// digitOperators lists the operators and functions of the expression that
// work on binary digits, in the order met.
func digitOperators(node ast.Node) []string {
	var out []string
	ast.Find(node, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryNode:
			if n.Operator == "^" {
				out = append(out, "^")
			}
		case *ast.CallNode:
			if id, ok := n.Callee.(*ast.IdentifierNode); ok && (id.Value == "xor" || id.Value == "colmod") {
				out = append(out, id.Value+"()")
			}
		case *ast.BuiltinNode:
			if n.Name == "xor" || n.Name == "colmod" {
				out = append(out, n.Name+"()")
			}
		}
		return false
	})
	return out
}
