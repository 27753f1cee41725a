package solve

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/nimlab/nimlab/table"
)

// The plumbing the sweeps share (the line engine's sweep, the cone
// engine's coneSweep and the position grid of remoteness): the box padded
// to the piles they name, the odometer of the lines of a sub-slab, the
// anti-diagonals of sub-slabs run in parallel, and the passes of level sets.

// parallelLines is the least work, in lines, for which the cells of one
// anti-diagonal are handed to several goroutines.
const parallelLines = 4096

// antiDiagonals calls cell(d, c, scratch) for every cell (d, c) with
// 0 <= d <= hd and 0 <= c <= hc, one anti-diagonal d + c = 0, 1, ... after
// the other, the cells of a diagonal in parallel on up to workers
// goroutines, each with its own scratch, when the diagonal holds at least
// parallelLines lines (cellLines per cell). A cell may read the cells of
// earlier diagonals. After each diagonal report gets the number of cells
// done; ctx is checked before each.
func antiDiagonals[S any](ctx context.Context, hd, hc, workers, cellLines int, newScratch func() S, cell func(d, c int, sc S), report func(cells int64)) error {
	var done int64
	var serial S
	hasSerial := false
	for diag := 0; diag <= hd+hc; diag++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		lo, hi := max(0, diag-hc), min(hd, diag)
		if workers <= 1 || hi == lo || (hi-lo+1)*cellLines < parallelLines {
			if !hasSerial {
				serial, hasSerial = newScratch(), true
			}
			for d := lo; d <= hi; d++ {
				cell(d, diag-d, serial)
			}
		} else {
			var next atomic.Int64
			next.Store(int64(lo))
			var wg sync.WaitGroup
			for range min(workers, hi-lo+1) {
				wg.Add(1)
				go func() {
					defer wg.Done()
					sc := newScratch()
					for d := int(next.Add(1) - 1); d <= hi; d = int(next.Add(1) - 1) {
						cell(d, diag-d, sc)
					}
				}()
			}
			wg.Wait()
		}
		done += int64(hi - lo + 1)
		report(done)
	}
	return nil
}

// levelSets computes Grundy values as level sets: pass(v) gives the values
// v..v+levels-1 in turn, value u to the positions not valued below u with no
// option of value u, and returns how many it valued; the passes run for
// v = 0, levels, 2*levels, ... until all total positions have a value.
func levelSets(total int64, levels int, opts Options, pass func(v uint32) (int64, error)) error {
	var valued int64
	for v := uint32(0); valued < total; v += uint32(levels) {
		found, err := pass(v)
		if err != nil {
			return fmt.Errorf("at Grundy value %d: %w", v, err)
		}
		valued += found
		opts.progress(valued, total)
	}
	return nil
}

// padded returns box padded with zero piles to at least n piles: the
// sweeps name their slowest piles n-1, n-2, ... whatever the box.
func padded(box table.Box, n int) []int {
	h := append([]int(nil), box...)
	for len(h) < n {
		h = append(h, 0)
	}
	return h
}

// nextLine is the odometer of the lines of a sub-slab: it moves q to the
// next line, piles 1..last counting with pile 1 fastest (pile i up to
// h[i]), and returns nonEmpty with bit i set exactly when q[i] > 0 among
// those piles (the line one token below in pile i exists).
func nextLine(q, h []int, last int, nonEmpty uint64) uint64 {
	for i := 1; i <= last; i++ {
		if q[i] < h[i] {
			q[i]++
			return nonEmpty | 1<<uint(i)
		}
		q[i] = 0
		nonEmpty &^= 1 << uint(i)
	}
	return nonEmpty
}
