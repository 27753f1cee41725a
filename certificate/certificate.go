// Package certificate writes the proof of a characterization of the
// P-positions as a Coq file that Coq's kernel checks: a certificate that
// rests on neither the SMT solvers nor nimlab's encoding of the game into
// SMT-LIB.
//
// A certificate defines the game's positions and move relation from its
// spec (the facets, or the move sets and what a move may take: text a
// referee reads against the game's definition), S from the expression, the
// candidate winning moves of condition (II), and proves with lia, a tactic
// of Coq's standard library:
//
//   - (I): no move from S into S;
//   - (II): from every valid position outside S one of the candidate moves
//     is a move into S (so (II) names its moves: no existential is left to
//     a solver);
//   - (III), in misère play: no terminal position is in S;
//
// Bouton's theorem (S: the nim-sum of the piles is 0, on Nim or Exact
// 1-Nim) is proved instead with the library NimSum.v, lemmas about Z.lxor
// (nimsum.go). Every certificate concludes, through the library Nimlab.v
// (Dufour–Heubach 2013, Theorem 1.2, proved once in Coq by induction on the
// number of tokens),
//
//	Theorem characterization : forall p, valid p -> (Nimlab.isP pos move false p <-> inS p).
//
// where Nimlab.isP is defined from the move relation alone. "Print
// Assumptions characterization" must say it is closed under the global
// context: no axiom, no Admitted. Beside each certificate NAME.v, a
// checker check_NAME.v of fixed text loads it without importing it and
// checks that statement again (Checker): nothing the certificate defines,
// not even a notation, changes what the checker's statement means. Nothing
// here decides that a certificate holds: coqc does (Check).
package certificate

import (
	"errors"
	"fmt"
)

// Reason says why a claim has no certificate.
type Reason string

// The reasons a claim has no certificate.
const (
	// ReasonDigits: the expression works on binary digits (xor, ^,
	// colmod), which lia does not read, other than as the nim-sum
	// certificates' claim (nimsum.go); the digit routes.
	ReasonDigits Reason = "digits"
	// ReasonNonlinear: a product, division or power of values that depend
	// on the piles.
	ReasonNonlinear Reason = "nonlinear"
	// ReasonSign: a division of a value that may be negative.
	ReasonSign Reason = "sign"
	// ReasonBoolean: a condition used as a number, or a number as a
	// condition.
	ReasonBoolean Reason = "boolean"
	// ReasonUnsupported: a part of the language or a game the
	// certificates do not write yet.
	ReasonUnsupported Reason = "unsupported"
	// ReasonNoMoves: no candidate winning moves are known that cover
	// (II), which a certificate must name.
	ReasonNoMoves Reason = "no_moves"
	// ReasonCaseSplit: the case split that proves (II) (cases.go) was not
	// settled: within its rounds, or within the certificate's time.
	ReasonCaseSplit Reason = "case_split"
	// ReasonTooLarge: the claim, its lets written out as the case split
	// and lia read it, is too large.
	ReasonTooLarge Reason = "too_large"
)

// ErrUncertifiable is wrapped by every error saying a claim has no
// certificate (an *UncertifiableError).
var ErrUncertifiable = errors.New("no certificate")

// UncertifiableError says why a claim has no certificate.
type UncertifiableError struct {
	Reason Reason
	// What is the part of the claim that stands in the way.
	What string
}

func (e *UncertifiableError) Error() string {
	return fmt.Sprintf("no certificate (%s): %s", e.Reason, e.What)
}

// Unwrap makes errors.Is(err, ErrUncertifiable) hold.
func (e *UncertifiableError) Unwrap() error { return ErrUncertifiable }

// ErrNoMoves is matched, by errors.Is, by every error saying that no
// candidate winning moves cover (II) (ReasonNoMoves).
var ErrNoMoves error = &UncertifiableError{Reason: ReasonNoMoves}

// Is makes errors.Is(err, ErrNoMoves) hold for an error of that reason.
func (e *UncertifiableError) Is(target error) bool {
	switch e.Reason {
	case ReasonNoMoves:
		return target == ErrNoMoves
	}
	return false
}

func uncertifiable(r Reason, what string) error {
	return &UncertifiableError{Reason: r, What: what}
}
