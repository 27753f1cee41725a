package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/theory"
	"github.com/spf13/cobra"
)

func newComplexCmd() *cobra.Command {
	var asJSON bool
	var basisText string
	cmd := &cobra.Command{
		Use:   "complex GAME",
		Short: "Print the structure a game is played on: facets, circuits, points, Nim-basis, symmetries",
		Long: `Prints the simplicial complex of GAME: its facets (maximal faces), its circuits
(minimal non-faces), whether it is a pointed circuit complex
(Ehrenborg–Steingrímsson 1996, Definition 3.1) and the point of each circuit,
its Nim-basis if it has one (Definition 4.1; searched for complexes of up to
12 vertices: by Theorem 4.4 the only candidate is the family of sets A whose
indicator e(A) is a P-position), and its symmetries. Vertices are numbered
from 1.

With --basis, checks whether the given family of sets satisfies Conditions
(A), (B) and (C) of Definition 4.1 and names the first violation; the exit
status is 1 when it does not. Write the empty set as {}.`,
		Example: `  nimlab complex cn:6,3
  nimlab complex complex:1-2-3,2-3-4,3-4-5,1-5 --json
  nimlab complex complex:1-2,1-3,1-4,2-3-4 --basis '{},1-2-3,1-2-4,1-3-4'`,
		Args: positional,
		RunE: func(cmd *cobra.Command, args []string) error {
			g, err := game.Parse(args[0])
			if err != nil {
				return err
			}
			ctx := cmd.Context()
			c := g.Complex
			circuits, circuitsErr := c.Circuits(ctx)
			points, pointed := complex.Points(circuits)
			var symmetries string
			switch grp, err := c.Symmetries(ctx); {
			case err == nil:
				symmetries = grp.Order().String()
			case errors.Is(err, complex.ErrTooLarge):
				symmetries = notComputed(err)
			default:
				return err
			}
			if circuitsErr != nil && !errors.Is(circuitsErr, complex.ErrTooLarge) {
				return circuitsErr
			}
			basis, basisErr := theory.FindNimBasis(ctx, c)
			if ctx.Err() != nil {
				return ctx.Err()
			}
			var check error
			if basisText != "" {
				sets, err := parseSets(basisText, c.N())
				if err != nil {
					return err
				}
				check = theory.CheckNimBasis(ctx, c, sets)
				if errors.Is(check, theory.ErrTooManyPiles) || ctx.Err() != nil {
					return fmt.Errorf("--basis: %w", check)
				}
			}
			out := cmd.OutOrStdout()
			if asJSON {
				pts := make([]int, len(points))
				for i, v := range points {
					pts[i] = v + 1 // 0 where a circuit has no point
				}
				v := map[string]any{
					"game": g.Spec, "title": g.Title, "source": g.Source.String(), "references": g.Source, "vertices": c.N(), "facets": oneBased(c.Facets()),
					"circuits": oneBased(circuits), "pointed": pointed, "points": pts, "symmetries": symmetries,
					"nim_basis": nil,
				}
				if circuitsErr != nil {
					v["circuits"], v["pointed"], v["points"] = nil, nil, nil
					v["circuits_note"] = notComputed(circuitsErr)
				}
				if basisErr == nil {
					v["nim_basis"] = oneBased(basis)
				} else {
					v["nim_basis_note"] = basisErr.Error()
				}
				if basisText != "" {
					v["basis_check"] = "a Nim-basis"
					if check != nil {
						v["basis_check"] = check.Error()
					}
				}
				if err := printJSON(out, v); err != nil {
					return err
				}
				return basisFailure(check)
			}
			fmt.Fprintf(out, "%s: %d vertices\n", g.Title, c.N())
			fmt.Fprintf(out, "facets (%d):   %v\n", len(c.Facets()), c)
			if circuitsErr != nil {
				fmt.Fprintf(out, "circuits: %s\n", notComputed(circuitsErr))
				fmt.Fprintln(out, "pointed circuit complex: not known (the circuits were not computed)")
			} else {
				fmt.Fprintf(out, "circuits (%d):", len(circuits))
				for i, ci := range circuits {
					fmt.Fprintf(out, " %v", ci)
					if points[i] >= 0 {
						fmt.Fprintf(out, " (point %d)", points[i]+1)
					}
					if i < len(circuits)-1 {
						fmt.Fprint(out, ",")
					}
				}
				fmt.Fprintln(out)
				fmt.Fprintf(out, "pointed circuit complex: %v\n", pointed)
			}
			switch {
			case basisErr == nil:
				fmt.Fprintf(out, "Nim-basis (%d sets): %s\n", len(basis), setsText(basis))
			case errors.Is(basisErr, theory.ErrTooManyPiles):
				fmt.Fprintf(out, "Nim-basis: not searched (%v)\n", basisErr)
			default:
				fmt.Fprintf(out, "Nim-basis: none (%v)\n", basisErr)
			}
			fmt.Fprintf(out, "symmetries: %s\n", symmetries)
			if basisText != "" {
				if check == nil {
					fmt.Fprintf(out, "--basis: the family is a Nim-basis (Conditions (A), (B), (C) hold)\n")
				} else {
					fmt.Fprintf(out, "--basis: not a Nim-basis: %v\n", check)
				}
			}
			return basisFailure(check)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object on stdout")
	cmd.Flags().StringVar(&basisText, "basis", "", "check whether these sets (1-based vertices joined by '-', {} for the empty set, comma-separated) form a Nim-basis")
	return cmd
}

func basisFailure(check error) error {
	if check == nil {
		return nil
	}
	return &exitError{code: 1, err: fmt.Errorf("the family given with --basis is not a Nim-basis")}
}

// notComputed says that a budgeted computation gave up, and why, e.g.
// "not computed (too large: listing the circuits takes more than 67108864 steps)".
func notComputed(err error) string {
	return "not computed (" + err.Error() + ")"
}

// parseSets reads "{},1-2-3,2-4": sets of 1-based vertices of an n-vertex
// complex.
func parseSets(text string, n int) ([]complex.Set, error) {
	var out []complex.Set
	for _, item := range strings.Split(strings.ReplaceAll(text, " ", ""), ",") {
		if item == "{}" || item == "" {
			out = append(out, 0)
			continue
		}
		var s complex.Set
		for _, f := range strings.Split(strings.Trim(item, "{}"), "-") {
			v, err := strconv.Atoi(f)
			if err != nil || v < 1 || v > n {
				return nil, fmt.Errorf("--basis: %q in %q is not a vertex 1..%d", f, item, n)
			}
			s |= complex.SetOf(v - 1)
		}
		out = append(out, s)
	}
	return out, nil
}

// setsText writes sets with 1-based vertices, {} for the empty set.
func setsText(sets []complex.Set) string {
	parts := make([]string, len(sets))
	for i, s := range sets {
		parts[i] = "{" + s.String() + "}"
	}
	return strings.Join(parts, ", ")
}

// oneBased lists each set's vertices numbered from 1.
func oneBased(sets []complex.Set) [][]int {
	out := make([][]int, len(sets))
	for i, s := range sets {
		vs := s.Vertices()
		for j := range vs {
			vs[j]++
		}
		out[i] = vs
	}
	return out
}
