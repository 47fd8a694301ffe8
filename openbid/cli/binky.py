"""``openbid binky``: Binky points from a table of expected tricks (seed 003's method, with the
exact partner matrices of openbid.binky.matrices)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from openbid.model.errors import OpenbidError


def register(sub) -> None:
    p = sub.add_parser(
        "binky", help="derive Binky points from a table of double-dummy tricks (seed 003)",
        description="Binky points by the seed's method: the pattern and holding values that "
                    "make each hand's expected tricks (partner random) add up, solved with the "
                    "exact partner matrices. Exit 0, or 2 on a bad or missing file.")
    what = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    d = what.add_parser("derive", help="Binky values of a Tr table (openbid.binky.tr's format)",
                        description="Derive the Binky values (per pattern and per holding, each "
                                    "strain) of TR_FILE, a table of expected tricks in the "
                                    "format of openbid/binky/data/tr_table.json; print them as "
                                    "JSON, or write them with --out.")
    d.add_argument("tr_file", metavar="TR_FILE")
    d.add_argument("--out", metavar="FILE", help="write the Binky table here (not stdout)")
    d.add_argument("--force", action="store_true", help="let --out replace an existing file")
    p.set_defaults(func=run)


def run(args) -> int:
    from openbid.binky.derive import binky_json, derive

    path = Path(args.tr_file)
    if path.is_dir():
        raise OpenbidError(f"{path} is a directory, not a Tr table file")
    if not path.exists():
        raise OpenbidError(f"no Tr table file {path}")
    if args.out and Path(args.out).exists() and not args.force:
        raise OpenbidError(f"{args.out} exists; use --force to replace it")
    try:
        derived = derive(path)
    except OSError as exc:
        raise OpenbidError(f"cannot read {path}: {exc.strerror or exc}") from None
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise OpenbidError(f"{path} is not a Tr table file ({_why(exc)})") from None
    doc = binky_json(derived, {"derived_from": str(path),
                               "method": "numpy.linalg.solve (float64), canonical gauge",
                               "se": "treating the Tr entries as independent"})
    text = json.dumps(doc, indent=1) + "\n"
    if args.out:
        from openbid.model.files import write_new

        write_new(args.out, text, force=args.force)
        print(f"Binky table written to {args.out}")
    else:
        sys.stdout.write(text)
    return 0


def _why(exc: Exception) -> str:
    if isinstance(exc, KeyError):
        return f"missing entry {exc.args[0]!r}"
    return str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__
