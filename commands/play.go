package commands

import (
	"context"
	"fmt"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/play"
)

// Player names who moves in a game against the computer: You or Computer.
type Player = play.Player

// The two players of a game against the computer.
const (
	You      = play.You
	Computer = play.Computer
)

// Advice is what the computer knows about a position (play.Advice).
type Advice = play.Advice

// PlayRequest is a game against the computer at one moment, and what the
// player does next ("nimlab play", the web lab's play page): the whole
// session is in the request, so that every front end only keeps the
// History its last result gave and renders it.
type PlayRequest struct {
	Game string `json:"game"`
	// History holds the positions from the start to the current one (at
	// least the start).
	History []string `json:"history"`
	// First is who moved first: You (when empty) or Computer.
	First Player `json:"first,omitempty"`
	// Move, when not empty, is your move as typed: the position it leaves
	// or edits "pile -= amount" (play.ParseMove).
	Move string `json:"move,omitempty"`
	// Undo takes back your last move and the computer's answer first.
	Undo bool `json:"undo,omitempty"`
	// Hints asks for the computer's advice when you are to move.
	Hints bool `json:"hints,omitempty"`
}

// PlayMove is one move of a game.
type PlayMove struct {
	Player Player        `json:"player"`
	From   game.Position `json:"from"`
	To     game.Position `json:"to"`
	// Why says how the computer chose its move.
	Why string `json:"why,omitempty"`
}

// PlayResult is the game after a PlayRequest: your move, if it was legal,
// and the computer's reply, made.
type PlayResult struct {
	Game  string `json:"game"`
	Title string `json:"title"`
	// History holds the positions from the start to the current one: the
	// next request's History.
	History []game.Position `json:"history"`
	// Position is the current position.
	Position game.Position `json:"position"`
	// ToMove is who moves next; empty once the game is over.
	ToMove Player `json:"to_move,omitempty"`
	// Moves are the moves this request made, in order: yours, then the
	// computer's (or the computer's alone when it was to move).
	Moves []PlayMove `json:"moves"`
	// Refused, when not empty, says why the move (or undo) asked for was
	// not made: it was illegal, or there was nothing to undo. Nothing was
	// played then.
	Refused string `json:"refused,omitempty"`
	// Undone says that Undo took moves back.
	Undone bool `json:"undone,omitempty"`
	// Hint is the computer's advice at Position, when Hints asked for it
	// and you are to move.
	Hint *Advice `json:"hint,omitempty"`
	// Winner is the winner once no move is left, as game.Terminal decides
	// (play.Match.Winner): empty while the game goes on.
	Winner Player `json:"winner,omitempty"`
}

