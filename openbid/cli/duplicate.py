"""``openbid imps`` and ``openbid mp``: differences of points as IMPs (the WBF scale), and a
board's scores as matchpoints."""

from __future__ import annotations

import argparse

from openbid.cli.common import emit_json
from openbid.base.errors import OpenbidError
from openbid.cli.options import add_output


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "imps", help="turn differences of points into IMPs (WBF scale)",
        description="The IMPs each difference of points is worth, on the WBF scale: 0-10 points"
        " are 0 IMP, 20-40 are 1, 50-80 are 2, ... 3,500-3,990 are 23, 4,000 or more 24. A"
        " difference is signed: -620 is -12 IMPs. Give two scores as A-B to have the difference"
        " taken: '620-170' is 450 points, 10 IMPs. --table prints the whole scale.")
    p.add_argument("diff", nargs="*", metavar="DIFF",
                   help="differences of points (-620, 450), or two scores as A-B (620-170,"
                   " 100--620)")
    p.add_argument("--table", action="store_true", help="print the IMP scale")
    add_output(p, "one object per difference (with --table: the scale)")
    p.set_defaults(func=run_imps)

    m = sub.add_parser(
        "mp", help="score a board's results in matchpoints",
        description="Matchpoints of North-South scores on one board: each score gets one point"
        " for every score it beats and half a point for every score it ties, out of a top of"
        " the number of other scores; the percentage is points over top. Without --field the"
        " SCOREs are the whole traveller, each scored against the others; with --field each"
        " SCORE is scored against the field alone. For East-West, negate the scores.",
        epilog="example: openbid mp 420 450 -50 420   or   openbid mp 420 --field 450,-50,420")
    m.add_argument("scores", nargs="+", metavar="SCORE", help="North-South scores (-50, 420)")
    m.add_argument("--field", metavar="SCORES",
                   help="the other tables' North-South scores, comma-separated")
    add_output(m, "one object per score")
    m.set_defaults(func=run_mp)


def _points(text: str, what: str) -> int:
    body = text.strip()
    sign = -1 if body.startswith("-") else 1
    digits = body[1:] if body[:1] in "+-" else body
    if not digits.isascii() or not digits.isdigit() or len(digits) > 6:
        raise OpenbidError(f"{what} {text!r} is not a whole number of points (e.g. -620, 450)")
    return sign * int(digits)


def _difference(text: str) -> tuple[int, str | None]:
    """A difference (``-620``), or two scores ``A-B`` (``620-170``, ``100--620``)."""
    body = text.strip()
    cut = body.find("-", 1)
    if cut > 0:
        a, b = _points(body[:cut], "score"), _points(body[cut + 1:], "score")
        return a - b, f"{a} - {b}"
    return _points(body, "difference"), None


def run_imps(args: argparse.Namespace) -> int:
    from openbid.bridge.duplicate import MAX_IMPS, imp_range, imps

    if args.table:
        for value in range(MAX_IMPS + 1):
            low, high = imp_range(value)
            span = f"{low:,}-{high:,}" if high is not None else f"{low:,} or more"
            print(f"{span:>14} points  {value:>2} IMPs")
        if not args.diff:
            return 0
    if not args.diff:
        raise OpenbidError("nothing to convert: give a DIFF such as -620 or 620-170, or --table")
    for text in args.diff:
        diff, how = _difference(text)
        value = imps(diff)
        if args.json:
            emit_json({"difference": diff, "imps": value, **({"scores": how} if how else {})})
        else:
            shown = f"{how} = {diff}" if how else f"{diff}"
            print(f"{shown}: {value:+d} IMPs" if value else f"{shown}: 0 IMPs")
    return 0


def run_mp(args: argparse.Namespace) -> int:
    from openbid.bridge.duplicate import matchpoints, traveller

    scores = [_points(s, "score") for s in args.scores]
    if args.field is not None:
        field = [_points(s, "score") for s in args.field.split(",") if s.strip()]
        if not field:
            raise OpenbidError("--field holds no scores: give the other tables' scores, "
                               "comma-separated (e.g. --field 450,-50,420)")
        results = [matchpoints(s, field) for s in scores]
    else:
        if len(scores) < 2:
            raise OpenbidError("one score alone has no matchpoints: give the whole traveller "
                               "(two or more scores) or --field")
        results = traveller(scores)
    for r in results:
        if args.json:
            emit_json({"score": r.score, "matchpoints": r.points, "top": r.top,
                       "percent": round(r.percent, 2)})
        else:
            print(f"{r.score:>6}: {r.points:g} of {r.top} matchpoints ({r.percent:.1f}%)")
    return 0
