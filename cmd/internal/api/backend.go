package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/nimlab/nimlab/commands"
	"github.com/nimlab/nimlab/repro"
)

// Backend is what a back end lends every request of the API, and what it
// keeps between them: the server's ("nimlab serve") or the browser's (the
// WebAssembly module).
type Backend struct {
	// Browser says that the back end runs in a browser: it refuses the
	// endpoints that run elsewhere (Endpoint.Elsewhere), and a request too
	// large for a tab, with the command line that runs them.
	Browser bool
	// Resolve, when not nil, turns the table parameter of an endpoint that
	// reads a table into the path of a saved table (Query.Table); without
	// it, a request that gives a table is refused with the command line
	// that reads it.
	Resolve func(name string) (string, error)
	// Cache, when not nil, keeps tables and opponents between requests
	// (for the Cached endpoints, or all with CacheAll) and merges the
	// identical concurrent requests of the Merged endpoints.
	Cache *commands.Cache
	// CacheAll lends Cache to every endpoint.
	CacheAll bool
	// MaxMemory, when not nil, is the memory a request's solve may use,
	// asked at every request.
	MaxMemory func() int64
	// MaxPositions, when positive, bounds the positions of one solve.
	MaxPositions int64
	// Solves, when not nil, bounds the solves of every request together:
	// how many run at once and the memory they reserve (commands.Solves).
	Solves *commands.Solves
	// ProveTimeout is the time each query of a proof may take when the
	// request gives none.
	ProveTimeout time.Duration

	kept sync.Map // endpoint name -> commands.Result of a Kept endpoint
}

// Endpoints are the endpoints the back end answers: Endpoints.
func (b *Backend) Endpoints() map[string]Endpoint {
	return Endpoints()
}

// Decode checks values as the query of the endpoint name (Endpoint.Decode)
// and resolves its table. The browser refuses an endpoint that runs
// elsewhere with the command line that runs it.
func (b *Backend) Decode(name string, e Endpoint, values url.Values) (*Query, error) {
	if b.Browser && e.Elsewhere != "" {
		return nil, queryErrorf("%s is not run in the browser (%s): run %s in a terminal", name, e.Elsewhere, CommandLine(name, e, values))
	}
	q, err := e.Decode(name, values)
	if err != nil {
		return nil, err
	}
	if values.Has("table") && b.Resolve == nil {
		return nil, queryErrorf("/api/%s: no saved table is read here: run %s in a terminal", name, CommandLine(name, e, values))
	}
	if values.Has("table") {
		if q.Table, err = b.Resolve(values.Get("table")); err != nil {
			return nil, &QueryError{err.Error()}
		}
	}
	q.ProveTimeout = b.ProveTimeout
	return q, nil
}

// Call answers the request name?query as the browser's back end does:
// decoded, then run with the back end's Env, maxMemory (0: the back
// end's) and the progress and claims of events (nil: none). Its error is
// answered as Failure says it.
func (b *Backend) Call(ctx context.Context, name, query string, maxMemory int64, events *Events) (Reply, error) {
	values, err := url.ParseQuery(query)
	if err != nil {
		return Reply{}, queryErrorf("/api/%s: the query %q: %v", name, query, err)
	}
	e, ok := b.Endpoints()[name]
	if !ok {
		return Reply{}, queryErrorf("the lab has no command %q", name)
	}
	q, err := b.Decode(name, e, values)
	if err != nil {
		return Reply{}, err
	}
	env := b.Env(e, nil, events)
	if maxMemory != 0 {
		env.MaxMemory = maxMemory
	}
	return b.Run(ctx, name, e, q, env)
}

// Failure is err, of a request of the endpoint name, as the API answers it
// (FailureOf).
func (b *Backend) Failure(name string, err error) Failure {
	return FailureOf(b.Endpoints()[name], err)
}

// Env is the Env of a request of e: its start, the back end's memory,
// positions and cache, admit (may be nil) and the progress and claims of
// events (may be nil).
func (b *Backend) Env(e Endpoint, admit func() (func(), error), events *Events) commands.Env {
	env := commands.Env{Start: time.Now(), MaxPositions: b.MaxPositions, Admit: admit, Solves: b.Solves}
	if b.MaxMemory != nil {
		env.MaxMemory = b.MaxMemory()
	}
	if e.Cached || b.CacheAll {
		env.Cache = b.Cache
	}
	if events != nil {
		env.Progress, env.Claim = events.Progress, events.Claim
	}
	return env
}

// Reply is the answer of a request: JSON (the same object as "nimlab CMD
// ... --json", with the command's text beside it where Endpoint.Text says
// so), or a figure's SVG.
type Reply struct {
	Data   []byte
	Figure bool
}

// ContentType is the reply's media type.
func (r Reply) ContentType() string {
	if r.Figure {
		return "image/svg+xml"
	}
	return "application/json"
}

// Run runs the request of endpoint name, decoded as q, with env, and
// encodes its result. Identical concurrent requests of a Merged endpoint
// run once, the answer of a Kept endpoint without parameters is kept, and
// in the browser an error of a request too large says which command line
// runs it.
func (b *Backend) Run(ctx context.Context, name string, e Endpoint, q *Query, env commands.Env) (Reply, error) {
	res, err := b.result(ctx, name, e, q, env)
	if err != nil {
		if b.Browser && errors.Is(err, commands.ErrTooLarge) {
			return Reply{}, fmt.Errorf("%w (a browser tab allows itself less memory than a machine: run %s in a terminal)", err, CommandLine(name, e, q.Values))
		}
		return Reply{}, err
	}
	if e.Figure {
		var buf strings.Builder
		if err := res.WriteText(&buf); err != nil {
			return Reply{}, fmt.Errorf("%s: %w", name, err)
		}
		return Reply{Data: []byte(buf.String()), Figure: true}, nil
	}
	data, err := json.Marshal(res)
	if err != nil {
		return Reply{}, fmt.Errorf("%s: %w", name, err)
	}
	if e.Text {
		if data, err = withText(data, res); err != nil {
			return Reply{}, fmt.Errorf("%s: %w", name, err)
		}
	}
	return Reply{Data: data}, nil
}

