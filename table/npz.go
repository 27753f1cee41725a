package table

import (
	"archive/zip"
	"bufio"
	"context"
	"encoding/binary"
	"fmt"
	"github.com/nimlab/nimlab/game"
	"io"
	"strings"
)

// npzCheckEvery is how many rows ExportNPZ writes between looks at its
// context.
const npzCheckEvery = 1 << 16

// ExportNPZ writes every position of t's box to w as a NumPy .npz archive
// (numpy.load reads it): one array per column of ExportCSV, in the same
// order of rows — p1..pn as the smallest unsigned integers that hold the
// box (uint8 up to 255, else uint16), outcome as uint8 (1 for a
// P-position, 0 for an N-position), and grundy and remoteness as int32
// when t holds them. Binary columns reach pandas without parsing text. The
// archive is stored, not compressed, and written one column at a time. It
// returns ctx's error when ctx is done.
func (t *Table) ExportNPZ(ctx context.Context, w io.Writer) error {
	c := t.exportColumns()
	z := zip.NewWriter(w)
	pileType, pileSize := "|u1", 1
	for _, h := range t.Box {
		if h > 255 {
			pileType, pileSize = "<u2", 2
		}
	}
	stride := int64(1)
	for i := range c.piles {
		radix := int64(t.Box[i]) + 1
		s := stride
		if err := t.npyColumn(ctx, z, PileColumn(i), pileType, pileSize, func(idx int64, _ game.Position) int64 { return idx / s % radix }); err != nil {
			return err
		}
		stride *= radix
	}
	if err := t.npyColumn(ctx, z, "outcome", "|u1", 1, func(_ int64, p game.Position) int64 {
		if t.IsP(p) {
			return 1
		}
		return 0
	}); err != nil {
		return err
	}
	if c.grundy {
		if err := t.npyColumn(ctx, z, "grundy", "<i4", 4, func(_ int64, p game.Position) int64 { return int64(t.GrundyOf(p)) }); err != nil {
			return err
		}
	}
	if c.remoteness {
		if err := t.npyColumn(ctx, z, "remoteness", "<i4", 4, func(_ int64, p game.Position) int64 { return int64(t.RemotenessOf(p)) }); err != nil {
			return err
		}
	}
	if err := z.Close(); err != nil {
		return fmt.Errorf("writing the .npz archive: %w", err)
	}
	return ctx.Err()
}

// npyColumn writes the array name.npy of the value of every position of
// t's box (by its index, and the position, which it reuses), each size
// bytes, little-endian, of the NumPy type descr.
func (t *Table) npyColumn(ctx context.Context, z *zip.Writer, name, descr string, size int, value func(idx int64, p game.Position) int64) error {
	bw, err := CreateNPY(z, name, descr, t.Box.Positions())
	if err != nil {
		return err
	}
	var buf [8]byte
	p := make(game.Position, len(t.Box))
	for idx := range t.Box.Positions() {
		if idx%npzCheckEvery == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		t.Box.Position(idx, p)
		binary.LittleEndian.PutUint64(buf[:], uint64(value(idx, p)))
		if _, err := bw.Write(buf[:size]); err != nil {
			return fmt.Errorf("writing %s.npy: %w", name, err)
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing %s.npy: %w", name, err)
	}
	return nil
}

// CreateNPY adds the one-dimensional array name.npy of rows values of the
// NumPy type descr to z, stored uncompressed, and returns a writer for
// its values (little-endian), which the caller flushes.
func CreateNPY(z *zip.Writer, name, descr string, rows int64) (*bufio.Writer, error) {
	f, err := z.CreateHeader(&zip.FileHeader{Name: name + ".npy", Method: zip.Store})
	if err != nil {
		return nil, fmt.Errorf("writing %s.npy: %w", name, err)
	}
	bw := bufio.NewWriterSize(f, 1<<16)
	if _, err := bw.WriteString(NPYHeader(descr, rows)); err != nil {
		return nil, fmt.Errorf("writing %s.npy: %w", name, err)
	}
	return bw, nil
}

// NPYHeader is the header of a one-dimensional .npy array (format 1.0) of
// rows values of the NumPy type descr, padded so that the data starts at a
// multiple of 64 bytes.
func NPYHeader(descr string, rows int64) string {
	dict := fmt.Sprintf("{'descr': '%s', 'fortran_order': False, 'shape': (%d,), }", descr, rows)
	const prefix = 10 // magic (6), version (2), header length (2)
	pad := 63 - (prefix+len(dict))%64
	dict += strings.Repeat(" ", pad) + "\n"
	var b strings.Builder
	b.WriteString("\x93NUMPY\x01\x00")
	b.WriteByte(byte(len(dict)))
	b.WriteByte(byte(len(dict) >> 8))
	b.WriteString(dict)
	return b.String()
}
