"""Distributions: the 39 ways 13 cards fall into four suits, written longest first ("4432")."""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=None)
def all_shapes() -> tuple[tuple[int, int, int, int], ...]:
    out = []
    for a in range(13, -1, -1):
        for b in range(min(a, 13 - a), -1, -1):
            for c in range(min(b, 13 - a - b), -1, -1):
                d = 13 - a - b - c
                if 0 <= d <= c:
                    out.append((a, b, c, d))
    return tuple(out)


def shape_text(lengths) -> str:
    return "".join(str(n) for n in sorted(lengths, reverse=True))


@lru_cache(maxsize=None)
def parse_shape(text: str) -> tuple[int, int, int, int] | None:
    """``"4432"`` -> (4, 4, 3, 2); ``"13000"`` -> (13, 0, 0, 0); None if it is no distribution."""
    for shape in all_shapes():
        if shape_text(shape) == text:
            return shape
    return None
