package check

import (
	"context"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/table"
)

// Property is a closure property of the P-positions tested on a table.
type Property struct {
	// Name identifies the property, e.g. "plus-ones".
	Name string `json:"name"`
	// Question says what is tested and where the papers ask it.
	Question string `json:"question"`
	// Holds is false when a counterexample was found in the table.
	Holds bool `json:"holds"`
	// Checked counts the instances tested (those that stay inside the box).
	Checked int64 `json:"checked"`
	// Counterexample lists the positions of the first failure, smallest
	// first in index order: the P-positions used and the image that is not P.
	Counterexample []game.Position `json:"counterexample,omitempty"`
	// Partial is true when the test stopped at its budget (MaxPairs,
	// MaxPairVisits) before it had looked at every instance.
	Partial bool `json:"partial,omitempty"`
}

const plusOnesQuestion = "if (1,...,1) is a P-position, is p + (1,...,1) one for every P-position p? (Ehrenborg–Steingrímsson 1996, Conjecture 8.1, stated for cycle complexes)"

// MaxPairs bounds the pairs of P-positions the addition property tries, and
// MaxPairVisits the pairs it looks at (most sums leave the box).
const (
	MaxPairs      = 50_000_000
	MaxPairVisits = 200_000_000
)

// Properties tests, on the P-positions of t, the closure properties the papers
// ask about: under addition (Ehrenborg–Steingrímsson 1996, Question 9.3),
// under p -> p + (1,...,1) when (1,...,1) is P (Conjecture 8.1, stated there
// for cycle complexes), under doubling (Question 9.1), and whether k·(1,...,1)
// is P for every k when (1,...,1) is (Question 9.2). Only instances inside the
// box are tested; the conditional ones test nothing when (1,...,1) is not P.
//
// It returns ctx's error when ctx is done.
func Properties(ctx context.Context, t *table.Table) ([]Property, error) {
	var ps []game.Position
	for p := range t.PPositions(ctx) {
		ps = append(ps, append(game.Position(nil), p...))
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	n := len(t.Box)
	image := func(name, question string, f func(p, q game.Position)) Property {
		pr := Property{Name: name, Question: question, Holds: true}
		q := make(game.Position, n)
		for _, p := range ps {
			f(p, q)
			if !t.Box.Contains(q) {
				continue
			}
			pr.Checked++
			if !t.IsP(q) {
				pr.Holds, pr.Counterexample = false, []game.Position{p, append(game.Position(nil), q...)}
				break
			}
		}
		return pr
	}
	ones := make(game.Position, n)
	for i := range ones {
		ones[i] = 1
	}
	onesP := t.Box.Contains(ones) && t.IsP(ones)
	plusOnes := Property{Name: "plus-ones", Question: plusOnesQuestion, Holds: true}
	if onesP {
		plusOnes = image("plus-ones", plusOnesQuestion, func(p, q game.Position) {
			for i := range p {
				q[i] = p[i] + 1
			}
		})
	}
	addition, err := additionProperty(ctx, t, ps)
	if err != nil {
		return nil, err
	}
	out := []Property{
		addition,
		plusOnes,
		image("doubling", "is 2p a P-position for every P-position p? (Ehrenborg–Steingrímsson 1996, Question 9.1)",
			func(p, q game.Position) {
				for i := range p {
					q[i] = 2 * p[i]
				}
			}),
	}
	// Question 9.2: if (1,...,1) is P, is (k,...,k) P for every k?
	pr := Property{Name: "multiples-of-ones", Question: "if (1,...,1) is a P-position, is (k,...,k) one for every k? (Ehrenborg–Steingrímsson 1996, Question 9.2)", Holds: true}
	if onesP {
		for k := 2; ; k++ {
			q := make(game.Position, n)
			for i := range q {
				q[i] = k
			}
			if !t.Box.Contains(q) {
				break
			}
			pr.Checked++
			if !t.IsP(q) {
				pr.Holds, pr.Counterexample = false, []game.Position{ones, q}
				break
			}
		}
	}
	return append(out, pr), nil
}

// additionProperty tests whether p + q is P for P-positions p, q, up to
// MaxPairs pairs inside the box and MaxPairVisits pairs looked at.
func additionProperty(ctx context.Context, t *table.Table, ps []game.Position) (Property, error) {
	pr := Property{Name: "addition", Question: "is p + q a P-position for all P-positions p, q? (Ehrenborg–Steingrímsson 1996, Question 9.3)", Holds: true}
	s := make(game.Position, len(t.Box))
	visits := 0
	for i, p := range ps {
		for _, q := range ps[i:] {
			if visits++; visits%(1<<16) == 0 && ctx.Err() != nil {
				return pr, ctx.Err()
			}
			if visits > MaxPairVisits {
				pr.Partial = true
				return pr, nil
			}
			for k := range s {
				s[k] = p[k] + q[k]
			}
			if !t.Box.Contains(s) {
				continue
			}
			pr.Checked++
			if !t.IsP(s) {
				pr.Holds, pr.Counterexample = false, []game.Position{p, q, append(game.Position(nil), s...)}
				return pr, nil
			}
			if pr.Checked >= MaxPairs {
				pr.Partial = true
				return pr, nil
			}
		}
	}
	return pr, nil
}
