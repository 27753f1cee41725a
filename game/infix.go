package game

import (
	"fmt"
	"strings"
)

// infix splits text at the operators + and & outside parentheses. It returns
// the operator (0 when there is none) and the parts.
func infix(text string) (byte, []string, error) {
	var op byte
	var parts []string
	depth, start := 0, 0
	for i := range len(text) {
		switch c := text[i]; c {
		case '(':
			depth++
		case ')':
			depth--
		case '+', '&':
			if depth != 0 {
				continue
			}
			if op != 0 && op != c {
				return 0, nil, fmt.Errorf("%q mixes + and &: group with sum(A; B) or conj(A; B)", text)
			}
			op = c
			parts = append(parts, text[start:i])
			start = i + 1
		}
	}
	if op == 0 {
		return 0, nil, nil
	}
	return op, append(parts, text[start:]), nil
}

// parseCompound parses "A + B + ..." or "A & B & ...".
func parseCompound(op byte, texts []string) (*Game, error) {
	parts := make([]*Game, len(texts))
	specs := make([]string, len(texts))
	for i, t := range texts {
		if t == "" {
			return nil, fmt.Errorf("a game is missing around %q", string(op))
		}
		var err error
		if parts[i], err = parseNormal(t); err != nil {
			return nil, err
		}
		specs[i] = parts[i].Spec
	}
	g, err := compoundOf(parts, op == '&')
	if err != nil {
		return nil, err
	}
	g.Spec = strings.Join(specs, string(op))
	return g, nil
}
