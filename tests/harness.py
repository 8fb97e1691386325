"""The machinery of the test documents: running the scripts as programs and
in this process, pseudo-terminals, signals, /proc, the examples of the
manuals and the README, and the list of the pieces every script carries a
copy of.  The documents (tests/*.txt) import it, so that each shows the
behaviour it checks and not the plumbing; tests/run.py imports it for the
list of shared pieces, and so it imports none of the game scripts itself
(a function that needs one imports it when called).

Standard library only, Python 3.6 or newer.
"""
import ast
import doctest
import io
import os
import platform
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
GAMES = ("freecell", "klondike", "pousse", "medici")
PLAIN = {"freecell": ["-g", "1"], "klondike": ["-g", "1"],     # a plain game of each
         "pousse": ["--machine", "none"], "medici": []}
COLOUR_VARIABLES = ("NO_COLOR", "FORCE_COLOR", "CLICOLOR", "CLICOLOR_FORCE")


def module(name):
    "The game script name ('freecell'), imported."
    import importlib
    if ROOT not in sys.path:
        sys.path.insert(0, ROOT)
    return importlib.import_module(name)

################ The pieces every script carries a copy of (tests/copies.txt)
## Each script ends with the shared block: the sections of BLOCK, in its
## order, each holding the pieces the script needs, in the same order and
## the same text as in every other script that holds them.  Above it, in
## the order of the case study, a card game's deal and suits, and every
## game's colour choice (ABOVE).  A card game's deal and suits are not
## Pousse's business, Medici's search keeps a few kilobytes, so it has no
## memory budget, and only FreeCell and Klondike search lists of deals for
## a verdict.  The first script named holds the copy whose doctests
## tests/run.py runs.

CARDS = ("freecell", "klondike", "medici")
SEARCHERS = ("freecell", "klondike", "pousse")
SOLVERS = ("freecell", "klondike")
OPENING = "The shared block"
ABOVE = [("ms_rand", GAMES), ("ms_shuffle", CARDS), ("RED", CARDS),
         ("wants_colour", GAMES), ("can_print_suits", CARDS),
         ("Limits", SOLVERS), ("Stop", SOLVERS)]
BLOCK = [
    ("Input: lines from anywhere",
     [("input_lines", GAMES), ("watched", GAMES), ("WORDS", GAMES), ("shown", GAMES),
      ("printable", GAMES),
      ("working", GAMES)]),
    ("The command loop: a line is all or nothing",
     [("Refused", GAMES), ("play_lines", GAMES)]),
    ("Options: the parser, numbers",
     [("option_parser", GAMES), ("number", CARDS), ("positive", GAMES), ("seconds", GAMES),
      ("one_of", GAMES), ("memory_size", GAMES)]),
    ("The clock", [("process_start", GAMES)]),
    ("The machine: memory",
     [("DEFAULT_MEMORY", SEARCHERS), ("MEMORY_SHARE", SEARCHERS), ("first_number", SEARCHERS),
      ("cgroup_room", SEARCHERS), ("STARTED_IN", SEARCHERS), ("resident", SEARCHERS),
      ("memory_budget", SEARCHERS), ("size_text", SOLVERS), ("memory_refused", SOLVERS)]),
    ("Results kept in a file: --out and --summary",
     [(name, CARDS) for name in ("SYNC", "results_header", "result_lines", "read_results",
                                 "header_start", "open_results", "whole_lines", "snippet",
                                 "keep", "synced", "complainer")]),
    ("Lists of deals, on several processes",
     [("plural", CARDS), ("wilson", ("klondike", "medici")), ("Numbers", SOLVERS),
      ("Deals", SOLVERS), ("RANGE_MOST", SOLVERS), ("number_list", SOLVERS),
      ("stop_text", SOLVERS), ("read_stop", SOLVERS),
      ("further", SOLVERS), ("Result", SOLVERS), ("Tally", SOLVERS), ("Sweep", SOLVERS),
      ("run_list", SOLVERS), ("resuming", CARDS), ("workers", SOLVERS),
      ("WORKER_ROOM", SOLVERS), ("shared", SOLVERS), ("results", CARDS), ("cores", CARDS),
      ("Died", CARDS), ("quiet_worker", CARDS), ("serve", CARDS), ("hire", CARDS),
      ("pooled", CARDS), ("give", CARDS), ("ended", CARDS)]),
    ("Ending quietly", [("run", GAMES)])]
SHARED = ABOVE + [piece for _, section in BLOCK for piece in section]


def tested_elsewhere(script):
    """The shared pieces of script ('klondike') whose doctests run in another
    script's copy: tests/copies.txt proves the copies the same."""
    return {name for name, scripts in SHARED if script in scripts[1:]}


