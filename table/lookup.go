package table

import (
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/klauspost/compress/zstd"

	"github.com/nimlab/nimlab/game"
)

// Lookup answers for single positions of a table, whether the table is held
// in memory (*Table) or read from its file block by block (*File). Grundy
// values and remoteness may be asked for only when the table holds them
// (Holds); every position must lie in the box (CheckPosition).
type Lookup interface {
	CheckGame(g *game.Game) error
	CheckPosition(p game.Position) error
	// Holds says whether the table holds Grundy values and remoteness.
	Holds() (grundy, remoteness bool)
	LookupP(p game.Position) (bool, error)
	LookupGrundy(p game.Position) (uint32, error)
	LookupRemoteness(p game.Position) (int, error)
}

// Holds says whether t holds Grundy values and remoteness.
func (t *Table) Holds() (grundy, remoteness bool) { return t.Grundy != nil, t.Remoteness != nil }

// LookupP is IsP, for Lookup.
func (t *Table) LookupP(p game.Position) (bool, error) { return t.IsP(p), nil }

// LookupGrundy is GrundyOf, for Lookup.
func (t *Table) LookupGrundy(p game.Position) (uint32, error) { return t.GrundyOf(p), nil }

// LookupRemoteness is RemotenessOf, for Lookup.
func (t *Table) LookupRemoteness(p game.Position) (int, error) { return t.RemotenessOf(p), nil }

// cachedBlocks is the number of decompressed blocks a File keeps.
const cachedBlocks = 8

// File is a table file opened for reading positions one at a time: only the
// blocks holding them are read, checked against their CRC-32C and
// decompressed (a few are cached), so a table larger than memory answers for
// a position in milliseconds. Open checks the header, index and trailer; a
// damaged block is reported when it is read. A File is not safe for
// concurrent use.
type File struct {
	r      io.ReaderAt
	closer io.Closer
	path   string
	layout *layout
	first  map[string]int // the first block of each section
	dec    *zstd.Decoder
	frame  []byte
	cache  []cachedBlock // most recently used last
}

type cachedBlock struct {
	block int
	raw   []byte
}

// Open opens the table file at path for reading positions one at a time.
func Open(path string) (*File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	tf, err := newFile(f, info.Size(), path)
	if err != nil {
		f.Close()
		return nil, err
	}
	tf.closer = f
	return tf, nil
}

// newFile reads the layout of the table file of size bytes in r, named
// path in errors.
func newFile(r io.ReaderAt, size int64, path string) (*File, error) {
	l, err := readLayout(r, size)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	dec, err := newDecoder()
	if err != nil {
		return nil, err
	}
	tf := &File{r: r, path: path, layout: l, first: map[string]int{}, dec: dec}
	for b := len(l.names) - 1; b >= 0; b-- {
		tf.first[l.names[b]] = b
	}
	return tf, nil
}

// Close closes the file.
func (tf *File) Close() error {
	tf.dec.Close()
	if tf.closer == nil {
		return nil
	}
	return tf.closer.Close()
}

// Spec is the game the table is of, Box its box, and Sorted whether it
// stores sorted positions only.
func (tf *File) Spec() string { return tf.layout.table.Spec }

// Box is the table's box.
func (tf *File) Box() Box { return tf.layout.table.Box }

// Sorted reports whether the table stores sorted positions only.
func (tf *File) Sorted() bool { return tf.layout.table.Sorted }

// Positions is the number of positions in the table's box.
func (tf *File) Positions() int64 { return tf.layout.table.Box.Positions() }

// CheckGame reports whether the file holds a table of g (Table.CheckGame).
func (tf *File) CheckGame(g *game.Game) error { return tf.layout.table.CheckGame(g) }

// CheckPosition reports whether p lies in the table's box.
func (tf *File) CheckPosition(p game.Position) error { return tf.layout.table.CheckPosition(p) }

// CheckContents reports whether the table holds Grundy values and
// remoteness where they are asked for.
func (tf *File) CheckContents(grundy, remoteness bool) error {
	return tf.layout.table.CheckContents(grundy, remoteness)
}

// Holds says whether the table holds Grundy values and remoteness.
func (tf *File) Holds() (grundy, remoteness bool) { return tf.layout.table.Holds() }

// element returns the size bytes of element i of the named section.
func (tf *File) element(name string, size int, i int64) ([]byte, error) {
	first, ok := tf.first[name]
	if !ok {
		return nil, fmt.Errorf("%s: the table holds no %s", tf.path, name)
	}
	if i < 0 || i >= tf.layout.sections[tf.sectionOf(name)].count {
		return nil, fmt.Errorf("%s: element %d of %s lies outside the table", tf.path, i, name)
	}
	at := i * int64(size)
	block := first + int(at/BlockBytes)
	raw, err := tf.block(block)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", tf.path, err)
	}
	return raw[at%BlockBytes : at%BlockBytes+int64(size)], nil
}

// sectionOf returns the place of the named section in the layout.
func (tf *File) sectionOf(name string) int {
	return slices.IndexFunc(tf.layout.sections, func(s section) bool { return s.name == name })
}

// block returns the decompressed bytes of a block, from the cache or read.
func (tf *File) block(block int) ([]byte, error) {
	for k, c := range tf.cache {
		if c.block == block {
			tf.cache = append(slices.Delete(tf.cache, k, k+1), c)
			return c.raw, nil
		}
	}
	var reuse []byte
	if len(tf.cache) == cachedBlocks {
		reuse = tf.cache[0].raw
		tf.cache = slices.Delete(tf.cache, 0, 1)
	}
	frame, raw, err := tf.layout.readBlock(tf.r, tf.dec, block, tf.frame, reuse)
	tf.frame = frame
	if err != nil {
		return nil, err
	}
	tf.cache = append(tf.cache, cachedBlock{block, raw})
	return raw, nil
}

// LookupP reports whether p, which must lie in the box, is a P-position.
func (tf *File) LookupP(p game.Position) (bool, error) {
	t := tf.layout.table
	if t.PLine == nil {
		s := t.State(p)
		b, err := tf.element("p_bits", 8, s/64)
		if err != nil {
			return false, err
		}
		return binary.LittleEndian.Uint64(b)>>uint(s%64)&1 == 1, nil
	}
	idx, w := t.Box.Index(p), int64(t.Box[0]+1)
	b, err := tf.element("p_lines", 2, idx/w)
	if err != nil {
		return false, err
	}
	x := binary.LittleEndian.Uint16(b)
	if x != NoP && int(x) > t.Box[0] {
		return false, fmt.Errorf("%s: %w", tf.path, corrupt("line %d has its P-position at pile 1 = %d, outside the box (0..%d)", idx/w, x, t.Box[0]))
	}
	return x == uint16(idx%w), nil
}

// LookupGrundy returns the Grundy value of p; the table must hold them.
func (tf *File) LookupGrundy(p game.Position) (uint32, error) {
	b, err := tf.element("grundy", 4, tf.layout.table.State(p))
	if err != nil {
		return 0, err
	}
	return binary.LittleEndian.Uint32(b), nil
}

// LookupRemoteness returns the remoteness of p; the table must hold it.
func (tf *File) LookupRemoteness(p game.Position) (int, error) {
	b, err := tf.element("remoteness", 2, tf.layout.table.State(p))
	if err != nil {
		return 0, err
	}
	return int(binary.LittleEndian.Uint16(b)), nil
}
