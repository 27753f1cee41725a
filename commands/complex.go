package commands

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/literature"
	"github.com/nimlab/nimlab/theory"
)

// ComplexRequest asks for the structure a game is played on ("nimlab
// complex").
type ComplexRequest struct {
	Game string `json:"game"`
	// Basis, when not empty, is a family of sets to check as a Nim-basis:
	// 1-based vertices joined by '-', {} for the empty set, comma-separated.
	Basis string `json:"basis,omitempty"`
}

// ComplexResult describes a game's complex: facets, circuits and their
// points, Nim-basis, symmetries. Vertices are numbered from 1.
type ComplexResult struct {
	// BasisCheck, with a Basis asked, is "a Nim-basis" or why not.
	BasisCheck *string `json:"basis_check,omitempty"`
	// Circuits is null when they were not computed (CircuitsNote says why).
	Circuits     [][]int `json:"circuits"`
	CircuitsNote string  `json:"circuits_note,omitempty"`
	Facets       [][]int `json:"facets"`
	Game         string  `json:"game"`
	// NimBasis is null when there is none or it was not searched
	// (NimBasisNote says why).
	NimBasis     [][]int `json:"nim_basis"`
	NimBasisNote string  `json:"nim_basis_note,omitempty"`
	Pointed      *bool   `json:"pointed"`
	// Points holds the point of each circuit, 0 where it has none.
	Points     []int                `json:"points"`
	References literature.Citations `json:"references"`
	Source     string               `json:"source"`
	Symmetries string               `json:"symmetries"`
	Title      string               `json:"title"`
	Vertices   int                  `json:"vertices"`

	complex     *complex.Complex
	circuits    []complex.Set
	points      []int
	basis       []complex.Set
	basisErr    error
	basisAsked  bool
	basisFailed error
}

// Complex describes the complex of a game and, with a Basis, checks it as
// a Nim-basis: a family that is not one is the result's Verdict.
func Complex(ctx context.Context, req ComplexRequest) (*ComplexResult, error) {
	g, err := game.Parse(req.Game)
	if err != nil {
		return nil, err
	}
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
		return nil, err
	}
	if circuitsErr != nil && !errors.Is(circuitsErr, complex.ErrTooLarge) {
		return nil, circuitsErr
	}
	basis, basisErr := theory.FindNimBasis(ctx, c)
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	var failed error
	if req.Basis != "" {
		sets, err := parseSets(req.Basis, c.N())
		if err != nil {
			return nil, err
		}
		failed = theory.CheckNimBasis(ctx, c, sets)
		if errors.Is(failed, theory.ErrTooManyPiles) || ctx.Err() != nil {
			return nil, fmt.Errorf("--basis: %w", failed)
		}
	}
	pts := make([]int, len(points))
	for i, v := range points {
		pts[i] = v + 1 // 0 where a circuit has no point
	}
	r := &ComplexResult{
		Game: g.Spec, Title: g.Title, Source: g.Source.String(), References: g.Source, Vertices: c.N(), Facets: oneBased(c.Facets()),
		Circuits: oneBased(circuits), Pointed: &pointed, Points: pts, Symmetries: symmetries,
		complex: c, circuits: circuits, points: points, basis: basis, basisErr: basisErr, basisAsked: req.Basis != "", basisFailed: failed,
	}
	if circuitsErr != nil {
		r.Circuits, r.Pointed, r.Points = nil, nil, nil
		r.CircuitsNote = notComputed(circuitsErr)
	}
	if basisErr == nil {
		r.NimBasis = oneBased(basis)
	} else {
		r.NimBasisNote = basisErr.Error()
	}
	if req.Basis != "" {
		check := "a Nim-basis"
		if failed != nil {
			check = failed.Error()
		}
		r.BasisCheck = &check
	}
	return r, nil
}

// Verdict is a *Verdict (exit status 1) when the family asked about is not
// a Nim-basis.
func (r *ComplexResult) Verdict() error {
	if r.basisFailed == nil {
		return nil
	}
	return &Verdict{Code: 1, Err: fmt.Errorf("the family given with --basis is not a Nim-basis")}
}

// WriteText writes the description as "nimlab complex" prints it.
func (r *ComplexResult) WriteText(out io.Writer) error {
	c := r.complex
	fmt.Fprintf(out, "%s: %d vertices\n", r.Title, c.N())
	fmt.Fprintf(out, "facets (%d):   %v\n", len(c.Facets()), c)
	if r.CircuitsNote != "" {
		fmt.Fprintf(out, "circuits: %s\n", r.CircuitsNote)
		fmt.Fprintln(out, "pointed circuit complex: not known (the circuits were not computed)")
	} else {
		fmt.Fprintf(out, "circuits (%d):", len(r.circuits))
		for i, ci := range r.circuits {
			fmt.Fprintf(out, " %v", ci)
			if r.points[i] >= 0 {
				fmt.Fprintf(out, " (point %d)", r.points[i]+1)
			}
			if i < len(r.circuits)-1 {
				fmt.Fprint(out, ",")
			}
		}
		fmt.Fprintln(out)
		fmt.Fprintf(out, "pointed circuit complex: %v\n", *r.Pointed)
	}
	switch {
	case r.basisErr == nil:
		fmt.Fprintf(out, "Nim-basis (%d sets): %s\n", len(r.basis), setsText(r.basis))
	case errors.Is(r.basisErr, theory.ErrTooManyPiles):
		fmt.Fprintf(out, "Nim-basis: not searched (%v)\n", r.basisErr)
	default:
		fmt.Fprintf(out, "Nim-basis: none (%v)\n", r.basisErr)
	}
	fmt.Fprintf(out, "symmetries: %s\n", r.Symmetries)
	if r.basisAsked {
		if r.basisFailed == nil {
			fmt.Fprintf(out, "--basis: the family is a Nim-basis (Conditions (A), (B), (C) hold)\n")
		} else {
			fmt.Fprintf(out, "--basis: not a Nim-basis: %v\n", r.basisFailed)
		}
	}
	return nil
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
				return nil, requestErrorf("%v: %q in %q is not a vertex 1..%d", Param("basis"), f, item, n)
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
