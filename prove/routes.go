package prove

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"

	"github.com/expr-lang/expr/ast"
	"github.com/nimlab/nimlab/prove/proof"
)

// A proof decides each condition along one or more routes: the arithmetic
// the query is written in, and the ways a query is made smaller or split.
// A route is sound only for the games and expressions its argument covers,
// so each states its preconditions here, as code, beside its soundness
// argument, and the encoder asks before it takes the route (Result.Routes
// lists those taken). A precondition that does not hold is never an error:
// the condition is then asked another way, or the result is "unknown".
//
// Each route is one value, in the file of the code that writes its
// queries, with its preconditions and soundness argument beside its
// encoder: the arithmetic (linearRoute, bitVectorRoute) here, nimSumRoute
// in nimsum.go, digitsStepIRoute and digitsStepIIRoute in digits.go,
// candidateMovesRoute and finiteOptionsRoute in encoding.go (grundy.go
// writes (G2) with them), symmetryRoute in symmetry.go, caseSplitRoute in
// query.go, grundyRoute in grundy.go and regionRoute in region.go. The
// registry below lists them, one line each, and doc.go has a section per
// route (TestRouteRegistry checks both, and that the prover fuzzer's
// corpus reaches each). Prove iterates the registry: plan (below) takes
// the arithmetic's kind of proof; prepare runs each route's prepare step,
// and each route's rewrite is applied to the conditions' queries, in the
// registry's order; finish takes the kind of proof of the route that
// decided every condition. A new route is one file (its value, its
// queries, its prepare step, its rewrite), one registry line and one
// section of doc.go; a new kind of proof is also one row of package
// proof's table.
//
// Two false proofs taught this. The induction on binary digits was taken for
// slow games, whose moves are not the ones its step (II) builds; the moves'
// invariance was never asked before breaking symmetry. Each predicate below
// is tested with a game or an expression just outside it (routes_test.go).

// route is one way of deciding a condition.
type route struct {
	// name is what Result.Routes, Condition.Via and the docs call it.
	name string
	// needs returns nil when the route's argument covers the encoding's
	// game and expression, and otherwise what is missing.
	needs func(enc *encoding) error
	// rewrite, when not nil, is what the route does to the conditions'
	// queries: it returns them with those it decides rewritten (asking
	// needs itself), applied in the registry's order.
	rewrite func(enc *encoding, rt *route, queries []query) []query
	// kind, when not proof.NoKind, is the kind of proof the route gives:
	// the arithmetic's for linearRoute and bitVectorRoute, and for the
	// others that of a proof whose every condition it decided (Via is its
	// name). Its words and bound are package proof's table's.
	kind proof.Kind
	// file is how a query it decides is written under Options.SMTOut.
	file queryFile
	// prepare, when not nil, is what the route asks before the
	// conditions (asking needs itself): it returns the encoding the
	// conditions are asked with, or the outcome when the proof stops there.
	// prepare calls each route's in the registry's order.
	prepare func(ctx context.Context, enc *encoding, rt *route, opts Options, r *Result) (*encoding, *outcome, error)
	// decide, when not nil, decides a condition with no query of its
	// own (asking needs itself): before the queries are asked when
	// Options.Reduce asks for it, else after them, for a condition their
	// answers left unknown. It returns the condition decided (unsat when
	// it holds, sat with Result.Counterexample), or nil.
	decide func(ctx context.Context, enc *encoding, rt *route, opts Options, r *Result) (*Condition, error)
	// askFirst, when not nil, says whether decide is asked before the
	// queries rather than after them (route.first).
	askFirst func(opts Options) bool
	// searchSmall is true when, where its query does not settle the
	// condition, small positions are enumerated for a counterexample
	// before the fallback is asked.
	searchSmall bool
}

// registry lists every route, in the order their prepare steps are asked
// (the region's closure before symmetry breaking, which asks whether R is
// invariant, before learning candidate moves, which serve the canonical
// positions only) and their rewrites applied.
var registry []*route

// The registry is filled in at init: the routes' prepare steps read the
// registry, which lists the routes.
func init() {
	registry = []*route{
		&digitsStepIRoute,
		&digitsStepIIRoute,
		&nimSumRoute,
		&linearRoute,
		&caseSplitRoute,
		&bitVectorRoute,
		&regionRoute,
		&symmetryRoute,
		&candidateMovesRoute,
		&finiteOptionsRoute,
		&slowOptionsRoute,
		&grundyRoute,
		&equivalenceRoute,
		&reductionRoute,
	}
}

