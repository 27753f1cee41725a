package certificate

import (
	"fmt"
	"strings"
)

// statement is the last theorem of every certificate, in normal or misère
// play: a valid position is a P-position of the game move defines (isP of
// Nimlab.v, named by its absolute name, which a definition in the
// certificate cannot mask) exactly when it is in S.
func statement(misere bool) string {
	return fmt.Sprintf("Theorem characterization : forall p, valid p -> (Nimlab.isP pos move %t p <-> inS p).", misere)
}

// statementPlay reports which play a certificate's text states its
// theorem for: the text holds exactly one of the two statements, or the
// certificate is not of nimlab's shape (ok false).
func statementPlay(text string) (misere, ok bool) {
	normal, inMisere := strings.Count(text, statement(false)), strings.Count(text, statement(true))
	return inMisere == 1, normal+inMisere == 1
}

// CheckerName is the name (without .v) of the checker of the certificate
// name.
func CheckerName(name string) string { return "check_" + name }

// Checker is the text of the checker of the certificate name: a file of
// fixed text that loads the certificate without importing it and checks
// that its theorem characterization has the statement's type, written with
// Nimlab.v's isP and the certificate's pos, valid, move and inS by their
// qualified names. Since nothing of the certificate is imported, nothing it
// defines or declares (a name isP of its own, a module Nimlab, a notation
// that reads "Nimlab.isP" as something else) changes what the statement
// here means: a referee reads these lines, and the certificate's
// definitions of pos, valid, total, move and inS, and nothing else of it.
// coqchk, Coq's kernel checker, re-checks the compiled checker with every
// file it rests on, without coqc's tactics.
func Checker(name string, misere bool) string {
	return fmt.Sprintf(`(* The statement nimlab's certificate %[1]s.v proves, checked from outside it:
   this file loads the certificate without importing it, so nothing the
   certificate defines or declares changes what the statement below means.
   Check it in a folder with Nimlab.v (and the libraries %[1]s.v requires):
     coqc -Q . "" Nimlab.v && coqc -Q . "" %[1]s.v && coqc -Q . "" %[2]s.v
   and, with Coq's kernel alone: coqchk -silent -o -Q . "" %[2]s *)

Require Import Nimlab.
Require %[1]s.

Check (%[1]s.characterization : forall p, %[1]s.valid p ->
  (Nimlab.isP %[1]s.pos %[1]s.move %[3]t p <-> %[1]s.inS p)).

Print Assumptions %[1]s.characterization.
`, name, CheckerName(name), misere)
}
