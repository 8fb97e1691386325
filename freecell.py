#!/usr/bin/env python3
"""freecell.py: FreeCell, as nnfc.awk plays it and past it, in one file.

USAGE
    python3 freecell.py                  a random deal (its number is shown)
    python3 freecell.py -g 617           deal 617
    python3 freecell.py -g 1 < game.txt  replay a game from a notation file
    python3 freecell.py -g 1 --solve     a solution of deal 1, in the notation
    python3 freecell.py --solve 1-1000   solve deals 1..1000: a line each, a sum
    python3 freecell.py --help           this manual
    pypy3 freecell.py ...                any of these runs under PyPy 3 too

THE GAME
    Microsoft's deal number N (1..8589934591, FreeCell Pro's range, or
    Windows' unshuffled -1 and -2) deals 52 cards face up into eight
    columns.  A column's last card is exposed.  Free cells a-d hold one card
    each.  The four foundations (h) are built up by suit from the ace to the
    king; the game is won when all 52 are home.  On the columns, a card goes
    on an exposed card one rank higher and of the other colour (Baker's
    Game: of the same suit), or into an empty column.

    Supermoves: a run of cards in sequence at the end of a column moves as
    one, as if card by card through the free places: at most (1 + empty free
    cells) x 2^(empty columns) cards, where an empty destination column is
    not counted.

    Safe autoplay (Microsoft's and FreeCell Pro's rule), after every move
    (not at the deal) unless --no-autoplay: an ace goes home at once, a two
    once its ace is home, any other card once both foundations of the other
    colour hold the rank below it (in Baker's Game every card that can go
    home is safe); the free cells are looked at first, then the columns,
    and again from the start after each card sent.  The cards it sends home
    are shown with the move, and a move and its autoplay are one step for
    undo.  fc-solve writes out every foundation
    move, so replay its solutions with --no-autoplay.

NOTATION
    The standard notation, as FreeCell Pro and fc-solve write it.  A move is
    two characters, source then destination:

    63      column 6 onto column 3 (the longest run that fits there)
    7a      column 7 to free cell a          a3    free cell a onto column 3
    4h  40  column 4 to its foundation       4     the same, shorter
    ah      free cell a to its foundation    a     the same, shorter
    41v2    fc-solve's extended form: exactly 2 cards (count in hex); v1
            on any move says one card

    Into an empty column the plain form moves as many cards as the rule
    allows.  Several moves may share a line; '#' starts a comment; blank
    lines are ignored.  fc-solve's own chatter around its moves (-=-=-
    lines, "This game is solveable.", state counts) is skipped, so its
    output can be piped in whole.  fc-solve -snx writes a plain move into an
    empty column for one card (and the 'v' count for more); after its -=-=-
    header line, or with --snx, freecell.py reads it that way.

AT THE PROMPT
    The prompt 'freecell> ' is shown on stderr, only at a terminal.  Besides
    moves, a line may hold these words:

    help, ?         the moves and these words
    quit, q, exit   leave (so does the end of the input)
    board           the board again
    history         a comment line with the command that replays the game
                    (# freecell.py -g 5 --cells 3), then the moves so far in
                    standard notation; saved to a file, it pipes back
    undo, u         take back the last move (and its autoplay); unlimited
    restart         back to the deal
    new [N]         deal N, or a random deal (with the same rules)
    hint            the next move of a short solution from here (it
                    searches 5 s at most; solve, up to --timeout)
    solve           a whole solution from here, ten moves a line
    solve short     the shortest solution found in 10 s (or --short's seconds)
    export          the position in fc-solve's format

    A line is all or nothing: if any word of it is refused, nothing of it
    is done, and one line on stderr names the input line, the word and why
    (freecell: line 1: 99: no column 9).  At a terminal, Ctrl-C during hint
    or solve stops the search and the game is as it was before the line;
    at the prompt, Ctrl-C ends the program.

THE SOLVER
    --solve prints a solution ten moves a line, as fc-solve does, and a last
    comment line with the verdict: solved in N moves, impossible (only after
    every reachable position was searched), or unknown (a limit was hit).
    The moves are those a player types, autoplay doing the rest; with
    --no-autoplay every foundation move is written out, and a run into an
    empty column always carries its 'v' count.  Piped back into the game,
    it wins.

    The search is best first, scoring each position by the cards not home, the
    cards held in cells, the filled columns, the cards lying on a lower card
    or on a card they do not fit on (a king near a column's top more), and the
    cards lying on the next two cards of each foundation, plus the moves made
    (foundation moves free) times a weight that grows as the cards go home,
    from 1.8 to 3.6, with weights fitted for short solutions found quickly;
    safe autoplay runs after every move as in the game.  The first search
    leaves out the moves a good player seldom needs (part of a run short
    enough to move whole, a card that could go on a column into a free cell or
    an empty column); stuck after 20,000 positions, it makes way for a second
    such search that weighs the moves made less, then for complete searches,
    and at last for one with no limit but --max-positions.  Only a complete
    search proves a deal impossible.  The solution found is then made shorter:
    each move left out, a card's two moves left out or made one, where the
    rest of the solution still plays.
    A position costs about 75 bytes (the first two searches, of 20,000
    positions at most, keep the move that reached each, and the positions
    waiting in one heap: about 5 MB at most): a 128 MB device solves every
    deal of 1..1000 and proves deal 11982 impossible (102,000 positions).

SHORT SOLUTIONS
    With --short (and 'solve short' in the game) the solution found is then
    made as short as the time allows, counting the moves a player types (a
    supermove is one; safe autoplay's moves are free).  A breadth-first
    search comes first: the first win it meets is a shortest solution, and
    every level it finished without one is a lower bound.  Then beam
    searches: level by level, a level a move, each keeping the 50, 100,
    200... best-scored positions of its level; each finds a solution of as
    many moves as the level where it first meets a win, and the width
    doubles while the next beam can end in time.  The line says how long
    that took and whether the solution is proved minimal (it is when no
    shorter one exists below the lower bound).  Deals 1..100 take about
    35 typed moves on average this way, against 45 without it (freecell.py
    --solve 1-100 --short says so).  With --no-autoplay every move is
    typed: the solutions the searches find are then compared by all their
    moves, and the shortest so counted is kept (never proved minimal).
    hint spends 0.15 s the same way, so that it names a move of a short
    solution.

LISTS OF DEALS
    --solve DEALS (like 1-1000, 1,5,11982 or "1 5"; up to 10,000,000 deals a
    range, kept as ranges, not deal by deal) prints a line a deal and a
    summary; a deal left unknown is followed by a comment line naming the
    limit that stopped it (# deal 5: timeout 60 s reached).  A file of
    --out begins with two comment lines, what made it (the command and
    this script's version) and its rules (cells, Baker's Game, autoplay),
    then holds a line a deal, as the table shows it.  Killed at any
    moment, a sweep loses only the deals in progress; run again, it solves
    only the deals the file does not hold yet, and again those an earlier
    run left unknown at a smaller limit (--max-positions, --timeout,
    --memory): the line it adds then counts instead.  Spread over machines, each
    solves a shard into a file of its own, and --summary adds the files
    up:

    freecell.py --solve 1-500 --out a.txt       (on one machine)
    freecell.py --solve 501-1000 --out b.txt    (on another)
    freecell.py --summary a.txt b.txt           (deals 1-1000 in 2 files)

OPTIONS
    -g N, --game N      Microsoft deal 1..8589934591 (FreeCell Pro's range), or
                        Windows' unshuffled -1 and -2; random when omitted
    --board FILE        start from a position in fc-solve's board format: one
                        line a column (first card first, optional ':'), with
                        optional "Foundations: H-6 C-9 D-2 S-0" and
                        "Freecells: QS 3S - KD" lines ('-' = empty); FILE '-'
                        is stdin
    --export            print the start position in fc-solve's format and exit:
                        freecell.py -g 1 --export | fc-solve -m -snx -l lg
                        (without -g, the deal picked at random is named on
                        stderr)
    --cells N           0..10 free cells (default 4), lettered a b c d e f
                        g k l m (h is the foundations; i and j are skipped)
    --bakers            Baker's Game: build by suit
    --no-autoplay       never move cards home by itself (--autoplay, the
                        default, moves them)
    --snx               read a plain move into an empty column as one card, as
                        fc-solve -snx writes it (automatic after its header)
    -q, --quiet         print only the final board and the result (and what
                        help, board, history, hint, solve and export print)
    --solve             print a solution of the deal (or --board) and exit
    --solve DEALS       solve deals like 1-1000 or 1,5,11982: a line each, then
                        a summary
    --short [SECONDS]   with --solve: spend up to SECONDS (default 10) a deal
                        on the shortest solution it can find; in the game,
                        the seconds 'solve short' spends
    --jobs N            spread --solve DEALS over N processes (no more than
                        there are deals or cores it may use); they share the
                        memory, 16 MB at least each, or fewer processes; one
                        that dies (killed) ends the run at once, naming the
                        deal it held and the deals not done
    --max-positions N   give up ('unknown') after N positions (default
                        1,000,000)
    --timeout SECONDS   give up ('unknown') after so long (default 60; a single
                        --solve counts from the start of the program)
    --memory MB         give up ('unknown') before the program would hold more
                        than MB megabytes; by default 3/4 of what the machine
                        can give (the smaller of MemAvailable and the cgroup's
                        limit less its use), 256 where it does not say; a
                        figure below what the program holds before any
                        search (about 20 MB) is refused
    --out FILE          with --solve DEALS: append each deal's line to FILE as
                        soon as it is solved (written to the disk every 10 s
                        at most); run again, it solves only the deals FILE
                        does not hold yet (and those left unknown at a
                        smaller limit); FILE names its rules (cells,
                        Baker's Game, autoplay, --short, the solver's
                        version after the first), and a run under others
                        will not resume it
    --summary FILE...   the summary of such files (shards of one sweep, in any
                        order, overlapping or not), as one run over all their
                        deals would end; files of other rules are refused
    --color=WHEN        auto (default), always or never: red cards in red
                        (also --colour; auto: at a terminal, where NO_COLOR,
                        FORCE_COLOR, CLICOLOR_FORCE, CLICOLOR=0 and TERM=dumb
                        allow)
    -m, --monochrome    the same as --color=never
    --ascii             suits as letters C D H S (automatic when the output
                        cannot print the suit symbols)
    -h, --help          print this manual and exit

EXAMPLES
    $ python3 freecell.py -g 1 --solve | python3 freecell.py -g 1 -q -m | tail -n 1
    Won in 62 moves.
    $ printf '8a 99\\n' | python3 freecell.py -g 5 -q -m --ascii
    freecell: line 1: 99: no column 9
    FreeCell game 5              move 0
    ...
    Not won: 0 cards home after 0 moves.
    [exit 1]
    $ printf '3a 32\\nhistory\\n' | python3 freecell.py -g 1 --cells 3 -q -m | head -n 2
    # freecell.py -g 1 --cells 3
    3a 32
    $ python3 freecell.py --solve 1-3 --out r.txt | tail -n 1
    3 deals: 3 solved, 0 impossible, 0 unknown; mean 81.7 moves (49.3 typed); ...
    $ python3 freecell.py --summary r.txt | head -n 1
    deals 1-3 in 1 file
    $ python3 freecell.py -g 0
    usage: freecell.py ...
    freecell.py: error: argument -g/--game: 0: no such deal (deals are 1..8589934591, -1 and -2)
    [exit 2]

EXIT STATUS
    0 when every input line was accepted, 1 when one was rejected (each
    rejection prints one line on stderr naming the input line), 2 for bad
    options (an --out file that cannot be opened included) or a --board
    file that is not a board, 130 after Ctrl-C (at
    the prompt, or when the input is not a terminal).  With --solve: 0 when
    every deal was solved.  With --summary: 2 when the files cannot be
    added up, 1 when a line was not a deal's result.  Output that cannot
    be written (a full disk): one line on stderr, status 1.
"""

import _signal      # signal's C core, loaded with Python: no time lost importing
if __name__ == "__main__" and _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler:
    # Until run() is ready for it, Ctrl-C ends the program as the signal
    # itself would (status 130 in the shell), not with a traceback from
    # the middle of an import.
    _signal.signal(_signal.SIGINT, _signal.SIG_DFL)
import collections
import heapq
import errno
import functools
import operator
import os
import re
import sys
import time

################ Cards
## Throughout this program:
##   card   an int 0..51, rank*4 + suit, in Microsoft's deck order AC AD AH AS 2C ... KS
##   rank   0..12 for A..K;  suit 0..3 for C D H S (D and H are red)
##   pos    a position: (cells, homes, cols); cells a tuple of cards or None, homes a
##          tuple of 4 counts (cards home per suit), cols a tuple of 8 tuples of cards
##          (first dealt first, exposed card last)
##   place  a character of the notation: '1'..'8' a column, 'a'..'j' a cell, 'h' home

PROG, VERSION = "freecell", "2026.11.23"
RANKS, SUITS = "A23456789TJQK", "CDHS"
NCOLS, MAX_CELLS, NCARDS = 8, 10, 52
# Cells are lettered as fc-solve letters them: 'h' is the foundations, so the 8th is 'k'.
COLUMNS, CELLS = "12345678", "abcdefgklm"
DECK = tuple(range(NCARDS))


def rank(card): return card >> 2
def suit(card): return card & 3
def red(card): return suit(card) in (1, 2)


def card_name(card):
    "Card in letters: 'TS'."
    return RANKS[rank(card)] + SUITS[suit(card)]


def parse_card(text):
    """Card from 'TS', '10s', 'ah': None if text is no card.

    >>> [card_name(parse_card(t)) for t in ('TS', '10s', 'ah')], parse_card('1x')
    (['TS', 'TS', 'AH'], None)
    """
    text = text.upper().replace("10", "T")
    if len(text) != 2 or text[0] not in RANKS or text[1] not in SUITS:
        return None
    return RANKS.index(text[0]) * 4 + SUITS.index(text[1])

################ The deal: Microsoft FreeCell's generator (the same in every card script)

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


def ms_shuffle(deck, seed):
    """The cards of deck in the order Microsoft deal number seed deals them.

    >>> ms_shuffle(range(8), 1)
    [1, 7, 4, 0, 6, 3, 5, 2]
    """
    deck, rand, dealt = list(deck), ms_rand(seed), []
    while deck:
        j = next(rand) % len(deck)
        dealt.append(deck[j])
        deck[j] = deck[-1]
        deck.pop()
    return dealt

################ FreeCell's deals

MAX_DEAL = 2**33 - 1
# Windows' two unshuffled deals, in dealing order (row by row across the columns).
FIXED_DEALS = {
    -1: "AC AD AH AS QC QD QH QS 3C 3D 3H 3S TC TD TH TS 5C 5D 5H 5S 8C 8D 8H 8S "
        "7C 7D 7H 7S 6C 6D 6H 6S 9C 9D 9H 9S 4C 4D 4H 4S JC JD JH JS 2C 2D 2H 2S "
        "KC KD KH KS",
    -2: "AS AH AD AC 7S 7H 7D 7C KS KH KD KC 6S 6H 6D 6C QS QH QD QC 5S 5H 5D 5C "
        "JS JH JD JC 4S 4H 4D 4C TS TH TD TC 3S 3H 3D 3C 9S 9H 9D 9C 2S 2H 2D 2C "
        "8S 8H 8D 8C",
}


def valid_deal(number):
    "Whether number names a deal: 1..8589934591, -1 or -2."
    return 1 <= number <= MAX_DEAL or number in FIXED_DEALS


def deal(number, ncells=4):
    """The start position of deal number: card i of the dealing order goes to
    column i % 8.

    >>> ' '.join(map(card_name, deal(1)[2][0]))
    'JD KD 2S 4C 3S 6D 6S'
    >>> ' '.join(map(card_name, deal(-1)[2][7]))
    'QS TS 8S 6S 4S 2S'
    """
    if number in FIXED_DEALS:
        order = [parse_card(c) for c in FIXED_DEALS[number].split()]
    else:
        order = ms_shuffle(DECK, number)
    cols = tuple(tuple(order[i::NCOLS]) for i in range(NCOLS))
    return ((None,) * ncells, (0, 0, 0, 0), cols)

################ The rules

def fits(card, onto, bakers=False):
    "Whether card may go on onto in a column."
    if rank(onto) != rank(card) + 1:
        return False
    return suit(card) == suit(onto) if bakers else red(card) != red(onto)


