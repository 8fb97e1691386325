#!/usr/bin/env python3
r"""pousse.py: Pousse, the game of the ICFP 1998 programming contest.

USAGE
    python3 pousse.py                      you against the machine (sides by
                                           --seed)
    python3 pousse.py --machine O          you play X; --machine X: you play O
    python3 pousse.py --machine none       two humans, or a record replayed
    python3 pousse.py --self               the machine against itself
    python3 pousse.py --icfp < moves       one move as a contest robot
    python3 pousse.py --help               this manual

THE GAME
    Two players, X and O, take turns pushing tokens onto an N x N board
    (6 x 6 unless -n says otherwise); X moves first and the board starts
    empty.  A move enters a token at one end of a row or a column.  The
    token pushes the tokens in front of it one cell along, up to the first
    empty cell of that line; if the line is full, the token at the far end
    falls off.  A straight is a row or column filled with one player's
    tokens.  After a move, if one player has more straights than the other,
    that player wins, whoever moved (so a move that completes more
    straights for the opponent loses).  A move that re-creates a position
    (the board and whose turn it is) that the same player's move produced
    earlier loses.  In the contest a robot that took longer than the time
    limit (-t) for a move lost; here that rule holds for the machine, and
    for a human at a terminal only with --clock.

NOTATION
    The contest's; rows are numbered from the top, columns from the left.
    L3      enter at the left end of row 3, pushing right
    R3      enter at the right end of row 3, pushing left
    T3      enter at the top of column 3, pushing down
    B3      enter at the bottom of column 3, pushing up
    (6 L3 T3 L3 B2)
            a game record: the board size and the moves, in parentheses.
    Lower case works too.  The board shows the moves around its edges and
    stars the last move's label; on boards of 18 and more (80 columns) the
    top and bottom edges say T and B once and number the columns.  Under
    the board, "moves:" lists the moves so far (the last 16, after "...",
    in a longer game), then whose turn it is or how the game ended.

AT THE PROMPT
    One or more words a line; # starts a comment.  A line is all or
    nothing: if a word is refused (the error names it), nothing of the line
    is done, the machine's replies in it included.  The prompt `pousse> `
    is shown on stderr at a terminal only.
    help, ?         the list of these words
    quit, q, exit   stop
    board           the board again
    history         the command that replays the game (a comment), then the
                    game's record; piped back, it replays the game
    undo, u         take back your last move and the machine's reply (one
                    move when two humans play)
    restart         the same game from its start: the same size, an empty
                    board, the same sides
    new [N]         a new game on an N x N board (3 to 20), or of the same
                    size without N; the same sides
    hint            the strong engine's best move for the side to move,
                    found within the time of a move and 5 s at most (-t,
                    --depth, --nodes), with its score (for the side to
                    move; on 6 x 6 in thousandths of the log-odds of
                    winning, 700 about 2 to 1), or the win or loss it proved
    solve           the strong engine's best line from here, both sides:
                    its principal variation, and whether it proved a win or
                    a loss (then the line goes on to the end of the game, as
                    far as the engine's table of positions holds it)
    L3 R1 T6 B2     moves; against the machine it replies after each
    6               a board size, before the first move (records start so)
    (6 L3 T4 L3)    a record: its moves are played for both sides, without
                    the machine's replies; after it the machine moves if it
                    is its turn.  A record ends with its line.  It is a
                    game from its start: after moves, new comes first,
                    on the same line.
    When the input is not a terminal, the first board is printed once the
    first line with a word is read (after its board size, if it starts
    with one: a 4 x 4 record prints no 6 x 6 board first), and the machine
    makes its opening move only then, before the line's first move, board,
    history, hint, solve or quit (at the end of the input if every line was
    refused): so a file piped in sees what a player at a terminal sees,
    where the machine moves before the first prompt.  An empty input prints
    the first board and ends.  At a terminal, Ctrl-C while the machine thinks
    (its reply, hint, solve) stops the search and undoes the line; at the
    prompt, or from a pipe, Ctrl-C ends the program.

MACHINE PLAYERS
    --level strong  (default) iterative-deepening alpha-beta search on
                    bitboards with a transposition table, exact repetition
                    handling, move ordering and late-move reductions; its
                    evaluation on 6 x 6 was learnt from its own games; at
                    its leaves a line the player to move completes with one
                    push counts as won; it uses the time it has (-t), all
                    of it and never more (a ply the clock cuts short still
                    gives its best move so far), or stops at --depth or
                    --nodes, which make it deterministic
    --level j       the J team's strategy from the contest: take a winning
                    move, avoid losing ones, else the move whose best reply
                    by the opponent scores least by the J evaluation
                    (partial straights, centre weights, and 1e8 x the
                    straight surplus or repetition loss)
    --level easy    takes a win and avoids an immediate loss, otherwise
                    moves at random
    hint and solve always ask the strong engine.  --self plays the machine
    against itself and prints at the end the game's record, which replays.

THE CONTEST ROBOT
    A contest robot: the board size, then the moves so far, one a line (or
    a record), on stdin; the machine's move on stdout, within -t seconds of
    the process's start (its start-up counted).  It keeps back time to
    print the move and end, the more the slower the machine runs (-t 1 on a
    tenth of a core: the move after about 0.8 s).

OPTIONS
    -n N            board size, 3 to 20 (default 6)
    -t T            seconds a move for the machine (default 30); the
                    contest's name: the card games' --timeout bounds a whole
                    search, -t each move of a game
    --clock         a human at a terminal who takes longer than -t for a
                    move loses too, as a contest robot did
    --machine X|O|none
                    the machine's side (default: chosen by --seed)
    --self          the machine plays both sides (no --machine with it)
    --level easy|j|strong
                    the machine player (default strong; see MACHINE PLAYERS)
    --depth D       the deepest search of the strong engine, in plies
    --nodes K       the positions the strong engine searches at most a move
    --memory MB     the most the program may hold, in megabytes: the strong
                    engine's table of positions (about 200 bytes each, at
                    most 400,000) and its memo of static values (about 110
                    bytes each, at most 50,000, a quarter of the room at
                    most) are sized to fit; when full, the table keeps
                    only its deepest entries, the memo nothing; by
                    default 3/4 of what the machine can give (the smaller of
                    MemAvailable and the cgroup's limit less its use), 256
                    where it does not say; below what the program holds
                    before any search, the engine keeps no table and plays
    --seed S        fixes every random choice (Microsoft's rand()), 0 to
                    8589934591; by default a random seed, shown (Pousse has
                    no deals, so no -g: the seed picks the sides and the
                    easy player's moves)
    -q, --quiet     print only the final board and result (and what help,
                    board, history, hint and solve print when asked)
    --icfp          contest robot mode (see THE CONTEST ROBOT; no --self or
                    --machine with it)
    -v, --verbose   the engine's depth, positions, score and table size
                    on stderr, for the machine's moves, hint and solve
    --color=auto|always|never  (or --colour)
                    colour the tokens and the last move (auto: at a terminal,
                    where NO_COLOR, FORCE_COLOR, CLICOLOR_FORCE, CLICOLOR=0
                    and TERM=dumb allow)
    -m, --monochrome
                    no escape codes (--color=never)
    --ascii         accepted like the other games; the board is ASCII anyway
    -h, --help      this manual

EXAMPLES
    $ printf '(3 L1 R3 L1 R3 T3)\n' | python3 pousse.py --machine none -q
        T1 T2*T3
     L1  X  X  X  R1
     L2  .  .  .  R2
     L3  .  O  O  R3
        B1 B2 B3
    moves: L1 R3 L1 R3 T3
    X wins at move 5: 1 straight to 0.
    $ printf '(4 L1 R2 T3)\nhistory\n' | python3 pousse.py --machine O --depth 3 -q
    # pousse.py --machine O --depth 3
    (4 L1 R2 T3 T3)
        T1 T2*T3 T4
     L1  X  .  O  .  R1
     L2  .  .  X  O  R2
     L3  .  .  .  .  R3
     L4  .  .  .  .  R4
        B1 B2 B3 B4
    moves: L1 R2 T3 T3
    X to move.
    $ printf 'hint\nsolve\n' | python3 pousse.py -n 3 --machine none --depth 9 -q | head -2
    Hint: L2 for X: X wins by move 9, proved.
    solve: L2 R2 L1 L1 B2 L1 R1 R2 L2: X wins by move 9, proved; the engine's line to the end: X wins at move 9: 1 straight to 0.
    $ python3 pousse.py --self -n 4 --level j -q | tail -2
    X wins at move 17: 1 straight to 0.
    (4 L2 R2 L3 L3 L2 T2 R1 T2 B2 L3 B2 B2 B2 L3 R3 T3 R3)
    $ printf 'L3 T3 L9\nhistory\n' | python3 pousse.py --machine none -q | head -2
    pousse: line 1: L9: no row 9 on a 6 x 6 board
    # pousse.py --machine none
    (6)
    $ printf '6\nL3\nT3\n' | python3 pousse.py --icfp --depth 4
    L3
    $ python3 pousse.py --seed x
    usage: pousse.py ...
    pousse.py: error: argument --seed: x: give a whole number from 0 to 8589934591
    [exit 2]

EXIT STATUS
    0 when every input line was accepted, 1 when a line was refused (or,
    with --icfp, the input was not a game to move in), 2 for a bad option,
    130 after Ctrl-C.  Output that cannot be written (a full disk): one
    line on stderr, status 1.
"""
# Python 3.6+, standard library only.  Everything below reads top to bottom:
# data, rules, notation, display, machine players, command loop, main.

import _signal      # signal's C core, loaded with Python: no time lost importing
if __name__ == "__main__" and _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler:
    # Until run() is ready for it, Ctrl-C ends the program as the signal
    # itself would (status 130 in the shell), not with a traceback from
    # the middle of an import.
    _signal.signal(_signal.SIGINT, _signal.SIG_DFL)
import collections
import os
import sys
import time

################ Glossary
##   n       the board size: n x n cells
##   cell    r*n + c, row r from the top and column c from the left, 0-based;
##           its bit is 1 << cell
##   board   (x, o): two ints, the cells holding X's and O's tokens
##   player  0 for X, 1 for O; the player to move after k moves is k % 2
##   move    an int 0..4n-1: L1..Ln, then R1..Rn, T1..Tn, B1..Bn
##   lane    a move's cells in push order, from the edge it enters at
##   key     a position (board and player to move) as one int: the mover's
##           tokens, the other's, and the mover's bit; see position()
##   result  None while the game goes on, else (winner, how, straights)

PLAYERS = "XO"
EDGES = "LRTB"
SIZES = range(3, 21)
PROG = "pousse"

################ The board: lanes, pushes and straights

def lanes(n):
    """The lane of each move: a row seen from the left, then the same rows
    reversed (from the right), then the columns from the top and reversed.

    >>> lanes(3)[0], lanes(3)[3], lanes(3)[6], lanes(3)[9]
    ([0, 1, 2], [2, 1, 0], [0, 3, 6], [6, 3, 0])
    """
    rows = [[r * n + c for c in range(n)] for r in range(n)]
    cols = [list(col) for col in zip(*rows)]
    return rows + [row[::-1] for row in rows] + cols + [col[::-1] for col in cols]


def bits(cells):
    "The int with the bits of cells set."
    return sum(1 << cell for cell in set(cells))


def push_plan(lane, occupied, lines=()):
    """How a token entering lane moves the tokens when the cells of occupied
    hold tokens: (keep, pushed, up, down, entry, dropped, touched).  The
    tokens on pushed move one cell along the lane (a shift << up >> down),
    those outside keep stay, the new token lands on entry, dropped tells
    whether the line was full so its last token fell off, and touched holds
    those of lines that cross the cells that changed.

    >>> push_plan([0, 1, 2], 0b011)[1:6]
    (3, 1, 0, 1, False)
    >>> push_plan([2, 1, 0], 0b111, [7, 56, 448, 73, 146, 292])[1:]
    (6, 0, 1, 4, True, (7, 73, 146, 292))
    """
    free = [i for i, cell in enumerate(lane) if not occupied >> cell & 1]
    end = free[0] if free else len(lane) - 1
    step = lane[1] - lane[0]
    up, down = (step, 0) if step > 0 else (0, -step)
    span = bits(lane[:end + 1])
    touched = tuple(line for line in lines if line & span)
    return ~span, bits(lane[:end]), up, down, 1 << lane[0], not free, touched


class Plans(dict):
    "A move's push plans, keyed by the occupied cells of its line, made when first needed."
    def __init__(self, lane, lines):
        dict.__init__(self)
        self.lane, self.lines = lane, lines

    def __missing__(self, occupied):
        plan = self[occupied] = push_plan(self.lane, occupied, self.lines)
        return plan


class Geometry(object):
    "The fixed facts of an n x n board, computed once per size."
    def __init__(self, n):
        self.n = n
        self.lanes = lanes(n)
        self.masks = [bits(lane) for lane in self.lanes]
        self.lines = self.masks[:n] + self.masks[2 * n:3 * n]
        self.plans = [Plans(lane, self.lines) for lane in self.lanes]
        self.full = (1 << n * n) - 1


GEOMETRIES = {}


