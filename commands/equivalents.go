package commands

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/prove"
	"github.com/nimlab/nimlab/theory"
)

// Other statements of a claim's set, offered to prove's equivalence route
// (prove.Options.Equivalents): the recorded theorems' and --same-as's.

// theoremEquivalents are the statements of the recorded theorems that
// cover g, each a claim with the theorem's winning moves: prove's
// equivalence route proves a description written otherwise through the
// theorem it restates, when the solver shows they accept the same
// positions and the theorem's claim is proved again (hints, not premises).
func theoremEquivalents(ctx context.Context, g *game.Game) []prove.Equivalent {
	// Whether a theorem covers g may take a search (circuits, a Nim-basis).
	tctx, cancel := context.WithTimeout(ctx, equivalentsSearch)
	defer cancel()
	var out []prove.Equivalent
	for _, th := range theory.Theorems() {
		src, ok := th.Expression(tctx, g)
		if !ok {
			continue
		}
		c, err := prove.NewClaim(ctx, g, prove.Sources{Expr: src, Moves: th.WinningMoves(tctx, g)})
		if err != nil {
			continue // a statement that cannot be encoded serves no proof
		}
		out = append(out, prove.Equivalent{Name: fmt.Sprintf("theorem %s (%s)", th.Name, th.Source), Claim: c})
	}
	return out
}

// sameAs reads a --same-as: "EXPR", or "[COND] EXPR" for a statement about
// the region COND.
func sameAs(ctx context.Context, g *game.Game, text string) (prove.Equivalent, error) {
	where, src := "", strings.TrimSpace(text)
	example := Setting{Param("same-as"), "[a == 0] b == c + d"}
	if rest, ok := strings.CutPrefix(src, "["); ok {
		var found bool
		if where, src, found = strings.Cut(rest, "]"); !found {
			return prove.Equivalent{}, requestErrorf("%v %q: the region's [ has no ], e.g. %v", Param("same-as"), text, example)
		}
		where, src = strings.TrimSpace(where), strings.TrimSpace(src)
		switch {
		case where == "" || strings.Contains(where, "["):
			return prove.Equivalent{}, requestErrorf("%v %q: give one region between [ and ], e.g. %v", Param("same-as"), text, example)
		case src == "":
			return prove.Equivalent{}, requestErrorf("%v %q: give the set's expression after the region, e.g. %v", Param("same-as"), text, example)
		case strings.HasPrefix(src, "["):
			return prove.Equivalent{}, requestErrorf("%v %q: one region only, e.g. %v (join conditions with &&)", Param("same-as"), text, example)
		}
	}
	switch {
	case src == "":
		return prove.Equivalent{}, requestErrorf("%v %q: give the set's expression, e.g. %v", Param("same-as"), text, Setting{Param("same-as"), "a == b"})
	case strings.Contains(src, "]"):
		return prove.Equivalent{}, requestErrorf("%v %q: a region goes first, in brackets, e.g. %v", Param("same-as"), text, example)
	}
	c, err := prove.NewClaim(ctx, g, prove.Sources{Expr: src, Where: where})
	var exprErr *prove.ExprError
	var whereErr *prove.WhereError
	switch {
	case errors.As(err, &exprErr):
		return prove.Equivalent{}, requestErrorf("%v %q: %v", Param("same-as"), text, exprErr.Err)
	case errors.As(err, &whereErr):
		return prove.Equivalent{}, requestErrorf("%v %q, the region: %v", Param("same-as"), text, whereErr.Err)
	case err != nil:
		return prove.Equivalent{}, fmt.Errorf("%v %q: %w", Param("same-as"), text, err)
	}
	name := "--same-as" // the expression is said beside the name
	if where != "" {
		name += " [" + where + "]"
	}
	return prove.Equivalent{Name: name, Claim: c, Given: true}, nil
}

// equivalentsSearch bounds the search of the theorems that cover a game.
const equivalentsSearch = 10 * time.Second

// equivalenceText says in one line what became of a claim asked for (II)
// as the same set written otherwise.
func equivalenceText(st prove.EquivalenceStep) string {
	what := st.Name + " (" + st.Expression + ")"
	switch {
	case st.Scope != nil && *st.SameScope == *st.ProofScope:
		return fmt.Sprintf("%s: the same set, proved, for %s (%.2f s)", what, st.Scope, st.Seconds)
	case st.Scope != nil:
		return fmt.Sprintf("%s: the same set at %s, proved for %s (%.2f s)", what, st.SameScope, st.ProofScope, st.Seconds)
	case st.Region != "":
		return fmt.Sprintf("%s: for the reduction's region %s (its line of the map says whether it served)", what, st.Region)
	}
	return fmt.Sprintf("%s: not used, %s (%.2f s)", what, st.Reason, st.Seconds)
}

// decidedByEquivalence reports whether a claim served for (II).
func decidedByEquivalence(r *prove.Result) bool {
	return slices.ContainsFunc(r.Equivalence, func(st prove.EquivalenceStep) bool { return st.Scope != nil })
}

// writeEquivalenceSummary writes, in discover's report, the statements
// tried for (II): the one that served, or when none did and the proof is
// not done, why each did not help.
func writeEquivalenceSummary(w io.Writer, r *prove.Result) {
	for _, st := range r.Equivalence {
		switch {
		case st.Scope != nil:
			fmt.Fprintf(w, "              (II) as %s\n", equivalenceText(st))
		case r.Result != prove.Proved:
			fmt.Fprintf(w, "              (II) tried as %s\n", equivalenceText(st))
		}
	}
}
