package commands

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/internal/machine"
	"github.com/nimlab/nimlab/repro"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
)

// Env is what a front end lends a command. Its zero value is usable: no
// progress report, no cache, the machine's available memory, and the
// command's time counted from the call.
type Env struct {
	// Start is when the command started, for the whole-command times some
	// results report beside the time of their engine; zero: when the
	// function was called.
	Start time.Time
	// MaxMemory bounds the memory a solve may use (its estimate is checked
	// before it starts, unless the request says Force); 0: the machine's
	// available memory.
	MaxMemory int64
	// Progress, when not nil, watches every solve the command runs.
	Progress Progress
	// Surveying, when not nil, is told each game a survey (Atlas)
	// takes up, and whether it was done before (a resumed survey).
	Surveying func(spec string, done bool)
	// Certifying, when not nil, is told that a proof is done and its Coq
	// certificate is being learned and checked, with the most time coqc
	// has (the learning has certificate.SplitTime of it).
	Certifying func(spec string, coqc time.Duration)
	// Claim, when not nil, receives each claim Repro checks as soon as it is
	// checked (the web lab streams them; the command line prints them).
	Claim func(repro.Result)
	// Cache, when not nil, keeps the tables and opponents of Slice, Plot and
	// Advise between requests and merges identical concurrent solves.
	Cache *Cache
	// Admit, when not nil, is asked before the command starts a solve or a
	// proof (and before each solve, through the gate of every solve: see
	// gate.go), and its release called when the command returns (the web
	// server allows one at a time per client); its error stops the command.
	// A table taken from Cache asks nothing.
	Admit func() (release func(), err error)
	// MaxPositions, when positive, bounds the positions of one solve (the
	// web server's limit); a larger one fails with ErrTooLarge.
	MaxPositions int64
	// Solves, when not nil, bounds the solves of every request together
	// (the web server's): each waits for its place, and the memory a solve
	// may use is at most its bound.
	Solves *Solves
}

// admit asks env.Admit, if any.
func (env Env) admit() (func(), error) {
	if env.Admit == nil {
		return func() {}, nil
	}
	return env.Admit()
}

// checkPositions refuses a box of more than MaxPositions positions.
func (env Env) checkPositions(g *game.Game, h int) error {
	if env.MaxPositions <= 0 {
		return nil
	}
	box := table.Uniform(g.Piles(), h)
	if box.Check() != nil || box.Positions() > env.MaxPositions {
		return fmt.Errorf("%w: %s with piles up to %d has more than %d positions, the server's limit (nimlab serve --max-positions N raises it)", ErrTooLarge, g.Spec, h, env.MaxPositions)
	}
	return nil
}

// Progress watches a solve: it is called as a solve of the game spec over
// positions positions starts, and returns the function that receives the
// solve's progress (positions done of total) and the one called when the
// solve stops.
type Progress func(spec string, positions int64) (report func(done, total int64), end func())

// start is when the command of env started, given that the function was
// called at now.
func (env Env) start(now time.Time) time.Time {
	if env.Start.IsZero() {
		return now
	}
	return env.Start
}

// memory is the memory a solve may use: MaxMemory, or the machine's
// available memory, and at most the bound of Solves.
func (env Env) memory() int64 {
	m := env.MaxMemory
	if m <= 0 {
		m = AvailableMemory()
	}
	if env.Solves != nil {
		m = min(m, env.Solves.bytes)
	}
	return m
}

// noMemoryLimit is the memory assumed where the system does not say how
// much is available: no limit.
const noMemoryLimit = 1 << 62

// AvailableMemory is the memory a solve may use when nothing bounds it
// otherwise: the machine's available memory (machine.AvailableMemory), or
// no limit where the system does not say.
func AvailableMemory() int64 {
	avail, ok := machine.AvailableMemory()
	if !ok {
		return noMemoryLimit
	}
	return avail
}

// watch sets the progress report of env on the plan of a solve, and
// returns the function to call when the solve stops.
func (env Env) watch(plan *solve.Plan) func() {
	if env.Progress == nil {
		return func() {}
	}
	report, end := env.Progress(plan.Game().Spec, plan.Box().Positions())
	plan.SetProgress(report)
	if end == nil {
		end = func() {}
	}
	return end
}

// A Verdict is the error of a command that ran to the end and found what
// it checked false or undecided: its result is whole, and the command line
// prints it before the error and exits with Code.
type Verdict struct {
	// Code is the exit status of the command line: 1 for false (a
	// characterization disagrees, is refuted, a family is no Nim-basis), 3
	// for undecided (no proof either way).
	Code int
	Err  error
}

func (v *Verdict) Error() string { return v.Err.Error() }
func (v *Verdict) Unwrap() error { return v.Err }

// A Result is what every command returns: a value with JSON tags that
// renders itself as the command line's text.
type Result interface {
	// WriteText writes the result as the command line prints it.
	WriteText(w io.Writer) error
}

