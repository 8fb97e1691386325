#!/usr/bin/env python3
"""Performance figures of the collection (not part of the test run).

    python3 tests/bench.py              # every benchmark
    python3 tests/bench.py freecell     # only those whose name contains 'freecell'

Each benchmark prints its figures; the README quotes them.
"""
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SHARED = os.path.join(os.path.dirname(ROOT), "shared")
sys.path.insert(0, ROOT)

BENCHES = []


def bench(function):
    "Register a benchmark."
    BENCHES.append(function)
    return function


def timed(function, *args):
    "(result, seconds) of function(*args)."
    start = time.perf_counter()
    result = function(*args)
    return result, time.perf_counter() - start

################ FreeCell

# (section kept apart for merging)



################ FreeCell solver

# (section kept apart for merging)



################ Klondike

# (section kept apart for merging)



################ Klondike solver

# (section kept apart for merging)



################ Pousse

# (section kept apart for merging)

POUSSE_GAMES = os.path.join(SHARED, "reference", "icfp98-games.txt")


def pousse_records():
    "(winner, end, n, move names) of each game of the 1998 tournament."
    import re
    pattern = re.compile(r'winner: (\w) end: "([^"]*)".*game: \((\d+)([^)]*)\)')
    with open(POUSSE_GAMES) as lines:
        for line in lines:
            found = pattern.search(line)
            if found:
                winner, end, n, moves = found.groups()
                yield winner, end, int(n), moves.split()


@bench
def pousse_replay():
    "Replay every tournament game that ended normally: winner and last move."
    import pousse
    if not os.path.exists(POUSSE_GAMES):
        print("pousse: %s not found; skipped" % POUSSE_GAMES)
        return
    normal = wrong = 0
    start = time.perf_counter()
    for winner, end, n, names in pousse_records():
        if end != "game ended normally":
            continue
        normal += 1
        game = pousse.replay(n, pousse.parse_moves(n, " ".join(names)))
        if not (game.result and len(game.moves) == len(names)
                and pousse.PLAYERS[game.result[0]] == winner):
            wrong += 1
            print("pousse: differs: %s %s %s" % (winner, n, " ".join(names)))
    print("pousse: %d games ended normally, %d replay to their recorded winner at their "
          "recorded move, %d differ (%.1f s)"
          % (normal, normal - wrong, wrong, time.perf_counter() - start))


def pousse_match_game(number, seconds, opening=2, n=6):
    """One game of the engine against the J strategy: the engine plays X in
    even-numbered games; the first moves are random (ms_rand(number // 2 +
    1)), the same for both colours of a pair.  (engine won, moves, how)."""
    import pousse
    rand = pousse.ms_rand(number // 2 + 1)
    game = pousse.Game(n)
    while len(game.moves) < opening:
        game.play(next(rand) % (4 * n))
    engine, side, longest = pousse.Engine(n), number % 2, 0.0
    while not game.result:
        if game.player() == side:
            began = time.perf_counter()
            move = engine.think(game, pousse.budget(seconds))[0]
            longest = max(longest, time.perf_counter() - began)
        else:
            move = pousse.j_move(game)
        game.play(move)
    return game.result[0] == side, len(game.moves), game.result[1], longest


def wilson(wins, games, z=1.96):
    "The 95 % Wilson score interval of a proportion, as (low, high)."
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * (p * (1 - p) / games + z * z / (4 * games * games)) ** 0.5 / (1 + z * z / games)
    return centre - half, centre + half


@bench
def pousse_match(games=None, seconds=None):
    """The engine against --level j on 6 x 6: POUSSE_GAMES games (200), POUSSE_SECONDS
    a move (1), colours alternated, two random opening moves a pair, 2 processes."""
    import multiprocessing
    games = games or int(os.environ.get("POUSSE_GAMES", "200"))
    seconds = seconds or float(os.environ.get("POUSSE_SECONDS", "1"))
    start = time.perf_counter()
    pool = multiprocessing.Pool(2)
    results = pool.starmap(pousse_match_game, [(i, seconds) for i in range(games)])
    pool.close()
    wins = sum(won for won, _, _, _ in results)
    low, high = wilson(wins, games)
    hows = sorted(set(how for _, _, how, _ in results))
    print("pousse: engine against J, %g s a move: won %d of %d (%.1f %%, 95 %% interval "
          "%.1f-%.1f %%); as X %d of %d, as O %d of %d"
          % (seconds, wins, games, 100.0 * wins / games, 100 * low, 100 * high,
             sum(r[0] for r in results[0::2]), len(results[0::2]),
             sum(r[0] for r in results[1::2]), len(results[1::2])))
    print("pousse: games of %d-%d moves (mean %.0f); ended by %s; longest engine move %.2f s; %.0f s"
          % (min(r[1] for r in results), max(r[1] for r in results),
             sum(r[1] for r in results) / games,
             ", ".join("%s %d" % (h, sum(r[2] == h for r in results)) for h in hows),
             max(r[3] for r in results), time.perf_counter() - start))


@bench
def pousse_speed():
    "Positions a second in the engine on 6 x 6: 3 s searches from a few positions."
    import pousse
    openings = ["", "L3 T3 L3 T3", "L3 T4 B3 R3 T3 L4 B4 R4",
                "L3 T3 L3 T3 T3 L3 B3 T2 L3 R3 L3 B3 L3 B1 T3 R3 T3 R3 L1 B3 L1 L1 T3 R6 "
                "T6 T4 R1 R1 L3 T4 B4 B3 L1 L2 B3 R1 L3 T3 T3 R3 L1 B3"]
    for text in openings:
        game = pousse.Game(6, pousse.parse_moves(6, text))
        move, facts = pousse.Engine(6).think(game, 3.0)
        print("pousse: after %2d moves: depth %d, %7d positions in %.2f s: %6.0f positions a second"
              % (len(game.moves), facts["depth"], facts["nodes"], facts["seconds"],
                 facts["nodes"] / facts["seconds"]))




################ Medici

# (section kept apart for merging)



################ Robustness and start-up

################ Main

def main(argv):
    words = [a for a in argv if not a.startswith("-")]
    chosen = [b for b in BENCHES
              if not words or any(w in b.__name__ for w in words)]
    for b in chosen:
        print("== %s" % b.__name__)
        sys.stdout.flush()
        b()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
