"""Builds the nimlab command into the package, beside the Python code.

The package drives the Go command ``nimlab`` (in this repository's
cmd/nimlab). Installing from a clone builds it with the ``go`` command
(``$GO``, ``go`` on PATH, or /usr/local/go/bin/go) into nimlab/_bin. When Go
is missing or the build fails, the install goes on and says why; the package
then uses ``nimlab`` on PATH, and its error names both when neither exists.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


def find_go():
    """The go command: $GO, go on PATH, or Go's default install."""
    for candidate in (os.environ.get("GO"), shutil.which("go"), "/usr/local/go/bin/go"):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


def build_command(package_dir):
    """Builds cmd/nimlab into package_dir/_bin; returns (built, reason)."""
    root = Path(__file__).resolve().parent.parent
    if not (root / "go.mod").is_file() or not (root / "cmd" / "nimlab").is_dir():
        return False, "not installed from a clone of nimlab (no go.mod beside python/)"
    go = find_go()
    if go is None:
        return False, "no go command ($GO, PATH, /usr/local/go/bin/go)"
    out = package_dir / "_bin" / ("nimlab.exe" if os.name == "nt" else "nimlab")
    out.parent.mkdir(parents=True, exist_ok=True)
    cmd = [go, "build", "-o", str(out), "./cmd/nimlab"]
    print("building the nimlab command:", " ".join(cmd), file=sys.stderr)
    done = subprocess.run(cmd, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if done.returncode != 0:
        return False, "go build failed: " + done.stdout.strip()[-2000:]
    return True, "built by %s from %s" % (go, root)


class BuildWithGo(build_py):
    """build_py that first builds the nimlab command into the package's source (nimlab/_bin, ignored by git)."""

    def run(self):
        package_dir = Path(__file__).resolve().parent / "nimlab"
        built, reason = build_command(package_dir)
        if not built:
            print("warning: the nimlab command was not built (%s); the package will use nimlab on PATH" % reason, file=sys.stderr)
            stale = package_dir / "_bin" / ("nimlab.exe" if os.name == "nt" else "nimlab")
            if stale.exists():
                stale.unlink()
        (package_dir / "_build.json").write_text(json.dumps({"built": built, "reason": reason}))
        super().run()


setup(cmdclass={"build_py": BuildWithGo})
