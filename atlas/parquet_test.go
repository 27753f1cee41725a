package atlas

import (
	"fmt"
	"slices"

	"github.com/parquet-go/parquet-go"
)

// readParquet reads the rows of a Parquet part, by index, as WriteParquet
// wrote them (no regions: nil, as JSON leaves them out).
func readParquet(path string) ([]Row, error) {
	rows, err := parquet.ReadFile[Row](path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	slices.SortFunc(rows, func(a, b Row) int { return a.Index - b.Index })
	for i := range rows {
		if len(rows[i].Regions) == 0 {
			rows[i].Regions = nil
		}
	}
	return rows, nil
}
