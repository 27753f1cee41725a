package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/nimlab/nimlab/commands"
	"github.com/nimlab/nimlab/repro"
	"github.com/nimlab/nimlab/table"
)

// run executes the command line in process and returns stdout and the error.
func run(t *testing.T, args ...string) (string, error) {
	t.Helper()
	root := newRoot()
	var out bytes.Buffer
	root.SetOut(&out)
	root.SetErr(&out)
	root.SetArgs(args)
	err := root.ExecuteContext(context.Background())
	return out.String(), err
}

func runJSON(t *testing.T, args ...string) map[string]any {
	t.Helper()
	out, err := run(t, args...)
	if err != nil {
		t.Fatalf("%v: %v", args, err)
	}
	var v map[string]any
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("%v: output is not one JSON object: %v\n%s", args, err, out)
	}
	return v
}

func TestSolveJSON(t *testing.T) {
	v := runJSON(t, "solve", "cn:6,3", "--max", "8", "--json")
	want := map[string]any{"game": "cn:6,3", "max": 8.0, "positions": 531441.0}
	for k, w := range want {
		if v[k] != w {
			t.Errorf("%s = %v, want %v", k, v[k], w)
		}
	}
	for _, k := range []string{"p_positions", "p_classes", "seconds"} {
		if _, ok := v[k].(float64); !ok {
			t.Errorf("%s missing or not a number: %v", k, v[k])
		}
	}
	// The reference engine must find the same counts.
	ref := runJSON(t, "solve", "cn:6,3", "--max", "3", "--json", "--reference", "--grundy")
	fast := runJSON(t, "solve", "cn:6,3", "--max", "3", "--json", "--grundy")
	for _, k := range []string{"p_positions", "p_classes", "max_grundy"} {
		if ref[k] != fast[k] {
			t.Errorf("%s: reference %v, fast %v", k, ref[k], fast[k])
		}
	}
}

func TestOutcomeJSON(t *testing.T) {
	v := runJSON(t, "outcome", "cn:6,3", "1,2,3,4,5,6", "--json")
	if v["outcome"] != "N" {
		t.Errorf("outcome %v, want N", v["outcome"])
	}
	moves, ok := v["winning_moves"].([]any)
	if !ok || len(moves) == 0 {
		t.Fatalf("winning_moves = %v", v["winning_moves"])
	}
	// Every winning move lands on a P-position.
	for _, m := range moves {
		var parts []string
		for _, x := range m.([]any) {
			b, _ := json.Marshal(x)
			parts = append(parts, string(b))
		}
		w := runJSON(t, "outcome", "cn:6,3", strings.Join(parts, ","), "--json")
		if w["outcome"] != "P" || w["grundy"] != 0.0 {
			t.Errorf("winning move %v has outcome %v", parts, w["outcome"])
		}
	}
	if v := runJSON(t, "outcome", "nim:3/misere", "1,1,1", "--json"); v["outcome"] != "P" {
		t.Errorf("misère Nim (1,1,1): %v, want P", v["outcome"])
	}
}

func TestListFormats(t *testing.T) {
	out, err := run(t, "list", "nim:2", "--max", "2")
	if err != nil {
		t.Fatal(err)
	}
	if out != "p1,p2\n0,0\n1,1\n2,2\n" {
		t.Errorf("csv:\n%s", out)
	}
	v := runJSON(t, "list", "cn:4,2", "--max", "3", "--classes", "--format", "json")
	if v["count"] != 10.0 {
		t.Errorf("CN(4,2) classes up to 3: %v, want 10", v["count"])
	}
}

func TestSolveOut(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.tbl")
	if _, err := run(t, "solve", "path:4,2", "--max", "5", "--out", path); err != nil {
		t.Fatal(err)
	}
	tab, err := table.Load(context.Background(), path, 0)
	if err != nil {
		t.Fatal(err)
	}
	if tab.Spec != "path:4,2" || tab.Box.Positions() != 1296 {
		t.Errorf("saved table %s with %d positions", tab.Spec, tab.Box.Positions())
	}
}

