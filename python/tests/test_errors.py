"""Errors are exceptions with the command line's message; Ctrl-C stops a call; long calls show progress."""

import os
import re
import signal
import threading
import time

import pytest

import nimlab
from nimlab import _process

BAD = [
    (lambda: nimlab.Game("cn:6"), ["complex", "cn:6"], nimlab.GameError),
    (lambda: nimlab.Game("nosuch:3"), ["complex", "nosuch:3"], nimlab.GameError),
    (lambda: nimlab.Game("cn:6,3").outcome((1, 2)), ["outcome", "cn:6,3", "1,2"], nimlab.PositionError),
    (lambda: nimlab.Game("cn:6,3").outcome((1, 2, 3, 4, 5, -6)), ["outcome", "cn:6,3", "1,2,3,4,5,-6"], nimlab.PositionError),
    (lambda: nimlab.Game("cn:6,3").outcome((2 ** 63, 1, 1, 1, 1, 1)), ["outcome", "cn:6,3", "%d,1,1,1,1,1" % 2 ** 63], nimlab.PositionError),
    (lambda: nimlab.Game("cn:6,3").summary(max=70000), ["solve", "cn:6,3", "--max", "70000"], nimlab.UsageError),
    (lambda: nimlab.Game("cn:6,3").summary(max=99), ["solve", "cn:6,3", "--max", "99"], nimlab.TooLargeError),
    (lambda: nimlab.Game("cn:6,3").options((10 ** 9, 1, 2, 3, 4, 5)), ["outcome", "cn:6,3", "1000000000,1,2,3,4,5", "--options"], nimlab.TooLargeError),
    (lambda: nimlab.Game("cn:6,3").check(max=4), ["check", "cn:6,3", "--max", "4"], nimlab.UsageError),
    (lambda: nimlab.Game("cn:6,3").check("a +* b", max=4), ["check", "cn:6,3", "--max", "4", "--expr", "a +* b"], nimlab.NimlabError),
    (lambda: nimlab.Game("cn:6,3").p_positions(table="/nonexistent/t.tbl"), ["list", "cn:6,3", "--table", "/nonexistent/t.tbl"], nimlab.FileError),
    (lambda: nimlab.Game("cn:6,3").prove(theorem="nosuch"), ["prove", "cn:6,3", "--theorem", "nosuch"], nimlab.NimlabError),
]


def test_errors_name_keyword_arguments(mode):
    with pytest.raises(nimlab.UsageError, match=r"^max= is required: .* e\.g\. max=8$"):
        nimlab.Game("cn:6,3").summary()


@pytest.mark.parametrize("call,args,cls", BAD)
def test_errors_carry_the_command_lines_message(cli, mode, call, args, cls):
    with pytest.raises(cls) as info:
        call()
    # The package asks for the errors of a request in Python's words.
    stderr = cli.run(*args, check=False, env={"NIMLAB_SPELLING": "python"}).stderr.strip().splitlines()[-1]
    # The memory available is read at each call, and other processes move it.
    available = re.compile(r"only [0-9.]+ GB is available")
    assert available.sub("only ... GB is available", "nimlab: " + str(info.value)) == \
        available.sub("only ... GB is available", stderr)
    if cls is nimlab.UsageError:
        assert "--" not in str(info.value)
    assert isinstance(info.value, nimlab.NimlabError) and info.value.exit_status != 0


def test_a_position_must_be_whole_numbers():
    with pytest.raises(nimlab.PositionError):
        nimlab.Game("nim:2").outcome((1.5, 2))


def test_no_solver_is_its_own_error(tmp_path, monkeypatch):
    # A PATH without z3 and cvc5: the command says no solver is installed.
    monkeypatch.setenv("PATH", str(tmp_path))
    nimlab.close()
    try:
        with pytest.raises(nimlab.SolverMissingError):
            nimlab.Game("nim:2").prove("a == b")
    finally:
        monkeypatch.undo()
        nimlab.close()


