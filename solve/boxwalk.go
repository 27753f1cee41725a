package solve

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/nimlab/nimlab/table"
)

// The plumbing the sweeps share (the fast engine's sweep, the cone
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
	w := waves[S]{workers: workers, cellLines: cellLines, newScratch: newScratch}
	for diag := 0; diag <= hd+hc; diag++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		lo, hi := max(0, diag-hc), min(hd, diag)
		w.run(hi-lo+1, func(i int, sc S) { cell(lo+i, diag-lo-i, sc) })
		done += int64(hi - lo + 1)
		report(done)
	}
	return nil
}

// slabWaves calls cell(e, d, c, scratch) for every cell (e, d, c) with
// 0 <= e <= he, 0 <= d <= hd and 0 <= c <= hc, wave after wave, the cells
// of a wave in parallel as antiDiagonals runs those of a diagonal. Wave w
// holds the cells with e + d + k*c = w, k = max(2, (he+hd)/2 + 1): the
// anti-diagonals of each slab c in turn, the second half of those of slab
// c beside the first half of those of slab c+1, so that most waves hold
// about min(he, hd) + 1 cells where a diagonal holds 1 to min(he, hd) + 1.
// A cell may read what the cells (e-1, d, c), (e, d-1, c) and (e, d, c-1)
// wrote: they lie in earlier waves. It may overwrite what (e, d, c-1)
// wrote, once it has read it: the other readers, (e+1, d, c-1) and
// (e, d+1, c-1), lie in earlier waves (k > 1). And it may overwrite what
// the cells of its slab of smaller d, and those of slab c-2, wrote, keeping
// apart what it writes for the slab's own readers (e+1, d, c) and
// (e, d+1, c) by the parity of d and of c: slab c runs beside slabs c-1
// and c+1 only (2k > he + hd). After each wave report gets the number of
// cells done; ctx is checked before each.
func slabWaves[S any](ctx context.Context, he, hd, hc, workers, cellLines int, newScratch func() S, cell func(e, d, c int, sc S), report func(cells int64)) error {
	k := max(2, (he+hd)/2+1)
	var done int64
	w := waves[S]{workers: workers, cellLines: cellLines, newScratch: newScratch}
	var wave [][3]int
	for at := 0; at <= k*hc+he+hd; at++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		wave = wave[:0]
		for c := max(0, (at-he-hd+k-1)/k); c <= min(hc, at/k); c++ {
			diag := at - k*c
			for e := max(0, diag-hd); e <= min(he, diag); e++ {
				wave = append(wave, [3]int{e, diag - e, c})
			}
		}
		w.run(len(wave), func(i int, sc S) { cell(wave[i][0], wave[i][1], wave[i][2], sc) })
		done += int64(len(wave))
		report(done)
	}
	return nil
}

// waves runs the cells of one wave (antiDiagonals, slabWaves) at a time,
// in parallel when there are several cells and at least parallelLines
// lines of work.
type waves[S any] struct {
	workers, cellLines int
	newScratch         func() S
	serial             S
	hasSerial          bool
}

// run calls cell(i, scratch) for i = 0..cells-1 and returns when every call
// has returned.
func (w *waves[S]) run(cells int, cell func(i int, sc S)) {
	if w.workers <= 1 || cells <= 1 || cells*w.cellLines < parallelLines {
		if !w.hasSerial {
			w.serial, w.hasSerial = w.newScratch(), true
		}
		for i := range cells {
			cell(i, w.serial)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(w.workers, cells) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sc := w.newScratch()
			for i := int(next.Add(1) - 1); i < cells; i = int(next.Add(1) - 1) {
				cell(i, sc)
			}
		}()
	}
	wg.Wait()
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
