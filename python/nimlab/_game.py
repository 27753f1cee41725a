"""A game of Nim played on a structure, named by its spec, and what nimlab computes about it."""

import json
import tempfile
from collections import OrderedDict
from pathlib import Path

from ._calls import csv_frame, figure, position_text, positions, run, run_json
from ._errors import TooLargeError
from ._results import Check, Discovery, Outcome, Proof, Result

MAX_ROWS = 10_000_000
"""The most rows Game.solve puts in a DataFrame unless told otherwise."""


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
    """

    def __init__(self, spec):
        spec = getattr(spec, "spec", spec)
        self._complex = run_json(["complex", spec], text=True)
        self.spec = self._complex.game
        """The game's spec, as nimlab writes it."""
        self.title = self._complex.title
        """The game's name in the papers' words, e.g. "Circular Nim CN(6,3)"."""
        self.piles = self._complex.vertices
        """The number of piles."""
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
            return self._positions[key]
        args = ["outcome", self.spec, key[0]] + (["--options"] if options else [])
        result = run_json(args, Outcome)
        self._positions[key] = result
        if len(self._positions) > 1024:
            self._positions.popitem(last=False)
        return result

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
        """Every winning move (option that is a P-position) as a tuple, or the theorem's one when nothing was solved."""
        return positions(self.explain(position).winning_moves)

    def options(self, position):
        """Every option of the position (each position one move reaches), as tuples."""
        return positions(self.explain(position, options=True).options)

    # Tables.

    def summary(self, max=None, grundy=False, remoteness=False, table=None, out=None):
        """Solves every position with piles 0..max and returns the counts (``nimlab solve``), not the table.

        out saves the table to a file that table= reads back (here, in
        p_positions, solve, check and plot) without solving again.
        """
        return run_json(self._solve_args(max, grundy, remoteness, table) + (["--out", str(out)] if out else []))

    def solve(self, max=None, grundy=False, remoteness=False, table=None, max_rows=MAX_ROWS):
        """Every position with piles 0..max as a DataFrame.

        Columns p1..pn (int64), outcome ("P" or "N", a category), and grundy
        and remoteness (int32) when asked. ``frame.attrs["nimlab"]`` is the
        solve's summary (``nimlab solve --json``). A table of more than
        max_rows positions raises TooLargeError: use summary, or p_positions.
        """
        if isinstance(max, int) and max >= 0 and (max + 1) ** self.piles > max_rows:
            raise TooLargeError("%s with piles 0..%d has %d positions, more than max_rows=%d for a DataFrame; "
                                "summary() counts them, p_positions() lists the P-positions"
                                % (self.spec, max, (max + 1) ** self.piles, max_rows), kind="too_large")
        with tempfile.TemporaryDirectory(prefix="nimlab-") as tmp:
            export = Path(tmp) / "table.csv"
            args = self._solve_args(max, grundy, remoteness, table) + ["--export", str(export)]
            answer = run(args + ["--json"])
            frame = csv_frame(export.read_text(), value_columns=("grundy", "remoteness"))
        summary = json.loads(answer["stdout"])
        summary.pop("export", None)
        frame.attrs["nimlab"] = summary
        return frame

    def _solve_args(self, max, grundy, remoteness, table):
        args = ["solve", self.spec] + self._source(max, table)
        return args + (["--grundy"] if grundy else []) + (["--remoteness"] if remoteness else [])

    @staticmethod
    def _source(max, table):
        source = []
        if max is not None:
            source += ["--max", max]
        if table is not None:
            source += ["--table", str(table)]
        return source

    def p_positions(self, max=None, classes=False, table=None):
        """The P-positions with piles 0..max as a DataFrame with one int64 column per pile, p1..pn.

        With classes=True, one per symmetry class: the lexicographically
        least of each.
        """
        args = ["list", self.spec] + self._source(max, table) + (["--classes"] if classes else []) + ["--format", "csv"]
        return csv_frame(run(args)["stdout"])

    # Characterizations.

    def check(self, expr=None, max=None, theorem=None, strategy=None, properties=False, examples=None, table=None):
        """Compares a characterization with the table (``nimlab check``): an expression, or a theorem's.

        Returns a Check; ``agrees`` says whether it holds on the box, and
        ``examples`` lists positions where it fails (conditions (I) and (II)
        of Dufour–Heubach 2013, Theorem 1.2). A disagreement is a result, not
        an exception.
        """
        args = ["check", self.spec] + self._source(max, table)
        for flag, value in (("--expr", _expression(expr)), ("--theorem", theorem), ("--strategy", strategy), ("--examples", examples)):
            if value is not None:
                args += [flag, value]
        if properties:
            args.append("--properties")
        return run_json(args, Check)

    def discover(self, max, verify_max=None, prove=False, grundy=False, where=None, prove_timeout=None):
        """Proposes a characterization learned on piles 0..max and verifies it on a larger box (``nimlab discover``).

        ``expr`` is the characterization as a check expression (pass the
        Discovery itself to check or prove); ``exact`` says whether it holds
        on the verification box. With prove=True it is proved for every
        position as well.
        """
        args = ["discover", self.spec, "--max", max]
        for flag, value in (("--verify-max", verify_max), ("--where", where), ("--prove-timeout", _duration(prove_timeout))):
            if value is not None:
                args += [flag, value]
        args += (["--prove"] if prove else []) + (["--grundy"] if grundy else [])
        return run_json(args, Discovery)

    def prove(self, expr=None, theorem=None, grundy=None, where=None, move=(), timeout=None, solver=None,
              confirm=False, learn=True, symmetry=True):
        """Proves a characterization for every pile size, or refutes it with a counterexample (``nimlab prove``).

        expr is true exactly at the P-positions (or a Discovery); theorem
        names one of ``nimlab.theorems()``; grundy is a formula of the
        Sprague–Grundy value; where restricts the claim to a region no move
        leaves. Returns a Proof: ``result`` is "proved", "refuted" (with a
        counterexample the engine confirms) or "unknown". Needs Debian's z3
        (SolverMissingError otherwise).
        """
        args = ["prove", self.spec]
        for flag, value in (("--expr", _expression(expr)), ("--theorem", theorem), ("--grundy", _expression(grundy)),
                            ("--where", where), ("--timeout", _duration(timeout)), ("--solver", solver)):
            if value is not None:
                args += [flag, value]
        for m in ([move] if isinstance(move, str) else move):
            args += ["--move", m]
        args += (["--confirm"] if confirm else []) + ([] if learn else ["--no-learn"]) + ([] if symmetry else ["--no-symmetry"])
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

    def plot(self, max=None, axes=(1, 2), fix=None, value="outcome", table=None):
        """Plots a slice of the table: piles axes[0] and axes[1] (1-based) on the axes, the others fixed.

        fix maps other piles to their values ({3: 5, 4: 0}; unlisted piles
        are 0); value is "outcome", "grundy" or "remoteness".
        """
        args = ["plot", self.spec] + self._source(max, table) + ["--axes", ",".join(map(str, axes)), "--value", value]
        if fix:
            args += ["--fix", ",".join("%s=%s" % (k, v) for k, v in dict(fix).items())]
        return figure(args)


def _expression(expr):
    """An expression's text: expr itself, or a Discovery's expr."""
    if isinstance(expr, Discovery):
        return expr.expr
    return expr
