// Package api is the web lab's API, and the one adapter from a typed
// command of package commands to a back end: "nimlab serve", which answers
// it over HTTP under /api/NAME, and the WebAssembly module of the static
// site, which answers it in the browser.
//
// The schema (Params) declares every command's parameters once: name,
// kind, default, range and help, and whether each is a flag of the command
// line, a positional argument or a query parameter of the API. The command
// line's flags and the endpoints' parameters are made from it; tests check
// the Python package's keywords and the lab's requests against it.
//
// An endpoint is one typed command: the query parameters it takes, and how
// its query becomes the command's request (Endpoint.Run). Decoding a query
// checks it before anything runs: only the endpoint's parameters, each
// once, a game where one is needed, and whole numbers in their range; its
// errors are QueryErrors. Both back ends answer an error in the same words
// (FailureOf), and a result as JSON with the command's text beside it
// (Endpoint.Text).
//
// A Backend holds what both back ends do around a command: the endpoint
// table (with prove and plot, which the browser refuses with the command
// line that runs them, and play, a game against the computer one step at
// a time), the saved tables a back end resolves, the Env of a request, the
// runs merged or kept, the choice between a figure's SVG and JSON (Reply),
// and the progress and claims of a long command as throttled events
// (Events).
//
// What only one back end has stays with it: the server's data directory,
// limits, streaming and HTTP statuses; the browser's worker and its calls.
package api