// TestStreamedTable solves outcomes into a file as they are computed, with
// and without keeping the table, and reads single positions of the file
// back (random access) as outcome would solve them.
func TestStreamedTable(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "cn63.tbl")
	solved := runJSON(t, "solve", "cn:6,3", "--max", "7", "--json")
	for _, keep := range []int64{keepStreamed, 0} {
		old := keepStreamed
		keepStreamed = keep
		streamed := runJSON(t, "solve", "cn:6,3", "--max", "7", "--json", "--out", path)
		keepStreamed = old
		if streamed["streamed"] != true || streamed["p_positions"] != solved["p_positions"] {
			t.Fatalf("keep %d: streamed %v with %v P-positions; solved %v", keep, streamed["streamed"], streamed["p_positions"], solved["p_positions"])
		}
		wantClasses := solved["p_classes"]
		if keep == 0 {
			wantClasses = -1.0
		}
		if streamed["p_classes"] != wantClasses {
			t.Errorf("keep %d: %v P classes, want %v (%v)", keep, streamed["p_classes"], wantClasses, streamed["symmetries_note"])
		}
	}
	read := runJSON(t, "solve", "cn:6,3", "--table", path, "--json")
	if read["p_classes"] != solved["p_classes"] || read["p_positions"] != solved["p_positions"] {
		t.Errorf("the streamed table read back: %v P-positions in %v classes; solved %v in %v", read["p_positions"], read["p_classes"], solved["p_positions"], solved["p_classes"])
	}
	for _, p := range []string{"0,0,0,0,0,0", "7,7,7,7,7,7", "7,7,7,7,7,6", "3,1,4,1,5,7", "1,2,3,1,2,3"} {
		want := runJSON(t, "outcome", "cn:6,3", p, "--json")
		got := runJSON(t, "outcome", "cn:6,3", p, "--json", "--table", path)
		for _, k := range []string{"outcome", "winning_moves"} {
			if fmt.Sprint(want[k]) != fmt.Sprint(got[k]) {
				t.Errorf("%s %s: %v from the file, %v solved", p, k, got[k], want[k])
			}
		}
	}
	// Streaming applies to outcomes of take games only.
	grundy := runJSON(t, "solve", "cn:6,3", "--max", "4", "--grundy", "--json", "--out", path)
	if grundy["streamed"] != false {
		t.Errorf("a Grundy table was streamed")
	}
}

func TestDiscover(t *testing.T) {
	v := runJSON(t, "discover", "cn:4,2", "--max", "5", "--json")
	if v["exact"] != true || v["expr"] != "a == c && b == d" || v["verified_max"] != 7.0 {
		t.Errorf("discover cn:4,2: %v", v)
	}
	out, err := run(t, "discover", "cn:4,2", "--max", "5")
	if err != nil || !strings.Contains(out, "exact up to 7") || !strings.Contains(out, "nimlab check cn:4,2 --max 7 --expr") {
		t.Errorf("discover cn:4,2: %v\n%s", err, out)
	}
	if _, err := run(t, "discover", "cn:4,2"); err == nil || !strings.Contains(err.Error(), "--max is required") {
		t.Errorf("no --max: %v", err)
	}
	if v["learned_exact"] != true {
		t.Errorf("discover cn:4,2: learned_exact %v, want true", v["learned_exact"])
	}
	// NIM(4,3)'s band learned on piles 0..3 misses (5,5,5,5): exact where
	// it was learned, not beyond; the JSON and the text say so, and the exit
	// status is 1.
	out, err = run(t, "discover", "slow:4,3", "--max", "3", "--json")
	var beyond map[string]any
	if jerr := json.NewDecoder(strings.NewReader(out)).Decode(&beyond); err == nil || jerr != nil ||
		beyond["exact"] != false || beyond["learned_exact"] != true || beyond["verified_max"] != 5.0 {
		t.Errorf("discover slow:4,3 --max 3 --json: %v, %v\n%s", err, jerr, out)
	}
	out, err = run(t, "discover", "slow:4,3", "--max", "3")
	for _, want := range []string{
		"beyond        exact on piles up to 3, not on piles up to 5: the smallest position where it fails is (5,5,5,5), a P-position it does not accept",
		"try next      nimlab discover slow:4,3 --max 5\n",
	} {
		if err == nil || !strings.Contains(out, want) {
			t.Errorf("discover slow:4,3 --max 3: %v, no %q in\n%s", err, want, out)
		}
	}
	if err == nil || !strings.Contains(err.Error(), "exact on every pile 0..3 and not beyond") {
		t.Errorf("discover slow:4,3 --max 3: %v", err)
	}
}

