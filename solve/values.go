package solve

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"golang.org/x/sync/errgroup"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/table"
)

// Values fills a table by visiting the states in an order where every option
// comes first and looking up the value of each option: outcome always, Grundy
// value and remoteness on request. The states are the sorted positions when g
// is symmetric and the box uniform (n! fewer), and all positions of the box
// otherwise.
//
// Options are found without building positions where the rule allows: under
// the slow rule an option's state is the position's state minus a constant of
// the move set (unsorted), or minus the rank drops of the piles it reduces
// (sorted; one option per way to spread the move over runs of equal piles).
// Other games enumerate their options one by one.
func Values(ctx context.Context, g *game.Game, box table.Box, opts Options) (*table.Table, error) {
	if err := checkBox(g, box); err != nil {
		return nil, err
	}
	if err := checkMoveSets(g); err != nil {
		return nil, err
	}
	if opts.Remoteness {
		if err := checkRemotenessBound(g, box); err != nil {
			return nil, err
		}
	}
	if opts.Grundy {
		if err := checkGrundyBound(g, box); err != nil {
			return nil, err
		}
	}
	t, err := table.NewStates(g.Spec, box, g.Symmetric() && uniform(box), opts.Grundy, opts.Remoteness)
	if err != nil {
		return nil, err
	}
	newGen := func() optionStates {
		switch {
		case t.Sorted && isSlow(g):
			return newSortedSlow(g, t.Sorting())
		case !t.Sorted:
			if a, ok := equalAmount(g); ok {
				return newBoxEqual(g, box, a)
			}
		}
		return &enumerated{g: g, t: t}
	}
	terminalP, terminalGrundy, terminalRemoteness := g.Terminal()
	v := &valuesPass{t: t, strides: box.Strides(), terminalP: terminalP, terminalGrundy: terminalGrundy, terminalRemoteness: terminalRemoteness}
	if t.Sorted {
		v.sorting = t.Sorting() // built here, before any worker starts
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	step := totalStep(g, box)
	switch {
	case workers > 1 && t.States() >= minLayeredStates && step%workers == 0:
		err = v.byClasses(ctx, step, workers, newGen, opts)
	case workers > 1 && t.States() >= minLayeredStates:
		err = v.byLayers(ctx, workers, newGen, opts)
	default:
		err = v.inOrder(ctx, newGen(), opts)
	}
	if err != nil {
		return nil, fmt.Errorf("solving %s: %w", g.Spec, err)
	}
	return t, nil
}

// minLayeredStates is the fewest states Values splits into layers for
// several workers (a variable for the tests).
var minLayeredStates int64 = 1 << 16

// valuesPass settles the states of a table one by one from their options.
type valuesPass struct {
	t                                  *table.Table
	strides                            []int64        // of the box
	sorting                            *table.Sorting // of a sorted table
	terminalP                          bool
	terminalGrundy, terminalRemoteness int
}

// valuesScratch is one worker's scratch for settle.
type valuesScratch struct {
	gen     optionStates
	options []int64
	values  []int
	seen    []bool
	p       game.Position
	rs      []int
}

// settle computes the outcome, and on request the Grundy value and the
// remoteness, of state s at position p from those of its options, which
// must be settled. P bits are read and set atomically, so that workers may
// settle states whose bits share a word.
func (v *valuesPass) settle(s int64, p game.Position, sc *valuesScratch) {
	t := v.t
	sc.options = sc.gen.options(p, s, sc.options[:0])
	isP := true
	for _, o := range sc.options {
		if atomic.LoadUint64(&t.P[o/64])>>uint(o%64)&1 == 1 {
			isP = false
			break
		}
	}
	if len(sc.options) == 0 {
		isP = v.terminalP
	}
	if isP {
		atomic.OrUint64(&t.P[s/64], 1<<uint(s%64))
	}
	if t.Grundy != nil {
		sc.values = sc.values[:0]
		for _, o := range sc.options {
			sc.values = append(sc.values, int(t.Grundy.At(o)))
		}
		g := uint32(mex(sc.values, &sc.seen))
		if len(sc.options) == 0 {
			g = uint32(v.terminalGrundy)
		}
		t.Grundy.Set(s, g)
	}
	if t.Remoteness != nil {
		sc.rs = sc.rs[:0]
		for _, o := range sc.options {
			sc.rs = append(sc.rs, int(t.Remoteness[o]))
		}
		t.Remoteness[s] = uint16(Remoteness(sc.rs, v.terminalRemoteness))
	}
}

// next turns p into the position of the next state and reports whether
// there is one.
func (v *valuesPass) next(p game.Position) bool {
	if v.t.Sorted {
		return v.sorting.Next(p)
	}
	box := v.t.Box
	for i := range p {
		if p[i] < box[i] {
			p[i]++
			return true
		}
		p[i] = 0
	}
	return false
}

// inOrder settles the states in the order of their numbers, where every
// option comes first.
func (v *valuesPass) inOrder(ctx context.Context, gen optionStates, opts Options) error {
	return v.inOrderClass(ctx, gen, 1, 1, 0, func(done int64) { opts.progress(done, v.t.States()) })
}

// inOrderClass settles, in order, the states whose pile total modulo step,
// modulo classes, is class (every state when classes is 1), and reports
// every 2^16 states how many it has passed.
func (v *valuesPass) inOrderClass(ctx context.Context, gen optionStates, step, classes, class int, progress func(done int64)) error {
	sc := &valuesScratch{gen: gen, p: make(game.Position, len(v.t.Box))}
	for s := int64(0); ; s++ {
		// A state may have thousands of options: look at ctx often enough
		// to stop within milliseconds.
		if s%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
			if s%(1<<16) == 0 {
				progress(s)
			}
		}
		if classes == 1 || pileTotal(sc.p)%step%classes == class {
			v.settle(s, sc.p, sc)
		}
		if !v.next(sc.p) {
			break
		}
	}
	progress(v.t.States())
	return nil
}

