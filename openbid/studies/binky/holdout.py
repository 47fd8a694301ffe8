"""Binky points on held-out deals: the partnership's predicted tricks against its double-dummy
tricks on the held-out shards (1000-1999, never fitted), beside a constant and least-squares HCP
evaluators fitted on the training shards; :func:`plot_svg` draws predicted against actual;
:func:`convention_means` compares the trick conventions with Andrews' averages (docs/BINKY.md).

Checkers return data; nothing here prints.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from pathlib import Path

import numpy as np

from openbid.studies.binky import ddgen, derive as dv, matrices as mx, tr

HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}


@dataclass
class PairData:
    """Partnership samples: both sides of each deal."""

    tricks: dict[str, np.ndarray]
    hcp: np.ndarray
    shapes: np.ndarray  # pairs x 39: how many of the two hands have each pattern
    binky: dict[str, np.ndarray] = field(default_factory=dict)


def pair_data(data: Path | str, shards, vp=None, vh=None,
              limits: dict[str, int] | None = None) -> PairData:
    t: dict[str, list[int]] = {"suit": [], "nt": []}
    hcp = []
    feats = []
    for _, r in ddgen.iter_records(Path(data), "random", shards, limits):
        hands = ddgen.parse_pbn(r["pbn"])
        for a, b in ((0, 2), (1, 3)):
            suit_tricks, nt_tricks = tr.side_tricks(r["dd"], "NESW"[a])
            t["suit"].append(suit_tricks)
            t["nt"].append(nt_tricks)
            hcp.append(sum(HCP.get(ddgen.RANKS[c % 13], 0) for c in hands[a] + hands[b]))
            feats.append((tr.hand_classes(hands[a]), tr.hand_classes(hands[b])))
    shapes = np.zeros((len(feats), len(mx.PATTERNS)))
    for i, (first, second) in enumerate(feats):
        shapes[i, first[0]] += 1
        shapes[i, second[0]] += 1
    out = PairData({k: np.array(v, float) for k, v in t.items()}, np.array(hcp, float), shapes)
    if vp is not None and vh is not None:
        for s in ("suit", "nt"):
            out.binky[s] = np.array([vp[s][pa] + vh[s][ha].sum() + vp[s][pb] + vh[s][hb].sum()
                                     for (pa, ha), (pb, hb) in
                                     (((x[0][0], np.array(x[0][1])), (x[1][0], np.array(x[1][1])))
                                      for x in feats)])
    return out


def shipped_tables(path: Path | str | None = None) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """{strain: (vp, vh)} as floats from a Binky table file (default: the shipped one)."""
    b = dv.read_binky(path or dv.BINKY_TABLE)["strains"]
    return {s: (np.array([float(t["patterns"][mx.pattern_name(p)]["v"]) for p in mx.PATTERNS]),
                np.array([float(t["holdings"][mx.holding_name(h, n)]["v"])
                          for h, n in mx.HOLDINGS]))
            for s, t in b.items()}


def out_of_sample(data: Path | str = ddgen.DATA, tables: dict | None = None,
                  limits: dict[str, int] | None = None) -> dict:
    """Mean and standard deviation of (prediction - tricks) on the held-out pairs, per strain,
    for Binky (the shipped table unless ``tables`` = {strain: (vp, vh)}), a constant and a
    least-squares line on the pair's HCP, both fitted on the training shards."""
    if tables is None:
        tables = shipped_tables()
    vp = {s: v[0] for s, v in tables.items()}
    vh = {s: v[1] for s, v in tables.items()}
    train = pair_data(data, tr.TRAIN, limits=limits)
    test = pair_data(data, tr.HELDOUT, vp, vh, limits)
    if not len(train.hcp) or not len(test.hcp):
        from openbid.base.errors import OpenbidError

        raise OpenbidError(f"no {'training' if not len(train.hcp) else 'held-out'} double-dummy "
                           f"deals in {data}: no out-of-sample figures")
    out: dict = {"train_pairs": int(len(train.hcp)), "test_pairs": int(len(test.hcp)),
                 "strains": {}}
    for s in ("suit", "nt"):
        c = float(train.tricks[s].mean())
        X = np.c_[np.ones_like(train.hcp), train.hcp]
        coef, *_ = np.linalg.lstsq(X, train.tricks[s], rcond=None)
        Xs = np.c_[X, train.shapes]
        coef2, *_ = np.linalg.lstsq(Xs, train.tricks[s], rcond=None)
        preds = {"binky": test.binky[s], "constant": np.full_like(test.hcp, c),
                 "hcp_ls": coef[0] + coef[1] * test.hcp,
                 "hcp_shape_ls": np.c_[np.ones_like(test.hcp), test.hcp, test.shapes] @ coef2}
        res: dict[str, dict[str, float | str]] = {}
        for name, p in preds.items():
            e = p - test.tricks[s]
            res[name] = {"mean": round(float(e.mean()), 4), "sd": round(float(e.std(ddof=1)), 4),
                         "se_sd": round(float(e.std(ddof=1) / np.sqrt(2 * (len(e) - 1))), 4)}
        res["constant"]["value_per_hand"] = round(c / 2, 4)
        res["hcp_ls"]["fit"] = f"{coef[0]:.4f} + {coef[1]:.4f} * HCP(pair)"
        res["hcp_shape_ls"]["fit"] = ("HCP(pair) and one value per pattern, summed over the "
                                      "two hands")
        out["strains"][s] = res
    out["andrews"] = {"suit": {"binky": {"mean": 0.005, "sd": 0.99}, "constant": {"sd": 2.11}},
                      "nt": {"binky": {"mean": 0.001, "sd": 1.26}, "constant": {"sd": 2.78}},
                      "source": "http://bridge.thomasoandrews.com/bridge/valuations/"
                                "binky-evaluated.html"}
    return out


