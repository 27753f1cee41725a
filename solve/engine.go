package solve

import (
	"context"
	"fmt"
	"io"
	"math"
	"unsafe"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/table"
)

// Engine names an engine of the package.
type Engine string

// The engines a plan chooses from.
const (
	EngineReference Engine = "reference" // Reference: every option enumerated, when Options.Reference asks
	EngineFast      Engine = "fast"      // Fast: take games: outcomes, Grundy values and remoteness
	EngineCones     Engine = "cones"     // Cones: rules with shifted cones, outcomes and Grundy values
	EngineValues    Engine = "values"    // Values: everything else, and the remoteness of rules
)

// engine is one way of solving a box: the core every engine has. The
// registry (engines) lists them in the order a plan tries them. Optional
// abilities are separate interfaces the plan checks with a type assertion
// (as io.WriterTo is to io.Writer): optionAnswerer (HasOptionIn) and
// streamer (Stream).
type engine interface {
	// name is the engine's name, as Plan.Engine reports it.
	name() Engine
	// solves reports whether the engine is the one to fill the table of
	// the plan's game, box and options.
	solves(p *Plan) bool
	// memory estimates the bytes solve allocates (see MemoryNeeded).
	memory(p *Plan) int64
	// solve fills the table.
	solve(ctx context.Context, p *Plan) (*table.Table, error)
}

// optionAnswerer is an engine that can answer HasOptionIn.
type optionAnswerer interface {
	engine
	// answers reports whether hasOptionIn applies to the plan's game.
	answers(p *Plan) bool
	// hasOptionIn is HasOptionIn on the plan's box.
	hasOptionIn(ctx context.Context, p *Plan, set []uint64) ([]uint64, error)
}

// streamer is an engine that can hand a table out as it is computed
// (Plan.Stream) instead of holding it.
type streamer interface {
	engine
	// streams reports whether the engine can stream the plan's table.
	streams(p *Plan) bool
	// stream solves the outcomes, handing them out slab by slab (see
	// Plan.Stream); only called when streams holds.
	stream(ctx context.Context, p *Plan, emit func(lines []uint16) error) error
	// streamMemory estimates the bytes stream allocates.
	streamMemory(p *Plan) int64
}

// The engines' abilities, checked at compile time.
var (
	_ optionAnswerer = fastEngine{}
	_ streamer       = fastEngine{}
	_ optionAnswerer = coneEngine{}
	_ optionAnswerer = valuesEngine{}
)

// engines is the registry: a plan runs the first engine that solves its
// box, and asks the first that answers for HasOptionIn (an optionAnswerer). The reference
// engine comes first, taken only when Options.Reference asks for it; the
// values engine, which looks up the options of every state, comes last: it
// solves everything.
var engines = [...]engine{referenceEngine{}, fastEngine{}, coneEngine{}, valuesEngine{}}

// Plan is what one solve decides once: the engine that fills the table and
// the one that answers HasOptionIn, and what they read of the game (the
// cones of its rule). It is built once per solve (NewPlan) and read for
// everything the solve needs: the engine (Engine), the memory (MemoryNeeded,
// CheckMemory), the table (Table), or the table streamed to a file as it is
// computed (Streams, StreamTable), and HasOptionIn. The functions Table and
// HasOptionIn build one plan each.
type Plan struct {
	g    *game.Game
	box  table.Box
	opts Options

	engine  engine         // fills the table
	options optionAnswerer // answers HasOptionIn

	cones     *coneShape // the rule's cones on box, or nil
	conesRead bool       // cones has been computed
}

// NewPlan chooses the engines for g on box with opts (see Plan.Engine). It
// fails when box does not fit g or is too large to solve.
func NewPlan(g *game.Game, box table.Box, opts Options) (*Plan, error) {
	if err := checkBox(g, box); err != nil {
		return nil, err
	}
	return newPlan(g, box, opts), nil
}

// Game is the game the plan solves.
func (p *Plan) Game() *game.Game { return p.g }

// Box is the box the plan solves.
func (p *Plan) Box() table.Box { return p.box }

// Options are the options the plan was built with (and its progress report,
// see SetProgress).
func (p *Plan) Options() Options { return p.opts }

// SetProgress sets the progress report of the plan's solve
// (Options.Progress): the one option that may change once the plan is
// built, since no engine choice depends on it. Set it before solving.
func (p *Plan) SetProgress(report func(done, total int64)) { p.opts.Progress = report }