def statements(text):
    r"""[(name, source)] of the top-level statements of text, in order: a
    banner line ('################ Title', with the ## lines under it) is
    named by its title, a function or class by its name, an assignment by
    its first target; each runs up to the next (blank lines at its end left
    out, the comment lines right above a statement counted in it).

    >>> statements("################ A\n## a\n\n# one\nx = 1\n\n\ndef f():\n    pass\n")
    [('A', '################ A\n## a'), ('x', '# one\nx = 1'), ('f', 'def f():\n    pass')]
    """
    lines = text.split("\n")
    starts = []
    for node in ast.parse(text).body:
        i = node.lineno - 1
        while i > 0 and lines[i - 1].startswith("#") and not lines[i - 1].startswith("#" * 16):
            i -= 1
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            name = node.name
        elif isinstance(node, ast.Assign):
            target = node.targets[0]
            name = getattr(getattr(target, "elts", [target])[0], "id", "?")
        else:
            name = lines[node.lineno - 1].strip()
        starts.append((i, name))
    starts += [(i, line[17:]) for i, line in enumerate(lines) if line.startswith("#" * 16 + " ")]
    starts.sort()
    ends = [i for i, _ in starts[1:]] + [len(lines)]
    return [(name, "\n".join(lines[i:end]).rstrip("\n"))
            for (i, name), end in zip(starts, ends)]


def block(script):
    """[(name, source)] of the statements of script's shared block: from its
    opening banner to the line that calls main(), the script's last."""
    with open(os.path.join(ROOT, script + ".py"), encoding="utf-8") as f:
        text = f.read()
    opening = "\n" + "#" * 16 + " " + OPENING + "\n"
    guard = '\nif __name__ == "__main__":\n'
    if opening not in text or guard not in text:
        return []
    return statements(text[text.index(opening) + 1:text.rindex(guard) + 1])


def wanted(script):
    "The names of the statements script's shared block must hold, in order."
    names = [OPENING]
    for title, section in BLOCK:
        held = [name for name, holders in section if script in holders]
        names += [title] + held if held else []
    return names


def check_block(blocks):
    """Print what is wrong with the shared blocks ({script: block(script)}):
    a statement missing, one that is not shared, the order, a copy that is
    not the same text as the first script's that holds it."""
    first = {}
    for script in GAMES:
        for name, source in blocks[script]:
            first.setdefault(name, (script, source))
    for script in GAMES:
        names, want = [name for name, _ in blocks[script]], wanted(script)
        for name in want:
            if name not in names:
                print("%s: %s: missing in the shared block" % (script, name))
        for name in names:
            if name not in want:
                print("%s: %s: in the shared block, not a piece it shares" % (script, name))
        if [n for n in names if n in want] != [n for n in want if n in names]:
            print("%s: the shared block is not in the order of BLOCK" % script)
        for name, source in blocks[script]:
            holder, text = first[name]
            if holder != script and text != source:
                print("%s: %s differs from %s.py's" % (script, name, holder))


def pieces(script):
    """{name: source text} of the top-level definitions of script: a function
    or class from its `def` or `class` line up to the next top-level
    statement (comment lines between them left out), an assignment by its
    line."""
    with open(os.path.join(ROOT, script + ".py"), encoding="utf-8") as f:
        text = f.read()
    lines, body = text.splitlines(), ast.parse(text).body
    found = {}
    for i, node in enumerate(body):
        end = body[i + 1].lineno - 1 if i + 1 < len(body) else len(lines)
        source = [line for line in lines[node.lineno - 1:end]
                  if not line.startswith("#")]
        source = "\n".join(source).rstrip()
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            found[node.name] = source
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                for name in getattr(target, "elts", [target]):
                    if isinstance(name, ast.Name):
                        found[name.id] = source
    return found


def compare(sources, shared=ABOVE):
    """Print each shared piece missing in a script that must hold it, and
    each copy that differs from the first script's; sources is {script:
    pieces(script)}."""
    for name, scripts in shared:
        missing = [s for s in scripts if name not in sources[s]]
        if missing:
            print("%s: missing in %s" % (name, ", ".join(missing)))
            continue
        first = sources[scripts[0]][name]
        for script in scripts[1:]:
            if sources[script][name] != first:
                print("%s: %s.py differs from %s.py" % (name, script, scripts[0]))

################ Running a script in this process, as the program runs it on a pipe


def run_main(game, args, data=b"", cwd=None):
    """(exit status, output, errors) of game.main(args) (game a module)
    given the bytes data (or text) on standard input: args a command line,
    split at blanks, or a list.  None of the variables that ask for colour
    or refuse it is set while it runs; with cwd, it runs there."""
    args = args.split() if isinstance(args, str) else list(args)
    data = data.encode("utf-8") if isinstance(data, str) else data
    saved = {name: os.environ.pop(name) for name in COLOUR_VARIABLES if name in os.environ}
    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    try:
        if cwd:
            os.chdir(cwd)
        status = game.main(args, io.BytesIO(data), out, err)
    finally:
        os.chdir(here)
        os.environ.update(saved)
    return status, out.getvalue(), err.getvalue()


def runner(game):
    """run(args, data=b'') -> (status, output, errors): game's command lines
    run by run_main()."""
    def run(args, data=b""):
        return run_main(game, args, data)
    run.__doc__ = "(status, output, errors) of %s.py's command line args on data." % (
        game.__name__)
    return run


def pipe(game, argv, data):
    "Run game.main(argv) on the bytes data; print its standard error and exit status."
    status, out, err = run_main(game, argv, data)
    print(err + "exit status %s" % status)


