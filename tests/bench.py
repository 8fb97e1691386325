#!/usr/bin/env python3
"""Performance figures of the collection (not part of the test run).

    python3 tests/bench.py              # every benchmark
    python3 tests/bench.py freecell     # only those whose name contains 'freecell'
    python3 tests/bench.py device       # the scripts in 64 and 128 MB and at 10 % of a core
                                        # (cgroups, as root); the solvers' bytes a position
    python3 tests/bench.py sweeps       # what --out costs; the GNU parallel recipe of the
                                        # README run for real (where parallel is installed)
    python3 tests/bench.py --fuzz       # tests/robustness.txt's fuzzing, 100 times longer
    python3 tests/bench.py --table      # the README's table of figures, measured now
    python3 tests/bench.py --table freecell    # only its rows whose bench names freecell

Each benchmark prints its figures, and those of the README's table are also
its answer (a dict).  Most take minutes; the long ones say how long.
"""
import collections
import functools
import itertools
import os
import re
import shlex
import statistics
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
    peak memory.  FREECELL_OLD=PATH (an earlier freecell.py) solves each deal
    too, in turn with this one, so that both times come from the same run of
    a machine whose speed varies: the old time and the ratio.
    FREECELL_DEALS=A-B takes other deals."""
    import freecell
    if os.environ.get("FREECELL_DEALS"):
        first, last = map(int, os.environ["FREECELL_DEALS"].split("-"))
    old = os.environ.get("FREECELL_OLD")
    old = load_module(old, "freecell_old") if old else None
    totals, typed, times, unsolved = [], [], [], []
    solving = old_solving = 0.0
    positions = 0
    for number in range(first, last + 1):
        start = freecell.deal(number)
        if old and number % 2:
            old_solving += timed(old.solve, old.deal(number))[1]
        answer = freecell.solve(start)
        if old and not number % 2:
            old_solving += timed(old.solve, old.deal(number))[1]
        solving += answer.seconds
        positions += answer.positions
        times.append((answer.seconds, number))
        if answer.verdict != "solved":
            unsolved.append(number)
            continue
        everything, _ = freecell.solution(start, answer.steps, autoplay_on=False)
        for moves, autoplay in ((answer.moves, True), (everything, False)):
            game = freecell.new_game(start, "", autoplay=autoplay)
            for move in moves:
                game, _ = freecell.play_move(game, move)
            assert freecell.won(game.pos), number
        assert len(everything) == answer.total, number
        totals.append(len(everything))
        typed.append(len(answer.moves))
    times.sort()
    count = last - first + 1
    print("deals %d..%d: %d solved, unsolved: %s; every solution replayed, with and "
          "without autoplay" % (first, last, len(totals), unsolved or "none"))
    print("solving time in one process: %.1f s, %.1f ms a deal, median %.1f ms, "
          "slowest %.2f s (deal %d)" % (solving, 1000 * solving / count,
                                        1000 * times[count // 2][0], times[-1][0], times[-1][1]))
    if old:
        print("the earlier freecell.py (%s) on the same deals, in turn with this one: %.1f s; "
              "this one takes %.3f of its time" % (os.environ["FREECELL_OLD"], old_solving,
                                                   solving / old_solving))
    print("mean length, every foundation move counted: %.1f moves (fc-solve -l lg: 117)"
          % (sum(totals) / len(totals)))
    print("mean moves typed with safe autoplay: %.1f" % (sum(typed) / len(typed)))
    print("positions searched a deal: %.0f" % (positions / count))
    print("peak memory of the process: %.0f MB" % peak_mb())
    return {"length": "%d of %d solved; %.1f moves (%.1f typed), %.0f positions a deal"
                      % (len(totals), count, sum(totals) / len(totals), sum(typed) / len(typed),
                         positions / count),
            "time": "%.1f s; median %.1f ms, slowest %.2f s (deal %d)"
                    % (solving, 1000 * times[count // 2][0], times[-1][0], times[-1][1])}


@bench
def freecell_short(first=1, last=100, seconds=10.0):
    """--short on deals 1..100 (10 s a deal): mean moves typed and with every
    foundation move, the slowest deal, how many were proved minimal; every
    solution replayed through the game's own move checker, beside the
    default solutions of the same deals."""
    import freecell
    typed, totals, plain, times, minimal = [], [], [], [], 0
    for number in range(first, last + 1):
        start = freecell.deal(number)
        plain.append(len(freecell.solve(start).moves))
        clock = time.perf_counter()
        answer = freecell.solve(start, short=seconds)
        times.append((time.perf_counter() - clock, number))
        game = freecell.new_game(start, "")
        for move in answer.moves:
            game, _ = freecell.play_move(game, move)
        assert freecell.won(game.pos), number
        typed.append(len(answer.moves))
        totals.append(answer.total)
        minimal += answer.minimal
    count = last - first + 1
    print("deals %d..%d with --short %g: mean %.1f moves typed (default %.1f), %.1f with every "
          "foundation move; %d proved minimal; every solution replayed"
          % (first, last, seconds, sum(typed) / count, sum(plain) / count, sum(totals) / count,
             minimal))
    print("time a deal: mean %.1f s, slowest %.1f s (deal %d); peak memory %.0f MB"
          % (sum(t for t, _ in times) / count, max(times)[0], max(times)[1], peak_mb()))
    return {"length": "%.1f typed (%.1f with every foundation move; the default: %.1f typed)"
                      % (sum(typed) / count, sum(totals) / count, sum(plain) / count)}


@bench
def freecell_hint(first=1, last=100):
    """hint at the start of deals 1..100, in the game's command loop (the
    process already started): median and slowest seconds, and the length of
    the solution each hint belongs to."""
    import io
    import freecell
    times, lengths = [], []
    for number in range(first, last + 1):
        out = io.StringIO()
        clock = time.perf_counter()
        freecell.main(["-g", str(number), "-q", "-m"], io.BytesIO(b"hint"), out, out)
        times.append((time.perf_counter() - clock, number))
        lengths.append(int(out.getvalue().split("a solution of ")[1].split()[0]))
    times.sort()
    print("hint on deals %d..%d: median %.3f s, slowest %.3f s (deal %d); the solutions "
          "they name: %.1f moves typed on average" % (first, last, times[len(times) // 2][0],
                                                      times[-1][0], times[-1][1],
                                                      sum(lengths) / len(lengths)))
    return {"time": "median %.3f s, slowest %.3f s; a move of a %.1f-move solution"
                    % (times[len(times) // 2][0], times[-1][0], sum(lengths) / len(lengths))}


@bench
def freecell_fcsolve(first=1, last=100, presets=("lg", "ve")):
    """fc-solve's presets on the same deals, where fc-solve is installed:
    seconds and mean moves (every foundation move counted, as it writes
    them), each solution replayed through freecell.py --no-autoplay."""
    import shutil
    import freecell
    if not shutil.which("fc-solve"):
        print("fc-solve is not installed: skipped")
        return
    for preset in presets:
        lengths, seconds = [], 0.0
        for number in range(first, last + 1):
            board = freecell.export(freecell.deal(number)).encode()
            clock = time.perf_counter()
            out = subprocess.run(["fc-solve", "-m", "-snx", "-l", preset], input=board,
                                 stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout
            seconds += time.perf_counter() - clock
            moves = [m for line in out.decode().splitlines()
                     if line and not freecell.CHATTER.match(line.strip())
                     for m in line.split()]
            game = freecell.new_game(freecell.deal(number), "", autoplay=False, snx=True)
            for move in moves:
                game, _ = freecell.play_move(game, move)
            assert freecell.won(game.pos), (preset, number)
            lengths.append(len(moves))
        print("fc-solve -l %s on deals %d..%d: mean %.1f moves, %.1f s in all (a process a "
              "deal), every solution replayed" % (preset, first, last,
                                                 sum(lengths) / len(lengths), seconds))


@bench
def freecell_impossible():
    "Deal 11982 proved impossible: time, positions and peak memory, in a fresh process."
    code = ("import sys, time; sys.path.insert(0, %r); import freecell; t = time.perf_counter(); "
            "a = freecell.solve(freecell.deal(11982)); import resource; "
            "print(a.verdict, a.positions, round(time.perf_counter() - t, 2), "
            "resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)" % ROOT)
    out = subprocess.check_output([sys.executable, "-c", code]).decode().split()
    print("deal 11982: %s after %s positions in %s s, peak memory %s MB" % tuple(out))
    figures = {"11982": "{:,} positions, {} s, peak {} MB".format(int(out[1]), *out[2:])}
    import freecell
    others = (146692, 186216, 455889, 495505, 512118, 517776, 781948)
    start = time.perf_counter()
    verdicts = [freecell.solve(freecell.deal(n)).verdict for n in others]
    print("the other impossible deals below 1,000,000 %s: %s, %.1f s in all"
          % (others, ", ".join(sorted(set(verdicts))), time.perf_counter() - start))
    return figures

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
        counts[answer.verdict] += 1
        times.append((answer.seconds, number))
        positions += answer.positions
        if answer.verdict == "solved":
            assert k.won(k.replay(game, answer.moves)), number
            lengths.append(len(answer.moves))
        elif answer.verdict == "unknown":
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
    return {"verdicts": "%d solved, %d impossible, %d unknown"
                        % (counts["solved"], counts["impossible"], counts["unknown"]),
            "time": "%.0f s in all; median %.3f s, slowest %.1f s (deal %d)"
                    % (elapsed, times[count // 2][0], times[-1][0], times[-1][1])}


@bench
def klondike_solver_draw3():
    "Thoughtful Klondike, draw three, unlimited passes: deals 1..1000."
    return klondike_sweep(3)


@bench
def klondike_solver_draw1():
    "Thoughtful Klondike, draw one, unlimited passes: deals 1..1000."
    return klondike_sweep(1)


@bench
def klondike_player(first=1, last=1000):
    """The player that does not peek, draw three, unlimited passes: deals
    first..last (KLONDIKE_DEALS=A-B to choose) in one process, every game
    replayed through the game's checker; KLONDIKE_WORLDS=N plays as
    --worlds N does.  KLONDIKE_OLD=PATH (an earlier klondike.py) plays
    each deal too, in turn with this one: its wins, and the games each won
    alone (the paired comparison that says whether a change wins)."""
    import klondike as k
    if os.environ.get("KLONDIKE_DEALS"):
        first, last = map(int, os.environ["KLONDIKE_DEALS"].split("-"))
    worlds = int(os.environ.get("KLONDIKE_WORLDS", k.WORLDS))
    old = os.environ.get("KLONDIKE_OLD")
    old = load_module(old, "klondike_old") if old else None
    wins, times, homes = 0, [], 0
    old_wins, alone, old_alone, old_times = 0, 0, 0, []
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    began = time.perf_counter()
    for number in range(first, last + 1):
        game = k.deal(k.deck_of(number))
        answer = k.play_blind(game, worlds=worlds)
        end = k.replay(game, answer.moves)
        assert k.won(end) == (answer.verdict == "won"), number
        mine = answer.verdict == "won"
        wins += mine
        homes += answer.home
        times.append(answer.seconds)
        if old:
            other = old.play_blind(old.deal(old.deck_of(number)))
            theirs = field(other, "verdict") == "won"
            assert k.won(k.replay(game, field(other, "moves"))) == theirs, number
            old_wins += theirs
            alone += mine and not theirs
            old_alone += theirs and not mine
            old_times.append(field(other, "seconds"))
    count = last - first + 1
    low, high = k.wilson(wins, count)
    times.sort()
    figures = {"won": "%d (%.1f %%, 95 %% interval %.1f-%.1f %%)"
                      % (wins, 100.0 * wins / count, 100 * low, 100 * high),
               "time": "median %.2f s, slowest %.1f s" % (times[count // 2], times[-1])}
    print("draw 3, up to %d worlds a turn, deals %d..%d: %d won (%.1f %%, 95 %% interval "
          "%.1f-%.1f %%); %.1f cards home a game" % (worlds, first, last, wins,
                                                     100.0 * wins / count, 100 * low,
                                                     100 * high, homes / count))
    # the earlier version's games are not this one's time
    print("time in one process: %.0f s, median %.2f s a game, slowest %.1f s; peak memory "
          "%.0f MB" % (time.perf_counter() - began - sum(old_times), times[count // 2],
                       times[-1], peak_mb() or 0))
    if old:
        low, high = k.wilson(old_wins, count)
        print("the earlier klondike.py (%s), in turn with this one: %d won (%.1f %%, %.1f-%.1f "
              "%%), median %.2f s a game; games won by this one alone %d, by the earlier alone %d"
              % (os.environ["KLONDIKE_OLD"], old_wins, 100.0 * old_wins / count, 100 * low,
                 100 * high, sorted(old_times)[count // 2], alone, old_alone))
    if load is not None:
        print("load average at the start %.1f, at the end %.1f (2 cores)"
              % (load, os.getloadavg()[0]))
    return figures


def field(answer, name):
    """A field of a klondike.py answer: a named tuple's, or one of the dict
    an earlier klondike.py (KLONDIKE_OLD) answered with."""
    return answer[name] if isinstance(answer, dict) else getattr(answer, name)


def klondike_deal(arguments):
    """(deal, our verdict, our seconds, its verdict, its seconds) of one deal
    played by the player (or taken from results) and by the program of the
    shell line robot; or what was wrong with its answer."""
    number, robot, ours = arguments
    import klondike as k
    deck = k.deck_of(number)
    if ours is None:
        game = k.deal(deck)
        answer = k.play_blind(game)
        assert k.won(k.replay(game, answer.moves)) == (answer.verdict == "won"), number
        ours = answer.verdict, answer.seconds
    began = time.perf_counter()
    done = subprocess.run(robot.replace("{deal}", str(number)), shell=True,
                          input=k.format_pysol(deck) + "\n", stdout=subprocess.PIPE,
                          universal_newlines=True)
    said = (done.stdout.strip().splitlines() or [""])[-1].split()
    if done.returncode or not said or said[0] not in ("won", "lost"):
        return "klondike: deal %d: the other player said %r (status %d), not won or lost" % (
            number, done.stdout[-200:], done.returncode)
    return number, ours[0], ours[1], said[0], time.perf_counter() - began


@bench
def klondike_field():
    """The player against another program's player, KLONDIKE_PLAYER (a shell
    line, {deal} the deal's number; the deal's PySol board, klondike.py's
    --export=pysol, on its standard input; the first word of its last line
    'won' or 'lost'), draw three, on deals KLONDIKE_DEALS (1-100), in
    KLONDIKE_JOBS processes (2): each one's wins and the deals each won
    alone.  KLONDIKE_RESULTS=FILE takes the player's games from a results
    file of klondike.py --play (--out FILE) instead of playing them.  The
    other program's verdicts are its own (its moves are not replayed).  A
    line on stderr as each deal ends.  Skipped without KLONDIKE_PLAYER."""
    robot = os.environ.get("KLONDIKE_PLAYER")
    if not robot:
        print("klondike: KLONDIKE_PLAYER (the command line of another player) not given; skipped")
        return
    import multiprocessing
    import klondike as k
    first, last = map(int, os.environ.get("KLONDIKE_DEALS", "1-100").split("-"))
    jobs = int(os.environ.get("KLONDIKE_JOBS", "2"))
    known = {}
    if os.environ.get("KLONDIKE_RESULTS"):
        with open(os.environ["KLONDIKE_RESULTS"]) as lines:
            for line in lines:
                if line.strip() and not line.startswith("#"):
                    number, verdict, _, _, seconds = k.parse_game_line(line)
                    known[number] = verdict, seconds
        missing = [n for n in range(first, last + 1) if n not in known]
        if missing:
            raise SystemExit("klondike: %s lacks deal %d" % (os.environ["KLONDIKE_RESULTS"],
                                                           missing[0]))
    work = [(n, robot, known.get(n)) for n in range(first, last + 1)]
    began = time.perf_counter()
    games = []
    with multiprocessing.Pool(jobs) as pool:
        for game in pool.imap_unordered(klondike_deal, work):
            if isinstance(game, str):
                raise SystemExit(game)
            games.append(game)
            sys.stderr.write("deal %d: the player %s, the other %s\n" % (game[0], game[1], game[3]))
    games.sort()
    count = len(games)
    for who, verdict, seconds in (("the player", 1, 2), ("the other", 3, 4)):
        wins = sum(game[verdict] == "won" for game in games)
        low, high = k.wilson(wins, count)
        times = sorted(game[seconds] for game in games)
        print("%s: %d of deals %d..%d won (%.1f %%, 95 %% interval %.1f-%.1f %%); median "
              "%.2f s a game, slowest %.1f s" % (who, wins, first, last, 100.0 * wins / count,
                                                100 * low, 100 * high, times[count // 2],
                                                times[-1]))
    ours = [game[0] for game in games if game[1] == "won" and game[3] != "won"]
    theirs = [game[0] for game in games if game[3] == "won" and game[1] != "won"]
    print("won by the player alone: %d; by the other alone: %d%s; %s, %d processes, %.0f s"
          % (len(ours), len(theirs), " (%s)" % " ".join(map(str, theirs[:20])) if theirs else "",
             "the player's games from " + os.environ["KLONDIKE_RESULTS"] if known
             else "both played here", jobs, time.perf_counter() - began))

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
        game = game.play(next(rand) % (4 * n))
    engine, side, longest = pousse.Engine(n), number % 2, 0.0
    while not game.result:
        if game.player() == side:
            began = time.perf_counter()
            move = engine.think(game, pousse.budget(seconds))[0]
            longest = max(longest, time.perf_counter() - began)
        else:
            move = pousse.j_move(game)
        game = game.play(move)
    return game.result[0] == side, len(game.moves), game.result[1], longest


def wilson(wins, games):
    "The 95 % Wilson score interval of a proportion, as (low, high): Klondike's."
    import klondike
    return klondike.wilson(wins, games)


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
    return {"points": "%d of %d (%.1f %%, 95 %% interval %.1f-%.1f %%)"
                      % (wins, games, 100.0 * wins / games, 100 * low, 100 * high)}

# A match between two programs that each play one move a process, as the 1998
# contest ran them: the board size, then the moves so far, one a line, on
# standard input; the move on standard output.  A command is a shell line in
# which {t} stands for the seconds a move (la: "cd DIR/42 && read n &&
# exec support/pousse$n {t}").

ENGINE = "%s %s --icfp -t {t}" % (shlex.quote(sys.executable), shlex.quote(os.path.join(ROOT, "pousse.py")))
LATE = 0.5          # seconds past the limit after which a move loses on time


def robot_move(command, n, moves, seconds):
    """(move, seconds taken, fault or None) of one move by command."""
    import pousse
    text = "%d\n" % n + "".join(pousse.move_names(n)[m] + "\n" for m in moves)
    began = time.perf_counter()
    try:
        done = subprocess.run(command.replace("{t}", "%g" % seconds), shell=True,
                              input=text.encode(), stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, timeout=seconds + 10 * LATE + 5)
    except subprocess.TimeoutExpired:
        return None, time.perf_counter() - began, "no answer"
    took = time.perf_counter() - began
    words = done.stdout.decode("latin-1").split()
    try:
        move = pousse.parse_move(n, words[0])
    except (IndexError, ValueError):
        return None, took, "no move: %r" % done.stdout[:20]
    return move, took, "time" if took > seconds + LATE else None


def pair_game(number, players, seed, n=6, opening=2):
    """One game between players[0] and players[1], functions game -> (move,
    seconds taken, fault or None): the first plays X in even-numbered
    games; two random opening moves, the same for both colours of a pair.
    (the first's points: 1, 0.5 or 0; plies; how it ended; the first's and
    the second's longest moves)."""
    import random
    import pousse
    rand = random.Random(seed * 100003 + number // 2)
    game = pousse.Game(n)
    while len(game.moves) < opening:
        game = game.play(rand.randrange(4 * n))
    side = number % 2
    longest = [0.0, 0.0]
    while not game.result and len(game.moves) < 500:
        who = 0 if game.player() == side else 1
        move, took, fault = players[who](game)
        longest[who] = max(longest[who], took)
        if fault:
            return float(who), len(game.moves), fault + (" by first", " by second")[who], longest
        game = game.play(move)
    if not game.result:
        return 0.5, len(game.moves), "500 plies", longest
    return (1.0 if game.result[0] == side else 0.0), len(game.moves), game.result[1], longest


def field_game(number, first, second, seconds, seed):
    "A pair_game between the commands first and second, seconds a move."
    players = [lambda game, command=command: robot_move(command, game.n, game.moves, seconds)
               for command in (first, second)]
    return pair_game(number, players, seed)


def match(first, second, games, seconds, seed=1, jobs=2):
    "The list of field_game's results, games played jobs at a time."
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(jobs) as pool:
        futures = [pool.submit(field_game, i, first, second, seconds, seed) for i in range(games)]
        for i, f in enumerate(futures):
            progress(i, f.result())
        return [f.result() for f in futures]


def progress(number, result):
    """A line on stderr for each game of a match as it ends, with the two
    sides' longest moves (so that a match stopped early still tells them)."""
    sys.stderr.write("pousse: game %d, first as %s: %g, %d plies, %s; longest moves %.2f s "
                     "and %.2f s\n" % (number + 1, "XO"[number % 2], result[0], result[1],
                                        result[2], result[3][0], result[3][1]))
    sys.stderr.flush()


def match_report(name, first, second, results, control, took):
    "Print a match's score, its 95 % interval and the time both sides took."
    games = len(results)
    points = sum(r[0] for r in results)
    low, high = wilson(points, games)
    print("pousse: %s: %g of %d points (%.1f %%, 95 %% interval %.1f-%.1f %%), %s; "
          "as X %g of %d, as O %g of %d"
          % (name, points, games, 100.0 * points / games, 100 * low, 100 * high, control,
             sum(r[0] for r in results[0::2]), len(results[0::2]),
             sum(r[0] for r in results[1::2]), len(results[1::2])))
    hows = collections.Counter(r[2] for r in results)
    print("pousse: games of %d-%d plies (mean %.0f); ended by %s; longest move %.2f s "
          "against %.2f s; %.0f s"
          % (min(r[1] for r in results), max(r[1] for r in results),
             sum(r[1] for r in results) / games,
             ", ".join("%s %d" % h for h in sorted(hows.items())),
             max(r[3][0] for r in results), max(r[3][1] for r in results), took))
    print("pousse:   first: %s\npousse:   second: %s" % (first, second))
    return {"points": "%g of %d (%.1f %%, 95 %% interval %.1f-%.1f %%)"
                      % (points, games, 100.0 * points / games, 100 * low, 100 * high)}


def match_settings(games, seconds):
    "(games, seconds a move, seed, jobs) of a match: the environment's, or these defaults."
    return (int(os.environ.get("POUSSE_GAMES", games)),
            float(os.environ.get("POUSSE_SECONDS", seconds)),
            int(os.environ.get("POUSSE_SEED", 1)), int(os.environ.get("POUSSE_JOBS", 2)))


@bench
def pousse_field():
    """The engine (pousse.py --icfp) against the program POUSSE_ROBOT (a shell
    line, {t} the seconds a move) on 6 x 6, a fresh process a move for
    both: POUSSE_GAMES games (100), POUSSE_SECONDS a move (1), colours
    alternated, two random opening moves a pair (POUSSE_SEED), POUSSE_JOBS
    games at a time (2).  Skipped without POUSSE_ROBOT."""
    robot = os.environ.get("POUSSE_ROBOT")
    if not robot:
        print("pousse: POUSSE_ROBOT (the command line of an opponent) not given; skipped")
        return
    games, seconds, seed, jobs = match_settings(100, 1)
    engine = os.environ.get("POUSSE_ENGINE", ENGINE)
    start = time.perf_counter()
    results = match(engine, robot, games, seconds, seed, jobs)
    return match_report("the engine against the robot", engine, robot, results, "%g s a move" % seconds,
                 time.perf_counter() - start)


def load_module(path, name):
    "The module of the Python file at path, under name."
    import importlib.util
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def selfplay_game(number, old_path, seconds, seed, depth=None):
    """A pair_game of the engine against the engine of the file old_path, in
    this process, each keeping its table from move to move as in a game at
    the prompt, for seconds a move or to depth plies."""
    import pousse
    old = load_module(old_path, "pousse_old")

    def player(module):
        engine = module.Engine(6)

        def play(game):
            view = module.Game(game.n, game.moves)
            began = time.perf_counter()
            if depth:
                move = engine.think(view, depth=depth)[0]
            else:
                move = engine.think(view, module.budget(seconds))[0]
            return move, time.perf_counter() - began, None
        return play
    return pair_game(number, [player(pousse), player(old)], seed)


def selfplay_one(arguments):
    "selfplay_game of a tuple of its arguments (for a pool's imap)."
    return selfplay_game(*arguments)


@bench
def pousse_selfplay():
    """The engine against an earlier version of itself, POUSSE_OLD (the path of
    its pousse.py: git show HEAD~1:pousse.py > old.py), each in one process
    keeping its table: POUSSE_GAMES games (200), POUSSE_SECONDS a move
    (0.2) or POUSSE_DEPTH plies, colours alternated, two random opening
    moves a pair (POUSSE_SEED), POUSSE_JOBS processes (2); a line on stderr
    as each game ends, in order.  Skipped without POUSSE_OLD."""
    import multiprocessing
    old = os.environ.get("POUSSE_OLD")
    if not old:
        print("pousse: POUSSE_OLD (the path of an earlier pousse.py) not given; skipped")
        return
    games, seconds, seed, jobs = match_settings(200, 0.2)
    start = time.perf_counter()
    pool = multiprocessing.Pool(jobs)
    depth = int(os.environ.get("POUSSE_DEPTH", "0")) or None
    results = []
    for result in pool.imap(selfplay_one, [(i, old, seconds, seed, depth) for i in range(games)]):
        progress(len(results), result)
        results.append(result)
    pool.close()
    return match_report("the engine against its earlier self", os.path.join(ROOT, "pousse.py"), old,
                 results, "depth %d" % depth if depth else "%g s a move" % seconds,
                 time.perf_counter() - start)



@bench
def pousse_speed():
    "Positions a second in the engine on 6 x 6: 3 s searches from a few positions."
    import pousse
    openings = ["", "L3 T3 L3 T3", "L3 T4 B3 R3 T3 L4 B4 R4",
                "L3 T3 L3 T3 T3 L3 B3 T2 L3 R3 L3 B3 L3 B1 T3 R3 T3 R3 L1 B3 L1 L1 T3 R6 "
                "T6 T4 R1 R1 L3 T4 B4 B3 L1 L2 B3 R1 L3 T3 T3 R3 L1 B3"]
    rates, depths = [], []
    for text in openings:
        game = pousse.Game(6, pousse.parse_moves(6, text))
        thought = pousse.Engine(6).think(game, 3.0)
        rates.append(thought.nodes / thought.seconds)
        depths.append(thought.depth)
        print("pousse: after %2d moves: depth %d, %7d positions in %.2f s: %6.0f positions a second"
              % (len(game.moves), thought.depth, thought.nodes, thought.seconds, rates[-1]))
    return {"speed": "%s-%s positions a second; depth %d-%d in 3 s"
                     % ("{:,.0f}".format(min(rates)), "{:,.0f}".format(max(rates)),
                        min(depths), max(depths))}


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
    return {"pile_count": "{:,.0f} chains a second".format(len(chains) / best)}


def fixed(number, count):
    "A pattern that fixes the first count cards of numbered deal number."
    import medici
    style = medici.Style("en", False)
    return " ".join(medici.show_card(card, style) for card in medici.deal(number)[:count])


FIND_CASES = [
    ("efficiency 34", ["--target", "AS!34"]),
    ("another card at 34", ["--target", "10H!34"]),
    ("the highest of A♠", ["--target", "AS!max"]),
    ("two high targets", ["--target", "QD!20", "--target", "9C!8"]),
    ("three targets", ["--target", "AS!25", "--target", "KH!5", "--target", "6C!3"]),
    ("four hexagrams", ["--hexagram", "C=46", "--hexagram", "D=16",
                        "--hexagram", "H=28", "--hexagram", "S=33"]),
    ("balanced, K♥ at 20", ["--balanced", "--target", "KH!20"]),
    ("20 fixed cards", ["--pattern", fixed(5, 20)]),
    ("20 fixed, A♥ at most", ["--pattern", fixed(5, 20), "--target", "AH!max"]),
    ("28 fixed, all chains", ["--pattern", fixed(3, 28), "--count", "all"]),
    ("28 fixed, none exists", ["--pattern", fixed(4, 28)]),
    ("four hexagrams maybe none", ["--hexagram", "C=1", "--hexagram", "D=2",
                                   "--hexagram", "H=11", "--hexagram", "S=12",
                                   "--timeout", "10"]),
]


def verdict(out, err, status):
    "What a --find run answered, in a few words."
    text = out + err
    if "(proved)" in text or "chain exists" in text or "chains exist" in text:
        return "proved" + (": no chain" if "no chain exists" in text else "")
    if "meet the wishes" in text or "meets the wishes" in text:
        return "proved: " + out.strip()
    if "within the limit" in text or "stopped at the limit" in text:
        return "limit reached"
    return "found" if status == 0 else "status %d" % status


@bench
def medici_find():
    """--find on rare wishes: each case's time (start-up included) for
    -g 1..10, and what it answered for -g 1."""
    figures = {}
    for name, wish in FIND_CASES:
        seconds, answers = [], []
        for number in range(1, 11):
            command = script("medici.py", "--find", "-g", str(number)) + wish
            start = time.perf_counter()
            done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            seconds.append(time.perf_counter() - start)
            answers.append(verdict(done.stdout.decode(), done.stderr.decode(),
                                   done.returncode))
            if seconds[-1] > 5 and number >= 2:
                break
        print("%-26s mean %6.2f s  max %6.2f s  (%d runs)  %s" % (
            name, statistics.mean(seconds), max(seconds), len(seconds), answers[0]))
        figures[name] = "mean %.2f s, slowest %.2f s: %s" % (
            statistics.mean(seconds), max(seconds), answers[0])
    import medici
    wish = medici.Wish(targets={medici.card_of(8, 2): 10})
    starts = range(1, 1000001, 50000)
    _, seconds = timed(lambda: [next(medici.find(wish, n, 10**6)) for n in starts])
    print("sampling A♥!10 %8.4f s on average over %d samplings (-g 1, 50001, ...)"
          % (seconds / len(starts), len(starts)))
    return figures


# CARD!max wishes with a short --timeout: (name, pattern or None, card).
MAX_CASES = [("K♣", None, "KC"), ("A♥", None, "AH"), ("A♠", None, "AS"), ("9♦", None, "9D"),
             ("deal 1's first 27, A♠", (1, 27), "AS"), ("deal 1's first 27, 9♣", (1, 27), "9C"),
             ("deal 1's first 27, 6♣", (1, 27), "6C"), ("deal 5's first 20, A♥", (5, 20), "AH"),
             ("deal 2's first 24, Q♦", (2, 24), "QD"), ("deal 2's first 24, J♦", (2, 24), "JD")]


@bench
def medici_max():
    """--find --target CARD!max --timeout 5 on ten wishes, as commands:
    the answer, whether proved, and the time (start-up included)."""
    proved = 0
    for name, pattern, card in MAX_CASES:
        wish = ["--pattern", fixed(*pattern)] if pattern else []
        command = script("medici.py", "--find", "-g", "1", "--timeout", "5", "-m",
                         "--target", card + "!max", *wish)
        start = time.perf_counter()
        done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        seconds = time.perf_counter() - start
        last = (done.stdout.decode() + done.stderr.decode()).strip().splitlines()[-1]
        proved += "(proved)" in last
        print("%-24s %6.2f s  %s" % (name, seconds, last.lstrip("# ")))
    print("proved %d of %d within 5 s" % (proved, len(MAX_CASES)))
    return {"proved": "%d of %d proved" % (proved, len(MAX_CASES))}


@bench
def medici_stats():
    "medici.py --stats 1000000 -g 1, as a command (both cores)."
    command = [sys.executable, os.path.join(ROOT, "medici.py"), "--stats", "1000000", "-g", "1"]
    out, seconds = timed(subprocess.check_output, command)
    lines = out.decode("utf-8").splitlines()
    print(lines[1])
    print(lines[-1])
    print("the command     %8.1f s" % seconds)
    return {"time": "%.1f s" % seconds}

################ Long sweeps: --out, --summary, shards

def script(name, *args):
    "The command line that runs a script of the collection."
    return [sys.executable, os.path.join(ROOT, name)] + list(args)


def untimed(text):
    "A summary without its times, which change from run to run."
    text = re.sub(r"\d+\.\d+ s\b", "_ s", text)
    text = re.sub(r"\d+ a second", "_ a second", text)
    return re.sub(r"s \((deal|game) -?\d+\)", r"s (\1 _)", text)


def cpu_of(command, cwd=None):
    "(processor seconds of command and its children, its output)."
    before = os.times()
    out = subprocess.run(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         check=False).stdout.decode("utf-8")
    after = os.times()
    return after[2] + after[3] - before[2] - before[3], out


@bench
def sweeps_out_cost(items=100000):
    """What --out costs an item: appending and flushing its line and reading
    it back into the summary, in process (FreeCell's and Klondike's lines,
    Medici's blocks); then FreeCell deals 1..300 as commands, with and
    without --out, three times each, interleaved (processor time)."""
    import tempfile
    import freecell
    import klondike
    import medici
    work = tempfile.mkdtemp()
    line = {freecell: "17         solved         96     58       1133     0.01",
            klondike: "17         solved        160        371     0.00",
            medici: medici.block_line(1, 10000, medici.tally(1, 10001), 0.07)}
    tallies = {module: module.Tally(parse, ("solved", "impossible", "unknown"), "deal", "solving")
               for module, parse in ((freecell, freecell.parse_deal_line),
                                     (klondike, klondike.parse_game_line))}
    for module, take in ((freecell, tallies[freecell].take), (klondike, tallies[klondike].take),
                         (medici, medici.parse_block)):
        name = os.path.join(work, module.PROG + ".txt")
        out = module.open_results(name, [], "bench", take, print)
        text = line[module]
        if module is medici:
            texts = [text] * items
        else:
            texts = [str(n) + text[2:] for n in range(1, items + 1)]
        start = time.perf_counter()
        for text in texts:
            module.keep(out, text)
            take(text)
        seconds = time.perf_counter() - start
        out.close()
        print("%-9s %6.1f us an item (write, flush, read back), %d bytes a line"
              % (module.PROG, 1e6 * seconds / items, len(text) + 1))
    plain, kept = [], []
    for round_ in range(3):
        plain.append(cpu_of(script("freecell.py", "--solve", "1-300"))[0])
        name = os.path.join(work, "fc-%d.txt" % round_)
        kept.append(cpu_of(script("freecell.py", "--solve", "1-300", "--out", name))[0])
    print("freecell --solve 1-300: %.2f s without --out, %.2f s with it (least of 3): "
          "%+.2f ms a deal" % (min(plain), min(kept), 1000 * (min(kept) - min(plain)) / 300))
    big = os.path.join(work, "million.txt")
    with open(big, "w") as f:
        f.write("# rules: freecell, 4 cells, autoplay\n")
        for n in range(1, 1000001):
            f.write("%-10d %-10s %6s %6s %10d %8.2f\n" % (n, "solved", 94, 52, 1700, 0.03))
    # A small process runs the command, so that its peak is not that of
    # this big one, which a fork would copy.
    wrapper = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], "
               "stdout=subprocess.DEVNULL); "
               "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    start = time.perf_counter()
    peak = subprocess.check_output([sys.executable, "-c", wrapper]
                                   + script("freecell.py", "--summary", big))
    print("freecell --summary of 1,000,000 deals: %.1f s, peak %.0f MB"
          % (time.perf_counter() - start, int(peak) / 1024.0))
    import shutil
    shutil.rmtree(work)


@bench
def sweeps_parallel():
    """The README's GNU parallel recipe run for real on this machine (-S :),
    with --basefile, --return and --cleanup as for remote machines: shards
    of FreeCell deals 1..1000, Klondike games 1..40 played and Medici's
    4,000,000 deals, each shard its own file, then one --summary, compared
    with one run over the whole range."""
    import shutil
    import tempfile
    if not shutil.which("parallel"):
        print("skipped: GNU parallel is not installed (Debian: apt-get install parallel)")
        return
    work = tempfile.mkdtemp()
    for name in ("freecell.py", "klondike.py", "medici.py"):
        shutil.copy(os.path.join(ROOT, name), work)
    python = sys.executable
    cases = [
        ("freecell.py", "--solve {}", ["1-250", "251-500", "501-750", "751-1000"],
         ["--solve", "1-1000", "--jobs", "2"]),
        ("klondike.py", "--play {}", ["1-10", "11-20", "21-30", "31-40"],
         ["--play", "1-40", "--jobs", "2"]),
        ("medici.py", "-g {} --stats 1000000", ["1", "1000001", "2000001", "3000001"],
         ["-g", "1", "--stats", "4000000", "--jobs", "2"]),
    ]
    for name, arguments, shards, whole in cases:
        prefix = name[:-3] + "-shard"
        recipe = ("parallel -S : --jobs 2 --basefile %s --return %s-{#}.txt --cleanup "
                  "%s %s %s --out %s-{#}.txt ::: %s" % (
                      name, prefix, python, name, arguments, prefix, " ".join(shards)))
        start = time.perf_counter()
        # parallel's exit status counts the shards that exit 1: those with a deal
        # not solved or a game lost, which is not a failure here.
        subprocess.run(recipe, shell=True, cwd=work, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        spread = time.perf_counter() - start
        files = sorted(f for f in os.listdir(work) if f.startswith(prefix))
        summed = subprocess.run([python, name, "--summary"] + files, cwd=work,
                                stdout=subprocess.PIPE, check=False).stdout.decode()
        start = time.perf_counter()
        one = subprocess.run([python, name] + whole, cwd=work, stdout=subprocess.PIPE,
                             check=False).stdout.decode()
        alone = time.perf_counter() - start
        if name == "medici.py":
            same = summed.splitlines()[:-1] == one.splitlines()[:-1]
        else:
            same = untimed(summed.splitlines()[-1]) == untimed(one.splitlines()[-1])
        print("%s: %d shards by parallel in %.1f s, one run in %.1f s; summary %s"
              % (name, len(files), spread, alone, "the same" if same else "DIFFERENT"))
        print("    " + summed.splitlines()[-1 if name != "medici.py" else 1])
    print("recipe: " + recipe.replace(python, "python3"))
    shutil.rmtree(work)


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


def fuzz(seeds=100):
    """The campaigns of tests/robustness.txt with seeds 1..seeds (a hundred
    times the lines of the test run by default)."""
    sys.path.insert(0, HERE)
    import fuzzing
    failed = False
    for game in ("FreeCell", "Klondike", "Pousse", "Medici"):
        lines = rejected = 0
        problems = []
        start = time.time()
        for seed in range(1, seeds + 1):
            n, r, p = fuzzing.campaign(getattr(fuzzing, game)(), seed, quiet=True)
            lines, rejected, problems = lines + n, rejected + r, problems + p
        for text in problems[:10]:
            print(text)
        print("%-8s seeds 1..%d: lines %d, accepted %d, rejected %d, violations: %d  (%.0f s)"
              % (game.lower(), seeds, lines, lines - rejected, rejected, len(problems),
                 time.time() - start))
        sys.stdout.flush()
        failed = failed or bool(problems)
    return 1 if failed else 0

################ Small devices
## A device copies one script and has 64-512 MB and a processor 10-50 times
## slower.  Memory groups of 64 and 128 MB stand for the memory, a group of
## 10 % of one core for the processor (cgroup v1 or v2; root only).  Each
## run gets groups of its own (no peak to reset, no OOM kill of another run
## to mistake for its own), made before it starts and removed after it ends.

DEVICE_GROUPS = [(64, None), (128, None), (128, 10)]     # (MB, % of one core or None)
DEVICE_LIMIT = {None: 300, 10: 200}   # seconds before the benchmark stops a run
DOCTEST_LIMIT = 120                   # the same for a doctest at 10 % of a core
POUSSE_INPUTS = ["6\n", "7\nL1\nT3\n"]
POUSSE_RUNS = {None: 3, 10: 20}       # runs of each input in a group
DEVICE_SOLVES = [("klondike", ["-g", "5", "--solve"]),
                 ("freecell", ["-g", "11982", "--solve"]),
                 ("freecell", ["-g", "1", "--solve"])]
CGROUP_FILES = {            # v1 and v2 names of the same thing
    "v1": {"limit": "memory.limit_in_bytes", "swap": "memory.memsw.limit_in_bytes",
           "peak": "memory.max_usage_in_bytes", "oom": "memory.oom_control",
           "tasks": "tasks"},
    "v2": {"limit": "memory.max", "swap": "memory.swap.max", "peak": "memory.peak",
           "oom": "memory.events", "tasks": "cgroup.procs"}}


def cgroup_mounts():
    "{'memory': dir, 'cpu': dir} of cgroup v1, and 'cgroup2': dir, from /proc/mounts."
    points = {}
    try:
        with open("/proc/mounts") as mounts:
            for line in mounts:
                fields = line.split()
                if len(fields) > 3 and fields[2] == "cgroup2":
                    points.setdefault("cgroup2", fields[1])
                elif len(fields) > 3 and fields[2] == "cgroup":
                    for option in fields[3].split(","):
                        points.setdefault(option, fields[1])
    except OSError:
        pass
    return points


def write(path, text):
    "Write text to a cgroup file; an error is raised here, not lost at close."
    with open(path, "w") as f:
        f.write(text)
        f.flush()


def cgroup_hierarchy():
    """(kind, {'memory': dir, 'cpu': dir}) where this process can make memory
    and cpu groups, v1 preferred; else (None, why not)."""
    points = cgroup_mounts()
    if "memory" in points and "cpu" in points:
        kind, dirs = "v1", {"memory": points["memory"], "cpu": points["cpu"]}
    elif "cgroup2" in points:
        root = points["cgroup2"]
        kind, dirs = "v2", {"memory": root, "cpu": root}
        try:
            with open(os.path.join(root, "cgroup.controllers")) as f:
                missing = {"memory", "cpu"} - set(f.read().split())
            if missing:
                return None, "cgroup v2 at %s has no %s controller" % (root, " ".join(missing))
            with open(os.path.join(root, "cgroup.subtree_control")) as f:
                if {"memory", "cpu"} - set(f.read().split()):
                    write(os.path.join(root, "cgroup.subtree_control"), "+memory +cpu")
        except OSError as e:
            return None, "cgroup v2 at %s: %s" % (root, e.strerror or e)
    else:
        return None, "no cgroup memory and cpu controllers mounted (/proc/mounts)"
    for place in sorted(set(dirs.values())):
        probe = os.path.join(place, "bench-dev-%d-probe" % os.getpid())
        try:
            os.mkdir(probe)
            os.rmdir(probe)
        except OSError as e:
            root = " (not root)" if hasattr(os, "geteuid") and os.geteuid() else ""
            return None, "cannot make a group in %s: %s%s" % (place, e.strerror, root)
    return kind, dirs


GROUP_NUMBERS = itertools.count(1)


class Group(object):
    "The cgroups of one run: megabytes of memory, swap forbidden, and perhaps percent of a core."

    def __init__(self, kind, dirs, megabytes, percent=None):
        self.files, self.made = CGROUP_FILES[kind], []
        try:
            self.limit(kind, dirs, "bench-dev-%d-%d" % (os.getpid(), next(GROUP_NUMBERS)),
                       megabytes, percent)
        except OSError:
            self.remove()
            raise

    def limit(self, kind, dirs, name, megabytes, percent):
        "Make the groups called name and set their limits."
        self.memory = self.make(os.path.join(dirs["memory"], name))
        limit = str(megabytes << 20)
        write(os.path.join(self.memory, self.files["limit"]), limit)
        if os.path.exists(os.path.join(self.memory, self.files["swap"])):
            write(os.path.join(self.memory, self.files["swap"]), limit if kind == "v1" else "0")
        if percent and kind == "v1":
            cpu = self.make(os.path.join(dirs["cpu"], name))
            write(os.path.join(cpu, "cpu.cfs_period_us"), "100000")
            write(os.path.join(cpu, "cpu.cfs_quota_us"), str(percent * 1000))
        elif percent:
            write(os.path.join(self.memory, "cpu.max"), "%d 100000" % (percent * 1000))

    def make(self, path):
        "Make the group at path and remember it for remove()."
        os.mkdir(path)
        self.made.append(path)
        return path

    def tasks(self):
        "The files a process writes its pid to, to enter the groups."
        return [os.path.join(path, self.files["tasks"]) for path in self.made]

    def peak(self):
        "The memory group's peak usage in bytes (None where the kernel does not say)."
        return first_number(os.path.join(self.memory, self.files["peak"]))

    def oom_kills(self):
        "How many processes the OOM killer ended in the memory group."
        return first_number(os.path.join(self.memory, self.files["oom"]), "oom_kill") or 0

    def remove(self):
        "Remove the groups (a moment after their last process ended)."
        for path in reversed(self.made):
            for _ in range(50):
                try:
                    os.rmdir(path)
                    break
                except OSError:
                    time.sleep(0.1)


def first_number(path, label=None):
    "The first number in a file, or the one after label (klondike.py's reader)."
    import klondike
    return klondike.first_number(path, label)


def run_in(group, argv, stdin_text="", cwd=ROOT, limit=300):
    """Run argv inside group (or none) with stdin_text as its input: a dict of
    its exit status as a shell shows it, its output's last line, the seconds to
    its first line of output ('first') and to its end ('wall'), its processor
    seconds, the group's peak bytes, its OOM kills, and whether the benchmark
    stopped it at limit s.  sh enters the groups and execs argv, so python3
    starts inside them (and no preexec_fn runs beside the threads)."""
    import select
    enter = "".join("echo $$ > %s && " % shlex.quote(path) for path in group.tasks()
                    ) if group else ""
    command = ["sh", "-c", enter + 'exec "$@"', "sh"] + argv
    start = time.perf_counter()
    child = subprocess.Popen(command, cwd=cwd, stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        child.stdin.write(stdin_text.encode())
        child.stdin.close()
    except OSError:
        pass
    output = {child.stdout: [], child.stderr: []}
    first, stopped, waiting = None, False, [child.stdout, child.stderr]
    while waiting:
        ready = select.select(waiting, [], [], max(0, start + limit - time.perf_counter()))[0]
        if not ready:
            child.kill()
            stopped = True
            break
        for stream in ready:
            data = os.read(stream.fileno(), 65536)
            output[stream].append(data)
            if not data:
                waiting.remove(stream)
            elif first is None and stream is child.stdout and b"\n" in data:
                first = time.perf_counter() - start
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = status = (128 + os.WTERMSIG(status) if os.WIFSIGNALED(status)
                                 else os.WEXITSTATUS(status))
    child.stdout.close()
    child.stderr.close()
    lines = [b"".join(output[s]).decode("utf-8", "replace").strip().splitlines()
             for s in (child.stdout, child.stderr)]
    return {"status": status, "stopped": stopped, "cpu": usage.ru_utime + usage.ru_stime,
            "last": (lines[0] or lines[1] or [""])[-1], "first": first, "wall": wall,
            "peak": group.peak() if group else None,
            "oom": group.oom_kills() if group else 0, "out": lines[0]}


def in_group(hierarchy, megabytes, percent, *args, **options):
    "run_in() inside fresh groups of megabytes and percent of a core."
    group = Group(hierarchy[0], hierarchy[1], megabytes, percent)
    try:
        return run_in(group, *args, **options)
    finally:
        group.remove()


def ended(run):
    """How run ended, in a word and in words: OOM-killed (exit 137 or the
    group's oom_kill count), stopped by the benchmark, or its exit status."""
    if run["oom"] or run["status"] == 137 and not run["stopped"]:
        return "OOM-killed", "exit %d, oom_kill %d; " % (run["status"], run["oom"])
    if run["stopped"]:
        return "stopped", "no end after %.0f s; " % run["wall"]
    return "exit %d" % run["status"], ""


def mb(n):
    "'61 MB' for n bytes; '?' for None."
    return "?" if n is None else "%.0f MB" % (n / 1048576.0)


def device_row(place, run, text):
    "One line of the table: the group, how it ended, wall and processor time, peak, text."
    end, why = ended(run)
    return "  %-17s %-10s %6.1f %6.1f %7s  %s" % (place, end, run["wall"], run["cpu"],
                                                 mb(run["peak"]), (why + text).rstrip("; "))


def where(megabytes, percent):
    "'128 MB, 10 % CPU'."
    return "%d MB" % megabytes + (", %d %% CPU" % percent if percent else "")


def solve_job(hierarchy, megabytes, percent, name, args):
    "The table line of one solve in a group."
    run = in_group(hierarchy, megabytes, percent, [sys.executable, name + ".py"] + args,
                   limit=DEVICE_LIMIT[percent])
    return device_row(where(megabytes, percent), run, run["last"])


def doctest_job(hierarchy, megabytes, percent, name):
    "The table line of python3 -m doctest NAME.py in a directory holding only NAME.py."
    import shutil
    import tempfile
    directory = tempfile.mkdtemp(prefix="bench-device-")
    try:
        shutil.copy(os.path.join(ROOT, name + ".py"), directory)
        run = in_group(hierarchy, megabytes, percent,
                       [sys.executable, "-m", "doctest", name + ".py"], cwd=directory,
                       limit=DOCTEST_LIMIT if percent else DEVICE_LIMIT[None])
    finally:
        shutil.rmtree(directory, ignore_errors=True)
    passed = run["status"] == 0 and not run["last"]
    return device_row(where(megabytes, percent), run,
                      "passed" if passed else "failed: " + (run["last"] or "no output"))


def pousse_job(hierarchy, megabytes, percent, position, limit=1.0):
    "The table line of POUSSE_RUNS runs of pousse.py --icfp -t 1 fed position."
    runs = [in_group(hierarchy, megabytes, percent, [sys.executable, "pousse.py", "--icfp",
                                                    "-t", "1"], position, limit=30)
            for _ in range(POUSSE_RUNS[percent])]
    answers = sorted(r["first"] if r["first"] is not None else float("inf") for r in runs)
    late = sum(a > limit for a in answers)
    worst = max(runs, key=lambda r: (r["oom"], r["stopped"], r["status"], r["wall"]))
    moves = sorted(set(r["out"][0] for r in runs if r["out"]))
    text = ("%d runs: the move on stdout after median %.2f s, worst %.2f s, %s; moves %s"
            % (len(runs), statistics.median(answers), answers[-1],
               "%d over %g s" % (late, limit) if late else "all within %g s" % limit,
               " ".join(moves) or "none"))
    return device_row(where(megabytes, percent), dict(worst, peak=max(
        r["peak"] or 0 for r in runs) or None), text)


def bytes_a_position(name, args):
    """(positions, peak resident bytes, resident bytes after the import, last
    line) of the command run in a fresh process without a group, through the
    script's main()."""
    code = ("import io, sys, resource; sys.path.insert(0, %r)\n"
            "def peak(): return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024\n"
            "import %s as game\n"
            "imported, out = peak(), io.StringIO()\n"
            "game.main(%r, io.StringIO(), out, sys.stderr)\n"
            "print(imported, peak()); print(out.getvalue().strip().splitlines()[-1])"
            % (ROOT, name, args))
    lines = subprocess.check_output([sys.executable, "-c", code]).decode().splitlines()
    imported, peak = map(int, lines[0].split())
    positions = re.search(r"([\d,]+) positions", lines[-1])
    count = int(positions.group(1).replace(",", "")) if positions else None
    return count, peak, imported, lines[-1]


def bytes_job():
    "The lines of the bytes a position of each solver."
    lines = []
    # klondike keeps its positions in a Python set where the budget holds
    # 20,000,000 of them so, else in its compact table: --memory 200 asks
    # for the table on any machine.
    cases = DEVICE_SOLVES[:1] + [("klondike", ["-g", "5", "--solve", "--memory", "200"]),
                                 DEVICE_SOLVES[1]]
    for name, args in cases:
        positions, peak, imported, last = bytes_a_position(name, args)
        if not positions:
            lines.append("  %-36s no positions in: %s" % (shown(name, args), last))
            continue
        lines.append("  %-36s %8d positions, peak %s, %s after the import: %.1f bytes a position"
                     % (shown(name, args), positions, mb(peak), mb(imported),
                        (peak - imported) / float(positions)))
    return lines


def shown(name, args):
    "The command a user types."
    return " ".join(["python3", name + ".py"] + args)


def device_cases():
    """[(command shown, job(hierarchy, megabytes, percent))]: the table's
    commands in their order."""
    cases = [(shown(name, args), functools.partial(solve_job, name=name, args=args))
             for name, args in DEVICE_SOLVES]
    cases += [("printf %s | python3 pousse.py --icfp -t 1" % shlex.quote(p.replace("\n", "\\n")),
               functools.partial(pousse_job, position=p)) for p in POUSSE_INPUTS]
    cases += [("python3 -m doctest %s.py   # alone in an empty directory" % name,
               functools.partial(doctest_job, name=name))
              for name in SCRIPTS if os.path.exists(os.path.join(ROOT, name + ".py"))]
    return cases


def device_chain(jobs):
    "Run the (label, job) pairs one after the other: their results, each told on stderr."
    results = []
    for label, job in jobs:
        results.append(job())
        sys.stderr.write("device: %s\n" % label)
        sys.stderr.flush()
    return results


@bench
def device():
    """The scripts on a small device: each command in memory groups of 64 and
    128 MB at full speed, one after the other, and in 128 MB with 10 % of one
    core, three at a time beside them (each run has a quota of its own); then
    the bytes a position of each solver, without a group."""
    from concurrent.futures import ThreadPoolExecutor
    hierarchy, cases = cgroup_hierarchy(), device_cases()
    load, began = os.getloadavg()[0], time.perf_counter()
    if hierarchy[0] is None:
        print("device: skipped: %s" % hierarchy[1])
        bytes_lines = bytes_job()
    else:
        fast = [(i, g) for g in DEVICE_GROUPS if not g[1] for i in range(len(cases))]
        slow = [(i, g) for g in DEVICE_GROUPS if g[1] for i in range(len(cases))]
        job = lambda i, g: ("%s, %s" % (where(*g), cases[i][0]),
                            functools.partial(cases[i][1], hierarchy, *g))
        with ThreadPoolExecutor(4) as pool:
            chain = pool.submit(device_chain, [job(*key) for key in fast] +
                                [("bytes a position", bytes_job)])
            slowly = [pool.submit(device_chain, [job(*key)]) for key in slow]
            rows = chain.result()
            bytes_lines = rows.pop()
            rows += [future.result()[0] for future in slowly]
        table = dict(zip(fast + slow, rows))
        print("cgroup %s, swap forbidden; the benchmark stops a run at 10 %% of a core after "
              "%d s (a doctest after %d s)" % (hierarchy[0], DEVICE_LIMIT[10], DOCTEST_LIMIT))
        print("  %-17s %-10s %6s %6s %7s  %s" % ("group", "end", "wall s", "cpu s", "peak",
                                                 "the last line of output"))
        for i, (command, _) in enumerate(cases):
            print(command)
            for g in DEVICE_GROUPS:
                print(table[i, g])
    print("bytes a position (no group: peak resident less resident after the import):")
    for line in bytes_lines:
        print(line)
    print("%.0f s in all; load average at the start %.1f, at the end %.1f (%d cores)"
          % (time.perf_counter() - began, load, os.getloadavg()[0], os.cpu_count() or 0))


################ PyPy
## The scripts under pypy3 against python3, on the same commands, in turn in
## the same run (a machine's speed varies): processor seconds, and the peak
## resident memory of a search that reaches --memory.

PYPY_COMMANDS = [
    ("FreeCell solver", "freecell.py --solve 1-300 -q"),
    ("Klondike solver", "klondike.py --solve 1-100 --draw 1 -q"),
    ("Klondike player", "klondike.py --play 1-5 -q"),
    ("Pousse engine", "pousse.py --self -n 6 --depth 5 --seed 1 -q -m"),
    ("Medici search", "medici.py --find -g 1 --target AS!34"),
    ("Medici --stats", "medici.py --stats 300000 -g 1 --jobs 1"),
]
PYPY_BUDGETS = [
    "freecell.py --solve 11982 --memory 25 -q",
    "freecell.py --solve 11982 --memory 75 -q",
    "freecell.py --solve 11982 --memory 90 -q",
    "klondike.py --solve 5 --memory 90 --timeout 20 --max-positions 100000000 -q",
    "pousse.py --self --seed 3 -t 1 --memory 100 -q -m",
    "pousse.py --self --seed 3 -t 1 --memory 150 -q -m",
]


def child_run(command):
    """(processor seconds, peak resident MB, last line of output) of command,
    a child of this process."""
    child = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT)
    out = child.stdout.read().decode("utf-8", "replace").strip().splitlines()
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = status
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0, (out or [""])[-1]


@bench
def pypy_speed():
    """Each search's command under python3 and pypy3 (PYPY=PATH for another),
    in turn: processor seconds and their ratio."""
    pypy = os.environ.get("PYPY", "pypy3")
    figures = {}
    for name, command in PYPY_COMMANDS:
        cpython = child_run(["python3"] + command.split())[0]
        other = child_run([pypy] + command.split())[0]
        print("%-16s %-48s python3 %6.1f s  pypy3 %6.1f s  %.2f of the time"
              % (name, command, cpython, other, other / cpython))
        figures[name] = "%.2f of the time (%.1f s against %.1f)" % (other / cpython, other, cpython)
    return figures


@bench
def pypy_memory():
    """Searches that reach --memory under python3 and pypy3: the last line
    printed and the peak resident memory, against the budget."""
    pypy = os.environ.get("PYPY", "pypy3")
    for command in PYPY_BUDGETS:
        for python in ("python3", pypy):
            seconds, peak, last = child_run([python] + command.split())
            print("%-8s %-72s peak %4.0f MB, %5.1f s: %s" % (python, command, peak, seconds,
                                                              last[:60]))


################ Referees: the rules written again from the manuals


def referee_games(name, games=1000):
    """games random games (seeds 1..games) of tests/referee_NAME.py against
    its script, every answer compared: prints the games, lines typed (and
    refused), games won, and the first disagreement in full."""
    sys.path.insert(0, HERE)
    import referee
    module = __import__("referee_" + name)
    lines = refused = won = 0
    wrong = []
    start = time.perf_counter()
    for seed in range(1, games + 1):
        verdict = module.judge(seed)
        lines += len(verdict.lines)
        refused += verdict.refused
        won += verdict.wins > 0
        if verdict.difference:
            if not wrong:
                print(referee.report(module.SCRIPT, verdict))
            wrong.append(seed)
    print("%s: %d games, %d lines typed (%d refused), %d games won; %d disagreements%s; %.0f s"
          % (module.SCRIPT, games, lines, refused, won, len(wrong),
             " (seeds %s)" % " ".join(map(str, wrong[:20])) if wrong else "",
             time.perf_counter() - start))
    return {"figure": "{:,} lines ({:,} refused), {} disagreements".format(
        lines, refused, len(wrong))}


@bench
def freecell_referee():
    "tests/referee_freecell.py's random games against freecell.py: 1,000 games."
    return referee_games("freecell")


@bench
def klondike_referee():
    "tests/referee_klondike.py's random games against klondike.py: 1,000 games."
    return referee_games("klondike")


def referee_session(arguments):
    """(lines, moves or chains, refusals, disagreement or None) of one seeded
    session of a referee module (tests/referee_pousse.py, referee_medici.py)."""
    sys.path.insert(0, HERE)
    import importlib
    import referee
    name, seed = arguments
    module = importlib.import_module("referee_" + name)
    args, state = module.session(seed)
    found = referee.disagreement(name, args, state.prediction())
    counted = state.moves if name == "pousse" else len(state.checked)
    refused = sum(out.startswith(name + ":") for _, out in state.said)
    return len(state.said), counted, refused, found and "seed %d: %s" % (seed, found)


def referee_sweep(name, count, what):
    """Play count seeded sessions of referee_NAME against the script, on
    every core: sessions, lines, what they counted, refusals, disagreements
    (the first one shown whole)."""
    import multiprocessing
    first = int(os.environ.get("REFEREE_FIRST", "0"))
    start = time.perf_counter()
    with multiprocessing.Pool(os.cpu_count() or 1) as pool:
        results = pool.map(referee_session, [(name, seed) for seed in
                                             range(first, first + count)], chunksize=4)
    wrong = [r[3] for r in results if r[3]]
    if wrong:
        print(wrong[0])
    print("%s referee: %d sessions (seeds %d..%d), %d lines, %d %s, %d refused; "
          "%d disagreements (%.0f s)" % (
              name, count, first, first + count - 1, sum(r[0] for r in results),
              sum(r[1] for r in results), what, sum(r[2] for r in results), len(wrong),
              time.perf_counter() - start))
    return {"figure": "{:,} lines ({:,} refused), {} disagreements".format(
        sum(r[0] for r in results), sum(r[2] for r in results), len(wrong))}


@bench
def pousse_referee():
    """tests/referee_pousse.py: the model replays the tournament, then plays
    POUSSE_REFEREE_GAMES (1000) seeded sessions, sizes 3 to 9, against
    pousse.py (REFEREE_FIRST: the first seed, 0)."""
    sys.path.insert(0, HERE)
    import referee_pousse
    referee_pousse.tournament()
    return referee_sweep("pousse", int(os.environ.get("POUSSE_REFEREE_GAMES", "1000")), "moves")


@bench
def medici_referee():
    """tests/referee_medici.py: MEDICI_REFEREE_SESSIONS (500) seeded sessions
    against medici.py --brief (REFEREE_FIRST: the first seed, 0)."""
    return referee_sweep("medici", int(os.environ.get("MEDICI_REFEREE_SESSIONS", "500")),
                         "chains checked")

################ The README's figures

## The README's table of figures, a row each: (the search, the figure, the
## command that measures it, the key of that bench's answer that holds it,
## the best other program's figure where one was measured).  `--table`
## runs the commands and prints the table as the README holds it;
## tests/figures.txt checks that the README's table has exactly these rows
## and that each command names a bench.  $LA and $CILK are shell lines that
## run two of the 1998 contest's robots (the README says how).

FIGURES = [
    ("FreeCell solver", "deals 1..1000: mean moves, every foundation move counted",
     "python3 tests/bench.py freecell_solver", "length",
     "fc-solve 5.0 `-l lg`: 1000 solved, 117 moves"),
    ("FreeCell solver", "deals 1..1000: time in one process",
     "python3 tests/bench.py freecell_solver", "time", "fc-solve `-l lg`: 0.35 s"),
    ("FreeCell solver", "deal 11982 proved impossible",
     "python3 tests/bench.py freecell_impossible", "11982",
     "fc-solve: 83,239 positions, 0.2 s"),
    ("FreeCell `--short`", "deals 1..100, 10 s a deal: mean moves typed",
     "python3 tests/bench.py freecell_short", "length",
     "fc-solve `-l ve`, its shortest preset: 91.6 moves with every foundation move"),
    ("FreeCell `hint`", "at the start of deals 1..100",
     "python3 tests/bench.py freecell_hint", "time", ""),
    ("Klondike solver", "draw three, deals 1..1000",
     "python3 tests/bench.py klondike_solver_draw3", "verdicts",
     "Klondike-Solver, fast mode, 200 deals: 76.0 % solved, the rest unknown; 81.9 % of "
     "deals winnable (Solvitaire)"),
    ("Klondike solver", "draw three: time in one process",
     "python3 tests/bench.py klondike_solver_draw3", "time", ""),
    ("Klondike solver", "draw one, deals 1..1000",
     "python3 tests/bench.py klondike_solver_draw1", "verdicts",
     "Klondike-Solver, fast mode, 200 deals: 86.0 % solved, the rest unknown"),
    ("Klondike solver", "draw one: time in one process",
     "python3 tests/bench.py klondike_solver_draw1", "time", ""),
    ("Klondike player", "draw three, deals 1..1000 won",
     "python3 tests/bench.py klondike_player", "won",
     "lonelybot's player: 476 (47.6 %) of the same deals; 44.5 % published"),
    ("Klondike player", "time a game", "python3 tests/bench.py klondike_player", "time",
     "lonelybot (Rust): median 6.98 s"),
    ("Klondike player, `--worlds 300`", "draw three, deals 1..1000 won",
     "KLONDIKE_WORLDS=300 python3 tests/bench.py klondike_player", "won", ""),
    ("Klondike player, `--worlds 300`", "time a game",
     "KLONDIKE_WORLDS=300 python3 tests/bench.py klondike_player", "time", ""),
    ("Pousse engine", "against la (robot 42), 1 s a move, 100 games",
     'POUSSE_ROBOT="$LA" python3 tests/bench.py pousse_field', "points", ""),
    ("Pousse engine", "against la, 5 s a move, 100 games",
     'POUSSE_ROBOT="$LA" POUSSE_SECONDS=5 python3 tests/bench.py pousse_field', "points", ""),
    ("Pousse engine", "against Cilk Pousse (robot 8, the 1998 winner), 1 s a move, 40 games",
     'POUSSE_ROBOT="$CILK" POUSSE_GAMES=40 python3 tests/bench.py pousse_field', "points", ""),
    ("Pousse engine", "against the J strategy (`--level j`), 1 s a move, 200 games",
     "python3 tests/bench.py pousse_match", "points", ""),
    ("Pousse engine", "search speed on 6 x 6", "python3 tests/bench.py pousse_speed", "speed",
     "la: 8 plies in 1 s"),
    ("Medici search", "`--find --target 'AS!34'`, `-g 1` to `-g 10`",
     "python3 tests/bench.py medici_find", "efficiency 34", ""),
    ("Medici search", "`--find --target 'AS!max'`",
     "python3 tests/bench.py medici_find", "the highest of A♠", ""),
    ("Medici search", "`--find --target 'QD!20' --target '9C!8'`",
     "python3 tests/bench.py medici_find", "two high targets", ""),
    ("Medici search", "ten `CARD!max` wishes with `--timeout 5`",
     "python3 tests/bench.py medici_max", "proved", ""),
    ("Medici check", "convergence check of a chain", "python3 tests/bench.py medici_check",
     "pile_count", ""),
    ("Medici `--stats`", "`--stats 1000000 -g 1`, both cores",
     "python3 tests/bench.py medici_stats", "time", ""),
    ("Referees", "FreeCell: 1,000 random games against a model of the rules written from the manual",
     "python3 tests/bench.py freecell_referee", "figure", ""),
    ("Referees", "Klondike: 1,000 random games, draw one and three, every option",
     "python3 tests/bench.py klondike_referee", "figure", ""),
    ("Referees", "Pousse: 1,000 random games, sizes 3 to 9",
     "python3 tests/bench.py pousse_referee", "figure", ""),
    ("Referees", "Medici: 500 random sessions of chains and commands",
     "python3 tests/bench.py medici_referee", "figure", ""),
    ("Under PyPy 3: FreeCell solver", "`freecell.py --solve 1-300 -q`: processor time against CPython's",
     "python3 tests/bench.py pypy_speed", "FreeCell solver", ""),
    ("Under PyPy 3: Klondike solver", "`klondike.py --solve 1-100 --draw 1 -q`: processor time against CPython's",
     "python3 tests/bench.py pypy_speed", "Klondike solver", ""),
    ("Under PyPy 3: Klondike player", "`klondike.py --play 1-5 -q`: processor time against CPython's",
     "python3 tests/bench.py pypy_speed", "Klondike player", ""),
    ("Under PyPy 3: Pousse engine", "`pousse.py --self -n 6 --depth 5 --seed 1 -q -m`: processor time against CPython's",
     "python3 tests/bench.py pypy_speed", "Pousse engine", ""),
    ("Under PyPy 3: Medici search", "`medici.py --find -g 1 --target 'AS!34'`: processor time against CPython's",
     "python3 tests/bench.py pypy_speed", "Medici search", ""),
    ("Under PyPy 3: Medici --stats", "`medici.py --stats 300000 -g 1 --jobs 1`: processor time against CPython's",
     "python3 tests/bench.py pypy_speed", "Medici --stats", ""),
]
TABLE_HEAD = ["| search | figure | this collection | the best other program | command |",
              "|---|---|---|---|---|"]


def command_parts(command):
    "({variable: value}, bench name) of a FIGURES command."
    words = shlex.split(command) or [""]
    settings = words[:words.index("python3")] if "python3" in words else []
    return dict(w.partition("=")[::2] for w in settings), words[-1]


def measure(command):
    """The figures (a dict) that running command's bench gives, its own
    output sent to stderr; or a string saying why it could not run."""
    import contextlib
    settings, name = command_parts(command)
    values = {k: os.path.expandvars(v) for k, v in settings.items()}
    unset = [v for v in values.values() if "$" in v]
    if unset:
        return "not measured: %s is not set" % ", ".join(unset)
    saved = {k: os.environ.get(k) for k in values}
    os.environ.update(values)
    try:
        with contextlib.redirect_stdout(sys.stderr):
            print("== %s" % command)
            figures = {b.__name__: b for b in BENCHES}[name]()
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    return figures or "not measured: the bench was skipped"


def table(words):
    """Print the README's figures table, each row measured now; only the rows
    whose command names a bench containing one of words, if any."""
    print("\n".join(TABLE_HEAD))
    sys.stdout.flush()
    done = {}
    for search, figure, command, key, other in FIGURES:
        if words and not any(w in command_parts(command)[1] for w in words):
            continue
        if command not in done:
            done[command] = measure(command)
        figures = done[command]
        value = figures if isinstance(figures, str) else figures[key]
        print("| %s | %s | %s | %s | `%s` |" % (search, figure, value, other, command))
        sys.stdout.flush()
    return 0


def readme_rows(text):
    """(search, figure, this collection, other, command) of each row of the
    table under the README's heading '## Figures'."""
    lines = text.splitlines()
    start = lines.index("## Figures") if "## Figures" in lines else len(lines)
    rows = []
    for line in lines[start:]:
        if rows and not line.startswith("|"):
            break
        if line.startswith("|") and line not in TABLE_HEAD:
            rows.append(tuple(re.split(r"\s*\|\s*", line.strip()[1:-1].strip())))
    return rows


def table_problems(text):
    "What is wrong with the figures table in the README text, a line each."
    names = set(b.__name__ for b in BENCHES)
    known = [(s, f, o, "`%s`" % c) for s, f, c, _, o in FIGURES]
    problems = []
    rows = readme_rows(text)
    if not rows:
        return ["no table under '## Figures'"]
    for row in rows:
        if len(row) != 5:
            problems.append("a row that has not 5 cells: %s" % " | ".join(row))
            continue
        search, figure, _, other, command = row
        if command_parts(command.strip("`"))[1] not in names:
            problems.append("%s, %s: %s names no bench" % (search, figure, command))
        elif (search, figure, other, command) not in known:
            problems.append("%s, %s: not a row of tests/bench.py's FIGURES" % (search, figure))
    have = [(r[0], r[1], r[3], r[4]) for r in rows if len(r) == 5]
    for row in known:
        if row not in have:
            problems.append("%s, %s: missing" % row[:2])
    return problems


################ Main

def main(argv):
    fuzzing = [a for a in argv if a == "--fuzz" or a.startswith("--fuzz=")]
    if fuzzing:
        return fuzz(int(fuzzing[-1].partition("=")[2] or 100))
    words = [a for a in argv if not a.startswith("-")]
    if "--table" in argv:
        return table(words)
    chosen = [b for b in BENCHES
              if not words or any(w in b.__name__ for w in words)]
    for b in chosen:
        print("== %s" % b.__name__)
        sys.stdout.flush()
        b()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
