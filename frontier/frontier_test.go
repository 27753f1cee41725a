package frontier

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/nimlab/nimlab/atlas"
	"github.com/nimlab/nimlab/prove"
	"github.com/nimlab/nimlab/prove/provetest"
)

func TestGames(t *testing.T) {
	ctx := context.Background()
	for _, tt := range []struct {
		families    []string
		nMax        int
		count       int
		first, last string
		err         string
	}{
		{[]string{"cn"}, 5, 6, "cn:3,2", "cn:5,4", ""},
		{[]string{"path", "cn"}, 4, 6, "cn:3,2", "path:4,3", ""}, // in the order of Families
		{[]string{"necklace"}, 0, 35, "necklace:4,2", "necklace:10,9", ""},
		{[]string{"slowset"}, 4, 4, "slowset:3,{1,3}", "slowset:4,{3,4}", ""},
		{[]string{"exact", "slow"}, 0, 20, "slow:3,2", "exact:6,5", ""},
		{[]string{"ecn"}, 6, 16, "ecn:4,{2},2", "ecn:6,{1,2,3},3", ""},
		{nil, 0, 187, "cn:3,2", "ecn:8,{1,2,3,4},2", ""},
		{[]string{"moore"}, 0, 0, "", "", `no family "moore"`},
		{[]string{"necklace"}, 3, 0, "", "", "below the least n"},
		{[]string{"cn:4", "ecn:5", "path"}, 6, 17, "cn:3,2", "ecn:5,{1,2},3", ""}, // 3 + 10 + 4
		{[]string{"cn:x"}, 0, 0, "", "", "want cn:N"},
	} {
		games, err := Games(ctx, tt.families, tt.nMax)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%v to %d: error %v, want %q", tt.families, tt.nMax, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if len(games) != tt.count || games[0].Spec != tt.first || games[len(games)-1].Spec != tt.last {
			t.Errorf("%v to %d: %d games, %s .. %s; want %d, %s .. %s", tt.families, tt.nMax, len(games), games[0].Spec, games[len(games)-1].Spec, tt.count, tt.first, tt.last)
		}
		for i, g := range games {
			if family, _ := Name(g.Spec); g.Index != i || family != g.Family || piles(g.Spec) != g.Piles {
				t.Errorf("game %d: %+v (family %q, piles %d by its spec)", i, g, family, piles(g.Spec))
			}
		}
	}
}

// TestECNUpToIsomorphism: ECN on 6 stacks has 12 games up to isomorphism
// that are not Circular Nim; a step prime to m is Circular Nim relabelled
// (ECN(7_{2},3) is CN(7,3)), a step dividing it splits the circle.
func TestECNUpToIsomorphism(t *testing.T) {
	want := []string{"ecn:6,{2},2", "ecn:6,{2},3", "ecn:6,{1,2},2", "ecn:6,{1,2},3", "ecn:6,{1,2},4", "ecn:6,{3},2",
		"ecn:6,{1,3},2", "ecn:6,{1,3},3", "ecn:6,{2,3},2", "ecn:6,{2,3},3", "ecn:6,{1,2,3},2", "ecn:6,{1,2,3},3"}
	if got := ecnSpecs(6); !slices.Equal(got, want) {
		t.Errorf("ecnSpecs(6) = %v, want %v", got, want)
	}
	for _, tt := range []struct {
		a, b string
		want bool
	}{
		{"cn:7,3", "ecn:7,{2},3", true},
		{"cn:7,3", "ecn:7,{3},3", true},
		{"cn:6,2", "ecn:6,{2},2", false}, // two triangles
		{"cn:8,3", "ecn:8,{1,3},3", false},
		{"ecn:8,{1,3},3", "ecn:8,{1,3},3", true},
		{"cn:5,2", "path:5,2", false},
		{"cn:5,2", "cn:6,2", false},
	} {
		if got := isomorphic(complexOf(tt.a), complexOf(tt.b)); got != tt.want {
			t.Errorf("isomorphic(%s, %s) = %v", tt.a, tt.b, got)
		}
	}
}

