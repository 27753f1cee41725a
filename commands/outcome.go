package commands

import (
	"context"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"time"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/literature"
	"github.com/nimlab/nimlab/table"
	"github.com/nimlab/nimlab/theory"
)

// maxOutcomeTable bounds the table Outcome builds for a position's Grundy
// value and full list of winning moves when a theorem already decides it.
const maxOutcomeTable = 50_000_000

// OutcomeRequest asks for the outcome of one position ("nimlab outcome").
type OutcomeRequest struct {
	Game     string `json:"game"`
	Position string `json:"position"`
	// Table, when not empty, is a saved table to read the position's Grundy
	// value, remoteness and winning moves from (by random access).
	Table string `json:"table,omitempty"`
	// Force solves even when the memory estimate passes the memory the
	// command may use.
	Force bool `json:"force,omitempty"`
	// Options lists every option of the position as well (at most
	// MaxOptions of them).
	Options bool `json:"options,omitempty"`
}

// MaxOptions is the most options "outcome --options" lists; a position with
// more is refused as too large.
const MaxOptions = 100_000

// OutcomeResult is the outcome of a position, its Grundy value, remoteness
// and winning moves, and the theorem that decided it.
type OutcomeResult struct {
	// BestMove is an option of remoteness one less (null at a terminal
	// position); present when Remoteness is.
	BestMove *game.Position `json:"best_move,omitempty"`
	Game     string         `json:"game"`
	// Grundy is the Grundy value, when a table gave it.
	Grundy *int `json:"grundy,omitempty"`
	// Options are every option of the position (the positions one move
	// reaches), in the move generator's order, when asked for.
	Options  []game.Position `json:"options,omitzero"`
	Outcome  string          `json:"outcome"`
	Position game.Position   `json:"position"`
	// Remoteness is Smith's remoteness, when a table or the theorem gave it.
	Remoteness *uint64  `json:"remoteness,omitempty"`
	Seconds    float64  `json:"seconds"`
	Theorem    *Theorem `json:"theorem,omitempty"`
	Title      string   `json:"title"`
	// WinningMoves are every winning move when a table was read or solved
	// (AllWinningMoves), else the theorem's move.
	WinningMoves []game.Position `json:"winning_moves"`
	// AllWinningMoves says whether WinningMoves lists every winning move
	// (a table was read or solved), or only the theorem's (piles too large
	// to solve below).
	AllWinningMoves bool `json:"all_winning_moves"`

	theoremMove game.Position
	tabled      bool // a table was read or solved
	fromFile    bool // the table was read from a file
}

// Theorem is a theorem in JSON: its citations both rendered (Source, which
// the web lab shows) and structured (References).
type Theorem struct {
	Name       string               `json:"name"`
	Statement  string               `json:"statement"`
	Source     string               `json:"source"`
	References literature.Citations `json:"references"`
	// Proofs are the recorded runs of "nimlab prove GAME --theorem NAME".
	Proofs []theory.ProofRecord `json:"proofs"`
}

// theoremOf describes th.
func theoremOf(th *theory.Theorem) Theorem {
	proofs := th.Proofs()
	if proofs == nil {
		proofs = []theory.ProofRecord{}
	}
	return Theorem{Name: th.Name, Statement: th.Statement, Source: th.Source.String(), References: th.Source, Proofs: proofs}
}

// Outcome decides a position: by the theorem covering the game, for piles
// of any size, and by solving the positions below it when that is small
// enough (always when no theorem applies); or from a saved table.
func Outcome(ctx context.Context, env Env, req OutcomeRequest) (*OutcomeResult, error) {
	g, p, err := gameAndPosition(req.Game, req.Position)
	if err != nil {
		return nil, err
	}
	var options []game.Position
	if req.Options {
		if options, err = listOptions(ctx, g, p); err != nil {
			return nil, err
		}
	}
	start := time.Now()
	// A position that no theorem covers can take minutes to solve: the
	// solve goes through env's gate, which admits it and reports its
	// progress, as solve's does.
	opts := theory.DecideOptions{TableLimit: maxOutcomeTable, Gate: env.gate(req.Force)}
	if req.Table != "" {
		// Read by random access: only the blocks holding p and its options,
		// whatever the size of the table.
		tf, err := table.Open(req.Table)
		if err != nil {
			return nil, err
		}
		defer tf.Close()
		if err := tf.CheckGame(g); err != nil {
			return nil, fmt.Errorf("%s: %w", req.Table, err)
		}
		if err := tf.CheckPosition(p); err != nil {
			return nil, fmt.Errorf("%s: %w", req.Table, err)
		}
		opts.Table = tf
	}
	d, err := theory.Decide(ctx, g, p, opts)
	if err != nil {
		return nil, err
	}
	r := &OutcomeResult{
		Game: g.Spec, Title: g.Title, Position: p, Outcome: d.Outcome, WinningMoves: []game.Position{}, Options: options,
		theoremMove: d.TheoremMove, tabled: d.Table != nil, fromFile: req.Table != "", AllWinningMoves: d.Table != nil,
	}
	switch {
	case d.Table != nil:
		r.WinningMoves = append(r.WinningMoves, d.Table.WinningMoves...)
	case d.TheoremMove != nil:
		r.WinningMoves = append(r.WinningMoves, d.TheoremMove)
	}
	if d.Theorem != nil {
		th := theoremOf(d.Theorem)
		r.Theorem = &th
	}
	if d.Table != nil && d.Table.Grundy >= 0 {
		r.Grundy = &d.Table.Grundy
	}
	if rem, best, ok := remoteness(d); ok {
		r.Remoteness, r.BestMove = &rem, &best
	}
	r.Seconds = seconds(start)
	return r, nil
}