def plot_points(data: Path | str = ddgen.DATA, strain: str = "suit", tables: dict | None = None,
                limits: dict[str, int] | None = None) -> list[tuple[float, float, float, int]]:
    """Predicted (Binky pair sum, binned to 0.5) -> (bin, mean tricks, sd, count)."""
    if tables is None:
        tables = shipped_tables()
    test = pair_data(data, tr.HELDOUT, {s: v[0] for s, v in tables.items()},
                     {s: v[1] for s, v in tables.items()}, limits)
    pred, act = test.binky[strain], test.tricks[strain]
    bins = np.round(pred * 2) / 2
    out = []
    for b in np.unique(bins):
        sel = bins == b
        out.append((float(b), float(act[sel].mean()), float(act[sel].std()), int(sel.sum())))
    return out


def _title_lines(title: str, size: int) -> list[str]:
    """``title`` in at most two lines that fit ``size`` pixels at the plot's 10 px font (a
    character is at most 6 px wide there), words kept whole; a longer title ends in '...'."""
    fit = max(8, (size - 8) // 6)
    lines: list[str] = []
    for word in title.split():
        if lines and len(lines[-1]) + 1 + len(word) <= fit:
            lines[-1] += " " + word
        else:
            lines.append(word)
    if len(lines) > 2:
        lines = [lines[0], lines[1]]
        lines[1] = lines[1][: fit - 3] + "..."
    return [line if len(line) <= fit else line[: fit - 3] + "..." for line in lines]


def plot_svg(points: list[tuple[float, float, float, int]], title: str = "", size: int = 320
             ) -> str:
    """A small self-contained SVG: mean actual tricks (+-1 sd) per predicted bin, and y = x."""
    pad = 36
    lo, hi = 0.0, 13.0

    def X(v):
        return pad + (v - lo) / (hi - lo) * (size - 2 * pad)

    def Y(v):
        return size - pad - (v - lo) / (hi - lo) * (size - 2 * pad)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
             f'viewBox="0 0 {size} {size}" font-family="sans-serif" font-size="10">',
             f'<rect width="{size}" height="{size}" fill="white"/>',
             f'<line x1="{X(lo):.1f}" y1="{Y(lo):.1f}" x2="{X(hi):.1f}" y2="{Y(hi):.1f}" '
             'stroke="#bbb" stroke-dasharray="4 3"/>',
             f'<line x1="{pad}" y1="{size - pad}" x2="{size - pad}" y2="{size - pad}" '
             'stroke="black"/>',
             f'<line x1="{pad}" y1="{pad}" x2="{pad}" y2="{size - pad}" stroke="black"/>']
    for t in range(0, 14, 2):
        parts.append(f'<text x="{X(t):.1f}" y="{size - pad + 14}" text-anchor="middle">{t}</text>')
        parts.append(f'<text x="{pad - 6}" y="{Y(t) + 3:.1f}" text-anchor="end">{t}</text>')
    for b, m, sd, n in points:
        if n < 5 or not lo <= b <= hi:
            continue
        parts.append(f'<line x1="{X(b):.1f}" y1="{Y(max(lo, m - sd)):.1f}" x2="{X(b):.1f}" '
                     f'y2="{Y(min(hi, m + sd)):.1f}" stroke="#69c"/>')
        parts.append(f'<circle cx="{X(b):.1f}" cy="{Y(m):.1f}" r="2.5" fill="#036"/>')
    for i, line in enumerate(_title_lines(title, size)):
        parts.append(f'<text x="{size / 2}" y="{12 + 11 * i}" text-anchor="middle">'
                     f'{escape(line)}</text>')
    parts.append(f'<text x="{size / 2}" y="{size - 6}" text-anchor="middle">'
                 'Binky(N)+Binky(S)</text>')
    parts.append(f'<text x="10" y="{size / 2}" transform="rotate(-90 10 {size / 2})" '
                 'text-anchor="middle">double-dummy tricks</text>')
    parts.append("</svg>")
    return "\n".join(parts)


