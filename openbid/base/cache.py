"""A cache of results in the user's cache directory, each entry under a key that names what
decided it; never trusted.

* Where: ``$OPENBID_CACHE_DIR``, else ``$XDG_CACHE_HOME/openbid``, else ``~/.cache/openbid``.
* An entry is one file: a header (the cache's format, openbid's version and the digest of the
  code that computes results, the entry's kind and key, the payload's size and SHA-256) and the
  payload. A read checks every field: a truncated, corrupt or foreign entry (another format,
  version, kind or key) is ignored, as if absent, and the next write replaces it.
* A write goes to a temporary file in the same folder, renamed over the entry: a reader sees
  the whole old entry, the whole new one, or none. Two runs at once that write one key write the
  same content; neither can leave a torn entry behind.
* Payloads are bytes; :func:`loads` reads the pickles of :func:`dumps` with only the classes a
  caller allows (no other object is ever built from an entry).

Returns data; never prints.
"""

from __future__ import annotations

import gc
import hashlib
import io
import json
import os
import pickle
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Iterable

from openbid.base.errors import OpenbidError

FORMAT = 1  # the layout of an entry (raised when it changes: every older entry is ignored)
MAGIC = b"openbid-cache\n"
ENV = "OPENBID_CACHE_DIR"
# The packages whose code decides a result (the report, the commands and the studies do not).
ENGINE = ("base", "bridge", "hands", "expr", "systems", "readers", "checks")


def cache_dir() -> Path:
    """The user's cache directory for openbid."""
    given = os.environ.get(ENV)
    if given:
        return Path(given).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg:
        return Path(xdg).expanduser() / "openbid"
    return Path.home() / ".cache" / "openbid"


@lru_cache(maxsize=1)
def code_version() -> str:
    """openbid's version and a digest of the engine's source: an entry written by other code
    is never read."""
    import re

    root = Path(__file__).resolve().parents[1]  # the package (read as files: base imports no
    # higher layer, and the package's __init__ names the API above every layer)
    init = (root / "__init__.py").read_bytes()
    found = re.search(rb'^__version__ = "([^"]+)"', init, re.M)
    version = found.group(1).decode() if found else "unknown"
    h = hashlib.sha256(init)
    for pkg in ENGINE:
        for path in sorted((root / pkg).rglob("*.py")):
            h.update(str(path.relative_to(root)).encode() + b"\0")
            h.update(path.read_bytes())
    return f"{version}+{h.hexdigest()[:16]}"


def digest(*parts: bytes | str) -> str:
    """A key from parts (each length-prefixed: no two lists of parts share a key)."""
    h = hashlib.sha256()
    for p in parts:
        b = p.encode() if isinstance(p, str) else p
        h.update(len(b).to_bytes(8, "little"))
        h.update(b)
    return h.hexdigest()


