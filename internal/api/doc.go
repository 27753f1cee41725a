// Package api is the web lab's API, shared by its two back ends: "nimlab
// serve", which answers it over HTTP under /api/NAME, and the WebAssembly
// module of the static site, which answers it in the browser.
//
// An endpoint is one typed command of package commands: the query
// parameters it takes, and how its query becomes the command's request
// (Endpoint.Run). Decoding a query checks it before anything runs: only
// the endpoint's parameters, each once, a game where one is needed, and
// whole numbers in their range; its errors are QueryErrors, worded as the
// back end names its endpoints (Wording).
//
// What only one back end has stays with it: the server's saved tables
// (the table parameter, resolved in its data directory; Query.Table), its
// limits, streaming and HTTP statuses, and its endpoints that run z3 or
// plot a figure; the browser's refusals of those, and the command lines it
// suggests instead.
package api
