package table

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"testing"
)

// TestExportCSVIsTheParquetExport reads the CSV export with encoding/csv
// and the Parquet export with Arrow: the same columns and the same rows.
func TestExportCSVIsTheParquetExport(t *testing.T) {
	for _, height := range []int{2, 5} {
		tab := nimTable(height)
		var pq, text bytes.Buffer
		if err := tab.ExportParquet(context.Background(), &pq); err != nil {
			t.Fatal(err)
		}
		if err := tab.ExportCSV(context.Background(), &text); err != nil {
			t.Fatal(err)
		}
		names, rows := readWithArrow(t, pq.Bytes())
		records, err := csv.NewReader(&text).ReadAll()
		if err != nil {
			t.Fatalf("height %d: the CSV does not read: %v", height, err)
		}
		if fmt.Sprint(records[0]) != fmt.Sprint(names) {
			t.Errorf("height %d: CSV header %v, Parquet columns %v", height, records[0], names)
		}
		if len(records)-1 != len(rows) {
			t.Fatalf("height %d: %d CSV rows, %d Parquet rows", height, len(records)-1, len(rows))
		}
		for i, row := range rows {
			if fmt.Sprint(records[i+1]) != fmt.Sprint(row) {
				t.Fatalf("height %d, row %d: CSV %v, Parquet %v", height, i, records[i+1], row)
			}
		}
	}
}

func TestExportCSVStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := nimTable(3).ExportCSV(ctx, &bytes.Buffer{}); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled export returned %v", err)
	}
}

// TestNewContextStops: filling the lines of a box stops at a cancelled
// context (a solve of CN(8,4) to 15 spent half a second there, deaf to
// Ctrl-C), and fills every line with NoP otherwise.
func TestNewContextStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := NewContext(ctx, "cn:8,4", Uniform(8, 15), false); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled NewContext returned %v", err)
	}
	tab, err := NewContext(context.Background(), "nim:3", Uniform(3, 300), false)
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range tab.PLine {
		if v != NoP {
			t.Fatalf("line %d holds %d, not NoP", i, v)
		}
	}
}
