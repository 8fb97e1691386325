"""What the four referees (tests/referee_freecell.py, referee_klondike.py,
referee_pousse.py, referee_medici.py) share: a script run on the lines of
a game, its answers set against a model's line by line, a report a person
can replay, and a model with a planted error.

The card games' manuals promise few refusals' texts, so their referees
keep the two streams apart and compare a refusal by the word it names
(check, verdict, difference: the card games' part below, with
Microsoft's deal).  Pousse's and Medici's manuals give every text, so
their referees merge the streams, unbuffered, each refusal where its line
is, and compare every character (transcript, judge, disagreement).
Standard library only.
"""
import collections
import os
import random
import re
import subprocess
import sys
import types

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

################ FreeCell and Klondike: a refusal compared by the word it names

Answer = collections.namedtuple("Answer", "output refused why")  # the word refused, and why
Answer.__new__.__defaults__ = (None, None)
Verdict = collections.namedtuple("Verdict", "seed args lines accepted refused wins difference")


# A card is a number 0..51, rank-major: AC AD AH AS 2C ... KS.
RANKS, SUITS = "A23456789TJQK", "CDHS"


def rank(card):
    return card // 4 + 1


def suit(card):
    return card % 4


def red(card):
    return suit(card) in (1, 2)


def name(card):
    return RANKS[rank(card) - 1] + SUITS[suit(card)]


def ms_deal(number):
    """The 52 cards (0..51, rank-major: AC AD AH AS 2C ... KS) in the order
    Microsoft FreeCell's deal number deals them, FreeCell Pro's numbers past
    2^31 included.

    >>> [ms_deal(1)[:8], ms_deal(8589934591)[:3]]
    [[41, 5, 34, 40, 17, 26, 24, 18], [36, 7, 43]]
    """
    state = number - 2 ** 32 if number >= 2 ** 32 else number
    deck, dealt = list(range(52)), []
    for left in range(52, 0, -1):
        state = (state * 214013 + 2531011) % 2 ** 32
        if number >= 2 ** 32:
            r = ((state >> 16) & 0xFFFF) + 1
        else:
            r = (state >> 16) & 0x7FFF | (0x8000 if number >= 2 ** 31 else 0)
        j = r % left
        dealt.append(deck[j])
        deck[j] = deck[left - 1]
        deck.pop()
    return dealt


def game_lines(referee, seed, length=60):
    """(rules, deal number, lines): the game seed (a random.Random seed) of
    a referee (the module referee_freecell or referee_klondike): at least
    length lines a player might type, a board asked for after half the
    refused ones; in one game in four the script's own solution, with
    detours that an undo brings back to it, so that games are won."""
    rng = random.Random(seed)
    rules, number = referee.random_rules(rng), referee.random_deal(rng)
    plan = referee.solution(rules, number) if rng.random() < 0.25 else []
    state, lines = [referee.deal(rules, number), []], []

    def typed(line):
        lines.append(line)
        game, undo, said = referee.answer(rules, number, state[0], state[1], line)
        state[:] = game, undo
        return said
    while len(lines) < length or plan:
        detour = bool(plan) and rng.random() < 0.3
        if plan and not detour:
            take = rng.choice([1, 1, 2, 3])
            said = typed(referee.SEPARATOR.join(plan[:take]))
            del plan[:take]
        else:
            said = typed(referee.random_line(rng, rules, state[0], detour))
        if detour and said.refused is None and lines[-1] != "board":
            typed("u")
        elif said.refused is not None and rng.random() < 0.5:
            typed("board")
    return rules, number, lines


def check(referee, rules, number, lines, model=None, seed=None):
    """The Verdict of lines typed at deal number under rules: the script's
    answers against the model's (the referee's own, or a planted copy)."""
    model = model or referee
    game = start = model.deal(rules, number)
    undo, answers = [], []
    for line in lines:
        game, undo, said = model.answer(rules, number, game, undo, line)
        answers.append(said)
    return verdict(seed, referee.SCRIPT, referee.options(rules, number), lines,
                   model.show(rules, number, start) + "\n", answers)


