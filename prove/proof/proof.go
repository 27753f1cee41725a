// Package proof is the vocabulary of nimlab's machine proofs (package prove):
// the kinds of proof, the results, the names of the conditions and the
// scope a result holds for, each a typed value with one table of its name
// (what JSON and the records carry), its words (what a reader is shown) and,
// for a kind, its bound. It is after gonum's optimize.Status: a small type
// and a table, so that nothing decides on the wording of a sentence.
//
// It is a package of its own, beside prove and below it, because theory
// renders its recorded proofs (theory/proofs.json) with it and cannot import
// prove (prove's tests read theory's records); prove, atlas, theory and
// commands all read the same table.
package proof

import "fmt"

// Bound says which positions a proof covers: every position, or every
// position whose piles are at most 2^63-1 (the largest nimlab accepts).
type Bound int

// The bounds.
const (
	// Unbounded: every position, with no bound on the piles.
	Unbounded Bound = iota
	// MaxPile: every position with piles up to 2^63-1.
	MaxPile
)

// boundWords are the bounds' words, as a scope says them.
var boundWords = [...]string{
	Unbounded: "every position",
	MaxPile:   "every position with piles up to 2^63-1",
}

// String says the bound as a scope, e.g. "every position".
func (b Bound) String() string {
	if b < 0 || int(b) >= len(boundWords) {
		return fmt.Sprintf("Bound(%d)", int(b))
	}
	return boundWords[b]
}

// Kind is the kind of a proof: the arithmetic or the argument its queries
// were decided in. The zero Kind is no kind.
type Kind int

// The kinds of proof.
const (
	// NoKind is the zero Kind.
	NoKind Kind = iota
	// Presburger: linear integer arithmetic, for every position.
	Presburger
	// BitVector: signed bit-vectors wide enough that nothing overflows,
	// for every position with piles up to 2^63-1.
	BitVector
	// Digits: induction on binary digits, for every position.
	Digits
	// NimSums: linear integer arithmetic with the nim-sum uninterpreted
	// and instances of its lemmas, for every position.
	NimSums
)

// kinds is the table of the kinds: name, words and bound. A route with a
// proof kind of its own adds its row here (prove's routes test checks that
// each has words).
var kinds = [...]struct {
	name, words string
	bound       Bound
}{
	NoKind:     {"", "", Unbounded},
	Presburger: {"presburger", "presburger arithmetic", Unbounded},
	BitVector:  {"bitvector", "bitvector arithmetic", MaxPile},
	Digits:     {"digits", "by induction on binary digits", Unbounded},
	NimSums:    {"nimsum", "presburger arithmetic with the nim-sum's lemmas", Unbounded},
}

func (k Kind) valid() bool { return k >= 0 && int(k) < len(kinds) }

// String is the kind's name, as JSON and the records carry it, e.g.
// "presburger".
func (k Kind) String() string {
	if !k.valid() {
		return fmt.Sprintf("Kind(%d)", int(k))
	}
	return kinds[k].name
}

// Words says the kind to a reader, e.g. "presburger arithmetic".
func (k Kind) Words() string {
	if !k.valid() {
		return k.String()
	}
	return kinds[k].words
}

// Bound is the positions a proof of this kind covers.
func (k Kind) Bound() Bound {
	if !k.valid() {
		return Unbounded
	}
	return kinds[k].bound
}

// Kinds lists every kind but NoKind, in the table's order.
func Kinds() []Kind {
	out := make([]Kind, 0, len(kinds)-1)
	for k := range kinds[1:] {
		out = append(out, Kind(k+1))
	}
	return out
}

// MarshalText writes the kind's name.
func (k Kind) MarshalText() ([]byte, error) {
	if !k.valid() {
		return nil, fmt.Errorf("proof: no kind %d", int(k))
	}
	return []byte(kinds[k].name), nil
}

// UnmarshalText reads a kind's name.
func (k *Kind) UnmarshalText(text []byte) error {
	for i, row := range kinds {
		if row.name == string(text) {
			*k = Kind(i)
			return nil
		}
	}
	return fmt.Errorf("proof: no kind %q", text)
}

// Scope is the positions a result holds for: those the bound allows and,
// for a region theorem, those where the region Where holds.
type Scope struct {
	Bound Bound
	// Where is the region of a region theorem ("" for none).
	Where string
}

// String says the scope, e.g. "every position with a == 0 and piles up to
// 2^63-1".
func (s Scope) String() string {
	switch {
	case s.Where == "":
		return s.Bound.String()
	case s.Bound == Unbounded:
		return "every position with " + s.Where
	}
	return "every position with " + s.Where + " and piles up to 2^63-1"
}

// MarshalText writes the scope's words.
func (s Scope) MarshalText() ([]byte, error) { return []byte(s.String()), nil }