def syncs(game, argv):
    "How often game.main(argv) writes its results file to the disk (calls synced())."
    calls, real = [], game.synced
    game.synced = lambda results: (calls.append(results.name), real(results))
    try:
        game.main(argv, io.StringIO(), io.StringIO(), io.StringIO())
    finally:
        game.synced = real
    return len(calls)


def counted_in_child():
    "resident() of FreeCell and the resident set, in bytes, in a forked child."
    freecell = module("freecell")
    read, write = os.pipe()
    child = os.fork()
    if child == 0:
        with open("/proc/self/statm") as statm:
            mapped = int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
        os.write(write, ("%d %d" % (freecell.resident(), mapped)).encode())
        os._exit(0)
    os.close(write)
    os.waitpid(child, 0)
    return [int(n) for n in os.read(read, 100).split()]

################ Running a script as a program


def command(name, *args):
    """The command line that runs script name with args: with sys.executable,
    without the site packages (-S), which the scripts do not need (as on a
    bare device), and without which each process starts sooner."""
    return [sys.executable, "-S", os.path.join(ROOT, name + ".py")] + list(args)


# Python code that runs the script named by its first argument as a program,
# with the rest as its arguments, where os.sched_getaffinity names %d processors.
AS_IF = ("import os, runpy, sys; os.sched_getaffinity = lambda pid: set(range(%d)); "
         "sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')")


def on_cores(n, args):
    """args, a command line that runs a script (python, its options, the
    script, its arguments), changed so that the script sees n processors
    whatever the machine has: --jobs N starts no more processes than there
    are processors, and the tests of the process pool need two workers on a
    machine of one core too (there they take turns on it)."""
    at = next(i for i, arg in enumerate(args) if arg.endswith(".py"))
    return args[:at] + ["-c", AS_IF % n] + args[at:]


def environment(**changes):
    "This environment with changes, a value of None removing a variable; no colour variable."
    env = dict(os.environ)
    for key in COLOUR_VARIABLES:
        env.pop(key, None)
    for key, value in changes.items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return env


def run(args, data=b"", env=None, cwd=None):
    "(exit status, stdout, stderr) of a command given data on stdin."
    with tempfile.TemporaryFile() as stdin:
        stdin.write(data)
        stdin.seek(0)
        done = subprocess.Popen(args, stdin=stdin, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, env=env, cwd=cwd)
        out, err = done.communicate()
    return done.returncode, out, err


def error_lines(name, err):
    "Whether every line of err is an error line of the script naming its input line."
    pattern = r"%s: lines? \d+(-\d+)?: " % name
    return all(re.match(pattern, line) for line in err.decode("utf-8", "replace").splitlines())


def outcome(name, args, data):
    """Run script name as a program with the command line args (split at
    blanks) on the bytes data; print its errors (bytes that are not ASCII
    escaped), the last line of its output and its exit status."""
    status, out, err = run(command(name, *args.split()), data)
    print(err.decode("ascii", "backslashreplace"), end="")
    print((out.decode().splitlines() or [""])[-1], "| exit status", status)


def head(args, data=b""):
    """Run args, read the first line of its output, close the pipe (as `| head
    -1` does); print that line, the exit status and what was on stderr."""
    with tempfile.TemporaryFile() as stdin:
        stdin.write(data)
        stdin.seek(0)
        child = subprocess.Popen(args, stdin=stdin, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE)
        first = child.stdout.readline()
        child.stdout.close()
        err = child.stderr.read()
        child.wait()
    print(first.decode("utf-8").rstrip(), "| exit status", child.returncode, err)


def closed(fd, args, data=b""):
    "(exit status, stderr) of args started with file descriptor fd closed."
    with tempfile.TemporaryFile() as stdin:
        stdin.write(data)
        stdin.seek(0)
        child = subprocess.Popen(args, stdin=stdin, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.PIPE, preexec_fn=lambda: os.close(fd))
        err = child.communicate()[1]
    return child.returncode, err.decode("utf-8")


def full(args, data=b""):
    "Run args with standard output /dev/full; print its status and stderr."
    with tempfile.TemporaryFile() as stdin, open("/dev/full", "wb") as out:
        stdin.write(data)
        stdin.seek(0)
        done = subprocess.run(args, stdin=stdin, stdout=out, stderr=subprocess.PIPE)
    print(done.returncode, done.stderr.decode("utf-8").rstrip())


def file_limited():
    "In a child before it starts its program: files of 600 bytes at most (`ulimit -f`)."
    import resource
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)    # EFBIG, not death
    resource.setrlimit(resource.RLIMIT_FSIZE, (600, 600))


def results_cut(name):
    """Run `name --solve 1-40 --max-positions 50 --out r.txt` with a file
    size limit that fills its disk on the way, in an empty directory (no
    compiled module written); return its exit status, its lines on stderr
    after the first, whether they say 'File too large', and whether the
    last whole line of the file is the deal before the first one named not
    done, or that one."""
    folder = tempfile.mkdtemp()
    try:
        done = subprocess.run(command(name, "--solve", "1-40", "--max-positions", "50",
                                      "--out", "r.txt"), cwd=folder, preexec_fn=file_limited,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              env=environment(PYTHONDONTWRITEBYTECODE="1"))
        with open(os.path.join(folder, "r.txt")) as f:
            held = [line.split()[0] for line in f if line[0].isdigit() and line.endswith("\n")]
    finally:
        shutil.rmtree(folder)
    said = done.stderr.decode().strip()
    first = int(re.search(r"not done: \w+ (\d+)-40;", said).group(1))
    return (done.returncode, said.count("\n"), "File too large" in said,
            int(held[-1]) in (first - 1, first))


