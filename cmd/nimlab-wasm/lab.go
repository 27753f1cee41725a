package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/nimlab/nimlab/commands"
)

// maxExamples bounds check's examples, as the command line does.
const maxExamples = 1000

// cacheBytes bounds the tables and opponents the lab keeps between requests
// in the browser (slices of a solved table, the computer's play).
const cacheBytes = 256 << 20

// lab answers the requests of one page: its cache lives as long as the
// WebAssembly module.
type lab struct {
	cache *commands.Cache
}

func newLab() *lab { return &lab{cache: commands.NewCache(cacheBytes)} }

// reply is the answer of a request: JSON, or a figure's SVG.
type reply struct {
	data   []byte
	figure bool
}

// endpoint is one command the lab answers: the parameters it takes, and
// how it runs.
type endpoint struct {
	takes  []string
	figure bool
	run    func(ctx context.Context, env commands.Env, p *params) (commands.Result, error)
}

// endpoints are the commands of the static lab: those of "nimlab serve"
// that need neither files (table) nor an external solver (prove, which
// needs z3, is refused with the command that runs it).
var endpoints = map[string]endpoint{
	"outcome": {takes: []string{"game", "position"}, run: func(ctx context.Context, env commands.Env, p *params) (commands.Result, error) {
		return commands.Outcome(ctx, env, commands.OutcomeRequest{Game: p.get("game"), Position: p.get("position")})
	}},
	"solve": {takes: []string{"game", "max", "grundy", "remoteness"}, run: func(ctx context.Context, env commands.Env, p *params) (commands.Result, error) {
		return commands.Solve(ctx, env, commands.SolveRequest{Game: p.get("game"), Source: p.source(), Grundy: p.boolean("grundy"), Remoteness: p.boolean("remoteness")})
	}},
	"list": {takes: []string{"game", "max", "classes"}, run: func(ctx context.Context, env commands.Env, p *params) (commands.Result, error) {
		return commands.List(ctx, env, commands.ListRequest{Game: p.get("game"), Source: p.source(), Classes: p.boolean("classes"), Format: "json"})
	}},
	"check": {takes: []string{"game", "max", "expr", "theorem", "properties", "strategy", "examples"}, run: func(ctx context.Context, env commands.Env, p *params) (commands.Result, error) {
		return commands.Check(ctx, env, commands.CheckRequest{
			Game: p.get("game"), Source: p.source(), Expr: p.get("expr"), Theorem: p.get("theorem"),
			Properties: p.boolean("properties"), Strategy: p.get("strategy"), Examples: p.whole("examples", commands.DefaultExamples, 0, maxExamples),
		})
	}},
	"complex": {takes: []string{"game", "basis"}, run: func(ctx context.Context, env commands.Env, p *params) (commands.Result, error) {
		return commands.Complex(ctx, commands.ComplexRequest{Game: p.get("game"), Basis: p.get("basis")})
	}},
	"theorems": {takes: []string{"game"}, run: func(ctx context.Context, env commands.Env, p *params) (commands.Result, error) {
		return commands.Theorems(ctx, commands.TheoremsRequest{Game: p.get("game")})
	}},
	"critical": {takes: []string{"game", "max", "remoteness"}, run: func(ctx context.Context, env commands.Env, p *params) (commands.Result, error) {
		return commands.Critical(ctx, env, commands.CriticalRequest{Game: p.get("game"), Source: p.source(), Remoteness: p.whole("remoteness", -1, 0, math.MaxInt32)})
	}},
	"discover": {takes: []string{"game", "max", "verify-max"}, run: func(ctx context.Context, env commands.Env, p *params) (commands.Result, error) {
		return commands.Discover(ctx, env, commands.DiscoverRequest{Game: p.get("game"), Max: p.whole("max", -1, 0, commands.MaxLine), VerifyMax: p.whole("verify-max", 0, 0, commands.MaxLine)})
	}},
	"repro": {takes: []string{"list", "only"}, run: func(ctx context.Context, env commands.Env, p *params) (commands.Result, error) {
		req := commands.ReproRequest{Only: p.get("only"), List: p.boolean("list")}
		if req.List {
			return commands.ReproList(req)
		}
		return commands.Repro(ctx, env, req)
	}},
	"games": {run: func(context.Context, commands.Env, *params) (commands.Result, error) {
		return commands.Games(), nil
	}},
	"slice": {takes: []string{"game", "max", "axes", "fix", "value"}, run: func(ctx context.Context, env commands.Env, p *params) (commands.Result, error) {
		return commands.Slice(ctx, env, commands.SliceRequest{Game: p.get("game"), Source: p.source(), Axes: p.get("axes"), Fix: p.get("fix"), Value: p.get("value")})
	}},
	"advise": {takes: []string{"game", "position", "start", "check"}, run: func(ctx context.Context, env commands.Env, p *params) (commands.Result, error) {
		return commands.Advise(ctx, env, commands.AdviseRequest{Game: p.get("game"), Position: p.get("position"), Start: p.get("start"), Check: p.get("check")})
	}},
	"draw": {takes: []string{"game", "position", "move", "complex"}, figure: true, run: func(ctx context.Context, env commands.Env, p *params) (commands.Result, error) {
		return commands.Draw(ctx, commands.DrawRequest{Game: p.get("game"), Position: p.get("position"), Move: p.get("move"), Complex: p.boolean("complex")})
	}},
}