def run_length(col, bakers=False):
    "How many cards at the end of col are in sequence."
    n = 1 if col else 0
    while n < len(col) and fits(col[-n], col[-n - 1], bakers):
        n += 1
    return n


def capacity(pos, to_empty_column=False):
    """The most cards one supermove can carry: (1 + empty cells) x 2^(empty
    columns), an empty destination column not counted.

    >>> capacity(((None,) * 4, (0,) * 4, ((),) * 2 + ((1,),) * 6))
    20
    >>> capacity(((None,) * 4, (0,) * 4, ((),) * 2 + ((1,),) * 6), True)
    10
    """
    cells, _, cols = pos
    empty = sum(1 for c in cols if not c) - (1 if to_empty_column else 0)
    return (1 + cells.count(None)) * 2 ** empty


def goes_home(pos, card):
    "Whether card is the next card of its foundation."
    return pos[1][suit(card)] == rank(card)


def safe_home(pos, card, bakers=False):
    """Whether autoplay may send card home: it goes there, and no card left in
    play could still need it (the Microsoft / FreeCell Pro rule).  Written
    out with bit operations: autoplay asks it after every move."""
    homes, r = pos[1], card >> 2
    if homes[card & 3] != r:
        return False
    if bakers or r <= 1:
        return True
    if card & 3 in (1, 2):                    # red: the black foundations
        return homes[0] >= r and homes[3] >= r
    return homes[1] >= r and homes[2] >= r


def won(pos):
    return sum(pos[1]) == NCARDS


class Illegal(Exception):
    "A move the rules do not allow; its text says why."


def column(pos, place):
    return pos[2][COLUMNS.index(place)]


def cell(pos, place):
    return pos[0][CELLS.index(place)]


def resolve(pos, move, bakers=False):
    """The move (source, target, count) with its count settled, or Illegal with
    the reason.  count None asks for as many cards as fit."""
    source, target, count = move
    if source == target:
        raise Illegal("source and destination are the same")
    if source in CELLS:
        card = cell(pos, source)
        if card is None:
            raise Illegal("cell %s is empty" % source)
        if target in CELLS:
            raise Illegal("no moves from cell to cell")
        if count not in (None, 1):
            raise Illegal("a cell holds one card")
        check_single(pos, card, target, bakers)
        return (source, target, 1)
    col = column(pos, source)
    if not col:
        raise Illegal("column %s is empty" % source)
    if target in CELLS or target == "h":
        if count not in (None, 1):
            raise Illegal("only one card goes to a %s" % ("cell" if target in CELLS else "foundation"))
        check_single(pos, col[-1], target, bakers)
        return (source, target, 1)
    return (source, target, run_count(pos, col, column(pos, target), count, bakers))


def check_single(pos, card, target, bakers):
    "Illegal unless card may go to target."
    if target == "h":
        if not goes_home(pos, card):
            need = pos[1][suit(card)]
            raise Illegal("%s does not go home: %s comes first"
                          % (card_name(card), card_name(need * 4 + suit(card))))
    elif target in CELLS:
        held = cell(pos, target)
        if held is not None:
            raise Illegal("cell %s holds %s" % (target, card_name(held)))
    else:
        col = column(pos, target)
        if col and not fits(card, col[-1], bakers):
            raise Illegal("%s does not go on %s" % (card_name(card), card_name(col[-1])))


def run_count(pos, col, dest, count, bakers):
    "How many cards of col move onto column dest, or Illegal."
    run = run_length(col, bakers)
    if dest:
        need = next((n for n in range(1, run + 1) if fits(col[-n], dest[-1], bakers)), None)
        if need is None:
            raise Illegal("%s does not go on %s" % (card_name(col[-1]), card_name(dest[-1])))
        if count is not None and count != need:
            raise Illegal("the run that goes on %s is %s, not %d"
                          % (card_name(dest[-1]), plural(need, "card"), count))
        most = capacity(pos)
        if need > most:
            raise Illegal("can move %s, the run is %d" % (plural(most, "card"), need))
        return need
    most = capacity(pos, to_empty_column=True)
    if count is None:
        return min(run, most)
    if count > run:
        raise Illegal("the run is %s, not %d" % (plural(run, "card"), count))
    if count > most:
        raise Illegal("can move %s, not %d" % (plural(most, "card"), count))
    return count


def apply(pos, move):
    "The position after a settled move (source, target, count)."
    source, target, count = move
    cells, homes, cols = list(pos[0]), list(pos[1]), list(pos[2])
    if source in CELLS:
        i = CELLS.index(source)
        cards, cells[i] = (cells[i],), None
    else:
        i = COLUMNS.index(source)
        cards, cols[i] = cols[i][-count:], cols[i][:-count]
    if target == "h":
        homes[suit(cards[0])] += 1
    elif target in CELLS:
        cells[CELLS.index(target)] = cards[0]
    else:
        j = COLUMNS.index(target)
        cols[j] = cols[j] + cards
    return (tuple(cells), tuple(homes), tuple(cols))


def exposed(pos):
    "(place, card) for every card that could move: cells first, then columns."
    cells, _, cols = pos
    for place, card in zip(CELLS, cells):
        if card is not None:
            yield place, card
    for place, col in zip(COLUMNS, cols):
        if col:
            yield place, col[-1]


def autoplay(pos, bakers=False):
    """The position after safe autoplay, and the moves it made.

    >>> pos = ((2, None, None, None), (2, 2, 0, 1), ((6,), (9,)) + ((),) * 6)
    >>> [(m, card_name(c)) for m, c in autoplay(pos)[1]]   # 3D waits for 2S
    [(('a', 'h', 1), 'AH'), (('1', 'h', 1), '2H')]
    """
    made = []
    while True:
        step = next(((place, card) for place, card in exposed(pos)
                     if safe_home(pos, card, bakers)), None)
        if step is None:
            return pos, made
        move = (step[0], "h", 1)
        pos = apply(pos, move)
        made.append((move, step[1]))

################ Notation

MOVE = re.compile(r"^([1-8%s])([1-8%sh0])?(?:v([0-9a-f]+))?$" % (CELLS, CELLS))


def parse_move(token, ncells):
    """(source, target, count) for a move in standard notation, count None
    when not given; Illegal when token is no move.

    >>> parse_move('63', 4), parse_move('4', 4), parse_move('a0', 4), parse_move('41v2', 4)
    (('6', '3', None), ('4', 'h', None), ('a', 'h', None), ('4', '1', 2))
    """
    match = MOVE.match(token.lower())
    if not match:
        first = token[:1]
        if first.isdigit() and first not in COLUMNS:
            raise Illegal("no column %s" % first)
        if len(token) > 1 and token[1:2].isdigit() and token[1] not in COLUMNS + "0":
            raise Illegal("no column %s" % token[1])
        raise Illegal("not a move or command (help lists them)")
    source, target, count = match.groups()
    target = "h" if target in (None, "0") else target
    for place in (source, target):
        if place in CELLS and CELLS.index(place) >= ncells:
            raise Illegal("no cell %s (%s)" % (place, cells_phrase(ncells)))
    if count is not None:
        count = int(count, 16)
        if count < 1:
            raise Illegal("a move carries at least one card")
    return source, target, count


def cells_phrase(ncells):
    if ncells == 0:
        return "there are no free cells"
    return "the cells are a-%s" % CELLS[ncells - 1] if ncells > 1 else "the cell is a"


def format_move(pos, move, bakers=False):
    """A settled move in standard notation; runs into an empty column and runs
    the plain form would not move alike carry fc-solve's 'v' count.

    >>> format_move(deal(1), ('3', 'a', 1)), format_move(deal(1), ('3', 'h', 1))
    ('3a', '3h')
    """
    source, target, count = move
    text = source + target
    if source in COLUMNS and target in COLUMNS:
        plain = None
        try:
            plain = resolve(pos, (source, target, None), bakers)[2]
        except Illegal:
            pass
        if count > 1 and not column(pos, target) or plain != count:
            text += "v%x" % count
    return text

################ fc-solve's board format

def parse_board(text, ncells=4):
    """The position written in fc-solve's board format, or ValueError naming
    what is wrong.

    >>> parse_board(export(deal(1))) == deal(1)
    True
    >>> parse_board('Foundations: H-2 C-A\\nFreecells: - KD\\n: 2C 3C 3D\\n')
    Traceback (most recent call last):
    ...
    ValueError: missing: AD AS 2D 2S 3H 3S 4C 4D 4H 4S 5C 5D 5H 5S 6C 6D 6H 6S 7C 7D 7H 7S 8C 8D 8H 8S 9C 9D 9H 9S TC TD TH TS JC JD JH JS QC QD QH QS KC KH KS
    """
    cells, homes, cols = [None] * ncells, [0, 0, 0, 0], []
    for number, line in enumerate(text.splitlines(), 1):
        try:
            board_line(line.split("#")[0].strip(), cells, homes, cols)
        except ValueError as problem:
            raise ValueError("line %d: %s" % (number, problem))
    cols += [()] * (NCOLS - len(cols))
    pos = (tuple(cells), tuple(homes), tuple(cols))
    if not any(cols) and cells.count(None) == ncells and not any(homes):
        raise ValueError("no cards: not a board in fc-solve's format")
    check_cards(pos)
    return pos


def board_line(line, cells, homes, cols):
    "Read one line of a board into cells, homes and cols."
    head, _, rest = line.partition(":")
    if head.strip().lower() == "foundations":
        for item in rest.split():
            homes_item(item, homes)
    elif head.strip().lower() == "freecells":
        items = [c for c in rest.split()]
        if len(items) > len(cells):
            raise ValueError("%d free cells given, the game has %d" % (len(items), len(cells)))
        for i, item in enumerate(items):
            cells[i] = None if item == "-" else board_card(item)
    elif line.startswith(":") or line:
        if len(cols) == NCOLS:
            raise ValueError("more than %d columns" % NCOLS)
        cols.append(tuple(board_card(c) for c in line.lstrip(":").split()))


def homes_item(item, homes):
    "Read one 'H-6' of a Foundations line into homes."
    s, _, r = item.upper().partition("-")
    counts = {str(n): n for n in range(14)}
    counts.update((name, n + 1) for n, name in enumerate(RANKS))
    if s not in SUITS or r not in counts:
        raise ValueError("%s: not a foundation like H-6" % printable(item))
    homes[SUITS.index(s)] = counts[r]


def board_card(text):
    card = parse_card(text)
    if card is None:
        raise ValueError("%s: not a card" % printable(text))
    return card


def check_cards(pos):
    "ValueError unless every card is in pos exactly once."
    cells, homes, cols = pos
    seen = [c for c in cells if c is not None] + [c for col in cols for c in col]
    seen += [r * 4 + s for s in range(4) for r in range(homes[s])]
    repeated = sorted(set(c for c in seen if seen.count(c) > 1))
    missing = sorted(set(DECK) - set(seen))
    problems = []
    if repeated:
        problems.append("repeated: " + " ".join(map(card_name, repeated)))
    if missing:
        problems.append("missing: " + " ".join(map(card_name, missing)))
    if problems:
        raise ValueError("; ".join(problems))


def export(pos):
    """The position in fc-solve's board format.

    >>> print(export(deal(617)).splitlines()[2])
    : 7D TD TH KD 4C 4S JD
    """
    homes = " ".join("%s-%s" % (s, "0A23456789TJQK"[pos[1][SUITS.index(s)]]) for s in "HCDS")
    cells = " ".join("-" if c is None else card_name(c) for c in pos[0])
    lines = ["Foundations: " + homes, ("Freecells: " + cells).rstrip()]
    lines += [(": " + " ".join(map(card_name, col))).rstrip() for col in pos[2]]
    return "\n".join(lines) + "\n"

################ Display: colour and suits (the same in every card script)

SUIT_SYMBOLS = "\u2663\u2666\u2665\u2660"   # ♣♦♥♠
RED, RESET = "\033[31m", "\033[0m"


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


def can_print_suits(stream):
    """Whether stream can encode ♣♦♥♠ (Python 3.6 under LANG=C cannot; a
    stream with no encoding, like io.StringIO, holds any text)."""
    try:
        SUIT_SYMBOLS.encode(getattr(stream, "encoding", None) or "utf-8")
        return True
    except (LookupError, UnicodeError):
        return False

################ Display

def paint(card, style):
    """A card as printed: 'T♠', 'TS' with ascii, a red card (rank and suit)
    in red with colour.

    >>> paint(2, (True, False)), paint(2, (False, True)), paint(3, (True, True))
    ('\\x1b[31mA♥\\x1b[0m', 'AH', 'AS')
    """
    colour, ascii = style
    text = RANKS[rank(card)] + (SUITS if ascii else SUIT_SYMBOLS)[suit(card)]
    return RED + text + RESET if colour and red(card) else text


def row(items):
    "Slots 4 wide (each item prints 2 wide), with no trailing blanks."
    return "".join(" %s " % item for item in items).rstrip()


def show(game, style):
    "The board: title and move count, cells and foundations, the columns."
    cells, homes, cols = game.pos
    suits = SUITS if style[1] else SUIT_SYMBOLS
    labels = [place + " " for place in CELLS[:len(cells)]] + ["  "] + [s + " " for s in suits]
    slots = ([".." if c is None else paint(c, style) for c in cells] + ["  "]
             + [".." if n == 0 else paint((n - 1) * 4 + s, style) for s, n in enumerate(homes)])
    title, moves = game.title, "move %d" % len(game.done)
    width = max(4 * (len(cells) + 5) - 1, 4 * NCOLS - 1)
    lines = [title + " " * max(1, width - len(title) - len(moves)) + moves,
             row(labels), row(slots), "", row(c + " " for c in COLUMNS)]
    for i in range(max(1, max(len(c) for c in cols))):
        lines.append(row(paint(c[i], style) if i < len(c) else ".." if i == 0 else "  "
                         for c in cols))
    return "\n".join(lines)

################ The solver
## The solver searches a fast form of the position:
##   state  (cells, homes, cols): cells a bytes of the held cards, sorted; homes a
##          tuple of 4 counts; cols a tuple of 8 bytes (cards as byte values, exposed
##          card last), in the game's own column order
##   step   (source, target, count): source a column character or a held card (an
##          int), target a column character, 'h', or '*' for the first free cell
##   packed (homes, cells, cols) as one bytes: the 4 counts, the held cards, then
##          the columns, 255 between them; a column's cards still in place as
##          dealt at the start (two or more) are one byte, a token, 64 and up
##   key    the packed position with its columns sorted: positions that differ
##          only in the order of their columns are one position.  It is exact
##          (it unpacks to the position, its columns in the key's order), so no
##          two positions are confused.  The search goes on from the unpacked
##          position; the solution's steps are found again from the real start.
## A best-first search, safe autoplay applied after every step as the game does,
## scores each position by how far it looks from the win plus a weight times the
## steps taken to reach it; run out of positions and the deal is proved impossible.
## A position seen keeps only its key and its parent's key (and, in a search of
## VIA_POSITIONS at most, the step that reached it); one waiting to be searched
## also the moves that reached it, in a queue for each score (in a search of
## VIA_POSITIONS at most, with its score in one heap).
## A search takes its settings as parameters and answers with data: how one
## search weighs and prunes is a Stage, its limits a Limits, what stopped it
## a Stop (these two as in klondike.py), and what it found a Found;
## solve() answers an Answer.  The words are made where they are printed.

# A search's limits: positions, seconds and bytes of memory (None where the
# caller leaves it to the default), and what ended a search short of a
# verdict: limit 'max-positions', 'timeout' or 'memory', and value its
# number (positions, seconds, bytes).  (The same in freecell.py and
# klondike.py; stop_text() and read_stop(), in the shared block, say a Stop
# in words and read it back.)
Limits = collections.namedtuple("Limits", "positions seconds memory")
Stop = collections.namedtuple("Stop", "limit value")
# How one best-first search goes (Solver.best_first): the weight of the moves
# made (a number, or a pair: see best_first), the score's weights (see PLAIN),
# and whether it leaves out the moves Solver.steps names.
Stage = collections.namedtuple("Stage", "weight weights prune")
# What a search found: its verdict ('solved', 'impossible' or 'unknown'), the
# steps of a solution (None unless solved), the Stop that ended it short of a
# verdict (None when it reached one), and the positions it searched.
Found = collections.namedtuple("Found", "verdict steps stop positions")
# solve()'s answer: the verdict, the moves in standard notation, the Stop of
# a limit reached (of the search when unknown; of the shortening, memory, when
# solved; else None), the positions searched, the seconds taken, the moves
# with every foundation move counted, the solver's steps, the seconds spent
# on a short solution (None without --short) and whether it is proved minimal.
Answer = collections.namedtuple("Answer",
                                "verdict moves stop positions seconds total steps short minimal")

