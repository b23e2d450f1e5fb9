"""What the lean path's reseed costs a turn, and what replacing it would cost (issue 17): a
record of a measured dead end, so it need not be tried again. Prints figures; not a test.

Every turn the lean path seeds one generator with ``"<seed>:dice:<turn>"`` (``SeededDice.
start_turn``: the name's UTF-8 bytes and their SHA-512 digest as one int, CPython's
``init_by_array`` over its 624 words, then the twist of the first draw). The alternative
measured: the Mersenne Twister worked out with NumPy for many streams at once (``init_by_array``
is sequential over the words, elementwise across streams; ``init_genrand(19650218)``, the same
for every stream, once), giving each stream's first ``K`` ``random()`` directly. ``check``
compares them with ``random.Random(name)`` (bit for bit); the other modes are counted by
callgrind, per stream, against an empty run of the same child:

    python benchmarks/bench_reseed.py                  # check, then instructions per stream
    python benchmarks/bench_reseed.py --check-only

Measured (CPython 3.11, 2026-12-05, this script), instructions per stream: the reseed as
``start_turn`` does it, with the first draw's twist, 45,000 (of which SHA-512 and the int
some 8,000, ``seed`` 28,000, the twist 6,000); ``setstate`` of a 625-word state with its
twist 40,600 (hardly cheaper than seeding, before the state is even built); NumPy, 16 draws a
stream, the key bytes built in Python included: 43,100 at 2,000 streams (odds' chunk of 250
seeds, 8 turns each) and 25,800 at 8,000, every stream used. The most it saves is some
19,000 instructions a turn (4% of a duel), only for chunks four times odds' and with no turn
precomputed that the fight never reaches; so the lean path keeps CPython's seeding.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

try:
    from _sha2 import sha512  # (Python 3.12 and later)
except ImportError:
    from _sha512 import sha512  # (Python 3.11)

N, M = 624, 397


def _base() -> np.ndarray:
    """``init_genrand(19650218)``: the state every ``init_by_array`` starts from."""
    mt = [19650218]
    for i in range(1, N):
        mt.append((1812433253 * (mt[-1] ^ (mt[-1] >> 30)) + i) & 0xFFFFFFFF)
    return np.array(mt, dtype=np.uint32)


BASE = _base()


def streams(names: list[str], k: int) -> np.ndarray:
    """The first ``k`` ``random()`` of ``random.Random(name)`` for each name, (len, k)."""
    keys = []
    for name in names:
        data = name.encode()
        keys.append(data + sha512(data).digest())
    out = np.empty((len(names), k))
    groups: dict[int, list[int]] = {}  # key words -> the streams with so many
    for i, key in enumerate(keys):
        bits = 8 * len(key) - (8 - key[0].bit_length())
        groups.setdefault((bits - 1) // 32 + 1, []).append(i)
    for words, rows in groups.items():
        buf = b"".join(keys[i].rjust(4 * words, b"\0") for i in rows)
        # the int's 32-bit words, least significant first (CPython's ``random_seed``)
        key = np.frombuffer(buf, dtype=">u4").reshape(len(rows), words)[:, ::-1]
        out[rows] = _draws(np.ascontiguousarray(key.T, dtype=np.uint32), words, k)
    return out


def _draws(key: np.ndarray, words: int, k: int) -> np.ndarray:
    """``init_by_array`` (key: words x streams), then the first ``k`` doubles."""
    lanes = key.shape[1]
    mt = np.repeat(BASE[:, None], lanes, axis=1)
    t = np.empty(lanes, dtype=np.uint32)
    i, j = 1, 0
    jw = np.arange(words, dtype=np.uint32)
    for _ in range(max(N, words)):
        p = mt[i - 1]
        np.right_shift(p, 30, out=t)
        np.bitwise_xor(t, p, out=t)
        np.multiply(t, np.uint32(1664525), out=t)
        np.bitwise_xor(t, mt[i], out=t)
        np.add(t, key[j], out=t)
        np.add(t, jw[j], out=mt[i])
        i += 1
        j += 1
        if i >= N:
            mt[0] = mt[N - 1]
            i = 1
        if j >= words:
            j = 0
    for _ in range(N - 1):
        p = mt[i - 1]
        np.right_shift(p, 30, out=t)
        np.bitwise_xor(t, p, out=t)
        np.multiply(t, np.uint32(1566083941), out=t)
        np.bitwise_xor(t, mt[i], out=t)
        np.subtract(t, np.uint32(i), out=mt[i])
        i += 1
        if i >= N:
            mt[0] = mt[N - 1]
            i = 1
    mt[0] = 0x80000000
    w = 2 * k  # (the first 2k words of the first twist: they read words < 2k + 397 only)
    y = (mt[0:w] & np.uint32(0x80000000)) | (mt[1:w + 1] & np.uint32(0x7FFFFFFF))
    v = mt[M:M + w] ^ (y >> np.uint32(1)) ^ np.where(
        (y & np.uint32(1)).astype(bool), np.uint32(0x9908B0DF), np.uint32(0))
    v ^= v >> np.uint32(11)
    v ^= (v << np.uint32(7)) & np.uint32(0x9D2C5680)
    v ^= (v << np.uint32(15)) & np.uint32(0xEFC60000)
    v ^= v >> np.uint32(18)
    a = (v[0::2] >> np.uint32(5)).astype(np.float64)
    b = (v[1::2] >> np.uint32(6)).astype(np.float64)
    return ((a * 67108864.0 + b) * (1.0 / 9007199254740992.0)).T


def check(seeds: int, k: int) -> int:
    """Compare ``streams`` with ``random.Random``; return how many streams matched."""
    names = [f"{s}:dice:{t}" for s in range(seeds) for t in (1, 2, 3, 9, 10, 99, 100, 1234)]
    names += [f"{s}:dice" for s in range(seeds)] + \
        [f"{s}:dice:{t}" for s in range(100000, 100000 + seeds) for t in range(1, 9)]
    got = streams(names, k)
    for name, row in zip(names, got):
        r = random.Random(name)
        assert [r.random() for _ in range(k)] == row.tolist(), name
    return len(names)


CHILD = r"""
import sys, _random
sys.path.insert(0, sys.argv[4])
from bench_reseed import sha512, streams
mode, seeds, turns = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
names = [f"{s}:dice:{t}" for s in range(100000, 100000 + seeds) for t in range(1, turns + 1)]
g = _random.Random(1)
if mode == "seed":  # as SeededDice.start_turn, and the first draw
    for name in names:
        data = name.encode()
        g.seed(int.from_bytes(data + sha512(data).digest()))
        g.random()
