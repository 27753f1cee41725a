// Package table holds the result of solving a game on a box of positions: the
// outcome of every position and, on request, its Grundy value and remoteness;
// it counts and lists P-positions, groups them into symmetry classes, and
// saves and loads tables.
//
// For the take games the P-positions are stored as a partial function, one
// entry per line: a line is the set of positions that agree on piles 1..n-1,
// and since reducing one pile is always a legal move, at most one position of
// a line is a P-position (see docs/how-it-works.md, "The fast engine"). Other
// games (the slow rule, compounds) store one bit per position.
//
// A table of a game whose piles can be permuted freely may be sorted: it
// stores only the positions with non-decreasing piles, n! fewer, and answers
// for any order of the piles (Sorting).
package table

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/internal/parallel"
)

// Box is the set of positions whose pile i holds 0..Box[i] tokens.
type Box []int

// Uniform returns the box of n piles with at most h tokens each.
func Uniform(n, h int) Box {
	b := make(Box, n)
	for i := range b {
		b[i] = h
	}
	return b
}

// BoxOf returns the smallest box holding p: every option of p lies in it.
func BoxOf(p game.Position) Box { return Box(append([]int(nil), p...)) }

// MaxPositions bounds the size of a box; larger boxes are rejected.
const MaxPositions = 1 << 50

// MaxLine is the largest pile 0 may reach (line values are stored in 16 bits).
const MaxLine = math.MaxUint16 - 1

// Check reports whether the box is usable: non-negative maxima, pile 0 within
// MaxLine, at most MaxPositions positions.
func (b Box) Check() error {
	if len(b) == 0 {
		return errors.New("empty box")
	}
	var total uint64 = 1
	for i, h := range b {
		if h < 0 {
			return fmt.Errorf("pile %d has a negative maximum %d", i+1, h)
		}
		hi, lo := bits.Mul64(total, uint64(h)+1)
		if hi != 0 || lo > MaxPositions {
			return fmt.Errorf("the box has more than 2^50 positions: %w", complex.ErrTooLarge)
		}
		total = lo
	}
	if b[0] > MaxLine {
		return fmt.Errorf("pile 1 may hold at most %d tokens in a table, not %d", MaxLine, b[0])
	}
	return nil
}

// Positions is the number of positions in the box.
func (b Box) Positions() int64 {
	n := int64(1)
	for _, h := range b {
		n *= int64(h) + 1
	}
	return n
}

// Lines is the number of lines: Positions divided by Box[0]+1.
func (b Box) Lines() int64 { return b.Positions() / int64(b[0]+1) }

// Contains reports whether p lies in the box.
func (b Box) Contains(p game.Position) bool {
	if len(p) != len(b) {
		return false
	}
	for i, v := range p {
		if v < 0 || v > b[i] {
			return false
		}
	}
	return true
}

// Index returns the index of p in the box: pile 0 varies fastest.
func (b Box) Index(p game.Position) int64 {
	idx := int64(0)
	for i := len(b) - 1; i >= 0; i-- {
		idx = idx*int64(b[i]+1) + int64(p[i])
	}
	return idx
}

// Strides returns, for each pile i, how much the index grows when pile i
// gains one token.
func (b Box) Strides() []int64 {
	stride := make([]int64, len(b))
	s := int64(1)
	for i, h := range b {
		stride[i] = s
		s *= int64(h) + 1
	}
	return stride
}

// Position writes the position of index idx into p.
func (b Box) Position(idx int64, p game.Position) {
	for i, h := range b {
		p[i] = int(idx % int64(h+1))
		idx /= int64(h + 1)
	}
}

// Next moves p to the position of the next index of the box, pile 0
// varying fastest, as Position(Index(p)+1) would without a division per
// pile; it reports false, p back at the empty position, after the last.
func (b Box) Next(p game.Position) bool {
	for i, h := range b {
		if p[i] < h {
			p[i]++
			return true
		}
		p[i] = 0
	}
	return false
}