// plan chooses the claim's arithmetic, linear or bit-vectors, by the
// routes' preconditions, and the Sprague–Grundy route for a claim of
// values. It returns a nil encoding and why when no route applies.
func plan(c *Claim, r *Result) (*encoding, string, error) {
	if c.grundy && c.g.Misere {
		return nil, "Sprague–Grundy values are proved in normal play only", nil
	}
	if err := c.unencodable; err != nil {
		var u *UnencodableError
		if errors.As(err, &u) || errors.Is(err, errUnsupportedGame) {
			return nil, err.Error(), nil
		}
		return nil, "", err
	}
	enc := &encoding{Claim: *c}
	arithmetic := linearRoute
	if enc.a.bv() {
		r.Width = enc.a.width
		arithmetic = bitVectorRoute
	}
	r.Proof = arithmetic.kind
	if err := arithmetic.needs(enc); err != nil {
		return nil, fmt.Sprintf("%s: %v", arithmetic.name, err), nil
	}
	enc.arithmetic = arithmetic.name
	if c.grundy {
		if err := grundyRoute.needs(enc); err != nil {
			return nil, fmt.Sprintf("%s: %v", grundyRoute.name, err), nil
		}
	}
	return enc, "", nil
}

// prepare asks what the conditions rest on before they are asked, each
// route's prepare step in the registry's order: that the region holds
// positions and no move leaves it (regionRoute), which symmetries the
// queries may break (symmetryRoute), and the candidate moves learned for
// (II) (candidateMovesRoute). It returns the encoding the conditions are
// asked with, or the outcome when a step stops the proof.
func prepare(ctx context.Context, enc *encoding, opts Options, r *Result) (*encoding, *outcome, error) {
	if opts.SMTOut != "" {
		if err := os.MkdirAll(opts.SMTOut, 0o755); err != nil {
			return nil, nil, fmt.Errorf("--smt-out: %w", err)
		}
	}
	for _, rt := range registry {
		if rt.prepare == nil {
			continue
		}
		next, stop, err := rt.prepare(ctx, enc, rt, opts, r)
		if err != nil || stop != nil {
			return nil, stop, err
		}
		enc = next
	}
	return enc, nil, nil
}

// conditionQueries builds the queries of the claim's conditions and
// applies each route's rewrite to them, in the registry's order.
func conditionQueries(enc *encoding) []query {
	queries := enc.conditions()
	for _, rt := range registry {
		if rt.rewrite != nil {
			queries = rt.rewrite(enc, rt, queries)
		}
	}
	return queries
}

// first reports whether the route's decide step is asked before the
// conditions' queries.
func (rt *route) first(opts Options) bool { return rt.askFirst != nil && rt.askFirst(opts) }

// String is the route's name, or "" for no route (a query asked over every
// option), as Condition.Via says it.
func (rt *route) String() string {
	if rt == nil {
		return ""
	}
	return rt.name
}

// coveringRoute is the first route of the registry with a kind of proof
// of its own that decided every condition (their Via is its name), or nil.
func coveringRoute(conditions []Condition) *route {
	if len(conditions) == 0 {
		return nil
	}
	for _, rt := range registry {
		if rt.kind == proof.NoKind || rt == &linearRoute || rt == &bitVectorRoute {
			continue
		}
		if !slices.ContainsFunc(conditions, func(c Condition) bool { return c.Via != rt.name }) {
			return rt
		}
	}
	return nil
}

// The route names.
const (
	routeNameLinear      = "linear integer arithmetic"
	routeNameBitVectors  = "bit-vectors"
	routeNameFinite      = "finitely many options"
	routeNameSymmetry    = "symmetry breaking"
	routeNameCases       = "case split"
	routeNameRegion      = "region"
	routeNameReduction   = "reduction by invariances"
	routeNameEquivalence = "equivalence with a proved claim"
	routeNameSlowOptions = "sorted options of a slow game"
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
var linearRoute = route{name: routeNameLinear, kind: proof.Presburger, rewrite: func(enc *encoding, _ *route, queries []query) []query {
	return enc.withTactics(queries)
}, needs: func(enc *encoding) error {
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
var bitVectorRoute = route{name: routeNameBitVectors, kind: proof.BitVector, needs: func(enc *encoding) error {
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
