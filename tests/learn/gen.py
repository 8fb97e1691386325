"""Self-play games for the learnt evaluation of pousse.py (a development tool).

    python3 tests/learn/gen.py ENGINE GAMES NODES SEED OUT

plays GAMES games of the engine of the pousse.py at ENGINE against itself on
6 x 6, NODES to 1.25 NODES positions a move, each opened by 2 to 6 random
moves, two processes, and pickles every position to OUT as (the mover's
tokens, the other's, 1 if the mover won the game, the game's length).
"""
import importlib.util
import pickle
import random
import sys
import time
from multiprocessing import Pool

N = 6


LOADED = {}


def load(path):
    "The module of the pousse.py at path, loaded once a process."
    if path not in LOADED:
        spec = importlib.util.spec_from_file_location("pousse_gen", path)
        LOADED[path] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(LOADED[path])
    return LOADED[path]


def game(args):
    path, number, nodes, seed = args
    pousse = load(path)
    rand = random.Random(number * 7919 + seed * 1000003)
    g = pousse.Game(N)
    for _ in range(rand.choice((2, 3, 4, 5, 6))):
        g = g.play(rand.randrange(4 * N))
        if g.result:
            return []
    engines = [pousse.Engine(N, 64 << 20), pousse.Engine(N, 64 << 20)]
    seen = []
    while not g.result and len(g.moves) < 400:
        side = g.player()
        me, you = g.board() if side == 0 else g.board()[::-1]
        seen.append((me, you, side))
        g = g.play(engines[side].think(g, nodes=nodes + rand.randrange(nodes // 4))[0])
    if not g.result:
        return []
    return [(me, you, int(side == g.result[0]), len(g.moves)) for me, you, side in seen]


if __name__ == "__main__":
    engine, games, nodes, seed, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), \
        int(sys.argv[4]), sys.argv[5]
    began = time.time()
    with Pool(2) as pool:
        played = pool.map(game, [(engine, i, nodes, seed) for i in range(games)], chunksize=2)
    data = [p for g in played for p in g]
    with open(out, "wb") as f:
        pickle.dump(data, f)
    print("%d positions of %d games in %.0f s" % (len(data), sum(1 for g in played if g),
                                                  time.time() - began))
