"""An independent referee for klondike.py: Klondike's rules written again
from the manual alone (`python3 klondike.py --help`, the README and the
public rules of the game: Windows Solitaire's scoring), never from the
script's code, and a judge that plays random games against the script and
compares every board, `moves:` line and refusal.

    >>> rules = Rules()
    >>> print(show(rules, 1, deal(rules, 1)))
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

The script is a black box: `judge(seed)` draws a deal and rules, writes a
game of lines a player might type, pipes them all into one process of
`klondike.py -m --ascii` and compares its output line by line with the
model's prediction.  Standard library only.
"""
import collections
import random
import re
import sys

import referee
from referee import Answer, ms_deal, run_script, RANKS, SUITS, rank, suit, red, name

SCRIPT, SEPARATOR = 'klondike.py', ", "    # the script judged; what joins its solution's moves

################ Cards and the deal
## Throughout:
##   card    an int 0..51 in Microsoft's deck order AC AD AH AS 2C ... KS
##   rank    1..13, card // 4 + 1;   suit 0..3 = C D H S (the foundations' order)
##   pile    (down, up): two tuples of cards, the face-down ones and the face-up
##           ones, each first dealt first (up[-1] is the pile's top card)
##   stock   a tuple of cards, the next one turned first
##   waste   a tuple of cards, the playable one last
##   home    a tuple of four ranks, how far each foundation is built

################ The rules

Rules = collections.namedtuple("Rules", "draw passes scoring autoplay")
Rules.__new__.__defaults__ = (3, None, "standard", False)      # passes None: unlimited
Game = collections.namedtuple("Game", "piles stock waste home score passes")
Move = collections.namedtuple("Move", "card source target")
## source: ("waste",), ("pile", i) or ("home", suit); target: ("pile", j) or ("home", suit)
TURN = Move(None, ("stock",), ("waste",))

SCORES = {"standard": {"start": 0, "waste pile": 5, "home": 10, "up": 5, "back": -15},
          "vegas": {"start": -52, "waste pile": 0, "home": 5, "up": 0, "back": -5},
          "none": collections.defaultdict(int)}


def pass_limit(rules):
    "The passes allowed in all, or None: --passes, or Vegas scoring's."
    if rules.passes or rules.scoring != "vegas":
        return rules.passes
    return 1 if rules.draw == 1 else 3


def deal(rules, number):
    """The game at the start of deal number: card 0 face up on pile 1, cards
    1-6 face down on piles 2-7, card 7 face up on pile 2, ...; 28-51 the stock."""
    cards, piles, k = ms_deal(number), [[[], []] for _ in range(7)], 0
    for row in range(7):
        for p in range(row, 7):
            piles[p][1 if p == row else 0].append(cards[k])
            k += 1
    piles = tuple((tuple(d), tuple(u)) for d, u in piles)
    game = Game(piles, tuple(cards[28:]), (), (0, 0, 0, 0), SCORES[rules.scoring]["start"], 1)
    return auto(rules, game) if rules.autoplay else game


def fits(card, onto):
    "Whether card may lie on the card onto of the tableau."
    return rank(card) == rank(onto) - 1 and red(card) != red(onto)


def goes_home(game, card):
    return game.home[suit(card)] == rank(card) - 1


def can_turn(rules, game):
    limit = pass_limit(rules)
    return bool(game.stock) or bool(game.waste) and (limit is None or game.passes < limit)


def moves(rules, game):
    """Every legal move (TURN last), in the order of the moves: line: the
    waste's card, the piles' cards (deepest first), the foundations' cards;
    each to its foundation first, then onto the piles' top cards in the
    cards' order, then to an empty pile."""
    found = []
    sources = ([(game.waste[-1], ("waste",))] if game.waste else [])
    sources += [(c, ("pile", i)) for i, (_, up) in enumerate(game.piles) for c in up]
    sources += [(s + 4 * (r - 1), ("home", s)) for s, r in enumerate(game.home) if r]
    piles = sorted(range(7), key=lambda j: game.piles[j][1][-1] if game.piles[j][1] else 52)
    for card, source in sources:
        for target in [("home", suit(card))] + [("pile", j) for j in piles]:
            if legal(game, Move(card, source, target)):
                found.append(Move(card, source, target))
    return found + [TURN] * can_turn(rules, game)