func TestErrorsAreOneLine(t *testing.T) {
	tests := [][]string{
		{"solve", "cn:6"},
		{"solve", "cn:6,3"},
		{"solve", "cn:6,3", "--max", "-3"},
		{"outcome", "cn:6,3", "1,2,3"},
		{"outcome", "cn:6,3", "1,2,3,4,5,-6"},
		{"outcome", "cn:6,2", "100000,1,1,1,1,1"},
		{"list", "nim:2", "--max", "2", "--format", "xml"},
		{"solve", "cn:20,3", "--max", "30"},
		{"bench", "nosuch:1", "--max", "1"},
	}
	for _, args := range tests {
		_, err := run(t, args...)
		if err == nil {
			t.Errorf("%v succeeded", args)
			continue
		}
		if strings.Contains(err.Error(), "\n") || err.Error() == "" {
			t.Errorf("%v: error is not one line: %q", args, err)
		}
	}
}

func TestMemoryRefusal(t *testing.T) {
	// 2^40 positions is beyond any machine this runs on.
	_, err := run(t, "solve", "cn:8,6", "--max", "31")
	if err == nil || !strings.Contains(err.Error(), "--force") {
		t.Errorf("expected a refusal mentioning --force, got %v", err)
	}
}

func TestGamesLists(t *testing.T) {
	out, err := run(t, "games")
	if err != nil || !strings.Contains(out, "cn:N,K") || !strings.Contains(out, "/misere") {
		t.Errorf("games: %v\n%s", err, out)
	}
}

func TestOutcomeByTheoremOnHugePiles(t *testing.T) {
	v := runJSON(t, "outcome", "cn:6,3", "1000000000000000,3,5,8,13,21", "--json")
	th, _ := v["theorem"].(map[string]any)
	if v["outcome"] != "N" || th["name"] != "cn63" {
		t.Fatalf("outcome %v by %v", v["outcome"], v["theorem"])
	}
	if _, ok := v["grundy"]; ok {
		t.Error("a Grundy value was reported without a table")
	}
	moves := v["winning_moves"].([]any)
	if len(moves) != 1 {
		t.Fatalf("winning moves %v", moves)
	}
	var parts []string
	for _, x := range moves[0].([]any) {
		b, _ := json.Marshal(x)
		parts = append(parts, string(b))
	}
	if w := runJSON(t, "outcome", "cn:6,3", strings.Join(parts, ","), "--json"); w["outcome"] != "P" {
		t.Errorf("the theorem's move %v leads to %v", parts, w["outcome"])
	}
}

func TestComplexJSON(t *testing.T) {
	v := runJSON(t, "complex", "complex:1-2-3,2-3-4,3-4-5,1-5", "--json")
	got, _ := json.Marshal(v["circuits"])
	if string(got) != "[[1,4],[2,5],[1,3,5]]" || v["pointed"] != true {
		t.Errorf("circuits %s, pointed %v; Ehrenborg–Steingrímsson 1996, Example 3.3 has 1-4, 2-5, 1-3-5, pointed", got, v["pointed"])
	}
	facets, _ := json.Marshal(v["facets"])
	if string(facets) != "[[1,2,3],[2,3,4],[3,4,5],[1,5]]" {
		t.Errorf("facets %s", facets)
	}
}