RANK_OF = tuple(rank(c) for c in DECK)
SUIT_OF = tuple(suit(c) for c in DECK)
SEPARATOR = b"\xff"
KINGS = 12 * 4              # the lowest king (a card's number is rank * 4 + suit)
PACK_MEMO = 50000           # columns whose packed form is remembered
PARTS_MEMO = 50000          # columns whose costs and parts of the score are remembered
# Trying the five moves before a change again: deals 1..1000 0.2 moves shorter (87.6
# against 87.8) for 1 % more time; shortening again until nothing changes: 0.27, 10-15 %.
LOOK_BACK = 5               # moves tried again before one the shortening changed
EMPTY = -1                  # where a card goes: an empty column
MAX_POSITIONS, TIMEOUT = 1000000, 60.0  # about 75 MB; deal 11982 is proved impossible in
                            # 101,645 (python3 tests/bench.py freecell_impossible)
# One more whenever a change changes what the solver answers for some deal
# (its verdict, its solution, the positions it searches): a results file of
# --solve names it, and is not resumed or added up by another solver.  The
# first is named by no number, as the files made before it had one are.
SOLVER = 1
SHORT = 10.0                # seconds --short spends on a shorter solution, by default:
                            # deals 1..100 in 34.9 typed moves, not 45.1, 7.3 s a deal
                            # (python3 tests/bench.py freecell_short)
HINT_SHORT, HINT_WIDTH = 0.15, 16    # and hint's, so that it names a move of a short one
                            # (a 40.2-move solution, median 0.114 s: tests/bench.py freecell_hint)
HINT_TIMEOUT = 5.0          # seconds hint searches at most (solve: --timeout's)
BREADTH_SHARE = 0.2         # of them for the breadth-first search that proves minimal
FIRST_WIDTH, GROWTH = 50, 2.2   # the first beam's width; how much longer the next one takes
LOOSE_TOP = 4                   # a column's top cards, whose disorder weighs more (Scorer.cost);
                                # the top three or five: 0.2-0.3 moves longer on deals 1..300
VIA_POSITIONS = 20000           # a search this short keeps the step that reached each position
SLOT_BYTES = 80                 # a dict's bytes a key where Python does not say (PyPy: 62-73
                                # for 0.1-2 million keys, measured after gc.collect())
                                # (2.6 MB at most): 1.7 % faster than finding the steps again
# The score's weights (Scorer.score, Scorer.cost): a held card, a filled column,
# a buried card, a card in disorder, a card not home, a card lying on the next
# card of a foundation, a card lying on the card after that, a card lying on a
# card it does not fit on among the top LOOSE_TOP of its column, and deeper,
# and a king lying on a card among the top LOOSE_TOP, more.  PLAIN is the first
# guess (deals 1..1000 in 90.2 moves); TUNED was fitted by a random local search on
# deals 1..300 and 2001..2100 for short solutions in few positions: deals 1..1000 in
# 84.9 moves, 1422 positions a deal (python3 tests/bench.py freecell_solver).  Terms
# that bought nothing for their positions: the cards a supermove carries, the held
# cards squared, cards above a column's lowest, weights moving with the cards home.
PLAIN = (2.0, 2.0, 2.0, 1.0, 1.0, 0.5, 0.0, 0.0, 0.0, 0.0)
BARE = PLAIN[:5] + (0.0, 0.0, 0.0, 0.0, 0.0)
TUNED = (2.178, 1.770, 0.969, 0.607, 3.052, 0.932, 0.206, 1.119, 0.705, 0.922)
# The searches Solver.search makes in turn: (how it goes, a Stage: the weight of
# the moves made, and what it grows by as the cards go home, the score's weights,
# whether it leaves out the moves Solver.steps names; the positions it may
# search, None: all that are left)
# The first weight trades length for time (deals 1..1000, k cards home: 1.8 + 1.8
# k/52 gives 84.95 moves in 1422 positions a deal, 2.0 + 1.8 k/52 84.33 in 1841, a
# constant 1.8 86.53 in 1010; python3 tests/bench.py freecell_solver): a heavier
# weight buys shorter solutions more cheaply than fc-solve's flares, going on past
# the first win or searching again from halfway.  The second stage takes deal 3699,
# the slowest of 1..4000, from 193,169 positions to 35,064.
STAGES = ((Stage((1.8, 1.8), TUNED, True), 20000), (Stage((0.3, 0.0), BARE, True), 20000),
          (Stage((1.0, 0.0), PLAIN, False), 100000), (Stage((0.7, 0.0), PLAIN, False), 100000),
          (Stage((0.5, 0.0), PLAIN, False), None))
PARENTS = dict((bakers, [tuple(p for p in DECK if fits(c, p, bakers)) for c in DECK])
               for bakers in (False, True))     # the cards each card may go on


def first(item):
    return item[0]


def slots_bytes(table):
    """The bytes a dict's slots take, its keys and values aside: what
    Python says (CPython), else SLOT_BYTES a key.

    >>> 0 < slots_bytes(dict.fromkeys(range(1000))) <= 1000 * SLOT_BYTES
    True
    """
    return sys.getsizeof(table, 0) or SLOT_BYTES * len(table)


def fast(pos):
    "The solver's state of a game position."
    cells, homes, cols = pos
    return (bytes(sorted(c for c in cells if c is not None)), tuple(homes),
            tuple(bytes(col) for col in cols))


class Scorer(object):
    """How far a position looks from the win, by one set of weights (see
    PLAIN), the parts of the score each column makes memoised."""

    def __init__(self, weights, parents):
        self.weights, self.parents = weights, parents
        (self.held, self.filled, self.buried, self.disorder, self.home, self.blocking,
         self.blocking2, self.loose, self.deep, self.king) = weights
        self.costs = {}                   # column bytes -> Scorer.cost()
        self.parts = {}                   # foundations -> {column bytes: Scorer.part()}
        self.parted = 0

    def forget(self):
        "Empty the memos."
        self.costs.clear()
        self.parts.clear()
        self.parted = 0

    def cost(self, col):
        """A column's part of the score that the foundations do not change,
        and how deep each card lies in it, memoised: (a weight for a column
        that holds cards, one for each card lying on a lower card of its own
        suit (it must move before it goes home), one for each other card
        lying on a lower card, and one for each card lying on a card it does
        not fit on, another for such a card deeper than the column's top
        LOOSE_TOP, and more for a king lying on a card among the top
        LOOSE_TOP (see PLAIN); the cards above each card, 0 for the cards
        not in it, by card number and four more)."""
        facts = self.costs.get(col)
        if facts is None:
            low, lows, buried, disorder = NCARDS, [NCARDS] * 4, 0, 0
            parents, below, loose, deep, kings = self.parents, None, 0, 0, 0
            high = len(col) - LOOSE_TOP
            depth = bytearray(NCARDS + 8)
            for i, c in enumerate(col):
                if below is not None and below not in parents[c]:
                    if i < high:
                        deep += 1
                    else:
                        loose += 1
                        if c >= KINGS:
                            kings += 1
                below = c
                depth[c] = len(col) - 1 - i
                r, s = RANK_OF[c], SUIT_OF[c]
                if r > lows[s]:
                    buried += 1
                else:
                    lows[s] = r
                    if r > low:
                        disorder += 1
                if r < low:
                    low = r
            if len(self.costs) >= PARTS_MEMO:
                self.costs.clear()
            facts = self.costs[col] = (self.filled + self.buried * buried + self.disorder
                                       * disorder + self.loose * loose + self.deep * deep
                                       + self.king * kings if col else 0, bytes(depth))
        return facts

    def score(self, state):
        """How far state looks from the win (lower is nearer): each card not
        home, each held card, and each column's part (Scorer.part)."""
        cells, homes, cols = state
        parts = self.parts.get(homes)
        if parts is None:
            if self.parted >= PARTS_MEMO:
                self.parts.clear()
                self.parted = 0
            parts = self.parts[homes] = {}
        try:
            # Added one by one, as sum() did before Python 3.12 (which adds
            # floats more exactly, and so would order some positions apart).
            # Worked out from the parent's score by the columns that changed,
            # it is 2 % faster but sums in another order: 14 of 200 deals'
            # solutions change, none the better on the whole.
            h = functools.reduce(operator.add, map(parts.__getitem__, cols), 0)
        except KeyError:
            h = 0
            for col in cols:
                part = parts.get(col)
                h += self.part(col, homes, parts) if part is None else part
        return h + self.home * (NCARDS - sum(homes)) + self.held * len(cells)

    def part(self, col, homes, parts):
        """A column's part of the score with these foundations, kept in parts:
        its cost(), and a weight for each card lying on the next card of a
        foundation, and another for each lying on the card after that (a
        card not in the column adds 0.0, which changes no sum)."""
        cost, depth = self.costs.get(col) or self.cost(col)
        b, b2 = self.blocking, self.blocking2
        h0, h1, h2, h3 = homes[0] * 4, homes[1] * 4, homes[2] * 4, homes[3] * 4
        part = parts[col] = (cost + b * depth[h0] + b2 * depth[h0 + 4] + b * depth[h1 + 1]
                             + b2 * depth[h1 + 5] + b * depth[h2 + 2] + b2 * depth[h2 + 6]
                             + b * depth[h3 + 3] + b2 * depth[h3 + 7])
        self.parted += 1
        return part


