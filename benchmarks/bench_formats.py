"""openbid's PBN and LIN readers against endplay's (``endplay.parsers.pbn`` and ``.lin``): what
each reads of the same files, and time and peak memory to the first 5 boards and to all.

Files made in a temporary folder from seeded deals, each board with a complete auction:

* ``export.pbn``: N boards in export format (openbid's writer): both readers must read every
  board alike (the agreement checked here: deal, dealer, calls);
* ``import.pbn``: the same boards in import format as scorers write them: several tags on a line
  (``[Board "n"][Dealer "N"][Vulnerable "None"]``), ``[Event "#"]`` after the first game, a
  Latin-1 name; counted: boards read with the right board number, dealer and auction;
* ``export.lin``: the boards as LIN lines (openbid's writer).

Time is measured alone; memory is tracemalloc's peak of the Python heap during a second read (endplay's parsers read the
whole file first; openbid's read a board at a time). Printed side by side, with the ratios.

Run: python3 benchmarks/bench_formats.py [--boards N]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import tracemalloc
from itertools import islice
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def _measure(fn):
    """(result, seconds, peak bytes): timed alone, then run again under tracemalloc (which
    slows Python down) for the memory."""
    t0 = time.perf_counter()
    got = fn()
    seconds = time.perf_counter() - t0
    tracemalloc.start()
    fn()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return got, seconds, peak


def main() -> None:  # noqa: D103
    ap = argparse.ArgumentParser()
    ap.add_argument("--boards", type=int, default=20_000)
    args = ap.parse_args()
    from endplay.parsers import lin as ep_lin
    from endplay.parsers import pbn as ep_pbn

    from openbid.bridge.deals import random_boards
    from openbid.bridge.notation import SEATS, parse_auction, seat_hands
    from openbid.formats.board import Board
    from openbid.formats.lin import read_lin
    from openbid.formats.output import write_boards
    from openbid.formats.pbn import read_pbn

    auction = parse_auction("1NT P 2C P 2S P 4S P P P")
    boards = [Board(b.number, b.dealer, b.vul, tuple(seat_hands(b.deal)[s] for s in SEATS),
                    auction) for b in random_boards(args.boards, "bench-formats")]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        export, lin, imp = folder / "export.pbn", folder / "export.lin", folder / "import.pbn"
        write_boards(export, boards, "pbn", event="bench", players=("Müller",) * 4)
        write_boards(lin, boards, "lin", what="--lin")
        vul = {"none": "None", "NS": "NS", "EW": "EW", "both": "All"}
        with open(imp, "w", encoding="latin-1") as fh:
            for i, b in enumerate(boards):
                event = '[Event "Clubabend Zürich"]' if i == 0 else '[Event "#"]'
                fh.write(f'{event}[Board "{b.number}"][Dealer "{b.dealer}"]'
                         f'[Vulnerable "{vul[b.vul]}"]\n[Deal "{b.deal}"]\n[Auction "{b.dealer}"]\n'
                         "1NT Pass 2C Pass\n2S Pass 4S AP\n\n")
        size = {p.name: p.stat().st_size for p in (export, lin, imp)}
        print(f"{args.boards:,} boards; files: " + ", ".join(f"{k} {v / 1e6:.1f} MB"
                                                          for k, v in size.items()))

        def ours_pbn(path, n=None):
            return lambda: list(islice(read_pbn(path), n))

        def theirs_pbn(path, n=None, encoding="utf-8"):
            def run():
                with open(path, encoding=encoding) as fh:
                    return ep_pbn.load(fh)[:n]
            return run

        def ours_lin(path, n=None):
            return lambda: list(islice(read_lin(path), n))

        def theirs_lin(path, n=None):
            def run():
                with open(path, encoding="utf-8") as fh:
                    return ep_lin.load(fh)[:n]
            return run

        print(f"{'file':<11} {'read':<9} {'openbid s':>10} {'endplay s':>10} {'ratio':>7} "
              f"{'openbid MB':>11} {'endplay MB':>11} {'ratio':>7}")
        results = {}
        for name, path, ours, theirs in (("export.pbn", export, ours_pbn, theirs_pbn),
                                         ("export.lin", lin, ours_lin, theirs_lin)):
            for what, n in (("first 5", 5), ("all", None)):
                a, ta, ma = _measure(ours(path, n))
                b, tb, mb = _measure(theirs(path, n))
                results[(name, what)] = (a, b)
                print(f"{name:<11} {what:<9} {ta:>10.3f} {tb:>10.3f} {tb / ta:>7.1f} "
                      f"{ma / 1e6:>11.1f} {mb / 1e6:>11.1f} {mb / max(ma, 1):>7.1f}")
        for name in ("export.pbn", "export.lin"):
            a, b = results[(name, "all")]
            agree = sum(1 for x, y in zip(a, b) if x.deal is not None
                        and y.deal.to_pbn() == _ep_deal(x) and len(y.auction) == len(x.auction))
            print(f"{name}: openbid read {len(a):,} boards, endplay {len(b):,}; "
                  f"{agree:,} agree on the deal and the number of calls")
        a = list(read_pbn(imp))
        ok_ours = sum(1 for x, y in zip(a, boards) if isinstance(x, Board) and
                      (x.number, x.dealer, x.auction) == (y.number, y.dealer, y.auction))
        try:
            with open(imp, encoding="utf-8") as fh:
                ep_pbn.load(fh)
            utf8 = "read"
        except UnicodeDecodeError:
            utf8 = "fails (the file is Latin-1)"
        with open(imp, encoding="latin-1") as fh:
            b = ep_pbn.load(fh)
        ok_theirs = sum(1 for x, y in zip(b, boards) if x.board_num == y.number
                        and x.dealer is not None and x.dealer.abbr == y.dealer
                        and len(x.auction) == len(y.auction))
        print(f"import.pbn (several tags on a line, '#', Latin-1): openbid reads {ok_ours:,} of "
              f"{len(boards):,} boards with their number, dealer and auction; endplay "
              f"{ok_theirs:,} (opened as Latin-1 by the caller; as UTF-8 it {utf8})")


def _ep_deal(board) -> str:
    from endplay.types import Deal

    return Deal(board.deal).to_pbn()


if __name__ == "__main__":
    main()
