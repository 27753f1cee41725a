package commands

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
)

// The one gate of every solve a command runs, its own (Source.build) and
// those of the libraries it calls (discover, prove's engine check and
// learning, play's opponent, the atlas, repro, theory): one plan, checked
// against the server's limit of positions, the memory a solve may use and
// the work of an unforced solve, admitted (Env.Admit, Env.Solves), watched
// (Env.Progress) and stopped with the command's context.

// gate is env's gate for the solves of the libraries a command calls:
// env.table without the cache, which keeps the tables of the commands' own
// solves only (the libraries keep what they need). force skips the memory
// and work checks, as Source.Force does.
func (env Env) gate(force bool) solve.Gate {
	env.Cache = nil
	return solve.GateFunc(func(ctx context.Context, plan *solve.Plan) (*table.Table, error) {
		return env.table(ctx, plan, force)
	})
}

// table solves the plan's box through env's gate: after checking its size
// (MaxPositions) and, unless force, its memory estimate and its work; from
// env's cache when it has one (except for the reference engine), else
// admitted by env (Admit) and run (run).
func (env Env) table(ctx context.Context, plan *solve.Plan, force bool) (*table.Table, error) {
	if err := env.checkBox(plan.Game(), plan.Box()); err != nil {
		return nil, err
	}
	if !force {
		if err := plan.CheckMemory(env.memory()); err != nil {
			return nil, err
		}
		if err := checkWork(plan, plan.MemoryNeeded()); err != nil {
			return nil, err
		}
	}
	if env.Cache != nil && plan.Engine() != solve.EngineReference {
		return env.Cache.table(ctx, env, plan)
	}
	release, err := env.admit()
	if err != nil {
		return nil, err
	}
	defer release()
	return env.run(ctx, plan)
}

// run solves the plan once it has a place in env.Solves, watched by env's
// progress report.
func (env Env) run(ctx context.Context, plan *solve.Plan) (*table.Table, error) {
	leave, err := env.Solves.enter(ctx, plan)
	if err != nil {
		return nil, err
	}
	defer leave()
	end := env.watch(plan)
	defer end()
	return plan.Table(ctx)
}

// maxOpponentTable bounds the positions the computer solves at the start
// of a game (play.NewOpponent); beyond it (huge piles) it plays at once
// from the theorem covering the game rather than solving for minutes.
const maxOpponentTable = 20_000_000

// opponentGate is env's gate for the table of play's opponent, which
// refuses more than maxOpponentTable positions (ErrTooLarge).
func (env Env) opponentGate() solve.Gate {
	gate := env.gate(false)
	return solve.GateFunc(func(ctx context.Context, plan *solve.Plan) (*table.Table, error) {
		if n := plan.Box().Positions(); n > maxOpponentTable {
			return nil, fmt.Errorf("%w: %d positions below the start, more than the %d the computer solves at the start of a game", ErrTooLarge, n, int64(maxOpponentTable))
		}
		return gate.Table(ctx, plan)
	})
}

// checkBox refuses a box of more than MaxPositions positions.
func (env Env) checkBox(g *game.Game, box table.Box) error {
	if env.MaxPositions <= 0 || box.Positions() <= env.MaxPositions {
		return nil
	}
	if slices.Equal(box, table.Uniform(len(box), box[0])) {
		return env.checkPositions(g, box[0])
	}
	return fmt.Errorf("%w: %s on the box %v has more than %d positions, the server's limit (nimlab serve --max-positions N raises it)", ErrTooLarge, g.Spec, box, env.MaxPositions)
}

// Solves bounds the solves of a front end's requests together: how many run
// at once, and the memory their estimates (solve.Plan.MemoryNeeded) reserve
// together. A solve waits for its place (or its command's context); one
// whose estimate alone passes the bound is refused with ErrTooLarge. Its
// zero value is not usable: NewSolves. A nil *Solves bounds nothing.
type Solves struct {
	max   int
	bytes int64

	mu           sync.Mutex
	running      int
	reserved     int64
	freed        chan struct{} // closed, and replaced, when a solve leaves
	peakRunning  int
	peakReserved int64
	ran          int64
}

// NewSolves returns the bound of at most n solves at once (at least 1)
// reserving at most bytes together.
func NewSolves(n int, bytes int64) *Solves {
	return &Solves{max: max(n, 1), bytes: bytes, freed: make(chan struct{})}
}

// Peak is the most solves that ran at once, and the most memory their
// estimates reserved at once, since s was made.
func (s *Solves) Peak() (solves int, bytes int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.peakRunning, s.peakReserved
}

// Ran is the number of solves that have had their place since s was made.
func (s *Solves) Ran() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.ran
}

// enter waits until the plan's solve fits beside those running, reserves
// its place and its memory estimate, and returns the function that frees
// them. A solve forced past the memory it may use (Source.Force) reserves
// the whole bound: it runs alone.
func (s *Solves) enter(ctx context.Context, plan *solve.Plan) (leave func(), err error) {
	if s == nil {
		return func() {}, nil
	}
	need := min(plan.MemoryNeeded(), s.bytes)
	for {
		s.mu.Lock()
		if s.running < s.max && s.reserved+need <= s.bytes {
			s.running++
			s.reserved += need
			s.peakRunning = max(s.peakRunning, s.running)
			s.peakReserved = max(s.peakReserved, s.reserved)
			s.ran++
			s.mu.Unlock()
			return func() { s.leave(need) }, nil
		}
		freed := s.freed
		s.mu.Unlock()
		select {
		case <-freed:
		case <-ctx.Done():
			return nil, fmt.Errorf("waiting to solve %s on %v: %w", plan.Game().Spec, plan.Box(), ctx.Err())
		}
	}
}

// leave frees a place and need bytes, and wakes the solves waiting.
func (s *Solves) leave(need int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.running--
	s.reserved -= need
	close(s.freed)
	s.freed = make(chan struct{})
}
