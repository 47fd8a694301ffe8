"""Every quote of the seed texts the project makes, and the check that each is verbatim.

The claim files quote three seed documents (which are not in the repository): 000 (K&R points), 002 (the point scales) and 004 (the paper, Parts One and Two and
Appendix 6). :func:`collect` lists every quote as a :class:`Quote` (the claim it belongs to, the
seed, the cited lines, the text and the rule that makes it verbatim); :func:`audit` checks them:

* **with the seeds** (found by :func:`seeds_dir`): every quote is verbatim in its cited lines, every
  cited line's hash in the certificate is the hash of the seed's line, and the certificate's digest
  of every claim is current;
* **without the seeds**: every cited line has a hash in the certificate, and every claim's digest
  (of its quotes' text, rule and cited lines' hashes) is the one recorded, so that a quote edited
  since the certificate was written fails although the seed is not there to read.

The certificate ``openbid/studies/seed_lines.json`` is written by ``python -m
openbid.studies.certify --write``, which refuses to write unless every quote is verbatim in the seeds.

Rules (a seed line is read with its trailing blanks dropped, the text its hash certifies):

``pieces``  the quote's ``"\\n"``-separated pieces are each a substring of one cited line (Part One)
``joined``  the quote, runs of white space read as one space, is a substring of the cited lines
            stripped (an OCR list bullet ``- `` at a line's start dropped) and joined by single
            spaces (Part Two, K&R, the scales)
``line``    the quote is the whole of its one cited line (Appendix 6 rows, the scales' tables)
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Literal

STUDIES = Path(__file__).resolve().parent
REPO = STUDIES.parents[1]
CERTIFICATE = STUDIES / "seed_lines.json"
SEEDS_ENV = "OPENBID_SEEDS"

SEED_000 = "000_4163a6d1d5a1b826.txt"
SEED_002 = "002_1b25d8d92a52997f.txt"
SEED_003 = "003_4d02b869604f8bf4.txt"
SEED_004 = "004_dd505d9068ba6092.txt"

RULES = ("pieces", "joined", "line")


@dataclass(frozen=True)
class Quote:
    claim: str
    """The claim the quote belongs to (its digest is recorded per claim): the data file relative
    to ``openbid/``, the block kind and the block name."""
    what: str
    """Which quote of the claim: ``quote``, ``therefore 2``, ``example 1``, ``concession 1``, ..."""
    seed: str
    lines: tuple[int, ...]
    text: str
    rule: str


# ---------------------------------------------------------------------------------------------
# Finding the seeds


def seeds_dir() -> Path | None:
    """``$OPENBID_SEEDS`` if set (when it is not a directory: no seeds, which forces the
    certificate); else the first ``shared/seeds/`` found walking up from the repository root
    (``../shared/seeds/`` beside the checkout)."""
    env = os.environ.get(SEEDS_ENV)
    if env:
        return Path(env) if Path(env).is_dir() else None
    for base in (REPO, *REPO.parents):
        candidate = base / "shared" / "seeds"
        if candidate.is_dir():
            return candidate
    return None


def seed_lines(name: str, directory: Path | None = None) -> list[str] | None:
    """The seed's lines (1-based: ``[n - 1]``), trailing blanks dropped; None when not found."""
    directory = directory if directory is not None else seeds_dir()
    if directory is None or not (directory / name).is_file():
        return None
    return [ln.rstrip() for ln in (directory / name).read_text(encoding="utf-8").split("\n")]


def line_hash(text: str) -> str:
    """sha256 of a seed line, trailing blanks dropped, UTF-8."""
    return hashlib.sha256(text.rstrip().encode("utf-8")).hexdigest()


# ---------------------------------------------------------------------------------------------
# Verbatim


