package api

import (
	"errors"
	"regexp"
	"slices"

	"github.com/nimlab/nimlab/commands"
)

// Failure is the answer of a request that failed, the same from both back
// ends: the server's JSON body and "error" event, and the browser's
// "error" event.
type Failure struct {
	// Error is what went wrong, in the API's words.
	Error string `json:"error"`
	// Kind is what kind of error it is (commands.ErrorKind), for clients
	// that act on it rather than on the wording.
	Kind string `json:"kind"`
}

// flagName is a command line option as a request's message names it.
var flagName = regexp.MustCompile(`(^|[\s(])--([a-z][a-z-]*)`)

// FailureOf is err of a request of endpoint e as the API says it, which
// both back ends answer: an error of the request (commands.RequestError)
// names e's query parameters as the query does ("max", where the command
// line's says "--max"); the flags the API does not take, and values quoted
// in the message, are left as they are. A QueryError is of kind usage.
func FailureOf(e Endpoint, err error) Failure {
	var request *commands.RequestError
	var query *QueryError
	kind := commands.ErrorKind(err)
	if errors.As(err, &query) {
		kind = commands.KindUsage
	}
	if !errors.As(err, &request) {
		return Failure{err.Error(), kind}
	}
	params := paramsIn(e.Schema, URL)
	if e.Tables {
		params = append(params, "table")
	}
	return Failure{flagName.ReplaceAllStringFunc(err.Error(), func(m string) string {
		sub := flagName.FindStringSubmatch(m)
		if !slices.Contains(params, sub[2]) {
			return m
		}
		return sub[1] + sub[2]
	}), kind}
}
