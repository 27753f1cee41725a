package table

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/nimlab/nimlab/game"
)

// npz builds an archive of arrays, each given by its type and raw values.
func npz(t testing.TB, arrays map[string]struct {
	descr string
	size  int
	vals  []int64
}) []byte {
	var b bytes.Buffer
	z := zip.NewWriter(&b)
	for name, a := range arrays {
		w, err := z.CreateHeader(&zip.FileHeader{Name: name + ".npy", Method: zip.Store})
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(w, NPYHeader(a.descr, int64(len(a.vals))))
		for _, v := range a.vals {
			var buf [8]byte
			binary.LittleEndian.PutUint64(buf[:], uint64(v))
			w.Write(buf[:a.size])
		}
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// readAll reads every row of the named arrays.
func readAll(data []byte, names []string) ([][]int64, error) {
	c, err := OpenNPZColumns(bytes.NewReader(data), int64(len(data)), names)
	if err != nil {
		return nil, err
	}
	defer c.Close()
	var rows [][]int64
	for {
		row := make([]int64, len(names))
		err := c.Next(row)
		if errors.Is(err, io.EOF) {
			return rows, nil
		}
		if err != nil {
			return rows, err
		}
		rows = append(rows, row)
	}
}

// TestNPZColumnsReadExportNPZ: the piles ExportNPZ writes are read back,
// row by row, as the box's positions in order.
func TestNPZColumnsReadExportNPZ(t *testing.T) {
	for _, tab := range []*Table{New("cn:4,2", Uniform(4, 3), true), New("nim:2", Uniform(2, 300), true)} {
		box := tab.Box
		var b bytes.Buffer
		if err := tab.ExportNPZ(context.Background(), &b); err != nil {
			t.Fatal(err)
		}
		var names []string
		for i := range box {
			names = append(names, PileColumn(i))
		}
		rows, err := readAll(b.Bytes(), names)
		if err != nil {
			t.Fatal(err)
		}
		if int64(len(rows)) != box.Positions() {
			t.Fatalf("%d rows, want %d", len(rows), box.Positions())
		}
		p := make(game.Position, len(box))
		for idx, row := range rows {
			box.Position(int64(idx), p)
			for i := range p {
				if int64(p[i]) != row[i] {
					t.Fatalf("row %d: %v, want %v", idx, row, p)
				}
			}
		}
	}
}

// TestNPZColumnsTypes: every integer type numpy writes is read with its
// sign; floats, big-endian, two dimensions, missing arrays and arrays of
// different lengths are refused with what is wrong.
func TestNPZColumnsTypes(t *testing.T) {
	type arr = struct {
		descr string
		size  int
		vals  []int64
	}
	for _, tc := range []struct {
		descr string
		size  int
		in    int64
		want  int64
	}{
		{"|u1", 1, 200, 200}, {"|i1", 1, -3, -3}, {"|b1", 1, 1, 1},
		{"<u2", 2, 60000, 60000}, {"<i2", 2, -300, -300},
		{"<u4", 4, 4000000000, 4000000000}, {"<i4", 4, -7, -7},
		{"<i8", 8, 1 << 62, 1 << 62}, {"<u8", 8, 5, 5},
	} {
		rows, err := readAll(npz(t, map[string]arr{"p1": {tc.descr, tc.size, []int64{tc.in}}}), []string{"p1"})
		if err != nil || len(rows) != 1 || rows[0][0] != tc.want {
			t.Errorf("%s: %v (%v), want %d", tc.descr, rows, err, tc.want)
		}
	}
	for _, tc := range []struct {
		name   string
		arrays map[string]arr
		want   string
	}{
		{"float", map[string]arr{"p1": {"<f8", 8, []int64{0}}}, `"<f8"`},
		{"big-endian", map[string]arr{"p1": {">i8", 8, []int64{0}}}, `">i8"`},
		{"missing", map[string]arr{"p2": {"<i8", 8, []int64{0}}}, "no array p1"},
		{"lengths", map[string]arr{"p1": {"<i8", 8, []int64{0, 1}}, "p2": {"<i8", 8, []int64{0}}}, "values"},
		{"above 2^63-1", map[string]arr{"p1": {"<u8", 8, []int64{-1}}, "p2": {"<u8", 8, []int64{0}}}, "above 2^63-1"},
	} {
		_, err := readAll(npz(t, tc.arrays), []string{"p1", "p2"})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error saying %q", tc.name, err, tc.want)
		}
	}
	// An array shorter than its header says.
	data := npz(t, map[string]arr{"p1": {"<i8", 8, []int64{1, 2}}})
	short := bytes.Replace(data, []byte("'shape': (2,)"), []byte("'shape': (3,)"), 2)
	if _, err := readAll(short, []string{"p1"}); err == nil || !strings.Contains(err.Error(), "ends before") {
		t.Errorf("a short array: %v, want it said", err)
	}
}

// FuzzOpenNPZColumns: no archive, however broken, makes the reader panic,
// hang, or read more rows than its data holds.
func FuzzOpenNPZColumns(f *testing.F) {
	f.Add(npz(f, map[string]struct {
		descr string
		size  int
		vals  []int64
	}{"p1": {"<i8", 8, []int64{1, 2}}, "p2": {"|u1", 1, []int64{3, 4}}}))
	f.Add([]byte("PK\x05\x06" + strings.Repeat("\x00", 18)))
	f.Fuzz(func(t *testing.T, data []byte) {
		rows, _ := readAll(data, []string{"p1", "p2"})
		if len(rows) > len(data) {
			t.Fatalf("%d rows from %d bytes", len(rows), len(data))
		}
	})
}
