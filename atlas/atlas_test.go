package atlas

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/prove"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
	"github.com/nimlab/nimlab/theory"
)

func TestFamily(t *testing.T) {
	for _, tt := range []struct {
		family string
		want   []string
		fails  bool
	}{
		{family: "cn:3..4", want: []string{"cn:3,1", "cn:3,2", "cn:3,3", "cn:4,1", "cn:4,2", "cn:4,3", "cn:4,4"}},
		{family: "path:2..2; nim:3", want: []string{"path:2,1", "path:2,2", "nim:3"}},
		{family: "rules:3..3", want: []string{"cn:3,1", "fixed(cn:3,1; 1)", "fixedall(cn:3,1; 1)", "atleast(cn:3,1; 1)", "total(cn:3,1; 2)", "exactly(cn:3,1; 2)", "wythoff(cn:3,1)",
			"cn:3,2", "fixed(cn:3,2; 1)", "fixedall(cn:3,2; 1)", "atleast(cn:3,2; 1)", "total(cn:3,2; 2)", "exactly(cn:3,2; 2)", "wythoff(cn:3,2)",
			"cn:3,3", "fixed(cn:3,3; 1)", "fixedall(cn:3,3; 1)", "atleast(cn:3,3; 1)", "total(cn:3,3; 2)", "exactly(cn:3,3; 2)", "wythoff(cn:3,3)"}},
		{family: "cn:5..3", fails: true},
		{family: "cn:0..3", fails: true},
		{family: " ; ", fails: true},
	} {
		got, err := Family(context.Background(), tt.family)
		if (err != nil) != tt.fails || !slices.Equal(got, tt.want) {
			t.Errorf("Family(%q) = %v, %v", tt.family, got, err)
		}
	}
}

// TestComplexes counts the complexes up to isomorphism: Ehrenborg–Steingrímsson 1996, Section
// 9, says there are 14 connected non-isomorphic simplicial complexes on 4
// vertices.
func TestComplexes(t *testing.T) {
	connected := func(spec string) bool {
		g, err := game.Parse(spec)
		if err != nil {
			t.Fatal(err)
		}
		n := g.Piles()
		reach := complex.Set(1)
		for changed := true; changed; {
			changed = false
			for _, f := range g.Complex.Facets() {
				if f&reach != 0 && f&^reach != 0 {
					reach |= f
					changed = true
				}
			}
		}
		return reach == complex.Set(1)<<uint(n)-1
	}
	for _, tt := range []struct{ v, all, connected int }{{1, 1, 1}, {2, 2, 1}, {3, 5, 3}, {4, 20, 14}} {
		specs, err := Complexes(context.Background(), tt.v)
		if err != nil {
			t.Fatal(err)
		}
		c := 0
		for _, s := range specs {
			if connected(s) {
				c++
			}
		}
		if len(specs) != tt.all || c != tt.connected {
			t.Errorf("%d vertices: %d complexes, %d connected; want %d and %d", tt.v, len(specs), c, tt.all, tt.connected)
		}
	}
	if _, err := Complexes(context.Background(), 7); err == nil {
		t.Error("7 vertices: no error")
	}
}

// TestComplexClassesCoverTheLabelledOnes checks the representatives by the
// orbit-stabilizer theorem: the classes' sizes v!/|Aut| add up to the number
// of labelled complexes covering v vertices (OEIS A307249: 1, 2, 9, 114,
// 6894, 7785062), so no class is missed or kept twice. The class counts
// themselves (1, 2, 5, 20, 180, 16143) are OEIS A261005's.
func TestComplexClassesCoverTheLabelledOnes(t *testing.T) {
	labelled := []int{1, 2, 9, 114, 6894, 7785062}
	classes := []int{1, 2, 5, 20, 180, 16143}
	for v := 1; v <= MaxComplexVertices; v++ {
		masks, err := complexMasks(context.Background(), v)
		if err != nil {
			t.Fatal(err)
		}
		if len(masks) != classes[v-1] {
			t.Errorf("%d vertices: %d classes, want %d", v, len(masks), classes[v-1])
		}
		images := faceImages(v)
		order := len(images) + 1
		total := 0
		for _, faces := range masks {
			aut := 1 // the identity
			for i := range images {
				if imageOf(faces, &images[i]) == faces {
					aut++
				}
			}
			total += order / aut
		}
		if total != labelled[v-1] {
			t.Errorf("%d vertices: the classes hold %d labelled complexes, want %d", v, total, labelled[v-1])
		}
	}
}

func TestComplexesStopWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Complexes(ctx, 6); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
}

