//go:build js && wasm

package main

import (
	"context"
	"encoding/json"
	"sync"
	"syscall/js"
	"time"

	"github.com/nimlab/nimlab/commands"
	"github.com/nimlab/nimlab/repro"
)

// main defines nimlabCall and waits: the module answers calls until its
// worker is terminated.
func main() {
	l := newLab()
	js.Global().Set("nimlabCall", js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) < 3 || args[0].Type() != js.TypeString || args[1].Type() != js.TypeString || args[2].Type() != js.TypeFunction {
			panic("nimlabCall(name, query, send): give two strings and a function")
		}
		name, query, send := args[0].String(), args[1].String(), args[2]
		// The call runs on its own goroutine: a JavaScript callback must
		// return before the Go code it starts may block.
		go answer(l, name, query, send)
		return nil
	}))
	select {}
}

// answer runs one call and sends its events.
func answer(l *lab, name, query string, send js.Value) {
	ev := &events{send: send}
	env := commands.Env{Progress: ev.watch, Claim: ev.claim}
	r, err := l.call(context.Background(), env, name, query)
	if err != nil {
		ev.emit("error", err.Error())
		return
	}
	// JSON, or a figure's SVG: the page knows which it asked for.
	ev.emit("result", string(r.data))
}

// events sends the events of one call: progress at most ten times a
// second, each claim of repro, the result.
type events struct {
	mu   sync.Mutex
	send js.Value
	last time.Time
}

func (e *events) emit(event, data string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.send.Invoke(event, data)
}

// due reports whether a progress report is due: the first, the last, and
// then one every 100 ms.
func (e *events) due(done, total int64) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	if time.Since(e.last) < 100*time.Millisecond && done < total {
		return false
	}
	e.last = time.Now()
	return true
}

func (e *events) watch(string, int64) (func(done, total int64), func()) {
	return e.progress, nil
}

func (e *events) progress(done, total int64) {
	if !e.due(done, total) {
		return
	}
	data, _ := json.Marshal(struct {
		Done  int64 `json:"done"`
		Total int64 `json:"total"`
	}{done, total})
	e.emit("progress", string(data))
}

func (e *events) claim(r repro.Result) {
	data, _ := json.Marshal(r)
	e.emit("claim", string(data))
}