class Solver(object):
    "Search one game's positions: the rules, and what is known of its columns."

    def __init__(self, ncells=4, bakers=False, start=None):
        self.ncells, self.bakers = ncells, bakers
        self.ontos = {}                   # column bytes -> Solver.onto()
        self.safes = {}                   # foundations -> the cards autoplay may send home
        self.parents = PARENTS[bakers]
        self.scoring = Scorer(PLAIN, self.parents)  # the last Scorer used, with its memos
        self.tokens, self.prefix, self.packs, self.raws = {}, {}, {}, {}
        for col in (start[2] if start else ()):
            for k in range(2, len(col) + 1):
                token = 64 + len(self.prefix)
                self.tokens[col[:k]] = token
                self.prefix[token] = col[:k]

    def scorer(self, weights):
        """The Scorer of these weights: the one used last while they stay the
        same (its memos kept), a new one when they change."""
        if self.scoring.weights != weights:
            self.scoring = Scorer(weights, self.parents)
        return self.scoring

    def pack_column(self, col):
        """col with its cards still in place as dealt, two or more, as one
        token byte; memoised (a column's cards lie bottom first, so the
        longest dealt prefix is the one to take)."""
        packed = self.packs.get(col)
        if packed is None:
            k = len(col)
            while k > 1 and col[:k] not in self.tokens:
                k -= 1
            packed = bytes((self.tokens[col[:k]],)) + col[k:] if k > 1 else col
            if len(self.packs) >= PACK_MEMO:
                self.packs.clear()
            self.packs[col] = packed
        return packed

    def key(self, state):
        "The position's key: its packed form with the columns sorted."
        cells, homes, cols = state
        try:
            packed = sorted(map(self.packs.__getitem__, cols))
        except KeyError:
            packed = sorted(map(self.pack_column, cols))
        return bytes(homes) + cells + SEPARATOR + SEPARATOR.join(packed)

    def unpack(self, key):
        "The state of a key, its columns in the key's order."
        parts = key.split(SEPARATOR)
        head = parts[0]
        try:
            cols = tuple(map(self.raws.__getitem__, parts[1:]))
        except KeyError:
            if len(self.raws) >= PACK_MEMO:
                self.raws.clear()
            prefix = self.prefix
            for col in parts[1:]:
                self.raws[col] = prefix[col[0]] + col[1:] if col and col[0] >= 64 else col
            cols = tuple(map(self.raws.__getitem__, parts[1:]))
        return head[4:], tuple(head[:4]), cols

    def run(self, col):
        "How many cards at the end of col are in sequence, memoised."
        return (self.ontos.get(col) or self.onto(col))[0]

    def onto(self, col):
        """(run length, ((card, k), ...), the same for the whole run) of a
        column, memoised: the k cards at its end, in sequence, may go on
        card."""
        run = run_length(col, self.bakers)
        onto = tuple((top, k) for k in range(1, run + 1) for top in self.parents[col[-k]])
        facts = self.ontos[col] = (run, onto, tuple(pair for pair in onto if pair[1] == run))
        return facts

    def autoplay(self, cells, homes, cols):
        "The state after safe autoplay, the game's rule, done to the end."
        safes = self.safes
        while True:
            safe = safes.get(homes)
            if safe is None:
                nexts = (h * 4 + s for s, h in enumerate(homes))
                safe = safes[homes] = frozenset(
                    card for card in nexts if safe_home((None, homes), card, self.bakers))
            for i, card in enumerate(cells):
                if card in safe:
                    cells = cells[:i] + cells[i + 1:]
                    break
            else:
                for i, col in enumerate(cols):
                    if col and col[-1] in safe:
                        card = col[-1]
                        cols = cols[:i] + (col[:-1],) + cols[i + 1:]
                        break
                else:
                    return cells, homes, cols
            s = SUIT_OF[card]
            homes = homes[:s] + (homes[s] + 1,) + homes[s + 1:]

    def steps(self, state, settled=True, prune=False):
        """Every (step, next state) from state, autoplay done.  In a settled
        state autoplay has nothing to do, and only a newly exposed card can
        start it (written out in each kind of step: this is the search's
        innermost loop).  When prune, the steps a good player seldom
        needs are left out: part of a run short enough to move whole, one
        card of a run into an empty column, a card lying on its parent into
        a free cell, a card that could go on a column into a free cell or an
        empty column.  Such a search can miss a win, so it proves nothing."""
        cells, homes, cols = state
        free = self.ncells - len(cells)
        empties = cols.count(b"")
        first_empty = cols.index(b"") if empties else -1
        nexts = {homes[0] * 4, homes[1] * 4 + 1, homes[2] * 4 + 2, homes[3] * 4 + 3}
        # (A table of the columns each card may go on, kept up to date, is
        # 10 % slower: building it costs more than the look-ups it saves.)
        tops = {col[-1]: j for j, col in enumerate(cols) if col}
        autoplay, parents, ontos = self.autoplay, self.parents, self.ontos
        out, held = [], []
        for i, card in enumerate(cells):          # home from a cell
            if card in nexts:
                s = SUIT_OF[card]
                out.append(((card, "h", 1), autoplay(
                    cells[:i] + cells[i + 1:], homes[:s] + (homes[s] + 1,) + homes[s + 1:], cols)))
        going = nexts.intersection(tops)
        for i in sorted(tops[card] for card in going) if going else ():   # home from a column
            col = cols[i]
            s = SUIT_OF[col[-1]]
            out.append(((COLUMNS[i], "h", 1), autoplay(
                cells, homes[:s] + (homes[s] + 1,) + homes[s + 1:],
                cols[:i] + (col[:-1],) + cols[i + 1:])))
        most = (free + 1) << empties
        for i, col in enumerate(cols):            # a run onto a column, or into an empty one
            if not col:
                continue
            run, onto, whole = ontos.get(col) or self.onto(col)
            placed = False                        # whether its top card can go on a column
            for top, k in whole if prune and run <= most else onto:
                j = tops.get(top)
                if j is not None and k <= most:
                    placed = placed or k == 1
                    new = list(cols)
                    rest = new[i] = col[:-k]
                    new[j] = cols[j] + col[-k:]
                    child = (cells, homes, tuple(new))
                    out.append(((COLUMNS[i], COLUMNS[j], k), child if settled and not (
                        rest and rest[-1] in nexts) else autoplay(*child)))
            if empties and not (prune and placed):
                longest = run if run < most >> 1 else most >> 1
                for k in ((longest,) if prune else (1, longest)) if longest > 1 else (1,):
                    if k < len(col):
                        new = list(cols)
                        rest = new[i] = col[:-k]
                        new[first_empty] = col[-k:]
                        child = (cells, homes, tuple(new))
                        out.append(((COLUMNS[i], COLUMNS[first_empty], k), child if settled
                                    and rest[-1] not in nexts else autoplay(*child)))
            if free and not (prune and (run > 1 or placed)):  # a card into a free cell
                rest = col[:-1]
                new = (bytes(sorted(cells + col[-1:])), homes, cols[:i] + (rest,) + cols[i + 1:])
                held.append(((COLUMNS[i], "*", 1), new if settled and not (
                    rest and rest[-1] in nexts) else autoplay(*new)))
        for n, card in enumerate(cells):          # a held card onto a column
            rest = cells[:n] + cells[n + 1:]
            for top in parents[card]:
                j = tops.get(top)
                if j is not None:
                    new = list(cols)
                    new[j] = cols[j] + bytes((card,))
                    out.append(((card, COLUMNS[j], 1), (rest, homes, tuple(new)) if settled
                                else autoplay(rest, homes, tuple(new))))
            if empties:
                new = list(cols)
                new[first_empty] = bytes((card,))
                out.append(((card, COLUMNS[first_empty], 1), (rest, homes, tuple(new)) if settled
                            else autoplay(rest, homes, tuple(new))))
        return out + held if held else out

    def search(self, pos, limits=None, began=None):
        """What the searches of STAGES find from pos, a Found: 'solved' with
        the steps of a solution, 'impossible', or 'unknown' with the Stop of
        the limit that ended the search: limits (a Limits, its fields None
        where with_defaults() gives them) of positions, of seconds after
        began (now if None), and of bytes for the whole process.  Searches
        that weigh the moves made (and the cards on a foundation's next
        card) differently get stuck on different deals, so a stuck search
        makes way for the next one.  The first two leave out moves
        (Solver.steps): their running out of positions proves nothing, and
        the next such search would run out too, so it is passed over.  The
        others are complete: any of them that runs out of positions proves
        the deal impossible."""
        limits = with_defaults(limits)
        began = began or time.time()
        searched, ran_out = 0, False
        for stage, budget in STAGES:
            if stage.prune and ran_out:
                continue
            if searched >= limits.positions:    # spent by the searches before
                break
            budget = min(budget or limits.positions, limits.positions - searched)
            found = self.best_first(pos, stage, limits._replace(positions=budget), began)
            searched += found.positions
            if found.verdict == "impossible" and stage.prune:     # no proof
                found, ran_out = found._replace(verdict="unknown",
                                                stop=Stop("max-positions", budget)), True
            if found.verdict != "unknown" or found.stop.limit != "max-positions":
                break
        if found.stop is not None and found.stop.limit == "max-positions":
            found = found._replace(stop=Stop("max-positions", limits.positions))  # all of them
        return found._replace(positions=searched)

    def best_first(self, pos, stage, limits, began=None):
        """One best-first search from pos as stage (a Stage) says, a Found:
        each position scored by stage.weights (Scorer.score) plus
        stage.weight times the moves made to reach it, foundation moves not
        counted, and when stage.prune, the moves Solver.steps names left
        out.  The weight is a number, or a pair (w, more): w plus more times
        the share of the cards that are home, so that the moves made weigh
        more as the game nears its end.  The positions waiting are kept by
        score, first come first served within a score.  limits (a Limits)
        end it: limits.positions, limits.seconds after began (now if None;
        None: no end), and where it would take the process past
        limits.memory bytes (None: no bound)."""
        w, more = stage.weight if isinstance(stage.weight, tuple) else (stage.weight, 0.0)
        by_home = [w + more * home / NCARDS for home in range(NCARDS + 1)]
        budget, memory, prune = limits.positions, limits.memory, stage.prune
        deadline = (began or time.time()) + limits.seconds if limits.seconds else None
        start = fast(pos)
        first_key = self.key(start)
        seen = {first_key: None}                  # key -> the parent's key
        short = budget <= VIA_POSITIONS
        via = {} if short else None               # key -> the step that reached it
        # Waiting: a short search keeps (score, order, key, moves) in one heap,
        # the faster way (0.94-0.97 of the time, 5.2 MB at the peak of 20,000
        # positions instead of 8.2); a long one a queue of (key, moves) for each
        # score, its scores in a heap, the smaller way when many positions share
        # a score (one heap: 6 MB more in 190,000).  Both take the lowest score
        # first, first come first served.
        waiting = [(0, 0, first_key, 0)] if short else {0: collections.deque([(first_key, 0)])}
        scores, pushed = [0], 0
        settled = self.autoplay(*start) == start
        key_of, score_of, expanded = self.key, self.scorer(stage.weights).score, 0
        steps_of = self.steps
        push, pop = heapq.heappush, heapq.heappop
        while waiting:
            if short:
                key, g = pop(waiting)[2:]
            else:
                queue = waiting[scores[0]]
                key, g = queue.popleft()
                if not queue:
                    del waiting[pop(scores)]
            state = self.unpack(key)
            if sum(state[1]) == NCARDS:
                return Found("solved", self.path(pos, key, seen, settled, via, prune), None,
                             len(seen))
            for step, child in steps_of(state, settled or key is not first_key, prune):
                child_key = key_of(child)
                # Keeping the shorter way to a position met again changed 2 deals
                # of 200 (85.45 moves against 85.46): the shortening finds those.
                if child_key not in seen:
                    seen[child_key] = key
                    moves = g if step[1] == "h" else g + 1
                    score = score_of(child) + by_home[sum(child[1])] * moves
                    if short:
                        via[child_key] = step
                        pushed += 1
                        push(waiting, (score, pushed, child_key, moves))
                        continue
                    queue = waiting.get(score)
                    if queue is None:
                        queue = waiting[score] = collections.deque()
                        push(scores, score)
                    queue.append((child_key, moves))
            if len(seen) > budget:
                return Found("unknown", None, Stop("max-positions", budget), len(seen))
            expanded += 1
            if deadline and expanded & 31 == 0 and time.time() > deadline:
                return Found("unknown", None, Stop("timeout", limits.seconds), len(seen))
            if memory and expanded & 1023 == 0 and self.crowded(seen, memory):
                return Found("unknown", None, Stop("memory", memory), len(seen))
        return Found("impossible", None, None, len(seen))

    def beam(self, pos, width=None, deadline=None, memory=None, bound=None, most=None):
        """A search level by level, a level a typed move, keeping the width
        positions of each level that score best (all of them when width is
        None: then it is breadth first and its first win is a shortest one),
        scored by PLAIN.  A position seen on an earlier level is not taken again.  Returns
        (steps or None, positions, levels searched in full, the limit that
        stopped it or None); it looks no further than bound moves, nor past
        most positions (None: no bound)."""
        start = fast(pos)
        key = self.key(start)
        settled = self.autoplay(*start) == start
        seen = {key: None}                      # key -> the parent's key
        level, g, key_of, score = [(0, start, key)], 0, self.key, self.scorer(PLAIN).score
        while level and (bound is None or g + 1 < bound):
            children = []
            for n, (_, state, key) in enumerate(level):
                for step, child in self.steps(state, settled or g > 0):
                    child_key = key_of(child)
                    if child_key not in seen:
                        seen[child_key] = key
                        if sum(child[1]) == NCARDS:
                            return self.path(pos, child_key, seen, settled), len(seen), g, None
                        children.append((score(child), child, child_key))
                if n & 15 == 15:
                    if most is not None and len(seen) > most:
                        return None, len(seen), g, "positions"
                    if deadline and time.time() > deadline:
                        return None, len(seen), g, "deadline"
                    if memory and n & 255 == 255 and self.crowded(seen, memory):
                        return None, len(seen), g, "memory"
            if memory and self.crowded(seen, memory):
                return None, len(seen), g, "memory"
            g += 1
            if width is not None and len(children) > width:
                children = heapq.nsmallest(width, children, key=first)
            level = children
        return None, len(seen), g, None if level else "all"

    def shortest(self, pos, steps, seconds, deadline=None, memory=None, width=FIRST_WIDTH,
                 measure=None, budget=None):
        """(steps, minimal, positions, stop): the shortest solution found in
        so many seconds (and before deadline), starting from the solution
        steps.  A breadth-first search comes first: its first win is a
        shortest solution, and the levels it searched in full without one
        are a lower bound.  Then beams of doubling width, while the next one
        is likely to end in time and the best solution is longer than the
        lower bound; a solution as short as the bound is proved minimal.
        budget, if given, is the most positions they search in all
        (BREADTH_SHARE of them the breadth-first search's): where it ends
        them before the seconds do, the answer is the same on every machine.
        stop is Stop('memory', memory) when the memory limit stopped a
        search, else None (a beam stopped so ends the widening; the
        breadth-first search's memory is freed for the beams).  The searches
        count steps, the moves typed with autoplay on; measure, if given, is
        what the player counts instead (every move, without autoplay): of
        the solutions found, the one it makes shortest is returned, never
        proved minimal."""
        began = time.time()
        end = began + seconds if deadline is None else min(deadline, began + seconds)
        best = (measure(steps), steps) if measure else None
        found, positions, levels, why = self.beam(
            pos, None, min(end, began + BREADTH_SHARE * seconds), memory, len(steps),
            None if budget is None else int(BREADTH_SHARE * budget))
        if found is not None:
            if not measure:
                return found, True, positions, None
            return min(best, (measure(found), found), key=first)[1], False, positions, None
        lower = levels + 1 if why in ("deadline", "memory", "positions") else len(steps)
        stopped, why, took = why == "memory", None, 0.0
        while (why not in ("memory", "positions") and len(steps) > lower
               and time.time() + GROWTH * took < end and (budget is None or positions < budget)):
            clock = time.time()
            found, searched, _, why = self.beam(pos, width, end, memory, len(steps),
                                                None if budget is None else budget - positions)
            positions += searched
            if found is not None:
                steps = found
                if measure:
                    best = min(best, (measure(found), found), key=first)
            took, width = time.time() - clock, width * 2
        stop = Stop("memory", memory) if stopped or why == "memory" else None
        if measure:
            return best[1], False, positions, stop
        return steps, len(steps) <= lower, positions, stop

    def crowded(self, seen, memory):
        """Whether the process, with room for seen to grow once more, would
        hold more than memory bytes; the memos are emptied first."""
        if (resident() or 0) + 2 * slots_bytes(seen) <= memory:
            return False
        self.ontos.clear()
        self.scoring.forget()
        self.packs.clear()
        self.raws.clear()
        return (resident() or 0) + 2 * slots_bytes(seen) > memory

    def path(self, pos, key, seen, settled, via=None, prune=False):
        """The steps from pos to the position of key: the keys back to the
        start, then the step to each from the one before, found again among
        the steps the search had (prune as it had it) (or, where via holds
        the steps that reached the keys, each played as the card it moves
        and where it goes)."""
        keys = []
        while key is not None:
            keys.append(key)
            key = seen[key]
        if via is not None:
            steps = self.retrace(pos, keys, via)
            if steps is not None:
                return steps
        state, steps = fast(pos), []
        for g, key in enumerate(reversed(keys[:-1])):
            head = key[:key.find(255)]            # the foundations and held cards
            for step, child in self.steps(state, settled or g > 0, prune):
                if bytes(child[1]) + child[0] == head and self.key(child) == key:
                    break
            steps.append(step)
            state = child
        return steps

    def retrace(self, pos, keys, via):
        """The steps from pos through keys (the last first), each step in
        via (taken in its parent's columns as the key orders them) played as
        the card that moves and where it goes; None if play strays from the
        keys."""
        state, steps = fast(pos), []
        for n in range(len(keys) - 2, -1, -1):
            card, where = self.card_move(self.unpack(keys[n + 1])[2], via[keys[n]])
            steps.append(self.step_of(state, card, where))
            state = self.play(state, card, where)
            if state is None or self.key(state) != keys[n]:
                return None
        return steps

    # Shortening a solution.  A step is written again as (card, where): the
    # card that moves (the lowest of a run) and where it goes, 'h', '*', EMPTY
    # or the card it goes on.  So written, a step still means the same move
    # when the steps before it change, and a solution can be tried without
    # one of its steps, or with a card going straight to where it went later.
    # Shortcuts of one or two moves between the positions a solution visits
    # gain 0.006 and 0.05 moves a deal (the second at twice the time).

    def play(self, state, card, where):
        """The state after card goes where, autoplay done; None if the rules
        forbid it.  A card sent home that is home already changes nothing."""
        cells, homes, cols = state
        s, r = SUIT_OF[card], RANK_OF[card]
        if homes[s] > r:
            return state if where == "h" else None
        free = self.ncells - len(cells)
        empties = cols.count(b"")
        i = holding(cols, card)
        if i < 0:
            if where == "*" or card not in cells:
                return None
            cells, moving = cells.replace(bytes((card,)), b""), bytes((card,))
        else:
            col = cols[i]
            moving = col[col.index(card):]
            if len(moving) > self.run(col):
                return None
            cols = cols[:i] + (col[:-len(moving)],) + cols[i + 1:]
        if where == "h":
            if len(moving) > 1 or homes[s] != r:
                return None
            homes = homes[:s] + (r + 1,) + homes[s + 1:]
        elif where == "*":
            if len(moving) > 1 or not free:
                return None
            cells = bytes(sorted(cells + moving))
        else:
            if where == EMPTY:
                j = cols.index(b"") if b"" in cols else -1
                most = (free + 1) << max(empties - 1, 0)
            else:
                j = holding(cols, where, on_top=True)
                most = (free + 1) << empties
                if where not in self.parents[card]:
                    return None
            if j < 0 or j == i or len(moving) > most:
                return None
            cols = cols[:j] + (cols[j] + moving,) + cols[j + 1:]
        return self.autoplay(cells, homes, cols)

    def card_move(self, cols, step):
        "(card, where) of a step taken where the columns are cols (step_of's inverse)."
        source, target, count = step
        card = source if isinstance(source, int) else cols[COLUMNS.index(source)][-count]
        if target in ("h", "*"):
            return card, target
        onto = cols[COLUMNS.index(target)]
        return card, onto[-1] if onto else EMPTY

    def step_of(self, state, card, where):
        "The step (source, target, count) that moves card where in state."
        cols = state[2]
        i = holding(cols, card)
        source, count = (card, 1) if i < 0 else (COLUMNS[i], len(cols[i]) - cols[i].index(card))
        if where in ("h", "*"):
            return source, where, count
        j = cols.index(b"") if where == EMPTY else holding(cols, where, on_top=True)
        return source, COLUMNS[j], count

    def shorten(self, pos, steps):
        """steps made shorter where the rules allow, each change checked by
        playing the rest of the solution: a step left out; a card's step left
        out with its next one; a card's step going straight to where its next
        one took it.  A change is kept when play comes back to the same
        position or wins; the LOOK_BACK steps before it are then tried again
        (a step may go once a later one has)."""
        state, moves, states = fast(pos), [], [fast(pos)]
        for step in steps:
            card, where = self.card_move(state[2], step)
            moves.append((card, where))
            state = self.play(state, card, where)
            states.append(state)
        i = 0
        while i < len(moves):
            card = moves[i][0]
            later = next((j for j in range(i + 1, len(moves)) if moves[j][0] == card), None)
            tries = [(moves[i + 1:], 1)]
            if later is not None:
                tries = [(moves[i + 1:later] + moves[later + 1:], 2)] + tries + [
                    ([(card, moves[later][1])] + moves[i + 1:later] + moves[later + 1:], 1)]
            for tail, dropped in tries:
                played = self.rejoin(states, i, tail, dropped)
                if played is not None:
                    made = len(played)
                    if sum(played[-1][1]) == NCARDS:
                        moves[i:], states[i + 1:] = tail[:made], played
                    else:
                        moves[i:] = tail[:made] + moves[i + made + dropped:]
                        states[i + 1:] = played + states[i + made + dropped + 1:]
                    i = max(0, i - LOOK_BACK)       # a move before may now go too
                    break
            else:
                i += 1
        return [self.step_of(state, card, where) for state, (card, where) in zip(states, moves)
                if not (where == "h" and state[1][SUIT_OF[card]] > RANK_OF[card])]

    def rejoin(self, states, i, tail, dropped):
        """The states that the first moves of tail go through, played from
        states[i], when they bring play back to the solution's own position
        (dropped steps fewer) or to the win; None if a move is against the
        rules or play never comes back."""
        state, played = states[i], []
        for k, (card, where) in enumerate(tail):
            state = self.play(state, card, where)
            if state is None:
                return None
            played.append(state)
            t = i + k + 1 + dropped
            if t < len(states) and state == states[t] or sum(state[1]) == NCARDS:
                return played
        return None


