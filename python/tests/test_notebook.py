"""The example notebook runs top to bottom and says what it has stored, so it never goes stale."""

import os
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = Path(__file__).resolve().parents[2] / "docs" / "notebooks"

VARIES = "nimlab-varies"
"""The tag of a cell whose output may differ from run to run (it is run, not compared)."""


def outputs(cell):
    """A code cell's outputs as compared: progress lines dropped, and times written as T."""
    kept = []
    for o in cell.outputs:
        if o.output_type == "stream":
            kept.append(("stream", o.name, o.text))
            continue
        if o.output_type == "error":
            kept.append(("error", o.ename, o.evalue))
            continue
        data = dict(o.get("data", {}))
        text = data.get("text/plain", "")
        if set(data) == {"text/plain"} and (text == "" or text.startswith("solving ")):
            continue  # a progress line, shown while a solve ran
        kept.append(("data", {k: re.sub(r"\d+\.\d+ s\b", "T s", v) if isinstance(v, str) else v for k, v in data.items()}))
    return kept


@pytest.mark.parametrize("path", sorted(NOTEBOOKS.glob("*.ipynb")), ids=lambda p: p.name)
def test_notebook_says_what_it_stored(tmp_path, path):
    # The kernel "nimlab" of this venv (install.sh puts one there), not the
    # user's, which is the last clone's installed.
    env = dict(os.environ, PYDEVD_DISABLE_FILE_VALIDATION="1", JUPYTER_PATH=os.path.join(sys.prefix, "share", "jupyter"))
    done = subprocess.run([sys.executable, "-Xfrozen_modules=off", "-m", "nbconvert", "--to", "notebook", "--execute",
                           "--output-dir", str(tmp_path), str(path)],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, cwd=tmp_path)
    assert done.returncode == 0, "the notebook does not run (is the kernel 'nimlab' installed? python/install.sh):\n" + done.stdout
    stored = nbformat.read(path, as_version=4)
    ran = nbformat.read(tmp_path / path.name, as_version=4)
    assert stored.metadata.kernelspec.name == "nimlab"
    figures = 0
    for i, (old, new) in enumerate(zip(stored.cells, ran.cells)):
        assert old.source == new.source
        if old.cell_type != "code":
            continue
        assert not any(o.output_type == "error" for o in new.outputs), "cell %d raised" % i
        figures += sum("image/svg+xml" in o.get("data", {}) for o in new.outputs)
        if VARIES in old.metadata.get("tags", []):
            continue
        assert outputs(new) == outputs(old), "cell %d says something else than the stored notebook:\n%s" % (i, old.source)
    assert figures >= 3, "the figures are not shown inline"
