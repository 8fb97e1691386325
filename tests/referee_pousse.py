"""An independent referee for pousse.py.

A small model of Pousse written from the rules of the ICFP 1998 contest
and from pousse.py's manual (its --help), never from its code: the rules,
the board as the manual's examples print it, and the command loop of two
humans (--machine none).  A seeded player types lines a person might type
(moves in the contest's notation, several on a line, lower case, lines out
of range, garbage, moves after the end, undo, board, history, a size,
restart, new, records, comments); the model predicts what the program
prints for each, and the whole session is piped into one process of the
script and compared line by line (tests/referee.py).

Where the manual does not say enough, the model does what the script was
seen to do (each a documentation finding): the words of the refusals and
of the end of a game ("X wins at move 8: 1 straight to 0, made by O's
move."); the `moves:` line shows the last 16 moves after "... "; L03 is
L3; a record's parentheses may be left open or out; a size equal to the
board's prints nothing; the first board comes with the first line done
(after the refusals of earlier lines), sized by its size word; when a line
has several faults, a word the line cannot hold at all (garbage, out of
range, a size after a move) is named before a move after the end or an
undo with nothing to undo, which the rest of the line may make good.

Glossary:
    n       the board's size; the sessions use 3 to 9 (from 10 on the edge
            labels are wider)
    board   a string of n*n characters '.', 'X', 'O', row by row from the top
    move    'L3': an edge, L R T or B, and a row or column, 1..n
    Game    (n, moves, boards, end): boards[i] is the board after i moves,
            end None or the line that says who won
"""
import collections
import os
import random
import re

import referee

Game = collections.namedtuple("Game", "n moves boards end")
MOVE = re.compile(r"([LRTB])([0-9]+)\Z", re.IGNORECASE)
SIZE = re.compile(r"[0-9]+\Z")
NOT_A_WORD = ("not a move or command (help lists them); "
              "a move is L, R, T or B and a number, e.g. L3")


class Refused(Exception):
    "A word refused: hard refusals stop the line at once, soft ones wait for a hard one."
    def __init__(self, word, why, hard=True):
        Exception.__init__(self, word, why)
        self.word, self.why, self.hard = word, why, hard


