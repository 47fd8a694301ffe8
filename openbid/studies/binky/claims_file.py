"""The Binky claims file (openbid/studies/binky/binky_claims.txt), read by the one block reader of
openbid.systems.blocks. The file is written by ``openbid binky checks --write`` from
our double-dummy data; each claim carries the seed's words, what was computed, and the verdict
(AGREES, DISAGREES, SEED_INCONSISTENT: the seed's own numbers cannot all hold, or UNKNOWN)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from openbid.systems.blocks import read_blocks

CLAIMS_FILE = Path(__file__).resolve().parent / "binky_claims.txt"
FIELDS = ("lines", "quote", "check", "ours", "tolerance", "verdict", "note")


@dataclass(frozen=True)
class BinkyClaim:
    id: str
    lines: tuple[int, ...]
    quotes: tuple[str, ...]  # one, of all the lines joined; or one per cited line
    check: str
    ours: str
    tolerance: str
    verdict: str
    notes: tuple[str, ...]

    def quoted(self) -> list[tuple[tuple[int, ...], str]]:
        """(the lines, the quote) pairs: a claim with one quote per cited line quotes each."""
        if len(self.quotes) > 1 and len(self.quotes) == len(self.lines):
            return [((n,), q) for n, q in zip(self.lines, self.quotes)]
        return [(self.lines, q) for q in self.quotes]


def load_claims(path: Path | str = CLAIMS_FILE) -> list[BinkyClaim]:
    out = []
    for b in read_blocks(path, kinds=("claim",), named=True, unique=True):
        b.check_keys(FIELDS, repeatable=("quote", "note"), required=("lines", "quote", "check",
                                                                        "verdict"))
        out.append(BinkyClaim(b.name, b.lines(), tuple(b.values("quote")), b.one("check"),
                              b.get("ours", "") or "", b.get("tolerance", "") or "",
                              b.one("verdict"), tuple(b.values("note"))))
    return out
