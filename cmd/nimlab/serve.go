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
	"maps"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/nimlab/nimlab/cmd/internal/api"
	"github.com/nimlab/nimlab/commands"
	"github.com/spf13/cobra"
)

//go:embed web
var webFiles embed.FS

// listen opens the server's socket (a variable for tests, which do not
// listen).
var listen = net.Listen

// serverLimits bound what one request may ask.
type serverLimits struct {
	maxPositions int64
	timeout      time.Duration
	// cacheBytes bounds the memory of the tables and opponents kept
	// between requests (0: defaultCacheBytes).
	cacheBytes int64
	// solves bounds the solves running at once, whatever the clients
	// (0: defaultSolves); solveBytes the memory their estimates reserve
	// together (0: the memory available when the server starts).
	solves     int
	solveBytes int64
}

// server is the web lab: the API over the commands (package api's
// adapter), and the pages.
type server struct {
	data    string // the only directory read or written; "" for none
	limits  serverLimits
	busy    sync.Map // client address -> struct{}: one solve at a time per client
	backend *api.Backend
}

// newServer returns a server of the lab with its limits, reading tables in
// data.
func newServer(data string, limits serverLimits) *server {
	if limits.cacheBytes <= 0 {
		limits.cacheBytes = defaultCacheBytes
	}
	if limits.solves <= 0 {
		limits.solves = defaultSolves()
	}
	if limits.solveBytes <= 0 {
		limits.solveBytes = availableMemory()
	}
	s := &server{data: data, limits: limits}
	s.backend = &api.Backend{
		Resolve: s.dataFile, Cache: commands.NewCache(limits.cacheBytes),
		MaxMemory: availableMemory, MaxPositions: limits.maxPositions,
		// Every solve of every request, the commands' own and those of
		// discover, prove, play, the atlas and repro, waits for its place.
		Solves: commands.NewSolves(limits.solves, limits.solveBytes),
		// A proof asks a few queries in turn: each may take an eighth of
		// the request's time.
		ProveTimeout: limits.timeout / 8,
	}
	return s
}

// defaultCacheBytes bounds the tables and opponents the server keeps.
const defaultCacheBytes = 1 << 30

// defaultSolves is the number of solves the server runs at once: two per
// core (a solve of a small box waits for I/O and the scheduler as much as
// it computes), and at least 4.
func defaultSolves() int { return max(4, 2*runtime.GOMAXPROCS(0)) }

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
the computer, check an expression, see the papers' claims recomputed, and the
frontier table.

Every analysis is also served as JSON: GET /api/outcome, /api/solve, /api/list,
/api/check, /api/discover, /api/prove, /api/complex, /api/theorems and
/api/critical take the CLI's flags as query parameters (game, position, max,
grundy, ...) and answer with the same object as "nimlab CMD ... --json";
/api/draw and /api/plot answer SVG. /api/play plays a game against the
computer one step at a time, as "nimlab play" does: game, history (positions
separated by /), first, move (as typed), undo and hints. /api/prove runs the solver (z3) for at
most the request's time: each query for timeout (by default an eighth of
--timeout), and the solver is stopped when the client goes away.
/api/repro answers "nimlab repro --json" (computed once, then kept), and
/api/repro?list=1 the claims without computing them, as "repro --list --json".
/api/frontier answers the frontier table docs/findings.md shows, as
"nimlab frontier --json" recorded it.

