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

@bench
def klondike_rules():
    "Speed of klondike.py's rules (moves, move, result) and of its command loop."
    import io
    import klondike as k
    rand = k.ms_rand(1)
    games, positions, listed = [], 0, 0
    for n in range(1, 201):
        game, line = k.deal(k.deck_of(n), k.make_rules(1 + 2 * (n % 2))), []
        for _ in range(300):
            ms = k.moves(game)
            if not ms:
                break
            line.append(ms[next(rand) % len(ms)])
            game = k.move(game, line[-1])
        games.append((k.deal(k.deck_of(n), game.rules), line))
    start = time.perf_counter()
    for game, line in games:
        for m in line:
            listed += len(k.moves(game))
            game = k.move(game, m)
            positions += 1
    both = time.perf_counter() - start
    start = time.perf_counter()
    for game, line in games:
        for m in line:
            game = k.move(game, m)
    moved = time.perf_counter() - start
    print("random play, 200 deals, %d positions (%.1f moves each):" % (
        positions, listed / positions))
    print("  moves(): %6.1f us a position" % ((both - moved) / positions * 1e6))
    print("  move():  %6.1f us a move" % (moved / positions * 1e6))
    ends = [g for g, _ in games]
    _, took = timed(lambda: [k.result(g) for g in ends])
    print("  result(): %5.1f us a position" % (took / len(ends) * 1e6))
    game, line = games[0]
    text = k.ks_notation(game, line)
    start = time.perf_counter()
    status = k.main(["-g", "1", "--draw", str(game.rules.draw), "-q", "-m"],
                    io.StringIO(text + "\n"), io.StringIO(), io.StringIO())
    took = time.perf_counter() - start
    assert status == 0, "the replay was refused"
    print("command loop, Klondike-Solver's notation: %.0f moves a second" % (
        len(line) / took))
    command = [sys.executable, os.path.join(ROOT, "klondike.py"), "-g", "1", "-q"]
    _, took = timed(lambda: subprocess.call(command, stdin=subprocess.DEVNULL,
                                            stdout=subprocess.DEVNULL))
    _, bare = timed(subprocess.call, [sys.executable, "-c", "pass"])
    print("start-up and one board: %.0f ms (python3 -c pass: %.0f ms)" % (
        took * 1e3, bare * 1e3))




################ Klondike solver

# (section kept apart for merging)



################ Pousse

# (section kept apart for merging)



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