// Engine is the engine the plan's Table runs: the reference engine when
// Options.Reference asks for it; else the fast engine (Fast) for take games
// (outcomes, Grundy values and remoteness), unless looking up the options
// of the n! times fewer sorted states of a symmetric game is less work for
// remoteness; the cone engine for the outcomes and Grundy values of rules
// with shifted cones (game.ReachRule), except symmetric slow games, whose
// sorted states are n! fewer; the values engine (Values) otherwise
// (the remoteness of rules, and rules without the capability).
func (p *Plan) Engine() Engine { return p.engine.name() }

// MemoryNeeded estimates the bytes the plan's Table allocates: the table
// and, for the fast and cone engines, the working memory of the sweep (about
// one slab of Z words for the fast engine, R slabs for the cone engine, plus
// the positions already valued when computing Grundy values). For Values
// and the reference engine it is the table and what they keep per state.
func (p *Plan) MemoryNeeded() int64 { return p.engine.memory(p) }

// States is the number of states the plan's engine values: the sorted
// positions of the box for Values on a symmetric game and a uniform box,
// else its positions. It measures the work of the solve.
func (p *Plan) States() int64 {
	if p.engine.name() == EngineValues {
		return stateCount(p.g, p.box)
	}
	return p.box.Positions()
}

// CheckMemory returns an error wrapping ErrTooLarge when the plan's Table
// needs more than available bytes (MemoryNeeded).
func (p *Plan) CheckMemory(available int64) error {
	return checkNeed(p.g, p.box, p.MemoryNeeded(), available)
}

// Table solves the plan's box with its engine.
func (p *Plan) Table(ctx context.Context) (*table.Table, error) { return p.engine.solve(ctx, p) }

// Streams reports whether the plan's engine can stream the table to a file
// as it is computed (StreamTable), so a table larger than memory can be
// solved: the fast engine, for the outcomes of a take game.
func (p *Plan) Streams() bool {
	s, ok := p.engine.(streamer)
	return ok && s.streams(p)
}

// Stream solves the outcomes like Table, but hands the table out as it is
// computed instead of holding it: emit gets the P-lines (table.Table.PLine)
// of one slab of the slowest pile after the other, every line with the last
// pile = c for c = 0, 1, ..., in table order (a box of fewer than 4 piles
// is one slab). The slice is reused once emit returns. The memory is
// StreamMemory, whatever the size of the table. It fails unless Streams.
func (p *Plan) Stream(ctx context.Context, emit func(lines []uint16) error) error {
	if !p.Streams() {
		return fmt.Errorf("%s on %v: the %s engine does not stream its tables", p.g.Spec, p.box, p.Engine())
	}
	return p.engine.(streamer).stream(ctx, p, emit)
}

// StreamMemory estimates the bytes Stream allocates (the fast engine's
// sweep and one slab of lines) and, with keep, the table StreamTable keeps
// as well.
func (p *Plan) StreamMemory(keep bool) int64 {
	var need int64
	if s, ok := p.engine.(streamer); ok {
		need = s.streamMemory(p)
	}
	if keep {
		need = saturatingAdd(need, 2*p.box.Lines())
	}
	return need
}

// CheckStreamMemory is CheckMemory for StreamTable (StreamMemory).
func (p *Plan) CheckStreamMemory(keep bool, available int64) error {
	return checkNeed(p.g, p.box, p.StreamMemory(keep), available)
}

// StreamTable solves the outcomes (Stream) and writes the table to w in the
// table file format as it is computed (table.PLineWriter), so a table larger
// than memory can be solved. It returns the number of P-positions and, when
// keep is true, the table itself, held in memory as well. It fails unless
// Streams.
func (p *Plan) StreamTable(ctx context.Context, w io.Writer, keep bool) (*table.Table, int64, error) {
	if !p.Streams() {
		return nil, 0, fmt.Errorf("%s on %v: the %s engine does not stream its tables", p.g.Spec, p.box, p.Engine())
	}
	return streamTable(ctx, p, w, keep)
}

// HasOptionIn is the function HasOptionIn on the plan's box; opts.Workers
// and opts.Progress come from the plan's options.
func (p *Plan) HasOptionIn(ctx context.Context, set []uint64) ([]uint64, error) {
	w := int64(p.box[0]/64 + 1)
	if want := p.box.Lines() * w; int64(len(set)) != want {
		return nil, fmt.Errorf("set has %d words, want %d for box %v", len(set), want, p.box)
	}
	return p.options.hasOptionIn(ctx, p, set)
}

