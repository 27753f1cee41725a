package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// loadClients and loadFor are the size of TestServerUnderLoad: 50 clients,
// each on its own loopback address, for 20 s (3 s with -short).
const loadClients = 50

// TestServerUnderLoad runs 50 clients for 20 s of mixed outcome, slice, draw
// and solve requests while the papers' claims are recomputed (repro), and
// checks that the server holds: every answer is 200 or 429 (a client's
// second solve while its first runs), the memory stays bounded, and an
// outcome is answered quickly. The latencies and the peak memory are
// reported (go test -v -run TestServerUnderLoad); the latency bound
// asserted is generous, for a loaded machine. It is long because it is one
// scenario, read top to bottom, whose steps share the server and its clients.
func TestServerUnderLoad(t *testing.T) {
	duration := 20 * time.Second
	if testing.Short() {
		duration = 3 * time.Second
	}
	const cacheBytes = 64 << 20
	s := newServer("", serverLimits{maxPositions: 1_000_000, timeout: 30 * time.Second, cacheBytes: cacheBytes})
	srv := httptest.NewServer(s.handler())
	defer srv.Close()

	// Each client dials from its own loopback address, as distinct clients
	// do: the server allows one solve at a time per address.
	client := func(i int) *http.Client {
		d := &net.Dialer{Timeout: 5 * time.Second}
		if distinctLoopback() {
			d.LocalAddr = &net.TCPAddr{IP: net.IPv4(127, 0, 1, byte(1+i))}
		}
		return &http.Client{Timeout: time.Minute, Transport: &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 2}}
	}

	base, peakHeap := sampleHeap(50 * time.Millisecond)

	// repro recomputes every claim meanwhile (about 19 s alone on 2 cores).
	reproCtx, stopRepro := context.WithCancel(context.Background())
	defer stopRepro()
	var claims atomic.Int32
	reproDone := make(chan error, 1)
	go func() {
		req, _ := http.NewRequestWithContext(reproCtx, "GET", srv.URL+"/api/repro?stream=1", nil)
		resp, err := client(loadClients).Do(req)
		if err != nil {
			reproDone <- err
			return
		}
		defer resp.Body.Close()
		r := bufio.NewReader(resp.Body)
		for {
			line, err := r.ReadString('\n')
			switch {
			case strings.HasPrefix(line, "event: claim"):
				claims.Add(1)
			case strings.HasPrefix(line, "event: error"):
				data, _ := r.ReadString('\n')
				reproDone <- fmt.Errorf("repro: %s", data)
				return
			}
			if err != nil {
				reproDone <- nil
				return
			}
		}
	}()

	type sample struct {
		kind    string
		status  int
		elapsed time.Duration
	}
	var mu sync.Mutex
	var samples []sample
	var failures []string
	deadline := time.Now().Add(duration)
	var wg sync.WaitGroup
	for i := range loadClients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := client(i)
			rng := rand.New(rand.NewPCG(uint64(i), 7))
			get := func(kind, u string) {
				start := time.Now()
				resp, err := c.Get(srv.URL + u)
				var body []byte
				if err == nil {
					body, err = io.ReadAll(resp.Body)
					resp.Body.Close()
				}
				elapsed := time.Since(start)
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err != nil:
					failures = append(failures, fmt.Sprintf("%s: %v", u, err))
				case resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusTooManyRequests:
					failures = append(failures, fmt.Sprintf("%s: %d %.200s", u, resp.StatusCode, body))
				case resp.StatusCode == http.StatusOK && kind != "draw" && !json.Valid(body):
					failures = append(failures, fmt.Sprintf("%s: not JSON: %.200s", u, body))
				default:
					samples = append(samples, sample{kind, resp.StatusCode, elapsed})
				}
			}
			for time.Now().Before(deadline) {
				kind, u := loadRequest(rng)
				if i%10 != 0 {
					get(kind, u)
					continue
				}
				// One client in ten sends a second request beside each: a
				// second solve of the same client is refused (429).
				var pair sync.WaitGroup
				pair.Go(func() { get(kind, u) })
				get(loadRequest(rng))
				pair.Wait()
			}
		}()
	}
	wg.Wait()
	stopRepro()
	if err := <-reproDone; err != nil && reproCtx.Err() == nil {
		t.Errorf("repro: %v", err)
	}
	peak := peakHeap()

	for i, f := range failures {
		if i == 10 {
			t.Errorf("... and %d more", len(failures)-10)
			break
		}
		t.Errorf("an error other than 429: %s", f)
	}
	count := map[string]int{}
	refused := map[string]int{}
	var outcome []time.Duration
	for _, s := range samples {
		count[s.kind]++
		if s.status == http.StatusTooManyRequests {
			refused[s.kind]++
		} else if s.kind == "outcome" {
			outcome = append(outcome, s.elapsed)
		}
	}
	slices.Sort(outcome)
	quantile := func(q float64) time.Duration {
		if len(outcome) == 0 {
			return 0
		}
		return outcome[min(len(outcome)-1, int(q*float64(len(outcome))))]
	}
	peakMiB := float64(peak) / (1 << 20)
	t.Logf("%d clients, %v, %d requests (%v; 429: %v), %d claims of repro checked meanwhile",
		loadClients, duration, len(samples), count, refused, claims.Load())
	t.Logf("outcome: p50 %v, p99 %v, max %v; peak heap in use %.0f MiB (%.0f MiB before), cache %d KiB of %d MiB",
		quantile(0.5), quantile(0.99), quantile(1), peakMiB, float64(base.HeapInuse)/(1<<20), s.backend.Cache.Bytes()>>10, cacheBytes>>20)
	if len(outcome) == 0 {
		t.Fatal("no outcome was answered")
	}
	// The bound asserted is generous: the goal, measured and stated in
	// docs/web-lab.md, is under 500 ms on 2 cores; a CI machine running
	// other packages' tests beside this one is slower.
	if p99 := quantile(0.99); p99 > 5*time.Second {
		t.Errorf("outcome p99 %v; want well under 5 s", p99)
	}
	if c := s.backend.Cache.Bytes(); c > cacheBytes {
		t.Errorf("the cache holds %d bytes, over its bound %d", c, cacheBytes)
	}
	if peak > base.HeapInuse+512<<20 {
		t.Errorf("peak heap in use %.0f MiB: more than 512 MiB over the %.0f MiB before the load", peakMiB, float64(base.HeapInuse)/(1<<20))
	}
}

