"""An independent referee for medici.py.

A small model of Medici written from the solitaire's public rules (the
leftmost triple folds first) and from medici.py's manual (its --help),
never from its code: the fold, the bracket notation with efficiencies, the
board of a chain being read, and the reading of lines (cards in any
notation, spread over lines, refused lines, commands).  A seeded player
types chains as a person might; the model predicts what the program
prints for each line (--brief: one line a chain checked), and the whole
session is piped into one process of the script and compared line by line
(tests/referee.py).  The order of the numbered deals is not in the
manual: for `new N` the model takes deal N's cards from the script itself
(medici.py -g N) and folds them on its own.

Where the manual does not say enough, the model does what the script was
seen to do (each a documentation finding): the words of the refusals and
of the end of input; which fault of a line is named first (words that are
no card, then a command among cards, then the first card read twice);
`new` takes the next word as its deal unless it is a command; a chain's
lines run from its first card's line to the last line that added cards,
an undo notwithstanding; the missing cards are named when six or fewer;
error lines name cards with suit symbols whatever the notation.

Glossary:
    card    0..35: rank * 4 + suit, ranks 6 7 8 9 10 J Q K A, suits C D H S
    chain   a list of cards in the order dealt
    piles   a list of lists of cards, the top card last
"""
import random
import re

import referee

RANKS = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]
NOTATIONS = {"suits": ([], RANKS, "♣♦♥♠"), "letters": (["--ascii"], RANKS, "CDHS"),
             "en": (["--notation", "en"], RANKS, "cdhs"),
             "ru": (["--notation", "ru"], RANKS[:5] + ["В", "Д", "К", "Т"], "кбчп")}
RANK_IN = dict([(r, i) for i, r in enumerate(RANKS)] + [
    ("T", 4), ("X", 4), ("Х", 4), ("В", 5), ("Д", 6), ("К", 7), ("Т", 8)])
SUIT_IN = {"C": 0, "♣": 0, "К": 0, "Т": 0, "D": 1, "♦": 1, "Б": 1,
           "H": 2, "♥": 2, "Ч": 2, "S": 3, "♠": 3, "П": 3}
COMMANDS = ("help", "?", "quit", "q", "exit", "board", "history", "undo", "u",
            "restart", "new", "hint", "solve")
MARKED = re.compile(r"(.+?)(?:!([0-9]+))?\Z")
LAST_DEAL = 8589934591


