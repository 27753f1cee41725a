package theory

import (
	"context"
	"fmt"
	"strings"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/game"
)

// expressions writes, for the theorems whose characterization is a formula
// in check's language, that formula for a game the theorem covers. prove
// proves a theorem from it, and the tests check that it accepts exactly the
// positions the theorem's own test does.
var expressions = map[string]func(g *game.Game) string{
	"simplex": func(g *game.Game) string { return fmt.Sprintf("max(%s) == 0", piles(g.Piles())) },
	"nim": func(g *game.Game) string {
		if g.Piles() <= 2 {
			return map[int]string{1: "a == 0", 2: "a == b"}[g.Piles()]
		}
		return fmt.Sprintf("xor(%s) == 0", piles(g.Piles()))
	},
	"cn-n-1": func(g *game.Game) string {
		return fmt.Sprintf("min(%s) == max(%s)", piles(g.Piles()), piles(g.Piles()))
	},
	"cn63": func(*game.Game) string { return "a + b == d + e && b + c == e + f" },
	"cn42": func(*game.Game) string { return "a == c && b == d" },
	"cn52": func(*game.Game) string { return "sym(b == e && a - c == d - b && a == max(a, b, c, d, e))" },
	"cn53": func(*game.Game) string { return "sym(a == 0 && b == e && b - c == d)" },
	// Theorem 3.5 up to rotation, as its proof reads it: opposite sums
	// equal, so the opposite pairs differ by one amount with alternating
	// signs, and their minima are one of the triangles (a, c, e) and
	// (b, d, f), the one that holds a smallest stack; its nim-sum is 0.
	"cn64": func(*game.Game) string {
		return "a + b == d + e && b + c == e + f && min(a, d) ^ min(b, e) ^ min(c, f) == 0"
	},
	"cn86": func(*game.Game) string {
		return "sym(a == 0 && h == b && b - c == d && b - g == f && e == min(b, c + g))"
	},
	"cn74": func(*game.Game) string {
		return "sym(a == min(a, b, c, d, e, f, g) && (" +
			"a == 0 && b == 0 && c == g && c > 0 && d + e + f == c || " + // S1
			"a == max(a, b, c, d, e, f, g) || " + // S2
			"a == b && c == g && d == f && a - d == e - c && 0 < a && a < e || " + // S3
			"a == f && b - d == e - c && d - g == a - e && a < min(b, e) && a < max(c, d)))" // S4
	},
	"moore": func(g *game.Game) string {
		return fmt.Sprintf("colmod(%d, %s)", g.Complex.Facets()[0].Len()+1, piles(g.Piles()))
	},
	"octa": func(g *game.Game) string {
		var parts []string
		for i := 1; i < g.Piles(); i += 2 {
			parts = append(parts, fmt.Sprintf("p%d == p%d", i, i+1))
		}
		return strings.Join(parts, " && ")
	},
	"path-n-n-1": func(g *game.Game) string {
		n := g.Piles()
		k := n / 2
		var cases []string
		for b := 1; b < k+1; b++ { // the empty block is piles b..b+k-2 (0-based)
			var parts []string
			for i := b; i < b+k-1; i++ {
				parts = append(parts, check.PileName(i)+" == 0")
			}
			parts = append(parts, fmt.Sprintf("%s == %s", sumOfPiles(0, b), sumOfPiles(b+k-1, n)))
			cases = append(cases, strings.Join(parts, " && "))
		}
		return strings.Join(cases, " || ")
	},
	"exact-all": func(g *game.Game) string { return fmt.Sprintf("min(%s) == 0", piles(g.Piles())) },
	"exact-1":   func(g *game.Game) string { return fmt.Sprintf("xor(%s) == 0", piles(g.Piles())) },
	"figure6":   func(*game.Game) string { return "c == 0 && d - b == a || a == b && b - c == d && c >= 1" },
	"mrule": func(g *game.Game) string {
		return SlowReducedDescription(g.Piles())
	},
}

// winningMoves writes, for the theorems whose proof builds the winning move
// by a formula, the candidate moves: positions whose piles are expressions
// in the piles of the position moved from. prove asks (II) with these first.
var winningMoves = map[string]func(g *game.Game) [][]string{
	"nim":        nimMoves,
	"exact-1":    nimMoves,
	"cn64":       cn64Moves,
	"path-n-n-1": pathBlockMoves,
	"cn86":       cycleMoves(cn86ViewMoves),
}