def test_missing_command_says_what_to_do(monkeypatch, tmp_path):
    monkeypatch.setenv("NIMLAB_BINARY", str(tmp_path / "nimlab"))
    with pytest.raises(nimlab.CommandNotFoundError, match="NIMLAB_BINARY"):
        _process.find_command()


def _interrupt_after(seconds):
    """Sends this process SIGINT (Ctrl-C) after seconds, as a terminal or Jupyter's stop button does."""
    timer = threading.Timer(seconds, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    return timer


@pytest.fixture
def sigint_raises():
    """Python's own Ctrl-C handler, which a process started with SIGINT ignored (a background job of a script) lacks."""
    saved = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, saved)


def test_ctrl_c_stops_the_command(mode, sigint_raises):
    g = nimlab.Game("cn:8,4")
    session = nimlab._calls._runner._session
    start = time.monotonic()
    _interrupt_after(0.5)
    with pytest.raises(KeyboardInterrupt):
        g.summary(max=15)  # 4.3e9 positions: minutes
    stopped = time.monotonic() - start
    print("stopped %.2f s after the start, 0.5 s after it" % stopped)
    # The command answered the cancellation: the session was not killed,
    # and the next call is answered by the same process.
    if mode == "session":
        assert nimlab._calls._runner._session is session or session is None
        kept = nimlab._calls._runner._session
        assert kept.alive()
        assert g.outcome((0,) * 8) == "P"
        assert nimlab._calls._runner._session is kept


def test_long_calls_report_progress(monkeypatch):
    seen = []
    monkeypatch.setattr(_process.Progress, "update", lambda self, p: seen.append(p))
    nimlab.Game("cn:6,2").summary(max=26)  # 3.9e8 positions: about a second
    assert seen, "no progress reported"
    assert all(p["game"] == "cn:6,2" and 0 <= p["done"] <= p["total"] for p in seen)


@pytest.mark.parametrize("call,cls", [
    (lambda: nimlab.Game("cn:6,3").solve(max="five"), nimlab.UsageError),
    (lambda: nimlab.Game("cn:6,3").solve(max=10 ** 6), nimlab.UsageError),
    (lambda: nimlab.Game("nim:10").solve(max=__import__("numpy").int64(1000)), nimlab.TooLargeError),
    (lambda: nimlab.Game("cn:6,3").plot(max=4, fix=(0, 0, 3, 0, 0, 0)), nimlab.UsageError),
    (lambda: nimlab.Game("cn:6,3").plot(max=4, axes=(1, 9)), nimlab.UsageError),
    (lambda: nimlab.Game("cn:6,3").prove("a == d", move=(1, 2, 3, 0, 3, 2)), nimlab.UsageError),
    (lambda: nimlab.Game("nim:8").summary(max=255), nimlab.TooLargeError),
    (lambda: nimlab.Game("nim:2").summary(max=2, out="/nonexistent/dir/t.tbl"), nimlab.FileError),
    (lambda: nimlab.Game("nim:2").draw((1, 2)).save("/nonexistent/dir/d.png"), nimlab.FileError),
])
def test_odd_arguments_raise_nimlab_errors(call, cls):
    with pytest.raises(cls):
        call()


def test_a_file_that_is_no_table(tmp_path):
    garbage = tmp_path / "garbage.tbl"
    garbage.write_text("not a table at all, but long enough to be read")
    with pytest.raises(nimlab.TableError):
        nimlab.Game("nim:2").p_positions(table=garbage)


@pytest.mark.parametrize("program", ["/bin/echo", "/bin/true"])
def test_a_command_that_is_not_nimlab(monkeypatch, program):
    nimlab.configure(command=program)
    try:
        with pytest.raises(nimlab.CommandNotFoundError, match="session protocol"):
            nimlab.Game("nim:2")
    finally:
        nimlab.configure(command=None)
        monkeypatch.undo()
