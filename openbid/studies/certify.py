"""Write the certificate of the seed lines the claim files quote: ``openbid/studies/seed_lines.json``.

    python -m openbid.studies.certify            check every quote, and compare with the
                                                certificate on disk (writes nothing)
    python -m openbid.studies.certify --write    check every quote, then write the certificate

Every quote (:func:`openbid.studies.quotes.collect`) is checked verbatim against the seed
documents (the folder ``$OPENBID_SEEDS`` names, else one found beside the checkout); if one is
not verbatim, or a seed is missing, nothing is written and the exit status is 1. The certificate
holds, for every cited line, the sha256 of its text, and for every claim the digest of its quotes
with those hashes: the tests check the quotes against it where the seeds are absent (CI).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from openbid.base.files import write_atomic
from openbid.studies import quotes as Q


def _shown(path: Path) -> str:
    return str(path.relative_to(Q.REPO)) if path.is_relative_to(Q.REPO) else str(path)


def render(certificate: dict) -> str:
    return json.dumps(certificate, ensure_ascii=False, indent=1) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m openbid.studies.certify",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="do not write; exit 1 if the certificate on disk is not current "
                             "(the default)")
    parser.add_argument("--write", action="store_true",
                        help=f"write the certificate ({_shown(Q.CERTIFICATE)})")
    args = parser.parse_args(argv)
    if args.check and args.write:
        parser.error("--check and --write exclude each other")
    out, err = sys.stdout, sys.stderr

    directory = Q.seeds_dir()
    if directory is None:
        err.write(f"certify: the seed documents were not found (set ${Q.SEEDS_ENV} to their "
                  "folder); nothing written\n")
        return 1
    quotes = Q.collect()
    seeds: dict[str, list[str]] = {}
    for q in quotes:
        if q.seed not in seeds:
            lines = Q.seed_lines(q.seed, directory)
            if lines is None:
                err.write(f"certify: seed {q.seed} not in {directory}; nothing written\n")
                return 1
            seeds[q.seed] = lines
    bad = [q for q in quotes if not Q.is_verbatim(q, seeds[q.seed])]
    for q in bad:
        err.write(f"not verbatim: {q.claim} {q.what} ({q.rule}, {q.seed} lines "
                  f"{list(q.lines)}): {q.text!r}\n")
    if bad:
        err.write(f"certify: {len(bad)} of {len(quotes)} quotes are not verbatim; nothing written\n")
        return 1
    certificate = Q.build_certificate(quotes, seeds)
    text = render(certificate)
    where = _shown(Q.CERTIFICATE)
    summary = (f"{len(quotes)} quotes of {len(certificate['claims'])} claims, "
               + ", ".join(f"{len(v)} lines of {k}" for k, v in certificate["seeds"].items()))
    if not args.write:
        current = Q.load_certificate()
        if current is None or render(current) != text:
            err.write(f"certify: {where} is not current ({summary}); run with --write\n")
            return 1
        out.write(f"{where} is current: {summary}\n")
        return 0
    write_atomic(Q.CERTIFICATE, text)  # whole or not at all
    out.write(f"every quote is verbatim; wrote {where}: {summary}\n")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
