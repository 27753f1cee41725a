package commands

import (
	"context"
	"errors"
	"io/fs"

	"github.com/nimlab/nimlab/certificate"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/internal/atomicfile"
	"github.com/nimlab/nimlab/table"
)

// The kinds of error ErrorKind names, for programs that act on what went
// wrong (the Python package raises one exception class per kind) and never
// on a message's wording.
const (
	KindInterrupted = "interrupted" // the command was stopped (its context cancelled)
	KindVerdict     = "verdict"     // it ran to the end and found what it checked false or undecided
	KindTooLarge    = "too_large"   // refused or stopped for its size (ErrTooLarge)
	KindNoSolver    = "no_solver"   // no SMT solver installed (ErrNoSolver)
	KindTimeout     = "timeout"     // out of time
	KindGame        = "game"        // a game spec that cannot be read
	KindPosition    = "position"    // a position that cannot be read or does not fit the game
	KindUsage       = "usage"       // a request the command cannot take (RequestError)
	KindTable       = "table"       // a corrupt table file
	KindFile        = "file"        // a file that cannot be read or written
	KindError       = "error"       // anything else
)

// ErrorKind names the kind of a command's error: one of the Kind
// constants, "" for nil.
func ErrorKind(err error) string {
	var (
		verdict  *Verdict
		request  *RequestError
		spec     *game.SpecError
		position *game.PositionError
		path     *fs.PathError
		write    *atomicfile.Error
		folder   *certificate.FolderError
	)
	switch {
	case err == nil:
		return ""
	case errors.Is(err, context.Canceled):
		return KindInterrupted
	case errors.As(err, &verdict):
		return KindVerdict
	case errors.Is(err, ErrTooLarge):
		return KindTooLarge
	case errors.Is(err, ErrNoSolver):
		return KindNoSolver
	case errors.Is(err, context.DeadlineExceeded):
		return KindTimeout
	case errors.As(err, &spec):
		return KindGame
	case errors.As(err, &position):
		return KindPosition
	case errors.As(err, &request):
		return KindUsage
	case errors.Is(err, table.ErrCorrupt):
		return KindTable
	case errors.As(err, &path), errors.As(err, &write), errors.As(err, &folder):
		return KindFile
	}
	return KindError
}
