package table

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// fileTables are tables of every shape a file holds: lines with Grundy
// values in one byte and in two, sorted bits with remoteness, and unsorted
// bits over several blocks.
func fileTables(t *testing.T) []*Table {
	lines, wide := nimTable(7), nimTable(90)
	sorted, err := NewStates("slow:3,2", Uniform(3, 9), true, false, true)
	if err != nil {
		t.Fatal(err)
	}
	for s := range sorted.States() {
		sorted.Remoteness[s] = uint16(s % 7)
		if s%3 == 0 {
			sorted.SetP(s)
		}
	}
	bits, err := NewStates("cn:5,2 & slow:3,2", Uniform(8, 6), false, true, false)
	if err != nil {
		t.Fatal(err)
	}
	for s := range bits.States() { // 5.7e6 states: several blocks per section
		bits.Grundy.Set(s, uint32(s*2654435761%97))
		if bits.Grundy.At(s) == 0 {
			bits.SetP(s)
		}
	}
	return []*Table{lines, sorted, bits, wide}
}

func encode(t *testing.T, tab *Table) []byte {
	var buf bytes.Buffer
	if _, err := tab.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func decode(data []byte) (*Table, error) {
	return Read(context.Background(), bytes.NewReader(data), int64(len(data)), 0)
}

func TestFileRoundTrip(t *testing.T) {
	for _, tab := range fileTables(t) {
		got, err := decode(encode(t, tab))
		if err != nil {
			t.Fatalf("%s: %v", tab.Spec, err)
		}
		if got.Spec != tab.Spec || !slices.Equal(got.Box, tab.Box) || got.Sorted != tab.Sorted ||
			!slices.Equal(got.PLine, tab.PLine) || !slices.Equal(got.P, tab.P) ||
			!sameGrundy(got.Grundy, tab.Grundy) || !slices.Equal(got.Remoteness, tab.Remoteness) ||
			(got.PLine == nil) != (tab.PLine == nil) || (got.Grundy == nil) != (tab.Grundy == nil) ||
			(got.Remoteness == nil) != (tab.Remoteness == nil) {
			t.Errorf("%s: the table read differs from the one written", tab.Spec)
		}
	}
}

func TestSaveIsAtomicWithMode0644(t *testing.T) {
	tab := nimTable(7)
	path := filepath.Join(t.TempDir(), "nim3.tbl")
	if err := tab.Save(context.Background(), path); err != nil {
		t.Fatal(err)
	}
	got, err := Load(context.Background(), path, 0)
	if err != nil || !slices.Equal(got.PLine, tab.PLine) {
		t.Fatalf("Load: %v", err)
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("save left %d files, want 1", len(entries))
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	if err := tab.Save(cancelled, filepath.Join(filepath.Dir(path), "cancelled.tbl")); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled save: %v", err)
	}
	if entries, _ := os.ReadDir(filepath.Dir(path)); len(entries) != 1 {
		t.Errorf("a cancelled save left %d files, want 1", len(entries))
	}
	if _, err := Load(cancelled, path, 0); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled load: %v", err)
	}
	if info, _ := os.Stat(path); runtime.GOOS != "windows" && info.Mode().Perm() != fs.FileMode(0o644) {
		t.Errorf("mode %v, want 0644", info.Mode().Perm())
	}
	if _, err := Load(context.Background(), path, 10); err == nil || !strings.Contains(err.Error(), "available") {
		t.Errorf("a table larger than the memory allowed: %v", err)
	}
}

// TestCorruptFiles is the corruption suite: every damaged file is refused
// with an error that says what is wrong.
func TestCorruptFiles(t *testing.T) {
	for _, tab := range fileTables(t) {
		good := encode(t, tab)
		headerEnd := bytes.IndexByte(good, '\n') + 1
		headerEnd += bytes.IndexByte(good[headerEnd:], '\n') + 1
		t.Run(tab.Spec, func(t *testing.T) {
			// Truncation anywhere.
			for _, n := range []int{0, 5, 16, headerEnd - 1, headerEnd, headerEnd + 7, len(good) / 2, len(good) - 25, len(good) - 1} {
				if _, err := decode(good[:n]); err == nil {
					t.Errorf("truncated to %d of %d bytes: accepted", n, len(good))
				}
			}
			// A flipped bit anywhere: header, blocks, index, trailer.
			for _, at := range []int{20, headerEnd - 3, headerEnd + 10, (headerEnd + len(good)) / 2, len(good) - 30, len(good) - 20, len(good) - 12, len(good) - 3} {
				bad := slices.Clone(good)
				bad[at] ^= 0x10
				if _, err := decode(bad); err == nil {
					t.Errorf("bit flipped at byte %d of %d: accepted", at, len(good))
				}
			}
			// Trailing bytes.
			_, err := decode(append(slices.Clone(good), "extra"...))
			if err == nil || !strings.Contains(err.Error(), "5 bytes follow") {
				t.Errorf("5 trailing bytes: %v", err)
			}
		})
	}
	// A forged header, with a valid checksum, claiming an enormous box.
	good := encode(t, nimTable(3))
	headerEnd := len(magic) + bytes.IndexByte(good[len(magic):], '\n') + 1
	forged := strings.Replace(string(good[len(magic):headerEnd]), `"box":[3,3,3]`, `"box":[1000,1000,1000,1000,1000]`, 1)
	forged = strings.Replace(forged, `"bytes":32`, `"bytes":2002002002000`, 1)
	bad := append([]byte(magic+forged), good[headerEnd:]...)
	binary.LittleEndian.PutUint32(bad[len(bad)-trailerN:], crc32.Checksum([]byte(forged), castagnoli))
	if _, err := decode(bad); !errors.Is(err, ErrCorrupt) {
		t.Errorf("forged header: %v", err)
	}
	// The old format, and something else.
	if _, err := decode([]byte(magicV1 + `{"spec":"nim:3"}` + "\n")); err == nil || !strings.Contains(err.Error(), "v1") {
		t.Errorf("a v1 file: %v", err)
	}
	if _, err := decode([]byte("not a table at all")); err == nil || !strings.Contains(err.Error(), "not a nimlab table") {
		t.Errorf("garbage: %v", err)
	}
}

// FuzzRead: the reader never panics, and never allocates more than the
// file justifies (the arrays grow only as verified blocks decode).
func FuzzRead(f *testing.F) {
	for _, tab := range []*Table{nimTable(3), nimTable(1)} {
		var buf bytes.Buffer
		tab.WriteTo(&buf)
		f.Add(buf.Bytes())
	}
	f.Add([]byte(magic + "{}\n"))
	f.Add([]byte(magic + `{"format":2,"spec":"x","box":[1000000,1000000],"sorted":false,"sections":[{"name":"p_lines","bytes":2000002}],"block_bytes":1048576,"compression":"zstd"}` + "\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		tab, err := decode(data)
		if err != nil {
			return
		}
		if tab.States() > int64(len(data))*1<<16 {
			t.Fatalf("%d states from %d bytes", tab.States(), len(data))
		}
		tab.CountP() // usable
	})
}

// sameGrundy reports whether a and b are both nil or hold the same values in
// the same width.
func sameGrundy(a, b *GrundyValues) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Width() == b.Width() && a.Len() == b.Len() && a.FirstDifference(b) < 0
}
