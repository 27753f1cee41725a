package api

import (
	"context"
	"fmt"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/nimlab/nimlab/commands"
)

// Endpoint is one command of the API.
type Endpoint struct {
	// Params are the query parameters the endpoint takes, in the order its
	// errors list them: its parameters of the schema spelled as queries.
	Params []string
	// NeedsGame says that a request must give a game (theorems, without
	// one, lists every game's).
	NeedsGame bool
	// Wholes are the parameters that take a whole number (max,
	// verify-max, examples, critical's remoteness), checked by Decode.
	Wholes []string
	// Schema is the name of the endpoint's parameters in the schema
	// (Params): the endpoint's own name.
	Schema string
	// Tables says that the command reads a solved table, which a back end
	// may take from a saved file (Query.Table) rather than solve.
	Tables bool
	// Figure says that the result is a figure, whose text is SVG.
	Figure bool
	// Text says that the answer carries the command's text rendering
	// (the command line's output, from the same typed result) beside the
	// JSON, as its member "text", which the lab shows as it is.
	Text bool
	// Cached says that the command keeps what it solves in the back end's
	// cache between requests (the tables of a slice, the computer's
	// opponent).
	Cached bool
	// Merged says that identical concurrent requests are answered by one
	// run, where the back end has a cache.
	Merged bool
	// Kept says that the answer of a request without parameters is
	// computed once, then kept (every claim of repro).
	Kept bool
	// Elsewhere, when not empty, says why the browser does not run the
	// endpoint: it answers with the command line that does.
	Elsewhere string
	// Command is the nimlab command that answers the endpoint on the
	// command line, when its name differs.
	Command string
	// Run runs the command of a decoded query.
	Run func(ctx context.Context, env commands.Env, q *Query) (commands.Result, error)
}

