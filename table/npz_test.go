package table

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/binary"
	"encoding/csv"
	"errors"
	"io"
	"regexp"
	"strconv"
	"testing"
)

// readNPY reads a one-dimensional .npy array as numpy.load does: the
// header's type and shape, then the little-endian values.
func readNPY(t *testing.T, f *zip.File) ([]int64, int) {
	t.Helper()
	r, err := f.Open()
	if err != nil {
		t.Fatal(err)
	}
	data, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	if string(data[:8]) != "\x93NUMPY\x01\x00" {
		t.Fatalf("%s: not a .npy file of format 1.0", f.Name)
	}
	n := int(binary.LittleEndian.Uint16(data[8:10]))
	if (10+n)%64 != 0 {
		t.Errorf("%s: the data starts at %d, not a multiple of 64", f.Name, 10+n)
	}
	m := regexp.MustCompile(`^\{'descr': '([<|])([uif])(\d)', 'fortran_order': False, 'shape': \((\d+),\), \} *\n$`).FindStringSubmatch(string(data[10 : 10+n]))
	if m == nil {
		t.Fatalf("%s: header %q", f.Name, data[10:10+n])
	}
	size, _ := strconv.Atoi(m[3])
	rows, _ := strconv.Atoi(m[4])
	body := data[10+n:]
	if len(body) != rows*size {
		t.Fatalf("%s: %d bytes of data for %d values of %d bytes", f.Name, len(body), rows, size)
	}
	out := make([]int64, rows)
	for i := range out {
		var buf [8]byte
		copy(buf[:], body[i*size:(i+1)*size])
		v := int64(binary.LittleEndian.Uint64(buf[:]))
		if m[2] == "i" && size == 4 {
			v = int64(int32(v))
		}
		out[i] = v
	}
	return out, size
}

// TestExportNPZIsTheCSVExport: the .npz holds the CSV export's columns, in
// its order, value for value (outcome 1 for P), for piles in one byte and
// in two.
func TestExportNPZIsTheCSVExport(t *testing.T) {
	// Nim on one pile up to 300: its piles need two bytes.
	one := New("nim:1", Uniform(1, 300), true)
	for x := range int64(301) {
		one.Grundy.Set(x, uint32(x))
	}
	one.PLine[0] = 0
	for height, tab := range map[int]*Table{2: nimTable(2), 300: one} {
		var npz, text bytes.Buffer
		if err := tab.ExportNPZ(context.Background(), &npz); err != nil {
			t.Fatal(err)
		}
		if err := tab.ExportCSV(context.Background(), &text); err != nil {
			t.Fatal(err)
		}
		records, err := csv.NewReader(&text).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		z, err := zip.NewReader(bytes.NewReader(npz.Bytes()), int64(npz.Len()))
		if err != nil {
			t.Fatalf("height %d: not a zip archive: %v", height, err)
		}
		if len(z.File) != len(records[0]) {
			t.Fatalf("height %d: %d arrays, %d CSV columns", height, len(z.File), len(records[0]))
		}
		for j, f := range z.File {
			if f.Name != records[0][j]+".npy" {
				t.Fatalf("height %d: array %s where the CSV has %s", height, f.Name, records[0][j])
			}
			values, size := readNPY(t, f)
			if f.Name == "p1.npy" && size != map[int]int{2: 1, 300: 2}[height] {
				t.Errorf("height %d: piles in %d bytes", height, size)
			}
			if len(values) != len(records)-1 {
				t.Fatalf("height %d, %s: %d values, %d rows", height, f.Name, len(values), len(records)-1)
			}
			for i, v := range values {
				want := records[i+1][j]
				if f.Name == "outcome.npy" {
					want = map[string]string{"P": "1", "N": "0"}[want]
				}
				if strconv.FormatInt(v, 10) != want {
					t.Fatalf("height %d, %s row %d: %d, CSV %s", height, f.Name, i, v, records[i+1][j])
				}
			}
		}
	}
}

func TestExportNPZStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := nimTable(3).ExportNPZ(ctx, &bytes.Buffer{}); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled export returned %v", err)
	}
}
