#!/usr/bin/env python3
r"""medici.py: Medici solitaire, folded right, counted and searched.

USAGE
    python3 medici.py < chains.txt      check each chain: brackets with
                                        efficiencies, convergence, final
                                        piles, efficiency of every card,
                                        mobile and stationary cards, hexagrams
    python3 medici.py                   at a terminal: type chains, commands
    python3 medici.py -g 17             check numbered deal 17 (-g alone: a
                                        random one)
    python3 medici.py --stats 100000    fold numbered deals, count the ends
    python3 medici.py --stats N --out F the same, the counts kept in file F
                                        block by block; run again, it folds
                                        only what F lacks
    python3 medici.py --summary F...    the statistics of such files, added up
    python3 medici.py --find ...        search converging chains that meet
                                        wishes
    pypy3 medici.py ...                 any of these runs under PyPy 3 too

THE GAME
    Deal the 36 cards (ranks 6 7 8 9 10 J Q K A, suits C D H S) one by one
    from left to right, each a new pile.  Whenever the top cards of two
    piles with exactly one pile between them share a suit or a rank, the
    middle pile is put onto the left one.  Any such triple may fold, not
    only the last three; when several can, the leftmost folds first (the
    rule of the D article and of every known program).  The chain
    converges when, after the last card, exactly two piles remain: about
    one deal in 131 does.

    Deal N is the 36 cards in the order 6♣ 6♦ 6♥ 6♠ 7♣ ... A♥ A♠ (rank by
    rank, clubs diamonds hearts spades), shuffled as Microsoft FreeCell
    shuffles its deal N, and dealt from first to last.

    Practitioners also count, for the chain they laid out:
      efficiency   of a card: how many folds follow right after it is dealt
                   (a transit has efficiency > 0), written A♠!3
      brackets     a group closes after every transit:  [Q♦ 7♣ J♠!2][9♦ K♦!1]...
      mobile       a card that moved at least once as the top of a middle
                   pile (the last card counts as mobile); the others are
                   stationary (the first card always is)
      hexagrams    per suit, six lines from bottom to top for the ranks
                   9 6 10 Q K A, solid (yang) for a mobile card; the chain
                   is balanced when every line is solid in exactly two suits

NOTATION
    A chain is read from standard input, one chain a line or spread over
    several lines until 36 cards are read (a chain ends at the end of a
    line).  '#' starts a comment; brackets [] <> are ignored.  A card's !n
    mark is the efficiency the chain was written with: marks that differ
    from the check's are named on stderr (exit status 1), and said to be
    those of the other rule where they are (a chain of --rule rightmost
    piped in without it).
    A line that would put a card twice in the chain is refused, and the
    chain being read stays as it was; a line of 36 cards after an
    unfinished chain ends that chain, which is reported by its lines and
    dropped.  Cards in any mix, upper or lower case:
    ranks   6 7 8 9   10 T X Х   J В   Q Д   K К   A Т
    suits   C ♣ К Т (clubs)      D ♦ Б (diamonds)
            H ♥ Ч (hearts)       S ♠ П (spades)
    cards   Qd  QD  Q♦  Дб   10h  TH  X♥  10ч  Хч   (rank first, suit last)

    Output shows suits as ♣♦♥♠; --ascii (automatic when the output cannot
    show them) as C D H S; --notation en as Qd 10h; --notation ru as Дб 10ч.

AT THE PROMPT
    The prompt is "medici> " (on stderr, only at a terminal).  A line holds
    cards or commands, never both: its cards add to the chain being read,
    checked when its 36th card comes; its commands run left to right.  A
    line with a word that is refused (a bad card, a command among cards, a
    command that cannot be done) is refused whole: nothing of it is done.
    The same words as in the other games of the collection:
      help, ?         the list of commands
      quit, q, exit   stop (the words before it on its line are done first;
                      a chain being read is dropped), as Ctrl-D does at a
                      terminal; piped input that ends inside a chain is an
                      error (a file cut short)
      board           the chain being read, folded as far as it goes (its
                      piles); when none is being read, the last chain checked
                      (before any: a line saying there is none yet)
      history         the chains checked so far, a line each, after a comment
                      line naming the command (with --rule): piped back into
                      medici.py it checks the same chains
      undo, u         take back the last card of the chain being read
      restart         drop the chain being read
      new [N]         check deal N, as -g N does (without N, a random deal);
                      a chain being read is dropped
      hint            a card to lay next such that the chain being read can
                      still converge, found by the search (SEARCH below) with
                      the cards read as the pattern's first slots
      solve           a whole converging chain that begins with the cards
                      read, the same way; the line pipes back into medici.py
    hint and solve search for --timeout seconds (default 5), then say "none
    found within 5 s"; when the search tried every branch, "no chain exists
    that begins with these cards and converges (proved)".  At a terminal,
    Ctrl-C stops the search and the line, and the prompt comes back.

SEARCH
    --find looks for converging chains that meet wishes:
    --pattern P       36 slots, one per position: a card (6S, A♥), ? or ??
                      (any card), Q? (any queen), ?h (any heart); a !n after
                      a slot asks efficiency at least n there; ... fills the
                      rest with ?; a short pattern is padded with ?
    --last CARD       the last card (a slot as in the pattern)
    --target CARD     that card has efficiency at least --min-efficiency
                      (default 1); CARD!n asks n for that card; repeatable;
                      CARD!max asks for the highest it can reach; quote
                      such a word at bash or zsh ('AS!max'), whose !
                      recalls history
    --hexagram S=H    the hexagram of suit S: a King Wen number 1..64 or six
                      lines 0/1 from bottom to top (H=111000); repeatable
    --balanced        balanced hexagrams
    --count K         find K chains (default 1); --count all: count every
                      chain that meets the wishes (where few places are free)
    --limit N         numbered deals sampled between two rounds of the
                      search (default 10000)
    --timeout SECONDS give up after so long (default 60), counted from the
                      program's start, as a slow device is slow to start

    Folding compares ranks and suits only for equality, so renaming the
    ranks (9! ways) and the suits (4! ways) maps a converging chain to a
    converging chain with the same efficiencies at the same places and the
    same mobile places.  The quick first try therefore places the fixed
    cards of the pattern, deals the rest from successive numbered deals,
    and renames the other ranks and suits of each converging chain to meet
    the target, last card, hexagram and balance wishes; a chain found so
    says its deal number in a comment.

    Between such samples runs a complete search: it places the cards left
    to right, folds as it goes, and cuts every branch that can no longer
    meet the wishes (efficiency bounds, cards already mobile or stationary
    for good, piles that nothing can cover, renamings of ranks and suits no
    wish names).  Random probes look first; then a search that tries every
    branch, each round with twice the budget.  Where the pattern leaves
    seven places or fewer free, a search over every branch runs first and
    answers at once.  A chain found so says "search".  When a search tries
    every branch, its answer is a proof: "no chain exists", "only N chains
    exist", the exact --count all, or CARD!max "(proved)".  When the time
    runs out first it says "none found within the limit" and names it.
    Ctrl-C prints what it had: the chains found as they come, CARD!max's
    best so far, --count all's count so far (status 130).  Every chain
    printed is folded again and checked against the wishes first, and the
    line can be piped back into medici.py (with --rule rightmost where its
    comment says so, found under that rule).  The search keeps only its
    path: a few kilobytes whatever the wishes.  Wishes that contradict each
    other are refused before any search.

STATISTICS
    --stats N folds N numbered deals (from -g, else from a random number,
    shown) and prints the convergence rate with its 95 % Wilson interval
    and how many deals end with each number of piles.  Large runs use every
    core (--jobs), and --out FILE keeps the counts in FILE, one line a
    block of at most ten million deals (the deals, the seconds, the deals
    ending with each number of piles), written as each block is done:
    killed at any moment, a run loses only the blocks in progress (a power
    cut, the lines of the last 10 seconds at most too), and run again
    (with or without -g) it folds only the deals FILE does not hold.  A
    worker process that dies (the OOM killer's choice) ends the run at
    once, with a line naming its block and the deals not done.
    --summary FILE... adds such files up: shards of one study in any order,
    as one run over all their deals prints them (the time is the blocks'
    own); blocks that overlap must line up (a run into FILE cuts its blocks
    where FILE's begin and end), and files of the other rule are refused.

OPTIONS
    -g [N], --game [N]  check deal N, 0..8589934591 (alone: a random deal,
                      its number shown); with --stats the first deal, with
                      --find the first one sampled
    --rule rightmost  fold the rightmost triple first: the misreading that
                      makes hand players see about 1 chain in 1200 converge
    --trace           show every deal and fold step by step
    --brief           one line per chain: brackets and the number of piles
                      (and the deal number with -g)
    -q, --quiet       only the last chain checked, once the input ends (and
                      what help, board, history, hint and solve print)
    --stats N         fold N numbered deals (STATISTICS)
    --jobs N          processes for --stats (default: every core it may use;
                      never more than those or the blocks of deals)
    --out FILE        --stats keeps its counts in FILE (STATISTICS)
    --summary FILE... the statistics of such files (STATISTICS)
    --find            search chains that meet the wishes (SEARCH)
    --pattern P, --last CARD, --target CARD, --min-efficiency N,
    --hexagram S=H, --balanced
                      the wishes of --find (SEARCH)
    --count K|all, --limit N
                      how many chains --find prints, and how many deals
                      it samples between two rounds of search (SEARCH)
    --timeout SECONDS how long --find (default 60), hint and solve (5) search
    --notation suits|letters|en|ru  how cards are written (NOTATION)
    --color=auto|always|never  (or --colour) red cards in red; auto: when
                      the output is a terminal (NO_COLOR, FORCE_COLOR,
                      CLICOLOR_FORCE, CLICOLOR=0 and TERM=dumb decide first)
    -m, --monochrome  --color=never
    --ascii           suits as C D H S (automatic when the output cannot
                      print the suit symbols)
    -h, --help        this manual

EXAMPLES
    $ printf '[Qd 7c 9s Qs Js][9d Ad Kd][8c 6s 10d 8s][Kc Qh 7s 6d 10s][Ah 6c 7h][7d As Jd][Ks][6h Jh Jc Qc 9h 9c][Kh][Ac][8h][10c][8d][10h]\n' | python3 medici.py --brief --notation en
    [Qd 7c 9s Qs Js!2][9d Ad Kd!1][8c 6s 10d 8s!6][Kc Qh 7s 6d 10s!1][Ah 6c 7h!2][7d As Jd!1][Ks!1][6h Jh Jc Qc 9h 9c!8][Kh!6][Ac!1][8h!1][10c!2][8d!1][10h!1]  # converges
    $ python3 medici.py -g 617 --brief --ascii
    [6D 9S 7C JC 10S JS!2][6S!1][7H AS!3][9C KD 8D 9D!2][QS 10D!4][QH!2][KC QD!2][KS!1][6H 7S!1][9H!1][KH 10C 6C 10H!3][QC!1][JH!2][AH 8C JD AC!4][8S 7D 8H!3][AD!2]  # converges, deal 617
    $ python3 medici.py -g 617 | head -3
    deal 617
    chain      [6♦ 9♠ 7♣ J♣ 10♠ J♠!2][6♠!1][7♥ A♠!3][9♣ K♦ 8♦ 9♦!2][Q♠ 10♦!4][Q♥!2][K♣ Q♦!2][K♠!1][6♥ 7♠!1][9♥!1][K♥ 10♣ 6♣ 10♥!3][Q♣!1][J♥!2][A♥ 8♣ J♦ A♣!4][8♠ 7♦ 8♥!3][A♦!2]
    converges  yes: 2 piles, 34 folds, 16 transits
    $ printf 'Qd 7c 9s\nhint\nsolve\n' | python3 medici.py --ascii
    Hint: QS (a chain that converges goes on with it)
    [QD 7C 9S QS 7D 9D QH 6D!5][8S 6H!3][10S!1][JH!1][KH JS!2][AH!1][10D AS!2][AD!1][8H AC!2][10H!1][8D 6C 7H KD KC 9H JD 9C!6][7S JC!4][6S!1][QC!1][10C KS 8C!3]  # converges
    medici: line 1: the input ends inside a chain: 3 cards; 33 missing
    [exit 1]
    $ printf 'new 5\nnew 617\nhistory\n' | python3 medici.py --brief --ascii --rule rightmost | tail -3
    # medici.py --rule rightmost
    [10H KC 9S KD!1][9C!1][QS 10D AC 7C QC!1][AS JD QH 10S 8C 6H 6S 7D 6C!3][7S!2][QD KS!8][6D!2][9D KH 9H!3][JC JH!2][8D 10C JS 8S AD AH 8H 7H!2]  # 11 piles, deal 5
    [6D 9S 7C JC 10S JS!2][6S!1][7H AS!2][9C KD 8D 9D!2][QS 10D!2][QH!1][KC QD!2][KS!2][6H 7S!3][9H!2][KH 10C 6C 10H!3][QC!1][JH!2][AH 8C JD AC!2][8S 7D 8H!3][AD!2]  # 4 piles, deal 617
    $ printf 'Qd 7c 11h\nQd 7c undo\n' | python3 medici.py
    medici: line 1: 11h: not a card
    medici: line 2: undo: a command goes on a line of its own, without cards
    [exit 1]
    $ python3 medici.py --find --target AH --min-efficiency 10 -g 1 --ascii
    [AS 8H JH JD 10H!2][8D!1]...[6H QH 10S AH!11]...  # deal 299, renamed
    $ python3 medici.py --stats 10000 -g 1 | head -2
    deals 1..10000, leftmost rule
    converged 86 of 10000: 0.8600 %, 95 % interval 0.6969..1.0608 %, about 1 in 116
    $ python3 medici.py -g 8589934592
    usage: medici.py [options] < chains
    medici.py: error: argument -g/--game: 8589934592: no such deal (deals are 0..8589934591)
    [exit 2]

EXIT STATUS
    0 when every input line was accepted, 1 otherwise (a refused line, a
    chain that is not the 36 distinct cards, a search that found fewer
    chains than asked, or none to count), 2 for bad options (an --out file
    that cannot be opened included) or wishes that cannot be met, 130
    after Ctrl-C (at a terminal, Ctrl-C during hint or solve stops only the
    search).  Output that cannot be written (a full disk): one line on
    stderr, status 1.
"""
import _signal      # signal's C core, loaded with Python: no time lost importing
if __name__ == "__main__" and _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler:
    # Until run() is ready for it, Ctrl-C ends the program as the signal
    # itself would (status 130 in the shell), not with a traceback from
    # the middle of an import.
    _signal.signal(_signal.SIGINT, _signal.SIG_DFL)