def geometry(n):
    "The Geometry of an n x n board."
    if n not in GEOMETRIES:
        GEOMETRIES[n] = Geometry(n)
    return GEOMETRIES[n]


def push(n, board, move, player):
    """(board, dropped): the board after player's move, and whether a token
    fell off.  A move is a function from board to board: one push along a
    lane serves all four edges.

    >>> push(3, (0b000000011, 0b000000100), 0, 1)
    ((6, 1), True)
    >>> push(3, (0, 0), moves_named(3)['B2'], 0)
    ((128, 0), False)
    """
    g = geometry(n)
    keep, pushed, up, down, entry, dropped, _ = g.plans[move][(board[0] | board[1]) & g.masks[move]]
    x, o = [(b & keep) | ((b & pushed) << up >> down) for b in board]
    return ((x | entry, o) if player == 0 else (x, o | entry)), dropped


def straights(n, board):
    """(X's straights, O's straights): full rows and columns of one colour.

    >>> straights(3, (0b001001111, 0b100000000))
    (2, 0)
    """
    lines = geometry(n).lines
    return tuple(sum(b & line == line for line in lines) for b in board)


def position(n, board, player):
    """The key of board with player to move: the mover's tokens, the
    other's, then the mover (a board and its colours swapped, with the other
    player to move, are different positions).

    >>> position(3, (0b01, 0b10), 0), position(3, (0b10, 0b01), 1)
    (1028, 1029)
    """
    mine, theirs = board if player == 0 else board[::-1]
    return (mine << n * n | theirs) << 1 | player


def outcome(n, board, mover, repeated):
    """The result after mover's move made board: the player with more
    straights wins, else a repeated position loses for the mover.

    >>> outcome(3, (0b001001111, 0b100000000), 1, False)
    (0, 'straights', (2, 0))
    >>> outcome(3, (0b001, 0b010), 1, True)
    (0, 'repetition', (0, 0))
    """
    counts = straights(n, board)
    if counts[0] != counts[1]:
        return (0 if counts[0] > counts[1] else 1), "straights", counts
    if repeated:
        return 1 - mover, "repetition", counts
    return None

################ A game: the moves so far, replayed and judged

class Game(collections.namedtuple("Game", "n moves boards keys result")):
    """A game: its size, its moves, the board and position key after each
    move (the empty board first), and its result once it is over.  A tuple
    of tuples, never changed: play() gives the game after a move, extended()
    after several, undo() the game before the last.

    >>> game = Game(3, [0]); after = game.play(11)
    >>> game.moves, after.moves, after.player(), after.undo() == game
    ((0,), (0, 11), 0, True)
    """
    __slots__ = ()

    def __new__(cls, n, moves=()):
        game = super(Game, cls).__new__(cls, n, (), ((0, 0),), (position(n, (0, 0), 0),), None)
        return game.extended(moves)

    def player(self):
        "The player to move."
        return len(self.moves) % 2

    def board(self):
        "The board now."
        return self.boards[-1]

    def play(self, move):
        "The game after a move (the game must not be over)."
        return self.extended([move])

    def extended(self, moves, stop=False):
        """The game after moves, one after the other (with stop, none after
        the end of the game); its tuples are made once, so that a long record
        replays in linear time."""
        n, result = self.n, self.result
        done, boards, keys = list(self.moves), list(self.boards), list(self.keys)
        for move in moves:
            if stop and result:
                break
            mover = len(done) % 2
            board = push(n, boards[-1], move, mover)[0]
            key = position(n, board, 1 - mover)
            result = outcome(n, board, mover, key in keys)
            done.append(move)
            boards.append(board)
            keys.append(key)
        return self._make((n, tuple(done), tuple(boards), tuple(keys), result))

    def lose_on_time(self, seconds):
        "The game after the player to move took seconds, over the limit, and lost."
        return self._replace(result=(1 - self.player(), "time", seconds))

    def undo(self):
        "The game before its last move (or before a loss on time)."
        if self.result and self.result[1] == "time":
            return self._replace(result=None)
        return self._replace(moves=self.moves[:-1], boards=self.boards[:-1],
                             keys=self.keys[:-1], result=None)


def replay(n, moves):
    """The Game after moves, stopping where the game ended.

    >>> game = replay(3, parse_moves(3, 'L1 R3 L1 R3 R1 T1 T1'))
    >>> record(game), describe_end(game)
    ('(3 L1 R3 L1 R3 R1)', 'X wins at move 5: 1 straight to 0.')
    """
    return Game(n).extended(moves, stop=True)

################ Notation

def move_names(n):
    """The names of the 4n moves, in move order.

    >>> move_names(3)
    ['L1', 'L2', 'L3', 'R1', 'R2', 'R3', 'T1', 'T2', 'T3', 'B1', 'B2', 'B3']
    """
    return [edge + str(i) for edge in EDGES for i in range(1, n + 1)]


def moves_named(n):
    "Each move by its name."
    return {name: move for move, name in enumerate(move_names(n))}


def parse_move(n, word):
    """The move named word, or ValueError saying what is wrong with it.

    >>> parse_move(6, 'l3'), parse_move(6, 'B6')
    (2, 23)
    >>> parse_move(6, 'L7')
    Traceback (most recent call last):
    ...
    ValueError: no row 7 on a 6 x 6 board
    >>> parse_move(6, 'X3')
    Traceback (most recent call last):
    ...
    ValueError: not a move: a move is L, R, T or B and a number, e.g. L3
    >>> parse_move(6, 'L' + '9' * 5000)
    Traceback (most recent call last):
    ...
    ValueError: no row 999999999999... on a 6 x 6 board
    """
    edge, number = word[:1].upper(), word[1:]
    if edge not in EDGES or not number or any(ch not in "0123456789" for ch in number):
        raise ValueError("not a move: a move is L, R, T or B and a number, e.g. L3")
    digits = number.lstrip("0") or "0"
    if len(digits) > 2 or not 1 <= int(digits) <= n:
        raise ValueError("no %s %s on a %d x %d board" % (
            "row" if edge in "LR" else "column",
            digits if len(digits) <= 12 else digits[:12] + "...", n, n))
    return EDGES.index(edge) * n + int(digits) - 1


def parse_moves(n, text):
    """The moves named in text, blank-separated.

    >>> parse_moves(4, 'L1 r4 T2')
    [0, 7, 9]
    """
    return [parse_move(n, word) for word in text.split()]


def record(game):
    """The game as a contest record, which replays.

    >>> record(Game(4, [1, 9]))
    '(4 L2 T2)'
    """
    names = move_names(game.n)
    return "(%s)" % " ".join([str(game.n)] + [names[m] for m in game.moves])


def describe_end(game):
    """How the game ended, in words.

    >>> describe_end(Game(3, parse_moves(3, 'L1 R3 L1 R3 T3')))
    'X wins at move 5: 1 straight to 0.'
    >>> describe_end(Game(3, parse_moves(3, 'R2 L2 L2 T2 B2 B2')))
    "X wins at move 6: 1 straight to 0, made by O's move."
    """
    winner, how, detail = game.result
    win, lose = PLAYERS[winner], PLAYERS[1 - winner]
    if how == "time":
        return "%s wins: %s took %.1f s for move %d, over the time limit." % (
            win, lose, detail, len(game.moves) + 1)
    at = "%s wins at move %d: " % (win, len(game.moves))
    if how == "repetition":
        return at + "%s repeated a position." % lose
    counts = sorted(detail, reverse=True)
    mover = PLAYERS[(len(game.moves) - 1) % 2]
    return at + "%d straight%s to %d%s." % (counts[0], "s" if counts[0] > 1 else "", counts[1],
                                            "" if mover == win else ", made by %s's move" % mover)

################ Display

COLOURS = {"X": "\033[31m", "O": "\033[34m", "*": "\033[1m"}   # red, blue, bold
RESET = "\033[0m"


def show(game, colour=False):
    """The board with the edge moves around it, the last move's label
    starred (and bold in colour), then the last moves and who is to move.

    >>> print(show(Game(3, [0, 11])))
        T1 T2 T3
     L1  X  .  .  R1
     L2  .  .  .  R2
     L3  .  .  O  R3
        B1 B2*B3
    moves: L1 B3
    X to move.

    Boards of 18 and more would be wider than 80 columns with a label over
    each column, so there the edges name the side once and number the
    columns (T12 is the column under 12):

    >>> lines = show(Game(20, [19])).splitlines()
    >>> for line in lines[:3] + lines[-4:]:
    ...     print(line)
        T  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17 18 19 20
       L1  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  R1
       L2  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  R2
     *L20  X  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  R20
        B  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17 18 19 20
    moves: L20
    O to move.
    >>> max(len(line) for line in lines)
    70
    """
    n, (x, o) = game.n, game.board()
    names = move_names(n)
    last = names[game.moves[-1]] if game.moves else None
    wide = n >= 18                      # 4 columns a cell would pass 80
    w = 3 if wide else len(str(n)) + 2
    margin = 5 if wide else w

    def label(name, shown=None):
        shown = name if shown is None else shown
        mark = "*" if name == last else " "
        if colour and name == last:
            shown = COLOURS["*"] + shown + RESET
        return mark + shown

    def cell(c):
        token = "X" if x >> c & 1 else "O" if o >> c & 1 else "."
        return COLOURS[token] + token + RESET if colour and token != "." else token

    def edge(side):
        if wide:
            return " " * (margin - 1) + side + "".join(
                " " * (2 - len(str(i))) + label(side + str(i), str(i)) for i in range(1, n + 1))
        return " " * w + "".join(" " * (w - 2 - len(str(i))) + label(side + str(i))
                                 for i in range(1, n + 1))

    rows = [" " * (margin - 2 - len(str(r))) + label("L%d" % r)
            + "".join(" " * (w - 1) + cell((r - 1) * n + c) for c in range(n))
            + " " + label("R%d" % r) for r in range(1, n + 1)]
    lines = [edge("T")] + rows + [edge("B")]
    if game.moves:
        shown = [names[m] for m in game.moves[-SHOWN:]]
        lines.append("moves: " + ("... " if len(game.moves) > SHOWN else "") + " ".join(shown))
    lines.append(describe_end(game) if game.result else "%s to move." % PLAYERS[game.player()])
    return "\n".join(line.rstrip() for line in lines)


SHOWN = 16   # moves listed under the board; 'history' lists them all

################ Display: colour (the same in every script)

def wants_colour(choice, stream, environ):
    """Whether to colour output: --color=always|never, else NO_COLOR, then
    FORCE_COLOR or CLICOLOR_FORCE, then TERM=dumb or CLICOLOR=0, then a terminal.

    >>> wants_colour("auto", sys.stdout, {"NO_COLOR": "1", "FORCE_COLOR": "1"})
    False
    >>> wants_colour("auto", sys.stdout, {"FORCE_COLOR": "1"})
    True
    >>> wants_colour("never", sys.stdout, {"FORCE_COLOR": "1"})
    False
    """
    if choice != "auto":
        return choice == "always"
    if environ.get("NO_COLOR"):
        return False
    if environ.get("FORCE_COLOR") or environ.get("CLICOLOR_FORCE"):
        return True
    if environ.get("TERM") == "dumb" or environ.get("CLICOLOR") == "0":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())

################ Randomness: Microsoft FreeCell's generator (the same in every script)

def ms_rand(seed):
    """Microsoft FreeCell's rand() for deal number seed, as an endless iterator;
    FreeCell Pro's extension covers 2^31 <= seed < 2^33.

    >>> r = ms_rand(1); [next(r) for _ in range(4)]
    [41, 18467, 6334, 26500]
    """
    state = seed - 2**32 if seed >= 2**32 else seed
    while True:
        state = (state * 214013 + 2531011) & 0xFFFFFFFF
        if seed >= 2**32:
            yield ((state >> 16) & 0xFFFF) + 1
        elif seed >= 2**31:
            yield ((state >> 16) & 0x7FFF) | 0x8000
        else:
            yield (state >> 16) & 0x7FFF

################ Machine players: what every player needs

def popcount(v):
    "The number of bits set in v."
    return bin(v).count("1")


def centre_weights(n):
    """Each cell's weight in the J evaluation: 1 in the corners, rising by one
    a step towards the middle.

    >>> centre_weights(6)[:12]
    [1, 2, 3, 3, 2, 1, 2, 3, 4, 4, 3, 2]
    """
    return [min(r, n - 1 - r) + min(c, n - 1 - c) + 1 for r in range(n) for c in range(n)]


def after(game, move):
    """(board, result) after the player to move makes move in game, without
    changing game."""
    mover = game.player()
    board = push(game.n, game.board(), move, mover)[0]
    return board, outcome(game.n, board, mover, position(game.n, board, 1 - mover) in game.keys)


def sure_moves(game):
    """(winning moves, moves that do not lose at once) for the player to move.
    Here O wins by T2 (a column of O) and loses by B2 (a row of X):

    >>> game = Game(3, parse_moves(3, 'R2 L2 L2 T2 B2'))
    >>> [[move_names(3)[m] for m in moves] for moves in sure_moves(game)]
    [['T2'], ['L1', 'L2', 'L3', 'R1', 'R2', 'R3', 'T1', 'T2', 'T3', 'B1', 'B3']]
    """
    me, wins, safe = game.player(), [], []
    for move in range(4 * game.n):
        result = after(game, move)[1]
        if result and result[0] == me:
            wins.append(move)
        if not result or result[0] == me:
            safe.append(move)
    return wins, safe

