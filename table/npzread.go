package table

import (
	"archive/zip"
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
)

// Reading positions from a NumPy .npz archive (numpy.savez, or
// ExportNPZ's): one one-dimensional integer array per pile, read row by
// row, every array at once, so that memory does not grow with the rows.

// maxNPYHeader bounds the header of a .npy array.
const maxNPYHeader = 1 << 16

// NPZColumns reads named integer arrays of an .npz archive row by row.
type NPZColumns struct {
	rows    int64
	read    int64
	columns []*npyStream
}

// npyStream is one array of an archive, read value by value.
type npyStream struct {
	name   string
	rc     io.ReadCloser
	r      *bufio.Reader
	size   int
	signed bool
	buf    [8]byte
}

var npyDescr = regexp.MustCompile(`'descr':\s*'([<|=])([iub])(\d)'`)
var npyAnyDescr = regexp.MustCompile(`'descr':\s*'([^']{0,16})'`)
var npyFortran = regexp.MustCompile(`'fortran_order':\s*False`)
var npyShape = regexp.MustCompile(`'shape':\s*\((\d+),?\)`)

// OpenNPZColumns opens the arrays names.npy of the archive in ra (size
// bytes): each one-dimensional, of little-endian integers or booleans,
// all of the same length. A missing array, another type or shape, or
// arrays of different lengths is an error that says which.
func OpenNPZColumns(ra io.ReaderAt, size int64, names []string) (*NPZColumns, error) {
	z, err := zip.NewReader(ra, size)
	if err != nil {
		return nil, fmt.Errorf("not a .npz archive: %w", err)
	}
	files := map[string]*zip.File{}
	for _, f := range z.File {
		files[f.Name] = f
	}
	c := &NPZColumns{rows: -1}
	for _, name := range names {
		f, ok := files[name+".npy"]
		if !ok {
			c.Close()
			return nil, fmt.Errorf("the archive has no array %s (it must hold one per pile: %s)", name, namesList(names))
		}
		s, rows, err := openNPY(f, name)
		if err != nil {
			c.Close()
			return nil, err
		}
		c.columns = append(c.columns, s)
		if c.rows >= 0 && rows != c.rows {
			c.Close()
			return nil, fmt.Errorf("the array %s has %d values, %s %d: one row per position", name, rows, names[0], c.rows)
		}
		c.rows = rows
	}
	if c.rows < 0 {
		c.rows = 0
	}
	return c, nil
}

func namesList(names []string) string {
	if len(names) <= 3 {
		return fmt.Sprint(names)
	}
	return fmt.Sprintf("%s, %s, ..., %s", names[0], names[1], names[len(names)-1])
}

// openNPY opens one array and reads its header.
func openNPY(f *zip.File, name string) (*npyStream, int64, error) {
	rc, err := f.Open()
	if err != nil {
		return nil, 0, fmt.Errorf("the array %s: %w", name, err)
	}
	s := &npyStream{name: name, rc: rc, r: bufio.NewReaderSize(rc, 1<<16)}
	rows, err := s.header()
	if err != nil {
		rc.Close()
		return nil, 0, fmt.Errorf("the array %s: %w", name, err)
	}
	return s, rows, nil
}

// header reads the array's header: its type and length.
func (s *npyStream) header() (int64, error) {
	var magic [8]byte
	if _, err := io.ReadFull(s.r, magic[:]); err != nil || string(magic[:6]) != "\x93NUMPY" {
		return 0, errors.New("not a .npy array")
	}
	var n int
	switch magic[6] {
	case 1:
		var l [2]byte
		if _, err := io.ReadFull(s.r, l[:]); err != nil {
			return 0, errors.New("a truncated header")
		}
		n = int(binary.LittleEndian.Uint16(l[:]))
	case 2, 3:
		var l [4]byte
		if _, err := io.ReadFull(s.r, l[:]); err != nil {
			return 0, errors.New("a truncated header")
		}
		if v := binary.LittleEndian.Uint32(l[:]); v <= maxNPYHeader {
			n = int(v)
		} else {
			return 0, errors.New("a header too long")
		}
	default:
		return 0, fmt.Errorf("format version %d, not 1, 2 or 3", magic[6])
	}
	dict := make([]byte, n)
	if _, err := io.ReadFull(s.r, dict); err != nil {
		return 0, errors.New("a truncated header")
	}
	d := npyDescr.FindSubmatch(dict)
	if d == nil || !npyFortran.Match(dict) {
		descr := "unknown"
		if m := npyAnyDescr.FindSubmatch(dict); m != nil {
			descr = string(m[1])
		}
		return 0, fmt.Errorf("values of type %q: piles are integers (int8..int64, uint8..uint64 or bool), little-endian, in C order", descr)
	}
	s.size, _ = strconv.Atoi(string(d[3]))
	s.signed = d[2][0] == 'i'
	if s.size != 1 && s.size != 2 && s.size != 4 && s.size != 8 || d[2][0] == 'b' && s.size != 1 {
		return 0, fmt.Errorf("values of %d bytes", s.size)
	}
	sh := npyShape.FindSubmatch(dict)
	if sh == nil {
		return 0, errors.New("not a one-dimensional array")
	}
	rows, err := strconv.ParseInt(string(sh[1]), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("shape %s: %w", sh[1], err)
	}
	return rows, nil
}

// value reads the next value.
func (s *npyStream) value() (int64, error) {
	b := s.buf[:s.size]
	if _, err := io.ReadFull(s.r, b); err != nil {
		return 0, fmt.Errorf("the array %s ends before its length: %w", s.name, err)
	}
	switch s.size {
	case 1:
		if s.signed {
			return int64(int8(b[0])), nil
		}
		return int64(b[0]), nil
	case 2:
		v := binary.LittleEndian.Uint16(b)
		if s.signed {
			return int64(int16(v)), nil
		}
		return int64(v), nil
	case 4:
		v := binary.LittleEndian.Uint32(b)
		if s.signed {
			return int64(int32(v)), nil
		}
		return int64(v), nil
	}
	v := binary.LittleEndian.Uint64(b)
	if !s.signed && v > 1<<63-1 {
		return 0, fmt.Errorf("the array %s holds %d, above 2^63-1", s.name, v)
	}
	return int64(v), nil
}

// Rows is the arrays' length.
func (c *NPZColumns) Rows() int64 { return c.rows }

// Next reads the next row into row (one value per array); io.EOF after
// the last.
func (c *NPZColumns) Next(row []int64) error {
	if c.read >= c.rows {
		return io.EOF
	}
	for i, s := range c.columns {
		v, err := s.value()
		if err != nil {
			return err
		}
		row[i] = v
	}
	c.read++
	return nil
}

// Close closes the arrays.
func (c *NPZColumns) Close() error {
	var first error
	for _, s := range c.columns {
		if err := s.rc.Close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}
