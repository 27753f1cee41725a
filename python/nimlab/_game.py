"""A game of Nim played on a structure, named by its spec, and what nimlab computes about it."""

import copy
import json
import operator
import tempfile
from collections import OrderedDict
from pathlib import Path

import numpy as np
import pandas as pd

from ._calls import csv_frame, figure, npz_frame, position_text, positions, run, run_json
from ._errors import TooLargeError, UsageError
from ._results import Check, Discovery, Outcome, Proof, Result

MAX_ROWS = 10_000_000
"""The most rows Game.solve puts in a DataFrame unless told otherwise."""

MAX_LINE = 65534
"""The largest max a table takes (the command refuses more)."""


def _duration(value):
    """A duration as the command line takes it: seconds as a number, or text such as "30s"."""
    if value is None or isinstance(value, str):
        return value
    return "%gs" % value


class Game:
    """A game, named by its spec: ``Game("cn:6,3")`` is Circular Nim CN(6,3).

    ``nimlab.games()`` lists the families; add ``/misere`` for misère play.
    A position is a sequence of pile sizes, pile 1 first: ``(1, 2, 3, 4, 5, 6)``
    (or the text ``"1,2,3,4,5,6"``). An unknown spec raises GameError.

    Attributes: ``spec``, the spec as nimlab writes it; ``title``, the game's
    name in the papers' words ("Circular Nim CN(6,3)"); ``piles``, the
    number of piles.

    The methods that build a table take ``max`` (every pile 0..max),
    ``table`` (a table saved by ``summary(out=...)``, read instead of
    solving) and ``force`` (solve even when the memory estimate exceeds the
    machine's available memory).
    """

    def __init__(self, spec):
        spec = getattr(spec, "spec", spec)
        self._complex = run_json(["complex", spec], text=True)
        self.spec = self._complex.game
        self.title = self._complex.title
        self.piles = self._complex.vertices
        self._theorems = None
        self._positions = OrderedDict()

    def __repr__(self):
        return "Game(%r)  # %s, %d piles" % (self.spec, self.title, self.piles)

    def __eq__(self, other):
        return isinstance(other, Game) and other.spec == self.spec

    def __hash__(self):
        return hash(self.spec)

    # The structure.

    @property
    def symmetries(self):
        """The order of the game's symmetry group (the automorphisms of its complex that keep its moves)."""
        s = self._complex.symmetries
        return int(s) if isinstance(s, str) and s.isdigit() else s

    @property
    def facets(self):
        """The facets of the complex the game is played on, as tuples of 1-based piles."""
        return [tuple(f) for f in self._complex.facets]

    @property
    def circuits(self):
        """The circuits (minimal non-faces) of the complex, as tuples of 1-based piles; None when not computed."""
        c = self._complex.circuits
        return None if c is None else [tuple(x) for x in c]

    @property
    def complex(self):
        """The structure as ``nimlab complex`` describes it (facets, circuits, Nim-basis, symmetries, source)."""
        return self._complex

    @property
    def theorems(self):
        """The theorems of the papers covering the game (``nimlab theorems GAME``), each a Result."""
        if self._theorems is None:
            listed = run_json(["theorems", self.spec], text=False)
            self._theorems = [Result(["theorems", self.spec], t) for t in listed.theorems]
        return list(self._theorems)

    def cite(self, format="bibtex"):
        """The papers behind the game, and nimlab, as BibTeX (or format="text")."""
        return run(["cite", self.spec, "--format", format])["stdout"]

    # One position.

    def explain(self, position, options=False):
        """Everything ``nimlab outcome`` says of a position: outcome, Grundy value, remoteness, winning moves, theorem.

        With options=True the result lists every option too. The result
        shows as the command line prints it: why the position is P or N.
        """
        key = (position_text(position), bool(options))
        if key in self._positions:
            self._positions.move_to_end(key)
        else:
            args = ["outcome", self.spec, key[0]] + (["--options"] if options else [])
            self._positions[key] = run_json(args, Outcome)
            if len(self._positions) > 1024:
                self._positions.popitem(last=False)
        return copy.deepcopy(self._positions[key])

    def outcome(self, position):
        """"P" (the previous player wins) or "N" (the next player wins)."""
        return self.explain(position).outcome

    def is_p(self, position):
        """Whether the position is a P-position."""
        return self.outcome(position) == "P"

    def grundy(self, position):
        """The Sprague–Grundy value; None when too many positions lie below it to solve them."""
        return self.explain(position).get("grundy")

    def remoteness(self, position):
        """Smith's remoteness; None when neither a theorem nor a table gives it."""
        return self.explain(position).get("remoteness")

    def winning_moves(self, position):
        """The winning moves (options that are P-positions), as tuples.

        Every one when the positions below were solved (or read from a
        table); for a position decided by a theorem alone, with piles too
        large to solve below, only the theorem's move:
        ``explain(position).all_winning_moves`` says which.
        """
        return positions(self.explain(position).winning_moves)

    def options(self, position):
        """Every option of the position (each position one move reaches), as tuples.

        At most 100,000: a position with more raises TooLargeError.
        """
        return positions(self.explain(position, options=True).options)

    # Tables.

    def summary(self, max=None, grundy=False, remoteness=False, table=None, out=None, force=False):
        """Solves every position with piles 0..max and returns the counts (``nimlab solve``), not the table.

        grundy and remoteness compute the Sprague–Grundy values and Smith's
        remoteness as well (their counts per value). out saves the table to a
        file that table= reads back (here, in p_positions, solve, check and
        plot) without solving again.
        """
        args = self._solve_args(max, grundy, remoteness, table, force)
        return run_json(args + (["--out", str(out)] if out else []))

    def solve(self, max=None, grundy=False, remoteness=False, table=None, force=False, max_rows=MAX_ROWS, where=None):
        """Every position with piles 0..max as a DataFrame.

        Columns p1..pn (int64), outcome ("P" or "N", a category), and grundy
        and remoteness (int32) when asked. ``frame.attrs["nimlab"]`` is the
        solve's summary (``nimlab solve --json``). A table of more than
        max_rows positions raises TooLargeError: use summary, or p_positions.
        where (e.g. "a == 0 && c == 0") keeps the rows where that condition
        holds only (``evaluate``), renumbered from 0.
        """
        frame = self._solve_frame(max, grundy, remoteness, table, force, max_rows)
        if where is None:
            return frame
        kept = frame[self._evaluate(frame, where=where).to_numpy()].reset_index(drop=True)
        kept.attrs = frame.attrs
        return kept

    def _solve_frame(self, max, grundy, remoteness, table, force, max_rows):
        """The whole table as a DataFrame (solve)."""
        args = self._solve_args(max, grundy, remoteness, table, force)
        try:
            height = operator.index(max)
        except TypeError:
            height = None  # the command says what --max takes
        if height is not None and 0 <= height <= MAX_LINE and (height + 1) ** self.piles > max_rows:
            raise TooLargeError("%s with piles 0..%d has %d positions, more than max_rows=%d for a DataFrame; "
                                "summary() counts them, p_positions() lists the P-positions"
                                % (self.spec, height, (height + 1) ** self.piles, max_rows), kind="too_large",
                                command=args)
        with tempfile.TemporaryDirectory(prefix="nimlab-") as tmp:
            # NumPy arrays, not text: the columns reach pandas as they are.
            export = Path(tmp) / "table.npz"
            args = args + ["--export", str(export)]
            answer = run(args + ["--json"])
            frame = npz_frame(export)
        summary = json.loads(answer["stdout"])
        summary.pop("export", None)
        frame.attrs["nimlab"] = summary
        return frame

    def _solve_args(self, max, grundy, remoteness, table, force):
        args = ["solve", self.spec] + self._source(max, table, force)
        return args + (["--grundy"] if grundy else []) + (["--remoteness"] if remoteness else [])

    @staticmethod
    def _source(max, table, force=False):
        """The flags of the table a command builds or reads."""
        source = []
        if max is not None:
            source += ["--max", max]
        if table is not None:
            source += ["--table", str(table)]
        if force:
            source.append("--force")
        return source

    def p_positions(self, max=None, classes=False, table=None, force=False, where=None):
        """The P-positions with piles 0..max as a DataFrame with one int64 column per pile, p1..pn.

        With classes=True, one per symmetry class: the lexicographically
        least of each. where (e.g. "a == 0") lists those where that
        condition holds only.
        """
        args = ["list", self.spec] + self._source(max, table, force) + (["--classes"] if classes else [])
        if where is not None:
            args += ["--where", where]
        return csv_frame(run(args + ["--format", "csv"])["stdout"])

    def evaluate(self, expr, frame):
        """The expression's value at each row of frame, as a boolean Series with frame's index (``nimlab eval``).

        expr is in check's language (piles a, b, c, ...), or a Discovery;
        frame has one integer column per pile, named p1..pn (as solve and
        p_positions give them) or a, b, c, ... The expression is evaluated
        by nimlab, exactly, as check and prove read it:
        ``frame[g.evaluate("a == c && b == d", frame)]`` keeps the rows it
        accepts.
        """
        return self._evaluate(frame, expr=expr)

    def _evaluate(self, frame, expr=None, where=None):
        """evaluate, the expression given as expr= or as where= (its errors name it so)."""
        columns = self._pile_columns(frame)
        args = ["eval", self.spec] + (["--where", where] if where is not None else ["--expr", _expression(expr)])
        with tempfile.TemporaryDirectory(prefix="nimlab-") as tmp:
            positions_file, answers = Path(tmp) / "positions.npz", Path(tmp) / "accepted.npz"
            arrays = {}
            for i, column in enumerate(columns):
                series = frame[column]
                if pd.api.types.is_integer_dtype(series.dtype) and series.hasnans:
                    raise UsageError("frame= column %r has missing values: a pile holds a whole number of tokens"
                                     % (column,), kind="usage", command=args)
                if not pd.api.types.is_integer_dtype(series.dtype):
                    raise UsageError("frame= column %r holds %s, not integers: a pile is a whole number of tokens"
                                     % (column, series.dtype), kind="usage", command=args)
                values = series.to_numpy(dtype="int64")
                if len(values) and values.min() < 0:
                    row = series.index[int(np.argmin(values))]
                    raise UsageError("frame= column %r holds %d at row %r: a pile is never negative"
                                     % (column, values.min(), row), kind="usage", command=args)
                arrays["p%d" % (i + 1)] = values
            np.savez(positions_file, **arrays)
            run(args + ["--positions", str(positions_file), "--export", str(answers), "--json"])
            with np.load(answers) as loaded:
                accepted = loaded["accepted"].astype(bool)
        return pd.Series(accepted, index=frame.index, name="accepted")

    def _pile_columns(self, frame):
        """The names of frame's pile columns: p1..pn, or a, b, c, ..."""
        if not isinstance(frame, pd.DataFrame):
            raise UsageError("frame= is a pandas DataFrame with a column per pile, not %s" % type(frame).__name__,
                             kind="usage", command=["eval", self.spec])
        for names in (["p%d" % (i + 1) for i in range(self.piles)], [chr(ord("a") + i) for i in range(self.piles)]):
            if all(name in frame.columns for name in names):
                return names
        raise UsageError("frame= needs a column per pile of %s: p1..p%d (as solve and p_positions give them) or a, b, ...; "
                         "it has %s" % (self.spec, self.piles, ", ".join(map(str, frame.columns))),
                         kind="usage", command=["eval", self.spec])

    # Characterizations.

    def check(self, expr=None, max=None, theorem=None, strategy=None, properties=False, examples=None, table=None,
              force=False, where=None):
        """Compares a characterization with the table (``nimlab check``).

        expr is an expression true exactly at the P-positions (piles a, b,
        c, ...; ``nimlab check --help`` has the syntax) or a Discovery;
        theorem names one of ``nimlab.theorems()``; strategy ("mrule") is
        proved by exhaustion to lower the remoteness by one everywhere;
        properties=True tests the closure properties of the P-positions
        instead; examples is how many positions of each kind to show (5);
        where (e.g. "a == 0") compares the expression or theorem only on the
        positions where that condition holds, and the result's ``region``
        counts them and those with a move out of the region.

        Returns a Check; ``agrees`` says whether it holds on the box, and its
        field ``examples`` lists positions where it fails (conditions (I)
        and (II) of Dufour–Heubach 2013, Theorem 1.2). A disagreement is a
        result, not an exception.
        """
        args = ["check", self.spec] + self._source(max, table, force)
        for flag, value in (("--expr", _expression(expr)), ("--theorem", theorem), ("--strategy", strategy), ("--examples", examples),
                            ("--where", where)):
            if value is not None:
                args += [flag, value]
        if properties:
            args.append("--properties")
        return run_json(args, Check)

    def discover(self, max, verify_max=None, prove=False, grundy=False, where=None, prove_timeout=None, certificate=None,
                 certificate_timeout=None, theorems=True):
        """Proposes a characterization learned on piles 0..max and verifies it on a larger box (``nimlab discover``).

        verify_max is the height of the verification box (default: a few
        above max); grundy=True looks for a formula of the Sprague–Grundy
        value instead of the P-positions; where describes them inside a
        region no move leaves only (e.g. "a == 0"). ``expr`` is the
        characterization as a check expression (pass the Discovery itself to
        check or prove); ``exact`` says whether it holds on the verification
        box, ``learned_exact`` whether it holds on the box of max it was
        learned on (exact there and not beyond, when exact is False). With prove=True it is proved for every position as well, each
        query within prove_timeout (seconds, or text such as "30s"); certificate, a directory, then has the proof
        written there as a Coq file that coqc checks (the Discovery's ``certificate``), within certificate_timeout
        (as prove's). theorems=False offers the proof no recorded theorem's statement (prove's).
        """
        args = ["discover", self.spec, "--max", max]
        for flag, value in (("--verify-max", verify_max), ("--where", where), ("--prove-timeout", _duration(prove_timeout)),
                            ("--certificate", None if certificate is None else str(certificate)),
                            ("--certificate-timeout", _duration(certificate_timeout))):
            if value is not None:
                args += [flag, value]
        args += (["--prove"] if prove else []) + (["--grundy"] if grundy else []) + ([] if theorems else ["--no-theorems"])
        return run_json(args, Discovery)

    def prove(self, expr=None, theorem=None, grundy=None, where=None, move=(), timeout=None, solver=None,
              confirm=False, learn=True, symmetry=True, reduce=False, certificate=None, certificate_timeout=None,
              same_as=(), theorems=True):
        """Proves a characterization for every pile size, or refutes it with a counterexample (``nimlab prove``).

        expr is true exactly at the P-positions (or a Discovery); theorem
        names one of ``nimlab.theorems()``; grundy is a formula of the
        Sprague–Grundy value; where restricts the claim to a region no move
        leaves. move is a candidate winning move for condition (II): the
        option's piles as expressions separated by commas ("a, b, c, d, e,
        a + b - d"), or a list of them. timeout bounds each query (seconds,
        or text such as "2m"); solver is "z3" or "cvc5"; confirm=True asks
        the other solver the queries that decided a proof; learn=False
        learns no winning moves from the game; symmetry=False asks every
        position rather than one per symmetry class; reduce=True decides (II)
        by reduction by invariances before asking its query (the proof's
        ``reduction`` lists the regions). certificate is a directory: once
        proved, the proof is written there as a Coq file and checked by coqc
        (the Proof's ``certificate``: its status, "certified" or
        "not_certifiable" with the reason, its path, the ``libraries`` written
        beside it and coqc's time); certificate_timeout bounds coqc's check
        (seconds, or text such as "30m"; 10 minutes when None). same_as is
        another statement of the set, or a list of them ("[a == 0] EXPR" for
        one about the region a == 0): (II) is decided through one when the
        solver shows they agree and it is proved (a Discovery by reduction
        passes the region theorems discover proved); theorems=False offers
        no recorded theorem's statement, which is otherwise tried first: a
        proof from the claim alone.

        Returns a Proof: ``result`` is "proved", "refuted" (with a
        counterexample the engine confirms) or "unknown". Needs Debian's z3
        (SolverMissingError otherwise).
        """
        args = ["prove", self.spec]
        for flag, value in (("--expr", _expression(expr)), ("--theorem", theorem), ("--grundy", _expression(grundy)),
                            ("--where", where), ("--timeout", _duration(timeout)), ("--solver", solver),
                            ("--certificate", None if certificate is None else str(certificate)),
                            ("--certificate-timeout", _duration(certificate_timeout))):
            if value is not None:
                args += [flag, value]
        for m in ([move] if isinstance(move, str) else move):
            if not isinstance(m, str):
                raise UsageError("move= takes expressions of the option's piles, such as 'a, b, xor(a, b)', "
                                 "or a list of them, not %r" % (m,), kind="usage", command=args)
            args += ["--move", m]
        args += (["--confirm"] if confirm else []) + ([] if learn else ["--no-learn"]) + ([] if symmetry else ["--no-symmetry"])
        args += [] if theorems else ["--no-theorems"]
        if same_as is None:
            same_as = ()
        if isinstance(same_as, str):
            same_as = [same_as]
        elif isinstance(same_as, (list, tuple)):
            same_as = list(same_as)
        else:
            raise UsageError("same_as= takes an expression of the set, such as 'a == b' or '[a == 0] b == c', "
                             "or a list of them, not %r" % (same_as,), kind="usage", command=["prove", self.spec])
        if isinstance(expr, Discovery) and expr.get("reduced"):
            reduce = True  # a description by reduction is proved by one
            same_as += ["[%s] %s" % (n["where"], n["expr"]) for n in expr.get("regions") or []
                        if n.get("proof") == "proved" and n.get("where")]
        for s in same_as:
            if not isinstance(s, str):
                raise UsageError("same_as= takes expressions of the set, such as 'a == b' or '[a == 0] b == c', "
                                 "or a list of them, not %r" % (s,), kind="usage", command=args)
            args += ["--same-as", s]
        args += ["--reduce"] if reduce else []
        return run_json(args, Proof)

    # Figures.

    def draw(self, position=None, move=None, complex=False):
        """Draws a position, a move from it (``move`` is the position it leads to), or the complex, as the papers do."""
        args = ["draw", self.spec]
        if position is not None:
            args.append(position_text(position))
        if move is not None:
            args += ["--move", position_text(move)]
        if complex:
            args.append("--complex")
        return figure(args)

    def plot(self, max=None, axes=(1, 2), fix=None, value="outcome", table=None, force=False, ax=None):
        """Plots a slice of the table: two piles on the axes, the others fixed.

        axes names the two piles as numbers from 1, as p1..pn, or as the
        letters of expressions ((1, 2), "a,b" and "p1,p2" are the same).
        fix maps other piles to their values ({3: 5}, {"c": 5}, or the text
        "3=5,4=0"; unlisted piles are 0); with no fix, the slice holding the
        most P-positions. value is "outcome", "grundy" or "remoteness".

        With ax, a matplotlib Axes, the slice is drawn into it — the piles
        named on the axes, integer ticks, a legend for the outcomes or a
        colour bar for the values, the P-positions marked — and ax is
        returned, to restyle, annotate or combine in subplots. Without, the
        figure ``nimlab plot`` draws (SVG; ``.save("slice.png")``).
        """
        if not isinstance(axes, str):
            axes = ",".join(map(str, axes))
        args = ["plot", self.spec] + self._source(max, table, force) + ["--axes", axes, "--value", value]
        if fix:
            if not isinstance(fix, str):
                try:
                    fix = ",".join("%s=%s" % (k, v) for k, v in dict(fix).items())
                except (TypeError, ValueError):
                    raise UsageError("fix= maps piles to values, e.g. {3: 5, 4: 0}, not %r" % (fix,),
                                     kind="usage", command=args) from None
            args += ["--fix", fix]
        if ax is None:
            return figure(args)
        if not hasattr(ax, "imshow") or not hasattr(ax, "figure"):
            raise UsageError("ax= is a matplotlib Axes (e.g. fig, ax = plt.subplots()), not %s" % type(ax).__name__,
                             kind="usage", command=args)
        return _draw_slice(ax, json.loads(run(args + ["--data"])["stdout"]), self.title)