def holding(cols, card, on_top=False):
    "The index of the column holding card (on its top), or -1."
    for i, col in enumerate(cols):
        if card in col and (not on_top or col[-1] == card):
            return i
    return -1


def solution(pos, steps, bakers=False, autoplay_on=True):
    """The solver's steps as moves in standard notation, each checked by the
    game's own rules, and how many cards autoplay sent home on the way; with
    autoplay off, those foundation moves are written out too."""
    moves, autoplayed = [], 0
    for source, target, count in steps:
        if not isinstance(source, str):
            source = CELLS[pos[0].index(source)]
        if target == "*":
            target = CELLS[pos[0].index(None)]
        move = resolve(pos, (source, target, count), bakers)
        moves.append(format_move(pos, move, bakers))
        pos, made = autoplay(apply(pos, move), bakers)
        autoplayed += len(made)
        if not autoplay_on:
            moves += [place + "h" for (place, _, _), _ in made]
    if not won(pos):
        raise Illegal("the solver's steps do not win")
    return moves, autoplayed


def with_defaults(limits=None):
    """limits (a Limits, or None) with the defaults where it says None:
    MAX_POSITIONS, TIMEOUT, and memory_budget()'s share of the machine."""
    positions, seconds, memory = limits or (None, None, None)
    return Limits(MAX_POSITIONS if positions is None else positions,
                  TIMEOUT if seconds is None else seconds, memory or memory_budget())


def solve(pos, bakers=False, autoplay_on=True, limits=None, began=None, short=None,
          width=FIRST_WIDTH, short_positions=None):
    """An Answer: the verdict ('solved', 'impossible' or 'unknown'), the
    moves (standard notation), the Stop of the limit reached, positions
    searched, seconds, the total (every foundation move counted) and the
    solver's steps.  limits (a Limits, with_defaults() where None) and began
    are Solver.search's.  With short (seconds), the solution found is then
    made as short as Solver.shortest can in that time (and, if
    short_positions is given, in so many positions: its budget):
    answer.short says how long that took, answer.minimal whether the
    solution is proved minimal, and answer.stop names the memory limit if
    it stopped that.

    >>> answer = solve(deal(1))
    >>> answer.verdict, answer.total >= 52, len(answer.moves) < answer.total
    ('solved', True, True)
    >>> solve(deal(-1)).verdict             # Windows' unshuffled deal -1
    'impossible'
    >>> answer = solve(deal(11982), limits=Limits(None, None, 1 << 20))
    >>> answer.verdict, answer.stop, answer.positions
    ('unknown', Stop(limit='memory', value=1048576), 2445)
    """
    clock = time.time()
    solver = Solver(len(pos[0]), bakers, fast(pos))
    limits = with_defaults(limits)
    verdict, steps, stop, positions = solver.search(pos, limits, began or clock)
    answer = Answer(verdict, [], stop, positions, None, 0, [], None, False)
    if verdict == "solved":
        if short:                       # its seconds count from the start of the solve,
            shortening = time.time()    # and a fiftieth is left for what comes after
            # Without autoplay the player types every move: so are they counted.
            measure = None if autoplay_on else (lambda steps: len(solution(
                pos, solver.shorten(pos, steps), bakers, False)[0]))
            steps, minimal, searched, stop = solver.shortest(
                pos, steps, clock + 0.98 * short - shortening,
                (began or clock) + limits.seconds if limits.seconds else None, limits.memory,
                width, measure, short_positions)
            answer = answer._replace(stop=stop, positions=positions + searched,
                                     short=time.time() - shortening, minimal=minimal)
        steps = solver.shorten(pos, steps)
        moves, autoplayed = solution(pos, steps, bakers, autoplay_on)
        answer = answer._replace(moves=moves, steps=steps,
                                 total=len(moves) + (autoplayed if autoplay_on else 0))
    return answer._replace(seconds=time.time() - clock)


def verdict_line(answer, autoplay_on=True):
    "'solved in 41 moves (93 with every foundation move), ...' for an Answer."
    if answer.verdict == "solved":
        text = "solved in " + plural(len(answer.moves), "move")
        if autoplay_on:
            text += " (%d with every foundation move)" % answer.total
        if answer.short is not None:
            text += ", the shortest found in %.1f s (%s%s)" % (
                answer.short, "proved minimal" if answer.minimal and autoplay_on
                else "not proved minimal", "; " + stop_text(answer.stop) if answer.stop else "")
    elif answer.verdict == "unknown":
        text = "unknown: " + stop_text(answer.stop)
    else:
        text = answer.verdict
    return "%s, %s searched, %.2f s" % (text, plural(answer.positions, "position"),
                                        answer.seconds)


def lines_of(moves, width=10):
    "Moves ten a line, as fc-solve prints them."
    return [" ".join(moves[i:i + width]) for i in range(0, len(moves), width)]


################ The game: a deal being played

Game = collections.namedtuple("Game", "pos done start bakers autoplay title origin snx")
Game.__doc__ = """A deal being played, as data that a move does not change
(it makes a new Game): the position now; the moves done, a tuple of
(notation, position before, cards sent home); the position dealt; the rules
(Baker's Game, autoplay); the board's title; where the deal comes from
(origin: its number, or the name of a board file); and snx, whether a
plain move into an empty column carries one card, as fc-solve -snx writes
it (--snx, or its header line in the input)."""


def new_game(pos, title, bakers=False, autoplay=True, origin=None, snx=False):
    "A Game from pos, no move done yet."
    return Game(pos, (), pos, bakers, autoplay, title, origin, snx)


def deal_title(number, bakers):
    return ("Baker's Game " if bakers else "FreeCell game ") + str(number)


def play_move(game, token):
    """(the game after the move token and its autoplay, the line that says
    what was done); raises Illegal.

    >>> game, said = play_move(new_game(deal(5), "FreeCell game 5"), "8a")
    >>> said, game.done[0][0], [card_name(c) for c in game.done[0][2]]
    ('Move 1: 8a, then AD AC home', '8a', ['AD', 'AC'])
    >>> after, said = play_move(game, "8b")
    >>> said, len(after.done), len(game.done)       # the game played from stays as it was
    ('Move 2: 8b', 2, 1)
    """
    pos, bakers = game.pos, game.bakers
    if won(pos):
        raise Illegal("the game is won (u to undo, new for another deal)")
    move = parse_move(token, len(pos[0]))
    if game.snx and move[1] in COLUMNS and move[2] is None and not column(pos, move[1]):
        move = move[:2] + (1,)
    move = resolve(pos, move, bakers)
    text = format_move(pos, move, bakers)
    after, home = apply(pos, move), ()
    if game.autoplay:
        after, made = autoplay(after, bakers)
        home = tuple(card for _, card in made)
    done = game.done + ((text, pos, home),)
    # The rest of the game as it was: _replace would cost twice as much, and
    # a solution piped in makes a Game a move.
    return Game(after, done, *game[2:]), "Move %d: %s%s" % (
        len(done), text, ", then %s home" % " ".join(card_name(c) for c in home) if home else "")


def undo(game):
    """(the game before its last move and that move's autoplay, the line
    that says so); raises Illegal at the start."""
    if not game.done:
        raise Illegal("nothing to undo")
    text, before, _ = game.done[-1]
    return game._replace(pos=before, done=game.done[:-1]), "Undo: " + text


def restart(game):
    "The game back at its deal."
    return game._replace(pos=game.start, done=())


def redeal(game, number):
    "Deal number, with game's rules."
    return new_game(deal(number, len(game.pos[0])), deal_title(number, game.bakers),
                    game.bakers, game.autoplay, number, game.snx)


def history(game):
    """The command that replays game, as a comment line, then its moves so far
    in standard notation, one line.

    >>> game, _ = play_move(new_game(deal(5, 3), "", True, False, 5), "8a")
    >>> print(history(game))
    # freecell.py -g 5 --cells 3 --bakers --no-autoplay
    8a
    >>> print(history(new_game(deal(5), "", origin="my pos;x.txt")))   # pasted as it is
    # freecell.py --board 'my pos;x.txt'
    """
    import shlex
    origin = game.origin
    words = ["# freecell.py", "--board %s" % shlex.quote(origin).replace("\n", "\\n")
             if isinstance(origin, str) else "-g %s" % origin]
    if len(game.start[0]) != 4:
        words.append("--cells %d" % len(game.start[0]))
    words += [word for word, on in (("--bakers", game.bakers),
                                    ("--no-autoplay", not game.autoplay)) if on]
    moves = " ".join(text for text, _, _ in game.done)
    return " ".join(words) + ("\n" + moves if moves else "")


def result_line(game):
    "The last line of a game: won in how many moves, or how far it got."
    pos, moves = game.pos, len(game.done)
    if won(pos):
        return "Won in %s." % plural(moves, "move")
    return "Not won: %s home after %s." % (plural(sum(pos[1]), "card"), plural(moves, "move"))

################ The command loop
## A line of input maps a Game to the Game after it and the texts it prints
## (run_line), or is refused whole; play_lines, in the shared block, reads
## the lines, prints, and keeps the Game each line makes.

HELP = """\
moves: 63 column to column, 7a column to cell, a3 cell to column, 4h or 40 or 4
column home, ah or a cell home, 41v2 exactly 2 cards (standard notation)
help (?)        this list
quit (q, exit)  leave, as the end of the input does
board           the board again
history         the game so far, which replays
undo (u)        take back a move
restart         the same deal from its start
new [N]         deal N, or a random one
export          the position in fc-solve's format
hint            the next move of a short solution from here
solve           a solution from here
solve short     a short one (--short's seconds)
Several moves may share a line; a line is all or nothing; # starts a comment."""

# What fc-solve prints around its moves, skipped so its output can be piped in whole.
CHATTER = re.compile(r"^(-=-=.*|This game is solveable\.|I could not solve this game\."
                     r"|Total number of states checked is \d+\.|This scan generated \d+ states\."
                     r"|Iterations count exceeded.*)$")
NUMBER = re.compile(r"^-?[0-9]+$")     # ASCII digits only: int() takes others too
SEARCHES = ("hint", "solve", "solve short")
CHANGES = ("move", "undo", "restart", "new")

Settings = collections.namedtuple("Settings", "style quiet limits short")
Settings.__doc__ = """What a session keeps from its command line: the
board's style (colour, suits as letters), quiet (-q: along the way, only
what a command asks for), the searches' Limits, and the seconds 'solve
short' spends."""


def play_session(game, lines, out, err, settings, interactive=False, watch=None):
    """Run the lines ((number, text) pairs) on game, printing to out and
    the errors to err, and with -q the last board and the result at the
    end; 0 when every line was carried out, else 1.  interactive: at a
    terminal, where a search shows a progress line and Ctrl-C stops the
    line.  watch(game), when given, sees the game before each line is read
    and after the last."""
    def step(game, number, text, busy):
        return run_line(game, text, settings, busy)
    status, game = play_lines(game, lines, step, out, err, interactive, watch)
    if settings.quiet:
        out.write(show(game, settings.style) + "\n" + result_line(game) + "\n")
    return status


def run_line(game, text, settings, busy=None):
    """(the game after one line of input, the texts it prints, whether it
    ends the input).  Raises Refused, naming the word that failed and why,
    when any word fails: then nothing of the line is done.  fc-solve's
    chatter is skipped; its header line sets snx.  busy(what), when given,
    shows a search's progress line and gives the function that clears it.

    >>> settings = Settings((False, True), False, Limits(300, 5.0, None), SHORT)
    >>> game = new_game(deal(5), "FreeCell game 5", origin=5)
    >>> run_line(game, "8a 8b 99", settings)
    Traceback (most recent call last):
    ...
    freecell.Refused: 99: no column 9
    >>> run_line(game, "8a u u", settings)
    Traceback (most recent call last):
    ...
    freecell.Refused: u: nothing to undo
    >>> game == new_game(deal(5), "FreeCell game 5", origin=5)   # as it was
    True
    >>> after, printed, ended = run_line(game, "8a 8b  # two moves", settings)
    >>> printed[:2], len(after.done), len(game.done), ended
    (['Move 1: 8a, then AD AC home', 'Move 2: 8b'], 2, 0, False)
    >>> print(printed[2])                                   # then the board
    FreeCell game 5              move 2
     a   b   c   d       C   D   H   S
     JS  7D  ..  ..      AC  AD  ..  ..
    <BLANKLINE>
     1   2   3   4   5   6   7   8
     AH  8S  2D  QS  4C  9H  2S  3D
     5C  AS  9C  KH  4D  2C  3C  4S
     3S  5D  KC  3H  KD  5H  6S  8D
     TD  7S  JD  7H  8H  JH  JC
     5S  QH  8C  9D  KS  QD  4H
     2H  TC  TH  6D  6H  6C  QC
     9S      7C  TS
    >>> after, printed, ended = run_line(after, "u history quit 3a", settings)
    >>> [text.splitlines()[0] for text in printed], len(after.done), ended
    (['Undo: 8b', 'FreeCell game 5              move 1', '# freecell.py -g 5'], 1, True)
    >>> run_line(after, "-=-=-=-=-=-=-=-=-=-=-=-", settings)[0].snx   # fc-solve -snx's header
    True
    """
    if CHATTER.match(text.strip()):
        if text.startswith("-=-=") and not game.snx:
            game = game._replace(snx=True)
        return game, [], False
    words, refused = parse_line(text.split("#")[0].split(), len(game.pos[0]))
    after, printed, ended = run_words(game, words, settings, busy, refused is None)
    if refused:
        raise refused
    return after, printed, ended


def parse_line(tokens, ncells):
    """The words of a line's tokens as (word, token, argument); and a
    Refused for the first token refused by its form alone, or None.  Words
    after a quit are read too: a line is all or nothing, quit or not."""
    words, i = [], 0
    while i < len(tokens):
        token, i = tokens[i], i + 1
        word = WORDS.get(token.lower(), token.lower())
        arg = None
        if word == "new" and i < len(tokens) and NUMBER.match(tokens[i]):
            arg, i = tokens[i], i + 1
        elif word == "solve" and i < len(tokens) and tokens[i].lower() == "short":
            word, token, i = "solve short", token + " " + tokens[i], i + 1
        elif word not in WORDS.values() and word != "export":
            try:
                parse_move(token, ncells)
            except Illegal as error:
                return words, Refused("%s: %s" % (printable(token), error))
            word = "move"
        words.append((word, token, arg))
    return words, None


def run_words(game, words, settings, busy=None, searches=True):
    """(the game after the words, the texts they print, whether a quit
    ended them); raises Refused at the first word refused.  The board is
    printed after the changes (unless quiet), before what a command prints;
    searches False skips hint and solve (the line is refused anyway)."""
    printed, changed, loud = [], False, not settings.quiet
    for word, token, arg in words:
        try:
            if word in CHANGES:
                game, said = change(game, word, token, arg)
                if said and loud:
                    printed.append(said)
                changed = True
            elif searches or word not in SEARCHES:
                if changed and loud:
                    printed.append(show(game, settings.style))
                changed = False
                if word == "quit":
                    return game, printed, True
                printed.append(reply(game, word, settings, busy))
        except Illegal as error:
            raise Refused("%s: %s" % (printable(arg if word == "new" and arg else token), error))
    if changed and loud:
        printed.append(show(game, settings.style))
        if won(game.pos):
            printed.append(result_line(game))
    return game, printed, False


def change(game, word, token, arg):
    """(the game after a word that changes it: a move, undo, restart or new;
    the line it says, or None); raises Illegal."""
    if word == "move":
        return play_move(game, token)
    if word == "undo":
        return undo(game)
    if word == "restart":
        return restart(game), None
    return redeal(game, deal_named(arg)), None


def deal_named(arg):
    "The deal of 'new' with arg (a random one for None); raises Illegal for none."
    # More than 20 digits is no deal, and past 4300 int() refuses (Python 3.11+).
    number = random_deal() if arg is None else int(arg) if len(arg) <= 20 else None
    if number is None or not valid_deal(number):
        raise Illegal("no such deal (deals are 1..%d, -1 and -2)" % MAX_DEAL)
    return number