class Model(object):
    "Pousse's rules, board and command loop, as the contest and the manual state them."

    ################ The rules

    def fresh(self, n):
        "An empty n x n game, X to move."
        return Game(n, (), ("." * (n * n),), None)

    def lane(self, n, move):
        "The cells of move's line, from the edge where the token enters."
        edge, k = move[0], int(move[1:]) - 1
        cells = [k * n + c for c in range(n)] if edge in "LR" else [r * n + k for r in range(n)]
        return cells[::-1] if edge in "RB" else cells

    def push(self, board, n, move, token):
        "board after token enters at move's edge, pushing up to the first empty cell."
        cells = self.lane(n, move)
        line = [board[i] for i in cells]
        gap = line.index(".") if "." in line else n - 1    # a full line loses its far end
        line = [token] + line[:gap] + line[gap + 1:]
        new = list(board)
        for i, c in zip(cells, line):
            new[i] = c
        return "".join(new)

    def straights(self, board, n):
        "{'X': straights of X, 'O': straights of O}."
        rows = [board[r * n:r * n + n] for r in range(n)]
        lines = rows + ["".join(col) for col in zip(*rows)]
        return {p: sum(line == p * n for line in lines) for p in "XO"}

    def repeated(self, game, board):
        "Whether board, made by the player to move, is a position that player made before."
        made = len(game.moves) + 1
        return board in [game.boards[i] for i in range(made - 2, 0, -2)]

    def play(self, game, move):
        "The game after move by the player to move, and its end if it ends."
        mover, other = ("X", "O") if len(game.moves) % 2 == 0 else ("O", "X")
        board = self.push(game.boards[-1], game.n, move, mover)
        count, at = self.straights(board, game.n), len(game.moves) + 1
        end = None
        if count["X"] != count["O"]:
            winner = max("XO", key=count.get)
            loser = "XO".replace(winner, "")
            end = "%s wins at move %d: %d straight%s to %d%s." % (
                winner, at, count[winner], "s" * (count[winner] > 1), count[loser],
                ", made by %s's move" % mover if winner != mover else "")
        elif self.repeated(game, board):
            end = "%s wins at move %d: %s repeated a position." % (other, at, mover)
        return Game(game.n, game.moves + (move,), game.boards + (board,), end)

    def undo(self, game):
        "game without its last move."
        return Game(game.n, game.moves[:-1], game.boards[:-1], None)

    ################ The display

    def header(self, n):
        return "Pousse %d x %d: two humans; X moves first.\n" % (n, n)

    def show(self, game):
        "The board with its edges, the moves and who moves or who won."
        n, board = game.n, game.boards[-1]
        last = game.moves[-1] if game.moves else None

        def label(edge, k, star):
            name = "%s%d" % (edge, k)
            return (star if name == last else " ") + name
        ends = ["   " + "".join(label(edge, c, "*") for c in range(1, n + 1)) for edge in "TB"]
        rows = [label("L", r + 1, "*") + "".join("  " + c for c in board[r * n:r * n + n])
                + " " + label("R", r + 1, "*") for r in range(n)]
        lines = [ends[0]] + rows + [ends[1]]
        if game.moves:      # the last 16 moves (found by running the script)
            lines.append("moves: " + "... " * (len(game.moves) > 16) + " ".join(game.moves[-16:]))
        lines.append(game.end or "%s to move." % "XO"[len(game.moves) % 2])
        return "\n".join(lines) + "\n"

    def history(self, game):
        return "# pousse.py --machine none\n(%d%s)\n" % (
            game.n, "".join(" " + m for m in game.moves))

    ################ The command loop

    def words(self, line):
        "The words of line, each without the parentheses of a record."
        words = [w[:-1] if w.endswith(")") else w for w in line.split("#")[0].split()]
        return [w for w in (w[1:] if w.startswith("(") else w for w in words) if w]

    def step(self, game, words):
        """(game after words, what they print, whether they quit), or Refused:
        the first hard refusal, else the first soft one."""
        out, soft, i = [], None, 0
        while i < len(words):
            word, low = words[i], words[i].lower()
            i += 1
            move = MOVE.match(word)
            if low in ("u", "undo"):
                if not game.moves:
                    soft = soft or Refused(word, "nothing to undo", False)
                    continue
                game = self.undo(game)
                out.append(self.show(game))
            elif low == "board":
                out.append(self.show(game))
            elif low == "history":
                out.append(self.history(game))
            elif low == "restart":
                game = self.fresh(game.n)
                out.append(self.show(game))
            elif low == "new":
                n = game.n
                if i < len(words) and SIZE.match(words[i]):
                    n = self.size(words[i])
                    i += 1
                game = self.fresh(n)
                out.append(self.header(n) + self.show(game))
            elif low in ("quit", "q", "exit"):
                if soft:
                    raise soft
                return game, "".join(out), True
            elif SIZE.match(word):
                n = self.size(word)
                if game.moves:
                    raise Refused(word, "a board size can come only before the first move "
                                  "(new %s, on the same line, starts a new game)" % word)
                if n != game.n:
                    game = self.fresh(n)
                    out.append(self.show(game))
            elif move:
                k = int(move.group(2))
                if not 1 <= k <= game.n:
                    raise Refused(word, "no %s %d on a %d x %d board" % (
                        "row" if low[0] in "lr" else "column", k, game.n, game.n))
                if game.end:
                    soft = soft or Refused(word, "the game is over: undo, restart, new or quit",
                                           False)
                    continue
                game = self.play(game, move.group(1).upper() + str(k))
                out.append(self.show(game))
            else:
                raise Refused(word, NOT_A_WORD)
        if soft:
            raise soft
        return game, "".join(out), False

    def size(self, word):
        "The board size word names."
        if not 3 <= int(word) <= 20:
            raise Refused(word, "the board size must be 3 to 20")
        return int(word)


class Session(object):
    """The program as the model sees it, fed one line at a time: the game,
    whether the first board is out, what each line printed, the exit status."""

    def __init__(self, model, n=6):
        self.model, self.game, self.opened, self.quit = model, model.fresh(n), False, False
        self.said, self.status, self.moves = [], 0, 0

    def feed(self, line):
        "Add line and what the program prints for it."
        model, words, out = self.model, self.model.words(line), ""
        if words and not self.quit:
            try:
                game, out, self.quit = model.step(self.game, words)
                if not self.opened:
                    # The first board waits for the first line done, and takes its size.
                    start = self.game
                    if SIZE.match(words[0]):
                        start, words = model.fresh(int(words[0])), words[1:]
                    out = model.header(start.n) + model.show(start) + model.step(start, words)[1]
                    self.opened = True
                self.game = game
                self.moves += sum(bool(MOVE.match(w)) for w in words)
            except Refused as refused:
                self.status = 1
                out = "pousse: line %d: %s: %s\n" % (
                    len(self.said) + 1, refused.word, refused.why)
        self.said.append((line, out))

    def prediction(self):
        "(lines and what each prints, what the end of input prints, exit status)."
        at_end = ""
        if not self.opened:
            at_end = self.model.header(self.game.n) + self.model.show(self.game)
        return self.said, at_end, self.status

################ A player who types


GARBAGE = ["x", "Q3", "3L", "LL", "L", "go", "L-1", "T+2", "B3.5", "R3R", "help!", "T 3"]


