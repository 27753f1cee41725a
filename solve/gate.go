package solve

import (
	"context"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/internal/machine"
	"github.com/nimlab/nimlab/table"
)

// A Gate runs the solves of a caller: every table a library builds for a
// front end (discover's learning and verification boxes, prove's engine
// check and learning, play's opponent, the atlas's rows, repro's claims) is
// one plan handed to the caller's gate, which decides whether it runs (its
// memory estimate, its size), when (admission), and watches it (progress).
// The front end's gate is package commands' Env; a library called without
// one uses Direct.
//
// A gate refuses a plan for its size with an error wrapping ErrTooLarge,
// which the libraries pass on (or, where they have another way, take as
// the answer "not solved"); it stops the solve when ctx is done.
type Gate interface {
	// Table solves the plan's box, or refuses it.
	Table(ctx context.Context, p *Plan) (*table.Table, error)
}

// GateFunc is a function as a Gate.
type GateFunc func(ctx context.Context, p *Plan) (*table.Table, error)

// Table calls f.
func (f GateFunc) Table(ctx context.Context, p *Plan) (*table.Table, error) { return f(ctx, p) }

// Direct is the gate of a library called without one: it refuses a plan
// whose memory estimate (Plan.MemoryNeeded) passes the machine's available
// memory (where the system says how much that is), and solves it otherwise.
var Direct Gate = directGate{}

type directGate struct{}

func (directGate) Table(ctx context.Context, p *Plan) (*table.Table, error) {
	if avail, ok := machine.AvailableMemory(); ok {
		if err := p.CheckMemory(avail); err != nil {
			return nil, err
		}
	}
	return p.Table(ctx)
}

// GateOr is gate, or the gate of ctx (WithGate) when gate is nil, or
// Direct when ctx has none either.
func GateOr(ctx context.Context, gate Gate) Gate {
	if gate != nil {
		return gate
	}
	if g, ok := ctx.Value(gateKey{}).(Gate); ok {
		return g
	}
	return Direct
}

type gateKey struct{}

// WithGate returns a copy of ctx that carries gate, for call trees without
// options to carry it (repro's claims, theory's checks of its theorems), as
// net/http/httptrace carries a trace: a library that builds a table with no
// gate of its own (GateOr with nil) asks the gate of its context.
func WithGate(ctx context.Context, gate Gate) context.Context {
	if gate == nil {
		return ctx
	}
	return context.WithValue(ctx, gateKey{}, gate)
}

// Gated builds the plan of a solve of g on box with opts and runs it
// through gate (GateOr: the context's gate or Direct when gate is nil).
func Gated(ctx context.Context, gate Gate, g *game.Game, box table.Box, opts Options) (*table.Table, error) {
	p, err := NewPlan(g, box, opts)
	if err != nil {
		return nil, err
	}
	return GateOr(ctx, gate).Table(ctx, p)
}