################ Machine players: easy

def easy_move(game, rand):
    """A winning move if there is one, else a random move that does not
    lose at once (rand is an ms_rand iterator).

    >>> easy_move(Game(3, parse_moves(3, 'R2 L2 L2 T2 B2')), ms_rand(1))
    7
    """
    wins, safe = sure_moves(game)
    choices = wins or safe or list(range(4 * game.n))
    return choices[next(rand) % len(choices)]

################ Machine players: the J strategy

def j_value(n, board, player, weights, repeater=None):
    """The J evaluation of board for player: partial straights (each line
    holding k of player's tokens and none of the other's scores k*k), plus
    the centre weights of player's tokens, less the same for the opponent,
    plus 1e8 x (straight surplus + 1 if the opponent repeated a position,
    - 1 if player did).

    >>> w = centre_weights(3)
    >>> j_value(3, (0b000000111, 0b000010000), 0, w)
    100000011
    """
    g, counts = geometry(n), straights(n, board)
    score = 0
    for side, sign in ((player, 1), (1 - player, -1)):
        mine, theirs = board[side], board[1 - side]
        partial = sum(popcount(mine & line) ** 2 for line in g.lines if not theirs & line)
        centre = sum(weights[c] for c in range(n * n) if mine >> c & 1)
        score += sign * (partial + centre)
    surplus = counts[player] - counts[1 - player]
    repetition = 0 if repeater is None else (1 if repeater != player else -1)
    return score + 10 ** 8 * (surplus + repetition)


def j_move(game):
    """The J strategy: a move that wins at once if there is one; else, among
    the moves that do not lose at once, the one whose best reply by the
    opponent (by j_value for the opponent) is least; the first such in move
    order.  If every move loses, the first move.

    >>> move_names(3)[j_move(Game(3, parse_moves(3, 'R2 L2 L2 T2 B2')))]
    'T2'
    """
    n, me = game.n, game.player()
    weights = centre_weights(n)
    wins, safe = sure_moves(game)
    if wins:
        return wins[0]
    best = None
    for move in safe:
        child = game.play(move)
        worst = max(j_reply(child, reply, weights) for reply in range(4 * n))
        if best is None or worst < best[0]:
            best = (worst, move)
    return best[1] if best else 0


def j_reply(game, reply, weights):
    "The J value, for the player to move in game, of the board after reply."
    them = game.player()
    board, result = after(game, reply)
    repeater = them if result and result[1] == "repetition" else None
    return j_value(game.n, board, them, weights, repeater)

################ Machine players: the strong engine
## The search works on (me, you): the tokens of the player to move and of
## the other, so a position's key is me << n*n | you and a child is the
## same pair swapped.  A score is for the player to move; a game won at ply
## p scores WIN - p, so quicker wins score more.
## Against the 1998 contest's robots, both on one core, a fresh process a move:
## la (robot 42) 80 of 100 games at 1 s a move, 85 of 100 at 5 s; Cilk Pousse
## (robot 8, the winner) 31 of 40 at 1 s (POUSSE_ROBOT=... python3 tests/bench.py
## pousse_field).  A change is kept only when it wins a match against the engine
## before it (POUSSE_OLD=old.py python3 tests/bench.py pousse_selfplay: 200 games,
## 0.2 s a move).  Not kept, by such matches: null-move pruning (at depth 7, 112 of
## 1,336 tries cut off: a move is nearly always worth having).

WIN = 10 ** 6
INFINITY = 10 ** 9
EXACT, LOWER, UPPER = 0, 1, 2
TABLE_LIMIT = 400000      # positions kept at most in the transposition table
VALUES_LIMIT = 50000      # static values kept at most (a bigger memo looks up no faster):
                          # the same search 13 % faster; 113 of 200 against none (selfplay)
CHECK = 256               # positions searched between two looks at the clock and the table
ORDERS = 1000             # move orders kept at most (a search meets a few hundred a ply)
# A full table thinned, not emptied: to depth 8 with 30,000 entries, 7,469,172 positions
# where emptying took 9,698,031; 115 of 200 in selfplay with such tables.
THIN = 3                  # a full table keeps its entries searched this many plies or more
# Late-move reductions: 235 of 400 (58.8 %) at 0.3 s a move against none, two plies
# deeper in the same time (python3 tests/bench.py pousse_speed).  Reducing by one
# ply instead: 106 of 200; by four after the first 12 moves: 50 of 102.
LATE, REDUCTION = 3, 2    # moves after the first LATE of a node, REDUCTION plies shallower
# Deepening until 90 % of the time is gone, a ply cut short giving its best move so
# far: 127 of 200 in selfplay against stopping at 40 %, with the reductions (without
# them a ply cost five times the last, and it won 50.5 %).
GO_ON = 0.9               # of its time gone, a search starts no deeper ply
PYTHON_SIZE = 16 << 20    # a guess at Python's own size where /proc cannot tell
SPARE = 6 << 20           # kept free for the rest: push plans, line values, the stack
MIXER = 0x9E3779B97F4A7C15
MERSENNE = (1 << 61) - 1
SURE = 30000              # a line the player to move makes a straight of with one push:
                          # more than the rest of an evaluation (6 x 6: -15,300 at the least);
                          # 12 of them, every line of 6 x 6, stay below WIN // 2 (a proof).
                          # It won 119 of 200 in selfplay; the other player's such line
                          # counted against the mover instead won 25 of 100 at depth 4


class Timeout(Exception):
    "The search ran out of time or positions."


Ply = collections.namedtuple("Ply", "move score scores complete")
Ply.__doc__ = """One ply of the deepening (Search.root()): the best move found
and its score (None and None if no move was scored), each move's score (a
dict), and whether the ply ended before the time or the positions did."""

Thought = collections.namedtuple("Thought", "move depth nodes score seconds table")
Thought.__doc__ = """What Engine.think() found: the best move; the depth of the
deepest ply searched in full and the score it gave (for the player to move;
0 and 0 if none was); the positions searched, the seconds taken, and the
positions the table holds after."""


def completes(n, mine, yours):
    """Whether one push along a line makes it mine: n - 1 of its cells are
    mine and the last is empty (a push from either end fills it) or yours
    at an end (a push from the other end pushes it off).  Such a push
    changes no other cell, so it makes a straight and nothing else: the
    player to move who has such a line wins at once.

    >>> completes(4, 0b1011, 0), completes(4, 0b1110, 0b0001), completes(4, 0b1101, 0b0010)
    (True, True, False)
    """
    return popcount(mine) == n - 1 and (yours == 0 or yours in (1, 1 << n - 1))


class LineValues(dict):
    """Values of a line for the player to move, keyed by an int holding your
    tokens along the line from bit low and mine from bit low + n*n; made
    when first needed by value(mine, yours), the line's tokens from bit 0,
    to which a line the player to move completes adds SURE."""
    def __init__(self, n, low, value):
        dict.__init__(self)
        self.n, self.low, self.value = n, low, value

    def __missing__(self, key):
        line = (1 << self.n) - 1
        mine, yours = key >> self.low + self.n * self.n & line, key >> self.low & line
        value = self.value(mine, yours)
        if completes(self.n, mine, yours):
            value += SURE
        self[key] = value
        return value


# The evaluation of 6 x 6, learnt from the engine's own games by
# tests/learn/fit.py (a logistic regression of the results): the value of
# a line holding a of the mover's tokens and b of the other's, for each
# line class (the edge lines, the next, the middle two); of a line the
# other player completes by pushing the mover's one token off its end; and
# of the mover's tokens and the other's on each cell class (by the cell's
# distances from the nearest edges, sorted: (0, 0) a corner, (2, 2) the
# middle); in thousandths of the log-odds of winning.  Fitted on 214,678
# positions of 4,000 games of the engine against itself (made by
# tests/learn/gen.py ENGINE 2000 1500 SEED OUT; python3 tests/learn/fit.py
# data-1.pkl data-2.pkl prints the table), log-loss 0.532 on every tenth held
# out.  A first fit won 130 of 200 against the hand-made evaluation, this one
# 117 of 200 against the first (pousse_selfplay).  Not kept: a third fit on
# 5,000 games (103 of 200); line values moving with the tokens on the board
# (112 of 200); whole line patterns, runs of tokens and la's material term as
# features (no better held-out log-loss).
LEARNT = {
    6: ({(0, 1): (168, 108, 204),
         (0, 2): (239, 100, 170),
         (0, 3): (203, 50, 36),
         (0, 4): (88, -159, -152),
         (0, 5): (-397, -966, -765),
         (1, 0): (-102, -80, -165),
         (1, 1): (36, 13, 25),
         (1, 2): (110, 93, 38),
         (1, 3): (224, 220, -36),
         (1, 4): (-66, 90, -11),
         (1, 5): (-667, -6, -12),
         (2, 0): (-184, -24, -95),
         (2, 1): (-79, -44, 8),
         (2, 2): (0, 5, 26),
         (2, 3): (-13, 63, 44),
         (2, 4): (-222, 56, 28),
         (3, 0): (-172, 25, 39),
         (3, 1): (-207, -143, 89),
         (3, 2): (21, -19, -33),
         (3, 3): (96, 93, 60),
         (4, 0): (-56, 361, 400),
         (4, 1): (126, 72, 96),
         (4, 2): (469, 135, 147),
         (5, 1): (498, 74, 19)},
        (-56, -259, -165),
        (561, 654, 625, 760, 772, 801),
        (-554, -650, -605, -751, -781, -790)),
}


def line_values(n):
    """For each i, (the value of row i, the value of column i) for the
    player to move: functions (mine, yours) of the line's tokens from bit
    0, shared by the lines alike.  The learnt evaluation where LEARNT has n,
    else the square of my count less the square of yours (as Cilk Pousse
    had it); a row adds the values of its cells' tokens (centre weights by
    hand), a column none, so each cell counts once.

    >>> [(row(0b11, 0b100), column(0b11, 0b100)) for row, column in line_values(3)]
    [(5, 3), (6, 3), (5, 3)]
    """
    edge = [min(i, n - 1 - i) for i in range(n)]
    if n not in LEARNT:
        weights = centre_weights(n)

        def squares(mine, yours):
            return popcount(mine) ** 2 - popcount(yours) ** 2

        def hand(k):
            def value(mine, yours):
                return squares(mine, yours) + sum(
                    weights[k * n + c] * ((mine >> c & 1) - (yours >> c & 1)) for c in range(n))
            return value
        rows = {k: hand(k) for k in edge}
        return [(rows[edge[i]], squares) for i in range(n)]
    pairs, ends, me, you = LEARNT[n]
    classes = sorted({tuple(sorted((a, b))) for a in edge for b in edge})

    def cells(k, weights):
        return [weights[classes.index(tuple(sorted((k, e))))] for e in edge]

    def learnt(k, mine_cells, your_cells):
        def value(mine, yours):
            a, b = popcount(mine), popcount(yours)
            line = pairs.get((a, b), (0, 0, 0))[k]
            if a == 1 and completes(n, yours, mine):
                line += ends[k]
            return line + sum(mine_cells[c] * (mine >> c & 1) + your_cells[c] * (yours >> c & 1)
                              for c in range(n))
        return value
    rows = {k: learnt(k, cells(k, me), cells(k, you)) for k in edge}
    columns = {k: learnt(k, [0] * n, [0] * n) for k in edge}
    return [(rows[edge[i]], columns[edge[i]]) for i in range(n)]


def evaluator(n):
    """A function key -> the static value of the position key (me << n*n |
    you) for the player to move, summed line by line from table lookups.  A
    row is a shift and a mask of the key.  A column is gathered into a row's
    shape by one multiplication: cell r*n of the shifted column lands on bit
    p + r (and cell n*n + r*n on n*n + p + r), and no two partial products
    meet, so nothing carries.  Lines alike share a table.

    >>> e = evaluator(3)
    >>> e(0b000000111 << 9 | 0b000010000), e(0b000010000 << 9 | 0b000000111)
    (11, -11)

    On 6 x 6, five tokens along the top row are worth a win to the player
    to move, and much less to the other (who must answer them):

    >>> e = evaluator(6)
    >>> e(0b011111 << 36) > SURE, e(0b011111)
    (True, -2669)
    """
    nn, p = n * n, (n - 1) ** 2
    line = (1 << n) - 1
    column = bits(r * n for r in range(n))
    magic = bits(p - (n - 1) * r for r in range(n))
    gathered = line << p | line << nn + p
    tables = {}

    def table(low, value):
        if (low, value) not in tables:
            tables[low, value] = LineValues(n, low, value)
        return tables[low, value]
    values = line_values(n)
    rows = [(r * n, line | line << nn, table(0, values[r][0])) for r in range(n)]
    columns = [(c, column | column << nn, table(p, values[c][1])) for c in range(n)]

    def evaluate(key):
        score = 0
        for shift, mask, row in rows:
            score += row[key >> shift & mask]
        for shift, mask, column in columns:
            score += column[(key >> shift & mask) * magic & gathered]
        return score
    return evaluate


def mix(key):
    "A well-spread 61-bit hash of a position key."
    return key * MIXER % MERSENNE


