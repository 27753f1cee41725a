// Package parallel runs work over the indices 0..n-1 in chunks on several
// goroutines, for the loops over whole tables (counting, summarizing).
package parallel

import (
	"context"
	"runtime"
	"sync/atomic"

	"golang.org/x/sync/errgroup"
)

// Chunks calls work(from, to) for the consecutive chunks [from, to) of
// [0, n), each of size indices (the last may be shorter), on up to workers
// goroutines (one per core when workers <= 0). The chunks are taken in
// order but may finish in any order. It returns the first error of work,
// and ctx's error when ctx is done, which is checked before each chunk.
func Chunks(ctx context.Context, n, size int64, workers int, work func(from, to int64) error) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	size = max(size, 1)
	chunks := (n + size - 1) / size
	var next atomic.Int64
	g, gctx := errgroup.WithContext(ctx)
	for range min(int64(workers), chunks) {
		g.Go(func() error {
			for k := next.Add(1) - 1; k < chunks; k = next.Add(1) - 1 {
				if err := gctx.Err(); err != nil {
					return err
				}
				if err := work(k*size, min(n, (k+1)*size)); err != nil {
					return err
				}
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
	return ctx.Err()
}