func TestTheoremsCommand(t *testing.T) {
	v := runJSON(t, "theorems", "cn:5,1", "--json")
	list := v["theorems"].([]any)
	if len(list) != 1 || list[0].(map[string]any)["name"] != "nim" {
		t.Errorf("theorems for cn:5,1: %v", list)
	}
	out, err := run(t, "theorems", "cn:6,2")
	if err != nil || !strings.Contains(out, "no theorem") {
		t.Errorf("theorems cn:6,2: %v %q", err, out)
	}
}

func TestCheckCommand(t *testing.T) {
	v := runJSON(t, "check", "cn:6,3", "--max", "6", "--theorem", "cn63", "--json")
	if v["agrees"] != true || v["violations_1"] != 0.0 || v["violations_2"] != 0.0 || v["positions"] != 117649.0 {
		t.Errorf("theorem cn63: %v", v)
	}
	out, err := run(t, "check", "cn:6,3", "--max", "4", "--expr", "a+b == d+e", "--json")
	if commands.ExitCode(err) != 1 {
		t.Fatalf("a wrong guess: exit %d (%v)", commands.ExitCode(err), err)
	}
	var r map[string]any
	if json.Unmarshal([]byte(out), &r) != nil || r["accepted_not_p"].(float64) == 0 || r["violations_1"].(float64) == 0 {
		t.Errorf("a wrong guess: %s", out)
	}
	for _, args := range [][]string{
		{"check", "cn:6,3", "--max", "3"},
		{"check", "cn:6,3", "--max", "3", "--expr", "a", "--theorem", "cn63"},
		{"check", "cn:5,2", "--max", "3", "--theorem", "cn63"},
		{"check", "cn:5,2", "--max", "3", "--expr", "q == 1"},
	} {
		if _, err := run(t, args...); err == nil {
			t.Errorf("%v succeeded", args)
		}
	}
}

func TestComplexNimBasis(t *testing.T) {
	v := runJSON(t, "complex", "complex:1-2,1-3,1-4,2-3-4", "--json")
	got, _ := json.Marshal(v["nim_basis"])
	if string(got) != "[[],[1,2,3],[1,2,4],[1,3,4]]" {
		t.Errorf("nim_basis %s; Ehrenborg–Steingrímsson 1996, Example 4.6 has {}, 123, 124, 134", got)
	}
	if _, err := run(t, "complex", "complex:1-2,1-3,1-4,2-3-4", "--basis", "1-2-3,1-2-4,1-3-4"); err == nil {
		t.Error("a family without the empty set passed as a Nim-basis")
	}
	if _, err := run(t, "complex", "complex:1-2,1-3,1-4,2-3-4", "--basis", "{},1-2-3,1-2-4,1-3-4"); err != nil {
		t.Errorf("the basis of Example 4.6 was refused: %v", err)
	}
	if _, err := run(t, "complex", "nim:3", "--basis", "1-9"); err == nil {
		t.Error("a vertex out of range was accepted")
	}
}

func TestReproJSON(t *testing.T) {
	v := runJSON(t, "repro", "--only", "dufour-heubach-vo-2021/cn95", "--json")
	claims, _ := v["claims"].([]any)
	if len(claims) != 1 || v["agree"] != 1.0 {
		t.Fatalf("repro --only dufour-heubach-vo-2021/cn95: %v", v)
	}
	c := claims[0].(map[string]any)
	if !strings.HasPrefix(c["computed"].(string), "N") {
		t.Errorf("(2,...,2) in CN(9,5): %v", c["computed"])
	}
	if c["source"] != "Dufour–Heubach–Vo 2021, end of Section 3" {
		t.Errorf("source %q", c["source"])
	}
	refs, _ := c["references"].([]any)
	if len(refs) != 1 {
		t.Fatalf("references %v", c["references"])
	}
	if r := refs[0].(map[string]any); r["key"] != "dufour-heubach-vo-2021" || r["arxiv"] != "2103.09920" || r["where"] != "end of Section 3" {
		t.Errorf("reference %v", r)
	}
}

