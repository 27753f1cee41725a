package discover

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/prove"
	"github.com/nimlab/nimlab/table"
)

// Regions: the P-positions are split by a kind of region (the empty piles,
// the piles holding the minimum or maximum, the order of the piles, ...)
// and each part described on its own.

// maxRegions bounds the regions of a candidate: a split into more parts
// describes the table rather than the game.
const maxRegions = 64

// regionKind is how the P-positions are split.
type regionKind int

const (
	whole       regionKind = iota // one description for all
	zeros                         // by the set of empty piles
	minima                        // by the set of piles holding the minimum
	maxima                        // by the set of piles holding the maximum
	minimaSign                    // by the set of piles holding the minimum, and whether it is 0
	pileOrder                     // by the order of the piles (ties included)
	slowReduced                   // Exact Slow k-Nim: a table of invariants of the reduced position
)

// positiveMin is the flag of minimaSign's keys for a minimum above 0.
const positiveMin = 1 << 62

func (k regionKind) String() string {
	return [...]string{"relations on all P-positions", "regions by where the zeros sit", "regions by where the minimum sits",
		"regions by where the maximum sits", "regions by where the minimum sits and whether it is 0",
		"regions by the order of the piles", "the number of odd piles and the total mod 2k of the reduced position"}[k]
}

// key returns what places p in its region: a set of piles, or for pileOrder
// the rank of each pile (the number of smaller distinct values), orderBits
// bits each.
// bitKeyed reports whether k's keys are a set of piles, bit i for pile
// i, and flags above them that a permutation of the piles keeps (zeros,
// minima, maxima, minimaSign): the key of an image of p is then p's key
// with its bits permuted (permuteKey).
func (k regionKind) bitKeyed() bool {
	return k == zeros || k == minima || k == maxima || k == minimaSign
}

// permuteKey is the key of the image q of p under perm (q[i] = p[perm[i]])
// for a bitKeyed kind, from p's key.
func permuteKey(key uint64, perm complex.Perm) uint64 {
	out := key &^ (1<<len(perm) - 1) // the flags, above the piles' bits
	for i, j := range perm {
		out |= key >> j & 1 << i
	}
	return out
}

func (k regionKind) key(p []int) uint64 {
	var set uint64
	switch k {
	case pileOrder:
		var values [maxOrderPiles]int // the distinct values, increasing
		m := 0
		for _, x := range p {
			at, found := slices.BinarySearch(values[:m], x)
			if !found {
				copy(values[at+1:m+1], values[at:m])
				values[at] = x
				m++
			}
		}
		for i, x := range p {
			rank, _ := slices.BinarySearch(values[:m], x)
			set |= uint64(rank) << (orderBits * i)
		}
	case zeros:
		for i, x := range p {
			if x == 0 {
				set |= 1 << i
			}
		}
	case minima, maxima, minimaSign:
		m := slices.Min(p)
		if k == maxima {
			m = slices.Max(p)
		}
		for i, x := range p {
			if x == m {
				set |= 1 << i
			}
		}
		if k == minimaSign && m > 0 {
			set |= positiveMin
		}
	}
	return set
}

// image returns the key of the position permuted by perm (pile i of the
// image is pile perm[i]): the set or the ranks permuted; flags are kept.
func (k regionKind) image(key uint64, perm complex.Perm) uint64 {
	if k == pileOrder {
		var image uint64
		for i, j := range perm {
			image |= (key >> (orderBits * j) & (1<<orderBits - 1)) << (orderBits * i)
		}
		return image
	}
	image := key &^ (1<<len(perm) - 1)
	for i, j := range perm {
		image |= key >> j & 1 << i
	}
	return image
}

// ranks returns the rank of each pile in a key of pileOrder.
func ranks(key uint64, n int) []int {
	r := make([]int, n)
	for i := range r {
		r[i] = int(key >> (orderBits * i) & (1<<orderBits - 1))
	}
	return r
}

