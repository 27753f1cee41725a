// Package spelling finds the name a user most likely meant when a name is
// unknown: a flag (--mx for --max), a game family (cm for cn).
package spelling

// Distance is the Levenshtein distance between a and b: the fewest letters
// inserted, deleted or replaced that turn one into the other.
func Distance(a, b string) int {
	row := make([]int, len(b)+1)
	for j := range row {
		row[j] = j
	}
	for i := 1; i <= len(a); i++ {
		diagonal := row[0]
		row[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			diagonal, row[j] = row[j], min(row[j]+1, row[j-1]+1, diagonal+cost)
		}
	}
	return row[len(b)]
}

// Nearest returns the candidate closest to name, if it is within a third
// of name's letters (at least one, at most two): the first in order on a
// tie; "" when none is, or when name has fewer than two letters.
func Nearest(name string, candidates []string) string {
	if len(name) < 2 {
		return ""
	}
	best, bestDistance := "", min(3, max(len(name)/3, 1)+1)
	for _, c := range candidates {
		if d := Distance(name, c); d < bestDistance {
			best, bestDistance = c, d
		}
	}
	return best
}