// Endpoints are the commands both back ends answer, by name (the NAME of
// /api/NAME). The map is new at every call: a back end may change it.
func Endpoints() map[string]Endpoint {
	es := map[string]Endpoint{
		"outcome": {Text: true, NeedsGame: true, Tables: true, Run: func(ctx context.Context, env commands.Env, q *Query) (commands.Result, error) {
			return commands.Outcome(ctx, env, commands.OutcomeRequest{Game: q.Get("game"), Position: q.Get("position"), Table: q.Table, Options: q.Boolean("options")})
		}},
		"solve": {Text: true, NeedsGame: true, Tables: true, Merged: true, Run: func(ctx context.Context, env commands.Env, q *Query) (commands.Result, error) {
			return commands.Solve(ctx, env, commands.SolveRequest{Game: q.Get("game"), Source: q.Source(), Grundy: q.Boolean("grundy"), Remoteness: q.Boolean("remoteness")})
		}},
		"list": {NeedsGame: true, Tables: true, Merged: true, Run: func(ctx context.Context, env commands.Env, q *Query) (commands.Result, error) {
			return commands.List(ctx, env, commands.ListRequest{Game: q.Get("game"), Source: q.Source(), Classes: q.Boolean("classes"), Format: "json"})
		}},
		"check": {Text: true, NeedsGame: true, Tables: true, Merged: true, Run: func(ctx context.Context, env commands.Env, q *Query) (commands.Result, error) {
			return commands.Check(ctx, env, commands.CheckRequest{
				Game: q.Get("game"), Source: q.Source(), Expr: q.Get("expr"), Theorem: q.Get("theorem"),
				Properties: q.Boolean("properties"), Strategy: q.Get("strategy"), Examples: q.Whole("examples"), Where: q.Get("where"),
			})
		}},
		"complex": {Text: true, NeedsGame: true, Run: func(ctx context.Context, env commands.Env, q *Query) (commands.Result, error) {
			return commands.Complex(ctx, commands.ComplexRequest{Game: q.Get("game"), Basis: q.Get("basis")})
		}},
		"theorems": {Text: true, Run: func(ctx context.Context, env commands.Env, q *Query) (commands.Result, error) {
			return commands.Theorems(ctx, commands.TheoremsRequest{Game: q.Get("game")})
		}},
		"critical": {Text: true, NeedsGame: true, Tables: true, Merged: true, Run: func(ctx context.Context, env commands.Env, q *Query) (commands.Result, error) {
			return commands.Critical(ctx, env, commands.CriticalRequest{Game: q.Get("game"), Source: q.Source(), Remoteness: q.Whole("remoteness")})
		}},
		"discover": {Text: true, NeedsGame: true, Merged: true, Run: func(ctx context.Context, env commands.Env, q *Query) (commands.Result, error) {
			return commands.Discover(ctx, env, commands.DiscoverRequest{Game: q.Get("game"), Max: q.Whole("max"), VerifyMax: q.Whole("verify-max")})
		}},
		"repro": {Text: true, Merged: true, Kept: true, Run: func(ctx context.Context, env commands.Env, q *Query) (commands.Result, error) {
			req := commands.ReproRequest{Only: q.Get("only"), List: q.Boolean("list")}
			if req.List {
				return commands.ReproList(req)
			}
			return commands.Repro(ctx, env, req)
		}},
		"games": {Run: func(context.Context, commands.Env, *Query) (commands.Result, error) {
			return commands.Games(), nil
		}},
		"frontier": {Run: func(context.Context, commands.Env, *Query) (commands.Result, error) {
			return commands.FrontierRecorded()
		}},
		"slice": {NeedsGame: true, Tables: true, Cached: true, Command: "plot", Run: func(ctx context.Context, env commands.Env, q *Query) (commands.Result, error) {
			return commands.Slice(ctx, env, q.Slice())
		}},
		"advise": {NeedsGame: true, Cached: true, Command: "play", Run: func(ctx context.Context, env commands.Env, q *Query) (commands.Result, error) {
			return commands.Advise(ctx, env, commands.AdviseRequest{Game: q.Get("game"), Position: q.Get("position"), Start: q.Get("start"), Check: q.Get("check")})
		}},
		"play": {NeedsGame: true, Cached: true, Run: func(ctx context.Context, env commands.Env, q *Query) (commands.Result, error) {
			return commands.Play(ctx, env, q.Play())
		}},
		"prove": {Text: true, NeedsGame: true, Elsewhere: "a proof runs the SMT solver z3, which a browser does not have", Run: func(ctx context.Context, env commands.Env, q *Query) (commands.Result, error) {
			return commands.Prove(ctx, env, commands.ProveRequest{Game: q.Get("game"), Expr: q.Get("expr"), Theorem: q.Get("theorem"), Solver: q.Get("solver"), Timeout: q.Timeout()})
		}},
		"plot": {NeedsGame: true, Tables: true, Figure: true, Cached: true, Elsewhere: "the lab draws a slice as a grid; a figure of it is nimlab plot's", Run: func(ctx context.Context, env commands.Env, q *Query) (commands.Result, error) {
			return commands.Plot(ctx, env, q.Slice())
		}},
		"draw": {NeedsGame: true, Figure: true, Run: func(ctx context.Context, env commands.Env, q *Query) (commands.Result, error) {
			return commands.Draw(ctx, commands.DrawRequest{Game: q.Get("game"), Position: q.Get("position"), Move: q.Get("move"), Complex: q.Boolean("complex")})
		}},
	}
	for name, e := range es {
		e.Schema = name
		e.Params = paramsIn(name, URL)
		for _, p := range schema[name] {
			if p.In(URL) && p.Kind == Whole {
				e.Wholes = append(e.Wholes, p.Name)
			}
		}
		es[name] = e
	}
	return es
}

// QueryError is an error of a query itself, found before its command runs.
// It names a parameter as the query does (max), and an endpoint by its path
// (/api/solve), whichever back end answers it.
type QueryError struct{ msg string }

func (e *QueryError) Error() string { return e.msg }

// queryErrorf is a QueryError formatted as fmt.Sprintf formats.
func queryErrorf(format string, args ...any) *QueryError {
	return &QueryError{fmt.Sprintf(format, args...)}
}

// Query is the decoded query of one request. Its getters read values that
// Decode has checked.
type Query struct {
	// Values are the query's parameters, each given once.
	Values url.Values
	// Table is the saved table a request reads (a path the back end
	// resolved from its table parameter), "" for none.
	Table string
	// ProveTimeout is the time each query of a proof may take when the
	// request gives no timeout (the back end's).
	ProveTimeout time.Duration
	schema       string
	err          error
}