// newPlan chooses the engines for g on box with opts. The box must be
// checked (checkBox).
func newPlan(g *game.Game, box table.Box, opts Options) *Plan {
	p := &Plan{g: g, box: box, opts: opts}
	for _, e := range engines {
		if p.engine == nil && e.solves(p) {
			p.engine = e
		}
		if a, ok := e.(optionAnswerer); ok && p.options == nil && a.answers(p) {
			p.options = a
		}
	}
	return p
}

// coneShape returns the shape of the rule's cones on the box (coneShapeOf),
// computed on first use, or nil when the cone engine does not apply.
func (p *Plan) coneShape() *coneShape {
	if !p.conesRead {
		p.cones, _ = coneShapeOf(p.g, p.box)
		p.conesRead = true
	}
	return p.cones
}

// sortedIsCheaper reports whether looking up the options of the n! times
// fewer sorted states of a symmetric game is less work than the line
// engine's recurrence, for remoteness.
func (p *Plan) sortedIsCheaper() bool {
	if !p.opts.Remoteness || !p.g.Symmetric() || !uniform(p.box) {
		return false
	}
	recurrence, lookups := remotenessCosts(p.g, p.box)
	return lookups < recurrence
}

// referenceEngine is Reference: every option of every position
// enumerated, only when Options.Reference asks for it.
type referenceEngine struct{}

func (referenceEngine) name() Engine { return EngineReference }

func (referenceEngine) solves(p *Plan) bool { return p.opts.Reference }

func (referenceEngine) memory(p *Plan) int64 { // values and remoteness per position, and the table
	positions, lines := p.box.Positions(), p.box.Lines()
	return 2*lines + 6*positions + positions/8
}

func (referenceEngine) solve(ctx context.Context, p *Plan) (*table.Table, error) {
	return Reference(ctx, p.g, p.box, p.opts)
}

// fastEngine is Fast: take games, outcomes, Grundy values and remoteness.
type fastEngine struct{}

func (fastEngine) name() Engine { return EngineFast }

func (fastEngine) solves(p *Plan) bool { return p.g.TakeOnFaces() && !p.sortedIsCheaper() }

func (fastEngine) memory(p *Plan) int64 { return fastMemory(p.g, p.box, p.opts) }

func (fastEngine) solve(ctx context.Context, p *Plan) (*table.Table, error) {
	return Fast(ctx, p.g, p.box, p.opts)
}

func (fastEngine) answers(p *Plan) bool { return p.g.TakeOnFaces() }

func (fastEngine) streams(p *Plan) bool {
	return p.g.TakeOnFaces() && !p.opts.Grundy && !p.opts.Remoteness
}

func (fastEngine) stream(ctx context.Context, p *Plan, emit func(lines []uint16) error) error {
	_, err := fastLines(ctx, p.g, p.box, p.opts, emit)
	return err
}

func (fastEngine) streamMemory(p *Plan) int64 { return streamMemory(p.g, p.box) }

func (fastEngine) hasOptionIn(ctx context.Context, p *Plan, set []uint64) ([]uint64, error) {
	return byWord(p.box[0], hasOptionWith[uint8], hasOptionWith[uint16], hasOptionWith[uint32], hasOptionWith[uint64])(ctx, p.g, p.box, set, p.opts)
}

// coneEngine is conesSolve: rules with shifted cones, outcomes and Grundy
// values; symmetric slow games go to Values, whose sorted states are n!
// fewer.
type coneEngine struct{}

func (coneEngine) name() Engine { return EngineCones }

func (coneEngine) solves(p *Plan) bool {
	if p.opts.Remoteness || isSlow(p.g) && p.g.Symmetric() && uniform(p.box) {
		return false
	}
	return p.coneShape() != nil
}

func (coneEngine) memory(p *Plan) int64 { return conesMemory(p.box, p.coneShape(), p.opts) }

func (coneEngine) solve(ctx context.Context, p *Plan) (*table.Table, error) {
	return conesSolve(ctx, p.g, p.box, p.coneShape(), p.opts)
}

func (coneEngine) answers(p *Plan) bool { return p.coneShape() != nil }

func (coneEngine) hasOptionIn(ctx context.Context, p *Plan, set []uint64) ([]uint64, error) {
	return byWord(p.box[0], conesHasOption[uint8], conesHasOption[uint16], conesHasOption[uint32], conesHasOption[uint64])(ctx, p.g, p.box, p.coneShape(), set, p.opts)
}

// valuesEngine is Values: every game, by looking up the options of each
// state.
type valuesEngine struct{}

func (valuesEngine) name() Engine { return EngineValues }

func (valuesEngine) solves(*Plan) bool { return true }

