package main

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/nimlab/nimlab/figure"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/play"
	"github.com/nimlab/nimlab/prove"
	"github.com/nimlab/nimlab/repro"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
	"github.com/spf13/cobra"
)

//go:embed web
var webFiles embed.FS

// apiCommands are the commands the API serves, with the query parameters
// each takes besides game and position: flags of the same name. Flags that
// read or write files are not among them, but --table, which the server
// resolves inside --data.
var apiCommands = map[string][]string{
	"outcome":  {"table"},
	"solve":    {"max", "grundy", "remoteness", "table"},
	"list":     {"max", "classes", "table"},
	"check":    {"max", "expr", "theorem", "properties", "strategy", "examples", "table"},
	"complex":  {"basis"},
	"theorems": {},
	"critical": {"max", "remoteness", "table"},
	"discover": {"max", "verify-max"},
	"prove":    {"expr", "theorem", "timeout", "solver"},
	"repro":    {"list", "only"},
}

// booleanFlags take no value on the command line.
var booleanFlags = []string{"grundy", "remoteness", "classes", "properties", "list"}

// listen opens the server's socket (a variable for tests, which do not
// listen).
var listen = net.Listen

// serverLimits bound what one request may ask.
type serverLimits struct {
	maxPositions int64
	timeout      time.Duration
}

// server is the web lab: the API over the commands, figures, and the pages.
type server struct {
	data   string // the only directory read or written; "" for none
	limits serverLimits
	busy   sync.Map // client address -> struct{}: one solve at a time per client
	tables tableCache
}

func newServeCmd() *cobra.Command {
	var addr, data string
	var maxPositions int64
	var timeout time.Duration
	cmd := &cobra.Command{
		Use:   "serve [--addr 127.0.0.1:8080] [--data DIR]",
		Short: "Serve the web lab: explore, draw, play and check the games in a browser",
		Long: `Serves a local web application (embedded in the binary; it works offline):
explore a game (its complex, theorems, a solved table and a slice viewer), look
at a position (drawn as in the papers, with every winning move), play against
the computer, check an expression, and see the papers' claims recomputed.

Every analysis is also served as JSON: GET /api/outcome, /api/solve, /api/list,
/api/check, /api/discover, /api/prove, /api/complex, /api/theorems and
/api/critical take the CLI's flags as query parameters (game, position, max,
grundy, ...) and answer with the same object as "nimlab CMD ... --json";
/api/draw and /api/plot answer SVG. /api/prove runs the solver (z3) for at
most the request's time: each query for timeout (by default an eighth of
--timeout), and the solver is stopped when the client goes away.
/api/repro answers "nimlab repro --json" (computed once, then kept), and
/api/repro?list=1 the claims without computing them, as "repro --list --json".

The server binds loopback unless --addr says otherwise (with a warning), and
limits every request: its size, its time (--timeout), the positions of a solve
(--max-positions, and the machine's memory), and one solve at a time per
client. Files are read only inside --data (saved tables, for ?table=NAME).`,
		Example: `  nimlab serve
  nimlab serve --addr 127.0.0.1:9000 --data ~/nimlab-tables`,
		Args: positional,
		RunE: func(cmd *cobra.Command, args []string) error {
			host, _, err := net.SplitHostPort(addr)
			if err != nil {
				return fmt.Errorf("--addr %q: %w", addr, err)
			}
			if err := positiveDuration("timeout", timeout); err != nil {
				return err
			}
			if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
				fmt.Fprintf(cmd.ErrOrStderr(), "warning: %s is not a loopback address: anyone who can reach it can use the lab\n", addr)
			}
			if data != "" {
				if data, err = filepath.Abs(data); err != nil {
					return err
				}
				if info, err := os.Stat(data); err != nil || !info.IsDir() {
					return fmt.Errorf("--data %s: not a directory", data)
				}
			}
			s := &server{data: data, limits: serverLimits{maxPositions: maxPositions, timeout: timeout}}
			ln, err := listen("tcp", addr)
			if err != nil {
				return err
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "nimlab lab on %s\n", browserURL(ln.Addr()))
			return s.serve(cmd.Context(), ln)
		},
	}
	cmd.Flags().StringVar(&addr, "addr", "127.0.0.1:8080", "address to listen on (loopback by default)")
	cmd.Flags().StringVar(&data, "data", "", "directory of saved tables the lab may read (?table=NAME)")
	wholeVar(cmd.Flags(), &maxPositions, "max-positions", 200_000_000, 1, table.MaxPositions, "the most positions one solve may have")
	cmd.Flags().DurationVar(&timeout, "timeout", 2*time.Minute, "the longest one request may run")
	return cmd
}

