package main

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/nimlab/nimlab/cmd/internal/api"
	"github.com/nimlab/nimlab/commands"
)

// TestServerAndBrowserSayTheSame: the same bad request gets the same error,
// in the same words and of the same kind, from the server's handler and
// from the browser's back end (api.Backend.Call and Failure, which the
// WebAssembly module calls): both name the query's parameters (max), never
// the command line's flags (--max).
func TestServerAndBrowserSayTheSame(t *testing.T) {
	srv := testServer(t, "")
	browser := &api.Backend{Browser: true, Cache: commands.NewCache(1 << 26), CacheAll: true}
	for _, tt := range []struct{ name, query, says string }{
		{"solve", "max=3", "give a game, e.g. ?game=cn:6,3"},
		{"solve", "game=cn:6,3&max=ten", `max takes a whole number from 0 to 65534, not "ten"`},
		{"solve", "game=cn:6,3&frobnicate=1", `/api/solve takes no parameter "frobnicate" (it takes game, max, grundy, remoteness, table)`},
		{"check", "game=cn:6,3&max=3&max=4", "/api/check: give max once, not 2 times"},
		{"check", "game=cn:6,3&max=3", "give exactly one of theorem NAME, expr EXPR, properties and strategy NAME"},
		{"slice", "game=nim:3&max=4&axes=1", `Nim on 3 piles: axes "1": give two piles, e.g. axes=1,2`},
		{"discover", "game=cn:6,3", "max is required: the height to learn on, e.g. max=6"},
		{"play", "game=nim:3&history=1,2,3&first=nobody", ""},
		{"outcome", "game=cn:6,3&position=1,2", ""},
		{"solve", "game=zz:1&max=3", ""},
	} {
		t.Run(tt.name+"?"+tt.query, func(t *testing.T) {
			status, _, body := get(t, srv.URL+"/api/"+tt.name+"?"+tt.query)
			var server api.Failure
			if err := json.Unmarshal(body, &server); err != nil || status == http.StatusOK {
				t.Fatalf("the server answered %d %s", status, body)
			}
			_, err := browser.Call(context.Background(), tt.name, tt.query, 0, nil)
			if err == nil {
				t.Fatal("the browser answered")
			}
			if in := browser.Failure(tt.name, err); in != server {
				t.Errorf("the server says %+v, the browser %+v", server, in)
			}
			if tt.says != "" && server.Error != tt.says {
				t.Errorf("the server says %q, want %q", server.Error, tt.says)
			}
		})
	}
}
