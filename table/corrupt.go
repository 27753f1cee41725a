package table

import "errors"

// ErrCorrupt is wrapped by the errors of files that are not intact tables:
// truncated, with flipped bits, with bytes after the end, or forged.
var ErrCorrupt = errors.New("corrupt table file")

// notATableError is the error of a file that is no nimlab table: it is
// ErrCorrupt, in its own words.
type notATableError struct{ msg string }

func (e notATableError) Error() string        { return e.msg }
func (e notATableError) Is(target error) bool { return target == ErrCorrupt }

// notATable is a notATableError saying msg.
func notATable(msg string) error { return notATableError{msg} }
