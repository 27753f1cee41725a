package certificate

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/prove"
	"github.com/nimlab/nimlab/table"
)

// The proof of (II) is a case split: lia alone, handed "p is outside S"
// and the disjunction of the candidate moves, puts both in normal form
// first, which grows exponentially with the cases of S and of the move
// relation (CN(5,2) with ten candidate moves ran out of 4 GB). Instead,
// the proof splits the positions by linear conditions (C1 : A \/ ~ A, by
// decide_condition: each atom by the decidability of <=, <, =, >= and >, no
// arithmetic), as a decision tree, until in each case one fixed choice proves the
// goal: either the position is in S (contradicting Hn), by one named case
// of S, or one named candidate move, on one named facet, lands in one
// named case of S. Every lia call then reads conjunctions of linear atoms.
//
// The tree is learned from the positions of a box, as a decision tree is
// learned from data (each position labelled by a choice that proves its
// goal), tried on random positions of a larger box and, case by case, by
// the SMT solver (a position in the case where its choice fails), and the
// failures are learned from in turn: the split is mended where it fails
// (repair.go). Nothing here is trusted: coqc checks every case
// for every position, and a tree that is wrong beyond the boxes is a
// certificate coqc rejects.

// Bounds of the learning of the case split.
const (
	// maxSamples bounds the box learned from (its canonical positions,
	// when the split is restricted to them, on a box of at most
	// maxCanonicalBox positions).
	maxSamples, maxCanonicalBox = 8000, 1 << 20
	// maxCases bounds the cases of the split.
	maxCases = 3000
	// tries is the number of random positions each round tries the split
	// on, rounds the rounds, and maxMisses the failures a round learns.
	tries, rounds, maxMisses = 20000, 20, 400
	// confirmTimeout bounds the solver's time on one case.
	confirmTimeout = 20 * time.Second
)

// plan is one fixed choice that proves a condition of the shape node: at
// a disjunction, the case picked (pick, with its plan in kids[0]); at a
// conjunction with a disjunction inside, a plan per conjunct.
type plan struct {
	node *prop
	pick int
	kids []*plan
}

// caseNode is a node of the case split: a split on cond, or a leaf whose
// goal is proved by plan (inS: the position is in S, by plan on S).
type caseNode struct {
	cond    *prop
	yes, no *caseNode
	plan    *plan
	inS     bool
	// needs, at a leaf the solver confirmed, lists the depths (1 for the
	// root's condition) of the conditions on its path the solver's
	// refutation used; the proof clears the others, which lia would
	// otherwise read (and split the minima of). nil when not known.
	needs []int
	// nodeNeeds holds, at a leaf, the same for each plan node the proof
	// hands to lia whole (tighten), where the solver gave it.
	nodeNeeds map[*plan][]int
}

// splitter learns the case split of (II) for a certificate.
type splitter struct {
	n int
	// goal is the shape of (II)'s goal at p; set that of S at p.
	goal, set *prop
	// atoms are the conditions the split may use, distinct by src;
	// conditionOf names, by an atom's src, the condition that splits on it
	// (the atom, or its guard when it divides).
	atoms       []*prop
	conditionOf map[string]*prop
	evals       map[string]func(game.Position) bool
	// hasOr caches whether a shape holds a disjunction.
	hasOr map[*prop]bool
	// samples are the positions learned from, bits the truth of each
	// shape at each of them, order the cases of each disjunction, most
	// often true first.
	samples []game.Position
	bits    map[*prop][]uint64
	order   map[*prop][]int
	cases   int
	// solver, when not nil, is asked whether each case holds beyond the
	// samples; confirmed holds the cases it said hold, each with the
	// conditions of its path the solver's refutation used (see
	// caseNode.needs).
	solver    *prove.Solver
	confirmed map[string][]int
	// done, once closed, stops truth early: what it computes then is
	// wrong, and every caller reads ctx.Err() after it.
	done <-chan struct{}
	// firstMove is the case of goal that is the first candidate move's (1
	// in misère play, where case 0 is "no tokens left").
	firstMove int
	// point is the position (II) is proved at, in Coq: (mk x_a x_b ...).
	point string
	// fields lists the piles' projections, for cbn.
	fields string
	// sym, when not nil, restricts the split to the canonical positions
	// (canonical.go): the samples are canonical, and so is every position
	// the solver is asked for.
	sym *symmetry
	// dump: the move cases print their goals (reflection.go), tagged by
	// tags; reflected holds those proved by Reflect.v's check.
	dump      bool
	tags      map[*caseNode]int
	reflected map[*caseNode]*reflected
}

