"""``openbid score``: the duplicate score of contract results, with the breakdown."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from openbid.model.errors import OpenbidError, ResultError
from openbid.model.scoring import Result, Score, parse_result, score

LABELS = {
    "contract_points": "contract points",
    "overtricks": "overtricks",
    "slam_bonus": "slam bonus",
    "insult": "insult",
    "game_bonus": "game bonus",
    "part_score_bonus": "part-score bonus",
    "penalty": "penalty",
}


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "score",
        help="score a duplicate bridge result, e.g. '6CX +1'",
        description="Score a contract result by the Laws of Duplicate Bridge (Law 77), from the"
        " declaring side. A result is a level 1-7, a strain (C D H S NT), an optional X or XX,"
        " then the tricks relative to the contract: '4DX +1', '3NT 0', '7NTXX -13'.",
    )
    p.add_argument("result", nargs="*", metavar="RESULT",
                   help="the result (quoted, or as two words: 6CX +1)")
    p.add_argument("--file", metavar="PATH",
                   help="score one result per line of PATH ('-' for stdin); blank lines and"
                   " lines starting with '#' are skipped")
    p.add_argument("--vul", action="store_true", help="the declaring side is vulnerable")
    p.add_argument("--json", action="store_true", help="print one JSON object per result")
    p.set_defaults(func=run)


def render_text(result: Result, vulnerable: bool, points: Score) -> str:
    header = f"{result} {'vul' if vulnerable else 'non-vul'}: {points.total}"
    lines = [f"  {LABELS[name] + ':':<18}{value:>6}"
             for name, value in points.breakdown() if value]
    return "\n".join([header, *lines])


def render_json(given: str, result: Result, vulnerable: bool, points: Score) -> str:
    return json.dumps({
        "result": given,
        "normalized": str(result),
        "vulnerable": vulnerable,
        "score": points.total,
        "breakdown": dict(points.breakdown()),
    })


def _render(given: str, vulnerable: bool, as_json: bool) -> str:
    result = parse_result(given)
    points = score(result, vulnerable)
    if as_json:
        return render_json(given, result, vulnerable, points)
    return render_text(result, vulnerable, points)


def _score_lines(stream: TextIO, vulnerable: bool, as_json: bool) -> int:
    failed = False
    for number, line in enumerate(stream, start=1):
        given = line.strip()
        if not given or given.startswith("#"):
            continue
        try:
            print(_render(given, vulnerable, as_json))
        except ResultError as exc:
            print(f"line {number}: {exc}", file=sys.stderr)
            failed = True
    return 2 if failed else 0


def run(args: argparse.Namespace) -> int:
    if args.file is not None and args.result:
        raise OpenbidError("give either RESULT or --file, not both")
    if args.file is None:
        if not args.result:
            raise OpenbidError("nothing to score: give a RESULT such as '6CX +1', or --file PATH")
        print(_render(" ".join(args.result), args.vul, args.json))
        return 0
    try:
        if args.file == "-":
            return _score_lines(sys.stdin, args.vul, args.json)
        with open(args.file, encoding="utf-8") as stream:
            return _score_lines(stream, args.vul, args.json)
    except OSError as exc:
        raise OpenbidError(f"cannot read {args.file}: {exc.strerror}") from exc
    except UnicodeDecodeError as exc:
        raise OpenbidError(f"cannot read {args.file}: not UTF-8 text ({exc.reason})") from exc
