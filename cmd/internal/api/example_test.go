package api_test

import (
	"context"
	"fmt"
	"net/url"

	"github.com/nimlab/nimlab/cmd/internal/api"
	"github.com/nimlab/nimlab/commands"
)

// A back end looks up the endpoint of a request, decodes its query and
// runs its command.
func Example() {
	e := api.Endpoints()["outcome"]
	values, _ := url.ParseQuery("game=nim:3&position=1,2,3")
	q, err := e.Decode("outcome", values)
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := e.Run(context.Background(), commands.Env{}, q)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.(*commands.OutcomeResult).Outcome)
	// Output: P
}

// A malformed query is refused before its command runs, in the same words
// whichever back end answers it.
func ExampleEndpoint_Decode() {
	e := api.Endpoints()["solve"]
	_, err := e.Decode("solve", url.Values{"max": {"3"}})
	fmt.Println(err)
	_, err = e.Decode("solve", url.Values{"game": {"cn:6,3"}, "tabel": {"x.tbl"}})
	fmt.Println(err)
	_, err = e.Decode("solve", url.Values{"game": {"cn:6,3"}, "max": {"ten"}})
	fmt.Println(err)
	// Output:
	// give a game, e.g. ?game=cn:6,3
	// /api/solve takes no parameter "tabel" (it takes game, max, grundy, remoteness, table)
	// max takes a whole number from 0 to 65534, not "ten"
}
