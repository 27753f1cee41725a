"""nimlab: the impartial games of Nim played on structures, from Python and Jupyter.

Piles on the vertices of a simplicial complex, Circular Nim CN(n,k), PathNim,
Moore's Nim, the slow games and the rule variations of the papers: their
outcomes, Sprague–Grundy values and remoteness, the P-positions as pandas
DataFrames, characterizations checked, discovered and proved for every pile
size, and figures shown inline.

    >>> import nimlab
    >>> g = nimlab.Game("cn:6,3")
    >>> g.outcome((1, 2, 3, 4, 5, 6))
    'N'
    >>> g.winning_moves((1, 2, 3, 4, 5, 6))[0]
    (1, 2, 3, 0, 3, 2)

The package runs the nimlab command (built into the package at install, or
found on PATH) in one ``nimlab session`` kept for every call; every result
is the command's own, with the fields of its ``--json`` object. Errors are
NimlabError exceptions with the command line's message; Ctrl-C stops a long
call within a second. docs/python.md is the guide.
"""

from ._calls import close, command, configure, run, run_json
from ._errors import (CommandNotFoundError, FileError, GameError, NimlabError, NimlabTimeoutError, PositionError,
                      SolverMissingError, TableError, TooLargeError, UsageError)
from ._figures import Figure
from ._game import Game
from ._results import Check, Discovery, Outcome, Proof, Result

__version__ = "0.1.0"

__all__ = [
    "Game", "Result", "Outcome", "Check", "Discovery", "Proof", "Figure",
    "games", "theorems", "cite", "atlas", "version",
    "configure", "close", "command", "run", "run_json",
    "NimlabError", "UsageError", "GameError", "PositionError", "TooLargeError", "SolverMissingError",
    "NimlabTimeoutError", "TableError", "FileError", "CommandNotFoundError",
]


def _frame(rows, columns=None):
    import pandas as pd
    return pd.DataFrame(rows, columns=columns)


def games():
    """The game families and their spec syntax (``nimlab games``), one row per family."""
    answer = run(["games", "--json"])
    import json
    return _frame(json.loads(answer["stdout"]))


def theorems(game=None):
    """The theorems nimlab decides positions with (``nimlab theorems``), one row per theorem.

    Columns name, statement, source, references and proofs (the recorded
    machine proofs); with a game, only the theorem covering it.
    """
    args = ["theorems"] + ([getattr(game, "spec", game)] if game is not None else [])
    listed = run_json(args, text=False).theorems
    return _frame(listed, columns=["name", "statement", "source", "references", "proofs"])


def cite(game=None, format="bibtex", all=False):
    """The BibTeX (or format="text") of the papers behind a game, and of nimlab (``nimlab cite``)."""
    args = ["cite"] + ([getattr(game, "spec", game)] if game is not None else []) + ["--format", format]
    return run(args + (["--all"] if all else []))["stdout"]


def atlas(family, max, discover=True, prove=False, regions=False, prove_timeout=None, out=None):
    """A survey of a family of games (``nimlab atlas``), one row per game, as a DataFrame.

    family is e.g. "cn:3..6" or "nim:3;cn:6,3"; the columns are those of the
    atlas's JSON rows. ``frame.attrs["nimlab"]`` holds the rest of its JSON
    (the games with the same P-positions). out writes the survey's files
    (Parquet and the report) to that directory as well.
    """
    args = ["atlas", family, "--max", max, "--discover=%s" % ("true" if discover else "false")]
    if prove:
        args.append("--prove")
    if regions:
        args.append("--regions")
    if prove_timeout is not None:
        args += ["--prove-timeout", prove_timeout if isinstance(prove_timeout, str) else "%gs" % prove_timeout]
    if out is not None:
        args += ["--out", str(out)]
    result = run_json(args, text=False).to_dict()
    frame = _frame(result.pop("rows"))
    frame.attrs["nimlab"] = result
    return frame


def version():
    """The nimlab command's version and the revision it was built from (``nimlab version``), as a Result."""
    return run_json(["version"])
