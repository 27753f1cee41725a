// Package atlas surveys a family of games and writes one row per game: the
// P-positions and their classes, the closure properties the papers ask
// about (Ehrenborg–Steingrímsson 1996, Questions 9.1–9.3 and Conjecture 8.1), the theorem that
// covers the game, whether a genuine zero position exists (Question 9.4),
// whether the Nim-basis is the set of disjoint unions of circuits (Question
// 9.5), the characterization package discover finds, and, when asked,
// whether package prove proves it for every position; and, across the
// survey, which games have exactly the same P-positions on their box.
//
// The family rules:A..B is the survey of the rule variations of Circular
// Nim (Dufour–Heubach 2013, Section 6, question 4; variations) that the
// command explore ran: there the games with the same P-positions are
// identities to look for (on CN(n,1) every face is one pile, so atleast and
// wythoff are Nim). Equal P-positions on a box are evidence, not proof,
// that two games share their P-positions; the report says so and gives the
// box.
//
// A survey is split into shards by the game's place in the family, so that a
// Slurm job array or a Kubernetes Indexed Job runs it on many machines; each
// shard keeps its finished rows in a journal and skips them when restarted.
package atlas

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/prove"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
	"github.com/nimlab/nimlab/theory"
)

// Row is what the atlas says about one game. Property columns read
// "holds", "fails" or "untested" (no instance inside the box).
type Row struct {
	Index           int    `parquet:"index" json:"index"`
	Game            string `parquet:"game" json:"game"`
	Max             int    `parquet:"max" json:"max"`
	Positions       int64  `parquet:"positions" json:"positions"`
	PPositions      int64  `parquet:"p_positions" json:"p_positions"`
	PClasses        int64  `parquet:"p_classes" json:"p_classes"`
	Addition        string `parquet:"addition" json:"addition"`
	PlusOnes        string `parquet:"plus_ones" json:"plus_ones"`
	Doubling        string `parquet:"doubling" json:"doubling"`
	MultiplesOfOnes string `parquet:"multiples_of_ones" json:"multiples_of_ones"`
	Theorem         string `parquet:"theorem" json:"theorem"`
	GenuineZero     bool   `parquet:"genuine_zero" json:"genuine_zero"`
	GenuineZeroMin1 bool   `parquet:"genuine_zero_min1" json:"genuine_zero_min1"`
	// NimBasis is "unions of circuits", "not unions of circuits", "none"
	// (not Nim-regular) or "not searched" (not a complex, or too many piles).
	NimBasis string `parquet:"nim_basis" json:"nim_basis"`
	Expr     string `parquet:"expr" json:"expr"`
	// Exact is true when Expr is exact on the box of height VerifiedMax,
	// LearnedExact when it is on the box of height LearnedMax it was
	// learned on (discover.Result.LearnedExact): LearnedExact without
	// Exact is a description exact on its learning box that fails beyond
	// it.
	Exact        bool `parquet:"exact" json:"exact"`
	LearnedExact bool `parquet:"learned_exact" json:"learned_exact"`
	// LearnedMax is the height of the box discover learned Expr on
	// (LearnHeights), VerifiedMax the one it was checked on.
	LearnedMax  int `parquet:"learned_max" json:"learned_max"`
	VerifiedMax int `parquet:"verified_max" json:"verified_max"`
	// Proved is what became of proving Expr for every position (package
	// prove) when the survey proves (Options.Prove) and Expr is exact:
	// "proved", "refuted" or "unknown"; "" when there was nothing to prove.
	Proved string `parquet:"proved" json:"proved"`
	// ProvedEngineMax is, for a proved row, the largest pile of the box on
	// which the engine's table confirmed the proof (prove.EngineCheck).
	ProvedEngineMax int `parquet:"proved_engine_max" json:"proved_engine_max,omitempty"`
	// Regions are the region theorems proved when the description is not
	// (Options.Regions), each "REGION: EXPRESSION": inside the region (a
	// pile empty), the P-positions are exactly those EXPRESSION accepts.
	Regions []string `parquet:"regions,list" json:"regions,omitempty"`
	// Proof says how the proof went, when there was one (Proved is not
	// ""): its kind and routes, each condition's answer and time, and the
	// files of its queries.
	Proof ProofDetail `parquet:"proof" json:"proof,omitzero"`
	// Seconds is the time the game's row took, proof included.
	Seconds float64 `parquet:"seconds" json:"seconds"`
	// PHash is a 64-bit hash of the P-positions (FNV-1a of their indices
	// in table order, in hex): rows of the same Max and Positions with the
	// same PHash have, but for odds of about 2^-64, the same P-positions
	// (SameP), across the shards of a survey too.
	PHash string `parquet:"p_hash" json:"p_hash"`
}

