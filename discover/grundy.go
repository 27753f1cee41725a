package discover

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/internal/parallel"
	"github.com/nimlab/nimlab/prove"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
)

// Formulas of the Sprague–Grundy value (Grundy): a list of families of
// formulas, from the simplest, each fitted on the engine's Grundy values of
// a box and the first exact one verified on a larger box, as printed.

// GrundyResult is what Grundy found.
type GrundyResult struct {
	Game string `json:"game"`
	// Max is the height learned from, VerifiedMax the height checked.
	Max         int `json:"max"`
	VerifiedMax int `json:"verified_max"`
	// Expr is the formula in check's language (nimlab prove --grundy).
	Expr string `json:"expr"`
	// Method names its family.
	Method string `json:"method"`
	// Exact is true when Expr equals the engine's Grundy value at every
	// position of the box of height VerifiedMax (of the region, when there
	// is one).
	Exact bool `json:"exact"`
	// LearnedExact is true when Expr equals the engine's Grundy value at
	// every position of the box of height Max it was learned on (of the
	// region, when there is one), as Result.LearnedExact.
	LearnedExact bool `json:"learned_exact"`
	// Positions counts the positions compared, Agreeing those where Expr
	// equals the engine's value.
	Positions int64 `json:"positions"`
	Agreeing  int64 `json:"agreeing"`
	// Counterexamples are the smallest positions (by total) where they
	// differ.
	Counterexamples []game.Position `json:"counterexamples"`
	// Moves are the candidate moves the proof was given (they may name v,
	// the value to reach), each the option's piles.
	Moves [][]string `json:"moves,omitempty"`
	// Where is the region of Options.Where.
	Where string `json:"where,omitempty"`
	// Proof is the result of proving Expr (prove.Options.Grundy), when
	// Options.Prove asked for it and Expr is exact; nil otherwise.
	Proof *prove.Result `json:"proof,omitempty"`
}

// grundyFormula is a candidate formula and the moves that reach any smaller
// value, when the family has them.
type grundyFormula struct {
	method string
	expr   string
	moves  [][]string
}

// maxGrundyModulus bounds the moduli of the "mod m" families.
const maxGrundyModulus = 8

// grundyFormulas lists the candidates over the piles named names, from the
// simplest; all are the names of every pile of the game, which the
// candidate moves give.
func grundyFormulas(names, all []string) []grundyFormula {
	n := len(names)
	list := strings.Join(names, ", ")
	sum := strings.Join(names, " + ")
	var out []grundyFormula
	add := func(method, expr string, moves [][]string) {
		out = append(out, grundyFormula{method: method, expr: expr, moves: moves})
	}
	nimSum := "xor(" + list + ")"
	if n == 1 {
		nimSum = names[0]
	}
	add("the nim-sum of the piles", nimSum, blockMoves(names, all, singletons(n)))
	add("the sum of the piles", sum, nil)
	add("the least pile", "min("+list+")", nil)
	for k := 2; k < n; k++ {
		add(fmt.Sprintf("the longest play of Exact Slow %d-Nim (slowmoves)", k), fmt.Sprintf("slowmoves(%d, %s)", k, list), nil)
	}
	for m := 2; m <= maxGrundyModulus; m++ {
		add(fmt.Sprintf("the sum of the piles mod %d", m), fmt.Sprintf("(%s) %% %d", sum, m), nil)
	}
	for k := 2; k < n; k++ {
		for m := 2; m <= maxGrundyModulus; m++ {
			add(fmt.Sprintf("the longest play of Exact Slow %d-Nim mod %d", k, m), fmt.Sprintf("slowmoves(%d, %s) %% %d", k, list, m), nil)
		}
	}
	if n <= maxPartitionPiles {
		// Finer groupings first: the groups of the game's own parts.
		blockings := partitions(n)
		slices.SortStableFunc(blockings, func(x, y [][]int) int { return len(y) - len(x) })
		for _, blocks := range blockings {
			if len(blocks) == 1 || len(blocks) == n {
				continue // the sum, the nim-sum
			}
			var terms []string
			for _, b := range blocks {
				terms = append(terms, blockSum(names, b))
			}
			add("the nim-sum of the sums of groups of piles", "xor("+strings.Join(terms, ", ")+")", blockMoves(names, all, blocks))
		}
	}
	return out
}

// activePiles names the piles that are not empty at some position of t's
// box in the region: a formula about the region need not name the others
// (with "a == 0", a).
func activePiles(t *table.Table, names []string, where *check.Expr) []string {
	if where == nil {
		return names
	}
	inR := where.Evaluator()
	used := make([]bool, len(names))
	p := make(game.Position, len(names))
	for idx := range t.Box.Positions() {
		t.Box.Position(idx, p)
		if !inR(p) {
			continue
		}
		for i, x := range p {
			used[i] = used[i] || x > 0
		}
	}
	var out []string
	for i, u := range used {
		if u {
			out = append(out, names[i])
		}
	}
	if len(out) == 0 {
		return names[:1] // every position of the region is terminal: any formula of one pile
	}
	return out
}