import collections
import errno
import os
import re
import sys
import time

################ Cards
## Throughout this program:
##   card    an int 0..35, rank*4 + suit: 0 is 6♣, 1 is 6♦, ..., 35 is A♠
##   rank    0..8 for 6 7 8 9 10 J Q K A;  suit 0..3 for ♣ ♦ ♥ ♠
##   chain   a list of the 36 cards in the order they are dealt
##   row     the top cards of the piles, left to right
##   pos     a place in the chain, 0..35 (shown to people as 1..36)

RANKS = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]
DECK = list(range(36))                   # 6C 6D 6H 6S 7C ... AS
RANK = [card // 4 for card in DECK]
SUIT = [card % 4 for card in DECK]
# Two cards match when they share a bit: one bit per rank, one per suit.
BITS = [1 << RANK[card] | 1 << (9 + SUIT[card]) for card in DECK]


def card_of(rank, suit):
    "The card of that rank and suit."
    return rank * 4 + suit


def matches(a, b):
    "Whether cards a and b share a rank or a suit."
    return bool(BITS[a] & BITS[b])


# The D article's deck: ranks A K Q J 10 9 8 7 6, suits ♦ ♥ ♠ ♣ within each.
ARTICLE_DECK = [card_of(rank, suit) for rank in range(8, -1, -1)
                for suit in (1, 2, 3, 0)]

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


def fast_shuffle(deck, seed):
    """ms_shuffle(deck, seed), inlined for the deal numbers below 2^31 that
    statistics and search go through by the million.

    >>> all(fast_shuffle(DECK, n) == ms_shuffle(DECK, n)
    ...     for n in [0, 1, 2, 617, 2**31 - 1, 2**31, 2**32 + 5, 2**33 - 1])
    True
    """
    if seed >= 2**31:
        return ms_shuffle(deck, seed)
    deck, dealt = list(deck), []
    append, pop = dealt.append, deck.pop
    for left in range(len(deck), 0, -1):
        seed = (seed * 214013 + 2531011) & 0xFFFFFFFF
        j = (seed >> 16 & 0x7FFF) % left
        append(deck[j])
        deck[j] = deck[-1]
        pop()
    return dealt


def deal(number):
    """The chain of numbered deal number.

    >>> show_cards(deal(1), STYLE)
    '7♦ J♥ 8♥ 6♦ A♣ 7♠ 10♥ A♦ Q♥ 6♥ 8♠ J♣ K♠ 9♥ 10♦ 8♣ 9♠ K♣ 6♠ 9♦ K♥ 8♦ K♦ 10♣ 7♣ 10♠ J♠ A♠ 7♥ A♥ Q♣ 9♣ J♦ 6♣ Q♦ Q♠'
    """
    return ms_shuffle(DECK, number)

################ The rule

RULES = ("leftmost", "rightmost")


def foldable(row, rule="leftmost"):
    """Index of the right card of the triple of row that folds first under
    rule (the leftmost or the rightmost that can), or None.

    >>> row = parse_cards("Q♦ 7♣ Q♠ 9♠ J♠")
    >>> foldable(row), foldable(row, "rightmost")
    (2, 4)
    """
    ends = range(2, len(row))
    if rule == "rightmost":
        ends = reversed(ends)
    for end in ends:
        if matches(row[end - 2], row[end]):
            return end
    return None


class Layout(object):
    """What folding a chain did: the final piles (each a list, bottom card
    first), the efficiency of each position, the set of mobile cards, and
    the steps: ("deal", card, row) and ("fold", middle, left, right, row)."""

    def __init__(self, chain, piles, efficiency, mobile, steps):
        self.chain, self.piles, self.efficiency = chain, piles, efficiency
        self.mobile, self.steps = mobile, steps

    def converges(self):
        "Whether exactly two piles remain."
        return len(self.piles) == 2


def fold(chain, rule="leftmost"):
    """Deal chain card by card as the D article does: after each card, fold
    the triple that rule picks, look again from scratch, until none folds.

    >>> layout = fold(parse_cards("Qd 7c 9s Qs Js 9d"))
    >>> [show_cards(pile, STYLE) for pile in layout.piles]
    ['Q♦ 7♣', '9♠ Q♠', 'J♠', '9♦']
    >>> layout.efficiency, show_cards(sorted(layout.mobile), STYLE)
    ([0, 0, 0, 0, 2, 0], '7♣ 9♦ Q♠')
    """
    piles, efficiency, moved, steps = [], [], set(), []
    for card in chain:
        piles.append([card])
        steps.append(("deal", card, tops(piles)))
        folds = 0
        end = foldable(tops(piles), rule)
        while end is not None:
            left, middle, right = piles[end - 2], piles[end - 1], piles[end]
            moved.add(middle[-1])
            steps.append(("fold", middle[-1], left[-1], right[-1], None))
            left.extend(middle)
            del piles[end - 1]
            steps[-1] = steps[-1][:4] + (tops(piles),)
            folds += 1
            end = foldable(tops(piles), rule)
        efficiency.append(folds)
    mobile = moved | set(chain[-1:])
    return Layout(list(chain), piles, efficiency, mobile, steps)


def tops(piles):
    "The row of top cards of piles."
    return [pile[-1] for pile in piles]


def pile_count(bits):
    """How many piles remain when the chain whose cards have these BITS is
    folded leftmost first.  The fast form of fold(): the row of tops and a
    pointer, all cards left of it settled.  A fold deletes the left card of
    the triple and steps the pointer back two places (to the card that moved,
    then the one that caused the fold), since only those two triples changed.
    About 220,000 chains a second, fold() 1,600 to 3,200 (python3
    tests/bench.py medici_check).

    >>> chains = [deal(n) for n in range(1, 300)]
    >>> all(pile_count([BITS[c] for c in chain]) == len(fold(chain).piles)
    ...     for chain in chains)
    True
    """
    row = [0, 0]            # two blank cards on the left never match
    row += bits
    i = 2
    try:
        while True:
            if row[i - 2] & row[i]:
                del row[i - 2]
                i -= 2
            else:
                i += 1
    except IndexError:      # the pointer left the row: every card settled
        return len(row) - 2


def pile_count_rightmost(bits):
    """pile_count() for the rightmost-first misreading.  A stack holds the
    right ends of the triples that may fold, the rightmost on top; a fold
    at end e changes only the triples ending at e-2 and e-1.

    >>> chains = [deal(n) for n in range(1, 300)]
    >>> all(pile_count_rightmost([BITS[c] for c in chain])
    ...     == len(fold(chain, "rightmost").piles) for chain in chains)
    True
    """
    row = [0, 0]
    for x in bits:
        row.append(x)
        ends = [len(row) - 1]
        while ends:
            end = ends.pop()
            if row[end - 2] & row[end]:
                del row[end - 2]
                while ends and ends[-1] >= end - 2:
                    ends.pop()
                ends += [end - 2, end - 1]
    return len(row) - 2


PILE_COUNT = {"leftmost": pile_count, "rightmost": pile_count_rightmost}


def converges(chain, rule="leftmost"):
    """Whether chain folds to two piles.

    >>> converges(ARTICLE_DECK), converges(ARTICLE_DECK, "rightmost")
    (True, False)
    """
    return PILE_COUNT[rule]([BITS[card] for card in chain]) == 2

################ Hexagrams

LINE_RANKS = [3, 0, 4, 6, 7, 8]          # ranks 9 6 10 Q K A, bottom line first
# King Wen number of the hexagram whose line l (bottom = 0) is solid iff bit l is set.
KING_WEN = [2, 24, 7, 19, 15, 36, 46, 11, 16, 51, 40, 54, 62, 55, 32, 34,
            8, 3, 29, 60, 39, 63, 48, 5, 45, 17, 47, 58, 31, 49, 28, 43,
            23, 27, 4, 41, 52, 22, 18, 26, 35, 21, 64, 38, 56, 30, 50, 14,
            20, 42, 59, 61, 53, 37, 57, 9, 12, 25, 6, 10, 33, 13, 44, 1]
HEXAGRAM_NAMES = [
    "", "The Creative", "The Receptive", "Difficulty at the Beginning",
    "Youthful Folly", "Waiting", "Conflict", "The Army", "Holding Together",
    "Small Taming", "Treading", "Peace", "Standstill", "Fellowship",
    "Great Possession", "Modesty", "Enthusiasm", "Following",
    "Work on the Decayed", "Approach", "Contemplation", "Biting Through",
    "Grace", "Splitting Apart", "Return", "Innocence", "Great Taming",
    "Nourishment", "Great Exceeding", "The Abysmal", "The Clinging",
    "Influence", "Duration", "Retreat", "Great Power", "Progress",
    "Darkening of the Light", "The Family", "Opposition", "Obstruction",
    "Deliverance", "Decrease", "Increase", "Breakthrough", "Coming to Meet",
    "Gathering Together", "Pushing Upward", "Oppression", "The Well",
    "Revolution", "The Cauldron", "The Arousing", "Keeping Still",
    "Development", "The Marrying Maiden", "Abundance", "The Wanderer",
    "The Gentle", "The Joyous", "Dispersion", "Limitation", "Inner Truth",
    "Small Exceeding", "After Completion", "Before Completion"]


def hexagram(mobile, suit):
    """The hexagram of suit as a 6-bit code: bit l set when the card of
    LINE_RANKS[l] in that suit is mobile.

    >>> KING_WEN[hexagram(set(DECK), 0)], KING_WEN[hexagram(set(), 0)]
    (1, 2)
    """
    return sum(1 << line for line, rank in enumerate(LINE_RANKS)
               if card_of(rank, suit) in mobile)


def line_counts(mobile):
    "For each line, bottom first, in how many suits it is solid."
    return [sum(card_of(rank, suit) in mobile for suit in range(4))
            for rank in LINE_RANKS]


def balanced(mobile):
    "Whether every line is solid in exactly two suits."
    return all(count == 2 for count in line_counts(mobile))


def parse_hexagram(text):
    """The code of a hexagram given as a King Wen number or as six lines
    0/1 from bottom to top; ValueError if it is neither.

    >>> parse_hexagram("1"), parse_hexagram("100000"), KING_WEN[parse_hexagram("24")]
    (63, 1, 24)
    """
    text = text.strip()
    if len(text) == 6 and set(text) <= set("01"):
        return sum(1 << line for line, bit in enumerate(text) if bit == "1")
    if 1 <= (number(text) or 0) <= 64:
        return KING_WEN.index(int(text))
    raise ValueError("%s: not a hexagram (a number 1..64 or six lines 0/1, "
                     "bottom first)" % text)

################ Notation

RANK_NAMES = {"6": 0, "7": 1, "8": 2, "9": 3, "10": 4, "T": 4, "X": 4, "\u0425": 4,
              "J": 5, "\u0412": 5, "Q": 6, "\u0414": 6, "K": 7, "\u041a": 7,
              "A": 8, "\u0422": 8}                       # Х В Д К Т
SUIT_NAMES = {"C": 0, "\u2663": 0, "\u2667": 0, "\u041a": 0, "\u0422": 0,   # ♣ ♧ К Т
              "D": 1, "\u2666": 1, "\u2662": 1, "\u0411": 1,                # ♦ ♢ Б
              "H": 2, "\u2665": 2, "\u2661": 2, "\u0427": 2,                # ♥ ♡ Ч
              "S": 3, "\u2660": 3, "\u2664": 3, "\u041f": 3}                # ♠ ♤ П
SEPARATORS = re.compile("[\\s\\[\\]<>,;\ufeff]+")       # a stray byte-order mark too
MARK = re.compile(r"^(.*?)!(\d+)$")


def words(text):
    """The words of a line: comments dropped, brackets and commas separate.

    >>> words("[Qd 7c][9s!2]<Js>, 10h  # a comment")
    ['Qd', '7c', '9s!2', 'Js', '10h']
    """
    return [w for w in SEPARATORS.split(text.split("#")[0]) if w]


def parse_card(word):
    """The card a word names, in any notation; ValueError if none.

    >>> [show_card(parse_card(w), STYLE) for w in
    ...  ["Qd", "QD", "q♦", "Дб", "10h", "TH", "x♥", "Хч", "Тт", "Кк", "A♠!3", "9♡", "J♥\ufe0f"]]
    ['Q♦', 'Q♦', 'Q♦', 'Q♦', '10♥', '10♥', '10♥', '10♥', 'A♣', 'K♣', 'A♠', '9♥', 'J♥']
    >>> parse_card("11h")
    Traceback (most recent call last):
    ValueError: 11h: not a card
    """
    match = MARK.match(word)
    text = (match.group(1) if match else word).replace("\ufe0f", "").upper()
    rank, suit = RANK_NAMES.get(text[:-1]), SUIT_NAMES.get(text[-1:])
    if rank is None or suit is None:
        raise ValueError("%s: not a card" % word)
    return card_of(rank, suit)


def parse_cards(text):
    "The cards of a line of text (ValueError at the first bad word)."
    return [parse_card(word) for word in words(text)]


def written_marks(text):
    """{card: n} for each card of a line written with a mark !n.

    >>> written_marks("[Qd 7c 9s!1] As!12 # K♠!2") == {parse_card("9s"): 1, parse_card("As"): 12}
    True
    """
    marks = {}
    for word in words(text):
        match = MARK.match(word)
        if match:
            marks[parse_card(word)] = int(match.group(2))
    return marks


def marks_problem(marks, layout, rule):
    """What is wrong with the marks a chain was written with ({card: n}),
    folded to layout under rule, or '': those that differ from the check's
    efficiencies, and the rule they fit, if the other fits them all.  (A
    chain found under --rule rightmost, read under the default rule,
    would be checked with other efficiencies in silence.)

    >>> chain = parse_cards(VECTOR)
    >>> marks_problem({parse_card("Js"): 2}, fold(chain), "leftmost")
    ''
    >>> print(marks_problem({parse_card("Js"): 1, parse_card("9d"): 2}, fold(chain), "leftmost"))
    its marks J♠!1 9♦!2 differ from this check's efficiencies: J♠!2 9♦
    >>> right = written_marks(brackets(fold(chain, "rightmost"), STYLE))
    >>> print(marks_problem(right, fold(chain), "leftmost").replace(": ", ":\\n"))
    its marks 8♠!3 9♣!7 K♥!3 A♣!2 8♥!3 8♦!2 differ from this check's efficiencies:
    8♠!6 9♣!8 K♥!6 A♣!1 8♥!1 8♦!1 (they are those of --rule rightmost:
    check it with --rule rightmost)
    """
    at = dict(zip(layout.chain, layout.efficiency))
    wrong = [card for card in layout.chain if card in marks and marks[card] != at[card]]
    if not wrong:
        return ""
    text = "its marks %s differ from this check's efficiencies: %s" % (
        " ".join("%s!%d" % (show_card(card, STYLE), marks[card]) for card in wrong),
        " ".join(show_card(card, STYLE) + ("!%d" % at[card] if at[card] else "")
                 for card in wrong))
    other = fold(layout.chain, "rightmost" if rule == "leftmost" else "leftmost")
    if all(marks.get(card, n) == n for card, n in zip(other.chain, other.efficiency)):
        text += (" (they are those of --rule rightmost: check it with --rule rightmost)"
                 if rule == "leftmost" else
                 " (they are those of the default rule: check it without --rule rightmost)")
    return text


def chain_problem(cards):
    """What keeps cards from being a chain of the 36 distinct cards, or ''.

    >>> chain_problem(DECK)
    ''
    >>> print(chain_problem(DECK[:21] + [20] + DECK[22:]))
    J♣ twice; J♦ missing
    >>> print(chain_problem(DECK[:35]))
    35 cards; A♠ missing
    >>> print(chain_problem([0, 0, 0, 5]))
    4 cards; 6♣ 3 times; 34 missing
    >>> print(chain_problem([5]))
    1 card; 35 missing
    """
    counts = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    repeated = [card for card in sorted(counts) if counts[card] > 1]
    missing = [card for card in DECK if card not in counts]
    if not repeated and not missing:
        return ""
    parts = [plural(len(cards), "card")] if len(cards) != 36 else []
    if repeated:
        parts.append(", ".join("%s %s" % (show_card(card, STYLE),
                                          TIMES.get(counts[card], "%d times" % counts[card]))
                               for card in repeated))
    if missing:
        parts.append("%s missing" % (show_cards(missing, STYLE) if len(missing) <= 6
                                     else len(missing)))
    return "; ".join(parts)


TIMES = {2: "twice"}

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


def fit(text, stream):
    """text with suit symbols as letters if stream cannot show them.

    >>> import io; fit("A\u2665 twice", io.TextIOWrapper(io.BytesIO(), "ascii"))
    'AH twice'
    """
    if can_print_suits(stream):
        return text
    return text.translate({ord(symbol): letter for symbol, letter in zip(SUIT_SYMBOLS, "CDHS")})


def can_print(stream, text):
    "Whether stream can encode text."
    try:
        text.encode(getattr(stream, "encoding", None) or "ascii")
        return True
    except (LookupError, UnicodeError):
        return False

################ Display

class Style(object):
    "How cards are written: notation 'suits', 'letters', 'en' or 'ru'; colour."

    def __init__(self, notation="suits", colour=False):
        self.notation, self.colour = notation, colour
        self.unicode = notation in ("suits", "ru")


STYLE = Style()                              # plain Unicode suits, for doctests
RANK_TEXT = {"suits": RANKS, "letters": RANKS, "en": RANKS,
             "ru": ["6", "7", "8", "9", "10", "\u0412", "\u0414", "\u041a", "\u0422"]}
SUIT_TEXT = {"suits": "\u2663\u2666\u2665\u2660", "letters": "CDHS", "en": "cdhs",
             "ru": "\u043a\u0431\u0447\u043f"}            # к б ч п


def show_card(card, style):
    """card as style writes it.

    >>> [show_card(34, Style(n)) for n in ("suits", "letters", "en", "ru")]
    ['A♥', 'AH', 'Ah', 'Тч']
    >>> show_card(34, Style("suits", colour=True))
    '\\x1b[31mA♥\\x1b[0m'
    """
    text = RANK_TEXT[style.notation][RANK[card]] + SUIT_TEXT[style.notation][SUIT[card]]
    if style.colour and SUIT[card] in (1, 2):
        return RED + text + RESET
    return text


def show_cards(cards, style):
    "Cards separated by blanks."
    return " ".join(show_card(card, style) for card in cards)


def brackets(layout, style, marks=True):
    """The chain in bracket notation: a group closes after every card that
    caused a fold, marked !n with its efficiency (unless marks is False);
    cards after the last fold of a chain that does not converge stay outside.

    >>> layout = fold(parse_cards(VECTOR))
    >>> brackets(layout, Style("en"), marks=False) == VECTOR
    True
    """
    text, group = "", []
    for card, folds in zip(layout.chain, layout.efficiency):
        group.append(show_card(card, style) + ("!%d" % folds if folds and marks else ""))
        if folds:
            text += "[" + " ".join(group) + "]"
            group = []
    return (text + " " + " ".join(group)).strip()


# The Perl module Dreamhack::Solitaire::Medici's test chain, in its notation.
VECTOR = ("[Qd 7c 9s Qs Js][9d Ad Kd][8c 6s 10d 8s][Kc Qh 7s 6d 10s][Ah 6c 7h]"
          "[7d As Jd][Ks][6h Jh Jc Qc 9h 9c][Kh][Ac][8h][10c][8d][10h]")


def brief(layout, style, note=""):
    """One line: the brackets and, as a comment, how the chain ended (and
    the note, such as its deal number)."""
    piles = len(layout.piles)
    return "%s  # %s%s" % (brackets(layout, style),
                           "converges" if piles == 2 else "%d piles" % piles,
                           ", " + note if note else "")


def hexagram_lines(layout, style):
    "The four hexagrams side by side, top line first, and the balance."
    solid, broken = (("\u2501" * 5, "\u2501\u2501 \u2501\u2501") if style.unicode
                     else ("-----", "-- --"))
    codes = [hexagram(layout.mobile, suit) for suit in range(4)]
    counts = line_counts(layout.mobile)
    lines = ["hexagrams  " + "".join("  %s    " % show_suit(suit, style)
                                     for suit in range(4)) + "solid"]
    for line in range(5, -1, -1):
        cells = [solid if code >> line & 1 else broken for code in codes]
        lines.append("%7s    %s  %3d" % (RANKS[LINE_RANKS[line]], "  ".join(cells),
                                        counts[line]))
    lines.append("           " + "".join("%4d   " % KING_WEN[code] for code in codes).rstrip())
    lines += ["           %s %2d %s" % (show_suit(suit, style), KING_WEN[code],
                                        HEXAGRAM_NAMES[KING_WEN[code]])
              for suit, code in enumerate(codes)]
    off = ["%s in %d" % (RANKS[LINE_RANKS[line]], counts[line])
           for line in range(5, -1, -1) if counts[line] != 2]
    lines.append("balanced   " + ("yes: every line is solid in two suits" if not off else
                                  "no: lines solid in other than two suits: " + ", ".join(off)))
    return lines


def show_suit(suit, style):
    "The symbol of a suit alone."
    text = SUIT_TEXT[style.notation][suit]
    return RED + text + RESET if style.colour and suit in (1, 2) else text


def efficiency_lines(layout, style):
    "Every card's efficiency in a grid: a row per suit, a column per rank."
    where = {card: pos for pos, card in enumerate(layout.chain)}
    lines = ["efficiency " + "".join("%3s" % rank for rank in RANKS)]
    for suit in range(4):
        cells = [layout.efficiency[where[card_of(rank, suit)]] for rank in range(9)]
        lines.append("          %s" % show_suit(suit, style)
                     + "".join("%3s" % (n or ".") for n in cells))
    return lines


def report(layout, style):
    "Everything about a folded chain, as lines."
    chain, piles = layout.chain, layout.piles
    mobile = [card for card in chain if card in layout.mobile]
    stationary = [card for card in chain if card not in layout.mobile]
    transits = sum(1 for folds in layout.efficiency if folds)
    lines = ["chain      " + brackets(layout, style),
             "converges  %s: %d piles, %d folds, %d transits" % (
                 "yes" if layout.converges() else "no", len(piles),
                 sum(layout.efficiency), transits)]
    for number, pile in enumerate(piles, 1):
        lines.append("%-11s%2d: %s" % ("piles" if number == 1 else "", number,
                                        show_cards(pile, style)))
    lines += efficiency_lines(layout, style)
    lines.append("mobile     %2d: %s" % (len(mobile), show_cards(mobile, style)))
    lines.append("stationary %2d: %s" % (len(stationary), show_cards(stationary, style)))
    return lines + hexagram_lines(layout, style)


def trace_lines(layout, style):
    """Every deal and every fold (the triple, the middle pile going onto the
    left one) with the row of top cards after it."""
    lines, dealt = [], 0
    for step in layout.steps:
        if step[0] == "deal":
            dealt += 1
            head = "%2d %s" % (dealt, show_card(step[1], style))
        else:
            middle, left, right, row = step[1:]
            head = "   fold %s %s %s (%s)" % (
                show_card(left, style), show_card(middle, style), show_card(right, style),
                "rank" if RANK[left] == RANK[right] else "suit")
        width = len(strip_colour(head))
        lines.append(head + " " * max(1, 28 - width) + show_cards(step[-1], style))
    return lines


def strip_colour(text):
    "text without colour escapes."
    return text.replace(RED, "").replace(RESET, "")

################ Statistics

def tally(first, last, rule="leftmost"):
    """How many numbered deals first..last-1 end with each number of piles,
    as a list indexed by the number of piles.

    >>> counts = tally(1, 1001); counts[2], sum(counts)
    (8, 1000)
    >>> piles = [len(fold(deal(n)).piles) for n in range(1, 1001)]
    >>> counts == [piles.count(p) for p in range(37)]
    True
    """
    if rule != "leftmost" or last > 2**31:
        piles = PILE_COUNT[rule]
        counts = [0] * 37
        for number in range(first, last):
            counts[piles(fast_shuffle(BITS, number))] += 1
        return counts
    return tally_fast(first, last)


DEAL_STEPS = [(i, i + 1) for i in range(35, 0, -1)]


def tally_fast(first, last):
    """tally() with fast_shuffle() and pile_count() inlined: 93,000 deals a
    second in one process, --stats 1000000 in 9.7 s on two (python3
    tests/bench.py medici_stats).  The shuffle swaps each pick to the end of
    the deck instead of dealing it, so the deck reversed is the deal, with
    the two blank cards pile_count() wants in front."""
    counts = [0] * 37
    deck = BITS + [0, 0]
    for number in range(first, last):
        row, state = deck[:], number
        for i, left in DEAL_STEPS:
            state = (state * 214013 + 2531011) & 0xFFFFFFFF
            j = (state >> 16 & 0x7FFF) % left
            row[j], row[i] = row[i], row[j]
        row.reverse()
        i = 2
        try:
            while True:
                if row[i - 2] & row[i]:
                    del row[i - 2]
                    i -= 2
                else:
                    i += 1
        except IndexError:
            counts[len(row) - 2] += 1
    return counts


def tally_part(part):
    """(part, tally() of it, seconds, process id) of one (first, last, rule)
    part, for a worker process."""
    began = time.time()
    return part, tally(*part), time.time() - began, os.getpid()


def tally_parts(parts, jobs):
    """(part, counts, seconds, process) of each part as it is done, over jobs
    processes when the machine can; Died when a worker process dies."""
    return results(tally_part, parts, jobs)


def split(spans, jobs):
    """Parts (first, last) covering the spans (first, last), enough of them
    to keep jobs processes busy, of 10,000 to 10,000,000 deals (about a
    minute of one core here: what a crash may lose of each process's work).

    >>> split([(1, 25000), (200001, 200010)], 2)
    [(1, 10000), (10001, 20000), (20001, 25000), (200001, 200010)]
    >>> len(split([(1, 10**7)], 2)), len(split([(1, 10**10)], 2))
    (16, 1000)
    """
    count = sum(last - first + 1 for first, last in spans)
    step = max(10000, min(10000000, count // (jobs * 8)))
    return [(n, min(n + step - 1, last)) for first, last in spans
            for n in range(first, last + 1, step)]


def cut(spans, edges):
    """The spans (first, last) cut before each deal of edges.

    >>> cut([(1, 1000), (2001, 3000)], {501, 2001, 5000})
    [(1, 500), (501, 1000), (2001, 3000)]
    """
    return [(a, b) for first, last in spans
            for a, b in zip([first] + sorted(e for e in edges if first < e <= last),
                            sorted(e - 1 for e in edges if first < e <= last) + [last])]


def stats_lines(spans, counts, rule, last_line):
    "The report of tally() counts over the spans (first, last) of deals."
    n = sum(counts)
    hits = counts[2]
    low, high = wilson(hits, n)
    lines = ["deals %s, %s rule" % (spans_text(spans), rule),
             "converged %d of %d: %.4f %%, 95 %% interval %.4f..%.4f %%%s" % (
                 hits, n, 100.0 * hits / n, 100 * low, 100 * high,
                 ", about 1 in %d" % round(n / hits) if hits else ""),
             "piles     deals       %"]
    widest = max(counts)
    for piles, count in enumerate(counts):
        if count:
            lines.append(("%5d %9d %7.3f  %s" % (piles, count, 100.0 * count / n,
                                                 "#" * int(round(40.0 * count / widest)))).rstrip())
    lines.append(last_line)
    return lines


def spans_text(spans, most=8):
    """Spans of deals as the report names them.

    >>> spans_text([(1, 10)]), spans_text([(1, 10), (21, 30), (41, 41)])
    ('1..10', '1..10, 21..30 and 41')
    """
    words = ["%d..%d" % span if span[0] < span[1] else "%d" % span[0] for span in spans[:most]]
    if len(spans) > most:
        words.append("%d more spans" % (len(spans) - most))
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]

################ Statistics kept in a file

BLOCK = re.compile(r"^(\d+)-(\d+) +(\d+\.\d+) s((?: +\d+:\d+)+)$")


def block_line(first, last, counts, seconds):
    """A block of deals' line in a results file: its deals, the seconds it
    took and how many of its deals end with each number of piles.

    >>> block_line(1, 10, [0, 0, 1, 2, 7] + [0] * 32, 0.001)
    '1-10 0.00 s 2:1 3:2 4:7'
    """
    return "%d-%d %.2f s %s" % (first, last, seconds, " ".join(
        "%d:%d" % (piles, count) for piles, count in enumerate(counts) if count))


def parse_block(text):
    """(first, last, counts, seconds) of a block's line; ValueError if it is none.

    >>> parse_block("1-10 0.00 s 2:1 3:2 4:7")[:2]
    (1, 10)
    >>> parse_block("1-10 0.00 s 2:1 3:2 4:6")
    Traceback (most recent call last):
    ValueError: not a block of deals: 1-10 0.00 s 2:1 3:2 4:6
    """
    match = BLOCK.match(text.strip())
    counts = [0] * 37
    if match:
        for word in match.group(4).split():
            piles, count = map(int, word.split(":"))
            if piles < len(counts):
                counts[piles] += count
    if not match or not 0 <= int(match.group(1)) <= int(match.group(2)) <= GAME_LIMIT or (
            sum(counts) != int(match.group(2)) - int(match.group(1)) + 1):
        raise ValueError("not a block of deals: %s" % snippet(text))
    return int(match.group(1)), int(match.group(2)), counts, float(match.group(3))


def cover(blocks):
    """The blocks (first, last, ...) to add up, each deal once: for every
    span of deals the blocks cover, a row of blocks that meet end to end,
    and the spans (first, last) where the blocks overlap without lining up.

    >>> cover([(1, 5), (6, 10), (1, 12), (21, 30), (21, 25), (26, 30), (31, 40)])
    ([(1, 12), (21, 30), (31, 40)], [])
    >>> cover([(1, 5), (6, 10), (3, 12)])
    ([], [(1, 12)])
    """
    chosen, tangled = [], []
    blocks = sorted(blocks, key=lambda block: (block[0], -block[1]))
    i = 0
    while i < len(blocks):                  # one span of deals at a time
        first, last, j = blocks[i][0], blocks[i][1], i
        while j < len(blocks) and blocks[j][0] <= last + 1:
            last = max(last, blocks[j][1])
            j += 1
        reach = {first: None}               # deal: the block that ends before it
        for block in blocks[i:j]:
            if block[0] in reach and block[1] + 1 not in reach:
                reach[block[1] + 1] = block
        if last + 1 in reach:
            row, end = [], last + 1
            while reach[end] is not None:
                row.append(reach[end])
                end = reach[end][0]
            chosen.extend(reversed(row))
        else:
            tangled.append((first, last))
        i = j
    return chosen, tangled


def spans_of(blocks):
    """The spans (first, last) that blocks (first, last, ...) meeting end
    to end cover.

    >>> spans_of([(1, 5), (6, 10), (21, 30)])
    [(1, 10), (21, 30)]
    """
    spans = []
    for block in sorted(blocks):
        if spans and spans[-1][1] + 1 == block[0]:
            spans[-1] = (spans[-1][0], block[1])
        else:
            spans.append((block[0], block[1]))
    return spans


def planned_first(name):
    "The first deal a results file's last '# deals' line names, or None."
    first = None
    try:
        for number, text in result_lines(name) if os.path.isfile(name) else ():
            if text.startswith("# deals "):
                first = int(text.split()[2].split("..")[0])
    except (OSError, ValueError, IndexError):
        pass
    return first

################ Search

class Wish(object):
    """What a searched chain must meet: slots (one per position: None or
    (rank or None, suit or None, least efficiency)), targets {card: least
    efficiency}, hexagrams {suit: code}, balanced."""

    def __init__(self, slots=None, targets=None, hexagrams=None, balanced=False):
        self.slots = slots or [None] * 36
        self.targets = targets or {}
        self.hexagrams = hexagrams or {}
        self.balanced = balanced

    def fixed(self):
        "{pos: card} of the slots that name a whole card."
        return {pos: card_of(slot[0], slot[1]) for pos, slot in enumerate(self.slots)
                if slot and slot[0] is not None and slot[1] is not None}

    def partial(self):
        "[(pos, rank, suit)] of the slots that name a rank or a suit only."
        return [(pos, slot[0], slot[1]) for pos, slot in enumerate(self.slots)
                if slot and (slot[0] is None) != (slot[1] is None)]


def parse_slot(word):
    """A pattern slot: None for any card, else (rank, suit, least efficiency)
    with None for a free rank or suit.

    >>> [parse_slot(w) for w in ["?", "??", "?!3", "Q?", "?h", "6S", "A♥!10"]]
    [None, None, (None, None, 3), (6, None, 0), (None, 2, 0), (0, 3, 0), (8, 2, 10)]
    """
    match = MARK.match(word)
    text, least = (match.group(1), int(match.group(2))) if match else (word, 0)
    text = text.replace("\ufe0f", "").upper()
    if text in ("?", "??", "*"):
        return (None, None, least) if least else None
    rank = None if text[:-1] == "?" else RANK_NAMES.get(text[:-1])
    suit = None if text[-1:] == "?" else SUIT_NAMES.get(text[-1:])
    if (rank is None and text[:-1] != "?") or (suit is None and text[-1:] != "?"):
        raise ValueError("%s: not a card, ? or a card with ? for its rank or suit" % word)
    return (rank, suit, least)


def parse_pattern(text):
    """The 36 slots of a pattern: ... fills up with ?, a short one is padded.

    >>> slots = parse_pattern("?? 6S ... A♥")
    >>> len(slots), slots[1], slots[35], slots[2:35] == [None] * 33
    (36, (0, 3, 0), (8, 2, 0), True)
    """
    found = words(text)
    fills = [i for i, w in enumerate(found) if w in ("...", "\u2026")]
    if len(fills) > 1:
        raise ValueError("one ... at most")
    if fills:
        i = fills[0]
        found = found[:i] + ["?"] * (36 - len(found) + 1) + found[i + 1:]
    if len(found) > 36:
        raise ValueError("%d slots: a chain has 36" % len(found))
    return [parse_slot(w) for w in found] + [None] * (36 - len(found))


def most_folds(pos):
    "The most folds the card at pos can cause: one per pile it finds, less two."
    return max(0, pos - 1)


def contradictions(wish):
    """Why wish cannot be met, as a list of reasons (empty if it may be).

    >>> w = Wish(parse_pattern("6S 6S"), {34: 35})
    >>> for reason in contradictions(w): print(reason)
    6♠ wished at positions 1 and 2
    A♥!35: no card folds more than 34 times
    >>> contradictions(Wish(parse_pattern("? A♥"), {34: 1}))
    ['A♥ at position 2 folds at most 0 times, not 1']
    """
    reasons, seen = [], {}
    for pos, card in sorted(wish.fixed().items()):
        if card in seen:
            reasons.append("%s wished at positions %d and %d"
                           % (show_card(card, STYLE), seen[card] + 1, pos + 1))
        seen[card] = pos
    for pos, slot in enumerate(wish.slots):
        if slot and slot[2] > most_folds(pos):
            reasons.append("position %d folds at most %d times, not %d"
                           % (pos + 1, most_folds(pos), slot[2]))
    for card, least in sorted(wish.targets.items()):
        if least > 34:
            reasons.append("%s!%d: no card folds more than 34 times"
                           % (show_card(card, STYLE), least))
        elif card in seen and least > most_folds(seen[card]):
            reasons.append("%s at position %d folds at most %d times, not %d"
                           % (show_card(card, STYLE), seen[card] + 1,
                              most_folds(seen[card]), least))
    if sum(wish.targets.values()) > 34 and not any(l > 34 for l in wish.targets.values()):
        reasons.append("the targets' efficiencies add up to %d: a chain has 34 folds"
                       % sum(wish.targets.values()))
    if not placement(wish, [card for card in DECK if card not in seen]):
        reasons.append("no cards are left for the pattern's ranks and suits")
    reasons += hexagram_contradictions(wish, seen)
    return reasons


def hexagram_contradictions(wish, seen):
    "Reasons why the hexagram and balance wishes cannot be met."
    reasons = []
    for suit, code in sorted(wish.hexagrams.items()):
        for line, rank in enumerate(LINE_RANKS):
            card, solid = card_of(rank, suit), code >> line & 1
            if seen.get(card) == 0 and solid:
                reasons.append("%s comes first, so it is stationary" % show_card(card, STYLE))
            if seen.get(card) == 35 and not solid:
                reasons.append("%s comes last, so it is mobile" % show_card(card, STYLE))
    if wish.balanced:
        wished = list(wish.hexagrams.values())
        solid = [sum(code >> line & 1 for code in wished) for line in range(6)]
        lines = [RANKS[LINE_RANKS[line]] for line in range(6)
                 if solid[line] > 2 or len(wished) - solid[line] > 2]
        if lines:
            reasons.append("with these hexagrams the %s line%s cannot be solid in "
                           "exactly two suits" % (" ".join(lines), "s" if len(lines) > 1 else ""))
    return reasons


def placement(wish, free):
    """A chain for wish: its fixed cards in place, its partial slots (Q?, ?h)
    filled from free cards in their order (a bipartite matching), the other
    slots with the rest of free in order; None if the partial slots cannot
    all be filled.

    >>> chain = placement(Wish(parse_pattern("Q? ?h 6C")), DECK[::-1][:35])
    >>> show_cards(chain[:6], STYLE)
    'Q♠ A♥ 6♣ A♠ A♦ A♣'
    """
    chain = [None] * 36
    for pos, card in wish.fixed().items():
        chain[pos] = card
    partial = wish.partial()
    owner = {}                          # free card -> index into partial

    def fits(card, slot):
        return ((slot[1] is None or RANK[card] == slot[1])
                and (slot[2] is None or SUIT[card] == slot[2]))

    def claim(k, seen):
        for card in free:
            if card not in seen and fits(card, partial[k]):
                seen.add(card)
                if card not in owner or claim(owner[card], seen):
                    owner[card] = k
                    return True
        return False

    for k in range(len(partial)):
        if not claim(k, set()):
            return None
    for card, k in owner.items():
        chain[partial[k][0]] = card
    rest = iter(card for card in free if card not in owner)
    return [card if card is not None else next(rest, None) for card in chain]


def meets(layout, wish):
    """Whether a folded chain meets wish as it stands.

    >>> meets(fold(ARTICLE_DECK), Wish(parse_pattern("A♦ ... 6♣"), {0: 1}))
    True
    """
    where = {card: pos for pos, card in enumerate(layout.chain)}
    for pos, slot in enumerate(wish.slots):
        if slot:
            card = layout.chain[pos]
            if ((slot[0] is not None and RANK[card] != slot[0])
                    or (slot[1] is not None and SUIT[card] != slot[1])
                    or layout.efficiency[pos] < slot[2]):
                return False
    return (layout.converges()
            and all(layout.efficiency[where[card]] >= least
                    for card, least in wish.targets.items())
            and all(hexagram(layout.mobile, suit) == code
                    for suit, code in wish.hexagrams.items())
            and (not wish.balanced or balanced(layout.mobile)))


def renamings(layout, wish):
    """(ranks, suits) renamings, each a list new name by old name, that make
    the converging layout meet wish: the first found, identity first; or None.

    The article's deck has no A♥ of efficiency 3, but its 6♣ has: renaming
    6 as A and ♣ as ♥ (and A as 6, ♥ as ♣) meets the wish.

    >>> layout, wish = fold(ARTICLE_DECK), Wish(targets={card_of(8, 2): 3})
    >>> ranks, suits = renamings(layout, wish); ranks, suits
    ([8, 1, 2, 3, 4, 5, 6, 7, 0], [2, 1, 0, 3])
    >>> meets(fold(rename(ARTICLE_DECK, ranks, suits)), wish)
    True
    """
    import itertools
    chain, efficiency, mobile = layout.chain, layout.efficiency, layout.mobile
    for pos, slot in enumerate(wish.slots):
        if slot and efficiency[pos] < slot[2]:
            return None
    rank_wishes = [(RANK[chain[pos]], slot[0]) for pos, slot in enumerate(wish.slots)
                   if slot and slot[0] is not None]
    suit_wishes = [(SUIT[chain[pos]], slot[1]) for pos, slot in enumerate(wish.slots)
                   if slot and slot[1] is not None]
    mobile_count = [sum(card_of(rank, suit) in mobile for suit in range(4))
                    for rank in range(9)]
    for suits in sorted(itertools.permutations(range(4)),
                        key=lambda p: sum(new != old for old, new in enumerate(p))):
        if any(suits[old] != new for old, new in suit_wishes):
            continue
        choices = []
        for card, least in sorted(wish.targets.items()):
            places = [RANK[chain[pos]] for pos in range(36) if efficiency[pos] >= least
                      and suits[SUIT[chain[pos]]] == SUIT[card]]
            choices.append([(old, RANK[card]) for old in sorted(set(places))])
        for picked in itertools.product(*choices):
            ranks = rename_ranks(rank_wishes + list(picked),
                                 allowed_ranks(wish, suits, mobile, mobile_count))
            if ranks:
                return ranks, list(suits)
    return None


def allowed_ranks(wish, suits, mobile, mobile_count):
    "For each new rank, the old ranks that hexagram and balance wishes let it come from."
    old_suit = {new: old for old, new in enumerate(suits)}
    allowed = [set(range(9)) for rank in range(9)]
    for suit, code in wish.hexagrams.items():
        for line, new in enumerate(LINE_RANKS):
            solid = bool(code >> line & 1)
            allowed[new] &= {old for old in range(9)
                             if (card_of(old, old_suit[suit]) in mobile) == solid}
    if wish.balanced:
        for new in LINE_RANKS:
            allowed[new] &= {old for old in range(9) if mobile_count[old] == 2}
    return allowed


def rename_ranks(pairs, allowed):
    """A renaming of ranks (new rank by old rank) that sends each old rank of
    pairs to its new rank and takes each new rank from an allowed old one,
    identity first; None if there is none.

    >>> rename_ranks([(0, 8)], [set(range(9))] * 9)
    [8, 1, 2, 3, 4, 5, 6, 7, 0]
    >>> rename_ranks([(0, 8), (1, 8)], [set(range(9))] * 9) is None
    True
    """
    chosen = {}                                     # new rank -> old rank
    for old, new in pairs:
        if chosen.get(new, old) != old or old not in allowed[new]:
            return None
        chosen[new] = old
    if len(set(chosen.values())) < len(chosen):
        return None
    free_new = sorted((rank for rank in range(9) if rank not in chosen),
                      key=lambda new: len(allowed[new]))

    def solve(k, used):
        if k == len(free_new):
            return True
        new = free_new[k]
        for old in sorted(allowed[new] - used, key=lambda old: (old != new, old in free_new, old)):
            chosen[new] = old
            if solve(k + 1, used | {old}):
                return True
        chosen.pop(new, None)
        return False

    if not solve(0, set(chosen.values())):
        return None
    renaming = [0] * 9
    for new, old in chosen.items():
        renaming[old] = new
    return renaming


def rename(chain, ranks, suits):
    "chain with every rank and suit renamed."
    return [card_of(ranks[RANK[card]], suits[SUIT[card]]) for card in chain]


def find(wish, first, limit, rule="leftmost", deadline=None):
    """Yield (deal number, chain, renamed) for each of the deals first,
    first+1, ... (limit of them) whose converging chain meets wish, itself or
    with its ranks and suits renamed.

    >>> number, chain, renamed = next(find(Wish(targets={34: 10}), 1, 10**6))
    >>> layout = fold(chain); layout.efficiency[chain.index(34)] >= 10, meets(layout, Wish(targets={34: 10}))
    (True, True)
    """
    fixed = wish.fixed()
    free = [card for card in DECK if card not in fixed.values()]
    template = [fixed.get(pos) for pos in range(36)]
    holes = [pos for pos in range(36) if pos not in fixed]
    partial = wish.partial()
    piles = PILE_COUNT[rule]
    for number in range(first, first + limit):
        if deadline and number % 1024 == 0 and time.time() > deadline:
            return
        dealt = fast_shuffle(free, number)
        if partial:
            chain = placement(wish, dealt)
        elif fixed:
            chain = template[:]
            for pos, card in zip(holes, dealt):
                chain[pos] = card
        else:
            chain = dealt
        if piles([BITS[card] for card in chain]) != 2:
            continue
        layout = fold(chain, rule)
        if meets(layout, wish):
            yield number, chain, False
            continue
        found = renamings(layout, wish)
        if found:
            chain = rename(chain, *found)
            if meets(fold(chain, rule), wish):
                yield number, chain, True

################ Complete search
## find() samples; the search below is complete.  It places the cards left
## to right, one place at a time, and folds incrementally: the row left by
## the first k cards is settled (no triple folds), so placing a card can only
## start folds at the triple it ends.  Everything it keeps is the path: 36
## short rows, a few kilobytes, whatever the wishes; the time limit bounds it.
##
## Cuts, each of which keeps every chain that meets the wishes:
##   efficiency   a card's folds are counted when it is placed and never
##                change: fewer than its place or its target asks, cut.  With
##                p piles after place k, the card at a later place q makes at
##                most p + (q - k) - 2 folds, so a wish at q, or a target card
##                that can still come no later than q, needs p - k large enough.
##   mobility     a card that moved stays mobile; a card that left the row
##                without moving, or stands first in it (nothing is left of it
##                to fold onto), stays stationary: a hexagram or the balance
##                that needs otherwise is lost.
##   convergence  a pile of the row whose top matches no top three or more
##                places right of it (the one two places right does not match,
##                or it would have folded) and no card still to come is never
##                covered: it is among the final piles, and so is the last
##                card.  Two such piles with cards to come: cut.
##   symmetry     ranks that no wish names can be swapped for one another,
##                and so can such suits (under --balanced, the ranks of the
##                hexagram lines among themselves and the others among
##                themselves): a chain meets the wishes exactly when its
##                renamings do.  The search keeps the chains in which such
##                ranks, and such suits, first appear in their order; every
##                chain is one of those renamed in exactly one way.
## Card order: each place tries first the cards that match the top three
## places left of it, which gives that pile a way to be covered (the cards
## that converge chains need), then the others.  Probes try the cards in a
## random order and give up after a few hundred places; the complete search
## goes through them all.

BLANK = 36                              # two of them start each row; match nothing
MATCHES = BITS + [0]
RANK_CARDS = [sum(1 << card_of(rank, suit) for suit in range(4)) for rank in range(9)]
SUIT_CARDS = [sum(1 << card_of(rank, suit) for rank in range(9)) for suit in range(4)]
ONES = [bin(n).count("1") for n in range(16)]   # how many of four cards
# Rare wishes as commands, -g 1..10, start-up included: AS!34 in 0.59 s on average
# (1.23 s at most), QD!20 with 9C!8 in 1.17 s, AS!max proved 34 in 0.46 s (python3
# tests/bench.py medici_find).
PROBE = 100                             # places a probe tries before it gives up
# CARD!max's first try, at the top, gets one round (40,000 places, 1-2 s): each of
# ten wishes settles there, reached or ruled out (python3 tests/bench.py medici_max).
TOP_ROUNDS = 1
RETRIES = 50                            # probes from one mark before it is dropped


class OutOfNodes(Exception):
    "The search reached its budget of places."


class OutOfTime(Exception):
    "The search reached its deadline."


def cascade_leftmost(row, moved, gone):
    """Fold row, settled but for its last card, leftmost first as
    pile_count() does; returns (folds, moved, gone) with the bit of each
    card that moved and each that was covered added."""
    folds, i = 0, len(row) - 1
    try:
        while True:
            if MATCHES[row[i - 2]] & MATCHES[row[i]]:
                gone |= 1 << row[i - 2]
                moved |= 1 << row[i - 1]
                del row[i - 2]
                i -= 2
                folds += 1
            else:
                i += 1
    except IndexError:
        return folds, moved, gone


def cascade_rightmost(row, moved, gone):
    "cascade_leftmost() for the rightmost-first rule, as pile_count_rightmost()."
    folds, ends = 0, [len(row) - 1]
    while ends:
        end = ends.pop()
        if MATCHES[row[end - 2]] & MATCHES[row[end]]:
            gone |= 1 << row[end - 2]
            moved |= 1 << row[end - 1]
            del row[end - 2]
            folds += 1
            while ends and ends[-1] >= end - 2:
                ends.pop()
            ends += [end - 2, end - 1]
    return folds, moved, gone


CASCADE = {"leftmost": cascade_leftmost, "rightmost": cascade_rightmost}


def symmetry_classes(wish):
    """(rank classes, suit classes): lists of ranks, and of suits, that no
    wish tells apart.

    >>> symmetry_classes(Wish(parse_pattern("Q? ?h"), {35: 3}))
    ([[0, 1, 2, 3, 4, 5, 7]], [[0, 1]])
    >>> symmetry_classes(Wish(balanced=True))
    ([[0, 3, 4, 6, 7, 8], [1, 2, 5]], [[0, 1, 2, 3]])
    """
    ranks, suits = set(), set()
    for slot in wish.slots:
        if slot:
            ranks.add(slot[0])
            suits.add(slot[1])
    for card in wish.targets:
        ranks.add(RANK[card])
        suits.add(SUIT[card])
    for suit in wish.hexagrams:
        suits.add(suit)
        ranks.update(LINE_RANKS)
    free = [rank for rank in range(9) if rank not in ranks]
    rank_classes = [free]
    if wish.balanced:
        rank_classes = [[rank for rank in free if rank in LINE_RANKS],
                        [rank for rank in free if rank not in LINE_RANKS]]
    return ([c for c in rank_classes if len(c) > 1],
            [c for c in [[suit for suit in range(4) if suit not in suits]] if len(c) > 1])


def images(chain, rank_classes, suit_classes):
    """chain and every chain its ranks and suits renamed within their
    classes give, chain first.

    >>> len(list(images(DECK, [[0, 1, 2]], [[0, 1]])))
    12
    """
    import itertools
    rankings = [range(9)]
    for cls in rank_classes:
        rankings = [renamed for base in rankings for renamed in permuted(base, cls)]
    suitings = [range(4)]
    for cls in suit_classes:
        suitings = [renamed for base in suitings for renamed in permuted(base, cls)]
    for ranks, suits in itertools.product(rankings, suitings):
        yield rename(chain, ranks, suits)


def permuted(names, cls):
    "Each renaming names gives with the names in cls permuted among themselves."
    import itertools
    for order in itertools.permutations(cls):
        renamed = list(names)
        for old, new in zip(cls, order):
            renamed[old] = names[new]
        yield renamed


class Search(object):
    """The complete search for the chains that meet wish: run() walks the
    places once, in the order of the cards it is given, and calls visit
    with each chain found (one of each renaming class, see above)."""

    def __init__(self, wish, rule="leftmost"):
        at = {card: pos for pos, card in wish.fixed().items()}
        self.allowed = [sum(1 << card for card in DECK if fits_slot(card, pos, slot, at))
                        for pos, slot in enumerate(wish.slots)]
        self.least = [slot[2] if slot else 0 for slot in wish.slots]
        self.target = [wish.targets.get(card, 0) for card in DECK]
        latest = [max(pos for pos in range(36) if self.allowed[pos] >> card & 1)
                  for card in DECK]
        self.later = [(1 << card, least - latest[card] + 2)
                      for card, least in sorted(wish.targets.items())]
        self.need = [max([self.least[q] - q + 2 for q in range(k + 1, 36)] or [-99])
                     for k in range(36)]
        self.move = sum(1 << card_of(rank, suit) for suit, code in wish.hexagrams.items()
                        for line, rank in enumerate(LINE_RANKS) if code >> line & 1)
        self.stay = sum(1 << card_of(rank, suit) for suit, code in wish.hexagrams.items()
                        for line, rank in enumerate(LINE_RANKS) if not code >> line & 1)
        self.balanced = wish.balanced
        self.cascade = CASCADE[rule]
        self.rank_classes, self.suit_classes = symmetry_classes(wish)
        self.rank_before, self.suit_before = [0] * 9, [0] * 4
        for cls in self.rank_classes:
            for i, rank in enumerate(cls):
                self.rank_before[rank] = sum(1 << r for r in cls[:i])
        for cls in self.suit_classes:
            for i, suit in enumerate(cls):
                self.suit_before[suit] = sum(1 << s for s in cls[:i])
        import math
        self.renamings = 1
        for cls in self.rank_classes + self.suit_classes:
            self.renamings *= math.factorial(len(cls))
        self.nodes = 0

    def run(self, order, visit, budget=None, deadline=None, prefix=()):
        """Walk the places after the cards of prefix, trying cards in order;
        visit(chain) is told each chain found and returns True to stop.
        Returns True if stopped so, False when every chain was visited;
        raises OutOfNodes after budget places, OutOfTime at deadline.
        Afterwards mark is the longest path that met a wish at its end."""
        self.order, self.visit, self.path = order, visit, list(prefix)
        self.nodes, self.budget, self.deadline = 0, budget, deadline
        self.check = min(budget or 256, 256)
        self.clock, self.mark = time.time, list(prefix)
        row, moved, gone, used, ranks, suits = [BLANK, BLANK], 0, 0, 0, 0, 0
        for card in prefix:
            row.append(card)
            if MATCHES[row[-3]] & MATCHES[card]:
                moved, gone = self.cascade(row, moved, gone)[1:]
            used, ranks, suits = used | 1 << card, ranks | 1 << RANK[card], suits | 1 << SUIT[card]
        return self.walk(len(prefix), row, moved, gone, used, ranks, suits)

    def tick(self):
        "Count the places tried: stop at the budget or the deadline."
        if self.deadline is not None and self.clock() > self.deadline:
            raise OutOfTime()
        if self.budget is not None and self.nodes >= self.budget:
            raise OutOfNodes()
        self.check = self.nodes + 256
        if self.budget is not None:
            self.check = min(self.check, self.budget)

    def walk(self, k, row, moved, gone, used, ranks, suits):
        "Place a card at place k after the row that the path left; True to stop."
        self.nodes += 1
        if self.nodes >= self.check:
            self.tick()
        allowed, least, last = self.allowed[k] & ~used, self.least[k], k == 35
        left = MATCHES[row[-2]]
        third = MATCHES[row[-3]] if len(row) > 3 else 0
        order = ([card for card in self.order if MATCHES[card] & third]
                 + [card for card in self.order if not MATCHES[card] & third])
        for card in order:
            if not allowed >> card & 1:
                continue
            rank, suit = RANK[card], SUIT[card]
            if self.rank_before[rank] & ~ranks or self.suit_before[suit] & ~suits:
                continue
            need = max(least, self.target[card])
            new = row + [card]
            if left & MATCHES[card]:
                folds, now_moved, now_gone = self.cascade(new, moved, gone)
                if folds < need:
                    continue
            elif need:
                continue
            else:
                now_moved, now_gone = moved, gone
            now_used = used | 1 << card
            if not self.hopeful(k, new, now_moved | (1 << card if last else 0), now_gone,
                                now_used):
                continue
            if last:
                if len(new) == 4 and self.visit(self.path + [card]):
                    return True
                continue
            self.path.append(card)
            if need and len(self.path) > len(self.mark):
                self.mark = self.path[:]
            if self.walk(k + 1, new, now_moved, now_gone, now_used,
                         ranks | 1 << rank, suits | 1 << suit):
                return True
            self.path.pop()
        return False

    def hopeful(self, k, row, moved, gone, used):
        "Whether the wishes can still be met after place k (the cuts above)."
        slack = len(row) - 2 - k
        if slack < self.need[k]:
            return False
        for bit, need in self.later:
            if slack < need and not used & bit:
                return False
        if self.move or self.stay or self.balanced:
            still = (gone | 1 << row[2]) & ~moved
            if moved & self.stay or still & self.move:
                return False
            if self.balanced:
                for rank in LINE_RANKS:
                    if ONES[moved >> 4 * rank & 15] > 2 or ONES[still >> 4 * rank & 15] > 2:
                        return False
                    if k == 35 and ONES[moved >> 4 * rank & 15] != 2:
                        return False
        if k == 35:
            return True
        return self.covered(row, used)

    def covered(self, row, used):
        "Whether no two piles of row are left uncovered for good (see above)."
        to_come = 0
        for rank in range(9):
            if RANK_CARDS[rank] & ~used:
                to_come |= 1 << rank
        for suit in range(4):
            if SUIT_CARDS[suit] & ~used:
                to_come |= 1 << (9 + suit)
        right, one, two, stuck = to_come, 0, 0, 0
        for i in range(len(row) - 1, 1, -1):
            bits = MATCHES[row[i]]
            if not bits & right:
                stuck += 1
                if stuck > 1:
                    return False
            right |= two
            two, one = one, bits
        return True


def fits_slot(card, pos, slot, fixed_at):
    "Whether card may stand at pos: its own place if fixed, else what slot allows."
    if card in fixed_at:
        return fixed_at[card] == pos
    return not slot or ((slot[0] is None or RANK[card] == slot[0])
                        and (slot[1] is None or SUIT[card] == slot[1]))


class Finder(object):
    """The chains that meet wish, found by probes and by complete searches
    in turn, each search's budget of places twice the last's, until one
    search ends (then every chain is known: complete is True and total
    tells how many there are) or the deadline passes.  Where the wish
    leaves seven places or fewer free, a complete search of twice as many
    places as the free cards have orders comes first: it ends at once."""

    def __init__(self, wish, rule="leftmost", seed=1, deadline=None):
        import math
        self.search = Search(wish, rule)
        self.seed, self.deadline = seed, deadline
        free = 36 - len(wish.fixed())
        # (Deal 12's first 29 cards fixed: 0.2 s with the start-up; with
        # samples and probes first, 1.2 s.)
        self.quick = 2 * math.factorial(free) if free <= 7 else 0
        self.complete, self.total = False, None
        self.marks, self.fails = [[]], [0]     # where probes start, failures there

    def chains(self, want=1, budget=20000, most=None):
        """Yield distinct chains; at least want of them exist when the search
        ends.  budget: the places of the first round (probes, then search);
        most: the rounds it makes at most (None: no bound)."""
        for chains in self.rounds(want, budget, most):
            for chain in chains:
                yield chain

    def rounds(self, want=1, budget=20000, most=None):
        """Yield, round after round, the list of the chains that round found
        and no round before it: first the quick complete search (none where
        many places are free), then probes and a complete search, the first
        of budget places, each after twice as many, most of them at most
        (None: until the deadline, or until the search is complete)."""
        import random
        rng, seen = random.Random(self.seed), set()
        try:
            found = self.sweep(want, self.quick) if self.quick else []
            made = 0
            while True:
                new = []
                for chain in found:
                    if tuple(chain) not in seen:
                        seen.add(tuple(chain))
                        new.append(chain)
                yield new
                if self.complete or made == most:
                    return
                found = self.probes(rng, budget, want, seen)
                if len(set(map(tuple, found)) - seen) < want:   # else enough, at once
                    found += self.sweep(want, budget)
                budget, made = budget * 2, made + 1
        except OutOfTime:
            return

    def sweep(self, want=1, budget=20000):
        """The chains (at most want, or all the renamings of those) that a
        complete search finds in budget places; complete is True when it
        went through every branch.  OutOfTime at the deadline."""
        search, canonical, count = self.search, [], [0]

        def keep(chain):
            count[0] += 1
            if len(canonical) < want:
                canonical.append(chain)
        try:
            search.run(list(DECK), keep, budget, self.deadline)
        except OutOfNodes:
            return canonical
        self.complete, self.total = True, count[0] * search.renamings
        return [image for chain in canonical
                for image in images(chain, search.rank_classes, search.suit_classes)]

    def probes(self, rng, budget, want=None, seen=()):
        """The chains that probes find in budget places, in random orders,
        want of them at most that are not in seen (then they stop).  A probe
        that places a card a wish constrains leaves a mark: the next probes
        start from there, until RETRIES of them in a row fail."""
        spent, found, search, fresh = 0, [], self.search, set()

        def keep(chain):
            found.append(chain)
            if tuple(chain) not in seen:
                fresh.add(tuple(chain))
            return True                     # a probe ends at its first chain
        # Probes stop once they have the chains asked for, so that CARD!max's
        # climb, a search a level, is quick: ten such wishes, as commands with
        # --timeout 5, are all proved, where probing through the round proved
        # two (python3 tests/bench.py medici_max).
        while spent < budget and (want is None or len(fresh) < want):
            order = list(DECK)
            rng.shuffle(order)
            base = self.marks[-1]
            try:
                search.run(order, keep, PROBE, self.deadline, base)
            except OutOfNodes:
                pass
            spent += search.nodes
            if found and len(self.marks) > 1:
                del self.marks[1:], self.fails[1:]
            elif len(search.mark) > len(base):
                self.marks.append(search.mark)
                self.fails.append(0)
            else:
                self.fails[-1] += 1
                if self.fails[-1] > RETRIES and len(self.marks) > 1:
                    self.marks.pop()
                    self.fails.pop()
        return found


def count_chains(wish, rule="leftmost", deadline=None):
    """(how many chains meet wish, whether the count is complete): at least
    that many when the deadline stopped the search; complete None when
    Ctrl-C (KeyboardInterrupt) did.

    >>> wish = Wish(parse_pattern(" ".join(show_card(c, STYLE) for c in deal(3)[:28])))
    >>> count_chains(wish)
    (2, True)
    """
    search, count = Search(wish, rule), [0]

    def tally(chain):
        count[0] += 1
    try:
        search.run(list(DECK), tally, None, deadline)
        return count[0] * search.renamings, True
    except OutOfTime:
        return count[0] * search.renamings, False
    except KeyboardInterrupt:
        return count[0] * search.renamings, None


def highest(wish, card, rule="leftmost", seed=1, deadline=None):
    """(chain, efficiency, proved): a chain meeting wish in which card
    reaches the highest efficiency found, and whether no chain reaches more;
    chain is None when no chain was found.  It first tries the most the
    card's latest place allows, for TOP_ROUNDS rounds of probes and search
    (a search that can reach it is quick, as the wish prunes hard), then
    climbs from any chain, one search a level above the best so far.  The
    deadline ends it; short of that, the answer is the same on every
    machine.
    Ctrl-C (KeyboardInterrupt) during the climb returns the best so far
    with proved None: the user waited for it."""
    search = Search(wish, rule)
    latest = max(pos for pos in range(36) if search.allowed[pos] >> card & 1)
    most = min(most_folds(latest), 34)
    best, level = None, wish.targets.get(card, 0)

    def at_least(least, rounds=None):
        targets = dict(wish.targets)
        targets[card] = least
        finder = Finder(Wish(wish.slots, targets, wish.hexagrams, wish.balanced),
                        rule, seed, deadline)
        return next(finder.chains(most=rounds), None), finder

    chain, finder = at_least(most, TOP_ROUNDS)
    if chain:
        return chain, most, True
    while True:
        try:
            chain, finder = at_least(level)
        except KeyboardInterrupt:
            if best is None:
                raise
            return best, level - 1, None
        if chain is None:
            efficiency = fold(best, rule).efficiency[best.index(card)] if best else None
            return best, efficiency, finder.complete
        best = chain
        level = fold(chain, rule).efficiency[chain.index(card)] + 1
        if level > most:
            return best, level - 1, True

################ The command loop

# What the prompt says to help or ?, the same words as in every game.
HELP = """\
A line holds cards or commands, never both: cards add to the chain being
read, which is checked when its 36th card comes.  A line with a word that
is refused is refused whole.
help (?)        this list
quit (q, exit)  stop, as Ctrl-D at a terminal (a chain being read is dropped)
board           the chain being read folded so far, or the last chain checked
history         the chains checked, to pipe back into medici.py
undo (u)        take back the last card of the chain being read
restart         drop the chain being read
new [N]         check deal N (without N, a random deal)
hint            a card to lay next so that the chain can still converge
solve           a whole converging chain that begins with the cards read"""
PROMPT_TIMEOUT = 5                      # seconds hint and solve search at most
HINT_BUDGET = 500                       # places their first round tries

Settings = collections.namedtuple("Settings", "style plain rule brief trace quiet timeout")
Settings.__doc__ = """What the options tell the command loop: the Style of
its output, plain (the same without colour, for history, which pipes back),
the rule, --brief, --trace, -q and --timeout."""


def loop_settings(args, style):
    "The command loop's Settings from the parsed options, printing in style."
    return Settings(style, Style(style.notation), args.rule, args.brief, args.trace,
                    args.quiet, args.timeout)


Chains = collections.namedtuple("Chains", "before cards notes")
Chains.__doc__ = """The chains checked, never changed: the last CHAINS_A_BLOCK
of them at most, 36 bytes each (cards), with their notes ((place in cards,
note) for those that have one), after the Chains before them (before: None
for the first block).  Adding a chain copies its block only, so that a line
costs the same however many chains went before."""
CHAINS_A_BLOCK = 256                    # a chain added copies 9 KB at most
NO_CHAINS = Chains(None, b"", ())


def with_chain(chains, chain, note=""):
    "chains with chain (and its note) added at the end."
    if len(chains.cards) == 36 * CHAINS_A_BLOCK:
        chains = Chains(chains, b"", ())
    notes = chains.notes + ((len(chains.cards), note),) if note else chains.notes
    return Chains(chains.before, chains.cards + bytes(chain), notes)


def every_chain(chains):
    """The chains of chains, the first first, each with its note.

    >>> chains = NO_CHAINS
    >>> for n in range(CHAINS_A_BLOCK + 2):
    ...     chains = with_chain(chains, deal(n), "deal %d" % n if n % 100 == 1 else "")
    >>> listed = every_chain(chains)
    >>> listed == [(deal(n), "deal %d" % n if n % 100 == 1 else "")
    ...            for n in range(CHAINS_A_BLOCK + 2)]
    True
    """
    blocks = []
    while chains is not None:
        blocks.append(chains)
        chains = chains.before
    listed = []
    for block in reversed(blocks):
        notes = dict(block.notes)
        listed += [(list(block.cards[at:at + 36]), notes.get(at, ""))
                   for at in range(0, len(block.cards), 36)]
    return listed


Reading = collections.namedtuple(
    "Reading", "pending marks since until last note checked printed complaints complained")
Reading.__doc__ = """The command loop's state, which a line replaces and never
changes: the cards of the chain being read (pending, a tuple), the marks
they were written with (marks: (card, n) for each card written with !n),
the lines they came from (since, until: None with no card), the last chain
checked (a Layout) with its note, the chains checked so far (Chains),
whether anything was printed, what the line that made it complains of in
the chains it ended ((where, what) pairs), and whether any line did."""
READING = Reading((), (), None, None, None, "", NO_CHAINS, False, (), False)


def dropped(state):
    "state without a chain being read."
    return state._replace(pending=(), marks=(), since=None, until=None)


def refused(word, reason):
    "The Refused for word, echoed printable."
    return Refused("%s: %s" % (printable(word), reason))


def read_line(settings, state, number, text, busy):
    """Carry out input line number (text) on state: (the state after it,
    the texts it prints, whether the input ends there), or Refused if a
    word of it is bad.  busy(what) shows a search's progress line and
    gives the function that clears it.

    >>> brief_lines = Settings(STYLE, STYLE, "leftmost", True, False, False, None)
    >>> state, printed, ended = read_line(brief_lines, READING, 1, "new 5 7c", None)
    Traceback (most recent call last):
    ...
    medici.Refused: new: a command goes on a line of its own, without cards
    >>> state, printed, ended = read_line(brief_lines, READING, 1, "Qd 7c 9s", None)
    >>> state.pending == tuple(parse_cards("Qd 7c 9s")), state.since, printed, ended
    (True, 1, [], False)
    >>> state, printed, ended = read_line(brief_lines, state, 2, "new 5 board quit board", None)
    >>> state.pending, state.note, len(printed), ended
    ((), 'deal 5', 2, True)
    """
    cards, commands = parse_line(text)
    if state.complaints:
        state = state._replace(complaints=())
    printed, ended = [], False
    for word, argument in commands:
        if WORDS[word.lower()] == "quit":
            state, ended = dropped(state), True
            break
        state, said = command(settings, state, word, argument, busy)
        printed += said
    if cards:
        state, printed = add_cards(settings, state, number, cards, written_marks(text))
    if printed and not state.printed:
        state = state._replace(printed=True)
    return state, printed, ended


def add_cards(settings, state, number, cards, written):
    """Add the cards of line number to the chain being read, with the
    marks they were written with ({card: n}), and check it at 36: (the
    state after, the texts it prints).  A line that would put a card in
    it twice is refused: the chain being read stays as it was, to be
    finished by a line that fits.  A whole chain after some cards ends
    them with a complaint; marks that differ from the check's efficiencies
    are a complaint, and the chain is checked as usual."""
    complaints = []
    if state.pending and len(cards) == 36:
        complaints.append((lines_text(state.since, state.until),
                           chain_problem(state.pending)))
        state = dropped(state)
    if not state.pending and len(cards) >= 36:
        if chain_problem(cards):
            raise Refused(chain_problem(cards))
    else:
        seen = set(state.pending)
        for card in cards:
            if card in seen:
                raise refused(show_card(card, STYLE), "already in the chain being read" if
                              card in state.pending else "twice on this line")
            seen.add(card)         # so at most 36 distinct cards: a chain at 36
    pending = state.pending + tuple(cards)
    marks = state.marks + tuple(written.items())
    since = state.since or number
    if len(pending) < 36:
        return state._replace(pending=pending, marks=marks, since=since, until=number), []
    where, problem, printed = lines_text(since, number), chain_problem(pending), []
    if problem:
        complaints.append((where, problem))
    else:
        layout = fold(pending, settings.rule)
        wrong = marks_problem(dict(marks), layout, settings.rule)
        if wrong:
            complaints.append((where, wrong))
        state, printed = checked(settings, state, layout)
    return state._replace(pending=(), marks=(), since=None, until=None,
                          complaints=tuple(complaints),
                          complained=state.complained or bool(complaints)), printed


def checked(settings, state, layout, note=""):
    """A chain checked, folded to layout: (the state that counts it, the
    texts it prints now: none with -q)."""
    printed = [] if settings.quiet else [chain_text(settings, layout, note, state.printed)]
    return state._replace(last=layout, note=note,
                          checked=with_chain(state.checked, layout.chain, note),
                          printed=state.printed or bool(printed)), printed


def chain_text(settings, layout, note="", printed=False):
    """What checking a chain prints: the report, after a blank line if
    something was printed before, or one line with --brief."""
    if settings.brief:
        return brief(layout, settings.style, note)
    lines = [""] if printed else []
    if note:
        lines.append(note)
    if settings.trace:
        lines += trace_lines(layout, settings.style)
    return "\n".join(lines + report(layout, settings.style))


def command(settings, state, word, argument, busy):
    "Carry out one command: (the state after it, the texts it prints)."
    kind = WORDS[word.lower()]
    if kind == "help":
        return state, [HELP]
    if kind == "board":
        return state, [board(settings, state)]
    if kind == "history":
        return state, history(settings, state.checked)
    if kind == "undo":
        if not state.pending:
            raise refused(word, "nothing to undo")
        if len(state.pending) == 1:
            return dropped(state), []
        last = state.pending[-1]
        return state._replace(pending=state.pending[:-1],
                              marks=tuple(mark for mark in state.marks if mark[0] != last)), []
    if kind == "restart":
        return dropped(state), []
    if kind == "new":
        if argument is not None and (number(argument) is None
                                     or number(argument) > GAME_LIMIT):
            raise refused(argument, "no such deal (deals are 0..%d)" % GAME_LIMIT)
        n = random_number() if argument is None else int(argument)
        return checked(settings, dropped(state), fold(deal(n), settings.rule), "deal %d" % n)
    return state, [search(settings, state.pending, kind, busy)]


def board(settings, state):
    "The chain being read, folded as far as it goes; else the last chain checked."
    if state.pending:
        layout, count = fold(state.pending, settings.rule), len(state.pending)
        lines = ["so far     %2d card%s: %s" % (count, "" if count == 1 else "s",
                                               brackets(layout, settings.style))]
        for number, pile in enumerate(layout.piles, 1):
            lines.append("%-11s%2d: %s" % ("piles" if number == 1 else "", number,
                                            show_cards(pile, settings.style)))
        return "\n".join(lines)
    if state.last is None:          # the empty board: not a mistake to ask for
        return "No chain yet: type the cards of one, or new."
    return chain_text(settings, state.last, state.note, state.printed)


def history(settings, chains):
    """The chains checked, as lines that check them again when piped back
    (a text a line: a long history is never one string)."""
    rule = settings.rule
    return (["# medici.py%s" % (" --rule %s" % rule if rule != "leftmost" else "")]
            + [brief(fold(chain, rule), settings.plain, note)
               for chain, note in every_chain(chains)])


def search(settings, pending, kind, busy):
    """hint or solve: a search for a converging chain that begins with the
    cards read (pending); what it prints."""
    # pending holds distinct cards: a line that repeats one is refused
    slots = [(RANK[card], SUIT[card], 0) for card in pending]
    wish = Wish(slots + [None] * (36 - len(slots)))
    limit = settings.timeout or PROMPT_TIMEOUT
    finder = Finder(wish, settings.rule, 1, time.time() + limit)
    clear = busy("solving" if kind == "solve" else "looking for a hint")
    try:
        chain = next(finder.chains(1, HINT_BUDGET), None)
    finally:
        clear()
    if chain is None:       # said as the other games say it: No hint: why
        return "No %s: %s" % ({"hint": "hint", "solve": "solution"}[kind],
                              "no chain exists that begins with these cards and "
                              "converges (proved)" if finder.complete
                              else "none found within %g s" % limit)
    if kind == "hint":
        return "Hint: %s (a chain that converges goes on with it)" % show_card(
            chain[len(pending)], settings.style)
    return brief(fold(chain, settings.rule), settings.style)


def parse_line(text):
    """(cards, commands) of a line, a command being (word, argument or
    None); Refused when a word is neither, or when cards and commands mix.

    >>> parse_line("new 5 board"), parse_line("[Qd 7c]")
    (([], [('new', '5'), ('board', None)]), ([25, 4], []))
    >>> for line in ["Qd u", "Qd 11h zz"]:
    ...     try:
    ...         parse_line(line)
    ...     except Refused as error:
    ...         print(error)
    u: a command goes on a line of its own, without cards
    11h, zz: not cards
    """
    found, cards, bad, commands = words(text), [], [], []
    while found:
        word = found.pop(0)
        if word.lower() in WORDS:
            takes = WORDS[word.lower()] == "new" and found and found[0].lower() not in WORDS
            commands.append((word, found.pop(0) if takes else None))
            continue
        try:
            cards.append(parse_card(word))
        except ValueError:
            bad.append(word)
    if bad:
        shown = ", ".join(map(printable, bad[:5])) + (", ..." if len(bad) > 5 else "")
        what = ("not a card" if len(bad) == 1 else "not cards") if cards else (
            "not a card or a command" if len(bad) == 1 else "not cards or commands")
        raise Refused("%s: %s%s" % (shown, what, "" if cards else " (help lists them)"))
    if cards and commands:
        raise refused(commands[0][0], "a command goes on a line of its own, without cards")
    return cards, commands


class Fitted(object):
    """A stream that writes to stream with suits as letters where stream
    cannot show them (fit()), flushed at each text: the one that names
    refused lines and bad chains."""

    def __init__(self, stream):
        self.stream = stream

    def write(self, text):
        self.stream.write(fit(text, self.stream))
        self.stream.flush()

    def flush(self):
        self.stream.flush()


def check_chains(lines, settings, out, err, interactive=False, watch=None):
    """Read chains and commands from numbered lines, each line all or
    nothing (play_lines()); print what they print on out, and name refused
    lines and bad chains on err (the chains a line ends before what it
    prints).  At a terminal (interactive) the input may end inside a chain.
    watch(state), when given, sees the Reading before each line and after
    the last.  Returns (0 when everything was accepted, else 1; the last
    Reading)."""
    err = Fitted(err)

    def complain(where, what):
        err.write("%s: %s: %s\n" % (PROG, where, what))

    def step(state, number, text, busy):
        "One line: its complaints written before what it prints."
        after, printed, ended = read_line(settings, state, number, text, busy)
        for where, what in after.complaints:
            complain(where, what)
        return after, printed, ended
    status, state = play_lines(READING, lines, step, out, err, interactive, watch)
    if state.pending and not interactive:     # at a terminal Ctrl-D quits
        complain(lines_text(state.since, state.until), "the input ends inside a chain: "
                 + chain_problem(state.pending))
        state = state._replace(complained=True)
    return (1 if status or state.complained else 0), state


def lines_text(first, last):
    "'line 3' or 'lines 3-5'."
    return "line %d" % first if first == last else "lines %d-%d" % (first, last)

################ Main

PROG, VERSION = "medici", "2026.11.23"
SAMPLED = 10000                         # deals --find samples before it searches:
                                        # common wishes are found so fastest (AH!10 in
                                        # 0.009 s: python3 tests/bench.py medici_find)
TIMEOUT = 60                            # seconds --find searches
GAME_LIMIT = 2**33 - 1


def options(argv):
    "The parsed command line."
    parser = option_parser("%(prog)s [options] < chains", manual)
    parser.add_argument("-g", "--game", type=game_number, nargs="?", const=-1,
                        metavar="N", help="deal N (0..2^33-1; alone: a random one); "
                        "with --stats the first deal, with --find the first tried")
    parser.add_argument("--stats", type=deal_count, metavar="N",
                        help="fold N numbered deals and count how they end")
    parser.add_argument("--find", action="store_true", help="search chains meeting wishes")
    parser.add_argument("--pattern", default="", metavar="P", help="slots, one per position")
    parser.add_argument("--target", action="append", default=[], metavar="CARD",
                        help="a card with efficiency at least --min-efficiency")
    parser.add_argument("--min-efficiency", type=efficiency, default=None, metavar="N")
    parser.add_argument("--last", metavar="CARD", help="the last card")
    parser.add_argument("--hexagram", action="append", default=[], metavar="S=H",
                        help="suit S gets hexagram H (1..64 or lines 0/1, bottom first)")
    parser.add_argument("--balanced", action="store_true", help="balanced hexagrams")
    parser.add_argument("--count", type=count_or_all, default=1, metavar="K|all")
    parser.add_argument("--limit", type=positive, default=SAMPLED, metavar="N")
    parser.add_argument("--timeout", type=seconds, default=None, metavar="SECONDS")
    parser.add_argument("--rule", type=one_of(*RULES), default="leftmost")
    parser.add_argument("--trace", action="store_true", help="show every deal and fold")
    parser.add_argument("--brief", action="store_true", help="one line per chain")
    parser.add_argument("-q", "--quiet", action="store_true",
                        help="only the last chain checked")
    parser.add_argument("--jobs", type=positive, default=None, metavar="N")
    parser.add_argument("--out", metavar="FILE",
                        help="with --stats: keep the counts in FILE, and go on from it")
    parser.add_argument("--summary", nargs="+", metavar="FILE",
                        help="the statistics of files made by --stats --out")
    parser.add_argument("--notation", type=one_of("suits", "letters", "en", "ru"), default=None)
    parser.add_argument("--color", "--colour", type=one_of("auto", "always", "never"),
                        default="auto")
    parser.add_argument("-m", "--monochrome", dest="color", action="store_const",
                        const="never")
    parser.add_argument("--ascii", action="store_true", help="suits as C D H S")
    args = parser.parse_args(argv)
    if args.find:
        try:
            args.wish, args.highest = make_wish(args)
        except ValueError as error:
            parser.error(str(error))
        if args.highest is not None and args.count != 1:
            parser.error("--count does not go with CARD!max, which finds one chain")
        reasons = contradictions(args.wish)
        if reasons:
            parser.error(fit("these wishes cannot be met: " + "; ".join(reasons), sys.stderr))
    elif (args.pattern or args.target or args.last or args.hexagram or args.balanced
          or args.min_efficiency is not None):
        parser.error("wishes need --find")
    if args.stats and args.find:
        parser.error("--stats or --find, not both")
    if args.out is not None and not args.stats:
        parser.error("--out goes with --stats")
    if args.jobs is not None and not args.stats:
        parser.error("--jobs goes with --stats")
    if args.timeout is not None and (args.stats or args.summary):
        parser.error("--timeout bounds --find and the prompt's hint and solve:"
                     " not --stats or --summary")
    if args.brief and args.trace:
        parser.error("--brief or --trace, not both")
    if (args.brief or args.trace) and (args.stats or args.summary):
        parser.error("--brief and --trace show chains: not with --stats or --summary")
    if args.summary and (args.stats or args.find or args.game is not None):
        parser.error("--summary takes no -g, --stats or --find")
    if args.stats and (args.stats > GAME_LIMIT + 1 or args.game is not None
                       and args.game >= 0 and args.game + args.stats - 1 > GAME_LIMIT):
        parser.error("deals go up to %d" % GAME_LIMIT)
    return args


def manual(stream):
    r"""The manual, this file's docstring, as stream can print it: suits as
    letters, the other characters it cannot print (Russian) escaped.

    >>> import io; text = manual(io.TextIOWrapper(io.BytesIO(), "ascii"))
    >>> text.encode("ascii") == text.encode("utf-8"), "Q \\u0414" in text, "Q \u0414" in __doc__
    (True, True, True)
    """
    text = fit(__doc__, stream)
    encoding = getattr(stream, "encoding", None) or "utf-8"
    return text.encode(encoding, "backslashreplace").decode(encoding)


def game_number(text):
    """A deal number 0..2^33-1, for argparse.

    >>> game_number(" 17"), game_number("0")
    (17, 0)
    >>> game_number("9" * 5000)
    Traceback (most recent call last):
    argparse.ArgumentTypeError: 9999999999999999999999999999999999999999...: no such deal (deals are 0..8589934591)
    """
    import argparse
    if number(text.strip()) is None or number(text.strip()) > GAME_LIMIT:
        raise argparse.ArgumentTypeError("%s: no such deal (deals are 0..%d)"
                                         % (printable(text), GAME_LIMIT))
    return int(text)


def deal_count(text):
    "argparse type: a --stats count, from 1 to 10**12."
    import argparse
    if positive(text) > 10**12:
        raise argparse.ArgumentTypeError(
            "%s: give a whole number from 1 to 1000000000000" % printable(text.strip()))
    return positive(text)


def count_or_all(text):
    """--count: a whole number 1..10^18 - 1, or all.

    >>> count_or_all(" ALL "), count_or_all("3")
    ('all', 3)
    >>> count_or_all("x")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: x: give a whole number from 1 to 999999999999999999, or all
    """
    if text.strip().lower() == "all":
        return "all"
    try:
        return positive(text)
    except Exception as error:          # argparse's, imported where it is used
        raise error.__class__(str(error) + ", or all")


def efficiency(text):
    """--min-efficiency: a whole number, 0 or more.

    >>> efficiency(" 0 ")
    0
    >>> efficiency("-1")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: -1: give an efficiency, a whole number 0 or more
    """
    import argparse
    value = number(text.strip())
    if value is None:
        raise argparse.ArgumentTypeError("%s: give an efficiency, a whole number 0 or more"
                                         % printable(text))
    return value


def target_card(text, word):
    """The card a --target word names (text: the word less its !N or !max).

    >>> target_card("", "!max")
    Traceback (most recent call last):
    ValueError: --target !max: name a card, as in AH, AH!3 or AH!max
    """
    try:
        return parse_card(text)
    except ValueError:
        raise ValueError("--target %s: name a card, as in AH, AH!3 or AH!max" % printable(word))


def make_wish(args):
    """The Wish the search options describe, and the card a CARD!max target
    asks the highest efficiency of, or None (ValueError if one is malformed)."""
    slots = parse_pattern(args.pattern)
    if args.last:
        last = parse_slot(args.last)
        if slots[35] and last and slots[35] != last:
            raise ValueError("the pattern and --last wish different last cards")
        slots[35] = last or slots[35]
    least = 1 if args.min_efficiency is None else args.min_efficiency
    if args.min_efficiency is not None and not args.target:
        raise ValueError("--min-efficiency needs --target")
    targets, most = {}, None
    for word in args.target:
        if word.lower().endswith("!max"):
            if most is not None:
                raise ValueError("--target: one CARD!max at a time")
            most = target_card(word[:-4], word)
            targets.setdefault(most, 0)
            continue
        match = MARK.match(word)
        if "!" in word and not match:
            raise ValueError("--target %s: give the efficiency as a whole number, as in AH!3"
                             % printable(word))
        card = target_card(match.group(1) if match else word, word)
        n = int(match.group(2)) if match else least
        targets[card] = max(targets.get(card, 0), n)
    hexagrams = {}
    for text in args.hexagram:
        suit_text, equals, code_text = text.partition("=")
        suit = SUIT_NAMES.get(suit_text.strip().replace("\ufe0f", "").upper())
        if suit is None or not equals:
            raise ValueError("--hexagram %s: give it as SUIT=HEXAGRAM, as in H=1" % text)
        try:
            code = parse_hexagram(code_text)
        except ValueError as error:
            raise ValueError("--hexagram %s" % error)
        if hexagrams.get(suit, code) != code:
            raise ValueError("--hexagram: two hexagrams for %s" % show_suit(suit, STYLE))
        hexagrams[suit] = code
    return Wish(slots, targets, hexagrams, args.balanced), most


def output_style(args, stdout):
    "The Style the output options and the output stream ask for."
    notation = args.notation or ("letters" if args.ascii or not can_print_suits(stdout)
                                 else "suits")
    if notation == "suits" and (args.ascii or not can_print_suits(stdout)):
        notation = "letters"
    if notation == "ru" and not can_print(stdout, "\u0414\u0431\u2501"):
        notation = "en"
    colour = wants_colour(args.color, stdout, os.environ)
    return Style(notation, colour)


def random_number():
    "A deal number picked at random."
    import random
    return random.randint(1, 2**31 - 1)


def main(argv=None, stdin=None, stdout=None, stderr=None, watch=None):
    """Run medici.py with these arguments and streams; return the exit
    status.  watch, if given, is called with the command loop's state (a
    Reading) before each input line is read and after the last (the hook
    tests/robustness.txt fuzzes the game with)."""
    stdin, stdout, stderr = stdin or sys.stdin, stdout or sys.stdout, stderr or sys.stderr
    argv = sys.argv[1:] if argv is None else argv
    import contextlib
    try:
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            args = options(argv)            # argparse prints help and errors
    except SystemExit as exit:
        return exit.code
    style = output_style(args, stdout)
    if args.summary:
        return summarize(args.summary, stdout, stderr)
    if args.stats:
        return run_stats(args, argv, stdout, stderr)
    if args.find:
        isatty = getattr(stderr, "isatty", None)
        clear = working(stderr, bool(isatty and isatty()), "searching")    # at a terminal

        def cleared(where, what):
            clear()
            stderr.write(fit("%s: %s: %s\n" % (PROG, where, what), stderr))
            stderr.flush()
        try:
            return run_find(args, stdout, cleared, style, clear)
        finally:
            clear()
    settings = loop_settings(args, style)
    if args.game is not None:
        number = random_number() if args.game < 0 else args.game
        stdout.write(chain_text(settings, fold(deal(number), settings.rule), "deal %d" % number)
                     + "\n")
        return 0
    interactive = bool(getattr(stdin, "isatty", None) and stdin.isatty())
    lines = input_lines(stdin, "%s> " % PROG, stderr)
    status, state = check_chains(lines, settings, stdout, stderr, interactive, watch)
    if args.quiet and state.last is not None:       # -q: the last chain only
        stdout.write(chain_text(settings, state.last, state.note, state.printed) + "\n")
    return status


def run_stats(args, argv, stdout, stderr):
    """--stats: fold the deals and print the counts; with --out, each block
    of deals is kept in the file as it is done, and what the file holds
    already is not folded again."""
    began = time.time()
    first = args.game if args.game is not None and args.game >= 0 else None
    if first is None and args.out is not None:
        first = planned_first(args.out)     # a run resumed goes on with its deals
    first = min(random_number() if first is None else first, GAME_LIMIT - args.stats + 1)
    last = first + args.stats - 1
    blocks, edges, out = [], set(), None
    if args.out is not None:
        def take(text):
            block = parse_block(text)
            if first <= block[0] and block[1] <= last:
                blocks.append(block)
            elif block[0] <= last and block[1] >= first:
                # A block that runs past these deals cannot be used for them,
                # but the blocks folded now end where it does, so that the
                # file's blocks still line up for --summary.
                edges.update(e for e in (block[0], block[1] + 1) if first < e <= last)
        try:
            out = open_results(args.out, argv, rules_text(args.rule), take, complainer(stderr))
            out.write("# deals %d..%d\n" % (first, last))
            out.flush()
        except (ValueError, OSError) as error:
            stderr.write("%s: %s\n" % (PROG, error))
            return 2
        blocks = cover(blocks)[0]
    todo = cut(gaps(first, last, spans_of(blocks)), edges)
    count = sum(b - a + 1 for a, b in todo)
    if blocks:
        stderr.write("%s: %s holds %d of these deals already; folding the other %d\n"
                     % (PROG, shown(args.out), args.stats - count, count))
    most = cores()
    jobs = min(args.jobs or most, most) if count >= 50000 else 1
    parts = [(a, b + 1, args.rule) for a, b in split(todo, jobs)]
    jobs = min(jobs, len(parts))            # never more processes than blocks
    total = [sum(column) for column in zip(*(block[2] for block in blocks))] or [0] * 37
    workers, done = set(), []
    try:
        for (a, b, rule), counts, seconds, worker in tally_parts(parts, jobs):
            line = block_line(a, b - 1, counts, seconds)
            if out:
                keep(out, line)
            total = [t + c for t, c in zip(total, counts)]
            workers.add(worker)
            done.append((a, b - 1))
        if out:
            synced(out)
    except (ValueError, Died) as error:
        held = spans_of([block[:2] for block in blocks] + done)
        missing = gaps(first, last, held)
        if sum(total):                      # what was folded is not thrown away
            stdout.write("\n".join(stats_lines(held, total, args.rule, "(%s not done)" % plural(
                sum(b - a + 1 for a, b in missing), "deal"))) + "\n")
        lost = " while folding deals %d-%d" % (error.task[0], error.task[1] - 1) \
            if isinstance(error, Died) else ""
        stderr.write("%s: %s%s; not done: deal%s %s; %s\n" % (
            PROG, error, lost, "s" if sum(b - a for a, b in missing) else "",
            ", ".join(str(a) if a == b else "%d-%d" % (a, b) for a, b in missing),
            resuming(args.out, "deal")))
        return 1
    seconds = time.time() - began
    processes = max(1, len(workers))
    speed = "%s in %.1f s: %d a second, %d process%s" % (
        plural(count, "deal"), seconds, count / max(seconds, 1e-9), processes,
        "" if processes == 1 else "es")
    stdout.write("\n".join(stats_lines([(first, last)], total, args.rule, speed)) + "\n")
    return 0


def gaps(first, last, spans):
    """The deals of first..last that the sorted spans (first, last) leave out.

    >>> gaps(1, 100, [(1, 10), (21, 30)]), gaps(1, 10, [(1, 10)])
    ([(11, 20), (31, 100)], [])
    """
    todo = []
    for a, b in spans:
        if a > first:
            todo.append((first, a - 1))
        first = max(first, b + 1)
    if first <= last:
        todo.append((first, last))
    return todo


def rules_text(rule):
    "What a results file of --stats records as its rules."
    return "medici, %s rule" % rule


def summarize(names, stdout, stderr):
    """--summary: the statistics of the results files, as one run over all
    their deals would print them ('no deals in 1 file' where they hold
    none); exit status 2 when they cannot be added up, 1 when a line was not
    a block of deals."""
    blocks, complain = [], complainer(stderr)
    try:
        rules = read_results(names, None, lambda text: blocks.append(parse_block(text)),
                             complain)
    except ValueError as error:
        stderr.write("%s: %s\n" % (PROG, error))
        return 2
    blocks, tangled = cover(blocks)
    for first, last in tangled:
        stderr.write("%s: deals %d..%d: the blocks of the files overlap without lining up; "
                     "fold them again into a file of their own (medici.py -g %d --stats %d "
                     "--out FILE) and add it\n" % (PROG, first, last, first, last - first + 1))
    if tangled:
        return 2
    if not blocks:
        stdout.write("no deals in %s\n" % plural(len(names), "file"))
        return 1 if complain.count else 0
    counts = [sum(column) for column in zip(*(block[2] for block in blocks))]
    seconds = sum(block[3] for block in blocks)
    speed = "%s in %.1f s of folding: %d a second, in %s" % (
        plural(sum(counts), "deal"), seconds, sum(counts) / max(seconds, 1e-9), plural(len(names), "file"))
    rule = rules.split(", ")[-1][:-len(" rule")]
    stdout.write("\n".join(stats_lines(spans_of(blocks), counts, rule, speed)) + "\n")
    return 1 if complain.count else 0


def agree(n, one, many):
    "'1 chain meets', '2 chains meet'."
    return "%d %s" % (n, one if n == 1 else many)


def run_find(args, stdout, complain, style, clear=lambda: None):
    """--find: print --count chains that meet the wishes, sampled from
    --limit numbered deals and then searched for, or count them all, or
    find the highest efficiency of a --target CARD!max; clear() takes the
    working line away before anything is printed."""
    timeout = args.timeout or TIMEOUT
    deadline = process_start() + timeout
    first = random_number() if args.game is None or args.game < 0 else args.game
    wish, rule = args.wish, args.rule
    limit = "the limit (--timeout %g s)" % timeout

    def put(chain, note):
        layout = fold(chain, rule)
        if not meets(layout, wish):                 # a bug: never print it
            raise AssertionError("not a chain for the wishes: %s" % chain)
        clear()
        # Under the other rule, the comment says so: piped into medici.py
        # without --rule rightmost, the chain folds with other efficiencies.
        stdout.write("%s  # %s%s\n" % (brackets(layout, style), note,
                                       ", --rule rightmost" if rule == "rightmost" else ""))
        stdout.flush()

    if args.count == "all":
        total, complete = count_chains(wish, rule, deadline)
        if not complete:
            complain("--find", "counting stopped at %s with %s so far" % (
                "Ctrl-C" if complete is None else limit, plural(total, "chain")))
            return 130 if complete is None else 1
        clear()
        stdout.write("%s the wishes\n" % agree(total, "chain meets", "chains meet"))
        return 0 if total else 1
    if args.highest is not None:
        card = args.highest
        chain, efficiency, proved = highest(wish, card, rule, first, deadline)
        if chain is None:
            complain("--find", "no chain exists" if proved else "none found within " + limit)
            return 1
        put(chain, "search")
        stdout.write("# %s!%d: %s\n" % (
            show_card(card, style), efficiency, "the highest it can reach (proved)" if proved
            else "the highest found; %d not ruled out when Ctrl-C stopped the search"
            % (efficiency + 1) if proved is None
            else "the highest found; %d not ruled out within %s" % (efficiency + 1, limit)))
        return 130 if proved is None else 0
    seen, finder, start = set(), Finder(wish, rule, first, deadline), first

    def show(chains, note):
        "Print the chains not printed yet; whether --count are printed."
        for chain in chains:
            if tuple(chain) not in seen:
                put(chain, note)
                seen.add(tuple(chain))
                if len(seen) == args.count:
                    return True
        return False
    # A round of the search (the first, quick one answers where few places
    # are free), numbered deals sampled, a round, samples...
    for chains in finder.rounds(args.count):
        if show(chains, "search"):
            return 0
        if finder.complete:
            break
        span = min(args.limit, GAME_LIMIT - start + 1)
        for number, chain, renamed in find(wish, start, span, rule, deadline):
            if show([chain], "deal %d%s" % (number, ", renamed" if renamed else "")):
                return 0
        start += span
    if finder.complete:
        complain("--find", "only " + agree(len(seen), "chain exists", "chains exist")
                 if seen else "no chain exists")
    else:
        complain("--find", "%s within %s" % ("only %d found" % len(seen) if seen
                                              else "none found", limit))
    return 1


def shell(command, text=""):
    """Run a medici.py command line in this process with text as its input,
    and print what it writes (standard error after standard output) and a
    non-zero exit status: the tests (tests/medici*.txt) use it."""
    import io

    class Output(io.StringIO):
        encoding = "utf-8"                      # like a UTF-8 terminal
    out, err = Output(), Output()
    import shlex
    status = main(shlex.split(command)[1:], io.BytesIO(text.encode("utf-8")), out, err)
    sys.stdout.write(out.getvalue() + err.getvalue())
    if status:
        print("(exit status %s)" % status)

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
