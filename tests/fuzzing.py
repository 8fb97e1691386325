"""The fuzzing of the scripts' command loops (tests/robustness.txt, and
`python3 tests/bench.py --fuzz`): a standard input that makes up each line
when the command loop asks for it, from the game as it stands, and checks
what the line before did; the noise every game gets; and for each game
the lines it is given and the invariants its state must keep.

    campaign(FreeCell(), 1)     # prints the counts and the first problems

Standard library only, Python 3.6 or newer; it imports the four scripts,
which must be on the module path (tests/run.py puts them there).
"""
import io
import os
import random
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

import freecell  # noqa: E402
import klondike  # noqa: E402
import medici  # noqa: E402
import pousse  # noqa: E402


################ The standard input that makes up its lines, and the campaigns


class Feed(object):
    """A standard input whose lines game.line() makes up when the command
    loop asks for them; each line is checked when the next one is asked for."""

    def __init__(self, game, rand, count, err):
        self.game, self.rand, self.count, self.err = game, rand, count, err
        self.number, self.data, self.expect, self.seen = 0, b"", None, 0
        self.named = {}          # input line -> error lines ending there
        self.problems = []
        self.state = None

    def watch(self, state):
        "The script's per-line hook: the game before each line is read."
        self.state = state

    def readline(self):
        if self.number:
            self.look(self.state)
        if self.number == self.count:
            return b""
        self.number += 1
        self.data, self.expect = self.game.line(self.rand, self.state, self.number)
        return self.data

    def problem(self, text):
        self.problems.append("line %d: %s" % (self.number, text))

    def look(self, state):
        "Check the line just run: its error lines, what it should have done, the game."
        errors = self.errors()
        refused = self.number in self.named
        if self.expect == "accept" and refused:
            self.problem("a legal line was refused: %r: %s" % (self.data[:80], errors[-1]))
        if self.expect == "reject" and not refused:
            self.problem("a bad line was accepted: %r" % self.data[:80])
        for fault in self.game.check(state):
            self.problem(fault)

    def errors(self):
        "The error lines written since the last look, checked."
        text = self.err.getvalue()
        new, self.seen = text[self.seen:].splitlines(), len(text)
        for line in new:
            if len(line) > 500:
                self.problem("an error line of %d characters: %r" % (len(line), line[:60]))
            m = re.match(r"%s: lines? (\d+)(?:-(\d+))?: " % self.game.prog, line)
            first = int(m.group(1)) if m else 0
            last = int(m.group(2) or first) if m else 0
            if not m or not first <= last <= self.number:
                self.problem("an error line that names no line read: %r" % line[:80])
                continue
            if not self.game.ranges and first != self.number:
                self.problem("an error line for another line: %r" % line[:80])
            self.named[last] = self.named.get(last, 0) + 1
            if self.named[last] == 2:
                self.problem("two error lines for line %d: %r" % (last, line[:80]))
        return new


def fuzz(game, argv, rand, count):
    "Run the game's main(argv) on count made-up lines: (lines, rejected, problems)."
    out, err = io.StringIO(), io.StringIO()
    feed = Feed(game, rand, count, err)
    try:
        status = game.module.main(argv, feed, out, err, feed.watch)
    except Exception as e:
        status = None
        feed.problem("%s escaped: %s" % (type(e).__name__, e))
    feed.errors()
    if status != (1 if err.getvalue() else 0):
        feed.problem("exit status %s after %d error lines" % (status, len(feed.named)))
    if feed.number != count:
        feed.problem("the game stopped reading after %r" % feed.data[:80])
    if "\033" in out.getvalue() and "-m" in argv:
        feed.problem("an escape code in monochrome output")
    return feed.number, len(feed.named), feed.problems


