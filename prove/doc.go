// Package prove proves a characterization of the P-positions of a game for
// every pile size, or refutes it with a counterexample, by asking an SMT
// solver (z3 or cvc5, run as a separate program) whether conditions (I) and
// (II) of Dufour–Heubach 2013, Theorem 1.2 (Ehrenborg–Steingrímsson 1996,
// Theorem 2.1) can fail:
//
//   - (I) no move leads from S to S: "some p and q with S(p), S(q) and a move
//     from p to q" must be unsatisfiable;
//   - (II) every position outside S has a move into S: "some p outside S with
//     no move into S" must be unsatisfiable.
//
// In misère play the terminal positions are N-positions, so (II) is asked of
// the positions that have a move, and a third condition (III) asks that no
// terminal position is in S.
//
// For a fixed number of piles the move relation of the games nimlab plays is
// linear, and so are most characterizations (sums, comparisons, min, max,
// sym, % and / by constants, slowmoves): then both conditions are sentences
// of Presburger arithmetic, which the solver decides. An answer "unsat" for
// every condition is a proof for every position, whatever its piles.
// Operators on binary digits (xor, ^, colmod) are asked in bit-vectors wide
// enough for every pile up to 2^63-1; for colmod over every pile of a take
// game (Moore's Nim), both conditions are proved by induction on binary
// digits instead, each step a small query (digits.go). Every
// counterexample the solver gives is checked by nimlab's own move generator
// and evaluator before it is reported; a solver that fails, times out or is
// missing gives "unknown", never "proved".
//
// # The pipeline
//
// A proof is a pipeline, one file a step (prove.go lists them). The
// request's texts are compiled and encoded once into a Claim (claim.go,
// NewClaim): the game and its move relation, the expression, the region
// and the candidate moves, the arithmetic chosen (linear, else bit-vectors
// wide enough) and S, g and R translated once in it (translated.go);
// nothing changes a claim afterwards. plan (routes.go) takes the route of
// the arithmetic and, for a claim of values, the Sprague–Grundy route;
// prepare runs each route's prepare step in the registry's order (the
// region's emptiness and closure, symmetry breaking, learned candidate
// moves), each on an encoding (encoding.go) that holds what a query
// changes; the conditions' queries are built (encoding.go, grundy.go) and
// each route's rewrite applied; ask and settle (ask.go) put them to the
// solver and read the answers; finish (finish.go) gives a proof its routes,
// its kind, the engine's check and the second solver's answers.
//
// # Routes
//
// A proof decides each condition along routes (routes.go): the arithmetic
// the query is written in, and the ways a query is made smaller or split.
// Each route is a value, route, with its preconditions as code (its needs)
// beside its soundness argument; Prove takes a route only when its
// preconditions hold, and Result.Routes lists those taken. The routes
// stand in one registry (routes.go), each with its name, its
// preconditions, what it asks before the conditions (its prepare step),
// what it does to the conditions' queries (a rewrite of their list), the
// kind of proof it gives, from package proof's table of kinds with their
// words and bound, and how its queries are written under --smt-out. Prove
// iterates the registry: plan chooses the arithmetic (linear, else
// bit-vectors, whose kind of proof the result takes) and, for a claim of
// values, the Sprague–Grundy conditions; prepare runs the prepare steps in
// the registry's order (regionRoute, symmetryRoute, candidateMovesRoute);
// each route's rewrite is then applied to the conditions' queries in the
// registry's order (the digit steps, the nim-sum lemmas, the linear
// tactic, the case split), each asking its own preconditions; a proof
// whose every condition one route decided takes that route's kind. A
// precondition that fails is never an error: the condition is asked
// another way, or the result is unknown. A new route is one file, one line
// of the registry, one line of the fuzzer's routeCorpus and one section
// below (TestRouteRegistry and TestRouteCorpus fail without them).
//
// # Linear integer arithmetic
//
// Preconditions: a take or slow game on faces, or a rule whose move sets
// all have a linear description (game.LinearAmounts), and an expression
// whose operators on binary digits pass only between constants.
//
// Soundness: the move relation is written exactly, and S is the expression
// translated term by term into the integers, which check's evaluator
// computes exactly too: "unsat" holds for every position, with no bound on
// the piles (Proof "presburger").
//
// # Bit-vectors
//
// Preconditions: those of the linear route for the moves, and a width of at
// most 512 bits that holds every term at piles up to 2^63-1.
//
// Soundness: with that width no operation overflows, so the bit-vectors
// compute what the integers do for every position nimlab accepts (Proof
// "bitvector", for piles up to 2^63-1).
//
// # Nim-sum lemmas
//
// Preconditions: the bit-vector route's, and no operator on binary digits
// other than the nim-sum (^, xor).
//
// Soundness: the query is asked in linear integer arithmetic with the
// nim-sum an uninterpreted function and instances of its lemmas
// (nimsum.go). Every instance is a fact of the real nim-sum, so a model of
// the real query is one of the abstracted query: "unsat" of the abstracted
// query is "unsat" of the real one, for every position (Proof "nimsum").
// Where it does not go through, the query is asked in bit-vectors.
//
// # Induction on binary digits
//
// Preconditions: S is colmod(m, every pile once) with m >= 2, in normal
// play, about P-positions; for (I) a game whose moves take from the piles
// of one face (take or slow on faces); for (II) simplicial Nim
// (game.TakeOnFaces), where any positive amount may be taken from each pile
// of a playable face.
//
// Soundness: (I)'s step uses only that an option is at most p in every
// pile, differs from p, and differs only on the piles of one face; (II)'s
// step builds Moore's option one column of binary digits at a time, a
// legal option exactly under the precondition (digits.go). Each step is a
// small query whose "unsat" holds for every column, so the condition holds
// for every position (Proof "digits" when every condition went this way).
//
// # Candidate moves
//
// Preconditions: candidate moves were given (Options.Moves), learned
// (learn.go) or come from a theorem, written in the query's arithmetic.
//
// Soundness: (II) (or (G2)) asserts, for each candidate, that it is not a
// legal option of p in S (of value v). Only the option the candidate names
// is judged, by the move relation and S written exactly, so "unsat" means
// every p has a legal option in S: (II). A wrong or wrapping candidate can
// only make the query fail, never a proof wrong; (II) is then asked over
// every option.
//
// # Finitely many options
//
// Preconditions: every group of piles of every move set loses a fixed
// amount (game.Amounts.Exactly).
//
// Soundness: each move set then has one option, legal when its piles hold
// that much, so listing them lists every option, and (II) (or (G2)) needs
// no quantifier.
//
// # Sorted options of a slow game
//
// Preconditions: linear arithmetic in normal play, no region, a claim of P
// (not of values); every move set takes one token from each of its piles;
// the claim reads slowmoves(k, ...) of every pile, one constant k, or has
// none and a sym(B) whose B says the piles are sorted; symmetry breaking
// sorted p (every permutation keeps S and the moves); and the solver
// proved the route's lemmas: slowmoves at a sorted p, and at each legal
// sorted option p - 1_T, equals a short formula.
//
// Soundness: an option of a sorted p whose piles are not sorted is the
// image of a sorted option under a permutation that exchanges equal piles
// of p, a symmetry that keeps p, S and the moves; so (I) and (II) may be
// asked of the sorted options only, and there slowmoves may be written by
// the formulas the lemmas proved equal to its closed form, under the same
// constraints, and sym(B) as B (a sorted rearrangement of a sorted
// position is the position). (I) is split by move set, which covers every
// move; (II) of a claim without slowmoves by the piles' parities and the
// total's residue, which cover every position.
//
// # Symmetry breaking
//
// Preconditions: at least two piles, linear arithmetic (it slowed every
// bit-vector query measured), and S, the region and the moves invariant
// under each generator of the game's symmetry group, which the solver is
// asked before the route is taken.
//
// Soundness: p is a counterexample exactly when its image under a symmetry
// is, so a counterexample exists exactly when one does among the canonical
// positions, which every orbit contains. A group computed wrongly costs
// time, not soundness.
//
// # Case split
//
// Preconditions: a linear query with at least two piles.
//
// Soundness: every query asserts that each pile is at least 0, so the cases
// "first pile empty" and "first pile not empty" cover every position; the
// condition holds exactly when both are unsat.
//
// # Sprague–Grundy conditions
//
// Preconditions: normal play, and every move, as the queries write it,
// lowers the total number of tokens.
//
// Soundness: (G0) g >= 0, (G1) no option has p's value, (G2) every v <
// g(p) is an option's value. By induction on the total, g(p) is then the
// least non-negative integer not among its options' values, the mex: g is
// the Sprague–Grundy value (grundy.go).
//
// # Region
//
// Preconditions: a region R (Options.Where), proved to hold positions and
// closed under moves before any condition is asked.
//
// Soundness: when no move leaves R, the positions of R with their moves are
// a game of their own whose outcomes and values are the whole game's, so
// the conditions with p restricted to R prove the claim on R (region.go).
// A closure asked in bit-vectors bounds the result to piles up to 2^63-1.
//
// # Reduction by invariances
//
// Preconditions: normal play, a claim of P-positions about every position,
// linear arithmetic with no nim-sum, at most 12 piles; for each vector v
// used, the solver's unsat to (a) S(x) = S(x - m·v) in the region, m the
// least pile of x on v's support, and to (b) a move from p to q gives one
// from p + k·v to q + k·v. Tried when (II)'s query gives no answer, or
// first with Options.Reduce (prove --reduce, discover's reduced
// descriptions).
//
// Soundness: a position x outside S reduces to y = x - m·v, outside S by
// (a) and in a region with one more empty pile; (II) there (a region
// theorem, or the same argument again) gives a move y -> y' into S, and by
// (b) the same tokens taken from x lead to y' + m·v, which reduces to y' and
// so is in S by (a) (reduction.go). Regions that a symmetry the solver
// proved to keep S and the moves maps onto one another are asked once.
// (I) is asked as usual; Result.Reduction is the map of regions.
//
// # Equivalence with a proved claim
//
// Preconditions: a claim of P-positions; another claim of the same game
// value about the same positions (Options.Equivalents: a recorded
// theorem's statement with its winning moves, or in a region the
// description discover proved there); the solver's unsat to "some
// position (of the region) where the two sets differ"; and a
// proof of the other claim (every condition, the engine's check), whose
// scope is no narrower than the claim's arithmetic gives. Asked before
// (II)'s query, which is not asked when the route decides (II); the query
// whether the sets are one is bounded by 10 s.
//
// Soundness: the two sets are then one set, so (II) of one is (II) of the
// other, which its proof shows (equivalence.go). (I), and (III) in misère
// play, are asked of the claim itself; Result.Equivalence says which
// claim served.
package prove