// TestReproList lists the claims without checking them: all of them, each
// with its statement and source, and none computed.
func TestReproList(t *testing.T) {
	v := runJSON(t, "repro", "--list", "--json")
	claims, _ := v["claims"].([]any)
	if len(claims) != len(repro.Claims()) {
		t.Fatalf("repro --list lists %d claims of %d", len(claims), len(repro.Claims()))
	}
	for i, c := range claims {
		c := c.(map[string]any)
		if c["id"] != repro.Claims()[i].ID || c["claim"] == "" || c["source"] == "" || c["computed"] != nil {
			t.Errorf("claim %d: %v", i, c)
		}
	}
	only := oneClaim(t)
	out, err := run(t, "repro", "--list", "--only", only)
	if err != nil || !strings.HasPrefix(out, only+"\n          claim:    ") || !strings.HasSuffix(out, "\n1 claims\n") {
		t.Errorf("repro --list --only %s: %v\n%s", only, err, out)
	}
	if _, err := run(t, "repro", "--list", "--only", "no such claim"); err == nil {
		t.Error("repro --list of no claim passed")
	}
}

func TestOutcomeHugeCN86AndJoin(t *testing.T) {
	v := runJSON(t, "outcome", "cn:8,6", "1000000000000000,3,999999999999999,5,7,9,11,13", "--json")
	if th, _ := v["theorem"].(map[string]any); v["outcome"] != "N" || th["name"] != "cn86" {
		t.Errorf("cn:8,6 huge: %v", v)
	}
	v = runJSON(t, "outcome", "join(cn:5,2; nim:2)", "3,1,2,2,1,7,7", "--json")
	if th, _ := v["theorem"].(map[string]any); v["outcome"] != "P" || th["name"] != "join" {
		t.Errorf("join: %v", v)
	}
}

func TestComplexBasisBeyondSearchLimit(t *testing.T) {
	out, err := run(t, "complex", "cn:13,3")
	if err != nil || !strings.Contains(out, "Nim-basis: not searched") {
		t.Errorf("cn:13,3: %v\n%s", err, out)
	}
	if _, err := run(t, "complex", "cn:13,3", "--basis", "{}"); err == nil || !strings.Contains(err.Error(), "limited to") {
		t.Errorf("--basis on 13 piles: %v", err)
	}
}

// TestOutcomeAtTheTop runs the examples at piles of 2^63-1: a legal
// move by theorem, or a one-line error where the theorem cannot represent the
// position; never a negative pile.
func TestOutcomeAtTheTop(t *testing.T) {
	const m = "9223372036854775807"
	v := runJSON(t, "outcome", "cn:5,2", m+","+m+","+m+","+m+",0", "--json")
	moves, _ := v["winning_moves"].([]any)
	if v["outcome"] != "N" || len(moves) != 1 {
		t.Fatalf("cn:5,2 at the top: %v", v)
	}
	for _, pile := range moves[0].([]any) {
		if pile.(float64) < 0 {
			t.Errorf("negative pile in the winning move %v", moves[0])
		}
	}
	_, err := run(t, "outcome", "bx(cn:5,2;2)", m+","+m+",1,1,1,"+m)
	if err == nil || !strings.Contains(err.Error(), "cannot decide") || strings.Contains(err.Error(), "\n") {
		t.Errorf("bx at the top: %v; want a one-line error", err)
	}
	if _, err := run(t, "outcome", "nim:2", "9223372036854775808,1"); err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Errorf("a pile of 2^63: %v", err)
	}
}

