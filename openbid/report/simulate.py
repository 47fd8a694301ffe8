"""``openbid simulate`` rendered: the nodes most reached with their calls, the coverage report
(where the system is silent), the JSON object, and one PBN game per deal.

Shares are ESTIMATES with their 95% intervals; counts of the sample are counts, and the root's
share (every deal reaches it) is exact and says so."""

from __future__ import annotations


from openbid.sim.tally import END, OFF, NodeStat, Share, Summary

KIND_NAMES = {0: "on-system", OFF: "off-system", END: "ended"}
CALLS_SHOWN = 6  # calls per node in the text


def pct(x: float) -> str:
    """A share in percent: two decimals, more when small (0.0012%)."""
    p = 100 * x
    if p == 0 or p >= 0.01:
        return f"{p:.2f}%"
    digits = 2
    while round(p, digits) == 0 and digits < 8:
        digits += 1
    return f"{p:.{digits + 1}f}%"


def share_text(s: Share) -> str:
    if s.exact:
        return "100% (every deal)" if s.count == s.of else pct(s.value)
    return f"{pct(s.value)} [{pct(s.low)}, {pct(s.high)}]"


def auction_text(a: str) -> str:
    return a if a else "(opening)"


def node_where(n: NodeStat) -> str:
    if n.kind == END:
        return "auction ended"
    if n.kind == OFF:
        return "OFF-SYSTEM (passes)"
    return "on-system, the opening" if n.block == "" else f'on-system, block "{n.block}"'


def header(run, title: str) -> list[str]:
    s = run.settings
    dealer = "by the board cycle" if s.dealer == "cycle" else s.dealer
    vul = "by the board cycle" if s.vul == "cycle" else s.vul
    lines = [f"openbid simulate: {title}: {run.deals:,} deals from seed {s.seed} "
             f"(dealer {dealer}, vulnerable {vul})"]
    where = run.engine + (f", {run.workers} workers" if run.workers > 1 else "")
    if run.bid:
        rate = run.bid / run.seconds if run.seconds > 0 else 0.0
        lines.append(f"{run.bid:,} deals bid in {run.seconds:.1f} s ({rate:,.0f} deals/s, "
                     f"{where})" + (f"; {run.stored:,} from the store" if run.stored else ""))
    else:
        lines.append(f"all {run.stored:,} deals from the store")
    return lines


def render(summary: Summary, run, title: str, limit: int) -> str:
    out = header(run, title)
    out.append("ESTIMATE: each share with an interval [low, high] is estimated from a uniform "
               "random sample of deals (95%)")
    out.append("")
    out.append(f"{len(summary.nodes):,} nodes reached: {summary.on_system:,} on-system, "
               f"{summary.off_system:,} off-system, {summary.ended:,} where the auction ended.")
    open_nodes = [n for n in summary.nodes if n.kind != END]
    shown = open_nodes[:limit]
    out.append(f"The {len(shown)} nodes most reached (deals reaching each; the calls made "
               "there, as shares of those deals):")
    width = max((len(auction_text(n.auction)) for n in shown), default=10)
    for n in shown:
        out.append(f"  {auction_text(n.auction):<{width}}  {n.reached.count:>12,} deals  "
                   f"{share_text(n.reached)}  {node_where(n)}")
        calls = [f"{c.call} {share_text(c.share)}" for c in n.calls[:CALLS_SHOWN]]
        more = len(n.calls) - CALLS_SHOWN
        if more > 0:
            calls.append(f"(+{more} more)")
        for k in range(0, len(calls), 3):
            out.append("      " + "   ".join(calls[k:k + 3]))
    cov = summary.coverage
    out.append("")
    out.append("Coverage: where the system is silent (an off-system node passes)")
    r = cov.off_calls
    out.append(f"  calls made at off-system nodes: {r.num:,} of {r.den:,} calls, "
               f"{pct(r.value)} [{pct(r.low)}, {pct(r.high)}]")
    out.append(f"  deals with at least one such call: {cov.deals_touched.count:,}, "
               f"{share_text(cov.deals_touched)}")
    ranked = cov.nodes[:limit]
    if not cov.nodes:
        out.append("  no off-system node was reached")
    elif ranked:
        out.append(f"  the off-system nodes most reached ({len(ranked)} of {len(cov.nodes):,}), "
                   "by deals reaching them:")
        w = max(len(auction_text(n.auction)) for n in ranked)
        for i, n in enumerate(ranked, 1):
            out.append(f"  {i:>4}. {auction_text(n.auction):<{w}}  {n.reached.count:>12,} deals"
                       f"  {share_text(n.reached)}")
    return "\n".join(out) + "\n"


def _share_json(s: Share) -> dict:
    if s.exact:
        return {"count": s.count, "share": s.value, "exact": True}
    return {"count": s.count, "share": round(s.value, 8),
            "ci95": [round(s.low, 8), round(s.high, 8)]}


def to_json(summary: Summary, run, title: str) -> dict:
    from openbid.sim.deals import CHUNK, SCHEME

    s = run.settings
    cov = summary.coverage
    r = cov.off_calls
    return {
        "system": s.rules.name, "title": title, "deals": run.deals, "seed": s.seed,
        "dealer": s.dealer, "vul": s.vul, "scheme": SCHEME, "chunk": CHUNK,
        "run": {"engine": run.engine, "workers": run.workers, "seconds": round(run.seconds, 3),
                "bid": run.bid, "from_store": run.stored, "stored": run.kept},
        "label": "ESTIMATE",
        "interval": "95%: Wilson's for the shares of deals; the delta method of a ratio over "
                    "deals for the share of calls made at off-system nodes",
        "nodes": [{"auction": n.auction, "reached": _share_json(n.reached),
                   "kind": KIND_NAMES[n.kind], "block": n.block,
                   "calls": [{"call": c.call, **_share_json(c.share)} for c in n.calls]}
                  for n in summary.nodes],
        "coverage": {
            "calls": r.den, "off_system_calls": r.num, "share": round(r.value, 8),
            "ci95": [round(r.low, 8), round(r.high, 8)],
            "deals_with_off_system_call": _share_json(cov.deals_touched),
            "off_system_nodes": [{"auction": n.auction, **_share_json(n.reached)}
                                 for n in cov.nodes]},
    }


# -- PBN --------------------------------------------------------------------------------------
def pbn_game(number: int, deal, auction: tuple[str, ...], dealer: str, vul: str) -> str:
    """One deal as a PBN game in export format (:func:`openbid.formats.pbn.game_text`: the 15
    mandatory tags, the Result unknown, the Contract and Declarer of the auction), its lines
    ending as the rest of the file does (LF)."""
    from openbid.formats.board import Board
    from openbid.formats.pbn import game_text
    from openbid.sim.deals import SEATS, hand_text

    hands = tuple(hand_text(deal[k]) for k in range(len(SEATS)))
    board = Board(number, dealer, vul, hands, tuple(auction))  # type: ignore[arg-type]
    return game_text(board, event="openbid simulate").replace("\r\n", "\n")


PBN_HEAD = "% PBN 2.1\n% EXPORT\n\n"
