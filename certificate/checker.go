package certificate

import (
	"fmt"
	"slices"
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

// reservedNames are the names a certificate may not have: the libraries'
// (a certificate named Nimlab would be the checker's Nimlab.isP).
var reservedNames = []string{"Nimlab", "NimSum", "Moore", "Reflect"}

// validName reports why name cannot be a certificate's (a Coq module name
// that is no library's), or nil.
func validName(name string) error {
	for _, r := range reservedNames {
		if strings.EqualFold(name, r) {
			return fmt.Errorf("certificate: a certificate cannot be named %s, as a library is", name)
		}
	}
	if name == "" || strings.IndexFunc(name, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_')
	}) >= 0 || name[0] >= '0' && name[0] <= '9' {
		return fmt.Errorf("certificate: %q is no Coq module name (letters, digits and _, not first a digit)", name)
	}
	return nil
}

// Checker is the text of the checker of the certificate name: a file of
// fixed text that loads the certificate without importing it, defines
// statement with the statement's type (Nimlab.v's isP and the
// certificate's pos, valid, total, move and inS by their qualified names) as the
// certificate's characterization, prints statement's assumptions, then
// statement itself (its false or true: normal or misère play), and then
// pos, valid, total, move and inS as Coq reads them. Since nothing of the
// certificate is imported, nothing it defines or declares (a name isP of
// its own, a notation that reads "Nimlab.isP" or "<" as something else, a
// module whose a shadows a field) changes what the checker says: a referee
// reads the checker and what coqc prints of it, not the certificate's
// text. What coqc prints starts with the one line "Closed under the global
// context" exactly when statement rests on no assumption (Checked reads
// that line; a later line could be forged by a term the certificate
// prints). coqchk, Coq's kernel checker, re-checks the compiled checker
// with every file it rests on, without coqc's tactics.
func Checker(name string, misere bool, libraries []string) string {
	return fmt.Sprintf(`(* The statement nimlab's certificate %[1]s.v proves, checked from outside it:
   this file loads the certificate without importing it, so nothing the
   certificate defines or declares changes what the statement below means.
   What coqc prints of this file is what a referee reads: first "Closed
   under the global context" (the statement rests on no axiom), then the
   statement (false: normal play, true: misère), the position, valid,
   total, move and inS as Coq reads them, to be read against the game's
   definition and the claim. Check it in a folder with nimlab's own
   libraries (certificate/coq/ of nimlab's source, not copies sent with
   the certificate):
     %[4]s
   and, with Coq's kernel alone: coqchk -silent -o -Q . "" %[2]s *)

From Coq Require Import ZArith.
Require Import Nimlab.
Require %[1]s.
Open Scope Z_scope.

Definition statement : forall p, %[1]s.valid p ->
  (Nimlab.isP %[1]s.pos %[1]s.move %[3]t p <-> %[1]s.inS p) := %[1]s.characterization.

Print Assumptions statement.

Check statement.
Print %[1]s.pos.
Print %[1]s.valid.
Print %[1]s.total.
Print %[1]s.move.
Print %[1]s.inS.
`, name, CheckerName(name), misere, compileCommand(libraries, name))
}

// compileCommand is the shell command that compiles, in the certificate's
// folder, the libraries, the certificate name and its checker, in order.
// What the steps before the checker print is dropped (their errors, on
// stderr, are not): the command's output is the checker's alone, so that
// a certificate cannot put a "Closed under the global context" of its
// own (Print Assumptions of another lemma) where the referee reads the
// checker's first line.
func compileCommand(libraries []string, name string) string {
	var compile []string
	for _, f := range append(slices.Clip(libraries), name+".v") {
		compile = append(compile, `coqc -Q . "" `+f+" > /dev/null")
	}
	compile = append(compile, `coqc -Q . "" `+CheckerName(name)+".v")
	return strings.Join(compile, " && ")
}
