package discover

import (
	"context"
	"fmt"
	"maps"
	"math/bits"
	"slices"
	"strings"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/prove"
	"github.com/nimlab/nimlab/prove/proof"
)

// RegionNote is what the reduction by invariances found in one region of
// empty piles: its description when one is exact on the learning box, the
// invariances learned inside it, and the one it was reduced by.
type RegionNote struct {
	// Where is the region, e.g. "a == 0 && c == 0"; "" for every position.
	Where string `json:"where"`
	// Expr is a description exact on the learning box, when one was found.
	Expr  string `json:"expr,omitempty"`
	Exact bool   `json:"exact"`
	// Invariances are the 0/1 invariances learned in the region, and
	// ReducedBy the one its positions are reduced by ("" for none).
	Invariances []string `json:"invariances,omitempty"`
	ReducedBy   string   `json:"reduced_by,omitempty"`
	// Proof is the answer of prove to the region theorem of Expr ("proved",
	// "refuted", "unknown" in JSON), when a proof was asked for;
	// proof.Unsettled (left out of JSON) otherwise.
	Proof proof.Result `json:"proof,omitempty"`

	zeros uint64 // the region's empty piles
}

// EmptyPiles is the number of piles the region has empty: its depth in the
// map (0 for every position, 1 for a region reduced to from there, ...).
func (n RegionNote) EmptyPiles() int { return bits.OnesCount64(n.zeros) }

// maxStructureRegions bounds the regions the reduction describes.
const maxStructureRegions = 48

// structNode describes the P-positions of a region of empty piles: by a
// candidate exact there (a leaf), or by reducing every position of the
// region by an invariance and describing the regions with one more empty
// pile that the reduction leads to.
type structNode struct {
	zeros    uint64
	leaf     *candidate
	by       Invariance
	children []structChild
}

// structChild is the region with pile X empty too: described by node, the
// description of the representative region, read at q with q[i] =
// x[perm[i]] (perm maps the representative onto the region).
type structChild struct {
	pile int
	node *structNode
	perm complex.Perm
}

// structure reduces by invariances and describes the reduced positions.
type structure struct {
	s     *search // the search of every position (its table, names, game)
	group []complex.Perm
	nodes map[uint64]*structNode // by representative; nil: failed or in progress
	tried map[uint64]bool
	notes []RegionNote
	root  *structNode // the reduction of every position, when it succeeded
}

// reduceByInvariances looks for a description of the P-positions of the
// learning box as one expression: a position is reduced by an invariance
// (the all-ones vector: subtract the least pile), and the reduced
// positions, which have an empty pile, are described by region, up to
// the game's symmetries, again by reduction where no description fits.
// It returns the expression ("" when some region has none) and the map
// of the regions tried, and the invariances of the whole box.
func (s *search) reduceByInvariances(ctx context.Context) (string, *structure, []Invariance, error) {
	st, err := s.newStructure(ctx)
	if err != nil {
		return "", nil, nil, err
	}
	root, invs, err := st.node(ctx, 0)
	if err != nil {
		return "", st, invs, err
	}
	if root == nil {
		// No description of every position: the map of the regions with
		// one empty pile, each described, or reduced, where it can be.
		for x := range s.n {
			rep, _ := st.canonical(1 << x)
			if _, _, err := st.node(ctx, rep); err != nil {
				return "", st, invs, err
			}
		}
		return "", st, invs, nil
	}
	st.root = root
	level := 0
	return st.render(root, s.names, &level), st, invs, nil
}

// newStructure starts a reduction of the search's box.
func (s *search) newStructure(ctx context.Context) (*structure, error) {
	group, err := symmetries(ctx, s.g)
	if err != nil {
		return nil, err
	}
	return &structure{s: s, group: group, nodes: map[uint64]*structNode{}, tried: map[uint64]bool{}}, nil
}

// maxNextRegions bounds the regions suggested next.
const maxNextRegions = 6