// certificateMoves are candidate winning moves that serve a theorem's
// certificate (package certificate) in place of its proof's: CN(7,4)'s 182
// moves cover (II), but z3 answers (II) over them more slowly than over
// every option (no answer in a minute against 12 s); CN(8,6)'s 80 moves
// with their maxima written out as linear variants. CN(7,4)'s written out
// so (392 moves) did not settle its split within 5 minutes, where its 182
// settle in 3 (2026-12-06).
var certificateMoves = map[string]func(g *game.Game) [][]string{
	"cn74": cycleMoves(cn74ViewMoves),
	"cn86": cycleMoves(cn86LinearViewMoves),
}

// cycleMoves are the candidate moves of a theorem stated up to rotations
// and reflections: the moves the proof builds in one view (the position
// read through a symmetry, as dihedralOracle reads it), written for every
// view by check.MoveImage.
func cycleMoves(view [][]string) func(*game.Game) [][]string {
	return func(g *game.Game) [][]string {
		grp, err := g.Complex.Symmetries(context.Background())
		if err != nil || !grp.Listed() {
			return nil
		}
		var out [][]string
		seen := map[string]bool{}
		for _, perm := range grp.Elements() {
			for _, m := range view {
				im := check.MoveImage(m, perm)
				if key := strings.Join(im, ";"); !seen[key] {
					seen[key] = true
					out = append(out, im)
				}
			}
		}
		return out
	}
}

// cn86Target is the position cn86Move moves to, in the parameters xx, a1
// and a2 of cn86ViewMoves.
var cn86Target = []string{"0", "xx", "a1", "xx - a1", "min(xx, a1 + a2)", "xx - a2", "a2", "xx"}

// cn86ViewMoves are cn86Move's candidates as formulas: the target
// (0, x, a1, x-a1, min(x, a1+a2), x-a2, a2, x) with the two adjacent stacks
// (0,1), (1,2), (2,3) or (3,4) kept, the other parameters as small as the
// piles allow.
var cn86ViewMoves = func() [][]string {
	params := []string{
		"let xx = b; let a1 = max(0, b - d); let a2 = max(0, b - f); ",                           // (0,1) kept
		"let xx = b; let a1 = c; let a2 = max(0, b - f); ",                                       // (1,2) kept
		"let xx = c + d; let a1 = c; let a2 = max(0, c + d - f); ",                               // (2,3) kept
		"let xx = e; let a1 = e - d; let a2 = max(0, e - f, d); ",                                // (3,4) kept, e = x
		"let xx = max(d, d + e - g, (d + e + 1) / 2, e); let a1 = xx - d; let a2 = d + e - xx; ", // (3,4) kept, e = a1+a2
	}
	return cn86Moves(params)
}()

// cn86Moves writes cn86Target after each of prefixes, the lets of its
// parameters: one candidate move per prefix.
func cn86Moves(prefixes []string) [][]string {
	var out [][]string
	for _, p := range prefixes {
		m := make([]string, len(cn86Target))
		for i, t := range cn86Target {
			m[i] = p + t
		}
		out = append(out, m)
	}
	return out
}

// cn86LinearViewMoves are cn86ViewMoves with each maximum of a parameter
// replaced, in turn, by each of its arguments: at every position one of
// them is the move cn86ViewMoves makes, so they cover (II) where those do,
// and no candidate's pile holds a maximum. A certificate's case split then
// reads linear conditions about them, where the maxima nested in "the
// move is valid" cost lia minutes a case (CN(8,6)).
var cn86LinearViewMoves = func() [][]string {
	type let struct {
		name   string
		values []string
	}
	params := [][]let{
		{{"xx", []string{"b"}}, {"a1", []string{"0", "b - d"}}, {"a2", []string{"0", "b - f"}}},
		{{"xx", []string{"b"}}, {"a1", []string{"c"}}, {"a2", []string{"0", "b - f"}}},
		{{"xx", []string{"c + d"}}, {"a1", []string{"c"}}, {"a2", []string{"0", "c + d - f"}}},
		{{"xx", []string{"e"}}, {"a1", []string{"e - d"}}, {"a2", []string{"0", "e - f", "d"}}},
		{{"xx", []string{"d", "d + e - g", "(d + e + 1) / 2", "e"}}, {"a1", []string{"xx - d"}}, {"a2", []string{"d + e - xx"}}},
	}
	var all []string
	for _, lets := range params {
		prefixes := []string{""}
		for _, l := range lets {
			var next []string
			for _, p := range prefixes {
				for _, v := range l.values {
					next = append(next, p+"let "+l.name+" = "+v+"; ")
				}
			}
			prefixes = next
		}
		all = append(all, prefixes...)
	}
	return cn86Moves(all)
}()