// Holding lists the closure properties that hold in the row's box (tested
// and never broken), in the order of check.Properties.
func (r Row) Holding() []string {
	var holds []string
	for _, p := range []struct{ name, v string }{
		{"addition", r.Addition}, {"plus-ones", r.PlusOnes}, {"doubling", r.Doubling}, {"multiples-of-ones", r.MultiplesOfOnes},
	} {
		if p.v == "holds" {
			holds = append(holds, p.name)
		}
	}
	return holds
}

// Options says how deep a survey goes.
type Options struct {
	// Max is the height solved for every game, lowered for a game whose box
	// would pass MaxPositions.
	Max int
	// Workers for the engines (0: every core).
	Workers int
	// NoDiscover leaves discover out: the rows say "not searched", and a
	// survey of thousands of complexes takes minutes instead of hours.
	NoDiscover bool
	// Prove, when not nil, proves each exact description for every position
	// with these options (Row.Proved); it needs discover.
	Prove *prove.Options
	// Regions, with Prove, proves region theorems (regions.go) for the
	// games whose description is not proved (Row.Regions).
	Regions bool
	// Gate runs every table of the survey: the rows', discover's and the
	// proofs' (nil: solve.GateOr's default).
	Gate solve.Gate
}

// MaxPositions bounds the box of one game.
const MaxPositions = 20_000_000

// Family lists the specs of a family, in a fixed order. A family is one or
// more items separated by ";", each a spec or a range:
//
//	cn:A..B       every CN(n,k) with A <= n <= B and 1 <= k <= n
//	path:A..B     every PathNim path:n,k with A <= n <= B and 1 <= k <= n
//	complexes:V   every simplicial complex on 1..V vertices up to isomorphism (V <= 6)
//	rules:A..B    every rule variation of Dufour–Heubach 2013, Section 6 (variations)
//	              on every CN(n,k) with A <= n <= B, 1 <= k <= n
func Family(ctx context.Context, family string) ([]string, error) {
	var specs []string
	for _, item := range strings.Split(family, ";") {
		item = strings.TrimSpace(item)
		name, rng, _ := strings.Cut(item, ":")
		lo, hi, isRange := strings.Cut(rng, "..")
		switch {
		case item == "":
		case name == "complexes":
			v, err := strconv.Atoi(rng)
			if err != nil || v < 1 || v > MaxComplexVertices {
				return nil, fmt.Errorf("family %q: complexes:V takes 1 <= V <= %d (every complex on 1 to V vertices; V = 7 would be 490 million)", item, MaxComplexVertices)
			}
			for n := 1; n <= v; n++ {
				cs, err := Complexes(ctx, n)
				if err != nil {
					return nil, fmt.Errorf("family %q: %w", item, err)
				}
				specs = append(specs, cs...)
			}
		case isRange && (name == "cn" || name == "path" || name == "rules"):
			a, err1 := strconv.Atoi(lo)
			b, err2 := strconv.Atoi(hi)
			if err1 != nil || err2 != nil || a < 1 || b < a || b > 64 {
				return nil, fmt.Errorf("family %q: want %s:A..B with 1 <= A <= B <= 64", item, name)
			}
			for n := a; n <= b; n++ {
				for k := 1; k <= n; k++ {
					if name != "rules" {
						specs = append(specs, fmt.Sprintf("%s:%d,%d", name, n, k))
						continue
					}
					for _, v := range variations {
						specs = append(specs, fmt.Sprintf(v.Template, fmt.Sprintf("cn:%d,%d", n, k)))
					}
				}
			}
		default:
			specs = append(specs, item)
		}
	}
	if len(specs) == 0 {
		return nil, fmt.Errorf("family %q: no games (cn:A..B, path:A..B, or specs, separated by ;)", family)
	}
	return specs, nil
}

// Shard is the part i of n (0 <= i < n) of a survey: the games whose index
// in the family is i modulo n.
type Shard struct{ I, N int }