// TestTableFlag saves tables and reads them back with --table in every
// command that needs a table, and checks that the answers are the solved
// ones, and that tables of another game, too small a box, missing contents
// and damaged files are refused with a message that says so.
func TestTableFlag(t *testing.T) {
	dir := t.TempDir()
	cn63 := filepath.Join(dir, "cn63.tbl")
	if _, err := run(t, "solve", "cn:6,3", "--max", "6", "--grundy", "--remoteness", "--out", cn63); err != nil {
		t.Fatal(err)
	}
	slow := filepath.Join(dir, "slow43.tbl")
	if _, err := run(t, "solve", "slow:4,3", "--max", "8", "--grundy", "--remoteness", "--out", slow); err != nil {
		t.Fatal(err)
	}
	same := func(args ...string) {
		t.Helper()
		solved := runJSON(t, append(args, "--json")...)
		read := runJSON(t, append(args, "--json", "--table", map[bool]string{true: slow, false: cn63}[strings.HasPrefix(args[1], "slow")])...)
		for _, k := range []string{"seconds", "seconds_total", "engine", "workers", "positions_per_second", "table"} {
			delete(solved, k)
			delete(read, k)
		}
		if a, b := fmt.Sprint(solved), fmt.Sprint(read); a != b {
			t.Errorf("%v: solved %s\n  read %s", args, a, b)
		}
	}
	same("outcome", "cn:6,3", "1,2,3,4,5,6")
	same("solve", "cn:6,3", "--max", "6", "--grundy", "--remoteness")
	same("list", "cn:6,3", "--max", "6", "--classes")
	same("check", "cn:6,3", "--max", "6", "--theorem", "cn63")
	same("critical", "slow:4,3", "--max", "8")
	same("check", "slow:4,3", "--max", "8", "--strategy", "mrule")
	same("outcome", "slow:4,3", "3,8,1,5")

	if _, err := run(t, "solve", "nim:3", "--max", "3", "--out", filepath.Join(dir, "nim3.tbl")); err != nil {
		t.Fatal(err)
	}
	damaged := filepath.Join(dir, "damaged.tbl")
	data, _ := os.ReadFile(cn63)
	data[len(data)/2] ^= 1
	os.WriteFile(damaged, data, 0o644)
	for _, tt := range []struct {
		args    []string
		mention string
	}{
		{[]string{"outcome", "cn:6,2", "1,1,1,1,1,1", "--table", cn63}, "not of cn:6,2"},
		{[]string{"list", "nim:6", "--table", cn63}, "not of nim:6"},
		{[]string{"outcome", "cn:6,3", "1,2,3,4,5,9", "--table", cn63}, "outside the table's box"},
		{[]string{"list", "cn:6,3", "--max", "5", "--table", cn63}, "leave --max out"},
		{[]string{"critical", "nim:3", "--table", filepath.Join(dir, "nim3.tbl")}, "no remoteness"},
		{[]string{"solve", "cn:6,3", "--table", damaged}, "corrupt"},
		{[]string{"outcome", "cn:6,3", "6,6,6,6,6,6", "--table", damaged}, "corrupt"},
		{[]string{"solve", "cn:6,3", "--table", filepath.Join(dir, "none.tbl")}, "no such file"},
	} {
		_, err := run(t, tt.args...)
		if err == nil || !strings.Contains(err.Error(), tt.mention) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%v: %v; want one line mentioning %q", tt.args, err, tt.mention)
		}
	}
}