// elsewhere are the endpoints of "nimlab serve" the browser cannot run,
// and why.
var elsewhere = map[string]string{
	"prove": "a proof runs the SMT solver z3, which a browser does not have",
	"plot":  "the lab draws a slice as a grid; a figure of it is nimlab plot's",
}

// call runs the request name?query with env and returns its answer. The
// progress and claims of a long command go to env's Progress and Claim.
func (l *lab) call(ctx context.Context, env commands.Env, name, query string) (reply, error) {
	values, err := url.ParseQuery(query)
	if err != nil {
		return reply{}, fmt.Errorf("%s: the query %q: %w", name, query, err)
	}
	if why, ok := elsewhere[name]; ok {
		return reply{}, fmt.Errorf("%s is not run in the browser (%s): run %s in a terminal", name, why, cliCommand(name, values))
	}
	e, ok := endpoints[name]
	if !ok {
		return reply{}, fmt.Errorf("the lab has no command %q", name)
	}
	p, err := decode(name, e, values)
	if err != nil {
		return reply{}, err
	}
	env.Cache = l.cache
	if env.Start.IsZero() {
		env.Start = time.Now()
	}
	res, err := e.run(ctx, env, p)
	if err != nil {
		if errors.Is(err, commands.ErrTooLarge) {
			return reply{}, fmt.Errorf("%w (a browser tab allows itself less memory than a machine: run %s in a terminal)", err, cliCommand(name, values))
		}
		return reply{}, err
	}
	if e.figure {
		var b strings.Builder
		if err := res.WriteText(&b); err != nil {
			return reply{}, fmt.Errorf("%s: %w", name, err)
		}
		return reply{data: []byte(b.String()), figure: true}, nil
	}
	data, err := json.Marshal(res)
	if err != nil {
		return reply{}, fmt.Errorf("%s: %w", name, err)
	}
	return reply{data: data}, nil
}

// params are the decoded parameters of one request. Its getters record the
// first malformed value, which decode reports before the command runs.
type params struct {
	values url.Values
	err    error
}

// decode checks the parameters of the request name: only the endpoint's,
// each once, with well-formed numbers.
func decode(name string, e endpoint, values url.Values) (*params, error) {
	p := &params{values: values}
	for key, vs := range values {
		switch {
		case !slices.Contains(e.takes, key):
			return nil, fmt.Errorf("%s takes no parameter %q (it takes %s)", name, key, strings.Join(e.takes, ", "))
		case len(vs) > 1:
			return nil, fmt.Errorf("%s: give %s once, not %d times", name, key, len(vs))
		}
	}
	if slices.Contains(e.takes, "game") && name != "theorems" && p.get("game") == "" {
		return nil, errors.New("give a game, e.g. game=cn:6,3")
	}
	for key := range values {
		switch key {
		case "max", "verify-max":
			p.whole(key, -1, 0, commands.MaxLine)
		case "examples":
			p.whole(key, -1, 0, maxExamples)
		case "remoteness":
			if name == "critical" {
				p.whole(key, -1, 0, math.MaxInt32)
			}
		}
	}
	if p.err != nil {
		return nil, p.err
	}
	return p, nil
}

// get is the value of key ("" when absent).
func (p *params) get(key string) string { return p.values.Get(key) }

// boolean reads key as a flag: present and not "", "false" or "0".
func (p *params) boolean(key string) bool {
	v := p.values.Get(key)
	return p.values.Has(key) && v != "" && v != "false" && v != "0"
}

// whole reads key as a whole number from lo to hi, def when absent.
func (p *params) whole(key string, def, lo, hi int) int {
	if !p.values.Has(key) {
		return def
	}
	v, err := strconv.ParseInt(strings.TrimSpace(p.values.Get(key)), 10, 64)
	if err != nil || v < int64(lo) || v > int64(hi) {
		if p.err == nil {
			p.err = fmt.Errorf("--%s takes a whole number from %d to %d, not %q", key, lo, hi, p.values.Get(key))
		}
		return def
	}
	return int(v)
}

// source is the box the request asks for.
func (p *params) source() commands.Source {
	return commands.Source{Max: p.whole("max", -1, 0, commands.MaxLine)}
}

// commandOf names the nimlab command that answers an endpoint, where the
// names differ.
var commandOf = map[string]string{"slice": "plot", "advise": "play"}

// cliCommand is the nimlab command line that runs the request name with
// values: the game (and position) as arguments, the rest as flags, in a
// fixed order.
func cliCommand(name string, values url.Values) string {
	cmd := name
	if c, ok := commandOf[name]; ok {
		cmd = c
	}
	words := []string{"nimlab", cmd}
	if name == "advise" {
		// The game is played from its start in the terminal.
		start := values.Get("start")
		if start == "" {
			start = values.Get("position")
		}
		return strings.Join(append(words, shellQuote(values.Get("game")), shellQuote(start)), " ")
	}
	for _, key := range []string{"game", "position"} {
		if values.Has(key) {
			words = append(words, shellQuote(values.Get(key)))
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
		switch v := values.Get(key); {
		case v == "" || v == "1" && key != "max" && key != "examples" && key != "remoteness" && key != "verify-max":
			words = append(words, "--"+key)
		default:
			words = append(words, "--"+key, shellQuote(v))
		}
	}
	if name == "slice" {
		words = append(words, "--out", "slice.svg")
	}
	return strings.Join(words, " ")
}

// shellQuote quotes s for a POSIX shell when it holds anything but letters,
// digits and , . : / = + -.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789,.:/=+-_") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
