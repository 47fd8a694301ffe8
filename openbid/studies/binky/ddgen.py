"""Seeded, resumable double-dummy data for Binky points.

    python -m openbid.studies.binky.ddgen --shard K --deals N --out DIR [--mode random|paired]
    python -m openbid.studies.binky.ddgen --plan "random:0-39:2000,paired:0-19:1000" --out DIR

A *shard* is one file ``DIR/<mode>-<K:04d>.jsonl.gz`` of compact JSON lines, one per deal, in
deal order. Deal ``i`` of shard ``K`` is a function of ``(mode, K, i)`` only (:func:`deal_cards`),
so a shard can be extended, resumed after a kill, or regenerated bit for bit; records are never
duplicated because a resumed shard starts at ``i = number of records already written``, and a
shard is never corrupted because it is rewritten whole, to a temporary file then ``os.replace``d,
after every block (the rename is atomic: a kill leaves either the old or the new file).

Record fields (``random`` mode)::

    {"i": 17, "pbn": "N:AK52.QJ3.T98.A2 ...", "dd": "8a7b9..."}

``pbn``: the four hands North, East, South, West, each ``spades.hearts.diamonds.clubs``.
``dd``: 20 hexadecimal digits, the double-dummy tricks *taken by the declarer*, declarer-major in
the order N, E, S, W and, within a declarer, strains S, H, D, C, NT (:data:`DECLARERS`,
:data:`STRAINS`).

``paired`` mode adds one variant per deal: a spot card of South (rank 8 or lower) is exchanged
with an honour (A K Q J T 9) of the same suit held by another player, in South's most
honour-rich suit that allows it (:func:`choose_swap`). The record adds ``"swap": [spot, honour]``
(card codes such as ``"S5"``, ``"SA"``) and ``"dd2"``, the variant's table. The variant is a
uniformly random deal given South's new hand (see docs/BINKY.md, "Paired deals"), so
``tricks(variant) - tricks(base)`` measures the holding difference with the rest of the deal
held fixed.

``pattern`` mode (stratified sampling of the rare patterns and long suits): shard K deals South
a hand uniform among those of the K-th pattern of ``form.patterns()`` (0 = 13-0-0-0,
38 = 4-3-3-3), the other three hands uniform from the rest; only South's hand is a sample
(:func:`pattern_deal`).

Shards 0-999 are the training set; shards 1000-1999 the held-out set (never used for fitting).

Runs at one DDS thread; writes its PID to ``--pidfile`` when given; on SIGTERM or SIGINT it
finishes the deal under way, writes the block and exits 0. The repository's data are in
:data:`DATA` (``data/dd`` beside the package); nothing is written anywhere but ``--out``.
"""

from __future__ import annotations

import argparse
import gzip
import io
import json
import os
import random
import signal
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Iterator

from openbid.bridge.notation import card_of, card_text, deal_of_cards, parse_deal

SUITS = "SHDC"
RANKS = "AKQJT98765432"
SEATS = "NESW"
DECLARERS = "NESW"
STRAINS = "SHDCN"  # N = notrump
HONOURS = "AKQJT9"  # the ranks Binky reads; the rest are spots

DATA = Path(__file__).resolve().parents[3] / "data" / "dd"  # the repository's shards
BLOCK = 25  # deals per atomic write (about 7 CPU-seconds at 0.27 s a deal)


# ---------------------------------------------------------------------------------------------
# Deals
# ---------------------------------------------------------------------------------------------

def card_code(c: int) -> str:
    """Card index 0..51 (suit-major S H D C, rank A..2) -> ``"SA"``."""
    return card_text(c)


def code_card(code: str) -> int:
    return card_of(code)


def seed_string(mode: str, shard: int, i: int) -> str:
    """The seed of deal ``i`` of a shard: derived from the mode, the shard and the index only."""
    return f"openbid.studies.binky:{mode}:{shard}:{i}"