func (valuesEngine) memory(p *Plan) int64 { // one bit, Grundy and remoteness per state
	states := stateCount(p.g, p.box)
	need := states/8 + 8
	if p.opts.Grundy {
		need += int64(table.GrundyWidth(p.box)) * states
	}
	if p.opts.Remoteness {
		need += 2 * states
	}
	return need
}

func (valuesEngine) solve(ctx context.Context, p *Plan) (*table.Table, error) {
	return Values(ctx, p.g, p.box, p.opts)
}

func (valuesEngine) answers(*Plan) bool { return true }

func (valuesEngine) hasOptionIn(ctx context.Context, p *Plan, set []uint64) ([]uint64, error) {
	return hasOptionEnumerated(ctx, p.g, p.box, set)
}

// Table solves box with the best engine for g (see Plan.Engine): it builds
// the plan of the solve and runs it.
func Table(ctx context.Context, g *game.Game, box table.Box, opts Options) (*table.Table, error) {
	p, err := NewPlan(g, box, opts)
	if err != nil {
		return nil, err
	}
	return p.Table(ctx)
}

// HasOptionIn computes, for every position of box, whether it has an option
// in the set S, without enumerating options: the same sweep as Fast with S in
// place of the P-positions it would compute. Bit x of line l (the position
// with pile 1 = x and the other piles those of line l, see table.Table) lies
// in word l*w + x/64 of set and of the result, bit x%64, with w = box[0]/64+1.
//
// With S a guessed set of P-positions, S & result are the positions breaking
// condition (I) of Dufour–Heubach 2013, Theorem 1.2 (a move from
// S into S), and positions in neither break condition (II).
//
// Rules with shifted cones (game.ReachRule) run the cone engine's sweep the
// same way; for other games the options of each position are looked up one
// by one.
func HasOptionIn(ctx context.Context, g *game.Game, box table.Box, set []uint64, opts Options) ([]uint64, error) {
	p, err := NewPlan(g, box, opts)
	if err != nil {
		return nil, err
	}
	return p.HasOptionIn(ctx, set)
}

// word is a machine word holding up to its bit size positions of a line. The
// narrowest word that holds a line is used (wordBytes): it cuts the memory
// traffic of the sweeps, which is what bounds their speed.
type word interface {
	~uint8 | ~uint16 | ~uint32 | ~uint64
}

// wordBits is the number of bits of W.
func wordBits[W word]() int { return int(unsafe.Sizeof(W(0))) * 8 }

// wordBytes is the width policy of the fast and cone engines: the bytes of
// the narrowest word that holds a line of h0+1 positions.
func wordBytes(h0 int) int {
	switch {
	case h0 < 8:
		return 1
	case h0 < 16:
		return 2
	case h0 < 32:
		return 4
	}
	return 8
}

// byWord is the word-width switch: of the instantiations of one generic
// function for the four words, the one for the word wordBytes picks for
// lines of h0+1 positions.
func byWord[F any](h0 int, f8, f16, f32, f64 F) F {
	switch wordBytes(h0) {
	case 1:
		return f8
	case 2:
		return f16
	case 4:
		return f32
	}
	return f64
}

// RemotenessCost estimates the work of a remoteness table for p, on
// AnalysisBox: the cheaper of the two ways remotenessCosts gives.
func RemotenessCost(g *game.Game, p game.Position) float64 {
	recurrence, lookups := remotenessCosts(g, AnalysisBox(g, p))
	return min(recurrence, lookups)
}

// remotenessCosts estimates the work of a remoteness table of box in two
// ways: by the min/max recurrence of the fast engine (fastRemoteness, take
// games only, +Inf otherwise), the positions times the sum of the facet
// sizes; and by looking up every option (Values), the states times the
// options of the box's top position, as the rule counts them
// (game.Game.OptionCount). Take games list many options: the product of the
// piles of each face.
func remotenessCosts(g *game.Game, box table.Box) (recurrence, lookups float64) {
	recurrence = math.Inf(1)
	if g.TakeOnFaces() {
		sizes := 0
		for _, f := range g.Complex.Facets() {
			sizes += f.Len()
		}
		recurrence = float64(box.Positions()) * float64(max(sizes, 1))
	}
	options := g.OptionCount(game.Position(box)) // +Inf: too many move sets, or a rule that cannot count
	return recurrence, float64(stateCount(g, box)) * max(options, 1)
}

// stateCount is the number of states Values stores for box: its sorted
// positions when g is symmetric and the box uniform, else its positions.
func stateCount(g *game.Game, box table.Box) int64 {
	if g.Symmetric() && uniform(box) {
		if s, err := table.NewSorting(len(box), box[0]); err == nil {
			return s.Count()
		}
	}
	return box.Positions()
}
