package commands

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
)

// Source says which table a command reads: every position with piles 0..Max
// solved, or a table saved by "solve --out".
type Source struct {
	// Max is the largest pile; -1 when not given, which only a Table may
	// leave out.
	Max int `json:"max"`
	// Table, when not empty, is the path of a saved table to read instead of
	// solving; Max, when given, must then be its box's.
	Table string `json:"table,omitempty"`
	// Force solves even when the memory estimate passes the memory the
	// command may use.
	Force bool `json:"force,omitempty"`
	// Workers is the number of goroutines of the engines (the reference
	// engine runs on one); 0: one per core.
	Workers int `json:"workers,omitempty"`
}

// gameBox parses the spec and checks Max: the game and its uniform box.
// With a Table the box is the table's, and gameBox returns a nil box.
func (s *Source) gameBox(spec string) (*game.Game, table.Box, error) {
	g, err := game.Parse(spec)
	if err != nil {
		return nil, nil, err
	}
	if s.Table != "" {
		return g, nil, nil
	}
	if s.Max < 0 {
		return nil, nil, requestErrorf("%v is required: the largest pile size to solve, e.g. %v", Param("max"), Setting{Param("max"), "8"})
	}
	box := table.Uniform(g.Piles(), s.Max)
	if err := box.Check(); err != nil {
		return nil, nil, fmt.Errorf("%s --max %d: %w", g.Spec, s.Max, err)
	}
	return g, box, nil
}

// plansBuilt counts the plans the commands build (plan), for the test that
// a solve builds one.
var plansBuilt atomic.Int64

// plan builds the plan of a solve of g on box with opts, run by s.Workers
// goroutines: the one plan of the solve, which the command reads for the
// engine, the memory, the table or its stream.
func (s *Source) plan(g *game.Game, box table.Box, opts solve.Options) (*solve.Plan, error) {
	plansBuilt.Add(1)
	opts.Workers = s.Workers
	return solve.NewPlan(g, box, opts)
}

// solveOrLoad returns the table of g: read from s.Table, or solved on box
// with opts (its one plan built here).
func (s *Source) solveOrLoad(ctx context.Context, env Env, g *game.Game, box table.Box, opts solve.Options) (*table.Table, error) {
	if s.Table != "" {
		return s.load(ctx, env, g, opts)
	}
	plan, err := s.plan(g, box, opts)
	if err != nil {
		return nil, err
	}
	return s.build(ctx, env, plan)
}

// load reads the table of g from s.Table. It must be of g (the same spec),
// hold what opts asks for, and match Max when it is given; Max is then set
// to the table's.
func (s *Source) load(ctx context.Context, env Env, g *game.Game, opts solve.Options) (*table.Table, error) {
	if opts.Reference {
		return nil, requestErrorf("%v and %v: a table read from a file is not solved again", Param("table"), Param("reference"))
	}
	t, err := loadTable(ctx, env, s.Table, g)
	if err != nil {
		return nil, err
	}
	if err := t.CheckContents(opts.Grundy, opts.Remoteness); err != nil {
		return nil, fmt.Errorf("%s: %w", s.Table, err)
	}
	uniform := table.Uniform(len(t.Box), t.Box[0])
	switch {
	case !slices.Equal(t.Box, uniform):
		return nil, fmt.Errorf("%s: the table's box %v has different maxima; the commands read tables with every pile 0..H", s.Table, t.Box)
	case s.Max >= 0 && s.Max != t.Box[0]:
		return nil, requestErrorf("%v %d, but %s holds every pile 0..%d; leave %v out to use the table's box", Param("max"), s.Max, s.Table, t.Box[0], Param("max"))
	}
	s.Max = t.Box[0]
	return t, nil
}

// loadTable reads the table file at path and checks that it is a table of g.
func loadTable(ctx context.Context, env Env, path string, g *game.Game) (*table.Table, error) {
	t, err := table.Load(ctx, path, env.memory())
	if err != nil {
		return nil, err
	}
	if err := t.CheckGame(g); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

// build solves the plan's box through env's gate (Env.table), from env's
// cache when it has one.
func (s *Source) build(ctx context.Context, env Env, plan *solve.Plan) (*table.Table, error) {
	return env.table(ctx, plan, s.Force)
}

// maxUnforcedStates bounds the states a solve values without --force: 2^40,
// a quarter of an hour even at fastestRate. A box beyond it (nim:3 --max
// 65534 has 2.8e14 positions) is refused at once with what it would cost,
// rather than started silently for days.
const maxUnforcedStates = 1 << 40

// fastestRate is a rate of states a second that no engine reaches (the
// fastest run at a few hundred million, see docs/performance.md): the time
// a refused solve would take at least.
const fastestRate = 1e9

// checkWork returns an error wrapping ErrTooLarge when the plan's solve
// values more than maxUnforcedStates states, saying how many, the least
// time they would take and memory, the bytes the solve would allocate.
func checkWork(plan *solve.Plan, memory int64) error {
	states := plan.States()
	if states <= maxUnforcedStates {
		return nil
	}
	what := "positions"
	if states < plan.Box().Positions() {
		what = "sorted states"
	}
	least := time.Duration(float64(states) / fastestRate * float64(time.Second))
	return fmt.Errorf("%w: %s with piles up to %d has %s %s: at least %s of work even at 10^9 a second, and about %s of memory; lower --max, or use --force to run anyway",
		ErrTooLarge, plan.Game().Spec, plan.Box()[0], strings.Replace(fmt.Sprintf("%.2g", float64(states)), "e+", "e", 1), what, roughDuration(least), solve.Bytes(memory))
}

// roughDuration writes d in the largest unit that fits, e.g. "3.3 days".
func roughDuration(d time.Duration) string {
	switch {
	case d >= 48*time.Hour:
		return fmt.Sprintf("%.1f days", d.Hours()/24)
	case d >= 2*time.Hour:
		return fmt.Sprintf("%.1f hours", d.Hours())
	}
	return fmt.Sprintf("%.0f minutes", d.Minutes())
}