// condition writes the condition of the region of key set, widened when
// wide (widen.go): no "> 0" for the other piles of zeros, "<=" for "<" (">="
// for ">") of minima and maxima.
func (k regionKind) condition(set uint64, names []string, wide bool) string {
	var in, out []string
	positive := set&positiveMin != 0
	for i, name := range names {
		if set>>i&1 == 1 {
			in = append(in, name)
		} else {
			out = append(out, name)
		}
	}
	var parts []string
	switch k {
	case pileOrder:
		rank := ranks(set, len(names))
		piles := make([]int, len(names))
		for i := range piles {
			piles[i] = i
		}
		slices.SortStableFunc(piles, func(a, b int) int { return rank[a] - rank[b] })
		for i := 1; i < len(piles); i++ {
			op := "<"
			if rank[piles[i-1]] == rank[piles[i]] {
				op = "=="
			}
			parts = append(parts, fmt.Sprintf("%s %s %s", names[piles[i-1]], op, names[piles[i]]))
		}
	case zeros:
		for _, name := range in {
			parts = append(parts, name+" == 0")
		}
		switch {
		case len(out) == 0 || wide:
		case len(out) == 1:
			parts = append(parts, out[0]+" > 0")
		default:
			parts = append(parts, fmt.Sprintf("min(%s) > 0", strings.Join(out, ", ")))
		}
	case minima, maxima, minimaSign:
		for _, name := range in[1:] {
			parts = append(parts, in[0]+" == "+name)
		}
		if len(out) > 0 {
			op, f := "<", "min"
			if k == maxima {
				op, f = ">", "max"
			}
			if wide {
				op += "="
			}
			if len(out) == 1 {
				parts = append(parts, fmt.Sprintf("%s %s %s", in[0], op, out[0]))
			} else {
				parts = append(parts, fmt.Sprintf("%s %s %s(%s)", in[0], op, f, strings.Join(out, ", ")))
			}
		}
		switch {
		case k == minimaSign && positive:
			parts = append(parts, in[0]+" > 0")
		case k == minimaSign:
			parts = append(parts, in[0]+" == 0")
		}
	}
	return strings.Join(parts, " && ")
}

// region is one part of a candidate: the positions of key set satisfying
// desc.
type region struct {
	set  uint64
	desc description
	// wide is true when the region is widened: its guard is dropped
	// (widen.go).
	wide bool
}

// stabilizer returns the permutations of perms that keep the region: R(p)
// = R(q) with q[i] = p[perm[i]] at every position p of the box (the
// identity always). A description of the P-positions in R may be taken up
// to those only; checked on the box, not proved, which is enough for a
// proposal that verify and prove judge as printed.
func stabilizer(perms []complex.Perm, box table.Box, where *check.Expr) []complex.Perm {
	// A box of at most stabilizerPositions positions is enough for a
	// proposal, and keeps the test cheap at every symmetry.
	h := box[0]
	for h > 1 && table.Uniform(len(box), h).Positions() > stabilizerPositions {
		h--
	}
	box = table.Uniform(len(box), h)
	inR := where.Evaluator()
	p, q := make(game.Position, len(box)), make(game.Position, len(box))
	var out []complex.Perm
	for _, perm := range perms {
		keeps := true
		for idx := range box.Positions() {
			box.Position(idx, p)
			for i, j := range perm {
				q[i] = p[j]
			}
			if inR(p) != inR(q) {
				keeps = false
				break
			}
		}
		if keeps {
			out = append(out, perm)
		}
	}
	return out
}

// maxExplicitImages bounds the symmetries of a region that discover --where
// writes out, each region once per symmetry (sym() would range over the
// game's, not the region's).
const maxExplicitImages = 24

// stabilizerPositions bounds the box stabilizer tests a symmetry on.
const stabilizerPositions = 50_000

// countInRegion counts the P-positions of t where the region holds.
func countInRegion(ctx context.Context, t *table.Table, where *check.Expr) (int64, error) {
	inR := where.Evaluator()
	var n int64
	for p := range t.PPositions(ctx) {
		if inR(p) {
			n++
		}
	}
	return n, ctx.Err()
}

// nonEmptyOnBox returns an error when no position with piles up to h is
// in the region where: there is nothing to describe there (and prove
// refuses an empty region too).
func nonEmptyOnBox(ctx context.Context, n int, where *check.Expr, h int) error {
	inR := where.Evaluator()
	box := table.Uniform(n, h)
	p := make(game.Position, n)
	for idx := range box.Positions() {
		if idx%1024 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		if box.Position(idx, p); inR(p) {
			return nil
		}
	}
	return fmt.Errorf("%w on the box: no position with piles up to %d has %s, so there is nothing to describe", ErrEmptyRegion, h, where)
}

// ErrEmptyRegion is wrapped by the error of a --where region that no
// position of the learning box is in.
var ErrEmptyRegion = errors.New("the region is empty")

// closedOnBox looks, among the positions with piles up to h, for a move
// that leaves the region where: a description of the P-positions inside a
// region some move leaves says nothing of the game's (their outcomes
// depend on positions outside it). It returns a *prove.OpenRegionError
// with the move, as prove does. Only prove shows a region closed.
func closedOnBox(ctx context.Context, g *game.Game, where *check.Expr, h int) error {
	inR := where.Evaluator()
	box := table.Uniform(g.Piles(), h)
	p := make(game.Position, g.Piles())
	for idx := range box.Positions() {
		if idx%1024 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		box.Position(idx, p)
		if !inR(p) {
			continue
		}
		for q := range g.Options(p) {
			if !inR(q) {
				return &prove.OpenRegionError{Game: g.Spec, Where: where.String(), Position: slices.Clone(p), Move: slices.Clone(q)}
			}
		}
	}
	return nil
}
