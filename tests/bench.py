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

def peak_mb():
    "This process's peak resident memory so far, in MB (None where unknown)."
    try:
        import resource
    except ImportError:
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 1024.0 / (1024 if sys.platform == "darwin" else 1)


@bench
def freecell_solver(first=1, last=1000):
    """Deals 1..1000 in one process: every one solved, both forms of every
    solution replayed through the game's own move checker; time, length and
    peak memory."""
    import freecell
    totals, typed, times, unsolved = [], [], [], []
    solving = 0.0
    for number in range(first, last + 1):
        start = freecell.deal(number)
        answer = freecell.solve(start)
        solving += answer["seconds"]
        times.append((answer["seconds"], number))
        if answer["verdict"] != "solved":
            unsolved.append(number)
            continue
        everything, _ = freecell.solution(start, answer["steps"], autoplay_on=False)
        for moves, autoplay in ((answer["moves"], True), (everything, False)):
            game = freecell.new_game(start, "", autoplay=autoplay)
            for move in moves:
                freecell.play_move(game, move)
            assert freecell.won(game["pos"]), number
        assert len(everything) == answer["total"], number
        totals.append(len(everything))
        typed.append(len(answer["moves"]))
    times.sort()
    count = last - first + 1
    print("deals %d..%d: %d solved, unsolved: %s; every solution replayed, with and "
          "without autoplay" % (first, last, len(totals), unsolved or "none"))
    print("solving time in one process: %.1f s, %.1f ms a deal, median %.1f ms, "
          "slowest %.2f s (deal %d)" % (solving, 1000 * solving / count,
                                        1000 * times[count // 2][0], times[-1][0], times[-1][1]))
    print("mean length, every foundation move counted: %.1f moves (fc-solve -l lg: 117)"
          % (sum(totals) / len(totals)))
    print("mean moves typed with safe autoplay: %.1f" % (sum(typed) / len(typed)))
    print("peak memory of the process: %.0f MB" % peak_mb())


@bench
def freecell_impossible():
    "Deal 11982 proved impossible: time, positions and peak memory, in a fresh process."
    code = ("import sys, time; sys.path.insert(0, %r); import freecell; t = time.perf_counter(); "
            "a = freecell.solve(freecell.deal(11982)); import resource; "
            "print(a['verdict'], a['positions'], round(time.perf_counter() - t, 2), "
            "resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)" % ROOT)
    out = subprocess.check_output([sys.executable, "-c", code]).decode().split()
    print("deal 11982: %s after %s positions in %s s, peak memory %s MB" % tuple(out))
    import freecell
    others = (146692, 186216, 455889, 495505, 512118, 517776, 781948)
    start = time.perf_counter()
    verdicts = [freecell.solve(freecell.deal(n))["verdict"] for n in others]
    print("the other impossible deals below 1,000,000 %s: %s, %.1f s in all"
          % (others, ", ".join(sorted(set(verdicts))), time.perf_counter() - start))

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

def klondike_sweep(draw, first=1, last=1000):
    """Deals first..last solved in one process with the default limits, every
    solution replayed through the game's own move checker."""
    import klondike as k
    counts = {"solved": 0, "impossible": 0, "unknown": 0}
    times, lengths, unknown, positions = [], [], [], 0
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    began = time.perf_counter()
    for number in range(first, last + 1):
        game = k.deal(k.deck_of(number), k.make_rules(draw))
        answer = k.solve(game)
        counts[answer["verdict"]] += 1
        times.append((answer["seconds"], number))
        positions += answer["positions"]
        if answer["verdict"] == "solved":
            assert k.won(k.replay(game, answer["moves"])), number
            lengths.append(len(answer["moves"]))
        elif answer["verdict"] == "unknown":
            unknown.append(number)
        if number % 50 == 0:
            sys.stderr.write("deal %d: %s\n" % (number, counts))
            sys.stderr.flush()
    elapsed = time.perf_counter() - began
    count = last - first + 1
    times.sort()
    print("draw %d, deals %d..%d: %d solved (%.1f %%), %d impossible (%.1f %%), "
          "%d unknown (%.1f %%); every solution replayed to a win"
          % (draw, first, last, counts["solved"], 100.0 * counts["solved"] / count,
             counts["impossible"], 100.0 * counts["impossible"] / count,
             counts["unknown"], 100.0 * counts["unknown"] / count))
    print("time in one process: %.0f s in all, mean %.2f s, median %.3f s a deal, "
          "slowest %.1f s (deal %d)" % (elapsed, elapsed / count, times[count // 2][0],
                                         times[-1][0], times[-1][1]))
    print("mean solution %.1f moves (turns counted); %.0f positions a deal; "
          "peak memory %.0f MB" % (sum(lengths) / max(1, len(lengths)),
                                   positions / count, peak_mb() or 0))
    print("unknown: %s" % (" ".join(map(str, unknown)) or "none"))
    if load is not None:
        print("load average at the start %.1f, at the end %.1f (2 cores)"
              % (load, os.getloadavg()[0]))


@bench
def klondike_solver_draw3():
    "Thoughtful Klondike, draw three, unlimited passes: deals 1..1000."
    klondike_sweep(3)


@bench
def klondike_solver_draw1():
    "Thoughtful Klondike, draw one, unlimited passes: deals 1..1000."
    klondike_sweep(1)


@bench
def klondike_player(first=1, last=1000):
    """The player that does not peek, draw three, unlimited passes: deals
    first..last in one process, every game replayed through the game's checker."""
    import klondike as k
    wins, times, homes = 0, [], 0
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    began = time.perf_counter()
    for number in range(first, last + 1):
        game = k.deal(k.deck_of(number))
        answer = k.play_blind(game)
        end = k.replay(game, answer["moves"])
        assert k.won(end) == (answer["verdict"] == "won"), number
        wins += answer["verdict"] == "won"
        homes += answer["home"]
        times.append(answer["seconds"])
    count = last - first + 1
    low, high = k.wilson(wins, count)
    times.sort()
    print("draw 3, deals %d..%d: %d won (%.1f %%, 95 %% interval %.1f-%.1f %%); "
          "%.1f cards home a game" % (first, last, wins, 100.0 * wins / count,
                                      100 * low, 100 * high, homes / count))
    print("time in one process: %.0f s, median %.2f s a game, slowest %.1f s"
          % (time.perf_counter() - began, times[count // 2], times[-1]))
    if load is not None:
        print("load average at the start %.1f, at the end %.1f (2 cores)"
              % (load, os.getloadavg()[0]))

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
