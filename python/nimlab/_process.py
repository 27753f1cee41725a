"""Running the nimlab command: one ``nimlab session`` kept for many calls, or one per call.

Both ways speak the session's line protocol (``nimlab session --help``): a
request is a command line, its answer what the command line prints, its exit
status and the kind of its error. So a call says the same whichever way it
runs; only the start of a process per call differs.
"""

import json
import os
import queue
import shutil
import signal
import subprocess
import threading
import time
from pathlib import Path

from ._errors import CommandNotFoundError, NimlabError, error_for
from ._progress import Progress

PROTOCOL = 1
"""The session protocol this package speaks."""

CANCEL_WAIT = 2.0
"""Seconds to wait for a cancelled command's answer before the process is killed."""


def find_command():
    """The nimlab command the package runs, and how it was found.

    In order: ``$NIMLAB_BINARY``; the command built into the package at
    install; ``nimlab`` on PATH. Raises CommandNotFoundError saying why each
    failed.
    """
    env = os.environ.get("NIMLAB_BINARY")
    if env:
        if os.path.isfile(env) and os.access(env, os.X_OK):
            return env, "$NIMLAB_BINARY"
        raise CommandNotFoundError("NIMLAB_BINARY=%s is not an executable file" % env)
    here = Path(__file__).resolve().parent
    bundled = here / "_bin" / ("nimlab.exe" if os.name == "nt" else "nimlab")
    if bundled.is_file() and os.access(bundled, os.X_OK):
        return str(bundled), "built at install"
    on_path = shutil.which("nimlab")
    if on_path:
        return on_path, "PATH"
    reason = "the package was not built by its setup.py"
    try:
        reason = json.loads((here / "_build.json").read_text())["reason"]
    except (OSError, ValueError, KeyError):
        pass
    raise CommandNotFoundError(
        "no nimlab command: it was not built when the package was installed (%s), and there is no nimlab on PATH. "
        "Install Go 1.26 or later and run python/install.sh again from the clone, or put nimlab on PATH "
        "(go install ./cmd/nimlab), or set NIMLAB_BINARY to its path" % reason)


class Session:
    """One ``nimlab session`` process, answering command lines one at a time."""

    def __init__(self, command):
        self.command = command
        self._lock = threading.Lock()
        self._next_id = 0
        self._stderr = []
        try:
            self._proc = subprocess.Popen(
                [command, "session"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                text=True, encoding="utf-8", bufsize=1,
                # A request's errors name keyword arguments (max=), not flags.
                env=dict(os.environ, NIMLAB_SPELLING="python"),
                # Ctrl-C in a terminal reaches Python only; Python cancels the command.
                start_new_session=True)
        except OSError as e:
            raise CommandNotFoundError("cannot run %s: %s" % (command, e)) from e
        self._lines = queue.Queue()
        threading.Thread(target=self._read, args=(self._proc.stdout, self._lines), daemon=True).start()
        threading.Thread(target=self._drain, args=(self._proc.stderr,), daemon=True).start()
        try:
            hello = self._line(timeout=30)
        except (queue.Empty, NimlabError):
            hello = None
        if hello is None or hello.get("protocol") != PROTOCOL:
            self.kill()
            said = "".join(self._stderr).strip()
            raise CommandNotFoundError(
                "%s does not speak the session protocol %d (%s): it is older or newer than this package; "
                "run python/install.sh again, or set NIMLAB_BINARY" % (command, PROTOCOL, said or hello))
        self.version = hello.get("nimlab")

    @staticmethod
    def _read(stream, lines):
        for line in stream:
            lines.put(line)
        lines.put(None)

    def _drain(self, stream):
        for line in stream:
            self._stderr.append(line)
            del self._stderr[:-50]

    def _line(self, timeout=None):
        """The next line of output, decoded; None when the process ended."""
        line = self._lines.get(timeout=timeout)
        if line is None:
            self._lines.put(None)
            return None
        try:
            decoded = json.loads(line)
        except ValueError:
            decoded = None
        if not isinstance(decoded, dict):
            raise NimlabError("%s session wrote a line that is not a JSON object: %r" % (self.command, line[:200]))
        return decoded

    def alive(self):
        """Whether the process still runs."""
        return self._proc.poll() is None

    def run(self, args, text=False, progress=True):
        """Runs the command line args; returns its answer (a dict)."""
        with self._lock:
            self._next_id += 1
            rid = self._next_id
            request = {"id": rid, "args": [str(a) for a in args]}
            if text:
                request["text"] = True
            try:
                self._proc.stdin.write(json.dumps(request) + "\n")
                self._proc.stdin.flush()
            except OSError as e:
                raise NimlabError("the nimlab session ended: %s" % e, command=args) from e
            bar = Progress() if progress else None
            try:
                return self._answer(rid, args, bar)
            except KeyboardInterrupt:
                self._cancel(rid)
                raise
            finally:
                if bar is not None:
                    bar.close()

    def _answer(self, rid, args, bar):
        while True:
            try:
                line = self._line(timeout=0.1)
            except queue.Empty:
                continue
            if line is None:
                said = "".join(self._stderr).strip()
                raise NimlabError("the nimlab session ended while running %s%s" % (
                    " ".join(map(str, args)), ": " + said if said else ""), command=args)
            if line.get("id") != rid:
                continue
            if "progress" in line:
                if bar is not None:
                    bar.update(line["progress"])
                continue
            return line

    def _cancel(self, rid):
        """Stops request rid: cancels it, and kills the process if it does not answer."""
        try:
            self._proc.stdin.write(json.dumps({"cancel": rid}) + "\n")
            self._proc.stdin.flush()
        except OSError:
            self.kill()
            return
        deadline = time.monotonic() + CANCEL_WAIT
        while time.monotonic() < deadline:
            try:
                line = self._line(timeout=max(0.0, deadline - time.monotonic()))
            except (queue.Empty, KeyboardInterrupt):
                break
            if line is None or (line.get("id") == rid and "progress" not in line):
                return
        self.kill()

    def close(self):
        """Ends the session: its input closes, and it exits after the command running."""
        try:
            self._proc.stdin.close()
        except OSError:
            pass
        try:
            self._proc.wait(timeout=CANCEL_WAIT)
        except subprocess.TimeoutExpired:
            self.kill()

    def kill(self):
        """Stops the process now."""
        if self._proc.poll() is None:
            try:
                os.killpg(self._proc.pid, signal.SIGKILL)
            except (OSError, AttributeError):
                self._proc.kill()
            self._proc.wait()


class Runner:
    """Runs command lines: in one session kept open ("session"), or one process per call ("process")."""

    def __init__(self, mode="session", command=None):
        if mode not in ("session", "process"):
            raise ValueError("mode must be 'session' or 'process', not %r" % (mode,))
        self.mode = mode
        self._command = command
        self._how = "given" if command else None
        self._session = None
        self._lock = threading.Lock()

    def command(self):
        """The path of the nimlab command and how it was found."""
        if self._command is None:
            self._command, self._how = find_command()
        return self._command, self._how

    def run(self, args, text=False, progress=True):
        """Runs the command line args; returns the session's answer (a dict)."""
        command, _ = self.command()
        if self.mode == "process":
            s = Session(command)
            try:
                return s.run(args, text=text, progress=progress)
            finally:
                s.close()
        with self._lock:
            if self._session is None or not self._session.alive():
                self._session = Session(command)
            s = self._session
        return s.run(args, text=text, progress=progress)

    def close(self):
        """Ends the session kept open, if any."""
        with self._lock:
            if self._session is not None:
                self._session.close()
                self._session = None
