package commands

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/theory"
)

// DefaultExamples is how many examples of each kind check shows unless
// asked otherwise.
const DefaultExamples = 5

// CheckRequest asks to compare a characterization of the P-positions with
// the table ("nimlab check"): exactly one of Theorem, Expr, Properties and
// Strategy.
type CheckRequest struct {
	Game string `json:"game"`
	Source
	// Theorem names a theorem whose characterization is checked.
	Theorem string `json:"theorem,omitempty"`
	// Expr is an expression of check's language.
	Expr string `json:"expr,omitempty"`
	// Properties tests closure properties of the P-positions instead.
	Properties bool `json:"properties,omitempty"`
	// Strategy names a strategy proved optimal (or not) on the box by
	// exhaustion.
	Strategy string `json:"strategy,omitempty"`
	// Examples is how many examples of each kind to show.
	Examples int `json:"examples"`
	// Where, when not empty, restricts the comparison of a theorem or an
	// expression to the positions where this condition holds: the counts
	// and examples are of those positions (check.CompareIn).
	Where string `json:"where,omitempty"`
}

// CheckResult is the result of one of check's modes: exactly one of
// Compare, Properties and Strategy is set, and it is the JSON.
type CheckResult struct {
	Compare    *CompareResult
	Properties *PropertiesResult
	Strategy   *StrategyResult
}

// CompareResult compares the set S a theorem or expression accepts with the
// P-positions.
type CompareResult struct {
	Accepted         int64                      `json:"accepted"`
	AcceptedNotP     int64                      `json:"accepted_not_p"`
	Agrees           bool                       `json:"agrees"`
	Characterization string                     `json:"characterization"`
	Examples         map[string][]game.Position `json:"examples"`
	Game             string                     `json:"game"`
	Max              int                        `json:"max"`
	PNotAccepted     int64                      `json:"p_not_accepted"`
	Positions        int64                      `json:"positions"`
	Seconds          float64                    `json:"seconds"`
	Violations1      int64                      `json:"violations_1"`
	Violations2      int64                      `json:"violations_2"`
	// Where is the region compared in (CheckRequest.Where) and Region its
	// counts: its positions and those with a move out of it.
	Where  string              `json:"where,omitempty"`
	Region *check.RegionCounts `json:"region,omitempty"`

	title string
}

// PropertiesResult tells which closure properties the P-positions of the
// box have.
type PropertiesResult struct {
	Game       string           `json:"game"`
	Max        int              `json:"max"`
	Properties []check.Property `json:"properties"`

	title string
}

// StrategyResult tells whether a strategy lowers the remoteness by exactly
// one at every non-terminal position of the box.
type StrategyResult struct {
	Examples []check.StrategyFailure `json:"examples"`
	Failures int64                   `json:"failures"`
	Game     string                  `json:"game"`
	Max      int                     `json:"max"`
	Optimal  bool                    `json:"optimal"`
	Seconds  float64                 `json:"seconds"`
	Sorted   bool                    `json:"sorted"`
	States   int64                   `json:"states"`
	Strategy string                  `json:"strategy"`
	Terminal int64                   `json:"terminal"`

	title, description string
}

