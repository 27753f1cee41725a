"""Figures: drawings and slice plots, shown inline in Jupyter and saved as SVG, PNG or TikZ."""

from pathlib import Path


class Figure:
    """A figure nimlab drew (``nimlab draw`` or ``nimlab plot``).

    Jupyter shows it inline (``_repr_svg_``); ``svg`` is its SVG text, and
    ``save(path)`` writes it as the path's extension says: ``.svg``, ``.png``,
    or for ``draw`` ``.tex`` (TikZ), each drawn by the command itself.
    """

    def __init__(self, svg, command, redraw):
        self.svg = svg
        self._command = list(command)
        self._redraw = redraw

    @property
    def command(self):
        """The command line that drew the figure, without "nimlab" and its --out."""
        return list(self._command)

    def _repr_svg_(self):
        return self.svg

    def __repr__(self):
        return "<nimlab figure: nimlab %s>" % " ".join(self._command)

    def save(self, path):
        """Writes the figure to path (.svg, .png, or .tex for a drawing's TikZ); returns the path."""
        path = Path(path)
        if path.suffix.lower() == ".svg":
            path.write_text(self.svg, encoding="utf-8")
        else:
            self._redraw(str(path))
        return path
