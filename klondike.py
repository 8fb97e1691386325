#!/usr/bin/env python3
r"""klondike.py: Klondike (Windows' Solitaire), after the q case study.

USAGE
    python3 klondike.py                     a random deal (its number shown)
    python3 klondike.py -g N [--draw 1]     play deal N, draw three (or one)
    python3 klondike.py -g N < moves.txt    replay saved moves, a board a line
    python3 klondike.py -g N --solve        a solution, every card known
    python3 klondike.py -g N --play         the player that does not peek plays
    python3 klondike.py --solve 1-1000      solve a list of deals, a line each
    python3 klondike.py --play 1-1000       play a list: the player's win rate
    python3 klondike.py --summary FILE...   add up the --out files of a sweep
    python3 klondike.py -g N --export       the deal as a deck string
    pypy3 klondike.py ...                   any of these runs under PyPy 3 too

THE GAME
    Seven piles are dealt: one card to the first, two to the second, ...,
    seven to the last, only the top card of each face up.  The other 24
    cards are the stock.  The aim is to build the four foundations up in
    suit from ace to king.

    - On the tableau, build down in alternating colours: a red 9 on a
      black 10.  A face-up card moves together with every card on it.
    - Only a king (with whatever is on it) goes to an empty pile.
    - A face-down card turns face up by itself once nothing covers it.
    - Turning the stock puts three cards (one with --draw 1) face up on
      the waste; only the top card of the waste can be played.  When the
      stock is empty, turning again turns the whole waste back over as the
      stock: that starts the next pass.  --passes N allows N passes in all.
    - The top card of a foundation may come back onto the tableau.

    The game is won when all 52 cards are home; lost when no move is
    possible and the stock cannot be turned; and there are "no useful
    moves" when only turning is left and a whole pass through the stock
    would change nothing.

    Deal N is the 52 cards in the order Microsoft FreeCell's deal N deals
    them (N from 1 to 8589934591), laid out as Klondike-Solver reads a deck:
    card 0 face up on pile 1, cards 1-6 face down on piles 2-7, card 7 face
    up on pile 2, ..., card 27 face up on pile 7; cards 28-51 are the stock
    in the order they are turned.

    The board:

        game 1  draw 3  pass 1  score 0
        24 [] __        __ __ __ __
         1  2  3  4  5  6  7
        JD [] [] [] [] [] []
           5H [] [] [] [] []
              QC [] [] [] []
                 9D [] [] []
                    AH [] []
                       5C []
                          QH
        moves: JD QC, AH, t

    The first line names the deal, the draw, the pass (2/3 would be the
    second of three) and the score.  The second shows the stock (how many
    cards, and [] or __ when it is empty), the waste (in draw three its top
    three cards fanned, the playable one last) and the foundations: clubs,
    diamonds, hearts, spades.  Then the seven numbered piles, top cards
    lowest: [] is a face-down card, __ an empty pile.  The last line lists
    every possible move in the notation below, or says how the game ended;
    a king is offered the first empty pile only, as empty piles are all
    alike (KD 5 takes it to another), and a king at the bottom of a pile
    is offered none (moving it changes nothing, and is refused).
    Red cards are red on a terminal; suits are symbols where they can be.

NOTATION
    9C TH     9C and everything on it onto TH (a card on top of a pile)
    2H AH     2H onto the foundation whose top card is AH
    QD KS     also from a foundation back onto the tableau
    AS, 9C    a card alone goes to its foundation (a card on top only)
    KD        a king alone to the first empty pile (else home); KD 5: to
              empty pile 5
    9C 4      9C onto pile 4 (any target may be given as a pile number)
    t, turn   turn the stock, or turn the waste over when the stock is empty

    Cards are a rank (A 2 .. 9 T J Q K, or 10) and a suit (C D H S, or the
    symbols); lower case is fine, and the commands may be in any case
    (Undo), but for NEW, Klondike-Solver's.  Klondike-Solver's notation is
    read too (see KLONDIKE-SOLVER AND PYSOL).

AT THE PROMPT
    help, ?          list the commands
    quit, q, exit    end the session
    board            print the board again
    history          the moves so far in our notation, after a comment line
                     that is the command replaying them (deal and rules):
                     saved and piped back into it, they reach the same board;
                     history ks: in Klondike-Solver's notation
    undo, u          take back the last command (scores too); unlimited
    restart          deal the same game again
    new, new N       deal a random game, or game N
    hint             the next move, chosen as --play chooses it: from what a
                     player sees, never from the face-down cards or the unseen
                     stock; within 5 s (on a slow device from fewer worlds)
    solve            a whole solution from here, every card known (the
                     cheat's answer), or why there is none
    t, turn          turn the stock (or the waste over)
    auto             send home every card that can no longer be needed, and
                     finish a game that sending home whatever fits wins
                     (every card face up is not always enough: a card of
                     the waste may have to go onto a pile first)

    Several commands may share a line, separated by blanks or commas (the
    history puts commas between moves: AH, 2C 3D is two moves, AH 2C 3D
    reads as AH onto 2C first); # starts a comment.  A line is all or
    nothing: if a word of it is refused, nothing of the line is done or
    printed, and one line on stderr names the word and why.  The prompt
    klondike> is shown on stderr, only when the input is a terminal; there
    Ctrl-C during hint or solve stops the search and leaves the game as it
    was, while Ctrl-C at the prompt ends the program.

THE SOLVER
    --solve (and solve at the prompt) prints the moves in our notation,
    commas between them, and a last comment line with the verdict: solved
    in N moves (every turn counted), impossible (only after every position
    it can reach was searched), or unknown (a limit was hit, and which).

    It searches depth first, never entering a position twice, a position
    being what lonelybot (Vuong Hy's solver) keeps of one: how many cards
    of each pile's deal are still in place, how many cards each foundation
    holds, which talon cards are left and how many of them are turned.  The
    face-up cards of the tableau need no more than that: a card lies on one
    of the two cards it fits, and which one never matters, since one move
    carries it over to the other whenever that counts.  Every card the
    turns can bring to the top of the waste is one move away (as in
    Klondike-Solver); a card safe at home goes there at once (lonelybot's
    rule: when both foundations of the other colour hold its rank less
    two, and of its colour its rank less three); a card brought back from a
    foundation must be used by the next move, and so must, in draw one
    with unlimited passes, a card played from the talon onto the tableau;
    a pile is emptied only for a king.  A move is not made where the
    position it leads to has no move at all: a pile emptied where no king
    can come next, a card brought back from a foundation where nothing can
    use it, or in draw one a talon card played where nothing can use
    it.  In draw three with unlimited
    passes, a position is not entered where one was that differs only in
    how far the waste is turned, when from there the turns reach all they
    reach from here and more.  Positions that must be followed by a given
    move, or have only a forced one, are passed through without being
    kept; the positions searched are all those entered.  Each solution is
    turned into the game's own moves and passed by its move checker before
    it is printed.

    Two short searches come first: 20,000 positions in the usual order of
    moves (cards home, then turning cards up, then talon cards onto the
    tableau), then 50,000 with the talon's cards onto the tableau first.
    Then the complete search, in the usual order.  Every order searches the
    same positions in the end, but some winnable deals are won far sooner
    in one than in the other (deal 494 of draw three: 3,569 positions
    talon first, 25 million in the usual order).  In draw three, or with
    passes counted, a search of up to 2,000,000 positions drawing one card
    with unlimited passes comes next: every game of the deal's own rules is
    a game of those too (any talon card can be turned up at any time, and
    the talon keeps its order as cards leave it), so where drawing one
    cannot win, neither can drawing three.  Deal 620 of draw three is
    proved impossible so in 905,786 positions, where its own search needs
    20.6 million.  Where drawing one can win, the complete search follows.

    A position is one int.  Where --memory holds --max-positions of them in
    a Python set (120 bytes each), they are kept so; else each is kept in
    an 8-byte slot of one of sixteen tables that grow while --memory allows
    (11 to 21 bytes a position, about 25 with the rest of the search, a
    quarter slower; one table grows at a time, so growing needs a sixteenth
    more memory, not the old slots and twice as many new ones).  In draw
    three with unlimited passes a position is kept as its code less how far
    the waste is turned, with that as a mark in a 4-byte slot beside it,
    so that one look-up finds the positions that dominate it.  A 64 MB
    device proves deal 5 impossible (1,445,093 positions entered, 33 MB at
    the peak).  Either way no two positions are ever taken for one
    another, so impossible stays a proof.

THE PLAYER
    The player (--play and hint) sees what a player sees.  It turns through
    the stock once, then at each turn deals the cards it has not seen into
    their places at random, twelve times (Microsoft's generator, seeded by
    what it sees), searches each such world for 900 positions, and takes
    from each search the moves up to the first card turned face up.  Each
    move it could make that no such plan starts with starts a plan too,
    completed by one world's search after it.  The plans are tried in four
    of the worlds (those 2 worlds won behind the best are dropped), then in
    all twelve, each trial a search of 600 positions.  While two plans or
    more are within 3 worlds won of the best, it deals twelve more worlds
    and tries the plans still in the race there, up to 54 worlds (--worlds
    N: up to N).  A world whose own searches found no win is hard: once some
    world has been won, the plans are tried in the hard ones for 200
    positions only.  A world counts as won once every card of the tableau is
    face up and one card at most is left in the talon.  It plays the plan
    that wins most worlds (or, short of wins, gets furthest), and looks
    again when the card turns up.  --play prints its moves (replayable) and
    a last comment line saying how the game ended.

SCORING
    Windows Solitaire's:

        event                              standard          vegas
        start                              0                 -52
        waste to tableau                   +5                0
        waste or tableau to foundation     +10               +5
        a tableau card turned face up      +5                0
        foundation to tableau              -15 (not below 0) -5
        turning the waste over, draw one   -100 (not below 0) 1 pass only
        turning it over, draw three        -20 from the 4th  3 passes in all
                                           time on (not below 0)

KLONDIKE-SOLVER AND PYSOL
    Klondike-Solver's moves are read, so its solutions can be piped in:

        DR2       turn the stock twice           NEW   turn the waste over
        W5        waste to pile 5                7S    pile 7 to the spades
        72-3      three cards from pile 7 to 2   F4    flip pile 4 (ignored:
        C3        clubs foundation to pile 3           flips are automatic)

    A token such as 7S is a card when a card or pile number follows that
    makes sense with it (7S 8H), and Klondike-Solver's move otherwise (4S
    6D: pile 4 to the spades, pile 6 to the diamonds; when neither can be
    made, the error says why 4S does not go on 6D); on a line that holds
    any token only Klondike-Solver uses (DR1, W5, 72, ...), it is always
    Klondike-Solver's.  Alone on another line, 7S is pile 7 to the spades
    if that can be done, else the card 7S home (when both can be done they
    are the same move).

    --deck plays Klondike-Solver's 156-digit deck string (52 times RRS:
    rank 01..13, suit 1..4 = C D H S); --export prints a deal as one, and
    --export=pysol as PySol's board (its Talon line and seven piles, <>
    around the face-down cards).

LISTS OF GAMES
    --solve GAMES and --play GAMES (GAMES like 1-1000, 1,5,17 or "1 5"; up to
    10,000,000 games a range, kept as ranges, not game by game) print a
    line a game, as it ends, and a summary; a game left unknown is followed
    by a comment line naming the limit that stopped it (# game 5: timeout
    120 s reached).  --jobs N spreads them over N processes (never more
    than there are games or cores it may use), which share the memory
    budget; each game gets a process forked afresh, so that what one game
    held does not starve the next.  A worker process that dies (the OOM
    killer's choice) ends the run at once, with a line naming the game it
    held and the games not done; with --out the same command resumes.

    With --out FILE each game's line is appended to FILE as soon as it is
    done; the file begins with two comment lines, what made it (the
    command and this script's version) and its rules (solving or playing,
    draw, passes; the solver's or the player's version after the first;
    the player's --worlds and --max-positions where not the defaults): a
    run with other rules will not resume the file.  Killed at any moment,
    a sweep loses only the games in progress (a power cut, the lines of the
    last 10 seconds at most too);
    run again, it does only the games FILE does not hold yet, and solves
    again those an earlier run left unknown at a smaller limit
    (--max-positions, --timeout, --memory): the line it adds then counts
    instead.
    Spread over machines, each does a shard into a file of its own, and
    --summary adds the files up as one run over all their games would end,
    refusing to add draw one to draw three, solving to playing, or one
    player's games to another's:

        klondike.py --play 1-500 --out a.txt          (on one machine)
        klondike.py --play 501-1000 --out b.txt       (on another)
        klondike.py --summary a.txt b.txt             (games 1-1000 in 2 files)

OPTIONS
    -g N, --game N     deal game N (1 to 8589934591); random without it
    --deck DIGITS      deal Klondike-Solver's 156-digit deck string
    --draw 1|3         cards turned at a time (default 3)
    --passes N         passes through the stock in all (default unlimited;
                       Vegas scoring brings 1 in draw one, 3 in draw three)
    --scoring KIND     standard (default), vegas or none
    --autoplay         run auto after every move (--solve and --play of one
                       game then print the moves autoplay leaves to type,
                       and history writes the moves typed); --no-autoplay,
                       the default, does not.  Where autoplay's moves spoil
                       a solution, --solve and solve search again from where
                       they leave the game; drawing three, a card autoplay
                       takes out of the waste changes what the stock turns
                       up and can lose the win (deal 31): then they print
                       every move and say to replay it without --autoplay.
                       --play of one game plays a game with autoplay
    -q, --quiet        print only the final board and result (and what
                       help, board, history, hint and solve print)
    --color=WHEN       auto (default), always or never (also --colour)
    -m, --monochrome   the same as --color=never
    --ascii            suits as C D H S (automatic when needed)
    --export[=FMT]     print the deal as a deck string (deck, the default)
                       or as PySol's board (pysol), and stop (without -g,
                       the game picked at random is named on stderr)
    --solve            print a solution of the deal (-g N or --deck), every
                       card known, and stop; piped back in, it wins
    --solve GAMES      solve a list of games (see LISTS OF GAMES)
    --play             let the player that does not peek play the deal
    --play GAMES       play a list of games (see LISTS OF GAMES)
    --worlds N         with --play, let the player deal up to N worlds a
                       turn (54; 1000 at most); more play better, and take
                       longer: --worlds 300 won 49.6 % of deals 1-1000
                       where 54 won 46.2 %, in about 2.7 times the time
    --jobs N           spread a list of games over N processes (no more
                       than the cores it may use; 16 MB of memory at least
                       each, or fewer processes)
    --out FILE         keep a list's results in FILE (see LISTS OF GAMES)
    --summary FILE...  the summary of such files, and stop
    --max-positions N  give up ('unknown') after N positions (20,000,000)
    --timeout SECONDS  give up ('unknown') after so long (default 120; a
                       single --solve counts from the start of the program;
                       not with --play)
    --memory MB        give up ('unknown') before the program would hold
                       more than MB megabytes; by default 3/4 of what the
                       machine can give (the smaller of MemAvailable and the
                       cgroup's limit less its use), 256 where it does not say;
                       a figure below what the program holds before any
                       search (about 20 MB) is refused
    -h, --help         print this manual

EXAMPLES
    $ python3 klondike.py -g 3 --solve | tail -n 1
    # game 3: solved in 161 moves (71 turns), 210 positions searched, ... s
    $ python3 klondike.py -g 3 --solve | python3 klondike.py -g 3 -q -m | tail -n 1
    won
    $ printf 't\n4D 5C AH\n9D TS\n' | python3 klondike.py -g 1 -q -m --ascii
    klondike: line 3: 9D TS: TS is face down
    game 1  draw 3  pass 1  score 20
    21 [] 4H AC     __ __ AH __
     1  2  3  4  5  6  7
    JD [] [] [] [] [] []
       5H [] [] [] [] []
          QC [] [] [] []
             9D QD [] []
                   [] []
                   5C []
                   4D QH
    moves: AC, JD QC, t
    [exit 1]
    $ printf '4S 6D\n' | python3 klondike.py -g 101 -q -m --ascii | tail -n 1
    klondike: line 1: 4S 6D: 4S does not go on 6D
    moves: 2C 3D, 5S 6D, 4S 5D, 3D 4S, t
    $ printf 't t\nhistory\n' | python3 klondike.py -g 1 --draw 1 -q | head -n 2
    # klondike.py -g 1 --draw 1
    t t
    $ python3 klondike.py --solve 1-3 --out r.txt | tail -n 1
    3 games: 3 solved, 0 impossible, 0 unknown; mean 159.0 moves; ...
    $ python3 klondike.py --summary r.txt
    games 1-3 in 1 file
    3 games: 3 solved, 0 impossible, 0 unknown; mean 159.0 moves; ...
    $ python3 klondike.py -g 0
    usage: klondike.py [options] < moves
    klondike.py: error: argument -g/--game: 0: no such deal (deals are 1..8589934591)
    [exit 2]

EXIT STATUS
    0 when every input line was accepted (with --solve: solved; with
    --play: won; with a list: every game solved or won), 1 when a line was
    refused or the input ended in an error (with --solve or --play: not
    solved or not won; with --summary: a line of a file was not a game's
    result), 2 for bad options (an --out file that cannot be opened
    included) or files --summary cannot add up, 130 after Ctrl-C.  Output
    that cannot be written (a full disk): one line on stderr, status 1.
"""

import _signal      # signal's C core, loaded with Python: no time lost importing
if __name__ == "__main__" and _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler:
    # Until run() is ready for it, Ctrl-C ends the program as the signal
    # itself would (status 130 in the shell), not with a traceback from
    # the middle of an import.
    _signal.signal(_signal.SIGINT, _signal.SIG_DFL)
import argparse
import array
import collections
import io
import errno
import os
import re
import sys
import time

PROG, VERSION = "klondike", "2026.11.23"

