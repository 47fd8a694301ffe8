"""Writing files so that nothing is ever left half written, silently lost or replaced by mistake:
the one atomic writer of openbid, used by every command that writes a file.

A file is written to a temporary file of openbid's own in the target's folder (``.NAME.XXXX.tmp``),
flushed and fsync'd, then renamed onto the target in one step; on any failure (a full disk, an
interrupt) the temporary file is removed and the target is as it was, so a rerun starts clean.
Before the work, :func:`check_target` says whether the target may be written at all: a new file,
or an existing regular file with ``force``; a symlink is written through (its target replaced, the
link kept); a directory, a device, a pipe or a socket is refused, never renamed over.

Every failure is a :class:`WriteError` (an :class:`OpenbidError`: one line, exit 2) naming the
file and the real cause (``No space left on device``). Data goes to the disk through
:func:`os.write` only (a test can make it fail after N bytes)."""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Iterator

from openbid.base.errors import OpenbidError


class WriteError(OpenbidError):
    """A file that could not be written: its path and the operating system's reason."""

    def __init__(self, path: Path | str, reason: str, errno_: int | None = None) -> None:
        self.path, self.reason, self.errno = str(path), reason, errno_
        super().__init__(f"cannot write {path}: {reason}")


def write_error(path: Path | str, exc: OSError) -> WriteError:
    """The one-line error of a failed write: the path, the cause (``No space left on device``)."""
    return WriteError(path, exc.strerror or str(exc) or type(exc).__name__, exc.errno)


def check_target(path: Path | str, force: bool = False) -> Path:
    """Whether ``path`` may be written, asked before the work; returns the file that will be
    replaced or created (a symlink's target: writing goes through the link). Refused: an
    existing file without ``force``, a directory, anything but a regular file (a device, a
    pipe, a socket: never renamed over), a link to nothing, a missing folder."""
    path = Path(path)
    try:
        if path.is_symlink():
            if not force:
                raise OpenbidError(f"{path} exists; use --force to replace it")
            real = Path(os.path.realpath(path))
            if not real.exists():
                raise WriteError(path, f"it is a link to {real}, which does not exist")
            path_shown, target = f"{path} (a link to {real})", real
        else:
            path_shown, target = str(path), path
        if target.exists():
            mode = target.stat().st_mode
            if stat.S_ISDIR(mode):
                raise WriteError(path_shown, "it is a directory")
            if not stat.S_ISREG(mode):
                raise WriteError(path_shown, "it is not a regular file (a device, a pipe or a "
                                 "socket); openbid replaces only regular files")
            if not force:
                raise OpenbidError(f"{path} exists; use --force to replace it")
        folder = target.parent if str(target.parent) else Path(".")
        if not folder.is_dir():
            raise WriteError(path_shown, f"no folder {folder}")
    except OSError as exc:
        raise write_error(path, exc) from None
    return target


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        view = view[n:]


class _Sink:
    """A file being written: ``write(str | bytes)`` through :func:`os.write`, buffered."""

    BUFFER = 1 << 16

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.buffer = bytearray()

    def write(self, data: str | bytes) -> int:
        self.buffer += data.encode("utf-8") if isinstance(data, str) else data
        if len(self.buffer) >= self.BUFFER:
            self.flush()
        return len(data)

    def flush(self) -> None:
        if self.buffer:
            _write_all(self.fd, bytes(self.buffer))
            self.buffer.clear()


def _remove(tmp: str) -> None:
    try:
        os.unlink(tmp)
    except OSError:
        pass


@contextmanager
def atomic_path(path: Path | str, force: bool = True, mode: int | None = None) -> Iterator[Path]:
    """A temporary path beside ``path`` for a writer that writes by name (DuckDB's COPY, say);
    when the block ends normally it is fsync'd and renamed onto ``path`` (through a symlink),
    else removed. Without ``force`` an existing ``path`` is never replaced (the rename does not
    happen if one appeared meanwhile). ``mode``: the new file's permissions (default: the old
    file's, else 0o644)."""
    shown = path
    target = check_target(path, force)
    folder = target.parent if str(target.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".tmp")
    except OSError as exc:
        raise write_error(shown, exc) from None
    os.close(fd)
    try:
        yield Path(tmp)
        _publish(tmp, target, shown, force, mode)
    except OSError as exc:
        _remove(tmp)
        raise write_error(shown, exc) from None
    except BaseException:
        _remove(tmp)
        raise