// next lists the regions worth trying next, as --where conditions: those
// with one more empty pile than a region tried and not described, up to
// symmetry, not tried yet; with nothing tried, those of one empty pile.
func (st *structure) next() []string {
	var out []string
	add := func(zeros uint64) {
		for x := range st.s.n {
			if zeros>>x&1 == 1 || len(out) >= maxNextRegions {
				continue
			}
			rep, _ := st.canonical(zeros | 1<<x)
			if c := zerosCondition(rep, st.s.names); !st.tried[rep] && !st.covered(rep) && !slices.Contains(out, c) {
				out = append(out, c)
			}
		}
	}
	if len(st.tried) == 0 {
		add(0)
		return out
	}
	var failed []uint64
	for zeros := range st.tried {
		if st.nodes[zeros] == nil && bits.OnesCount64(zeros) < st.s.n-1 {
			failed = append(failed, zeros)
		}
	}
	slices.Sort(failed)
	for _, zeros := range failed {
		add(zeros)
	}
	return out
}

// node describes the region of zeros (a representative), or returns nil
// when it cannot; it returns the invariances learned there too.
func (st *structure) node(ctx context.Context, zeros uint64) (*structNode, []Invariance, error) {
	if nd, ok := st.nodes[zeros]; ok || st.tried[zeros] {
		return nd, nil, nil
	}
	st.tried[zeros] = true
	if len(st.tried) > maxStructureRegions {
		return nil, nil, nil
	}
	note := RegionNote{Where: zerosCondition(zeros, st.s.names), zeros: zeros}
	at := len(st.notes)
	st.notes = append(st.notes, note)
	if zeros != 0 {
		c, exact, err := st.describeRegion(ctx, zeros)
		if err != nil {
			return nil, nil, err
		}
		if exact {
			st.notes[at].Exact, st.notes[at].Expr = true, c.expr(st.s.names)
			nd := &structNode{zeros: zeros, leaf: c}
			st.nodes[zeros] = nd
			return nd, nil, nil
		}
	}
	if bits.OnesCount64(zeros) >= st.s.n-1 {
		return nil, nil, nil
	}
	invs, err := learnInvariances(ctx, st.s.t, zeros)
	if err != nil {
		return nil, nil, err
	}
	for _, v := range invs {
		st.notes[at].Invariances = append(st.notes[at].Invariances, v.String())
	}
	// The invariance whose reduction leads to the fewest regions first.
	order := slices.Clone(invs)
	slices.SortStableFunc(order, func(u, v Invariance) int { return len(st.orbits(zeros, u)) - len(st.orbits(zeros, v)) })
	for _, v := range order {
		nd := &structNode{zeros: zeros, by: v}
		ok := true
		for x := range st.s.n {
			if v[x] == 0 || zeros>>x&1 == 1 {
				continue
			}
			rep, perm := st.canonical(zeros | 1<<x)
			child, _, err := st.node(ctx, rep)
			if err != nil {
				return nil, invs, err
			}
			if child == nil {
				ok = false
				break
			}
			nd.children = append(nd.children, structChild{pile: x, node: child, perm: perm})
		}
		if ok {
			st.notes[at].ReducedBy = v.String()
			st.nodes[zeros] = nd
			return nd, invs, nil
		}
	}
	return nil, invs, nil
}

// covered reports whether the region of zeros lies, up to symmetry, in a
// region described already (one with fewer empty piles, all among its).
func (st *structure) covered(zeros uint64) bool {
	images := []uint64{zeros}
	for _, perm := range st.group {
		var image uint64
		for i, j := range perm {
			image |= zeros >> j & 1 << i
		}
		images = append(images, image)
	}
	for d, nd := range st.nodes {
		if nd == nil {
			continue
		}
		for _, image := range images {
			if d&^image == 0 {
				return true
			}
		}
	}
	return false
}

// orbits are the representatives of the regions a reduction of the region
// of zeros by v leads to.
func (st *structure) orbits(zeros uint64, v Invariance) []uint64 {
	var reps []uint64
	for x := range st.s.n {
		if v[x] == 1 && zeros>>x&1 == 0 {
			if rep, _ := st.canonical(zeros | 1<<x); !slices.Contains(reps, rep) {
				reps = append(reps, rep)
			}
		}
	}
	return reps
}