def reply(game, word, settings, busy=None):
    "What board, history, export, help, hint or solve prints (even when quiet)."
    if word == "board":
        return show(game, settings.style)
    if word == "history":
        return history(game)
    if word == "export":
        return export(game.pos).rstrip("\n")
    if word in SEARCHES:
        return advice(game, word, settings, busy)
    return HELP


def advice(game, word, settings, busy=None):
    "The answer to hint (the next move of a solution) or solve (all of it)."
    if won(game.pos):
        raise Illegal("the game is won")
    short = {"hint": HINT_SHORT, "solve short": settings.short}.get(word)
    limits = settings.limits
    if word == "hint":
        limits = limits._replace(seconds=min(limits.seconds, HINT_TIMEOUT))
    clear = busy("solving") if busy else None
    try:
        answer = solve(game.pos, game.bakers, game.autoplay, limits, short=short,
                       width=HINT_WIDTH if word == "hint" else FIRST_WIDTH)
    finally:
        if clear:
            clear()
    if answer.verdict != "solved":
        timeout = settings.limits.seconds
        longer = (limits.seconds < timeout and answer.stop is not None
                  and answer.stop.limit == "timeout")
        found = "found " if answer.verdict == "unknown" else ""         # nothing proved
        return (("No hint: no" if word == "hint" else "No")     # as the other games say it
                + " solution %sfrom here: %s" % (found, verdict_line(answer))
                + (" (solve searches for up to %g s)" % timeout if longer else ""))
    moves = answer.moves
    if word != "hint":
        return "\n".join(lines_of(moves) + ["# " + verdict_line(answer, game.autoplay)])
    return ("Hint: %s (it keeps the game winnable: a solution of %s starts with it)"
            % (moves[0], plural(len(moves), "move")))


def random_deal():
    "A deal number from the classic 1..32000, without importing random."
    return int.from_bytes(os.urandom(4), "big") % 32000 + 1

################ Solving a range of deals

def solve_one(task):
    "Solve one deal of a range: (number, answer).  Runs in worker processes too."
    number, cells, bakers, autoplay_on, limits, short = task
    return number, solve(deal(number, cells), bakers, autoplay_on, limits, short=short)


def solve_deals(options, argv, stdout, stderr):
    """Solve a list of deals, a line each and a summary, each line appended
    to the --out file too; exit status 0 if all were solved."""
    tally = Tally(parse_deal_line, VERDICTS, "deal", "solving", options.solve)
    sweep = Sweep(
        rules=rules_text(options),
        heading="%-10s %-10s %6s %6s %10s %8s" % (
            "deal", "verdict", "moves", "typed", "positions", "seconds"),
        lines=lambda number, answer: deal_lines(number, answer, options.autoplay),
        work=solve_one,
        task=lambda number, limits: (number, options.cells, options.bakers, options.autoplay,
                                     limits, options.short),
        fresh=False, summary=deal_summary)
    limits = limits_of(options)
    files = (argv, options.out) if options.out is not None else None
    return run_list(options.solve, tally, sweep, limits, options.jobs, files, stdout, stderr)


def rules_text(options):
    """What a results file records as its rules: what changes the verdicts
    and the counts of moves, the solver's version (SOLVER) included.  Its
    limits change none (a deal's answer is the same at any limits, or
    unknown: a deal left so is searched again where a resumed run's limits
    go further).

    >>> rules_text(arguments(["--solve", "1-2"]))
    'freecell, 4 cells, autoplay'
    """
    return "%s, %s, %sautoplay%s%s" % ("baker's game" if options.bakers else "freecell",
                                       plural(options.cells, "cell"),
                                       "" if options.autoplay else "no ",
                                       ", short %g s" % options.short if options.short else "",
                                       "" if SOLVER == 1 else ", solver %d" % SOLVER)


VERDICTS = ("solved", "impossible", "unknown")
RESULT = re.compile(r"^(-?\d+) +(solved|impossible|unknown) +(\d+|-) +(\d+|-) +(\d+) +(\d+\.\d+)$")


def deal_lines(number, answer, autoplay_on):
    """A deal's line in the table and in a results file, and when the search
    was stopped, a comment line that says why, for an Answer."""
    solved_ = answer.verdict == "solved"
    line = "%-10d %-10s %6s %6s %10d %8.2f" % (
        number, answer.verdict, answer.total if solved_ else "-",
        len(answer.moves) if solved_ and autoplay_on else "-", answer.positions, answer.seconds)
    if answer.verdict == "unknown":
        return [line, "# deal %d: %s" % (number, stop_text(answer.stop))]
    return [line]


def parse_deal_line(text):
    """The Result of a deal's line, its counts (typed moves, positions);
    ValueError if it is none.

    >>> parse_deal_line("17         solved         96     58       1133     0.01")
    Result(number=17, verdict='solved', moves=96, counts=(58, 1133), seconds=0.01)
    >>> parse_deal_line("11982      impossible      -      -      97109     1.20")
    Result(number=11982, verdict='impossible', moves=None, counts=(None, 97109), seconds=1.2)
    >>> parse_deal_line("17 solved 96")
    Traceback (most recent call last):
    ValueError: not a deal's result: 17 solved 96
    """
    match = RESULT.match(text.strip())
    if not match or not valid_deal(int(match.group(1))) or (
            (match.group(2) == "solved") == (match.group(3) == "-")):
        raise ValueError("not a deal's result: %s" % snippet(text))
    number, verdict, moves, typed, positions, seconds = match.groups()
    return Result(int(number), verdict, None if moves == "-" else int(moves),
                  (None if typed == "-" else int(typed), int(positions)), float(seconds))


def deal_summary(tally, elapsed):
    """The last line of a range: how many deals were solved, proved
    impossible or left unknown, the mean solution length (and, with
    autoplay, the moves typed: a solved deal's lines then count them),
    positions and time.

    >>> tally = Tally(parse_deal_line, VERDICTS, "deal", "solving")
    >>> for line in ("1 solved 112 68 3072 0.02", "2 solved 96 58 1133 0.01", "3 unknown - - 9 0.05"):
    ...     tally.take(line)
    >>> print(deal_summary(tally, 0.5))
    3 deals: 2 solved, 0 impossible, 1 unknown; mean 104.0 moves (63.0 typed); 1405 positions a deal; 0.5 s, slowest 0.05 s (deal 3)
    >>> tally = Tally(parse_deal_line, VERDICTS, "deal", "solving")
    >>> tally.take("1 solved 112 - 3072 0.02")
    >>> print(deal_summary(tally, 0.1))
    1 deal: 1 solved, 0 impossible, 0 unknown; mean 112.0 moves; 3072 positions a deal; 0.1 s, slowest 0.02 s (deal 1)
    """
    count, solved_ = len(tally.seen), tally.verdicts["solved"]
    text = "%s: %d solved, %d impossible, %d unknown" % (
        plural(count, "deal"), solved_, tally.verdicts["impossible"], tally.verdicts["unknown"])
    if solved_:
        text += "; mean %.1f moves" % (tally.moves / solved_)
        if tally.counts[0]:
            text += " (%.1f typed)" % (tally.counts[0] / solved_)
    if count:
        text += "; %.0f positions a deal" % (tally.counts[1] / count)
    text += "; %.1f s" % elapsed
    if count:
        text += ", slowest %.2f s (deal %d)" % tally.slowest
    return text


def summarize(options, stdout, stderr):
    """--summary: the summary of the results files, as one run over all
    their deals would end ('no deals in 1 file' where they hold none); exit
    status 2 when they cannot be added up, 1 when a line was not a result."""
    tally = Tally(parse_deal_line, VERDICTS, "deal", "solving")
    complain = complainer(stderr)
    try:
        read_results(options.summary, None, tally.take, complain)
    except ValueError as error:
        stderr.write("freecell: %s\n" % error)
        return 2
    files = plural(len(options.summary), "file")
    if not len(tally.seen):
        stdout.write("no deals in %s\n" % files)
    else:
        stdout.write("deals %s in %s\n" % (tally.seen.ranges(), files))
        stdout.write(deal_summary(tally, tally.seconds) + "\n")
    return 1 if complain.count else 0


def play(args, text):
    "Run freecell.py with args (a string) on text as its input, for the examples."
    import io
    status = main(args.split(), io.BytesIO(text.encode("utf-8")), sys.stdout, sys.stdout)
    if status:
        print("exit status %d" % status)


################ Main

def arguments(argv):
    "The parsed command line (argparse exits 2 on a bad one)."
    parser = option_parser("%(prog)s [options] < moves", lambda stream: __doc__ or "")
    parser.add_argument("-g", "--game", type=deal_number, metavar="N")
    parser.add_argument("--board", metavar="FILE")
    parser.add_argument("--export", action="store_true")
    parser.add_argument("--cells", type=cell_count, default=4, metavar="N")
    parser.add_argument("--bakers", action="store_true")
    parser.add_argument("--no-autoplay", dest="autoplay", action="store_false")
    parser.add_argument("--autoplay", dest="autoplay", action="store_true")
    parser.add_argument("--snx", action="store_true")
    parser.add_argument("-q", "--quiet", action="store_true")
    parser.add_argument("--color", "--colour", type=one_of("auto", "always", "never"),
                        default="auto")
    parser.add_argument("-m", "--monochrome", dest="color", action="store_const",
                        const="never")
    parser.add_argument("--ascii", action="store_true")
    parser.add_argument("--solve", nargs="?", const=[], type=deal_list, metavar="DEALS")
    parser.add_argument("--short", nargs="?", const=SHORT, type=seconds, metavar="SECONDS")
    parser.add_argument("--jobs", type=positive, default=1, metavar="N")
    parser.add_argument("--max-positions", type=positive, default=MAX_POSITIONS, metavar="N")
    parser.add_argument("--timeout", type=seconds, default=TIMEOUT, metavar="SECONDS")
    parser.add_argument("--memory", type=memory_size, metavar="MB")
    parser.add_argument("--out", metavar="FILE")
    parser.add_argument("--summary", nargs="+", metavar="FILE")
    # A list that begins with deal -1 or -2 looks like an option to argparse
    # ("-1,-2", "-2-5" would be refused): it is given to --solve as one word.
    argv = list(argv)
    for i, word in enumerate(argv[:-1]):
        if word == "--solve" and re.match(r"-[12]\b.*[-,\s]", argv[i + 1]):
            argv[i:i + 2] = ["--solve=" + argv[i + 1]]
            break
    options = parser.parse_args(argv)
    refused = memory_refused(options.memory)
    if refused:
        parser.error(refused)
    options.memory = memory_budget(options.memory)
    if options.board is not None and options.game is not None:
        parser.error("give -g or --board, not both")
    if options.solve and (options.board is not None or options.game is not None):
        parser.error("--solve with deals takes no -g or --board")
    if options.export and options.solve is not None:
        parser.error("--export or --solve, not both")
    if options.out is not None and not options.solve:
        parser.error("--out goes with --solve DEALS")
    if options.jobs != 1 and not options.solve:
        parser.error("--jobs goes with --solve DEALS")
    if options.summary and (options.solve is not None or options.board is not None
                            or options.game is not None or options.export):
        parser.error("--summary takes no -g, --board, --export or --solve")
    return options


def limits_of(options):
    "The search's limits the options give, a Limits."
    return Limits(options.max_positions, options.timeout, options.memory)


def deal_list(text):
    """argparse type: deals like '1-1000' or '1,5,11982'.

    >>> [list(deal_list(text)) for text in ("1-3,11982", " 2 3, 5 - 6 ", "-2--1")]
    [[1, 2, 3, 11982], [2, 3, 5, 6], [-2, -1]]
    >>> deal_list("1-20000000")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: 1-20000000: at most 10000000 deals a range
    >>> deal_list(" , ")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: ' , ': no deal in it
    """
    return number_list(text, valid_deal, "deal")


def deal_number(text):
    """argparse type: a deal number.

    >>> deal_number("617"), deal_number("-1")
    (617, -1)
    >>> deal_number("+5")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: +5: no such deal (deals are 1..8589934591, -1 and -2)
    """
    import argparse
    if not NUMBER.match(text.strip()) or len(text) > 30 or not valid_deal(int(text)):
        raise argparse.ArgumentTypeError(
            "%s: no such deal (deals are 1..%d, -1 and -2)" % (printable(text), MAX_DEAL))
    return int(text)


def cell_count(text):
    "argparse type: a number of free cells."
    import argparse
    if not NUMBER.match(text.strip()) or len(text) > 30 or not 0 <= int(text) <= MAX_CELLS:
        raise argparse.ArgumentTypeError("%s: give 0..%d free cells"
                                         % (printable(text), MAX_CELLS))
    return int(text)


def start(options, stdin):
    "The game the options ask for, or ValueError naming a bad board file."
    if options.board is not None:
        name = options.board
        if name == "-":
            text = getattr(stdin, "buffer", stdin).read()   # bytes, as from a file
            text = text.decode("utf-8", "backslashreplace") if isinstance(text, bytes) else text
        else:
            try:
                with open(name, "rb") as f:
                    text = f.read().decode("utf-8", "backslashreplace")
            except OSError as e:
                raise ValueError(e.strerror or str(e))
        pos = parse_board(text.lstrip("\ufeff"), options.cells)
        title = (("Baker's Game" if options.bakers else "FreeCell") + " board "
                 + ("from stdin" if name == "-" else os.path.basename(name)))
        return new_game(pos, title, options.bakers, options.autoplay, name, options.snx)
    number = random_deal() if options.game is None else options.game
    return new_game(deal(number, options.cells), deal_title(number, options.bakers),
                    options.bakers, options.autoplay, number, options.snx)


def main(argv=None, stdin=None, stdout=None, stderr=None, watch=None):
    """Play FreeCell on the streams; return the exit status.  watch, if
    given, is called with the Game before each input line is read and
    after the last (the hook tests/robustness.txt fuzzes the game with)."""
    stdin, stdout, stderr = stdin or sys.stdin, stdout or sys.stdout, stderr or sys.stderr
    argv = sys.argv[1:] if argv is None else argv
    import contextlib
    try:
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            options = arguments(argv)   # argparse prints help and errors
    except SystemExit as exit:          # --help, or a bad command line
        return exit.code
    if options.summary:
        return summarize(options, stdout, stderr)
    if options.solve:
        return solve_deals(options, argv, stdout, stderr)
    try:
        game = start(options, stdin)
    except ValueError as e:
        stderr.write("freecell: %s: %s\n" % (options.board, e))
        return 2                        # as a bad option: nothing was played
    if options.solve is not None:
        isatty = getattr(stderr, "isatty", None)
        clear = working(stderr, bool(isatty and isatty()), "solving")    # at a terminal
        try:
            answer = solve(game.pos, options.bakers, options.autoplay, limits_of(options),
                           process_start(), options.short)
        finally:
            clear()
        for line in lines_of(answer.moves):
            stdout.write(line + "\n")
        stdout.write("# %s: %s\n" % (game.title, verdict_line(answer, options.autoplay)))
        return 0 if answer.verdict == "solved" else 1
    if options.export:
        if options.game is None and options.board is None:     # the board does not say
            stderr.write("freecell: deal %d, picked at random\n" % game.origin)
        stdout.write(export(game.pos))
        return 0
    settings = Settings((wants_colour(options.color, stdout, os.environ),
                         options.ascii or not can_print_suits(stdout)),
                        options.quiet, limits_of(options), options.short or SHORT)
    if not options.quiet:
        stdout.write(show(game, settings.style) + "\n")
    lines = input_lines(stdin, "freecell> ", stderr) if options.board != "-" else ()
    isatty = getattr(stdin, "isatty", None)
    status = play_session(game, lines, stdout, stderr, settings, bool(isatty and isatty()), watch)
    stdout.flush()
    return status


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


def number(text):
    """The number text writes in ASCII digits (a huge one stands for any
    number too big to matter), or None.

    >>> number('12'), number('x'), number('\u00b2'), number('9' * 5000) > 2**40
    (12, None, None, True)
    """
    if not text or text.strip("0123456789"):
        return None
    return int(text) if len(text) < 20 else 10 ** 20


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


def size_text(n):
    "'64 MB' for n bytes."
    return "%d MB" % round(n / float(1 << 20))


