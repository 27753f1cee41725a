package prove

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strconv"

	"github.com/expr-lang/expr/ast"
	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
)

// The claim is what a proof is asked of, made once before any query and
// read by every route: the game and its move relation, the expression (the
// set S, or the value g), the region R and the candidate moves, compiled,
// and the arithmetic the queries are written in, with S, g and R
// translated once in it (translated.go). Nothing changes it after
// newClaim; what a query changes (its nim-sums, the symmetry class p is
// restricted to) is the encoding's (encoding.go).

// maxMoveSets bounds the disjuncts of the encoded move relation.
const maxMoveSets = 4096

var errUnsupportedGame = errors.New("the game's moves cannot be encoded")

// errCandidateMove marks a candidate move the proof's arithmetic cannot
// write.
var errCandidateMove = errors.New("candidate move")

// Claim is a claim to prove about a game, compiled and encoded once
// (NewClaim): that the positions an expression accepts are the
// P-positions, or (Sources.Grundy) that its value is the Sprague–Grundy
// value, in a region when one is given, with candidate winning moves.
type Claim struct {
	g *game.Game
	e *check.Expr
	n int
	// grundy is true when e is claimed to be the Sprague–Grundy value of
	// every position (grundy.go); where, when not nil, is the region p is
	// restricted to (region.go).
	grundy bool
	where  *check.Expr
	// zeros, in a region, are the piles R's conjuncts say are empty
	// ("a == 0 && ..."): S (and g) are translated with those piles
	// written as the constant 0, and folded (regionZeros).
	zeros []bool
	// moveExprs are the candidate winning moves, each pile an expression
	// over p, compiled.
	moveExprs [][]*check.Expr
	// sets are the move sets of the move relation (encoding.go writes
	// it). take is true when they are the facets of a complex whose faces
	// may all be played (the take games, and the slow rule on faces when
	// slow is true).
	sets       []complex.Set
	take, slow bool
	// amounts describes each move set's rule, when take is false.
	amounts [][]game.Amounts
	// a is the arithmetic the queries are written in.
	a arith
	// inSOnce, valueOnce and inROnce are S, the value g and R translated
	// once in the arithmetic a (translated.go): nil in the nim-sum's.
	inSOnce, valueOnce, inROnce *translated
	// unencodable, when not nil, is why the claim cannot be written in
	// any arithmetic (an *UnencodableError, errUnsupportedGame) or a
	// candidate move not in the expression's (errCandidateMove): plan
	// reads it.
	unencodable error
}

// Sources are the texts of a claim, as a request gives them.
type Sources struct {
	// Expr is the expression: the set of P-positions, or with Grundy the
	// Sprague–Grundy value.
	Expr   string
	Grundy bool
	// Where, when not empty, is the region (Options.Where).
	Where string
	// Moves are the candidate winning moves (Options.Moves).
	Moves [][]string
}

// MoveError is a candidate move that does not compile: pile Pile (from 0)
// of move Move (from 0).
type MoveError struct {
	Move, Pile int
	Err        error
}

func (e *MoveError) Error() string { return "candidate move: " + e.Err.Error() }

// Unwrap is the compiler's error.
func (e *MoveError) Unwrap() error { return e.Err }

// ExprError is a claim's expression that does not compile, or that is a
// number where the claim is a set of positions.
type ExprError struct{ Err error }

func (e *ExprError) Error() string { return e.Err.Error() }

// Unwrap is the compiler's error.
func (e *ExprError) Unwrap() error { return e.Err }

// WhereError is a region that does not compile.
type WhereError struct{ Err error }

func (e *WhereError) Error() string { return "--where: " + e.Err.Error() }

// Unwrap is the compiler's error.
func (e *WhereError) Unwrap() error { return e.Err }

// NewClaim compiles the sources of a claim about g, in one place: the
// candidate moves (a *MoveError), the expression (an *ExprError), and the
// region (a *WhereError); then it encodes the claim.
func NewClaim(ctx context.Context, g *game.Game, s Sources) (*Claim, error) {
	moves, err := compileMoves(g, s.Moves, s.Grundy)
	if err != nil {
		return nil, err
	}
	symmetries := func() (*complex.Group, error) { return g.Symmetries(ctx) }
	compile := check.CompileCondition // the claim is a set of positions
	if s.Grundy {
		compile = check.Compile // a value
	}
	e, err := compile(s.Expr, g.Piles(), symmetries)
	if err != nil {
		return nil, &ExprError{Err: err}
	}
	var where *check.Expr
	if s.Where != "" {
		if where, err = check.CompileCondition(s.Where, g.Piles(), symmetries); err != nil {
			return nil, &WhereError{Err: err}
		}
	}
	c := newClaim(g, e, moves, s.Grundy, where)
	return c, nil
}

