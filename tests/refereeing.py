"""What the referees of tests/referee_pousse.py and tests/referee_medici.py
share: a session piped into one process of a script, and its output set
against what a model of the game predicted, line by line.

A prediction is a list of (input line, what the program prints for it),
then what it prints when the input ends, and its exit status.  The program
runs as a user pipes a file into it, standard error merged into standard
output and unbuffered, so each refusal stands where its line is.
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def transcript(script, args, lines):
    "(exit status, standard output and error merged) of script.py args given lines."
    command = [sys.executable, "-S", "-u", os.path.join(ROOT, script + ".py")] + args
    data = "".join(line + "\n" for line in lines).encode("utf-8")
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    for name in ("NO_COLOR", "FORCE_COLOR", "CLICOLOR", "CLICOLOR_FORCE"):
        env.pop(name, None)
    done = subprocess.run(command, input=data, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, env=env, cwd=ROOT)
    return done.returncode, done.stdout.decode("utf-8", "replace")


def judge(script, args, state, lines):
    """Feed lines to state (a model's session of script), print what it
    predicts for each line, then the disagreement of script.py args with it
    or 'the script agrees'."""
    for line in lines:
        state.feed(line)
    said, at_end, status = state.prediction()
    for number, (line, out) in enumerate(said, 1):
        print("%d> %s" % (number, line))
        print(out, end="")
    print(at_end + "exit status %d" % status)
    print(disagreement(script, list(args), state.prediction()) or "the script agrees")


def disagreement(script, args, prediction):
    """None when script.py args answers every line as predicted; else a
    report: the first line it answered otherwise, both answers to it, and
    the session up to that line, to replay."""
    said, at_end, status = prediction
    lines = [line for line, _ in said]
    got_status, got = transcript(script, args, lines)
    place = 0
    for number, (line, expected) in enumerate(said + [(None, at_end)], 1):
        if got[place:place + len(expected)] != expected:
            return report(script, args, lines[:number], line, expected, got[place:])
        place += len(expected)
    if got[place:]:
        return report(script, args, lines, None, "", got[place:])
    if got_status != status:
        return report(script, args, lines, None, "exit status %d\n" % status,
                      "exit status %d\n" % got_status)
    return None


def report(script, args, lines, line, expected, got):
    "The first difference, told for a person to read and replay."
    where = "line %d, %r" % (len(lines), line) if line is not None else "the end of input"
    return "\n".join(
        ["at %s:" % where, "--- the model expects:", expected.rstrip("\n"),
         "--- the script printed:"] + got.split("\n")[:expected.count("\n") + 2]
        + ["--- the session, to replay:",
           "$ python3 %s.py %s <<'END'" % (script, " ".join(args))] + lines + ["END"])
