package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/nimlab/nimlab/commands"
	"github.com/nimlab/nimlab/game"
	"github.com/spf13/cobra"
)

// turnRecord is one line of play --json: the state after a turn (turn 0 is
// the start).
type turnRecord struct {
	Turn     int              `json:"turn"`
	Player   commands.Player  `json:"player,omitempty"`
	Move     game.Position    `json:"move,omitempty"`
	Why      string           `json:"why,omitempty"`
	Position game.Position    `json:"position"`
	ToMove   commands.Player  `json:"to_move,omitempty"`
	Hint     *commands.Advice `json:"hint,omitempty"`
	Error    string           `json:"error,omitempty"`
	// Undone says that an undo took moves back to Position.
	Undone bool            `json:"undone,omitempty"`
	Winner commands.Player `json:"winner,omitempty"`
}

func newPlayCmd() *cobra.Command {
	var first string
	var hints, asJSON bool
	cmd := &cobra.Command{
		Use:   "play GAME POSITION [--first me|computer] [--hints]",
		Short: "Play a game against the computer in the terminal",
		Long: `Plays GAME from POSITION against the computer, which plays perfectly: from an
N-position the fastest win, from a P-position the longest resistance (Smith's
remoteness), where the positions below the start can be solved; with huge piles
it plays the winning move of the theorem covering the game.

Type your move as the position it leaves (3,1,0,1) or as edits of piles
numbered from 1 ("2 -= 3", several separated by commas: "1-=1, 2-=1"). An
illegal move is explained and asked again. "undo" takes back your last move and
the computer's answer, "hint" shows the outcome and every winning move, "quit"
stops. --hints shows them before each of your turns.

With --json, every turn prints one JSON object on one line: the move, the
position after it, who is to move, and on the last line the winner (computer or
you). Scripts write moves on stdin, one per line.`,
		Example: `  nimlab play cn:8,3 3,1,4,1,5,9,2,6
  nimlab play nim:3 1,2,4 --first computer --hints
  printf '0,2,3\n' | nimlab play nim:3 1,2,3 --json`,
		Args: positional,
		RunE: func(cmd *cobra.Command, args []string) error {
			var who commands.Player
			switch first {
			case "me", "you":
				who = commands.You
			case "computer":
				who = commands.Computer
			default:
				return usageError(cmd, "--first must be me (or you) or computer, not %q", first)
			}
			g, err := game.Parse(args[0])
			if err != nil {
				return err
			}
			ctx := cmd.Context()
			s := &playSession{
				ctx: ctx, env: env(ctx, asJSON), g: g, out: cmd.OutOrStdout(), asJSON: asJSON, hints: hints,
				req: commands.PlayRequest{Game: args[0], History: []string{args[1]}, First: who},
			}
			// The opponent is solved once, and kept for the whole game.
			s.env.Cache = commands.NewCache(s.env.MaxMemory)
			return s.run(readLines(ctx, cmd.InOrStdin()))
		},
	}
	defineFlags(cmd, "play", map[string]any{"first": &first, "hints": &hints, "json": &asJSON})
	return cmd
}

// playSession is a game of nimlab play: each step is a commands.Play of the
// history so far, whose result the terminal renders.
type playSession struct {
	ctx    context.Context
	env    commands.Env
	g      *game.Game
	out    io.Writer
	asJSON bool
	hints  bool
	// req is the game so far: its History follows every result.
	req  commands.PlayRequest
	last *commands.PlayResult
}

// step plays one request of the game: move, undo or hint (with the
// session's hints unless hint), and renders its result.
func (s *playSession) step(move string, undo, hint bool) error {
	req := s.req
	req.Move, req.Undo, req.Hints = move, undo, s.hints || hint
	res, err := commands.Play(s.ctx, s.env, req)
	if err != nil {
		return err
	}
	start := s.last == nil
	s.last = res
	s.req.History = s.req.History[:0]
	for _, p := range res.History {
		s.req.History = append(s.req.History, p.String())
	}
	if !s.asJSON {
		return res.WriteText(s.out)
	}
	at := len(res.History) - 1 - len(res.Moves) // the index of the first move's start
	if start && len(res.Moves) > 0 {
		// The computer moves first: the start, then its move.
		if err := printJSON(s.out, turnRecord{Position: res.History[0], ToMove: s.req.First}); err != nil {
			return err
		}
	}
	if res.Undone && len(res.Moves) > 0 {
		// Back to where the computer moves: the position, then its move.
		if err := printJSON(s.out, turnRecord{Turn: at, Position: res.History[at], ToMove: commands.Computer, Undone: true}); err != nil {
			return err
		}
	}
	if len(res.Moves) == 0 {
		r := turnRecord{Turn: at, Position: res.Position, ToMove: res.ToMove, Winner: res.Winner, Error: res.Refused, Undone: res.Undone}
		if r.Error == "" {
			r.Hint = res.Hint
		}
		return printJSON(s.out, r)
	}
	for i, mv := range res.Moves {
		r := turnRecord{Turn: at + i + 1, Player: mv.Player, Move: mv.To, Why: mv.Why, Position: mv.To, ToMove: mv.Player.Other()}
		if i == len(res.Moves)-1 {
			r.ToMove, r.Winner, r.Hint = res.ToMove, res.Winner, res.Hint
		}
		if err := printJSON(s.out, r); err != nil {
			return err
		}
	}
	return nil
}

// run plays the game from its start, reading your moves from in, until
// no move is left or you quit.
func (s *playSession) run(in *lineInput) error {
	if err := s.step("", false, false); err != nil {
		return err
	}
	for s.last.Winner == "" {
		if err := s.ctx.Err(); err != nil {
			return err
		}
		if !s.asJSON {
			fmt.Fprint(s.out, "your move: ")
		}
		var text string
		var more bool
		select {
		case <-s.ctx.Done(): // Ctrl-C while waiting for a move
			return s.ctx.Err()
		case text, more = <-in.lines:
		}
		if !more {
			if !s.asJSON {
				fmt.Fprintln(s.out)
			}
			if in.err != nil {
				return in.err
			}
			return fmt.Errorf("the game stopped at %v: no more moves on the input", s.last.Position)
		}
		var err error
		switch line := strings.TrimSpace(text); line {
		case "":
			continue
		case "quit", "q":
			if !s.asJSON {
				fmt.Fprintln(s.out)
			}
			return nil
		case "hint", "?":
			err = s.step("", false, true)
		case "undo":
			err = s.step("", true, false)
		default:
			err = s.step(line, false, false)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// lineInput is the lines of an input, read by a goroutine of their own so
// that waiting for the next one can stop when the command is cancelled.
type lineInput struct {
	lines <-chan string
	// err is the reading error, set before lines is closed.
	err error
}

// readLines reads r line by line until it ends or ctx is cancelled.
func readLines(ctx context.Context, r io.Reader) *lineInput {
	lines := make(chan string)
	in := &lineInput{lines: lines}
	go func() {
		defer close(lines)
		scanner := bufio.NewScanner(r)
		for scanner.Scan() {
			select {
			case lines <- scanner.Text():
			case <-ctx.Done():
				return
			}
		}
		in.err = scanner.Err()
	}()
	return in
}
