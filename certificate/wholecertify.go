package certificate

import (
	"context"
	"math"
	"math/big"
	"slices"
	"sync"
	"time"

	"github.com/nimlab/nimlab/game"
)

// The search for the certificates of a split's leaves (wholesplit.go):
// each leaf's with the minima and hypotheses it reads only, numbered back
// to the whole split's.

// certify finds the leaves' certificates, on every core, each with the
// minima its hypotheses and goal read only (local): it reports whether
// it found all but openShare of them at most (the others, open, are
// proved by lia). The leaves it finds none for are tried again, with
// harder times the budget, when they are few enough: each left to lia
// costs coqc seconds (CN(7,4): 4 leaves, 16 s). A leaf left whose goal
// fails at a position of it fails the route: lia would fail on it too.
func (d *wholeSplit) certify(ctx context.Context) bool {
	most := int(openShare * float64(len(d.leaves)))
	failed := d.certifyLeaves(ctx, d.leaves, 1, most)
	if ctx.Err() != nil || len(failed) > most {
		return false
	}
	for _, t := range d.certifyLeaves(ctx, failed, harder, len(failed)) {
		if t.refuted {
			return false // lia would fail on it too
		}
	}
	return ctx.Err() == nil
}

// certifyLeaves finds the leaves' certificates within budget times the
// refuter's, on every core, and returns those it found none for: past
// most of them, it stops.
func (d *wholeSplit) certifyLeaves(ctx context.Context, leaves []*splitTree, budget, most int) []*splitTree {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var mu sync.Mutex
	var failed []*splitTree
	onEveryCore(ctx, leaves, func(t *splitTree) {
		if t.cert = d.certifyLeaf(ctx, t, budget); t.cert == nil {
			mu.Lock()
			if failed = append(failed, t); len(failed) > most {
				cancel()
			}
			mu.Unlock()
		}
	})
	return failed
}

// repicks bounds the times a leaf's cases are picked again, each time
// the search for its certificate meets a position in the leaf where its
// goal fails.
const repicks = 3

// certifyLeaf finds a leaf's certificate with the hypotheses it needs
// (neededHyps), else with every one: the solver's core reads check's
// arithmetic, the certificate Coq's. Where the search with every one
// ends at a position of the leaf where the goal fails, the cases it
// picks are read again with that position among the leaf's samples
// (pickCases: the plan's cases, read where the leaf has no samples, can
// be other cases of the data's), and the search starts over.
func (d *wholeSplit) certifyLeaf(ctx context.Context, t *splitTree, budget int) *refutation {
	if budget == 1 && slices.Contains(t.needed, false) {
		if r, _ := d.certifyWith(ctx, t, t.needed, budget); r != nil {
			return r
		}
	}
	every := make([]bool, len(t.needed))
	for i := range every {
		every[i] = true
	}
	for i := 0; ; i++ {
		r, at := d.certifyWith(ctx, t, every, budget)
		t.refuted = at != nil
		if r != nil || at == nil || i == repicks {
			return r
		}
		before := t.path
		t.samples = append(t.samples, at)
		if d.pickCases(t, t.path, d.defs); slices.Equal(before, t.path) {
			return nil
		}
	}
}

// inLeaf returns the piles of a point where a leaf's search ended (its
// first coordinates, local variables numbered as the global ones), when
// they are a position at which every hypothesis of the leaf holds.
func (d *wholeSplit) inLeaf(t *splitTree, point []*big.Rat) game.Position {
	if len(point) < d.n {
		return nil
	}
	p := make(game.Position, d.n)
	for i := range p {
		if !point[i].IsInt() || !point[i].Num().IsInt64() || point[i].Sign() < 0 || point[i].Num().Int64() > math.MaxInt32 {
			return nil
		}
		p[i] = int(point[i].Num().Int64())
	}
	env := valuesAt([]game.Position{p}, d.defs, nil)[0]
	for _, h := range t.hyps {
		if !h.holds(env) {
			return nil
		}
	}
	return p
}