func TestParseShard(t *testing.T) {
	for _, tt := range []struct {
		s     string
		want  Shard
		fails bool
	}{
		{s: "0/1", want: Shard{0, 1}}, {s: "3/4", want: Shard{3, 4}},
		{s: "4/4", fails: true}, {s: "-1/4", fails: true}, {s: "1", fails: true}, {s: "a/b", fails: true}, {s: "0/0", fails: true},
	} {
		got, err := ParseShard(tt.s)
		if (err != nil) != tt.fails || got != tt.want {
			t.Errorf("ParseShard(%q) = %v, %v", tt.s, got, err)
		}
	}
}

// TestSurveyRow checks a row against what the papers say of the game.
func TestSurveyRow(t *testing.T) {
	ctx := context.Background()
	for _, tt := range []struct {
		spec     string
		theorem  string
		nimBasis string
		genuine  bool
	}{
		// Ehrenborg–Steingrímsson 1996, Theorem 5.7: a binary matroid's Nim-basis is its
		// cycle space, the disjoint unions of circuits.
		// Its P-positions are (a,a,a,0): no genuine zero position.
		{"graph:1-2,2-3,1-3,3-4", "binary-matroid", "unions of circuits", false},
		// CN(6,3): (1,...,1) satisfies a+b = d+e and b+c = e+f (Theorem 3.2).
		{"cn:6,3", "cn63", "", true},
		// CN(5,3): every P-position has an empty pile (Theorem 3.1(2)).
		{"cn:5,3", "cn53", "none", false},
	} {
		r, err := Survey(ctx, 0, tt.spec, Options{Max: 4})
		if err != nil {
			t.Fatal(err)
		}
		if r.Theorem != tt.theorem || (tt.nimBasis != "" && r.NimBasis != tt.nimBasis) || r.GenuineZero != tt.genuine || r.GenuineZeroMin1 != tt.genuine || !r.Exact {
			t.Errorf("%s: %+v", tt.spec, r)
		}
	}
}

