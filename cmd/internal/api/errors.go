package api

import (
	"errors"
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

// FailureOf is err of a request of endpoint e as the API says it, which
// both back ends answer: an error of the request (commands.RequestError)
// is rendered with e's query parameters spelt as the query spells them
// ("max", where the command line says "--max"), the others as the
// command line does. A QueryError is of kind usage.
func FailureOf(e Endpoint, err error) Failure {
	var request *commands.RequestError
	var query *QueryError
	kind := commands.ErrorKind(err)
	if errors.As(err, &query) {
		kind = commands.KindUsage
	}
	// A request error wrapped in more context keeps the command line's
	// words: only its own message is rendered.
	if !errors.As(err, &request) || request != err {
		return Failure{err.Error(), kind}
	}
	params := paramsIn(e.Schema, URL)
	if e.Tables {
		params = append(params, "table")
	}
	return Failure{request.Render(func(p commands.Param, value string) string {
		switch {
		case !slices.Contains(params, string(p)):
			return p.Flag(value)
		case value == "":
			return string(p)
		}
		return string(p) + "=" + value
	}), kind}
}