The server binds loopback unless --addr says otherwise (with a warning), and
limits every request: its size, its time (--timeout), the positions of a solve
(--max-positions, and the machine's memory), and one solve or proof at a time
per client, whatever the endpoint; at most two solves per core run at once,
whatever the clients (the others wait). Identical concurrent solves run once, and
the tables kept between requests take at most 1 GiB. A query value is data,
never a flag. Files are read only inside --data (saved tables, for
?table=NAME).`,
		Example: `  nimlab serve
  nimlab serve --addr 127.0.0.1:9000 --data ~/nimlab-tables`,
		Args: positional,
		RunE: func(cmd *cobra.Command, args []string) error {
			host, _, err := net.SplitHostPort(addr)
			if err != nil {
				return fmt.Errorf("--addr %q: %w", addr, err)
			}
			if err := positiveDuration("timeout", timeout); err != nil {
				return usageError(cmd, "%v", err)
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
			s := newServer(data, serverLimits{maxPositions: maxPositions, timeout: timeout})
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
	wholeVar(cmd.Flags(), &maxPositions, "max-positions", 200_000_000, 1, commands.MaxPositions, "the most positions one solve may have")
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
	endpoints := s.backend.Endpoints()
	for name, e := range endpoints {
		mux.HandleFunc("GET /api/"+name, func(w http.ResponseWriter, r *http.Request) { s.answer(w, r, name, e) })
	}
	// An endpoint the API does not have is answered as every API error is.
	mux.HandleFunc("GET /api/", func(w http.ResponseWriter, r *http.Request) {
		names := slices.Sorted(maps.Keys(endpoints))
		httpError(w, http.StatusNotFound, api.Endpoint{}, badQuery{fmt.Errorf("there is no %s %s (the API answers GET /api/ %s)", r.Method, r.URL.Path, strings.Join(names, ", "))})
	})
	return s.limit(mux)
}

// limit bounds every request's size and time.
func (s *server) limit(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if len(r.URL.RawQuery) > 8<<10 {
			httpError(w, http.StatusRequestURITooLong, api.Endpoint{}, errors.New("the query is longer than 8 kB"))
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, 64<<10)
		ctx, cancel := context.WithTimeout(r.Context(), s.limits.timeout)
		defer cancel()
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// httpError answers {"error": ..., "kind": ...} (api.Failure) with a
// status: err of a request of e as the API says it (api.FailureOf), which the
// browser's back end answers too.
func httpError(w http.ResponseWriter, status int, e api.Endpoint, err error) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(failureOf(e, err))
}

// failureOf is api.FailureOf, and the server's own errors of a query
// (badQuery), of kind usage.
func failureOf(e api.Endpoint, err error) api.Failure {
	f := api.FailureOf(e, err)
	var bad badQuery
	if errors.As(err, &bad) {
		f.Kind = commands.KindUsage
	}
	return f
}

// errBusy refuses a second solve of a client while its first runs.
var errBusy = errors.New("one solve or proof at a time: your previous one is still running")

// statusOf maps an error to an HTTP status: too large or out of time is not
// the client's syntax, but still the request's fault (422, 504); a second
// solve of a client is refused for now (429).
func statusOf(err error) int {
	var refused unprocessable
	switch {
	case errors.As(err, &refused):
		return http.StatusUnprocessableEntity
	case errors.Is(err, errBusy):
		return http.StatusTooManyRequests
	}
	switch commands.ErrorKind(err) {
	case commands.KindTooLarge:
		return http.StatusUnprocessableEntity
	case commands.KindTimeout:
		return http.StatusGatewayTimeout
	case commands.KindNoSolver:
		return http.StatusServiceUnavailable
	}
	return http.StatusBadRequest
}

// badQuery is an error of the query itself (400), found before the
// command runs.
type badQuery struct{ error }

func (e badQuery) Unwrap() error { return e.error }

// unprocessable is a request the server will not run (422).
type unprocessable struct{ error }

func (e unprocessable) Unwrap() error { return e.error }

// answer decodes the query of the endpoint name into its request, runs it
// and answers its result (api.Backend): JSON (the same object as "nimlab
// CMD ... --json"), with ?stream=1 as server-sent events, or for a figure
// SVG. A query value is data: it never reaches a flag parser.
func (s *server) answer(w http.ResponseWriter, r *http.Request, name string, e api.Endpoint) {
	q, stream, err := s.query(r, name, e)
	if err != nil {
		httpError(w, statusOf(err), e, err)
		return
	}
	admit, done := s.admitter(r)
	defer done()
	var events *api.Events
	if stream {
		events = newEventStream(w)
		defer events.Close()
	}
	reply, err := s.backend.Run(r.Context(), name, e, q, s.backend.Env(e, admit, events))
	// The client is free before it reads the answer: a page that asks its
	// next question as soon as this one is answered (a slice after a
	// solve) must not find its previous request still holding the slot.
	done()
	switch {
	case events != nil && err != nil:
		data, _ := json.Marshal(failureOf(e, err))
		events.Send("error", data)
	case events != nil:
		events.Send("result", reply.Data)
	case err != nil:
		httpError(w, statusOf(err), e, err)
	default:
		// A verdict (a characterization that disagrees) is part of the
		// result: 200.
		w.Header().Set("Content-Type", reply.ContentType())
		if !reply.Figure {
			reply.Data = append(reply.Data, '\n')
		}
		w.Write(reply.Data)
	}
}

// admitter returns the Admit of a request, and the function that frees its
// client when the request's work is done (it may be called again): one
// solve or proof at a time per client address, from the request's first
// solve until its answer is written; a second is refused with errBusy. A request takes its client's slot once, however
// many solves it runs.
func (s *server) admitter(r *http.Request) (admit func() (func(), error), done func()) {
	client, _, _ := net.SplitHostPort(r.RemoteAddr)
	var mu sync.Mutex
	held, answered := false, false
	admit = func() (func(), error) {
		mu.Lock()
		defer mu.Unlock()
		// A run merged with other requests' may outlive this one's answer:
		// it then takes no slot, which nothing would free.
		if !held && !answered {
			if _, taken := s.busy.LoadOrStore(client, struct{}{}); taken {
				return nil, errBusy
			}
			held = true
		}
		return func() {}, nil
	}
	done = func() {
		mu.Lock()
		defer mu.Unlock()
		answered = true
		if held {
			s.busy.Delete(client)
			held = false
		}
	}
	return admit, done
}

// query decodes and checks the query of the endpoint name as package api
// does (only its parameters, each once, with well-formed values, the table
// resolved inside --data), with the server's own: stream (but for a
// figure), and a timeout within the server's.
func (s *server) query(r *http.Request, name string, e api.Endpoint) (q *api.Query, stream bool, err error) {
	values := r.URL.Query()
	if values.Has("stream") && !e.Figure {
		stream = true
		values.Del("stream")
	}
	q, err = s.backend.Decode(name, e, values)
	if err != nil {
		return nil, false, badQuery{err}
	}
	if values.Has("timeout") {
		d, err := time.ParseDuration(values.Get("timeout"))
		switch {
		case err != nil:
			return nil, false, badQuery{fmt.Errorf("timeout takes a duration such as 90s, 2m or 1h30m, not %q", values.Get("timeout"))}
		case d > s.limits.timeout:
			return nil, false, unprocessable{fmt.Errorf("timeout %v passes the server's limit of %v per request (nimlab serve --timeout raises it)", d, s.limits.timeout)}
		}
	}
	return q, stream, nil
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

// newEventStream answers a long command as server-sent events (api.Events):
// "progress" and "claim" events, then one "result" event with the
// command's JSON, or an "error" event.
func newEventStream(w http.ResponseWriter) *api.Events {
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	flush := func() {}
	if f, ok := w.(http.Flusher); ok {
		flush = f.Flush
	}
	return api.NewEvents(func(event string, data []byte) {
		fmt.Fprintf(w, "event: %s\ndata: %s\n\n", event, bytes.TrimSpace(data))
		flush()
	})
}
