"""Board files written whole or not at all, and boards made from a system's auctions.

:class:`BoardFile` writes PBN (export format) or LIN a board at a time into a temporary file of
its own beside the target, then renames it into place: a reader sees no file or the whole file;
a failure (a full disk, an interrupt) leaves nothing behind and says why, so a rerun works. An
existing target is replaced only with ``force``, and never when it is not a regular file (a
symlink, a device, a folder). :func:`write_boards` is the one call for a command that has its
boards (``deal --pbn``, ``compare --pbn``, ``simulate --pbn``); :func:`bid_board` makes a board
from a system's whole auction of a deal, each call's rule its note.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path
from typing import IO, Iterable, Sequence

from openbid.base.errors import OpenbidError
from openbid.bridge.notation import SEATS
from openbid.formats.board import Board

FORMATS = ("pbn", "lin")


def check_target(path: str | Path, force: bool, what: str = "--pbn") -> None:
    """Refuse, before any work, a target that exists (without ``force``), is not a regular
    file, or lies in a folder that does not exist or cannot be written."""
    p = Path(path)
    try:
        st = os.lstat(p)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise OpenbidError(f"{what} {path}: {exc.strerror}") from None
    if st is not None:
        if stat.S_ISDIR(st.st_mode):
            raise OpenbidError(f"{what} {path}: is a folder, not a file")
        if not stat.S_ISREG(st.st_mode):
            raise OpenbidError(f"{what} {path}: exists and is not a regular file (a link, a "
                               "device, ...): openbid replaces only a regular file")
        if not force:
            raise OpenbidError(f"{what} {path}: the file exists; give --force to replace it")
    parent = p.parent if str(p.parent) else Path(".")
    if not parent.is_dir() or not os.access(parent, os.W_OK):
        raise OpenbidError(f"{what} {path}: cannot write there (no such folder, or not "
                           "writable)")


class BoardFile:
    """A PBN or LIN file written board by board, whole or not at all (a context manager):
    ``with BoardFile(path, "pbn", force) as out: out.write(board, ...)``."""

    def __init__(self, path: str | Path, fmt: str = "pbn", force: bool = False,
                 what: str = "--pbn") -> None:
        if fmt not in FORMATS:
            raise ValueError(f"no board format {fmt!r}")
        self.path, self.fmt, self.force, self.what = Path(path), fmt, force, what
        self.count = 0
        self._fh: IO[str] | None = None
        self._tmp = ""

    def __enter__(self) -> "BoardFile":
        check_target(self.path, self.force, self.what)
        folder = self.path.parent if str(self.path.parent) else Path(".")
        try:
            fd, self._tmp = tempfile.mkstemp(dir=folder, prefix=f".{self.path.name}.",
                                             suffix=".tmp")
            # PBN's character set is Latin-1; names beyond it are written as UTF-8 (PBN
            # readers, endplay's among them, read both)
            fh = self._fh = os.fdopen(fd, "w", encoding="utf-8", newline="")
            if self.fmt == "pbn":
                from openbid.formats.pbn import HEADER

                fh.write(HEADER)
        except OSError as exc:
            self._discard()
            raise OpenbidError(f"{self.what} {self.path}: cannot write ({exc.strerror})") from None
        return self

    def write(self, board: Board, **fields) -> None:
        """One board: PBN takes :func:`openbid.formats.pbn.game_text`'s fields (event, site,
        date, players, scoring, result, extra), LIN :func:`openbid.formats.lin.board_line`'s
        (players)."""
        if self._fh is None:
            raise RuntimeError("BoardFile.write outside its with block")
        if self.fmt == "pbn":
            from openbid.formats.pbn import CRLF, game_text

            text = (CRLF if self.count else "") + game_text(board, **fields)
        else:
            from openbid.formats.lin import board_line

            text = board_line(board, fields.get("players", ("", "", "", ""))) + "\n"
        try:
            self._fh.write(text)
        except OSError as exc:
            raise OpenbidError(f"{self.what} {self.path}: cannot write ({exc.strerror}); "
                               "nothing written") from None
        self.count += 1

    def __exit__(self, kind, value, tb) -> None:
        if kind is not None:
            self._discard()
            return
        try:
            assert self._fh is not None
            self._fh.flush()
            os.fsync(self._fh.fileno())
            self._fh.close()
            self._fh = None
            os.chmod(self._tmp, 0o644)
            if self.force:
                check_target(self.path, True, self.what)  # still a regular file (or none)
                os.replace(self._tmp, self.path)
            else:
                try:  # create, never replace: a file made meanwhile is not overwritten
                    os.link(self._tmp, self.path)
                except FileExistsError:
                    raise OpenbidError(f"{self.what} {self.path}: the file exists (made while "
                                       "this ran); give --force to replace it") from None
                except OSError:  # a file system without hard links
                    if self.path.exists():
                        raise OpenbidError(f"{self.what} {self.path}: the file exists; give "
                                           "--force to replace it") from None
                    os.replace(self._tmp, self.path)
                if os.path.exists(self._tmp):
                    os.unlink(self._tmp)
        except OSError as exc:
            self._discard()
            raise OpenbidError(f"{self.what} {self.path}: cannot write ({exc.strerror}); "
                               "nothing written") from None
        except BaseException:
            self._discard()
            raise

    def _discard(self) -> None:
        if self._fh is not None:
            try:
                self._fh.close()
            except OSError:
                pass
            self._fh = None
        if self._tmp:
            try:
                os.unlink(self._tmp)
            except OSError:
                pass


def write_boards(path: str | Path, boards: Iterable[Board | tuple[Board, dict]],
                 fmt: str = "pbn", force: bool = False, what: str = "--pbn", **fields) -> int:
    """Write ``boards`` (each a :class:`Board`, or a board and its own fields) to ``path`` in
    ``fmt`` (``pbn`` or ``lin``), whole or not at all; ``fields`` apply to every board (see
    :meth:`BoardFile.write`). Returns the number of boards written. Boards may be generated
    lazily: one board is held at a time."""
    with BoardFile(path, fmt, force, what) as out:
        for item in boards:
            board, own = item if isinstance(item, tuple) else (item, {})
            out.write(board, **{**fields, **own})
    return out.count


# ---- boards from a system's auctions ---------------------------------------------------------
def rule_note(system, auction: Sequence[str], choice) -> str:
    """How a call's rule reads as a note: ``sayc 1a (Notrump openings)``; a pass by falling
    through every bid point, or at a node where the system has no rules, says so."""
    name = system.name
    if choice.off_system:
        return f"{name}: off-system (no rules here: pass)"
    if not choice.label:
        return f"{name}: no bid point applies (pass)"
    node = system.node(tuple(auction))
    bare = choice.label.rsplit("/", 1)[-1]
    title = ""
    if node.rules is not None:
        try:
            title = node.rules.section(node.rules.section_of(bare)).name
        except KeyError:
            title = ""
    return f"{name} {choice.label}" + (f" ({title})" if title else "")


def bid_board(number: int | None, hands, dealer: str, vul: str, bid, system) -> Board:
    """The board of a deal bid by ``system`` (``bid``: its
    :class:`~openbid.systems.auction.DealAuction`): ``hands`` by seat (Hand objects or PBN
    text), each call's rule as its note."""
    texts = tuple(h if isinstance(h, str) or h is None else h.to_pbn()
                  for h in (hands.get(s) for s in SEATS))
    notes = tuple(rule_note(system, bid.auction[:k], c) for k, c in enumerate(bid.choices))
    notes += ("",) * (len(bid.auction) - len(notes))  # calls without their choice: no note
    return Board(number, dealer, vul, texts, tuple(bid.auction), notes,  # type: ignore[arg-type]
                 tuple(bool(n) for n in notes))
