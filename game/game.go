// Package game defines the games nimlab plays: a ruleset on a structure of
// piles, named by a short spec string such as "cn:6,3" or "graph:1-2,2-3/misere",
// and the positions of such a game.
//
// Every game here is Nim played on a simplicial complex
// (papers/001_50f576805b6ac608.txt, Section 2): a move chooses a face of the
// complex and removes at least one token in total from the piles of that face.
// Circular Nim CN(n,k) (papers/000_451cee323facfbde.txt) is Nim on the cycle
// complex, Moore's Nim on the complex of all k-subsets, and so on. In normal
// play the player who cannot move loses; in misère play ("/misere") that
// player wins.
package game

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/nimlab/nimlab/complex"
)

// Position holds the number of tokens on each pile, pile 0 first.
type Position []int

// String writes p as comma-separated pile sizes, the syntax ParsePosition reads.
func (p Position) String() string {
	parts := make([]string, len(p))
	for i, v := range p {
		parts[i] = strconv.Itoa(v)
	}
	return strings.Join(parts, ",")
}

// Game is a ruleset: the complex whose faces may be played and the play
// convention.
type Game struct {
	// Spec is the canonical spec string that names the game.
	Spec string
	// Title names the game in the papers' words, e.g. "Circular Nim CN(6,3)".
	Title string
	// Source cites the paper (file under papers/ and section) defining the game.
	Source string
	// Complex is the structure played on: one vertex per pile.
	Complex *complex.Complex
	// Misere is true when the player who makes the last move loses.
	Misere bool
	// Binary, when not nil, represents the complex as a binary matroid: pile
	// i sits on the vector Binary[i] over GF(2), and a set of piles is a face
	// when its vectors are independent (graph: and binmat: games).
	Binary []uint64
	// Construction, when not nil, says how the game was built from others
	// (join, cone, suspension, B_x, P_x, C^z).
	Construction *Construction
}

// Construction records an operation of papers/001_50f576805b6ac608.txt,
// Sections 6 and 7, applied to games.
type Construction struct {
	// Op is the combinator's name: "join", "cone", "susp", "bx", "px" or "cz".
	Op string
	// Parts are the games operated on (two or more for join, one otherwise),
	// in the order of their piles.
	Parts []*Game
	// Vertex is the 0-based vertex x of Parts[0] that bx and px split.
	Vertex int
}

// Piles is the number of piles of a position.
func (g *Game) Piles() int { return g.Complex.N() }

// ParsePosition reads comma-separated pile sizes such as "1,2,3" (spaces and
// surrounding parentheses allowed) and checks that they fit the game.
func (g *Game) ParsePosition(s string) (Position, error) {
	t := strings.TrimSpace(s)
	t = strings.TrimSuffix(strings.TrimPrefix(t, "("), ")")
	fields := strings.Split(t, ",")
	if strings.TrimSpace(t) == "" {
		fields = nil
	}
	if len(fields) != g.Piles() {
		return nil, fmt.Errorf("position %q has %d piles, but %s has %d (write pile sizes separated by commas, e.g. %s)",
			s, len(fields), g.Spec, g.Piles(), examplePosition(g.Piles()))
	}
	p := make(Position, len(fields))
	for i, f := range fields {
		v, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return nil, fmt.Errorf("position %q: pile %d is %q, not a whole number", s, i+1, strings.TrimSpace(f))
		}
		if v < 0 {
			return nil, fmt.Errorf("position %q: pile %d is negative (%d)", s, i+1, v)
		}
		p[i] = v
	}
	return p, nil
}

func examplePosition(n int) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = strconv.Itoa(i + 1)
	}
	return strings.Join(parts, ",")
}

// Options yields every option of p (every position one move away) exactly
// once. The yielded slice is reused between calls: copy it to keep it.
// Iteration stops when yield returns false.
func (g *Game) Options(p Position) func(yield func(Position) bool) {
	return func(yield func(Position) bool) {
		q := make(Position, len(p))
		for _, face := range g.Complex.Faces() {
			vs := face.Vertices()
			playable := true
			for _, v := range vs {
				if p[v] == 0 {
					playable = false
					break
				}
			}
			if !playable {
				continue
			}
			// Every pile of the face loses at least one token: count through
			// q[v] = 0..p[v]-1 like an odometer.
			copy(q, p)
			for _, v := range vs {
				q[v] = 0
			}
			for {
				if !yield(q) {
					return
				}
				i := 0
				for ; i < len(vs); i++ {
					v := vs[i]
					if q[v]+1 < p[v] {
						q[v]++
						break
					}
					q[v] = 0
				}
				if i == len(vs) {
					break
				}
			}
		}
	}
}

// IsTerminal reports whether p has no option: every pile is empty.
func IsTerminal(p Position) bool {
	for _, v := range p {
		if v != 0 {
			return false
		}
	}
	return true
}