// withText adds to the JSON object data the member "text": res rendered
// as the command line prints it.
func withText(data []byte, res commands.Result) ([]byte, error) {
	var buf strings.Builder
	if err := res.WriteText(&buf); err != nil {
		return nil, err
	}
	text, err := json.Marshal(buf.String())
	if err != nil {
		return nil, err
	}
	if len(data) < 2 || data[0] != '{' || data[len(data)-1] != '}' {
		return nil, fmt.Errorf("the answer %.40q is not a JSON object", data)
	}
	out := append([]byte(nil), data[:len(data)-1]...)
	if len(data) > 2 {
		out = append(out, ',')
	}
	out = append(out, `"text":`...)
	out = append(out, text...)
	return append(out, '}'), nil
}

// result runs the command of a request, merged or kept.
func (b *Backend) result(ctx context.Context, name string, e Endpoint, q *Query, env commands.Env) (commands.Result, error) {
	kept := e.Kept && len(q.Values) == 0
	if kept {
		if r, ok := b.kept.Load(name); ok {
			return r.(commands.Result), nil
		}
	}
	run := func(ctx context.Context) (commands.Result, error) { return e.Run(ctx, env, q) }
	if e.Merged && b.Cache != nil {
		run = func(ctx context.Context) (commands.Result, error) {
			v, err := b.Cache.Do(ctx, name+"?"+q.Values.Encode(), false, func(ctx context.Context) (any, int64, error) {
				res, err := e.Run(ctx, env, q)
				return res, 0, err
			})
			if err != nil {
				return nil, err
			}
			return v.(commands.Result), nil
		}
	}
	res, err := run(ctx)
	if kept && err == nil {
		b.kept.Store(name, res)
	}
	return res, err
}

// Events turns the progress and claims of a long command into events a
// back end sends ("progress" with {"done":..,"total":..} at most ten times
// a second, and "claim" with each claim of repro, as soon as it is
// checked), then its result. Nothing is sent once Close is called, though
// a solve merged with other requests' may still report.
type Events struct {
	mu     sync.Mutex
	send   func(event string, data []byte)
	last   time.Time
	closed bool
}

// NewEvents returns the events of one request, sent by send (called with
// no other call of it running).
func NewEvents(send func(event string, data []byte)) *Events {
	return &Events{send: send}
}

// Send sends one event.
func (e *Events) Send(event string, data []byte) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if !e.closed {
		e.send(event, data)
	}
}

// Close ends the events: the request is answered.
func (e *Events) Close() {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.closed = true
}

// Progress is the events' commands.Progress.
func (e *Events) Progress(string, int64) (func(done, total int64), func()) {
	return e.progress, nil
}

// progress sends a "progress" event: the first, the last, and then one
// every 100 ms.
func (e *Events) progress(done, total int64) {
	e.mu.Lock()
	if time.Since(e.last) < 100*time.Millisecond && done < total {
		e.mu.Unlock()
		return
	}
	e.last = time.Now()
	e.mu.Unlock()
	data, _ := json.Marshal(struct {
		Done  int64 `json:"done"`
		Total int64 `json:"total"`
	}{done, total})
	e.Send("progress", data)
}

// Claim sends a "claim" event: one claim of repro.
func (e *Events) Claim(r repro.Result) {
	data, _ := json.Marshal(r)
	e.Send("claim", data)
}

// CommandLine is the nimlab command line that runs the request name of e
// with values: the game (and position) as arguments, the rest as flags in
// a fixed order. A game played (play, advise) starts at its start in the
// terminal.
func CommandLine(name string, e Endpoint, values url.Values) string {
	cmd := name
	if e.Command != "" {
		cmd = e.Command
	}
	words := []string{"nimlab", cmd}
	if cmd == "play" {
		start := values.Get("start")
		if h := values.Get("history"); h != "" {
			start, _, _ = strings.Cut(h, HistorySeparator)
		}
		if start == "" {
			start = values.Get("position")
		}
		return strings.Join(append(words, commands.ShellQuote(values.Get("game")), commands.ShellQuote(start)), " ")
	}
	for _, key := range []string{"game", "position"} {
		if values.Has(key) {
			words = append(words, commands.ShellQuote(values.Get(key)))
		}
	}
	keys := make([]string, 0, len(values))
	for key := range values {
		if key != "game" && key != "position" && key != "stream" {
			keys = append(keys, key)
		}
	}
	slices.Sort(keys)
	for _, key := range keys {
		p, _ := param(e.Schema, key)
		whole := p.Kind == Whole
		switch v := values.Get(key); {
		case v == "" || v == "1" && !whole:
			words = append(words, "--"+key)
		default:
			words = append(words, "--"+key, commands.ShellQuote(v))
		}
	}
	if e.Figure || e.Command == "plot" {
		words = append(words, "--out", name+".svg")
	}
	return strings.Join(words, " ")
}
