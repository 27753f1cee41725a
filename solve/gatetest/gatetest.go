// Package gatetest has the gates the tests of the libraries hand their
// solves to (solve.Gate): one that counts the plans it runs, and one that
// refuses every plan for its size.
package gatetest

import (
	"context"
	"fmt"
	"sync"

	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
)

// Counter is a gate that solves every plan and counts them, with their
// boxes.
type Counter struct {
	mu    sync.Mutex
	boxes []table.Box
}

// Table solves the plan and counts it.
func (c *Counter) Table(ctx context.Context, p *solve.Plan) (*table.Table, error) {
	c.mu.Lock()
	c.boxes = append(c.boxes, p.Box())
	c.mu.Unlock()
	return p.Table(ctx)
}

// Calls is the number of plans the gate was handed.
func (c *Counter) Calls() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.boxes)
}

// Boxes are the boxes of the plans, in the order they came.
func (c *Counter) Boxes() []table.Box {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]table.Box(nil), c.boxes...)
}

// Refuse is a gate that refuses every plan with an error wrapping
// solve.ErrTooLarge, and counts them.
type Refuse struct {
	Counter
}

// Table refuses the plan.
func (r *Refuse) Table(_ context.Context, p *solve.Plan) (*table.Table, error) {
	r.mu.Lock()
	r.boxes = append(r.boxes, p.Box())
	r.mu.Unlock()
	return nil, fmt.Errorf("%w: %s on %v refused by the test's gate", solve.ErrTooLarge, p.Game().Spec, p.Box())
}
