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
		out = append(out, section{"grundy", 4, t.Grundy.Len()})
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
		for s := from; s < to; s++ {
			buf = binary.LittleEndian.AppendUint32(buf, t.Grundy.At(s))
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
	sections := t.sections()
	bw, err := newBlockWriter(w, fileHeader{Spec: t.Spec, Box: t.Box, Sorted: t.Sorted}, sections)
	if err != nil {
		return bw.written(), err
	}
	defer bw.close()
	var raw []byte
	for _, s := range sections {
		perBlock := int64(BlockBytes / s.size)
		for from := int64(0); from < s.count; from += perBlock {
			raw = t.appendRaw(raw[:0], s.name, from, min(from+perBlock, s.count))
			if err := bw.write(ctx, raw); err != nil {
				return bw.written(), err
			}
		}
	}
	return bw.written(), bw.finish()
}

// blockWriter writes the table file format: the magic and header when it is
// made, then the raw bytes of the sections in order, cut into blocks
// compressed one by one, then the index and trailer (finish).
type blockWriter struct {
	cw       *countingWriter
	enc      *zstd.Encoder
	line     []byte // the header line
	sections []section
	section  int   // the section being written
	left     int64 // its raw bytes still to come
	raw      []byte
	frame    []byte
	index    []byte
	stored   uint64
}

// newBlockWriter writes the magic and the header (h, completed with the
// format, block size, compression and the sections) to w.
func newBlockWriter(w io.Writer, h fileHeader, sections []section) (*blockWriter, error) {
	bw := &blockWriter{cw: &countingWriter{w: w}, sections: sections, raw: make([]byte, 0, BlockBytes)}
	h.Format, h.BlockBytes, h.Compression = formatV2, BlockBytes, "zstd"
	for _, s := range sections {
		h.Sections = append(h.Sections, fileSection{s.name, s.bytes()})
	}
	line, err := json.Marshal(h)
	if err != nil {
		return bw, err
	}
	bw.line = append(line, '\n')
	if _, err := io.WriteString(bw.cw, magic); err != nil {
		return bw, err
	}
	if _, err := bw.cw.Write(bw.line); err != nil {
		return bw, err
	}
	// Every block is a frame of its own: a window of one block suffices,
	// and the block's CRC-32C in the index makes zstd's checksum redundant.
	if bw.enc, err = zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1), zstd.WithWindowSize(BlockBytes), zstd.WithLowerEncoderMem(true), zstd.WithEncoderCRC(false)); err != nil {
		return bw, err
	}
	if len(sections) > 0 {
		bw.left = sections[0].bytes()
	}
	return bw, nil
}

// written is the number of bytes written so far.
func (bw *blockWriter) written() int64 { return bw.cw.n }

// write appends raw section bytes, writing every block it completes; a
// block ends at BlockBytes or at the end of a section. It returns ctx's
// error, before writing, when ctx is done.
func (bw *blockWriter) write(ctx context.Context, raw []byte) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	for len(raw) > 0 {
		if bw.section == len(bw.sections) {
			return fmt.Errorf("%d bytes more than the table's sections hold", len(raw))
		}
		n := min(int64(len(raw)), int64(BlockBytes-len(bw.raw)), bw.left)
		bw.raw = append(bw.raw, raw[:n]...)
		raw, bw.left = raw[n:], bw.left-n
		if len(bw.raw) == BlockBytes || bw.left == 0 {
			if err := bw.flush(); err != nil {
				return err
			}
		}
		for bw.left == 0 && bw.section < len(bw.sections) {
			if bw.section++; bw.section < len(bw.sections) {
				bw.left = bw.sections[bw.section].bytes()
			}
		}
	}
	return nil
}

// flush compresses and writes the block in raw.
func (bw *blockWriter) flush() error {
	bw.frame = bw.enc.EncodeAll(bw.raw, bw.frame[:0])
	bw.raw = bw.raw[:0]
	if _, err := bw.cw.Write(bw.frame); err != nil {
		return err
	}
	bw.index = binary.LittleEndian.AppendUint32(bw.index, uint32(len(bw.frame)))
	bw.index = binary.LittleEndian.AppendUint32(bw.index, crc32.Checksum(bw.frame, castagnoli))
	bw.stored += uint64(len(bw.frame))
	return nil
}

