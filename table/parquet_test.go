package table

import (
	"bytes"
	"context"
	"fmt"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/nimlab/nimlab/game"
)

// readWithArrow reads a Parquet file with Apache Arrow's reader — another
// implementation than the writer's, the one pyarrow (and so pandas) shares
// its format code with — and returns the column names and every value as
// text, row by row.
func readWithArrow(t *testing.T, data []byte) ([]string, [][]string) {
	t.Helper()
	tbl, err := pqarrow.ReadTable(context.Background(), bytes.NewReader(data), parquet.NewReaderProperties(memory.DefaultAllocator),
		pqarrow.ArrowReadProperties{}, memory.DefaultAllocator)
	if err != nil {
		t.Fatalf("Arrow cannot read the file: %v", err)
	}
	defer tbl.Release()
	var names []string
	rows := make([][]string, tbl.NumRows())
	for c := range int(tbl.NumCols()) {
		col := tbl.Column(c)
		names = append(names, col.Name())
		r := 0
		for _, chunk := range col.Data().Chunks() {
			for i := range chunk.Len() {
				var v string
				switch a := chunk.(type) {
				case *array.Int64:
					v = fmt.Sprint(a.Value(i))
				case *array.Int32:
					v = fmt.Sprint(a.Value(i))
				case *array.String:
					v = a.Value(i)
				default:
					t.Fatalf("column %s has the Arrow type %v", col.Name(), chunk.DataType())
				}
				rows[r] = append(rows[r], v)
				r++
			}
		}
		if col.DataType().ID() == arrow.STRING && col.Name() != "outcome" {
			t.Errorf("column %s is a string", col.Name())
		}
	}
	return names, rows
}

func TestExportParquetReadsInArrow(t *testing.T) {
	tab := nimTable(3)
	var buf bytes.Buffer
	if err := tab.ExportParquet(context.Background(), &buf); err != nil {
		t.Fatal(err)
	}
	names, rows := readWithArrow(t, buf.Bytes())
	if fmt.Sprint(names) != "[p1 p2 p3 outcome grundy]" {
		t.Errorf("columns %v", names)
	}
	if int64(len(rows)) != tab.Box.Positions() {
		t.Fatalf("%d rows, want %d", len(rows), tab.Box.Positions())
	}
	p := make(game.Position, 3)
	for idx, row := range rows {
		tab.Box.Position(int64(idx), p)
		outcome := "N"
		if tab.IsP(p) {
			outcome = "P"
		}
		want := fmt.Sprintf("[%d %d %d %s %d]", p[0], p[1], p[2], outcome, tab.GrundyOf(p))
		if fmt.Sprint(row) != want {
			t.Fatalf("row %d: %v, want %s", idx, row, want)
		}
	}
}

func TestPositionsParquetKeepsPileOrder(t *testing.T) {
	var positions []game.Position
	for i := range 3 {
		p := make(game.Position, 12)
		for j := range p {
			p[j] = i*100 + j
		}
		positions = append(positions, p)
	}
	var buf bytes.Buffer
	if err := WritePositionsParquet(context.Background(), &buf, 12, func(yield func(game.Position) bool) {
		for _, p := range positions {
			if !yield(p) {
				return
			}
		}
	}); err != nil {
		t.Fatal(err)
	}
	names, rows := readWithArrow(t, buf.Bytes())
	if fmt.Sprint(names) != "[p1 p2 p3 p4 p5 p6 p7 p8 p9 p10 p11 p12]" {
		t.Errorf("columns %v, want p1..p12 in order", names)
	}
	for i, row := range rows {
		if got, want := fmt.Sprint(row), fmt.Sprint([]int(positions[i])); got != want {
			t.Errorf("row %d: %v, want %v", i, got, want)
		}
	}
}