def name(card, notation="suits"):
    "card written in notation (error lines always use suits)."
    ranks, suits = NOTATIONS[notation][1:]
    return ranks[card // 4] + suits[card % 4]


def parse_card(word):
    "(card, mark or None) of word, or None when it is not a card."
    found = MARKED.match(word.upper())
    text = found.group(1)
    rank, suit = RANK_IN.get(text[:-1]), SUIT_IN.get(text[-1:])
    if rank is None or suit is None:
        return None
    return rank * 4 + suit, found.group(2) and int(found.group(2))


class Refused(Exception):
    "A line refused, with the words of the error line."


def plural(words, one, many):
    "'w: one' or 'w1, w2, ...: many' (five words named at most)."
    shown = ", ".join(words[:5]) + (", ..." if len(words) > 5 else "")
    return "%s: %s" % (shown, one if len(words) == 1 else many)


def lines_of(span):
    """'line 3' or 'lines 3-7': the lines a chain was typed on, from the line
    of its first card to the last line that added cards (an undo does not
    shorten the span: found by running the script, the manual does not say)."""
    first, last = span
    return "line %d" % first if first == last else "lines %d-%d" % (first, last)


def missing(chain):
    "'3 cards; 33 missing', or the missing cards named when six or fewer."
    gone = [c for c in range(36) if c not in chain]
    return "%d card%s; %s missing" % (len(chain), "s" * (len(chain) != 1), " ".join(
        name(c) for c in gone) if len(gone) <= 6 else len(gone))


class Model(object):
    "The fold and its notation, as the rules and the manual state them."

    def folds(self, piles):
        "Fold piles in place as far as they go, the leftmost triple first; how many folds."
        count = 0
        while True:
            for i in range(len(piles) - 2):
                left, right = piles[i][-1], piles[i + 2][-1]
                if left // 4 == right // 4 or left % 4 == right % 4:
                    piles[i] += piles.pop(i + 1)
                    count += 1
                    break
            else:
                return count

    def fold(self, chain):
        "(piles, efficiency of each card) of chain dealt card by card."
        piles, efficiencies = [], []
        for card in chain:
            piles.append([card])
            efficiencies.append(self.folds(piles))
        return piles, efficiencies

    def brackets(self, chain, notation):
        "chain in bracket notation: a group closes after each transit, marked !n."
        efficiencies, groups, group = self.fold(chain)[1], [], []
        for card, e in zip(chain, efficiencies):
            group.append(name(card, notation) + ("!%d" % e if e else ""))
            if e:
                groups.append("[%s]" % " ".join(group))
                group = []
        return "".join(groups) + (" " if groups and group else "") + " ".join(group)

    def brief(self, chain, notation, deal=None):
        "The --brief line of a chain checked."
        piles = len(self.fold(chain)[0])
        return "%s  # %s%s\n" % (self.brackets(chain, notation),
                                 "converges" if piles == 2 else "%d piles" % piles,
                                 "" if deal is None else ", deal %d" % deal)

    def board(self, chain, notation):
        "What board prints for a chain being read."
        piles = self.fold(chain)[0]
        lines = ["so far     %2d card%s: %s" % (len(chain), "s" * (len(chain) != 1),
                                               self.brackets(chain, notation))]
        lines += ["%-11s%2d: %s" % ("" if i else "piles", i + 1,
                                    " ".join(name(c, notation) for c in pile))
                  for i, pile in enumerate(piles)]
        return "\n".join(lines) + "\n"


DEALS = {}


def deal(number):
    "The cards of numbered deal number, as the script deals them (the order is not public)."
    if number not in DEALS:
        out = referee.transcript("medici", ["-g", str(number), "--brief", "--notation", "en"],
                                    [])[1]
        words = re.sub(r"[\[\]]|![0-9]+", " ", out.split("#")[0]).split()
        DEALS[number] = [parse_card(w)[0] for w in words]
    return DEALS[number]


class Session(object):
    """The program as the model sees it, fed one line at a time: the chain
    being read (its cards, the span of its lines, its marks), the chains
    checked, what each line printed, the exit status."""

    def __init__(self, model, notation):
        self.model, self.notation = model, notation
        self.chain, self.span, self.marks = [], None, {}
        self.checked, self.said, self.status, self.quit = [], [], 0, False

    def feed(self, line):
        "Add line and what the program prints for it."
        out = ""
        if not self.quit:
            try:
                out = self.read(len(self.said) + 1, line)
            except Refused as refused:
                self.status, out = 1, "medici: line %d: %s\n" % (len(self.said) + 1, refused)
        self.said.append((line, out))

    def read(self, number, line):
        "What line number prints, the session changed; or Refused, the session as it was."
        words = re.sub(r"[\[\]<>]", " ", line.split("#")[0]).split()
        cards, commands, bad, i = [], [], [], 0
        while i < len(words):
            word, low = words[i], words[i].lower()
            if low in COMMANDS:
                argument = low == "new" and i + 1 < len(words) and \
                    words[i + 1].lower() not in COMMANDS
                commands.append((word, words[i + 1] if argument else None))
                i += argument
            elif parse_card(word):
                cards.append((word, parse_card(word)))
            else:
                bad.append(word)
            i += 1
        if cards:
            return self.cards(number, cards, commands, bad)
        if bad:
            raise Refused(plural(bad, "not a card or a command (help lists them)",
                                 "not cards or commands (help lists them)"))
        return self.commands(commands)

    def cards(self, number, cards, commands, bad):
        "What a line of cards prints."
        if bad:
            raise Refused(plural(bad, "not a card", "not cards"))
        if commands:
            raise Refused("%s: a command goes on a line of its own, without cards" % commands[0][0])
        whole = len(cards) == 36
        seen = []
        for _, (card, _) in cards:
            if card in seen:
                raise Refused("%s: twice on this line" % name(card))
            if card in self.chain and not whole:
                raise Refused("%s: already in the chain being read" % name(card))
            seen.append(card)
        out = ""
        if whole and self.chain:
            self.status = 1
            out = "medici: %s: %s\n" % (lines_of(self.span), missing(self.chain))
            self.chain = []
        self.span = (self.span[0] if self.chain else number, number)
        for _, (card, mark) in cards:
            self.chain.append(card)
            if mark is not None:
                self.marks[card] = mark
        if len(self.chain) == 36:
            out += self.check()
        return out

    def check(self):
        "Check the chain read: its marks, then its line."
        chain, notation = self.chain, self.notation
        efficiencies = dict(zip(chain, self.model.fold(chain)[1]))
        wrong = [c for c in chain if c in self.marks and self.marks[c] != efficiencies[c]]
        out = ""
        if wrong:
            self.status = 1
            out = "medici: %s: its marks %s differ from this check's efficiencies: %s\n" % (
                lines_of(self.span), " ".join("%s!%d" % (name(c), self.marks[c]) for c in wrong),
                " ".join("%s!%d" % (name(c), efficiencies[c]) for c in wrong))
        self.checked.append(self.model.brief(chain, notation))
        self.chain, self.marks = [], {}
        return out + self.checked[-1]

    def commands(self, commands):
        "What a line of commands prints; all or nothing."
        saved = self.chain[:], self.span, dict(self.marks), self.checked[:]
        out = []
        try:
            for word, argument in commands:
                out.append(self.command(word.lower(), word, argument))
                if self.quit:
                    break
        except Refused:
            self.chain, self.span, self.marks, self.checked = saved
            self.quit = False
            raise
        return "".join(out)

    def command(self, low, word, argument):
        "What one command prints."
        if low == "board":
            if self.chain:
                return self.model.board(self.chain, self.notation)
            return self.checked[-1] if self.checked else \
                "No chain yet: type the cards of one, or new.\n"
        if low == "history":
            return "# medici.py\n" + "".join(self.checked)
        if low in ("u", "undo"):
            if not self.chain:
                raise Refused("%s: nothing to undo" % word)
            self.marks.pop(self.chain.pop(), None)
            return ""
        if low == "restart":
            self.chain, self.marks = [], {}
            return ""
        if low in ("quit", "q", "exit"):
            self.quit = True
            return ""
        if low == "new" and argument is not None:
            if not argument.isdigit() or int(argument) > LAST_DEAL:
                raise Refused("%s: no such deal (deals are 0..%d)" % (argument, LAST_DEAL))
            self.chain, self.marks = [], {}
            self.checked.append(self.model.brief(deal(int(argument)), self.notation,
                                                 int(argument)))
            return self.checked[-1]
        raise ValueError("the player does not type %s" % word)

    def prediction(self):
        "(lines and what each prints, what the end of input prints, exit status)."
        if self.chain and not self.quit:
            return self.said, "medici: %s: the input ends inside a chain: %s\n" % (
                lines_of(self.span), missing(self.chain)), 1
        return self.said, "", self.status

################ A player who types


def spelled(rng, card):
    "card as a person might type it: Qd, QD, Q♦, Дб, 10h, Th, X♥."
    notation = rng.choice(["en", "en", "letters", "suits", "ru"])
    text = name(card, notation)
    if card // 4 == 4 and rng.random() < 0.3:
        text = rng.choice(["T", "X", "t"]) + text[2:]
    return text.lower() if rng.random() < 0.2 else text


def converging(rng, model):
    "A random chain that converges (about one in 131 does)."
    while True:
        chain = random_chain(rng)
        if len(model.fold(chain)[0]) == 2:
            return chain


def random_chain(rng):
    chain = list(range(36))
    rng.shuffle(chain)
    return chain


def typed_extra(rng, state, rest):
    "A line besides the next cards: a command, a mistake or a comment."
    chain, roll = state.chain, rng.random()
    choices = [
        (0.2, lambda: "board"),
        (0.35, lambda: rng.choice(["u", "undo"])),
        (0.42, lambda: "history"),
        (0.55, lambda: " ".join([spelled(rng, rest[0]), rng.choice(["11h", "x", "Qz", "1c", "10"])])),
        (0.65, lambda: " ".join(spelled(rng, c) for c in [rest[0]] + rng.sample(chain or rest, 1))),
        (0.7, lambda: "%s %s" % (spelled(rng, rest[0]), rng.choice(["undo", "board"]))),
        (0.75, lambda: rng.choice(["board x", "new x", "new 99999999999", "hello"])),
        (0.85, lambda: rng.choice(["", "# a comment", "[ ]"])),
        (0.9, lambda: "restart"),
        (0.95, lambda: "new %d" % rng.choice([1, 5, 617])),
        (1.0, lambda: " ".join(spelled(rng, c) for c in random_chain(rng))),
    ]
    return next(make for limit, make in choices if roll < limit)()


def typed_chain(rng, state, chain, model):
    "Type chain into state: whole in bracket notation, or a few cards a line among extras."
    if rng.random() < 0.2 and not state.chain:
        line = model.brackets(chain, rng.choice(["suits", "letters", "en", "ru"]))
        if rng.random() < 0.3:
            line = re.sub(r"!([0-9]+)", lambda m: "!%d" % (int(m.group(1)) + 1), line, count=1)
        return state.feed(line)
    while len(state.chain) < 36:
        rest = [c for c in chain if c not in state.chain]   # all of it again after a restart
        if rng.random() < 0.02:
            return          # given up: the next chain starts where this one stops
        if rng.random() < 0.25:
            state.feed(typed_extra(rng, state, rest))
        else:
            state.feed(" ".join(spelled(rng, c) for c in rest[:rng.randint(1, 12)]))


def session(seed, model=None):
    "(command line, Session) of seeded session seed, predicted by model."
    rng, model = random.Random(seed), model or Model()
    notation = rng.choice(["suits", "letters", "en", "ru"])
    state = Session(model, notation)
    for _ in range(rng.randint(1, 3)):
        chain = converging(rng, model) if rng.random() < 0.3 else random_chain(rng)
        typed_chain(rng, state, chain, model)
    if rng.random() < 0.2:
        state.feed(rng.choice(["board", "history"]))
        state.feed("quit")
        state.feed("7c")
    return ["--brief", "-m"] + NOTATIONS[notation][0], state


def sessions(seeds, model=None):
    """Play the seeded sessions; the first disagreement, or a line that
    counts the sessions, lines, chains checked and refusals that agreed."""
    games = lines = chains = refused = 0
    for seed in seeds:
        args, state = session(seed, model)
        found = referee.disagreement("medici", args, state.prediction())
        if found:
            return "seed %d disagrees:\n%s" % (seed, found)
        games, lines, chains = games + 1, lines + len(state.said), chains + len(state.checked)
        refused += sum(out.startswith("medici:") for _, out in state.said)
    return "%d sessions, %d lines (%d chains checked, %d refused): no disagreement" % (
        games, lines, chains, refused)


def judge(lines, notation="en", model=None):
    "Print what the model predicts for lines, and whether medici.py --brief agrees."
    args = ["--brief", "-m"] + NOTATIONS[notation][0]
    referee.judge("medici", args, Session(model or Model(), notation), lines)