func TestName(t *testing.T) {
	for _, tt := range []struct{ spec, family, name string }{
		{"cn:6,3", "cn", "CN(6,3)"},
		{"path:9,5", "path", "P(9,5)"},
		{"necklace:8,4", "necklace", "NN(8,4)"},
		{"slow:5,2", "slow", "NIM(5,2)"},
		{"exact:4,2", "exact", "Exact(4,2)"},
		{"slowset:5,{1,5}", "slowset", "A-Nim(5, {1,5})"},
		{"ecn:8,{1,3},3", "ecn", "ECN(8_{1,3},3)"},
		{"moore:4,2", "", "moore:4,2"},
		{"cn:6,{3}", "", "cn:6,{3}"},
	} {
		if family, name := Name(tt.spec); family != tt.family || name != tt.name {
			t.Errorf("Name(%q) = %q, %q; want %q, %q", tt.spec, family, name, tt.family, tt.name)
		}
	}
}

// TestStatus: a row is proved only where prove proved it.
func TestStatus(t *testing.T) {
	for _, tt := range []struct {
		row            atlas.Row
		status, text   string
		proofSubstring string
	}{
		{atlas.Row{Game: "cn:6,3", Exact: true, VerifiedMax: 7, Proved: prove.Proved.String(), ProvedEngineMax: 9,
			Proof: atlas.ProofDetail{Kind: "presburger", Conditions: "I unsat 0.10 s; II unsat 0.20 s"}},
			Proved, "proved", "presburger: I unsat 0.10 s; II unsat 0.20 s; engine agrees to 9"},
		{atlas.Row{Game: "cn:4,1", Exact: true, VerifiedMax: 6, Proved: prove.Undecided.String(), Proof: atlas.ProofDetail{Conditions: "I unsat 0.1 s; II unknown 10.00 s (timeout)"}},
			Verified, "verified to 6", "unknown: I unsat 0.1 s; II unknown 10.00 s (timeout)"},
		{atlas.Row{Game: "cn:5,2", Exact: true, VerifiedMax: 2, Proved: prove.Refuted.String(), Proof: atlas.ProofDetail{Counterexample: "II at 0,1,3,3,1"}},
			Refuted, "refuted beyond 2", "refuted: II at 0,1,3,3,1"},
		{atlas.Row{Game: "cn:6,3", Exact: true, VerifiedMax: 7}, Verified, "verified to 7", "-"},
		{atlas.Row{Game: "cn:8,2", LearnedMax: 5, VerifiedMax: 5}, Nothing, "nothing found (piles 0..5)", "-"},
		// Exact on the box it was learned on, not on the verification box:
		// not exact beyond the box, not nothing found (issue 39).
		{atlas.Row{Game: "slow:5,4", LearnedExact: true, LearnedMax: 6, VerifiedMax: 9}, NotExactBeyond, "exact to 6, not to 9", "-"},
		{atlas.Row{Game: "ecn:6,{1,2},4", LearnedExact: true, LearnedMax: 6, VerifiedMax: 9, Regions: []string{"a == 0: b == c"}},
			NotExactBeyond, "exact to 6, not to 9", "-"},
		// Not exact where it was learned (verified there only): nothing.
		{atlas.Row{Game: "slow:5,2", LearnedMax: 6, VerifiedMax: 6}, Nothing, "nothing found (piles 0..6)", "-"},
		// Exact on the verification box too: verified, as before.
		{atlas.Row{Game: "cn:6,4", Exact: true, LearnedExact: true, LearnedMax: 5, VerifiedMax: 7}, Verified, "verified to 7", "-"},
	} {
		r := FromAtlas(tt.row)
		if r.Status != tt.status || r.StatusText() != tt.text || r.ProofText() != tt.proofSubstring || r.Regions == nil {
			t.Errorf("%+v: %s, %q, %q; want %s, %q, %q", tt.row, r.Status, r.StatusText(), r.ProofText(), tt.status, tt.text, tt.proofSubstring)
		}
	}
}

