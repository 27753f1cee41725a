package witness

import (
	"fmt"
	"strings"

	"github.com/nimlab/nimlab/check"
)

// A term is a value a winning move may give one pile, as a function of the
// position moved from, written in check's expression language.
type term struct {
	text string
	eval func(p []int) int
}

// terms lists the values pile i may be given, simplest first: the empty
// pile; one token (the misère endings); another pile; the nim-sum of all the other piles (Bouton's move) and
// of two or three of them; sums and differences of up to three other piles;
// min and max of two, and min of one and the sum of two (the forms of
// Dufour–Heubach 2013's characterizations of CN(8,6)); and pile i less one
// (the slow rule). Without nimSums the terms are linear. Candidates only narrow the proof's search: a wrong one
// costs time, never soundness.
func terms(n, i int, nimSums bool) []term {
	name := check.PileName
	var others []int
	for j := range n {
		if j != i {
			others = append(others, j)
		}
	}
	out := []term{{"0", func([]int) int { return 0 }}, {"1", func([]int) int { return 1 }}}
	for _, j := range others {
		out = append(out, term{name(j), func(p []int) int { return p[j] }})
	}
	if nimSums && len(others) >= 3 {
		names := make([]string, len(others))
		for k, j := range others {
			names[k] = name(j)
		}
		out = append(out, term{"xor(" + strings.Join(names, ", ") + ")", func(p []int) int {
			x := 0
			for _, j := range others {
				x ^= p[j]
			}
			return x
		}})
	}
	out = append(out, term{name(i) + " - 1", func(p []int) int { return p[i] - 1 }})
	for x, j := range others {
		for y, k := range others[x+1:] {
			if nimSums {
				out = append(out, term{name(j) + " ^ " + name(k), func(p []int) int { return p[j] ^ p[k] }})
			}
			out = append(out,
				term{name(j) + " + " + name(k), func(p []int) int { return p[j] + p[k] }},
				term{fmt.Sprintf("min(%s, %s)", name(j), name(k)), func(p []int) int { return min(p[j], p[k]) }},
				term{fmt.Sprintf("max(%s, %s)", name(j), name(k)), func(p []int) int { return max(p[j], p[k]) }})
			if nimSums && len(others) > 3 {
				for _, l := range others[x+y+2:] {
					out = append(out, term{name(j) + " ^ " + name(k) + " ^ " + name(l), func(p []int) int { return p[j] ^ p[k] ^ p[l] }})
				}
			}
		}
	}
	for _, j := range others {
		for _, k := range others {
			if k == j {
				continue
			}
			out = append(out, term{name(j) + " - " + name(k), func(p []int) int { return p[j] - p[k] }})
			for _, l := range others {
				if l == j || l == k {
					continue
				}
				if k < l {
					out = append(out,
						term{fmt.Sprintf("min(%s, %s + %s)", name(j), name(k), name(l)), func(p []int) int { return min(p[j], p[k]+p[l]) }})
				}
				if j < k {
					out = append(out, term{name(j) + " + " + name(k) + " - " + name(l), func(p []int) int { return p[j] + p[k] - p[l] }})
				}
				if k < l {
					out = append(out, term{name(j) + " - " + name(k) + " - " + name(l), func(p []int) int { return p[j] - p[k] - p[l] }})
				}
				if j < k && k < l {
					out = append(out, term{name(j) + " + " + name(k) + " + " + name(l), func(p []int) int { return p[j] + p[k] + p[l] }})
				}
			}
		}
	}
	return out
}
