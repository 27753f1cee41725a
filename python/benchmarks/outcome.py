"""Times one outcome three ways: the command line alone, the package with a process per call, and with one session.

    .venv/bin/python python/benchmarks/outcome.py [GAME POSITION] [--runs N]

Prints the median and the quartiles of each, in milliseconds, and the
ratios to the command line's own time (a process started from Python for
``nimlab outcome GAME POSITION --json``, as a shell would).
"""

import argparse
import os
import platform
import statistics
import subprocess
import time

import nimlab


def quartiles(samples):
    q = statistics.quantiles(samples, n=4)
    return q[0] * 1e3, statistics.median(samples) * 1e3, q[2] * 1e3


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="cn:6,3")
    parser.add_argument("position", nargs="?", default="1,2,3,4,5,6")
    parser.add_argument("--runs", type=int, default=200)
    a = parser.parse_args()
    command, how = nimlab.command()
    position = tuple(int(x) for x in a.position.split(","))

    def cli():
        subprocess.run([command, "outcome", a.game, a.position, "--json"], stdout=subprocess.PIPE, check=True)

    def package():
        # A new Game each time: the package caches the positions it has seen.
        g.explain(position)
        g._positions.clear()

    times = {}
    times["command line"] = []
    for _ in range(a.runs):
        t = time.perf_counter()
        cli()
        times["command line"].append(time.perf_counter() - t)
    for mode in ("process", "session"):
        nimlab.configure(mode=mode)
        g = nimlab.Game(a.game)
        g.explain(position)  # a warm start: the session is open
        g._positions.clear()
        times[mode] = []
        for _ in range(a.runs):
            t = time.perf_counter()
            package()
            times[mode].append(time.perf_counter() - t)
    cpu = "?"
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    print("outcome %s %s, %d runs each; %s, %d cores, load %.1f; nimlab %s (%s)" % (
        a.game, a.position, a.runs, cpu, os.cpu_count(), os.getloadavg()[0], command, how))
    print("python %s" % platform.python_version())
    base = statistics.median(times["command line"])
    for name, label in (("command line", "the command line (a process per call)"),
                        ("process", "the package, a process per call"),
                        ("session", "the package, one session")):
        q1, med, q3 = quartiles(times[name])
        print("%-40s median %7.2f ms (quartiles %.2f-%.2f); %.2fx the command line" % (
            label, med, q1, q3, med * 1e-3 / base))


if __name__ == "__main__":
    main()