func TestDraw(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"draw", "cn:8,3", "3,1,4,1,5,9,2,6", "--move", "3,1,4,1,0,0,0,6", "--out", filepath.Join(dir, "move.svg")},
		{"draw", "path:5,2", "1,2,3,4,5", "--out", filepath.Join(dir, "path.png")},
		{"draw", "graph:1-2,2-3,1-3,3-4", "--complex", "--out", filepath.Join(dir, "graph.svg")},
	} {
		if _, err := run(t, args...); err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		if info, err := os.Stat(args[len(args)-1]); err != nil || info.Size() < 1000 {
			t.Errorf("%v: wrote %v, %v", args, info, err)
		}
	}
	// TikZ: a standalone document in a .tex file, a bare picture on stdout.
	tex := filepath.Join(dir, "move.tex")
	if _, err := run(t, "draw", "cn:8,3", "3,1,4,1,5,9,2,6", "--move", "3,1,4,1,0,0,0,6", "--out", tex); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(tex); err != nil || !strings.Contains(string(b), "\\documentclass{standalone}") || !strings.Contains(string(b), "{5\\ensuremath{\\rightarrow}0}") {
		t.Errorf("draw --out move.tex: %v\n%.300s", err, b)
	}
	bare, err := run(t, "draw", "cn:4,2", "1,2,3,4", "--format", "tikz", "--bare")
	if err != nil || !strings.HasPrefix(bare, "% needs \\usepackage{tikz}\n\\begin{tikzpicture}") || strings.Contains(bare, "documentclass") {
		t.Errorf("--format tikz --bare: %v\n%.200s", err, bare)
	}
	svg, err := run(t, "draw", "cn:4,2", "1,2,3,4", "--out", "-")
	if err != nil || !strings.HasPrefix(svg, "<?xml") || !strings.Contains(svg, "CN(4,2)") {
		t.Errorf("--out -: %v\n%.200s", err, svg)
	}
	for _, tt := range []struct {
		args    []string
		mention string
	}{
		{[]string{"draw", "cn:5,2", "1,2,3,4,5", "--move", "0,2,0,4,5", "--out", "-"}, "not a move"},
		{[]string{"draw", "cn:5,2", "1,2,3,4,5", "--out", filepath.Join(dir, "x.pdf")}, ".svg, .png or .tex"},
		{[]string{"draw", "cn:5,2", "1,2,3,4,5"}, "--out"},
		{[]string{"draw", "cn:5,2", "1,2,3,4,5", "--out", filepath.Join(dir, "x.svg"), "--format", "tikz"}, "--format tikz, but"},
		{[]string{"draw", "cn:5,2", "1,2,3,4,5", "--out", "-", "--bare"}, "--bare writes a bare tikzpicture"},
		{[]string{"draw", "cn:5,2", "1,2,3,4,5", "--format", "pdf"}, "--format must be svg, png or tikz"},
		{[]string{"plot", "cn:5,2", "--max", "2", "--out", filepath.Join(dir, "x.tex")}, "plot writes .svg or .png"},
		{[]string{"draw", "cn:5,2", "--out", "-"}, "POSITION"},
		{[]string{"draw", "cn:5,2", "1,2,3,4,5", "--complex", "--out", "-"}, "no POSITION"},
	} {
		_, err := run(t, tt.args...)
		if err == nil || !strings.Contains(err.Error(), tt.mention) {
			t.Errorf("%v: %v; want an error mentioning %q", tt.args, err, tt.mention)
		}
	}
}