elif mode == "setstate":
    import random
    r = random.Random(1)
    st = r.getstate()
    for name in names:
        r.setstate(st)
        r.random()
elif mode == "numpy" and names:
    streams(names, 16)
"""


def instructions(mode: str, seeds: int, turns: int) -> int:
    """Total instructions callgrind counts for one child run."""
    with tempfile.TemporaryDirectory() as t:
        out = Path(t) / "cg.out"
        env = dict(os.environ, PYTHONHASHSEED="0")
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                        sys.executable, "-c", CHILD, mode, str(seeds), str(turns),
                        str(Path(__file__).resolve().parent)],
                       env=env, check=True, capture_output=True)
        m = re.search(r"^(?:summary|totals):\s*(\d+)", out.read_text(errors="replace"), re.M)
        assert m, "no totals in callgrind's output"
        return int(m.group(1))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check-only", action="store_true")
    ap.add_argument("--seeds", type=int, default=300, help="seeds checked")
    args = ap.parse_args()
    print(f"check: {check(args.seeds, 16)} streams, the first 16 draws bit for bit", flush=True)
    if args.check_only:
        return
    for mode, seeds, turns in (("seed", 250, 8), ("setstate", 250, 8), ("numpy", 250, 8),
                               ("numpy", 1000, 8)):
        n = seeds * turns
        per = (instructions(mode, seeds, turns) - instructions(mode, 0, turns)) / n
        print(f"{mode:9} {n:6} streams {per:9.0f} instructions a stream", flush=True)


if __name__ == "__main__":
    main()
