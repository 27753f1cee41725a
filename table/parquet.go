//go:build !js

package table

import (
	"context"
	"fmt"
	"io"
	"iter"
	"slices"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress/zstd"

	"github.com/nimlab/nimlab/game"
)

// orderedGroup is a Parquet group whose columns keep the order given, so
// that piles read p1, p2, ..., p10 rather than in the order of their names.
type orderedGroup struct {
	parquet.Group
	order []string
}

func (g orderedGroup) Fields() []parquet.Field {
	fields := g.Group.Fields()
	slices.SortFunc(fields, func(a, b parquet.Field) int {
		return slices.Index(g.order, a.Name()) - slices.Index(g.order, b.Name())
	})
	return fields
}

// schema is the Parquet schema of the columns: int64 piles, a string
// outcome, int32 grundy and remoteness.
func (c exportColumns) schema() *parquet.Schema {
	g := orderedGroup{Group: parquet.Group{}}
	add := func(name string, node parquet.Node) {
		g.Group[name] = parquet.Compressed(node, &zstd.Codec{})
		g.order = append(g.order, name)
	}
	for i := range c.piles {
		add(PileColumn(i), parquet.Int(64))
	}
	if c.outcome {
		add("outcome", parquet.String())
	}
	if c.grundy {
		add("grundy", parquet.Int(32))
	}
	if c.remoteness {
		add("remoteness", parquet.Int(32))
	}
	return parquet.NewSchema("nimlab", g)
}

// writeParquet writes the rows to w in batches, stopping when ctx is done.
func writeParquet(ctx context.Context, w io.Writer, c exportColumns, rows iter.Seq[exportRow]) error {
	pw := parquet.NewWriter(w, c.schema())
	const batch = 8192
	buf := make([]parquet.Row, 0, batch)
	flush := func() error {
		if _, err := pw.WriteRows(buf); err != nil {
			return fmt.Errorf("writing Parquet: %w", err)
		}
		buf = buf[:0]
		return ctx.Err()
	}
	for r := range rows {
		row := make(parquet.Row, 0, c.piles+3)
		for i, v := range r.p {
			row = append(row, parquet.Int64Value(int64(v)).Level(0, 0, i))
		}
		col := c.piles
		if c.outcome {
			row = append(row, parquet.ByteArrayValue([]byte(r.outcome())).Level(0, 0, col))
			col++
		}
		if c.grundy {
			row = append(row, parquet.Int32Value(int32(r.grundy)).Level(0, 0, col))
			col++
		}
		if c.remoteness {
			row = append(row, parquet.Int32Value(int32(r.remoteness)).Level(0, 0, col))
		}
		if buf = append(buf, row); len(buf) == batch {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	if err := flush(); err != nil {
		return err
	}
	if err := pw.Close(); err != nil {
		return fmt.Errorf("writing Parquet: %w", err)
	}
	return nil
}

// WritePositionsParquet writes positions of n piles to w as a Parquet file
// with one int64 column per pile, p1..pn (the P-positions of `nimlab list`).
// It returns ctx's error when ctx is done.
func WritePositionsParquet(ctx context.Context, w io.Writer, n int, positions iter.Seq[game.Position]) error {
	return writeParquet(ctx, w, exportColumns{piles: n}, func(yield func(exportRow) bool) {
		for p := range positions {
			if !yield(exportRow{p: p}) {
				return
			}
		}
	})
}

// ExportParquet writes every position of t's box to w as a Parquet file: one
// int64 column per pile, p1..pn, the outcome ("P" or "N"), and the Grundy
// value and remoteness when t holds them (int32). A sorted table writes every
// order of the piles. It returns ctx's error when ctx is done.
func (t *Table) ExportParquet(ctx context.Context, w io.Writer) error {
	return writeParquet(ctx, w, t.exportColumns(), t.exportRows())
}
