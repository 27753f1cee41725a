package main

import (
	"time"

	"github.com/nimlab/nimlab/commands"
	"github.com/spf13/cobra"
)

func newProveCmd() *cobra.Command {
	var src, theoremName, solverName, smtOut, format, grundy, where, certDir string
	var moves, sameAs []string
	var timeout, certTimeout time.Duration
	var asJSON, noSymmetry, noLearn, noTheorems, reduce, confirm bool
	cmd := &cobra.Command{
		Use:   "prove GAME (--expr EXPR | --theorem NAME | --grundy EXPR) [--where COND]",
		Short: "Prove a characterization of the P-positions for every pile size, or refute it",
		Long:  proveLong,
		Example: `  nimlab prove cn:6,3 --expr "a+b == d+e && b+c == e+f"
  nimlab prove nim:5 --expr "xor(a, b, c, d, e) == 0"    # Bouton's moves learned, no hint
  nimlab prove nim:5 --expr "xor(a, b, c, d, e) == 0" --no-learn   # unknown: (II) over every option
  nimlab prove cn:5,4 --expr "min(a,b,c,d,e) == max(a,b,c,d,e)" --json
  nimlab prove slow:2,1 --expr "(a + b) % 2 == 0" --smt-out proofs/
  nimlab prove cn:7,4 --theorem cn74
  nimlab prove cn:6,4 --theorem cn64 --smt-out proofs/
  nimlab prove nim:3 --expr "a ^ b ^ c == 0" --move "b ^ c, b, c" --move "a, a ^ c, c" --move "a, b, a ^ b"
  nimlab prove slow:5,4 --theorem mrule
  nimlab prove cn:6,3 --expr "a+b == d+e"     # refuted, with a counterexample
  nimlab prove cn:6,3 --theorem cn63 --confirm   # z3's proof, asked again of cvc5
  nimlab prove cn:6,3 --theorem cn63 --format latex > cn63-proof.tex
  nimlab prove cn:6,3 --theorem cn63 --certificate out/   # a Coq file coqc checks
  nimlab prove nim:3 --grundy "a ^ b ^ c" --move "xor(b, c) ^ v, b, c" --move "a, xor(a, c) ^ v, c" --move "a, b, xor(a, b) ^ v"
  nimlab prove exact:3,3 --grundy "min(a, b, c)"
  nimlab prove slow:3,1 --grundy "(a + b + c) % 2"
  nimlab prove cn:6,2 --where "a == 0 && d == 0" --expr "b + c == e + f"   # a region theorem
  nimlab prove cn:6,4 --expr "sym(a <= min(b, c, d, e, f) && a + b == d + e && a + f == c + d && xor(a, c, e) == 0)"   # (II) through theorem cn64
  nimlab prove slow:3,1 --expr "(a + b) % 2 == c % 2" --same-as "(a + b + c) % 2 == 0"   # (II) through the other statement, proved
  nimlab prove cn:6,2 --where "a == 0 && d == 0" --expr "b + c == e + f" --same-as "[a == 0 && d == 0] e + f == b + c"`,
		Args: positional,
		RunE: func(cmd *cobra.Command, args []string) error {
			if asJSON && format != "text" {
				return usageError(cmd, "--json and --format %s: give one of them", format)
			}
			res, err := commands.Prove(cmd.Context(), env(cmd.Context(), asJSON), commands.ProveRequest{
				Game: args[0], Expr: src, Theorem: theoremName, Grundy: grundy, Where: where, Solver: solverName, Timeout: timeout, SMTOut: smtOut, NoSymmetry: noSymmetry, NoLearn: noLearn, Reduce: reduce, Format: format, Moves: moves, SameAs: sameAs, NoTheorems: noTheorems, Confirm: confirm, Certificate: certDir,
				CertificateTimeout: changedDuration(cmd, "certificate-timeout", certTimeout),
			})
			if err != nil {
				return err
			}
			return render(cmd, res, asJSON)
		},
	}
	defineFlags(cmd, "prove", map[string]any{
		"expr": &src, "theorem": &theoremName, "grundy": &grundy, "where": &where, "solver": &solverName, "timeout": &timeout,
		"smt-out": &smtOut, "move": &moves, "same-as": &sameAs, "no-theorems": &noTheorems, "no-learn": &noLearn, "no-symmetry": &noSymmetry, "reduce": &reduce, "confirm": &confirm, "certificate": &certDir,
		"certificate-timeout": &certTimeout, "json": &asJSON, "format": &format,
	})
	return cmd
}

