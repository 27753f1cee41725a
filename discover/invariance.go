package discover

import (
	"context"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/table"
)

// Invariance is a translation v of the positions that keeps the P-set on
// the box it was learned on: P(x) = P(x + v) at every position x of the
// box (of the region) with x + v in it, as Kadam–Dufour–Heubach 2026 call
// an invariant vector. Learned on a box it is a hint, never an assumption:
// a description built with it is verified and proved like any other.
type Invariance []int

// String writes the vector as "(1,0,1)".
func (v Invariance) String() string {
	parts := make([]string, len(v))
	for i, x := range v {
		parts[i] = strconv.Itoa(x)
	}
	return "(" + strings.Join(parts, ",") + ")"
}

// support is the set of piles v moves, as a bit mask.
func (v Invariance) support() uint64 {
	var m uint64
	for i, x := range v {
		if x != 0 {
			m |= 1 << i
		}
	}
	return m
}

// maxInvariancePiles bounds the piles of a game whose 0/1 vectors are all
// tried (2^n - 1 of them).
const maxInvariancePiles = 12

// learnInvariances returns the 0/1 invariances of the P-set of t inside the
// region of the positions whose piles in zeros are empty: every nonzero 0/1
// vector v off zeros with P(x) = P(x + v) at every position x of the region
// with x + v in the box, tested at one pair at least. A vector that is the
// sum of smaller ones found, with disjoint supports, is left out (the
// all-ones vector beside (1,0,1,0) and (0,1,0,1)). The box must be uniform.
func learnInvariances(ctx context.Context, t *table.Table, zeros uint64) ([]Invariance, error) {
	box := t.Box
	n := len(box)
	if n > maxInvariancePiles {
		return nil, nil
	}
	h := box[0]
	stride := box.Strides()
	isP := make([]bool, box.Positions())
	p := make(game.Position, n)
	for idx := range isP {
		if idx%(1<<16) == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		box.Position(int64(idx), p)
		isP[idx] = t.IsP(p)
	}
	holds := func(v uint64) (bool, error) {
		var shift int64
		for i := range n {
			if v>>i&1 == 1 {
				shift += stride[i]
			}
		}
		pairs := 0
	next:
		for idx := range isP {
			if idx%(1<<16) == 0 && ctx.Err() != nil {
				return false, ctx.Err()
			}
			box.Position(int64(idx), p)
			for i := range n {
				if zeros>>i&1 == 1 && p[i] != 0 || v>>i&1 == 1 && p[i] == h {
					continue next
				}
			}
			if isP[idx] != isP[int64(idx)+shift] {
				return false, nil
			}
			pairs++
		}
		return pairs > 0, nil
	}
	var masks []uint64
	for v := uint64(1); v < 1<<n; v++ {
		if v&zeros != 0 {
			continue
		}
		ok, err := holds(v)
		if err != nil {
			return nil, err
		}
		if ok {
			masks = append(masks, v)
		}
	}
	var out []Invariance
	for _, v := range minimalMasks(masks) {
		inv := make(Invariance, n)
		for i := range n {
			inv[i] = int(v >> i & 1)
		}
		out = append(out, inv)
	}
	return out, nil
}

// minimalMasks keeps, of the supports given, those that are no union of
// smaller ones kept with pairwise disjoint supports; fewest piles first,
// then in order.
func minimalMasks(masks []uint64) []uint64 {
	sorted := slices.Clone(masks)
	slices.SortStableFunc(sorted, func(a, b uint64) int { return bits.OnesCount64(a) - bits.OnesCount64(b) })
	var kept []uint64
	for _, v := range sorted {
		reach := map[uint64]bool{0: true}
		for _, u := range kept {
			if u&^v != 0 {
				continue
			}
			for _, r := range keysOf(reach) {
				if r&u == 0 {
					reach[r|u] = true
				}
			}
		}
		if !reach[v] {
			kept = append(kept, v)
		}
	}
	return kept
}

// keysOf lists a set's keys (a copy, so that the set may grow meanwhile).
func keysOf(set map[uint64]bool) []uint64 {
	out := make([]uint64, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	return out
}
