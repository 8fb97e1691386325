#!/usr/bin/env python3
"""pousse.py: Pousse, the game of the ICFP 1998 programming contest.

Two players, X and O, take turns pushing tokens onto an N x N board (6 x 6
unless -n says otherwise); X moves first and the board starts empty.

RULES
  A move enters a token at one end of a row or a column.  The token pushes
  the tokens in front of it one cell along, up to the first empty cell of
  that line; if the line is full, the token at the far end falls off.
  A straight is a row or column filled with one player's tokens.  After a
  move, if one player has more straights than the other, that player wins,
  whoever moved (so a move that completes more straights for the opponent
  loses).  A move that re-creates a position (the board and whose turn it
  is) that the same player's move produced earlier loses.  A player who
  takes longer than the time limit (-t) for a move loses.

NOTATION (the contest's; rows are numbered from the top, columns from the left)
  L3   enter at the left end of row 3, pushing right
  R3   enter at the right end of row 3, pushing left
  T3   enter at the top of column 3, pushing down
  B3   enter at the bottom of column 3, pushing up
  A game record is the board size and the moves: (6 L3 T3 L3 B2 ...).

COMMANDS (one or more a line; # starts a comment)
  L3 R1 T6 B2     moves (lower case works too)
  undo, u         take back your last move and the machine's reply
  history         the game so far as a record, which replays
  help, ?         this list
  quit, q         stop
  6               a board size, before the first move (records start so)

MODES
  pousse.py                   you against the machine, sides chosen by --seed
  pousse.py --machine O       you play X; --machine X: you play O
  pousse.py --machine none    two humans, or replay a record piped in:
                                  pousse.py --machine none < game.txt
  pousse.py --self            the machine against itself
  pousse.py --icfp            a contest robot: the size, then the moves so
                              far, one a line, on stdin; the machine's move
                              on stdout, within -t seconds

MACHINE PLAYERS (--level)
  strong   (default) iterative-deepening alpha-beta search on bitboards with
           a transposition table, exact repetition handling and move ordering;
           it uses the time it has (-t) and never more, or stops at --depth
           or --nodes, which make it deterministic
  j        the J team's strategy from the contest: take a winning move, avoid
           losing ones, else the move whose best reply by the opponent scores
           least by the J evaluation (partial straights, centre weights, and
           1e8 x the straight surplus or repetition loss)
  easy     takes a win and avoids an immediate loss, otherwise moves at random

OPTIONS
  -n N              board size, 3 to 20 (default 6)
  -t T              seconds a move (default 30); a human's time counts only
                    when typing at a terminal
  --machine X|O|none    the machine's side (default: chosen at random)
  --self            the machine plays both sides
  --level easy|j|strong  (default strong)
  --depth D, --nodes K   limit the strong engine's search (deterministic)
  --seed S          fixes every random choice (Microsoft's rand())
  --icfp            contest robot mode (see MODES)
  -v, --verbose     the engine's depth, positions and score on stderr
  --color=auto|always|never, -m/--monochrome (no escape codes), --ascii
                    (accepted like the other games; the board is ASCII anyway)

A SESSION (two humans; the last move's edge label is starred)

>>> main(['-n', '4', '--machine', 'none', '-m'], io.StringIO('L2 T2 L2 B2 R2'))
Pousse 4 x 4: two humans; X moves first.
    T1 T2 T3 T4
 L1  .  .  .  .  R1
 L2  .  .  .  .  R2
 L3  .  .  .  .  R3
 L4  .  .  .  .  R4
    B1 B2 B3 B4
X to move.
    T1 T2 T3 T4
*L2  X  .  .  .  R2
...
    T1 T2 T3 T4
 L1  .  O  .  .  R1
 L2  O  X  X  X  R2
 L3  .  X  .  .  R3
 L4  .  .  .  . *R4
    B1 B2 B3 B4
moves: L2 T2 L2 B2 R2
O to move.
0
"""
# Python 3.6+, standard library only.  Everything below reads top to bottom:
# data, rules, notation, display, machine players, command loop, main.

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
##           tokens above the other's; equal keys are the same position
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


def push_plan(lane, occupied):
    """How a token entering lane moves the tokens when the cells of occupied
    hold tokens: (keep, pushed, up, down, entry, dropped).  The tokens on
    pushed move one cell along the lane (a shift << up >> down), those
    outside keep stay, the new token lands on entry, and dropped tells
    whether the line was full so its last token fell off.

    >>> push_plan([0, 1, 2], 0b011)[1:]
    (3, 1, 0, 1, False)
    >>> push_plan([2, 1, 0], 0b111)[1:]
    (6, 0, 1, 4, True)
    """
    free = [i for i, cell in enumerate(lane) if not occupied >> cell & 1]
    end = free[0] if free else len(lane) - 1
    step = lane[1] - lane[0]
    up, down = (step, 0) if step > 0 else (0, -step)
    keep = ~bits(lane[:end + 1])
    return keep, bits(lane[:end]), up, down, 1 << lane[0], not free


