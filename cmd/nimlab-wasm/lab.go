package main

import (
	"context"
	"fmt"
	"net/url"

	"github.com/nimlab/nimlab/cmd/internal/api"
	"github.com/nimlab/nimlab/commands"
)

// cacheBytes bounds the tables and opponents the lab keeps between requests
// in the browser (slices of a solved table, the computer's play).
const cacheBytes = 256 << 20

// lab answers the requests of one page through package api's adapter: its
// cache lives as long as the WebAssembly module. It answers package api's
// endpoints but those that need files (the table parameter) or run
// elsewhere (prove, which needs z3, and plot), which it refuses with the
// command line that runs them.
type lab struct {
	backend   *api.Backend
	endpoints map[string]api.Endpoint
}

func newLab() *lab {
	b := &api.Backend{Wording: api.BrowserWording, Browser: true, Cache: commands.NewCache(cacheBytes), CacheAll: true}
	return &lab{backend: b, endpoints: b.Endpoints()}
}

// call runs the request name?query, with maxMemory (0: the machine's) and
// the progress and claims of events (nil: none), and returns its answer:
// JSON, or a figure's SVG.
func (l *lab) call(ctx context.Context, name, query string, maxMemory int64, events *api.Events) (api.Reply, error) {
	values, err := url.ParseQuery(query)
	if err != nil {
		return api.Reply{}, fmt.Errorf("%s: the query %q: %w", name, query, err)
	}
	e, ok := l.endpoints[name]
	if !ok {
		return api.Reply{}, fmt.Errorf("the lab has no command %q", name)
	}
	q, err := l.backend.Decode(name, e, values)
	if err != nil {
		return api.Reply{}, err
	}
	env := l.backend.Env(e, nil, events)
	env.MaxMemory = maxMemory
	return l.backend.Run(ctx, name, e, q, env)
}