def _collapse(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def joined_text(lines: Iterable[int], seed: list[str]) -> str:
    """The cited lines stripped, a leading ``- `` bullet dropped, joined by single spaces."""
    parts = [re.sub(r"^-\s+", "", seed[n - 1].strip()) for n in lines]
    return _collapse(" ".join(p for p in parts if p))


def is_verbatim(q: Quote, seed: list[str]) -> bool:
    if not q.lines or any(not 1 <= n <= len(seed) for n in q.lines):
        return False
    cited = [seed[n - 1] for n in q.lines]
    if q.rule == "pieces":
        return all(piece and any(piece in ln for ln in cited) for piece in q.text.split("\n"))
    if q.rule == "joined":
        return bool(q.text.strip()) and _collapse(q.text) in joined_text(q.lines, seed)
    if q.rule == "line":
        return len(cited) == 1 and cited[0] == q.text
    raise ValueError(f"unknown rule {q.rule!r}")


# ---------------------------------------------------------------------------------------------
# The quotes of each data file


def _part_one() -> Iterator[Quote]:
    from openbid.studies.paper import part_one_data as D

    by_id = {e.id: e for e in D.PART_ONE}
    for e in D.PART_ONE:
        claim = f"proofs/part_one/table.txt entry {e.id}"
        yield Quote(claim, "quote", SEED_004, e.source_lines, e.reason, "pieces")
        # a conceded hand is printed in the reason, or in the one it defers to ("as in 10, 1")
        seen = by_id[e.see].source_lines if e.see in by_id else ()
        for i, hand in enumerate(e.concessions, 1):
            where = e.source_lines + tuple(n for n in seen if n not in e.source_lines)
            yield Quote(claim, f"concession {i}", SEED_004, where, hand, "pieces")
    for w in D.WITHIN_SECTION:
        claim = f"proofs/part_one/within.txt {w.kind} {w.id}"
        yield Quote(claim, "quote", SEED_004, w.source_lines, w.quote, "pieces")
    for lem in D.LEMMAS:
        claim = f"proofs/part_one/lemmas.txt lemma {lem.id}"
        yield Quote(claim, "quote", SEED_004, lem.source_lines, lem.quote, "pieces")
    for key in D.APPENDIX6:
        claim = f"proofs/part_one/appendix6.txt row {key}"
        line = (D.APPENDIX6_LINES[key],)
        yield Quote(claim, "row", SEED_004, line, D.appendix6_row(key), "line")
    yield Quote("proofs/part_one/appendix6.txt footnote", "quote", SEED_004,
                (D.APPENDIX6_FOOTNOTE_LINE,), D.APPENDIX6_FOOTNOTE, "line")


def _part_two() -> Iterator[Quote]:
    from openbid.studies.paper.part_two.tree import iter_nodes, load_subparts

    for node in iter_nodes():
        claim = f"proofs/part_two/p{node.proposition:02d}.txt node {node.path}"
        items = [("quote", node.quote, node.lines)]
        items += [(f"therefore {i}", t.quote, t.lines) for i, t in enumerate(node.therefore, 1)]
        if node.outcome is not None and not node.outcome.supplied:
            items.append((node.outcome.kind, node.outcome.quote, node.outcome.lines))
        items += [(f"example {i}", e.quote, e.lines) for i, e in enumerate(node.examples, 1)]
        if node.reference is not None:
            items.append(("expand", node.reference.quote, node.reference.lines))
        for what, text, lines in items:
            yield Quote(claim, what, SEED_004, lines, text, "joined")
    subparts, remarks = load_subparts()
    for s in subparts:
        yield Quote(f"proofs/part_two/subparts.txt subpart {s.letter}", "quote", SEED_004,
                    s.lines, s.quote, "joined")
    for i, r in enumerate(remarks, 1):
        yield Quote(f"proofs/part_two/subparts.txt remark {i}", "quote", SEED_004, r.lines,
                    r.quote, "joined")


def _knr() -> Iterator[Quote]:
    from openbid.studies.evaluators.knr_claims import load_claims

    for c in load_claims():
        yield Quote(f"proofs/knr_claims.txt claim {c.id}", "quote", SEED_000, c.lines, c.quote,
                    "joined")


def _scales() -> Iterator[Quote]:
    from openbid.studies.evaluators.scales_claims import load_claims

    for c in load_claims():
        yield Quote(f"proofs/scales_claims.txt claim {c.id}", "quote", SEED_002, c.lines, c.quote,
                    "joined")


def _scales_printed() -> Iterator[Quote]:
    from openbid.hands.evaluators.scales import PRINTED_LINES

    for line, text in PRINTED_LINES.items():
        yield Quote(f"model/evaluators/scales.py PRINTED_LINES {line}", "line", SEED_002,
                    (line,), text, "line")


def _binky() -> Iterator[Quote]:
    from openbid.studies.binky.claims_file import load_claims

    for c in load_claims():
        for k, (lines, text) in enumerate(c.quoted(), 1):
            yield Quote(f"proofs/binky_claims.txt claim {c.id}", f"quote {k}", SEED_003, lines,
                        text, "joined")


SOURCES: dict[str, Callable[[], Iterator[Quote]]] = {
    "part_one": _part_one,
    "part_two": _part_two,
    "knr": _knr,
    "scales": _scales,
    "scales_printed": _scales_printed,
    "binky": _binky,
}
"""Every data file that quotes a seed, by name. A new claim file adds its reader here."""


def collect(sources: Iterable[str] | None = None) -> list[Quote]:
    """The quotes of the named sources (default: all), in file order."""
    names = list(SOURCES) if sources is None else list(sources)
    return [q for name in names for q in SOURCES[name]()]


# ---------------------------------------------------------------------------------------------
# The certificate


def claim_digest(quotes: Iterable[Quote], hashes: dict[str, dict[str, str]]) -> str | None:
    """sha256 of a claim's quotes (what, rule, seed, text) with the hashes of their cited lines;
    None when a cited line has no hash."""
    payload = []
    for q in quotes:
        cited = []
        for n in q.lines:
            h = hashes.get(q.seed, {}).get(str(n))
            if h is None:
                return None
            cited.append([n, h])
        payload.append([q.what, q.rule, q.seed, q.text, cited])
    text = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def by_claim(quotes: Iterable[Quote]) -> dict[str, list[Quote]]:
    out: dict[str, list[Quote]] = {}
    for q in quotes:
        out.setdefault(q.claim, []).append(q)
    return out


def build_certificate(quotes: list[Quote], seeds: dict[str, list[str]]) -> dict:
    """The certificate of ``quotes`` from the seeds' lines (every seed cited must be given)."""
    hashes: dict[str, dict[str, str]] = {}
    for q in quotes:
        for n in q.lines:
            hashes.setdefault(q.seed, {})[str(n)] = line_hash(seeds[q.seed][n - 1])
    hashes = {s: dict(sorted(h.items(), key=lambda kv: int(kv[0]))) for s, h in sorted(hashes.items())}
    claims = {}
    for claim, qs in by_claim(quotes).items():
        digest = claim_digest(qs, hashes)
        assert digest is not None
        claims[claim] = digest
    return {
        "about": "Written by `python -m openbid.studies.certify --write` (openbid/studies/quotes.py): "
        "seeds: seed file -> line -> sha256 of the line (trailing blanks dropped, UTF-8) for every "
        "line a quote cites; claims: claim -> sha256 of its quotes and their lines' hashes. "
        "The tests check the quotes against it where the seed documents are absent.",
        "seeds": hashes,
        "claims": dict(sorted(claims.items())),
    }


@lru_cache(maxsize=4)
def _read_certificate(path: Path, mtime: float) -> dict | None:
    return json.loads(path.read_text(encoding="utf-8"))


def load_certificate(path: Path | None = None) -> dict | None:
    path = CERTIFICATE if path is None else path
    if not path.is_file():
        return None
    return _read_certificate(path, path.stat().st_mtime)


# ---------------------------------------------------------------------------------------------
# The audit


@dataclass
class Audit:
    problems: list[str]
    seeds_read: dict[str, bool]
    """Each seed cited: True when read (the quotes were checked verbatim), False when only the
    certificate was."""
    quotes: int
    claims: int

    @property
    def ok(self) -> bool:
        return not self.problems

    def report(self, limit: int = 40) -> str:
        mode = ", ".join(f"{s}: {'seed' if r else 'certificate'}" for s, r in self.seeds_read.items())
        head = f"{self.quotes} quotes of {self.claims} claims ({mode})"
        shown = self.problems[:limit]
        more = len(self.problems) - len(shown)
        tail = [f"... and {more} more"] if more > 0 else []
        return "\n".join([head, *shown, *tail])


FIX = "run `python -m openbid.studies.certify --write` where the seed documents are ($OPENBID_SEEDS)"


def audit(
    sources: Iterable[str] | None = None,
    *,
    seeds: Path | None | Literal[True] = True,
    certificate: dict | None | Literal[True] = True,
    complete: bool = False,
) -> Audit:
    """Check the quotes of ``sources`` (default: all). ``seeds``: the seeds directory (True: find
    it; None: none, which checks against the certificate alone); ``certificate``: the certificate
    (True: read ``seed_lines.json``); ``complete``: also report certificate entries no quote needs
    (only meaningful for all sources)."""
    quotes = collect(sources)
    directory = seeds_dir() if seeds is True else seeds
    cert = load_certificate() if certificate is True else certificate
    problems: list[str] = []
    if cert is None:
        problems.append(f"no certificate {CERTIFICATE.name}: {FIX}")
        cert = {"seeds": {}, "claims": {}}
    hashes: dict[str, dict[str, str]] = cert.get("seeds", {})
    recorded: dict[str, str] = cert.get("claims", {})

    read: dict[str, list[str] | None] = {}
    for q in quotes:
        if q.seed not in read:
            read[q.seed] = seed_lines(q.seed, directory) if directory is not None else None

    missing_lines: set[tuple[str, int]] = set()
    for q in quotes:
        if q.rule not in RULES:
            problems.append(f"{q.claim} {q.what}: unknown rule {q.rule!r}")
            continue
        seed = read[q.seed]
        if seed is not None and not is_verbatim(q, seed):
            problems.append(
                f"{q.claim} {q.what}: not verbatim in {q.seed} lines {list(q.lines)}: {q.text!r}"
            )
        for n in q.lines:
            have = hashes.get(q.seed, {}).get(str(n))
            if have is None:
                missing_lines.add((q.seed, n))
            elif seed is not None and 1 <= n <= len(seed) and have != line_hash(seed[n - 1]):
                problems.append(f"certificate: {q.seed} line {n} is not the seed's line ({FIX})")
    for s, n in sorted(missing_lines):
        problems.append(f"certificate: no hash of {s} line {n} ({FIX})")

    claims = by_claim(quotes)
    for claim, qs in claims.items():
        want = recorded.get(claim)
        got = claim_digest(qs, hashes)
        if want is None:
            problems.append(f"certificate: no digest of {claim} ({FIX})")
        elif got is not None and got != want:
            problems.append(
                f"{claim}: its quotes or cited lines differ from the certified ones ({FIX})"
            )
    if complete:
        for claim in sorted(set(recorded) - set(claims)):
            problems.append(f"certificate: stale claim {claim} ({FIX})")
        cited = {(q.seed, str(n)) for q in quotes for n in q.lines}
        for s, table in hashes.items():
            for line in table:
                if (s, line) not in cited:
                    problems.append(f"certificate: stale line {s} {line} ({FIX})")
    problems = list(dict.fromkeys(problems))
    return Audit(problems, {s: v is not None for s, v in read.items()}, len(quotes), len(claims))


def assert_quotes(sources: Iterable[str] | None = None, **kwargs) -> Audit:
    """:func:`audit`, raising AssertionError with the report when a problem is found (for tests)."""
    result = audit(sources, **kwargs)
    if not result.ok:
        raise AssertionError(result.report())
    return result