func TestPlot(t *testing.T) {
	dir := t.TempDir()
	tbl := filepath.Join(dir, "nim3.tbl")
	if _, err := run(t, "solve", "nim:3", "--max", "15", "--grundy", "--out", tbl); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"plot", "cn:6,3", "--max", "8", "--axes", "1,2", "--fix", "4=5,5=3", "--out", filepath.Join(dir, "a.svg")},
		{"plot", "nim:3", "--table", tbl, "--axes", "1,2", "--fix", "3=7", "--value", "grundy", "--out", filepath.Join(dir, "b.png")},
		{"plot", "slow:3,2", "--max", "12", "--axes", "2,3", "--value", "remoteness", "--out", filepath.Join(dir, "c.svg")},
	} {
		if _, err := run(t, args...); err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		if info, err := os.Stat(args[len(args)-1]); err != nil || info.Size() < 1000 {
			t.Errorf("%v: wrote %v, %v", args, info, err)
		}
	}
	for _, tt := range []struct {
		args    []string
		mention string
	}{
		{[]string{"plot", "nim:3", "--max", "3", "--axes", "1,1", "--out", filepath.Join(dir, "x.svg")}, "two different piles"},
		{[]string{"plot", "nim:3", "--max", "3", "--axes", "1,2", "--fix", "2=1", "--out", filepath.Join(dir, "x.svg")}, "on an axis"},
		{[]string{"plot", "nim:3", "--max", "3", "--fix", "3=9", "--out", filepath.Join(dir, "x.svg")}, "the table holds piles 0..3"},
		{[]string{"plot", "nim:3", "--max", "3", "--value", "colour", "--out", filepath.Join(dir, "x.svg")}, "--value"},
		{[]string{"plot", "nim:3", "--table", tbl, "--value", "remoteness", "--out", filepath.Join(dir, "x.svg")}, "no remoteness"},
		{[]string{"plot", "nim:3", "--max", "3"}, "--out"},
	} {
		_, err := run(t, tt.args...)
		if err == nil || !strings.Contains(err.Error(), tt.mention) {
			t.Errorf("%v: %v; want an error mentioning %q", tt.args, err, tt.mention)
		}
	}
}

// TestParquetFiles writes the P-positions with list and every position with
// solve --export, and reads them back with Apache Arrow's Parquet reader.
func TestParquetFiles(t *testing.T) {
	dir := t.TempDir()
	ppath, all := filepath.Join(dir, "p.parquet"), filepath.Join(dir, "all.parquet")
	if _, err := run(t, "list", "cn:5,2", "--max", "6", "--format", "parquet", "--out", ppath); err != nil {
		t.Fatal(err)
	}
	if _, err := run(t, "solve", "slow:3,2", "--max", "5", "--grundy", "--remoteness", "--export", all); err != nil {
		t.Fatal(err)
	}
	csv, _ := run(t, "list", "cn:5,2", "--max", "6")
	for _, tt := range []struct {
		path    string
		columns string
		rows    int64
	}{
		{ppath, "[p1 p2 p3 p4 p5]", int64(strings.Count(csv, "\n") - 1)},
		{all, "[p1 p2 p3 outcome grundy remoteness]", 216},
	} {
		data, err := os.ReadFile(tt.path)
		if err != nil {
			t.Fatal(err)
		}
		tbl, err := pqarrow.ReadTable(context.Background(), bytes.NewReader(data), parquet.NewReaderProperties(memory.DefaultAllocator),
			pqarrow.ArrowReadProperties{}, memory.DefaultAllocator)
		if err != nil {
			t.Fatalf("%s: Arrow cannot read it: %v", tt.path, err)
		}
		var names []string
		for _, f := range tbl.Schema().Fields() {
			names = append(names, f.Name)
		}
		if fmt.Sprint(names) != tt.columns || tbl.NumRows() != tt.rows {
			t.Errorf("%s: columns %v and %d rows, want %s and %d", tt.path, names, tbl.NumRows(), tt.columns, tt.rows)
		}
		tbl.Release()
	}
	if _, err := run(t, "list", "nim:2", "--max", "2", "--format", "parquet"); err == nil || !strings.Contains(err.Error(), "--out") {
		t.Errorf("--format parquet without --out: %v", err)
	}
}

// TestHelpIsACommand: "nimlab help", which every unknown command's error
// points to, lists the commands (it was refused as unknown).
func TestHelpIsACommand(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"help", "solve"}} {
		var stdout, stderr bytes.Buffer
		if code := runCLI(context.Background(), args, strings.NewReader(""), &stdout, &stderr); code != 0 || !strings.Contains(stdout.String(), "Usage:") {
			t.Errorf("nimlab %v: status %d, stdout %.100q, stderr %q", args, code, stdout.String(), stderr.String())
		}
	}
}