// canonical returns the least image of the set of empty piles zeros under
// the game's symmetries and a symmetry perm that maps it onto zeros: q
// with q[i] = x[perm[i]] has the representative's piles empty exactly when
// x has those of zeros.
func (st *structure) canonical(zeros uint64) (uint64, complex.Perm) {
	best, bestPerm := zeros, complex.Perm(nil)
	for _, perm := range st.group {
		var image uint64
		for i, j := range perm {
			image |= zeros >> j & 1 << i
		}
		if image < best || bestPerm == nil && image == best {
			best, bestPerm = image, perm
		}
	}
	if bestPerm == nil {
		bestPerm = make(complex.Perm, st.s.n)
		for i := range bestPerm {
			bestPerm[i] = i
		}
	}
	return best, bestPerm
}

// describeRegion runs discover's search on the region of zeros of the
// learning box, up to the symmetries that keep it, written out.
func (st *structure) describeRegion(ctx context.Context, zeros uint64) (*candidate, bool, error) {
	s := st.s
	where, err := check.Compile(zerosCondition(zeros, s.names), s.n, nil)
	if err != nil {
		return nil, false, fmt.Errorf("the region of empty piles %s: %w", zerosCondition(zeros, s.names), err)
	}
	var ps [][]int
	for _, p := range s.ps {
		if inZeros(p, zeros) {
			ps = append(ps, p)
		}
	}
	rs := &search{g: s.g, t: s.t, n: s.n, ps: ps, names: s.names, where: where, zeros: zeros}
	if st.group != nil {
		rs.perms, rs.explicit = stabilizer(st.group, s.t.Box, where), true
		if len(rs.perms) > maxExplicitImages {
			rs.perms, rs.explicit = nil, false
		}
	}
	c, err := rs.run(ctx)
	if err != nil {
		return nil, false, err
	}
	exact, err := rs.exact(ctx, c)
	return c, exact, err
}

// inZeros reports whether every pile of zeros is empty in p.
func inZeros(p []int, zeros uint64) bool {
	for i, x := range p {
		if zeros>>i&1 == 1 && x != 0 {
			return false
		}
	}
	return true
}

// zerosCondition writes the region "a == 0 && c == 0" ("" for none).
func zerosCondition(zeros uint64, names []string) string {
	var terms []string
	for i, name := range names {
		if zeros>>i&1 == 1 {
			terms = append(terms, name+" == 0")
		}
	}
	return strings.Join(terms, " && ")
}

// render writes the node in check's language with pile i read as
// names[i]: a leaf as its region's condition and its description; a
// reduction as lets that subtract the invariance as often as the position
// holds it (the least pile of its support), then the disjunction of its
// children, each read through its symmetry.
func (st *structure) render(nd *structNode, names []string, level *int) string {
	if nd.leaf != nil {
		return "(" + zerosCondition(nd.zeros, names) + " && (" + nd.leaf.expr(names) + "))"
	}
	*level++
	m := fmt.Sprintf("mn%d", *level)
	var support []string
	reduced := slices.Clone(names)
	for i, x := range nd.by {
		if x == 1 {
			support = append(support, names[i])
			reduced[i] = fmt.Sprintf("r%s%d", check.PileName(i), *level)
		}
	}
	least := support[0]
	if len(support) > 1 {
		least = "min(" + strings.Join(support, ", ") + ")"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "(let %s = %s; ", m, least)
	for i, x := range nd.by {
		if x == 1 {
			fmt.Fprintf(&b, "let %s = %s - %s; ", reduced[i], names[i], m)
		}
	}
	parts := make([]string, 0, len(nd.children))
	for _, c := range nd.children {
		renamed := make([]string, len(names))
		for i, j := range c.perm {
			renamed[i] = reduced[j]
		}
		parts = append(parts, st.render(c.node, renamed, level))
	}
	b.WriteString(strings.Join(parts, " || "))
	b.WriteString(")")
	return b.String()
}