def memory_refused(megabytes, holds=None):
    """Why --memory MB cannot be kept, or None: the program holds that much
    or more before any search.  What it holds is holds bytes, by default
    its size now where it runs as a command (inside another program, the
    tests, its size is that program's, and nothing is said).

    >>> memory_refused(50, 50 << 20)
    '--memory 50: below the 50 MB the program holds before any search'
    >>> memory_refused(51, 50 << 20), memory_refused(None, 50 << 20)
    (None, None)
    """
    here = holds or (resident() if __name__ == "__main__" else None)
    if megabytes and here and megabytes * (1 << 20) <= here:
        return "--memory %g: below the %d MB the program holds before any search" % (
            megabytes, -(-here >> 20))
    return None

################ Results kept in a file: --out and --summary
## A range command given --out FILE appends each finished item's line to FILE
## and flushes it at once, so that a crash (the OOM killer, Ctrl-C) loses
## only the items in progress; the system is made to write the file to the
## disk at the first line, then every SYNC seconds, and at the end, so that a
## power cut loses at most the lines of the last SYNC seconds besides.  Run
## again with the same --out FILE, it does only what the file does not hold
## yet.  The file begins with comment lines saying what made it (the script,
## its VERSION, the command) and under which rules: a resumed run and
## --summary refuse a file made under other rules.  A last line left without
## its newline by a crash does not count, and a resumed run cuts it off.

SYNC = 10.0         # seconds at most between two writes of a results file to the disk

def results_header(argv, rules):
    """The comment lines that begin a results file, and each resumed run's
    part of it: the command as it was given, byte for byte (the file is
    written so: a file name that is not UTF-8 stays as it is).

    >>> text = results_header(["--out", "my file"], "some rules")
    >>> text.splitlines()[1]
    '# rules: some rules'
    >>> text.split(": ", 1)[1].splitlines()[0].split(None, 1)[1]
    "--out 'my file'"
    """
    import shlex
    command = " ".join(shlex.quote(word) for word in ["%s.py" % PROG] + list(argv))
    return "# %s.py %s: %s\n# rules: %s\n" % (PROG, VERSION, command, rules)


def result_lines(name):
    """(line number, text) for each whole line of results file name: a last
    line that a crash left without its newline is not one, a line too long
    to be a result is cut to its start, and a byte-order mark at the start
    (an editor's) is dropped.  OSError when the file cannot be read."""
    with open(name, "rb") as lines:
        number, start = 0, None
        while True:
            piece = lines.readline(4096)
            if not piece:
                return
            start = piece if start is None else start
            if piece.endswith(b"\n"):
                number += 1
                text = start.rstrip(b"\r\n").decode("utf-8", "replace")
                yield number, text.lstrip("\ufeff") if number == 1 else text
                start = None


def read_results(names, rules, take, complain, note=None):
    """Read results files: take(text) each item line, note(text) each other
    comment line (what a line before it left unsaid) when note is given;
    complain(where, what) of a line take() refuses with ValueError.  The
    files must have been made under rules (None: those of the first file).
    Returns the rules (None when no file holds a whole line: each run that
    made them died before it wrote one); raises ValueError, naming the
    file, for one that cannot be read, is not a results file or was made
    under other rules."""
    for name in names:
        made, number = None, 0
        try:
            for number, text in result_lines(name):
                words = text.split(None, 3)     # the header: "# SCRIPT.py VERSION: ..."
                if (len(words) > 2 and words[0] == "#" and words[1].endswith(".py")
                        and words[2].endswith(":") and words[1] != PROG + ".py"):
                    raise ValueError("%s: made by %s, not %s.py"
                                     % (shown(name), words[1], PROG))
                if text.startswith("# rules: "):
                    made = text[len("# rules: "):].strip()
                    rules = made if rules is None else rules
                    if made != rules:
                        raise ValueError("%s: made under the rules '%s', not '%s'"
                                         % (shown(name), made, rules))
                elif text.startswith("#"):
                    if note and made is not None:
                        note(text)
                elif text.strip():
                    if made is None:
                        raise ValueError("%s: not a results file of %s.py (no rules line)"
                                         % (shown(name), PROG))
                    try:
                        take(text)
                    except ValueError as error:
                        complain("%s: line %d" % (shown(name), number), str(error))
        except OSError as error:
            raise ValueError("%s: %s" % (shown(name), error.strerror or error))
        # Not one whole line: a run that died at once, or a file of something
        # else without a newline (resumed into, it would be cut to nothing).
        if made is None and (number or not header_start(name)):
            raise ValueError("%s: not a results file of %s.py (no rules line)"
                             % (shown(name), PROG))
    return rules


def header_start(name):
    """Whether file name, with no whole line, begins as a results file of
    this script does (an empty one does): a run that died as it began."""
    try:
        with open(name, "rb") as f:
            start = f.read(64)
    except OSError:
        return True                         # said when the file is read again
    start = start[3:] if start.startswith(b"\xef\xbb\xbf") else start
    mark = ("# %s.py " % PROG).encode("ascii")
    return start.startswith(mark) or mark.startswith(start)


def open_results(name, argv, rules, take, complain, note=None):
    """Results file name, open for appending (and created if need be), after
    take(text) of each item line it already holds (and note(text) of its
    other comment lines) and cutting off a last line left unfinished; its
    header written.  ValueError as read_results(), or naming the file when
    it cannot be written."""
    try:
        if os.path.isfile(name) and os.path.getsize(name):
            read_results([name], rules, take, complain, note)
            with open(name, "r+b") as f:
                f.truncate(whole_lines(f))
        out = open(name, "a", encoding="utf-8", errors="surrogateescape")
        out.write(results_header(argv, rules))
        out.flush()
    except OSError as error:
        raise ValueError("%s: %s" % (shown(name), error.strerror or error))
    return out


def whole_lines(f):
    "The size of open file f up to the end of its last whole line."
    end = f.seek(0, 2)
    while end:
        step = min(end, 4096)
        f.seek(end - step)
        chunk = f.read(step)
        if b"\n" in chunk:
            return end - step + chunk.rindex(b"\n") + 1
        end -= step
    return 0


def snippet(text):
    """The start of a line, as an error message can show it.

    >>> snippet("  1 solved \\x00\\x1b[2J" + 99 * "x")
    '1 solved ??[2Jxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'
    """
    text = "".join(c if c.isprintable() else "?" for c in text.strip())
    return text if len(text) <= 60 else text[:57] + "..."


def keep(results, line):
    """Append line to the open results file and flush it at once; ValueError
    naming the file when it cannot be written (a full disk).  Flushed, a
    line survives the program's death; the system writes it to the disk
    later, so it has to now and then (synced()) for a line to survive a
    power cut: the first time, and then when SYNC seconds have passed."""
    try:
        results.write(line + "\n")
        results.flush()
        if time.time() - getattr(results, "synced", 0.0) >= SYNC:
            synced(results)
    except OSError as error:
        try:
            results.close()         # now: closed at exit, it would fail again, loudly
        except OSError:
            pass
        raise ValueError("%s: %s" % (shown(results.name), error.strerror or error))


def synced(results):
    """Have the system write the open results file to the disk, and note
    when (results.synced), where the file can be (a pipe cannot); ValueError
    naming the file when the disk fails."""
    try:
        os.fsync(results.fileno())
    except OSError as error:
        if error.errno != errno.EINVAL:
            raise ValueError("%s: %s" % (shown(results.name), error.strerror or error))
    results.synced = time.time()


def complainer(stderr):
    """complain(where, what): one line on stderr naming the script and where;
    complain.count says how many there were."""
    def complain(where, what):
        complain.count += 1
        stderr.write("%s: %s: %s\n" % (PROG, where, what))
    complain.count = 0
    return complain

################ Lists of deals, on several processes

def plural(n, word):
    "'1 deal', '3 deals'."
    return "%d %s%s" % (n, word, "" if n == 1 else "s")


class Numbers(object):
    """A set of deal numbers kept as bitmaps of 65536 numbers each (the same
    in freecell.py and klondike.py): 8 KB a block, so that a sweep over
    millions of deals remembers in a few megabytes which it holds.

    >>> seen = Numbers()
    >>> [seen.add(n) for n in (5, 5, 6, 7, 9, 70000)], 6 in seen, 8 in seen, len(seen)
    ([True, False, True, True, True, True], True, False, 5)
    >>> seen.ranges()
    '5-7,9,70000'
    """

    def __init__(self):
        self.blocks, self.count = {}, 0

    def add(self, number):
        "Add number; False when it was in already."
        block = self.blocks.get(number >> 16)
        if block is None:
            block = self.blocks[number >> 16] = bytearray(8192)
        byte, bit = (number & 0xFFFF) >> 3, 1 << (number & 7)
        if block[byte] & bit:
            return False
        block[byte] |= bit
        self.count += 1
        return True

    def __contains__(self, number):
        block = self.blocks.get(number >> 16)
        return block is not None and bool(block[(number & 0xFFFF) >> 3] & 1 << (number & 7))

    def __len__(self):
        return self.count

    def copy(self):
        "A copy, which stays as it is when this one grows."
        other = Numbers()
        other.blocks = dict((key, bytearray(block)) for key, block in self.blocks.items())
        other.count = self.count
        return other

    def ranges(self, most=8):
        "The numbers as ranges, '1-500,601-1000', the first most of them."
        runs = []
        for key in sorted(self.blocks):
            block, base = self.blocks[key], key << 16
            for byte in range(8192):
                bits = block[byte]
                if bits == 255 and runs and runs[-1][1] == base + byte * 8 - 1:
                    runs[-1][1] += 8
                elif bits:
                    for bit in range(8):
                        if bits >> bit & 1:
                            number = base + byte * 8 + bit
                            if runs and runs[-1][1] == number - 1:
                                runs[-1][1] = number
                            else:
                                runs.append([number, number])
        text = ",".join(str(a) if a == b else "%d-%d" % (a, b) for a, b in runs[:most])
        return text + (",... (%d ranges)" % len(runs) if len(runs) > most else "")


class Deals(object):
    """Deal numbers given as ranges, (first, last) pairs, each number once,
    in the order given (the same in freecell.py and klondike.py).  It goes
    through them without holding them: a list of ten million deals takes
    the memory of its ranges (and, where they overlap, a bitmap).

    >>> deals = Deals([(5, 7), (1, 6), (9, 9)])
    >>> list(deals), len(deals), 4 in deals, 8 in deals, bool(Deals([]))
    ([5, 6, 7, 1, 2, 3, 4, 9], 8, True, False, False)
    """

    def __init__(self, spans):
        self.spans = spans
        ordered = sorted(spans)
        self.apart = all(a[1] < b[0] for a, b in zip(ordered, ordered[1:]))
        self.count = (sum(last - first + 1 for first, last in spans) if self.apart
                      else sum(1 for _ in self))

    def __iter__(self):
        seen = None if self.apart else Numbers()
        for first, last in self.spans:
            for number in range(first, last + 1):
                if seen is None or seen.add(number):
                    yield number

    def __len__(self):
        return self.count

    def __contains__(self, number):
        return any(first <= number <= last for first, last in self.spans)


RANGE_MOST = 10 ** 7            # deals in a range, at most


def number_list(text, valid, word):
    """A list of deals, '1-1000' or '1,5,11982', as Deals (argparse's type
    error when it is none): valid(n) says which numbers are deals, word
    names one.  A range holds RANGE_MOST deals at most.

    >>> [list(number_list(text, abs, "deal")) for text in ("1-3,17", " 2 3, 5 - 6 ", "-2--1")]
    [[1, 2, 3, 17], [2, 3, 5, 6], [-2, -1]]
    >>> number_list(" , ", abs, "game")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: ' , ': no game in it
    >>> number_list("3-1", abs, "deal")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: 3-1: no such range of deals
    >>> number_list("1-%d" % (RANGE_MOST + 1), abs, "deal")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: 1-10000001: at most 10000000 deals a range
    """
    import argparse
    deals = []
    for part in filter(None, re.split(r"[,\s]+", re.sub(r"\s*([-,])\s*", r"\1", text))):
        match = re.match(r"(-?[0-9]+)(?:-(-?[0-9]+))?$", part)
        if not match:
            raise argparse.ArgumentTypeError("%s: not a %s or a range of %ss"
                                             % (printable(part), word, word))
        # A number too long to be a deal stands for one too large: 10^20.
        low, high = [int(end) if len(end) < 20 else 10 ** 20 * (-1 if end[0] == "-" else 1)
                     for end in (match.group(1), match.group(2) or match.group(1))]
        if not (valid(low) and valid(high)) or high < low or low < 0 < high:
            raise argparse.ArgumentTypeError("%s: no such range of %ss" % (printable(part), word))
        if high - low >= RANGE_MOST:
            raise argparse.ArgumentTypeError("%s: at most %d %ss a range"
                                             % (printable(part), RANGE_MOST, word))
        deals.append((low, high))
    if not deals:
        raise argparse.ArgumentTypeError("'%s': no %s in it" % (printable(text), word))
    return Deals(deals)


def stop_text(stop):
    """What stopped a search, in words.

    >>> stop_text(Stop("max-positions", 1000)), stop_text(Stop("memory", 64 << 20))
    ('max-positions 1000 reached', 'memory 64 MB reached')
    >>> stop_text(Stop("timeout", 60.0))
    'timeout 60 s reached'
    """
    value = {"max-positions": "%d", "timeout": "%g s"}.get(stop.limit)
    return "%s %s reached" % (stop.limit, value % stop.value if value else size_text(stop.value))


def read_stop(text):
    """The Stop that stop_text() wrote as text, or None.

    >>> read_stop("max-positions 1000 reached"), read_stop("memory 64 MB reached")
    (Stop(limit='max-positions', value=1000), Stop(limit='memory', value=67108864))
    >>> read_stop("timeout 2.5 s reached"), read_stop("a lemon"), read_stop("memory x MB reached")
    (Stop(limit='timeout', value=2.5), None, None)
    """
    words = text.split()
    unit = {"max-positions": (int, 1), "timeout": (float, 1), "memory": (int, 1 << 20)}
    if len(words) < 3 or words[0] not in unit or words[-1] != "reached":
        return None
    kind, scale = unit[words[0]]
    try:
        return Stop(words[0], kind(words[1]) * scale)
    except ValueError:
        return None


def further(stop, limits):
    """Whether a search stopped by stop (a Stop; None when the results file
    did not say) would go further under limits (a Limits): a deal so left
    is searched again when its run is resumed with them.  A budget of
    memory was written in whole megabytes.

    >>> further(Stop("max-positions", 1000), Limits(5000, 60.0, 1 << 30))
    True
    >>> further(Stop("timeout", 60.0), Limits(5000, 60.0, 1 << 30)), further(None, Limits(9, 9, 9))
    (False, False)
    >>> further(Stop("memory", 64 << 20), Limits(5000, 60.0, 100 << 20))
    True
    >>> further(Stop("memory", 64 << 20), Limits(5000, 60.0, (64 << 20) + 1000))
    False
    """
    if stop is None:
        return False
    if stop.limit == "memory":
        return limits.memory - (1 << 19) > stop.value
    return {"max-positions": limits.positions, "timeout": limits.seconds}[stop.limit] > stop.value


# A line of a list's table, read back: the deal's number, the verdict, the
# moves (None where there are none), the line's other counts (the last of
# them the positions searched, where the search counts them) and the seconds.
Result = collections.namedtuple("Result", "number verdict moves counts seconds")


