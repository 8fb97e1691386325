"""An independent referee for freecell.py: FreeCell's rules written again
from the manual alone (`python3 freecell.py --help`, the README and the
public rules of the game), never from the script's code, and a judge that
plays random games against the script and compares every answer.

    >>> game = deal(Rules(), 1)
    >>> print(show(Rules(), 1, game))
    FreeCell game 1              move 0
     a   b   c   d       C   D   H   S
     ..  ..  ..  ..      ..  ..  ..  ..
    <BLANKLINE>
     1   2   3   4   5   6   7   8
     JD  2D  9H  JC  5D  7H  7C  5H
     KD  KC  9S  5S  AD  QC  KH  3H
     2S  KS  9D  QD  JS  AS  AH  3C
     4C  5C  TS  QH  4H  AC  4D  7S
     3S  TD  4S  TH  8H  2C  JH  7D
     6D  8S  8D  QS  6C  3D  8C  TC
     6S  9C  2H  6H

The script is a black box: `judge(seed)` draws a deal and rules, writes a
game of lines a player might type (legal moves in every form the notation
allows, moves the rules refuse, garbage, undo), pipes them all into one
process of `freecell.py -m --ascii` and compares its output line by line
with the model's prediction.  Standard library only.
"""
import collections
import functools
import random
import re
import sys

import referee
from referee import Answer, ms_deal, run_script, RANKS, SUITS, rank, suit, red, name

SCRIPT, SEPARATOR = 'freecell.py', " "    # the script judged; what joins its solution's moves

################ Cards and the deal
## Throughout:
##   card    an int 0..51 in Microsoft's deck order AC AD AH AS 2C ... KS
##   rank    1..13, card // 4 + 1;   suit 0..3 = C D H S, card % 4
##   column  a tuple of cards, the one dealt first first, the exposed card last
##   cells   a tuple of cards or None (an empty free cell)
##   home    a tuple of four ranks, one a suit: how far each foundation is built

LETTERS = "abcdefgklm"          # the free cells' names, as the manual's --cells gives them


def card_named(text):
    return RANKS.index(text[0]) * 4 + SUITS.index(text[1])


################ The rules

Rules = collections.namedtuple("Rules", "cells bakers autoplay")
Rules.__new__.__defaults__ = (4, False, True)
Game = collections.namedtuple("Game", "columns cells home moves")
Move = collections.namedtuple("Move", "source target count")    # count None: plain form


def deal(rules, number):
    """The game at the start of deal number: card i of Microsoft's deal on
    column i % 8; Windows' unshuffled -1 and -2 as the script exports them."""
    if number < 0:
        columns = exported(number)
    else:
        cards = ms_deal(number)
        columns = [tuple(cards[i::8]) for i in range(8)]
    return Game(tuple(columns), (None,) * rules.cells, (0, 0, 0, 0), 0)


def fits(rules, card, onto):
    "Whether card may lie on the card onto."
    if rank(card) != rank(onto) - 1:
        return False
    return suit(card) == suit(onto) if rules.bakers else red(card) != red(onto)


def run_length(rules, column):
    "How many cards at the end of column lie in sequence."
    n = 1 if column else 0
    while n < len(column) and fits(rules, column[-n], column[-n - 1]):
        n += 1
    return n


def capacity(game, to_empty):
    "How many cards a supermove carries: (1 + empty cells) x 2^(empty columns)."
    empty = sum(1 for c in game.columns if not c) - (1 if to_empty else 0)
    return (1 + game.cells.count(None)) * 2 ** empty


def goes_home(game, card):
    return game.home[suit(card)] == rank(card) - 1


def safe(rules, game, card):
    "Whether safe autoplay sends card home (it must be able to go)."
    if not goes_home(game, card):
        return False
    if rules.bakers or rank(card) <= 2:
        return True
    others = [game.home[s] for s in range(4) if red(s) != red(card)]
    return min(others) >= rank(card) - 1


def sent_home(game, card):
    "game with card (exposed somewhere) moved to its foundation."
    home = list(game.home)
    home[suit(card)] += 1
    columns = tuple(c[:-1] if c and c[-1] == card else c for c in game.columns)
    cells = tuple(None if c == card else c for c in game.cells)
    return game._replace(columns=columns, cells=cells, home=tuple(home))


def autoplay(rules, game):
    "(game, cards sent home in order): safe cards home, cells first, until none is."
    sent = []
    while True:
        exposed = [c for c in game.cells if c is not None] + [c[-1] for c in game.columns if c]
        ready = [c for c in exposed if safe(rules, game, c)]
        if not ready:
            return game, sent
        game = sent_home(game, ready[0])
        sent.append(ready[0])


def where(rules, text):
    "('column', i), ('cell', i), ('home', None) or None: a place a character names."
    if text in "12345678":
        return ("column", int(text) - 1)
    if text in LETTERS[:rules.cells]:
        return ("cell", LETTERS.index(text))
    if text in ("h", "0"):
        return ("home", None)
    return None


