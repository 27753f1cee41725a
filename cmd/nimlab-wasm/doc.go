// Command nimlab-wasm is nimlab compiled to WebAssembly (GOOS=js
// GOARCH=wasm) for the static web lab that "nimlab site" writes: it answers
// the lab's requests in the browser, through the same typed commands of
// package commands that the command line and "nimlab serve" use, and the
// same adapter (cmd/internal/api's Backend) that the server answers them with.
//
// Built for the browser it defines one JavaScript function,
//
//	nimlabCall(name, query, send)
//
// where name is an endpoint of the lab's API (outcome, solve, check, draw,
// ...), query its parameters as "nimlab serve" takes them under /api/NAME
// (game=cn:6,3&position=1,2,3,4,5,6), and send(event, data) receives the
// answer: "progress" and "claim" events as the command runs, then one
// "result" (the JSON of "nimlab CMD --json", or a figure's SVG) or "error".
// The lab runs it in a Web Worker, so that the page stays responsive; a
// computation is cancelled by terminating the worker.
//
// Built for any other platform it only says how it is meant to be built.
package main