// browserURL is the URL of the lab listening at addr: an address that
// listens on every interface (0.0.0.0, ::) is opened as localhost.
func browserURL(addr net.Addr) string {
	host, port, err := net.SplitHostPort(addr.String())
	if err != nil {
		return "http://" + addr.String() + "/"
	}
	if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port) + "/"
}

// serve answers on ln until ctx is done.
func (s *server) serve(ctx context.Context, ln net.Listener) error {
	srv := &http.Server{
		Handler:           s.handler(),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      s.limits.timeout + 10*time.Second,
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          log.New(os.Stderr, "nimlab serve: ", 0),
	}
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		srv.Shutdown(shut)
	}()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return ctx.Err()
}

func (s *server) handler() http.Handler {
	mux := http.NewServeMux()
	static, _ := fs.Sub(webFiles, "web")
	mux.Handle("GET /", http.FileServerFS(static))
	for name := range apiCommands {
		if name == "repro" {
			continue // s.repro keeps the whole recomputation
		}
		mux.HandleFunc("GET /api/"+name, func(w http.ResponseWriter, r *http.Request) { s.command(w, r, name) })
	}
	mux.HandleFunc("GET /api/draw", s.draw)
	mux.HandleFunc("GET /api/plot", s.plot)
	mux.HandleFunc("GET /api/slice", s.slice)
	mux.HandleFunc("GET /api/advise", s.advise)
	mux.HandleFunc("GET /api/repro", s.repro)
	mux.HandleFunc("GET /api/games", s.games)
	return s.limit(mux)
}

// limit bounds every request's size and time.
func (s *server) limit(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if len(r.URL.RawQuery) > 8<<10 {
			httpError(w, http.StatusRequestURITooLong, errors.New("the query is longer than 8 kB"))
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, 64<<10)
		ctx, cancel := context.WithTimeout(r.Context(), s.limits.timeout)
		defer cancel()
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// httpError answers {"error": ...} with a status.
func httpError(w http.ResponseWriter, status int, err error) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]string{"error": err.Error()})
}

// statusOf maps an error to an HTTP status: too large or out of time is not
// the client's syntax, but still the request's fault (422, 504).
func statusOf(err error) int {
	switch {
	case errors.Is(err, solve.ErrTooLarge):
		return http.StatusUnprocessableEntity
	case errors.Is(err, context.DeadlineExceeded):
		return http.StatusGatewayTimeout
	case errors.Is(err, prove.ErrNoSolver):
		return http.StatusServiceUnavailable
	}
	return http.StatusBadRequest
}

// args turns the query into the command line of the command name: game and
// position are positional, the other parameters its flags.
func (s *server) args(r *http.Request, name string) ([]string, error) {
	q := r.URL.Query()
	args := []string{name}
	if name != "theorems" && name != "repro" || name == "theorems" && q.Has("game") {
		g := q.Get("game")
		if g == "" {
			return nil, errors.New("give a game, e.g. ?game=cn:6,3")
		}
		args = append(args, g)
	}
	if name == "outcome" {
		args = append(args, q.Get("position"))
	}
	for key, values := range q {
		switch {
		case key == "game" && name != "repro" || key == "position" && name == "outcome" || key == "stream":
			continue
		case !slices.Contains(apiCommands[name], key):
			var takes []string
			if name != "repro" {
				takes = append(takes, "game")
			}
			if name == "outcome" {
				takes = append(takes, "position")
			}
			return nil, fmt.Errorf("/api/%s takes no parameter %q (it takes %s)", name, key, strings.Join(append(takes, apiCommands[name]...), ", "))
		case key == "table":
			path, err := s.dataFile(values[0])
			if err != nil {
				return nil, err
			}
			args = append(args, "--table", path)
		case slices.Contains(booleanFlags, key) && !(name == "critical" && key == "remoteness"):
			if values[0] != "" && values[0] != "false" && values[0] != "0" {
				args = append(args, "--"+key)
			}
		default:
			args = append(args, "--"+key, values[0])
		}
	}
	return append(args, "--json"), nil
}

// dataFile resolves a table's name inside --data, refusing anything else.
func (s *server) dataFile(name string) (string, error) {
	if s.data == "" {
		return "", errors.New("the server reads no tables (start it with --data DIR)")
	}
	if !filepath.IsLocal(name) {
		return "", fmt.Errorf("table %q: give a file name inside the data directory", name)
	}
	return filepath.Join(s.data, name), nil
}