// certifyWith finds a leaf's certificate with the hypotheses needed
// marks, within budget times maxLPs and caseTime, over the variables they and the goal read: the piles, and the
// minima they name and those these name. Its constraints are the same,
// in the same order, whatever the numbering; the splits of minima and of
// linear forms it names are numbered back.
func (d *wholeSplit) certifyWith(ctx context.Context, t *splitTree, needed []bool, budget int) (*refutation, game.Position) {
	// The hypotheses needed, and where their constraints are among all
	// the hypotheses' (facts_all's order): csAt, nesAt and orsAt map a
	// local constraint, disequality or choice (ors_all's order) to its
	// index there.
	var hyps []*fm
	var csAt, nesAt, orsAt []int
	nCs, nNes, nOrs := 0, 0, 0
	for i, h := range t.hyps {
		x, ok := h.facts()
		if !ok {
			if _, ok := h.choices(true); ok {
				if needed[i] {
					hyps = append(hyps, h)
					orsAt = append(orsAt, nOrs)
				}
				nOrs++
			}
			continue
		}
		if needed[i] {
			hyps = append(hyps, h)
			for k := range x.cs {
				csAt = append(csAt, nCs+k)
			}
			for k := range x.nes {
				nesAt = append(nesAt, nNes+k)
			}
		}
		nCs, nNes = nCs+len(x.cs), nNes+len(x.nes)
	}
	used := make([]bool, len(d.names))
	for i := range d.n {
		used[i] = true
	}
	for _, h := range append([]*fm{t.goal}, hyps...) {
		h.mark(used)
	}
	for k := len(d.defs) - 1; k >= 0; k-- { // a def names earlier variables only
		if df := d.defs[k]; used[df.v] {
			for _, arg := range df.args() {
				arg.markTerm(used)
			}
		}
	}
	local := make([]int, len(d.names)) // global variable -> local, or -1
	var names []string
	for v, u := range used {
		local[v] = -1
		if u {
			local[v] = len(names)
			names = append(names, d.names[v])
		}
	}
	var defs []def
	var global []int // local def -> global def
	for k, df := range d.defs {
		if used[df.v] {
			defs = append(defs, df.renumber(local))
			global = append(global, k)
		}
	}
	r := &reflected{env: names, defs: defs, goal: t.goal.renumber(local)}
	for _, h := range hyps {
		r.hyps = append(r.hyps, h.renumber(local))
	}
	if !r.certifyWithin(ctx, budget*maxLPs, time.Duration(budget)*caseTime) {
		return nil, d.inLeaf(t, r.counterexample)
	}
	// Past the hypotheses', constraints and disequalities are added in
	// the same order both ways (splits, denials): shifted.
	cs := func(i int) int {
		if i < len(csAt) {
			return csAt[i]
		}
		return i - len(csAt) + nCs
	}
	nes := func(i int) int {
		if i < len(nesAt) {
			return nesAt[i]
		}
		return i - len(nesAt) + nNes
	}
	ors := func(i int) int { return orsAt[i] }
	return r.cert.numberBack(numbering{defs: global, vars: local, nv: len(d.names), cs: cs, nes: nes, ors: ors}), nil
}

// numbering maps a leaf's certificate, found over its local variables
// and needed hypotheses, to the whole split's: defs maps a local def to
// its global index, vars a global variable to its local one (or -1), nv
// is the number of global variables, cs, nes and ors map a local
// constraint, disequality and choice to its global index.
type numbering struct {
	defs, vars   []int
	nv           int
	cs, nes, ors func(int) int
}

// numberBack returns the certificate numbered as n says.
func (r *refutation) numberBack(n numbering) *refutation {
	if r == nil {
		return nil
	}
	out := *r
	switch r.kind {
	case 'f':
		var ws []*big.Int
		for i, w := range r.weights {
			if w.Sign() == 0 {
				continue
			}
			j := n.cs(i)
			for len(ws) <= j {
				ws = append(ws, new(big.Int))
			}
			ws[j] = w
		}
		out.weights = ws
	case 'n':
		out.index = n.nes(r.index)
	case 'o', 'u':
		out.index = n.ors(r.index)
	case 'd':
		out.index = n.defs[r.index]
	case 'l':
		form := make(linForm, n.nv+1)
		form[0] = r.form[0]
		last := 0
		for v, l := range n.vars {
			form[v+1] = new(big.Int)
			if l >= 0 && l+1 < len(r.form) && r.form[l+1].Sign() != 0 {
				form[v+1], last = r.form[l+1], v+1
			}
		}
		out.form = form[:last+1] // ladd reads a missing coefficient as 0
	}
	out.a, out.b = r.a.numberBack(n), r.b.numberBack(n)
	return &out
}