def run_script(script, args, lines):
    "(status, output, errors) of the script (freecell.py ...) with args given lines on stdin."
    done = subprocess.run([sys.executable, "-S", os.path.join(ROOT, script)] + list(args),
                          input="".join(line + "\n" for line in lines).encode(),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return done.returncode, done.stdout.decode(), done.stderr.decode()


def verdict(seed, script, args, lines, start, answers):
    """The Verdict of a game: the script run on lines and compared with the
    model's start (the board it prints first) and answers, one a line."""
    status, out, err = run_script(script, args, lines)
    return Verdict(seed, args, lines, sum(a.refused is None for a in answers),
                   sum(a.refused is not None for a in answers),
                   sum(bool(re.search(r"(?m)^(won|Won in .*)$", a.output)) for a in answers),
                   difference(script[:-3], lines, start, answers, status, out, err))


def difference(name, lines, start, answers, status, out, err):
    "The first place where the script's answer is not the model's, in words, or None."
    refusals = {}
    for text in err.splitlines():
        m = re.match(r"%s: line (\d+): (.*?): (.*)" % name, text)
        if not m:
            return "a line on stderr that names no input line: %r" % text
        refusals[int(m.group(1))] = m.group(2), m.group(3)
    out = out.splitlines(True)
    at = start.count("\n")
    if "".join(out[:at]) != start:
        return "the deal:\n" + told(start, "".join(out[:at]))
    for n, (line, said) in enumerate(zip(lines, answers), 1):
        size = said.output.count("\n")
        got, (word, why) = "".join(out[at:at + size]), refusals.get(n, (None, None))
        if word != said.refused or got != said.output or said.why not in (None, why):
            return "line %d %r:\n%s" % (n, line, told(
                said.output + ("refused: %s: %s\n" % (said.refused, said.why or "...")
                               if said.refused else ""),
                got + ("refused: %s: %s\n" % refusals[n] if n in refusals else "")))
        at += size
    if out[at:]:
        return "after the last line:\n" + told("", "".join(out[at:]))
    if status != (1 if refusals else 0):
        return "exit status %d" % status
    return None


def told(expected, got):
    "Both answers, the model's first."
    return "the model:\n%s\nthe script:\n%s" % (expected, got or "(nothing)\n")


def report(script, verdict):
    "A disagreement as a reader reproduces it: the command, the lines, both answers."
    return "seed %s: %s %s\nlines:\n%s\n%s" % (
        verdict.seed, script, " ".join(verdict.args),
        "".join("  %d: %s\n" % (n, l) for n, l in enumerate(verdict.lines, 1)),
        verdict.difference)


################ Pousse and Medici: every text compared

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
            return told_session(script, args, lines[:number], line, expected, got[place:])
        place += len(expected)
    if got[place:]:
        return told_session(script, args, lines, None, "", got[place:])
    if got_status != status:
        return told_session(script, args, lines, None, "exit status %d\n" % status,
                      "exit status %d\n" % got_status)
    return None


def told_session(script, args, lines, line, expected, got):
    "The first difference, told for a person to read and replay."
    where = "line %d, %r" % (len(lines), line) if line is not None else "the end of input"
    return "\n".join(
        ["at %s:" % where, "--- the model expects:", expected.rstrip("\n"),
         "--- the script printed:"] + got.split("\n")[:expected.count("\n") + 2]
        + ["--- the session, to replay:",
           "$ python3 %s.py %s <<'END'" % (script, " ".join(args))] + lines + ["END"])


################ Every referee

def planted(model, old, new):
    "A copy of the module model with the text old of its source replaced by new."
    with open(model.__file__) as f:
        source = f.read()
    if source.count(old) != 1:
        raise ValueError("%r is not in the model once" % old)
    copy = types.ModuleType(model.__name__ + "_planted")
    copy.__file__ = model.__file__
    exec(compile(source.replace(old, new), model.__file__, "exec"), copy.__dict__)
    return copy