class Plans(dict):
    "A move's push plans, keyed by the occupied cells of its line, made when first needed."
    def __init__(self, lane):
        dict.__init__(self)
        self.lane = lane

    def __missing__(self, occupied):
        plan = self[occupied] = push_plan(self.lane, occupied)
        return plan


class Geometry(object):
    "The fixed facts of an n x n board, computed once per size."
    def __init__(self, n):
        self.n = n
        self.lanes = lanes(n)
        self.masks = [bits(lane) for lane in self.lanes]
        self.plans = [Plans(lane) for lane in self.lanes]
        self.lines = self.masks[:n] + self.masks[2 * n:3 * n]
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
    keep, pushed, up, down, entry, dropped = g.plans[move][(board[0] | board[1]) & g.masks[move]]
    x, o = [(b & keep) | ((b & pushed) << up >> down) for b in board]
    return ((x | entry, o) if player == 0 else (x, o | entry)), dropped


def straights(n, board):
    """(X's straights, O's straights): full rows and columns of one colour.

    >>> straights(3, (0b000111001, 0b100000000))
    (2, 0)
    """
    lines = geometry(n).lines
    return tuple(sum(b & line == line for line in lines) for b in board)


def position(n, board, player):
    "The key of board with player to move."
    mine, theirs = board if player == 0 else board[::-1]
    return mine << n * n | theirs


def outcome(n, board, mover, repeated):
    """The result after mover's move made board: the player with more
    straights wins, else a repeated position loses for the mover.

    >>> outcome(3, (0b000111001, 0), 1, False)
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

class Game(object):
    """A game: its size, its moves, the board and position key after each
    move (the empty board first), and its result once it is over."""
    def __init__(self, n, moves=()):
        self.n, self.moves, self.boards = n, [], [(0, 0)]
        self.keys = [position(n, (0, 0), 0)]
        self.result = None
        for move in moves:
            self.play(move)

    def player(self):
        "The player to move."
        return len(self.moves) % 2

    def board(self):
        "The board now."
        return self.boards[-1]

    def play(self, move):
        "Make a move (the game must not be over)."
        mover = self.player()
        board = push(self.n, self.board(), move, mover)[0]
        key = position(self.n, board, 1 - mover)
        self.result = outcome(self.n, board, mover, key in self.keys)
        self.moves.append(move)
        self.boards.append(board)
        self.keys.append(key)

    def lose_on_time(self, seconds):
        "The player to move took seconds, over the limit, and loses."
        self.result = (1 - self.player(), "time", seconds)

    def undo(self):
        "Take back the last move (or a loss on time)."
        if self.result and self.result[1] == "time":
            self.result = None
            return
        self.moves.pop()
        self.boards.pop()
        self.keys.pop()
        self.result = None


def replay(n, moves):
    """The Game after moves, stopping where the game ended.

    >>> g = replay(3, [moves_named(3)[m] for m in 'L1 R2 L1 R2 L1'.split()])
    >>> describe_end(g)
    'X wins at move 5: 1 straight to 0.'
    """
    game = Game(n)
    for move in moves:
        if game.result:
            break
        game.play(move)
    return game
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
    """
    edge, number = word[:1].upper(), word[1:]
    if edge not in EDGES or not number or any(ch not in "0123456789" for ch in number):
        raise ValueError("not a move: a move is L, R, T or B and a number, e.g. L3")
    i = int(number)
    if not 1 <= i <= n:
        raise ValueError("no %s %s on a %d x %d board"
                         % ("row" if edge in "LR" else "column", number.lstrip("0") or "0", n, n))
    return EDGES.index(edge) * n + i - 1


def record(game):
    """The game as a contest record, which replays.

    >>> record(Game(4, [1, 9]))
    '(4 L2 T2)'
    """
    names = move_names(game.n)
    return "(%s)" % " ".join([str(game.n)] + [names[m] for m in game.moves])


