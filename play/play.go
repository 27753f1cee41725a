// Package play plays a game against a person: the computer's moves and the
// advice it can give (the papers' theorems and Smith's remoteness, Smith
// 1966), and the bookkeeping of a game in progress — whose turn
// it is, the moves so far, undo, and the winner.
//
// The computer plays perfectly. From an N-position it makes the fastest win
// and from a P-position the longest resistance, by remoteness, when the
// positions below the start can be solved with remoteness; otherwise it plays
// the winning move of the theorem covering the game (so piles of any size
// work) and, from a P-position, takes a single token from a largest pile,
// which keeps the game as long as it can cheaply tell.
package play

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
	"github.com/nimlab/nimlab/theory"
)

// Advice is what the computer knows about a position.
type Advice struct {
	// Outcome is "P" or "N".
	Outcome string `json:"outcome"`
	// WinningMoves lists every option that is a P-position when the table
	// is at hand, else the theorem's winning move; empty at a P-position.
	WinningMoves []game.Position `json:"winning_moves"`
	// Remoteness is Smith's remoteness, or -1 when it is not known.
	Remoteness int `json:"remoteness"`
	// Move is the computer's move from here, nil at a terminal position.
	Move game.Position `json:"move,omitempty"`
	// Why says how Move was chosen.
	Why string `json:"why,omitempty"`
}

// Opponent is the computer's side of one game: it decides moves and gives
// advice.
type Opponent struct {
	g     *game.Game
	table *table.Table // nil when the start is too large to solve
}

// NewOpponent prepares the computer for a game starting at start: it solves
// every position below start (with remoteness where enumerating options is
// affordable), since every later position lies below start, through gate
// (nil: solve.GateOr's default); when the gate refuses that table for its
// size (solve.ErrTooLarge: huge piles), a theorem must cover the game, and
// the computer plays from it.
func NewOpponent(ctx context.Context, g *game.Game, start game.Position, gate solve.Gate) (*Opponent, error) {
	c := &Opponent{g: g}
	opts := solve.Options{Remoteness: solve.RemotenessCost(g, start) <= theory.MaxRemotenessCost}
	t, err := solve.Gated(ctx, gate, g, solve.AnalysisBox(g, start), opts)
	if err == nil {
		c.table = t
		return c, nil
	}
	if !errors.Is(err, solve.ErrTooLarge) {
		return nil, err
	}
	if _, _, ok := theory.Find(ctx, g); !ok {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("the start %v: %w, and no theorem covers %s", start, err, g.Spec)
	}
	return c, nil
}

// Bytes is the memory the opponent keeps: the table of the positions
// below its start, if it solved one.
func (c *Opponent) Bytes() int64 {
	if c.table == nil {
		return 0
	}
	return c.table.Bytes()
}

