package theory

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"slices"

	"github.com/nimlab/nimlab/game"
)

// RemotenessOracle is an Oracle that also knows Smith's remoteness of every
// position (solve.Remoteness).
type RemotenessOracle interface {
	Oracle
	// Remoteness is exact for piles up to 2^63-1: a uint64 holds it, since a
	// game on n piles lasts at most their sum over the tokens a move takes.
	Remoteness(p game.Position) uint64
	// BestMove returns an option of remoteness Remoteness(p)-1 (a fastest
	// win, or a longest resistance at a P-position), nil when p is terminal.
	BestMove(p game.Position) game.Position
}

// MMove returns the move the M-rule makes from p in Exact Slow (n-1)-Nim
// NIM(n, n-1) (Gurvich–Martynov–Maximchuk–Vyalyi 2023, Section 1.2; see
// docs/references.md for what is known for sure about that paper): a move keeps exactly one pile and takes one token from
// each other pile. If every pile is odd, keep a largest pile; if some pile is
// even, keep a smallest even pile. Ties go to the first such pile. It returns
// nil at a terminal position (two or more empty piles).
func MMove(p game.Position) game.Position {
	keep := mKeep(p)
	if keep < 0 {
		return nil
	}
	q := slices.Clone(p)
	for i := range q {
		if i != keep {
			q[i]--
		}
	}
	return q
}

// mKeep is the pile the M-rule keeps, or -1 at a terminal position.
func mKeep(p game.Position) int {
	empty, largest, smallestEven := 0, 0, -1
	for i, v := range p {
		if v == 0 {
			empty++
		}
		if v > p[largest] {
			largest = i
		}
		if v%2 == 0 && (smallestEven < 0 || v < p[smallestEven]) {
			smallestEven = i
		}
	}
	switch {
	case empty >= 2 || len(p) < 2:
		return -1
	case smallestEven >= 0:
		return smallestEven
	}
	return largest
}

// MPlayout returns the number of moves of the play-out of p when both players
// follow the M-rule. The paper proves it equals the remoteness R(p); nimlab
// checks that by exhaustion (check.Strategy, `nimlab check --strategy mrule`).
//
// The play-out is not simulated move by move. The M-rule looks only at the
// parities of the piles and at how they compare, so whenever the play-out
// comes back to the same parities and the same order of the piles, after T
// moves that changed the piles by an even vector d, the same T moves repeat
// from there, adding d again, for as long as no two piles change their order
// and no pile the moves reduce runs empty. That number of periods is computed
// from the positions of one period, and the play-out jumps over all of them
// at once (the "screw" periodicity of Gurvich–Naumova 2023).
// Piles up to 10^18 take microseconds. Every move takes n-1 tokens, so the
// play-out has at most n(2^63-1)/(n-1) < 2^64 moves: a uint64 counts them.
func MPlayout(p game.Position) uint64 {
	x := slices.Clone(p)
	var moves uint64
	seen := map[string]int{} // signature -> index in history
	var history []game.Position
	var historyMoves []uint64
	for {
		keep := mKeep(x)
		if keep < 0 {
			return moves
		}
		sig := mSignature(x)
		if i, ok := seen[sig]; ok {
			if periods := mPeriods(history[i:], x); periods > 0 {
				period := moves - historyMoves[i]
				for k := range x {
					x[k] += periods * (x[k] - history[i][k])
				}
				moves += uint64(periods) * period
				clear(seen)
				history, historyMoves = history[:0], historyMoves[:0]
				continue
			}
		}
		seen[sig] = len(history)
		history = append(history, slices.Clone(x))
		historyMoves = append(historyMoves, moves)
		for i := range x {
			if i != keep {
				x[i]--
			}
		}
		moves++
	}
}

// mSignature encodes what the M-rule looks at: the parity of every pile and
// the sign of every difference of two piles.
func mSignature(x game.Position) string {
	b := make([]byte, 0, len(x)+len(x)*len(x)/2)
	for i, v := range x {
		b = append(b, byte(v&1))
		for _, w := range x[i+1:] {
			b = append(b, byte(cmp.Compare(v, w)+1))
		}
	}
	return string(b)
}

// mPeriods returns how many times r = 1, 2, ... the segment of play-out from
// segment[0] up to x (exclusive) repeats shifted by r*d, d = x - segment[0]:
// every position y + r*d must keep the sign of every difference of two piles
// that y has, and every pile that decreases over the segment must hold at
// least one token (so that no pile runs empty). Then the M-rule makes the same
// moves in each repetition.
func mPeriods(segment []game.Position, x game.Position) int {
	n := len(x)
	d := make([]int, n)
	for k := range x {
		d[k] = x[k] - segment[0][k]
	}
	limit := math.MaxInt
	for _, y := range segment {
		for i := range n {
			if d[i] < 0 { // y_i + r d_i >= 1
				if y[i] < 1 {
					return 0
				}
				limit = min(limit, (y[i]-1)/(-d[i]))
			}
			for k := i + 1; k < n; k++ {
				diff, rate := y[i]-y[k], d[i]-d[k]
				switch {
				case rate == 0:
				case diff == 0:
					return 0
				case diff > 0 && rate < 0: // diff + r rate > 0
					limit = min(limit, (diff-1)/(-rate))
				case diff < 0 && rate > 0:
					limit = min(limit, (-diff-1)/rate)
				}
			}
		}
	}
	if limit == math.MaxInt {
		return 0 // nothing decreases; cannot happen, every move removes n-1 tokens
	}
	return limit
}

// Strategies returns the strategies `nimlab check --strategy` can check, by
// name, with the games they are for (a fresh map each call).
func Strategies() map[string]string { return maps.Clone(strategies) }

// strategies is what Strategies returns a copy of.
var strategies = map[string]string{"mrule": "the M-rule of Gurvich–Martynov–Maximchuk–Vyalyi 2023 for Exact Slow (n-1)-Nim, slow:N,N-1"}

// Strategy returns the move function of the named strategy for g.
func Strategy(name string, g *game.Game) (func(game.Position) game.Position, error) {
	switch name {
	case "mrule":
		if !isSlowNN1(g) || g.Misere {
			return nil, fmt.Errorf("the M-rule is for Exact Slow (n-1)-Nim in normal play, slow:N,N-1, not %s", g.Spec)
		}
		return MMove, nil
	}
	return nil, fmt.Errorf("no strategy %q (strategies: mrule)", name)
}

// mRule is the M-rule as an oracle for NIM(n, n-1).
type mRule struct{}

func (mRule) Remoteness(p game.Position) uint64      { return MPlayout(p) }
func (mRule) BestMove(p game.Position) game.Position { return MMove(p) }
func (r mRule) IsP(p game.Position) bool             { return r.Remoteness(p)%2 == 0 }
func (r mRule) WinningMove(p game.Position) game.Position {
	if r.IsP(p) {
		return nil
	}
	return MMove(p)
}

// isSlowNN1 reports whether g is Exact Slow (n-1)-Nim on n >= 2 piles.
func isSlowNN1(g *game.Game) bool {
	n := g.Piles()
	r, slow := g.Rule().(game.EqualAmountRule)
	return n >= 2 && slow && r.EqualAmount() == 1 && g.Symmetric() && slices.Equal(g.MoveSizes(), []int{n - 1})
}
