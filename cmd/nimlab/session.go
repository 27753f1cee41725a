package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/nimlab/nimlab/commands"
	"github.com/spf13/cobra"
)

// sessionProtocol is the version of the session's line protocol; a client
// reads it from the first line.
const sessionProtocol = 1

// maxSessionLine bounds one request line of a session.
const maxSessionLine = 1 << 20

// sessionProgressEvery is the least time between two progress lines of a
// request.
const sessionProgressEvery = 200 * time.Millisecond

// sessionRefused are the commands a session does not run: they read the
// terminal or serve until stopped.
var sessionRefused = map[string]bool{"session": true, "serve": true, "play": true}

func newSessionCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "session",
		Short: "Run command lines read as JSON lines on stdin, answering each as a JSON line (for scripts)",
		Long: `Reads one request per line on stdin, runs it as the command line it names,
and answers one JSON line per request on stdout, for programs that make many
calls (the Python package keeps one session instead of starting nimlab for
each call). One process, one request at a time, in the order they came.

The first line written says which nimlab this is:
  {"nimlab":"VERSION","protocol":1}
A request is {"id":N,"args":["outcome","cn:6,3","1,2,3,4,5,6","--json"]}: the
arguments of a nimlab command line, without "nimlab"; with "text":true, a
result printed as JSON is also given as the command line's text. Its answer is
  {"id":N,"exit":STATUS,"stdout":"...","stderr":"...","text":"...","error":{"kind":K,"message":M},"seconds":S}
with what the command line would have printed and its exit status; error is
present when the command failed (or found what it checked false, kind
"verdict", with its result on stdout), and kind is one of: usage, game,
position, too_large, no_solver, timeout, table, file, interrupted, verdict,
error. A solve reports its progress before the answer, at most five times a
second:
  {"id":N,"progress":{"game":"cn:6,3","done":D,"total":T}}
{"cancel":N} stops request N (the one running, or one waiting), which then
answers with status 130 within a second. The session ends at the end of its
input, after the request running; session, serve and play are not run in a
session.`,
		Example: `  echo '{"id":1,"args":["outcome","cn:6,3","1,2,3,4,5,6","--json"]}' | nimlab session`,
		Args:    positional,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runSession(cmd.Context(), cmd.InOrStdin(), cmd.OutOrStdout())
		},
	}
}

// sessionRequest is one line of a session's input: a command line, or the
// cancellation of one.
type sessionRequest struct {
	ID   int64    `json:"id"`
	Args []string `json:"args"`
	// Text asks, for a command printing its result as JSON (--json), for
	// the result as text as well, in the answer's text.
	Text   bool   `json:"text,omitempty"`
	Cancel *int64 `json:"cancel,omitempty"`

	bad error // why the line is no request, answered in its turn
}

// sessionError is the error of an answer: its kind (errorKind) and its
// message, the line the command line prints after "nimlab: ".
type sessionError struct {
	Kind    string `json:"kind"`
	Message string `json:"message"`
}

// sessionAnswer is the answer to one request.
type sessionAnswer struct {
	ID      int64         `json:"id"`
	Exit    int           `json:"exit"`
	Stdout  string        `json:"stdout"`
	Stderr  string        `json:"stderr"`
	Text    *string       `json:"text,omitempty"`
	Error   *sessionError `json:"error,omitempty"`
	Seconds float64       `json:"seconds"`
}

// sessionProgress is a progress line of a request.
type sessionProgress struct {
	ID       int64 `json:"id"`
	Progress struct {
		Game  string `json:"game"`
		Done  int64  `json:"done"`
		Total int64  `json:"total"`
	} `json:"progress"`
}

// session is a running session: its output, and the cancellation of the
// requests running or waiting.
type session struct {
	mu        sync.Mutex
	out       *json.Encoder
	current   int64
	stop      context.CancelFunc
	cancelled map[int64]bool
}

// write writes one line of output.
func (s *session) write(v any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.out.Encode(v) //nolint:errcheck // a client gone is seen at the next read
}

// cancel stops request id: now if it runs, else when it would start.
func (s *session) cancel(id int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stop != nil && s.current == id {
		s.stop()
		return
	}
	s.cancelled[id] = true
}

