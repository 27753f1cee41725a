package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/nimlab/nimlab/figure"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/play"
	"github.com/spf13/cobra"
)

// turnRecord is one line of play --json: the state after a turn (turn 0 is
// the start).
type turnRecord struct {
	Turn     int           `json:"turn"`
	Player   play.Player   `json:"player,omitempty"`
	Move     game.Position `json:"move,omitempty"`
	Why      string        `json:"why,omitempty"`
	Position game.Position `json:"position"`
	ToMove   play.Player   `json:"to_move,omitempty"`
	Hint     *play.Advice  `json:"hint,omitempty"`
	Error    string        `json:"error,omitempty"`
	Winner   play.Player   `json:"winner,omitempty"`
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
			ctx := cmd.Context()
			g, err := game.Parse(args[0])
			if err != nil {
				return err
			}
			start, err := g.ParsePosition(args[1])
			if err != nil {
				return err
			}
			var who play.Player
			switch first {
			case "me", "you":
				who = play.You
			case "computer":
				who = play.Computer
			default:
				return usageError(cmd, "--first must be me or computer, not %q", first)
			}
			opp, err := play.NewOpponent(ctx, g, start)
			if err != nil {
				return err
			}
			m := play.NewMatch(g, start, who)
			out := cmd.OutOrStdout()
			in := readLines(ctx, cmd.InOrStdin())
			emit := func(r turnRecord) error {
				if !m.Over() {
					r.ToMove = m.ToMove()
				} else {
					r.Winner = m.Winner()
				}
				if asJSON {
					return printJSON(out, r)
				}
				if r.Error != "" {
					fmt.Fprintf(out, "illegal: %s\n", r.Error)
					return nil
				}
				if r.Player != "" {
					fmt.Fprintf(out, "\n%s: %v -> %v", r.Player, m.History[len(m.History)-2], r.Position)
					if r.Why != "" {
						fmt.Fprintf(out, " (%s)", r.Why)
					}
					fmt.Fprintln(out)
				} else {
					fmt.Fprintf(out, "%s, %s to move first\n", g.Title, m.ToMove())
				}
				fmt.Fprint(out, figure.Text(g, r.Position))
				if r.Hint != nil {
					printHint(out, r.Position, r.Hint)
				}
				if r.Winner != "" {
					fmt.Fprintf(out, "no move is left: %s win\n", r.Winner)
				}
				return nil
			}
			hint := func() (*play.Advice, error) {
				if !hints || m.Over() || m.ToMove() != play.You {
					return nil, nil
				}
				return opp.Advise(ctx, m.Position())
			}
			h, err := hint()
			if err != nil {
				return err
			}
			if err := emit(turnRecord{Position: m.Position(), Hint: h}); err != nil {
				return err
			}
			for !m.Over() {
				if err := ctx.Err(); err != nil {
					return err
				}
				rec := turnRecord{Turn: len(m.History)}
				if m.ToMove() == play.Computer {
					a, err := opp.Advise(ctx, m.Position())
					if err != nil {
						return err
					}
					if err := m.Play(a.Move); err != nil {
						return fmt.Errorf("the computer's move %v: %w (please report this)", a.Move, err)
					}
					rec.Player, rec.Move, rec.Why = play.Computer, a.Move, a.Why
				} else {
					if !asJSON {
						fmt.Fprint(out, "your move: ")
					}
					var text string
					var more bool
					select {
					case <-ctx.Done(): // Ctrl-C while waiting for a move
						return ctx.Err()
					case text, more = <-in.lines:
					}
					if !more {
						if in.err != nil {
							return in.err
						}
						return fmt.Errorf("the game stopped at %v: no more moves on the input", m.Position())
					}
					line := strings.TrimSpace(text)
					switch line {
					case "":
						continue
					case "quit", "q":
						return nil
					case "hint", "?":
						a, err := opp.Advise(ctx, m.Position())
						if err != nil {
							return err
						}
						if err := emit(turnRecord{Turn: len(m.History) - 1, Position: m.Position(), Hint: a}); err != nil {
							return err
						}
						continue
					case "undo":
						if !m.Undo() {
							if err := emit(turnRecord{Turn: len(m.History) - 1, Position: m.Position(), Error: "nothing to undo"}); err != nil {
								return err
							}
							continue
						}
						h, err := hint()
						if err != nil {
							return err
						}
						if err := emit(turnRecord{Turn: len(m.History) - 1, Position: m.Position(), Hint: h}); err != nil {
							return err
						}
						continue
					}
					q, err := parseMove(g, m.Position(), line)
					if err == nil {
						err = m.Play(q)
					}
					if err != nil {
						if err := emit(turnRecord{Turn: len(m.History) - 1, Position: m.Position(), Error: err.Error()}); err != nil {
							return err
						}
						continue
					}
					rec.Player, rec.Move = play.You, q
				}
				rec.Position = m.Position()
				if rec.Hint, err = hint(); err != nil {
					return err
				}
				if err := emit(rec); err != nil {
					return err
				}
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&first, "first", "me", "who moves first: me or computer")
	cmd.Flags().BoolVar(&hints, "hints", false, "show the outcome and every winning move before each of your turns")
	cmd.Flags().BoolVar(&asJSON, "json", false, "one JSON object per line per turn, for scripts")
	return cmd
}

func printHint(out io.Writer, p game.Position, a *play.Advice) {
	switch {
	case a.Outcome == "P":
		fmt.Fprintln(out, "hint: a P-position — every move loses against perfect play")
	default:
		fmt.Fprintf(out, "hint: an N-position — winning moves:")
		for _, q := range a.WinningMoves {
			fmt.Fprintf(out, " %v", q)
		}
		fmt.Fprintln(out)
	}
	if a.Remoteness >= 0 {
		fmt.Fprintf(out, "      remoteness %d\n", a.Remoteness)
	}
}

// editPattern matches one edit "pile -= amount".
var editPattern = regexp.MustCompile(`^\s*(\d+)\s*-=\s*(\d+)\s*$`)

// parseMove reads a move typed at p: the position it leaves, or edits
// "pile -= amount" (piles from 1) separated by commas or semicolons.
func parseMove(g *game.Game, p game.Position, line string) (game.Position, error) {
	if !strings.Contains(line, "-=") {
		return g.ParsePosition(line)
	}
	q := append(game.Position(nil), p...)
	for _, edit := range strings.FieldsFunc(line, func(r rune) bool { return r == ',' || r == ';' }) {
		m := editPattern.FindStringSubmatch(edit)
		if m == nil {
			return nil, fmt.Errorf("%q is not an edit: write pile -= amount, e.g. 2 -= 3", strings.TrimSpace(edit))
		}
		pile, err1 := strconv.Atoi(m[1])
		amount, err2 := strconv.Atoi(m[2])
		if err1 != nil || err2 != nil || pile < 1 || pile > len(p) {
			return nil, fmt.Errorf("%q: there are piles 1..%d", strings.TrimSpace(edit), len(p))
		}
		q[pile-1] -= amount
	}
	return q, nil
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
