#!/usr/bin/env python3
"""Performance figures of the collection (not part of the test run).

    python3 tests/bench.py              # every benchmark
    python3 tests/bench.py freecell     # only those whose name contains 'freecell'
    python3 tests/bench.py --fuzz       # tests/robustness.txt's fuzzing, 100 times longer

Each benchmark prints its figures; the README quotes them.
"""
import os
import re
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

SCRIPTS = ["freecell", "klondike", "pousse", "medici"]


def fastest(command, runs=20):
    """(wall, processor) milliseconds of command, each the least of runs runs:
    the processor time (user and system, from wait4) is the figure that the
    other jobs of a shared machine disturb least."""
    walls, cpus = [], []
    for _ in range(runs):
        start = time.perf_counter()
        child = subprocess.Popen(command, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        _, _, usage = os.wait4(child.pid, 0)
        child.returncode = 0
        walls.append(1000 * (time.perf_counter() - start))
        cpus.append(1000 * (usage.ru_utime + usage.ru_stime))
    return min(walls), min(cpus)


def import_costs(command, top=3):
    "The costliest imports of command by python3 -X importtime (cumulative ms, name)."
    done = subprocess.run(command[:1] + ["-X", "importtime"] + command[1:],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    costs = []
    for line in done.stderr.decode().splitlines():
        parts = line.split("|")
        if len(parts) == 3 and parts[1].strip().isdigit() and not parts[2].startswith("   "):
            costs.append((int(parts[1]) / 1000.0, parts[2].strip()))
    return sorted(costs, reverse=True)[:top]


@bench
def startup():
    """Each script's --help against bare python3 -S -c pass.  Everything runs
    with -S: here site imports certifi through a .pth file (30 ms), which a
    device has not, and comparing with it would hide the scripts' own cost.
    The least of 20 runs, in wall time and in processor time."""
    python = [sys.executable, "-S"]
    bare = fastest(python + ["-c", "pass"])
    print("%-32s %6s %6s" % ("", "wall", "cpu"))
    print("%-32s %6.1f %6.1f ms" % ("python3 -S -c pass", bare[0], bare[1]))
    rows = [("import argparse", python + ["-c", "import argparse"]),
            ("argparse, a parser, its help", python + ["-c", "import argparse, io; "
             "argparse.ArgumentParser().print_help(io.StringIO())"])]
    rows += [(name + ".py --help", python + [os.path.join(ROOT, name + ".py"), "--help"])
             for name in SCRIPTS if os.path.exists(os.path.join(ROOT, name + ".py"))]
    for what, command in rows:
        took = fastest(command)
        print("%-32s %6.1f %6.1f ms  %.1fx %.1fx" % (what, took[0], took[1],
                                                     took[0] / bare[0], took[1] / bare[1]))
    print("where the time goes, for each script:")
    for what, command in rows[2:]:
        with open(command[2], "rb") as f:
            source = f.read()
        start = time.perf_counter()
        for _ in range(20):
            compile(source, command[2], "exec")
        compiling = 1000 * (time.perf_counter() - start) / 20
        costs = ", ".join("%s %.1f" % (n, ms) for ms, n in import_costs(command))
        print("  %-16s compiling the file %.1f ms; costliest imports (-X importtime, ms): %s"
              % (what.split()[0], compiling, costs))


def robustness_examples():
    "The fuzzing of tests/robustness.txt: its definitions run, as a namespace."
    import doctest
    with open(os.path.join(HERE, "robustness.txt"), encoding="utf-8") as f:
        text = f.read()
    space = {"__name__": "robustness"}
    for example in doctest.DocTestParser().get_examples(text):
        source = example.source
        if re.match(r"(import |class |def |[A-Z_]+ = )", source) and not example.want:
            exec(compile(source, "robustness.txt", "exec"), space)
    return space


def fuzz(seeds=100):
    """The campaigns of tests/robustness.txt with seeds 1..seeds (a hundred
    times the lines of the test run by default)."""
    space = robustness_examples()
    failed = False
    for game in ("FreeCell", "Klondike", "Pousse", "Medici"):
        lines = rejected = 0
        problems = []
        start = time.time()
        for seed in range(1, seeds + 1):
            n, r, p = space["campaign"](space[game](), seed, quiet=True)
            lines, rejected, problems = lines + n, rejected + r, problems + p
        for text in problems[:10]:
            print(text)
        print("%-8s seeds 1..%d: lines %d, accepted %d, rejected %d, violations: %d  (%.0f s)"
              % (game.lower(), seeds, lines, lines - rejected, rejected, len(problems),
                 time.time() - start))
        sys.stdout.flush()
        failed = failed or bool(problems)
    return 1 if failed else 0

################ Main

def main(argv):
    fuzzing = [a for a in argv if a == "--fuzz" or a.startswith("--fuzz=")]
    if fuzzing:
        return fuzz(int(fuzzing[-1].partition("=")[2] or 100))
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