// ParseShard reads "i/N".
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return Shard{}, fmt.Errorf("--shard %q: want i/N with 0 <= i < N", s)
	}
	return Shard{i, n}, nil
}

// Has reports whether the shard holds the game of index idx.
func (s Shard) Has(idx int) bool { return idx%s.N == s.I }

// Survey computes the row of the game of index idx in its family.
func Survey(ctx context.Context, idx int, spec string, opts Options) (Row, error) {
	start := time.Now()
	g, err := game.Parse(spec)
	if err != nil {
		return Row{}, err
	}
	h := opts.Max
	for h > 0 && table.Uniform(g.Piles(), h).Positions() > MaxPositions {
		h--
	}
	box := table.Uniform(g.Piles(), h)
	t, err := solve.Gated(ctx, opts.Gate, g, box, solve.Options{Workers: opts.Workers})
	if err != nil {
		return Row{}, fmt.Errorf("%s: %w", spec, err)
	}
	s, err := solve.Summarize(ctx, g, t)
	if err != nil {
		return Row{}, err
	}
	r := Row{Index: idx, Game: g.Spec, Max: h, Positions: s.Positions, PPositions: s.PPositions, PClasses: s.PClasses}
	if r.PHash, err = pHash(ctx, t); err != nil {
		return Row{}, err
	}
	props, err := check.Properties(ctx, t)
	if err != nil {
		return Row{}, err
	}
	for _, p := range props {
		v := "fails"
		switch {
		case p.Checked == 0:
			v = "untested"
		case p.Holds:
			v = "holds"
		}
		switch p.Name {
		case "addition":
			r.Addition = v
		case "plus-ones":
			r.PlusOnes = v
		case "doubling":
			r.Doubling = v
		case "multiples-of-ones":
			r.MultiplesOfOnes = v
		}
	}
	if th, _, ok := theory.Find(ctx, g); ok {
		r.Theorem = th.Name
	}
	for p := range t.PPositions(ctx) {
		if m := slices.Min(p); m > 0 {
			r.GenuineZero = true
			if m == 1 {
				r.GenuineZeroMin1 = true
				break
			}
		}
	}
	if r.NimBasis, err = nimBasis(solve.WithGate(ctx, opts.Gate), g); err != nil {
		return Row{}, err
	}
	if opts.NoDiscover {
		r.Expr = "not searched (--discover=false)"
		return r, ctx.Err()
	}
	d, err := learn(ctx, g, LearnHeights(g.Piles(), h), opts)
	switch {
	case err != nil:
		return Row{}, err
	case d == nil:
		r.Expr = "not searched (too large)"
	default:
		r.Expr, r.Exact, r.LearnedExact, r.LearnedMax, r.VerifiedMax = d.Expr, d.Exact, d.LearnedExact, d.Max, d.VerifiedMax
		r.setProof(d.Proof)
	}
	if opts.Regions && r.Proved != prove.Proved.String() {
		if r.Regions, err = regionTheorems(ctx, g, LearnHeights(g.Piles(), h), opts); err != nil {
			return Row{}, err
		}
	}
	r.Seconds = time.Since(start).Seconds()
	return r, ctx.Err()
}

// nimBasis says whether the Nim-basis of g's complex, when there is one, is
// the set of disjoint unions of its circuits (Ehrenborg–Steingrímsson 1996, Question 9.5).
func nimBasis(ctx context.Context, g *game.Game) (string, error) {
	if !g.TakeOnFaces() || g.Piles() > theory.MaxBasisSearch {
		return "not searched", nil
	}
	basis, err := theory.FindNimBasis(ctx, g.Complex)
	if ctx.Err() != nil {
		return "", ctx.Err()
	}
	if err != nil {
		return "none", nil
	}
	circuits, err := g.Complex.Circuits(ctx)
	if err != nil {
		return "not searched", nil
	}
	unions := map[complex.Set]bool{0: true}
	var grow func(from int, s complex.Set)
	grow = func(from int, s complex.Set) {
		for i := from; i < len(circuits); i++ {
			if c := circuits[i]; c&s == 0 {
				unions[s|c] = true
				grow(i+1, s|c)
			}
		}
	}
	grow(0, 0)
	if len(unions) != len(basis) {
		return "not unions of circuits", nil
	}
	for _, b := range basis {
		if !unions[b] {
			return "not unions of circuits", nil
		}
	}
	return "unions of circuits", nil
}
