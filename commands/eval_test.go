package commands

import (
	"archive/zip"
	"context"
	"errors"
	"io"
	"path/filepath"
	"testing"

	"github.com/nimlab/nimlab/table"
)

// TestEvalAgreesWithList: evaluating a true characterization at every
// position of solve's export accepts exactly the P-positions (the answers
// are the export's outcome column), and list --where lists those of a
// region the expression accepts.
func TestEvalAgreesWithList(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	positions, answers := filepath.Join(dir, "t.npz"), filepath.Join(dir, "m.npz")
	if _, err := Solve(ctx, Env{}, SolveRequest{Game: "cn:4,2", Source: Source{Max: 5}, Export: positions}); err != nil {
		t.Fatal(err)
	}
	r, err := Eval(ctx, EvalRequest{Game: "cn:4,2", Expr: "a == c && b == d", Positions: positions, Export: answers})
	if err != nil {
		t.Fatal(err)
	}
	if r.Rows != 6*6*6*6 || r.Accepted != 36 {
		t.Errorf("%d rows, %d accepted; want 1296 and the 36 P-positions", r.Rows, r.Accepted)
	}
	outcome := column(t, positions, "outcome")
	accepted := column(t, answers, "accepted")
	if len(accepted) != len(outcome) {
		t.Fatalf("%d answers for %d positions", len(accepted), len(outcome))
	}
	for i := range outcome {
		if accepted[i] != outcome[i] {
			t.Fatalf("row %d: accepted %d, outcome %d", i, accepted[i], outcome[i])
		}
	}
	l, err := List(ctx, Env{}, ListRequest{Game: "cn:4,2", Source: Source{Max: 5}, Where: "a == 0 && b == 1"})
	if err != nil {
		t.Fatal(err)
	}
	var listed int
	for p := range l.Positions() {
		if p[0] != 0 || p[1] != 1 {
			t.Errorf("%v listed, outside the region", p)
		}
		listed++
	}
	if listed != 1 {
		t.Errorf("%d P-positions with a = 0, b = 1 up to 5; want 1, (0,1,0,1)", listed)
	}
	for _, bad := range []EvalRequest{
		{Game: "cn:4,2", Expr: "a = c", Positions: positions},
		{Game: "cn:4,2", Expr: "a == c", Positions: filepath.Join(dir, "none.npz")},
		{Game: "cn:5,2", Expr: "a == c", Positions: positions}, // no p5
		{Game: "cn:4,2", Expr: "a == c"},
	} {
		var re *RequestError
		if _, err := Eval(ctx, bad); !errors.As(err, &re) {
			t.Errorf("%+v: %v, want a request error", bad, err)
		}
	}
}

// column reads one uint8 array of an .npz archive.
func column(t *testing.T, path, name string) []byte {
	t.Helper()
	z, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	defer z.Close()
	f, err := z.Open(name + ".npy")
	if err != nil {
		t.Fatal(err)
	}
	data, err := io.ReadAll(f)
	if err != nil {
		t.Fatal(err)
	}
	return data[len(table.NPYHeader("|u1", int64(len(data)))):]
}
