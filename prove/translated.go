package prove

import (
	"strconv"
	"strings"
)

// A claim's expression and region are translated once, when the
// arithmetic is chosen, with a placeholder for each pile; each query then
// writes them at its own piles (p, q, a candidate move's, a symmetry's
// image) by filling the placeholders in, not by translating again. The
// nim-sum's arithmetic is the exception: there a translation records the
// nim-sums it names for the query's lemmas, and orders their arguments by
// their text, so each query translates for itself (inS, inR, value).

// translated is a formula translated once: text between the piles'
// placeholders.
type translated struct {
	// a is the arithmetic it was translated in.
	a arith
	// parts are the text around the piles: parts[0], the pile piles[0],
	// parts[1], ...
	parts []string
	piles []int
}

// placeholder marks pile i in a translation; no SMT-LIB text has a NUL.
func placeholder(i int) string { return "\x00" + strconv.Itoa(i) + "\x00" }

// translateOnce translates with translate (translateExpr or translateValue)
// at the placeholders; nil when it cannot be written in a, or a has the
// nim-sum uninterpreted.
func translateOnce(text func(pile func(i int) string) (string, error), a arith) *translated {
	if a.nimSums != nil {
		return nil
	}
	s, err := text(placeholder)
	if err != nil {
		return nil
	}
	t := &translated{a: a}
	fields := strings.Split(s, "\x00")
	// fields alternate: text, pile, text, pile, ..., text.
	for k, f := range fields {
		if k%2 == 0 {
			t.parts = append(t.parts, f)
			continue
		}
		i, err := strconv.Atoi(f)
		if err != nil {
			return nil
		}
		t.piles = append(t.piles, i)
	}
	return t
}

// at writes the formula at the piles pile(0), pile(1), ...; false when it
// was translated in another arithmetic than a, or a pile is a term, not a
// variable: the translation names a term it uses twice with a let, and a
// variable it writes as it is, so a term in a pile's place would be
// written otherwise (finiteOptionsRoute's options, p0 - 1).
func (t *translated) at(a arith, pile func(i int) string) (string, bool) {
	if t == nil || t.a != a {
		return "", false
	}
	var b strings.Builder
	for k, part := range t.parts {
		b.WriteString(part)
		if k < len(t.piles) {
			name := pile(t.piles[k])
			if strings.ContainsAny(name, " ()") {
				return "", false
			}
			b.WriteString(name)
		}
	}
	return b.String(), true
}