def odd_numbers(name, odd):
    """Script name given the words odd as numbers: each at its prompt (`new
    WORD`), the first as its game or seed option.  (Exit status, error
    lines, whether each names its line; the option's exit status, whether
    it ended in a usage error line and no traceback.)"""
    lines = "".join("new %s\n" % word for word in odd).encode("utf-8")
    done = subprocess.run(command(name, *PLAIN[name]), input=lines,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    errors = done.stderr.decode("utf-8").splitlines()
    option = "--seed" if name == "pousse" else "-g"
    said = subprocess.run(command(name, option, odd[0]), stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT)
    text = said.stdout.decode("utf-8")
    return (done.returncode, len(errors), all(e.startswith(name + ": line ") for e in errors),
            said.returncode,
            "Traceback" not in text and text.splitlines()[-1].startswith(
                name + ".py: error: argument "))

################ Signals and processes (Linux's /proc)


# Seconds a test waits at most for a program to reach the point where it is
# interrupted or killed: the wait ends there, at once on an idle machine; a
# slow or busy one takes longer, and only a program that never gets there
# waits this long.
PATIENCE = 120


def cpu_seconds(group):
    "Processor seconds the processes of group have used so far (None without /proc)."
    total = 0
    try:
        names = [name for name in os.listdir("/proc") if name.isdigit()]
    except OSError:
        return None
    for name in names:
        try:
            with open("/proc/%s/stat" % name) as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[2]) == group:
            total += int(fields[11]) + int(fields[12])
    return total / float(os.sysconf("SC_CLK_TCK"))