def repeatable(game):
    """A hash of the earlier positions of game that its future could repeat:
    those with as many tokens as the board now (0 if there are none).

    >>> repeatable(Game(3, [0, 0, 0])), repeatable(Game(3, [0, 0, 0, 0])) > 0
    (0, True)
    """
    tokens = popcount(game.board()[0] | game.board()[1])
    sig = 0
    for board, key in zip(game.boards[:-1], game.keys[:-1]):
        if popcount(board[0] | board[1]) == tokens:
            sig ^= mix(key)
    return sig


def allocated(thing):
    "The bytes Python allocates for thing: its size rounded up to 16."
    return -(-sys.getsizeof(thing) // 16) * 16


def entry_bytes(n):
    """The bytes one position of the table costs at most on an n x n board,
    its slot in the dict aside: the key (a position, and the hash of its
    past if it has one), the value (a tuple of four ints) and a score too
    big for Python's cached small ints.  A position costs most on the
    largest board:

    >>> entry_bytes(3) <= entry_bytes(6) <= entry_bytes(20)
    True
    """
    return allocated(1 << 2 * n * n + 61) + allocated((WIN, 0, 0, 0)) + allocated(WIN)


def value_bytes(n):
    """The bytes one static value of the engine's memo costs at most, its
    slot aside: the key (a position) and the value (an int)."""
    return allocated(1 << 2 * n * n) + allocated(WIN)


def table_bytes(entries, each):
    """The most bytes a dict of positions takes while it fills up to entries,
    each position costing each bytes besides its slot.  CPython's dict
    has 2^k slots, of which it fills two thirds: 20 bytes a slot (a 4-byte
    index, and a 24-byte entry for two slots in three).  When it grows, it
    holds its old arrays and its new ones together, with a third of the new
    slots filled.  174,762 positions of 160 bytes fill 2^18 slots, and one
    more makes the dict take 2^19 (a peak while it grows); and so on:

    >>> [table_bytes(entries, 160) >> 20 for entries in (174762, 174763, 349525, 349526)]
    [31, 41, 63, 83]
    """
    slots = 8
    while slots * 2 // 3 < entries:
        slots *= 2
    return max(20 * slots + entries * each, 30 * slots + slots // 3 * each)


def most_entries(room, each, cap):
    "The most entries, at most cap, whose dict (each bytes an entry) fits in room bytes."
    low, high = 0, cap
    while low < high:
        middle = (low + high + 1) // 2
        if table_bytes(middle, each) <= room:
            low = middle
        else:
            high = middle - 1
    return low


def values_limit(memory, n, here):
    """The static values the engine's memo may keep within memory bytes on
    an n x n board, the process holding here bytes already: the most whose
    dict fits in a quarter of what a SPARE leaves; at most VALUES_LIMIT.

    >>> values_limit(1 << 40, 6, 16 << 20), values_limit(16 << 20, 6, 16 << 20)
    (50000, 0)
    """
    return most_entries((memory - here - SPARE) // 4, value_bytes(n), VALUES_LIMIT)


def table_limit(memory, n, here):
    """The positions the table may keep within memory bytes on an n x n
    board, the process holding here bytes already: the most whose dict fits
    beside a SPARE and the memo of static values (values_limit()), less the
    CHECK positions a search can add between two looks at the table; at
    most TABLE_LIMIT.

    >>> limit = table_limit(64 << 20, 6, 16 << 20)
    >>> values = table_bytes(values_limit(64 << 20, 6, 16 << 20), value_bytes(6))
    >>> room = (64 << 20) - (16 << 20) - SPARE - values
    >>> table_bytes(limit + CHECK, entry_bytes(6)) <= room
    True
    >>> table_bytes(limit + CHECK + 1, entry_bytes(6)) <= room
    False
    >>> table_limit(1 << 40, 6, 16 << 20), table_limit(16 << 20, 6, 16 << 20)
    (400000, 0)
    """
    room = memory - here - SPARE
    room -= table_bytes(values_limit(memory, n, here), value_bytes(n))
    return max(0, most_entries(room, entry_bytes(n), TABLE_LIMIT + CHECK) - CHECK)


def thin(table, most):
    """Make room in a full table: keep only its entries searched THIN plies
    deep or more, or deeper still, so that at most a quarter of most are
    left.  Most entries are a ply or two deep and quick to find again; a
    deep one stands for a large search, which a long search (or a game at
    the prompt, where the table lives on) would otherwise repeat.

    >>> table = {1: (1, 0, 5, 2), 2: (3, 0, 7, 1), 3: (4, 0, 9, 0), 4: (5, 2, 1, 3)}
    >>> thin(table, 8); sorted(table)
    [3, 4]
    >>> thin(table, 4); sorted(table)
    [4]
    """
    floor, kept = THIN, table
    while True:
        kept = {key: entry for key, entry in kept.items() if entry[0] >= floor}
        if len(kept) <= most // 4:
            break
        floor += 1
    table.clear()
    table.update(kept)


def push_count(plan, me, you, lines):
    """The push by plan (a push_plan() of the move) of the player to move,
    who holds me against you: (mine, yours, a, b), the mover's tokens after
    it (the new one among them), the other's, and the straights of each
    among lines.  The engine counts along all the lines, or, where the
    board had no straight, along those the push touched (the plan's last
    field).  The root's moves use it; node() writes it out for speed, and
    its doctest checks the two agree.  On 3 x 3, L1 into X X O pushes the
    O off and makes a row of X:

    >>> g = geometry(3)
    >>> push_count(g.plans[0][0b111], 0b011, 0b100, g.lines)
    (7, 0, 1, 0)

    The engine's push() and straights(), in one: they agree on random
    boards of every size, all the lines counted or, where no line was a
    straight, only the touched ones:

    >>> def agree(n, rand):
    ...     g = geometry(n)
    ...     cells = [next(rand) % 3 for _ in range(n * n)]
    ...     x, o = (bits(c for c in range(n * n) if cells[c] == k) for k in (1, 2))
    ...     calm = straights(n, (x, o)) == (0, 0)
    ...     for move in range(4 * n):
    ...         for player in (0, 1):
    ...             board = push(n, (x, o), move, player)[0]
    ...             me, you = (x, o) if player == 0 else (o, x)
    ...             plan = g.plans[move][(x | o) & g.masks[move]]
    ...             counts = straights(n, board)[::1 - 2 * player]
    ...             expected = board[::1 - 2 * player] + counts
    ...             if push_count(plan, me, you, g.lines) != expected:
    ...                 return False
    ...             if calm and push_count(plan, me, you, plan[6]) != expected:
    ...                 return False
    ...     return True
    >>> rand = ms_rand(64)
    >>> all(agree(n, rand) for n in (3, 4, 5, 6, 7, 8, 20) for _ in range(30))
    True
    """
    keep, pushed, up, down, entry = plan[:5]
    mine = (me & keep) | (me & pushed) << up >> down | entry
    yours = (you & keep) | (you & pushed) << up >> down
    a = b = 0
    for line in lines:
        if mine & line == line:
            a += 1
        elif yours & line == line:
            b += 1
    return mine, yours, a, b


def to_table(score, ply):
    """A score found ply plies below the root as the table keeps it: a win
    or a loss counted from the position itself, so that it holds wherever
    the position is met again.

    >>> to_table(WIN - 7, 3) == WIN - 4, to_table(3 - WIN, 3) == -WIN, to_table(-250, 3)
    (True, True, -250)
    """
    return score + ply if score > WIN // 2 else score - ply if score < -WIN // 2 else score


def from_table(score, ply):
    """A score from the table, met ply plies below the root, counted from
    the root: to_table() undone.

    >>> from_table(to_table(WIN - 7, 3), 3) == WIN - 7, from_table(-WIN, 5) == 5 - WIN
    (True, True)
    """
    return score - ply if score > WIN // 2 else score + ply if score < -WIN // 2 else score


def ordered(first, killers, ranked):
    """The moves in the order a node tries them: the table's move (first),
    the ply's killer moves, then the rest as ranked (by the history
    heuristic), each once; -1 stands for no move.

    >>> ordered(5, (2, 5), [0, 1, 2, 3, 4, 5])
    [5, 2, 0, 1, 3, 4]
    >>> ordered(-1, (-1, -1), [3, 1, 2, 0])
    [3, 1, 2, 0]
    """
    head = []
    for move in (first,) + tuple(killers):
        if move >= 0 and move not in head:
            head.append(move)
    return head + [move for move in ranked if move not in head]


class Orders(dict):
    """ordered() for one ranking of the moves, keyed by (first, killer,
    killer), made when first needed (a look-up costs less than ordering
    the moves again); emptied when it holds ORDERS orders.

    >>> orders = Orders([3, 1, 2, 0])
    >>> orders[2, 0, -1], len(orders)
    ([2, 0, 3, 1], 1)
    """
    def __init__(self, ranked):
        dict.__init__(self)
        self.ranked = ranked

    def __missing__(self, key):
        if len(self) >= ORDERS:
            self.clear()
        moves = self[key] = ordered(key[0], key[1:], self.ranked)
        return moves


class Search(object):
    """One search of an Engine from the position of game, within seconds
    (by clock) and nodes positions (each optional): the engine's table and
    memo, and what the search learns as it goes: two killer moves a ply,
    the history heuristic's ranking of the moves, the positions of the game
    and of the path searched (seen), the positions counted (visited).
    root() searches one ply of the deepening and node() the tree below;
    look() raises Timeout when the time or the positions run out.

    >>> search = Search(Engine(3), Game(3, parse_moves(3, 'L1 R3 L1 R3')))
    >>> search.me, search.you, search.side, search.visited
    (3, 384, 0, 0)
    """
    def __init__(self, engine, game, seconds=None, nodes=None, clock=time.time):
        self.clock, self.start = clock, clock()
        self.deadline = self.start + seconds if seconds else float("inf")
        self.limit, self.visited, self.check = nodes or INFINITY, 0, CHECK
        n, g = engine.n, geometry(engine.n)
        self.nn, self.plans, self.masks, self.lines = n * n, g.plans, g.masks, g.lines
        self.table, self.most, self.evaluate = engine.table, engine.limit, engine.evaluate
        self.values, self.values_limit = engine.values, engine.values_limit
        self.killers = [[-1, -1] for _ in range(256)]
        self.history = [0] * (4 * n)
        self.orders = Orders(list(range(4 * n)))
        self.seen = set(game.keys)
        self.side, self.key, self.sig = game.player(), game.keys[-1], repeatable(game)
        self.me, self.you = game.board() if self.side == 0 else game.board()[::-1]

    def look(self):
        """The look at the clock and the table every CHECK positions: raise
        Timeout when the time or the positions are up; thin a table that
        holds more than the engine's limit, or empty it where too little
        time is left for that.

        >>> search = Search(Engine(3), Game(3), nodes=1)
        >>> search.visited = 5
        >>> try:
        ...     search.look()
        ... except Timeout:
        ...     print("out of positions")
        out of positions
        """
        self.check += CHECK
        now, table = self.clock(), self.table
        if self.visited >= self.limit or now > self.deadline:
            raise Timeout
        if len(table) > self.most:
            # Thinning costs about what searching a tenth as many
            # positions as the table holds does: done only in time.
            if now + (now - self.start) / self.visited * len(table) / 10 < self.deadline:
                thin(table, self.most)
            else:
                table.clear()

    def probe(self, key, depth, alpha, beta, ply):
        """(score, move) from the table's entry for key, met ply plies below
        the root with depth plies to search within (alpha, beta): its score
        if it settles the position (else None), and the best move it
        stored (-1 if none).

        >>> search = Search(Engine(3), Game(3))
        >>> search.table[77] = (3, LOWER, 40, 5)
        >>> [search.probe(77, depth, 0, beta, 1) for depth, beta in ((3, 30), (3, 50), (4, 30))]
        [(40, 5), (None, 5), (None, 5)]
        >>> search.probe(78, 1, 0, 30, 1)
        (None, -1)
        """
        entry = self.table.get(key)
        if entry is None:
            return None, -1
        stored, flag, score, move = entry
        if stored >= depth:
            score = from_table(score, ply)
            if flag == EXACT or (score >= beta if flag == LOWER else score <= alpha):
                return score, move
        return None, move

    def store(self, key, depth, score, move, alpha, beta, ply):
        """Keep in the table what a search of key depth plies deep, ply plies
        below the root, found within (alpha, beta): score, a bound or exact,
        and its best move.

        >>> search = Search(Engine(3), Game(3))
        >>> search.store(77, 2, 50, 4, 0, 30, 1); search.store(78, 2, WIN - 5, 4, 0, WIN, 3)
        >>> search.table[77], search.table[78] == (2, EXACT, WIN - 2, 4)
        ((2, 1, 50, 4), True)
        """
        flag = LOWER if score >= beta else EXACT if score > alpha else UPPER
        self.table[key] = (depth, flag, to_table(score, ply), move)

    def remember(self, move, depth, ply, decided):
        """Learn from a move that refuted a node searched depth plies deep,
        ply plies below the root: it becomes the ply's first killer move
        (unless it decided the game), and it gains depth squared in the
        history heuristic.

        >>> search = Search(Engine(3), Game(3))
        >>> search.remember(4, 3, 2, False); search.remember(7, 2, 2, False)
        >>> search.killers[2], search.history[4], search.history[7]
        ([7, 4], 9, 4)
        """
        killer = self.killers[ply]
        if not decided and killer[0] != move:
            killer[1], killer[0] = killer[0], move
        self.history[move] += depth * depth

    def node(self, me, you, side, depth, alpha, beta, ply, sig, calm):
        """The score for the player to move (side, holding me against you),
        searched depth plies deep within (alpha, beta), ply plies below the
        root; sig hashes the earlier positions its future could repeat
        (repeatable()), and calm says the board has no straight, so only
        the lines a push touches can become one.  X wins the empty 3 x 3
        board at the ninth move; in (3 L1 R3 L1 R3) X's L1 wins at once:

        >>> search = Search(Engine(3), Game(3))
        >>> search.node(0, 0, 0, 9, -INFINITY, INFINITY, 0, 0, True) == WIN - 8
        True
        >>> search.node(3, 384, 0, 1, -INFINITY, INFINITY, 0, 0, True) == WIN
        True

        The push and the count are push_count() written out, since a call
        for each position costs 7 % of the search's time.  Made to try one
        move (its orders that move alone) one ply deep, node() scores it as
        the rules judge the board after it (a win, a loss by straights or
        by a repetition, or else its static value), on every move of random
        games of each size (their random moves those that do not end the
        game, so that the boards fill and a player may hold a straight):

        >>> def agree(n, rand):
        ...     engine, game, going = Engine(n, 1 << 30), Game(n), [0]
        ...     while going and len(game.moves) < 3 * n * n:
        ...         mover, calm, going = game.player(), straights(n, game.board()) == (0, 0), []
        ...         for move in range(4 * n):
        ...             board, result = after(game, move)
        ...             expected = -engine.evaluate(board[1 - mover] << n * n | board[mover])
        ...             if result:
        ...                 expected = WIN if result[0] == mover else -WIN
        ...             else:
        ...                 going.append(move)
        ...             engine.table.clear()
        ...             search = Search(engine, game)
        ...             search.orders = Orders([move])
        ...             if search.node(search.me, search.you, mover, 1, -INFINITY, INFINITY, 0,
        ...                            search.sig, calm) != expected:
        ...                 return False
        ...         if going:
        ...             game = game.play(going[next(rand) % len(going)])
        ...     return True
        >>> rand = ms_rand(64)
        >>> all(agree(n, rand) for n in (3, 3, 4, 4, 5, 6))
        True
        """
        if self.visited >= self.check:
            self.look()
        nn = self.nn
        key = me << nn | you
        tkey = key ^ sig << 2 * nn if sig else key
        score, first = self.probe(tkey, depth, alpha, beta, ply)
        if score is not None:
            return score
        killer, plans, masks, lines = self.killers[ply], self.plans, self.masks, self.lines
        seen, values, most_values = self.seen, self.values, self.values_limit
        occupied = me | you
        best, best_move, floor, tried = -INFINITY, -1, alpha, 0
        for m in self.orders[first, killer[0], killer[1]]:
            self.visited += 1
            tried += 1
            keep, pushed, up, down, entry, dropped, touched = plans[m][occupied & masks[m]]
            nm = (me & keep) | (me & pushed) << up >> down | entry
            ny = (you & keep) | (you & pushed) << up >> down
            a = b = 0
            for line in (touched if calm else lines):
                if nm & line == line:
                    a += 1
                elif ny & line == line:
                    b += 1
            if a != b:
                score = WIN - ply if a > b else ply - WIN
            elif dropped and ((ny << nn | nm) << 1 | side ^ 1) in seen:
                score = ply - WIN
            elif depth <= 1:
                # Half the leaves of a search are positions it valued
                # before, and a look-up costs a tenth of a valuation.
                # (A leaf facing a line the other completes with one push
                # searched a ply or two on lost: 72 and 79 of 200.)
                leaf = ny << nn | nm
                score = values.get(leaf)
                if score is None:
                    if len(values) >= most_values:
                        values.clear()
                    score = values[leaf] = -self.evaluate(leaf)
            else:
                child = (ny << nn | nm) << 1 | side ^ 1
                seen.add(child)
                csig = sig ^ mix(key << 1 | side) if dropped else 0
                quiet = calm and a == 0
                if best == -INFINITY:
                    score = -self.node(ny, nm, side ^ 1, depth - 1, -beta, -alpha,
                                       ply + 1, csig, quiet)
                else:
                    # a null window; a late quiet move first REDUCTION plies shallower
                    late = depth > REDUCTION + 1 and tried > LATE and a == 0
                    score = -self.node(ny, nm, side ^ 1, depth - 1 - REDUCTION * late,
                                       -alpha - 1, -alpha, ply + 1, csig, quiet)
                    if late and score > alpha:
                        score = -self.node(ny, nm, side ^ 1, depth - 1, -alpha - 1, -alpha,
                                           ply + 1, csig, quiet)
                    if alpha < score < beta:
                        score = -self.node(ny, nm, side ^ 1, depth - 1, -beta, -score,
                                           ply + 1, csig, quiet)
                seen.discard(child)
            if score > best:
                best, best_move = score, m
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        self.remember(m, depth, ply, a != b)
                        break
        self.store(tkey, depth, best, best_move, floor, beta, ply)
        return best

    def root(self, order, depth):
        """One ply of the deepening: the Ply of the root's moves searched in
        order, depth plies deep.  The first move gets the full window, each
        other a null window at the best score so far, and one that beats it
        becomes the best at once, before its full search (so a search cut
        short gives it).

        >>> search = Search(Engine(3), Game(3, parse_moves(3, 'L1 R3 L1 R3')))
        >>> ply = search.root(range(12), 1)
        >>> ply.move, ply.score == WIN, sorted(ply.scores), ply.complete
        (0, True, [0], True)
        """
        self.orders = Orders(sorted(self.orders.ranked, key=lambda m: -self.history[m]))
        me, you, side, sig, nn, seen = self.me, self.you, self.side, self.sig, self.nn, self.seen
        scores, found, complete = {}, None, True
        try:
            for m in order:
                plan = self.plans[m][(me | you) & self.masks[m]]
                nm, ny, a, b = push_count(plan, me, you, self.lines)
                child = (ny << nn | nm) << 1 | side ^ 1
                self.visited += 1
                if a != b:
                    score = WIN if a > b else -WIN
                elif plan[5] and child in seen:
                    score = -WIN
                elif depth == 1:
                    score = -self.evaluate(ny << nn | nm)
                else:
                    seen.add(child)
                    csig = sig ^ mix(self.key) if plan[5] else 0
                    quiet = a == 0
                    if found is None:
                        score = -self.node(ny, nm, side ^ 1, depth - 1, -INFINITY, INFINITY,
                                           1, csig, quiet)
                    else:
                        score = -self.node(ny, nm, side ^ 1, depth - 1, -found[0] - 1, -found[0],
                                           1, csig, quiet)
                        if score > found[0]:
                            found = (score, m)      # better, even if time runs out now
                            score = -self.node(ny, nm, side ^ 1, depth - 1, -INFINITY, -score + 1,
                                               1, csig, quiet)
                    seen.discard(child)
                scores[m] = score
                # (a move taken on its null-window search keeps its full score)
                if found is None or score > found[0] or found[1] == m:
                    found = (score, m)
                if score == WIN:
                    break
        except Timeout:
            complete = False
        score, move = found or (None, None)
        return Ply(move, score, scores, complete)


class Engine(object):
    """The strong player: iterative-deepening alpha-beta on bitboards.

    Repetitions are judged exactly: the positions of the game and of the
    search path are kept in a set, consulted after a move that pushed a
    token off (no other move can repeat, since tokens never decrease).  A
    position reached by such a move can repeat earlier positions in its
    subtree, so its table entry is keyed by the position together with the
    earlier positions holding as many tokens (a hash of them); every other
    entry is valid in any game.  The table's key leaves out whose turn it
    is: the rules treat X and O alike, so a position and its colour-swapped
    twin have one value.  Move order: the table's move, two killer moves a
    ply, then the history heuristic; moves after the first are searched
    with a null window first (principal variation search), and after the
    first LATE moves, those that make no straight REDUCTION plies shallower
    first (late-move reductions; two plies, so that the leaves keep the side
    to move they would have had), searched again to the full depth when
    they look better than the best so far.  A win or a loss found so is
    real, since every straight in the tree is real, so a proof stays a
    proof.  The evaluation (evaluator()) is learnt on 6 x 6, and counts a
    line the player to move completes with one push as won (completes()),
    so the leaves see the straight their mover could make; the values of
    the leaves are kept in a memo (self.values), since half the leaves of a
    search are positions valued before.  Positions counted are the
    positions reached by a move.
    When the table holds more than limit positions it is thinned (thin():
    it keeps its deepest entries, which cost the most to find again), or
    emptied where too little time is left for that; the memo is emptied
    when it holds values_limit values; both are sized from a memory budget
    in bytes (memory_budget()'s share of the machine when None).
    It deepens until GO_ON of its time is gone; a ply that the clock cuts
    short gives the best move it found, since the best move of the ply
    before is searched first and a move that beats it is taken as soon as
    its null-window search says so.
    """
    def __init__(self, n, memory=None):
        self.n, self.table, self.values = n, {}, {}
        self.evaluate = evaluator(n)
        memory, here = memory or memory_budget(), resident() or PYTHON_SIZE
        self.values_limit = values_limit(memory, n, here)
        self.limit = table_limit(memory, n, here)

    def think(self, game, seconds=None, depth=None, nodes=None, clock=time.time):
        """The Thought of the player to move in game: the best move found
        within seconds, depth plies and nodes positions (each optional), by
        a Search deepened a ply at a time, the root's moves in the order of
        the last ply's scores, until GO_ON of the time is gone; a ply cut
        short gives the best move it found.

        >>> thought = Engine(4).think(Game(4), depth=3)
        >>> move_names(4)[thought.move], thought.depth, thought.nodes, thought.score
        ('L2', 3, 312, 7)
        """
        search = Search(self, game, seconds, nodes, clock)
        order = list(range(4 * self.n))
        move, reached, score = order[0], 0, 0
        for d in range(1, (depth or 99) + 1):
            ply = search.root(order, d)
            if ply.move is not None:
                move = ply.move
            if not ply.complete:
                break
            order.sort(key=lambda m: -ply.scores.get(m, -INFINITY))
            reached, score = d, ply.score
            if abs(score) > WIN // 2 or (seconds and clock() - search.start > seconds * GO_ON):
                break
        return Thought(move, reached, search.visited, score, clock() - search.start,
                       len(self.table))

################ Machine players: in a game
## What a game needs of them: a player by its level, the time it allows
## itself, its random draws, and the words of the strong engine's advice.

LEVELS = ("easy", "j", "strong")


def budget(seconds, slowness=1.0):
    """The time the machine allows itself out of seconds left for a move:
    all but a reserve in which to notice that the time is up, print the
    move and exit.  The reserve is a fiftieth of the time, 30 ms, and 20 ms
    for each time this process runs slower than at full speed (see pace()):
    70 ms of a second at full speed, 250 ms on a tenth of a core: --icfp
    -t 1 answers within 0.93 s and 0.90 s there, in 128 MB (python3
    tests/bench.py device).

    >>> [round(budget(1.0, slowness), 3) for slowness in (1.0, 10.0)]
    [0.93, 0.75]
    >>> budget(0.1, 10.0)
    0.01
    """
    return max(0.01, 0.98 * seconds - 0.03 - 0.02 * slowness)


def pace(start):
    """How many times slower than at full speed this process runs: the
    wall-clock seconds since start, when it began, over the processor
    seconds it has had; about 1 on an idle machine, 10 held to a tenth of a
    core (its time counts its start-up, which a slow device takes slowly).

    >>> pace(time.time()), pace(time.time() - 1000) > 1
    (1.0, True)
    """
    busy = sum(os.times()[:2])
    return max(1.0, (time.time() - start) / max(busy, 0.001))


def engine_for(engines, n, memory=None):
    "The strong Engine for an n x n board kept in the dict engines, made when first needed."
    if n not in engines:
        engines[n] = Engine(n, memory)
    return engines[n]


def machine_player(level, n, seconds, depth=None, nodes=None, report=None, memory=None,
                   engines=None):
    """A function (game, rand) -> move playing at level, rand an ms_rand
    iterator (the easy player's); report(text), if given, hears what the
    strong engine found; the engine's table fits in memory bytes
    (memory_budget()'s share when None).  The strong player keeps an engine
    a board size in engines (a dict it may share), and takes the seconds
    and the slowness of its move too (budget())."""
    if level == "easy":
        return easy_move
    if level == "j":
        return lambda game, rand: j_move(game)
    engines = {} if engines is None else engines
    engine_for(engines, n, memory)

    def strong(game, rand=None, seconds=seconds, slowness=1.0):
        engine = engine_for(engines, game.n, memory)
        thought = engine.think(game, budget(seconds, slowness), depth, nodes)
        if report:
            report(search_facts(game, thought, engine))
        return thought.move
    return strong


def search_facts(game, thought, engine):
    "What --verbose says of a search: the move, depth, positions, time, score, table."
    return "%s: depth %d, %d positions in %.2f s, score %d; table %d, at most %d" % (
        move_names(game.n)[thought.move], thought.depth, thought.nodes, thought.seconds,
        thought.score, thought.table, engine.limit)


def reporter(args, stderr):
    "What hears the engine's searches: a line on stderr each with -v, else None."
    return (lambda text: stderr.write("%s: %s\n" % (PROG, text))) if args.verbose else None


def seed_of(args):
    "The seed of the random choices: --seed, else a random one (shown)."
    return args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big") % 2 ** 31


class Draws(object):
    """ms_rand(seed) from its count-th draw on, counting its draws: a State
    keeps the count, so that a line refused leaves the same draws to the
    next line.

    >>> draws = Draws(1); [next(draws) for _ in range(3)], draws.count
    ([41, 18467, 6334], 3)
    >>> draws = Draws(1, 1); next(draws), draws.count
    (18467, 2)
    """
    def __init__(self, seed, count=0):
        self.count, self.draws = 0, ms_rand(seed)
        for _ in range(count):
            next(self)

    def __iter__(self):
        return self

    def __next__(self):
        self.count += 1
        return next(self.draws)


def verdict(game, score, depth):
    """What a search's score, depth plies deep, says for the player to move
    in game: a win or a loss it proved (a score beyond WIN // 2), else the
    score and the depth.

    >>> game = Game(3)
    >>> verdict(game, WIN - 8, 9)
    'X wins by move 9, proved'
    >>> verdict(game, -WIN + 1, 2)
    'O wins by move 2 whatever X plays, proved'
    >>> verdict(game, 7, 4)
    'score 7 for X after a search 4 plies deep, nothing proved'
    """
    me = PLAYERS[game.player()]
    if score > WIN // 2:
        return "%s wins by move %d, proved" % (me, len(game.moves) + proof_plies(score))
    if score < -WIN // 2:
        return "%s wins by move %d whatever %s plays, proved" % (
            PLAYERS[1 - game.player()], len(game.moves) + proof_plies(score), me)
    return "score %d for %s after a search %d %s deep, nothing proved" % (
        score, me, depth, "ply" if depth == 1 else "plies")


def proof_plies(score):
    "The moves to the end of the game a proved score foresees (0 if it proves nothing)."
    return WIN - abs(score) + 1 if abs(score) > WIN // 2 else 0


def principal_variation(engine, game, first, plies):
    """The game after the line the engine expects from game: first, then
    the best moves its table holds, at most plies moves in all, stopping
    where the game ends or the table does not know.  The table's keys are
    found as the search makes them: the mover's tokens, the other's, and a
    hash of the earlier positions the future could repeat (repeatable()).

    >>> engine, game = Engine(3), Game(3)
    >>> thought = engine.think(game, depth=9)
    >>> line = principal_variation(engine, game, thought.move, thought.depth)
    >>> record(line), describe_end(line)
    ('(3 L2 R2 L1 L1 B2 L1 R1 R2 L2)', 'X wins at move 9: 1 straight to 0.')
    """
    line, nn = game.play(first), game.n * game.n
    while len(line.moves) - len(game.moves) < plies and not line.result:
        mine, theirs = line.board() if line.player() == 0 else line.board()[::-1]
        key, sig = mine << nn | theirs, repeatable(line)
        entry = engine.table.get(key ^ sig << 2 * nn if sig else key)
        if entry is None or entry[3] < 0:
            break
        line = line.play(entry[3])
    return line


def advice(engine, game, verb, thought):
    """What hint or solve (verb) says of the engine's Thought for the player
    to move in game: its move, or its line from here (to the end of the
    game where the search proved the result), and what the score says.

    >>> engine, game = Engine(3), Game(3)
    >>> advice(engine, game, "hint", engine.think(game, depth=9))
    'Hint: L2 for X: X wins by move 9, proved.'
    """
    names = move_names(game.n)
    said = verdict(game, thought.score, thought.depth)
    if verb == "hint":
        return "Hint: %s for %s: %s." % (names[thought.move], PLAYERS[game.player()], said)
    plies = max(1, thought.depth, proof_plies(thought.score))
    line = principal_variation(engine, game, thought.move, plies)
    moves = " ".join(names[m] for m in line.moves[len(game.moves):])
    end = "the engine's line to the end: " + describe_end(line) if line.result \
        else "the engine's principal variation."
    return "solve: %s: %s; %s" % (moves, said, end)

################ The command loop

HELP = """moves: L3 R1 T6 B2 (L/R a row, T/B a column, numbered from 1)
help (?)        this list
quit (q, exit)  stop
board           the board again
history         the game so far as a record, which replays
undo (u)        take back your last move and the machine's reply
restart         the same game from its start: an empty board, the same sides
new [N]         a new game, on an N x N board if N is given
hint            the engine's best move for the side to move, and its score
solve           the engine's best line from here, and whether it is proved
6               a board size, before the first move (records start so)
(6 L3 T4 L3)    a record: its moves are played for both sides, then the
                machine moves if it is its turn (after moves: new first,
                on the same line)"""

HINT_SECONDS = 5.0          # hint searches at most so long (solve: a move's time, -t)


def tokens(text):
    """The words of a line of input at the prompt: # starts a comment, and
    parentheses, which mark a record, are words of their own.

    >>> tokens('(6 L3 T4)  # a record')
    ['(', '6', 'L3', 'T4', ')']
    """
    return text.split("#", 1)[0].replace("(", " ( ").replace(")", " ) ").split()


def number_word(word):
    "Whether word is a whole number in ASCII digits."
    return bool(word) and all(ch in "0123456789" for ch in word)


def board_size(word):
    """The board size word names, or ValueError.

    >>> board_size('06')
    6
    >>> board_size('9' * 5000)
    Traceback (most recent call last):
    ...
    ValueError: the board size must be 3 to 20
    """
    digits = word.lstrip("0")
    if len(digits) > 2 or int(digits or "0") not in SIZES:
        raise ValueError("the board size must be %d to %d" % (SIZES[0], SIZES[-1]))
    return int(digits)


SIZE_LATE = ("a board size can come only before the first move"
             " (new %d, on the same line, starts a new game)")


def commands(words, n, moved=False):
    """The commands of a line's words as (word, verb, argument), checked
    before any of them runs, on an n x n board (a size or new N in the line
    sets the size for the words after it); Refused names the first bad
    word.  moved: the game has moves, so that a size is refused (until a
    new, restart or undo in the line: undo may take them all back) before
    the moves after it are read on it.

    >>> commands(['(', '4', 'l4', ')', 'new', '8', 'B8', 'u'], 6)[1:4]
    [('4', 'size', 4), ('l4', 'move', 3), (')', ')', None)]
    >>> commands(['new', '8', 'B8', 'u'], 6)
    [('new', 'new', 8), ('B8', 'move', 31), ('u', 'undo', None)]
    >>> commands(['L3', 'T3', 'L9'], 6)
    Traceback (most recent call last):
    ...
    pousse.Refused: L9: no row 9 on a 6 x 6 board
    >>> commands(['(', '4', 'T6', ')'], 6, moved=True)
    Traceback (most recent call last):
    ...
    pousse.Refused: 4: a board size can come only before the first move (new 4, on the same line, starts a new game)
    """
    done, i = [], 0
    while i < len(words):
        word = words[i]
        try:
            if word in ("(", ")"):
                done.append((word, word, None))
            elif word.lower() in WORDS:
                verb, size = WORDS[word.lower()], None
                if verb == "new" and i + 1 < len(words) and number_word(words[i + 1]):
                    i += 1
                    word = words[i]
                    size = n = board_size(word)
                    word = words[i - 1]
                moved = moved and verb not in ("new", "restart", "undo")
                done.append((word, verb, size))
            elif number_word(word):
                n = board_size(word)
                if moved:
                    raise ValueError(SIZE_LATE % n)
                done.append((word, "size", n))
            elif number_word(word[1:]) and word[0] in "+-":
                raise ValueError("the board size must be %d to %d" % (SIZES[0], SIZES[-1]))
            elif word[:1].upper() in EDGES and number_word(word[1:]):
                done.append((word, "move", parse_move(n, word)))
                moved = True
            else:
                raise ValueError("not a move or command (help lists them); a move is"
                                 " L, R, T or B and a number, e.g. L3")
        except ValueError as problem:
            raise Refused("%s: %s" % (printable(word), problem))
        i += 1
    return done


# The commands that show or judge the game as it is: when the machine has
# its opening move to make (input from a file: at a terminal it moved before
# the first prompt), it makes it first.
OPENING = ("board", "history", "hint", "solve", "quit")

Settings = collections.namedtuple(
    "Settings", "machine player seed seconds colour quiet title command engine depth nodes"
                " timed report clock")
Settings.__doc__ = """What a game at the prompt keeps from start to end: the
players the machine plays (a frozenset) and its player (machine_player()),
the seed of its random draws, the seconds of a move; colour, and quiet
(print only what is asked for: play() prints the final board); title(n),
the first line of a game; command, the command line that replays a
history; engine(n), the strong Engine of hint and solve, with depth and
nodes; timed (a human who takes longer than seconds a move loses);
report(text), which hears what the searches found (-v), or None; the clock."""

State = collections.namedtuple("State", "game started record ready draws")
State.__doc__ = """What a line may change: the Game; whether its title and
first board are printed (started); whether a record is open (within a
line: a record ends with its line); when the player to move was shown the
board (ready, by the clock); how many random draws were made."""


def setup(args, colour=False, interactive=False, stderr=None):
    """(Settings, State) of a game at the prompt with the options args: the
    machine's sides (by the seed where --machine does not say), its player
    and the first, empty, board."""
    seed = seed_of(args)
    rand = Draws(seed)
    if args.self:
        machine = {0, 1}
    elif args.machine:
        machine = set() if args.machine == "none" else {PLAYERS.index(args.machine)}
    else:
        machine = {next(rand) % 2}
    report, memory, engines = reporter(args, stderr), memory_budget(args.memory), {}
    player = machine_player(args.level, args.n, args.t, args.depth, args.nodes, report,
                            memory, engines)
    what = "%s, %s s a move" % (args.level, "%g" % args.t)
    if not machine:
        intro = "two humans; X moves first."
    elif len(machine) == 2:
        intro = "seed %d: the machine (%s) plays both sides." % (seed, what)
    else:
        side = min(machine)
        intro = "seed %d: you play %s, the machine (%s) plays %s." % (
            seed, PLAYERS[1 - side], what, PLAYERS[side])
    settings = Settings(frozenset(machine), player, seed, args.t, colour, args.quiet,
                        lambda n: "Pousse %d x %d: %s" % (n, n, intro),
                        replay_command(args, machine), lambda n: engine_for(engines, n, memory),
                        args.depth, args.nodes, args.clock and interactive, report, time.time)
    return settings, State(Game(args.n), False, False, settings.clock(), rand.count)


def replay_command(args, machine):
    """The command line that replays a game of these options and goes on
    with it: the machine's side and how it plays."""
    parts = ["pousse.py", "--machine", "none" if len(machine) != 1 else PLAYERS[min(machine)]]
    if len(machine) == 1:
        if args.level != "strong":
            parts += ["--level", args.level]
        if args.t != 30:
            parts += ["-t", "%g" % args.t]
        for option in ("depth", "nodes"):
            if getattr(args, option):
                parts += ["--" + option, str(getattr(args, option))]
    if args.clock:
        if len(machine) != 1 and args.t != 30:
            parts += ["-t", "%g" % args.t]     # the clock's seconds
        parts.append("--clock")
    return " ".join(parts)


def run_line(settings, state, text, busy=None, out=None):
    """(the state after a line of input, the texts it prints, whether it
    ends the input), as play_lines() asks of its step.  The line's words are
    checked, then carried out on state, which no word changes: a word that
    fails raises Refused, naming it, and leaves the game as it was, the
    machine's replies in the line and its random draws included.  The
    machine's reply to the line's last move comes at the end of the line;
    what the line printed before it is written to out first, when out is
    given, so that a player at a terminal sees it while the machine thinks
    (and after a Ctrl-C there, the board as it was again).  busy(what)
    shows a search at work.

    >>> args = parser().parse_args(['-n', '4', '--machine', 'O', '--level', 'easy',
    ...                             '--seed', '5', '-q'])
    >>> settings, state = setup(args)
    >>> state, printed, ended = run_line(settings, state, 'L1 history')
    >>> printed, ended, state.draws
    (['# pousse.py --machine O --level easy\\n(4 L1 R3)'], False, 1)

    A word that fails refuses the whole line.  Here the machine replied to
    two moves, drawing its random numbers, before the parenthesis failed;
    the state given to the line is the game as it was, and the next line
    gets the same replies:

    >>> asked = []
    >>> def busy(what):
    ...     asked.append(what)
    ...     return lambda: None
    >>> run_line(settings, state, 'L1 L1 )', busy)
    Traceback (most recent call last):
    ...
    pousse.Refused: ): no record to close
    >>> asked, record(state.game), state.draws
    (['thinking', 'thinking'], '(4 L1 R3)', 1)
    >>> after, printed, ended = run_line(settings, state, 'L1 L1 quit L2')
    >>> record(after.game), after.draws, ended
    ('(4 L1 R3 L1 R2 L1 B4)', 3, True)
    """
    words = tokens(text)
    if not words and not state.started:
        return state, [], False     # a comment (a history's first line): the
                                    # opening move waits for a word, a record's size perhaps
    printed = []
    line, after = Line(settings, printed.append, busy), state
    done = commands(words, state.game.n, bool(state.game.moves))
    for i, (word, verb, argument) in enumerate(done):
        try:
            after = line.do(after, verb, argument, i == len(done) - 1)
        except ValueError as problem:
            raise Refused("%s: %s" % (printable(word), problem))
        if verb == "quit":
            return after._replace(record=False), printed, True
    after = after._replace(record=False)
    shown = bool(printed) and out is not None and line.replies(after)
    if shown:                       # nothing can fail now, but Ctrl-C
        out.write("".join(text + "\n" for text in printed))
        out.flush()
        del printed[:]
    try:
        return line.machine_moves(after), printed, False
    except KeyboardInterrupt:
        if shown:                   # the board as it was, again
            out.write(show(state.game, settings.colour) + "\n")
            out.flush()
        raise


class Line(object):
    """The words of a line carried out on a State, and the machine's moves
    between lines: each method gives the state after it, and changes none;
    a word that cannot be done raises ValueError.  Inside parentheses (a
    record) the moves are played for both sides; else the machine moves
    when it is its turn, before a human move and after it.  settings are
    the game's Settings; say(text) prints (into the line's texts, or out at
    once); busy(what) shows a search at work and gives the function that
    clears it (none when None)."""
    def __init__(self, settings, say, busy=None):
        self.settings, self.say = settings, say
        self.busy = busy or (lambda what: lambda: None)

    def do(self, state, verb, argument, last):
        "The state after a command, the last of its line or not."
        if verb not in ("(", ")", "size"):
            state = self.begin(state)
        if verb in OPENING:
            state = self.machine_moves(state)   # its opening move, as at a terminal
        if verb == "(" and state.record:
            raise ValueError("a record is open already")
        if verb == ")" and not state.record:
            raise ValueError("no record to close")
        if verb in ("(", ")"):
            return state._replace(record=verb == "(")
        if verb == "move":
            return self.move(state, argument, last)
        if verb == "undo":
            return self.undo(state)
        if verb == "size":
            return self.resize(state, argument)
        if verb in ("restart", "new"):
            state = state._replace(game=Game(argument or state.game.n))
            if verb == "new" and not self.settings.quiet:
                self.say(self.settings.title(state.game.n))
            return self.show(state)
        if verb == "help":
            self.say(HELP)
        elif verb == "board":
            self.say(show(state.game, self.settings.colour))
        elif verb == "history":
            self.say("# %s\n%s" % (self.settings.command, record(state.game)))
        elif verb in ("hint", "solve"):
            self.analyse(state.game, verb)
        return state

    def show(self, state):
        "The state after a change, its board shown (not with quiet): the player to move is ready."
        if not self.settings.quiet:
            self.say(show(state.game, self.settings.colour))
        return state._replace(ready=self.settings.clock())

    def begin(self, state):
        "The state with the game's title and board printed, once."
        if state.started:
            return state
        if not self.settings.quiet:
            self.say(self.settings.title(state.game.n))
        return self.show(state._replace(started=True))

    def replies(self, state):
        "Whether the machine is to move, outside a record, in a game that goes on."
        return (not state.record and not state.game.result
                and state.game.player() in self.settings.machine)

    def machine_moves(self, state):
        "The state after the machine's moves, while it is its turn."
        while self.replies(state):
            rand = Draws(self.settings.seed, state.draws)
            clear = self.busy("thinking")
            try:
                move = self.settings.player(state.game, rand)
            finally:
                clear()
            state = self.show(state._replace(game=state.game.play(move), draws=rand.count))
        return state

    def move(self, state, move, last):
        "A human move (the machine's first, if it is its turn), and the reply unless last."
        state = self.machine_moves(state)
        game = state.game
        if game.result:
            raise ValueError("the game is over: undo, restart, new or quit")
        took = self.settings.clock() - state.ready
        if self.settings.timed and not state.record and took > self.settings.seconds:
            state = self.show(state._replace(game=game.lose_on_time(took)))
        else:
            state = self.show(state._replace(game=game.play(move)))
        return state if last else self.machine_moves(state)

    def undo(self, state):
        "Take back the last human move and the machine's replies (or a loss on time)."
        game = state.game
        if game.result and game.result[1] == "time":
            game = game.undo()
        else:
            human = [i for i in range(len(game.moves)) if i % 2 not in self.settings.machine]
            if not human:
                raise ValueError("nothing to undo")
            while len(game.moves) > human[-1]:
                game = game.undo()
        return self.show(state._replace(game=game))

    def resize(self, state, n):
        """A board size, as a record starts: only before the first move (a
        record after moves would be played on as their sequel, even of the
        same size: two records piped in one after the other)."""
        if state.game.moves:
            raise ValueError(SIZE_LATE % n)
        if n != state.game.n:
            state = state._replace(game=Game(n))
            if state.started:
                state = self.show(state)
        return self.begin(state)

    def analyse(self, game, verb):
        "hint or solve: the strong engine's search for the player to move, and its advice."
        if game.result:
            raise ValueError("the game is over: nothing to %s" % verb)
        settings = self.settings
        engine = settings.engine(game.n)
        seconds = min(settings.seconds, HINT_SECONDS) if verb == "hint" else settings.seconds
        clear = self.busy("thinking")
        try:
            thought = engine.think(game, budget(seconds), settings.depth, settings.nodes)
        finally:
            clear()
        if settings.report:
            settings.report("%s: %s" % (verb, search_facts(game, thought, engine)))
        self.say(advice(engine, game, verb, thought))


def play(args, stdin, stdout, stderr, colour, watch=None):
    """Play a game at the prompt; the exit status.  The machine's moves
    outside a line (against itself, its opening move at a terminal, at the
    end of the input) print as they come."""
    interactive = bool(getattr(stdin, "isatty", None) and stdin.isatty())
    settings, state = setup(args, colour, interactive, stderr)

    def write(text):
        stdout.write(text + "\n")
        stdout.flush()
    between = Line(settings, write, lambda what: working(stderr, interactive, what))
    if len(settings.machine) == 2:
        state = between.machine_moves(between.begin(state))
        if args.quiet:
            write(show(state.game, colour))
        write(record(state.game))
        return 0
    if interactive:
        state = between.begin(state)
        try:
            state = between.machine_moves(state)
        except KeyboardInterrupt:
            stderr.write("%s: interrupted; the machine moves after your next line\n" % PROG)
    read = []                       # the numbers of the lines that held a word

    def lines():
        for number, text in input_lines(stdin, "pousse> ", stderr):
            if tokens(text):
                read.append(number)
            yield number, text

    def step(state, number, text, busy):
        return run_line(settings, state, text, busy, stdout)
    status, state = play_lines(state, lines(), step, stdout, stderr, interactive, watch)
    state = between.begin(state)
    if read:
        try:
            state = between.machine_moves(state)    # its opening move, if no line made it
        except KeyboardInterrupt:
            if not interactive:
                raise
    if args.quiet:
        write(show(state.game, colour))
    return status

################ The contest robot

def words(text):
    "The words of a line for the robot: # starts a comment, parentheses separate."
    return text.split("#", 1)[0].replace("(", " ").replace(")", " ").split()


def robot(args, stdin, stdout, stderr, start):
    """--icfp: read the size and the moves so far, print the machine's move;
    the exit status."""
    game, number = None, 0
    for number, line in input_lines(stdin, "", stderr):
        for word in words(line):
            try:
                if game is None:
                    if not all(ch in "0123456789" for ch in word) or int(word) not in SIZES:
                        raise ValueError("the first word must be the board size, %d to %d"
                                         % (SIZES[0], SIZES[-1]))
                    game = Game(int(word))
                elif game.result:
                    raise ValueError("the game is already over: " + describe_end(game))
                else:
                    game = game.play(parse_move(game.n, word))
            except ValueError as problem:
                stderr.write("%s: line %d: %s: %s\n" % (PROG, number, printable(word), problem))
                return 1
    if game is None:
        stderr.write("%s: line %d: no board size on standard input\n" % (PROG, number + 1))
        return 1
    if game.result:
        stderr.write("%s: the game is already over: %s\n" % (PROG, describe_end(game)))
        return 1
    rand = ms_rand(seed_of(args))
    player = machine_player(args.level, game.n, args.t, args.depth, args.nodes,
                            reporter(args, stderr), memory_budget(args.memory))
    left = args.t - (time.time() - start)
    move = player(game, rand, left, pace(start)) if args.level == "strong" else player(game, rand)
    stdout.write(move_names(game.n)[move] + "\n")
    stdout.flush()
    if __name__ == "__main__":
        # The referee waits for the robot to end, and tearing down the
        # interpreter and the engine's table takes a slow device longer
        # than the move itself takes to print: a program ends at once.
        stderr.flush()
        os._exit(0)
    return 0

################ Main

def parser():
    "The command-line parser; its --help is the manual above, exactly."
    p = option_parser("%(prog)s [options] < moves", lambda stream: __doc__ or "")
    p.add_argument("-n", type=size, default=6)
    p.add_argument("-t", type=seconds, default=30.0)
    p.add_argument("--machine", type=side)
    p.add_argument("--self", action="store_true")
    p.add_argument("--level", type=one_of(*LEVELS), default="strong")
    p.add_argument("--depth", type=positive)
    p.add_argument("--nodes", type=positive)
    p.add_argument("--seed", type=seed_number)
    p.add_argument("--memory", type=memory_size, metavar="MB")
    p.add_argument("--clock", action="store_true")
    p.add_argument("-q", "--quiet", action="store_true")
    p.add_argument("--icfp", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    p.add_argument("--color", "--colour", type=one_of("auto", "always", "never"), default="auto")
    p.add_argument("-m", "--monochrome", action="store_const", dest="color", const="never")
    p.add_argument("--ascii", action="store_true")
    return p


def size(text):
    "An -n argument."
    import argparse
    try:
        return board_size(text.strip() if number_word(text.strip()) else "0")
    except ValueError:
        raise argparse.ArgumentTypeError(
            "%s: give a board size from %d to %d" % (printable(text), SIZES[0], SIZES[-1]))


def seed_number(text):
    "A --seed argument, 0 to 2^33 - 1."
    import argparse
    text = text.strip()
    if not (number_word(text) and len(text) < 12 and int(text) < 2 ** 33):
        raise argparse.ArgumentTypeError(
            "%s: give a whole number from 0 to 8589934591" % printable(text))
    return int(text)


def side(text):
    "A --machine argument."
    import argparse
    if text.upper() in PLAYERS:
        return text.upper()
    if text.lower() == "none":
        return "none"
    raise argparse.ArgumentTypeError("%s: the machine plays X, O or none" % printable(text))


def main(argv=None, stdin=None, stdout=None, stderr=None, watch=None):
    """Run pousse.py with arguments argv on the given streams; the exit
    status.  watch, if given, is called with the State before each input
    line is read and after the last (the hook tests/robustness.txt fuzzes
    the game with)."""
    start = time.time()
    stdin, stdout, stderr = stdin or sys.stdin, stdout or sys.stdout, stderr or sys.stderr
    import contextlib
    try:
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            args = parser().parse_args(argv)    # argparse prints help and errors
            if args.self and (args.machine or args.icfp):
                parser().error("--self plays both sides: no --machine or --icfp with it")
            if args.icfp and args.machine:
                parser().error("--icfp moves for the side to move: no --machine with it")
    except SystemExit as exit:
        return exit.code
    colour = wants_colour(args.color, stdout, os.environ)
    if args.icfp:
        return robot(args, stdin, stdout, stderr, min(start, process_start()))
    return play(args, stdin, stdout, stderr, colour, watch)

################ The shared block
## The machinery every script has: reading input, the words of the prompt,
## the options' numbers, the clock, the memory budget, results files, lists
## run on several processes, ending quietly.  The same pieces in the same
## order in every script, byte for byte the same where two scripts hold one
## (tests/copies.txt checks it): a fix made here is made in every copy.

################ Input: lines from anywhere

def input_lines(stream, prompt, stderr):
    """(number, text) for each line of stream, whatever bytes it holds: a
    byte that is not UTF-8 written as \\xNN, a byte-order mark and CR/LF
    dropped.  The prompt goes to stderr, and only when stream is a terminal.

    >>> import io
    >>> list(input_lines(io.BytesIO(b'\\xef\\xbb\\xbf63 7a\\r\\n\\xff\\n'), '> ', None))
    [(1, '63 7a'), (2, '\\\\xff')]
    """
    isatty = getattr(stream, "isatty", None)
    interactive = bool(isatty and isatty())
    source = getattr(stream, "buffer", stream)
    number = 0
    while True:
        if interactive:
            stderr.write(prompt)
            stderr.flush()
        line = source.readline()
        if not line:
            if interactive:         # Ctrl-D: the shell's prompt on a line of its own
                stderr.write("\n")
            return
        number += 1
        if isinstance(line, bytes):
            line = line.decode("utf-8", "backslashreplace")
        if number == 1:
            line = line.lstrip("\ufeff")
        yield number, line.rstrip("\r\n")


def watched(lines, watch, state):
    """The lines, calling watch(state()) before each is read and after the
    last, when watch is given: a command loop's per-line hook."""
    if watch is None:
        for line in lines:
            yield line
        return
    watch(state())
    for line in lines:
        yield line
        watch(state())


# The words every game's prompt knows, each meaning the same in every game.
WORDS = {"help": "help", "?": "help", "quit": "quit", "q": "quit", "exit": "quit",
         "board": "board", "history": "history", "undo": "undo", "u": "undo",
         "restart": "restart", "new": "new", "hint": "hint", "solve": "solve"}


def shown(text):
    r"""text as a message shows it: a byte that is not UTF-8, which Python
    holds as a surrogate (U+DC80..U+DCFF) in an argument or a file name,
    written \xNN, as input_lines() writes one.

    >>> print(shown("caf\udce9.txt caf\u00e9"))
    caf\xe9.txt café
    """
    return "".join("\\x%02x" % (ord(c) - 0xDC00) if "\udc80" <= c <= "\udcff" else c
                   for c in text)


def printable(word):
    r"""word fit to echo in an error line: control characters and bytes
    that are not UTF-8 escaped, cut after 40 characters.

    >>> print(printable("7\x00x\x1b[31m"), printable("\udcff"))
    7\x00x\x1b[31m \xff
    >>> printable("Q" * 100) == "Q" * 40 + "..."
    True
    """
    return "".join(c if c.isprintable() else "\\x%02x" % ord(c) if ord(c) < 256
                   else "\\u%04x" % ord(c) for c in shown(word[:40])) + (
                       "..." if len(word) > 40 else "")


def working(stderr, interactive, what):
    """At a terminal, a line on stderr saying that a search (what) runs and
    that Ctrl-C stops it; the function that clears it again.  Elsewhere
    nothing."""
    if not interactive:
        return lambda: None
    line = "%s... (Ctrl-C stops it)" % what
    stderr.write(line)
    stderr.flush()

    def clear():
        stderr.write("\r%s\r" % (" " * len(line)))
        stderr.flush()
    return clear

################ The command loop: a line is all or nothing
## A game's state is plain data that a line does not change: a line makes a
## new state, or is refused and leaves the old one as it was.  So a line is
## all or nothing whatever its words, and undo can be keeping the states.

class Refused(Exception):
    "A line refused; the message names the word and says why."


def play_lines(state, lines, step, out, err, interactive=False, watch=None):
    r"""Carry out each line of lines ((number, text) pairs, as input_lines()
    reads them) on state: step(state, number, text, busy) gives the state
    after the line, the texts it prints and whether the input ends there,
    or raises Refused: then one line on err names the input line and says
    why, and the state stays as it was.  busy(what) shows a search's progress line at a
    terminal (interactive) and gives the function that takes it away; there,
    Ctrl-C during a line stops it and leaves the state as it was, where from
    a pipe it ends the program.  watch(state), when given, sees the state
    before each line is read and after the last.  Returns (0 when every line
    was carried out, else 1; the last state).

    >>> import io
    >>> def step(state, number, text, busy):
    ...     printed = []
    ...     for word in text.split():
    ...         if word == "quit":
    ...             return state, printed, True
    ...         if word != "+1":
    ...             raise Refused("%s: not a word" % printable(word))
    ...         state += 1
    ...         printed.append("now %d" % state)
    ...     return state, printed, False
    >>> out, err = io.StringIO(), io.StringIO()
    >>> play_lines(0, enumerate(["+1 +1", "+1 lemon", "+1 quit +1", "+1"], 1), step, out, err)
    (1, 3)
    >>> print((out.getvalue() + err.getvalue()).replace(PROG, "GAME"), end="")
    now 1
    now 2
    now 3
    GAME: line 2: lemon: not a word
    """
    status = 0

    def busy(what):
        "The progress line of a search; the function that clears it."
        return working(err, interactive, what)

    for number, text in watched(lines, watch, lambda: state):
        try:
            after, printed, ended = step(state, number, text, busy)
        except Refused as error:
            err.write("%s: line %d: %s\n" % (PROG, number, error))
            status = 1
            continue
        except KeyboardInterrupt:
            if not interactive:
                raise
            err.write("%s: line %d: interrupted; the game is as it was\n" % (PROG, number))
            status = 1                  # the line was not carried out
            continue
        for said in printed:
            out.write(said + "\n")
        out.flush()
        state = after
        if ended:
            break
    return status, state

################ Options: the parser, numbers

def option_parser(usage, manual):
    """The command line's parser (argparse's, imported here: a game read
    from a pipe does without).  --help prints manual(stream), the script's
    manual as stream can print it, and only that; usage and errors go where
    argparse sends them, sys.stdout and sys.stderr (main() redirects them
    to its own streams), and a write that fails there (a full disk) reaches
    run(), which says so, where argparse would drop it.  A byte of an
    argument that is not UTF-8 is shown \\xNN.

    >>> import contextlib, io
    >>> out = io.StringIO()
    >>> parser = option_parser("%(prog)s [options]", lambda stream: "The manual.\\n")
    >>> with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
    ...     for argv in (["--help"], ["--lemon"], ["--l\\udcffmon"]):
    ...         try:
    ...             parser.parse_args(argv)
    ...         except SystemExit as exit:
    ...             print("exit", exit.code)
    >>> print(out.getvalue().replace(PROG, "GAME"), end="")
    The manual.
    exit 0
    usage: GAME.py [options]
    GAME.py: error: unrecognized arguments: --lemon
    exit 2
    usage: GAME.py [options]
    GAME.py: error: unrecognized arguments: --l\\xffmon
    exit 2
    """
    import argparse

    class Parser(argparse.ArgumentParser):
        def print_help(self, file=None):
            file = file or sys.stdout
            file.write(manual(file))

        def print_usage(self, file=None):
            (file or sys.stdout).write(self.format_usage())

        def exit(self, status=0, message=None):
            if message:
                sys.stderr.write(shown(message))
            sys.exit(status)
    return Parser(prog=PROG + ".py", usage=usage)


def positive(text):
    """argparse type: a whole number from 1 to 10**18 - 1.

    >>> positive(" 12 ")
    12
    >>> positive("²")           # a digit to str.isdigit(), not to int()
    Traceback (most recent call last):
    argparse.ArgumentTypeError: ²: give a whole number from 1 to 999999999999999999
    """
    import argparse
    text = text.strip()
    if not (text and not text.strip("0123456789") and len(text) < 19 and int(text) >= 1):
        raise argparse.ArgumentTypeError(
            "%s: give a whole number from 1 to 999999999999999999" % printable(text))
    return int(text)


def seconds(text):
    """argparse type: a number of seconds above 0, at most a million.

    >>> seconds("0.5"), seconds("1e6")
    (0.5, 1000000.0)
    """
    import argparse
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value <= 10**6:
        raise argparse.ArgumentTypeError(
            "%s: give a number of seconds above 0 and at most 1000000" % printable(text))
    return value


def one_of(*words):
    """argparse type: one of words, in any case; a word that is none of them
    is named as typed.

    >>> one_of("auto", "never")("NEVER")
    'never'
    >>> one_of("auto", "never")("Nevr")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: invalid choice: 'Nevr' (choose from 'auto', 'never')
    """
    def pick(text):
        import argparse
        if text.lower() in words:
            return text.lower()
        raise argparse.ArgumentTypeError("invalid choice: '%s' (choose from %s)"
                                         % (printable(text), ", ".join(map(repr, words))))
    return pick


def memory_size(text):
    """argparse type: a number of MB, from 1 to 2**30 - 1.

    >>> memory_size('64')
    64.0
    """
    import argparse
    try:
        value = float(text)
    except ValueError:
        value = 0
    if not 1 <= value < 1 << 30:
        raise argparse.ArgumentTypeError(
            "%s: give a number of MB from 1 to 1073741823" % printable(text))
    return value

################ The clock

def process_start():
    """When this process started, by the wall clock, where the system says
    (Linux's /proc): a time limit counts from there, start-up included, as
    a slow device is slow to start, even where start-up alone took longer
    than the limit (the search then has no time left: it answers at once).  Now
    where the system does not say, or where main() runs inside another
    program (the tests), whose own start is not this one's."""
    now = time.time()
    if __name__ != "__main__":
        return now
    try:
        with open("/proc/self/stat") as stat, open("/proc/uptime") as uptime:
            ticks = int(stat.read().rsplit(")", 1)[1].split()[19])
            age = float(uptime.read().split()[0]) - ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        return now
    return now - age if age >= 0 else now

################ The machine: memory
## A search keeps its positions in memory, and a small device has little.
## Every search has a budget in bytes, Python itself included, and ends with
## 'unknown' when it would go past it, before the kernel's OOM killer acts.

DEFAULT_MEMORY = 256            # MB, where the machine does not say what it has
MEMORY_SHARE = 0.75             # of what the machine can give, by default


def first_number(path, label=None):
    """The first number in a file, or after label on the line starting with
    it; None where there is none ('max', a missing file)."""
    try:
        with open(path) as lines:
            for line in lines:
                words = line.split()
                if label is None or words[:1] == [label]:
                    return int(words[1 if label else 0])
    except (OSError, ValueError, IndexError):
        pass
    return None


def cgroup_room():
    """Bytes the memory cgroups of this process leave it: the least, over
    the group and its parents, of limit less usage (cgroup v1 or v2); None
    where no group sets a limit."""
    try:
        with open("/proc/self/cgroup") as lines:
            groups = [line.rstrip("\n").split(":", 2) for line in lines]
    except OSError:
        return None
    rooms = []
    for group in groups:
        if len(group) != 3:
            continue
        if group[1] == "":
            base, files = "/sys/fs/cgroup", ("memory.max", "memory.current")
        elif "memory" in group[1].split(","):
            base, files = "/sys/fs/cgroup/memory", ("memory.limit_in_bytes",
                                                    "memory.usage_in_bytes")
        else:
            continue
        parts = [part for part in group[2].split("/") if part]
        for depth in range(len(parts), -1, -1):
            where = "/".join([base] + parts[:depth]) + "/"
            limit = first_number(where + files[0])
            if limit is not None and limit < 1 << 50:
                rooms.append(max(0, limit - (first_number(where + files[1]) or 0)))
    return min(rooms) if rooms else None


STARTED_IN = os.getpid()        # the process that loaded the script (see resident())


def resident():
    """The memory this process holds, in bytes; None where /proc cannot
    tell.  A worker of --jobs (a process forked from the one that loaded
    the script) counts only the pages it holds alone: those it still
    shares with the main process are counted there, once, as the kernel
    counts them.  (Counted in each worker too, they left a worker of a
    64 MB device less than its own size.)"""
    try:
        if os.getpid() != STARTED_IN:
            try:
                with open("/proc/self/smaps_rollup") as rollup:
                    return sum(int(line.split()[1]) for line in rollup
                               if line.startswith("Private_")) << 10
            except OSError:
                pass                    # Linux before 4.14: all of them, as below
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError, AttributeError):
        return None


def memory_budget(megabytes=None):
    """The bytes this process may hold, Python included: --memory MB when
    given; else its size now and a share of what the machine can give
    besides (the smaller of MemAvailable and the cgroup's room); else
    DEFAULT_MEMORY MB.

    >>> memory_budget(64)
    67108864
    >>> 0 < memory_budget() < 1 << 50
    True
    """
    if megabytes:
        return int(megabytes * (1 << 20))
    available = first_number("/proc/meminfo", "MemAvailable:")
    free = [n for n in (cgroup_room(), available and available * 1024) if n is not None]
    if not free:
        return DEFAULT_MEMORY << 20
    return (resident() or 0) + int(MEMORY_SHARE * min(free))

################ Ending quietly

def run(main):
    """Call main() as a program: Ctrl-C exits 130, a closed pipe exits
    quietly, and output that cannot be written (a full disk) says so in one
    line and exits 1."""
    # A stream closed before the start (>&-) is None in Python: an empty one serves.
    sys.stdin = sys.stdin or open(os.devnull)
    sys.stdout = sys.stdout or open(os.devnull, "w")
    sys.stderr = sys.stderr or open(os.devnull, "w")
    if _signal.getsignal(_signal.SIGINT) is _signal.SIG_DFL:     # set at the top
        _signal.signal(_signal.SIGINT, _signal.default_int_handler)
    try:
        try:
            status = main()
        except SystemExit as done:      # argparse's: --help, a bad option
            status = done.code
        sys.stdout.flush()              # here, where a failure can be caught
    except KeyboardInterrupt:
        if sys.stderr.isatty():         # the terminal's ^C gets its line ended
            sys.stderr.write("\n")
        status = 130
    except BrokenPipeError:
        # Python would complain again when it flushes stdout at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = 0
    except OSError as error:            # the files a script writes say so themselves
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        try:
            sys.stderr.write("%s: %s: %s\n" % (PROG, error.filename or "standard output",
                                               error.strerror or error))
            sys.stderr.flush()
        except OSError:
            pass
        status = 1
    sys.exit(status)


if __name__ == "__main__":
    run(main)