// CheckGame reports whether t is a table of g: the same game (the canonical
// spec) with as many piles.
func (t *Table) CheckGame(g *game.Game) error {
	if t.Spec != g.Spec {
		return fmt.Errorf("this is a table of %s, not of %s", t.Spec, g.Spec)
	}
	if len(t.Box) != g.Piles() {
		return fmt.Errorf("the table has %d piles, but %s has %d", len(t.Box), g.Spec, g.Piles())
	}
	return nil
}

// CheckContents reports whether t holds Grundy values and remoteness where
// they are asked for.
func (t *Table) CheckContents(grundy, remoteness bool) error {
	switch {
	case grundy && t.Grundy == nil:
		return errors.New("the table holds no Grundy values (solve it with --grundy --out)")
	case remoteness && t.Remoteness == nil:
		return errors.New("the table holds no remoteness (solve it with --remoteness --out)")
	}
	return nil
}

// CheckPosition reports whether p lies in the box of t, with an error that
// says how large a table p needs.
func (t *Table) CheckPosition(p game.Position) error {
	if len(p) != len(t.Box) {
		return fmt.Errorf("position %v has %d piles, the table %d", p, len(p), len(t.Box))
	}
	if !t.Box.Contains(p) {
		return fmt.Errorf("position %v lies outside the table's box %v: solve a table with --max %d or more", p, t.Box, slices.Max(p))
	}
	return nil
}

// MaxGrundy is the largest Grundy value a table stores (2 bytes a state;
// one byte up to MaxNarrowGrundy).
const MaxGrundy = math.MaxUint16 - 1

// NoP marks a line without a P-position.
const NoP = math.MaxUint16

// Table is a solved box of a game.
//
// Its states are the positions of the box, numbered by Box.Index, or for a
// sorted table the sorted positions, numbered by Sorting.Rank.
type Table struct {
	// Spec names the game, as game.Parse reads it.
	Spec string
	// Box is the set of positions solved.
	Box Box
	// Sorted is true when the states are the sorted positions of a uniform
	// box; the game must be symmetric (game.Game.Symmetric).
	Sorted bool
	// PLine holds, for each line, the pile-0 value of its P-position or NoP.
	// Line l holds the positions with index l*(Box[0]+1) + x. It is nil when
	// P holds the outcomes.
	PLine []uint16
	// P has bit s set when state s is a P-position; used when PLine is nil.
	P []uint64
	// Grundy holds the Grundy value of every state, or is nil when only
	// outcomes were computed. In misère play it holds the misère Grundy
	// values (a terminal position has value 1). A value is at most
	// GrundyBound of the box: every move takes a token, so it is at most the
	// number of tokens (one more in misère play); the engines refuse boxes
	// whose bound exceeds MaxGrundy, and a box whose bound is at most
	// MaxNarrowGrundy keeps its values in one byte a state.
	Grundy *GrundyValues
	// Remoteness holds Smith's remoteness of every state, or is nil (see
	// solve.Remoteness for the definition and the misère convention).
	Remoteness []uint16

	sorting     *Sorting
	sortingOnce sync.Once
}

// New allocates a table for spec on box, with room for Grundy values when
// grundy is true. Every line starts without a P-position.
func New(spec string, box Box, grundy bool) *Table {
	t, _ := NewContext(context.Background(), spec, box, grundy)
	return t
}

// fillChunk is how many lines NewContext fills between looks at its context.
const fillChunk = 1 << 22

// NewContext is New, stopping with ctx's error when ctx is done: filling
// the lines of a large box takes a good part of a second (CN(8,4) with
// piles up to 15: 2.7e8 lines), and a solve stops within a second.
func NewContext(ctx context.Context, spec string, box Box, grundy bool) (*Table, error) {
	t := &Table{Spec: spec, Box: box, PLine: make([]uint16, box.Lines())}
	for start := 0; start < len(t.PLine); start += fillChunk {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		chunk := t.PLine[start:min(start+fillChunk, len(t.PLine))]
		for i := range chunk {
			chunk[i] = NoP
		}
	}
	if grundy {
		t.Grundy = NewGrundyValues(box, box.Positions())
	}
	return t, nil
}