def legal(game, move):
    "Whether move (not TURN) is one the rules allow."
    card, source, target = move
    top = source[0] != "pile" or game.piles[source[1]][1][-1] == card
    if target[0] == "home":
        return source[0] != "home" and top and goes_home(game, card)
    if source == target:
        return False
    down, up = game.piles[target[1]]
    if not up:
        return rank(card) == 13 and not (source[0] == "pile" and not game.piles[source[1]][0]
                                         and game.piles[source[1]][1][0] == card)
    return fits(card, up[-1])


def moved(rules, game, move):
    "The game after move, scores and the card it turns face up included (no autoplay)."
    if move == TURN:
        return turned(rules, game)
    card, source, target = move
    points = SCORES[rules.scoring]
    piles, home, waste = [list(p) for p in game.piles], list(game.home), game.waste
    score = game.score
    if source[0] == "waste":
        carried, waste = (card,), waste[:-1]
    elif source[0] == "home":
        carried = (card,)
        home[source[1]] -= 1
        score = max(0, score + points["back"]) if rules.scoring == "standard" \
            else score + points["back"]
    else:
        down, up = piles[source[1]]
        carried, up = up[up.index(card):], up[:up.index(card)]
        if not up and down:
            down, up = down[:-1], down[-1:]
            score += points["up"]
        piles[source[1]] = [down, up]
    if target[0] == "home":
        home[target[1]] += 1
        score += points["home"]
    else:
        down, up = piles[target[1]]
        piles[target[1]] = [down, up + carried]
        if source[0] == "waste":
            score += points["waste pile"]
    return game._replace(piles=tuple((tuple(d), tuple(u)) for d, u in piles),
                         waste=waste, home=tuple(home), score=score)


def turned(rules, game):
    "The game after turning the stock, or the waste back over."
    if game.stock:
        k = min(rules.draw, len(game.stock))
        return game._replace(stock=game.stock[k:], waste=game.waste + game.stock[:k])
    score = game.score
    if rules.scoring == "standard":
        cost = 100 if rules.draw == 1 else 20 if game.passes >= 4 else 0
        score = max(0, score - cost)
    return game._replace(stock=game.waste, waste=(), passes=game.passes + 1, score=score)


def won(game):
    return game.home == (13, 13, 13, 13)


def auto(rules, game):
    """The game after auto: every card that can no longer be needed sent
    home, and the game finished if sending home whatever fits wins it."""
    while True:
        ready = [m for m in home_moves(rules, game) if unneeded(game, m.card)]
        if not ready:
            return finished(rules, game) or game
        game = moved(rules, game, ready[0])


def home_moves(rules, game):
    return [m for m in moves(rules, game) if m != TURN and m.target[0] == "home"]


def finished(rules, game):
    """The game won by sending home whatever fits, when every card is face
    up (the stock empty) and that wins it; else None."""
    if game.stock or any(down for down, up in game.piles):
        return None
    while not won(game):
        ready = home_moves(rules, game)
        if not ready:
            return None
        game = moved(rules, game, ready[0])
    return game


def unneeded(game, card):
    "Whether no card left out of the foundations can need card to lie on."
    others = [game.home[s] for s in range(4) if red(s) != red(card)]
    return rank(card) <= 2 or min(others) >= rank(card) - 1

################ Notation


def say(game, move):
    "A move in the notation the moves: line uses."
    card, source, target = move
    if move == TURN:
        return "t"
    if target[0] == "home":
        return name(card) if rank(card) == 1 else "%s %s" % (name(card), name(card - 4))
    down, up = game.piles[target[1]]
    if up:
        return "%s %s" % (name(card), name(up[-1]))
    return name(card)


