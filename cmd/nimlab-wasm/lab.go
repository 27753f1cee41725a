package main

import (
	"context"
	"encoding/json"

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
	backend *api.Backend
}

func newLab() *lab {
	return &lab{backend: &api.Backend{Browser: true, Cache: commands.NewCache(cacheBytes), CacheAll: true}}
}

// call runs the request name?query, with maxMemory (0: the machine's) and
// the progress and claims of events (nil: none), and returns its answer:
// JSON, or a figure's SVG.
func (l *lab) call(ctx context.Context, name, query string, maxMemory int64, events *api.Events) (api.Reply, error) {
	return l.backend.Call(ctx, name, query, maxMemory, events)
}

// failure is the data of the "error" event of a request of name that
// failed with err: {"error": ..., "kind": ...}, as the server answers it.
func (l *lab) failure(name string, err error) []byte {
	data, _ := json.Marshal(l.backend.Failure(name, err))
	return data
}
