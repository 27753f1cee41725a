package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/nimlab/nimlab/commands"
	"github.com/nimlab/nimlab/internal/api"
)

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

// endpoints are the commands of the static lab: package api's, which
// "nimlab serve" answers too, without its own that need files (the table
// parameter) or an external solver (prove, which needs z3, is refused with
// the command that runs it).
var endpoints = api.Endpoints()

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
	q, err := e.Decode(name, values, api.BrowserWording)
	if err != nil {
		return reply{}, err
	}
	env.Cache = l.cache
	if env.Start.IsZero() {
		env.Start = time.Now()
	}
	res, err := e.Run(ctx, env, q)
	if err != nil {
		if errors.Is(err, commands.ErrTooLarge) {
			return reply{}, fmt.Errorf("%w (a browser tab allows itself less memory than a machine: run %s in a terminal)", err, cliCommand(name, values))
		}
		return reply{}, err
	}
	if e.Figure {
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