def deal_cards(mode: str, shard: int, i: int) -> tuple[list[list[int]], random.Random]:
    """Deal ``i`` of shard ``shard``: four hands (N E S W) of card indices, and the generator,
    positioned after the shuffle (paired mode draws its swap from it)."""
    rng = random.Random(seed_string(mode, shard, i))  # str seeds hash with SHA-512: stable
    if mode == "pattern":  # shard K: the K-th pattern of form.patterns() (0 = 13-0-0-0)
        from openbid.hands.evaluators.form import patterns

        return pattern_deal(patterns()[shard], rng), rng
    cards = list(range(52))
    rng.shuffle(cards)
    return [sorted(cards[13 * h:13 * h + 13]) for h in range(4)], rng


def pattern_deal(pattern: tuple[int, ...], rng: random.Random) -> list[list[int]]:
    """South's hand uniform among the hands of ``pattern``; the other 39 cards dealt uniformly to
    North, East and West (stratified sampling of the rare patterns and long suits: only South's
    hand is a sample)."""
    lengths = list(pattern)
    rng.shuffle(lengths)  # uniform over the distinct arrangements of the multiset
    south = [s * 13 + r for s in range(4) for r in rng.sample(range(13), lengths[s])]
    taken = set(south)
    rest = [c for c in range(52) if c not in taken]
    rng.shuffle(rest)
    return [sorted(rest[0:13]), sorted(rest[13:26]), sorted(south), sorted(rest[26:39])]


def pbn(hands: list[list[int]]) -> str:
    """The deal ``"N:..."`` of four hands N E S W of card indices."""
    return deal_of_cards(hands)


def parse_pbn(text: str) -> list[list[int]]:
    """``"N:..."`` -> four hands N E S W of card indices (:mod:`openbid.bridge.notation`)."""
    return [h for h in parse_deal(text, "the deal") if h is not None]


