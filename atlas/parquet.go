//go:build !js

package atlas

import (
	"io"

	"github.com/parquet-go/parquet-go"
)

// WriteParquet writes the rows as a Parquet file (zstd), one row group.
func WriteParquet(w io.Writer, rows []Row) error {
	pw := parquet.NewGenericWriter[Row](w, parquet.Compression(&parquet.Zstd))
	if _, err := pw.Write(rows); err != nil {
		return err
	}
	return pw.Close()
}
