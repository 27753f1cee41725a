// Package theory holds the closed-form results of the papers as oracles: for a
// game a theorem covers, a membership test for the P-positions that runs in
// time polynomial in the number of piles for any pile sizes, and a winning
// move built the way the theorem's proof builds it.
//
// Theorems are matched to games by the structure they are played on (the
// complex and its labelling), not by the spec's name: Theorem 2.1(1) of the
// Circular Nim paper covers nim:5, cn:5,1, path:5,1 and moore:5,1 alike. They
// hold for normal play only.
package theory

import (
	"github.com/nimlab/nimlab/game"
)

// Rule decides the P-positions of one game.
type Rule interface {
	// IsP reports whether p is a P-position.
	IsP(p game.Position) bool
	// WinningMove returns an option of p that is a P-position, or nil when p
	// is a P-position.
	WinningMove(p game.Position) game.Position
}

// Theorem is a closed-form characterization of the P-positions of a family of
// games.
type Theorem struct {
	// Name is a short identifier, e.g. "cn63".
	Name string
	// Statement says the result in one line.
	Statement string
	// Source cites the paper file and theorem number.
	Source string
	// bind returns the rule for g, or false when the theorem does not cover g.
	bind func(g *game.Game) (Rule, bool)
}

// For returns the theorem's rule for g, or false when it does not cover g
// (misère games are never covered).
func (t *Theorem) For(g *game.Game) (Rule, bool) {
	if g.Misere {
		return nil, false
	}
	return t.bind(g)
}

// Theorems lists every theorem, the most specific first.
func Theorems() []*Theorem { return theorems }

// Find returns the first theorem covering g and its rule.
func Find(g *game.Game) (*Theorem, Rule, bool) {
	for _, t := range theorems {
		if r, ok := t.For(g); ok {
			return t, r, true
		}
	}
	return nil, nil, false
}

// ByName returns the theorem with the given name.
func ByName(name string) (*Theorem, bool) {
	for _, t := range theorems {
		if t.Name == name {
			return t, true
		}
	}
	return nil, false
}
