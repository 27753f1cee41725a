package discover

import (
	"slices"
	"strings"

	"github.com/nimlab/nimlab/check"
)

// withoutRegionTerms drops from src the conjuncts that are conjuncts of the
// region too (written alike): inside the region they hold, so the set src
// names there is the same, and so is a region theorem's claim, which is
// about the region's positions only. src is kept whole unless its text
// splits at its top-level && into exactly the parser's conjuncts.
func withoutRegionTerms(src, region string) string {
	inRegion, err1 := check.Conjuncts(region)
	conjuncts, err2 := check.Conjuncts(src)
	pieces := splitConjunction(src)
	if err1 != nil || err2 != nil || len(pieces) != len(conjuncts) || len(pieces) < 2 {
		return src
	}
	var kept []string
	for i, piece := range pieces {
		alone, err := check.Conjuncts(piece)
		if err != nil || len(alone) != 1 || alone[0] != conjuncts[i] {
			return src
		}
		if !slices.Contains(inRegion, conjuncts[i]) {
			kept = append(kept, piece)
		}
	}
	if len(kept) == 0 {
		return "true"
	}
	return strings.Join(kept, " && ")
}

// splitConjunction splits src at each && outside parentheses, trimming
// the pieces.
func splitConjunction(src string) []string {
	var pieces []string
	depth, start := 0, 0
	for i := 0; i < len(src); i++ {
		switch {
		case src[i] == '(':
			depth++
		case src[i] == ')':
			depth--
		case depth == 0 && strings.HasPrefix(src[i:], "&&"):
			pieces = append(pieces, strings.TrimSpace(src[start:i]))
			start = i + 2
			i++
		}
	}
	return append(pieces, strings.TrimSpace(src[start:]))
}