// pileTotal is the number of tokens of p.
func pileTotal(p game.Position) int {
	total := 0
	for _, x := range p {
		total += x
	}
	return total
}

// byClasses settles the states on workers goroutines when every move takes a
// multiple of step tokens in total (totalStep), step a multiple of workers:
// the states whose totals differ modulo step never read each other, so each
// goroutine takes the totals of step/workers residues and settles their
// states in order, without any barrier. Exact Slow k-Nim takes k tokens per move: slow:5,4 has 4
// residues, two per goroutine on two cores.
func (v *valuesPass) byClasses(ctx context.Context, step, workers int, newGen func() optionStates, opts Options) error {
	var mu sync.Mutex
	passed := make([]int64, workers)
	g, gctx := errgroup.WithContext(ctx)
	for class := range workers {
		g.Go(func() error {
			return v.inOrderClass(gctx, newGen(), step, workers, class, func(done int64) {
				mu.Lock()
				defer mu.Unlock()
				passed[class] = done
				opts.progress(slices.Min(passed), v.t.States())
			})
		})
	}
	return g.Wait()
}

// byLayers settles the states layer by layer, a layer being the states of
// one total of the piles: every move takes tokens, so the options of a
// state lie in earlier layers and the states of a layer can be settled in
// parallel. A layer is cut by the value of the last pile; workers
// goroutines take the pieces in turn and walk the states of each.
func (v *valuesPass) byLayers(ctx context.Context, workers int, newGen func() optionStates, opts Options) error {
	box := v.t.Box
	n := len(box)
	maxTotal := 0
	for _, h := range box {
		maxTotal += h
	}
	// below[i] is the largest total of piles 0..i-1.
	below := make([]int, n+1)
	for i, h := range box {
		below[i+1] = below[i] + h
	}
	var settled atomic.Int64
	states := v.t.States()
	layer := func(ctx context.Context, total, workers int) error {
		var next atomic.Int64
		g, gctx := errgroup.WithContext(ctx)
		for range workers {
			g.Go(func() error {
				w := &layerWalk{v: v, below: below, sc: &valuesScratch{gen: newGen(), p: make(game.Position, n)}}
				for {
					// The largest pieces first: the last ones are the smallest.
					m := min(box[n-1], total) - int(next.Add(1)-1)
					if m < 0 {
						return nil
					}
					if err := gctx.Err(); err != nil {
						return err
					}
					w.p = w.sc.p
					w.p[n-1] = m
					w.walk(n-2, total-m, m, v.stateWeight(n-1, m))
					settled.Add(w.count)
					w.count = 0
				}
			})
		}
		if err := g.Wait(); err != nil {
			return err
		}
		opts.progress(settled.Load(), states)
		return nil
	}
	for total := range maxTotal + 1 {
		if err := layer(ctx, total, workers); err != nil {
			return err
		}
	}
	return nil
}

// totalStep is the greatest common divisor of the numbers of tokens the
// moves of g take in total, on box, when the rule says (game.Reaches): the
// offsets' and the steps' totals. It is 1 when the rule does not say.
func totalStep(g *game.Game, box table.Box) int {
	reaches, ok := g.Reaches(box, MaxConeOffsets)
	if !ok {
		return 1
	}
	step := 0
	for _, r := range reaches {
		for _, d := range append(slices.Clone(r.Offsets), r.Steps...) {
			sum := 0
			for _, x := range d {
				sum += x
			}
			for sum != 0 {
				step, sum = sum, step%sum
			}
		}
	}
	return max(step, 1)
}

// stateWeight is what pile i holding x tokens adds to the number of a
// state: its rank term for a sorted table, x times its stride otherwise.
func (v *valuesPass) stateWeight(i, x int) int64 {
	if v.t.Sorted {
		return v.sorting.Term(i, x)
	}
	return int64(x) * v.strides[i]
}

// layerWalk walks the states of a layer with the last pile fixed.
type layerWalk struct {
	v     *valuesPass
	below []int
	sc    *valuesScratch
	p     game.Position
	count int64
}

// walk fills piles i, i-1, ..., 0 with sum tokens, each at most top in a
// sorted table, and settles each state; s is the number of the state so
// far.
func (w *layerWalk) walk(i, sum, top int, s int64) {
	if i < 0 {
		if sum == 0 {
			w.v.settle(s, w.p, w.sc)
			w.count++
		}
		return
	}
	lo, hi := max(0, sum-w.below[i]), min(w.v.t.Box[i], sum)
	if w.v.t.Sorted {
		hi = min(hi, top)
		lo = max(lo, (sum+i)/(i+1)) // piles 0..i-1 hold at most x each
	}
	for x := lo; x <= hi; x++ {
		w.p[i] = x
		w.walk(i-1, sum-x, x, s+w.v.stateWeight(i, x))
	}
}