def offered(rules, game):
    "The moves: line's moves: a king offered only the first empty pile."
    empty = [j for j, (d, u) in enumerate(game.piles) if not d and not u]
    return [m for m in moves(rules, game)
            if m == TURN or m.target[0] == "home" or m.target[1] not in empty[1:]]

################ The board as the script shows it (-m --ascii)


def show(rules, number, game):
    "The board and its moves: line."
    limit = pass_limit(rules)
    head = "game %s  draw %d  pass %d%s" % (number, rules.draw, game.passes,
                                           "/%d" % limit if limit else "")
    if rules.scoring != "none":
        head += "  score %d" % game.score
    waste = " ".join(name(c) for c in game.waste[-rules.draw:]) or "__"
    talon = "%2d %s %s" % (len(game.stock), "[]" if game.stock else "__",
                           waste.ljust(3 * rules.draw + 1))
    homes = " ".join(name(s + 4 * (r - 1)) if r else "__" for s, r in enumerate(game.home))
    lines = [head, talon + homes, " " + "  ".join("1234567")]
    for row in range(max(len(d) + len(u) for d, u in game.piles) or 1):
        cells = []
        for down, up in game.piles:
            pile = ["[]"] * len(down) + [name(c) for c in up]
            cells.append(pile[row] if row < len(pile) else "__" if row == 0 else "  ")
        lines.append(" ".join(cells).rstrip())
    lines.append(ending(rules, game))
    return "\n".join(lines)


def ending(rules, game):
    "The last line: the moves, or how the game ended."
    if won(game):
        return "won"
    if not moves(rules, game):
        return "lost: no moves left"
    if not useful(rules, game):
        return "no useful moves left: a whole pass through the stock changes nothing"
    return "moves: " + ", ".join(say(game, m) for m in offered(rules, game))


def useful(rules, game):
    "Whether a move other than turning can be made now or after turning the stock."
    seen = set()
    while (game.stock, game.waste) not in seen:
        if moves(rules, game) not in ([], [TURN]):
            return True
        seen.add((game.stock, game.waste))
        if not can_turn(rules, game):
            return False
        game = turned(rules, game)
    return False

################ A typed line, and what the script must answer

COMMANDS = {"t": "turn", "turn": "turn", "u": "undo", "undo": "undo", "board": "board",
            "auto": "auto"}
CARD = re.compile(r"^(10|[a2-9tjqk])([cdhs])$", re.I)
SOLVER_CARD = re.compile(r"^[1-7][CDHS]$")     # 7S: also pile 7 to the spades (upper case only)


def card_of(token):
    "The card a token names, or None."
    m = CARD.match(token)
    return m and RANKS.index(m.group(1).upper()[-1] if m.group(1) != "10" else "T") * 4 + \
        SUITS.index(m.group(2).upper())


def place(game, card):
    "Where card is: ('waste',), ('pile', i), ('home', suit), or None (face down, in the stock)."
    if game.waste and game.waste[-1] == card:
        return ("waste",)
    for i, (down, up) in enumerate(game.piles):
        if card in up:
            return ("pile", i)
    if game.home[suit(card)] == rank(card):
        return ("home", suit(card))
    return None


def onto(game, card, token):
    "The Move of card onto what token names (a card on top of a pile or a foundation, a pile)."
    source, target = place(game, card), None
    if token.isdigit():
        target = ("pile", int(token) - 1) if 1 <= int(token) <= 7 else None
    else:
        other = card_of(token)
        where = place(game, other)
        if where and where[0] == "pile" and game.piles[where[1]][1][-1] == other:
            target = where
        elif where and where[0] == "home":
            target = where if suit(card) == suit(other) else None
    if source and target:
        move = Move(card, source, target)
        return move if legal(game, move) else None
    return None


