"""The learnt evaluation of pousse.py, fitted (a development tool; needs numpy).

    python3 tests/learn/fit.py DATA... > table

fits a logistic regression of the game's result on features of the
positions pickled by gen.py, seen by the player to move: for each line,
(my tokens, yours) by line class (the edge lines, the next ones, the
middle two); a line you complete by pushing my one token off its end; my
tokens and yours on each cell class; and a constant.  A position where
the mover completes a line with one push is left out: the engine counts it
as won (SURE).  It prints the log-loss on every tenth position held out,
then the LEARNT entry for pousse.py, in thousandths of the log-odds.
"""
import pickle
import sys

import numpy as np

N = 6
NK = 3                  # line classes


def edge(i):
    return min(i, N - 1 - i)


PAIRS = [(a, b) for a in range(N) for b in range(N) if a + b <= N and (a, b) != (0, 0)]
CLASSES = sorted({tuple(sorted((edge(r), edge(c)))) for r in range(N) for c in range(N)})
LINES = [([r * N + c for c in range(N)], edge(r)) for r in range(N)] + \
        [([r * N + c for r in range(N)], edge(c)) for c in range(N)]
CELLS = [(1 << r * N + c, CLASSES.index(tuple(sorted((edge(r), edge(c))))))
         for r in range(N) for c in range(N)]
ENDS = len(PAIRS) * NK
MINE = ENDS + NK
YOURS = MINE + len(CLASSES)
FEATURES = YOURS + len(CLASSES) + 1


def completes(mine, yours):
    return bin(mine).count("1") == N - 1 and (yours == 0 or yours in (1, 1 << N - 1))


def features(me, you):
    f = np.zeros(FEATURES)
    for cells, k in LINES:
        m = sum(1 << i for i, c in enumerate(cells) if me >> c & 1)
        y = sum(1 << i for i, c in enumerate(cells) if you >> c & 1)
        a, b = bin(m).count("1"), bin(y).count("1")
        if completes(m, y) or a == N or b == N:
            return None
        if (a, b) != (0, 0):
            f[PAIRS.index((a, b)) * NK + k] += 1
        if a == 1 and completes(y, m):
            f[ENDS + k] += 1
    for bit, c in CELLS:
        if me & bit:
            f[MINE + c] += 1
        elif you & bit:
            f[YOURS + c] += 1
    f[-1] = 1
    return f


def fit(x, y, lam=1e-3, rounds=40):
    "Newton's method on the L2-regularised log-loss."
    w = np.zeros(x.shape[1])
    for _ in range(rounds):
        p = 1 / (1 + np.exp(-(x @ w)))
        gradient = x.T @ (p - y) / len(y) + lam * w
        hessian = (x.T * (p * (1 - p))) @ x / len(y) + lam * np.eye(x.shape[1])
        w -= np.linalg.solve(hessian, gradient)
    return w


def log_loss(w, x, y):
    p = 1 / (1 + np.exp(-(x @ w)))
    return -np.mean(y * np.log(p + 1e-12) + (1 - y) * np.log(1 - p + 1e-12))


if __name__ == "__main__":
    data = []
    for path in sys.argv[1:]:
        with open(path, "rb") as f:
            data += pickle.load(f)
    rows, results = [], []
    for me, you, won, _ in data:
        f = features(me, you)
        if f is not None:
            rows.append(f)
            results.append(won)
    x, y = np.array(rows), np.array(results, dtype=float)
    held = np.arange(len(y)) % 10 == 0
    w = fit(x[~held], y[~held])
    print("# %d positions; log-loss %.4f on those fitted, %.4f on every tenth held out"
          % (len(y), log_loss(w, x[~held], y[~held]), log_loss(w, x[held], y[held])))
    w = fit(x, y)

    def t(v):
        return "%d" % round(1000 * v)
    print("    6: ({" + ",\n         ".join(
        "%s: (%s)" % (p, ", ".join(t(w[i * NK + k]) for k in range(NK)))
        for i, p in enumerate(PAIRS) if p != (N - 1, 0)) + "},")
    print("        (%s)," % ", ".join(t(w[ENDS + k]) for k in range(NK)))
    print("        (%s)," % ", ".join(t(v) for v in w[MINE:YOURS]))
    print("        (%s))," % ", ".join(t(v) for v in w[YOURS:-1]))
