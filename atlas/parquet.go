//go:build !js

package atlas

import (
	"fmt"
	"io"
	"slices"

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

// ReadParquet reads the rows of a Parquet part.
func ReadParquet(path string) ([]Row, error) {
	rows, err := parquet.ReadFile[Row](path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	slices.SortFunc(rows, func(a, b Row) int { return a.Index - b.Index })
	for i := range rows {
		if len(rows[i].Regions) == 0 {
			rows[i].Regions = nil // as written, and as JSON leaves it out
		}
	}
	return rows, nil
}
