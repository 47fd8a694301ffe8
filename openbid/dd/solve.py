"""Double-dummy tricks with endplay's DDS, solving only what is asked.

A *pair* is (declarer, strain): declarer N E S W, strain S H D C NT. The tricks of a pair are
those the declarer takes with best play on both sides, the defender on the declarer's left
leading. DDS answers at three costs (``benchmarks/bench_dd.py`` measures them): the whole table
of 20 pairs (CalcDDtable), one strain for the four declarers (CalcAllTables with the other
strains left out), or one pair (SolveBoard for the opening leader: the defenders' best, which
the declarer's tricks complement to 13). :func:`solve` takes the cheapest cover of the pairs
asked: per strain, one or two declarers by SolveBoard (DDS keeps its transposition table between
calls on one deal, so a second declarer costs about half the first), three or four by the
strain's table; every strain by the whole table.
"""

from __future__ import annotations

from typing import Iterable

DECLARERS = "NESW"
STRAINS = ("S", "H", "D", "C", "NT")
Pair = tuple[str, str]
ALL_PAIRS: tuple[Pair, ...] = tuple((d, s) for d in DECLARERS for s in STRAINS)
TRICKS = 13

_READY = False


def _init() -> None:
    """One DDS thread per process: parallel work is spread over processes (the engine)."""
    global _READY
    if not _READY:
        import endplay._dds as _dds

        _dds.SetMaxThreads(1)
        _READY = True


def check_pairs(pairs: Iterable[Pair]) -> frozenset[Pair]:
    out = frozenset(pairs)
    wrong = sorted(p for p in out if p not in ALL_PAIRS)
    if wrong:
        raise ValueError(f"not a (declarer, strain) pair: {wrong[0]!r}")
    return out


# What each cover costs, in single-pair solves (benchmarks/bench_dd.py): a second declarer in
# the same strain half a pair, a strain's table two, the whole table ten.
TABLE_COST = 10.0


def cover_cost(pairs: frozenset[Pair]) -> float:
    """The cost of the cheapest cover of ``pairs``, in single-pair solves."""
    per_strain = [sum(1 for _, t in pairs if t == s) for s in STRAINS]
    cost = sum(0 if n == 0 else 1 if n == 1 else 1.5 if n == 2 else 2 for n in per_strain)
    return min(cost, TABLE_COST)


def solve(deal: str, pairs: Iterable[Pair] | None = None, method: str = "auto") -> dict[Pair, int]:
    """Tricks for every pair asked of ``deal`` (a key, ``N:...``; None: all 20), and possibly
    more: a strain solved by its table gives all four declarers. ``method``: ``auto`` (the
    cheapest cover), ``table`` (always the whole table), ``strain`` (the table of each strain
    asked), ``single`` (SolveBoard per pair)."""
    _init()
    from endplay.types import Deal

    wanted = check_pairs(ALL_PAIRS if pairs is None else pairs)
    if not wanted:
        return {}
    board = Deal(deal)
    strains = {s for _, s in wanted}
    if method == "table" or (method == "auto" and cover_cost(wanted) >= TABLE_COST):
        return _table(board, list(STRAINS))
    out: dict[Pair, int] = {}
    several = [s for s in STRAINS if s in strains and (
        method == "strain" or method == "auto" and sum(1 for _, t in wanted if t == s) > 2)]
    if several:
        out.update(_table(board, several))
    for declarer, strain in sorted(wanted):
        if (declarer, strain) not in out:
            out[(declarer, strain)] = _single(board, declarer, strain)
    return out


def _denom(strain: str):
    from endplay.types import Denom

    return {"S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds, "C": Denom.clubs,
            "NT": Denom.nt}[strain]


def _player(seat: str):
    from endplay.types import Player

    return {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}[seat]


def _table(board, strains: list[str]) -> dict[Pair, int]:
    from endplay.dds import calc_all_tables, calc_dd_table

    if len(strains) == len(STRAINS):
        table = calc_dd_table(board)
    else:
        exclude = [_denom(s) for s in STRAINS if s not in strains]
        table = calc_all_tables([board], exclude=exclude)[0]
    return {(d, s): int(table[_denom(s), _player(d)]) for d in DECLARERS for s in strains}


def _single(board, declarer: str, strain: str) -> int:
    from endplay.dds import solve_board
    from endplay.dds.solve import SolveMode

    board.trump = _denom(strain)
    board.first = _player(DECLARERS[(DECLARERS.index(declarer) + 1) % 4])
    defenders = max(score for _, score in solve_board(board, SolveMode.OptimalOne))
    return TRICKS - int(defenders)