def alone(game, card):
    "The Move of card typed alone: a king to the first empty pile if it can, else home."
    source = place(game, card)
    if not source:
        return None
    empty = [j for j, (d, u) in enumerate(game.piles) if not d and not u]
    tries = [Move(card, source, ("pile", j)) for j in empty[:1] if rank(card) == 13]
    tries += [Move(card, source, ("home", suit(card)))] * (source[0] != "home")
    return next((m for m in tries if legal(game, m)), None)


def solver_move(game, token):
    "Klondike-Solver's move the token (7S: pile 7's top card to the spades) names, or None."
    if not SOLVER_CARD.match(token):
        return None
    up = game.piles[int(token[0]) - 1][1]
    move = up and Move(up[-1], ("pile", int(token[0]) - 1), ("home", SUITS.index(token[1].upper())))
    return move if move and suit(move.card) == move.target[1] and legal(game, move) else None


def read(game, token, after):
    """(the words read, the command) of a card token followed by the token
    after ("," at the end of a line or before a command); command None:
    refused.  A pile number after a card is its target.  A card after a card
    is its target when that move can be made, or when it could be (a card
    it fits on, or the one below it at home); else 7S 6D is
    Klondike-Solver's pile 7 to the spades (then 6D is read on its own)
    when that can be made, an ace or a king goes alone (AH AH: AH home,
    then AH again), and any other card is refused with the card after it.
    Alone, 7S is pile 7 to the spades when that can be made."""
    card, ks, other = card_of(token), solver_move(game, token), card_of(after)
    pair = token + " " + after
    if after.isdigit() or other is not None:
        move = onto(game, card, after)
        sense = after.isdigit() or fits(card, other) or \
            suit(card) == suit(other) and rank(card) == rank(other) + 1
        if move or sense:
            return pair, move
        if ks and SOLVER_CARD.match(after):
            return token, ks
        if rank(card) not in (1, 13):
            return pair, None
    return token, ks or alone(game, card)


def commands(game, tokens):
    """Yield (words, command) for the tokens of a line, a command a Move or
    a word of COMMANDS; command None: the words are refused.  Each Move is
    read against the game the commands before it leave: the caller sends
    that game back in."""
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token == ",":
            i += 1
        elif token.lower() in COMMANDS:
            game = yield token, COMMANDS[token.lower()]
            i += 1
        elif card_of(token) is None:
            yield token, None
            return
        else:
            words, command = read(game, token, tokens[i + 1] if i + 1 < len(tokens) else ",")
            if command is None:
                yield words, None
                return
            game = yield words, command
            i += len(words.split())


def carried_out(rules, game, undo, command):
    """(game, undo) after a command (a Move, turn, undo or auto), or None
    when it is refused; auto with nothing to do changes nothing."""
    if command == "undo":
        return (undo[-1], undo[:-1]) if undo else None
    if command == "turn" and not can_turn(rules, game) or won(game) and command != "auto":
        return None
    after = auto(rules, game) if command == "auto" else \
        moved(rules, game, TURN if command == "turn" else command)
    after = auto(rules, after) if rules.autoplay else after
    return (game, undo) if command == "auto" and after == game else (after, undo + [game])


def answer(rules, number, game, undo, line):
    """(game, undo, Answer) after one typed line; a refused line leaves game
    and undo (the list of games before each command) as they were.  The
    board is shown once after a line that changed something."""
    tokens = re.findall(r"[^\s,]+|,", line.split("#")[0])
    reader, state, shown, done = commands(game, tokens), (game, undo), [], False
    try:
        word, command = next(reader)
        while True:
            if command == "board":
                shown.append(show(rules, number, state[0]))
            else:
                after = command and carried_out(rules, state[0], state[1], command)
                if after is None:
                    return game, undo, Answer("", word, "nothing to undo"
                                              if command == "undo" else None)
                done, state = done or after != state, after
            word, command = reader.send(state[0])
    except StopIteration:
        pass
    if done:
        shown.append(show(rules, number, state[0]))
    return state + (Answer("".join(s + "\n" for s in shown)),)

