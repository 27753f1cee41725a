package table

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"os"
	"slices"

	"github.com/klauspost/compress/zstd"

	"github.com/nimlab/nimlab/internal/atomicfile"
)

// The table file format, version 2. Every number is little-endian.
//
//	magic        "nimlab table v2\n" (16 bytes)
//	header       one line of JSON (fileHeader) ending in '\n', at most MaxHeaderBytes
//	blocks       the sections one after the other (outcomes, then Grundy values,
//	             then remoteness, as present), each cut into blocks of BlockBytes
//	             raw bytes (the last one shorter), each block one zstd frame
//	index        per block: its stored size (uint32) and the CRC-32C (Castagnoli)
//	             of its stored bytes (uint32)
//	trailer      CRC-32C of the header line (uint32), CRC-32C of the index
//	             (uint32), the stored size of all blocks (uint64), "NLTBLEND"
//
// The header says what the table holds, so the raw size of every section,
// hence the number of blocks and the index's length, follow from it; the
// trailer and the index, written last, let a writer stream blocks and a
// reader find any block without reading the others.
const (
	magic     = "nimlab table v2\n"
	magicV1   = "nimlab table v1\n"
	endMark   = "NLTBLEND"
	formatV2  = 2
	indexItem = 8  // bytes per block in the index
	trailerN  = 24 // bytes of the trailer
)

// BlockBytes is the raw size of a block: 1 MiB, a multiple of every element
// size, so no element straddles two blocks.
const BlockBytes = 1 << 20

// MaxHeaderBytes bounds the header line.
const MaxHeaderBytes = 1 << 16

// ErrCorrupt is wrapped by the errors of files that are not intact tables:
// truncated, with flipped bits, with bytes after the end, or forged.
var ErrCorrupt = errors.New("corrupt table file")

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// fileHeader is the JSON header line.
type fileHeader struct {
	Format int    `json:"format"`
	Spec   string `json:"spec"`
	Box    Box    `json:"box"`
	Sorted bool   `json:"sorted"`
	// Sections lists what follows, in order: "p_lines" (uint16 per line) or
	// "p_bits" (uint64 words of one bit per state), then "grundy" (uint32
	// per state) and "remoteness" (uint16 per state) when present.
	Sections    []fileSection `json:"sections"`
	BlockBytes  int           `json:"block_bytes"`
	Compression string        `json:"compression"`
}

type fileSection struct {
	Name string `json:"name"`
	// Bytes is the raw size of the section.
	Bytes int64 `json:"bytes"`
}

// section is one array of the table, as stored.
type section struct {
	name string
	size int // bytes per element
	// count is the number of elements.
	count int64
}

func (s section) bytes() int64 { return s.count * int64(s.size) }

// sections lists the arrays t holds, in file order.
func (t *Table) sections() []section {
	var out []section
	if t.PLine != nil {
		out = append(out, section{"p_lines", 2, int64(len(t.PLine))})
	} else {
		out = append(out, section{"p_bits", 8, int64(len(t.P))})
	}
	if t.Grundy != nil {
		out = append(out, section{"grundy", 4, int64(len(t.Grundy))})
	}
	if t.Remoteness != nil {
		out = append(out, section{"remoteness", 2, int64(len(t.Remoteness))})
	}
	return out
}

// appendRaw appends the little-endian bytes of elements [from, to) of the
// named array of t to buf.
func (t *Table) appendRaw(buf []byte, name string, from, to int64) []byte {
	switch name {
	case "p_lines":
		for _, v := range t.PLine[from:to] {
			buf = binary.LittleEndian.AppendUint16(buf, v)
		}
	case "p_bits":
		for _, v := range t.P[from:to] {
			buf = binary.LittleEndian.AppendUint64(buf, v)
		}
	case "grundy":
		for _, v := range t.Grundy[from:to] {
			buf = binary.LittleEndian.AppendUint32(buf, v)
		}
	case "remoteness":
		for _, v := range t.Remoteness[from:to] {
			buf = binary.LittleEndian.AppendUint16(buf, v)
		}
	}
	return buf
}

// WriteTo writes t in the table file format, version 2 (see BlockBytes and
// the format description in file.go), compressing every block with zstd.
func (t *Table) WriteTo(w io.Writer) (int64, error) { return t.write(context.Background(), w) }

