package atlas

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/prove"
	"github.com/nimlab/nimlab/prove/proof"
)

// TestLearnHeights: discover starts on a box of at most 200,000 positions
// and goes up to LearnFloor, never above the survey's height. PathNim on 8
// piles, which discover describes only from piles 0..5 on, is no longer
// learned on 0..3 alone (issue 31).
func TestLearnHeights(t *testing.T) {
	for _, tt := range []struct {
		n, h int
		want []int
	}{
		{3, 6, []int{6}},          // 7^3 positions: the whole box
		{6, 6, []int{6}},          // 7^6 = 117,649
		{7, 6, []int{4, 5}},       // 6^7 = 279,936 > 200,000
		{8, 6, []int{3, 4, 5}},    // the survey's 8 piles at --max 6
		{9, 5, []int{2, 3, 4, 5}}, // 9 piles: the survey's box is lowered to 5
		{10, 4, []int{2, 3, 4}},   // never above the survey's height
		{8, 2, []int{2}},
		{4, 0, []int{0}},
	} {
		if got := LearnHeights(tt.n, tt.h); !slices.Equal(got, tt.want) {
			t.Errorf("LearnHeights(%d, %d) = %v, want %v", tt.n, tt.h, got, tt.want)
		}
	}
}

// TestLearnGoesUp: discover describes PathNim P(6,3) exactly from piles
// 0..3 on, not from 0..1 or 0..2; learn goes up the heights until it is,
// and stops at the first that describes the game (CN(6,3) is described on
// 0..1). A description exact on its learning box and not beyond is learned
// once more on the box of the smallest position where it fails.
func TestLearnGoesUp(t *testing.T) {
	ctx := context.Background()
	for _, tt := range []struct {
		spec    string
		heights []int
		learned int
		exact   bool
	}{
		{"path:6,3", []int{1, 2, 3}, 3, true},
		// Exact on 0..2 and failing beyond, at a pile of 3: learned again.
		{"path:6,3", []int{1, 2}, 3, true},
		{"cn:6,3", []int{1, 2, 3}, 1, true},
		// Exact on piles 0..3, failing at (5,5,5,5): learned again on 0..5.
		{"slow:4,3", []int{3}, 5, true},
		// Exact on 0..2, failing at (3,2,2,2): learned again on 0..3 only
		// (once), where it is exact and fails at (5,5,5,5).
		{"slow:4,3", []int{2}, 3, false},
		// Exact on 0..3, failing at (5,0,0,1,0); not exact on 0..5: the
		// description of 0..3 is kept.
		{"path:5,2", []int{3}, 3, false},
	} {
		g, err := game.Parse(tt.spec)
		if err != nil {
			t.Fatal(err)
		}
		d, err := learn(ctx, g, tt.heights, Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		if d.Max != tt.learned || d.Exact != tt.exact {
			t.Errorf("%s on %v: learned on %d (exact %v), want %d (exact %v)", tt.spec, tt.heights, d.Max, d.Exact, tt.learned, tt.exact)
		}
	}
}

// TestProofDetailRoundTrip: a row's proof detail, files included, is read
// back from its Parquet part as it was written.
func TestProofDetailRoundTrip(t *testing.T) {
	var r Row
	r.Game, r.LearnedExact = "cn:4,2", true
	r.setProof(&prove.Result{Result: prove.Proved, Proof: proof.Presburger, Routes: []string{"linear"}, Seconds: 0.5,
		Conditions: []prove.Condition{{Name: proof.I, Result: "unsat", Seconds: 0.25, File: "/tmp/smt/cn_4_2-I.smt2"}, {Name: proof.II, Result: "unsat", Seconds: 0.125}},
		Engine:     &prove.EngineCheck{Max: 9}})
	want := ProofDetail{Kind: "presburger", Routes: "linear", Conditions: "I unsat 0.25 s; II unsat 0.12 s", Files: "cn_4_2-I.smt2", Seconds: 0.5}
	if r.Proved != prove.Proved.String() || r.ProvedEngineMax != 9 || r.Proof.Files != want.Files || r.Proof.Conditions != want.Conditions {
		t.Fatalf("setProof: %+v", r)
	}
	r.Regions = []string{"a == 0: b == c && d == 0", "b == 0: a == c"}
	var buf bytes.Buffer
	if err := WriteParquet(&buf, []Row{r}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "part.parquet")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	rows, err := readParquet(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1 || rows[0].Proof.Conditions != want.Conditions || !reflect.DeepEqual(rows[0], r) {
		t.Errorf("read back %+v", rows)
	}
}

// TestCollect: the journals of two shards read as the whole survey; a
// journal of another survey in the same directory is refused.
func TestCollect(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	opts := Options{Max: 2, NoDiscover: true, Workers: 1}
	if _, err := Collect(dir); err == nil {
		t.Error("Collect read a directory without journals")
	}
	for i := range 2 {
		if _, err := Run(ctx, "cn:3..4", Shard{i, 2}, dir, opts, nil); err != nil {
			t.Fatal(err)
		}
	}
	c, err := Collect(dir)
	if err != nil {
		t.Fatal(err)
	}
	if c.Family != "cn:3..4" || c.Max != 2 || c.Shards != 2 || len(c.Rows) != 7 {
		t.Fatalf("collected %+v", c)
	}
	for i, r := range c.Rows {
		if r.Index != i {
			t.Errorf("row %d has index %d", i, r.Index)
		}
	}
	if _, err := Run(ctx, "cn:3..4", Shard{0, 3}, dir, opts, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := Collect(dir); err == nil || !strings.Contains(err.Error(), "different surveys") {
		t.Errorf("a survey split in two ways: %v", err)
	}
}