# ---------------------------------------------------------------------------------------------
# The claims file
# ---------------------------------------------------------------------------------------------


# ---------------------------------------------------------------------------------------------
# Which tricks: the conventions against Andrews' averages
# ---------------------------------------------------------------------------------------------

def convention_means(data: Path | str = ddgen.DATA, limits: dict[str, int] | None = None) -> dict:
    """Mean tricks of a hand's side over every hand of every random deal (training and
    held-out), overall and by the length of a suit, under the candidate conventions: the better
    of the side's two declarers ("best", ours) or the hand itself declaring ("own"); suit = the
    best trump suit. For comparison with andrews-deal lib/ddeval.tcl's offense columns
    (docs/BINKY.md)."""
    rows = []
    for _, r in ddgen.iter_records(Path(data), "random", None, limits):
        hands = ddgen.parse_pbn(r["pbn"])
        dd = r["dd"]
        for seat in range(4):
            who = "NESW"[seat]
            s_best, n_best = tr.side_tricks(dd, who)
            s_own = max(ddgen.dd_get(dd, who, x) for x in "SHDC")
            n_own = ddgen.dd_get(dd, who, "N")
            lens = [sum(1 for c in hands[seat] if c // 13 == k) for k in range(4)]
            rows.append((s_best, n_best, s_own, n_own, *lens))
    a = np.array(rows, float)
    names = ("suit_best", "nt_best", "suit_own", "nt_own")
    deals = len(a) // 4
    # cluster by deal for the standard errors of the overall means
    by_deal = a[:, :4].reshape(deals, 4, 4).mean(axis=1)
    out: dict = {"hands": len(a), "overall": {}}
    for j, nm in enumerate(names):
        out["overall"][nm] = {"mean": round(float(a[:, j].mean()), 4),
                              "se": round(float(by_deal[:, j].std(ddof=1) / np.sqrt(deals)), 4)}
    out["by_length"] = {}
    for L in range(9):
        vals: dict[str, list[float]] = {nm: [] for nm in names}
        for k in range(4):
            sel = a[:, 4 + k] == L
            for j, nm in enumerate(names):
                vals[nm].extend(a[sel, j].tolist())
        if vals["suit_best"]:
            out["by_length"][L] = {nm: round(float(np.mean(v)), 3) for nm, v in vals.items()}
            out["by_length"][L]["n"] = len(vals["suit_best"])
    return out