def typed_move(rng, game):
    "A move a player might type: often the mover's last one again, at times in lower case."
    n = game.n
    if len(game.moves) >= 2 and rng.random() < 0.3:
        move = game.moves[-2]
    else:
        move = rng.choice("LRTB") + str(rng.randint(1, n))
    roll = rng.random()
    if roll < 0.1:
        return move.lower()
    if roll < 0.12:
        return move[0] + "0" + move[1:]
    return move


def typed_line(rng, game):
    "A line a player might type at game, or None when the player stops."
    n, roll = game.n, rng.random()
    if game.end:
        choices = [(0.35, lambda: typed_move(rng, game)), (0.65, lambda: rng.choice(["u", "undo"])),
                   (0.8, lambda: rng.choice(["restart", "new", "new %d" % rng.randint(3, 9)])),
                   (1.0, lambda: None)]
    else:
        choices = [
            (0.55, lambda: typed_move(rng, game)),
            (0.65, lambda: " ".join(typed_move(rng, game) for _ in range(rng.randint(2, 4)))),
            (0.69, lambda: rng.choice("LRTB") + str(rng.choice([0, n + 1, n + 2, 10, 12]))),
            (0.72, lambda: rng.choice(GARBAGE)),
            (0.75, lambda: "%s %s" % (typed_move(rng, game), rng.choice(GARBAGE))),
            (0.82, lambda: rng.choice(["u", "undo", "U", "u u"])),
            (0.85, lambda: "board"),
            (0.87, lambda: "history"),
            (0.89, lambda: str(rng.choice([2, 3, 4, 5, 6, 7, 8, 9, 21, 0]))),
            (0.90, lambda: "restart"),
            (0.91, lambda: rng.choice(["new", "new %d" % rng.randint(3, 9)])),
            (0.93, lambda: typed_record(rng, n, "new " * (rng.random() < 0.5))),
            (0.95, lambda: rng.choice(["", "# a comment", "   "])),
            (1.0, lambda: "%s  # %s" % (typed_move(rng, game), "a move")),
        ]
    return next(make for limit, make in choices if roll < limit)()


def typed_record(rng, n, before=""):
    "A record of a few random moves, as history prints one."
    moves = [rng.choice("LRTB") + str(rng.randint(1, n)) for _ in range(rng.randint(0, 6))]
    return "%s(%d%s)" % (before, n, "".join(" " + m for m in moves))


def session(seed, model=None):
    "(command line, Session) of seeded session seed, predicted by model."
    rng, model = random.Random(seed), model or Model()
    n, start = rng.randint(3, 9), rng.random()
    args = ["--machine", "none", "-m"]
    if start < 0.5:
        args += ["-n", str(n)]
    state = Session(model, 6 if start >= 0.5 else n)
    if 0.5 <= start < 0.7:
        state.feed(str(n))
    elif 0.7 <= start < 0.9:
        state.feed(typed_record(rng, n))
    for _ in range(30 + 8 * n):
        line = typed_line(rng, state.game)
        if line is None:
            break
        state.feed(line)
    if rng.random() < 0.15:
        state.feed("quit")
        state.feed("L1")
    return args, state


def sessions(seeds, model=None):
    """Play the seeded sessions; the first disagreement, or a line that
    counts the games, lines, moves and refusals that agreed."""
    games = lines = moves = refused = 0
    for seed in seeds:
        args, state = session(seed, model)
        found = referee.disagreement("pousse", args, state.prediction())
        if found:
            return "seed %d disagrees:\n%s" % (seed, found)
        said = state.said
        games, lines, moves = games + 1, lines + len(said), moves + state.moves
        refused += sum(out.startswith("pousse:") for _, out in said)
    return "%d games, %d lines (%d moves, %d refused): no disagreement" % (
        games, lines, moves, refused)


def judge(lines, args=("--machine", "none", "-m"), model=None):
    "Print what the model predicts for lines, and whether pousse.py args agrees."
    n = int(args[args.index("-n") + 1]) if "-n" in args else 6
    referee.judge("pousse", args, Session(model or Model(), n), lines)


TOURNAMENT = os.path.join(os.path.dirname(referee.ROOT), "shared", "reference",
                          "icfp98-games.txt")


def tournament(count=None):
    """Replay the 1998 tournament's games that ended normally (the first
    count of them) and print how many end as recorded: the recorded winner,
    at the last move of the record."""
    model, games, right = Model(), 0, 0
    with open(TOURNAMENT) as records:
        for record in records:
            if "ended normally" not in record or games == count:
                continue
            winner = re.search(r"winner: ([XO])", record).group(1)
            n, moves = re.search(r"game: \((\d+)([^)]*)\)", record).groups()
            game = model.fresh(int(n))
            for move in moves.split():
                game = model.play(game, move)
                if game.end:
                    break
            games += 1
            right += game.end is not None and game.end[0] == winner and \
                len(game.moves) == len(moves.split())
    print("%d games, %d replayed to their recorded end" % (games, right))