// compileMoves compiles candidate moves, each a position whose piles are
// expressions over p's (and over v, the value (G2) asks the move to reach,
// in a Sprague–Grundy proof).
func compileMoves(g *game.Game, moves [][]string, grundy bool) ([][]*check.Expr, error) {
	n := g.Piles()
	var vars []string
	if grundy {
		vars = []string{"v"}
	}
	var out [][]*check.Expr
	for k, m := range moves {
		if len(m) != n {
			return nil, fmt.Errorf("a candidate move gives %d piles; %s has %d", len(m), g.Spec, n)
		}
		var exprs []*check.Expr
		for i, src := range m {
			x, err := check.CompileWith(src, n, vars, nil)
			if err != nil {
				return nil, &MoveError{Move: k, Pile: i, Err: err}
			}
			exprs = append(exprs, x)
		}
		out = append(out, exprs)
	}
	return out, nil
}

// newClaim makes the claim that e is the set of P-positions of g (grundy:
// its Sprague–Grundy value), in the region where when not nil, with the
// candidate moves, and encodes it; what cannot be encoded is unencodable.
func newClaim(g *game.Game, e *check.Expr, moves [][]*check.Expr, grundy bool, where *check.Expr) *Claim {
	n := g.Piles()
	c := &Claim{g: g, e: e, n: n, grundy: grundy, where: where, moveExprs: moves, zeros: regionZeros(where, n)}
	c.unencodable = c.encode()
	return c
}

// encode reads the claim's move relation, chooses its arithmetic and
// translates S, g and R once in it: the error is why it cannot be encoded.
func (c *Claim) encode() error {
	var err error
	if c.sets, c.take, c.slow, c.amounts, err = moveRelation(c.g); err != nil {
		return err
	}
	// Translate once to find what cannot be encoded, and in which
	// arithmetic, before any query runs.
	if err := c.chooseArithmetic(); err != nil {
		return err
	}
	c.translateOnce()
	return nil
}

// moveRelation reads g's move relation: the facets of its complex when
// every face may be played (take, and slow for the slow rule), and
// otherwise its move sets with each one's rule as linear amounts.
func moveRelation(g *game.Game) (sets []complex.Set, take, slow bool, amounts [][]game.Amounts, err error) {
	r, equal := g.Rule().(game.EqualAmountRule)
	slow = equal && r.EqualAmount() == 1
	switch {
	case g.TakeOnFaces() || slow && g.OnFaces():
		// A move on a face is a move on a facet that leaves some piles be.
		sets, take = g.Complex.Facets(), true
	default:
		slow = false
		if sets, err = g.MoveSets(); err != nil {
			return nil, false, false, nil, fmt.Errorf("%w: %w", errUnsupportedGame, err)
		}
		if len(sets) > maxMoveSets {
			break // refused below, before any description is made
		}
		for _, s := range sets {
			a, ok := g.LinearAmounts(s.Vertices())
			if !ok {
				return nil, false, false, nil, fmt.Errorf("%w: the %s rule has no linear description", errUnsupportedGame, g.Rule().Name())
			}
			amounts = append(amounts, a)
		}
	}
	if len(sets) > maxMoveSets {
		return nil, false, false, nil, fmt.Errorf("%w: %s has %d move sets; at most %d are encoded", errUnsupportedGame, g.Spec, len(sets), maxMoveSets)
	}
	return sets, take, slow, amounts, nil
}

// chooseArithmetic picks linear integer arithmetic when the expression has
// a meaning there, and otherwise bit-vectors wide enough for every term of
// it and of the candidate moves, and for the sums of every pile. A
// candidate move that cannot be written in the arithmetic chosen is an
// error: it only narrows the search, and a proof should not turn on it.
func (c *Claim) chooseArithmetic() error {
	e, n := c.e, c.n
	widestOf := func(a arith) (*big.Int, error) {
		widest, err := c.translateClaims(a)
		if err != nil {
			return nil, err
		}
		for k, exprs := range c.moveExprs {
			for i, x := range exprs {
				_, w, err := translateValue(x, pileVar("p"), a)
				if err != nil {
					why := err.Error()
					if !a.bv() {
						why += " (the expression is linear, so the moves must be too)"
					}
					return nil, fmt.Errorf("%w %d, pile %d: %s", errCandidateMove, k+1, i+1, why)
				}
				if w.Cmp(widest) > 0 {
					widest = w
				}
			}
		}
		return widest, nil
	}
	if _, err := c.translateClaims(arith{}); errors.Is(err, errNeedsBits) {
		// Bit-vectors wide enough for every term and for the sums of
		// every pile of a move set.
		widest, err := widestOf(arith{width: 1})
		if err != nil {
			return err
		}
		sums := new(big.Int).Mul(maxPile, big.NewInt(int64(n+1)))
		if sums.Cmp(widest) > 0 {
			widest = sums
		}
		c.a = arith{width: bitsFor(widest)}
		if c.a.width > maxWidth {
			return &UnencodableError{Operator: e.String(), Where: e.String(), Why: fmt.Sprintf("its values need %d bits; at most %d are encoded", c.a.width, maxWidth)}
		}
		return nil
	}
	_, err := widestOf(arith{})
	return err
}

