"""``openbid score``: the duplicate score of contract results, with the breakdown."""

from __future__ import annotations

import argparse
import json

from openbid.base.errors import OpenbidError, ResultError
from openbid.cli.options import add_file, add_hand_context, add_output
from openbid.bridge.scoring import Result, Score, is_compact_result, parse_result, score

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
        " then the tricks relative to the contract: '4DX +1', '3NT 0', '7NTXX -13', or as on a"
        " traveller '4S=', '4S+1', '3NTX-2'. To turn scores into IMPs or matchpoints, see"
        " 'openbid imps' and 'openbid mp'.",
    )
    p.add_argument("result", nargs="*", metavar="RESULT",
                   help="results, each quoted, as two words or as one: 6CX +1 '3NT 0' 4S= 3NTX-2")
    add_file(p, "result (blank lines and lines starting with '#' skipped)")
    add_hand_context(p, seat=False, vul_default="none",
                     note="; we: the declaring side, we or both score it vulnerable")
    add_output(p, "one object per result")
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


def argument_results(words: list[str]) -> list[tuple[str, str]]:
    """(where, text) of the results given as arguments: an argument with a space is one result
    (``"6CX +1"``), and so is a word that is a whole result (``4S=``, ``3NTX-2``); other single
    words pair up (``6CX +1 3NT 0`` is two results)."""
    out: list[tuple[str, str]] = []
    pending: tuple[int, str] | None = None
    for i, word in enumerate(words, 1):
        if len(word.split()) != 1 or is_compact_result(word):
            if pending:
                out.append((f"argument {pending[0]}", pending[1]))
                pending = None
            out.append((f"argument {i}", word))
        elif pending is None:
            pending = (i, word)
        else:
            out.append((f"arguments {pending[0]}-{i}", f"{pending[1]} {word}"))
            pending = None
    if pending:
        out.append((f"argument {pending[0]}", pending[1]))
    return out


def run(args: argparse.Namespace) -> int:
    """Every result given (the arguments, then the lines of ``--file``), as ``openbid bid`` takes
    hands: a bad one is named with where it is, the others are still scored, and the exit code
    is 2."""
    from itertools import chain

    from openbid.cli.common import BadInputs, inputs

    if args.file is None and not args.result:
        raise OpenbidError("nothing to score: give a RESULT such as '6CX +1', or --file PATH")
    bad = BadInputs("score")
    seen = 0
    for where, given in chain(argument_results(args.result), inputs([], args.file)):
        seen += 1
        try:
            print(_render(given, args.vul in ("we", "both"), args.json))
        except ResultError as exc:
            bad(where, exc)
    if not seen:
        raise OpenbidError(f"no results in {args.file}: nothing to score")
    return bad.close()