def heeding():
    """In a child before it starts its program: SIGINT does what it does at a
    terminal.  A shell that starts the tests in the background (`tests/run.py
    &`) has them ignore SIGINT, and a program started so ignores it too."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def interrupt(args, after="busy", lines=1):
    """Start args in a process group of its own, wait until it has printed
    lines lines (after='line') or is busy (its group has used 0.2 s of
    processor time; a second where /proc cannot tell), send SIGINT to the
    group, as Ctrl-C at a terminal does; print its exit status and standard
    error, and whether any process of it is left."""
    child = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, start_new_session=True,
                             preexec_fn=heeding)
    if after == "line":
        for _ in range(lines):
            child.stdout.readline()
    else:
        waited = time.time()
        while time.time() - waited < PATIENCE and (cpu_seconds(child.pid) or 0) < 0.2:
            if cpu_seconds(child.pid) is None:
                time.sleep(1)
                break
            time.sleep(0.02)
    os.killpg(child.pid, signal.SIGINT)
    out, err = child.communicate()
    try:
        os.killpg(child.pid, signal.SIGKILL)
        left = "processes left"
    except OSError:
        left = "none left"
    print(child.returncode, err, left)


def interrupt_reading(args):
    """Start args, heeding SIGINT, give it a line, and once it has answered
    (it is reading its input again) interrupt it; return its exit status."""
    child = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, preexec_fn=heeding)
    child.stdin.write(b"history\n")
    child.stdin.flush()
    child.stdout.readline()
    child.send_signal(signal.SIGINT)
    try:
        status = child.wait(timeout=PATIENCE)
    except subprocess.TimeoutExpired:   # the signal was lost: a bug, said not hung on
        child.kill()
        status = "still reading %d s after Ctrl-C" % PATIENCE
    for stream in (child.stdin, child.stdout, child.stderr):
        stream.close()
    return status


def children(pid):
    """{process id: processor ticks used} of the child processes of pid, each
    found by the parent its /proc/N/stat names (Linux's /proc)."""
    found = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open("/proc/%s/stat" % name) as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue                    # ended as it was read
            if int(fields[1]) == pid:
                found[int(name)] = int(fields[11])
    return found


def table_lines(table, count, limit=PATIENCE):
    "Wait until the file table holds count lines, for limit seconds at most."
    waited = time.time()
    while (os.pread(table.fileno(), 1 << 16, 0).count(b"\n") < count
           and time.time() - waited < limit):
        time.sleep(0.01)


def kill_worker(args, limit=60):
    """Start args (a run over deals 1..40 with --jobs), and once its table
    shows three lines, kill one of its worker processes with SIGKILL, as the
    OOM killer kills; return how it ended: "hung" when it was still running
    limit seconds later, else (its exit status, its error lines, the deals
    of its table).  limit is where a run counts as hung, not a speed: the
    run ends as soon as it notices."""
    table = tempfile.TemporaryFile()
    child = subprocess.Popen(args, stdout=table, stderr=subprocess.PIPE,
                             start_new_session=True)
    table_lines(table, 3)
    err = kill_one(child, sorted(children(child.pid))[:1], limit)
    if err == "hung":
        return err
    table.seek(0)
    done = [int(line.split()[0]) for line in table.read().splitlines()[1:]
            if line.split()[1:2] != [b"deals:"]]          # not the summary
    return child.returncode, err.decode().splitlines(), done


def kill_one(child, worker, limit):
    """Kill the worker process (a list of its pid, or empty: none to kill) of
    child with SIGKILL, as the OOM killer kills; child's standard error once
    it has ended, or "hung" when it still runs limit seconds later (then it
    is killed, its whole group)."""
    for pid in worker:
        os.kill(pid, signal.SIGKILL)
    try:
        return child.communicate(timeout=limit)[1]
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        child.communicate()
        return "hung"


def not_done(line):
    """The deals an error line names not done ('...; not done: deals
    3,5-40; ...'), as a set."""
    missing = set()
    for part in line.split("not done: ")[1].split(";")[0].split(None, 1)[1].split(","):
        a, _, b = part.partition("-")
        missing.update(range(int(a), int(b or a) + 1))
    return missing


def kill_waiting(args):
    """Start args (a run of two workers), and once its table shows a line and
    its busier worker has searched 0.2 s, kill the other, which waits for a
    task (the one that has used the less processor time).  Return how the
    run ended: "hung", or its exit status and the verdicts of its table."""
    table = tempfile.TemporaryFile()
    child = subprocess.Popen(args, stdout=table, stderr=subprocess.DEVNULL,
                             start_new_session=True)
    table_lines(table, 2)
    waited = time.time()
    try:
        used = []                       # (ticks, process id) of each worker
        while (not used or max(used)[0] < 20) and time.time() - waited < PATIENCE:
            time.sleep(0.01)            # till the other has searched 0.2 s
            used = [(ticks, kid) for kid, ticks in children(child.pid).items()]
        os.kill(min(used)[1], signal.SIGKILL)   # a worker (pid 0 would be this group)
    except (OSError, ValueError):
        pass                        # the run is over already, or no pool
    try:
        child.wait(timeout=600)     # deal 11982 takes 2 s here; a hang is for ever
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        return "hung"
    table.seek(0)
    lines = table.read().decode().splitlines()[1:]
    return child.returncode, [line.split()[:2] for line in lines
                              if line[:1].isdigit() and line.split()[1] != "deals:"]


def running(pid):
    "Whether process pid is running (not gone, not a zombie)."
    try:
        with open("/proc/%d/stat" % pid) as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False                    # gone


def orphans(args, how):
    """Kill the main process of args (how: a signal) once its two workers
    have each worked 0.2 s; print how many workers, their states (ended, or
    running 30 s on: they end within half a second, a busy machine taking
    longer) and what was written on stderr."""
    errors = tempfile.TemporaryFile()
    child = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=errors,
                             start_new_session=True)
    waited, used = time.time(), {}
    while (len(used) < 2 or min(used.values()) < 20) and time.time() - waited < PATIENCE:
        time.sleep(0.01)
        try:
            used.update(children(child.pid))
        except (OSError, ValueError):
            pass                            # a worker not there yet, or gone
    workers = sorted(used)
    child.send_signal(how)
    child.wait()
    waited = time.time()
    while any(map(running, workers)) and time.time() - waited < 30:
        time.sleep(0.05)
    states = []
    for worker in workers:
        if running(worker):
            os.kill(worker, signal.SIGKILL)
        states.append("running" if running(worker) else "ended")
    errors.seek(0)
    print(len(workers), states, errors.read())

################ Terminals, colour and locales


def piped(args, data, env):
    """The output of the command line args (a command()), its script's main()
    run in this process, in the environment env, writing to a stream that
    is no terminal: a pipe."""
    game = module(os.path.basename(args[2])[:-3])
    saved = dict(os.environ)
    os.environ.clear()
    os.environ.update(env)
    try:
        out = io.StringIO()
        game.main(args[3:], io.BytesIO(data), out, io.StringIO())
    finally:
        os.environ.clear()
        os.environ.update(saved)
    return out.getvalue()


def on_terminal(args, data, env):
    "The bytes args writes on its standard output, a pseudo-terminal."
    import pty
    master, slave = pty.openpty()
    with tempfile.TemporaryFile() as stdin:
        stdin.write(data)
        stdin.seek(0)
        child = subprocess.Popen(args, stdin=stdin, stdout=slave, stderr=subprocess.DEVNULL,
                                 env=env)
    os.close(slave)
    out = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:         # EIO: the terminal closed
            break
        if not chunk:
            break
        out += chunk
    os.close(master)
    child.wait()
    return out


def coloured(args, data, env, terminal):
    "Whether the output of args holds an escape sequence; stdout a terminal or a pipe."
    if not terminal:
        return "\033[" in piped(args, data, env)
    return b"\033[" in on_terminal(args, data, env)