// translateClaims translates the expression (as a value in a
// Sprague–Grundy proof) and the region in the arithmetic a, and returns the
// largest bound of their terms: the first error when one of them cannot be
// written in it.
func (c *Claim) translateClaims(a arith) (*big.Int, error) {
	var widest *big.Int
	var err error
	// The expression as written, not with a region's zeros folded: the
	// arithmetic it needs is the one its candidate moves were written
	// for (xor moves beside an xor the zeros fold away), and folding only
	// drops terms, so its bounds hold for the folded one too.
	if c.grundy {
		_, widest, err = translateValue(c.e, pileVar("p"), a)
	} else {
		_, widest, err = translateExpr(c.e, pileVar("p"), a)
	}
	if err != nil || c.where == nil {
		return widest, err
	}
	_, w, err := translateExpr(c.where, pileVar("p"), a)
	if err != nil {
		return nil, fmt.Errorf("--where: %w", err)
	}
	if w.Cmp(widest) > 0 {
		widest = w
	}
	return widest, nil
}

func pileVar(prefix string) func(i int) string {
	return func(i int) string { return prefix + strconv.Itoa(i) }
}

// translateOnce translates S (or the value g) and R in the arithmetic
// chosen, for inS, value and inR to fill in.
func (c *Claim) translateOnce() {
	once := func(translate func(func(int) string, arith) (string, *big.Int, error)) *translated {
		return translateOnce(func(pile func(i int) string) (string, error) {
			s, _, err := translate(pile, c.a)
			return s, err
		}, c.a)
	}
	c.inSOnce = once(c.translateS)
	if c.grundy {
		c.valueOnce = once(c.translateG)
	}
	if c.where != nil {
		c.inROnce = once(func(pile func(int) string, a arith) (string, *big.Int, error) {
			return translateExpr(c.where, pile, a)
		})
	}
}

// translateS translates S at the piles pile(i) in the arithmetic a, the
// piles of zeros written as 0.
func (c *Claim) translateS(pile func(i int) string, a arith) (string, *big.Int, error) {
	return translate(c.e, pile, c.isZero(), a, translator.asBool)
}

// translateG translates the value g as translateS does S.
func (c *Claim) translateG(pile func(i int) string, a arith) (string, *big.Int, error) {
	return translate(c.e, pile, c.isZero(), a, translator.asInt)
}

// isZero reports the piles of zeros (nil when there are none).
func (c *Claim) isZero() func(i int) bool {
	if !slices.Contains(c.zeros, true) {
		return nil
	}
	return func(i int) bool { return c.zeros[i] }
}

// regionZeros are the piles a region's top-level conjuncts say are empty,
// "a == 0" or "0 == a" (nil for no region, or none).
//
// Soundness of writing them as 0. A region theorem is a claim about S ∩ R
// only: its conditions read S at positions of R and at their options,
// which are in R too (closure is proved before any condition is asked,
// and the proof stops without it). Every such position has those piles
// empty, so S' = S with them substituted is S there, and each condition
// about S' is the same condition about S. A query that reads S elsewhere
// (the symmetries' invariance, asked over every position) is about S',
// and what it lets the others assume (p canonical) is then argued for S',
// the same set on R. Every translated query reads S', never S, so they
// prove the region theorem for S', which is the one for S. A route that
// reads the expression's text instead (the digit route's induction)
// proves its condition for S at every position, R or not, so for S' on
// R too. The piles are found in R's text, conjuncts only: "a == 0 || b
// == 0" or "let x = 0; a == x" give none.
func regionZeros(where *check.Expr, n int) []bool {
	if where == nil {
		return nil
	}
	var zeros []bool
	var walk func(ast.Node)
	walk = func(node ast.Node) {
		b, ok := node.(*ast.BinaryNode)
		switch {
		case !ok:
		case b.Operator == "&&" || b.Operator == "and":
			walk(b.Left)
			walk(b.Right)
		case b.Operator == "==":
			id, ok1 := b.Left.(*ast.IdentifierNode)
			c, ok2 := b.Right.(*ast.IntegerNode)
			if !ok1 {
				id, ok1 = b.Right.(*ast.IdentifierNode)
				c, ok2 = b.Left.(*ast.IntegerNode)
			}
			if !ok1 || !ok2 || c.Value != 0 {
				return
			}
			i, err := where.PileIndex(id.Value)
			if err != nil {
				return
			}
			if zeros == nil {
				zeros = make([]bool, n)
			}
			zeros[i] = true
		}
	}
	walk(where.Tree())
	return zeros
}
