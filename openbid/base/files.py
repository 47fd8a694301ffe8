"""Writing files so that nothing is ever left half written or silently lost: one atomic write
(a temporary file of openbid's own in the same folder, flushed and fsync'd, then renamed over the
target) and one create-or-refuse, used by every command that writes."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from openbid.base.errors import OpenbidError


def write_atomic(path: Path | str, data: str | bytes, mode: int | None = None) -> None:
    """``data`` into ``path`` in one rename: a reader sees the old file or the new, never a
    torn one; an interruption leaves no temporary behind. ``mode``: the new file's permissions
    (default: the old file's, else 0o644)."""
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data.encode("utf-8") if isinstance(data, str) else data)
            fh.flush()
            os.fsync(fh.fileno())
        if mode is None:
            mode = path.stat().st_mode & 0o777 if path.exists() else 0o644
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def write_new(path: Path | str, text: str, force: bool = False) -> None:
    """Create ``path`` with ``text``; an existing file is replaced only with ``force`` (then
    atomically). Every failure is an :class:`OpenbidError` naming the path."""
    try:
        if not force:
            with open(path, "x", encoding="utf-8", newline="\n") as fh:
                fh.write(text)
            return
        write_atomic(path, text)
    except FileExistsError:
        raise OpenbidError(f"{path} exists; use --force to replace it") from None
    except IsADirectoryError:
        raise OpenbidError(f"cannot write {path}: it is a directory") from None
    except OSError as exc:
        raise OpenbidError(f"cannot write {path}: {exc.strerror or exc}") from None
