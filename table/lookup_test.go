package table

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nimlab/nimlab/game"
)

// TestFileLookups reads positions of every shape of table from its file,
// one at a time, and compares them with the table in memory.
func TestFileLookups(t *testing.T) {
	for _, tab := range fileTables(t) {
		t.Run(tab.Spec, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "t.tbl")
			if err := tab.Save(context.Background(), path); err != nil {
				t.Fatal(err)
			}
			tf, err := Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer tf.Close()
			grundy, remoteness := tf.Holds()
			if g, r := tab.Holds(); g != grundy || r != remoteness || tf.Spec() != tab.Spec || tf.Sorted() != tab.Sorted {
				t.Fatalf("the file says %s sorted %v holds %v %v, the table %s %v %v %v", tf.Spec(), tf.Sorted(), grundy, remoteness, tab.Spec, tab.Sorted, g, r)
			}
			p := make(game.Position, len(tab.Box))
			step := max(1, tab.Box.Positions()/5000) // a spread of positions over every block
			for idx := int64(0); idx < tab.Box.Positions(); idx += step {
				tab.Box.Position(idx, p)
				if !tab.Box.Contains(p) {
					continue
				}
				if tab.Sorted && !sortedPosition(p) {
					continue
				}
				isP, err := tf.LookupP(p)
				if err != nil || isP != tab.IsP(p) {
					t.Fatalf("%v: P %v, %v; want %v", p, isP, err, tab.IsP(p))
				}
				if grundy {
					if v, err := tf.LookupGrundy(p); err != nil || v != tab.GrundyOf(p) {
						t.Fatalf("%v: Grundy value %d, %v; want %d", p, v, err, tab.GrundyOf(p))
					}
				}
				if remoteness {
					if r, err := tf.LookupRemoteness(p); err != nil || r != tab.RemotenessOf(p) {
						t.Fatalf("%v: remoteness %d, %v; want %d", p, r, err, tab.RemotenessOf(p))
					}
				}
			}
			first := tf.layout.sections[0]
			if _, err := tf.element(first.name, first.size, first.count); err == nil {
				t.Errorf("the element after the last of %s: no error", first.name)
			}
			if !grundy {
				if _, err := tf.LookupGrundy(p); err == nil {
					t.Error("a Grundy value read from a table without them")
				}
			}
		})
	}
}

// sortedPosition reports whether p is in non-decreasing order, as the
// states of a sorted table are.
func sortedPosition(p game.Position) bool {
	for i := 1; i < len(p); i++ {
		if p[i] < p[i-1] {
			return false
		}
	}
	return true
}

// TestFileDamagedBlock: a block damaged on disk is found when a position in
// it is read, not before, and the error says so.
func TestFileDamagedBlock(t *testing.T) {
	tab := fileTables(t)[2] // several blocks per section
	good := encode(t, tab)
	headerEnd := bytes.IndexByte(good[len(magic):], '\n') + len(magic) + 1
	bad := bytes.Clone(good)
	bad[headerEnd+100] ^= 0x01 // inside the first block (outcomes)
	tf, err := newFile(bytes.NewReader(bad), int64(len(bad)), "bad.tbl")
	if err != nil {
		t.Fatalf("the header and index are intact, but: %v", err)
	}
	defer tf.Close()
	p := make(game.Position, len(tab.Box))
	if _, err := tf.LookupP(p); !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "checksum") {
		t.Errorf("a position in the damaged block: %v", err)
	}
	if _, err := tf.LookupGrundy(p); err != nil {
		t.Errorf("a position in an intact block: %v", err)
	}
}

// TestPLineWriter streams the lines of a table in uneven pieces and gets
// the file WriteTo writes; it refuses lines beyond the box, P-positions
// outside it, and an incomplete table.
func TestPLineWriter(t *testing.T) {
	tab := nimTable(40) // 1681 lines
	tab.Grundy = nil
	want := encode(t, tab)
	var buf bytes.Buffer
	w, err := NewPLineWriter(&buf, tab.Spec, tab.Box)
	if err != nil {
		t.Fatal(err)
	}
	for from, n := 0, 1; from < len(tab.PLine); from, n = from+n, n*3 {
		if err := w.Write(context.Background(), tab.PLine[from:min(from+n, len(tab.PLine))]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), want) {
		t.Fatal("the streamed file differs from WriteTo's")
	}

	w, _ = NewPLineWriter(&bytes.Buffer{}, tab.Spec, tab.Box)
	if err := w.Write(context.Background(), []uint16{41}); err == nil || !strings.Contains(err.Error(), "outside the box") {
		t.Errorf("a P-position outside the box: %v", err)
	}
	if err := w.Close(); err == nil || !strings.Contains(err.Error(), "incomplete") {
		t.Errorf("closed before the last line: %v", err)
	}
	w, _ = NewPLineWriter(&bytes.Buffer{}, tab.Spec, tab.Box)
	if err := w.Write(context.Background(), make([]uint16, len(tab.PLine)+1)); err == nil {
		t.Error("more lines than the box holds: accepted")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	w, _ = NewPLineWriter(&bytes.Buffer{}, tab.Spec, tab.Box)
	if err := w.Write(ctx, tab.PLine[:10]); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled write: %v", err)
	}
}

// FuzzFile: opening any bytes as a table file and reading positions from it
// never panics.
func FuzzFile(f *testing.F) {
	for _, tab := range []*Table{nimTable(3), nimTable(1)} {
		var buf bytes.Buffer
		tab.WriteTo(&buf)
		f.Add(buf.Bytes(), uint8(1), uint8(2), uint8(3))
	}
	f.Fuzz(func(t *testing.T, data []byte, a, b, c uint8) {
		tf, err := newFile(bytes.NewReader(data), int64(len(data)), "fuzz.tbl")
		if err != nil {
			return
		}
		defer tf.Close()
		box := tf.Box()
		p := game.Position{int(a), int(b), int(c)}
		if tf.CheckPosition(p) != nil {
			p = make(game.Position, len(box))
		}
		if tf.Sorted() {
			return // positions of a sorted table must be sorted
		}
		tf.LookupP(p)
		if g, r := tf.Holds(); g {
			tf.LookupGrundy(p)
		} else if r {
			tf.LookupRemoteness(p)
		}
	})
}
