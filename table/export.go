package table

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"iter"
	"strconv"

	"github.com/nimlab/nimlab/game"
)

// PileColumn is the name of pile i's column (from 0) in every table nimlab
// writes — CSV, JSON and Parquet: p1, p2, ...
func PileColumn(i int) string { return "p" + strconv.Itoa(i+1) }

// exportColumns describes the columns of an export: one column per pile,
// p1..pn, then as asked the outcome ("P" or "N"), the Grundy value and the
// remoteness.
type exportColumns struct {
	piles                       int
	outcome, grundy, remoteness bool
}

// exportRow is one row being written: the position and its values.
type exportRow struct {
	p                  game.Position
	isP                bool
	grundy, remoteness int
}

// outcome is the row's outcome as written: "P" or "N".
func (r exportRow) outcome() string {
	if r.isP {
		return "P"
	}
	return "N"
}

// exportColumns are the columns of t's export: its piles, the outcome, and
// the values t holds.
func (t *Table) exportColumns() exportColumns {
	return exportColumns{piles: len(t.Box), outcome: true, grundy: t.Grundy != nil, remoteness: t.Remoteness != nil}
}

// exportRows lists every position of t's box in order of index (pile 1
// varies fastest), with its values. The position is reused between rows.
func (t *Table) exportRows() iter.Seq[exportRow] {
	return func(yield func(exportRow) bool) {
		p := make(game.Position, len(t.Box))
		for idx := range t.Box.Positions() {
			t.Box.Position(idx, p)
			r := exportRow{p: p, isP: t.IsP(p)}
			if t.Grundy != nil {
				r.grundy = int(t.GrundyOf(p))
			}
			if t.Remoteness != nil {
				r.remoteness = t.RemotenessOf(p)
			}
			if !yield(r) {
				return
			}
		}
	}
}

// csvCheckEvery is how many rows ExportCSV writes between looks at its
// context.
const csvCheckEvery = 1 << 16

// ExportCSV writes every position of t's box to w as CSV with a header: the
// columns p1..pn, outcome ("P" or "N"), and grundy and remoteness when t
// holds them, the columns of ExportParquet, for readers without a Parquet
// library (pandas.read_csv). A sorted table writes every order of the piles.
// It returns ctx's error when ctx is done.
func (t *Table) ExportCSV(ctx context.Context, w io.Writer) error {
	c := t.exportColumns()
	bw := bufio.NewWriterSize(w, 1<<16)
	var line []byte
	for i := range c.piles {
		if i > 0 {
			line = append(line, ',')
		}
		line = append(line, PileColumn(i)...)
	}
	line = append(line, ",outcome"...)
	if c.grundy {
		line = append(line, ",grundy"...)
	}
	if c.remoteness {
		line = append(line, ",remoteness"...)
	}
	line = append(line, '\n')
	if _, err := bw.Write(line); err != nil {
		return fmt.Errorf("writing CSV: %w", err)
	}
	n := 0
	for r := range t.exportRows() {
		line = line[:0]
		for i, v := range r.p {
			if i > 0 {
				line = append(line, ',')
			}
			line = strconv.AppendInt(line, int64(v), 10)
		}
		line = append(line, ',')
		line = append(line, r.outcome()...)
		if c.grundy {
			line = append(line, ',')
			line = strconv.AppendInt(line, int64(r.grundy), 10)
		}
		if c.remoteness {
			line = append(line, ',')
			line = strconv.AppendInt(line, int64(r.remoteness), 10)
		}
		line = append(line, '\n')
		if _, err := bw.Write(line); err != nil {
			return fmt.Errorf("writing CSV: %w", err)
		}
		if n++; n%csvCheckEvery == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing CSV: %w", err)
	}
	return ctx.Err()
}
