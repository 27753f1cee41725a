package commands

import (
	"fmt"
	"io"
	"strings"

	"github.com/nimlab/nimlab/figure"
	"github.com/nimlab/nimlab/game"
)

// WriteText writes the step as "nimlab play" shows it in a terminal: why the
// move asked for was refused; or each move made, with the board after it
// (at the start, the game's title and the board first; after an undo, the
// position it went back to); then the advice asked for and the winner.
// JSON is WriteJSON's.
func (r *PlayResult) WriteText(w io.Writer) error {
	if r.Refused != "" {
		return writeString(w, "illegal: "+r.Refused+"\n")
	}
	g, err := game.Parse(r.Game)
	if err != nil {
		return fmt.Errorf("play: the result's game: %w", err)
	}
	var b strings.Builder
	at := len(r.History) - 1 - len(r.Moves) // the index of the first move's start
	if len(r.Moves) == 0 {
		switch {
		case r.Undone:
			fmt.Fprintf(&b, "\nundone: back to %v, %s to move\n", r.Position, r.ToMove)
		case at == 0:
			fmt.Fprintf(&b, "%s, %s to move first\n", r.Title, r.ToMove)
		default:
			fmt.Fprintf(&b, "\n%v, %s to move\n", r.Position, r.ToMove)
		}
		fmt.Fprintf(&b, "%s", figure.Text(g, r.Position))
	} else {
		switch first := r.Moves[0]; {
		case r.Undone: // back to where the computer moves, then its move
			fmt.Fprintf(&b, "\nundone: back to %v, %s to move\n%s", r.History[at], first.Player, figure.Text(g, r.History[at]))
		case at == 0 && first.Player == Computer: // the start, then its move
			fmt.Fprintf(&b, "%s, %s to move first\n%s", r.Title, first.Player, figure.Text(g, r.History[0]))
		}
		for _, mv := range r.Moves {
			fmt.Fprintf(&b, "\n%s: %v -> %v", mv.Player, mv.From, mv.To)
			if mv.Why != "" {
				fmt.Fprintf(&b, " (%s)", mv.Why)
			}
			fmt.Fprintf(&b, "\n%s", figure.Text(g, mv.To))
		}
	}
	if r.Hint != nil {
		writeHint(&b, r.Hint)
	}
	switch r.Winner {
	case You:
		fmt.Fprintf(&b, "the game is over: you win\n")
	case Computer:
		fmt.Fprintf(&b, "the game is over: the computer wins\n")
	}
	return writeString(w, b.String())
}

// writeHint writes the advice as a hint: the outcome, every winning move,
// and the remoteness when it is known.
func writeHint(b *strings.Builder, a *Advice) {
	if a.Outcome == "P" {
		fmt.Fprintf(b, "hint: a P-position — every move loses against perfect play\n")
	} else {
		fmt.Fprintf(b, "hint: an N-position — winning moves:")
		for _, q := range a.WinningMoves {
			fmt.Fprintf(b, " %v", q)
		}
		fmt.Fprintf(b, "\n")
	}
	if a.Remoteness >= 0 {
		fmt.Fprintf(b, "      remoteness %d\n", a.Remoteness)
	}
}

// WriteText writes the advice as text: the position, its outcome and
// winning moves, its remoteness when known, the computer's move from it and
// why, and whether the move asked about is legal. JSON is WriteJSON's.
func (r *AdviseResult) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s at %v", r.Game, r.Position)
	if r.Terminal {
		fmt.Fprintf(&b, ": no move is left")
	}
	fmt.Fprintf(&b, "\n")
	if r.Advice != nil {
		writeHint(&b, r.Advice)
		if r.Advice.Move != nil {
			fmt.Fprintf(&b, "the computer's move: %v", r.Advice.Move)
			if r.Advice.Why != "" {
				fmt.Fprintf(&b, " (%s)", r.Advice.Why)
			}
			fmt.Fprintf(&b, "\n")
		}
	}
	if r.Check != nil {
		fmt.Fprintf(&b, "the move asked about: %s\n", *r.Check)
	}
	return writeString(w, b.String())
}

// writeString writes s to w, the error wrapped.
func writeString(w io.Writer, s string) error {
	if _, err := io.WriteString(w, s); err != nil {
		return fmt.Errorf("writing the text: %w", err)
	}
	return nil
}