// TestSurveyRowNotExactBeyond: a row whose description is exact on the box
// discover learned it on and fails on the verification box says so
// (LearnedExact), in its JSON too: NIM(4,3) at height 2 misses (3,2,2,2),
// and learned again at height 3 misses (5,5,5,5).
func TestSurveyRowNotExactBeyond(t *testing.T) {
	r, err := Survey(context.Background(), 0, "slow:4,3", Options{Max: 2, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if r.Exact || !r.LearnedExact || r.LearnedMax != 3 || r.VerifiedMax != 5 {
		t.Fatalf("slow:4,3 at 3: exact %v, learned exact %v, learned on %d, verified on %d", r.Exact, r.LearnedExact, r.LearnedMax, r.VerifiedMax)
	}
	data, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var back map[string]any
	if err := json.Unmarshal(data, &back); err != nil || back["learned_exact"] != true || back["exact"] != false {
		t.Errorf("the row's JSON: %v, %s", err, data)
	}
}

func ExampleFamily() {
	specs, _ := Family(context.Background(), "cn:3..3;moore:4,2")
	fmt.Println(specs)
	// Output: [cn:3,1 cn:3,2 cn:3,3 moore:4,2]
}

// TestQuestions91And92HaveCounterexamples checks, with the reference engine
// (every option enumerated), what the atlas of complexes:5 found: on the
// tree with edges 3-4, 4-5, 5-1, 5-2, (3,3,3,2,1) is a zero position but
// (6,6,6,4,2) is not (Ehrenborg–Steingrímsson 1996, Question 9.1), and (1,1,1,1,1) is one but
// (3,3,3,3,3) is not (Question 9.2); on a triangle and a point (4
// vertices), (3,2,2,1) is one but (6,4,4,2) is not.
func TestQuestions91And92HaveCounterexamples(t *testing.T) {
	ctx := context.Background()
	for _, tt := range []struct {
		spec   string
		zero   game.Position
		scaled game.Position
	}{
		{"complex:3-4,1-5,2-5,4-5", game.Position{3, 3, 3, 2, 1}, game.Position{6, 6, 6, 4, 2}},
		{"complex:3-4,1-5,2-5,4-5", game.Position{1, 1, 1, 1, 1}, game.Position{3, 3, 3, 3, 3}},
		{"complex:1-2,1-3,2-3,4", game.Position{3, 2, 2, 1}, game.Position{6, 4, 4, 2}},
	} {
		g, err := game.Parse(tt.spec)
		if err != nil {
			t.Fatal(err)
		}
		ref, err := solve.Reference(ctx, g, table.BoxOf(tt.scaled), solve.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !ref.IsP(tt.zero) || ref.IsP(tt.scaled) {
			t.Errorf("%s: %v is P %v, %v is P %v", tt.spec, tt.zero, ref.IsP(tt.zero), tt.scaled, ref.IsP(tt.scaled))
		}
	}
}

// TestQuestion95HasCounterexample checks, with the reference engine, what
// the atlas of complexes:6 found (Ehrenborg–Steingrímsson 1996, Question 9.5: is the
// Nim-basis of a Nim-regular complex the set of disjoint unions of its
// circuits?). On six vertices, take every triangle but 1-2-3 and 4-5-6. It
// is Nim-regular (theory.FindNimBasis checks conditions (A), (B) and (C) of
// Definition 4.1), and the Nim-basis describes its zero positions on every
// position with piles up to 3, as the reference engine finds them. Its
// circuits (minimal non-faces, found here by brute force) include the
// disjoint 1-2-3 and 4-5-6, but their union, every vertex, is not in the
// basis: (1,1,1,1,1,1) is an N-position, while (1,1,1,0,0,0) and
// (0,0,0,1,1,1) are zero positions.
func TestQuestion95HasCounterexample(t *testing.T) {
	ctx := context.Background()
	var facets []string
	for f := range complex.KSubsets(6, 3) {
		if f != 0b000111 && f != 0b111000 {
			var vs []string
			for _, v := range f.Vertices() {
				vs = append(vs, fmt.Sprint(v+1))
			}
			facets = append(facets, strings.Join(vs, "-"))
		}
	}
	g, err := game.Parse("complex:" + strings.Join(facets, ","))
	if err != nil {
		t.Fatal(err)
	}
	basis, err := theory.FindNimBasis(ctx, g.Complex)
	if err != nil {
		t.Fatalf("no Nim-basis: %v", err)
	}
	inBasis := map[complex.Set]bool{}
	for _, b := range basis {
		inBasis[b] = true
	}
	ref, err := solve.Reference(ctx, g, table.Uniform(6, 3), solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	p := make(game.Position, 6)
	for idx := range ref.Box.Positions() {
		ref.Box.Position(idx, p)
		marked := true // every binary digit marks a set of the basis
		for digit := range 2 {
			var s complex.Set
			for i, x := range p {
				s |= complex.Set(x>>digit&1) << i
			}
			marked = marked && inBasis[s]
		}
		if marked != ref.IsP(p) {
			t.Fatalf("%v: the Nim-basis says zero = %v, the reference engine %v", p, marked, ref.IsP(p))
		}
	}
	isCircuit := func(s complex.Set) bool {
		if g.Complex.IsFace(s) {
			return false
		}
		for _, v := range s.Vertices() {
			if !g.Complex.IsFace(s &^ (1 << v)) {
				return false
			}
		}
		return true
	}
	if !isCircuit(0b000111) || !isCircuit(0b111000) || inBasis[0b111111] {
		t.Fatalf("circuits 1-2-3: %v, 4-5-6: %v; their union in the basis: %v", isCircuit(0b000111), isCircuit(0b111000), inBasis[0b111111])
	}
	if !ref.IsP(game.Position{1, 1, 1, 0, 0, 0}) || !ref.IsP(game.Position{0, 0, 0, 1, 1, 1}) || ref.IsP(game.Position{1, 1, 1, 1, 1, 1}) {
		t.Fatal("the reference engine disagrees on the indicator positions")
	}
}

// TestReportPutsLongExpressionsBelow: the report's table holds the short
// expressions and a label for each long one, so that its lines stay short;
// every long expression is written once below it, after its label, whole.
func TestReportPutsLongExpressionsBelow(t *testing.T) {
	regions := func(k int) string { // k parts of sym(...), 40 characters each
		return strings.TrimSuffix(strings.Repeat("sym(a == b && a == c && a < min(d, e)) || ", k), " || ")
	}
	long1, long2 := regions(3), regions(100)
	rows := []Row{
		{Game: "nim:3", Max: 6, Expr: "xor(a, b, c) == 0", Exact: true, VerifiedMax: 9},
		{Game: "cn:6,4", Max: 5, Expr: long1, Exact: true, VerifiedMax: 7},
		{Game: "cn:6,2", Max: 4, Expr: long2},
		{Game: "path:6,3", Max: 5, Expr: long1, Exact: true, VerifiedMax: 7},
		{Game: "cn:3,3", Max: 4, Expr: strings.Repeat("x", MaxCellExpr), Exact: true, VerifiedMax: 6},
		{Game: "cn:8,8", Max: 3, Expr: "not searched (--discover=false)"},
	}
	var buf bytes.Buffer
	if err := WriteReport(&buf, "test", Shard{0, 1}, rows); err != nil {
		t.Fatal(err)
	}
	report := buf.String()
	table, below, ok := strings.Cut(report, "\nexpressions longer than 40 characters:\n")
	if !ok {
		t.Fatalf("no expressions below the table:\n%s", report)
	}
	lines := strings.Split(strings.TrimSpace(table), "\n")[2:] // after the title and a blank line
	if len(lines) != 1+len(rows) {
		t.Fatalf("%d lines in the table, want a header and %d rows:\n%s", len(lines), len(rows), table)
	}
	const maxLine = 150
	label := regexp.MustCompile(`\[(\d+)\]`)
	labels := map[string]string{} // expression: label
	for i, r := range rows {
		line := lines[1+i]
		if len(line) > maxLine {
			t.Errorf("a line of %d characters: %q", len(line), line)
		}
		if !strings.HasPrefix(line, r.Game+" ") {
			t.Errorf("row %d is %q, want the row of %s", i, line, r.Game)
		}
		if len(r.Expr) <= MaxCellExpr {
			if !strings.Contains(line, "  "+r.Expr+"  ") || label.MatchString(line) {
				t.Errorf("the row of %s, %q, does not hold %q", r.Game, line, r.Expr)
			}
			continue
		}
		m := label.FindString(line)
		if m == "" || strings.Contains(line, r.Expr[:MaxCellExpr]) {
			t.Errorf("the row of %s, %q, holds no label, or the expression", r.Game, line)
		}
		if l, ok := labels[r.Expr]; ok && l != m {
			t.Errorf("one expression, two labels: %s, %s", l, m)
		}
		labels[r.Expr] = m
	}
	want := fmt.Sprintf("%s %s\n%s %s\n", labels[long1], long1, labels[long2], long2)
	if labels[long1] == labels[long2] || below != want {
		t.Errorf("below the table:\n%q\nwant\n%q", below, want)
	}
}

// TestReportColumnProved: the column proved is there when a row was proved
// (or refuted, or left unknown), with "-" for nothing to prove, and not
// there when no row was.
func TestReportColumnProved(t *testing.T) {
	rows := []Row{
		{Game: "cn:4,2", Expr: "a == c && b == d", Exact: true, VerifiedMax: 5, Proved: "proved"},
		{Game: "cn:4,1", Expr: "xor(a, b, c, d) == 0", Exact: true, VerifiedMax: 5, Proved: "unknown"},
		{Game: "cn:5,2", Expr: "a == b", VerifiedMax: 2},
	}
	for _, tt := range []struct {
		rows []Row
		want []string // the last cell of the header and of each row
	}{
		{rows, []string{"proved", "proved", "unknown", "-"}},
		{rows[2:], []string{"exact to", "-"}},
		// Exact on the box it was learned on, not beyond it.
		{append(rows[2:], Row{Game: "slow:5,4", Expr: "a == b", LearnedExact: true, LearnedMax: 6, VerifiedMax: 9}), []string{"exact to", "-", "6, not 9"}},
	} {
		var buf bytes.Buffer
		if err := WriteReport(&buf, "test", Shard{0, 1}, tt.rows); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(buf.String()), "\n")[2:]
		if len(lines) != len(tt.want) {
			t.Fatalf("%d lines:\n%s", len(lines), buf.String())
		}
		for i, l := range lines {
			if !strings.HasSuffix(l, "  "+tt.want[i]) {
				t.Errorf("line %q does not end in %q", l, tt.want[i])
			}
		}
	}
}

// TestJournalRecordsProve: a journal written with Options.Prove is not the
// journal of the same survey without it, nor with another timeout.
func TestJournalRecordsProve(t *testing.T) {
	dir := t.TempDir()
	journal, _, _ := Paths(dir, Shard{0, 1})
	head := journalHead{Family: "cn:3,2", Max: 2, Shard: "0/1", Prove: true, ProveTimeout: "10s"}
	line, _ := json.Marshal(head)
	if err := os.WriteFile(journal, append(line, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := readJournal(journal, head); err != nil {
		t.Errorf("the journal's own survey: %v", err)
	}
	for _, other := range []journalHead{
		{Family: "cn:3,2", Max: 2, Shard: "0/1"},
		{Family: "cn:3,2", Max: 2, Shard: "0/1", Prove: true, ProveTimeout: "5s"},
	} {
		if _, err := readJournal(journal, other); err == nil || !strings.Contains(err.Error(), "another survey") {
			t.Errorf("%+v read a journal of %s: %v", other, line, err)
		}
	}
	// Proving needs discover.
	if _, err := Run(context.Background(), "cn:3,2", Shard{0, 1}, t.TempDir(), Options{Max: 1, NoDiscover: true, Prove: &prove.Options{}}, nil); err == nil {
		t.Error("Run proved without discover")
	}
}