WORD = re.compile(r"^(.)(.?)(?:v([0-9a-f]+))?$")


def parse(rules, word):
    "The Move a word of the notation names, or None."
    m = WORD.match(word)
    if not m:
        return None
    source, target = where(rules, m.group(1)), where(rules, m.group(2) or "h")
    count = int(m.group(3), 16) if m.group(3) else None
    if not source or not target or source[0] == "home" or source == target:
        return None
    return Move(source, target, count)


def moved(rules, game, move):
    "The game after move (no autoplay, not counted), or None when the rules refuse it."
    (kind, i), (to, j) = move.source, move.target
    if move.count is not None and (kind, to) != ("column", "column") and move.count != 1:
        return None                     # a move of one card may say so: v1
    columns, cells = list(game.columns), list(game.cells)
    if kind == "cell":
        if cells[i] is None:
            return None
        card, cells[i] = cells[i], None
        if to == "home":
            return sent_home(game, card) if goes_home(game, card) else None
        if to == "cell":
            return None                 # the notation has no move from cell to cell
        if columns[j] and not fits(rules, card, columns[j][-1]):
            return None
        columns[j] += (card,)
        return game._replace(columns=tuple(columns), cells=tuple(cells))
    column = columns[i]
    if not column:
        return None
    if to == "home":
        return sent_home(game, column[-1]) if goes_home(game, column[-1]) else None
    if to == "cell":
        if cells[j] is not None:
            return None
        cells[j], columns[i] = column[-1], column[:-1]
        return game._replace(columns=tuple(columns), cells=tuple(cells))
    count = carried(rules, game, column, columns[j], move.count)
    if not count:
        return None
    columns[j] += column[-count:]
    columns[i] = column[:-count]
    return game._replace(columns=tuple(columns))


def carried(rules, game, column, target, count):
    "How many cards of column a move onto target carries (count None: the plain form); 0: none."
    most = min(run_length(rules, column), capacity(game, not target))
    if count is not None:
        ok = 0 < count <= most and (not target or fits(rules, column[-count], target[-1]))
        return count if ok else 0
    if not target:
        return most
    return next((n for n in range(1, most + 1) if fits(rules, column[-n], target[-1])), 0)


def won(game):
    return game.home == (13, 13, 13, 13)

################ Playing a move as the script reports it


def play(rules, game, word):
    """(game after the typed word, the move as the script echoes it, the
    cards autoplay sent home), or None when the word is refused."""
    move = parse(rules, word)
    if move is None or won(game):
        return None
    after = moved(rules, game, move)
    if after is None:
        return None
    after = after._replace(moves=game.moves + 1)
    count = len(after.columns[move.target[1]]) - len(game.columns[move.target[1]]) \
        if move.target[0] == "column" else 1
    after, sent = autoplay(rules, after) if rules.autoplay else (after, [])
    return after, typed(rules, game, move, count), sent


def typed(rules, game, move, count):
    """A move of count cards as the script echoes it: the foundation as h;
    into an empty column the count, unless the plain form carries the same
    one card (so that the echo reads the same with and without --snx)."""
    def char(place):
        kind, i = place
        return "h" if kind == "home" else LETTERS[i] if kind == "cell" else str(i + 1)
    word = char(move.source) + char(move.target)
    empty = move.target[0] == "column" and not game.columns[move.target[1]]
    alone = count == 1 and (move.source[0] == "cell" or carried(
        rules, game, game.columns[move.source[1]], (), None) == 1)
    return word + "v%x" % count if empty and not alone else word

################ The board as the script shows it (-m --ascii)


def show(rules, number, game):
    "The board."
    title = ("Baker's Game %s" if rules.bakers else "FreeCell game %s") % number
    moves = "move %d" % game.moves
    width = max(31, 4 * rules.cells + 19)
    lines = [title + " " * max(1, width - len(title) - len(moves)) + moves]
    lines.append("".join(" %s  " % LETTERS[i] for i in range(rules.cells)) +
                 "     C   D   H   S")
    cells = "".join(" %s " % (name(c) if c is not None else "..") for c in game.cells)
    homes = "".join(" %s " % (RANKS[r - 1] + SUITS[s] if r else "..")
                    for s, r in enumerate(game.home))
    lines.append((cells + "    " + homes).rstrip())
    lines += ["", " " + "   ".join("12345678")]
    for row in range(max(1, max(len(c) for c in game.columns))):
        cards = [" %s " % name(c[row]) if row < len(c) else
                 (" .. " if row == 0 else "    ") for c in game.columns]
        lines.append("".join(cards).rstrip())
    return "\n".join(lines)

################ A game of typed lines, and what the script must answer