// listOptions lists every option of p, refusing as too large a position
// with more than MaxOptions: before listing when the rule counts them, else
// when the list passes MaxOptions.
func listOptions(ctx context.Context, g *game.Game, p game.Position) ([]game.Position, error) {
	if _, err := g.MoveSets(); err != nil {
		return nil, err
	}
	tooMany := func(n string) error {
		return fmt.Errorf("position %v has %s options; at most %d are listed: %w", p, n, MaxOptions, ErrTooLarge)
	}
	if n := g.OptionCount(p); n > MaxOptions && !math.IsInf(n, 1) {
		return nil, tooMany(fmt.Sprintf("%.4g", n))
	}
	options := []game.Position{}
	for q := range g.Options(p) {
		if len(options) == MaxOptions {
			return nil, tooMany("more than " + strconv.Itoa(MaxOptions))
		}
		options = append(options, slices.Clone(q))
		if len(options)%1024 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
	}
	return options, nil
}

// remoteness returns the remoteness of the decided position and a move
// lowering it by one, from the table or else from the theorem, and false
// when neither has it.
func remoteness(d *theory.Decision) (uint64, game.Position, bool) {
	if d.Table != nil && d.Table.Remoteness >= 0 {
		return uint64(d.Table.Remoteness), d.Table.BestMove, true
	}
	return d.TheoremRemoteness, d.TheoremBestMove, d.TheoremGivesRemoteness
}

// WriteText writes the outcome as "nimlab outcome" prints it.
func (r *OutcomeResult) WriteText(out io.Writer) error {
	p := r.Position
	fmt.Fprintf(out, "%s, position %v\n", r.Title, p)
	if r.Outcome == "P" {
		fmt.Fprintln(out, "outcome: P (the previous player wins: every move leads to an N-position)")
	} else {
		fmt.Fprintln(out, "outcome: N (the next player wins)")
	}
	if th := r.Theorem; th != nil {
		fmt.Fprintf(out, "by theorem %s (%s): %s\n", th.Name, th.Source, th.Statement)
		if r.theoremMove != nil {
			fmt.Fprintf(out, "the theorem's winning move: %v -> %v\n", p, r.theoremMove)
		}
	}
	switch {
	case r.Grundy != nil:
		fmt.Fprintf(out, "Grundy value: %d\n", *r.Grundy)
	case r.tabled:
		fmt.Fprintln(out, "Grundy value: not in the table (solve it with --grundy --out)")
	}
	switch {
	case r.Remoteness == nil && r.fromFile:
		fmt.Fprintln(out, "remoteness: not in the table (solve it with --remoteness --out)")
	case r.Remoteness == nil:
		fmt.Fprintln(out, "remoteness: not computed (no theorem gives it, and too many options to enumerate below this position)")
	case *r.BestMove == nil:
		fmt.Fprintf(out, "remoteness: %d (no move left)\n", *r.Remoteness)
	case r.Outcome == "N":
		fmt.Fprintf(out, "remoteness: %d; fastest win: %v -> %v\n", *r.Remoteness, p, *r.BestMove)
	default:
		fmt.Fprintf(out, "remoteness: %d; longest resistance: %v -> %v\n", *r.Remoteness, p, *r.BestMove)
	}
	if r.Options != nil {
		fmt.Fprintf(out, "options (%d):\n", len(r.Options))
		for _, q := range r.Options {
			fmt.Fprintf(out, "  %v -> %v\n", p, q)
		}
	}
	if r.tabled && len(r.WinningMoves) > 0 {
		fmt.Fprintf(out, "winning moves (%d):\n", len(r.WinningMoves))
		for _, q := range r.WinningMoves {
			fmt.Fprintf(out, "  %v -> %v\n", p, q)
		}
	}
	return nil
}

// gameAndPosition parses a game spec and a position of it.
func gameAndPosition(spec, position string) (*game.Game, game.Position, error) {
	g, err := game.Parse(spec)
	if err != nil {
		return nil, nil, err
	}
	p, err := g.ParsePosition(position)
	if err != nil {
		return nil, nil, err
	}
	return g, p, nil
}
