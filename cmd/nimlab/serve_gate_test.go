package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"sync"
	"testing"
	"time"

	"github.com/nimlab/nimlab/cmd/internal/api"
	"github.com/nimlab/nimlab/commands"
)

// gateLoad is one kind of request of TestServerGatesEverySolve: its URL
// (or, for the atlas, which the server does not serve, a call of
// commands.Atlas with a request's Env) and the statuses it may answer.
type gateLoad struct {
	kind string
	url  string
	ok   []int
	// byTheorem: the request solves nothing (play from a start too large
	// to solve, by the theorem covering the game).
	byTheorem bool
}

// gateLoads are the requests of TestServerGatesEverySolve, each at the
// server's limits: a solve of nearly --max-positions and one just over it
// (refused, 422), discover on two games, games of play (one whose start is
// too large to solve, played by theorem), and proofs when z3 is there.
func gateLoads(prove bool) []gateLoad {
	ok := []int{http.StatusOK, http.StatusTooManyRequests}
	loads := []gateLoad{
		{"solve", "/api/solve?game=cn:5,2&max=12&grundy=1", ok, false},
		{"solve", "/api/solve?game=cn:5,2&max=13", []int{http.StatusUnprocessableEntity}, true},
		{"discover", "/api/discover?game=slow:4,3&max=6&verify-max=9", ok, false},
		{"discover", "/api/discover?game=cn:4,2&max=6", ok, false},
		{"play", "/api/play?" + url.Values{"game": {"nim:3"}, "history": {"20,30,40"}}.Encode(), ok, false},
		{"play", "/api/play?" + url.Values{"game": {"cn:5,2"}, "history": {"9,8,7,6,5"}}.Encode(), ok, false},
		{"play", "/api/play?" + url.Values{"game": {"nim:3"}, "history": {"1000000,2000000,3000000"}}.Encode(), ok, true},
	}
	if prove {
		loads = append(loads, gateLoad{"prove", "/api/prove?" + url.Values{"game": {"nim:3"}, "expr": {"a ^ b ^ c == 0"}}.Encode(), ok, false})
	}
	return loads
}

// proveTests reports whether the test runs proofs: with z3 on the PATH, or
// always with NIMLAB_PROVE_TESTS=1 (then a missing z3 fails the test).
func proveTests() bool {
	if os.Getenv("NIMLAB_PROVE_TESTS") == "1" {
		return true
	}
	_, err := exec.LookPath("z3")
	return err == nil
}

// TestServerGatesEverySolve drives the server with concurrent discover,
// prove, play and atlas requests at its limits, and shows that every solve
// they run goes through the one gate (commands.Solves counts it) and that
// memory and concurrency hold: never more solves at once than the server's
// bound, never more memory reserved than its bound, the peak heap within
// that bound and the cache's (with slack for the rest of the process), and
// every answer 200, 429 (a client's second solve), or 422 for the one
// request over the limit of positions.
func TestServerGatesEverySolve(t *testing.T) {
	duration := 8 * time.Second
	if testing.Short() {
		duration = 3 * time.Second
	}
	const (
		solves     = 2
		solveBytes = 48 << 20
		cacheBytes = 16 << 20
		slack      = 128 << 20
	)
	s := newServer("", serverLimits{maxPositions: 400_000, timeout: 30 * time.Second, cacheBytes: cacheBytes, solves: solves, solveBytes: solveBytes})
	srv := httptest.NewServer(s.handler())
	defer srv.Close()
	gate := s.backend.Solves
	prove := proveTests()
	if !prove {
		t.Log("z3 is not installed: no proof in the load (NIMLAB_PROVE_TESTS=1 requires it)")
	}
	client := func(i int) *http.Client {
		d := &net.Dialer{Timeout: 5 * time.Second}
		if distinctLoopback() {
			d.LocalAddr = &net.TCPAddr{IP: net.IPv4(127, 0, 2, byte(1+i))}
		}
		return &http.Client{Timeout: time.Minute, Transport: &http.Transport{DialContext: d.DialContext}}
	}
	do := func(c *http.Client, l gateLoad) error {
		resp, err := c.Get(srv.URL + l.url)
		if err != nil {
			return err
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		for _, status := range l.ok {
			if resp.StatusCode == status {
				return nil
			}
		}
		return fmt.Errorf("%s: %d %.300s", l.url, resp.StatusCode, body)
	}
	atlas := func(ctx context.Context) error {
		env := s.backend.Env(api.Endpoint{}, nil, nil)
		_, err := commands.Atlas(ctx, env, commands.AtlasRequest{Family: "cn:2..4", Max: 5, Shard: "0/1", ProveTimeout: time.Minute})
		return err
	}

	// One of each, alone: each kind's solves go through the gate.
	c := client(0)
	for _, l := range gateLoads(prove) {
		before := gate.Ran()
		if err := do(c, l); err != nil {
			t.Fatal(err)
		}
		if !l.byTheorem && gate.Ran() == before {
			t.Errorf("%s: no solve went through the gate", l.url)
		}
	}
	before := gate.Ran()
	if err := atlas(context.Background()); err != nil {
		t.Fatal(err)
	}
	if gate.Ran() == before {
		t.Error("the atlas: no solve went through the gate")
	}

	base, peakHeap := sampleHeap(20 * time.Millisecond)
	var mu sync.Mutex
	var failures []error
	fail := func(err error) {
		mu.Lock()
		defer mu.Unlock()
		failures = append(failures, err)
	}
	deadline := time.Now().Add(duration)
	var wg sync.WaitGroup
	loads := gateLoads(prove)
	const clients = 12
	for i := range clients {
		wg.Go(func() {
			c := client(1 + i)
			for n := i; time.Now().Before(deadline); n++ {
				if err := do(c, loads[n%len(loads)]); err != nil {
					fail(err)
				}
			}
		})
	}
	wg.Go(func() {
		for time.Now().Before(deadline) {
			if err := atlas(context.Background()); err != nil {
				fail(fmt.Errorf("atlas: %w", err))
			}
		}
	})
	wg.Wait()
	peak := peakHeap()
	for i, err := range failures {
		if i == 10 {
			t.Errorf("... and %d more", len(failures)-10)
			break
		}
		t.Error(err)
	}
	running, reserved := gate.Peak()
	t.Logf("%d solves through the gate; at most %d at once (bound %d), %.1f MiB reserved at once (bound %d MiB); peak heap %.0f MiB (%.0f MiB before)",
		gate.Ran(), running, solves, float64(reserved)/(1<<20), solveBytes>>20, float64(peak)/(1<<20), float64(base.HeapInuse)/(1<<20))
	if running > solves || running < 1 {
		t.Errorf("%d solves ran at once, the bound is %d", running, solves)
	}
	if reserved > solveBytes {
		t.Errorf("the solves reserved %d bytes at once, the bound is %d", reserved, solveBytes)
	}
	if limit := base.HeapInuse + solveBytes + cacheBytes + slack; peak > limit {
		t.Errorf("peak heap in use %.0f MiB: over the %.0f MiB before, the solves' bound, the cache's and %d MiB of slack", float64(peak)/(1<<20), float64(base.HeapInuse)/(1<<20), slack>>20)
	}
}
