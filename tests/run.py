#!/usr/bin/env python3
"""Run every test of the collection: the doctests in each game script and
every tests/*.txt doctest document.

    python3 tests/run.py            # everything, one process per unit
    python3 tests/run.py medici     # only units whose name contains 'medici'
    python3 tests/run.py -v         # doctest's verbose output

Each unit (a script or a .txt file) runs in a child process of the same
interpreter, so units run side by side on several cores (one more unit than
there are cores) and a crash in one cannot hide the others.  A script's
doctests run as a user of a small device runs them, `python3 -m doctest
SCRIPT.py` with no option flags, on a copy of the script alone in an empty
temporary directory, in an interpreter started with -I -S (no site
packages, no user directory, no environment variables): an example that
needs ELLIPSIS must say so itself, and one that reads a neighbouring file
or needs a site package fails.  The doctests of a piece that every script
carries a copy of (SHARED in tests/harness.py) run in the first script
holding it, not again in each copy: tests/copies.txt proves the copies the
same.  (`python3 -m doctest SCRIPT.py` runs them all.)
The .txt documents run from the top directory, with ELLIPSIS on, and with
the scripts and tests/ (their machinery: tests/harness.py, tests/fuzzing.py)
on the module path.  Ends with one line 'N passed, N failed' and exits 1
when anything failed or when nothing ran.  No unit has a time limit: on a
slow or busy machine (half of one core, one core) the run takes longer and
passes all the same.  Standard library only.
"""
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SCRIPTS = ["freecell.py", "klondike.py", "pousse.py", "medici.py"]
# The units that take longest start first, longest first (processor seconds
# on the 2-core development machine: 13, 12, 11, 9, 7, 6, 5, 5, 3), so that
# the cores finish together.
LONGEST = ["processes.txt", "sweeps.txt", "medici.txt", "examples.txt", "klondike-solve.txt",
           "klondike-player.txt", "freecell-solver.txt", "small-device.txt", "robustness.txt",
           "klondike-search.txt"]


def units():
    "Every test unit: the scripts that exist, then the tests/*.txt files."
    found = [os.path.join(ROOT, s) for s in SCRIPTS
             if os.path.exists(os.path.join(ROOT, s))]
    found += [os.path.join(HERE, f) for f in sorted(os.listdir(HERE))
              if f.endswith(".txt")]
    first = [u for name in LONGEST for u in found if os.path.basename(u) == name]
    return first + [u for u in found if u not in first]


def run_one(path, verbose):
    "Run one unit in this process; print and return (failed, attempted)."
    import doctest
    if path.endswith(".py"):
        return run_alone(path, verbose)
    sys.path[:0] = [ROOT, HERE]         # the scripts, and the documents' harness
    result = doctest.testfile(path, module_relative=False, verbose=verbose,
                              optionflags=doctest.ELLIPSIS, encoding="utf-8")
    return result.failed, result.attempted


def run_alone(path, verbose):
    """Run a script's doctests as `python3 -m doctest SCRIPT.py` does, in a
    fresh empty directory holding only a copy of the script: that directory
    is the current one and the only one of the collection on the module
    path, and no option flag is set.  The doctests of a piece every script
    carries a copy of run in one script only (tests/copies.txt proves the
    copies the same; tests/harness.py lists them).  Return (failed,
    attempted)."""
    import doctest
    import shutil
    name = os.path.basename(path)
    sys.path.insert(0, HERE)
    import harness
    elsewhere = harness.tested_elsewhere(name[:-3])
    work = tempfile.mkdtemp(prefix="alone-")
    try:
        shutil.copy(path, work)
        os.chdir(work)
        sys.path[:] = [work] + [p for p in sys.path
                                if os.path.abspath(p or ".") not in (HERE, ROOT)]
        sys.argv = [doctest.__file__, name]
        module = __import__(name[:-3])
        runner = doctest.DocTestRunner(verbose=verbose)
        for test in doctest.DocTestFinder().find(module):
            if test.name.partition(".")[2].split(".")[0] in elsewhere:
                continue
            runner.run(test)
        runner.summarize()
    finally:
        os.chdir(ROOT)
        shutil.rmtree(work, ignore_errors=True)
    return runner.failures, runner.tries


def report(unit, status, out, began, verbose):
    "Print one finished unit's outcome; return its (passed, failed)."
    out.seek(0)
    text = out.read().decode("utf-8", "replace")
    lines = text.rstrip("\n").split("\n")
    last = lines[-1].split()
    if status == 0 and len(last) == 3 and last[0] == "RESULT":
        p, f = int(last[1]), int(last[2])
        body = "\n".join(lines[:-1])
    else:
        p, f = 0, 1
        body = text + "\n(exit status %d)" % status
    if body.strip() and (f or verbose):
        print(body)
    print("%-28s %4d passed, %d failed  %5.1f s"
          % (os.path.relpath(unit, ROOT), p, f, time.time() - began))
    sys.stdout.flush()
    return p, f


def cores():
    "The processors this process may run on (taskset's mask), as the scripts count them."
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def main(argv):
    verbose = "-v" in argv
    words = [a for a in argv if not a.startswith("-")]
    if "--one" in argv:
        failed, attempted = run_one(words[0], verbose)
        print("RESULT %d %d" % (attempted - failed, failed))
        return 0
    todo = [u for u in units() if not words or
            any(w in os.path.basename(u) for w in words)]
    # One unit more than the cores: the units that wait (for a program to
    # start, to be killed, to time out) would leave a core idle.
    jobs = max(1, min(len(todo), cores() + 1))
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    cache = None
    if sys.version_info >= (3, 8):
        # The units import the scripts: compiled once, by the first, into a
        # cache of this run's own (nothing is written into the project).
        cache = tempfile.mkdtemp(prefix="run-cache-")
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = cache
    passed = failed = 0
    running = []
    pending = list(todo)
    start = time.time()
    while pending or running:
        while pending and len(running) < jobs:
            unit = pending.pop(0)
            # A script's doctests run as a user would run them on a device:
            # isolated (-I), without site packages (-S); the documents need
            # no site packages either, and start sooner without them.
            bare = ["-I", "-S"] if unit.endswith(".py") else ["-S"]
            cmd = [sys.executable] + bare + [os.path.abspath(__file__), "--one", unit]
            if verbose:
                cmd.append("-v")
            out = tempfile.TemporaryFile()
            proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT,
                                    stdin=subprocess.DEVNULL, env=env, cwd=ROOT)
            running.append((unit, proc, out, time.time()))
        done = [r for r in running if r[1].poll() is not None]
        if not done:
            time.sleep(0.02)
            continue
        for unit, proc, out, began in done:
            running.remove((unit, proc, out, began))
            p, f = report(unit, proc.returncode, out, began, verbose)
            passed += p
            failed += f
    if cache:
        import shutil
        shutil.rmtree(cache, ignore_errors=True)
    print("total %.1f s" % (time.time() - start))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