// loadRequest picks one request of the load: outcomes of small positions
// (a theorem and a small table), slices of a few tables (solved once, then
// from the cache), figures, and solves of small boxes (identical ones
// merged).
func loadRequest(rng *rand.Rand) (kind, url string) {
	piles := func(n, hi int) string {
		p := make([]string, n)
		for i := range p {
			p[i] = fmt.Sprint(rng.IntN(hi + 1))
		}
		return strings.Join(p, ",")
	}
	switch r := rng.IntN(20); {
	case r < 8:
		games := []struct {
			spec   string
			n, max int
		}{{"cn:6,3", 6, 4}, {"nim:4", 4, 12}, {"slow:4,3", 4, 6}, {"cn:5,2", 5, 5}}
		g := games[rng.IntN(len(games))]
		return "outcome", fmt.Sprintf("/api/outcome?game=%s&position=%s", g.spec, piles(g.n, g.max))
	case r < 13:
		slices := []struct {
			spec   string
			n, max int
		}{{"cn:6,3", 6, 6}, {"nim:3", 3, 15}, {"slow:4,3", 4, 10}}
		g := slices[rng.IntN(len(slices))]
		value := []string{"outcome", "grundy"}[rng.IntN(2)]
		fix := ""
		if g.n > 2 {
			fix = fmt.Sprintf("&fix=3=%d", rng.IntN(g.max+1))
		}
		return "slice", fmt.Sprintf("/api/slice?game=%s&max=%d&axes=1,2%s&value=%s", g.spec, g.max, fix, value)
	case r < 17:
		if rng.IntN(4) == 0 {
			return "draw", "/api/draw?game=cn:6,3&complex=1"
		}
		return "draw", "/api/draw?game=cn:8,3&position=" + piles(8, 9)
	}
	if rng.IntN(2) == 0 {
		return "solve", fmt.Sprintf("/api/solve?game=cn:5,2&max=%d&grundy=%d", 4+rng.IntN(5), rng.IntN(2))
	}
	return "solve", fmt.Sprintf("/api/solve?game=slow:4,3&max=%d&remoteness=1", 6+rng.IntN(5))
}

// distinctLoopback reports whether this machine dials from loopback
// addresses other than 127.0.0.1 (Linux does: 127/8 is loopback).
var distinctLoopback = sync.OnceValue(func() bool {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return false
	}
	defer ln.Close()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 1, 1)}, Timeout: time.Second}
	c, err := d.Dial("tcp", ln.Addr().String())
	if err != nil {
		return false
	}
	c.Close()
	return true
})

// sampleHeap reads the heap in use now (after a collection) and then every
// period; peak stops the sampling and returns the largest it saw.
func sampleHeap(period time.Duration) (base runtime.MemStats, peak func() uint64) {
	runtime.GC()
	runtime.ReadMemStats(&base)
	var most atomic.Uint64
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			most.Store(max(most.Load(), m.HeapInuse))
			select {
			case <-stop:
				return
			case <-time.After(period):
			}
		}
	}()
	return base, func() uint64 {
		close(stop)
		<-sampled
		return most.Load()
	}
}