// learnedExact reports whether src accepts exactly the P-positions of the
// learning box (of the region, when there is one).
func (s *search) learnedExact(ctx context.Context, src string) (bool, error) {
	e, err := check.Compile(src, s.n, func() (*complex.Group, error) { return s.g.Symmetries(ctx) })
	if err != nil {
		return false, fmt.Errorf("the expression assembled does not compile (please report this): %w", err)
	}
	miss, err := s.disagreements(ctx, e.Evaluator, 0)
	return miss == 0, err
}

// finding is what the search settles on before verifying it: the
// expression, what kind of description it is, whether it is exact on the
// learning box, and what the reduction by invariances found.
type finding struct {
	src, method string
	exact       bool
	invariances []Invariance
	regions     []RegionNote
	next        []string
	// st is the reduction src was assembled from, when it was.
	st *structure
	// vectors are the invariances the reduction used, with their images
	// under the game's symmetries: hints for prove's reduction
	// (prove.Options.ReductionHints), each asked of the solver there.
	vectors [][]int
	// pieces are the descriptions of the reduction's regions,
	// as claims: prove's reduction proves src in each region through the
	// one of that region (prove.Options.Equivalents), when the solver
	// shows they agree there.
	pieces []prove.Equivalent
}

// vectors lists the invariances of the reduction as hints for prove's
// (prove.Options.ReductionHints), which tries them in this order in every
// region: first the vector of each node of the expression, in the order it
// reduces by them (the root's first), as it applies to the region the
// expression reaches the node at; then those of the other nodes; then
// every one's images under the structure's symmetries; once each. The
// vector the expression is written with makes query (a) of a region little
// more than rewriting: NN(10,5)'s top region took 75 s when another
// invariance, sorted before it, was tried first.
func (st *structure) vectors() [][]int {
	var out [][]int
	seen := map[string]bool{}
	add := func(v []int) {
		if key := fmt.Sprint(v); !seen[key] {
			seen[key] = true
			out = append(out, v)
		}
	}
	st.walkReached(func(nd *structNode, idx []int) {
		if nd.by == nil {
			return
		}
		v := make([]int, len(idx))
		for i, x := range nd.by {
			v[idx[i]] = x
		}
		add(v)
	})
	zeros := slices.Sorted(maps.Keys(st.nodes))
	for _, z := range zeros {
		if nd := st.nodes[z]; nd != nil && nd.by != nil {
			add(slices.Clone([]int(nd.by)))
		}
	}
	for _, v := range slices.Clone(out) {
		for _, perm := range st.group {
			w := make([]int, len(v))
			for i, x := range v {
				w[perm[i]] = x
			}
			add(w)
		}
	}
	return out
}

// walkReached calls visit on every node of the expression's tree, from the
// root, in the order render writes them, with idx[i] the pile of the
// position the node's pile i comes from (each child is read through its
// symmetry, as render and lift read it).
func (st *structure) walkReached(visit func(nd *structNode, idx []int)) {
	var walk func(nd *structNode, idx []int)
	walk = func(nd *structNode, idx []int) {
		if nd == nil {
			return
		}
		visit(nd, idx)
		for _, c := range nd.children {
			cidx := make([]int, len(idx))
			for i, j := range c.perm {
				cidx[i] = idx[j]
			}
			walk(c.node, cidx)
		}
	}
	identity := make([]int, st.s.n)
	for i := range identity {
		identity[i] = i
	}
	walk(st.root, identity)
}

// methodReduction is the Method of a description by reduction.
const methodReduction = "reduction by invariances: the positions reduced, the reduced positions described by regions of empty piles"

