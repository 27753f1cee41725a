package parallel_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/nimlab/nimlab/internal/parallel"
)

func TestChunksCoverEveryIndexOnce(t *testing.T) {
	for _, tc := range []struct {
		n, size int64
		workers int
	}{{0, 4, 2}, {1, 4, 2}, {10, 3, 1}, {10, 3, 4}, {1000, 7, 3}, {5, 0, 2}} {
		seen := make([]int, tc.n)
		var mu sync.Mutex
		err := parallel.Chunks(context.Background(), tc.n, tc.size, tc.workers, func(from, to int64) error {
			mu.Lock()
			defer mu.Unlock()
			for i := from; i < to; i++ {
				seen[i]++
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range seen {
			if c != 1 {
				t.Fatalf("%+v: index %d done %d times", tc, i, c)
			}
		}
	}
}

func TestChunksStop(t *testing.T) {
	boom := errors.New("boom")
	err := parallel.Chunks(context.Background(), 100, 1, 2, func(from, _ int64) error {
		if from == 10 {
			return boom
		}
		return nil
	})
	if !errors.Is(err, boom) {
		t.Errorf("an error in one chunk: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	calls := 0
	err = parallel.Chunks(ctx, 100, 1, 1, func(int64, int64) error { calls++; return nil })
	if !errors.Is(err, context.Canceled) || calls != 0 {
		t.Errorf("a cancelled context: %v after %d chunks", err, calls)
	}
}

func ExampleChunks() {
	var mu sync.Mutex
	sum := int64(0)
	parallel.Chunks(context.Background(), 101, 10, 2, func(from, to int64) error {
		part := int64(0)
		for i := from; i < to; i++ {
			part += i
		}
		mu.Lock()
		sum += part
		mu.Unlock()
		return nil
	})
	fmt.Println(sum)
	// Output: 5050
}
