//go:build js

package table

import (
	"context"
	"errors"
	"io"
	"iter"

	"github.com/nimlab/nimlab/game"
)

// errNoParquet refuses Parquet in the browser: the WebAssembly build of
// nimlab leaves the Parquet writer out to keep its download small.
var errNoParquet = errors.New("the nimlab command writes Parquet files; the browser does not")

// WritePositionsParquet refuses: see errNoParquet.
func WritePositionsParquet(context.Context, io.Writer, int, iter.Seq[game.Position]) error {
	return errNoParquet
}

// ExportParquet refuses: see errNoParquet.
func (t *Table) ExportParquet(context.Context, io.Writer) error {
	return errNoParquet
}