def python36():
    "The command line of a Python 3.6 other than this one (pyenv's, or on the PATH), or None."
    if sys.version_info[:2] == (3, 6):
        return None
    env = dict(os.environ)
    try:
        versions = subprocess.check_output(["pyenv", "versions", "--bare"],
                                           stderr=subprocess.DEVNULL).decode().split()
        env["PYENV_VERSION"] = [v for v in versions if re.match(r"3\.6\.\d+$", v)][-1]
    except (OSError, subprocess.CalledProcessError, IndexError):
        pass
    try:
        answer = subprocess.check_output(
            ["python3.6", "-c", "import sys; print(sys.version_info[:2], sys.executable)"],
            env=env, stderr=subprocess.DEVNULL).decode().strip()
    except (OSError, subprocess.CalledProcessError):
        return None
    return [answer[len("(3, 6) "):]] if answer.startswith("(3, 6) ") else None


def lang_c():
    "The environment of LANG=C: ASCII, for Python 3.6 (later ones need -X utf8=0)."
    return environment(LANG="C", LC_ALL="C", PYTHONIOENCODING=None, PYTHONUTF8=None)


def ascii_runs(python, name):
    """Run script name under LANG=C with the interpreter python (a command
    line): a game with a move and a line of odd characters and bytes that
    are no UTF-8 (Medici: a chain written with suit symbols, traced), then
    --help; one line saying how it went."""
    medici = module("medici")
    script = os.path.join(ROOT, name + ".py")
    odd = "\u00e9\u2660 \u2663 ".encode() + b"\xff\xfe\n"
    chain = " ".join(medici.show_card(c, medici.STYLE) for c in medici.deal(617)) + "\n"
    args, data = {"freecell": (["-g", "1"], b"3a\n"), "klondike": (["-g", "1"], b"t\n"),
                  "pousse": (["--machine", "none"], b"L1\n"),
                  "medici": (["--trace"], chain.encode())}[name]
    statuses, ascii, bad = [], True, []
    for args, data in [(args, data + odd), (["--help"], b"")]:
        status, out, err = run(python + [script] + args, data, lang_c())
        statuses.append(status)
        try:
            out.decode("ascii")
        except UnicodeDecodeError:
            ascii = False
        bad += [line for line in err.decode("ascii", "replace").splitlines()
                if not line.startswith(name + ": line")]
    return "%s: exit statuses %s, %s, %s" % (
        name, " ".join(map(str, statuses)), "ASCII output" if ascii else "not ASCII",
        "no other message" if not bad else bad[-1])


def alone(name, args, data):
    """Play data with script name copied alone into an empty directory and
    run there with `python3 -I -S` (no site packages, no user directory, no
    environment variables, not even the script's directory on the module
    path); print its exit status and last line, and the files left there."""
    where = tempfile.mkdtemp()
    try:
        shutil.copy(os.path.join(ROOT, name + ".py"), where)
        bare = [sys.executable, "-I", "-S"]
        status, out, err = run(bare + [name + ".py"] + args, data, cwd=where)
        print("%s alone: exit status %d, %s" % (name, status, out.decode("utf-8").splitlines()[-1]))
        print(sorted(n for n in os.listdir(where) if n != "__pycache__"))
    finally:
        shutil.rmtree(where)

################ A small device: Python without doctest, unittest or multiprocessing
## (tests/small-device.txt)

HIDDEN = ["doctest", "unittest", "multiprocessing"]
STUB = """import os
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "tried"), "a") as tried:
    tried.write("%s\\n")
raise ModuleNotFoundError("No module named '%s'", name="%s")
"""


class Device(object):
    """Scripts run as programs, in an empty directory, on a device whose
    Python lacks the HIDDEN modules: a directory of stubs goes first on
    PYTHONPATH, ahead of the standard library, a stub for each, named like
    the module, that adds the module's name to a list of the modules tried
    and then raises the error a missing module raises."""

    def __init__(self):
        self.stubs, self.empty = tempfile.mkdtemp(), tempfile.mkdtemp()
        for name in HIDDEN:
            with open(os.path.join(self.stubs, name + ".py"), "w") as stub:
                stub.write(STUB % (name, name, name))

    def run(self, name, args, data=b"", device=True, cores=None):
        """(status, stdout, stderr, hidden modules tried) of script name (or,
        without a name, Python itself) run with args (a list, or a string
        split at blanks) on the bytes data, on the device or with the whole
        standard library, seeing so many processors if cores is given
        (on_cores()); its output encoded in UTF-8."""
        args = args.split() if isinstance(args, str) else args
        env = dict(os.environ, PYTHONIOENCODING="utf-8")
        if device:
            env["PYTHONPATH"] = os.pathsep.join(filter(None, [self.stubs, env.get("PYTHONPATH")]))
        tried = os.path.join(self.stubs, "tried")
        if os.path.exists(tried):
            os.remove(tried)
        args = [sys.executable] + [os.path.join(ROOT, name)] * (name != "") + args
        child = subprocess.Popen(on_cores(cores, args) if cores else args,
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, env=env, cwd=self.empty)
        out, err = child.communicate(data)
        modules = []
        if os.path.exists(tried):
            with open(tried) as log:
                modules = log.read().split()
        return child.returncode, out.decode("utf-8"), err.decode("utf-8"), modules

    def show(self, name, args, data=b""):
        "Run script name on the device; print its output, errors, status and what it tried."
        status, out, err, modules = self.run(name, args, data)
        print(out + err + "exit %d; tried %s" % (status, " ".join(modules) or "nothing hidden"))

    def remove(self):
        "Remove the stubs and the empty directory."
        shutil.rmtree(self.stubs)
        shutil.rmtree(self.empty)