// Decode checks values as the query of the endpoint, which its errors call
// /api/name: only the endpoint's parameters, each once, a game when it
// needs one, and whole numbers in their ranges. Its errors are
// QueryErrors.
func (e Endpoint) Decode(name string, values url.Values) (*Query, error) {
	for key, vs := range values {
		switch {
		case !slices.Contains(e.Params, key):
			return nil, queryErrorf("/api/%s takes no parameter %q (it takes %s)", name, key, strings.Join(e.Params, ", "))
		case len(vs) > 1:
			return nil, queryErrorf("/api/%s: give %s once, not %d times", name, key, len(vs))
		}
		// A switch is on or off, as the command line's --grundy=maybe is
		// refused: a word the query does not know is not taken for "on".
		if p, ok := param(e.Schema, key); ok && p.Kind == Bool && !slices.Contains([]string{"", "1", "0", "true", "false"}, vs[0]) {
			return nil, queryErrorf("/api/%s: %s takes 1 or 0 (true or false), not %q", name, key, vs[0])
		}
	}
	if e.NeedsGame && values.Get("game") == "" {
		return nil, queryErrorf("give a game, e.g. ?game=cn:6,3")
	}
	q := &Query{Values: values, schema: e.Schema}
	// Decode every number, so that a malformed one is reported before
	// anything runs.
	for _, key := range e.Wholes {
		q.Whole(key)
	}
	if q.err != nil {
		return nil, q.err
	}
	return q, nil
}

// Get is the value of key ("" when absent).
func (q *Query) Get(key string) string { return q.Values.Get(key) }

// Boolean reads key as a flag: present and not "", "false" or "0" (Decode
// refuses any value but those, "1" and "true").
func (q *Query) Boolean(key string) bool {
	v := q.Values.Get(key)
	return q.Values.Has(key) && v != "" && v != "false" && v != "0"
}

// Whole reads key as a whole number in its range, its default in the
// schema when absent (or malformed, which Decode has refused).
func (q *Query) Whole(key string) int {
	p, ok := param(q.schema, key)
	if !ok || p.Kind != Whole {
		p = Param{Min: 0, Max: math.MaxInt32, Default: "0"}
	}
	def := int(p.WholeDefault())
	if !q.Values.Has(key) {
		return def
	}
	v, err := strconv.ParseInt(strings.TrimSpace(q.Values.Get(key)), 10, 64)
	if err != nil || v < p.Min || v > p.Max {
		if q.err == nil {
			q.err = queryErrorf("%s takes a whole number from %d to %d, not %q", key, p.Min, p.Max, q.Values.Get(key))
		}
		return def
	}
	return int(v)
}

// Source is the table the query asks for: one solved up to max, or the
// saved Table.
func (q *Query) Source() commands.Source {
	return commands.Source{Max: q.Whole("max"), Table: q.Table}
}

// Timeout is the time each query of a proof may take: the request's
// timeout, or ProveTimeout.
func (q *Query) Timeout() time.Duration {
	if d, err := time.ParseDuration(q.Get("timeout")); err == nil {
		return d
	}
	return q.ProveTimeout
}

// HistorySeparator separates the positions of play's history parameter:
// history=1,2,3/0,2,3.
const HistorySeparator = "/"

// Play is the step of a game the query asks for.
func (q *Query) Play() commands.PlayRequest {
	var history []string
	if h := q.Get("history"); h != "" {
		history = strings.Split(h, HistorySeparator)
	}
	return commands.PlayRequest{
		Game: q.Get("game"), History: history, First: commands.Player(q.Get("first")),
		Move: q.Get("move"), Undo: q.Boolean("undo"), Hints: q.Boolean("hints"),
	}
}

// Slice is the slice of a table the query asks for.
func (q *Query) Slice() commands.SliceRequest {
	return commands.SliceRequest{Game: q.Get("game"), Source: q.Source(), Axes: q.Get("axes"), Fix: q.Get("fix"), Value: q.Get("value")}
}