class Tally(object):
    """The summary of a list of deals, gathered from their lines (read by
    parse, into a Result each): each deal counted once, and only the deals
    wanted (all when wanted is None).  kinds are the verdicts a line may
    give, the first of them the one that wins; word names a deal ('deal',
    'game') and doing what is done to one ('solving').  A deal's first line
    counts, unless it says unknown and a later one decides or searched
    further (its last count, the positions, is larger): the later one then
    counts instead (a run resumed with larger limits searched it again).  A
    line that says impossible of a deal counted solved, or the other way
    round, is refused with ValueError: one of the two is wrong (a file
    edited, or a bug).  unknown holds for each deal counted unknown [the Stop
    its comment line gives, or None; its Result].  The slowest search is that
    of any line read.

    >>> def parse(text):
    ...     number, verdict, moves, positions, seconds = text.split()
    ...     return Result(int(number), verdict, None if moves == "-" else int(moves),
    ...                   (int(positions),), float(seconds))
    >>> tally = Tally(parse, ("solved", "impossible", "unknown"), "deal", "solving", [1, 2, 3])
    >>> for line in ("1 solved 112 3072 0.02", "2 solved 96 1133 0.01",
    ...              "1 solved 112 3072 0.03", "4 unknown - 99 9.00", "3 unknown - 1001 0.05"):
    ...     tally.take(line)
    >>> tally.note("# deal 3: max-positions 1000 reached")
    >>> len(tally.seen), tally.verdicts, tally.moves, tally.counts, tally.unknown[3][0]
    (3, {'solved': 2, 'impossible': 0, 'unknown': 1}, 208, [5206], Stop(limit='max-positions', value=1000))
    >>> tally.take("3 solved 90 20000 0.30")
    >>> tally.verdicts, tally.counts, tally.slowest, tally.median(), tally.unknown
    ({'solved': 3, 'impossible': 0, 'unknown': 0}, [24205], (0.3, 3), 0.02, {})
    >>> tally.take("2 impossible - 633 0.01")
    Traceback (most recent call last):
    ValueError: deal 2: impossible, where an earlier line says solved
    >>> tally.take("2 won 10 10 0.01")
    Traceback (most recent call last):
    ValueError: not a result of solving: 2 won 10 10 0.01
    """

    def __init__(self, parse, kinds, word, doing, wanted=None):
        self.parse, self.kinds, self.word, self.doing = parse, kinds, word, doing
        self.wanted = None
        if wanted is not None:
            self.wanted = Numbers()
            for number in wanted:
                self.wanted.add(number)
        self.seen, self.proved = Numbers(), Numbers()     # proved: counted impossible
        self.verdicts = dict.fromkeys(kinds, 0)
        self.moves, self.counts = 0, None
        self.seconds, self.slowest = 0.0, None
        self.times = collections.Counter()      # hundredths of a second: deals
        self.unknown = {}

    def take(self, text):
        """Count the deal of this line, unless it is counted already (and not
        left unknown there while this line decides) or not wanted."""
        result = self.parse(text)
        number, verdict = result.number, result.verdict
        if verdict not in self.verdicts:
            raise ValueError("not a result of %s: %s" % (self.doing, snippet(text)))
        if self.wanted is not None and number not in self.wanted:
            return
        if not self.seen.add(number):
            if "impossible" in self.kinds and number not in self.unknown and verdict != "unknown":
                counted = "impossible" if number in self.proved else "solved"
                if verdict != counted:
                    raise ValueError("%s %d: %s, where an earlier line says %s"
                                     % (self.word, number, verdict, counted))
            if number not in self.unknown or (
                    verdict == "unknown" and result.counts[-1] <= self.unknown[number][1].counts[-1]):
                return
            self.count(self.unknown.pop(number)[1], -1)
        if verdict == "impossible":
            self.proved.add(number)
        self.count(result, 1)
        if verdict == "unknown":
            self.unknown[number] = [None, result]
        if self.slowest is None or (result.seconds, -number) > (self.slowest[0], -self.slowest[1]):
            self.slowest = (result.seconds, number)

    def count(self, result, sign):
        "Add result's figures to the sums (sign 1), or take them away (sign -1)."
        self.verdicts[result.verdict] += sign
        self.moves += sign * (result.moves or 0)
        counts = self.counts = self.counts or [0] * len(result.counts)
        for i, n in enumerate(result.counts):
            if n:
                counts[i] += sign * n
        self.seconds += sign * result.seconds
        self.times[int(round(result.seconds * 100))] += sign

    def note(self, text):
        "Keep what stopped a deal counted unknown, from its comment line."
        words = text.split(None, 3)         # "# deal 5: max-positions 1000 reached"
        if len(words) == 4 and words[1] == self.word and words[2].endswith(":"):
            number = words[2][:-1]
            if number.lstrip("-").isdigit() and int(number) in self.unknown:
                self.unknown[int(number)][0] = read_stop(words[3])

    def median(self):
        "The median time of a deal, in seconds (the upper one of an even count)."
        left = len(self.seen) // 2
        for hundredths in sorted(self.times):
            left -= self.times[hundredths]
            if left < 0:
                return hundredths / 100.0
        return 0.0


# What a game gives run_list() to do a list of its deals: the rules a
# results file records, the table's heading, lines(number, answer): the
# deal's line and, when the search was stopped, a comment line saying why;
# work(task), a function of the module (the workers call it): (number,
# answer), and task(number, limits) its argument, a tuple that begins with
# the number; fresh: each deal in a worker of its own; summary(tally,
# seconds): the last line.
Sweep = collections.namedtuple("Sweep", "rules heading lines work task fresh summary")


def run_list(numbers, tally, sweep, limits, jobs, files, out, err):
    """Do a list of deals (numbers, a Deals) as sweep says: a line each, in
    the order asked, then the summary; each line appended to the results
    file files[1] too when files (argv, name) are given, where the deals it
    holds are not done again, but those it left unknown where this run's
    limits (a Limits) go further.  tally gathers the lines.  Exit status 0
    when every deal was won (or solved), 1 when not or a line could not be
    kept or a worker process died (the line that says so names the deals
    not done, and how to resume), 2 when the file cannot be used."""
    began = time.time()
    results_file = None
    if files:
        argv, name = files
        try:
            results_file = open_results(name, argv, sweep.rules, tally.take, complainer(err),
                                        tally.note)
        except ValueError as error:
            err.write("%s: %s\n" % (PROG, error))
            return 2
        began -= tally.seconds          # the time of the deals done before counts
    # A deal left unknown is searched again where a worker of this run would
    # go further: with its share of the memory, as many as could start.
    share = shared(limits.memory, workers(jobs, len(numbers)))[1]
    again = set(n for n in tally.unknown
                if n in numbers and further(tally.unknown[n][0], limits._replace(memory=share)))
    held = tally.seen.copy()

    def todo():
        "The deals to do, in the order asked, each once: fresh ones and again."
        return (n for n in numbers if n not in held or n in again)
    count = sum(1 for _ in todo())
    fresh = count - len(again)
    if files and fresh < len(numbers):
        retried = ", and again the %d left unknown at smaller limits" % len(again) if again else ""
        err.write("%s: %s holds %s of these already; %s the other %d%s\n"
                  % (PROG, shown(name), plural(len(numbers) - fresh, tally.word), tally.doing, fresh,
                     retried))
    out.write(sweep.heading + "\n")
    processes, memory = shared(limits.memory, workers(jobs, count))
    tasks = (sweep.task(n, limits._replace(memory=memory)) for n in todo())
    waiting, order = {}, todo()
    following = next(order, None)
    try:
        for number, answer in results(sweep.work, tasks, processes, sweep.fresh):
            lines = sweep.lines(number, answer)
            if results_file:
                keep(results_file, "\n".join(lines))    # first: a deal the file lacks is not done
            tally.take(lines[0])
            waiting[number] = lines
            while following in waiting:     # the table in the order asked
                out.write("\n".join(waiting.pop(following)) + "\n")
                following = next(order, None)
            out.flush()
        if results_file:
            synced(results_file)
    except (ValueError, Died) as error:
        out.write("".join("\n".join(waiting.pop(n)) + "\n" for n in todo() if n in waiting))
        if len(tally.seen):                 # the summary of what was done
            out.write(sweep.summary(tally, time.time() - began) + "\n")
        missing = Numbers()
        for n in todo():
            if n not in tally.seen:
                missing.add(n)
        held = " while %s %s %d" % (tally.doing, tally.word, error.task[0]) \
            if isinstance(error, Died) else ""
        err.write("%s: %s%s%s; %s\n" % (PROG, error, held, "; not done: %s%s %s" % (
            tally.word, "s" if len(missing) > 1 else "", missing.ranges()) if len(missing) else "",
            resuming(files and files[1], tally.word)))
        return 1
    out.write(sweep.summary(tally, time.time() - began) + "\n")
    return 0 if tally.verdicts[tally.kinds[0]] == len(tally.seen) == len(numbers) else 1


def resuming(name, word):
    """How a list run that ended early is resumed, with its results file
    name (None: without one); word names an item.

    >>> resuming("r.txt", "deal")
    'r.txt holds the deals done: the same command resumes'
    >>> resuming(None, "game")
    'run with --out FILE to keep the games done and resume'
    """
    if name is None:
        return "run with --out FILE to keep the %ss done and resume" % word
    return "%s holds the %ss done: the same command resumes" % (shown(name), word)


def workers(jobs, items):
    """How many processes --jobs N starts for items deals: never more than
    there are deals or cores, and at least one.

    >>> workers(99999999999999, 3) == min(3, cores()), workers(300, 0)
    (True, 1)
    """
    return max(1, min(jobs, items, cores()))


WORKER_ROOM = 16 << 20          # a worker's own pages (copied as it runs) and room to search


def shared(memory, processes):
    """(processes, memory each) of a list run on at most processes with a
    memory budget: each worker needs WORKER_ROOM at least (with less, one
    process goes further), and they share what this process leaves.

    >>> shared(1 << 30, 1) == (1, 1 << 30), shared(1 << 30, 2)[0], shared(40 << 20, 2)[0]
    (True, 2, 1)
    """
    if processes > 1:
        here = resident() or 0
        processes = max(1, min(processes, (memory - here) // WORKER_ROOM))
        if processes > 1:
            return processes, (memory - here) // processes
    return 1, memory


def results(work, tasks, processes, fresh=False):
    """work(task) for each task (an iterable, taken as the workers need
    them) as it is done, over several processes if asked (pooled()).
    fresh: each task gets a worker forked afresh (about 15 ms of processor
    time), for a search that reached its memory budget leaves its worker
    holding most of it (pages it made its own, arenas a few objects keep),
    which would starve the next one there (Klondike's deal 5 after deal 12
    in 64 MB: 23,205 positions, 663,538 alone).  This process's objects are
    frozen first, out of the collector's sight, so that the workers'
    collections do not copy the pages they share with it (deal 5 then
    searches 1,162,293 positions in the same budget)."""
    if processes > 1:
        try:
            import multiprocessing.connection
        except ImportError:                 # a Python built without it: do it in one
            processes = 1
    if processes > 1:
        import gc
        freeze = getattr(gc, "freeze", None)        # Python 3.7 and later
        if freeze:
            gc.collect()
            freeze()
        return pooled(work, tasks, processes, fresh)
    return (work(task) for task in tasks)


def cores():
    """The processors this process may run on: those of its affinity mask
    (a batch system's or taskset's), where the system tells them.

    >>> mask = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else None
    >>> cores() == (len(mask) if mask else os.cpu_count() or 1)
    True
    >>> if mask:                        # as under `taskset -c N`: one processor
    ...     os.sched_setaffinity(0, [min(mask)])
    ...     try:
    ...         print(cores())
    ...     finally:
    ...         os.sched_setaffinity(0, mask)
    ... else:
    ...     print(1)
    1
    """
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


class Died(Exception):
    """A worker process of --jobs that ended before it answered: task is
    the task it held, status its exit status (-N: killed by signal N;
    None: not known).  Its message says what ended it; the kernel's OOM
    killer kills with SIGKILL.

    >>> print(Died((5,), -9)); print(Died((5,), 1)); print(Died((5,), None))
    a worker process died (killed by signal 9, perhaps out of memory)
    a worker process died (exit status 1)
    a worker process died
    """

    def __init__(self, task, status):
        self.task, self.status = task, status
        if status is None:
            how = ""
        elif status < 0:
            how = " (killed by signal %d%s)" % (-status, ", perhaps out of memory"
                                                if -status == getattr(_signal, "SIGKILL", 9) else "")
        else:
            how = " (exit status %d)" % status
        Exception.__init__(self, "a worker process died" + how)


def quiet_worker():
    """Start a worker of --jobs: it leaves Ctrl-C to the main process, which
    ends them all quietly; and should the main process end without ending
    it (killed: SIGKILL, SIGTERM), it ends too, within half a second,
    rather than work on for no one.  It prints nothing: its answers go to
    the main process (an answer sent to a main process gone would print
    a traceback of the broken pipe)."""
    import signal
    import threading
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    sys.stderr = open(os.devnull, "w")
    parent = os.getppid()

    def orphaned():
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)
    threading.Thread(target=orphaned, daemon=True).start()


def serve(connection, work, fresh):
    """The life of a worker process: work(task) for each task connection
    brings, each answer sent back as (True, answer), or (False, the error)
    where work raised one, until it brings None, or after one task when
    fresh."""
    quiet_worker()
    while True:
        task = connection.recv()
        if task is None:
            return
        try:
            answer = True, work(task)
        except Exception as error:
            answer = False, error
        connection.send(answer)
        if fresh:
            return


def hire(work, fresh):
    """This end of the connection of a worker process, and the process,
    started; ValueError when it cannot be.  The connection is a pipe of
    its own, which no other worker holds: the worker's death closes it."""
    import multiprocessing
    try:
        ours, theirs = multiprocessing.Pipe()
        process = multiprocessing.Process(target=serve, args=(theirs, work, fresh))
        process.daemon = True       # ended by multiprocessing at exit, should it be left
        process.start()
    except OSError as error:
        raise ValueError("cannot start a worker process: %s" % (error.strerror or error))
    theirs.close()
    return ours, process


def pooled(work, tasks, processes, fresh=False):
    """work(task) for each task, as worker processes finish them, processes
    of them at most: each is given a task, sends back its answer and is
    given the next (fresh: it ends, and a new one takes the next).  A
    worker that dies (the kernel's OOM killer ends the largest process)
    ends them all at once with Died, naming the task it held: the others'
    tasks are not done either.  (multiprocessing's Pool would start
    another worker, and wait for ever for the answer lost with the first.)
    Where no process can be started, the tasks are done in this one.

    >>> sorted(pooled(abs, [-3, 1, -2], 2)), sorted(pooled(abs, [-3, 1, -2], 2, fresh=True))
    ([1, 2, 3], [1, 2, 3])
    >>> list(pooled(int, ["12", "x"], 2))       # work's error, raised here
    Traceback (most recent call last):
    ValueError: invalid literal for int() with base 10: 'x'
    """
    import multiprocessing.connection
    tasks, none = iter(tasks), object()
    held = {}               # each busy worker's connection: (its process, its task)
    leaving = []            # workers told to end, there being no task left
    try:
        task = next(tasks, none)
        while task is not none and len(held) < processes:
            try:
                connection, process = hire(work, fresh)
            except ValueError:
                if held:
                    raise
                while task is not none:         # no process here: all in this one
                    yield work(task)
                    task = next(tasks, none)
                return
            give(held, connection, process, task)
            task = next(tasks, none)
        while held:
            multiprocessing.connection.wait(
                list(held) + [process.sentinel for process, _ in held.values()])
            for connection in list(held):
                process, given = held[connection]
                alive = process.is_alive()      # first: an answer sent before it ended counts
                try:
                    if not connection.poll():
                        if alive:
                            continue
                        raise EOFError
                    done, answer = connection.recv()
                except (EOFError, OSError):
                    raise Died(given, ended(process, 1.0))
                del held[connection]
                if not done:
                    raise answer            # work's error, raised here as if work ran here
                if fresh:
                    connection.close()
                    ended(process, 1.0)
                    if task is not none:
                        connection, process = hire(work, fresh)
                if task is not none:
                    give(held, connection, process, task)
                    task = next(tasks, none)
                elif not fresh:
                    leaving.append(process)
                    try:
                        connection.send(None)   # the worker's end
                    except OSError:
                        pass                    # gone already, with nothing lost
                yield answer
    finally:
        for process, _ in held.values():
            process.terminate()
        for process in [process for process, _ in held.values()] + leaving:
            ended(process, 1.0)


def give(held, connection, process, task):
    """Send task to the worker (connection, process) and note it in held;
    Died when the worker is gone."""
    held[connection] = process, task
    try:
        connection.send(task)
    except OSError:
        raise Died(task, ended(process, 1.0))


def ended(process, wait):
    """The exit status of worker process once it has ended: it is given wait
    seconds, then ended (SIGTERM, then SIGKILL where it has to be)."""
    process.join(wait)
    if process.exitcode is None:
        process.terminate()
        process.join(1)
    if process.exitcode is None:        # Process.kill() is Python 3.7's
        try:
            os.kill(process.pid, getattr(_signal, "SIGKILL", _signal.SIGTERM))
        except OSError:
            pass                        # ended meanwhile
        process.join(1)
    return process.exitcode

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
