"""Every cell of the scoring grid against a second, deliberately naive reading of Law 77.

The grid is every level (1-7) x strain (C D H S NT) x doubling (-, X, XX) x vulnerability x
possible result (0 to 13 tricks taken): 2,940 cells. The oracle below copies the Law 77 tables as
literal numbers and adds them up one trick at a time; it shares no code with openbid.bridge.scoring
(it works on the text of the result, not on the module's types).
"""

from __future__ import annotations

import pytest

from openbid.base.errors import ResultError
from openbid.bridge.scoring import parse_result, score

LEVELS = range(1, 8)
STRAINS = ("C", "D", "H", "S", "NT")
DOUBLINGS = ("", "X", "XX")

# Law 77, trick score: (first trick, each subsequent trick) bid and made.
TRICK_POINTS = {
    "C": {"": (20, 20), "X": (40, 40), "XX": (80, 80)},
    "D": {"": (20, 20), "X": (40, 40), "XX": (80, 80)},
    "H": {"": (30, 30), "X": (60, 60), "XX": (120, 120)},
    "S": {"": (30, 30), "X": (60, 60), "XX": (120, 120)},
    "NT": {"": (40, 30), "X": (80, 60), "XX": (160, 120)},
}
# Law 77, overtrick points, each: undoubled by strain, (re)doubled by vulnerability.
UNDOUBLED_OVERTRICK = {"C": 20, "D": 20, "H": 30, "S": 30, "NT": 30}
DOUBLED_OVERTRICK = {("X", False): 100, ("X", True): 200, ("XX", False): 200, ("XX", True): 400}
# Law 77, undertrick points: 1st, 2nd, 3rd, then 4th and each subsequent.
UNDERTRICKS = {
    ("", False): (50, 50, 50, 50),
    ("X", False): (100, 200, 200, 300),
    ("XX", False): (200, 400, 400, 600),
    ("", True): (100, 100, 100, 100),
    ("X", True): (200, 300, 300, 300),
    ("XX", True): (400, 600, 600, 600),
}
SLAM = {(6, False): 500, (6, True): 750, (7, False): 1000, (7, True): 1500}
INSULT = {"": 0, "X": 50, "XX": 100}
GAME = {False: 300, True: 500}
PART_SCORE = 50


def oracle(level: int, strain: str, doubling: str, relative: int, vul: bool) -> dict[str, int]:
    """The breakdown, trick by trick, straight from the tables above."""
    parts = dict.fromkeys(("contract_points", "overtricks", "slam_bonus", "insult",
                           "game_bonus", "part_score_bonus", "penalty"), 0)
    if relative < 0:
        for nth in range(-relative):
            parts["penalty"] -= UNDERTRICKS[doubling, vul][min(nth, 3)]
        return parts
    first, subsequent = TRICK_POINTS[strain][doubling]
    for trick in range(level):
        parts["contract_points"] += first if trick == 0 else subsequent
    for _ in range(relative):
        if doubling:
            parts["overtricks"] += DOUBLED_OVERTRICK[doubling, vul]
        else:
            parts["overtricks"] += UNDOUBLED_OVERTRICK[strain]
    parts["slam_bonus"] = SLAM.get((level, vul), 0)
    parts["insult"] = INSULT[doubling]
    if parts["contract_points"] >= 100:
        parts["game_bonus"] = GAME[vul]
    else:
        parts["part_score_bonus"] = PART_SCORE
    return parts


def text(level: int, strain: str, doubling: str, relative: int) -> str:
    sign = "+" if relative > 0 else ""
    return f"{level}{strain}{doubling} {sign}{relative}"


CELLS = [
    (level, strain, doubling, relative, vul)
    for level in LEVELS
    for strain in STRAINS
    for doubling in DOUBLINGS
    for relative in range(-13, 7)
    if 0 <= 6 + level + relative <= 13
    for vul in (False, True)
]


def test_the_grid_is_complete() -> None:
    # 7 levels, each with 14 possible results (0-13 tricks), x 5 strains x 3 doublings x 2 vul.
    assert len(CELLS) == len(set(CELLS)) == 7 * 14 * 5 * 3 * 2 == 2940


@pytest.mark.parametrize(
    ("level", "strain", "doubling", "relative", "vul"), CELLS,
    ids=[f"{text(*cell[:4])}{' vul' if cell[4] else ''}" for cell in CELLS],
)
def test_cell(level: int, strain: str, doubling: str, relative: int, vul: bool) -> None:
    result = parse_result(text(level, strain, doubling, relative))
    points = score(result, vul)
    expected = oracle(level, strain, doubling, relative, vul)
    assert dict(points.breakdown()) == expected
    assert points.total == sum(expected.values())


def test_exactly_the_grid_parses() -> None:
    """Around the grid (levels 0-9, XXX, results -16..+9) only the grid's results are accepted."""
    inside = {text(*cell[:4]) for cell in CELLS}
    accepted, rejected = set(), set()
    for level in range(0, 10):
        for strain in STRAINS:
            for doubling in (*DOUBLINGS, "XXX"):
                for relative in range(-16, 10):
                    candidate = text(level, strain, doubling, relative)
                    try:
                        parse_result(candidate)
                    except ResultError:
                        rejected.add(candidate)
                    else:
                        accepted.add(candidate)
    assert accepted == inside
    assert rejected and not rejected & inside