def answer(rules, number, game, undo, line):
    """(game, undo, Answer) after one typed line; a refused line leaves game
    and undo (the list of (game, echo) before each move) as they were."""
    words = line.split("#")[0].split()
    text, before, start = [], list(undo), game
    for word in words:
        if word in ("u", "undo"):
            if not undo:
                return start, before, Answer("", word)
            (game, echo), undo = undo[-1], undo[:-1]
            text.append("Undo: " + echo)
        elif word == "board":
            text.append(show(rules, number, game))
        else:
            played = play(rules, game, word)
            if played is None:
                return start, before, Answer("", word, promised(word))
            (after, echo, sent), undo = played, undo + [(game, played[1])]
            game = after
            text.append("Move %d: %s" % (game.moves, echo) +
                        (", then %s home" % " ".join(map(name, sent)) if sent else ""))
    if any(w != "board" for w in words):
        text.append(show(rules, number, game))
        if won(game) and not won(start):
            text.append("Won in %d moves." % game.moves)
    return game, undo, Answer("".join(t + "\n" for t in text), None)


def promised(word):
    "The reason the manual gives for refusing word (its example: 99), if it gives one."
    return "no column 9" if WORD.match(word) and word.startswith("9") else None

################ Random games


def legal(rules, game):
    "(word, weight) of every legal move in every form the notation allows."
    places = "12345678" + LETTERS[:rules.cells]
    found = []
    for s in places:
        for t in places + "h0" + "_":
            word = s + t.strip("_")
            if play(rules, game, word):
                found.append((word, 6 if t in "h0_" else 1 if t in LETTERS else 3))
            counts = [1] if s not in "12345678" or t not in "12345678" else \
                range(1, run_length(rules, game.columns[int(s) - 1]) + 1)
            found += [(word + "v%x" % n, 1) for n in counts if play(rules, game, word + "v%x" % n)]
    return found


GARBAGE = ["9x", "zz", "12v", "15v0", "1v", "a1b", "x", "ab", "hh", "h1", "1-2", "999", "%", "Move"]


def random_word(rng, rules):
    "A word of the notation's shape, legal or not."
    places = "12345678" + LETTERS[:rules.cells + 1] + "9h0"
    word = rng.choice(places) + rng.choice(places + " ").strip()
    return word + ("v%x" % rng.randrange(0, 17) if rng.random() < 0.2 else "")


def random_line(rng, rules, game, detour=False):
    """A line a player might type at game (on a detour from a plan, one
    whose moves a single undo takes back)."""
    roll, moves = rng.random(), legal(rules, game)
    def pick():
        return rng.choices([w for w, _ in moves], [k for _, k in moves])[0] if moves else "u"
    if detour:
        return rng.choice([pick, lambda: random_word(rng, rules), lambda: rng.choice(GARBAGE),
                           lambda: "board"])()
    if roll < 0.55:
        return pick()
    if roll < 0.65:
        return " ".join([pick()] + [rng.choice(["u", random_word(rng, rules)])
                                    if rng.random() < 0.2 else pick()])
    if roll < 0.80:
        return random_word(rng, rules)
    if roll < 0.85:
        return rng.choice(GARBAGE)
    if roll < 0.95:
        return rng.choice(["u", "undo", "u u"])
    if roll < 0.97:
        return "board"
    return rng.choice(["", "# a comment", pick() + "  # and a comment"])


def random_rules(rng):
    cells = rng.choice([4, 4, 4, 4, 0, 1, 2, 3, 5, 10])
    return Rules(cells, rng.random() < 0.2, rng.random() < 0.8)


def random_deal(rng):
    return rng.choice([rng.randint(1, 32000)] * 8 + [rng.randint(1, 2 ** 33 - 1), -1, -2])


def options(rules, number):
    "The command line's options for rules and deal number."
    return (["-g", str(number), "-m", "--ascii", "--cells", str(rules.cells)] +
            ["--bakers"] * rules.bakers + ["--no-autoplay"] * (not rules.autoplay))


@functools.lru_cache(maxsize=None)
def exported(number):
    "The columns of deal number as the script's --export gives them (for -1 and -2)."
    status, out, err = run_script(SCRIPT, ["-g", str(number), "--export"], [])
    return [tuple(card_named(c) for c in line.split()[1:])
            for line in out.splitlines() if line.startswith(":")]

################ The judge


def judge(seed, model=None):
    """Play game seed (a random.Random seed) against freecell.py: the Verdict,
    whose difference is None when the script answered every line as the
    model (this module, or a planted copy) predicts."""
    rules, number, lines = referee.game_lines(sys.modules[__name__], seed)
    return referee.check(sys.modules[__name__], rules, number, lines, model, seed)


def solution(rules, number):
    """The moves of the script's solution of the deal under rules, or [] when
    it finds none in 30,000 positions (the seconds allowed only a bug uses up)."""
    status, out, err = run_script(SCRIPT, options(rules, number) +
                                  ["--solve", "--max-positions", "30000", "--timeout", "600"], [])
    return [w for line in out.splitlines() if not line.startswith("#") for w in line.split()] \
        if status == 0 else []