def describe_end(game):
    """How the game ended, in words.

    >>> describe_end(replay(3, [0, 3, 1, 6, 2]))
    'X wins at move 5: 1 straight to 0.'
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
    """
    n, (x, o) = game.n, game.board()
    names = move_names(n)
    last = names[game.moves[-1]] if game.moves else None
    w = len(str(n)) + 2

    def label(name):
        mark = "*" if name == last else " "
        if colour and name == last:
            name = COLOURS["*"] + name + RESET
        return mark + name

    def cell(c):
        token = "X" if x >> c & 1 else "O" if o >> c & 1 else "."
        return COLOURS[token] + token + RESET if colour and token != "." else token

    def edge(side):
        return " " * w + "".join(" " * (w - 2 - len(str(i))) + label(side + str(i))
                                 for i in range(1, n + 1))

    rows = [" " * (w - 2 - len(str(r))) + label("L%d" % r)
            + "".join(" " * (w - 1) + cell((r - 1) * n + c) for c in range(n))
            + " " + label("R%d" % r) for r in range(1, n + 1)]
    lines = [edge("T")] + rows + [edge("B")]
    if game.moves:
        shown = [names[m] for m in game.moves[-SHOWN:]]
        lines.append("moves: " + ("... " if len(game.moves) > SHOWN else "") + " ".join(shown))
    lines.append(describe_end(game) if game.result else "%s to move." % PLAYERS[game.player()])
    return "\n".join(line.rstrip() for line in lines)