// caseSplit learns the case split of (II): the splitter and its root.
func (w *writer) caseSplit(ctx context.Context) (*splitter, *caseNode, error) {
	s, err := w.splitter()
	if err != nil {
		return nil, nil, err
	}
	root, err := s.learn(ctx)
	if err != nil {
		return nil, nil, err
	}
	return s, root, nil
}

// splitter returns the learner of (II)'s case split, with no samples yet.
func (w *writer) splitter() (*splitter, error) {
	x := w.named(w.variables())
	set, err := asProp(w.c.Set, x)
	if err != nil {
		return nil, err
	}
	var goal []term
	if w.c.Game.Misere {
		var sum, src []string
		for i := range x {
			sum, src = append(sum, x[i].inline), append(src, x[i].src)
		}
		goal = append(goal, atom("", strings.Join(sum, " + ")+" = 0", "("+strings.Join(src, " + ")+" == 0)"))
	}
	var guarded []*prop
	conditionOf := map[string]*prop{}
	for k := range w.moves {
		q := w.moveTo(k, x)
		inS, err := asProp(w.c.Set, q)
		if err != nil {
			return nil, err
		}
		shape := w.relation.shape(x, q)
		goal = append(goal, connect(andOp, []term{shape, inS}))
		// The move's conditions divide where its piles do, as cn86's
		// (x + 1) / 2: split on them guarded, too.
		guarded = append(guarded, guard(shape.tree, q, conditionOf)...)
		guarded = append(guarded, guard(inS.tree, q, conditionOf)...)
	}
	s := &splitter{solver: w.c.Solver, confirmed: map[string][]int{}, n: w.n, goal: connect(orOp, goal).tree, set: set.tree, evals: map[string]func(game.Position) bool{}, hasOr: map[*prop]bool{}, sym: w.sym, conditionOf: conditionOf, firstMove: len(goal) - len(w.moves), point: "(mk " + strings.Join(w.variables(), " ") + ")", fields: strings.Join(w.fields, " ")}
	// S at p is read at a valid position; the moves' conditions are linear.
	// S at a candidate move's position is not a condition to split on when
	// it divides: where the move gives a pile below 0 (no move then), Coq's
	// Z.div and mod round down, check's / and % toward 0, and slowmoves
	// counts the pile as empty, so the same text would cut the positions
	// differently in coqc and on the samples.
	if err := s.collect(s.set, true); err != nil {
		return nil, err
	}
	if err := s.collect(s.goal, false); err != nil {
		return nil, err
	}
	for _, a := range guarded {
		if err := s.collect(a, true); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// maxConditionText bounds the text of a condition the case split compiles
// again (check.Compile refuses an expression past 10,000 nodes, about
// 30,000 characters).
const maxConditionText = 20_000

// divides reports whether an atom's Coq text divides or takes a remainder.
func divides(a *prop) bool {
	return strings.Contains(a.coq, " / ") || strings.Contains(a.coq, " mod ")
}

// guard returns, for each atom of shape t (S at the position q a move
// goes to, or the move's conditions) that divides, the condition "q is
// valid and the atom holds":
// one Coq and check read alike at every position, a condition to split on.
// It notes each in guards under its atom's text (the first written).
func guard(t *prop, q []term, guards map[string]*prop) []*prop {
	if t.op != atomOp {
		var out []*prop
		for _, a := range t.args {
			out = append(out, guard(a, q, guards)...)
		}
		return out
	}
	if !divides(t) {
		return nil
	}
	g := guardOf(t, q)
	if _, ok := guards[t.src]; !ok {
		guards[t.src] = g
	}
	return []*prop{g}
}

// guardOf returns the condition "q is valid and atom t holds".
func guardOf(t *prop, q []term) *prop {
	coq, src := make([]string, len(q)), make([]string, len(q))
	for i, x := range q {
		coq[i], src[i] = "0 <= "+x.inline, "0 <= "+x.src
	}
	return &prop{op: atomOp,
		coq: "(" + strings.Join(coq, " /\\ ") + " /\\ " + t.coq + ")",
		src: "(" + strings.Join(src, " && ") + " && " + t.src + ")"}
}

// collect compiles the atoms of a shape and notes where disjunctions are;
// its atoms become conditions to split on when valid (at a valid position)
// or when their Coq text neither divides nor takes a remainder.
func (s *splitter) collect(t *prop, valid bool) error {
	if _, ok := s.hasOr[t]; ok {
		return nil
	}
	or := t.op == orOp
	if t.op == atomOp {
		if _, ok := s.evals[t.src]; !ok {
			if len(t.src) > maxConditionText {
				return uncertifiable(ReasonTooLarge, fmt.Sprintf("a condition of the case split, its lets written out, passes %d characters", maxConditionText))
			}
			e, err := check.Compile(t.src, s.n, nil)
			if err != nil {
				return fmt.Errorf("certificate: the condition %.200s: %w", t.src, err)
			}
			s.evals[t.src] = e.Evaluator()
			if valid || !divides(t) {
				s.atoms = append(s.atoms, t)
				s.conditionOf[t.src] = t
			}
		}
	}
	for _, a := range t.args {
		if err := s.collect(a, valid); err != nil {
			return err
		}
		or = or || s.hasOr[a]
	}
	s.hasOr[t] = or
	return nil
}

// holds reports whether shape t holds at p.
func (s *splitter) holds(t *prop, p game.Position) bool {
	switch t.op {
	case atomOp:
		return s.evals[t.src](p)
	case andOp:
		for _, a := range t.args {
			if !s.holds(a, p) {
				return false
			}
		}
		return true
	}
	for _, a := range t.args {
		if s.holds(a, p) {
			return true
		}
	}
	return false
}

// proves reports whether plan pl proves its shape at p.
func (s *splitter) proves(pl *plan, p game.Position) bool {
	return s.follows(pl, func(t *prop) bool { return s.holds(t, p) })
}

// follows reports whether plan pl proves its shape where holds says which
// shapes without a disjunction hold.
func (s *splitter) follows(pl *plan, holds func(*prop) bool) bool {
	switch {
	case pl.node.op == orOp:
		return s.follows(pl.kids[0], holds)
	case pl.node.op == andOp && s.hasOr[pl.node]:
		for _, k := range pl.kids {
			if !s.follows(k, holds) {
				return false
			}
		}
		return true
	}
	return holds(pl.node)
}

// learn learns the split on the box and tries it on random positions of
// a larger one, mending it (repair.go) at the positions it fails at.
func (s *splitter) learn(ctx context.Context) (*caseNode, error) {
	s.done = ctx.Done()
	h := 1
	for pow(h+2, s.n) <= maxSamples {
		h++
	}
	if s.sym != nil {
		// The canonical positions of a box are a fraction of it: the
		// box is as large as holds at most maxSamples of them.
		for pow(h+2, s.n) <= maxCanonicalBox && s.sym.countCanonical(h+1, maxSamples) <= maxSamples {
			h++
		}
	}
	box := table.Uniform(s.n, h)
	for idx := range box.Positions() {
		p := make(game.Position, s.n)
		box.Position(idx, p)
		if s.sym == nil || s.sym.isCanonical(p) {
			s.samples = append(s.samples, p)
		}
	}
	rng := rand.New(rand.NewPCG(uint64(s.n), uint64(h)))
	for range maxSamples / 2 {
		s.samples = append(s.samples, s.random(rng, 3*h+6))
	}
	var root *caseNode
	for round := 0; ; round++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var err error
		if root, err = s.learnRound(ctx, root); err != nil {
			return nil, err
		}
		var misses []game.Position
		for try := range tries {
			if try%1024 == 0 && ctx.Err() != nil {
				return nil, ctx.Err()
			}
			p := s.random(rng, 4*h+10)
			if !s.provedAt(root, p) {
				misses = append(misses, p)
				if len(misses) == maxMisses {
					break
				}
			}
		}
		// The solver finds, case by case, what random positions seldom hit.
		found, err := s.confirm(ctx, root)
		if err != nil {
			return nil, err
		}
		misses = append(misses, found...)
		if len(misses) == 0 {
			// The split is settled: tighten's cores only save coqc time.
			return root, s.tighten(ctx, root)
		}
		if round == rounds-1 {
			return nil, uncertifiable(ReasonCaseSplit, fmt.Sprintf("the case split of (II) learned on piles up to %d fails at %v, after %d rounds", h, misses[0], rounds))
		}
		s.samples = append(s.samples, misses...)
		s.samples = append(s.samples, s.around(rng, found)...)
	}
}

// random returns a random position of tieRich's, the canonical image of
// one when the split is restricted to the canonical positions.
func (s *splitter) random(rng *rand.Rand, hi int) game.Position {
	p := tieRich(rng, s.n, hi)
	if s.sym != nil {
		return s.sym.canonicalImage(p)
	}
	return p
}

// tieRich returns a random position with piles up to hi whose piles often
// equal one another or differ by one: a claim's cases are cut out by
// equations, which piles drawn independently seldom meet.
func tieRich(rng *rand.Rand, n, hi int) game.Position {
	p := make(game.Position, n)
	for i := range p {
		switch j := rng.IntN(n); {
		case j < i && rng.IntN(2) == 0:
			p[i] = max(0, p[j]+rng.IntN(3)-1)
		default:
			p[i] = rng.IntN(hi + 1)
		}
	}
	return p
}

func pow(b, e int) int {
	r := 1
	for range e {
		r *= b
		if r > 1<<40 {
			return r
		}
	}
	return r
}

// provedAt reports whether the split proves (II) at p: p is outside S and
// its case's plan proves the goal, or p is in S and its case says so.
func (s *splitter) provedAt(root *caseNode, p game.Position) bool {
	c := s.leafOf(root, p)
	if c.inS != s.holds(s.set, p) {
		return false
	}
	return s.proves(c.plan, p)
}

// leafOf returns the leaf of the split at root that p falls in.
func (s *splitter) leafOf(root *caseNode, p game.Position) *caseNode {
	c := root
	for c.cond != nil {
		if s.holds(c.cond, p) {
			c = c.yes
		} else {
			c = c.no
		}
	}
	return c
}

// learnRound learns a split from the samples, or, when root is not nil,
// mends root where it fails at them (repair).
func (s *splitter) learnRound(ctx context.Context, root *caseNode) (*caseNode, error) {
	s.bits, s.order, s.cases = map[*prop][]uint64{}, map[*prop][]int{}, 0
	s.truth(s.goal)
	s.truth(s.set)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	all := make([]int, len(s.samples))
	inS := s.bits[s.set]
	for i := range all {
		all[i] = i
		if !bit(inS, i) && !bit(s.bits[s.goal], i) {
			return nil, uncertifiable(ReasonNoMoves, fmt.Sprintf("at %v, outside S, no candidate move leads into S", s.samples[i]))
		}
	}
	labels := make([]int, len(s.samples))
	ids := map[string]int{}
	for i := range labels {
		var b strings.Builder
		if bit(inS, i) {
			b.WriteString("S")
			s.label(&b, s.set, i)
		} else {
			s.label(&b, s.goal, i)
		}
		id, ok := ids[b.String()]
		if !ok {
			id = len(ids)
			ids[b.String()] = id
		}
		labels[i] = id
	}
	l := learner{s: s, labels: labels, nLabels: len(ids)}
	if root != nil {
		s.cases = countCases(root)
		return l.repair(ctx, root, all)
	}
	return l.grow(ctx, all)
}

func bit(b []uint64, i int) bool { return b[i/64]>>(i%64)&1 == 1 }

// truth fills s.bits for t and its parts, and s.order for disjunctions.
func (s *splitter) truth(t *prop) []uint64 {
	if b, ok := s.bits[t]; ok {
		return b
	}
	b := make([]uint64, (len(s.samples)+63)/64)
	switch t.op {
	case atomOp:
		select {
		case <-s.done:
			return b
		default:
		}
		f := s.evals[t.src]
		for i, p := range s.samples {
			if f(p) {
				b[i/64] |= 1 << (i % 64)
			}
		}
	case andOp:
		for i := range b {
			b[i] = ^uint64(0)
		}
		for _, a := range t.args {
			for i, x := range s.truth(a) {
				b[i] &= x
			}
		}
	case orOp:
		counts := make([]int, len(t.args))
		for k, a := range t.args {
			for i, x := range s.truth(a) {
				b[i] |= x
				counts[k] += popcount(x)
			}
		}
		order := make([]int, len(t.args))
		for k := range order {
			order[k] = k
		}
		// Most often true first; the first written among equals.
		for i := 1; i < len(order); i++ {
			for j := i; j > 0 && counts[order[j]] > counts[order[j-1]]; j-- {
				order[j], order[j-1] = order[j-1], order[j]
			}
		}
		s.order[t] = order
	}
	s.bits[t] = b
	return b
}

func popcount(x uint64) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// label writes the choices that prove shape t at sample i, the first
// true case of every disjunction in order.
func (s *splitter) label(b *strings.Builder, t *prop, i int) {
	if !s.hasOr[t] {
		return
	}
	if t.op == andOp {
		for _, a := range t.args {
			s.label(b, a, i)
		}
		return
	}
	for _, k := range s.order[t] {
		if bit(s.bits[t.args[k]], i) {
			fmt.Fprintf(b, "%d(", k)
			s.label(b, t.args[k], i)
			b.WriteString(")")
			return
		}
	}
}

// planFor returns a plan that proves t at every sample of xs, or nil.
func (s *splitter) planFor(t *prop, xs []int) *plan {
	b := s.bits[t]
	for _, i := range xs {
		if !bit(b, i) {
			return nil
		}
	}
	pl := &plan{node: t}
	switch {
	case !s.hasOr[t]:
	case t.op == andOp:
		for _, a := range t.args {
			k := s.planFor(a, xs)
			if k == nil {
				return nil
			}
			pl.kids = append(pl.kids, k)
		}
	default:
		for _, k := range s.order[t] {
			if kp := s.planFor(t.args[k], xs); kp != nil {
				pl.pick, pl.kids = k, []*plan{kp}
				return pl
			}
		}
		return nil
	}
	return pl
}

// learner grows and mends a split from the samples, each labelled by the
// choice its goal is proved by.
type learner struct {
	s       *splitter
	labels  []int
	nLabels int
}

// grow learns the split of the samples xs.
func (l learner) grow(ctx context.Context, xs []int) (*caseNode, error) {
	s := l.s
	inS := s.bits[s.set]
	allIn, noneIn := true, true
	for _, i := range xs {
		if bit(inS, i) {
			noneIn = false
		} else {
			allIn = false
		}
	}
	switch {
	case allIn:
		if pl := s.planFor(s.set, xs); pl != nil {
			return s.leaf(&caseNode{plan: pl, inS: true})
		}
	case noneIn:
		if pl := s.planFor(s.goal, xs); pl != nil {
			return s.leaf(&caseNode{plan: pl})
		}
	}
	cond, err := s.bestSplit(ctx, xs, l.labels, l.nLabels)
	switch {
	case err != nil:
		return nil, err
	case cond == nil:
		return nil, uncertifiable(ReasonUnsupported, fmt.Sprintf("no condition of the claim separates the cases of (II) at %v", s.samples[xs[0]]))
	}
	yes, no := s.partition(cond, xs)
	c := &caseNode{cond: cond}
	if c.yes, err = l.grow(ctx, yes); err != nil {
		return nil, err
	}
	if c.no, err = l.grow(ctx, no); err != nil {
		return nil, err
	}
	return c, nil
}

func (s *splitter) leaf(c *caseNode) (*caseNode, error) {
	s.cases++
	if s.cases > maxCases {
		return nil, uncertifiable(ReasonUnsupported, fmt.Sprintf("the case split of (II) needs more than %d cases", maxCases))
	}
	return c, nil
}

// bestSplit returns the atom that splits xs into the purest two parts by
// their labels (the least Gini impurity), or nil if none splits them; it
// stops when ctx is done.
func (s *splitter) bestSplit(ctx context.Context, xs, labels []int, nLabels int) (*prop, error) {
	total := make([]int, nLabels)
	for _, i := range xs {
		total[labels[i]]++
	}
	yes := make([]int, nLabels)
	var best *prop
	bestScore := 0.0
	for _, a := range s.atoms {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		b := s.truth(a)
		clear(yes)
		ny := 0
		for _, i := range xs {
			if bit(b, i) {
				yes[labels[i]]++
				ny++
			}
		}
		nn := len(xs) - ny
		if ny == 0 || nn == 0 {
			continue
		}
		var sy, sn float64
		for l, t := range total {
			if t == 0 {
				continue
			}
			y, n := float64(yes[l]), float64(t-yes[l])
			sy += y * y
			sn += n * n
		}
		score := sy/float64(ny) + sn/float64(nn) // the larger, the purer
		if best == nil || score > bestScore {
			best, bestScore = a, score
		}
	}
	return best, ctx.Err()
}
