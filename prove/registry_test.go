package prove

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/prove/proof"
)

// docSections are the headings of doc.go's sections, lower-cased.
func docSections(t *testing.T) []string {
	text, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range regexp.MustCompile(`(?m)^// # (.+)$`).FindAllStringSubmatch(string(text), -1) {
		out = append(out, strings.ToLower(m[1]))
	}
	return out
}

// registryProblems says what each route of routes lacks: a name,
// preconditions, the words and bound of its kind of proof, a section of
// doc.go. (TestRouteCorpus, in fuzzroutes_test.go, checks that the prover
// fuzzer's corpus reaches each.)
func registryProblems(routes []*route, sections []string) []string {
	var out []string
	for _, rt := range routes {
		switch {
		case rt.name == "":
			out = append(out, "a route has no name")
		case rt.needs == nil:
			out = append(out, rt.name+": no preconditions")
		case rt.kind != proof.NoKind && (rt.kind.Words() == "" || rt.kind.String() == "" || rt.kind.Bound().String() == ""):
			out = append(out, rt.name+": its kind of proof has no words or no scope in package proof's table")
		case !slices.Contains(sections, strings.ToLower(rt.name)):
			out = append(out, rt.name+": no section of doc.go")
		}
	}
	return out
}

// TestRouteRegistry: every route of the registry has a name, its
// preconditions, the words and scope of its kind of proof and a section of
// doc.go; a route that lacks one is found.
func TestRouteRegistry(t *testing.T) {
	sections := docSections(t)
	for _, p := range registryProblems(registry, sections) {
		t.Error(p)
	}
	bare := &route{name: "bare", needs: func(*encoding) error { return nil }}
	if got := registryProblems([]*route{bare}, sections); len(got) != 1 {
		t.Errorf("a route with no section: %q, want it said", got)
	}
}

// RouteNames lists the names of the registry's routes, for the tests of
// package prove_test (TestRouteCorpus).
func RouteNames() []string {
	var out []string
	for _, rt := range registry {
		if !slices.Contains(out, rt.name) {
			out = append(out, rt.name)
		}
	}
	return out
}

// RouteReaches says why the claim's encoding does not meet the
// preconditions of the routes called name (nil when it meets one's).
func RouteReaches(name string, g *game.Game, e *check.Expr, moves [][]string, grundy bool, where *check.Expr) error {
	enc, err := newClaimEncoding(g, e, moves, grundy, where)
	if err != nil {
		return err
	}
	err = fmt.Errorf("no route %q", name)
	for _, rt := range registry {
		if rt.name == name {
			if err = rt.needs(enc); err == nil {
				return nil
			}
		}
	}
	return err
}

// fixtureRoute is a route added by a test: it takes every condition of a
// linear proof, and rewrites nothing but the routes its queries list.
var fixtureRoute = route{name: "fixture", needs: func(enc *encoding) error {
	if enc.a.bv() {
		return fmt.Errorf("linear proofs only")
	}
	return nil
}, rewrite: func(enc *encoding, rt *route, queries []query) []query {
	if rt.needs(enc) != nil {
		return queries
	}
	for i := range queries {
		queries[i].routes = append(queries[i].routes, rt.name)
	}
	return queries
}}

// TestRouteRegistryTakesAFixture: a route is added by its value and one
// registry line, and Prove takes it.
func TestRouteRegistryTakesAFixture(t *testing.T) {
	s := solver(t)
	saved := registry
	registry = append(slices.Clone(registry), &fixtureRoute)
	defer func() { registry = saved }()
	g, e := compile(t, "cn:4,2", "a == c && b == d")
	r, err := Prove(context.Background(), g, e, Options{Solver: s, Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if r.Result != Proved || !slices.Contains(r.Routes, fixtureRoute.name) {
		t.Errorf("%s, routes %q: the fixture route was not taken", r.Result, r.Routes)
	}
}