// NewStates allocates a table that stores outcomes as bits (PLine nil), with
// room for Grundy values and remoteness as asked. A sorted table needs a
// uniform box. No state starts as a P-position.
func NewStates(spec string, box Box, sorted, grundy, remoteness bool) (*Table, error) {
	t := &Table{Spec: spec, Box: box, Sorted: sorted}
	if sorted {
		for _, h := range box {
			if h != box[0] {
				return nil, fmt.Errorf("a sorted table needs the same maximum on every pile, not %v", box)
			}
		}
	}
	n := t.States()
	t.P = make([]uint64, (n+63)/64)
	if grundy {
		t.Grundy = NewGrundyValues(box, n)
	}
	if remoteness {
		t.Remoteness = make([]uint16, n)
	}
	return t, nil
}

// Sorting returns the numbering of the sorted positions of a sorted table,
// built on first use; it is safe for concurrent use.
func (t *Table) Sorting() *Sorting {
	t.sortingOnce.Do(func() {
		s, err := NewSorting(len(t.Box), t.Box[0])
		if err != nil {
			panic("table: sorted table of an invalid box: " + err.Error())
		}
		t.sorting = s
	})
	return t.sorting
}

// Bytes is the memory the table's values take: its lines, outcomes,
// Grundy values and remoteness.
func (t *Table) Bytes() int64 {
	n := int64(len(t.PLine))*2 + int64(len(t.P))*8 + int64(len(t.Remoteness))*2
	if t.Grundy != nil {
		n += t.Grundy.Len() * int64(t.Grundy.Width())
	}
	return n
}

// States is the number of states: positions, or sorted positions.
func (t *Table) States() int64 {
	if t.Sorted {
		return t.Sorting().Count()
	}
	return t.Box.Positions()
}

// State returns the state of p, which must lie in the box.
func (t *Table) State(p game.Position) int64 {
	if t.Sorted {
		return t.Sorting().RankOf(p)
	}
	return t.Box.Index(p)
}

// SetP marks state s as a P-position (tables without PLine).
func (t *Table) SetP(s int64) { t.P[s/64] |= 1 << uint(s%64) }

// IsP reports whether p, which must lie in the box, is a P-position.
func (t *Table) IsP(p game.Position) bool {
	if t.PLine == nil {
		return t.IsPState(t.State(p))
	}
	idx := t.Box.Index(p)
	w := int64(t.Box[0] + 1)
	return t.PLine[idx/w] == uint16(idx%w)
}

// IsPState reports whether state s is a P-position (tables without PLine).
func (t *Table) IsPState(s int64) bool { return t.P[s/64]>>uint(s%64)&1 == 1 }

// GrundyOf returns the Grundy value of p; the table must hold them.
func (t *Table) GrundyOf(p game.Position) uint32 { return t.Grundy.At(t.State(p)) }

// RemotenessOf returns the remoteness of p; the table must hold it.
func (t *Table) RemotenessOf(p game.Position) int { return int(t.Remoteness[t.State(p)]) }

// CountP returns the number of P-positions in the box (for a sorted table,
// every order of the piles counts).
func (t *Table) CountP() int64 {
	var n int64
	switch {
	case t.PLine != nil:
		for _, x := range t.PLine {
			if x != NoP {
				n++
			}
		}
	case t.Sorted: // every order of the piles, counted on every core
		var count atomic.Int64
		parallel.Chunks(context.Background(), t.States(), 1<<20, 0, func(from, to int64) error {
			var part int64
			for s, x := range t.StatesIn(from, to) {
				if t.IsPState(s) {
					part += Orbit(x)
				}
			}
			count.Add(part)
			return nil
		})
		n = count.Load()
	default:
		for _, w := range t.P {
			n += int64(bits.OnesCount64(w))
		}
	}
	return n
}

