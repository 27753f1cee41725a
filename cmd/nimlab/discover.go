package main

import (
	"github.com/nimlab/nimlab/commands"
	"github.com/nimlab/nimlab/game"
	"github.com/spf13/cobra"
	"time"
)

func newDiscoverCmd() *cobra.Command {
	var learnMax, verifyMax, workers int
	var asJSON, proveToo, grundy, verbose, noTheorems bool
	var where, certDir string
	var proveTimeout, certTimeout time.Duration
	cmd := &cobra.Command{
		Use:   "discover GAME --max H",
		Short: "Propose a characterization of the P-positions, verify it, print it as a check expression",
		Long: `Solves GAME with every pile 0..H, looks for a description of its P-positions
and checks it on a larger box (--verify-max; by default a few above H).

It tries, from the simplest: the exact integer linear relations that hold on
every P-position (a+b = d+e; found by exact row reduction, not floating
point), then column sums modulo m at every binary digit (Moore's Nim) and
parities of sets of piles ((a + b) % 2 == 0), then xor relations on sets of
piles (linear algebra over GF(2) on the digits), then inequalities between
piles (a <= e) and min-forms (e == min(b, c + g)). For Exact Slow k-Nim it
also tries a table over the reduced position (every pile cut to the most
moves a play can last, slowmoves): its number of odd piles and its total
mod 2k. When no single description fits, it splits the P-positions into
regions by where the zeros sit, where the minimum sits, where the maximum
sits, or by the order of the piles, up to the game's symmetries, and
describes each region the same way (the regions are joined by sym(); at
most 64 regions).

When none of these is exact on the box, it learns the invariances of the
P-set: the 0/1 vectors v with P(x) = P(x + v) at every x of the box with x + v
in it (Kadam–Dufour–Heubach 2026 call them invariant vectors). A position is
reduced by one of them as often as it holds it (the all-ones vector: subtract
the least pile), so the reduced position has an empty pile; the regions of
empty piles it leads to are described up to the game's symmetries as with
--where, each reduced again by its own invariances where no description
fits. The result is one expression (let, min and the regions' descriptions)
verified and, with --prove, proved like any other: an invariance found on a
box is a hint, never an assumption. The invariances and the map of the
regions (described, reduced, or not) are printed. With --prove the whole
expression is proved, (II) by the same reduction with each region's
description as a hint; the regions are proved one by one as region theorems
only when no expression of every position was assembled or its proof is left
unknown. With no invariance, the regions with one empty pile are mapped the
same way.

For a misère game (GAME/misere) that nothing above describes, it tries the
shape of Bouton's misère Nim: the normal-play game's description wherever
some pile holds 2 or more tokens, and the positions of 0s and 1s that are
P-positions listed (ones == ..., ones being a + 2b + 4c + ...; games of at
most 10 piles). The shape is a hint: the expression is verified and proved
like any other.

A description is kept only when it accepts exactly the P-positions of the box
of height H. It is then checked, as printed, on the verification box with
conditions (I) and (II): "exact up to H'" means it is the set of P-positions
of that whole box. Otherwise what was found exact is printed (invariances,
regions), with the smallest P-positions not described and the regions worth
trying next; the non-exact description itself and its counterexamples only
with --verbose or --json. It is checked on the box of height H itself unless
--verify-max is given, and the exit status is 1 (as check's for a
characterization that disagrees). Nothing is claimed beyond the box checked.
A description exact on the box of H and not on the verification box is not
exact beyond the box, which is not "nothing found": it is printed, with the
smallest position where it fails and a box to learn on next that holds it
(learned_exact in --json; the exit status is 1).

--prove then asks the SMT solver z3 (as "nimlab prove" does; apt-get install
z3) whether a description exact on the verification box is the set of
P-positions for every position: "proved", "refuted" with a counterexample
nimlab's engine confirms, or "unknown" with the reason (a query ran out of
--prove-timeout, or the expression has a part linear arithmetic cannot
express). A description that is not exact on the box is not proved. The
proof's result is printed, and with --json it is the object "proof" (the
object of "nimlab prove --json"; null when there was nothing to prove).

--where COND describes the P-positions inside a region only: the positions
where COND holds, which no move may leave (e.g. "a == 0": piles only
shrink). It learns and verifies on the positions of the boxes in the region,
takes regions up to the symmetries that keep it (written out, not as
sym()), and --prove proves a region theorem ("nimlab prove --where"; a
region some move leaves is refused with such a move). A game with no
description of all its P-positions may have one where a stack is empty.

--grundy looks for a formula of the Sprague–Grundy value instead (normal
play): from the simplest, the nim-sum of the piles, their sum, the least
pile, slowmoves(k, ...) (the longest play of Exact Slow k-Nim), the sum or
slowmoves mod m (m <= 8), and the nim-sum of the sums of groups of piles;
the first equal to the engine's Grundy value at every position of the box
of --max is checked, as printed, on the verification box, and --prove
proves it ("nimlab prove --grundy", with the candidate moves of its family
for the nim-sums: a group's sum set to the nim-sum of the others' xor v).`,
		Example: `  nimlab discover cn:6,3 --max 6
  nimlab discover cn:5,3 --max 8 --verify-max 12
  nimlab discover moore:4,2 --max 7 --json
  nimlab discover binmat:101,011,110 --max 7
  nimlab discover cn:8,6 --max 4
  nimlab discover slow:4,3 --max 8 --verify-max 30
  nimlab discover cn:6,3 --max 5 --prove
  nimlab discover cn:7,5 --where "a == 0" --max 4 --prove
  nimlab discover nim:3 --grundy --max 7 --prove
  nimlab discover cn:5,2/misere --max 5 --prove           # misère from normal play
  nimlab discover cn:6,3 --max 5 --prove --certificate out/   # and a Coq file coqc checks
  nimlab discover exact:4,3 --grundy --max 6`,
		Args: positional,
		RunE: func(cmd *cobra.Command, args []string) error {
			if _, err := game.Parse(args[0]); err != nil {
				return err
			}
			if learnMax < 0 {
				return usageError(cmd, "--max is required: the height to learn on, e.g. --max 6")
			}
			if err := positiveDuration("prove-timeout", proveTimeout); err != nil {
				return usageError(cmd, "%v", err)
			}
			res, err := commands.Discover(cmd.Context(), env(cmd.Context(), asJSON), commands.DiscoverRequest{
				Game: args[0], Max: learnMax, VerifyMax: verifyMax, Workers: workers, Prove: proveToo, ProveTimeout: proveTimeout,
				Grundy: grundy, Where: where, Verbose: verbose, Certificate: certDir, NoTheorems: noTheorems,
				CertificateTimeout: changedDuration(cmd, "certificate-timeout", certTimeout),
			})
			if err != nil {
				return err
			}
			return render(cmd, res, asJSON)
		},
	}
	defineFlags(cmd, "discover", map[string]any{
		"max": &learnMax, "verify-max": &verifyMax, "workers": &workers, "prove": &proveToo, "grundy": &grundy,
		"where": &where, "prove-timeout": &proveTimeout, "json": &asJSON, "verbose": &verbose, "certificate": &certDir,
		"certificate-timeout": &certTimeout, "no-theorems": &noTheorems,
	})
	return cmd
}
