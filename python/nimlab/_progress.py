"""Progress of a long call: a line updated in place, in a notebook or on a terminal.

The command reports a solve's progress at most five times a second, and
only once it has run for a fifth of a second: quick calls show nothing.
"""

import sys


def _in_notebook():
    """Whether the code runs in a Jupyter kernel."""
    if "IPython" not in sys.modules:
        return False
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and "IPKernelApp" in getattr(shell, "config", {})


def _describe(p):
    done, total = p.get("done", 0), p.get("total", 0)
    share = 100.0 * done / total if total else 0.0
    return "solving %s: %.0f%% (%s of %s positions)" % (p.get("game", ""), share, _count(done), _count(total))


def _count(n):
    for unit, size in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if n >= size:
            return "%.1f %s" % (n / size, unit)
    return str(n)


class Progress:
    """Shows the progress lines of one call, and removes them when it ends."""

    def __init__(self):
        self._handle = None
        self._shown = False

    def update(self, p):
        """Shows one progress report: a dict with game, done and total."""
        text = _describe(p)
        if _in_notebook():
            from IPython.display import display
            if self._handle is None:
                self._handle = display({"text/plain": text}, raw=True, display_id=True)
            else:
                self._handle.update({"text/plain": text}, raw=True)
            self._shown = True
        elif sys.stderr.isatty():
            sys.stderr.write("\r" + text + "\033[K")
            sys.stderr.flush()
            self._shown = True

    def close(self):
        """Removes what update showed."""
        if not self._shown:
            return
        if self._handle is not None:
            self._handle.update({"text/plain": ""}, raw=True)
        else:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()