// Advise says what the computer knows about p and which move it would make.
func (c *Opponent) Advise(ctx context.Context, p game.Position) (*Advice, error) {
	a := &Advice{Remoteness: -1, WinningMoves: []game.Position{}}
	if c.table != nil && c.table.Box.Contains(p) {
		r, err := solve.ReportFrom(c.g, c.table, p)
		if err != nil {
			return nil, err
		}
		a.Outcome, a.Remoteness = r.Outcome, r.Remoteness
		a.WinningMoves = append(a.WinningMoves, r.WinningMoves...)
		switch {
		case r.BestMove != nil && r.Outcome == "N":
			a.Move, a.Why = r.BestMove, fmt.Sprintf("the fastest win: remoteness %d, the opponent cannot make it last longer", r.Remoteness)
		case r.BestMove != nil:
			// The moves left: the remoteness, less the one a misère
			// game counts for its end.
			left := r.Remoteness
			if c.g.Misere {
				left--
			}
			lasts := fmt.Sprintf("%d moves", left)
			if left == 1 {
				lasts = "1 move"
			}
			a.Move, a.Why = r.BestMove, "the longest resistance: every move loses, this one lasts "+lasts
		case len(r.WinningMoves) > 0:
			a.Move, a.Why = r.WinningMoves[0], "a winning move: it leaves a P-position"
		}
	} else {
		th, rule, ok := theory.Find(ctx, c.g)
		if !ok {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			return nil, fmt.Errorf("%v lies outside the solved positions and no theorem covers %s", p, c.g.Spec)
		}
		isP, move, err := theory.Apply(th, rule, c.g, p)
		if err != nil {
			return nil, err
		}
		a.Outcome = "N"
		if isP {
			a.Outcome = "P"
		}
		if r, ok := rule.(theory.RemotenessOracle); ok {
			if best := r.BestMove(p); best != nil {
				a.Move, a.Why = best, fmt.Sprintf("by theorem %s (%s): the M-rule move, optimal for remoteness", th.Name, th.Source)
			}
		}
		if move != nil {
			a.WinningMoves = append(a.WinningMoves, move)
			if a.Move == nil {
				a.Move, a.Why = move, fmt.Sprintf("by theorem %s (%s): its winning move", th.Name, th.Source)
			}
		}
	}
	if a.Move == nil && !c.g.IsTerminal(p) {
		a.Move, a.Why = delay(c.g, p), "every move loses; it takes one token from a largest pile to play on"
	}
	return a, nil
}

// delay returns a small move from a non-terminal position: one token from a
// largest pile that can be played alone, or else the first option.
func delay(g *game.Game, p game.Position) game.Position {
	best := -1
	for i, v := range p {
		q := slices.Clone(p)
		if v > 0 {
			q[i]--
		}
		if v > 0 && g.IsMove(p, q) && (best < 0 || v > p[best]) {
			best = i
		}
	}
	if best >= 0 {
		q := slices.Clone(p)
		q[best]--
		return q
	}
	for q := range g.Options(p) {
		return slices.Clone(q)
	}
	return nil
}

// Player names who moves.
type Player string

// The two players.
const (
	You      Player = "you"
	Computer Player = "computer"
)

// Other returns the other player.
func (p Player) Other() Player {
	if p == You {
		return Computer
	}
	return You
}

// Match is a game in progress.
type Match struct {
	Game *game.Game
	// History holds the positions from the start to the current one.
	History []game.Position
	// First is the player who moved first.
	First Player
}

// NewMatch starts a game at start with first to move.
func NewMatch(g *game.Game, start game.Position, first Player) *Match {
	return &Match{Game: g, History: []game.Position{slices.Clone(start)}, First: first}
}

// Position is the current position.
func (m *Match) Position() game.Position { return m.History[len(m.History)-1] }

// ToMove is the player whose turn it is.
func (m *Match) ToMove() Player {
	if (len(m.History)-1)%2 == 0 {
		return m.First
	}
	return m.First.Other()
}

// Play makes the move to q, or says why it is illegal.
func (m *Match) Play(q game.Position) error {
	if m.Over() {
		return errors.New("the game is over")
	}
	if err := m.Game.CheckMove(m.Position(), q); err != nil {
		return err
	}
	m.History = append(m.History, slices.Clone(q))
	return nil
}

// Undo takes back the last move of each player, so that the same player is
// to move again; it reports whether there was anything to undo.
func (m *Match) Undo() bool {
	if len(m.History) < 3 {
		return false
	}
	m.History = m.History[:len(m.History)-2]
	return true
}

// Over reports whether the player to move has no move.
func (m *Match) Over() bool { return m.Game.IsTerminal(m.Position()) }

// Winner is the winner of a finished game: the player to move at the
// terminal position loses when it is a P-position (normal play: the last
// mover wins) and wins otherwise (misère play).
func (m *Match) Winner() Player {
	if terminalP, _, _ := m.Game.Terminal(); terminalP {
		return m.ToMove().Other()
	}
	return m.ToMove()
}
