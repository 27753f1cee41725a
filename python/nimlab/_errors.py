"""The exceptions of nimlab: one class per kind of error the command names."""


class NimlabError(Exception):
    """An error of the nimlab command.

    ``str(error)`` is the message the command line prints after ``nimlab:``;
    ``kind`` names what went wrong (the classes below are chosen by it, never
    by the message's wording); ``args_`` is the command line that failed and
    ``exit_status`` its exit status.
    """

    kind = "error"

    def __init__(self, message, kind=None, exit_status=1, command=None):
        super().__init__(message)
        self.message = message
        if kind is not None:
            self.kind = kind
        self.exit_status = exit_status
        self.args_ = list(command or [])


class UsageError(NimlabError, ValueError):
    """A request the command cannot take: an option missing, out of range, or unknown."""

    kind = "usage"


class GameError(NimlabError, ValueError):
    """A game spec that cannot be read (``nimlab games`` lists the syntax)."""

    kind = "game"


class PositionError(NimlabError, ValueError):
    """A position that cannot be read or does not fit the game."""

    kind = "position"


class TooLargeError(NimlabError):
    """A computation refused or stopped for its size (memory, a budget, a limit)."""

    kind = "too_large"


class SolverMissingError(NimlabError):
    """No SMT solver for ``prove``: install Debian's z3 (``apt-get install z3``)."""

    kind = "no_solver"


class NimlabTimeoutError(NimlabError, TimeoutError):
    """A computation out of time."""

    kind = "timeout"


class TableError(NimlabError):
    """A saved table file that is corrupt."""

    kind = "table"


class FileError(NimlabError, OSError):
    """A file that cannot be read or written."""

    kind = "file"


class CommandNotFoundError(NimlabError):
    """No nimlab command to run: not built at install, not on PATH, not in $NIMLAB_BINARY."""

    kind = "command"


_BY_KIND = {cls.kind: cls for cls in (UsageError, GameError, PositionError, TooLargeError, SolverMissingError,
                                      NimlabTimeoutError, TableError, FileError)}


def error_for(kind, message, exit_status, command):
    """The exception for an error of the given kind."""
    cls = _BY_KIND.get(kind, NimlabError)
    return cls(message, kind=kind, exit_status=exit_status, command=command)