## Throughout this program:
##   c, card   a card, an int 0..51: rank*4 + suit (rank 0..12 = A..K,
##             suit 0..3 = clubs, diamonds, hearts, spades)
##   p, pile   an index into game.piles, 0..12 (STOCK, WASTE, FOUNDATIONS,
##             TABLEAU); a pile is a tuple of cards, its top card last
##   m, move   (source, target, count): count cards from the top of pile
##             source onto pile target; a turn is (STOCK, WASTE, k), turning
##             the waste over is (WASTE, STOCK, len(waste))
##   game      a Game (below): plain immutable data, so a move makes a new
##             one and undo is keeping the old

################ Cards and constants

RANKS, SUITS = "A23456789TJQK", "CDHS"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
CARDS = range(52)
RANK = [c // 4 for c in CARDS]
SUIT = [c % 4 for c in CARDS]
RED_SUIT = (False, True, True, False)
IS_RED = [RED_SUIT[SUIT[c]] for c in CARDS]
NAME = [RANKS[RANK[c]] + SUITS[SUIT[c]] for c in CARDS]
ACE, KING = 0, 12
# ONTO[c]: the two cards c may be built on in the tableau (one rank higher,
# the other colour); none for kings.
ONTO = [tuple(d for d in CARDS if RANK[d] == RANK[c] + 1 and IS_RED[d] != IS_RED[c])
        for c in CARDS]

STOCK, WASTE = 0, 1
FOUNDATIONS = range(2, 6)       # clubs, diamonds, hearts, spades
TABLEAU = range(6, 13)          # piles 1..7
HOME = [2 + SUIT[c] for c in CARDS]     # the foundation of each card's suit
VEGAS_START = -52

Rules = collections.namedtuple("Rules", "draw passes scoring")
Rules.__doc__ = """How a game is played: draw (1 or 3 cards a turn), passes
(through the stock in all, None for unlimited) and scoring ('standard',
'vegas' or 'none')."""


Game = collections.namedtuple("Game", "piles down passes score rules")
Game.__doc__ = """A position: piles (13 tuples of cards, top last: the stock
with its next card last, the waste, four foundations, seven piles), down
(13 ints: how many cards at the bottom of each pile are face down; nonzero
only for the tableau), passes (how many times the waste has been turned
over), score, and its Rules."""

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

################ The deal: Klondike

MAX_GAME = 2**33 - 1
NO_SUCH_DEAL = "no such deal (deals are 1..%d)" % MAX_GAME


def deck_of(number):
    """The 52 cards of game number, in dealing order: the order FreeCell's
    deal of that number deals them.

    >>> ' '.join(NAME[c] for c in deck_of(1)[:10])
    'JD 2D 9H JC 5D 7H 7C 5H KD KC'
    """
    return ms_shuffle(CARDS, number)


def deal(deck, rules=Rules(3, None, "standard")):
    """The game that deck (52 cards) starts, laid out as Klondike-Solver
    reads a deck: row by row, cards 0..27 onto the tableau, the first card
    of each row face up; cards 28..51 the stock, 28 turned first.

    >>> game = deal(deck_of(1))
    >>> [' '.join(NAME[c] for c in game.piles[p]) for p in TABLEAU[:3]]
    ['JD', '2D 5H', '9H KD QC']
    >>> game.down[6:], len(game.piles[STOCK]), NAME[game.piles[STOCK][-1]]
    ((0, 1, 2, 3, 4, 5, 6), 24, '4H')
    """
    piles = [[] for _ in range(13)]
    cards = iter(deck[:28])
    for row in range(7):
        for p in TABLEAU[row:]:
            piles[p].append(next(cards))
    piles[STOCK] = list(reversed(deck[28:]))
    down = (0,) * 6 + tuple(range(7))
    score = VEGAS_START if rules.scoring == "vegas" else 0
    return Game(tuple(map(tuple, piles)), down, 0, score, rules)


def make_rules(draw=3, passes=None, scoring="standard"):
    """Rules for draw, passes and scoring; Vegas brings its own pass limit
    (1 in draw one, 3 in draw three) unless passes is given.

    >>> make_rules(1, None, 'vegas')
    Rules(draw=1, passes=1, scoring='vegas')
    """
    if passes is None and scoring == "vegas":
        passes = 1 if draw == 1 else 3
    return Rules(draw, passes, scoring)

################ The rules: moves

def fits(card, game, target):
    "Whether card (with whatever is on it) may go onto pile target."
    pile = game.piles[target]
    if target in TABLEAU:
        return pile[-1] in ONTO[card] if pile else RANK[card] == KING
    return target == HOME[card] and len(pile) == RANK[card]


def turnable(game):
    """Whether the stock can be turned: it holds cards, or the waste does
    and a pass is left to turn it over for."""
    piles, rules = game.piles, game.rules
    return bool(piles[STOCK]) or (bool(piles[WASTE]) and (
        rules.passes is None or game.passes + 1 < rules.passes))


def turn_move(game):
    "The move that turns the stock, or turns the waste over (None if neither)."
    stock, waste = game.piles[STOCK], game.piles[WASTE]
    if not turnable(game):
        return None
    if stock:
        return (STOCK, WASTE, min(game.rules.draw, len(stock)))
    return (WASTE, STOCK, len(waste))


def moves(game):
    """Every legal move in game, as (source, target, count): the card moves
    (waste, then piles 1..7, then foundations as sources), then the turn.
    A move is legal exactly when it is in this list.  Moving a king that
    lies at the bottom of its pile to an empty pile changes nothing, so it
    is not a move.

    >>> game = deal(deck_of(1))
    >>> moves(game)
    [(6, 8, 1), (10, 4, 1), (0, 1, 3)]
    """
    piles, down = game.piles, game.down
    tops = {piles[t][-1]: t for t in TABLEAU if piles[t]}
    empty = [t for t in TABLEAU if not piles[t]]
    found = [len(piles[f]) for f in FOUNDATIONS]
    result = []

    def targets(card, source, count, bottom):
        if count == 1 and source not in FOUNDATIONS and \
                found[SUIT[card]] == RANK[card]:
            result.append((source, HOME[card], 1))
        for d in ONTO[card]:
            if d in tops:
                result.append((source, tops[d], count))
        if RANK[card] == KING and not bottom:
            result.extend((source, t, count) for t in empty)

    if piles[WASTE]:
        targets(piles[WASTE][-1], WASTE, 1, False)
    for s in TABLEAU:
        pile = piles[s]
        for i in range(down[s], len(pile)):
            targets(pile[i], s, len(pile) - i, i == 0)
    for f in FOUNDATIONS:
        if piles[f]:
            targets(piles[f][-1], f, 1, False)
    turn = turn_move(game)
    if turn:
        result.append(turn)
    return result


def card_moves(game):
    "The moves of moves(game) that are not turns."
    return [m for m in moves(game) if m[0] != STOCK and m[1] != STOCK]

################ The rules: making a move

def move(game, m):
    """The game after move m, which must be legal: cards moved, the card
    uncovered turned face up, the score and passes updated.

    >>> game = move(deal(deck_of(1)), (0, 1, 3))
    >>> ' '.join(NAME[c] for c in game.piles[WASTE]), len(game.piles[STOCK])
    ('4H AC 4D', 21)
    """
    source, target, count = m
    piles, down, passes = list(game.piles), game.down, game.passes
    flipped = False
    if source == STOCK:
        piles[WASTE] += tuple(reversed(piles[STOCK][-count:]))
        piles[STOCK] = piles[STOCK][:-count]
    elif target == STOCK:
        piles[STOCK] = tuple(reversed(piles[WASTE]))
        piles[WASTE] = ()
        passes += 1
    else:
        piles[target] += piles[source][-count:]
        piles[source] = piles[source][:-count]
        if source in TABLEAU and piles[source] and \
                down[source] == len(piles[source]):
            down = down[:source] + (down[source] - 1,) + down[source + 1:]
            flipped = True
    score = rescore(game, m, flipped)
    return Game(tuple(piles), down, passes, score, game.rules)


def rescore(game, m, flipped):
    "The score after move m (and the turning face up of a card, if flipped)."
    source, target, _ = m
    score, rules = game.score, game.rules
    if rules.scoring == "standard":
        if target in FOUNDATIONS:
            score += 10
        elif source == WASTE and target in TABLEAU:
            score += 5
        elif source in FOUNDATIONS:
            score = max(0, score - 15)
        elif target == STOCK and rules.draw == 1:
            score = max(0, score - 100)
        elif target == STOCK and game.passes >= 3:
            score = max(0, score - 20)
        if flipped:
            score += 5
    elif rules.scoring == "vegas":
        if target in FOUNDATIONS:
            score += 5
        elif source in FOUNDATIONS:
            score -= 5
    return score

################ The rules: the end, and autoplay

def won(game):
    "Whether all 52 cards are home."
    return sum(len(game.piles[f]) for f in FOUNDATIONS) == 52


def result(game):
    """How the game stands: 'won', 'lost' (no move possible, the stock
    cannot be turned), 'stuck' (only turning is left, and a whole pass
    would change nothing), or None while there is play."""
    if won(game):
        return "won"
    if not moves(game):
        return "lost"
    if not card_moves(game) and not useful_turns(game):
        return "stuck"
    return None


def useful_turns(game):
    """Whether turning the stock, pass after pass, ever brings up a waste
    card that can be played (turning changes nothing else)."""
    start = game.piles[STOCK], game.piles[WASTE]
    for _ in range(2 * 52 + 2):
        turn = turn_move(game)
        if turn is None:
            return False
        game = move(game, turn)
        if card_moves(game):
            return True
        if (game.piles[STOCK], game.piles[WASTE]) == start:
            return False
    return False


def safe(game, card):
    """Whether card can no longer be needed on the tableau: an ace or a two,
    or both foundations of the other colour hold its rank less one."""
    rank, piles = RANK[card], game.piles
    others = [f for f in FOUNDATIONS if RED_SUIT[f - 2] != IS_RED[card]]
    return rank <= 1 or all(len(piles[f]) >= rank for f in others)


def face_up(game):
    "Whether every card is face up: the stock empty, no face-down card."
    return not game.piles[STOCK] and not any(game.down)


def auto_move(game, finish=None):
    """The next card autoplay sends home from the waste or a pile: a safe
    one, or any when that finishes the game (every card face up, and
    sending home whatever fits wins).  None when there is none."""
    if finish is None:
        finish = face_up(game) and finishes(game)
    for source in (WASTE,) + tuple(TABLEAU):
        pile = game.piles[source]
        if pile and fits(pile[-1], game, HOME[pile[-1]]) and (
                finish or safe(game, pile[-1])):
            return (source, HOME[pile[-1]], 1)
    return None


def finishes(game):
    """Whether sending home whatever fits, again and again, wins game.  Not
    always, every card face up: a card of the waste may wait under one that
    must go onto a pile first, onto a king brought back from home (deal 20
    drawing three) that sending everything home would take away again.

    >>> finishes(deal(deck_of(1)))
    False
    """
    m = auto_move(game, True)
    while m:
        game = move(game, m)
        m = auto_move(game, True)
    return won(game)


def autoplay(game):
    "The moves autoplay makes from game, in order."
    made = []
    m = auto_move(game)
    while m:
        made.append(m)
        game = move(game, m)
        m = auto_move(game)
    return made

################ Notation: cards

SUIT_OF = dict(zip("CDHS", range(4)))
SUIT_OF.update(zip(u"\u2663\u2666\u2665\u2660", range(4)))   # ♣♦♥♠
SUIT_OF.update(zip(u"\u2667\u2662\u2661\u2664", range(4)))   # ♧♢♡♤


def parse_card(text):
    """The card text names (9C, th, 10h, Q♠), or None.

    >>> [parse_card(t) for t in ('AC', 'th', '10H', 'KS', 'K', '1S', 'XX')]
    [0, 38, 38, 51, None, None, None]
    """
    text = text.upper()
    rank, suit = text[:-1], text[-1:]
    rank = "T" if rank == "10" else rank
    if len(rank) != 1 or rank not in RANKS or suit not in SUIT_OF:
        return None
    return RANKS.index(rank) * 4 + SUIT_OF[suit]


def parse_deck(text):
    """The 52 cards of Klondike-Solver's deck string: 52 times RRS, rank
    01..13, suit 1..4 = C D H S.  Raises ValueError naming the fault.

    >>> parse_deck(format_deck(deck_of(7))) == deck_of(7)
    True
    >>> parse_deck('011012')
    Traceback (most recent call last):
    ...
    ValueError: a deck string has 156 digits, not 6
    >>> parse_deck('abc')
    Traceback (most recent call last):
    ...
    ValueError: a deck string has 156 digits and nothing else
    """
    text = "".join(text.split())
    if number(text) is None:
        raise ValueError("a deck string has 156 digits and nothing else")
    if len(text) != 156:
        raise ValueError("a deck string has 156 digits, not %d" % len(text))
    deck = []
    for i in range(0, 156, 3):
        rank, suit = int(text[i:i + 2]), int(text[i + 2])
        if not (1 <= rank <= 13 and 1 <= suit <= 4):
            raise ValueError("%s (card %d) is not a card" % (
                text[i:i + 3], i // 3 + 1))
        deck.append((rank - 1) * 4 + suit - 1)
    missing = sorted(set(CARDS) - set(deck), key=int)
    if missing:
        raise ValueError("the deck lacks %s" % " ".join(NAME[c] for c in missing))
    return deck


def format_deck(deck):
    """Klondike-Solver's deck string for deck.

    >>> format_deck(deck_of(1))[:15]
    '112022093111052'
    """
    return "".join("%02d%d" % (RANK[c] + 1, SUIT[c] + 1) for c in deck)


def format_pysol(deck):
    """The deal of deck as a PySol board: the talon in the order it is
    turned, then each pile bottom to top, face-down cards in <>.

    >>> print(format_pysol(deck_of(1))[:39] + ' ...')
    Talon: 4H AC 4D 7S 3S TD 4S TH 8H 2C JH ...
    >>> print('\\n'.join(format_pysol(deck_of(1)).split('\\n')[1:4]))
    JD
    <2D> 5H
    <9H> <KD> QC
    """
    game = deal(deck)
    lines = ["Talon: " + " ".join(NAME[c] for c in deck[28:])]
    for p in TABLEAU:
        pile, down = game.piles[p], game.down[p]
        lines.append(" ".join(("<%s>" if i < down else "%s") % NAME[c]
                              for i, c in enumerate(pile)))
    return "\n".join(lines)

################ Notation: ours

class Illegal(ValueError):
    """A command that cannot be carried out; its text says why, and word,
    when given, is the word of the command that failed (0 of new 0)."""

    def __init__(self, reason, word=None):
        ValueError.__init__(self, reason)
        self.word = word


def notation(game, m):
    """Move m of game in our notation: 9C TH, 2H AH, AS, KD (KD 5 when 5
    is not the first empty pile), t.

    >>> game = deal(deck_of(1))
    >>> [notation(game, m) for m in moves(game)]
    ['JD QC', 'AH', 't']
    """
    source, target, count = m
    if source == STOCK or target == STOCK:
        return "t"
    card = game.piles[source][-count]
    pile = game.piles[target]
    if pile:
        return NAME[card] + " " + NAME[pile[-1]]
    if target in FOUNDATIONS or target == first_empty(game):
        return NAME[card]
    return "%s %d" % (NAME[card], target - TABLEAU[0] + 1)


def first_empty(game):
    "The first empty pile of the tableau, or None."
    return next((t for t in TABLEAU if not game.piles[t]), None)


def where(game, card):
    "(pile, index) of card in game."
    for p, pile in enumerate(game.piles):
        if card in pile:
            return p, pile.index(card)
    raise Illegal("%s is not in the game" % NAME[card])


def pile_name(p):
    "How messages name pile p."
    if p in TABLEAU:
        return "pile %d" % (p - TABLEAU[0] + 1)
    if p in FOUNDATIONS:
        return "the %s foundation" % SUIT_NAMES[p - 2]
    return ("the stock", "the waste")[p]


def source_of(game, card):
    """(pile, count) of the exposed card: where it is and how many cards
    move with it.  Raises Illegal when it cannot move."""
    p, i = where(game, card)
    pile = game.piles[p]
    if p == STOCK:
        raise Illegal("%s is in the stock" % NAME[card])
    if p in TABLEAU and i < game.down[p]:
        raise Illegal("%s is face down" % NAME[card])
    if p not in TABLEAU and i < len(pile) - 1:
        raise Illegal("%s is under %s in %s" % (
            NAME[card], NAME[pile[-1]], pile_name(p)))
    return p, len(pile) - i


def target_of(game, card):
    "The pile whose top card is card; raises Illegal when there is none."
    p, i = where(game, card)
    if p not in (STOCK, WASTE) and i == len(game.piles[p]) - 1:
        return p
    if p == STOCK:
        raise Illegal("%s is in the stock" % NAME[card])
    if p in TABLEAU and i < game.down[p]:
        raise Illegal("%s is face down" % NAME[card])
    if p == WASTE:
        raise Illegal("nothing goes on the waste")
    raise Illegal("%s is not on top of %s" % (NAME[card], pile_name(p)))


def why_not(game, m):
    "Why move m, which is not in moves(game), cannot be made."
    source, target, count = m
    piles = game.piles
    if won(game):
        return "the game is won"
    if source == target:
        return "that is where it is already"
    if not piles[source]:
        return "%s is empty" % pile_name(source)
    up = len(piles[source]) - game.down[source] if source in TABLEAU else 1
    if count > up:
        return "%s has only %d card%s face up" % (pile_name(source), up, "s"[up == 1:])
    card = piles[source][-count]
    if target in FOUNDATIONS and count > 1:
        return "%s is not on top of %s" % (NAME[card], pile_name(source))
    if piles[target]:
        return "%s does not go on %s" % (NAME[card], NAME[piles[target][-1]])
    if target in FOUNDATIONS and RANK[card] != ACE:
        return "only an ace starts a foundation"
    if target in FOUNDATIONS:
        return "%s belongs on %s" % (NAME[card], pile_name(HOME[card]))
    if RANK[card] != KING:
        return "only a king goes to an empty pile"
    return "%s is already at the bottom of a pile" % NAME[card]


def checked(game, m):
    "Move m if it is legal in game; raises Illegal saying why not."
    if m not in moves(game):
        raise Illegal(why_not(game, m))
    return m


def card_move(game, card, target):
    """The move our notation names: card alone (home, or a king to the
    first empty pile) or with a target (a card on top of a pile, or a pile
    number).  Raises Illegal when it cannot be made.

    >>> game = deal(deck_of(1))
    >>> card_move(game, parse_card('JD'), ('card', parse_card('QC')))
    (6, 8, 1)
    >>> card_move(game, parse_card('9D'), ('card', parse_card('JD')))
    Traceback (most recent call last):
    ...
    klondike.Illegal: 9D does not go on JD
    """
    if won(game):
        raise Illegal("the game is won")
    source, count = source_of(game, card)
    if target is None:
        return home_move(game, card, source, count)
    if target[0] == "pile":
        goal = TABLEAU[target[1] - 1]
    else:
        goal = target_of(game, target[1])
    return checked(game, (source, goal, count))


def home_move(game, card, source, count):
    """The move of card alone: a king to the first empty pile if it can go
    there, any card home.  Raises Illegal when neither is possible."""
    empty = first_empty(game)
    if RANK[card] == KING and empty is not None and \
            (source, empty, count) in moves(game):
        return (source, empty, count)
    if count == 1 and (source, HOME[card], 1) in moves(game):
        return (source, HOME[card], 1)
    if RANK[card] == KING and empty is not None and count > 1:
        raise Illegal(why_not(game, (source, empty, count)))
    if count > 1:                   # a card under others: a double click does nothing
        raise Illegal(why_not(game, (source, HOME[card], count)))
    if source in FOUNDATIONS:
        raise Illegal("%s is home already" % NAME[card])
    raise Illegal("%s cannot go home; say where it goes (%s and a card)" % (
        NAME[card], NAME[card]))

################ Notation: Klondike-Solver's

KS_MOVE = re.compile(r"^(?:DR([0-9]+)|(NEW)|F([0-9]+)|([W1-7CDSH])([1-7CDSH])(?:-([0-9]+))?)$")
KS_PILE = dict([("W", WASTE)] + [(s, 2 + i) for i, s in enumerate(SUITS)] +
               [(str(i + 1), t) for i, t in enumerate(TABLEAU)])
KS_NAME = {p: name for name, p in KS_PILE.items()}


def is_ks(token):
    "Whether token is a move in Klondike-Solver's notation."
    return KS_MOVE.match(token) is not None


def ks_moves(game, token):
    """The moves Klondike-Solver's token names in game: DR# turns the stock
    # times, NEW turns the waste over, F# (a flip) is done already, XY and
    XY-# move cards.  Raises Illegal when they cannot be made.

    >>> game = deal(deck_of(1))
    >>> ks_moves(game, 'DR2'), ks_moves(game, '5H'), ks_moves(game, 'F4')
    ([(0, 1, 3), (0, 1, 3)], [(10, 4, 1)], [])
    >>> ks_moves(game, 'W5')
    Traceback (most recent call last):
    ...
    klondike.Illegal: the waste is empty
    """
    draws, new, flip, x, y, count = KS_MOVE.match(token).groups()
    if won(game) and not flip:
        raise Illegal("the game is won")
    if draws is not None:
        return draw_moves(game, number(draws))
    if new:
        if game.piles[STOCK]:
            raise Illegal("the stock is not empty")
        return [turn(game)]
    if flip is not None:
        if not 1 <= number(flip) <= 7:
            raise Illegal("there is no pile %s" % flip)
        return []
    count = number(count) if count else 1
    if count < 1:
        raise Illegal("a move moves at least one card")
    if count > 1 and KS_PILE[x] not in TABLEAU:
        raise Illegal("only one card at a time leaves %s" % pile_name(KS_PILE[x]))
    return [checked(game, (KS_PILE[x], KS_PILE[y], count))]


def turn(game):
    "The move that turns the stock (or the waste over); raises Illegal."
    m = turn_move(game)
    if m:
        return m
    if won(game):
        raise Illegal("the game is won")
    if not game.piles[STOCK] and not game.piles[WASTE]:
        raise Illegal("the stock and the waste are empty")
    raise Illegal("no pass is left (%d in all)" % game.rules.passes)


def draw_moves(game, times):
    "The moves of turning the stock times times (never turning the waste over)."
    if times < 1:
        raise Illegal("draw at least once")
    stock, draw = len(game.piles[STOCK]), game.rules.draw
    left = (stock + draw - 1) // draw
    if times > left:
        raise Illegal("the stock is empty" if not left else
                      "the stock has only %d turn%s left" % (left, "s"[left == 1:]))
    made = []
    for _ in range(times):
        made.append(turn_move(game))
        game = move(game, made[-1])
    return made


def ks_notation(game, made):
    """Moves made from game in Klondike-Solver's notation: turns in a row
    become one DR#, and a move that uncovers a card is followed by F#.

    >>> game = deal(deck_of(1))
    >>> ks_notation(game, [(0, 1, 3), (0, 1, 3), (6, 8, 1), (10, 4, 1)])
    'DR2 13 5H F5'
    """
    words, turns = [], 0
    for m in made:
        source, target, count = m
        if source == STOCK:
            turns += 1
        else:
            if turns:
                words.append("DR%d" % turns)
                turns = 0
            if target == STOCK:
                words.append("NEW")
            else:
                words.append(KS_NAME[source] + KS_NAME[target] +
                             ("-%d" % count if count > 1 else ""))
        after = move(game, m)
        if after.down != game.down:
            words.append("F%d" % (source - TABLEAU[0] + 1))
        game = after
    if turns:
        words.append("DR%d" % turns)
    return " ".join(words)

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

def card_text(card, colour, symbols):
    "How the board shows card."
    text = RANKS[RANK[card]] + (SUIT_SYMBOLS if symbols else SUITS)[SUIT[card]]
    return RED + text + RESET if colour and IS_RED[card] else text


def show(game, title="", colour=False, symbols=False):
    """The board as text: a heading, the stock, waste and foundations, the
    tableau, and every possible move (or how the game ended).  Never ends
    a line with a blank.

    >>> print(show(deal(deck_of(3), make_rules(1, 3, 'vegas')), 'game 3'))
    game 3  draw 1  pass 1/3  score -52
    24 [] __  __ __ __ __
     1  2  3  4  5  6  7
    KC [] [] [] [] [] []
       4D [] [] [] [] []
          8S [] [] [] []
             TS [] [] []
                7C [] []
                   AS []
                      8D
    moves: 7C 8D, AS, t
    """
    def text(card):
        return card_text(card, colour, symbols)
    return "\n".join([heading(game, title), top_row(game, text),
                      " " + "  ".join(str(n) for n in range(1, 8))] +
                     tableau_rows(game, text) + [ending(game)])


def heading(game, title):
    "The board's first line: the deal, the draw, the pass and the score."
    rules = game.rules
    words = [title, "draw %d" % rules.draw, "pass %d%s" % (
        game.passes + 1, "/%d" % rules.passes if rules.passes else "")]
    if rules.scoring != "none":
        words.append("score %d" % game.score)
    return "  ".join(w for w in words if w)


def top_row(game, text):
    """The stock (its count, and [] or __), the waste (its top three cards
    in draw three, padded to their width) and the foundations."""
    piles, draw = game.piles, game.rules.draw

    def top(p, shown=1):
        return " ".join(text(c) for c in piles[p][-shown:]) if piles[p] else "__"

    waste = top(WASTE, draw)
    waste += " " * (3 * draw - 1 - len(strip(waste)))
    return "%2d %s %s  %s" % (len(piles[STOCK]), "[]" if piles[STOCK] else "__",
                              waste, " ".join(top(f) for f in FOUNDATIONS))


def tableau_rows(game, text):
    "The seven piles side by side, bottom cards first: [] face down, __ empty."
    piles, down = game.piles, game.down
    rows = []
    for row in range(max(1, max(len(piles[t]) for t in TABLEAU))):
        cells = ["[]" if row < down[t] else text(piles[t][row]) if row < len(piles[t])
                 else "__" if row == 0 else "  " for t in TABLEAU]
        rows.append(" ".join(cells).rstrip())
    return rows


def strip(text):
    "Text without colour codes."
    return text.replace(RED, "").replace(RESET, "")


def ending(game):
    "The board's last line: the possible moves, or how the game ended."
    state = result(game)
    if state == "won":
        return "won"
    if state == "lost":
        return "lost: no moves left"
    if state == "stuck":
        return "no useful moves left: a whole pass through the stock changes nothing"
    first = first_empty(game)
    shown = []
    for m in moves(game):
        if m[1] in TABLEAU and not game.piles[m[1]] and m[1] != first:
            continue
        text = notation(game, m)
        if text not in shown:
            shown.append(text)
    return "moves: " + ", ".join(shown)

################ The solver
## What a search is given and what it answers.  The words of a stop
## ("max-positions 1000 reached") are made where they are printed, by
## stop_text().

# A search's limits: positions, seconds and bytes of memory (None where the
# caller leaves it to the default), and what ended a search short of a
# verdict: limit 'max-positions', 'timeout' or 'memory', and value its
# number (positions, seconds, bytes).  (The same in freecell.py and
# klondike.py; stop_text() and read_stop(), in the shared block, say a Stop
# in words and read it back.)
Limits = collections.namedtuple("Limits", "positions seconds memory")
Stop = collections.namedtuple("Stop", "limit value")
Answer = collections.namedtuple("Answer", "verdict moves stop positions seconds")
# a search's: verdict 'solved', 'impossible' or 'unknown'; the moves of a
# solution (Solver.search: its steps; solve(): the game's own), [] without
# one; the Stop of an unknown search (else None); positions searched;
# seconds taken
Played = collections.namedtuple("Played", "verdict moves home seconds")
# a game the player played (play_blind): 'won' or 'lost', the moves made,
# the cards home at the end, seconds taken

## The solver searches an abstract form of a position, after lonelybot's
## (Vuong Hy's Rust solver) insight: the face-up cards of the tableau need
## not be kept as piles.  A face-up card lies on one of the two cards it fits
## (9H on 10C or 10S); which one never matters, since whenever it does, one
## move carries it over to the other.  So a position is:
##   n       how many cards of each pile's deal (face-down cards, then the
##           lowest face-up card, its root) are still in place; the roots
##           are the cards that, moved away, turn a card up
##   found   how many cards each foundation holds
##   talon   which cards of the waste and stock are left, and how many of
##           them are turned (w); every card the turns can bring to the top
##           of the waste is one move away, as in Klondike-Solver
##   sp      the card just brought back from a foundation, or in draw one
##           with unlimited passes just played from the talon (the next
##           move must use it), EMPTIED after a pile is emptied (a king
##           must come next), or none
## and the face-up cards of the tableau are all the others.  A state is
## the tuple (nk, fk, tmask, w, left, vis, top, sp): n and found packed
## 3 and 4 bits a count, the talon cards left as bits of their places in
## the talon, w, the passes left (0 when unlimited), the face-up cards and
## the roots that can move as card masks, sp (card + 1).  Each is a bit
## of an int (BIT); a card's two parents are its pair of bits shifted up
## by one rank (4 bits), so exposed cards and free places come from a few
## operations on masks.  A move is (kind, bit): a card from the talon home
## (DS) or onto the tableau (DP), from the tableau home (PS), a root moved
## to turn up the card under it (RV), a foundation card back down (SP).
##
## The search is depth first and enters no position twice, so that running
## out of positions proves a deal impossible.  What keeps it complete:
##   - A card safe at home goes there at once: no card that could lie on it
##     is still out (lonelybot's rule, in Solver.foundation_facts).
##   - A card brought back from a foundation must be used by the next move
##     (a card put on it, or its twin sent home): otherwise it could come
##     back later.  A pile is emptied only for a king.
##   - In draw one with unlimited passes, a card played from the talon onto
##     the tableau (a king aside) must be used by the next move too.  Every
##     card of the talon can be reached at any time, and a card on the
##     tableau only takes a place (it covers a parent) until something is
##     put on it or its twin can go home: a line that plays it earlier
##     plays it as well just before that move, since the moves between
##     did not need it, and its place, which they left free, is still free.
##   - With unlimited passes and more than one card a turn, a position is
##     not entered where one was that differs only in w and whose turns
##     reach every card its own reach, and more (Solver.rivals): that one
##     has every move this one has, to the very same positions, so every
##     position this one leads to is entered from there or dominated again.
##     It saves 10 to 25 % of the positions (deal 5: 1,581,900, not 1,760,666).
##   - A move to a position that has no move is left out (Solver.dead_ends):
##     a pile emptied (a king must come next) where no king is a root, a
##     foundation's top card or in the talon; in draw one with unlimited
##     passes, a card played from the talon where no card that goes on it
##     is a root, a foundation's top card or in the talon, and its twin is
##     not next at home; a card brought back from a foundation where no
##     card that goes on it is a root or a talon card the turns reach, its
##     twin is not in sight and next at home, and no foundation's top card
##     that could come back onto it could be used in turn (Solver.usable).
##     Such a position (it has sp, so it is never kept) leads nowhere:
##     leaving it out changes only the positions counted (deal 12 of draw
##     three: 323,355, not 470,757 without the first two; deal 5: 1,445,093,
##     not 1,610,396 without the third).
##   - The positions that must be followed by a given move (sp), and those
##     with a single move forced by the first rule, are not kept: they are
##     entered again when another path reaches them, which costs little and
##     cannot loop (a loop of them would take cards home and back at once),
##     and the memory goes to the positions that branch.  One that has an
##     unrestricted twin already entered (the same position, sp aside) is
##     not entered: the twin has all its moves.

# BIT[c]: rank r uses bits 4r..4r+3: one colour's two suits, then the
# other's (clubs, spades, diamonds, hearts for even r), the colours swapping
# places from one rank to the next.
SLOT = (0, 2, 3, 1)
BIT = [1 << 4 * RANK[c] + (SLOT[SUIT[c]] ^ 2 * (RANK[c] % 2)) for c in CARDS]
CARD_OF = {BIT[c]: c for c in CARDS}
PAIR_LOW = sum(1 << i for i in range(0, 52, 2))
KINGS = sum(BIT[c] for c in CARDS if RANK[c] == KING)
TWIN = [RANK[c] * 4 + 3 - SUIT[c] for c in CARDS]      # same rank and colour
KIDS = [sum(BIT[d] for d in CARDS if c in ONTO[d]) for c in CARDS]
FSTEP = [1 << 4 * SUIT[c] for c in CARDS]
# UP_TO[red][r]: the cards of one colour with rank r or less
UP_TO = [[sum(BIT[c] for c in CARDS if IS_RED[c] == red and RANK[c] <= r)
          for r in range(-1, 14)] for red in (False, True)]
DS, PS, RV, DP, SP = range(5)
EMPTIED = 53                    # sp after a pile is emptied: a king must come
DRAWN = 64                      # sp - DRAWN - 1: the card just played from the talon
WON = 0xDDDD                    # found: 13 cards in each foundation
# At these limits every deal of 1..1000 is decided in 128 MB, none over 120 s: draw
# three 823 solved, 177 impossible, 811 s in all; draw one 916 and 84, 235 s (python3
# tests/bench.py klondike_solver).  At 5,000,000 positions, deals needing 5.4 to 9
# million were left unknown (draw three 95 and 210, draw one 442 and 611).
MAX_POSITIONS, TIMEOUT = 20000000, 120.0
# One more whenever a change changes what the solver answers for some deal
# (its verdict, its solution, the positions it searches): a results file of
# --solve names it, and is not resumed or added up by another solver.  The
# first is named by no number, as the files made before it had one are.
SOLVER = 1
# Short searches tried before the complete one, (talon first, positions):
# the usual move order, then the cards of the talon onto the tableau first.
# Either order searches the same positions in the end; some winnable deals
# are won far sooner in one than in the other (deal 494: 25 million
# positions in the usual order, 3,569 talon first).  On deals 1..150 they
# cost 4 % more positions; 15 deals that took the usual order 100,000 to
# 25 million took them 0.4 of the positions, and all were solved, where the
# usual order alone left one unknown (python3 tests/bench.py klondike_solver_draw3).
FIRST_SEARCHES = ((False, 20000), (True, 50000))
# Then, unless the deal is drawn one card at a time with unlimited passes,
# a search of the same position drawing one with unlimited passes, of at
# most this many positions: where that game cannot be won, neither can this
# one (see solve).  It is far smaller for most deals that are impossible
# either way (deal 620 drawing three: 905,786 positions against 20,622,662):
# the impossible deals of draw three's 1..1000 take 468 s, not 922, and the
# search is spent in vain only where drawing one needs more (deal 611: 86 s).
LOOSE_POSITIONS = 2000000
LIMITS = Limits(MAX_POSITIONS, TIMEOUT, None)      # memory None: the machine's share
TALON_MEMO = 5000               # talons remembered at most (about 500 bytes each)
MOVES_MEMO = 30000              # positions whose moves the player's worlds remember, in all,
RECALL_BYTES = 500              # at about this many bytes each, at most half the room left:
                                # the same moves in 0.85 of the time; 90,000 are no quicker


MIXER, LOW63 = 0x9E3779B97F4A7C15, (1 << 63) - 1
PYTHON_SIZE = 16 << 20          # a guess at Python's own size where /proc cannot tell
SPARE = 4 << 20                 # kept free for the rest of the search (stack, memos)
SET_BYTES = 120                 # what a position costs in a Python set, at most
PARTS, PART_MASK = 16, 15       # tables a Seen spreads its codes over, so that growing
                                # one holds its old slots and new ones for a sixteenth


def zeros(size, kind="Q"):
    """size 8-byte slots holding 0 (4-byte slots for kind "I"), in memory
    of their own (an anonymous mmap) that goes back to the system when they
    are dropped: in a list of deals, what one search freed counts against
    the next one's budget only if it is still held.  An array where there
    is no mmap."""
    width = 8 if kind == "Q" else 4
    try:
        import mmap
        return memoryview(mmap.mmap(-1, width * size)).cast(kind)
    except (ImportError, OSError, ValueError, TypeError):
        if kind != "Q" and array.array(kind).itemsize != 4:
            kind = "L"
        return array.array(kind, [0]) * size


class Table(object):
    """Codes below 2**63 kept exactly, each plus one (0 marks an empty slot)
    in an array of 8-byte slots: open addressing, linear probing.  The
    table is at most three quarters full (11 to 21 bytes a code); it grows
    while seen, the Seen it belongs to, allows, and where it cannot, it
    fills to seven eighths and then makes seen full.  Where seen is marked,
    each code has marks too, the bits of a 4-byte slot of masks beside it
    (16 to 32 bytes a code).  (seen is passed, not kept: a cycle would keep
    the slots alive after the search, until Python's garbage collector
    found it.)"""

    def __init__(self, seen, size):
        self.slots, self.size, self.used, self.most = None, 0, 0, 0
        self.masks = None
        self.fill(seen, size)

    def slot(self, v):
        "The slot holding v, or the empty slot where v would go."
        slots, size = self.slots, self.size
        i = (v * MIXER >> 40) % size
        found = slots[i]
        while found and found != v:
            i += 1
            if i == size:
                i = 0
            found = slots[i]
        return i

    def add(self, code, seen):
        "Keep code; False when it was kept already."
        v = code + 1
        i = self.slot(v)
        if self.slots[i]:
            return False
        self.slots[i] = v
        seen.count += 1
        self.used += 1
        if self.used >= self.most:
            self.grow(seen)
        return True

    def has(self, code):
        "Whether code is kept."
        return self.slots[self.slot(code + 1)] != 0

    def mark(self, code, bits, seen):
        "Add bits to code's marks, keeping code if it was not kept."
        v = code + 1
        i = self.slot(v)
        if self.slots[i]:
            self.masks[i] |= bits
            return
        self.slots[i], self.masks[i] = v, bits
        self.used += 1
        if self.used >= self.most:
            self.grow(seen)

    def fill(self, seen, size):
        "Take size slots, the codes held (and their marks) put in again."
        old, self.slots = self.slots, zeros(size)
        width = 12 if seen.marked else 8
        seen.bytes += width * size - (width * len(old) if old else 0)
        self.size, self.used, self.most = size, 0, size * 3 // 4
        slots, masks = self.slots, None
        if seen.marked:
            held, self.masks = self.masks, zeros(size, "I")
            masks = self.masks
        for j, v in enumerate(old or ()):
            if v:
                i = (v * MIXER >> 40) % size
                while slots[i]:
                    i = i + 1 if i + 1 < size else 0
                slots[i] = v
                if masks is not None:
                    masks[i] = held[j]
                self.used += 1

    def grow(self, seen):
        """Take twice the slots, or as many more as the budget allows while
        the old ones are still held, and at most a PARTS-th of the room
        left more than now, so that the Seen's other tables can grow too;
        where that is not a tenth more, fill to seven eighths, and then the
        Seen is full."""
        size, budget = self.size, seen.budget
        if budget is None:
            self.fill(seen, 2 * size)
            return
        now = resident() or PYTHON_SIZE + seen.bytes
        room = (budget - now - SPARE) // (12 if seen.marked else 8)
        more = min(2 * size, room, size + room // PARTS)
        if more > size + size // 10:
            self.fill(seen, more)
        elif self.most < size * 7 // 8:
            self.most = size * 7 // 8
        else:
            seen.full = True


class Seen(object):
    """The positions a search has entered, kept exactly: a code c
    (Solver.code) goes, as its low 63 bits, to one of the PARTS Tables of
    c >> 63, chosen by a hash of the code.  No two positions are ever
    confused, so a search that runs out of positions has seen them all.
    Full when a table cannot grow within the budget.  (One table would
    have to hold its old slots and twice as many new ones while it grows:
    the budget then holds a third fewer positions.)

    A marked Seen keeps marks, the bits of up to 32, with each code
    (Solver.search keeps a position's code less its w, and w as a mark):
    marks() tells them, mark() adds some.  One look-up then finds every
    position that dominates a code: a third faster than one each (deals
    1..250 of draw three in 128 MB: 274 s, not 399).

    >>> seen = Seen()
    >>> [seen.add(c) for c in (5, 5, 1 << 63 | 5, 5)], seen.count
    ([True, False, True, False], 2)
    >>> all(seen.add(c) for c in range(6, 30000)), seen.count, seen.full
    (True, 29996, False)
    >>> budget = (resident() or PYTHON_SIZE) + SPARE + (8 << 20)
    >>> tight, code = Seen(budget), 0
    >>> while not tight.full:
    ...     code += 1
    ...     assert tight.add(code)
    >>> tight.count > 200000, (resident() or 0) < budget
    (True, True)
    >>> marked = Seen(marked=True)
    >>> marked.mark(7, 1), marked.mark(7, 4), marked.mark(1 << 63 | 7, 2)
    (None, None, None)
    >>> marked.marks(7), marked.marks(1 << 63 | 7), marked.marks(8), marked.count
    (5, 2, 0, 3)
    >>> for c in range(10, 30000):
    ...     marked.mark(c, c & 3 or 8)
    >>> [marked.marks(c) for c in (10, 11, 12, 30000)], marked.count
    ([2, 3, 8, 0], 29993)
    """

    def __init__(self, budget=None, most=None, slots=1 << 8, marked=False):
        self.budget, self.first, self.marked = budget, slots, marked
        self.count, self.bytes, self.full = 0, 0, False
        self.tables = {}                # c >> 63 -> its PARTS Tables
        # Where the budget holds most positions even as a Python set or
        # dict (faster, but up to 120 bytes a position), the search keeps
        # them so (and takes no Table: the player's short searches are many).
        self.plain, self.low = None, None
        if most and (budget is None or (resident() or PYTHON_SIZE) + SET_BYTES * most < budget):
            self.plain = {} if marked else set()
        else:
            self.low = self.table(0)

    def table(self, high):
        "The Tables of the codes c with c >> 63 == high."
        if high not in self.tables:
            self.tables[high] = [Table(self, self.first) for _ in range(PARTS)]
        return self.tables[high]

    def has(self, code):
        """Whether code is kept (Table.slot written out for the low codes:
        the search asks this for every position it meets)."""
        if self.plain is not None:
            return code in self.plain
        if code >> 63:
            high = self.tables.get(code >> 63)
            code &= LOW63
            return high is not None and high[(code + 1) * MIXER >> 36 & PART_MASK].has(code)
        v = code + 1
        mixed = v * MIXER
        table = self.low[mixed >> 36 & PART_MASK]
        slots, size = table.slots, table.size
        i = (mixed >> 40) % size
        found = slots[i]
        while found:
            if found == v:
                return True
            i += 1
            if i == size:
                i = 0
            found = slots[i]
        return False

    def marks(self, code):
        """The marks of code, 0 where it is not kept (Table.slot written
        out for the low codes: the search asks this for every position it
        meets)."""
        if self.plain is not None:
            return self.plain.get(code, 0)
        if code >> 63:
            high = self.tables.get(code >> 63)
            if high is None:
                return 0
            code &= LOW63
        else:
            high = self.low
        v = code + 1
        mixed = v * MIXER
        table = high[mixed >> 36 & PART_MASK]
        slots, size = table.slots, table.size
        i = (mixed >> 40) % size
        found = slots[i]
        while found:
            if found == v:
                return table.masks[i]
            i += 1
            if i == size:
                i = 0
            found = slots[i]
        return 0

    def mark(self, code, bits):
        "Add bits to code's marks (a new position: the count goes up)."
        self.count += 1
        if self.plain is not None:
            self.plain[code] = self.plain.get(code, 0) | bits
            return
        high = self.table(code >> 63) if code >> 63 else self.low
        code &= LOW63
        high[(code + 1) * MIXER >> 36 & PART_MASK].mark(code, bits, self)

    def add(self, code):
        "Keep code; False when it was kept already."
        if self.plain is not None:
            if code in self.plain:
                return False
            self.plain.add(code)
            self.count += 1
            return True
        if code >> 63:
            high, code = self.table(code >> 63), code & LOW63
            return high[(code + 1) * MIXER >> 36 & PART_MASK].add(code, self)
        return self.low[(code + 1) * MIXER >> 36 & PART_MASK].add(code, self)


class Memos(object):
    """The memos of the solvers of one position, which they may share: the
    talons' moves, the foundations' facts and the progress of their parts
    (Solver.talon_moves, foundation_facts, progress) depend only on the
    talon, the foundations and the piles' lengths, the same in every world
    the player deals (shared, its turn takes 8 % less time) and in every
    search solve() makes of a game.  And room: how many more positions'
    moves the solvers that share it may remember, in all (Solver.recall);
    None where they remember none.

    >>> game, memos = deal(deck_of(1)), Memos(room=1)
    >>> one, two = Solver(game, memos=memos), Solver(game, talon_first=True, memos=memos)
    >>> one.talons is two.talons, one.recalled is two.recalled, one.recalled == {}
    (True, False, True)
    >>> Solver(game).recalled is None, Solver(game).talons is one.talons
    (True, False)
    """

    def __init__(self, room=None):
        self.talons, self.founds, self.ups, self.homes = {}, {}, {}, {}
        self.room = room


class Solver(object):
    """Search one position's abstract form: the deal of each pile and the
    talon's cards in draw order are fixed for the whole search.  Where
    talon_first, moves() tries the talon's cards onto the tableau first
    (see FIRST_SEARCHES).  Without dominance, no position is left out for
    one whose turns reach more (rivals, below: a short search does not
    repay its look-ups).  memos: shared with other solvers (Memos)."""

    def __init__(self, game, talon_first=False, dominance=True, memos=None):
        piles, down, rules = game.piles, game.down, game.rules
        self.draw = rules.draw
        self.talon_first = talon_first  # the order of moves()
        self.dead_ends = True           # moves() leaves out moves to positions with none
        self.memos = memos = memos or Memos()
        self.talons, self.founds = memos.talons, memos.founds
        self.ups, self.homes = memos.ups, memos.homes
        # state -> moves(state), where the player remembers them (recall)
        self.recalled = None if memos.room is None else {}
        self.seq = [piles[t][:down[t] + 1] for t in TABLEAU]
        self.owner = {}
        for i, seq in enumerate(self.seq):
            for c in seq:
                self.owner[c] = i
        self.talon = piles[WASTE] + tuple(reversed(piles[STOCK]))
        self.bottoms = sum(BIT[seq[0]] for seq in self.seq if seq)
        self.talon_kings = sum(1 << i for i, c in enumerate(self.talon) if RANK[c] == KING)
        self.talon_kids = [sum(1 << i for i, d in enumerate(self.talon) if BIT[d] & KIDS[c])
                           for c in CARDS]
        self.limited = rules.passes is not None
        # nk gives pile i the bits its count needs (17 in all for a deal),
        # so that key() stays below 2**64 as often as it can
        self.shift, at = [], 0
        for seq in self.seq:
            self.shift.append(at)
            at += len(seq).bit_length()
        self.width = [(len(seq).bit_length(), (1 << len(seq).bit_length()) - 1)
                      for seq in self.seq]
        # covered: the bits of nk that are set where a pile has a face-down card
        self.covered = sum((mask & ~1) << self.shift[i] for i, (_, mask) in enumerate(self.width))
        fields = (at, 16, len(self.talon), len(self.talon).bit_length())
        # With unlimited passes, the turns from w reach the cards at w - 1,
        # w - 1 + draw, w - 1 + 2 draw, ... and, in the next pass, every
        # card a pass from its start reaches (w = 0).  So w reaches all
        # that w + draw does and all that 0 does: a position with the same
        # cards everywhere and w' = w - draw, w - 2 draw, ... (any w' for
        # w = 0) has every move this one has.  rivals[w]: the bits of those
        # w', w itself among them (a w' past the talon's end never occurs:
        # w = size is kept as 0); None where no position dominates another
        # so (draw one has w = 0 only).  The search keeps a position as its
        # code less w, with w as a mark (Seen), so one look-up finds them.
        # ordered: whether the order of the talon counts (else a card played
        # from it must be used next, as sp says).
        self.ordered = self.draw > 1 or self.limited
        self.rivals = None
        if dominance and self.draw > 1 and not self.limited:
            self.rivals = [sum(1 << v for v in range(w, 0, -self.draw)) for w in
                           range(len(self.talon) + 1)]
            self.rivals[0] = sum(1 << v for v in range(len(self.talon) + 1) if v % self.draw) | 1
        self.places = [sum(fields[:i]) for i in range(1, 5)]

    def start(self, game):
        "The abstract state of game."
        piles, down = game.piles, game.down
        nk = sum(len(seq) << self.shift[i] for i, seq in enumerate(self.seq))
        fk = sum(len(piles[f]) << 4 * (f - 2) for f in FOUNDATIONS)
        vis = top = 0
        for i, t in enumerate(TABLEAU):
            for c in piles[t][down[t]:]:
                vis |= BIT[c]
            if self.seq[i] and (down[t] or RANK[self.seq[i][-1]] != KING):
                top |= BIT[self.seq[i][-1]]
        left = 0
        if self.limited:
            left = max(0, game.rules.passes - 1 - game.passes)
        size = len(self.talon)
        return (nk, fk, (1 << size) - 1, self.normal(len(piles[WASTE]), size),
                left, vis, top, 0)

    def normal(self, w, size):
        """w, or 0 where turning from w reaches the same cards as from the
        start of a pass (unlimited passes only)."""
        if not self.limited and (w % self.draw == 0 or w == size):
            return 0
        return w

    def talon_moves(self, tmask, w, left):
        """(card, tmask, w, left) for every card of the talon the turns can
        bring to the top of the waste, nearest first, memoised."""
        key = tmask | (left << 6 | w) << len(self.talon)    # w < 64: there are 52 cards
        found = self.talons.get(key)
        if found is not None:
            return found
        where = [i for i in range(len(self.talon)) if tmask >> i & 1]
        size, k = len(where), self.draw
        reach = []                      # (position, passes it costs)
        if w:
            reach.append((w - 1, 0))
        reach.extend((i, 0) for i in range(w - 1 + k, size - 1, k))
        if w < size:
            reach.append((size - 1, 0))
        if not self.limited or left:
            reach.extend((i, 1) for i in range(k - 1, size, k))
            reach.append((size - 1, 1))
        found, seen = [], set()
        for i, cost in reach:
            if i < 0 or i in seen:
                continue
            seen.add(i)
            found.append((self.talon[where[i]], tmask & ~(1 << where[i]),
                          self.normal(i, size - 1), left - cost if self.limited else 0))
        found = tuple(found)
        if len(self.talons) >= TALON_MEMO:
            self.talons.clear()         # a memo, not a record: it must not grow
        self.talons[key] = found
        return found

    def foundation_facts(self, fk):
        """(cards that go home next, those of them safe to send home, the
        foundations' top cards not safe to take back), memoised."""
        facts = self.founds.get(fk)
        if facts is None:
            f = [fk >> 4 * s & 15 for s in range(4)]
            black, red = min(f[0], f[3]), min(f[1], f[2])
            # lonelybot's rule: a card of rank r (from 0) is safe at home when
            # both foundations of the other colour hold r - 1 cards or more
            # and both of its own colour r - 2 or more.
            safe = UP_TO[False][min(red + 1, black + 2, 13) + 1] | \
                UP_TO[True][min(black + 1, red + 2, 13) + 1]
            nxt = sum(BIT[4 * f[s] + s] for s in range(4) if f[s] < 13)
            tops = sum(BIT[4 * (f[s] - 1) + s] for s in range(4) if f[s])
            facts = self.founds[fk] = (nxt, nxt & safe, tops & ~safe)
        return facts

    def moves(self, state):
        """The moves worth trying from state, best first.  A card that is
        safe to send home is sent home alone."""
        nk, fk, tmask, w, left, vis, top, sp = state
        nxt, safe, tops = self.foundation_facts(fk)
        inner = vis & ~top
        one = (vis ^ vis >> 1) & PAIR_LOW
        any_ = (vis | vis >> 1) & PAIR_LOW
        kids_one = (inner ^ inner >> 1) & PAIR_LOW
        kids_any = (inner | inner >> 1) & PAIR_LOW
        low = ((one ^ kids_one << 4) | ~(kids_any << 4)) & any_
        free = low | low << 1           # pairs with a card that can be uncovered
        home = free & vis & nxt
        if home & safe and not sp:
            b = home & safe
            return ((PS, b & -b),)
        talon = self.talon_moves(tmask, w, left)
        if self.draw == 1 and not self.limited and not sp:
            # Turning one card at a time, every card of the talon can always
            # be reached: taking one out costs nothing.
            for m in talon:
                if BIT[m[0]] & nxt & safe:
                    return ((DS, BIT[m[0]]) + m[1:],)
        slots = free >> 4               # cards that fit on an uncovered card
        if bin(vis & KINGS | top).count("1") < 7:
            slots |= KINGS
        deck_home, pile_home, reveals, deck_piles, downs = [], [], [], [], []
        if sp == EMPTIED:
            slots &= KINGS
        elif sp:
            c = sp - 1 & 63             # brought back, or played from the talon
            twin = BIT[TWIN[c]]
            slots &= KIDS[c]
            if home & twin:
                pile_home.append((PS, twin))
        else:
            for card, t2, w2, l2 in talon:
                if BIT[card] & nxt:
                    deck_home.append((DS, BIT[card], t2, w2, l2))
            while home:
                b = home & -home
                pile_home.append((PS, b))
                home ^= b
        reveal = top & slots
        if reveal & self.bottoms and self.dead_ends and not sp and not (top | tops) & KINGS \
                and not tmask & self.talon_kings:
            # Moving the last card of a pile's deal (a root that is a
            # pile's bottom card) empties the pile, and then a king must
            # come next: with no king among the roots, the foundations' top
            # cards or the talon, the position it leads to has no move.
            reveal &= ~self.bottoms
        while reveal:
            b = reveal & -reveal
            reveals.append((RV, b))
            reveal ^= b
        skip = nxt & safe
        used = top | tops
        for card, t2, w2, l2 in talon:
            b = BIT[card]
            if b & slots and not b & skip:
                if not self.ordered and card < 48 and self.dead_ends and not (
                        used & KIDS[card] or t2 & self.talon_kids[card] or BIT[TWIN[card]] & nxt):
                    # A card played from the talon must be used next (draw
                    # one, unlimited passes): with no card that could go on
                    # it (among the roots, the foundations' top cards and
                    # the talon) and its twin not next at home, the
                    # position it leads to has no move.
                    continue
                deck_piles.append((DP, b, t2, w2, l2))
        down, reach = tops & slots, None
        while down:
            b = down & -down
            down ^= b
            if self.dead_ends:
                if reach is None:
                    reach = top | sum(BIT[m[0]] for m in talon)
                if not self.usable(CARD_OF[b], fk, reach, vis):
                    continue
            downs.append((SP, b))
        if self.talon_first:
            return deck_piles + reveals + deck_home + pile_home + downs
        return deck_home + pile_home + reveals + deck_piles + downs

    def recall(self, state):
        """moves(state), remembered: the player searches each of its worlds
        many times over (a search a plan), from nearby positions.  It keeps
        as many as its memos' room allows, a count that all the worlds share.

        >>> game = deal(deck_of(1))
        >>> solver = Solver(game, memos=Memos(room=1))
        >>> a = solver.start(game)
        >>> b = solver.after(a, solver.moves(a)[0])
        >>> solver.recall(a) == solver.moves(a), solver.recall(b) == solver.moves(b)
        (True, True)
        >>> list(solver.recalled) == [solver.code(a) << 7], solver.memos.room
        (True, 0)
        >>> solver.recall(a) is solver.recall(a)
        True
        """
        code = self.code(state) << 7 | state[7]     # sp < 128
        found = self.recalled.get(code)
        if found is None:
            found = self.moves(state)
            if self.memos.room:
                self.memos.room -= 1
                self.recalled[code] = found
        return found

    def usable(self, c, fk, reach, vis):
        """Whether the position after c is brought back from home (fk) has
        a move.  c must be used next: a card goes on it (a root or a card
        the turns reach, both in reach, or a foundation's top card brought
        back in turn, itself usable), or its twin, in sight, goes home.
        Where none can, the position is a dead end."""
        if BIT[TWIN[c]] & vis & self.foundation_facts(fk)[0] or reach & KIDS[c]:
            return True
        fk -= FSTEP[c]
        kids = self.foundation_facts(fk)[2] & KIDS[c]
        while kids:
            b = kids & -kids
            if self.usable(CARD_OF[b], fk, reach, vis | BIT[c]):
                return True
            kids ^= b
        return False

    def after(self, state, m):
        "The state after move m."
        nk, fk, tmask, w, left, vis, top, sp = state
        kind, b = m[0], m[1]
        c = CARD_OF[b]
        if kind == DS:
            return (nk, fk + FSTEP[c], m[2], m[3], m[4], vis, top, 0)
        if kind == DP:
            return (nk, fk, m[2], m[3], m[4], vis | b, top,
                    0 if c >= 48 or self.ordered else DRAWN + c + 1)
        if kind == SP:
            return (nk, fk - FSTEP[c], tmask, w, left, vis | b, top, c + 1)
        if kind == PS:
            fk += FSTEP[c]
            vis ^= b
            if not b & top:
                return (nk, fk, tmask, w, left, vis, top, 0)
        i = self.owner[c]
        nk -= 1 << self.shift[i]
        n = nk >> self.shift[i] & self.width[i][1]
        top ^= b
        if n:
            r = self.seq[i][n - 1]
            vis |= BIT[r]
            if n > 1 or RANK[r] != KING:
                top |= BIT[r]
        elif kind == RV:
            # A pile emptied is worth it only for a king, so one comes next.
            return (nk, fk, tmask, w, left, vis, top, EMPTIED)
        return (nk, fk, tmask, w, left, vis, top, 0)

    def search(self, start, limits=LIMITS, best=None, began=None, sure=False):
        """An Answer (its moves the steps of a solution): a depth-first
        search that enters no position twice, so that running out of
        positions proves the deal impossible.  It ends 'unknown' at
        limits.positions, limits.seconds after began (now if None), or
        where it would hold more than limits.memory bytes (Python
        included; None: no limit).  Given a list best, it keeps there the
        progress of the best position seen and the moves to it.  Where
        sure, it ends 'solved' at a position that is sure to be won (see
        sure()), not only at a win.  Its inner loop writes out code(),
        sure(), progress() and recall(), and Seen.has() and marks() write
        out Table.slot(): tests/klondike-search.txt checks that the loop
        does what they say, on positions of random play."""
        clock = time.time()
        max_positions, timeout, memory = limits
        deadline = (began or clock) + timeout if timeout else None
        rivals = self.rivals
        seen = Seen(memory, max_positions, marked=rivals is not None)
        a, b, c, d = self.places
        if rivals is None:
            seen.add(self.code(start))
        else:
            seen.mark(self.code(start) ^ start[3] << c, 1 << start[3])
        if start[1] == WON:
            return Answer("solved", [], None, 1, time.time() - clock)
        recalled, memos, moves = self.recalled, self.memos, self.moves
        states, made = [start], []
        todo = [iter(moves(start) if recalled is None else self.recall(start))]
        count = 0
        after, plain, has, marks = self.after, seen.plain, seen.has, seen.marks
        ups, homes, covered = self.ups, self.homes, self.covered
        sure = sure and not self.limited
        while todo:
            for m in todo[-1]:
                child = after(states[-1], m)
                # self.sure(child), written out
                if child[1] == WON or sure and not child[0] & covered and \
                        not child[2] & child[2] - 1:
                    return Answer("solved", made + [m], None, count + 2, time.time() - clock)
                # self.code(child), and a Python set's test where the search
                # keeps one, written out: this is the search's inner loop
                code = child[0] | child[1] << a | child[2] << b
                if child[4]:
                    code |= child[4] << d
                if rivals is None:
                    code |= child[3] << c
                    new = code not in plain if plain is not None else not has(code)
                else:               # seen, or dominated (see rivals)?
                    new = not (plain.get(code, 0) if plain is not None else
                               marks(code)) & rivals[child[3]]
                if new:
                    if recalled is None:
                        ms = moves(child)
                    else:           # self.recall(child), written out
                        known = (code if rivals is None else code | child[3] << c) << 7 | child[7]
                        ms = recalled.get(known)
                        if ms is None:
                            ms = moves(child)
                            if memos.room:
                                memos.room -= 1
                                recalled[known] = ms
                    if not child[7] and ms.__class__ is list:
                        if rivals is not None:
                            seen.mark(code, 1 << child[3])
                        elif plain is not None:
                            plain.add(code)
                            seen.count += 1
                        else:
                            seen.add(code)
                    states.append(child)
                    made.append(m)
                    todo.append(iter(ms))
                    break
            else:
                todo.pop()
                states.pop()
                made[-1:] = []
                continue
            count += 1
            if seen.full:
                return Answer("unknown", [], Stop("memory", memory), count + 1,
                              time.time() - clock)
            if best is not None:
                try:                # self.progress(child), written out
                    value = homes[child[1]] + ups[child[0]]
                except KeyError:
                    value = self.progress(child)
                if value > best[0]:
                    best[:] = [value, list(made)]
            if count >= max_positions:
                return Answer("unknown", [], Stop("max-positions", max_positions), count + 1,
                              time.time() - clock)
            if count & 1023 == 0:
                if deadline and time.time() > deadline:
                    return Answer("unknown", [], Stop("timeout", timeout), count + 1,
                                  time.time() - clock)
                if memory and count & 65535 == 0 and self.crowded(memory):
                    return Answer("unknown", [], Stop("memory", memory), count + 1,
                                  time.time() - clock)
        return Answer("impossible", [], None, count + 1, time.time() - clock)

    def sure(self, state):
        """Whether state is sure to be won: every card of the tableau face
        up and the talon of one card at most, passes unlimited.  Then each
        pile is built down, so the lowest card of the tableau lies on top of
        its pile, and it goes home next (no lower card of its suit is left
        but perhaps the talon's one, which can go first): card by card all
        go home.  (lonelybot's player counts such a position won.)"""
        tmask = state[2]
        return not state[0] & self.covered and not tmask & tmask - 1 and not self.limited

    def crowded(self, memory):
        """Whether this process holds more than memory bytes; the solver's
        memos are emptied first, since they are only there for speed."""
        if (resident() or 0) <= memory:
            return False
        for memo in (self.talons, self.founds, self.ups, self.homes):
            memo.clear()
        return (resident() or 0) > memory

    def code(self, state):
        """The state as one int, below 2**63 unless passes are limited: the
        counts, the foundations, the talon, w, then the passes left.  vis
        and top follow from the rest, so the code is exact; sp is left
        out, since positions with one are never kept (see the search)."""
        nk, fk, tmask, w, left, vis, top, sp = state
        a, b, c, d = self.places
        return nk | fk << a | tmask << b | w << c | left << d

    def progress(self, state):
        "Cards home plus twice the cards turned face up, memoised by parts."
        nk, fk = state[0], state[1]
        up = self.ups.get(nk)           # twice the cards turned face up
        if up is None:
            up = self.ups[nk] = 2 * (21 - sum(
                max(0, (nk >> self.shift[i] & self.width[i][1]) - 1) for i in range(7)))
        home = self.homes.get(fk)
        if home is None:
            home = self.homes[fk] = sum(fk >> 4 * s & 15 for s in range(4))
        return home + up


def key(state):
    "The solver's state as one int, for the set of positions seen."
    nk, fk, tmask, w, left, vis, top, sp = state
    return nk | fk << 21 | tmask << 37 | w << 61 | sp << 66 | left << 72


def exposed_parent(game, card):
    """A pile of the tableau whose top card card fits on, carrying the card
    lying on such a parent over to its twin first if need be: (moves, pile)."""
    piles = game.piles
    for t in TABLEAU:
        if piles[t] and piles[t][-1] in ONTO[card]:
            return [], t
    for t in TABLEAU:
        pile = piles[t]
        for i in range(game.down[t], len(pile) - 1):
            if pile[i] in ONTO[card]:
                for u in TABLEAU:
                    if piles[u] and piles[u][-1] == TWIN[pile[i]]:
                        return [(t, u, len(pile) - i - 1)], t
    raise Illegal("no place for %s" % NAME[card])


def uncover(game, card):
    "The moves that leave card on top of its pile (one at most)."
    t, i = where(game, card)
    pile = game.piles[t]
    if t not in TABLEAU or i == len(pile) - 1:
        return []
    for u in TABLEAU:
        if game.piles[u] and game.piles[u][-1] == TWIN[card]:
            return [(t, u, len(pile) - i - 1)]
    raise Illegal("%s cannot be uncovered" % NAME[card])


def concrete(game, steps):
    """(moves, game after them): the game's own moves that carry out the
    solver's steps from game, each passed by the game's move checker."""
    made = []

    def play(m):
        nonlocal game
        made.append(checked(game, m))
        game = move(game, m)

    for step in steps:
        kind, card = step[0], CARD_OF[step[1]]
        if kind in (DS, DP):
            for _ in range(2 * 52):     # two passes at most
                if game.piles[WASTE][-1:] == (card,):
                    break
                play(turn(game))
        elif kind == PS:
            for m in uncover(game, card):
                play(m)
        source = WASTE if kind in (DS, DP) else HOME[card] if kind == SP else \
            where(game, card)[0]
        count = len(game.piles[source]) - game.piles[source].index(card)
        if kind in (DS, PS):
            play((source, HOME[card], 1))
        elif RANK[card] == KING:
            play((source, first_empty(game), count))
        else:
            ms, target = exposed_parent(game, card)
            for m in ms:
                play(m)
            play((source, target, count))
    return made, game


def solve(game, limits=LIMITS, began=None):
    """An Answer: the verdict, the moves (the game's own, each passed by
    its move checker, the last one winning), the stop of an unknown
    search, positions searched and seconds taken.  The limits are those of
    Solver.search, for all its searches together; memory None is
    memory_budget()'s share.

    >>> answer = solve(deal(deck_of(1)))
    >>> answer.verdict, len(answer.moves) > 52, won(replay(deal(deck_of(1)), answer.moves))
    ('solved', True, True)
    >>> solve(deal(deck_of(4))).verdict
    'impossible'
    >>> answer = solve(deal(deck_of(5)), LIMITS._replace(memory=1 << 20))
    >>> answer.verdict, answer.stop, answer.positions
    ('unknown', Stop(limit='memory', value=1048576), 5873)
    >>> solve(deal(deck_of(5)), LIMITS._replace(positions=1000))[1:4]
    ([], Stop(limit='max-positions', value=1000), 1001)
    """
    clock = time.time()
    memos = Memos()                 # the same game, the same memos
    solvers = {first: Solver(game, talon_first=first, memos=memos) for first in (False, True)}
    memory, positions = limits.memory or memory_budget(), 0
    searches = [(solvers[first], game, budget) for first, budget in FIRST_SEARCHES]
    loose = None
    if game.rules.draw > 1 or game.rules.passes is not None:
        # Drawing one card at a time with unlimited passes, every card of
        # the talon can be turned to the top of the waste at any time, and
        # the talon keeps its order as cards leave it, as it does drawing
        # three or with passes counted.  So every game of these rules, its
        # turns left out, is a game of those, and where that game cannot be
        # won (a proof: see Solver.search), neither can this one.  Where
        # it can, it says nothing: the complete search follows.
        easy = game._replace(rules=game.rules._replace(draw=1, passes=None))
        loose = Solver(easy)
        searches.append((loose, easy, LOOSE_POSITIONS))
    searches.append((solvers[False], game, None))
    verdict, steps, stop = "unknown", [], None
    for searcher, start, budget in searches:
        left = limits.positions - positions
        if left <= 0:
            break
        found = searcher.search(
            searcher.start(start),
            Limits(left if budget is None else min(budget, left), limits.seconds, memory),
            began=began or clock)
        positions += found.positions
        verdict, steps, stop = found.verdict, found.moves, found.stop
        if searcher is loose:
            if verdict == "impossible":
                break                   # not even drawing one
            if verdict == "solved" or stop.limit == "max-positions":
                verdict = "unknown"
                continue
        if verdict != "unknown" or budget is None or stop.limit != "max-positions":
            break
    moves = []
    if verdict == "solved":
        moves, end = concrete(game, steps)
        if not won(end):
            raise Illegal("the solver's moves do not win")
    elif verdict == "unknown" and (stop is None or stop.limit == "max-positions"):
        stop = Stop("max-positions", limits.positions)      # all the searches' positions
    return Answer(verdict, moves, stop, positions, time.time() - clock)


def replay(game, made):
    "The game after the moves made, each checked by the game's rules."
    for m in made:
        game = move(game, checked(game, m))
    return game


def verdict_line(answer):
    "'solved in 96 moves (31 turns), 1234 positions searched, 0.05 s' for an Answer."
    verdict = answer.verdict
    if verdict == "solved":
        made = answer.moves
        turns = sum(1 for m in made if STOCK in m[:2])
        text = "solved in %s (%s)" % (plural(len(made), "move"), plural(turns, "turn"))
    elif verdict == "unknown":
        text = "unknown: " + stop_text(answer.stop)
    else:
        text = verdict
    return "%s, %s searched, %.2f s" % (text, plural(answer.positions, "position"),
                                        answer.seconds)


def solution_text(game, answer, heading, autoplay=False, limits=LIMITS, began=None):
    """What --solve prints: the moves, commas between them (with autoplay,
    those it leaves to type: autoplay_solution()), and the verdict."""
    items, answer, how = spelt(game, answer, autoplay, limits, began)
    return "\n".join(wrap(items, 78) + ["# %s%s%s" % (heading, verdict_line(answer), how)])


def spelt(game, answer, autoplay, limits, began=None):
    """(items, answer, note): the moves of a solved answer to type, all of
    them, or with autoplay those it leaves (the answer then with every move
    made); where that fails, all of them and a note that says so."""
    if autoplay and answer.verdict == "solved":
        found = autoplay_solution(game, answer, limits, began)
        if found:
            return found + ("",)
        return notes(game, answer.moves), answer, EVERY_MOVE
    return notes(game, answer.moves), answer, ""


EVERY_MOVE = " (every move: replay it without --autoplay)"

################ The player that does not peek
## It sees what a player sees: the face-up cards, the waste, and the stock
## once it has been turned through (before that, its cards are unknown).
## At each turn it deals the unseen cards at random into their places
## (worlds that fit what it sees), twelve worlds at a time, solves each
## world as the solver does but with a small budget (its own search, of
## OWN_BUDGET positions: half as long again as a trial's BUDGET, since the
## plans come from these searches), and takes from those solutions the
## moves up to the first card they turn face up.  Every move that no such
## plan starts with starts a plan too (one world's search completes it):
## where all the worlds' searches agree, the move they agree on is then
## still weighed against the others (440 of deals 1..1000 won, not 403).
## Each plan is tried in SCREEN worlds, those SCREEN_BEHIND worlds won
## behind the best dropped, then in every world, and the one that keeps
## the most worlds winnable is played (hindsight optimisation); the player
## then looks again once the card is turned up.  It deals twelve more
## worlds while the choice is close: until one plan is left within BEHIND
## worlds of the best, or it has dealt WORLDS of them.  A plan that falls
## behind tries no more worlds.  A world whose own searches found no win
## is hard (about one trial in twenty wins it): once some world has been
## won, a trial there searches HARD_BUDGET positions, not BUDGET.  Every
## plan's trial searches a world again from near where the others did, so
## each world remembers the moves of the positions its searches reach
## (MOVES_MEMO of them in all the worlds of a turn, about 15 MB, fewer
## where memory is short).
## Tried and not kept (paired on the same deals, KLONDIKE_OLD=PATH python3
## tests/bench.py klondike_player): playing only a plan's first step, then
## choosing again (40 of deals 1..127 won against 59); choosing the plan after
## the card as blind as the first (121 of 1..292 against 131, 4 times the
## time); ties broken by an expert's rule, dig where most is hidden (222 of
## 1..519 against 230).  Told the face-down card atop each pile, it would win
## 299 of 1..500, not 220: what it cannot see limits it, not how it weighs.

# The player wins 462 of deals 1..1000 (46.2 %), median 1.7 s a game; --worlds 300
# 49.6 % in 4.6 s (python3 tests/bench.py klondike_player; KLONDIKE_WORLDS=300).
# BUDGET: 600 positions a trial won as many as 1,000 (134 of deals 1..300) in two
# thirds of the time.  BEHIND 5 won no more (107 of 1..233) in 1.3 times the time.
WORLDS, BATCH, BEHIND, BUDGET = 54, 12, 3, 600
# One more whenever a change changes the player's play in some game (these
# constants included): a results file of --play names it, and is not
# resumed or added up by another player.  The first is named by no number,
# as the files made before it had one are.
PLAYER = 1
# The plans come from the worlds' own searches, so these are longer than a trial's:
# 900 positions and 54 worlds won 1418 of deals 1..3000, 600 and 60 won 1416, in
# about the same time; 300 with up to 84 worlds lost (107 of 1..283 against 128).
OWN_BUDGET = 900                # a world's own search's positions (see advice)
# Shorter trials in hard worlds, the time spent on up to 60 worlds where there were
# 36: 1416 of deals 1..3000 won against 1364 (sign test: 1 in 33), 1.13 times the
# time; no trials there at all lost 2 of the 8 games of deals 1..20 won.
HARD_BUDGET = 200               # a trial's positions in a hard world (see advice)
HINT_SECONDS = 5.0              # hint weighs the worlds it dealt by then (solve: --timeout)
MOST_WORLDS = 1000              # --worlds at most: about 30 times a game's 2 s
SCREEN, SCREEN_BEHIND = 4, 2    # changed no game of deals 1..300, a sixth less time
WIN_VALUE = 10 ** 6             # a world won counts for more than any progress


def unseen(game):
    "The cards the player has not seen: face down, and the stock before its first pass."
    cards = [c for t in TABLEAU for c in game.piles[t][:game.down[t]]]
    if game.passes == 0:
        cards += game.piles[STOCK]
    return sorted(cards)


def world(game, cards):
    """The game with the unseen places filled by cards, in order: face-down
    cards pile by pile from the bottom, then the stock (before its first pass)."""
    cards, piles = list(cards), list(game.piles)
    for t in TABLEAU:
        n = game.down[t]
        piles[t] = tuple(cards[:n]) + piles[t][n:]
        del cards[:n]
    if game.passes == 0:
        piles[STOCK] = tuple(cards)
    return game._replace(piles=tuple(piles))


def concealed(game):
    "The game as the player knows it: the unseen cards in order of their numbers."
    return world(game, unseen(game))


def revealing(solver, state, step):
    "Whether step turns up a card that was face down in state."
    if step[0] not in (RV, PS) or not step[1] & state[6]:
        return False
    i = solver.owner[CARD_OF[step[1]]]
    return state[0] >> solver.shift[i] & solver.width[i][1] > 1


def plan_of(solver, state, steps):
    "The steps of a solution up to the first that turns up a face-down card."
    plan = []
    for step in steps:
        plan.append(step)
        if revealing(solver, state, step):
            break
        state = solver.after(state, step)
    return tuple(plan)


def advice(game, worlds=WORLDS, budget=BUDGET, limits=LIMITS, deadline=None):
    """(moves, wins, worlds): what the player plays next in game, decided
    without looking at a hidden card, and in how many of the worlds it
    dealt that won.  While the stock is unseen, it turns it (wins None,
    worlds 0); when every card is in sight it solves the game (worlds 0).
    No moves when it finds nothing worth doing.  It deals at most worlds
    worlds, searches each for OWN_BUDGET positions to make a plan, and for
    budget positions at a time to try one (fewer in hard worlds); past the
    deadline (time.time()), when given, it deals no more (hint's limit:
    the choice then rests on fewer worlds, and depends on the machine).

    >>> game = deal(deck_of(1))
    >>> advice(game)
    ([(0, 1, 3)], None, 0)
    """
    game = concealed(game)
    if game.passes == 0 and game.piles[STOCK]:
        return [turn_move(game)], None, 0
    hidden = unseen(game)
    if not hidden:
        return in_sight(game, limits)
    rand = dealer(game)
    spare = (limits.memory or memory_budget()) - (resident() or 0)
    memos = Memos(room=max(0, min(MOVES_MEMO, spare // (2 * RECALL_BYTES))))
    tries, plans = [], Plans()
    while True:
        for _ in range(min(BATCH, worlds - len(tries))):
            if deadline and tries and time.time() > deadline:
                break
            tries.append(deal_world(game, hidden, rand, memos))
            plans.propose(len(tries) - 1, *own_plan(tries[-1]))
        if len(tries) <= BATCH:
            for world, plan, won in other_plans(tries, plans.starts(), budget):
                plans.propose(world, plan, won)
        if len(plans.order) == 1:       # nothing to choose between
            plan = plans.order[0]
            return concrete(game, plan)[0], len(plans.won_by[plan]), len(tries)
        plans.race(tries, budget)
        if len(tries) >= worlds or plans.left() == 1 or (deadline and time.time() > deadline):
            break
    best = plans.best()
    if best is None:
        return [], 0, len(tries)
    return concrete(game, best)[0], plans.score[best] // WIN_VALUE, len(tries)


def in_sight(game, limits):
    """advice() where every card is in sight: the moves of a solution
    (found within limits), or none.

    >>> game = deal(deck_of(3))
    >>> late = replay(game, solve(game).moves[:150])
    >>> made, wins, worlds = in_sight(late, LIMITS)
    >>> won(replay(late, made)), wins, worlds
    (True, 1, 0)
    """
    solver = Solver(game)
    found = solver.search(solver.start(game),
                          limits._replace(memory=limits.memory or memory_budget()))
    return (concrete(game, found.moves)[0], 1, 0) if found.verdict == "solved" else ([], 0, 0)


def dealer(game):
    """The random numbers that deal the worlds of game (as the player sees
    it), seeded by what the player sees: the same sight, the same worlds.

    >>> game = seen_through(deal(deck_of(3)))
    >>> next(dealer(game)) == next(dealer(game)) != next(dealer(deal(deck_of(3))))
    True
    """
    return ms_rand(sum(c * 53 ** i for i, c in enumerate(game_digest(game))) % MAX_GAME + 1)


def seen_through(game):
    """game after turning the stock through: the player has seen it (for
    the doctests of the player).

    >>> seen_through(deal(deck_of(3))).passes, len(unseen(seen_through(deal(deck_of(3)))))
    (1, 21)
    """
    while game.passes == 0:
        game = move(game, turn_move(game))
    return game


def deal_world(game, hidden, rand, memos):
    """A world, as (its solver, its start): game (as the player sees it)
    with the hidden cards dealt into their places by rand.  The worlds
    differ only in their face-down cards: the talon, the foundations and
    the piles' lengths are the same, and so are the memos that depend on
    those alone (memos, shared).  A world's searches are too short for the
    turns' dominance to pay for its look-ups: it would search more slowly,
    and play no better (410 and 428 of deals 1..1000 and 1001..2000 won,
    not 403 and 426, in a tenth more time).

    >>> game = seen_through(deal(deck_of(3)))
    >>> rand, memos = ms_rand(1), Memos(room=0)
    >>> (one, a), (two, b) = [deal_world(game, unseen(game), rand, memos) for _ in range(2)]
    >>> a == b, one.seq != two.seq, one.talons is two.talons, one.rivals
    (True, True, True, None)
    >>> sorted(c for seq in one.seq for c in seq[:-1]) == unseen(game)
    True
    """
    sample = world(game, shuffled(hidden, rand))
    solver = Solver(sample, dominance=False, memos=memos)
    return solver, solver.start(sample)


def own_plan(sample):
    """(plan, won): the plan a world's own search proposes (OWN_BUDGET
    positions from its start), and whether it won the world; no plan
    where it found no progress.

    >>> game = seen_through(deal(deck_of(7)))
    >>> sample = deal_world(game, unseen(game), ms_rand(1), Memos(room=0))
    >>> plan, won = own_plan(sample)
    >>> notes(game, concrete(game, plan)[0]), won
    (['2C 3D'], False)
    """
    solver, state = sample
    value, steps = probe(solver, state, OWN_BUDGET)
    return plan_of(solver, state, steps), value == WIN_VALUE


def other_plans(tries, starts, budget):
    """(world, plan, won) for each move from the worlds' position that no
    plan starts with (starts: the first steps of those proposed): the move
    completed by a search of budget positions in one world after it (the
    worlds in turn), and whether that won the world.  The moves are the
    same in every world: they are of cards in sight.

    >>> game = seen_through(deal(deck_of(7)))
    >>> tries = [deal_world(game, unseen(game), ms_rand(1), Memos(room=0))]
    >>> plan, won = own_plan(tries[0])
    >>> [(world, notes(game, concrete(game, plan)[0])[:2], won)
    ...  for world, plan, won in other_plans(tries, {plan[0]}, BUDGET)]
    [(0, ['QS KD'], False), (0, ['t t t t t t t', 'JS QD'], False)]
    """
    solver, state = tries[0]
    firsts = solver.moves(state)
    found = []
    for j, m in enumerate(firsts if firsts.__class__ is list else ()):
        if m in starts:
            continue
        solver, state = tries[j % len(tries)]
        value, steps = probe(solver, solver.after(state, m), budget)
        found.append((j % len(tries), plan_of(solver, state, [m] + steps), value == WIN_VALUE))
    return found


class Plans(object):
    """The plans proposed in one position, in the order proposed (order),
    and their race: won_by[plan], the worlds its own search won (the
    search that proposed it, or that completed it); score[plan], WIN_VALUE
    for each world it won and the progress of its trial in each of the
    others it was tried in, done[plan] of them, the first so many; dropped,
    the plans fallen behind; easy, the worlds some plan's own search won.

    >>> plans = Plans()
    >>> plans.propose(0, ("a",), True), plans.propose(1, ("a",), False), plans.propose(1, (), True)
    (None, None, None)
    >>> plans.propose(2, ("b", "c"), False)
    >>> plans.order, plans.won_by[("a",)], plans.easy, plans.starts() == {"a", "b"}
    ([('a',), ('b', 'c')], {0}, {0}, True)
    """

    def __init__(self):
        self.order, self.won_by, self.score, self.done = [], {}, {}, {}
        self.dropped, self.easy = set(), set()

    def propose(self, world, plan, won):
        "Add plan, if it is one and new; won: whether its search won world."
        if not plan:
            return
        if plan not in self.won_by:
            self.order.append(plan)
            self.won_by[plan], self.score[plan], self.done[plan] = set(), 0, 0
        if won:
            self.won_by[plan].add(world)
            self.easy.add(world)

    def starts(self):
        "The first steps of the plans."
        return set(plan[0] for plan in self.order)

    def left(self):
        "How many plans are not dropped."
        return len(self.order) - len(self.dropped)

    def race(self, tries, budget):
        """Try the plans not dropped in the worlds tries they have not been
        tried in, and drop those BEHIND worlds won behind the best; in a
        first batch, first in SCREEN worlds, dropping those SCREEN_BEHIND
        behind.  A world that no plan's own search won is hard: few plans
        win it (about one trial in twenty), so once some world has been
        won, a trial there searches HARD_BUDGET positions, not budget.

        >>> game = seen_through(deal(deck_of(7)))
        >>> rand, memos, plans = ms_rand(1), Memos(room=1000), Plans()
        >>> tries = [deal_world(game, unseen(game), rand, memos) for _ in range(8)]
        >>> for world, sample in enumerate(tries):
        ...     plans.propose(world, *own_plan(sample))
        >>> for world, plan, won in other_plans(tries, plans.starts(), BUDGET):
        ...     plans.propose(world, plan, won)
        >>> plans.race(tries, BUDGET)
        >>> [(notes(game, concrete(game, p)[0])[0], plans.score[p] // WIN_VALUE, plans.done[p],
        ...   len(plans.won_by[p])) for p in plans.order]
        [('2C 3D', 2, 8, 2), ('QS KD', 2, 8, 0), ('t t t t t t t', 2, 8, 1)]

        A plan BEHIND worlds behind the best is dropped, and tried no more:

        >>> plans.score[plans.order[-1]] -= BEHIND * WIN_VALUE     # as if it had lost 3 more
        >>> tries += [deal_world(game, unseen(game), rand, memos) for _ in range(4)]
        >>> plans.race(tries, BUDGET)
        >>> [(plans.done[p], p in plans.dropped) for p in plans.order], plans.left()
        ([(12, False), (12, False), (8, True)], 2)
        """
        screen = ((SCREEN, SCREEN_BEHIND),) if SCREEN < len(tries) <= BATCH else ()
        hard = min(budget, HARD_BUDGET) if self.easy else budget
        for upto, behind in screen + ((len(tries), BEHIND),):
            if not self.order:
                return
            for plan in self.order:
                if plan not in self.dropped and self.done[plan] < upto:
                    self.score[plan] += sum(
                        WIN_VALUE if i in self.won_by[plan] else
                        trial(tries[i], plan, budget if i in self.easy else hard)
                        for i in range(self.done[plan], upto))
                    self.done[plan] = upto
            top = max(self.score[p] for p in self.order if p not in self.dropped)
            self.dropped.update(p for p in self.order if top - self.score[p] >= behind * WIN_VALUE)

    def best(self):
        """The plan of the highest score, the first proposed of those that
        score as much; None where there is none.

        >>> plans = Plans()
        >>> for world, plan in enumerate([("a",), ("b",), ("c",)]):
        ...     plans.propose(world, plan, False)
        >>> plans.score.update({("a",): 5, ("b",): 7, ("c",): 7})
        >>> plans.best(), Plans().best()
        (('b',), None)
        """
        left = [p for p in self.order if p not in self.dropped]
        return max(left, key=lambda p: (self.score[p], -left.index(p))) if left else None


def trial(sample, plan, budget):
    "The value of a probe of a world (sample: its solver and start) after plan."
    solver, state = sample
    for step in plan:
        state = solver.after(state, step)
    return probe(solver, state, budget)[0]


def probe(solver, state, budget):
    """(value, steps) of a short search from state: WIN_VALUE and a solution,
    or the progress of the best position seen and the way to it."""
    best = [solver.progress(state), []]
    found = solver.search(state, Limits(budget, None, None), best=best, sure=True)
    if found.verdict == "solved":
        return WIN_VALUE, found.moves
    return best[0], best[1]


def game_digest(game):
    "What the player sees of game, as numbers (to seed its random choices)."
    digest = [game.passes, game.rules.draw]
    for p, pile in enumerate(game.piles):
        digest.append(100 + len(pile))
        digest.extend(pile[game.down[p]:] if p in TABLEAU else
                      () if p == STOCK and game.passes == 0 else pile)
    return digest


def shuffled(cards, rand):
    """The cards in a random order, drawn as ms_shuffle() draws them but
    from a generator that runs on from one world to the next."""
    cards, out = list(cards), []
    while cards:
        j = next(rand) % len(cards)
        out.append(cards[j])
        cards[j] = cards[-1]
        cards.pop()
    return out


def play_blind(game, limits=LIMITS, worlds=WORLDS, budget=BUDGET, autoplay_on=False):
    """Played: verdict ('won' or 'lost'), the moves the player made (the
    game's own, each checked), cards home at the end, seconds.  It plays
    what advice() says until the game is won or it sees nothing to do.
    autoplay_on: it plays a game with autoplay, whose moves follow each of
    its own (and are among the moves made); where they take what the rest
    of a plan needed, it looks again."""
    began = time.time()
    made, been = [], set()
    while not won(game):
        if game.passes or not game.piles[STOCK]:
            seen = concealed(game)
            here = key(Solver(seen).start(seen))
            if here in been:
                break               # going round in circles
            been.add(here)
        more = advice(game, worlds, budget, limits)[0]
        if not more:
            break
        for i, m in enumerate(more):
            if i and autoplay_on and m not in moves(game):
                break
            game = move(game, checked(game, m))
            made.append(m)
            for step in autoplay(game) if autoplay_on else ():
                game = move(game, step)
                made.append(step)
    return Played("won" if won(game) else "lost", made,
                  sum(len(game.piles[f]) for f in FOUNDATIONS), time.time() - began)


def game_text(game, answer, heading, autoplay=False):
    """What --play prints for one game: the moves (with autoplay, those it
    leaves to type), and how it ended."""
    items, how = notes(game, answer.moves), ""
    if autoplay:
        try:
            items = typed(game, answer.moves)
        except Illegal:
            how = EVERY_MOVE        # the player's own moves: not searched again
    return "\n".join(wrap(items, 78) + ["# %s%s in %s, %s home, %.2f s%s" % (
        heading, answer.verdict, plural(len(answer.moves), "move"),
        plural(answer.home, "card"), answer.seconds, how)])

################ The command loop

HELP = """\
moves: 9C TH  9C and all on it onto TH    2H AH  onto the foundation showing AH
       9C 4   onto pile 4                 AS     a card home
       KD     a king to the first empty pile
       Klondike-Solver's too: DR1 NEW W5 7S 72-3 C3 (F4 is ignored)
help (?)        this list
quit (q, exit)  leave, as the end of the input does
board           the board again
history         the game so far, which replays (history ks: Klondike-Solver's)
undo (u)        take back a move
restart         the same game from its start
new [N]         game N, or a random one
t (turn)        turn the stock (or the waste over)
auto            send home every card no longer needed
hint            a move, from what you can see
solve           a solution, every card known"""

OWN_WORDS = {"t": "turn", "turn": "turn", "auto": "auto"}     # and WORDS, below

Session = collections.namedtuple("Session", "game start past origin autoplay limits")
Session.__doc__ = """A game being played: the game now, the game as dealt,
past (for undo and history: ((), (the game as dealt, the moves autoplay
made at the deal: none without it)), then (the past before it, (game
before, moves made)) for each command, so that a command adds to it in
constant time and the deal is never undone; entries() lists them), origin (the game number or
the deck string), whether autoplay is on, and the solver's Limits."""


def entries(past):
    """The (game before, moves made) of each command of a session's past,
    the first first.

    >>> entries((((), ('g0', ['m1'])), ('g1', ['m2', 'm3'])))
    [('g0', ['m1']), ('g1', ['m2', 'm3'])]
    >>> session = start(1, make_rules(), False)
    >>> after = advance(session, [turn_move(session.game)])
    >>> after.past[0] is session.past       # shared, not copied: 100,000 moves in a second
    True
    """
    found = []
    while past:
        past, entry = past
        found.append(entry)
    found.reverse()
    return found


def parse_target(token):
    "('card', c) or ('pile', n) for a move's target token, or None."
    card = parse_card(token) if token else None
    if card is not None:
        return ("card", card)
    if token and 1 <= (number(token) or 0) <= 7:
        return ("pile", number(token))
    return None


def plausible(card, target):
    "Whether our notation could mean card onto target (a card)."
    return target in ONTO[card] or (SUIT[card] == SUIT[target] and
                                    RANK[card] == RANK[target] + 1)


def parse_line(text):
    """The commands on a line of input, as (text, kind, argument).  Commas
    may separate commands, and a move never reads across one.  A card
    followed by a target is a move in our notation, unless the pair makes
    no sense and has another reading (AS AH: two aces home; 6H 6S: pile 6
    to the hearts, then to the spades), or the line holds a token only
    Klondike-Solver uses (DR1, W5, 72, ...): then 7S is always its move.
    Alone on other lines, 7S is 'either': its move, or else the card home.
    Raises Illegal for a token that means nothing.

    >>> parse_line('t 9C TH AS, AH KD 5  # comment')
    [('t', 'turn', None), ('9C TH', 'card', (32, ('card', 38))), ('AS', 'card', (3, None)), ('AH', 'card', (2, None)), ('KD 5', 'card', (49, ('pile', 5)))]
    >>> [[kind for _, kind, _ in parse_line(line)]
    ...  for line in ('3S 2S', 'DR1 3S 2S', '6H 6S', '5S 8D', 'AS AH', 'AH 2C', 'AH, 2C 3D')]
    [['card'], ['ks', 'ks', 'ks'], ['either', 'either'], ['card'], ['card', 'card'], ['card'], ['card', 'card']]
    """
    parts = [part.split() for part in text.split("#")[0].split(",")]
    solver = any(is_ks(w) and parse_card(w) is None for part in parts for w in part)
    return [command for words in parts for command in parse_words(words, solver)]


def parse_words(words, solver):
    "The commands of words (a line's tokens between commas); see parse_line."
    commands, i = [], 0
    while i < len(words):
        word, after = words[i], words[i + 1] if i + 1 < len(words) else None
        card, target = parse_card(word), parse_target(after)
        # A command in any case (Undo, HELP), but NEW is Klondike-Solver's.
        low = word if is_ks(word) or card is not None else word.lower()
        if low in WORDS or low in OWN_WORDS:
            kind = WORDS.get(low) or OWN_WORDS[low]
            if kind == "new" and after and number(after[after[0] in "+-":]) is not None:
                # a sign too, so that new -5 says there is no such deal
                commands.append((word + " " + after, kind, after))
                i += 2
                continue
            if kind == "history" and after and after.lower() == "ks":
                commands.append((word + " " + after, kind, "ks"))
                i += 2
                continue
            commands.append((word, kind, None))
        elif (card is not None and target is None and number(after) is not None
              and not is_ks(after)):
            raise Illegal("%s %s: there is no pile %s (they are 1 to 7)"
                          % (word, printable(after), printable(after)))
        elif card is not None and target and not (solver and is_ks(word)) and (
                target[0] == "pile" or plausible(card, target[1]) or not (
                    is_ks(word) and is_ks(after) or RANK[card] in (ACE, KING))):
            commands.append((word + " " + after, "card", (card, target)))
            i += 2
            continue
        elif is_ks(word) and (solver or card is None):
            commands.append((word, "ks", word))
        elif is_ks(word) and target and target[0] == "card":
            # 4S 6D: Klondike-Solver's two moves, or else our move, whose
            # reason is given when neither can be made
            commands.append((word + " " + after, "either", (word, card, target)))
        elif is_ks(word):
            commands.append((word, "either", (word, card, None)))
        elif card is not None:
            commands.append((word, "card", (card, None)))
        else:
            raise Illegal("%s: not a card, a move or a command (help lists them)"
                          % printable(word))
        i += 1
    return commands


def made_by(game, kind, argument):
    "The moves a move command makes in game; raises Illegal when it can't."
    if kind == "turn":
        return [turn(game)]
    if kind == "card":
        return [card_move(game, *argument)]
    if kind == "ks":
        return ks_moves(game, argument)
    if kind == "either":
        return either_moves(game, *argument)
    return autoplay(game)


def either_moves(game, token, card, pair=None):
    """The moves of a lone token that is both Klondike-Solver's move and a
    card (5H): the move, else the card home.  When both can be made they
    are the same move, since a foundation takes one card only.  pair is
    the target card when the token came with one that it does not fit
    (4S 6D, two Klondike-Solver's moves): if neither reading of the token
    can be made, the error says why the card does not go there.

    >>> game = deal(deck_of(101))
    >>> either_moves(game, '4S', parse_card('4S'), ('card', parse_card('6D')))
    Traceback (most recent call last):
    ...
    klondike.Illegal: 4S does not go on 6D
    """
    try:
        return ks_moves(game, token)
    except Illegal as error:
        try:
            return [card_move(game, card, pair)]
        except Illegal as again:
            if pair:
                raise
            raise Illegal("%s; as Klondike-Solver's move: %s" % (again, error)) from None


def advance(session, made):
    "The session after the moves made (and autoplay's, when it is on)."
    game = session.game
    for m in made:
        game = move(game, m)
    if session.autoplay:
        more = autoplay(game)
        for m in more:
            game = move(game, m)
        made = made + more
    if not made:
        return session
    return session._replace(game=game, past=(session.past, (session.game, made)))


def start(origin, rules, autoplay, limits=LIMITS):
    "A session of game origin (a number, or a deck as a list of cards)."
    deck = deck_of(origin) if isinstance(origin, int) else origin
    game = deal(deck, rules)
    session = advance(Session(game, game, (), origin, autoplay, limits), [])
    made = [m for _, ms in entries(session.past) for m in ms]    # the deal's autoplay
    return session._replace(past=((), (game, made)))


def history(session, solver=False):
    """The moves of session, after a comment line that says how to replay
    them: in our notation, or Klondike-Solver's when solver.  A game played
    with autoplay is written as it was typed, with --autoplay in the
    command: the moves autoplay made are left to it."""
    origin, rules = session.origin, session.start.rules
    words = ["# klondike.py"]
    words.append("-g %d" % origin if isinstance(origin, int) else
                 "--deck " + format_deck(origin))
    words.append("--draw %d" % rules.draw)
    if rules.passes and rules.passes != make_rules(rules.draw, None, rules.scoring).passes:
        words.append("--passes %d" % rules.passes)
    if rules.scoring != "standard":
        words.append("--scoring " + rules.scoring)
    made = [m for _, ms in entries(session.past) for m in ms]
    if solver:
        # One line, as Klondike-Solver writes it: a piece such as "5H 6S"
        # alone on a line would read as our notation.
        lines = [ks_notation(session.start, made)] if made else []
    else:
        items = None
        if session.autoplay:
            try:
                items = typed(session.start, made)
                words.append("--autoplay")
            except Illegal:
                pass                # autoplay would spoil them: every move, played without it
        lines = wrap(notes(session.start, made) if items is None else items, 78)
    return "\n".join([" ".join(words)] + lines)


def notes(game, made):
    """The moves made from game in our notation, to be joined by commas
    (AH 2C 3D could mean AH onto 2C); turns in a row share one item."""
    items = []
    for m in made:
        note = notation(game, m)
        if note == "t" and items and items[-1].endswith("t"):
            items[-1] += " t"
        else:
            items.append(note)
        game = move(game, m)
    return items


def wrap(items, width):
    "Items joined by commas into lines of about width characters."
    lines = []
    for item in items:
        if lines and len(lines[-1]) + 2 + len(item) <= width:
            lines[-1] += ", " + item
        else:
            lines.append(item)
    return lines


def execute(session, kind, argument):
    "(session after the command, text it prints or None); raises Illegal."
    if kind == "undo":
        if not session.past[0]:     # only the deal (and its autoplay) is left
            raise Illegal("nothing to undo")
        earlier, (before, _) = session.past
        return session._replace(game=before, past=earlier), None
    if kind == "restart":
        return start(session.origin, session.start.rules, session.autoplay,
                     session.limits), None
    if kind == "new":
        if argument is not None and not 1 <= (number(argument) or 0) <= MAX_GAME:
            raise Illegal(NO_SUCH_DEAL, argument)
        deal = number(argument) if argument is not None else random_game()
        return start(deal, session.start.rules, session.autoplay, session.limits), None
    if kind == "history":
        return session, history(session, argument == "ks")
    if kind == "help":
        return session, HELP
    if kind == "hint":
        return session, hint(session.game, session.limits)
    if kind == "solve":
        return session, solve_text(session, session.limits)
    return advance(session, made_by(session.game, kind, argument)), None


def hint(game, limits):
    """What hint prints: the player's next move (it does not look at hidden
    cards either), and why."""
    if won(game):
        raise Illegal("the game is won")
    limits = limits._replace(seconds=min(limits.seconds, HINT_SECONDS))
    made, wins, worlds = advice(game, limits=limits, deadline=time.time() + HINT_SECONDS)
    if not made:
        return "No hint: no way to win was found in %d deals that fit what you see" % worlds
    first = []
    for m in made:                  # turns, then the first move of a card
        first.append(m)
        if STOCK not in m[:2]:
            break
    text = "Hint: " + ", ".join(notes(game, first))
    if wins is None:
        return text + " (the stock is unseen: see it first)"
    if not worlds:
        return text + " (every card is in sight: a solution starts so)"
    return text + " (it won %d of %d deals that fit what you see)" % (wins, worlds)


def solve_text(session, limits):
    """What solve prints: a solution from here, all the cards known, in
    moves to type (with autoplay on, less the moves it makes)."""
    game, began = session.game, time.time()     # autoplay's searches again share the limit
    if won(game):
        raise Illegal("the game is won")
    answer = solve(game, limits, began)
    if answer.verdict != "solved":
        return "No solution %sfrom here: %s" % (
            "found " if answer.verdict == "unknown" else "", verdict_line(answer))
    items, found, how = spelt(game, answer, session.autoplay, limits, began)
    if how:                         # moves this game's autoplay would not let be typed
        return ("No solution with autoplay from here: its moves spoil the one found, "
                "of %s without it" % plural(len(answer.moves), "move"))
    return "\n".join(wrap(items, 78) + ["# " + verdict_line(found)])


def typing(game, made, items=None):
    """(items, game, done, rest): the moves of made typed in a game from
    game where autoplay runs after each (and at the start): the items a
    player types (added to items), the game they reach, every move made
    there (autoplay's too), and the moves of made left from the first that
    autoplay's moves made impossible (it took a card elsewhere, or out of
    the waste, which changes what the stock turns up).

    >>> game = deal(deck_of(1))
    >>> items, end, done, rest = typing(game, [(0, 1, 3), (1, 11, 1)])
    >>> items, len(done), rest                  # AH went home at the start
    (['t', '4D 5C'], 4, [])
    """
    items, plain, done = list(items or ()), game, []
    for step in autoplay(game):     # as a game with autoplay starts
        game = move(game, step)
        done.append(step)
    for i, m in enumerate(made):
        card = None if STOCK in m[:2] else plain.piles[m[0]][-m[2]]
        note = notation(plain, m)
        # Home already, by autoplay: on the foundation it chose, which
        # need not be the one made chose.
        if not (m[1] in FOUNDATIONS and any(card in game.piles[f] for f in FOUNDATIONS)):
            try:
                steps = [step for _, kind, argument in parse_line(note)
                         for step in made_by(game, kind, argument)]
            except Illegal:
                return items, game, done, made[i:]
            for step in steps:
                game = move(game, step)
            for step in autoplay(game):
                game = move(game, step)
                steps.append(step)
            done.extend(steps)
            if note == "t" and items and items[-1].endswith("t"):
                items[-1] += " t"
            else:
                items.append(note)
        plain = move(plain, m)
    return items, game, done, []


def typed(game, made):
    """The moves of made, in our notation, that a player types when autoplay
    runs after each: the others it makes itself.  Raises Illegal if
    autoplay spoils them."""
    items, _, _, rest = typing(game, made)
    if rest:
        raise Illegal("autoplay would change these moves")
    return items


MOST_AGAIN = 100                # autoplay_solution()'s searches again, at most


def autoplay_solution(game, answer, limits, began=None):
    """A solved answer from game as a game with autoplay plays it: (items to
    type, the answer with every move made there).  Where autoplay's moves
    spoil the solution, the game is solved again from where they leave it,
    and so on; None when that fails: drawing three, a card autoplay takes
    out of the waste changes what the stock turns up, and can lose the win
    (deal 31), and a card a solution brings back from home to build on,
    autoplay sends home again (deal 20).

    >>> game = deal(deck_of(20))
    >>> items, answer = autoplay_solution(game, solve(game), LIMITS)
    >>> won(replay(game, answer.moves)), len(items) < len(notes(game, answer.moves))
    (True, True)
    >>> game = deal(deck_of(31))
    >>> autoplay_solution(game, solve(game), LIMITS) is None
    True
    """
    items, here, made, rest = [], game, [], answer.moves
    positions, seconds, been = answer.positions, answer.seconds, set()
    for _ in range(MOST_AGAIN):
        items, here, done, rest = typing(here, rest, items)
        made += done
        if won(here):
            return items, answer._replace(moves=made, positions=positions, seconds=seconds)
        if here in been:
            return None             # autoplay sends home what the solution brings back
        been.add(here)
        again = solve(here, limits, began)  # the time limit as the first search's
        positions, seconds = positions + again.positions, seconds + again.seconds
        if again.verdict != "solved":
            return None
        rest = again.moves
    return None

def random_game():
    "A game number picked at random."
    import random
    return random.randint(1, 1000000)


def title(session):
    "How the board names the deal."
    origin = session.origin
    return "game %d" % origin if isinstance(origin, int) else "deck"


def play(session, lines, out, err, quiet, style, watch=None, interactive=False):
    r"""Run the commands of lines (an iterator of (number, text)) on session,
    printing boards to out and errors to err; return 0 when every line was
    accepted, 1 otherwise.  When interactive (stdin is a terminal), a
    search shows a progress line, and Ctrl-C stops it and the line.

    >>> class Terminal(io.StringIO):
    ...     def isatty(self):
    ...         return True
    >>> def interrupted(*args, **options):
    ...     raise KeyboardInterrupt
    >>> module = play.__globals__             # the module's, not this copy
    >>> module['solve'] = interrupted
    >>> err = Terminal()
    >>> main(['-g', '1', '-m', '--ascii', '-q'], Terminal('AH solve\nhistory\n'),
    ...      stderr=err)
    # klondike.py -g 1 --draw 3
    game 1  draw 3  pass 1  score 0
    24 [] __        __ __ __ __
     1  2  3  4  5  6  7
    JD [] [] [] [] [] []
       5H [] [] [] [] []
          QC [] [] [] []
             9D [] [] []
                AH [] []
                   5C []
                      QH
    moves: JD QC, AH, t
    1
    >>> err.getvalue().replace('\r' + ' ' * 28 + '\r', ' <cleared> ').splitlines()
    ['klondike> solving... (Ctrl-C stops it) <cleared> klondike: line 1: interrupted; the game is as it was', 'klondike> klondike> ']
    >>> module['solve'] = solve
    """
    def step(session, number, text, busy):
        "A line's session, what it prints (the board after a change), whether it ends."
        after, printed, ended = run_line(session, text, style, busy)
        if after is not session and not quiet:
            printed.append(board(after, style))
        return after, printed, ended
    status, session = play_lines(session, lines, step, out, err, interactive, watch)
    if quiet:
        out.write(board(session, style) + "\n")
    return status


def run_line(session, text, style=(False, False), busy=None):
    """(the session after the commands of one line of input, the texts they
    print, whether they end the input).  Raises Refused, naming the word
    that failed, when one fails: then the line changes nothing and prints
    nothing.  busy(what), when given, is called as a search starts and
    returns the function that says it has ended.

    >>> session = start(1, make_rules(), False)
    >>> run_line(session, 'hint 9D TS')
    Traceback (most recent call last):
    ...
    klondike.Refused: 9D TS: TS is face down
    >>> after, printed, ended = run_line(session, 'AH board quit t')
    >>> len(entries(after.past)), printed[0].splitlines()[-1], ended     # the deal, the line
    (2, 'moves: JD QC, t', True)
    """
    printed = []
    try:
        commands = parse_line(text)
    except Illegal as error:
        raise Refused(str(error))
    for words, kind, argument in commands:
        if kind == "quit":
            return session, printed, True
        if kind == "board":
            printed.append(board(session, style))
            continue
        done = busy("solving" if kind == "solve" else "thinking") \
            if busy and kind in ("hint", "solve") else None
        try:
            session, said = execute(session, kind, argument)
        except Illegal as error:
            raise Refused("%s: %s" % (printable(error.word or words), error))
        finally:
            if done:
                done()
        if said:
            printed.append(said)
    return session, printed, False


def board(session, style):
    "The board of session, in style (colour, symbols)."
    return show(session.game, title(session), *style)

################ Solving and playing lists of games

def solve_game(origin, rules, limits, cheat, out, worlds=WORLDS, autoplay=False, err=None):
    """--solve (cheat) or --play for one game: its moves in our notation
    (with autoplay, those it leaves to type) and a last comment line; exit
    status 0 when it is won.  At a terminal (err), a line says it works."""
    game = start(origin, rules, autoplay).game
    heading = "%s: " % ("game %d" % origin if isinstance(origin, int) else "deck")
    isatty = getattr(err, "isatty", None)
    clear = working(err, bool(isatty and isatty()), "solving" if cheat else "playing")
    try:
        answer = (solve(game, limits, process_start()) if cheat
                  else play_blind(game, limits, worlds, autoplay_on=autoplay))
    finally:
        clear()
    if cheat:
        out.write(solution_text(game, answer, heading, autoplay, limits, process_start())
                  + "\n")
        return 0 if answer.verdict == "solved" else 1
    out.write(game_text(game, answer, heading, autoplay) + "\n")
    return 0 if answer.verdict == "won" else 1


Figures = collections.namedtuple("Figures", "verdict length positions home seconds stop")
# a game of a list, as a worker sends it back: its verdict, how many moves,
# positions searched (solving; else None), cards home (playing; else None),
# seconds, and the Stop of an unknown search


def job(task):
    "One game of a list: (number, Figures).  Runs in worker processes too."
    number, cheat, rules, limits, worlds = task
    game = deal(deck_of(number), rules)
    if cheat:
        a = solve(game, limits)
        return number, Figures(a.verdict, len(a.moves), a.positions, None, a.seconds, a.stop)
    a = play_blind(game, limits, worlds)
    return number, Figures(a.verdict, len(a.moves), None, a.home, a.seconds, None)


def run_deals(numbers, cheat, rules, limits, jobs, files, out, err, worlds=WORLDS):
    """Solve (cheat) or play a list of games: a line each, then a summary;
    each line appended to the results file files[1] too when files (argv,
    name) are given.  Exit status 0 when every game was won."""
    tally = Tally(parse_game_line, KINDS[cheat], "game", "solving" if cheat else "playing", numbers)
    sweep = Sweep(
        rules=rules_text(cheat, rules, worlds, limits.positions),
        heading="%-10s %-10s %6s %10s %8s" % (
            "game", "verdict", "moves", "positions" if cheat else "home", "seconds"),
        lines=lambda number, answer: game_lines(number, answer, cheat),
        work=job, task=lambda number, limits: (number, cheat, rules, limits, worlds),
        fresh=True, summary=game_summary)
    return run_list(numbers, tally, sweep, limits, jobs, files, out, err)


def rules_text(cheat, rules, worlds=WORLDS, positions=MAX_POSITIONS):
    """What a results file records as its rules: solving or playing, the
    rules that change the verdicts, and what changes the answers: the
    solver's or the player's version (SOLVER, PLAYER) and the player's
    settings that differ from the defaults, its worlds and the positions
    it solves a game in sight in (a verdict of the solver is the same at any
    limits, or unknown: a deal left so is searched again where a resumed
    run's limits go further).  Memory is not named: by default it is a
    share of what the machine has free at the start, different at each run.

    >>> rules_text(True, make_rules(3)), rules_text(False, make_rules(1, None, 'vegas'))
    ('klondike solve, draw 3, passes unlimited', 'klondike play, draw 1, passes 1')
    >>> rules_text(False, make_rules(3), 96, 5000)
    'klondike play, draw 3, passes unlimited, worlds 96, max-positions 5000'
    >>> rules_text(True, make_rules(3), 96, 5000)       # the solver's answers are not changed
    'klondike solve, draw 3, passes unlimited'
    """
    version = SOLVER if cheat else PLAYER
    settings = [] if cheat else [(worlds, WORLDS, "worlds"),
                                 (positions, MAX_POSITIONS, "max-positions")]
    return "klondike %s, draw %d, passes %s%s%s" % (
        "solve" if cheat else "play", rules.draw, rules.passes or "unlimited",
        "".join(", %s %d" % (name, value) for value, default, name in settings
                if value != default),
        "" if version == 1 else ", %s %d" % ("solver" if cheat else "player", version))


KINDS = {True: ("solved", "impossible", "unknown"), False: ("won", "lost")}   # solving, playing
RESULT = re.compile(r"^(\d+) +(solved|impossible|unknown|won|lost) +(\d+|-) +(\d+) +(\d+\.\d+)$")


def game_lines(number, figures, cheat):
    """A game's line (its Figures) in the table and in a results file, and
    when the search was stopped, a comment line that says why."""
    line = "%-10d %-10s %6s %10d %8.2f" % (
        number, figures.verdict, figures.length if figures.verdict in ("solved", "won") else "-",
        figures.positions if cheat else figures.home, figures.seconds)
    if figures.verdict == "unknown":
        return [line, "# game %d: %s" % (number, stop_text(figures.stop))]
    return [line]


def parse_game_line(text):
    """The Result of a game's line, its count the positions searched or the
    cards home; ValueError if it is none.

    >>> parse_game_line("1          won           171         52     1.46")
    Result(number=1, verdict='won', moves=171, counts=(52,), seconds=1.46)
    >>> parse_game_line("4          impossible      -         10     0.00")
    Result(number=4, verdict='impossible', moves=None, counts=(10,), seconds=0.0)
    >>> parse_game_line("4 lost 12 1 0.35")
    Traceback (most recent call last):
    ValueError: not a game's result: 4 lost 12 1 0.35
    """
    match = RESULT.match(text.strip())
    if not match or not 1 <= int(match.group(1)) <= MAX_GAME or (
            (match.group(2) in ("solved", "won")) == (match.group(3) == "-")):
        raise ValueError("not a game's result: %s" % snippet(text))
    number, verdict, moves, figure, seconds = match.groups()
    return Result(int(number), verdict, None if moves == "-" else int(moves), (int(figure),),
                  float(seconds))


def game_summary(tally, elapsed):
    """The last line of a list: how many games were solved, proved
    impossible or left unknown (or won and lost, with the win rate), the
    mean length of a win, positions and times.

    >>> tally = Tally(parse_game_line, KINDS[False], "game", "playing", [1, 2, 3, 4])
    >>> for line in ("1 won 171 52 1.46", "4 lost - 1 0.35", "2 won 162 52 1.59",
    ...              "1 lost - 8 0.20", "5 lost - 1 9.00"):
    ...     tally.take(line)
    >>> print(game_summary(tally, 3.4))
    3 games: 2 won, 1 lost (66.7 %, 95 % interval 20.8-93.9 %); mean 166.5 moves; 3.4 s, median 1.46 s, slowest 1.59 s (game 2)
    >>> tally = Tally(parse_game_line, KINDS[True], "game", "solving")
    >>> tally.take("5 unknown - 1001 0.05")
    >>> tally.note("# game 5: max-positions 1000 reached")
    >>> tally.unknown[5][0]
    Stop(limit='max-positions', value=1000)
    >>> tally.take("5 solved 140 20000 0.30")
    >>> print(game_summary(tally, 0.4))
    1 game: 1 solved, 0 impossible, 0 unknown; mean 140.0 moves; 20000 positions a game; 0.4 s, median 0.30 s, slowest 0.30 s (game 5)
    >>> tally.take("5 impossible - 9000 0.10")
    Traceback (most recent call last):
    ValueError: game 5: impossible, where an earlier line says solved
    """
    count = len(tally.seen)
    counts = [tally.verdicts[kind] for kind in tally.kinds]
    solving = "impossible" in tally.kinds
    text = "%s: %s" % (plural(count, "game"), ", ".join(
        "%d %s" % (n, v) for n, v in zip(counts, tally.kinds)))
    if not solving and count:
        low, high = wilson(counts[0], count)
        text += " (%.1f %%, 95 %% interval %.1f-%.1f %%)" % (
            100.0 * counts[0] / count, 100 * low, 100 * high)
    if counts[0]:
        text += "; mean %.1f moves" % (tally.moves / counts[0])
    if solving and count:
        text += "; %.0f positions a game" % (tally.counts[0] / count)
    text += "; %.1f s" % elapsed
    if count:
        text += ", median %.2f s, slowest %.2f s (game %d)" % ((tally.median(),) + tally.slowest)
    return text


def summarize(names, out, err):
    """--summary: the summary of the results files, as one run over all
    their games would end ('no games in 1 file' where they hold none); exit
    status 2 when they cannot be added up, 1 when a line was not a result."""
    complain = complainer(err)
    try:
        rules = read_results(names, None, lambda text: None, lambda where, what: None)
        cheat = (rules or "klondike solve").startswith("klondike solve")
        tally = Tally(parse_game_line, KINDS[cheat], "game", "solving" if cheat else "playing")
        read_results(names, rules, tally.take, complain)
    except ValueError as error:
        err.write("%s: %s\n" % (PROG, error))
        return 2
    files = plural(len(names), "file")
    if not len(tally.seen):
        out.write("no games in %s\n" % files)
    else:
        out.write("games %s in %s\n" % (tally.seen.ranges(), files))
        out.write(game_summary(tally, tally.seconds) + "\n")
    return 1 if complain.count else 0


################ Main

def game_number(text):
    """A game number option: 1 to 2^33-1.

    >>> game_number('abc')
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: abc: no such deal (deals are 1..8589934591)
    >>> game_number(' 5 ')
    5
    """
    if not 1 <= (number(text.strip()) or 0) <= MAX_GAME:
        raise argparse.ArgumentTypeError("%s: %s" % (printable(text), NO_SUCH_DEAL))
    return number(text.strip())


def deck_string(text):
    "A --deck option: Klondike-Solver's 156-digit deck string."
    try:
        return parse_deck(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError("%s: %s" % (printable(text), error))

def deal_list(text):
    """A --solve or --play list of games: '1-1000', '1,5,17'.

    >>> list(deal_list('1-3,17')), list(deal_list(' 2 3, 5 - 6 '))
    ([1, 2, 3, 17], [2, 3, 5, 6])
    >>> deal_list(' , ')
    Traceback (most recent call last):
    argparse.ArgumentTypeError: ' , ': no game in it
    """
    return number_list(text, lambda n: 1 <= n <= MAX_GAME, "game")


def world_count(text):
    """--worlds: 1 to MOST_WORLDS.

    >>> world_count("96")
    96
    >>> world_count("1001")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: 1001: give 1 to 1000 worlds
    """
    value = number(text.strip())
    if not value or value > MOST_WORLDS:
        raise argparse.ArgumentTypeError("%s: give 1 to %d worlds" % (printable(text), MOST_WORLDS))
    return value


def draw_count(text):
    """How many cards a turn of the stock draws: 1 or 3.

    >>> draw_count(' 1'), draw_count('3')
    (1, 3)
    >>> draw_count('1e400')
    Traceback (most recent call last):
    argparse.ArgumentTypeError: invalid choice: 1e400 (choose from 1, 3)
    """
    if text.strip() not in ("1", "3"):
        raise argparse.ArgumentTypeError("invalid choice: %s (choose from 1, 3)"
                                         % printable(text))
    return int(text)


def parser():
    "The command line parser; --help prints the manual, the docstring."
    hidden = argparse.SUPPRESS     # the manual documents every option
    p = option_parser("%(prog)s [options] < moves", lambda stream: __doc__ or "")
    which = p.add_mutually_exclusive_group()
    which.add_argument("-g", "--game", type=game_number, metavar="N", help=hidden)
    which.add_argument("--deck", type=deck_string, metavar="DIGITS", help=hidden)
    p.add_argument("--draw", type=draw_count, default=3, help=hidden)
    p.add_argument("--passes", type=positive, metavar="N", help=hidden)
    p.add_argument("--scoring", type=one_of("standard", "vegas", "none"),
                   default="standard", help=hidden)
    p.add_argument("--autoplay", action="store_true", help=hidden)
    p.add_argument("--no-autoplay", dest="autoplay", action="store_false", help=hidden)
    p.add_argument("--export", type=one_of("deck", "pysol"), nargs="?", const="deck",
                   help=hidden)
    p.add_argument("-q", "--quiet", action="store_true", help=hidden)
    p.add_argument("--color", "--colour", type=one_of("auto", "always", "never"),
                   default="auto", help=hidden)
    p.add_argument("-m", "--monochrome", dest="color", action="store_const",
                   const="never", help=hidden)
    p.add_argument("--ascii", action="store_true", help=hidden)
    p.add_argument("--solve", nargs="?", const=[], type=deal_list, metavar="GAMES",
                   help=hidden)
    p.add_argument("--play", nargs="?", const=[], type=deal_list, metavar="GAMES",
                   help=hidden)
    p.add_argument("--jobs", type=positive, default=1, metavar="N", help=hidden)
    p.add_argument("--worlds", type=world_count, metavar="N", help=hidden)
    p.add_argument("--max-positions", type=positive, default=MAX_POSITIONS,
                   metavar="N", help=hidden)
    p.add_argument("--timeout", type=seconds, metavar="SECONDS", help=hidden)
    p.add_argument("--memory", type=memory_size, metavar="MB", help=hidden)
    p.add_argument("--out", metavar="FILE", help=hidden)
    p.add_argument("--summary", nargs="+", metavar="FILE", help=hidden)
    return p


def main(argv=None, stdin=None, stdout=None, stderr=None, watch=None):
    """Play Klondike on stdin and stdout; return the exit status.  watch, if
    given, is called with the Session before each input line is read and
    after the last (the hook tests/robustness.txt fuzzes the game with)."""
    import contextlib
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    argv = sys.argv[1:] if argv is None else argv
    try:
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            args = parser().parse_args(argv)
            if (args.solve or args.play) and (args.deck or args.game):
                parser().error("a list of games takes no -g or --deck")
            if args.solve is not None and args.play is not None:
                parser().error("--solve or --play, not both")
            if args.export and (args.solve is not None or args.play is not None):
                parser().error("--export or --%s, not both"
                               % ("solve" if args.solve is not None else "play"))
            if args.worlds is not None and args.play is None:
                parser().error("--worlds goes with --play")
            if args.timeout is not None and args.play is not None:
                parser().error("--timeout goes with --solve: a played game takes the time"
                               " its worlds take (--worlds)")
            if args.out is not None and not (args.solve or args.play):
                parser().error("--out goes with --solve GAMES or --play GAMES")
            if args.jobs != 1 and not (args.solve or args.play):
                parser().error("--jobs goes with --solve GAMES or --play GAMES")
            if args.summary and (args.solve is not None or args.play is not None
                                 or args.deck or args.game or args.export):
                parser().error("--summary takes no -g, --deck, --export, --solve or --play")
            refused = memory_refused(args.memory)
            if refused:
                parser().error(refused)
    except SystemExit as exit:
        return exit.code
    rules = make_rules(args.draw, args.passes, args.scoring)
    limits = Limits(args.max_positions, args.timeout or TIMEOUT, memory_budget(args.memory))
    worlds = args.worlds or WORLDS
    if args.summary:
        return summarize(args.summary, stdout, stderr)
    if args.solve or args.play:
        files = None if args.out is None else (argv, args.out)
        return run_deals(args.solve or args.play, bool(args.solve), rules,
                         limits, args.jobs, files, stdout, stderr, worlds)
    origin = args.deck or args.game or random_game()
    if args.export:
        if not (args.deck or args.game):    # the deck string does not say
            stderr.write("%s: game %d, picked at random\n" % (PROG, origin))
        deck = deck_of(origin) if isinstance(origin, int) else origin
        stdout.write((format_deck(deck) if args.export == "deck"
                      else format_pysol(deck)) + "\n")
        return 0
    if args.solve is not None or args.play is not None:
        return solve_game(origin, rules, limits, args.solve is not None, stdout, worlds,
                          args.autoplay, stderr)
    style = (wants_colour(args.color, stdout, os.environ),
             not args.ascii and can_print_suits(stdout))
    session = start(origin, rules, args.autoplay, limits)
    if not args.quiet:
        stdout.write(board(session, style) + "\n")
    isatty = getattr(stdin, "isatty", None)
    return play(session, input_lines(stdin, PROG + "> ", stderr), stdout, stderr,
                args.quiet, style, watch, bool(isatty and isatty()))

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


def wilson(wins, count, z=1.96):
    """The 95 % confidence interval of a rate wins/count, by Wilson's score
    formula, as (low, high).

    >>> ['%.3f' % x for x in wilson(30, 100)]
    ['0.219', '0.396']
    >>> ["%.4f" % x for x in wilson(0, 10)]     # not -0.0000: rounding kept in bounds
    ['0.0000', '0.2775']
    """
    p, zz = wins / count, z * z
    centre = (p + zz / (2 * count)) / (1 + zz / count)
    half = z * (p * (1 - p) / count + zz / (4 * count * count)) ** 0.5 / (1 + zz / count)
    return max(0.0, centre - half), min(1.0, centre + half)


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
