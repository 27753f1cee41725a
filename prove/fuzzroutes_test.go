package prove_test

import (
	"slices"
	"testing"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/prove"
)

// routeWitness is a claim of the prover fuzzer's corpus that takes a route:
// a game of corpusGames or claimCorpusGames, an expression the corpus asks
// of it (a theorem's formula, with its candidate moves; colmod over every
// pile; a description), and what the claim is.
type routeWitness struct {
	spec, expr, where string
	grundy            bool
	moves             [][]string
}

// routeCorpus names, for each route of the registry (prove's routes.go),
// a claim of the fuzzer's corpus whose encoding meets the route's
// preconditions: the fuzzer reaches every route. A new route adds its line
// here.
var routeCorpus = map[string]routeWitness{
	"linear integer arithmetic":       {spec: "cn:4,2", expr: "a == c && b == d"},
	"bit-vectors":                     {spec: "nim:3", expr: "xor(a, b, c) == 0"},
	"nim-sum lemmas":                  {spec: "nim:3", expr: "xor(a, b, c) == 0"},
	"induction on binary digits":      {spec: "moore:4,2", expr: "colmod(3, a, b, c, d)"},
	"candidate moves":                 {spec: "nim:3", expr: "xor(a, b, c) == 0", moves: [][]string{{"xor(b, c)", "b", "c"}}},
	"finitely many options":           {spec: "slow:3,2", expr: "a % 2 == 0 && b % 2 == 0 && c % 2 == 0"},
	"symmetry breaking":               {spec: "cn:4,2", expr: "a == c && b == d"},
	"case split":                      {spec: "cn:4,2", expr: "a == c && b == d"},
	"Sprague–Grundy conditions":       {spec: "exact:3,3", expr: "min(a, b, c)", grundy: true},
	"region":                          {spec: "cn:4,2", expr: "c == d || b == 0", where: "a == 0"},
	"reduction by invariances":        {spec: "cn:4,2", expr: "let mn = min(a, b, c, d); a - mn == c - mn && b - mn == d - mn"},
	"equivalence with a proved claim": {spec: "cn:4,2", expr: "a == c && b == d"},
	"sorted options of a slow game":   {spec: "slow:3,2", expr: "let moves = slowmoves(2, a, b, c); let odd = min(a, moves) % 2 + min(b, moves) % 2 + min(c, moves) % 2; let total = (min(a, moves) + min(b, moves) + min(c, moves)) % 4; odd <= total && odd + total <= 2 || odd == 3 && total == 1"},
}

// TestRouteCorpus: the prover fuzzer's corpus reaches every route of the
// registry: each has a claim of the corpus (routeCorpus) whose encoding
// meets its preconditions.
func TestRouteCorpus(t *testing.T) {
	games := slices.Concat(corpusGames, claimCorpusGames)
	for _, name := range prove.RouteNames() {
		w, ok := routeCorpus[name]
		if !ok || !slices.Contains(games, w.spec) {
			t.Errorf("%s: no claim of the fuzzer's corpus reaches it (routeCorpus)", name)
			continue
		}
		g, err := game.Parse(w.spec)
		if err != nil {
			t.Fatal(err)
		}
		e, err := check.Compile(w.expr, g.Piles(), nil)
		if err != nil {
			t.Fatal(err)
		}
		var where *check.Expr
		if w.where != "" {
			if where, err = check.Compile(w.where, g.Piles(), nil); err != nil {
				t.Fatal(err)
			}
		}
		if err := prove.RouteReaches(name, g, e, w.moves, w.grundy, where); err != nil {
			t.Errorf("%s: the corpus's %s %q does not reach it: %v", name, w.spec, w.expr, err)
		}
	}
	for name := range routeCorpus {
		if !slices.Contains(prove.RouteNames(), name) {
			t.Errorf("routeCorpus names %q, no route of the registry", name)
		}
	}
}
