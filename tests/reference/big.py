"""Large rule files, deterministic from a seed: ``points_file(300)`` has 300 bid points in about
fifty sections (numbered past 14, with gaps), with guards, ``else goto``, ``if`` and ``for``
nested up to three levels, forward ``goto``s, tentative bids (``resume``) and labels that are
names (``open.12``, ``w-3_b``) beside OPENBID's (``7c``). Every condition is in the reference's
vocabulary (reference.interp), so the reference can count the file; the benchmark
benchmarks/bench_points.py times ``prove --rules`` on them.
"""

from __future__ import annotations

import random

SUITS = ("S", "H", "D", "C")
CALLS = ("PASS", "1C", "1D", "1H", "1S", "1NT", "2C", "2D", "2H", "2S", "2NT", "3C", "3NT", "4S")
WORDS = ("open", "weak", "strong", "pre", "nt", "major", "minor", "two", "w", "z")
OPS = (">=", "<=", "=", ">", "<", "!=")


def _atom(rng: random.Random, scope: tuple[str, ...], shape: bool = False) -> str:
    """A condition: points, shape or both (``shape``: not of points alone)."""
    s = rng.choice(SUITS + scope + scope)  # loop variables twice as likely
    pick = rng.randrange(2 if shape else 0, 8)
    if pick == 0:
        return f"HCP {rng.choice(OPS)} {rng.randint(4, 24)}"
    if pick == 1:
        a = rng.randint(0, 22)
        return f"{a} <= HCP <= {a + rng.randint(2, 8)}"
    if pick == 2:
        return f"SUITLENGTH({s}) {rng.choice(OPS)} {rng.randint(2, 7)}"
    if pick == 3:
        return f"LONGEST {rng.choice(OPS)} {rng.randint(4, 7)}"
    if pick == 4:
        return "BALANCED"
    if pick == 5:
        return f"SUITLENGTH({s}) = LONGEST"
    if pick == 6:
        return f"HCP + 2 * SUITLENGTH({s}) >= {rng.randint(14, 30)}"
    t = rng.choice(SUITS + scope)
    return f"SUITLENGTH({s}) - SUITLENGTH({t}) >= {rng.randint(-1, 3)}"


def _cond(rng: random.Random, scope: tuple[str, ...] = ()) -> str:
    pick = rng.randrange(8)
    if pick == 0:
        return _atom(rng, scope)
    a = rng.randint(0, 26)  # most bids: a narrow band of points and a shape
    band = f"{a} <= HCP <= {a + rng.randint(0, 3)}"
    if pick == 1:
        return f"({band}) or not ({_atom(rng, scope, True)} or {_atom(rng, scope, True)})"
    more = f" and {_atom(rng, scope, True)}" if pick == 2 else ""
    return f"{band} and {_atom(rng, scope, True)}{more}"


def points_file(n_points: int, seed: int = 0, name: str = "big") -> str:
    """A rule file of exactly ``n_points`` bid points (each written once)."""
    rng = random.Random(seed)
    sizes: list[int] = []
    left = n_points
    while left:
        k = min(left, rng.randint(3, 9))
        sizes.append(k)
        left -= k
    numbers: list[int] = []
    n = 0
    for _ in sizes:
        n += rng.choice((1, 1, 1, 2))
        numbers.append(n)
    end = max(14, numbers[-1] + 1)
    lines = [f"name {name}"]
    made = 0
    for idx, (number, size) in enumerate(zip(numbers, sizes)):
        later = numbers[idx + 1:idx + 6] + [end]
        head = f'section {number} "part {number}"'
        if rng.random() < 0.4:
            head += f" when {_atom(rng, ())}"
            if rng.random() < 0.3:
                head += f" else goto {rng.choice(later)}"
        lines.append(head)
        labels = [_label(rng, number, made + i, i) for i in range(size)]
        made += size
        lines += _block(rng, labels, later, 1, ())
    return "\n".join(lines) + "\n"


def _label(rng: random.Random, number: int, index: int, within: int) -> str:
    if rng.random() < 0.3:
        return f"{number}{'abcdefghijklmnopqrstuvwxyz'[within]}"
    return f"{rng.choice(WORDS)}{rng.choice('.-_')}{index}"


def _block(rng: random.Random, labels: list[str], later: list[int], depth: int,
           scope: tuple[str, ...]) -> list[str]:
    """Statements writing each of ``labels`` once, in order."""
    pad = "  " * depth
    out: list[str] = []
    while labels:
        pick = rng.random()
        if pick < 0.1:
            out.append(f"{pad}goto {rng.choice(later)} when {_cond(rng, scope)}")
        elif pick < 0.25 and depth < 3 and len(labels) >= 2:
            k = rng.randint(1, min(3, len(labels)))
            out.append(f"{pad}if {_atom(rng, scope)}")
            out += _block(rng, labels[:k], later, depth + 1, scope)
            labels = labels[k:]
        elif pick < 0.35 and depth < 3 and not scope:
            var = f"v{depth}"
            suits = rng.sample(SUITS, rng.randint(2, 4))
            out.append(f"{pad}for {var} in {', '.join(suits)}")
            out += _block(rng, labels[:1], later, depth + 1, scope + (var,))
            labels = labels[1:]
        else:
            if scope and rng.random() < 0.6:
                value = f"{rng.randint(1, 3)} {scope[-1]}"
            else:
                value = rng.choice(CALLS[1:])
            line = f"{pad}bid {labels[0]} when {_cond(rng, scope)} value {value}"
            if rng.random() < 0.05:
                line += f" resume {rng.choice(later)} when {_atom(rng, scope)}"
            out.append(line)
            labels = labels[1:]
    return out