// maxPartitionPiles bounds the piles whose partitions into groups are
// tried (877 for 7).
const maxPartitionPiles = 7

func singletons(n int) [][]int {
	out := make([][]int, n)
	for i := range out {
		out[i] = []int{i}
	}
	return out
}

// partitions lists the partitions of 0..n-1 into blocks, each block
// increasing.
func partitions(n int) [][][]int {
	var out [][][]int
	var grow func(i int, blocks [][]int)
	grow = func(i int, blocks [][]int) {
		if i == n {
			c := make([][]int, len(blocks))
			for k, b := range blocks {
				c[k] = slices.Clone(b)
			}
			out = append(out, c)
			return
		}
		for k := range blocks {
			blocks[k] = append(blocks[k], i)
			grow(i+1, blocks)
			blocks[k] = blocks[k][:len(blocks[k])-1]
		}
		grow(i+1, append(blocks, []int{i}))
	}
	grow(0, nil)
	return out
}

func blockSum(names []string, block []int) string {
	var terms []string
	for _, i := range block {
		terms = append(terms, names[i])
	}
	if len(terms) == 1 {
		return terms[0]
	}
	return "(" + strings.Join(terms, " + ") + ")"
}

// blockMoves are the candidate moves of a nim-sum of block sums: for each
// block, its sum is lowered to t = (the nim-sum of the other blocks' sums) ^
// v, the first piles of the block kept as large as they can be (each the
// least of itself and what is left of t). It is a legal move when the game
// lets the block's piles be lowered together and t is below the block's
// sum, as it is for some block when v is below the nim-sum (Bouton).
func blockMoves(names, all []string, blocks [][]int) [][]string {
	var moves [][]string
	for k, b := range blocks {
		var others []string
		for j, o := range blocks {
			if j != k {
				others = append(others, blockSum(names, o))
			}
		}
		t := "v"
		if len(others) > 0 {
			t = "(xor(" + strings.Join(others, ", ") + ") ^ v)"
		}
		move := slices.Clone(all)
		at := func(i int) int { return slices.Index(all, names[i]) }
		left := t // what is left of t for the piles after
		for idx, i := range b {
			if idx == len(b)-1 {
				move[at(i)] = left
				break
			}
			move[at(i)] = "min(" + names[i] + ", " + left + ")"
			left = "(" + left + " - " + move[at(i)] + ")"
		}
		moves = append(moves, move)
	}
	return moves
}

// Grundy proposes a formula of the Sprague–Grundy value of g learned on the
// box of height opts.Max (the positions of opts.Where in it, when given),
// and verifies it on a larger box; with opts.Prove it proves an exact one
// for every position (a region theorem with opts.Where). Misère play is
// refused: its tables hold misère Grundy values, which the formulas and
// the proofs are not about.
func Grundy(ctx context.Context, g *game.Game, opts Options) (*GrundyResult, error) {
	n := g.Piles()
	if g.Misere {
		return nil, errors.New("Sprague–Grundy formulas are for normal play; " + g.Spec + " is misère")
	}
	if n > 26 {
		return nil, fmt.Errorf("%s has %d piles; discover names them a..z, at most 26", g.Spec, n)
	}
	box := table.Uniform(n, opts.Max)
	if err := box.Check(); err != nil || box.Positions() > maxLearnPositions {
		return nil, boxTooLarge("learning", n, opts.Max, maxLearnPositions, "--max", 0)
	}
	if opts.Where != nil {
		if err := nonEmptyOnBox(ctx, n, opts.Where, opts.Max); err != nil {
			return nil, err
		}
		if err := closedOnBox(ctx, g, opts.Where, min(opts.Max, 2)); err != nil {
			return nil, err
		}
	}
	t, err := solve.Gated(ctx, opts.Gate, g, box, solve.Options{Workers: opts.Workers, Grundy: true})
	if err != nil {
		return nil, err
	}
	var best *grundyFormula
	bestMiss := int64(-1)
	all := pileNames(n)
	for _, f := range grundyFormulas(activePiles(t, all, opts.Where), all) {
		e, err := check.Compile(f.expr, n, nil)
		if err != nil {
			return nil, fmt.Errorf("the formula %s does not compile (please report this): %w", f.expr, err)
		}
		miss, _, err := compareGrundy(ctx, t, e, opts.Where, bestMiss, 0)
		if err != nil {
			return nil, err
		}
		if bestMiss < 0 || miss < bestMiss {
			best, bestMiss = &f, miss
		}
		if miss == 0 {
			break
		}
	}
	return verifyGrundy(ctx, g, best, bestMiss == 0, opts)
}

