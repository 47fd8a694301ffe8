"""``openbid explain``: each player's own-calls view and the view at the table, as text lines
and JSON records. Returns text or records; never prints."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

SEATS = ("dealer", "2nd seat", "3rd seat", "4th seat")


def _t(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def _j(v):
    if isinstance(v, bool) or isinstance(v, int):
        return v
    if isinstance(v, Fraction):
        return int(v) if v.denominator == 1 else str(v)
    return v


def _pct(p: float) -> str:
    return f"{100 * p:.1f}%"


def own_dist(distribution: dict, total: int) -> str:
    """The distribution in shares; values under 0.05% each are summed into one entry (--json
    has every exact count)."""
    shown, rare, rare_w = [], [], 0
    for k, w in distribution.items():
        if 1000 * w < total / 2:  # under 0.05%
            rare.append(k)
            rare_w += w
        else:
            shown.append(f"{_t(k)}: {100 * w / total:.1f}%")
    if rare:
        what = _t(rare[0]) if len(rare) == 1 else f"{len(rare)} values"
        shown.append(f"{what} under 0.05% each ({100 * rare_w / total:.2f}% in all)")
    return ", ".join(shown)


def table_dist(shares: list) -> str:
    """Shares at the table: exact, or each with its 95% interval; values under 0.5% each are
    summed into one entry (--json has every share and interval)."""
    shown, rare, rare_p = [], [], 0.0
    for s in shares:
        if s.share < 0.005:
            rare.append(s.value)
            rare_p += s.share
        elif s.exact:
            shown.append(f"{_t(s.value)}: {_pct(s.share)}")
        else:
            shown.append(f"{_t(s.value)}: {_pct(s.share)} [{100 * s.low:.1f}-{100 * s.high:.1f}]")
    if rare:
        what = _t(rare[0]) if len(rare) == 1 else f"{len(rare)} values"
        shown.append(f"{what} under 0.5% each ({100 * rare_p:.2f}% in all)")
    return ", ".join(shown)


def text(title: str, auction: tuple[str, ...], own: list, table, vul: str | None) -> list[str]:
    """Both views, player by player, each labelled."""
    from openbid.readers.census.domain import TOTAL_HANDS

    lines = [f"{' '.join(auction)} ({title})"]
    if own and own[0] is not None:
        lines.append("  own calls:    each player over the hands that make its own calls, the "
                     "others' not read")
        lines.append("                (exact census; ranges proved by Z3)")
    if table is not None:
        p = table.probability
        lines.append(f"  at the table: given all four players' calls, cards disjoint; dealer "
                     f"{table.dealer}, vulnerable: {table.vul}")
        lines.append(f"                the auction begins {p.text()} of deals")
        lines.append("                ranges proved by Z3 over the four hands (a deal at each "
                     "end: --json)")
        if not all(s.exact for pl in table.players for s in pl.shown):
            lines.append(f"                shares ESTIMATE (95% intervals) from {table.kept:,} "
                         f"deals that begin so, of {table.tried:,} dealt (seed {table.seed})")
    lines.append("")
    players = len(own) if own else len(table.players)
    for seat in range(players):
        calls = " ".join(auction[seat::4])
        lines.append(f"{SEATS[seat]} ({calls})")
        got = own[seat] if own else None
        if got is not None:
            total = TOTAL_HANDS * len(got.contexts)
            unit = "hands" if len(got.contexts) == 1 else "hand-contexts"
            lines.append(f"  own calls: {got.selected:,} {unit} "
                         f"({100 * got.selected / total:.4f}%)")
            width = max(len(s.name) for s in got.shown)
            for s in got.shown:
                rng = f"{_t(s.lo)}..{_t(s.hi)}" if s.lo != s.hi else _t(s.lo)
                proof = "" if s.proved == "z3" else f" [{s.proved}]"
                lines.append(f"    {s.name:<{width}} {rng:<9} min e.g. {s.lo_hand:<22} max "
                             f"e.g. {s.hi_hand}{proof}")
                lines.append(f"    {'':<{width}} {own_dist(s.distribution, got.selected)}")
        if table is not None:
            pl = table.players[seat]
            lines.append(f"  at the table ({pl.seat}):")
            width = max(len(s.name) for s in pl.shown)
            for s in pl.shown:
                rng = f"{_t(s.lo)}..{_t(s.hi)}" if s.lo != s.hi else _t(s.lo)
                proof = "" if s.proved == "z3" else f" [{s.proved}]"
                lo = s.lo_deal[pl.seat].to_pbn() if s.lo_deal else "-"
                hi = s.hi_deal[pl.seat].to_pbn() if s.hi_deal else "-"
                lines.append(f"    {s.name:<{width}} {rng:<9} min e.g. {lo:<22} max e.g. "
                             f"{hi}{proof}")
                lines.append(f"    {'':<{width}} {table_dist(s.distribution)}")
        lines.append("")
    return lines


def player_json(auction: tuple[str, ...], seat: int, own, table) -> dict[str, Any]:
    """One player: the own-calls view (the keys as before, ``"view": "own calls"``) and
    ``"table"``: the view at the table (null when not asked)."""
    out: dict[str, Any] = {"seat": seat + 1, "calls": list(auction[seat::4])}
    if own is not None:
        out.update({"view": "own calls", "hands": own.selected,
                    "contexts": [dict(c) for c in own.contexts],
                    "descriptors": [{"name": s.name, "min": _j(s.lo), "max": _j(s.hi),
                                     "min_hand": s.lo_hand, "max_hand": s.hi_hand,
                                     "proved": s.proved,
                                     "distribution": {str(_j(k)): w for k, w in
                                                      s.distribution.items()}}
                                    for s in own.shown]})
    out["table"] = None if table is None else table_json(table, seat)
    return out


def table_json(table, seat: int) -> dict[str, Any]:
    from openbid.checks.table import deal_pbn

    pl = table.players[seat]
    p = table.probability
    return {"view": "at the table", "seat": pl.seat, "dealer": table.dealer, "vul": table.vul,
            "auction_probability": p.value,
            "interval": list(p.interval) if p.interval else None, "exact": p.exact,
            "method": p.method, "deals": table.tried, "kept": table.kept, "seed": table.seed,
            "descriptors": [{"name": s.name, "min": _j(s.lo), "max": _j(s.hi),
                             "proved": s.proved,
                             "min_deal": deal_pbn(s.lo_deal) if s.lo_deal else None,
                             "max_deal": deal_pbn(s.hi_deal) if s.hi_deal else None,
                             "min_hand": s.lo_deal[pl.seat].to_pbn() if s.lo_deal else None,
                             "max_hand": s.hi_deal[pl.seat].to_pbn() if s.hi_deal else None,
                             "exact": s.exact,
                             "distribution": {str(_j(d.value)): {
                                 "share": d.share,
                                 "interval": None if d.exact else [d.low, d.high]}
                                 for d in s.distribution}}
                            for s in pl.shown]}
