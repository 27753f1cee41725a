"""Fixtures of the nimlab package's tests: the command line itself, to compare with."""

import json
import os
import subprocess

import pytest

import nimlab


def _strip_times(value):
    """value without its timing fields (seconds, rates), which differ between two runs."""
    if isinstance(value, dict):
        return {k: _strip_times(v) for k, v in value.items()
                if "seconds" not in k and "per_second" not in k and k not in ("rate", "cpu")}
    if isinstance(value, list):
        return [_strip_times(v) for v in value]
    return value


class CLI:
    """The nimlab command the package runs, run directly as a user would from a shell."""

    def __init__(self, path):
        self.path = path

    def run(self, *args, check=True, env=None):
        done = subprocess.run([self.path, *map(str, args)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, encoding="utf-8", env=None if env is None else dict(os.environ, **env))
        if check and done.returncode != 0:
            raise AssertionError("nimlab %s: status %d: %s" % (" ".join(map(str, args)), done.returncode, done.stderr))
        return done

    def json(self, *args, check=True):
        """The command line's JSON object, without its times."""
        return _strip_times(json.loads(self.run(*args, "--json", check=check).stdout))


@pytest.fixture(scope="session")
def cli():
    path, _ = nimlab.command()
    return CLI(path)


@pytest.fixture(params=["session", "process"])
def mode(request):
    """Runs the test with one session kept for every call, then with one process per call."""
    nimlab.configure(mode=request.param)
    yield request.param
    nimlab.configure(mode="session")


@pytest.fixture
def strip_times():
    return _strip_times
