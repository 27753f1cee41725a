"""Calls of the nimlab command from Python: a command line in, an answer or an exception out."""

import io
import json
import operator
import tempfile
from pathlib import Path

import numpy as np
import pandas as pd

from ._errors import PositionError, error_for
from ._figures import Figure
from ._process import Runner
from ._results import Result

_runner = Runner()


def configure(mode=None, command=None):
    """Chooses how nimlab runs its command.

    mode "session" (the default) keeps one ``nimlab session`` process for
    every call; "process" starts one per call. command is the path of the
    nimlab command (default: $NIMLAB_BINARY, the one built at install, or
    nimlab on PATH). The session running is closed.
    """
    global _runner
    mode = mode or _runner.mode
    _runner.close()
    _runner = Runner(mode, command)


def close():
    """Ends the nimlab session kept open (the next call starts another)."""
    _runner.close()


def command():
    """The path of the nimlab command the package runs, and how it was found."""
    return _runner.command()


def run(args, text=False, progress=True):
    """Runs the command line args (without "nimlab") and returns its answer.

    The answer is a dict: stdout, stderr, exit, text (with text=True, for a
    --json command line), and error ({"kind", "message"}) when it failed.
    An error other than a verdict (what was checked is false or undecided)
    is raised as the NimlabError of its kind; Ctrl-C stops the command and
    raises KeyboardInterrupt.
    """
    args = [str(a) for a in args]
    answer = _runner.run(args, text=text, progress=progress)
    error = answer.get("error")
    if error:
        if error["kind"] == "interrupted":
            raise KeyboardInterrupt("nimlab: interrupted")
        if error["kind"] != "verdict":
            raise error_for(error["kind"], error["message"], answer["exit"], args)
    return answer


def run_json(args, cls=Result, text=True):
    """Runs a command line with --json and returns its result as cls (a Result)."""
    args = [str(a) for a in args]
    answer = run(args + ["--json"], text=text)
    data = json.loads(answer["stdout"])
    error = answer.get("error")
    return cls(args, data, text=answer.get("text"), exit_status=answer["exit"],
               verdict=error["message"] if error else None)


def position_text(p):
    """A position as the command line takes it: "1,2,3" from (1, 2, 3) or "1,2,3"."""
    if isinstance(p, str):
        return p
    try:
        return ",".join(str(operator.index(x)) for x in p)
    except TypeError:
        raise PositionError("a position is a sequence of whole numbers such as (1, 2, 3) or the text '1,2,3', not %r"
                            % (p,), kind="position") from None


def positions(rows):
    """Positions from JSON as tuples."""
    return [tuple(r) for r in rows]


def csv_frame(text, value_columns=()):
    """A DataFrame from a CSV with int64 pile columns p1..pn, outcome as a category, and int32 values."""
    frame = pd.read_csv(io.StringIO(text))
    for column in frame.columns:
        if column == "outcome":
            frame[column] = frame[column].astype(pd.CategoricalDtype(["P", "N"]))
        elif column in value_columns:
            frame[column] = frame[column].astype("int32")
        else:
            frame[column] = frame[column].astype("int64")
    return frame


def npz_frame(path):
    """A DataFrame from ``solve --export FILE.npz``: int64 pile columns p1..pn, outcome as a category, int32 values."""
    columns = {}
    with np.load(path) as arrays:
        for name in arrays.files:
            column = arrays[name]
            if name == "outcome":
                # 1 for P, 0 for N: the codes of the categories ["P", "N"].
                columns[name] = pd.Categorical.from_codes(1 - column.astype("int8"), categories=["P", "N"])
            elif name in ("grundy", "remoteness"):
                columns[name] = column.astype("int32", copy=False)
            else:
                columns[name] = column.astype("int64")
    return pd.DataFrame(columns)


def figure(args, out_flag="--out"):
    """Draws the figure of a command line (draw or plot) as SVG, and a Figure that can save itself."""
    args = [str(a) for a in args]
    with tempfile.TemporaryDirectory(prefix="nimlab-") as tmp:
        out = Path(tmp) / "figure.svg"
        run(args + [out_flag, str(out)])
        svg = out.read_text(encoding="utf-8")

    def redraw(path):
        run(args + [out_flag, path])

    return Figure(svg, args, redraw)