// SortedStates yields the states of a sorted table with their sorted
// positions, in order of rank. The yielded slice is reused.
func (t *Table) SortedStates() func(yield func(int64, game.Position) bool) {
	return func(yield func(int64, game.Position) bool) {
		x := make(game.Position, len(t.Box))
		s := t.Sorting()
		for r := int64(0); ; r++ {
			if !yield(r, x) || !s.Next(x) {
				return
			}
		}
	}
}

// StatesIn yields the states from..to-1 of t in order, with their
// positions: sorted positions for a sorted table (table.Sorting.Unrank, then
// Next), box positions otherwise. The yielded slice is reused.
func (t *Table) StatesIn(from, to int64) func(yield func(int64, game.Position) bool) {
	return func(yield func(int64, game.Position) bool) {
		if from >= to {
			return
		}
		x := make(game.Position, len(t.Box))
		if t.Sorted {
			t.Sorting().Unrank(from, x)
		} else {
			t.Box.Position(from, x)
		}
		for s := from; ; s++ {
			if !yield(s, x) || s+1 == to {
				return
			}
			if t.Sorted {
				t.Sorting().Next(x)
				continue
			}
			for i := range x { // the next position in index order
				if x[i] < t.Box[i] {
					x[i]++
					break
				}
				x[i] = 0
			}
		}
	}
}

// PPositions yields the P-positions of the box in index order (pile 0
// fastest), every order of the piles for a sorted table. The yielded slice
// is reused: copy it to keep it. It stops early when ctx is done (callers
// that must tell check ctx.Err() afterwards): a sorted table looks at every
// position of the box between P-positions.
func (t *Table) PPositions(ctx context.Context) func(yield func(game.Position) bool) {
	return func(yield func(game.Position) bool) { t.pPositionsIn(ctx, 0, t.Box.Positions(), yield) }
}

// pPositionsIn is PPositions on the box indices [from, to), from a
// multiple of 64 times the line width; it returns false when yield did.
func (t *Table) pPositionsIn(ctx context.Context, from, to int64, yield func(game.Position) bool) bool {
	n := len(t.Box)
	p := make(game.Position, n)
	width := int64(t.Box[0] + 1)
	switch {
	case t.Sorted:
		for idx := from; idx < to; idx++ {
			if idx%(1<<16) == 0 && ctx.Err() != nil {
				return true
			}
			t.Box.Position(idx, p)
			if t.IsP(p) && !yield(p) {
				return false
			}
		}
	case t.PLine == nil: // one bit per position, in index order
		for k := from / 64; k < (to+63)/64; k++ {
			if k%(1<<12) == 0 && ctx.Err() != nil {
				return true
			}
			for w := t.P[k]; w != 0; w &= w - 1 {
				t.Box.Position(k*64+int64(bits.TrailingZeros64(w)), p)
				if !yield(p) {
					return false
				}
			}
		}
	default:
		for l := from / width; l < (to+width-1)/width; l++ {
			if l%(1<<16) == 0 && ctx.Err() != nil {
				return true
			}
			x := t.PLine[l]
			if x == NoP {
				continue
			}
			rest := l
			for i := 1; i < n; i++ {
				p[i] = int(rest % int64(t.Box[i]+1))
				rest /= int64(t.Box[i] + 1)
			}
			p[0] = int(x)
			if !yield(p) {
				return false
			}
		}
	}
	return true
}

// isPIndex reports whether the position of box index idx is a P-position in
// an unsorted table.
func (t *Table) isPIndex(idx int64) bool {
	if t.PLine != nil {
		width := int64(t.Box[0] + 1)
		return int64(t.PLine[idx/width]) == idx%width
	}
	return t.IsPState(idx)
}