// cn74ViewMoves are cn74Move's 13 candidates as formulas, in the view
// q = (a, b, c, d, e, f, g): the target of each set S1-S4 of
// Dufour–Heubach–Vo 2021, Theorem 2.1, with three consecutive stacks kept
// and its other parameters at the end of their interval that cn74Move
// takes. cycleMoves writes them in the 14 views (182 moves).
var cn74ViewMoves = func() [][]string {
	s1 := func(lets, c, d, e string) []string { // (0, 0, c, d, e, c-d-e, c)
		return []string{"0", "0", lets + c, lets + d, lets + e, lets + "(" + c + ") - (" + d + ") - (" + e + ")", lets + c}
	}
	s3 := func(lets, a, c, d string) []string { // (a, a, c, d, a+c-d, d, c)
		return []string{lets + a, lets + a, lets + c, lets + d, lets + "(" + a + ") + (" + c + ") - (" + d + ")", lets + d, lets + c}
	}
	s4 := func(lets, a, b, d, sum string) []string { // (a, b, sum-b, d, sum-d, a, sum-a)
		return []string{lets + a, lets + b, lets + sum + " - (" + b + ")", lets + d, lets + sum + " - (" + d + ")", lets + a, lets + sum + " - (" + a + ")"}
	}
	return [][]string{
		{"a", "a", "a", "a", "a", "a", "a"}, // S2
		// S1 with stacks {0,1,2}, {1,2,3}, {2,3,4}, {3,4,5} kept.
		s1("let dd = min(d, c); let ee = min(e, c - dd); ", "c", "dd", "ee"),
		s1("let ee = min(e, c - d); ", "c", "d", "ee"),
		s1("", "c", "d", "e"),
		s1("", "d + e + f", "d", "e"),
		// S3 with stacks {0,1,2}, {1,2,3}, {2,3,4}, {3,4,5} kept.
		s3("let dd = max(a, a + c - e); ", "a", "c", "dd"),
		s3("", "b", "c", "d"),
		s3("", "d + e - c", "c", "d"),
		s3("let aa = max(1, d + e - min(c, g)); ", "aa", "d + e - aa", "d"),
		// S4 with stacks {0,1,2}, {1,2,3}, {4,5,6}, {5,6,0} kept.
		s4("let lo = max(a, a + 1 - max(0, c - a)); let dd = max(lo, b + c - e); ", "a", "b", "dd", "(b + c)"),
		s4("let aa = max(0, b + c - g); ", "aa", "b", "d", "(b + c)"),
		s4("let bb = max(f + 1, f + g - c); ", "f", "bb", "f + g - e", "(f + g)"),
		s4("let bb = max(f + 1, f + g - c); let dd = min(d, g - 1); ", "f", "bb", "dd", "(f + g)"),
	}
}()

// pathBlockMoves are the moves into each case of Theorem path-n-n-1's set
// on 2k piles: for each block of k-1 piles the set asks to be empty, the
// move that empties it with the pile on its left and makes that pile
// balance the sums on both sides, and the same with the pile on its right
// (a move where the new pile is not larger than the old one).
func pathBlockMoves(g *game.Game) [][]string {
	n := g.Piles()
	k := n / 2
	var out [][]string
	for b := 1; b < k+1; b++ {
		for _, side := range []int{b - 1, b + k - 1} {
			m := make([]string, n)
			for i := range m {
				m[i] = check.PileName(i)
				if b <= i && i < b+k-1 {
					m[i] = "0"
				}
			}
			if side < b {
				m[side] = fmt.Sprintf("(%s) - (%s)", sumOfPiles(b+k-1, n), sumOfPiles(0, b-1))
			} else {
				m[side] = fmt.Sprintf("(%s) - (%s)", sumOfPiles(0, b), sumOfPiles(b+k, n))
			}
			out = append(out, m)
		}
	}
	return out
}