// verifyGrundy checks the formula, as printed, on the verification box,
// and proves it when asked and exact there.
func verifyGrundy(ctx context.Context, g *game.Game, f *grundyFormula, exactOnBox bool, opts Options) (*GrundyResult, error) {
	n := g.Piles()
	vmax := opts.VerifyMax
	switch {
	case vmax == 0 && !exactOnBox:
		vmax = opts.Max
	case vmax == 0:
		vmax = opts.Max + max(2, opts.Max/2)
		for vmax > opts.Max+1 && table.Uniform(n, vmax).Positions() > maxVerifyPositions {
			vmax--
		}
	case vmax < opts.Max:
		return nil, fmt.Errorf("--verify-max %d is below --max %d", vmax, opts.Max)
	}
	vbox := table.Uniform(n, vmax)
	if err := vbox.Check(); err != nil || vbox.Positions() > maxVerifyAsked {
		return nil, boxTooLarge("verifying", n, vmax, maxVerifyAsked, "--verify-max", 0)
	}
	vt, err := solve.Gated(ctx, opts.Gate, g, vbox, solve.Options{Workers: opts.Workers, Grundy: true})
	if err != nil {
		return nil, err
	}
	e, err := check.Compile(f.expr, n, func() (*complex.Group, error) { return g.Symmetries(ctx) })
	if err != nil {
		return nil, err
	}
	examples := opts.Examples
	if examples <= 0 {
		examples = 5
	}
	miss, ces, err := compareGrundy(ctx, vt, e, opts.Where, -1, examples)
	if err != nil {
		return nil, err
	}
	compared := vbox.Positions()
	if opts.Where != nil {
		compared = 0
		inR := opts.Where.Evaluator()
		p := make(game.Position, n)
		for idx := range vbox.Positions() {
			vbox.Position(idx, p)
			if inR(p) {
				compared++
			}
		}
	}
	r := &GrundyResult{Game: g.Spec, Max: opts.Max, VerifiedMax: vmax, Expr: f.expr, Method: f.method, Exact: miss == 0,
		LearnedExact: exactOnBox || miss == 0, Positions: compared, Agreeing: compared - miss, Counterexamples: ces, Moves: f.moves}
	if r.Counterexamples == nil {
		r.Counterexamples = []game.Position{}
	}
	if opts.Where != nil {
		r.Where = opts.Where.String()
	}
	if opts.Prove != nil && r.Exact {
		popts := proveOptions(opts)
		popts.Grundy, popts.Where = true, opts.Where
		popts.Moves = append(slices.Clone(popts.Moves), f.moves...)
		if r.Proof, err = prove.Prove(ctx, g, e, popts); err != nil {
			return nil, err
		}
	}
	if r.Proof == nil {
		r.Moves = nil // given to no proof
	}
	return r, nil
}

// compareGrundy counts the positions of t's box (of the region, when where
// is not nil) where e's value is not the engine's Grundy value. It stops
// once the count passes limit (limit < 0: never); with examples > 0 it
// keeps that many of the smallest such positions (by total).
func compareGrundy(ctx context.Context, t *table.Table, e *check.Expr, where *check.Expr, limit int64, examples int) (int64, []game.Position, error) {
	var miss atomic.Int64
	var mu sync.Mutex
	var kept []game.Position
	box := t.Box
	err := parallel.Chunks(ctx, box.Positions(), 1<<14, 0, func(from, to int64) error {
		p := make(game.Position, len(box))
		value := e.IntEvaluator()
		inR := func(game.Position) bool { return true }
		if where != nil {
			inR = where.Evaluator()
		}
		var m int64
		for idx := from; idx < to; idx++ {
			box.Position(idx, p)
			if !inR(p) {
				continue
			}
			if v, ok := value(p); ok && v == int(t.GrundyOf(p)) {
				continue
			}
			m++
			if examples > 0 {
				mu.Lock()
				kept = keepSmallest(kept, slices.Clone(p), examples)
				mu.Unlock()
			}
			if limit >= 0 && miss.Load()+m > limit {
				break
			}
		}
		if total := miss.Add(m); limit >= 0 && total > limit {
			return errOverLimit
		}
		return ctx.Err()
	})
	if errors.Is(err, errOverLimit) {
		err = nil
	}
	return miss.Load(), kept, err
}

// keepSmallest adds p to the positions kept, keeping the k smallest by
// total (then by the piles), in order.
func keepSmallest(kept []game.Position, p game.Position, k int) []game.Position {
	total := func(q game.Position) int {
		s := 0
		for _, x := range q {
			s += x
		}
		return s
	}
	less := func(a, b game.Position) int {
		if d := total(a) - total(b); d != 0 {
			return d
		}
		return slices.Compare(a, b)
	}
	at, _ := slices.BinarySearchFunc(kept, p, less)
	kept = slices.Insert(kept, at, p)
	if len(kept) > k {
		kept = kept[:k]
	}
	return kept
}