// write is WriteTo, stopping between blocks when ctx is done.
func (t *Table) write(ctx context.Context, w io.Writer) (int64, error) {
	cw := &countingWriter{w: w}
	h := fileHeader{Format: formatV2, Spec: t.Spec, Box: t.Box, Sorted: t.Sorted, BlockBytes: BlockBytes, Compression: "zstd"}
	for _, s := range t.sections() {
		h.Sections = append(h.Sections, fileSection{s.name, s.bytes()})
	}
	line, err := json.Marshal(h)
	if err != nil {
		return 0, err
	}
	line = append(line, '\n')
	if _, err := io.WriteString(cw, magic); err != nil {
		return cw.n, err
	}
	if _, err := cw.Write(line); err != nil {
		return cw.n, err
	}
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1))
	if err != nil {
		return cw.n, err
	}
	defer enc.Close()
	var index []byte
	var stored uint64
	raw := make([]byte, 0, BlockBytes)
	var frame []byte
	for _, s := range t.sections() {
		perBlock := int64(BlockBytes / s.size)
		for from := int64(0); from < s.count; from += perBlock {
			if err := ctx.Err(); err != nil {
				return cw.n, err
			}
			raw = t.appendRaw(raw[:0], s.name, from, min(from+perBlock, s.count))
			frame = enc.EncodeAll(raw, frame[:0])
			if _, err := cw.Write(frame); err != nil {
				return cw.n, err
			}
			index = binary.LittleEndian.AppendUint32(index, uint32(len(frame)))
			index = binary.LittleEndian.AppendUint32(index, crc32.Checksum(frame, castagnoli))
			stored += uint64(len(frame))
		}
	}
	trailer := binary.LittleEndian.AppendUint32(nil, crc32.Checksum(line, castagnoli))
	trailer = binary.LittleEndian.AppendUint32(trailer, crc32.Checksum(index, castagnoli))
	trailer = binary.LittleEndian.AppendUint64(trailer, stored)
	trailer = append(trailer, endMark...)
	for _, b := range [][]byte{index, trailer} {
		if _, err := cw.Write(b); err != nil {
			return cw.n, err
		}
	}
	return cw.n, nil
}

type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// corrupt returns an error wrapping ErrCorrupt.
func corrupt(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrCorrupt, fmt.Sprintf(format, args...))
}