// cn64Moves are the winning moves of the proof of Dufour–Heubach 2013,
// Theorem 3.5, written for every orientation at once. Opposite stacks form
// three pairs with minima m0, m1, m2; a position of the theorem's set has
// those minima (with nim-sum 0) and its pairs differ by one amount d, the
// larger stack at a, c and e when d > 0 and at b, d and f when d < 0. The
// proof first lowers one pair minimum to the nim-sum of the other two
// (Lemma 3.7), or none when their nim-sum is already 0, and then brings
// every pair to the same difference, keeping one stack as it is; so the
// target has minima n (four choices) and difference 0 or ±(p_j - n_j) for
// a stack j (13 choices): 52 candidate moves.
func cn64Moves(*game.Game) [][]string {
	const minima = "let m0 = min(a, d); let m1 = min(b, e); let m2 = min(c, f); "
	targets := [][3]string{
		{"m0", "m1", "m2"},
		{"m1 ^ m2", "m1", "m2"},
		{"m0", "m0 ^ m2", "m2"},
		{"m0", "m1", "m0 ^ m1"},
	}
	var out [][]string
	for _, n := range targets {
		differences := []string{"0"}
		for j, stack := range []string{"a", "b", "c", "d", "e", "f"} {
			kept := fmt.Sprintf("%s - (%s)", stack, n[j%3])
			differences = append(differences, kept, "-("+kept+")")
		}
		for _, d := range differences {
			lets := minima + "let n0 = " + n[0] + "; let n1 = " + n[1] + "; let n2 = " + n[2] + "; let diff = " + d + "; "
			up, down := lets+"n%d + max(diff, 0)", lets+"n%d + max(-diff, 0)"
			out = append(out, []string{
				fmt.Sprintf(up, 0), fmt.Sprintf(down, 1), fmt.Sprintf(up, 2),
				fmt.Sprintf(down, 0), fmt.Sprintf(up, 1), fmt.Sprintf(down, 2),
			})
		}
	}
	return out
}

// nimMoves are Bouton's: pile i becomes the xor of the others (a move when
// that is smaller than pile i).
func nimMoves(g *game.Game) [][]string {
	n := g.Piles()
	var out [][]string
	for i := range n {
		var others []string
		move := make([]string, n)
		for j := range n {
			move[j] = check.PileName(j)
			if j != i {
				others = append(others, check.PileName(j))
			}
		}
		switch len(others) {
		case 0:
			move[i] = "0"
		case 1:
			move[i] = others[0]
		default:
			move[i] = "xor(" + strings.Join(others, ", ") + ")"
		}
		out = append(out, move)
	}
	return out
}

// WinningMoves returns the candidate winning moves of the theorem's proof
// for g (see prove.Options.Moves), or nil when it has none written as
// formulas or does not cover g.
func (t *Theorem) WinningMoves(ctx context.Context, g *game.Game) [][]string {
	write, ok := winningMoves[t.Name]
	if !ok {
		return nil
	}
	if _, covers := t.For(ctx, g); !covers {
		return nil
	}
	return write(g)
}

// CertificateMoves returns the candidate winning moves a certificate of
// the theorem on g starts from: those written for the certificate only
// (certificateMoves) where there are, else WinningMoves'.
func (t *Theorem) CertificateMoves(ctx context.Context, g *game.Game) [][]string {
	if write, ok := certificateMoves[t.Name]; ok {
		if _, covers := t.For(ctx, g); covers {
			return write(g)
		}
	}
	return t.WinningMoves(ctx, g)
}

// SlowReducedDescription is the description of the P-positions of Exact Slow
// (n-1)-Nim NIM(n, n-1) on reduced positions that discover read off its
// tables (docs/findings.md): cut every pile to m, the most moves a play can
// last; with j the number of odd piles and s the total mod 2(n-1) of the
// reduced position, P iff j <= s <= 2n-4-j, or j = n and s = n-2.
func SlowReducedDescription(n int) string {
	var ps, odd, total []string
	for i := range n {
		ps = append(ps, check.PileName(i))
		odd = append(odd, fmt.Sprintf("min(%s, moves) %% 2", check.PileName(i)))
		total = append(total, fmt.Sprintf("min(%s, moves)", check.PileName(i)))
	}
	return fmt.Sprintf("let moves = slowmoves(%d, %s); let odd = %s; let total = (%s) %% %d; odd <= total && odd + total <= %d || odd == %d && total == %d",
		n-1, strings.Join(ps, ", "), strings.Join(odd, " + "), strings.Join(total, " + "), 2*(n-1), 2*n-4, n, n-2)
}

// Expression returns the theorem's characterization of the P-positions of g
// as an expression of check's language, or false when the theorem does not
// cover g or has no such formula (the Nim-basis theorems, joins and splits
// depend on the complex in ways no fixed formula states).
func (t *Theorem) Expression(ctx context.Context, g *game.Game) (string, bool) {
	write, ok := expressions[t.Name]
	if !ok {
		return "", false
	}
	if _, covers := t.For(ctx, g); !covers {
		return "", false
	}
	return write(g), true
}

// piles lists the names of n piles.
func piles(n int) string {
	names := make([]string, n)
	for i := range names {
		names[i] = check.PileName(i)
	}
	return strings.Join(names, ", ")
}

// sumOfPiles writes the sum of piles lo..hi-1 (0 when there are none).
func sumOfPiles(lo, hi int) string {
	if lo >= hi {
		return "0"
	}
	names := make([]string, 0, hi-lo)
	for i := lo; i < hi; i++ {
		names = append(names, check.PileName(i))
	}
	return strings.Join(names, " + ")
}