// finish writes the index and the trailer, once every section is complete.
func (bw *blockWriter) finish() error {
	if bw.section < len(bw.sections) {
		s := bw.sections[bw.section]
		return fmt.Errorf("the table is incomplete: section %s lacks %d of its %d bytes", s.name, bw.left, s.bytes())
	}
	trailer := binary.LittleEndian.AppendUint32(nil, crc32.Checksum(bw.line, castagnoli))
	trailer = binary.LittleEndian.AppendUint32(trailer, crc32.Checksum(bw.index, castagnoli))
	trailer = binary.LittleEndian.AppendUint64(trailer, bw.stored)
	trailer = append(trailer, endMark...)
	for _, b := range [][]byte{bw.index, trailer} {
		if _, err := bw.cw.Write(b); err != nil {
			return err
		}
	}
	return nil
}

// close releases the encoder.
func (bw *blockWriter) close() {
	if bw.enc != nil {
		bw.enc.Close()
	}
}

// PLineWriter writes the outcomes of a take game's table to a table file
// as they are computed, line after line in table order (see Table.PLine),
// without holding the table: a solve whose table exceeds memory streams it
// to its file. The file is the one Table.WriteTo writes for the same lines.
type PLineWriter struct {
	bw    *blockWriter
	box   Box
	lines int64 // written so far
	raw   []byte
}

// NewPLineWriter writes the header of the table of spec on box, which holds
// outcomes only, to w; the lines follow with Write, and Close ends the file.
func NewPLineWriter(w io.Writer, spec string, box Box) (*PLineWriter, error) {
	if err := box.Check(); err != nil {
		return nil, err
	}
	bw, err := newBlockWriter(w, fileHeader{Spec: spec, Box: box}, []section{{"p_lines", 2, box.Lines()}})
	if err != nil {
		bw.close()
		return nil, err
	}
	return &PLineWriter{bw: bw, box: box}, nil
}

// Write appends lines: for each, the pile-1 value of its P-position or
// NoP. It returns ctx's error when ctx is done, and an error when the
// lines go beyond the box or a P-position lies outside it.
func (w *PLineWriter) Write(ctx context.Context, lines []uint16) error {
	if w.lines+int64(len(lines)) > w.box.Lines() {
		return fmt.Errorf("%d lines written to a table of %d", w.lines+int64(len(lines)), w.box.Lines())
	}
	for len(lines) > 0 { // a block's worth at a time, to hold no more
		piece := lines[:min(len(lines), BlockBytes/2)]
		w.raw = w.raw[:0]
		for _, x := range piece {
			if x != NoP && int(x) > w.box[0] {
				return fmt.Errorf("line %d has its P-position at pile 1 = %d, outside the box (0..%d)", w.lines, x, w.box[0])
			}
			w.raw = binary.LittleEndian.AppendUint16(w.raw, x)
			w.lines++
		}
		if err := w.bw.write(ctx, w.raw); err != nil {
			return err
		}
		lines = lines[len(piece):]
	}
	return nil
}

// Close writes the index and trailer, once every line of the box has been
// written, and releases the compressor.
func (w *PLineWriter) Close() error {
	defer w.bw.close()
	return w.bw.finish()
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
	l, err := readLayout(r, size)
	if err != nil {
		return nil, err
	}
	var need int64
	for _, s := range l.sections {
		need += s.bytes()
	}
	if maxMemory > 0 && need > maxMemory {
		return nil, fmt.Errorf("the table needs %d bytes of memory, but only %d are available", need, maxMemory)
	}
	dec, err := newDecoder()
	if err != nil {
		return nil, err
	}
	defer dec.Close()
	t, block := l.table, 0
	var frame, raw []byte
	for _, s := range l.sections {
		for left := s.bytes(); left > 0; left -= BlockBytes {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			if frame, raw, err = l.readBlock(r, dec, block, frame, raw); err != nil {
				return nil, err
			}
			if err := t.appendDecoded(s.name, raw); err != nil {
				return nil, corrupt("%v", err)
			}
			block++
		}
	}
	if err := t.checkOutcomes(); err != nil {
		return nil, err
	}
	return t, nil
}

