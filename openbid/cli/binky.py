"""``openbid binky``: Binky points from a table of expected tricks (seed 003's method, with the
exact partner matrices of openbid.studies.binky.matrices), and the maintenance of the shipped tables and
claims from the double-dummy data (``tr``, ``checks``): they write only where asked."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from openbid.base.errors import OpenbidError
from openbid.cli.options import add_input, add_output


def register(sub) -> None:
    p = sub.add_parser(
        "binky", help="derive Binky points from a table of double-dummy tricks (seed 003)",
        description="Binky points by the seed's method: the pattern and holding values that "
                    "make each hand's expected tricks (partner random) add up, solved with the "
                    "exact partner matrices. Exit 0, or 2 on a bad or missing file.")
    what = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    d = what.add_parser("derive", help="Binky values of a Tr table (openbid.studies.binky.tr's format)",
                        description="Derive the Binky values (per pattern and per holding, each "
                                    "strain) of TR_FILE, a table of expected tricks in the "
                                    "format of openbid/hands/evaluators/data/tr_table.json; print them as "
                                    "JSON, or write them with --out.")
    add_input(d, "tr_file", "the Tr table (JSON)", metavar="TR_FILE")
    d.add_argument("--out", metavar="FILE", help="write the Binky table here (not stdout)")
    d.add_argument("--force", action="store_true", help="let --out replace an existing file")
    add_output(d, "the Binky table on one line (the text is its indented JSON)")
    d.set_defaults(func=run)
    t = what.add_parser(
        "tr", help="rebuild the trick table and the Binky table from double-dummy deals",
        description="Estimate the expected tricks per pattern and holding from the double-dummy "
                    "deals in --data (by default the repository's data/dd) and derive the Binky "
                    "table from them. Prints the build's summary; writes the two tables only "
                    "with --out DIR or --write (the package's own tables, which openbid reads).")
    t.add_argument("--data", metavar="DIR", help="the shards (default: the repository's data/dd)")
    where = t.add_mutually_exclusive_group()
    where.add_argument("--out", metavar="DIR", help="write tr_table.json and binky_table.json here")
    where.add_argument("--write", action="store_true",
                       help="replace the shipped tables (openbid/hands/evaluators/data)")
    t.add_argument("--force", action="store_true", help="let --out replace existing tables")
    add_output(t, "the build's summary on one line (the text is its indented JSON)")
    t.set_defaults(func=run_tr)
    c = what.add_parser(
        "checks", help="the seed's numbers against the double-dummy deals (JSON verdicts)",
        description="Re-derive the verdicts of seed 003's numbers and the out-of-sample figures "
                    "from --data and print them as JSON. --write replaces the shipped claims "
                    "file (openbid/studies/binky/binky_claims.txt); --svg and --figures write files "
                    "you name.")
    c.add_argument("--data", metavar="DIR", help="the shards (default: the repository's data/dd)")
    c.add_argument("--write", action="store_true",
                   help="replace the shipped claims file (openbid/studies/binky/binky_claims.txt)")
    c.add_argument("--svg", metavar="PREFIX",
                   help="write the predicted-vs-actual plots as PREFIX_suit.svg, PREFIX_nt.svg")
    c.add_argument("--figures", metavar="FILE", help="write every figure of docs/BINKY.md (JSON)")
    c.add_argument("--all-data", action="store_true",
                   help="use every record in --data, not the snapshot the shipped table records")
    c.add_argument("--force", action="store_true", help="let --svg and --figures replace files")
    add_output(c, "the verdicts on one line (the text is their indented JSON)")
    c.set_defaults(func=run_checks)


def run(args) -> int:
    from openbid.studies.binky.derive import binky_json, derive

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
        from openbid.base.files import write_new

        write_new(args.out, text, force=args.force)
        if args.json:
            print(json.dumps({"written": args.out}))
        else:
            print(f"Binky table written to {args.out}")
    else:
        sys.stdout.write(json.dumps(doc) + "\n" if args.json else text)
    return 0


def _why(exc: Exception) -> str:
    if isinstance(exc, KeyError):
        return f"missing entry {exc.args[0]!r}"
    return str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__


def _data(arg: str | None) -> Path:
    from openbid.studies.binky.ddgen import DATA

    data = Path(arg) if arg else DATA
    if not data.is_dir():
        hint = "" if arg else " (an installed package has no data/dd: give --data DIR)"
        raise OpenbidError(f"no double-dummy data folder {data}{hint}")
    return data


def _replace(path: Path, text: str) -> None:
    """A shipped file replaced (--write), in one atomic rename; a failure names the file."""
    from openbid.base.files import write_atomic

    try:
        write_atomic(path, text)
    except OSError as exc:
        raise OpenbidError(f"cannot write {path}: {exc.strerror or exc}") from None


def run_tr(args) -> int:
    from openbid.studies.binky.tables import NAMES, SHIPPED, build
    from openbid.base.files import write_new

    data = _data(args.data)
    dest = SHIPPED if args.write else Path(args.out) if args.out else None
    if dest is not None and args.out:
        if dest.exists() and not dest.is_dir():
            raise OpenbidError(f"--out {dest} is not a folder")
        taken = [n for n in NAMES if (dest / n).exists()]
        if taken and not args.force:
            raise OpenbidError(f"{dest / taken[0]} exists; use --force to replace it")
    meta, texts = build(data)
    print(json.dumps(meta) if args.json else json.dumps(meta, indent=1))
    if dest is None:
        print("nothing written (--out DIR writes the two tables, --write replaces the shipped "
              "ones)", file=sys.stderr)
        return 0
    try:
        dest.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OpenbidError(f"cannot create {dest}: {exc.strerror or exc}") from None
    for name, text in texts.items():
        if args.write:
            _replace(dest / name, text)
        else:
            write_new(dest / name, text, force=args.force)
    print(f"wrote {', '.join(str(dest / n) for n in texts)}", file=sys.stderr)
    return 0


def run_checks(args) -> int:
    from openbid.studies.binky import checks, holdout, tr
    from openbid.base.files import write_new

    data = _data(args.data)
    for name in (args.figures, *((f"{args.svg}_suit.svg", f"{args.svg}_nt.svg")
                                 if args.svg else ())):
        if name and Path(name).exists() and not args.force:
            raise OpenbidError(f"{name} exists; use --force to replace it")
    limits = None if args.all_data else tr.shipped_manifest()
    fitted = checks.fit(data, limits)
    claims = checks.seed_claims(fitted) + checks.seed_consistency()
    oos = holdout.out_of_sample(data, limits=limits)
    if args.figures:
        write_new(args.figures, json.dumps(checks.figures(data, limits), indent=1) + "\n",
                  force=args.force)
    if args.write:
        _replace(checks.CLAIMS_FILE, checks.claims_text(claims, fitted.deals, fitted.kappa))
    if args.svg:
        for strain in ("suit", "nt"):
            svg = holdout.plot_svg(holdout.plot_points(data, strain, limits=limits),
                                   f"held-out, {strain}")
            write_new(f"{args.svg}_{strain}.svg", svg, force=args.force)
    print(json.dumps({"verdicts": {c.id: c.verdict for c in claims},
                      "summary": checks.claims_summary(claims), "out_of_sample": oos},
                     indent=None if args.json else 1))
    return 0