// runSession answers the requests of in on out until in ends or ctx is
// done.
func runSession(ctx context.Context, in io.Reader, out io.Writer) error {
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	s := &session{out: enc, cancelled: map[int64]bool{}}
	s.write(map[string]any{"nimlab": commands.Version().String(), "protocol": sessionProtocol})
	requests := make(chan sessionRequest, 64)
	readErr := make(chan error, 1)
	go func() {
		defer close(requests)
		readErr <- s.read(ctx, in, requests)
	}()
	for req := range requests {
		if ctx.Err() != nil {
			break
		}
		s.answer(ctx, req)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	return <-readErr
}

// read reads the requests of in: cancellations act at once, the others are
// queued. A line that is no request is answered with a usage error.
func (s *session) read(ctx context.Context, in io.Reader, requests chan<- sessionRequest) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64<<10), maxSessionLine)
	line := 0
	for sc.Scan() {
		line++
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		var req sessionRequest
		dec := json.NewDecoder(bytes.NewReader(sc.Bytes()))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&req); err != nil {
			req = sessionRequest{ID: req.ID, bad: usageErr{fmt.Errorf("session: line %d is not a request (%v); write {\"id\":1,\"args\":[\"games\"]}", line, err)}}
		} else if req.Cancel != nil {
			s.cancel(*req.Cancel)
			continue
		}
		select {
		case requests <- req:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("session: reading line %d: %w (a request is at most %d bytes)", line+1, err, maxSessionLine)
	}
	return nil
}

// answer runs one request as runCLI runs a command line, with its progress
// written as lines, and writes its answer.
func (s *session) answer(ctx context.Context, req sessionRequest) {
	start := time.Now()
	ctx, stop := context.WithCancel(withStart(ctx, start))
	defer stop()
	s.mu.Lock()
	cancelled := s.cancelled[req.ID]
	delete(s.cancelled, req.ID)
	s.current, s.stop = req.ID, stop
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.stop = nil
		s.mu.Unlock()
	}()

	var stdout, stderr, text bytes.Buffer
	var code int
	var err error
	switch {
	case req.bad != nil:
		code, err = 1, req.bad
	case cancelled:
		code, err = 130, context.Canceled
	case len(req.Args) == 0:
		code, err = 1, usageErr{errors.New(`session: a request names a command line: "args":["outcome","cn:6,3","1,2,3,4,5,6","--json"]`)}
	case sessionRefused[req.Args[0]]:
		code, err = 1, usageErr{fmt.Errorf("session: %s is not run in a session", req.Args[0])}
	default:
		ctx = withProgress(ctx, s.progress(req.ID))
		if req.Text {
			ctx = withText(ctx, &text)
		}
		code, err = execute(ctx, req.Args, bytes.NewReader(nil), &stdout, &stderr)
	}
	a := sessionAnswer{ID: req.ID, Exit: code, Stdout: stdout.String()}
	if req.Text {
		t := text.String()
		a.Text = &t
	}
	if err != nil {
		a.Error = &sessionError{Kind: errorKind(err), Message: errorLine(err)}
		fmt.Fprintln(&stderr, "nimlab:", a.Error.Message)
	}
	a.Stderr = stderr.String()
	a.Seconds = time.Since(start).Seconds()
	s.write(a)
}

// progress is the progress of request id's solves, written as lines at
// most every sessionProgressEvery.
func (s *session) progress(id int64) commands.Progress {
	return func(spec string, positions int64) (func(done, total int64), func()) {
		last := time.Now() // a solve quicker than sessionProgressEvery reports nothing
		return func(done, total int64) {
			if now := time.Now(); now.Sub(last) >= sessionProgressEvery {
				last = now
				var p sessionProgress
				p.ID = id
				p.Progress.Game, p.Progress.Done, p.Progress.Total = spec, done, total
				s.write(p)
			}
		}, nil
	}
}

// textKey carries in a context where a result printed as JSON is also
// written as text.
type textKey struct{}

// withText makes the commands run with ctx write a result they print as
// JSON to w as text as well.
func withText(ctx context.Context, w io.Writer) context.Context {
	return context.WithValue(ctx, textKey{}, w)
}

// textOf is where ctx asks a result printed as JSON to be written as
// text, nil when nowhere.
func textOf(ctx context.Context) io.Writer {
	if ctx == nil {
		return nil
	}
	w, _ := ctx.Value(textKey{}).(io.Writer)
	return w
}

// progressKey carries in a context the progress a command reports to.
type progressKey struct{}

// withProgress makes the commands run with ctx report their progress to p.
func withProgress(ctx context.Context, p commands.Progress) context.Context {
	return context.WithValue(ctx, progressKey{}, p)
}

// progressOf is the progress ctx carries, nil when none.
func progressOf(ctx context.Context) commands.Progress {
	p, _ := ctx.Value(progressKey{}).(commands.Progress)
	return p
}

// errorKind names the kind of a command's error for programs
// (commands.ErrorKind), "usage" for a command line the command cannot take.
func errorKind(err error) string {
	var usage usageErr
	if errors.As(err, &usage) && !errors.Is(err, context.Canceled) {
		return commands.KindUsage
	}
	return commands.ErrorKind(err)
}