def swap_options(hands: list[list[int]]) -> list[tuple[int, int]]:
    """Every (South spot, honour of the same suit held by another seat)."""
    south = set(hands[2])
    out: list[tuple[int, int]] = []
    for s in range(4):
        spots = [c for c in south if c // 13 == s and RANKS[c % 13] not in HONOURS]
        honours = [s * 13 + RANKS.index(r) for r in HONOURS if s * 13 + RANKS.index(r) not in south]
        out.extend((a, b) for a in sorted(spots) for b in honours)
    return out


def choose_swap(hands: list[list[int]], rng: random.Random) -> tuple[int, int] | None:
    """The exchange a paired deal makes. Among South's suits with a spot and an outside honour,
    the one where South holds the most honours (ties at random); then one of its spots and one
    outside honour, each uniformly. The choice depends on South's hand only (and the generator),
    so given South's new hand the other three hands stay uniform. Honour-rich suits are the rare
    holdings, where random deals measure least (docs/BINKY.md, "Paired deals")."""
    opts = swap_options(hands)
    if not opts:
        return None
    south = hands[2]

    def honours(s: int) -> int:
        return sum(1 for c in south if c // 13 == s and RANKS[c % 13] in HONOURS)

    suits = sorted({a // 13 for a, _ in opts})
    best = max(honours(s) for s in suits)
    suit = rng.choice([s for s in suits if honours(s) == best])
    spots = sorted({a for a, _ in opts if a // 13 == suit})
    outside = sorted({b for _, b in opts if b // 13 == suit})
    return rng.choice(spots), rng.choice(outside)


def apply_swap(hands: list[list[int]], swap: tuple[int, int]) -> list[list[int]]:
    spot, honour = swap
    out = [list(h) for h in hands]
    holder = next(k for k in range(4) if honour in out[k])
    out[2].remove(spot)
    out[2].append(honour)
    out[holder].remove(honour)
    out[holder].append(spot)
    return [sorted(h) for h in out]


# ---------------------------------------------------------------------------------------------
# Double dummy
# ---------------------------------------------------------------------------------------------

_DDS_READY = False


def _dds_init() -> None:
    global _DDS_READY
    if not _DDS_READY:
        import endplay._dds as _dds

        _dds.SetMaxThreads(1)  # one solver thread: the machine is shared
        _DDS_READY = True


def dd_table(hands: list[list[int]]) -> str:
    """The 20 double-dummy results as 20 hex digits (declarer-major N E S W, strains S H D C N)."""
    _dds_init()
    from endplay.dds import calc_dd_table
    from endplay.types import Deal, Denom, Player

    table = calc_dd_table(Deal(pbn(hands)))
    denoms = [Denom.spades, Denom.hearts, Denom.diamonds, Denom.clubs, Denom.nt]
    players = [Player.north, Player.east, Player.south, Player.west]
    return "".join("%x" % table[d, p] for p in players for d in denoms)


def dd_get(dd: str, declarer: str, strain: str) -> int:
    return int(dd[DECLARERS.index(declarer) * 5 + STRAINS.index(strain)], 16)


def make_record(mode: str, shard: int, i: int) -> dict:
    hands, rng = deal_cards(mode, shard, i)
    rec: dict = {"i": i, "pbn": pbn(hands), "dd": dd_table(hands)}
    if mode == "paired":
        swap = choose_swap(hands, rng)
        if swap is None:  # South has no spot facing an outside honour: no variant
            rec["swap"] = None
        else:
            rec["swap"] = [card_code(swap[0]), card_code(swap[1])]
            rec["dd2"] = dd_table(apply_swap(hands, swap))
    return rec


# ---------------------------------------------------------------------------------------------
# Shards
# ---------------------------------------------------------------------------------------------

MODES = ("random", "paired", "pattern")


def shard_path(out: Path, mode: str, shard: int) -> Path:
    return Path(out) / f"{mode}-{shard:04d}.jsonl.gz"


def read_shard(path: Path) -> list[dict]:
    if not Path(path).exists():
        return []
    with gzip.open(path, "rt", encoding="ascii") as f:
        return [json.loads(line) for line in f if line.strip()]


def write_shard(path: Path, records: list[dict]) -> None:
    """Write the whole shard to a temporary file, fsync, then atomically rename it into place."""
    from openbid.base.files import write_atomic

    buf = io.BytesIO()
    with gzip.GzipFile(fileobj=buf, mode="wb", compresslevel=9, mtime=0) as g:
        for r in records:
            g.write((json.dumps(r, separators=(",", ":")) + "\n").encode("ascii"))
    write_atomic(path, buf.getvalue())


def check_shard(mode: str, shard: int, records: list[dict]) -> None:
    """Records are deals 0..n-1 of this shard, in order, as the seed generates them."""
    for k, r in enumerate(records):
        if r["i"] != k:
            raise ValueError(f"{mode}-{shard}: record {k} has i={r['i']}")
    for r in records[-3:] + records[:1]:  # spot-check that the seed still generates these deals
        if r["pbn"] != pbn(deal_cards(mode, shard, r["i"])[0]):
            raise ValueError(f"{mode}-{shard}: deal {r['i']} differs from its seed")


class Stop:
    """Set by SIGTERM/SIGINT; the generator stops after the deal under way."""

    requested = False

    @classmethod
    def install(cls) -> None:
        def handler(signum, frame):  # noqa: ARG001
            cls.requested = True

        signal.signal(signal.SIGTERM, handler)
        signal.signal(signal.SIGINT, handler)


def extend_shard(out: Path, mode: str, shard: int, target: int, block: int = BLOCK,
                 log=None) -> int:
    """Bring the shard up to ``min(target, existing + block)`` deals; return its new size."""
    path = shard_path(out, mode, shard)
    records = read_shard(path)
    check_shard(mode, shard, records)
    start = len(records)
    stop = min(target, start + block)
    t0 = time.process_time()
    for i in range(start, stop):
        records.append(make_record(mode, shard, i))
        if Stop.requested:
            break
    if len(records) > start:
        write_shard(path, records)
        if log:
            n = len(records) - start
            log(f"{mode}-{shard:04d}: {len(records)}/{target} "
                f"({(time.process_time() - t0) / n:.3f} CPU-s/deal)")
    return len(records)


@dataclass
class Item:
    mode: str
    shards: list[int]
    deals: int
    weight: int = 1  # blocks per round


def parse_shards(spec: str) -> list[int]:
    out: list[int] = []
    for part in spec.split("+"):
        if "-" in part:
            a, b = part.split("-")
            out.extend(range(int(a), int(b) + 1))
        else:
            out.append(int(part))
    return out


def parse_plan(spec: str) -> list[Item]:
    items = []
    for part in spec.split(","):
        fields = part.split(":")
        mode, shards, deals = fields[:3]
        if mode not in MODES:
            raise ValueError(f"unknown mode {mode}")
        weight = int(fields[3]) if len(fields) > 3 else 1
        items.append(Item(mode, parse_shards(shards), int(deals), weight))
    return items


def run_plan(out: Path, items: list[Item], log=print) -> None:
    """Round-robin over the items, ``weight`` blocks each per round; each item fills its shards
    in order."""
    Path(out).mkdir(parents=True, exist_ok=True)
    count = {(it.mode, k): len(read_shard(shard_path(out, it.mode, k)))
             for it in items for k in it.shards}
    live = list(items)
    while live and not Stop.requested:
        for it in list(live):
            for _ in range(it.weight):
                pending = [k for k in it.shards if count[(it.mode, k)] < it.deals]
                if not pending:
                    live.remove(it)
                    break
                k = pending[0]
                count[(it.mode, k)] = extend_shard(out, it.mode, k, it.deals, log=log)
                if Stop.requested:
                    return


def manifest(out: Path) -> dict[str, int]:
    """{shard file name: number of records}: a snapshot of the data. Shards only grow, so a
    manifest names the same records forever (:func:`iter_records` ``limits``)."""
    return {p.name: len(read_shard(p)) for p in sorted(Path(out).glob("*.jsonl.gz"))}


def iter_records(out: Path, mode: str = "random", shards: Iterable[int] | None = None,
                 limits: dict[str, int] | None = None) -> Iterator[tuple[int, dict]]:
    """(shard, record) over the shards of a mode present in ``out`` (all, or those listed);
    with ``limits`` (a :func:`manifest`), only the shards it names and their first records."""
    paths = sorted(Path(out).glob(f"{mode}-*.jsonl.gz"))
    want = set(shards) if shards is not None else None
    for p in paths:
        k = int(p.name.split("-")[1].split(".")[0])
        if want is not None and k not in want:
            continue
        if limits is not None and p.name not in limits:
            continue
        recs = read_shard(p)
        for r in recs if limits is None else recs[:limits[p.name]]:
            yield k, r


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m openbid.studies.binky.ddgen", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--shard", help="shard number K (or A-B, or A-B+C)")
    ap.add_argument("--deals", type=int, help="deals per shard")
    ap.add_argument("--mode", default="random", choices=MODES)
    ap.add_argument("--plan", help="MODE:SHARDS:DEALS[:WEIGHT],... filled round-robin, WEIGHT "
                    "blocks per item per round")
    ap.add_argument("--out", required=True, type=Path)
    ap.add_argument("--pidfile", type=Path, help="write this process's id here while it runs")
    args = ap.parse_args(argv)
    if args.plan:
        items = parse_plan(args.plan)
    elif args.shard is not None and args.deals is not None:
        items = [Item(args.mode, parse_shards(args.shard), args.deals)]
    else:
        ap.error("give --shard and --deals, or --plan")
    Stop.install()
    pidfile = args.pidfile
    if pidfile:
        pidfile.write_text(f"{os.getpid()}\n")
    try:
        run_plan(args.out, items, log=lambda m: print(m, flush=True))  # noqa: T201
    finally:
        if pidfile and pidfile.exists() and pidfile.read_text().strip() == str(os.getpid()):
            pidfile.unlink()
    print("stopped on signal" if Stop.requested else "plan complete", flush=True)  # noqa: T201
    return 0


if __name__ == "__main__":
    sys.exit(main())