// Check compares a characterization with the table of a box, tests the
// closure properties of its P-positions, or proves a strategy optimal on
// it. A characterization that disagrees, or a strategy that is not optimal,
// is the result's Verdict.
func Check(ctx context.Context, env Env, req CheckRequest) (*CheckResult, error) {
	g, box, err := req.gameBox(req.Game)
	if err != nil {
		return nil, err
	}
	modes := 0
	for _, set := range []bool{req.Theorem != "", req.Expr != "", req.Properties, req.Strategy != ""} {
		if set {
			modes++
		}
	}
	if modes != 1 {
		return nil, requestErrorf("give exactly one of %v NAME, %v EXPR, %v and %v NAME", Param("theorem"), Param("expr"), Param("properties"), Param("strategy"))
	}
	if req.Expr != "" && strings.TrimSpace(req.Expr) == "" {
		return nil, requestErrorf("%v is empty: give the expression, e.g. %v", Param("expr"), Setting{Param("expr"), "'a == b'"})
	}
	if req.Where != "" && (req.Properties || req.Strategy != "") {
		return nil, requestErrorf("%v restricts %v and %v only, not %v or %v", Param("where"), Param("theorem"), Param("expr"), Param("properties"), Param("strategy"))
	}
	switch {
	case req.Properties:
		t, err := req.solveOrLoad(ctx, env, g, box, solve.Options{})
		if err != nil {
			return nil, err
		}
		props, err := check.Properties(ctx, t)
		if err != nil {
			return nil, err
		}
		return &CheckResult{Properties: &PropertiesResult{Game: g.Spec, Max: req.Max, Properties: props, title: g.Title}}, nil
	case req.Strategy != "":
		move, err := theory.Strategy(req.Strategy, g)
		if err != nil {
			return nil, err
		}
		start := time.Now()
		t, err := req.solveOrLoad(ctx, env, g, box, solve.Options{Remoteness: true})
		if err != nil {
			return nil, err
		}
		r, err := check.Strategy(ctx, g, t, move, req.Examples)
		if err != nil {
			return nil, err
		}
		return &CheckResult{Strategy: &StrategyResult{
			Game: g.Spec, Max: req.Max, Strategy: req.Strategy, Optimal: r.Optimal(), States: r.States,
			Sorted: t.Sorted, Terminal: r.Terminal, Failures: r.Failures, Examples: r.Examples,
			Seconds: seconds(start), title: g.Title, description: theory.Strategies()[req.Strategy],
		}}, nil
	}
	var accept func() func(game.Position) bool
	var what string
	switch {
	case req.Theorem != "":
		th, ok := theory.ByName(req.Theorem)
		if !ok {
			return nil, fmt.Errorf("no theorem %q; \"nimlab theorems\" lists them", req.Theorem)
		}
		rule, ok := th.For(ctx, g)
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if !ok {
			return nil, fmt.Errorf("theorem %s (%s) does not cover %s", th.Name, th.Source, g.Spec)
		}
		accept = func() func(game.Position) bool { return rule.IsP }
		what = fmt.Sprintf("theorem %s (%s)", th.Name, th.Source)
	default:
		e, err := check.CompileCondition(req.Expr, g.Piles(), func() (*complex.Group, error) { return g.Symmetries(ctx) })
		if err != nil {
			return nil, requestErrorf("%v: %w", Param("expr"), err)
		}
		accept = e.Evaluator
		what = fmt.Sprintf("expression %q", req.Expr)
	}
	var inRegion func() func(game.Position) bool
	if req.Where != "" {
		region, err := check.CompileCondition(req.Where, g.Piles(), func() (*complex.Group, error) { return g.Symmetries(ctx) })
		if err != nil {
			return nil, requestErrorf("%v: %v", Param("where"), err)
		}
		inRegion = region.Evaluator
	}
	start := time.Now()
	t, err := req.solveOrLoad(ctx, env, g, box, solve.Options{})
	if err != nil {
		return nil, err
	}
	r, err := check.CompareIn(ctx, g, t, accept, inRegion, req.Examples)
	if err != nil {
		return nil, err
	}
	return &CheckResult{Compare: &CompareResult{
		Game: g.Spec, Max: req.Max, Characterization: what, Agrees: r.Agrees(),
		Positions: r.Positions, Accepted: r.Accepted, PNotAccepted: r.PNotAccepted,
		AcceptedNotP: r.AcceptedNotP, Violations1: r.Violations1, Violations2: r.Violations2,
		Examples: r.Examples, Seconds: seconds(start), title: g.Title, Where: req.Where, Region: r.Region,
	}}, nil
}

// MarshalJSON writes the result of the mode that ran.
func (r *CheckResult) MarshalJSON() ([]byte, error) {
	return jsonOf(r.value())
}

func (r *CheckResult) value() Result {
	switch {
	case r.Properties != nil:
		return r.Properties
	case r.Strategy != nil:
		return r.Strategy
	}
	return r.Compare
}

// WriteText writes the result as "nimlab check" prints it.
func (r *CheckResult) WriteText(w io.Writer) error { return r.value().WriteText(w) }

// Verdict is a *Verdict (exit status 1) when the characterization
// disagrees with the table or the strategy is not optimal.
func (r *CheckResult) Verdict() error {
	switch {
	case r.Compare != nil && !r.Compare.Agrees:
		in := ""
		if r.Compare.Where != "" {
			in = " in the region " + r.Compare.Where
		}
		return &Verdict{Code: 1, Err: fmt.Errorf("%s disagrees with the table of %s at %d positions%s",
			r.Compare.Characterization, r.Compare.Game, r.Compare.PNotAccepted+r.Compare.AcceptedNotP, in)}
	case r.Strategy != nil && !r.Strategy.Optimal:
		return &Verdict{Code: 1, Err: fmt.Errorf("strategy %s is not optimal at %d positions of %s", r.Strategy.Strategy, r.Strategy.Failures, r.Strategy.Game)}
	}
	return nil
}