// VerdictOf is the verdict of a result: a *Verdict when what it checked is
// false or undecided, nil otherwise (and for the results that check
// nothing).
func VerdictOf(r Result) error {
	if v, ok := r.(interface{ Verdict() error }); ok {
		return v.Verdict()
	}
	return nil
}

// ExitCode is the command line's exit status for err: a verdict's code, 1
// for any other error, 0 for none.
func ExitCode(err error) int {
	var v *Verdict
	switch {
	case err == nil:
		return 0
	case errors.As(err, &v):
		return v.Code
	}
	return 1
}

// WriteJSON writes v as one JSON object on one line (pipe it into jq to
// read), as every command's --json does.
func WriteJSON(w io.Writer, v any) error {
	return json.NewEncoder(w).Encode(v)
}

// seconds is the time since start, in seconds.
func seconds(start time.Time) float64 {
	return time.Since(start).Seconds()
}

// ErrTooLarge is the error of a computation refused or stopped for its size
// (a box over the memory or a server's limit, a symmetry group too large to
// list).
var ErrTooLarge = solve.ErrTooLarge

// MaxLine is the largest pile a table holds (the largest --max).
const MaxLine = table.MaxLine

// MaxPositions is the most positions a table may have.
const MaxPositions = table.MaxPositions

// jsonOf encodes v as encoding/json does, for the MarshalJSON methods that
// pick which value to encode.
func jsonOf(v any) ([]byte, error) {
	return json.Marshal(v)
}

// RequestError is an error in a request itself: an option missing, out of
// range, or given with one it does not go with. The command line prints it
// with the command's usage line.
type RequestError struct {
	// Err is the error as the command line says it.
	Err error
	// format and args are its message before the parameters are spelt
	// (Render); format is empty when Err says it all.
	format string
	args   []any
}

func (e *RequestError) Error() string { return e.Err.Error() }
func (e *RequestError) Unwrap() error { return e.Err }

// Param is a parameter of a request named in a RequestError's message.
// Each front end spells it its own way (--max on the command line, max in
// the API's query, max= in Python) by rendering the message with
// RequestError.Render, so that no front end rewrites a message's words.
type Param string

// String is the command line's spelling, --name.
func (p Param) String() string { return p.Flag("") }

// Flag is the command line's spelling of p with value: --name value, or
// --name when value is "".
func (p Param) Flag(value string) string {
	if value == "" {
		return "--" + string(p)
	}
	return "--" + string(p) + " " + value
}

// Setting is a parameter with a value, as a message's example gives it:
// "--max 8" on the command line, "max=8" in a query or in Python.
type Setting struct {
	Param Param
	Value string
}

// String is the command line's spelling, --name value.
func (s Setting) String() string { return s.Param.Flag(s.Value) }

// Render writes the message with each Param and Setting spelt by spell,
// which is given the parameter and its value ("" for a Param).
func (e *RequestError) Render(spell func(p Param, value string) string) string {
	if e.format == "" {
		return e.Err.Error()
	}
	args := make([]any, len(e.args))
	for i, a := range e.args {
		switch v := a.(type) {
		case Param:
			a = spell(v, "")
		case Setting:
			a = spell(v.Param, v.Value)
		}
		args[i] = a
	}
	return fmt.Sprintf(strings.ReplaceAll(e.format, "%w", "%v"), args...)
}

// inContext is err after "prefix: ", a RequestError still when err is
// one, so that its parameters are still spelt by the front end.
func inContext(prefix string, err error) error {
	if r, ok := err.(*RequestError); ok && r.format != "" {
		return requestErrorf("%s: "+r.format, append([]any{prefix}, r.args...)...)
	}
	return fmt.Errorf("%s: %w", prefix, err)
}

// NewRequestError is a RequestError formatted as fmt.Errorf formats, for
// the front ends' own checks of a request; the parameters it names are
// Params and Settings.
func NewRequestError(format string, a ...any) error { return requestErrorf(format, a...) }

// requestErrorf is a RequestError formatted as fmt.Errorf formats; the
// parameters it names are Params.
func requestErrorf(format string, a ...any) error {
	return &RequestError{Err: fmt.Errorf(format, a...), format: format, args: a}
}

// formatOf is the output format a request asks for: format, or the first
// of formats (the default) when format is "". Any other value is a
// RequestError that lists them.
func formatOf(format string, formats ...string) (string, error) {
	switch {
	case format == "":
		return formats[0], nil
	case slices.Contains(formats, format):
		return format, nil
	}
	list := strings.Join(formats[:len(formats)-1], ", ") + " or " + formats[len(formats)-1]
	if format == "json" {
		return "", requestErrorf("%v must be %s, not %q (%v gives JSON)", Param("format"), list, format, Param("json"))
	}
	return "", requestErrorf("%v must be %s, not %q", Param("format"), list, format)
}