@contextmanager
def open_atomic(path: Path | str, force: bool = True, mode: int | None = None) -> Iterator[IO]:
    """A file to write ``path`` with, streamed (``write(str | bytes)``, UTF-8): the same
    promise as :func:`atomic_path` (the whole file or nothing, a failure named in one line)."""
    with atomic_path(path, force, mode) as tmp:
        fd = os.open(tmp, os.O_WRONLY | os.O_TRUNC)
        try:
            sink = _Sink(fd)
            yield sink  # type: ignore[misc]
            sink.flush()
            os.fsync(fd)
        finally:
            os.close(fd)


def _publish(tmp: str, target: Path, shown: Path | str, force: bool, mode: int | None) -> None:
    """fsync ``tmp``, give it its mode, and put it at ``target`` in one step (replacing only with
    ``force``)."""
    fd = os.open(tmp, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
    if mode is None:
        try:
            mode = target.stat().st_mode & 0o777
        except FileNotFoundError:
            mode = 0o644
    os.chmod(tmp, mode)
    if force:
        os.replace(tmp, target)
        return
    try:  # create, never replace: a link fails if the name exists
        os.link(tmp, target)
    except FileExistsError:
        raise OpenbidError(f"{shown} exists; use --force to replace it") from None
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV,
                             errno.EMLINK):
            raise
        if target.exists() or target.is_symlink():  # a file system without hard links
            raise OpenbidError(f"{shown} exists; use --force to replace it") from None
        os.replace(tmp, target)
        return
    os.unlink(tmp)


def write_atomic(path: Path | str, data: str | bytes, mode: int | None = None) -> None:
    """``data`` into ``path`` in one rename: a reader sees the old file or the new, never a torn
    one; a failure (a full disk) or an interrupt leaves the old file and no temporary behind.
    ``mode``: the new file's permissions (default: the old file's, else 0o644)."""
    with open_atomic(path, force=True, mode=mode) as fh:
        fh.write(data)


def write_new(path: Path | str, text: str, force: bool = False) -> None:
    """Create ``path`` with ``text``, whole or not at all; an existing file is replaced only with
    ``force`` (see :func:`check_target`). Every failure is an :class:`OpenbidError` naming the
    path."""
    with open_atomic(path, force=force) as fh:
        fh.write(text)


def write_files(files: dict[Path, str | bytes], mode: int = 0o644) -> None:
    """Several files (a report's) written all or none: every one to a temporary file first,
    then all renamed into place; a failure (a full disk) before the renames removes every
    temporary and leaves each target as it was. Existing targets are replaced (the caller
    asked beforehand whether it may); a folder the files go in is created, and removed again
    if the write fails and it was created here, empty."""
    made: list[Path] = []
    staged: list[tuple[str, Path]] = []
    current: Path | str = ""
    try:
        for path in files:
            folder = Path(path).parent
            missing = [p for p in [folder, *folder.parents] if not p.exists()]
            for p in reversed(missing):
                current = p
                p.mkdir()
                made.append(p)
        for path, data in files.items():
            current = path
            target = check_target(path, force=True)
            fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.",
                                       suffix=".tmp")
            staged.append((tmp, target))
            try:
                _write_all(fd, data.encode("utf-8") if isinstance(data, str) else data)
                os.fsync(fd)
            finally:
                os.close(fd)
            os.chmod(tmp, mode)
        for tmp, target in staged:
            current = target
            os.replace(tmp, target)
    except BaseException as exc:
        for tmp, _ in staged:
            _remove(tmp)
        for p in reversed(made):
            try:
                p.rmdir()
            except OSError:
                pass
        if isinstance(exc, OSError):
            raise write_error(current, exc) from None
        raise

