// Package commands holds nimlab's commands as typed functions, one per
// command: each takes a request (what the command line's flags or the web
// lab's query say) and returns a result, a struct with JSON tags and a text
// renderer (WriteText). The command line maps its flags to the request and
// prints the result as text or JSON; the web server decodes its query into
// the same request and answers the same JSON. The JSON of the API then
// equals the command line's by construction.
//
// A command computes and never prints. What a front end lends a command (a
// progress report, a cache of tables, the memory it may use, when it
// started) is its Env. A command that ran to the end but found a claim false
// or undecided (check, prove, complex --basis) returns its whole result;
// the result's Verdict method says so, as a *Verdict carrying the exit
// status of the command line.
package commands