SHOWN = 16   # moves listed under the board; 'history' lists them all

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

    >>> sure_moves(Game(3, [0, 3, 1, 6]))
    ([2], [0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11])
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

    >>> easy_move(Game(3, [0, 3, 1, 6]), ms_rand(1))
    2
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

    >>> j_move(Game(3, [0, 3, 1, 6]))
    2
    """
    n, me = game.n, game.player()
    weights = centre_weights(n)
    wins, safe = sure_moves(game)
    if wins:
        return wins[0]
    best = None
    for move in safe:
        game.play(move)
        worst = max(j_reply(game, reply, weights) for reply in range(4 * n))
        game.undo()
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

WIN = 10 ** 6
INFINITY = 10 ** 9
EXACT, LOWER, UPPER = 0, 1, 2
TABLE_LIMIT = 400000      # positions kept in the transposition table
MIXER = 0x9E3779B97F4A7C15
MERSENNE = (1 << 61) - 1


class Timeout(Exception):
    "The search ran out of time or positions."


class LineValues(dict):
    """A line's value for the player to move, keyed by (my tokens << n |
    your tokens) along the line, made when first needed: the square of my
    count less the square of yours (as Cilk Pousse did), plus the centre
    weights when the line is a row."""
    def __init__(self, n, weights):
        dict.__init__(self)
        self.n, self.weights = n, weights

    def __missing__(self, key):
        mine, yours = key >> self.n, key & ((1 << self.n) - 1)
        value = popcount(mine) ** 2 - popcount(yours) ** 2
        value += sum(w for i, w in enumerate(self.weights) if mine >> i & 1)
        value -= sum(w for i, w in enumerate(self.weights) if yours >> i & 1)
        self[key] = value
        return value


def evaluator(n):
    """A function (me, you) -> the static value of a position for the player
    to move, summed line by line from table lookups.  A column's cells are
    gathered into a row's shape with one multiplication: cell r*n of the
    shifted column lands on bit P + r, and no two partial products meet.

    >>> e = evaluator(3)
    >>> e(0b000000111, 0b000010000), e(0b000010000, 0b000000111)
    (13, -13)
    """
    weights = centre_weights(n)
    rows = [(r * n, LineValues(n, weights[r * n:(r + 1) * n])) for r in range(n)]
    columns = LineValues(n, [0] * n)
    line = (1 << n) - 1
    column = bits(r * n for r in range(n))
    p = (n - 1) ** 2
    magic = bits(p - (n - 1) * r for r in range(n))

    def evaluate(me, you):
        score = 0
        for shift, values in rows:
            score += values[(me >> shift & line) << n | you >> shift & line]
        for c in range(n):
            score += columns[((me >> c & column) * magic >> p & line) << n
                             | (you >> c & column) * magic >> p & line]
        return score
    return evaluate


def mix(key):
    "A well-spread 61-bit hash of a position key."
    return key * MIXER % MERSENNE


class Engine(object):
    """The strong player: iterative-deepening alpha-beta on bitboards.

    Repetitions are judged exactly: the positions of the game and of the
    search path are kept in a set, consulted after a move that pushed a
    token off (no other move can repeat, since tokens never decrease).  A
    position reached by such a move can repeat earlier positions in its
    subtree, so its table entry is keyed by the position together with the
    earlier positions holding as many tokens (a hash of them); every other
    entry is valid in any game.  Move order: the table's move, two killer
    moves a ply, then the history heuristic.
    """
    def __init__(self, n):
        self.n, self.table = n, {}
        self.evaluate = evaluator(n)

    def think(self, game, seconds=None, depth=None, nodes=None, clock=time.time):
        """(move, facts) for the player to move in game: the best move found
        within seconds, depth plies and nodes positions (each optional), and
        a dict of depth, nodes, score and seconds."""
        start = clock()
        n, g = self.n, geometry(self.n)
        nn, shift = n * n, 2 * n * n
        masks, plans, lines, evaluate, table = g.masks, g.plans, g.lines, self.evaluate, self.table
        deadline = start + seconds if seconds else float("inf")
        limit = nodes or INFINITY
        killers = [[-1, -1] for _ in range(256)]
        history = [0] * (4 * n)
        seen = set(game.keys)
        state = {"nodes": 0, "check": 1024}

        def search(me, you, depth, alpha, beta, ply, sig):
            if state["nodes"] >= state["check"]:
                state["check"] += 1024
                if state["nodes"] >= limit or clock() > deadline:
                    raise Timeout
                if len(table) > TABLE_LIMIT:
                    table.clear()
            key = me << nn | you
            tkey = key ^ sig << shift if sig else key
            entry = table.get(tkey)
            first = -1
            if entry is not None:
                stored, flag, score, first = entry
                if stored >= depth:
                    score = score - ply if score > WIN // 2 else score + ply if score < -WIN // 2 else score
                    if flag == EXACT or (score >= beta if flag == LOWER else score <= alpha):
                        return score
            killer = killers[ply]
            order = [first, killer[0], killer[1]] + ranked
            occupied = me | you
            best, best_move, floor, done = -INFINITY, -1, alpha, 0
            visited = 0
            for m in order:
                if m < 0 or done >> m & 1:
                    continue
                done |= 1 << m
                visited += 1
                keep, pushed, up, down, entry, dropped = plans[m][occupied & masks[m]]
                nm = (me & keep) | (me & pushed) << up >> down | entry
                ny = (you & keep) | (you & pushed) << up >> down
                a = b = 0
                for line in lines:
                    if nm & line == line:
                        a += 1
                    elif ny & line == line:
                        b += 1
                if a != b:
                    score = WIN - ply if a > b else ply - WIN
                elif dropped and (ny << nn | nm) in seen:
                    score = ply - WIN
                elif depth <= 1:
                    score = -evaluate(ny, nm)
                else:
                    child = ny << nn | nm
                    seen.add(child)
                    score = -search(ny, nm, depth - 1, -beta, -alpha, ply + 1,
                                    sig ^ mix(key) if dropped else 0)
                    seen.discard(child)
                if score > best:
                    best, best_move = score, m
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            if a == b and killer[0] != m:
                                killer[1], killer[0] = killer[0], m
                            history[m] += depth * depth
                            break
            state["nodes"] += visited
            flag = LOWER if best >= beta else EXACT if best > floor else UPPER
            stored = best + ply if best > WIN // 2 else best - ply if best < -WIN // 2 else best
            table[tkey] = (depth, flag, stored, best_move)
            return best

        me, you = game.board() if game.player() == 0 else game.board()[::-1]
        tokens = popcount(me | you)
        sig = 0
        for board, key in zip(game.boards[:-1], game.keys[:-1]):
            if popcount(board[0] | board[1]) == tokens:
                sig ^= mix(key)
        ranked = list(range(4 * n))
        root = list(ranked)
        best, facts = root[0], {"depth": 0, "nodes": 0, "score": 0}
        for d in range(1, (depth or 99) + 1):
            ranked.sort(key=lambda m: -history[m])
            scores, found = {}, None
            try:
                for m in root:
                    keep, pushed, up, down, entry, dropped = plans[m][(me | you) & masks[m]]
                    nm = (me & keep) | (me & pushed) << up >> down | entry
                    ny = (you & keep) | (you & pushed) << up >> down
                    a = sum(nm & line == line for line in lines)
                    b = sum(ny & line == line for line in lines)
                    child = ny << nn | nm
                    state["nodes"] += 1
                    if a != b:
                        score = WIN if a > b else -WIN
                    elif dropped and child in seen:
                        score = -WIN
                    elif d == 1:
                        score = -evaluate(ny, nm)
                    else:
                        seen.add(child)
                        alpha = found[0] if found else -INFINITY
                        score = -search(ny, nm, d - 1, -INFINITY, -alpha, 1,
                                        sig ^ mix(me << nn | you) if dropped else 0)
                        seen.discard(child)
                    scores[m] = score
                    if found is None or score > found[0]:
                        found = (score, m)
                    if score == WIN:
                        break
            except Timeout:
                if found:
                    best = found[1]
                break
            root.sort(key=lambda m: -scores.get(m, -INFINITY))
            best = found[1]
            facts.update(depth=d, score=found[0])
            if abs(found[0]) > WIN // 2 or (seconds and clock() - start > seconds / 2.5):
                break
        facts.update(nodes=state["nodes"], seconds=clock() - start)
        return best, facts