// layout is what the fixed parts of a table file say: the header, the
// sections, and where each block lies and what it holds.
type layout struct {
	table    *Table // empty: spec, box, and non-nil empty arrays for what the file holds
	sections []section
	// per block: where it starts, its stored size, its checksum, its raw size
	offsets []int64
	sizes   []uint32
	sums    []uint32
	raws    []int64
	names   []string // its section
}

// newDecoder returns a zstd decoder for blocks of at most BlockBytes.
func newDecoder() (*zstd.Decoder, error) {
	return zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxMemory(BlockBytes), zstd.WithDecoderMaxWindow(BlockBytes))
}

// readLayout reads and checks the magic, header, trailer and index of a
// table file of size bytes (see Read), without reading any block.
func readLayout(r io.ReaderAt, size int64) (*layout, error) {
	if size < int64(len(magic)) {
		return nil, notATable("not a nimlab table file (too short)")
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
		return nil, notATable("not a nimlab table file")
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
	l := &layout{table: t, sections: sections}
	offset, block := dataStart, 0
	for _, s := range sections {
		for left := s.bytes(); left > 0; left -= BlockBytes {
			n := binary.LittleEndian.Uint32(index[block*indexItem:])
			l.offsets = append(l.offsets, offset)
			l.sizes = append(l.sizes, n)
			l.sums = append(l.sums, binary.LittleEndian.Uint32(index[block*indexItem+4:]))
			l.raws = append(l.raws, min(left, BlockBytes))
			l.names = append(l.names, s.name)
			if offset += int64(n); offset-dataStart > int64(stored) {
				return nil, corrupt("the block index adds up to more than the %d bytes of blocks", stored)
			}
			block++
		}
	}
	if offset-dataStart != int64(stored) {
		return nil, corrupt("the block index adds up to %d bytes, the blocks take %d", offset-dataStart, stored)
	}
	return l, nil
}

// readBlock reads block number block into frame, checks it and decompresses
// it into raw; it returns both buffers, grown as needed.
func (l *layout) readBlock(r io.ReaderAt, dec *zstd.Decoder, block int, frame, raw []byte) ([]byte, []byte, error) {
	n := l.sizes[block]
	frame = slices.Grow(frame[:0], int(n))[:n]
	if _, err := r.ReadAt(frame, l.offsets[block]); err != nil {
		return frame, raw, err
	}
	if crc32.Checksum(frame, castagnoli) != l.sums[block] {
		return frame, raw, corrupt("block %d (%s) fails its checksum: the file is damaged", block, l.names[block])
	}
	raw, err := dec.DecodeAll(frame, raw[:0])
	if err != nil {
		return frame, raw, corrupt("block %d (%s) does not decompress: %v", block, l.names[block], err)
	}
	if int64(len(raw)) != l.raws[block] {
		return frame, raw, corrupt("block %d (%s) holds %d bytes, not %d", block, l.names[block], len(raw), l.raws[block])
	}
	return frame, raw, nil
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
			t.Grundy = NewGrundyValues(t.Box, 0)
		case "remoteness":
			t.Remoteness = []uint16{}
		}
	}
	return t, out, nil
}

// appendDecoded appends the elements of a decoded block to the named array.
// A Grundy value above what the table's values hold (GrundyValues.Max) is
// an error: the file holds 4 bytes per value, the table 1 or 2.
func (t *Table) appendDecoded(name string, raw []byte) error {
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
			v := binary.LittleEndian.Uint32(raw[i:])
			if v > t.Grundy.Max() {
				return fmt.Errorf("the Grundy value %d of state %d: a table of box %v holds values up to %d", v, t.Grundy.Len(), t.Box, t.Grundy.Max())
			}
			t.Grundy.appendValue(v)
		}
	case "remoteness":
		for i := 0; i < len(raw); i += 2 {
			t.Remoteness = append(t.Remoteness, binary.LittleEndian.Uint16(raw[i:]))
		}
	}
	return nil
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