################ A scratch directory of long sweeps (tests/sweeps.txt)


class Scratch(object):
    """A directory of its own where the scripts' command lines run: as
    programs (start, killed) or by their main() in this process (run)."""

    def __init__(self):
        self.path = tempfile.mkdtemp()

    def file(self, name):
        "The path of the file name there."
        return os.path.join(self.path, name)

    def start(self, line, cores=None):
        """Start a command line ('freecell.py --solve 1-3') as a program, in a
        group of its own; seeing so many processors when cores is given."""
        words = line.split()
        args = command(words[0][:-3], *words[1:])
        return subprocess.Popen(on_cores(cores, args) if cores else args, cwd=self.path,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                universal_newlines=True, start_new_session=True)

    def run(self, line):
        "Run a command line; print its errors and a non-zero exit status; return its output."
        words = line.split()
        status, out, err = run_main(module(words[0][:-3]), words[1:], cwd=self.path)
        print(err + ("(exit status %d)\n" % status if status else ""), end="")
        return out

    def lines(self, name):
        "The lines of the file name."
        with open(self.file(name)) as f:
            return f.read().splitlines()

    def read(self, name):
        "The bytes file name holds (none before it is made)."
        try:
            with open(self.file(name), "rb") as f:
                return f.read()
        except OSError:
            return b""

    def items(self, name):
        "The first word of each line of file name that is not a comment."
        return [line.split()[0] for line in self.lines(name) if not line.startswith("#")]

    def killed(self, line, times=4, seed=1):
        """Run a command line to its end, killed (SIGKILL, its whole group) that
        many times on the way at random moments; (how many kills found it
        running, its last output)."""
        chance, kills = random.Random(seed), 0
        for _ in range(times):
            child = self.start(line)
            time.sleep(chance.uniform(0.1, 0.6))
            if child.poll() is None:
                os.killpg(child.pid, signal.SIGKILL)
                kills += 1
            child.communicate()
        return kills, self.start(line).communicate()[0]

    def kill_worker(self, line, name, limit=60, tries=3):
        """Start a command line of --jobs 2 --out name (the script seeing two
        processors, whatever the machine has), and once the file holds an
        item's line, kill one of its worker processes (SIGKILL, as the OOM
        killer kills); "hung" when it still runs limit seconds later (a
        bound for a hang, not a speed), else its exit status and error lines.
        A worker forked afresh an item may be killed as it ends, its answer
        sent, taking nothing with it: the run then goes on to its end, and
        is tried again (the file made anew), up to tries times."""
        for _ in range(tries):
            if os.path.exists(self.file(name)):
                os.remove(self.file(name))
            child = self.start(line, cores=2)
            waited = time.time()
            while not re.search(rb"(?m)^\d.*\n", self.read(name)) and \
                    time.time() - waited < PATIENCE:
                time.sleep(0.01)
            workers = sorted((ticks, kid) for kid, ticks in children(child.pid).items())
            err = kill_one(child, [kid for _, kid in workers[-1:]], limit)  # the busiest: at work
            if err == "hung":
                return err
            if "worker process died" in err:
                break
        return child.returncode, err.splitlines()

    def remove(self):
        "Remove the directory and what it holds."
        shutil.rmtree(self.path)

################ The examples of the manuals and the README (tests/examples.txt)

WAIT = 600      # seconds an example may run before it counts as hung
CPYTHON = platform.python_implementation() == "CPython"
SKIP = re.compile(r"#\s*(at a terminal|takes (?:(?:under )?a minute|minutes|\d+ s)|needs \S+)\s*$")


def examples(text):
    """[(line number, command, expected output, exit status)] of the examples
    in text: a line starting with `$ ` (after its indentation), and the lines
    under it, to the next `$ ` line, a blank line, a line indented less or a
    code fence, a last line `[exit N]` giving the exit status."""
    found, lines = [], text.splitlines()
    for i, line in enumerate(lines):
        body = line.lstrip(" ")
        if not body.startswith("$ "):
            continue
        indent, expected = len(line) - len(body), []
        for after in lines[i + 1:]:
            if (not after.strip() or after.lstrip(" ").startswith(("$ ", "```"))
                    or len(after) - len(after.lstrip(" ")) < indent):
                break
            expected.append(after[indent:])
        status = 0
        if expected and re.match(r"^\[exit \d+\]$", expected[-1]):
            status = int(expected.pop()[6:-1])
        found.append((i + 1, body[2:], "".join(e + "\n" for e in expected), status))
    return found


def examples_environment():
    "The environment the examples run in: no colour forced or refused, UTF-8."
    env = {k: v for k, v in os.environ.items()
           if k not in ("NO_COLOR", "FORCE_COLOR", "CLICOLOR", "CLICOLOR_FORCE", "TERM")}
    env.update(PYTHONIOENCODING="utf-8", LC_ALL="C.UTF-8", COLUMNS="80")
    env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + env.get("PATH", "")
    return env