// progressKey carries a progress callback to buildTable through a context.
type progressKey struct{}

// command runs the CLI command name with --json on the query and answers
// its JSON, so the API says exactly what the command line says. Solves are
// checked against --max-positions first, and one runs at a time per client.
func (s *server) command(w http.ResponseWriter, r *http.Request, name string) {
	args, err := s.args(r, name)
	if err != nil {
		httpError(w, http.StatusBadRequest, err)
		return
	}
	if err := s.checkSize(r); err != nil {
		httpError(w, http.StatusUnprocessableEntity, err)
		return
	}
	if name == "prove" {
		if args, err = s.proveTimeout(r, args); err != nil {
			httpError(w, http.StatusUnprocessableEntity, err)
			return
		}
	}
	if r.URL.Query().Has("max") || name == "prove" { // it solves a box or runs solvers: one at a time per client
		client, _, _ := net.SplitHostPort(r.RemoteAddr)
		if _, taken := s.busy.LoadOrStore(client, struct{}{}); taken {
			httpError(w, http.StatusTooManyRequests, errors.New("one solve or proof at a time: your previous one is still running"))
			return
		}
		defer s.busy.Delete(client)
	}
	ctx := r.Context()
	var events *eventStream
	if r.URL.Query().Has("stream") {
		events = newEventStream(w)
		ctx = context.WithValue(ctx, progressKey{}, events.progress)
		ctx = context.WithValue(ctx, claimKey{}, events.claim)
	}
	out, err := runCommand(ctx, args)
	if events != nil {
		events.finish(out, err)
		return
	}
	var exit *exitError
	if err != nil && !(errors.As(err, &exit) && len(out) > 0) { // check's verdict still prints JSON
		httpError(w, statusOf(err), err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(out)
}

// runCommand runs a command line in process and returns what it printed.
func runCommand(ctx context.Context, args []string) ([]byte, error) {
	root := newRoot()
	var out bytes.Buffer
	root.SetOut(&out)
	root.SetErr(&bytes.Buffer{})
	root.SetIn(strings.NewReader(""))
	root.SetArgs(args)
	err := root.ExecuteContext(withStart(ctx, time.Now()))
	return out.Bytes(), err
}

// proveTimeout keeps the queries of a proof within the server's time for a
// request: a timeout asked for may not pass it, and none asked for is an
// eighth of it (a proof asks a few queries in turn).
func (s *server) proveTimeout(r *http.Request, args []string) ([]string, error) {
	q := r.URL.Query()
	if !q.Has("timeout") {
		return append(args, "--timeout", (s.limits.timeout / 8).String()), nil
	}
	d, err := time.ParseDuration(q.Get("timeout"))
	if err != nil {
		return args, nil // the command reports it
	}
	if d > s.limits.timeout {
		return nil, fmt.Errorf("timeout %v passes the server's limit of %v per request", d, s.limits.timeout)
	}
	return args, nil
}

// checkSize refuses a solve of more than maxPositions positions before it
// starts (the command itself then checks the memory): the box of max, and
// the one discover verifies on (verify-max).
func (s *server) checkSize(r *http.Request) error {
	q := r.URL.Query()
	if !q.Has("game") {
		return nil
	}
	g, err := game.Parse(q.Get("game"))
	if err != nil {
		return nil // the command reports it
	}
	for _, param := range []string{"max", "verify-max"} {
		h, err := strconv.Atoi(q.Get(param))
		if err != nil || h < 0 {
			continue // absent, or the command reports it
		}
		box := table.Uniform(g.Piles(), h)
		if box.Check() != nil || box.Positions() > s.limits.maxPositions {
			return fmt.Errorf("%w: %s with piles up to %d has more than %d positions, the server's limit", solve.ErrTooLarge, g.Spec, h, s.limits.maxPositions)
		}
	}
	return nil
}

// eventStream answers a long command as server-sent events: "progress"
// events ({"done":..,"total":..}) at most ten a second, then one "result"
// event with the command's JSON, or an "error" event.
type eventStream struct {
	mu    sync.Mutex
	w     http.ResponseWriter
	last  time.Time
	flush func()
}

func newEventStream(w http.ResponseWriter) *eventStream {
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	e := &eventStream{w: w, flush: func() {}}
	if f, ok := w.(http.Flusher); ok {
		e.flush = f.Flush
	}
	return e
}

func (e *eventStream) send(event string, data []byte) {
	fmt.Fprintf(e.w, "event: %s\ndata: %s\n\n", event, bytes.TrimSpace(data))
	e.flush()
}

func (e *eventStream) progress(done, total int64) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if time.Since(e.last) < 100*time.Millisecond && done < total {
		return
	}
	e.last = time.Now()
	data, _ := json.Marshal(map[string]int64{"done": done, "total": total})
	e.send("progress", data)
}

// claim sends a "claim" event: one claim of repro, as soon as it is checked.
func (e *eventStream) claim(r repro.Result) {
	e.mu.Lock()
	defer e.mu.Unlock()
	data, _ := json.Marshal(r)
	e.send("claim", data)
}

func (e *eventStream) finish(out []byte, err error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	var exit *exitError
	if err != nil && !(errors.As(err, &exit) && len(out) > 0) {
		data, _ := json.Marshal(map[string]string{"error": err.Error()})
		e.send("error", data)
		return
	}
	e.send("result", out)
}

// writeFigure answers a figure as SVG.
func writeFigure(w http.ResponseWriter, f *figure.Figure) {
	var buf bytes.Buffer
	if err := f.Write(&buf, "svg"); err != nil {
		httpError(w, http.StatusInternalServerError, err)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Write(buf.Bytes())
}

// draw answers the figure of nimlab draw: ?game=&position=[&move=] or
// ?game=&complex=1.
func (s *server) draw(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	g, err := game.Parse(q.Get("game"))
	if err != nil {
		httpError(w, http.StatusBadRequest, err)
		return
	}
	if q.Get("complex") != "" {
		circuits, err := g.Complex.Circuits(r.Context())
		if err != nil && !errors.Is(err, solve.ErrTooLarge) {
			httpError(w, statusOf(err), err)
			return
		}
		f, err := figure.Complex(g, circuits)
		if err != nil {
			httpError(w, http.StatusBadRequest, err)
			return
		}
		writeFigure(w, f)
		return
	}
	p, err := g.ParsePosition(q.Get("position"))
	if err != nil {
		httpError(w, http.StatusBadRequest, err)
		return
	}
	var to game.Position
	if q.Get("move") != "" {
		if to, err = g.ParsePosition(q.Get("move")); err != nil {
			httpError(w, http.StatusBadRequest, err)
			return
		}
	}
	f, err := figure.Position(g, p, to)
	if err != nil {
		httpError(w, http.StatusBadRequest, err)
		return
	}
	writeFigure(w, f)
}

// sliceOf solves (or takes from the cache) the table of the query's game and
// max, and cuts the slice the query asks: axes=I,J, fix=K=v,..., value.
func (s *server) sliceOf(r *http.Request) (*game.Game, *table.Slice, error) {
	q := r.URL.Query()
	g, err := game.Parse(q.Get("game"))
	if err != nil {
		return nil, nil, err
	}
	h, err := strconv.Atoi(q.Get("max"))
	if err != nil || h < 0 {
		return nil, nil, errors.New("give max, the largest pile, e.g. &max=12")
	}
	if err := s.checkSize(r); err != nil {
		return nil, nil, err
	}
	value := q.Get("value")
	if value == "" {
		value = "outcome"
	}
	if !slices.Contains(table.Values, value) {
		return nil, nil, fmt.Errorf("value must be outcome, grundy or remoteness, not %q", value)
	}
	axes := q.Get("axes")
	if axes == "" {
		axes = "1,2"
	}
	x, y, fixed, err := parseSlice(axes, q.Get("fix"), g.Piles())
	if err != nil {
		return nil, nil, err
	}
	opts := solve.Options{Grundy: value == "grundy", Remoteness: value == "remoteness"}
	t, err := s.tables.get(r.Context(), g, h, opts)
	if err != nil {
		return nil, nil, err
	}
	sl, err := t.Slice(x, y, fixed, value)
	return g, sl, err
}

// slice answers a slice of a table as JSON (table.Slice).
func (s *server) slice(w http.ResponseWriter, r *http.Request) {
	_, sl, err := s.sliceOf(r)
	if err != nil {
		httpError(w, statusOf(err), err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(sl)
}

// plot answers the figure of nimlab plot as SVG.
func (s *server) plot(w http.ResponseWriter, r *http.Request) {
	g, sl, err := s.sliceOf(r)
	if err != nil {
		httpError(w, statusOf(err), err)
		return
	}
	f, err := figure.Slice(g, sl)
	if err != nil {
		httpError(w, http.StatusBadRequest, err)
		return
	}
	writeFigure(w, f)
}

// advise answers the computer's advice and move at a position of a game
// started at start (play.Opponent): ?game=&start=&position=.
func (s *server) advise(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	g, err := game.Parse(q.Get("game"))
	if err != nil {
		httpError(w, http.StatusBadRequest, err)
		return
	}
	p, err := g.ParsePosition(q.Get("position"))
	if err != nil {
		httpError(w, http.StatusBadRequest, err)
		return
	}
	start := p
	if q.Get("start") != "" {
		if start, err = g.ParsePosition(q.Get("start")); err != nil {
			httpError(w, http.StatusBadRequest, err)
			return
		}
	}
	opp, err := s.tables.opponent(r.Context(), g, start)
	if err != nil {
		httpError(w, statusOf(err), err)
		return
	}
	a, err := opp.Advise(r.Context(), p)
	if err != nil {
		httpError(w, statusOf(err), err)
		return
	}
	res := map[string]any{"game": g.Spec, "position": p, "advice": a, "terminal": g.IsTerminal(p)}
	if q.Get("check") != "" {
		// The page asks whether a move typed by the player is legal.
		to, err := g.ParsePosition(q.Get("check"))
		if err == nil {
			err = g.CheckMove(p, to)
		}
		res["check"] = "legal"
		if err != nil {
			res["check"] = err.Error()
		}
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(res)
}

// repro answers the papers' claims (nimlab repro --json), computed once;
// with ?stream=1 as events, a "claim" event for each claim as it is checked
// (none when they were computed before), then the "result". Any other
// parameter (?list=1, ?only=) runs the command as asked.
func (s *server) repro(w http.ResponseWriter, r *http.Request) {
	for key := range r.URL.Query() {
		if key != "stream" {
			s.command(w, r, "repro")
			return
		}
	}
	ctx := r.Context()
	var events *eventStream
	if r.URL.Query().Has("stream") {
		events = newEventStream(w)
		ctx = context.WithValue(ctx, claimKey{}, events.claim)
	}
	out, err := s.tables.reproOnce(ctx)
	if events != nil {
		events.finish(out, err)
		return
	}
	if err != nil {
		httpError(w, statusOf(err), err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(out)
}

// games answers the families and combinators (nimlab games --json).
func (s *server) games(w http.ResponseWriter, r *http.Request) {
	out, err := runCommand(r.Context(), []string{"games", "--json"})
	if err != nil {
		httpError(w, statusOf(err), err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(out)
}

// tableCache keeps the last solved tables and opponents, so that the slice
// viewer and play answer from memory; it holds at most cacheBytes of tables.
type tableCache struct {
	mu        sync.Mutex
	entries   []cachedTable
	opponents map[string]*play.Opponent
	reproMu   sync.Mutex // held while the claims are recomputed, apart from mu
	repro     []byte
}

type cachedTable struct {
	key string
	t   *table.Table
}

const cacheBytes = 1 << 30

func (c *tableCache) get(ctx context.Context, g *game.Game, h int, opts solve.Options) (*table.Table, error) {
	key := fmt.Sprintf("%s|%d|%v|%v", g.Spec, h, opts.Grundy, opts.Remoteness)
	c.mu.Lock()
	for _, e := range c.entries {
		if e.key == key {
			c.mu.Unlock()
			return e.t, nil
		}
	}
	c.mu.Unlock()
	box := table.Uniform(g.Piles(), h)
	if err := solve.CheckMemory(g, box, opts, false, min(availableMemory(), cacheBytes)); err != nil {
		return nil, err
	}
	t, err := solve.Table(ctx, g, box, opts)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.entries = append(c.entries, cachedTable{key, t})
	if len(c.entries) > 4 {
		c.entries = c.entries[1:]
	}
	return t, nil
}

func (c *tableCache) opponent(ctx context.Context, g *game.Game, start game.Position) (*play.Opponent, error) {
	key := g.Spec + "|" + start.String()
	c.mu.Lock()
	if o, ok := c.opponents[key]; ok {
		c.mu.Unlock()
		return o, nil
	}
	c.mu.Unlock()
	o, err := play.NewOpponent(ctx, g, start)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.opponents == nil || len(c.opponents) > 64 {
		c.opponents = map[string]*play.Opponent{}
	}
	c.opponents[key] = o
	return o, nil
}

func (c *tableCache) reproOnce(ctx context.Context) ([]byte, error) {
	c.reproMu.Lock()
	defer c.reproMu.Unlock()
	if c.repro != nil {
		return c.repro, nil
	}
	out, err := runCommand(ctx, []string{"repro", "--json"})
	var exit *exitError
	if err != nil && !(errors.As(err, &exit) && len(out) > 0) { // a claim that disagrees still prints
		return nil, err
	}
	c.repro = out
	return out, nil
}