def campaign(game, seed, quiet=False):
    """Fuzz game with game.lines lines from seed, shared out among its
    option sets; print the first problems and the counts."""
    rand = random.Random(seed)
    lines = rejected = 0
    problems = []
    unwatch = game.watch() if hasattr(game, "watch") else None
    try:
        for argv in game.options:
            game.argv = argv
            n, r, p = fuzz(game, list(argv), rand, game.lines // len(game.options))
            lines, rejected = lines + n, rejected + r
            problems += ["seed %d, %s: %s" % (seed, " ".join(argv), text) for text in p]
    finally:
        if unwatch:
            unwatch()
    if not quiet:
        for text in problems[:5]:
            print(text)
        print("%s: lines %d, accepted %d, rejected %d, violations: %d"
              % (game.prog, lines, lines - rejected, rejected, len(problems)))
        if not 0.15 < rejected / float(lines) < 0.85:
            print("too few lines %s: the fuzzing is one-sided"
                  % ("rejected" if rejected < lines / 2.0 else "accepted"))
    return lines, rejected, problems

################ The noise every game gets
## Only the words that end the game or deal at random are never typed, so
## every run reads all its lines and stays the same from run to run.

BOM = b"\xef\xbb\xbf"

QUITS = ("q", "quit", "exit", "new")

ODD = ["\x00", "\x07", "\x08", "\t", "\x0b", "\x0c", "\x1b[31m", "\x1c", "\x7f", "\x85",
       "\xa0", "\u00e9", "\u00b2", "\u0663", "\uff16", "\u2028", "\u200b", "\ufeff",
       "\u2663", "\u2665", "\U0001F0A1", "\ufffd", "#", ",", "(", ")", "!", "-", "+", "%s"]

SIGNS = "abcdefghklmnopqrstuvwxyzABCDHSTJQKX0123456789-+!?.,;:()[]<>*/\\'\""


def quits(text):
    "Whether text holds a word that would end the game or deal at random."
    return any(word in QUITS for word in re.split(r"[\s,()]+", text.split("#")[0].lower()))


def junk(rand):
    "A made-up token."
    r = rand.random()
    if r < 0.5:
        word = "".join(rand.choice(SIGNS) for _ in range(rand.randint(1, 6)))
    elif r < 0.7:
        word = rand.choice(["", "-", "+", "0"]) + str(rand.choice(
            [0, 1, 7, 9, 10, 99, 2**31, 2**33, 2**64, 10**30]))
    elif r < 0.75:
        word = "9" * rand.choice([25, 300, 5000])
    else:
        word = "".join(rand.choice(ODD + list(SIGNS)) for _ in range(rand.randint(1, 4)))
    return "x" if quits(word) else word


def dress(rand, words, number, sep=" "):
    "The bytes of a line of words, as a pipe may bring them."
    text = sep.join(words)
    r = rand.random()
    if r < 0.1:
        text = "\t" + text.replace(" ", "  \t") + "  "
    elif r < 0.2:
        text += "  # " + junk(rand)
    data = text.encode("utf-8")
    if b"#" in data and rand.random() < 0.5:
        data += b"\xff\xfe\xc3(\x80"
    if rand.random() < 0.15:
        data += b"\r"
    if number == 1 and rand.random() < 0.5:
        data = BOM + data
    return data + b"\n"


def garbage(rand):
    "A line of bytes that is no command, or a blank one."
    r = rand.random()
    if r < 0.3:
        data = bytes(rand.randrange(256) for _ in range(rand.randint(1, 40))).replace(b"\n", b"")
    elif r < 0.4:
        data = rand.choice([b"x", b"\xff", b"7", b"\x00", "\u2663".encode()]) * rand.choice(
            [1000, 20000, 100000])
    elif r < 0.6:
        data = rand.choice([b"", b"   \t \r"])
    elif r < 0.7:
        data = BOM
    else:
        data = " ".join(junk(rand) for _ in range(rand.randint(1, 4))).encode("utf-8")
    return (b"#" + data if quits(data.decode("utf-8", "replace")) else data) + b"\n"

################ Each game's lines and invariants


class FreeCell(object):
    "FreeCell's lines and invariants."
    prog, module, ranges, lines = "freecell", freecell, False, 1000
    options = [(argv + ("--max-positions", "300")) for argv in [
        ("-g", "1", "-m"), ("-g", "617", "--cells", "2", "--bakers", "-m"),
        ("-g", "11982", "--no-autoplay", "--snx", "-q"),
        ("-g", "-1", "--cells", "0", "--color=always", "--ascii"),
        ("-g", "8589934591", "--cells", "10", "-m")]]

    def __init__(self):
        self.known = []      # (entry of the moves done, position after it), checked
        self.predicted = None

    def moves(self, game):
        "Every legal move over the position in standard notation (none once it is won)."
        pos = game.pos
        if freecell.won(pos):
            return []
        legal = []
        for s, _ in freecell.exposed(pos):
            for t in freecell.COLUMNS + freecell.CELLS[:len(pos[0])] + "h":
                try:
                    move = freecell.resolve(pos, (s, t, None), game.bakers)
                except freecell.Illegal:
                    continue
                if t == "h":
                    legal += [s + "h", s + "0", s]
                elif s in freecell.COLUMNS and t in freecell.COLUMNS:
                    legal += [s + t, "%s%sv%x" % (s, t, move[2])]
                else:
                    legal.append(s + t)
        return legal

    def near_miss(self, rand, game):
        "A move the rules refuse here, tried at random (None if ten tries found none)."
        pos = game.pos
        places = freecell.COLUMNS + freecell.CELLS[:len(pos[0])]
        for _ in range(10):
            s, t = rand.choice(places), rand.choice(places + "h")
            try:
                if s != t:
                    freecell.resolve(pos, (s, t, None), game.bakers)
            except freecell.Illegal:
                return s + t
        return None

    def line(self, rand, state, number):
        "(bytes of a line, 'accept', 'reject' or None when it cannot be told)."
        game = state        # a Game, which a line does not change: the line is tried on it
        words, expect = [], "accept"
        for _ in range(rand.choice([1, 1, 1, 2, 3, 8])):
            r = rand.random()
            legal = self.moves(game) if r < 0.7 else ()
            miss = self.near_miss(rand, game) if 0.7 <= r < 0.8 else None
            if legal:
                word = rand.choice(legal)
                game, _ = freecell.play_move(game, word)
            elif miss:
                word, expect = miss, "reject"
            elif r < 0.88:
                word = rand.choice(["u", "undo", "board", "history", "help", "export", "restart"])
                if word in ("u", "undo") and not game.done:
                    expect = "reject"
                elif word in ("u", "undo"):
                    game, _ = freecell.undo(game)
                elif word == "restart":
                    game = freecell.restart(game)
            elif r < 0.9:
                word, expect = rand.choice(["new 2", "new -2", "new 0", "new 8589934592",
                                            "new -3", "new " + "7" * 5000, "hint", "solve"]), None
            else:
                word, expect = junk(rand), None
            words.append(word if rand.random() < 0.9 else word.upper())
            if expect != "accept":
                break
        self.predicted = None
        if rand.random() < 0.1:
            return garbage(rand), None
        if expect == "reject":      # a line is all or nothing: the game as it was
            self.predicted = state
        elif expect:
            self.predicted = game
        return dress(rand, words, number), expect

    def check(self, state):
        """The game the line was foreseen to make, if it was (all of it: the
        position, the moves done, the deal, the rules, the title); every card
        once; the moves done replay one by one from the start to the position
        (those checked after an earlier line are not checked again)."""
        game = state
        if self.predicted not in (None, game):
            yield "not the game the line makes"
        try:
            freecell.check_cards(game.pos)
        except ValueError as e:
            yield "cards: %s" % e
        done, known = game.done, self.known
        same = 0
        while same < min(len(done), len(known)) and done[same] is known[same][0]:
            same += 1
        del known[same:]
        pos = known[-1][1] if known else game.start
        for entry in done[same:]:
            text, before, home = entry
            if before != pos:
                yield "the moves done do not follow each other at %s" % text
            again = freecell.new_game(before, "", game.bakers, game.autoplay)
            try:
                again, _ = freecell.play_move(again, text)
            except freecell.Illegal as e:
                yield "%s, among the moves done, is illegal: %s" % (text, e)
                return
            pos = again.pos
            known.append((entry, pos))
        if pos != game.pos:
            yield "the moves done do not replay to the position"


class Klondike(object):
    "Klondike's lines and invariants."
    prog, module, ranges, lines = "klondike", klondike, False, 2000
    options = [("-g", "1", "-m"), ("-g", "101", "--draw", "1", "--scoring", "vegas", "-m"),
               ("-g", "7", "--passes", "2", "--autoplay", "-q", "-m"),
               ("-g", "8589934591", "--scoring", "none", "--color=always", "--ascii")]

    def __init__(self):
        self.known = []      # (entry of the past, game after it), checked
        self.predicted = None

    def line(self, rand, state, number):
        "(bytes of a line, 'accept', 'reject' or None when it cannot be told)."
        session = state
        game, solver = session.game, rand.random() < 0.3
        words, expect = [], "accept"
        for _ in range(rand.choice([1, 1, 1, 2, 3, 6])):
            legal = klondike.moves(game)
            r = rand.random()
            if r < 0.6 and legal and not klondike.won(game):
                m = rand.choice(legal)
                words.append(klondike.ks_notation(game, [m]) if solver
                             else klondike.notation(game, m))
                game = klondike.move(game, m)
                for m in (klondike.autoplay(game) if session.autoplay else []):
                    game = klondike.move(game, m)
            elif r < 0.75:
                word = self.near_miss(rand, game, solver)
                expect = expect and ("reject" if word else None)
                words.append(word or junk(rand))
                if word:
                    break
            elif r < 0.85:
                words.append(rand.choice(["t", "turn", "u", "undo", "auto", "history",
                                          "history ks", "help", "?", "restart", "new 5", "new 0",
                                          "new 8589934592", "new " + "9" * 5000]))
                expect = None
            else:
                words.append(junk(rand))
                expect = None
        tokens = " ".join(words).split()
        if solver and len(tokens) > 1 and all(klondike.parse_card(w) is not None for w in tokens):
            expect = None       # 5C 5D 6C: with no word only Klondike-Solver writes, 5D 6C is ours
        self.predicted = None
        if rand.random() < 0.1:
            return garbage(rand), None
        if expect and words:      # a line is taken whole or not at all
            self.predicted = game if expect == "accept" else session.game
        sep = " " if solver else rand.choice([", ", " , ", ","])
        return dress(rand, words or ["t"], number, sep), expect if words else None

    def near_miss(self, rand, game, solver):
        """A card named onto a card or a pile it may not go to (None when the
        pick is legal after all, or could read as Klondike-Solver's move)."""
        card = rand.randrange(52)
        if klondike.RANK[card] == klondike.KING:
            return None
        onto = rand.choice(klondike.ONTO[card])
        pile = rand.choice([None, None, 0, 1, 7, 8, 99])
        (source, at), (target, _) = [next((p, cards.index(c)) for p, cards in enumerate(game.piles)
                                          if c in cards) for c in (card, onto)]
        if pile is not None:
            target = klondike.TABLEAU[pile - 1] if 1 <= pile <= 7 else None
        if (source, target, len(game.piles[source]) - at) in klondike.moves(game):
            return None
        if solver and (klondike.is_ks(klondike.NAME[card]) or klondike.is_ks(klondike.NAME[onto])):
            return None
        return "%s %s" % (klondike.NAME[card], klondike.NAME[onto] if pile is None else pile)

    def check(self, state):
        """The game the line was foreseen to make, if it was (the same game
        after a rejected line); every card once; face-down cards only under a
        face-up one; the foundations in order; the past replays, every move
        in it legal."""
        session = state
        game = session.game
        if self.predicted not in (None, game):
            yield "not the game the line makes"
        if sorted(c for pile in game.piles for c in pile) != list(range(52)):
            yield "cards: not the 52 once each"
        for p, pile in enumerate(game.piles):
            if game.down[p] and game.down[p] >= len(pile):
                yield "pile %d: %d cards, %d face down" % (p, len(pile), game.down[p])
        for f in klondike.FOUNDATIONS:
            if list(game.piles[f]) != [r * 4 + f - 2 for r in range(len(game.piles[f]))]:
                yield "foundation %d out of order" % f
        known, same, past = self.known, 0, klondike.entries(session.past)
        while same < min(len(past), len(known)) and past[same] is known[same][0]:
            same += 1
        del known[same:]
        g = known[-1][1] if known else session.start
        for entry in past[same:]:
            before, made = entry
            if before != g:
                yield "the past does not follow on"
            for m in made:
                if m not in klondike.moves(g):
                    yield "an illegal move in the past: %s" % (m,)
                g = klondike.move(g, m)
            known.append((entry, g))
        if g != game:
            yield "the past does not replay to the game"


class Pousse(object):
    "Pousse's lines and invariants."
    prog, module, ranges, lines = "pousse", pousse, False, 2000
    options = [("--machine", "none", "-m"), ("-n", "3", "--machine", "none"),
               ("-n", "20", "--machine", "none", "--color=always"),
               ("-n", "4", "--machine", "O", "--level", "easy", "--seed", "7", "-m"),
               ("-n", "5", "--machine", "X", "--level", "strong", "--depth", "2", "--seed", "1")]

    def __init__(self):
        self.again = None    # the game's moves replayed, kept from line to line
        self.predicted = None

    def line(self, rand, state, number):
        "(bytes of a line, 'accept', 'reject' or None when it cannot be told)."
        n, humans = state.game.n, "none" in self.argv
        game = state.game                   # to try the line on: a move makes another Game
        words, expect = [], "accept"
        moved = bool(game.moves)    # a size after a move is refused, unless undone
        for _ in range(rand.choice([1, 1, 1, 2, 4, 10])):
            r = rand.random()
            if game.result and r < 0.3:
                r = 0.85        # an undo, more often once the game is over
            if r < 0.6:
                if game.result or (words and not humans):
                    expect = "reject" if game.result else None
                words.append(rand.choice(pousse.move_names(game.n)))
                moved = True
                if not game.result:
                    game = game.play(pousse.parse_move(game.n, words[-1]))
            elif r < 0.7:
                words.append(rand.choice(["L0", "R%d" % (n + 1), "T99", "X3", "L", "3L", "L-1",
                                          "B+1", "T2.0", "LL3", "R\u0663", "l\uff13"]))
                expect = "reject"
            elif r < 0.8:
                size = rand.choice([3, 6, 20, 2, 21, 0, n])
                words.append(rand.choice(["%d", "0%d", "(%d"]) % size)
                if size not in pousse.SIZES or moved or game.moves:
                    expect = "reject"
                elif size != game.n:
                    game = pousse.Game(size)
            elif r < 0.9:
                word = rand.choice(["u", "undo", "U", "history", "help", "?", "HELP"])
                words.append(word)
                moved = moved and word.lower() not in ("u", "undo")
                if word.lower() in ("u", "undo") and not game.moves:
                    expect = "reject"
                elif word.lower() in ("u", "undo") and humans:
                    game = game.undo()
                elif word.lower() in ("u", "undo"):
                    expect = None
            else:
                words.append(junk(rand))
                expect = None
            if expect != "accept":
                break
        self.predicted = None
        if rand.random() < 0.1:
            return garbage(rand), None
        if expect == "accept" and humans:
            self.predicted = game.n, game.moves
        elif expect == "reject":       # a bad word: nothing of the line is done
            self.predicted = n, state.game.moves
        return dress(rand, words, number), expect

    def check(self, state):
        """The size and moves the line was foreseen to make, if it was; a
        board of N x N cells, X's tokens apart from O's; the boards, position
        keys and result those of the moves replayed, and no move after the
        end (the replay is kept, and undone only as far as the moves changed)."""
        game = state.game
        n = game.n
        if self.predicted not in (None, (n, game.moves)):
            yield "not the game the line makes"
        if not len(game.boards) == len(game.keys) == len(game.moves) + 1:
            yield "%d boards, %d keys, %d moves" % (len(game.boards), len(game.keys),
                                                    len(game.moves))
        x, o = game.board()
        if x & o or (x | o) >> (n * n):
            yield "the board is not %d x %d with X and O apart" % (n, n)
        again = self.again
        if again is None or again.n != n:
            again = pousse.Game(n)
        same = 0
        while same < min(len(again.moves), len(game.moves)) and again.moves[same] == game.moves[same]:
            same += 1
        while len(again.moves) > same:
            again = again.undo()
        for move in game.moves[same:]:
            if again.result:
                yield "a move after the end: %s" % pousse.record(game)
                break
            again = again.play(move)
        self.again = again
        if (again.moves, again.boards, again.keys, again.result) != \
                (game.moves, game.boards, game.keys, game.result):
            yield "the moves do not replay to the game: %s" % pousse.record(game)


class Medici(object):
    "Medici's lines and invariants."
    prog, module, ranges, lines = "medici", medici, True, 2000
    options = [("--brief",), ("-m", "--notation", "ru"),
               ("--trace", "--rule", "rightmost", "--ascii"), ("--color=always", "--notation", "en")]
    RANKS = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    RU = ["6", "7", "8", "9", "10", "\u0412", "\u0414", "\u041a", "\u0422"]

    def __init__(self):
        self.faults, self.folded, self.board = [], 0, False

    def watch(self):
        "Check every chain medici.fold() folds; return what undoes the watch."
        real = medici.fold

        def fold(chain, rule="leftmost"):
            layout = real(chain, rule)
            self.folded += 1
            if sorted(chain) != medici.DECK and (len(chain) >= 36 or not self.board):
                self.faults.append("a chain of %d cards was folded" % len(chain))
            if sorted(c for pile in layout.piles for c in pile) != sorted(chain):
                self.faults.append("the piles do not hold the 36 cards")
            if medici.PILE_COUNT[rule]([medici.BITS[c] for c in chain]) != len(layout.piles):
                self.faults.append("fold() and the fast count disagree")
            return layout
        medici.fold = fold
        return lambda: setattr(medici, "fold", real)

    def name(self, rand, card, mark=None):
        "A card in one of the notations Medici reads, marked !mark if given."
        rank, suit, style = card // 4, card % 4, rand.randrange(4)
        r = (self.RU if style == 3 else self.RANKS)[rank]
        if r == "10" and rand.random() < 0.5:
            r = rand.choice("TXx")
        word = r + ("CDHS", "\u2663\u2666\u2665\u2660", "cdhs", "\u041a\u0411\u0427\u041f")[style][suit]
        return word + ("" if mark is None else "!%d" % mark)

    def line(self, rand, state, number):
        """(bytes of a line, 'accept', 'reject' or None when it cannot be told),
        state being the command loop's (a medici.Reading)."""
        pending = state.pending
        r = rand.random()
        cards = list(medici.DECK)
        rand.shuffle(cards)
        expect, self.kept = None, None
        self.board = False
        if r < 0.08:
            word = rand.choice(["u", "undo", "restart", "board", "history", "help", "?",
                                "new %d" % rand.randrange(1000)])
            self.board = word == "board"
            if rand.random() < 0.3:
                return dress(rand, [self.name(rand, cards[0]), word], number), "reject"
            if word in ("u", "undo"):
                return dress(rand, [word], number), "accept" if pending else "reject"
            return dress(rand, [word], number), None if self.board else "accept"
        self.kept = None
        if r < 0.15:
            if r < 0.1:
                i, j = rand.sample(range(36), 2)
                cards[i] = cards[j]
            else:
                del cards[rand.randrange(36)]
            expect = "reject" if r < 0.1 or set(cards) & set(pending) else "accept"
        elif r < 0.5:
            cards = cards[:rand.randrange(1, 36)]
            expect = "reject" if set(cards) & set(pending) else "accept"
        elif r < 0.6:
            return garbage(rand), None
        elif r < 0.7:
            return dress(rand, [junk(rand) for _ in range(3)], number), None
        else:
            expect = "accept" if not pending else None
            rule = "rightmost" if "rightmost" in self.argv else "leftmost"
            found = dict(zip(cards, medici.fold(cards, rule).efficiency))
            marks = {c: rand.choice([found[c], rand.randrange(12)])
                     for c in cards if rand.random() < 0.1}
            if any(marks[c] != found[c] for c in marks) and not pending:
                expect = "reject"   # named, but checked: nothing is kept
            return self.chain(rand, [self.name(rand, c, marks.get(c)) for c in cards],
                              number), expect
        if expect == "reject":      # a card twice: the state stays, chain being read and all
            self.kept = state
        return self.chain(rand, [self.name(rand, c) for c in cards], number), expect

    def chain(self, rand, words, number):
        "The bytes of a line of cards, some in brackets."
        if rand.random() < 0.3:
            i = rand.randrange(len(words))
            words[i] = "[" + words[i]
            words[-1] += "]"
        return dress(rand, words, number, rand.choice([" ", ", ", "]["]))

    def check(self, state):
        """No whole chain left waiting, and no card twice in the one being read;
        a refused line left the state as it was (the chain being read, the
        chains checked and all); every chain folded was right."""
        pending = state.pending
        if len(pending) >= 36 or len(set(pending)) != len(pending):
            yield "%d cards waiting, %d distinct" % (len(pending), len(set(pending)))
        if not set(card for card, n in state.marks) <= set(pending):
            yield "a mark kept for a card not waiting"
        if self.kept is not None and state != self.kept:
            yield "a refused line changed the state"
        for fault in self.faults:
            yield fault
        del self.faults[:]
