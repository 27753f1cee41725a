//go:build js

package atlas

import (
	"errors"
	"io"
)

// errNoParquet refuses Parquet in the browser: the WebAssembly build of
// nimlab leaves the Parquet writer out to keep its download small.
var errNoParquet = errors.New("an atlas is written as Parquet by the nimlab command, not in the browser")

// WriteParquet refuses: see errNoParquet.
func WriteParquet(io.Writer, []Row) error { return errNoParquet }
