//go:build js && wasm

package main

import (
	"context"
	"syscall/js"

	"github.com/nimlab/nimlab/cmd/internal/api"
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

// answer runs one call and sends its events: progress at most ten times a
// second, each claim of repro, then the result (JSON, or a figure's SVG:
// the page knows which it asked for) or the error.
func answer(l *lab, name, query string, send js.Value) {
	ev := api.NewEvents(func(event string, data []byte) { send.Invoke(event, string(data)) })
	r, err := l.call(context.Background(), name, query, 0, ev)
	if err != nil {
		ev.Send("error", l.failure(name, err))
		return
	}
	ev.Send("result", r.Data)
}