class Store:
    """Entries of one cache directory (``root``; default :func:`cache_dir`)."""

    def __init__(self, root: Path | str | None = None) -> None:
        self.root = Path(root) if root is not None else cache_dir()
        self.version = code_version()
        self.base = self.root / f"v{FORMAT}"
        self._base = str(self.base)
        self._folders: set[str] = set()  # folders made (or found) by put
        self._count = 0  # temporary files made by put
        self.written = 0  # entries written by this store
        self.read = 0  # entries read (and trusted)
        self.refused = 0  # entries found but not trusted (truncated, corrupt, foreign)

    def check_writable(self) -> None:
        """The directory exists or can be made, and a file can be written in it; else an
        :class:`OpenbidError` naming it."""
        try:
            self.base.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.base, prefix=".probe.", suffix=".tmp")
            os.close(fd)
            os.unlink(tmp)
        except OSError as exc:
            raise OpenbidError(f"cannot write the cache directory {self.root}: "
                               f"{exc.strerror or exc} (set {ENV} to another directory, or "
                               "give --no-cache)") from None

    def path(self, kind: str, key: str) -> Path:
        return Path(self._where(kind, key))

    def _where(self, kind: str, key: str) -> str:
        return f"{self._base}{os.sep}{kind}{os.sep}{key[:2]}{os.sep}{key}.bin"

    def get(self, kind: str, key: str) -> bytes | None:
        """The payload of the entry ``kind``/``key``, or None (absent, or not trusted)."""
        try:
            with open(self._where(kind, key), "rb") as fh:
                data = fh.read()
        except OSError:
            return None
        payload = self._check(data, kind, key)
        if payload is None:
            self.refused += 1
        else:
            self.read += 1
        return payload

    def has(self, kind: str, key: str) -> bool:
        return os.path.exists(self._where(kind, key))

    def _check(self, data: bytes, kind: str, key: str) -> bytes | None:
        if not data.startswith(MAGIC) or len(data) < len(MAGIC) + 4:
            return None
        at = len(MAGIC)
        n = int.from_bytes(data[at:at + 4], "little")
        at += 4
        try:
            head = json.loads(data[at:at + n].decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            return None
        payload = data[at + n:]
        if not isinstance(head, dict) or head.get("format") != FORMAT or \
                head.get("version") != self.version or head.get("kind") != kind or \
                head.get("key") != key or head.get("size") != len(payload) or \
                head.get("sha256") != hashlib.sha256(payload).hexdigest():
            return None
        return payload

    def put(self, kind: str, key: str, payload: bytes) -> None:
        """Write the entry (atomically: a temporary file of this process's own, renamed over
        it). A cold check of a whole system writes thousands: the folders already made are
        not made again, and the temporary name is this process's and a count (no random
        names tried), so a write is four system calls."""
        head = json.dumps({"format": FORMAT, "version": self.version, "kind": kind, "key": key,
                           "size": len(payload),
                           "sha256": hashlib.sha256(payload).hexdigest()}).encode()
        path = self._where(kind, key)
        folder = os.path.dirname(path)
        if folder not in self._folders:
            os.makedirs(folder, exist_ok=True)
            self._folders.add(folder)
        self._count += 1
        tmp = f"{folder}{os.sep}.{key[:16]}.{os.getpid()}.{self._count}.tmp"
        try:  # (O_EXCL: a name left by a process of the same number long gone is not reused)
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except (FileExistsError, FileNotFoundError):  # (or the folder was removed meanwhile)
            os.makedirs(folder, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{key[:16]}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(MAGIC + len(head).to_bytes(4, "little") + head + payload)
            os.replace(tmp, path)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
        self.written += 1


def dumps(obj: object) -> bytes:
    return pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)


class _Only(pickle.Unpickler):
    def __init__(self, data: bytes, allowed: frozenset[tuple[str, str]]) -> None:
        super().__init__(io.BytesIO(data))
        self.allowed = allowed

    def find_class(self, module: str, name: str):  # noqa: D401 - pickle's hook
        if (module, name) not in self.allowed:
            raise pickle.UnpicklingError(f"{module}.{name} is not allowed in a cache entry")
        return super().find_class(module, name)


def loads(data: bytes, allowed: Iterable[type]) -> object | None:
    """The object of :func:`dumps`, built with only the classes ``allowed`` (and the
    built-in containers); None when it cannot be read so. The garbage collector waits while an
    entry is read: every object built is new, and a collection in the middle of a large entry
    (a system's pack, the table's findings: hundreds of thousands of objects) would scan the
    whole heap for nothing (measured: the table's entry of SAYC 0.15 s without, 0.18-0.71 s
    with)."""
    names = frozenset((c.__module__, c.__qualname__) for c in allowed)
    paused = gc.isenabled()
    if paused:
        gc.disable()
    try:
        return _Only(data, names).load()
    except Exception:  # any failure: the entry is not trusted
        return None
    finally:
        if paused:
            gc.enable()