// found settles on best when it is exact on the learning box; otherwise,
// for every position (no --where), it tries the reduction by invariances,
// and takes its expression when that is exact on the learning box.
func (s *search) found(ctx context.Context, best *candidate, opts Options) (*finding, error) {
	f := &finding{src: best.expr(s.names), method: best.kind.String()}
	exact, err := s.exact(ctx, best)
	if err == nil && !exact && s.g.Misere {
		var src string
		if src, err = s.misereFromNormal(ctx, opts); err == nil && src != "" {
			f.src, f.method, f.exact = src, methodMisere, true
			return f, nil
		}
	}
	if err != nil || s.where != nil || s.n > maxInvariancePiles {
		f.exact = exact
		return f, err
	}
	if exact {
		// Should it fail beyond the box, these are the regions to try.
		f.exact = true
		st, err := s.newStructure(ctx)
		if err != nil {
			return nil, err
		}
		f.next = st.next()
		return f, nil
	}
	src, st, invs, err := s.reduceByInvariances(ctx)
	if err != nil {
		return nil, err
	}
	notes := st.notes
	f.invariances, f.regions, f.next = invs, notes, st.next()
	ok := src != ""
	if ok {
		if ok, err = s.learnedExact(ctx, src); err != nil {
			return nil, err
		}
	}
	if !ok {
		// No description of every position: the map of regions is what
		// was found, and says which of its pieces are proved.
		if opts.Prove != nil {
			_, err = s.proveRegions(ctx, notes, opts)
		}
		return f, err
	}
	f.src, f.method, f.exact = src, methodReduction, true
	f.vectors, f.st = st.vectors(), st
	// The regions are not proved one by one first: prove's reduction
	// proves what it needs of each, with its description as a hint
	// (pieces), and the map is proved only when the whole is not
	// (verify: liftedProof). NN(10,5): one region theorem the whole proof
	// does not use took about 170 of the 235 s its 33 region theorems took.
	f.pieces, err = s.pieces(ctx, notes)
	return f, err
}

// pieces are the descriptions of the regions, as region theorems to prove:
// prove's reduction proves src in a region through the one of that region
// (prove.Options.Equivalents), when the solver shows they agree there and
// it is proved itself.
func (s *search) pieces(ctx context.Context, notes []RegionNote) ([]prove.Equivalent, error) {
	var out []prove.Equivalent
	for _, n := range notes {
		if !n.Exact || n.Where == "" {
			continue // the pieces are about regions
		}
		c, err := prove.NewClaim(ctx, s.g, prove.Sources{Expr: n.Expr, Where: n.Where})
		if err != nil {
			return nil, fmt.Errorf("the region theorem of %s: %w", n.Where, err)
		}
		out = append(out, prove.Equivalent{Name: "the description of " + n.Where, Claim: c})
	}
	return out, nil
}

// proveRegions proves the description of each region that has one as a
// region theorem (prove.Options.Where): the map of regions says which
// pieces are proved for every position of their region. It returns the
// winning moves each proof learned, by region, when every region's are
// complete on their box (nil otherwise).
func (s *search) proveRegions(ctx context.Context, notes []RegionNote, opts Options) (map[uint64][][]string, error) {
	learned := map[uint64][][]string{}
	symmetries := func() (*complex.Group, error) { return s.g.Symmetries(ctx) }
	for i := range notes {
		n := &notes[i]
		if !n.Exact || n.Where == "" {
			continue
		}
		where, err := check.Compile(n.Where, s.n, symmetries)
		if err != nil {
			return nil, fmt.Errorf("the region %s: %w", n.Where, err)
		}
		e, err := check.Compile(n.Expr, s.n, symmetries)
		if err != nil {
			return nil, fmt.Errorf("the description of the region %s: %w", n.Where, err)
		}
		popts := proveOptions(opts)
		popts.Where = where
		res, err := prove.Prove(ctx, s.g, e, popts)
		if err != nil {
			return nil, fmt.Errorf("proving the region theorem of %s: %w", n.Where, err)
		}
		n.Proof = res.Result
		if res.Learned != nil && res.Learned.Complete() && learned != nil {
			learned[n.zeros] = res.Learned.Moves
		} else {
			learned = nil
		}
	}
	return learned, nil
}
