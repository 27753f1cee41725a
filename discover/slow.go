package discover

import (
	"fmt"
	"slices"
	"strings"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/game"
)

// slowInvariants describes the P-positions of Exact Slow k-Nim by a table
// over two invariants of the reduced position (each pile cut down to the
// most moves a play can last, check.SlowMoves, since no play reaches the
// tokens above: the reduced positions of Dufour–Heubach 2024): the number
// of odd piles and the total modulo 2k. The total mod k never changes and
// positions with every pile even are P
// (Gurvich–Martynov–Maximchuk–Vyalyi 2023, Section 1.1; see
// docs/references.md), which is why these two are the ones tried.
type slowInvariants struct {
	k int
	// accepted holds the invariants (odd piles, total mod 2k) of the
	// P-positions learned from.
	accepted map[[2]int]bool
	// band, when set, writes the table as two inequalities and a few
	// exceptions (see compact).
	band *band
}

// band is the set of invariants with odd <= total + shift and odd + total
// <= limit, and the exceptions besides.
type band struct {
	shift, limit int
	exceptions   [][2]int
}

// slowMoveSize returns k when g is Exact Slow k-Nim (every set of k piles
// may be played, one token from each), or Slow A-Nim on n piles with A =
// {n-1, n}, whose P-positions Dufour–Heubach 2024 read from the same
// reduced positions (k = n-1; its table has no exception where NIM(n,n-1)'s
// has one, docs/findings.md): a hint for discover, verified and proved as
// any other.
func slowMoveSize(g *game.Game) (int, bool) {
	sizes := g.MoveSizes()
	r, slow := g.Rule().(game.EqualAmountRule)
	if !slow || r.EqualAmount() != 1 || !g.Symmetric() {
		return 0, false
	}
	switch n := g.Piles(); {
	case len(sizes) == 1:
		return sizes[0], true
	case len(sizes) == 2 && n >= 3 && sizes[0] == n-1 && sizes[1] == n:
		return n - 1, true
	}
	return 0, false
}

// invariants returns the number of odd piles and the total mod 2k of the
// reduced position of p.
func (t *slowInvariants) invariants(p []int) [2]int {
	moves := check.SlowMoves(t.k, p)
	odd, total := 0, 0
	for _, x := range p {
		r := min(x, moves)
		odd += r & 1
		total = (total + r) % (2 * t.k)
	}
	return [2]int{odd, total}
}

// learnSlowInvariants collects the invariants of the P-positions ps.
func learnSlowInvariants(k int, ps [][]int) *slowInvariants {
	t := &slowInvariants{k: k, accepted: map[[2]int]bool{}}
	for _, p := range ps {
		t.accepted[t.invariants(p)] = true
	}
	return t
}

func (t *slowInvariants) accepts(p []int) bool {
	v := t.invariants(p)
	if b := t.band; b != nil {
		return v[0] <= v[1]+b.shift && v[0]+v[1] <= b.limit || slices.Contains(b.exceptions, v)
	}
	return t.accepted[v]
}

// compact looks for a shorter form of the table: the invariants of a band,
// odd <= total + shift and odd + total <= limit, that holds no invariant
// of an N-position (rejected), and the accepted ones outside it listed as
// exceptions; the band with the fewest exceptions is kept when the table
// has more cases than it. Invariants seen on neither kind of position may
// fall either side: the candidate is checked on the box as any other.
// For NIM(n, n-1) it finds the form of docs/findings.md: j <= s <= 2n-4-j,
// or j = n and s = n-2.
func (t *slowInvariants) compact(n int, rejected map[[2]int]bool) {
	var best *band
	for shift := -2 * t.k; shift <= 2*t.k; shift++ {
		for limit := 0; limit <= n+2*t.k; limit++ {
			in := func(v [2]int) bool { return v[0] <= v[1]+shift && v[0]+v[1] <= limit }
			clean := true
			for v := range rejected {
				if in(v) {
					clean = false
					break
				}
			}
			if !clean {
				continue
			}
			b := &band{shift: shift, limit: limit}
			for v := range t.accepted {
				if !in(v) {
					b.exceptions = append(b.exceptions, v)
				}
			}
			if best == nil || len(b.exceptions) < len(best.exceptions) {
				best = b
			}
		}
	}
	if best == nil || len(best.exceptions)+1 >= len(t.accepted) {
		return
	}
	slices.SortFunc(best.exceptions, func(x, y [2]int) int {
		if x[0] != y[0] {
			return x[0] - y[0]
		}
		return x[1] - y[1]
	})
	t.band = best
}

// expr writes the table in check's language:
//
//	let moves = slowmoves(k, a, b, ...); let odd = min(a, moves) % 2 + ...;
//	let total = (min(a, moves) + ...) % 2k; odd == 0 || odd == 1 && (total == 1 || total == 3) || ...
//
// A number of odd piles whose every total (of its parity) is accepted is
// written alone.
func (t *slowInvariants) expr(names []string) string {
	reduced := make([]string, len(names))
	odds := make([]string, len(names))
	for i, name := range names {
		reduced[i] = fmt.Sprintf("min(%s, moves)", name)
		odds[i] = reduced[i] + " % 2"
	}
	var cases []string
	if b := t.band; b != nil {
		first := "odd <= total"
		switch {
		case b.shift > 0:
			first = fmt.Sprintf("odd <= total + %d", b.shift)
		case b.shift < 0:
			first = fmt.Sprintf("odd + %d <= total", -b.shift)
		}
		cases = append(cases, fmt.Sprintf("%s && odd + total <= %d", first, b.limit))
		for _, v := range b.exceptions {
			cases = append(cases, fmt.Sprintf("odd == %d && total == %d", v[0], v[1]))
		}
	}
	for odd := range len(names) + 1 {
		if t.band != nil {
			break
		}
		var totals []string
		for total := odd % 2; total < 2*t.k; total += 2 {
			if t.accepted[[2]int{odd, total}] {
				totals = append(totals, fmt.Sprintf("total == %d", total))
			}
		}
		switch {
		case len(totals) == 0:
		case len(totals) == t.k:
			cases = append(cases, fmt.Sprintf("odd == %d", odd))
		case len(totals) == 1:
			cases = append(cases, fmt.Sprintf("odd == %d && %s", odd, totals[0]))
		default:
			cases = append(cases, fmt.Sprintf("odd == %d && (%s)", odd, strings.Join(totals, " || ")))
		}
	}
	if len(cases) == 0 {
		cases = []string{"false"}
	}
	return fmt.Sprintf("let moves = slowmoves(%d, %s); let odd = %s; let total = (%s) %% %d; %s",
		t.k, strings.Join(names, ", "), strings.Join(odds, " + "), strings.Join(reduced, " + "), 2*t.k,
		strings.Join(cases, " || "))
}
