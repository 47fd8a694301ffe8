"""Progress of a long run, on stderr, the same way for every command.

A :class:`Progress` is the callback the command passes into the engine (the engine never prints):
``progress(done, total)`` for a count (classes, boards, deals, nodes) or ``progress("name")`` for
a new stage (a round of the tree census, the findings at the table). On a terminal: a tqdm bar
with its rate and time left (a stage without a count: its name and the time so far). Otherwise
(a pipe, a log, CI): one line per stage when it ends, ``openbid COMMAND: STAGE: DONE of TOTAL in
S s``, for a stage of :data:`MIN_SECONDS` or more (a quick run stays silent, and an error after
it stays one line). With ``--quiet``: nothing. Standard output is never touched.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any

_settings: dict[str, Any] = {"command": "", "quiet": False}
MIN_SECONDS = 2.0  # a stage line (not on a terminal) for a stage at least this long


def configure(command: str, quiet: bool) -> None:
    """The running command's name and ``--quiet`` (set once by the entry point after parsing)."""
    _settings["command"], _settings["quiet"] = command, bool(quiet)


def quiet() -> bool:
    return bool(_settings["quiet"])


class Progress:
    """One run's progress: a stage per label (``label`` the first), counts within a stage."""

    def __init__(self, label: str, enabled: bool | None = None, *, unit: str = "",
                 stream=None) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.quiet = quiet()
        self.tty = _isatty(self.stream) if enabled is None else enabled
        self.label, self.unit = label, unit
        self.t0 = self.start = time.monotonic()
        self.stage_name = ""
        self.used = False
        self.done = 0
        self.total: int | None = None
        self.bar: Any = None
        self.width = 0
        self.stages: list[str] = []  # the lines written (non-terminal), for the tests

    # the callback the engine calls: a count, or a named point reached
    def __call__(self, *args) -> None:
        if len(args) == 1 and isinstance(args[0], str):
            self.event(args[0])
        else:
            self.update(*args)

    def update(self, done: int, total: int | None = None) -> None:
        if not self.used:  # a count stage begins (or counts within a named one)
            self.t0 = time.monotonic()
        self.used = True
        self.done, self.total = int(done), (int(total) if total is not None else None)
        if self.quiet or not self.tty:
            return
        self._clear_status()
        if self.bar is None:
            self.bar = _tqdm(self.label or 'progress', total, self.unit, self.stream)
        if total is not None and self.bar.total != total:
            self.bar.total = total
        self.bar.update(self.done - self.bar.n)

    def stage(self, name: str) -> None:
        """A stage begins (the one before it ends): on a terminal its name and the time so far
        in place; otherwise its line when it ends (``openbid explain: own calls in 2.8 s``)."""
        self._end()
        self.stage_name = name
        self.t0 = time.monotonic()
        self.used = True
        if not self.quiet and self.tty:
            self._status(name)

    def event(self, name: str) -> None:
        """A point the engine reports reached (a part done, a round of the tree census): at
        once one line with the time since the start (on a terminal, in place)."""
        self._end()
        if self.quiet:
            return
        if self.tty:
            self._status(name)
        elif time.monotonic() - self.start >= MIN_SECONDS:
            self._line(f"openbid {_settings['command'] or 'run'}: {self._join(name)} "
                       f"({time.monotonic() - self.start:.1f} s)")

    def _status(self, name: str) -> None:
        line = f"\r  {self._join(name)}  {time.monotonic() - self.start:5.1f}s "
        self.width = max(self.width, len(line))
        self.stream.write(line.ljust(self.width))
        self.stream.flush()

    def _join(self, name: str) -> str:
        return f"{self.label}: {name}" if self.label else name

    def _line(self, line: str) -> None:
        self.stages.append(line)
        try:
            self.stream.write(line + "\n")
            self.stream.flush()
        except (OSError, ValueError):  # stderr closed: progress is not worth an error
            pass

    def close(self) -> None:
        self._end()
        if not self.quiet and self.tty:
            self._clear_status()

    def _end(self) -> None:
        """The stage ends: its line (not when an exception is on its way: an error or an
        interrupt says what happened, in its own one line)."""
        if not self.used:
            return
        seconds = time.monotonic() - self.t0
        if self.bar is not None:
            self.bar.close()
            self.bar = None
        self._clear_status()
        if (not self.quiet and not self.tty and sys.exc_info()[0] is None
                and seconds >= MIN_SECONDS):
            line = f"openbid {_settings['command'] or 'run'}: "
            line += self._join(self.stage_name) if self.stage_name else (self.label or "progress")
            unit = f" {self.unit}" if self.unit else ""
            if self.total is not None:
                line += f": {self.done:,} of {self.total:,}{unit}"
            elif self.done:
                line += f": {self.done:,}{unit}"
            self._line(line + f" in {seconds:.1f} s")
        self.used = False
        self.stage_name = ""
        self.done, self.total = 0, None

    def _clear_status(self) -> None:
        if self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
            self.width = 0


def _isatty(stream) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def _tqdm(desc: str, total: int | None, unit: str, stream):
    """tqdm on the terminal: rate and time left (a terminal that reports no size, a bare pty:
    80 x 24, else tqdm shows nothing)."""
    from tqdm import tqdm

    try:
        size = os.get_terminal_size(stream.fileno())
        known = size.columns > 0 and size.lines > 0
    except (OSError, ValueError, AttributeError):
        known = False
    return tqdm(total=total, desc=desc, unit=f" {unit}" if unit else "it", unit_scale=True,
                file=stream, leave=False, dynamic_ncols=known, ncols=None if known else 80,
                nrows=None if known else 24)
