package solve

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
)

// TestSlabWaves checks the order of the cells slabWaves runs against what
// the sweep of sets of values needs of it: every cell once; the cells a
// cell reads, (e-1, d, c), (e, d-1, c) and (e, d, c-1), in earlier waves;
// and before a cell overwrites what another wrote (the carried part of the
// same sub-slab one slab earlier, the local part of the sub-slab of the
// same e and parities of d and c), every reader of that other cell in an
// earlier wave. The cells of a wave run together, so earlier means in a
// wave before.
func TestSlabWaves(t *testing.T) {
	for _, c := range []struct{ he, hd, hc int }{
		{0, 0, 0}, {0, 0, 3}, {1, 0, 3}, {0, 1, 3}, {1, 1, 2}, {3, 0, 2}, {0, 4, 2}, {2, 2, 2}, {3, 5, 4}, {6, 2, 5}, {5, 5, 6}, {1, 7, 3},
	} {
		t.Run(fmt.Sprintf("%d,%d,%d", c.he, c.hd, c.hc), func(t *testing.T) {
			type cell struct{ e, d, c int }
			wave := map[cell]int{}
			at := 0
			err := slabWaves(context.Background(), c.he, c.hd, c.hc, 1, 1, func() int { return 0 },
				func(e, d, sl int, _ int) {
					x := cell{e, d, sl}
					if _, ok := wave[x]; ok {
						t.Fatalf("cell %v run twice", x)
					}
					wave[x] = at
				},
				func(int64) { at++ })
			if err != nil {
				t.Fatal(err)
			}
			if want := (c.he + 1) * (c.hd + 1) * (c.hc + 1); len(wave) != want {
				t.Fatalf("%d cells run, want %d", len(wave), want)
			}
			// readers lists the cells that read what x writes: the
			// carried part (local false) or the local part.
			readers := func(x cell, local bool) []cell {
				rs := []cell{{x.e + 1, x.d, x.c}, {x.e, x.d + 1, x.c}}
				if !local {
					rs = append(rs, cell{x.e, x.d, x.c + 1})
				}
				return slices.DeleteFunc(rs, func(r cell) bool {
					_, ok := wave[r]
					return !ok
				})
			}
			for x, w := range wave {
				for _, r := range readers(x, false) {
					if wave[r] <= w {
						t.Fatalf("cell %v (wave %d) reads cell %v of wave %d", r, wave[r], x, w)
					}
				}
				for y, wy := range wave {
					// y overwrites x's carried part one slab later (reading
					// it first), or its local part in the same place later.
					carried := y == cell{x.e, x.d, x.c + 1}
					local := y.e == x.e && y.d%2 == x.d%2 && y.c%2 == x.c%2 && (y.c > x.c || y.c == x.c && y.d > x.d)
					if !carried && !local {
						continue
					}
					for _, r := range readers(x, local) {
						if r != y && wave[r] >= wy {
							t.Fatalf("cell %v (wave %d) overwrites cell %v before its reader %v (wave %d)", y, wy, x, r, wave[r])
						}
					}
				}
			}
		})
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := slabWaves(ctx, 2, 2, 2, 2, 1, func() int { return 0 }, func(e, d, c int, _ int) {}, func(int64) {}); !errors.Is(err, context.Canceled) {
		t.Fatalf("slabWaves on a cancelled context: %v", err)
	}
}
