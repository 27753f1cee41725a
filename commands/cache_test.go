package commands

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestCacheMergesConcurrentRuns: requests for a value being computed wait
// for that computation instead of starting their own.
func TestCacheMergesConcurrentRuns(t *testing.T) {
	c := NewCache(1 << 20)
	var runs atomic.Int32
	release := make(chan struct{})
	var wg sync.WaitGroup
	for range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v, err := c.Do(context.Background(), "k", false, func(context.Context) (any, int64, error) {
				runs.Add(1)
				<-release
				return 42, 8, nil
			})
			if err != nil || v != 42 {
				t.Errorf("Do: %v %v", v, err)
			}
		}()
	}
	time.Sleep(50 * time.Millisecond)
	close(release)
	wg.Wait()
	if n := runs.Load(); n != 1 {
		t.Errorf("%d runs for 10 concurrent requests; want 1", n)
	}
	if c.Bytes() != 0 {
		t.Errorf("a value not to keep takes %d bytes", c.Bytes())
	}
}

// TestCacheBoundInBytes: values are kept within the bound, the least
// recently used dropped first, and one larger than the bound not kept.
func TestCacheBoundInBytes(t *testing.T) {
	c := NewCache(100)
	put := func(key string, n int64) {
		if _, err := c.Do(context.Background(), key, true, func(context.Context) (any, int64, error) { return key, n, nil }); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct {
		key   string
		bytes int64
		kept  []string
		total int64
	}{
		{"a", 40, []string{"a"}, 40},
		{"b", 40, []string{"a", "b"}, 80},
		{"a", 40, []string{"a", "b"}, 80}, // used: b is now the oldest
		{"c", 40, []string{"a", "c"}, 80},
		{"huge", 101, []string{"a", "c"}, 80},
		{"d", 100, []string{"d"}, 100},
	} {
		put(tt.key, tt.bytes)
		for _, k := range tt.kept {
			if !c.has(k) {
				t.Errorf("after %s: %s dropped", tt.key, k)
			}
		}
		if c.Bytes() != tt.total || c.Bytes() > c.maxBytes {
			t.Errorf("after %s: %d bytes; want %d", tt.key, c.Bytes(), tt.total)
		}
	}
}

// TestCacheStopsAbandonedRuns: a computation is cancelled when every
// request waiting for it has gone, and a later request starts afresh.
func TestCacheStopsAbandonedRuns(t *testing.T) {
	c := NewCache(1 << 20)
	stopped := make(chan struct{})
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		time.Sleep(20 * time.Millisecond)
		cancel()
	}()
	_, err := c.Do(ctx, "k", true, func(ctx context.Context) (any, int64, error) {
		<-ctx.Done()
		close(stopped)
		return nil, 0, ctx.Err()
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("the abandoned request: %v", err)
	}
	select {
	case <-stopped:
	case <-time.After(5 * time.Second):
		t.Fatal("the computation nobody waits for still runs")
	}
	v, err := c.Do(context.Background(), "k", true, func(context.Context) (any, int64, error) { return 1, 1, nil })
	if err != nil || v != 1 {
		t.Errorf("a later request: %v %v", v, err)
	}
}