def check_examples(name, text):
    """Run the examples of text (named name) in order, by `sh`, in a scratch
    directory holding the four scripts, a copy of tests/ and a `python3`
    that is this interpreter with -S; print each that fails (the example,
    what it should print and what it printed) or still runs after WAIT
    seconds; return (examples run, those that cannot run here, listed)."""
    work = tempfile.mkdtemp(prefix="examples-")
    checker, flags = doctest.OutputChecker(), doctest.ELLIPSIS
    ran, skipped = 0, []
    try:
        for script in GAMES:
            shutil.copy(os.path.join(ROOT, script + ".py"), work)
        shutil.copytree(HERE, os.path.join(work, "tests"),
                        ignore=shutil.ignore_patterns("__pycache__"))
        os.mkdir(os.path.join(work, "bin"))
        with open(os.path.join(work, "bin", "python3"), "w") as f:
            f.write('#!/bin/sh\nexec "%s" -S "$@"\n' % sys.executable)
        os.chmod(os.path.join(work, "bin", "python3"), 0o755)
        for number, line, expected, status in examples(text):
            reason = SKIP.search(line)
            if reason and reason.group(1) == "needs CPython" and CPYTHON:
                reason = None               # its figures are CPython's: checked there only
            if reason:
                skipped.append("%s:%d (%s): %s" % (name, number, reason.group(1),
                                                  line[:reason.start()].strip()))
                continue
            ran += 1
            with open(os.devnull) as empty:
                env = examples_environment()
                env["PATH"] = os.path.join(work, "bin") + os.pathsep + env["PATH"]
                try:
                    done = subprocess.run(["sh", "-c", line], cwd=work, stdin=empty,
                                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                          env=env, timeout=WAIT)
                except subprocess.TimeoutExpired:
                    print("%s:%d: $ %s\nstill running after %d s" % (name, number, line, WAIT))
                    continue
            got = done.stdout.decode("utf-8", "replace")
            if not checker.check_output(expected, got, flags) or done.returncode != status:
                print("%s:%d: $ %s" % (name, number, line))
                print("expected (exit %d):\n%s" % (status, expected))
                print("got (exit %d):\n%s" % (done.returncode, got))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return ran, skipped


MANUALS = {}


def manual(script):
    "What `python3 SCRIPT --help` prints (asked once)."
    if script not in MANUALS:
        MANUALS[script] = subprocess.run(
            [sys.executable, os.path.join(ROOT, script), "--help"],
            stdout=subprocess.PIPE, env=examples_environment()).stdout.decode("utf-8")
    return MANUALS[script]


def loose(text):
    """The lines of text's code blocks (indented four) that run a command
    (`python3`, `printf`, `sh`, a script) without being examples, but for
    those of a script file shown whole (a block that begins with `#!`)."""
    found, script = [], False
    for number, line in enumerate(text.splitlines(), 1):
        if not line.startswith("    "):
            script = False
        elif line.strip().startswith("#!"):
            script = True
        elif not script and re.match(r"^ {4,}(python3|printf|sh|\S+\.py) ", line):
            found.append("%d: %s" % (number, line.strip()))
    return found

################ Klondike's search, watched as it runs (tests/klondike-search.txt)

def random_positions(k, rules, deals, each=4, seed=1):
    """Positions of Klondike (k, the script) reached by random play: for
    each Rules of rules and each deal number of deals, each positions
    along one game of random legal moves, 3 to 24 moves apart (a turn of
    the stock among them), from a random.Random(seed)."""
    rand, found = random.Random(seed), []
    for rule in rules:
        for number in deals:
            game = k.deal(k.deck_of(number), rule)
            for _ in range(each):
                for _ in range(rand.randrange(3, 25)):
                    ms = k.moves(game)
                    if not ms:
                        break
                    game = k.move(game, rand.choice(ms))
                found.append(game)
    return found


def watch(k, solver, start, limits, **options):
    """Run solver.search(start, limits, **options) as it runs in the game,
    and watch it from outside: (answer, children, asked, seen), the states
    it made (every Solver.after), the states whose moves it asked for,
    each with its moves (every Solver.moves, in order), and the Seen it
    kept positions in."""
    children, asked, made, real = [], [], [], k.Seen
    after, moves = solver.after, solver.moves

    def watched_after(state, m):
        children.append(after(state, m))
        return children[-1]

    def watched_moves(state):
        asked.append((state, moves(state)))
        return asked[-1][1]

    class Watched(real):
        def __init__(self, *args, **kwargs):
            real.__init__(self, *args, **kwargs)
            made.append(self)

    solver.after, solver.moves, k.Seen = watched_after, watched_moves, Watched
    try:
        answer = solver.search(start, limits, **options)
    finally:
        del solver.after, solver.moves
        k.Seen = real
    return answer, children, asked, made[0]


def held(seen):
    """{code: marks} of every position a Klondike Seen keeps (marks 0 where
    it keeps none), read from its Python set or dict, or from the slots of
    its Tables."""
    if seen.plain is not None:
        return dict(seen.plain) if seen.marked else dict.fromkeys(seen.plain, 0)
    found = {}
    for high, tables in seen.tables.items():
        for table in tables:
            for i, v in enumerate(table.slots):
                if v:
                    found[high << 63 | v - 1] = table.masks[i] if seen.marked else 0
    return found
