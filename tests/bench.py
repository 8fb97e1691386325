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



################ Medici

# (section kept apart for merging)

@bench
def medici_check():
    "Chains checked a second: the fast pile_count() and the article's loop."
    import medici
    chains = [[medici.BITS[c] for c in medici.deal(n)] for n in range(1, 50001)]
    best = min(timed(lambda: [medici.pile_count(c) for c in chains])[1] for _ in range(3))
    print("pile_count      %8.0f chains a second (deals 1..50000, best of 3)"
          % (len(chains) / best))
    cards = [medici.deal(n) for n in range(1, 5001)]
    _, seconds = timed(lambda: [medici.fold(c) for c in cards])
    print("fold (article)  %8.0f chains a second" % (len(cards) / seconds))


@bench
def medici_find():
    "--find --target AH --min-efficiency 10: average time per search, in process."
    import medici
    wish = medici.Wish(targets={medici.card_of(8, 2): 10})
    starts = range(1, 1000001, 50000)
    _, seconds = timed(lambda: [next(medici.find(wish, n, 10**6)) for n in starts])
    print("find A♥!10      %8.4f s on average over %d searches (-g 1, 50001, ...)"
          % (seconds / len(starts), len(starts)))
    command = [sys.executable, os.path.join(ROOT, "medici.py"), "-m", "--find",
               "--target", "AH", "--min-efficiency", "10", "-g", "1"]
    _, seconds = timed(subprocess.check_output, command)
    print("the command     %8.3f s, start-up included" % seconds)


@bench
def medici_stats():
    "medici.py --stats 1000000 -g 1, as a command (both cores)."
    command = [sys.executable, os.path.join(ROOT, "medici.py"), "--stats", "1000000", "-g", "1"]
    out, seconds = timed(subprocess.check_output, command)
    lines = out.decode("utf-8").splitlines()
    print(lines[1])
    print(lines[-1])
    print("the command     %8.1f s" % seconds)



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