// TestMarkdown: a family's line counts its statuses; a long description
// is written below the tables, once; a "|" of an expression is escaped in
// its cell.
func TestMarkdown(t *testing.T) {
	long := "sym(a == 0 && b == c) || sym(a == b && a == c && a == d && b == e && c == f)"
	rows := []Row{
		FromAtlas(atlas.Row{Index: 0, Game: "cn:3,2", Expr: "a == b && a == c", Exact: true, VerifiedMax: 8, Proved: prove.Proved.String()}),
		FromAtlas(atlas.Row{Index: 1, Game: "cn:4,2", Expr: long, Exact: true, VerifiedMax: 6}),
		FromAtlas(atlas.Row{Index: 2, Game: "path:4,2", Expr: long, Exact: true, VerifiedMax: 6}),
		FromAtlas(atlas.Row{Index: 3, Game: "path:4,3", Expr: "a == 0 || b == 0"}),
		FromAtlas(atlas.Row{Index: 4, Game: "slow:5,4", Expr: "a == b", LearnedExact: true, LearnedMax: 6, VerifiedMax: 9}),
	}
	var buf bytes.Buffer
	if err := WriteMarkdown(&buf, rows); err != nil {
		t.Fatal(err)
	}
	md := buf.String()
	for _, want := range []string{
		"**Circular Nim CN(n,k)** (2 games: 1 proved, 1 verified on a box only)",
		"**PathNim P(n,k)** (2 games: 1 verified on a box only, 1 nothing found)",
		"| CN(3,2) `cn:3,2` | proved | `a == b && a == c` |",
		"| CN(4,2) `cn:4,2` | verified to 6 | [1] |",
		"| P(4,2) `path:4,2` | verified to 6 | [1] |",
		"| P(4,3) `path:4,3` | nothing found | - |",
		// Not exact beyond the box: counted apart, its description shown.
		"**Exact Slow k-Nim NIM(n,k)** (1 games: 1 not exact beyond their box)",
		"| NIM(5,4) `slow:5,4` | exact to 6, not to 9 | `a == b` |",
		"- [1] `" + long + "`\n",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("the Markdown has no %q:\n%s", want, md)
		}
	}
	if strings.Count(md, long) != 1 {
		t.Errorf("the long description is written %d times", strings.Count(md, long))
	}
	rows[0].Expr = "a == 0 || b == c"
	buf.Reset()
	WriteMarkdown(&buf, rows[:1])
	if !strings.Contains(buf.String(), "`a == 0 \\|\\| b == c`") {
		t.Errorf("pipes not escaped:\n%s", buf.String())
	}
}

// TestRunAndCollect: two shards of a small frontier, without proofs, read
// back as the whole; with one shard done, Collect names the games missing.
func TestRunAndCollect(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	opts := Options{Families: []string{"cn"}, NMax: 4, Max: 3, Workers: 1}
	whole, err := Run(ctx, opts, atlas.Shard{I: 0, N: 1}, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(whole) != 3 || whole[0].Status != Verified || whole[0].Name != "CN(3,2)" {
		t.Fatalf("rows %+v", whole)
	}
	if _, err := Run(ctx, opts, atlas.Shard{I: 1, N: 2}, dir, nil); err != nil {
		t.Fatal(err)
	}
	c, err := Collect(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Rows) != 1 || !slices.Equal(c.Missing, []string{"cn:3,2", "cn:4,3"}) || c.Shards != 2 || c.Max != 3 {
		t.Errorf("one shard of two: %+v", c)
	}
	if _, err := Run(ctx, opts, atlas.Shard{I: 0, N: 2}, dir, nil); err != nil {
		t.Fatal(err)
	}
	if c, err = Collect(dir); err != nil {
		t.Fatal(err)
	}
	for i := range c.Rows {
		c.Rows[i].Seconds, whole[i].Seconds = 0, 0
	}
	if len(c.Missing) != 0 || !slices.EqualFunc(c.Rows, whole, func(a, b Row) bool { return reflect.DeepEqual(a.Row, b.Row) && a.Status == b.Status }) {
		t.Errorf("collected %+v, want %+v", c, whole)
	}
	markdown, table := Paths(dir, atlas.Shard{I: 0, N: 2})
	for _, p := range []string{markdown, table} {
		if data, err := os.ReadFile(p); err != nil || !strings.Contains(string(data), "cn:3,2") {
			t.Errorf("%s: %v\n%s", p, err, data)
		}
	}
}

// TestRunProves: with proofs, PathNim on 4 piles is proved, the proofs'
// queries are in DIR/smt, and each row names its files.
func TestRunProves(t *testing.T) {
	solver := provetest.Z3(t)
	dir := t.TempDir()
	opts := Options{Families: []string{"path"}, NMax: 4, Max: 3, Workers: 1, Prove: &prove.Options{Solver: solver}}
	rows, err := Run(context.Background(), opts, atlas.Shard{I: 0, N: 1}, dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 3 {
		t.Fatalf("%d rows", len(rows))
	}
	for _, r := range rows {
		if r.Status != Proved || r.Proof.Files == "" {
			t.Errorf("%s: %s, files %q", r.Game, r.StatusText(), r.Proof.Files)
			continue
		}
		for _, f := range strings.Fields(r.Proof.Files) {
			if _, err := os.Stat(filepath.Join(SMTDir(dir), f)); err != nil {
				t.Error(err)
			}
		}
	}
}
