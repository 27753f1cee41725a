package table

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// magic opens every table file.
const magic = "nimlab table v1\n"

// header is the JSON line after the magic: what the data that follows holds.
type header struct {
	Spec   string `json:"spec"`
	Box    Box    `json:"box"`
	Grundy bool   `json:"grundy"`
	// Sorted, Bits and Remoteness were added with the slow games; files
	// without them are line tables.
	Sorted     bool `json:"sorted,omitempty"`
	Bits       bool `json:"bits,omitempty"`
	Remoteness bool `json:"remoteness,omitempty"`
}

// WriteTo writes t in nimlab's table format: a magic line, a JSON header line,
// then PLine (or the P bits), and, if present, Grundy and Remoteness as
// little-endian integers.
func (t *Table) WriteTo(w io.Writer) (int64, error) {
	cw := &countingWriter{w: w}
	bw := bufio.NewWriter(cw)
	h, err := json.Marshal(header{Spec: t.Spec, Box: t.Box, Grundy: t.Grundy != nil,
		Sorted: t.Sorted, Bits: t.PLine == nil, Remoteness: t.Remoteness != nil})
	if err != nil {
		return cw.n, err
	}
	bw.WriteString(magic)
	bw.Write(h)
	bw.WriteByte('\n')
	for _, data := range []any{t.PLine, t.P, t.Grundy, t.Remoteness} {
		if err := binary.Write(bw, binary.LittleEndian, data); err != nil {
			return cw.n, err
		}
	}
	err = bw.Flush()
	return cw.n, err
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

// Read reads a table written by WriteTo.
func Read(r io.Reader) (*Table, error) {
	br := bufio.NewReader(r)
	m := make([]byte, len(magic))
	if _, err := io.ReadFull(br, m); err != nil || string(m) != magic {
		return nil, errors.New("not a nimlab table file")
	}
	line, err := br.ReadBytes('\n')
	if err != nil {
		return nil, fmt.Errorf("table header: %w", err)
	}
	var h header
	if err := json.Unmarshal(line, &h); err != nil {
		return nil, fmt.Errorf("table header: %w", err)
	}
	if err := h.Box.Check(); err != nil {
		return nil, fmt.Errorf("table header: %w", err)
	}
	t := &Table{Spec: h.Spec, Box: h.Box}
	if h.Bits {
		nt, err := NewStates(h.Spec, h.Box, h.Sorted, h.Grundy, h.Remoteness)
		if err != nil {
			return nil, fmt.Errorf("table header: %w", err)
		}
		t = nt
	} else {
		t.PLine = make([]uint16, h.Box.Lines())
		if h.Grundy {
			t.Grundy = make([]uint32, h.Box.Positions())
		}
	}
	for _, data := range []any{t.PLine, t.P, t.Grundy, t.Remoteness} {
		if err := binary.Read(br, binary.LittleEndian, data); err != nil {
			return nil, fmt.Errorf("table data: %w", err)
		}
	}
	return t, nil
}

// Save writes t to the file at path atomically: the data goes to a temporary
// file in the same directory, renamed to path only when complete, so an
// interrupted save leaves no half-written file.
func (t *Table) Save(path string) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("saving table: %w", err)
	}
	tmp := f.Name()
	if _, err := t.WriteTo(f); err != nil {
		f.Close()
		os.Remove(tmp)
		return fmt.Errorf("saving table to %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("saving table to %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("saving table: %w", err)
	}
	return nil
}

// Load reads the table file at path.
func Load(path string) (*Table, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	t, err := Read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}
