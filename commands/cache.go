package commands

import (
	"context"
	"fmt"
	"sync"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/play"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
)

// Cache keeps computed values (tables, opponents, results) for a
// long-running front end such as the web server, within a bound in bytes,
// dropping the least recently used first; and it merges identical
// concurrent computations: the second request for a value being computed
// waits for the first's instead of computing it again.
//
// A merged computation runs for as long as one request still waits for it:
// when every waiting request has gone (its context done), it is cancelled.
// (golang.org/x/sync/singleflight merges calls too, but runs the first
// caller's function under the first caller's context, so that a client going
// away would fail every other client waiting for the same value.)
type Cache struct {
	maxBytes int64

	mu      sync.Mutex
	entries []cacheEntry // least recently used first
	bytes   int64
	flights map[string]*flight
}

type cacheEntry struct {
	key   string
	value any
	bytes int64
}

// flight is one computation under way, and the requests waiting for it.
type flight struct {
	done    chan struct{}
	value   any
	err     error
	waiters int
	cancel  context.CancelFunc
}

// NewCache returns a cache that holds at most maxBytes of values.
func NewCache(maxBytes int64) *Cache {
	return &Cache{maxBytes: maxBytes, flights: map[string]*flight{}}
}

// Bytes is the memory the values kept take, as their computations
// reported it.
func (c *Cache) Bytes() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.bytes
}

// Do returns the value of key: kept, being computed by another request (it
// then waits for that computation), or computed now by compute, which
// returns the value and the bytes it takes. A value is kept when compute
// succeeds and keep is true; compute's context is done when every request
// waiting for it has gone.
func (c *Cache) Do(ctx context.Context, key string, keep bool, compute func(context.Context) (any, int64, error)) (any, error) {
	c.mu.Lock()
	if v, ok := c.lookup(key); ok {
		c.mu.Unlock()
		return v, nil
	}
	f, ok := c.flights[key]
	if !ok {
		fctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
		f = &flight{done: make(chan struct{}), cancel: cancel}
		c.flights[key] = f
		go func() {
			defer cancel()
			v, n, err := compute(fctx)
			c.mu.Lock()
			if c.flights[key] == f {
				delete(c.flights, key)
			}
			if err == nil && keep {
				c.store(key, v, n)
			}
			f.value, f.err = v, err
			c.mu.Unlock()
			close(f.done)
		}()
	}
	f.waiters++
	c.mu.Unlock()
	select {
	case <-f.done:
		return f.value, f.err
	case <-ctx.Done():
		c.mu.Lock()
		if f.waiters--; f.waiters == 0 {
			// Nobody waits any more: stop it, and let a later request start
			// afresh rather than join a cancelled computation.
			f.cancel()
			if c.flights[key] == f {
				delete(c.flights, key)
			}
		}
		c.mu.Unlock()
		return nil, ctx.Err()
	}
}

// has reports whether a value is kept for key.
func (c *Cache) has(key string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, e := range c.entries {
		if e.key == key {
			return true
		}
	}
	return false
}

// lookup returns the value kept for key and marks it used. c.mu is held.
func (c *Cache) lookup(key string) (any, bool) {
	for i, e := range c.entries {
		if e.key == key {
			c.entries = append(append(c.entries[:i:i], c.entries[i+1:]...), e)
			return e.value, true
		}
	}
	return nil, false
}

// store keeps v under key, dropping the least recently used values until
// it fits; a value larger than the whole cache is not kept. c.mu is held.
func (c *Cache) store(key string, v any, n int64) {
	if n > c.maxBytes {
		return
	}
	for len(c.entries) > 0 && c.bytes+n > c.maxBytes {
		c.bytes -= c.entries[0].bytes
		c.entries = c.entries[1:]
	}
	c.entries = append(c.entries, cacheEntry{key, v, n})
	c.bytes += n
}

// admitted is Do for work that solves, kept: a request whose result is not
// cached yet must first be admitted by env (one solve per client), and
// holds its slot until it is answered.
func (c *Cache) admitted(ctx context.Context, env Env, key string, work func(ctx context.Context) (any, int64, error)) (any, error) {
	if !c.has(key) {
		release, err := env.admit()
		if err != nil {
			return nil, err
		}
		defer release()
	}
	return c.Do(ctx, key, true, work)
}

// table returns the table of the plan's solve, solved once for every
// request that asks while it is solved, and kept. The progress of env
// watches the solve of the request that started it.
func (c *Cache) table(ctx context.Context, env Env, plan *solve.Plan) (*table.Table, error) {
	if err := plan.CheckMemory(c.maxBytes); err != nil {
		return nil, err
	}
	opts := plan.Options()
	key := fmt.Sprintf("table|%s|%v|%v|%v", plan.Game().Spec, plan.Box(), opts.Grundy, opts.Remoteness)
	v, err := c.admitted(ctx, env, key, func(ctx context.Context) (any, int64, error) {
		t, err := env.run(ctx, plan)
		if err != nil {
			return nil, 0, err
		}
		return t, t.Bytes(), nil
	})
	if err != nil {
		return nil, err
	}
	return v.(*table.Table), nil
}

// opponent returns the computer's side of a game of g started at start,
// prepared once and kept.
func (c *Cache) opponent(ctx context.Context, env Env, g *game.Game, start game.Position) (*play.Opponent, error) {
	key := "opponent|" + g.Spec + "|" + start.String()
	v, err := c.admitted(ctx, env, key, func(ctx context.Context) (any, int64, error) {
		o, err := play.NewOpponent(ctx, g, start, env.opponentGate())
		if err != nil {
			return nil, 0, err
		}
		return o, o.Bytes() + 1024, nil
	})
	if err != nil {
		return nil, err
	}
	return v.(*play.Opponent), nil
}
