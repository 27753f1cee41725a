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
// Each route value stands in the file of the code that writes its queries,
// its preconditions and soundness argument beside its encoder: the
// arithmetic (linearRoute, bitVectorRoute) here, nimSumRoute in nimsum.go,
// digitsStepIRoute and digitsStepIIRoute in digits.go, candidateMovesRoute
// and finiteOptionsRoute in encoding.go (grundy.go writes (G2) with them),
// symmetryRoute in symmetry.go, caseSplitRoute in query.go, grundyRoute in
// grundy.go and regionRoute in region.go. plan and prepare (prove.go) and
// the rewrites of the conditions (byDigits, byNimSums, withTactics,
// splitByCases, in that order) are where they are chosen; doc.go has a
// section per route.
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