// WriteText writes the comparison as "nimlab check" prints it.
func (r *CompareResult) WriteText(out io.Writer) error {
	fmt.Fprintf(out, "%s, every pile 0..%d: %s\n", r.title, r.Max, count(r.Positions, "position"))
	if r.Region != nil {
		fmt.Fprintf(out, "region: %s: %s; the counts below are of them\n", r.Where, count(r.Region.Positions, "position"))
		if r.Region.Leaving > 0 {
			fmt.Fprintf(out, "  (a move leaves the region from %d of them%s: not a region a region theorem can be about)\n",
				r.Region.Leaving, exampleList(r.Examples[check.KindLeavesRegion]))
		} else {
			fmt.Fprintln(out, "  (no move of the box leaves it)")
		}
	}
	fmt.Fprintf(out, "characterization: %s\n", r.Characterization)
	fmt.Fprintf(out, "accepted:                       %d\n", r.Accepted)
	fmt.Fprintf(out, "P-positions not accepted:       %d%s\n", r.PNotAccepted, exampleList(r.Examples[check.KindPNotAccepted]))
	fmt.Fprintf(out, "accepted N-positions:           %d%s\n", r.AcceptedNotP, exampleList(r.Examples[check.KindAcceptedNotP]))
	fmt.Fprintf(out, "(I)  accepted, move to accepted: %d%s\n", r.Violations1, exampleList(r.Examples[check.KindViolation1]))
	fmt.Fprintf(out, "(II) rejected, no move to accepted: %d%s\n", r.Violations2, exampleList(r.Examples[check.KindViolation2]))
	if r.Agrees {
		if r.Region != nil {
			fmt.Fprintln(out, "the characterization agrees with the table in the region")
		} else {
			fmt.Fprintln(out, "the characterization agrees with the table")
		}
	}
	return nil
}

// WriteText writes the properties as "nimlab check --properties" prints
// them.
func (r *PropertiesResult) WriteText(out io.Writer) error {
	fmt.Fprintf(out, "%s, every pile 0..%d\n", r.title, r.Max)
	for _, p := range r.Properties {
		verdict := "holds"
		if !p.Holds {
			verdict = "FAILS at " + PositionList(p.Counterexample)
		}
		stopped := ""
		if p.Partial {
			stopped = "; stopped there, at the budget"
		}
		fmt.Fprintf(out, "%-18s %s\n    %s (%d instances inside the box%s)\n", p.Name, p.Question, verdict, p.Checked, stopped)
	}
	return nil
}

// WriteText writes the proof by exhaustion as "nimlab check --strategy"
// prints it.
func (r *StrategyResult) WriteText(out io.Writer) error {
	states := "positions"
	if r.Sorted {
		states = "sorted positions (one per order of the piles)"
	}
	fmt.Fprintf(out, "%s, every pile 0..%d: %d %s, %d terminal\n", r.title, r.Max, r.States, states, r.Terminal)
	fmt.Fprintf(out, "strategy %s: %s\n", r.Strategy, r.description)
	for _, e := range r.Examples {
		fmt.Fprintf(out, "  FAILS at (%v): R = %d, its move to (%v) has R = %d\n", e.Position, e.Remoteness, e.Move, e.MoveRemoteness)
	}
	if r.Optimal {
		fmt.Fprintf(out, "proved on the box: at all %d non-terminal positions the strategy's move lowers the remoteness by exactly 1,\n"+
			"so it is optimal for both players and its play-out from p has R(p) moves\n", r.States-r.Terminal)
	}
	return nil
}

// exampleList writes "   e.g. (1,2) (3,4)", or "" for no positions.
func exampleList(ps []game.Position) string {
	if len(ps) == 0 {
		return ""
	}
	return "   e.g. " + PositionList(ps)
}

// PositionList writes "(1,2) (3,4)".
func PositionList(ps []game.Position) string {
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = "(" + p.String() + ")"
	}
	return strings.Join(parts, " ")
}

// count writes n and the noun, plural unless n is 1: "1 P-position",
// "140 P-positions".
func count[T int | int64](n T, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
