package prove

import (
	"fmt"
	"slices"
	"strings"

	"github.com/nimlab/nimlab/complex"
)

// slowMoves encodes slowmoves(k, x...) for a constant k by its closed form:
// with the piles counted as empty when negative, the least over j < k of the
// sum of the n-j smallest piles divided by k-j (rounded down); the sum of the
// m smallest piles is the least sum over the m-subsets, so no sorting is
// needed. SlowMovesClosedForm is the same formula in Go, tested against
// check.SlowMoves.
//
// Why it is slowmoves, the largest t with sum_i min(x_i, t) >= k·t: that sum
// is the least over the sets J of piles of sum_{i not in J} x_i + |J|·t (J
// the piles at or above t attains it), so t qualifies exactly when
// sum_{i not in J} x_i >= (k - |J|)·t for every J. For |J| >= k this always
// holds; for |J| = j < k the hardest J holds the j largest piles, which
// leaves s_j, the sum of the n-j smallest: t <= floor(s_j / (k-j)). (When
// k > n, j = n gives t <= 0, as the formula's empty sums do.)
func (tr translator) slowMoves(ts []term, where string) (term, error) {
	if len(ts) < 2 {
		return term{}, fmt.Errorf("slowmoves() takes a number of piles k and one or more piles, not %d arguments", len(ts))
	}
	if !ts[0].isConst {
		return term{}, &UnencodableError{Operator: "slowmoves()", Where: where, Why: "its k must be a constant"}
	}
	k, xs := ts[0].c, ts[1:]
	n := len(xs)
	if k < 1 {
		return tr.constTerm(0), nil
	}
	// The count of terms, without overflow: k and the subsets each at most
	// 1<<12.
	if subsets := complex.Binomial(n, n/2); n > 20 || k > 1<<12 || subsets*uint64(k) > 1<<12 {
		return term{}, &UnencodableError{Operator: "slowmoves()", Where: where, Why: fmt.Sprintf("%d piles and k = %d give too many terms to encode", n, k)}
	}
	// Bind the piles, clipped at 0, to names.
	names := make([]term, n)
	var lets []string
	zero := tr.a.num(0)
	for i, x := range xs {
		names[i] = intTerm(tr.newName("s"), x.bound)
		lets = append(lets, "("+names[i].s+" (ite "+tr.a.cmp("<", x.s, zero)+" "+zero+" "+x.s+"))")
	}
	total := sumBounds(names...)
	tr.seen(intTerm("", total))
	var bounds []term
	for j := 0; j < k; j++ {
		m := n - j
		if m <= 0 {
			bounds = append(bounds, tr.constTerm(0))
			continue
		}
		var sums []term
		for s := range complex.KSubsets(n, m) {
			var parts []string
			for _, v := range s.Vertices() {
				parts = append(parts, names[v].s)
			}
			sums = append(sums, intTerm(tr.a.add(parts...), total))
		}
		least := tr.extreme(true, sums)
		bounds = append(bounds, intTerm(tr.a.divNonNegative(least.s, k-j), total))
	}
	body := tr.extreme(true, bounds)
	return nonNegative(intTerm("(let ("+strings.Join(lets, " ")+") "+body.s+")", total)), nil
}

// SlowMovesClosedForm is the formula the proofs encode slowmoves(k, x...)
// by: the least over j < k of floor(s_j / (k - j)), where s_j is the sum of
// the len(x) - j smallest piles (0 when there are none), negative piles
// counted as empty; 0 when k < 1. It equals check.SlowMoves where no sum
// overflows.
func SlowMovesClosedForm(k int, piles []int) int {
	if k < 1 {
		return 0
	}
	sorted := make([]int, len(piles))
	for i, x := range piles {
		sorted[i] = max(x, 0)
	}
	slices.Sort(sorted)
	best := -1
	for j := 0; j < k; j++ {
		sum := 0
		for _, x := range sorted[:max(len(sorted)-j, 0)] {
			sum += x
		}
		if v := sum / (k - j); best < 0 || v < best {
			best = v
		}
	}
	return best
}