// Read reads a table of size bytes written by WriteTo and checks it whole:
// the magic and format version, the header (a valid box, sections that match
// what the box holds), the file's length against the header, the trailer,
// the CRC-32C of the header, of the index and of every block, that every
// block decompresses to its size, that nothing follows the table, and that
// the outcomes lie in the box. Each failure is its own error, wrapping
// ErrCorrupt where the file is damaged.
//
// Nothing is allocated beyond what the file's length allows until blocks
// that pass their checksum decompress: the arrays grow as blocks are
// decoded. maxMemory, when positive, bounds the memory the decoded table may
// take (a clear error instead of running out).
//
// It returns ctx's error, between blocks, when ctx is done.
func Read(ctx context.Context, r io.ReaderAt, size int64, maxMemory int64) (*Table, error) {
	if size < int64(len(magic)) {
		return nil, errors.New("not a nimlab table file (too short)")
	}
	head := make([]byte, min(size, int64(len(magic)+MaxHeaderBytes)))
	if _, err := r.ReadAt(head, 0); err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	switch string(head[:len(magic)]) {
	case magic:
	case magicV1:
		return nil, errors.New("a table of format v1 (nimlab before 2026-11), which had no checksum: solve it again with --out to write format v2")
	default:
		return nil, errors.New("not a nimlab table file")
	}
	end := bytes.IndexByte(head[len(magic):], '\n')
	if end < 0 {
		return nil, corrupt("no header line within %d bytes", MaxHeaderBytes)
	}
	line := head[len(magic) : len(magic)+end+1]
	h, err := parseHeader(line)
	if err != nil {
		return nil, err
	}
	t, sections, err := h.table()
	if err != nil {
		return nil, err
	}
	// The layout follows from the header: blocks, index, trailer.
	var blocks int64
	for _, s := range sections {
		blocks += (s.bytes() + BlockBytes - 1) / BlockBytes
	}
	dataStart := int64(len(magic) + len(line))
	fixed := dataStart + blocks*indexItem + trailerN // everything but the blocks
	if blocks > size || fixed > size {
		return nil, corrupt("the header describes %d blocks, more than a file of %d bytes can hold (truncated?)", blocks, size)
	}
	trailer := make([]byte, trailerN)
	if _, err := r.ReadAt(trailer, size-trailerN); err != nil {
		return nil, err
	}
	if string(trailer[16:]) != endMark {
		return nil, trailingOrTruncated(r, size, fixed)
	}
	if crc32.Checksum(line, castagnoli) != binary.LittleEndian.Uint32(trailer) {
		return nil, corrupt("the header's checksum does not match")
	}
	stored := binary.LittleEndian.Uint64(trailer[8:])
	if stored != uint64(size-fixed) {
		return nil, corrupt("the trailer says the blocks take %d bytes, but the file leaves %d for them (truncated, or bytes added)", stored, size-fixed)
	}
	index := make([]byte, blocks*indexItem)
	if _, err := r.ReadAt(index, dataStart+int64(stored)); err != nil {
		return nil, err
	}
	if crc32.Checksum(index, castagnoli) != binary.LittleEndian.Uint32(trailer[4:]) {
		return nil, corrupt("the block index's checksum does not match")
	}
	var need int64
	for _, s := range sections {
		need += s.bytes()
	}
	if maxMemory > 0 && need > maxMemory {
		return nil, fmt.Errorf("the table needs %d bytes of memory, but only %d are available", need, maxMemory)
	}
	dec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxMemory(BlockBytes), zstd.WithDecoderMaxWindow(BlockBytes))
	if err != nil {
		return nil, err
	}
	defer dec.Close()
	offset, block := dataStart, 0
	var frame, raw []byte
	var total uint64
	for _, s := range sections {
		for left := s.bytes(); left > 0; left -= BlockBytes {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			want := min(left, BlockBytes)
			n := binary.LittleEndian.Uint32(index[block*indexItem:])
			sum := binary.LittleEndian.Uint32(index[block*indexItem+4:])
			if total += uint64(n); total > stored {
				return nil, corrupt("the block index adds up to more than the %d bytes of blocks", stored)
			}
			frame = slices.Grow(frame[:0], int(n))[:n]
			if _, err := r.ReadAt(frame, offset); err != nil {
				return nil, err
			}
			if crc32.Checksum(frame, castagnoli) != sum {
				return nil, corrupt("block %d (%s) fails its checksum: the file is damaged", block, s.name)
			}
			if raw, err = dec.DecodeAll(frame, raw[:0]); err != nil {
				return nil, corrupt("block %d (%s) does not decompress: %v", block, s.name, err)
			}
			if int64(len(raw)) != want {
				return nil, corrupt("block %d (%s) holds %d bytes, not %d", block, s.name, len(raw), want)
			}
			t.appendDecoded(s.name, raw)
			offset += int64(n)
			block++
		}
	}
	if total != stored {
		return nil, corrupt("the block index adds up to %d bytes, the blocks take %d", total, stored)
	}
	if err := t.checkOutcomes(); err != nil {
		return nil, err
	}
	return t, nil
}

// trailingOrTruncated explains a file that does not end with the trailer:
// if an intact end mark lies further back, bytes were added after the table;
// otherwise the file is truncated (or was never complete).
func trailingOrTruncated(r io.ReaderAt, size, fixed int64) error {
	from := max(fixed-int64(len(endMark)), size-MaxHeaderBytes)
	tail := make([]byte, size-from)
	if _, err := r.ReadAt(tail, from); err == nil {
		if at := bytes.LastIndex(tail, []byte(endMark)); at >= 0 {
			extra := size - (from + int64(at) + int64(len(endMark)))
			return corrupt("%d bytes follow the end of the table", extra)
		}
	}
	return corrupt("the file does not end with the table's trailer: it is truncated or incomplete")
}

// parseHeader decodes and checks the header line.
func parseHeader(line []byte) (*fileHeader, error) {
	var h fileHeader
	d := json.NewDecoder(bytes.NewReader(line))
	d.DisallowUnknownFields()
	if err := d.Decode(&h); err != nil {
		return nil, corrupt("header: %v", err)
	}
	switch {
	case h.Format != formatV2:
		return nil, fmt.Errorf("table format %d; this nimlab reads format %d", h.Format, formatV2)
	case h.BlockBytes != BlockBytes:
		return nil, corrupt("header: blocks of %d bytes, not %d", h.BlockBytes, BlockBytes)
	case h.Compression != "zstd":
		return nil, corrupt("header: compression %q, not zstd", h.Compression)
	}
	if err := h.Box.Check(); err != nil {
		return nil, corrupt("header: %v", err)
	}
	return &h, nil
}