################ Random games


def spelt(card, rng):
    "A card's name as a player might type it (10 for T, lower case)."
    text = name(card).replace("T", "10") if rng.random() < 0.2 else name(card)
    return text.lower() if rng.random() < 0.2 else text


def typings(rules, game, rng):
    "(words, weight): every legal move of game in forms the notation allows."
    found = []
    for move in moves(rules, game):
        if move == TURN:
            found.append((rng.choice(["t", "t", "turn", "T"]), 3))
            continue
        card, source, target = move
        x, weight = spelt(card, rng), 2 if source[0] == "waste" else 1
        if target[0] == "home":
            found += [(x, 6)] + [(x + " " + spelt(card - 4, rng), 2)] * (rank(card) > 1)
            continue
        found.append(("%s %d" % (x, target[1] + 1), weight))
        up = game.piles[target[1]][1]
        found.append((x + " " + spelt(up[-1], rng) if up else x, weight * 2))
    return found


GARBAGE = ["xx", "zz", "9", "0C", "KX", "11C", "QQ", "AH 9", "2C 0", "%", "moves:", "tt", "uu"]


def random_line(rng, rules, game, detour=False):
    """A line a player might type at game (on a detour from a plan, one
    whose commands a single undo takes back)."""
    legal_words = typings(rules, game, rng)
    def pick():
        if not legal_words:
            return "u"
        return rng.choices([w for w, _ in legal_words], [k for _, k in legal_words])[0]
    def wrong():
        card = rng.randrange(52)
        return rng.choice([spelt(card, rng), spelt(card, rng) + " " + spelt(rng.randrange(52), rng),
                           "%s %d" % (spelt(card, rng), rng.randrange(9))])
    if detour:
        return rng.choice([pick, wrong, lambda: rng.choice(GARBAGE), lambda: "board"])()
    roll = rng.random()
    if roll < 0.55:
        return pick()
    if roll < 0.65:         # blanks between two moves would read as one (AH 2C 3D)
        return ", ".join([pick(), rng.choice([pick, wrong])()])
    if roll < 0.80:
        return wrong()
    if roll < 0.84:
        return rng.choice(GARBAGE)
    if roll < 0.94:
        return rng.choice(["u", "undo", "u u", "U", "Undo"])
    if roll < 0.97:
        return rng.choice(["board", "auto"])
    return rng.choice(["", "# a comment", pick() + "  # and a comment"])


def random_rules(rng):
    return Rules(rng.choice([1, 3, 3]), rng.choice([None] * 4 + [1, 2, 3]),
                 rng.choice(["standard"] * 4 + ["vegas", "none"]), rng.random() < 0.3)


def random_deal(rng):
    return rng.choice([rng.randint(1, 32000), rng.randint(1, 2 ** 33 - 1)])


def options(rules, number):
    "The command line's options for rules and deal number."
    return (["-g", str(number), "-m", "--ascii", "--draw", str(rules.draw),
             "--scoring", rules.scoring] + ["--autoplay"] * rules.autoplay +
            (["--passes", str(rules.passes)] if rules.passes else []))

################ The judge


def judge(seed, model=None):
    """Play game seed (a random.Random seed) against klondike.py: the Verdict,
    whose difference is None when the script answered every line as the
    model (this module, or a planted copy) predicts."""
    rules, number, lines = referee.game_lines(sys.modules[__name__], seed)
    return referee.check(sys.modules[__name__], rules, number, lines, model, seed)


def solution(rules, number):
    """The moves of the script's solution of the deal under rules, or [] when
    it finds none in 30,000 positions (the seconds allowed only a bug uses up)."""
    status, out, err = run_script(SCRIPT, options(rules, number) +
                                  ["--solve", "--max-positions", "30000", "--timeout", "600"], [])
    return [w.strip() for line in out.splitlines() if not line.startswith("#")
            for w in line.split(",")] if status == 0 else []
