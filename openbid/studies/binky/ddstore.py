"""Binky's double-dummy data into the shared store (:mod:`openbid.dd.store`): every deal of the
shards of ``data/dd`` (random, pattern and paired, the paired variants too) with its twenty
results, so that ``openbid compare`` and ``openbid dd`` never solve one of them again. The shards
are read, never written."""

from __future__ import annotations

import gzip
import json
import zlib
from pathlib import Path
from typing import Iterator

from openbid.bridge.deals import canonical
from openbid.studies.binky import ddgen
from openbid.dd.solve import Pair
from openbid.dd.store import Store
from openbid.base.errors import OpenbidError, shown


MAX_LINE = 1 << 16  # characters of a record line (a record is about 100)
HEX = "0123456789abcdef"


def table_of(dd: str) -> dict[Pair, int]:
    """A shard's 20 hex digits (declarer-major N E S W; strains S H D C N) as pairs."""
    strains = {"S": "S", "H": "H", "D": "D", "C": "C", "N": "NT"}
    return {(d, strains[s]): ddgen.dd_get(dd, d, s) for d in ddgen.DECLARERS for s in ddgen.STRAINS}


def shard_records(path: Path) -> Iterator[tuple[int, dict]]:
    """(line number, record) of every record of a shard, each checked: an object whose ``pbn``
    is a deal, whose ``dd`` (and, with a ``swap``, ``dd2``) is 20 results of 0 to 13 tricks.
    Anything else is an :class:`OpenbidError` naming the shard, the line and what is wrong."""
    try:
        fh = gzip.open(path, "rt", encoding="utf-8", newline="\n")
    except OSError as exc:
        raise OpenbidError(f"--import {path}: cannot read it ({exc.strerror or exc})") from None
    no = 0
    try:
        with fh:
            while True:
                line = fh.readline(MAX_LINE + 1)
                if not line:
                    return
                no += 1
                if len(line) > MAX_LINE:
                    raise _bad(path, no, f"a line of more than {MAX_LINE:,} characters: not a "
                               "record")
                if not line.strip():
                    continue
                try:
                    rec = json.loads(line)
                except ValueError as exc:
                    raise _bad(path, no, f"not a JSON record ({exc.args[0].split(':')[0]})") \
                        from None
                yield no, check_record(rec, path, no)
    except (gzip.BadGzipFile, EOFError, zlib.error) as exc:
        raise OpenbidError(f"--import {path}: not a whole gzip file "
                           f"({str(exc) or type(exc).__name__}), at line {no + 1}") from None
    except UnicodeDecodeError:
        raise _bad(path, no + 1, "not UTF-8 text") from None
    except OSError as exc:
        raise OpenbidError(f"--import {path}: cannot read it ({exc.strerror or exc}), at line "
                           f"{no + 1}") from None


def _bad(path: Path, no: int, problem: str) -> OpenbidError:
    return OpenbidError(f"--import {path}:{no}: {problem}")


def _kind(value: object) -> str:
    return {list: "a list", type(None): "null", bool: "true or false", int: "a number",
            float: "a number", str: "a string", dict: "an object"}.get(type(value), "a value")


def check_record(rec: object, path: Path, no: int) -> dict:
    """``rec`` if it is a Binky record (see :mod:`openbid.studies.binky.ddgen`), else an
    :class:`OpenbidError` naming the shard, the line and the field."""
    if not isinstance(rec, dict):
        raise _bad(path, no, f"the record is {_kind(rec)}, not an object with pbn and dd")
    for name in ("pbn", "dd"):
        if name not in rec:
            raise _bad(path, no, f"the record has no {name!r}")
    if not isinstance(rec["pbn"], str):
        raise _bad(path, no, f"'pbn' is {_kind(rec['pbn'])}, not a deal")
    canonical(rec["pbn"], f"--import {path}:{no}: 'pbn'")
    _check_table(rec["dd"], "dd", path, no)
    swap = rec.get("swap")
    if swap is not None:
        if not (isinstance(swap, list) and len(swap) == 2 and all(
                isinstance(c, str) and len(c) == 2 and c[0] in ddgen.SUITS
                and c[1] in ddgen.RANKS for c in swap)):
            raise _bad(path, no, f"'swap' is {shown(json.dumps(swap))}, not two cards such as "
                       '["S5", "SA"]')
        hands = ddgen.parse_pbn(canonical(rec["pbn"]))
        spot, honour = (ddgen.code_card(c) for c in swap)
        if spot not in hands[2] or honour in hands[2] or spot // 13 != honour // 13:
            raise _bad(path, no, f"'swap' {swap[0]} {swap[1]} does not exchange a card of "
                       "South with one of another hand in the same suit")
        if "dd2" in rec:
            _check_table(rec["dd2"], "dd2", path, no)
    return rec


def _check_table(dd: object, name: str, path: Path, no: int) -> None:
    if not isinstance(dd, str):
        raise _bad(path, no, f"{name!r} is {_kind(dd)}, not 20 hex digits")
    dd = dd.lower()
    if len(dd) != 20 or any(c not in HEX for c in dd):
        raise _bad(path, no, f"{name!r} is {shown(dd)}, not 20 hex digits (tricks by declarer "
                   "N E S W and strain S H D C NT)")
    high = max(dd, key=HEX.index)
    if HEX.index(high) > 13:
        k = dd.index(high)
        strain = ("S", "H", "D", "C", "NT")[k % 5]
        raise _bad(path, no, f"{name!r} gives {HEX.index(high)} tricks (digit {high!r}) to "
                   f"declarer {ddgen.DECLARERS[k // 5]} in {strain}: at most 13")


def shard_deals(path: Path) -> list[tuple[str, dict[Pair, int]]]:
    """(deal key, table) of every deal of one shard; a paired record adds its variant."""
    out = []
    for _, rec in shard_records(path):
        hands = ddgen.parse_pbn(canonical(rec["pbn"]))
        out.append((ddgen.pbn(hands), table_of(rec["dd"])))
        if rec.get("swap") and rec.get("dd2"):
            swap = (ddgen.code_card(rec["swap"][0]), ddgen.code_card(rec["swap"][1]))
            out.append((ddgen.pbn(ddgen.apply_swap(hands, swap)), table_of(rec["dd2"])))
    return out


def import_shards(data: Path, store: Store) -> list[tuple[str, int]]:
    """Add every shard of ``data`` to ``store`` (one transaction per shard; a deal already
    stored keeps its results). Returns (shard name, deals read) per shard. A bad record is an
    :class:`OpenbidError` naming its shard and line; the shards before it stay stored."""
    data = Path(data)
    if not data.is_dir():
        raise OpenbidError(f"--import {data}: not a folder of Binky shards")
    paths = sorted(data.glob("*.jsonl.gz"))
    if not paths:
        raise OpenbidError(f"--import {data}: no Binky shards (*.jsonl.gz) there")
    done = []
    for path in paths:
        deals = shard_deals(path)
        store.add(deals, f"binky:{path.name.split('.')[0]}")
        done.append((path.name, len(deals)))
    return done