// Play plays one step of a game against the computer (play.Match and
// play.Opponent): it checks the history, takes back moves (Undo), makes
// your Move when it is legal, then the computer's reply while it is to
// move, and gives the advice asked for and the winner. The computer's
// opponent is kept in env's cache when it has one.
func Play(ctx context.Context, env Env, req PlayRequest) (*PlayResult, error) {
	g, err := game.Parse(req.Game)
	if err != nil {
		return nil, err
	}
	m, err := playMatch(g, req)
	if err != nil {
		return nil, err
	}
	var opp *play.Opponent
	opponent := func() (*play.Opponent, error) {
		if opp != nil {
			return opp, nil
		}
		var err error
		if env.Cache != nil {
			opp, err = env.Cache.opponent(ctx, env, g, m.History[0])
		} else {
			opp, err = newOpponent(ctx, env, g, m.History[0])
		}
		return opp, err
	}
	r := &PlayResult{Game: g.Spec, Title: g.Title, Moves: []PlayMove{}}
	switch {
	case req.Undo && req.Move != "":
		return nil, requestErrorf("give a move or undo, not both")
	case req.Undo:
		if r.Undone = m.Undo(); !r.Undone {
			r.Refused = "nothing to undo"
		}
	case req.Move != "":
		r.Refused = yourMove(g, m, req.Move, r)
	}
	if len(req.History) == 1 && req.Move == "" && !req.Undo && !m.Over() {
		// The start: refuse now a game the computer could not play.
		o, err := opponent()
		if err != nil {
			return nil, err
		}
		if _, err := o.Advise(ctx, m.Position()); err != nil {
			return nil, err
		}
	}
	for !m.Over() && m.ToMove() == Computer {
		o, err := opponent()
		if err != nil {
			return nil, err
		}
		from := m.Position()
		a, err := o.Advise(ctx, from)
		if err != nil {
			return nil, err
		}
		if err := m.Play(a.Move); err != nil {
			return nil, fmt.Errorf("the computer's move %v: %w (please report this)", a.Move, err)
		}
		r.Moves = append(r.Moves, PlayMove{Player: Computer, From: from, To: a.Move, Why: a.Why})
	}
	r.History, r.Position = m.History, m.Position()
	if m.Over() {
		r.Winner = m.Winner()
		return r, nil
	}
	r.ToMove = m.ToMove()
	if req.Hints {
		o, err := opponent()
		if err != nil {
			return nil, err
		}
		if r.Hint, err = o.Advise(ctx, m.Position()); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// playMatch is the match of req's history, each of its moves checked.
func playMatch(g *game.Game, req PlayRequest) (*play.Match, error) {
	if len(req.History) == 0 {
		return nil, requestErrorf("give the game's history: its start at least")
	}
	first := req.First
	switch first {
	case "", "me":
		first = You // "me", as the command line's --first says it
	case You, Computer:
	default:
		return nil, requestErrorf("first must be %s (or me) or %s, not %q", You, Computer, first)
	}
	var m *play.Match
	for i, text := range req.History {
		p, err := g.ParsePosition(text)
		if err != nil {
			return nil, err
		}
		if m == nil {
			m = play.NewMatch(g, p, first)
			continue
		}
		if err := m.Play(p); err != nil {
			return nil, requestErrorf("the history's move %d, %v -> %v: %w", i, m.Position(), p, err)
		}
	}
	return m, nil
}

// yourMove makes the move typed as text in m, recording it in r, and
// returns why it was refused, "" when it was made.
func yourMove(g *game.Game, m *play.Match, text string, r *PlayResult) string {
	switch {
	case m.Over():
		return "the game is over"
	case m.ToMove() != You:
		return "it is the computer's turn"
	}
	from := m.Position()
	to, err := play.ParseMove(g, from, text)
	if err == nil {
		err = m.Play(to)
	}
	if err != nil {
		return err.Error()
	}
	r.Moves = append(r.Moves, PlayMove{Player: You, From: from, To: to})
	return ""
}

// AdviseRequest asks for the computer's advice and move at a position of a
// game started at Start (the API's advise; Play plays a whole game).
type AdviseRequest struct {
	Game     string `json:"game"`
	Position string `json:"position"`
	// Start is where the game started: Position when empty.
	Start string `json:"start,omitempty"`
	// Check, when not empty, is a move typed by the player, checked for
	// legality.
	Check string `json:"check,omitempty"`
}

// AdviseResult is the computer's advice at a position.
type AdviseResult struct {
	Advice *play.Advice `json:"advice"`
	// Check is "legal", or why the move asked about is not, when one was.
	Check    *string       `json:"check,omitempty"`
	Game     string        `json:"game"`
	Position game.Position `json:"position"`
	Terminal bool          `json:"terminal"`
}

// Advise says what the computer knows about a position and which move it
// would make (play.Opponent), with env's cache of opponents when it has one.
func Advise(ctx context.Context, env Env, req AdviseRequest) (*AdviseResult, error) {
	g, p, err := gameAndPosition(req.Game, req.Position)
	if err != nil {
		return nil, err
	}
	start := p
	if req.Start != "" {
		if start, err = g.ParsePosition(req.Start); err != nil {
			return nil, err
		}
	}
	var opp *play.Opponent
	if env.Cache != nil {
		opp, err = env.Cache.opponent(ctx, env, g, start)
	} else {
		opp, err = newOpponent(ctx, env, g, start)
	}
	if err != nil {
		return nil, err
	}
	a, err := opp.Advise(ctx, p)
	if err != nil {
		return nil, err
	}
	r := &AdviseResult{Game: g.Spec, Position: p, Advice: a, Terminal: g.IsTerminal(p)}
	if req.Check != "" {
		to, err := play.ParseMove(g, p, req.Check)
		if err == nil {
			err = g.CheckMove(p, to)
		}
		check := "legal"
		if err != nil {
			check = err.Error()
		}
		r.Check = &check
	}
	return r, nil
}

// newOpponent prepares an opponent, admitted by env (it may solve).
func newOpponent(ctx context.Context, env Env, g *game.Game, start game.Position) (*play.Opponent, error) {
	release, err := env.admit()
	if err != nil {
		return nil, err
	}
	defer release()
	return play.NewOpponent(ctx, g, start, env.opponentGate())
}