// proveLong is the help of "nimlab prove".
const proveLong = `Asks an SMT solver (z3, or cvc5 with --solver cvc5; a separate program) whether
the set S of positions the expression accepts is exactly the set of
P-positions of GAME, for every position whatever its piles. S is the set of
P-positions exactly when
  (I)  no move leads from a position in S to a position in S, and
  (II) every position outside S has a move into S
(Dufour–Heubach 2013, Theorem 1.2; in misère play (II) is asked of the
positions that have a move, and (III) asks that no terminal position is in S).
Each condition is a query "is there a position where it fails?"; when the
solver answers unsat to every one, the characterization is proved for every
position ("proved", a proof in linear integer arithmetic, Presburger's). When
it finds such a position, nimlab checks it with its own move generator and
evaluator and prints it ("refuted"). When a query runs out of time, the solver
fails or the expression has a part that cannot be encoded (a product of two
piles, a power), the answer is "unknown" and says why; when a query runs out
of time, a longer --timeout may settle it. Expressions with ^ or xor are
first asked in linear integer arithmetic with the nim-sum as a function the
solver does not know, given instances of its lemmas (cancellation, x ^ x = 0,
and Bouton's: a non-zero nim-sum has a term that can be lowered to make it
0): unsat there is a proof for every position ("nimsum"). Otherwise, and for
colmod, they are proved over bit-vectors wide enough that nothing overflows:
for every position with piles up to 2^63-1; colmod over every pile of a take
game (Moore's Nim) by induction on binary digits, for every position.

When S and the moves are invariant under the game's symmetries (the solver
is asked), the queries look only at one position per symmetry class.

Before it prints "proved", nimlab compares the set with its engine's table of
P-positions on the largest box of equal piles that fits about a second (at
most 10^6 positions): a proof the engine contradicts is an internal error,
never a result. --confirm asks the other solver (cvc5, or z3 with --solver
cvc5) the very queries that decided the proof: "confirmed" when it answers
unsat to each, "not confirmed" (and why) when it gives no answer, and "unknown"
when it finds a counterexample the first did not (the solvers disagree).

The expression language is check's (see "nimlab check --help"). --theorem
NAME proves a theorem of "nimlab theorems" from its formula for GAME; where
the theorem's proof builds its winning move by a formula (Nim: make a pile
the xor of the others), (II) is first asked of those moves only, which needs
no quantifier; --move gives candidate moves of your own, each the option's
piles as expressions over the position's, separated by commas. With
neither, nimlab learns candidate moves itself: on a box, every position
outside S has its moves into S listed by the game's own move generator, and
formulas (another pile, the xor of the others, sums and differences, min,
max) that give one of them at every position of the box are kept and tried
first, as --move's are ("learned" says which; --no-learn turns it off). A
candidate only narrows the search: where it fails, (II) is asked over every
option. The exit
status is 1 when the characterization is refuted and 3 when the answer is
unknown.

--grundy EXPR proves that the integer expression EXPR is the Sprague–Grundy
value of every position (normal play only), by three queries: (G0) EXPR is
never negative, (G1) no move keeps its value, and (G2) every value v below
EXPR's at p is the value of some option of p (the mex). (G2) is asked over
every option, or first of candidate moves, --move, whose piles may name v:
for Nim, --move 'xor(b, c) ^ v, b, c' and so on. The engine's check then
compares EXPR with its own Grundy values on a box.

--where COND proves a region theorem: the claim (--expr, --theorem or
--grundy) for the positions where COND holds only. The region must be closed
under moves — no move leads out of it, as for "a == 0", since piles only
shrink — and the solver is asked that first: a region some move leaves is
refused, with such a move, checked by nimlab's move generator. Then each
condition is asked of the positions of the region only; in a closed region
outcomes and values depend on positions of the region alone, so this proves
that the claim holds there. It is printed as a partial result, "proved for
every position with COND"; the engine's check compares on the box's
positions in the region.

--certificate DIR writes the proof, once proved, as a Coq file that Coq's
kernel checks (coqc, Debian's coq; the standard library only): DIR/NAME.v,
with Nimlab.v, the library it rests on (Dufour–Heubach 2013, Theorem 1.2,
proved in Coq), beside it. Its last theorem says that a position is a
P-position of the game as the file defines it exactly when it is in S, and
"Print Assumptions" says it rests on nothing. Condition (II) names its winning
moves (the theorem's, --move's, or moves learned from the game), along a case
split learned on a box and tried by z3 beyond it. Bouton's theorem (the
nim-sum of the piles is 0, on Nim or Exact 1-Nim) is proved instead with
NimSum.v, lemmas about Z.lxor written beside it, and Moore's (colmod(m,
every pile once) on a take game whose facets have at most m-1 piles and
hold every set of m-1: Moore's Nim, Nim, CN(n,n), ...) with Moore.v, both
in normal play. The folder is checked first (it is made if missing);
nimlab runs coqc on the certificate (at most 10 minutes, or
--certificate-timeout; learning the moves and the case split as long, at
most 5 minutes, or half that timeout when that is longer)
and prints "certified" with coqc's
time; "no certificate" and why (digits, nonlinear, sign, boolean,
no_moves, case_split, too_large, unsupported: a case_split not settled in
its time may be given more with --certificate-timeout); "not checked"
without coqc, when coqc did not finish in its time, or on Ctrl-C (the
file is written). A certificate coqc rejects is an
internal error. See docs/proofs.md.

--format latex prints the result as a LaTeX table (booktabs) for a paper: the
statement, the result and the kind of proof, each condition's answer, the
solver and its version, and the time.`