// table allocates an empty table for the header (arrays with capacity for
// one block; they grow as blocks decode) and lists its sections with the
// sizes the box requires, which must be the header's.
func (h *fileHeader) table() (*Table, []section, error) {
	t := &Table{Spec: h.Spec, Box: h.Box, Sorted: h.Sorted}
	if h.Sorted {
		for _, m := range h.Box {
			if m != h.Box[0] {
				return nil, nil, corrupt("header: a sorted table needs the same maximum on every pile, not %v", h.Box)
			}
		}
		if _, err := NewSorting(len(h.Box), h.Box[0]); err != nil {
			return nil, nil, corrupt("header: %v", err)
		}
	}
	states := t.States()
	expected := map[string]section{
		"p_lines":    {"p_lines", 2, h.Box.Lines()},
		"p_bits":     {"p_bits", 8, (states + 63) / 64},
		"grundy":     {"grundy", 4, states},
		"remoteness": {"remoteness", 2, states},
	}
	order := []string{"p_lines", "grundy", "remoteness"}
	if len(h.Sections) > 0 && h.Sections[0].Name == "p_bits" {
		order[0] = "p_bits"
	}
	var out []section
	next := 0
	for _, fs := range h.Sections {
		for next < len(order) && order[next] != fs.Name {
			next++
		}
		if next == len(order) || (len(out) == 0) != (fs.Name == order[0]) {
			return nil, nil, corrupt("header: unexpected section %q (the sections are p_lines or p_bits, then grundy and remoteness)", fs.Name)
		}
		s := expected[fs.Name]
		if fs.Bytes != s.bytes() {
			return nil, nil, corrupt("header: section %s has %d bytes, but the box %v needs %d", fs.Name, fs.Bytes, h.Box, s.bytes())
		}
		if s.name == "p_lines" && h.Sorted {
			return nil, nil, corrupt("header: a sorted table stores its outcomes as bits")
		}
		out = append(out, s)
		next++
	}
	if len(out) == 0 {
		return nil, nil, corrupt("header: no outcomes section")
	}
	if math.MaxInt64/8 < states {
		return nil, nil, corrupt("header: too many states")
	}
	// Empty, non-nil arrays mark what the table holds.
	for _, s := range out {
		switch s.name {
		case "p_lines":
			t.PLine = []uint16{}
		case "p_bits":
			t.P = []uint64{}
		case "grundy":
			t.Grundy = []uint32{}
		case "remoteness":
			t.Remoteness = []uint16{}
		}
	}
	return t, out, nil
}

// appendDecoded appends the elements of a decoded block to the named array.
func (t *Table) appendDecoded(name string, raw []byte) {
	switch name {
	case "p_lines":
		for i := 0; i < len(raw); i += 2 {
			t.PLine = append(t.PLine, binary.LittleEndian.Uint16(raw[i:]))
		}
	case "p_bits":
		for i := 0; i < len(raw); i += 8 {
			t.P = append(t.P, binary.LittleEndian.Uint64(raw[i:]))
		}
	case "grundy":
		for i := 0; i < len(raw); i += 4 {
			t.Grundy = append(t.Grundy, binary.LittleEndian.Uint32(raw[i:]))
		}
	case "remoteness":
		for i := 0; i < len(raw); i += 2 {
			t.Remoteness = append(t.Remoteness, binary.LittleEndian.Uint16(raw[i:]))
		}
	}
}

// checkOutcomes checks that every P-position lies in the box: line values
// are NoP or at most Box[0], and no bit is set beyond the last state.
func (t *Table) checkOutcomes() error {
	for l, x := range t.PLine {
		if x != NoP && int(x) > t.Box[0] {
			return corrupt("line %d has its P-position at pile 1 = %d, outside the box (0..%d)", l, x, t.Box[0])
		}
	}
	if n := t.States(); t.PLine == nil && n%64 != 0 && len(t.P) > 0 {
		if extra := t.P[len(t.P)-1] >> uint(n%64); extra != 0 {
			return corrupt("P-positions marked beyond the last of the %d states", n)
		}
	}
	return nil
}

// Save writes t to the file at path atomically (atomicfile.Write): a
// temporary file, synced and renamed into place with mode 0644, so an
// interrupted save leaves no half-written file. When ctx is done it stops and
// returns ctx's error.
func (t *Table) Save(ctx context.Context, path string) error {
	return atomicfile.Write(path, func(w io.Writer) error {
		_, err := t.write(ctx, w)
		return err
	})
}

// Load reads and checks the table file at path (see Read). maxMemory, when
// positive, bounds the memory the table may take.
func Load(ctx context.Context, path string, maxMemory int64) (*Table, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	t, err := Read(ctx, f, info.Size(), maxMemory)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}