def _pile_label(i):
    """Pile i (from 0) as expressions and tables name it: "a (p1)"."""
    return "%s (p%d)" % (chr(ord("a") + i), i + 1) if i < 26 else "p%d" % (i + 1)


def _draw_slice(ax, s, title):
    """Draws the slice s (``nimlab plot --data``) into the matplotlib Axes ax, and returns ax."""
    from matplotlib.colors import ListedColormap
    from matplotlib.patches import Patch

    cells = np.array(s["cells"]).reshape(s["rows"], s["cols"])
    p = np.array(s["p"]).reshape(s["rows"], s["cols"])
    extent = (-0.5, s["cols"] - 0.5, -0.5, s["rows"] - 0.5)
    if s["value"] == "outcome":
        ax.imshow(cells, origin="lower", extent=extent, cmap=ListedColormap(["#eef0f4", "#1f3b73"]), vmin=0, vmax=1,
                  interpolation="nearest")
        ax.legend(handles=[Patch(color="#1f3b73", label="P-position"), Patch(color="#eef0f4", label="N-position")],
                  loc="upper left", bbox_to_anchor=(1.02, 1), borderaxespad=0, frameon=False)
    else:
        image = ax.imshow(cells, origin="lower", extent=extent, cmap="viridis", interpolation="nearest")
        ax.figure.colorbar(image, ax=ax, label="Grundy value" if s["value"] == "grundy" else "remoteness")
        ys, xs = np.nonzero(p)
        ax.scatter(xs, ys, s=12, c="white", edgecolors="black", linewidths=0.5, label="P-position")
        ax.legend(loc="upper left", bbox_to_anchor=(1.25, 1), borderaxespad=0, frameon=False)
    ax.set_xlabel("pile " + _pile_label(s["x"]))
    ax.set_ylabel("pile " + _pile_label(s["y"]))
    step = lambda n: 1 if n <= 12 else (2 if n <= 24 else 5)
    ax.set_xticks(range(0, s["cols"], step(s["cols"])))
    ax.set_yticks(range(0, s["rows"], step(s["rows"])))
    fixed = ["%s = %d" % (chr(ord("a") + i) if i < 26 else "p%d" % (i + 1), v)
             for i, v in enumerate(s["fixed"]) if i not in (s["x"], s["y"])]
    ax.set_title(title + ("\n" + ", ".join(fixed) if fixed else ""), fontsize="medium")
    return ax


def _expression(expr):
    """An expression's text: expr itself, or a Discovery's expr."""
    if isinstance(expr, Discovery):
        return expr.expr
    return expr
